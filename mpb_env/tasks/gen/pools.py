"""Entity pools the template families draw from (``Ctx.pick``): each split sees its own half.

Value pools are written here; world pools are read from the M world (the same entities exist at
every world size). Keep pools at ≥ 8 entries so each split half has variety; add, don't reorder
(reordering moves entities between the bench and train halves and changes bench-v1).
"""

from __future__ import annotations

from typing import Any

from mpb_env.world.generate import load_world

# fmt: off
TIMES = [
    "05:40", "05:55", "06:05", "06:10", "06:20", "06:25", "06:35", "06:40", "06:50", "06:55", "07:05", "07:10",
    "07:20", "07:25", "07:35", "07:40", "07:50", "07:55", "08:05", "08:10", "08:20", "08:25", "08:35", "08:40",
    "09:10", "09:20", "13:10", "13:40", "14:20", "14:50", "16:10", "16:40", "19:10", "19:40", "21:20", "21:50",
]
ALARM_LABELS = [
    "Airport run", "Take meds", "Yoga", "Pick up Emma", "Standup prep", "Water the plants", "Walk the dog",
    "Call the bank", "Laundry", "Pay rent", "Bike to work", "Morning run", "Study Spanish", "Stretch",
    "Check the oven", "Leave for school", "Pharmacy", "Team call", "Meditate", "Trash day",
]
TIMER_MINUTES = [3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19, 22, 24, 26, 27, 35, 40, 45, 50, 55, 70]
#: (message body, the phrases a correct message must contain)
SMS_BODIES = [
    ("I'm running about ten minutes late", ["late"]), ("the meeting moved to Thursday", ["thursday"]),
    ("I'll bring the charger tonight", ["charger"]), ("I'll call you when I'm free", ["call"]),
    ("dinner is ready at seven", ["dinner"]), ("I left the keys under the mat", ["keys"]),
    ("the package arrived this morning", ["package"]), ("I hope you have a great birthday", ["birthday"]),
    ("I'm stuck in traffic on the bridge", ["traffic"]), ("our call is moving to tomorrow", ["tomorrow"]),
    ("I'm thankful for the help today", ["thank"]), ("I'm at the front entrance", ["entrance"]),
    ("the train is delayed by twenty minutes", ["train"]), ("I have the tickets", ["tickets"]),
    ("I booked the table for four", ["table"]), ("I'll pick up milk on the way", ["milk"]),
    ("the slides are in the shared folder", ["slides"]), ("I'll be home after eight", ["home"]),
    ("I'll see you at the gym at six", ["gym"]), ("the doctor confirmed Friday", ["friday"]),
]
EMAIL_SUBJECTS = [
    "Q3 planning notes", "Invoice 2291", "Offsite agenda", "Contract draft v2", "Hiring update",
    "Design review follow-up", "Travel receipts", "Budget questions", "Launch checklist", "Onboarding plan",
    "Vendor shortlist", "Weekly status", "Customer feedback", "Security review", "Roadmap draft",
    "Board deck comments",
]
REMINDER_TITLES = [
    "Renew passport", "Book the car service", "Send the thank-you card", "Return library books",
    "Order printer ink", "Cancel the free trial", "Schedule a haircut", "Buy a birthday gift for Jordan",
    "Submit the timesheet", "Call the plumber", "Back up the laptop", "Pick up the prescription",
    "Pay the water bill", "Update the résumé", "Buy dog food", "Renew the gym membership",
]
EVENT_TITLES = [
    "Budget review", "Coffee with a recruiter", "Parent-teacher meeting", "Car service", "Team lunch",
    "Piano recital", "Quarterly planning", "Dentist cleaning", "Vet appointment", "Product demo",
    "Interview loop", "Yoga class", "Book club", "Tax advisor call", "Hackathon kickoff", "Haircut",
]
NEW_PEOPLE = [
    ("Nora Whitfield", "+1 415 555 0142"), ("Omar Haddad", "+1 510 555 0187"), ("Greta Lindqvist", "+1 650 555 0123"),
    ("Tomás Reyes", "+1 408 555 0166"), ("Ivy Nakamura", "+1 415 555 0175"), ("Felix Brandt", "+1 628 555 0131"),
    ("Amara Okafor", "+1 510 555 0149"), ("Lucas Moreau", "+1 650 555 0158"), ("Hana Kim", "+1 415 555 0193"),
    ("Diego Alvarez", "+1 408 555 0114"), ("Zoe Fischer", "+1 628 555 0177"), ("Ravi Menon", "+1 510 555 0108"),
    ("Clara Jensen", "+1 650 555 0169"), ("Mateo Rossi", "+1 415 555 0121"), ("Leah Goldberg", "+1 408 555 0182"),
    ("Sven Larsen", "+1 628 555 0104"),
]
SPAM_NUMBERS = [
    "+1 415 555 0199", "+1 702 555 0143", "+1 305 555 0188", "+1 646 555 0177", "+1 213 555 0131",
    "+1 312 555 0152", "+1 917 555 0164", "+1 480 555 0119", "+1 206 555 0126", "+1 617 555 0135",
]
FUTURE_DAYS = [
    "2026-05-27", "2026-05-28", "2026-06-01", "2026-06-02", "2026-06-03", "2026-06-04", "2026-06-05",
    "2026-06-08", "2026-06-09", "2026-06-10", "2026-06-11", "2026-06-12", "2026-06-15", "2026-06-16",
    "2026-06-17", "2026-06-18",
]
WEEKDAY_SETS = [
    ["mon", "wed", "fri"], ["tue", "thu"], ["sat", "sun"], ["mon", "tue", "wed", "thu", "fri"], ["mon", "thu"],
    ["wed"], ["fri"], ["tue", "wed", "thu"], ["sun"], ["mon", "fri"],
]
#: (first name as the user says it, contact A id, A's full name, contact B id, B's full name)
AMBIGUOUS_PAIRS = [
    ("Chris", "contact_002", "Chris Lee", "contact_003", "Chris Li"),
    ("Sam", "contact_008", "Sam Carter", "contact_009", "Samantha Carter"),
    ("Alex", "contact_011", "Alex Rivera", "contact_012", "Alexis Rivera"),
    ("Priya", "contact_007", "Dr. Priya Shah", "contact_013", "Priya Sharma"),
]
#: Interaction suite (fam_interaction): (what the user says happens tomorrow, the same from the agent's
#: side); nothing on the phone names these, so only the user knows when it is.
IX_HAPPENINGS = [
    ("the plumber comes", "the plumber comes"), ("my carpool leaves", "your carpool leaves"),
    ("the movers arrive", "the movers arrive"), ("the electrician shows up", "the electrician shows up"),
    ("the locksmith gets here", "the locksmith gets here"), ("the handyman arrives", "the handyman arrives"),
    ("my tutoring session starts", "your tutoring session starts"),
    ("the furniture arrives", "the furniture arrives"), ("the exterminator comes", "the exterminator comes"),
    ("the babysitter gets here", "the babysitter gets here"),
]
IX_LEAD_MINUTES = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55]
# fmt: on


def _world_pools() -> dict[str, list[Any]]:
    t = load_world("M").tables
    contacts = list(t["contacts"].values())
    core = [c for c in contacts if c["id"] <= "contact_010"]
    generated = [c for c in contacts if c["id"] >= "contact_015"][:120]
    events = [e for e in t["events"].values() if e["id"] <= "event_099"]
    return {
        "core_people": core,
        "people": generated,
        "core_events": events,
        "alarms": list(t["alarms"].values()),
        "open_reminders": [r for r in t["reminders"].values() if not r["done"]],
    }


# --- connectivity pools (System Settings, Network & Connectivity, Devices & Cross-device) ---
# fmt: off
#: (how the user names the language, its system code)
SYS_LANGUAGES = [
    ("Japanese", "ja-JP"), ("Korean", "ko-KR"), ("German", "de-DE"), ("Italian", "it-IT"), ("Dutch", "nl-NL"),
    ("Hindi", "hi-IN"), ("Brazilian Portuguese", "pt-BR"), ("Canadian French", "fr-CA"),
    ("Mexican Spanish", "es-MX"), ("European Spanish", "es-ES"), ("British English", "en-GB"),
    ("Simplified Chinese", "zh-CN"), ("Traditional Chinese", "zh-TW"), ("French from France", "fr-FR"),
]
#: (bare language name, words naming one variant, words naming the other)
SYS_AMBIGUOUS_LANGUAGES = [
    ("Spanish", ["spain", "european"], ["mexico", "mexican"]),
    ("French", ["france"], ["canada", "canadian"]),
    ("Chinese", ["simplified"], ["traditional"]),
    ("English", ["united states", "us english", "american", "en-us"], ["united kingdom", "uk", "british", "en-gb"]),
]
SYS_UNSUPPORTED_LANGUAGES = [
    "Swahili", "Thai", "Vietnamese", "Polish", "Turkish", "Greek", "Hebrew", "Tagalog", "Russian", "Ukrainian",
    "Czech", "Swedish", "Arabic", "Indonesian", "Finnish", "Hungarian",
]
SYS_LANGUAGE_REASONS = [
    "so my mom can use it this week", "for the exchange student staying with us", "to practice before my trip",
    "for Emma's language homework", "because I want to immerse myself", "since my in-laws are borrowing it",
    "for my language class", "so Jordan's parents can use it", "for a month of practice", "to surprise my tutor",
]
#: (city as the user says it, IANA zone)
SYS_TIMEZONES = [
    ("New York", "America/New_York"), ("Chicago", "America/Chicago"), ("Denver", "America/Denver"),
    ("Phoenix", "America/Phoenix"), ("Anchorage", "America/Anchorage"), ("Honolulu", "Pacific/Honolulu"),
    ("Toronto", "America/Toronto"), ("Mexico City", "America/Mexico_City"), ("London", "Europe/London"),
    ("Paris", "Europe/Paris"), ("Berlin", "Europe/Berlin"), ("Madrid", "Europe/Madrid"),
    ("Mumbai", "Asia/Kolkata"), ("Singapore", "Asia/Singapore"), ("Shanghai", "Asia/Shanghai"),
    ("Seoul", "Asia/Seoul"), ("Tokyo", "Asia/Tokyo"), ("Sydney", "Australia/Sydney"), ("Boston", "America/New_York"),
    ("Miami", "America/New_York"),
]
#: (country as the user says it, region code)
SYS_REGIONS = [
    ("the UK", "GB"), ("Germany", "DE"), ("France", "FR"), ("Japan", "JP"), ("Canada", "CA"), ("Australia", "AU"),
    ("India", "IN"), ("Brazil", "BR"), ("Spain", "ES"), ("Italy", "IT"), ("the Netherlands", "NL"),
    ("Mexico", "MX"), ("South Korea", "KR"), ("China", "CN"),
]
SYS_PHONE_NAMES = [
    "Alex's Nova", "Morgan Mobile", "Alex Work Phone", "Pocket Rocket", "The Brick", "Alex M", "Nova Prime",
    "Alex's Daily Driver", "Northwind Alex", "Alex-Phone-SF", "Golden Gate", "Big Blue", "Alex On The Go",
    "Alexphone", "Fog City Phone", "Morgan Nova 8",
]
SYS_UPDATE_OCCASIONS = [
    "before my trip on Friday", "while I'm at lunch", "tonight", "now while I'm home on Wi-Fi", "before the weekend",
    "while I'm in standup", "before I head to the airport", "this morning", "before my flight next Monday",
    "while I grab a coffee", "before bed", "right now",
]
#: (folder name, app IDs to group)
SYS_NEW_FOLDERS = [
    ("Media", ["spotify", "youtube", "netflix"]), ("Social", ["whatsapp", "instagram"]),
    ("Photos", ["camera", "gallery"]), ("Essentials", ["phone", "messages"]), ("Reading", ["kindle", "chrome"]),
    ("Streaming", ["youtube", "netflix"]), ("Music & Video", ["spotify", "youtube"]), ("Fitness", ["strava", "clock"]),
    ("Chat", ["messages", "whatsapp"]), ("Planning", ["calendar", "clock"]), ("Outdoors", ["maps", "weather", "strava"]),
    ("Camera Stuff", ["camera", "gallery", "instagram"]),
]
#: Quick-settings tiles: (tile, label as said, "on" phrase, "off" phrase)
SYS_TILES = [
    ("flashlight", "flashlight", "turn on the flashlight", "turn off the flashlight"),
    ("dark_mode", "dark theme", "switch on the dark theme", "switch off the dark theme"),
    ("auto_rotate", "auto-rotate", "turn auto-rotate on", "turn auto-rotate off"),
    ("dnd", "Do Not Disturb", "turn on Do Not Disturb", "turn off Do Not Disturb"),
    ("battery_saver", "Battery Saver", "turn on Battery Saver", "turn off Battery Saver"),
    ("bluetooth", "Bluetooth", "turn Bluetooth on", "turn Bluetooth off"),
    ("nfc", "NFC", "turn NFC on", "turn NFC off"),
    ("auto_brightness", "adaptive brightness", "turn on adaptive brightness", "turn off adaptive brightness"),
    ("mobile_data", "mobile data", "turn mobile data on", "turn mobile data off"),
]
NET_HOTSPOT_NAMES = [
    "Alex's Hotspot", "Morgan Mobile", "FogCity-Link", "Alex on the Go", "Nova Hotspot", "Northwind Road",
    "Bridge WiFi", "Pocket Net", "Alex Tether", "Commuter Link", "Car Hotspot", "Hotspot 415", "Sunset Net",
    "Mission Link", "Alex Travel Net", "Morgan Family Net",
]
NET_HOTSPOT_PASSWORDS = [
    "blue-ferry-88", "sunset-cable-21", "maple-harbor-07", "quiet-river-55", "crimson-kite-42", "paper-lantern-9",
    "golden-tram-314", "north-beach-66", "fog-horn-2026", "cable-car-77", "mission-tacos-5", "twin-peaks-808",
    "lighthouse-13", "ocean-breeze-64", "redwood-path-19", "bay-lights-250",
]
NET_ENTERPRISE_SSIDS = [
    "eduroam", "Stanford-Secure", "WeWork-Corp", "UCSF-Secure", "Salesforce-Corp", "Kaiser-Staff", "SFPL-Staff",
    "Genentech-Corp", "Hilton-Staff", "Moscone-Secure", "Berkeley-Secure", "Accenture-Corp",
]
NET_FLIGHT_CONTEXTS = [
    "I'm boarding now", "the plane's about to take off", "I'm on the red-eye to New York", "we're taxiing",
    "the flight attendant just asked", "I'm heading to Tokyo", "my flight to Chicago is leaving",
    "the doors just closed", "I'm getting on the plane to London", "we're about to push back",
    "I'm on the shuttle flight to LA", "boarding for Denver just started",
]
#: (paired device ID, how the user names it)
NET_BT_NICKNAMES = [
    ("bt_001", "my Sony headphones"), ("bt_001", "my noise-cancelling headphones"), ("bt_002", "my Pixel Buds"),
    ("bt_002", "my earbuds"), ("bt_004", "the JBL speaker"), ("bt_004", "my Flip speaker"), ("bt_007", "my Fitbit"),
    ("bt_007", "my fitness tracker"), ("bt_001", "the XM5s"), ("bt_002", "my Buds Pro"), ("bt_004", "the JBL Flip"),
    ("bt_007", "the Fitbit Charge"),
]
#: (out-of-range paired device ID, how the user names it)
NET_BT_AWAY = [
    ("bt_003", "my car"), ("bt_008", "the Bose speaker"), ("bt_003", "the Honda"), ("bt_008", "my SoundLink"),
    ("bt_003", "the CR-V"), ("bt_008", "the little Bose"),
]
NET_HOTSPOT_REASONS = [
    "so my laptop can get online", "for Jordan's tablet", "so Emma can finish her homework", "for the car ride",
    "because the café Wi-Fi is down", "so I can join the Zoom from my laptop", "for my work laptop",
    "because the hotel Wi-Fi is terrible", "so Leo can check his email", "for the kids' tablet on the drive",
    "because my home internet is out", "so I can upload the slides from my laptop",
]
#: (where the Wi-Fi details came from, how the user refers to it later)
NET_PLACES = [
    ("The café's", "the café's"), ("My neighbor's", "my neighbor's"), ("The library's", "the library's"),
    ("The hotel's", "the hotel's"), ("The co-working space's", "the co-working space's"),
    ("Leo's", "Leo's"), ("The dentist office's", "the dentist office's"), ("The gym's", "the gym's"),
    ("My sister-in-law's", "my sister-in-law's"), ("The bakery's", "the bakery's"),
    ("The Airbnb's", "the Airbnb's"), ("Chris Li's", "Chris Li's"),
]
#: Thresholds on either side of this cycle's mobile data use at every world size (6.4-12.2 GB).
NET_DATA_LIMITS_GB = [3, 14, 15, 4, 5, 16, 20, 6, 2, 18, 25, 30]
DEV_DEVICE_NAMES = [
    "Kitchen TV", "Den TV", "Work Laptop", "Couch Tablet", "Office MacBook", "Guest Room TV", "Homework Tablet",
    "Upstairs TV", "Travel Tablet", "Big Screen", "Study Laptop", "Basement TV", "Family TV", "Sofa Screen",
    "Desk Laptop", "Reading Tablet", "Running Watch", "Spare Phone", "Office Monitor", "Meeting Projector",
    "Gym Watch", "Backup Phone", "Side Monitor", "Classroom Projector",
]
#: Category sets that fit in the phone's free storage.
DEV_MIGRATION_SETS = [
    ["contacts", "messages"], ["contacts", "calendar"], ["messages", "call_log"], ["notes", "calendar"],
    ["contacts", "notes", "calendar"], ["music"], ["messages", "notes"], ["call_log", "contacts"],
    ["music", "contacts"], ["calendar", "messages", "call_log"], ["notes"], ["contacts", "messages", "calendar"],
]
#: Category sets that do not fit.
DEV_MIGRATION_BIG = [
    ["photos"], ["videos"], ["apps"], ["photos", "videos"], ["photos", "contacts"], ["apps", "music"],
    ["videos", "messages"], ["photos", "music"], ["apps", "contacts"], ["videos", "calendar"],
]
#: (relation, owner contact ID, owner name, device kind, device name) of someone else's device.
DEV_RELATION_DEVICES = [
    ("daughter", "contact_005", "Emma Morgan", "tablet", "Emma's Tablet"),
    ("spouse", "contact_004", "Jordan Morgan", "laptop", "Jordan's MacBook Air"),
    ("mother", "contact_006", "Linda Morgan", "tablet", "Linda's iPad"),
    ("manager", "contact_008", "Sam Carter", "laptop", "Sam's ThinkPad"),
    ("secretary", "contact_001", "Maya Chen", "laptop", "Maya's Surface"),
    ("neighbor", "contact_009", "Samantha Carter", "tv", "Samantha's TV"),
    ("mother", "contact_006", "Linda Morgan", "tv", "Linda's Living Room TV"),
    ("daughter", "contact_005", "Emma Morgan", "laptop", "Emma's Chromebook"),
    ("spouse", "contact_004", "Jordan Morgan", "tablet", "Jordan's Galaxy Tab"),
    ("doctor", "contact_007", "Dr. Priya Shah", "monitor", "Dr. Shah's Exam Room Monitor"),
    ("manager", "contact_008", "Sam Carter", "projector", "Sam's Office Projector"),
    ("spouse", "contact_004", "Jordan Morgan", "tv", "Jordan's Studio TV"),
]
DEV_CAST_REASONS = [
    "so we can watch together", "for movie night", "for the family photo slideshow", "for Emma's show",
    "so Jordan can see it", "for the workout video", "to show the trip photos", "for the game",
    "so everyone can see the recipe", "for the presentation practice", "to follow the yoga class",
    "to show the kids the video",
]
DEV_COLLAB_REASONS = [
    "so I can drag the slides over", "to answer texts from the keyboard", "for the design review",
    "so I can copy the photos across", "to work on the budget sheet", "while I write the report",
    "so I can reply to messages from my desk", "for the planning session", "to move some files over",
    "so I can see my phone screen while I work", "for the demo prep", "to sort through the receipts",
]
# fmt: on


def _connectivity_pools() -> dict[str, list[Any]]:
    from mpb_env.domains.devices import CORE_LOG
    from mpb_env.domains.network import CORE_USAGE

    t = load_world("M").tables
    apps = t["apps"]
    on_home = {
        a
        for p in t["home_screen"].values()
        for i in p["items"]
        for a in ([i["app_id"]] if i["type"] == "app" else i["app_ids"])
    }
    wifi = list(t["wifi_networks"].values())
    bt = list(t["bluetooth_devices"].values())
    devices = list(t["cross_devices"].values())
    folders = [
        (a, apps[a]["name"], i["id"], i["name"])
        for p in t["home_screen"].values()
        for i in p["items"]
        if i["type"] == "folder"
        for a in i["app_ids"]
        if a in apps
    ]
    return {
        "sys_languages": SYS_LANGUAGES,
        "sys_ambiguous_languages": SYS_AMBIGUOUS_LANGUAGES,
        "sys_unsupported_languages": SYS_UNSUPPORTED_LANGUAGES,
        "sys_language_reasons": SYS_LANGUAGE_REASONS,
        "sys_timezones": SYS_TIMEZONES,
        "sys_regions": SYS_REGIONS,
        "sys_phone_names": SYS_PHONE_NAMES,
        "sys_update_occasions": SYS_UPDATE_OCCASIONS,
        "sys_new_folders": SYS_NEW_FOLDERS,
        "sys_tiles": SYS_TILES,
        "sys_wallpapers": [w for w in t["wallpapers"].values() if not w["live"]],
        "sys_live_wallpapers": [w for w in t["wallpapers"].values() if w["live"]],
        "sys_folder_apps": folders,
        "sys_home_apps": [
            apps[i["app_id"]]
            for p in t["home_screen"].values()
            for i in p["items"]
            if i["type"] == "app" and i["app_id"] in apps
        ],
        "sys_offscreen_apps": [
            apps[a]
            for a in (
                "duolingo",
                "waze",
                "signal",
                "notion",
                "dropbox",
                "doordash",
                "amazon",
                "snapchat",
                "linkedin",
                "firefox",
                "files",
                "contacts",
                "browser",
                "app_store",
                "candy_crush",
                "notes",
            )
            if a in apps and a not in on_home
        ],
        "net_hotspot_names": NET_HOTSPOT_NAMES,
        "net_hotspot_passwords": NET_HOTSPOT_PASSWORDS,
        "net_enterprise_ssids": NET_ENTERPRISE_SSIDS,
        "net_flight_contexts": NET_FLIGHT_CONTEXTS,
        "net_bt_nicknames": NET_BT_NICKNAMES,
        "net_bt_away": NET_BT_AWAY,
        "net_data_limits_gb": NET_DATA_LIMITS_GB,
        "net_hotspot_reasons": NET_HOTSPOT_REASONS,
        "net_places": NET_PLACES,
        "net_usage_apps": [apps[a] for a, mobile, _ in CORE_USAGE if a in apps and mobile >= 10],
        "net_secured_nearby": [
            n for n in wifi if n["in_range"] and not n["saved"] and n["security"] in ("wep", "wpa2", "wpa3")
        ],
        "net_saved_away": [n for n in wifi if n["saved"] and not n["in_range"]],
        "net_bt_new": [d for d in bt if not d["paired"] and d["in_range"]],
        "net_payment_apps": [
            a for a in apps.values() if a.get("category") == "finance" and a["id"] != "wallet"
        ],
        "dev_device_names": DEV_DEVICE_NAMES,
        "dev_migration_sets": DEV_MIGRATION_SETS,
        "dev_migration_big": DEV_MIGRATION_BIG,
        "dev_relation_devices": DEV_RELATION_DEVICES,
        "dev_cast_reasons": DEV_CAST_REASONS,
        "dev_displays": [
            d
            for d in devices
            if "cast" in d["capabilities"] and d["kind"] != "car_display" and d["owner"] in ("me", None)
        ],
        "dev_own_devices": [d for d in devices if d["owner"] == "me" and d["paired"]],
        "dev_noncast_devices": [d for d in devices if d["owner"] == "me" and "cast" not in d["capabilities"]],
        "dev_unpaired": [d for d in devices if not d["paired"]],
        "dev_collab_devices": [
            d
            for d in devices
            if "multiscreen" in d["capabilities"] and d["nearby"] and (d["owner"] in ("me", None))
        ],
        "dev_collab_reasons": DEV_COLLAB_REASONS,
        # Devices whose last connection is a hand-written log entry (the same at every world size).
        "dev_log_devices": [
            {"id": d["id"], "name": d["name"]}
            for d in [*bt, *devices]
            if any(e[1] == d["id"] and e[4] == "connect" for e in CORE_LOG)
        ],
        "dev_files": [f for f in t["files"].values() if not f["trashed"] and f["id"] <= "file_019"],
    }


# --- end connectivity pools ---


# --- Calls & Communication and Time Management pools
# fmt: off
TIMER_LABELS = [
    "Pasta", "Eggs", "Tea", "Pizza", "Rice", "Nap", "Workout", "Parking meter", "Bread", "Cookies", "Steak",
    "Focus block", "Face mask", "Plank", "Oatmeal", "Roast chicken",
]
#: (how the user says the day, ISO date) against now = Wed 2026-05-20
REL_DAYS = [
    ("tomorrow", "2026-05-21"), ("on Friday", "2026-05-22"), ("on Saturday", "2026-05-23"),
    ("on Sunday", "2026-05-24"), ("next Monday", "2026-05-25"), ("next Tuesday", "2026-05-26"),
    ("next Wednesday", "2026-05-27"), ("next Thursday", "2026-05-28"), ("next Friday", "2026-05-29"),
    ("on June 1", "2026-06-01"), ("on June 3", "2026-06-03"), ("the day after tomorrow", "2026-05-22"),
]
#: Daytime slots for meetings and appointments.
EVENT_TIMES = [
    "09:30", "10:00", "10:30", "11:00", "11:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00",
    "16:30", "17:00", "17:30", "18:00", "18:30", "19:00",
]
#: (rule name, what the user asks for, trigger, trigger value, actions)
RULE_SPECS = [
    ("Night DND", "at 10 PM every night, turn on Do Not Disturb", "time", "22:00",
     [{"setting": "dnd.enabled", "value": True}]),
    ("Office quiet", "when I get to the office, switch my phone to vibrate", "location", "office",
     [{"setting": "sound.mode", "value": "vibrate"}]),
    ("Gym music", "when I arrive at the gym, set the media volume to 80", "location", "gym",
     [{"setting": "volume.media", "value": 80}]),
    ("Charging dark", "when I plug in the charger, turn on dark mode", "charging", "connected",
     [{"setting": "display.dark_mode", "value": True}]),
    ("Spotify boost", "whenever I open Spotify, set the media volume to 70", "app_open", "spotify",
     [{"setting": "volume.media", "value": 70}]),
    ("Morning vibrate", "every day at 7 AM, put the ringer on vibrate", "time", "07:00",
     [{"setting": "sound.mode", "value": "vibrate"}]),
    ("Unplugged saver", "when I unplug the charger, turn on battery saver", "charging", "disconnected",
     [{"setting": "battery.power_saving", "value": True}]),
    ("Home dark mode", "when I get home, turn on dark mode", "location", "home",
     [{"setting": "display.dark_mode", "value": True}]),
    ("Kindle dim", "whenever I open Kindle, set the brightness to 40", "app_open", "kindle",
     [{"setting": "display.brightness", "value": 40}]),
    ("Car Bluetooth", "when I get in the car, turn Bluetooth on", "location", "car",
     [{"setting": "network.bluetooth", "value": True}]),
    ("Lunch silence", "every day at 12:30, put the phone on silent", "time", "12:30",
     [{"setting": "sound.mode", "value": "silent"}]),
    ("Evening dim", "every evening at 9 PM, set the brightness to 30", "time", "21:00",
     [{"setting": "display.brightness", "value": 30}]),
    ("Zoom quiet", "whenever I open Zoom, turn on Do Not Disturb", "app_open", "zoom",
     [{"setting": "dnd.enabled", "value": True}]),
    ("School ringer", "when I get to the school, set the ringer volume to 100", "location", "school",
     [{"setting": "volume.ring", "value": 100}]),
]
NEW_NUMBERS = [
    "+1 415 555 0231", "+1 510 555 0244", "+1 650 555 0257", "+1 408 555 0262", "+1 628 555 0275",
    "+1 415 555 0288", "+1 510 555 0293", "+1 650 555 0206", "+1 408 555 0219", "+1 628 555 0224",
    "+1 415 555 0237", "+1 510 555 0249",
]
NEW_RELATIONS = [
    "plumber", "dog walker", "babysitter", "landlord", "electrician", "tennis coach", "accountant", "realtor",
    "piano teacher", "mechanic",
]
#: (an incoming text, how the user refers to it)
INCOMING_TEXTS = [
    ("Your table for two at Nopa is confirmed for 7 PM tonight.", "the dinner reservation"),
    ("Here's the wifi password for the cabin: pinecone42", "the cabin wifi password"),
    ("The concert tickets are in your inbox, row F!", "the concert tickets"),
    ("Heads up, the parking garage on 5th closes at 10 tonight.", "the parking garage"),
    ("Book club moved to the library this month.", "book club"),
    ("I found your sunglasses in my car.", "the sunglasses"),
    ("The landlord is coming Thursday to fix the sink.", "the sink repair"),
    ("My new address is 42 Alder St, apt 3.", "their new address"),
    ("Don't forget your potluck dish on Saturday!", "the potluck"),
    ("The soccer game got rained out.", "the soccer game"),
    ("Photos from the hike are up on the shared album.", "the hike photos"),
    ("Could you water my plants while I'm away?", "watering the plants"),
]
#: (core event ID, how the user names it, a search keyword that finds it)
UPCOMING_EVENTS = [
    ("event_002", "dentist appointment", "dentist"), ("event_003", "Emma's school play", "school play"),
    ("event_004", "flight to New York", "flight to new york"), ("event_005", "lunch with Chris Lee", "lunch"),
    ("event_006", "design review", "design review"), ("event_007", "call with Mom", "call with mom"),
    ("event_009", "check-up with Dr. Shah", "check-up"), ("event_010", "client meeting in New York", "client meeting"),
    ("event_011", "flight back to San Francisco", "flight back"), ("event_012", "dinner with Jordan", "dinner"),
    ("event_013", "coffee with Chris Li", "coffee"), ("event_014", "1:1 with Maya", "1:1"),
    ("event_015", "sprint retro", "retro"),
]
#: (reminder title, a keyword of it, what the user says once it is done)
REMINDER_DONE = [
    ("Renew passport", "passport", "renewed my passport"),
    ("Return library books", "library", "returned the library books"),
    ("Order printer ink", "printer ink", "ordered the printer ink"),
    ("Schedule a haircut", "haircut", "booked a haircut"),
    ("Call the plumber", "plumber", "called the plumber"),
    ("Pay the water bill", "water bill", "paid the water bill"),
    ("Buy dog food", "dog food", "picked up the dog food"),
    ("Send the thank-you card", "thank-you card", "mailed the thank-you card"),
    ("Back up the laptop", "laptop", "backed up my laptop"),
    ("Cancel the free trial", "free trial", "cancelled that free trial"),
    ("Submit the timesheet", "timesheet", "submitted my timesheet"),
    ("Book the car service", "car service", "booked the car service"),
]
#: (something to do before an event, a keyword the reminder title must keep)
PREP_TASKS = [
    ("print the agenda", "agenda"), ("charge my laptop", "laptop"), ("grab the gift", "gift"),
    ("leave the house", "leave"), ("review my notes", "notes"), ("pack the charger", "charger"),
    ("buy flowers", "flowers"), ("check the traffic", "traffic"), ("call ahead", "call ahead"),
    ("pick up the documents", "documents"),
]
# fmt: on


def _calls_time_pools() -> dict[str, list[Any]]:
    t = load_world("M").tables
    generated = [c for c in t["contacts"].values() if c["id"] >= "contact_015"][:120]
    return {"email_people": [c for c in generated if c["email"]]}


# --- Audio & Entertainment and Display & Sound pools
# fmt: off
#: (contact id, how the user names them, what to search contacts for)
MD_PEOPLE = [
    ("contact_006", "my mom", "mom"), ("contact_004", "my wife", "wife"), ("contact_005", "my daughter", "daughter"),
    ("contact_008", "my boss", "boss"), ("contact_001", "my secretary", "secretary"),
    ("contact_007", "my doctor", "doctor"), ("contact_009", "my neighbor", "neighbor"), ("contact_010", "Leo Park", "Leo Park"),
    ("contact_004", "Jo", "Jo"), ("contact_005", "Em", "Em"), ("contact_002", "Chris Lee", "Chris Lee"),
    ("contact_001", "Maya Chen", "Maya Chen"), ("contact_006", "Mom", "mom"), ("contact_004", "my partner", "partner"),
    ("contact_008", "my manager", "manager"), ("contact_003", "Chris Li", "Chris Li"),
]
MEDIA_VOLUMES = [15, 20, 25, 30, 35, 40, 45, 50, 55, 65, 70, 75, 80, 85, 90, 10]
#: (minutes, how the user says it)
MEDIA_SLEEP = [
    (10, "10 minutes"), (15, "15 minutes"), (20, "20 minutes"), (25, "25 minutes"), (30, "half an hour"),
    (40, "40 minutes"), (45, "45 minutes"), (60, "an hour"), (75, "an hour and fifteen minutes"),
    (90, "an hour and a half"), (120, "two hours"), (35, "35 minutes"),
]
MEDIA_SLEEP_TOO_LONG = [
    (780, "13 hours"), (840, "14 hours"), (900, "15 hours"), (960, "16 hours"), (1080, "18 hours"),
    (1200, "20 hours"), (1440, "24 hours"), (2160, "36 hours"), (2880, "48 hours"), (1800, "30 hours"),
    (1260, "21 hours"), (1020, "17 hours"),
]
#: (camera mode, how the user asks for the shot)
MEDIA_SHOTS = [
    ("portrait", "a portrait shot"), ("night", "a night-mode photo"), ("panorama", "a panorama"),
    ("selfie", "a selfie"), ("photo", "a quick photo"), ("portrait", "a portrait-mode picture"),
    ("night", "a low-light night shot"), ("panorama", "a wide panorama"),
    ("selfie", "a picture of me with the front camera"), ("photo", "a regular photo"),
]
#: (album id or None for the default Camera album, how the user says where it goes)
MEDIA_SHOT_ALBUMS = [
    ("album_001", " and save it in the Family album"), (None, ""), ("album_003", " and file it under Receipts"),
    ("album_002", " for the Trips album"), (None, " in the camera roll"), ("album_001", " into my Family album"),
    ("album_002", " and put it in Trips"), ("album_003", " for my Receipts album"),
]
MEDIA_VIDEO_LENGTHS = [
    (10, "10-second"), (15, "15-second"), (20, "20-second"), (30, "30-second"), (45, "45-second"),
    (60, "one-minute"), (90, "90-second"), (120, "two-minute"), (5, "five-second"), (40, "40-second"),
    (25, "25-second"), (180, "three-minute"),
]
MEDIA_VIDEO_MODES = [
    ("video", "video"), ("slow_motion", "slow-motion video"), ("time_lapse", "time-lapse"),
    ("cinematic", "cinematic-mode video"), ("cinematic", "cinematic video"), ("video", "regular video"),
    ("slow_motion", "slo-mo clip"), ("time_lapse", "time-lapse video"),
]
MEDIA_VIDEO_SUBJECTS = [
    "Emma's recital", "the sunset", "the dog chasing the ball", "the fireworks", "the waves", "the street band",
    "the birthday candles", "the skyline", "the traffic on the bridge", "the soccer game", "the clouds rolling in",
    "the band on stage", "the kids on the swings", "the rain on the window",
]
#: (what the user asks, "offset" or "position", seconds) — against the paused episode at 21:00 of 42:00
MEDIA_SEEKS = [
    ("skip ahead 30 seconds", "offset", 30), ("go back 15 seconds", "offset", -15),
    ("jump to the 30-minute mark", "position", 1800), ("rewind two minutes", "offset", -120),
    ("skip forward five minutes", "offset", 300), ("go back to the very beginning", "position", 0),
    ("jump to 25 minutes in", "position", 1500), ("fast-forward 90 seconds", "offset", 90),
    ("back up 45 seconds", "offset", -45), ("jump ahead 10 minutes", "offset", 600),
    ("go to minute 40", "position", 2400), ("rewind 30 seconds", "offset", -30),
]
#: Where the music the phone hears is coming from (how the user says it, the ambient source)
MEDIA_SOURCES = [
    ("in this cafe", "cafe speakers"), ("on the car radio", "car radio"), ("in the store right now", "store speakers"),
    ("at the gym", "gym speakers"), ("in this restaurant", "restaurant speakers"), ("at the bar", "bar speakers"),
    ("in the bakery", "bakery radio"), ("on the TV", "TV"), ("at the party next door", "neighbors' party"),
    ("in the elevator", "elevator speakers"), ("in this bookstore", "bookstore speakers"),
    ("in the hotel lobby", "lobby speakers"),
]
#: (stored location, how the user says it, list_photos query, ISO day, relative day) — photo outings that
#: tasks add in S0 (no other capture shares place and day)
MEDIA_OUTINGS = [
    ("Ocean Beach", "Ocean Beach", "Ocean Beach", "2026-05-14", "last Thursday"),
    ("Muir Woods", "Muir Woods", "Muir Woods", "2026-05-16", "on Saturday"),
    ("Half Moon Bay", "Half Moon Bay", "Half Moon Bay", "2026-05-17", "on Sunday"),
    ("Napa", "Napa", "Napa", "2026-05-15", "last Friday"),
    ("Berkeley", "Berkeley", "Berkeley", "2026-05-18", "on Monday"),
    ("Oakland", "Oakland", "Oakland", "2026-05-19", "yesterday"),
    ("Ferry Building, San Francisco", "the Ferry Building", "Ferry Building", "2026-05-16", "on Saturday"),
    ("Stinson Beach", "Stinson Beach", "Stinson Beach", "2026-05-17", "on Sunday"),
    ("Point Reyes", "Point Reyes", "Point Reyes", "2026-05-15", "last Friday"),
    ("Crissy Field, San Francisco", "Crissy Field", "Crissy Field", "2026-05-19", "yesterday"),
    ("Lands End, San Francisco", "Lands End", "Lands End", "2026-05-18", "on Monday"),
    ("Twin Peaks, San Francisco", "Twin Peaks", "Twin Peaks", "2026-05-14", "last Thursday"),
    ("Pier 39, San Francisco", "Pier 39", "Pier 39", "2026-05-16", "on Saturday"),
    ("Marin Headlands", "the Marin Headlands", "Marin Headlands", "2026-05-15", "last Friday"),
]
MEDIA_ALBUM_NAMES = [
    "Beach day", "Muir Woods hike", "Weekend trip", "Emma's adventures", "Spring 2026", "Family outing",
    "Hiking", "Road trip", "Best of May", "Coast walk", "Day out", "Picnic", "Favorites 2026", "Bay views",
]
MEDIA_PLAYLIST_NAMES = [
    "Sunday Chill", "Garden Party", "Late Night Coding", "Beach Day", "Focus Friday", "Wedding Songs",
    "Kitchen Dance", "Cabin Weekend", "Long Drive Home", "Yoga Flow", "Homework Beats", "Rainy Sunday",
    "Summer BBQ", "Morning Coffee", "Study Session", "Sunset Walk",
]
#: (Bluetooth device id, how the user names it)
MEDIA_BT_AUDIO = [
    ("bt_001", "Sony headphones"), ("bt_002", "Pixel Buds"), ("bt_003", "car"), ("bt_004", "JBL speaker"),
    ("bt_008", "Bose speaker"), ("bt_001", "noise-cancelling headphones"), ("bt_004", "JBL Flip"),
    ("bt_002", "earbuds"), ("bt_003", "Honda"), ("bt_008", "SoundLink"),
]
#: (photo id, how the user describes it, list_photos arguments that find it)
MEDIA_PHOTO_REFS = [
    ("photo_001", "my gym selfie from yesterday morning",
     {"date_from": "2026-05-19", "date_to": "2026-05-19", "kind": "photo"}),
    ("photo_002", "the portrait from Dolores Park on Sunday", {"query": "Dolores Park", "kind": "photo"}),
    ("photo_003", "the video from Dolores Park on Sunday", {"query": "Dolores Park", "kind": "video"}),
    ("photo_004", "the photo I took at the office on Monday",
     {"query": "Northwind Labs", "date_from": "2026-05-18", "date_to": "2026-05-18"}),
    ("photo_005", "last night's night shot from Nopa", {"query": "Nopa"}),
    ("photo_006", "the Golden Gate Bridge panorama", {"query": "Golden Gate Bridge"}),
    ("photo_007", "the picture of this morning's Blue Bottle receipt", {"query": "Blue Bottle"}),
    ("photo_009", "the portrait from Sausalito on the 10th",
     {"query": "Sausalito", "date_from": "2026-05-10", "date_to": "2026-05-10"}),
    ("photo_011", "the photo I took at home on Monday night",
     {"query": "Home", "date_from": "2026-05-18", "date_to": "2026-05-18"}),
    ("photo_012", "my lunch photo from Tartine yesterday", {"query": "Tartine"}),
]
MEDIA_SCREEN_TASKS = [
    "set up the banking app", "change the Wi-Fi password", "use the camera timer", "join a video call",
    "turn on captions", "order groceries in the app", "book a table online", "share a calendar invite",
    "find the boarding pass", "reset the router", "update the school portal", "pay the water bill online",
]
#: (what the user asks while live radio plays, the tool an agent would try, its arguments)
MEDIA_RADIO_REQUESTS = [
    ("skip this song", "skip_track", {}), ("skip ahead 30 seconds", "set_playback_position", {"offset_s": 30}),
    ("skip the next two songs", "skip_track", {"count": 2}),
    ("rewind a minute", "set_playback_position", {"offset_s": -60}),
    ("go back to the previous song", "skip_track", {"direction": "previous"}),
    ("jump forward two minutes", "set_playback_position", {"offset_s": 120}),
    ("play the next track", "skip_track", {}), ("restart this song from the top", "set_playback_position", {"position_s": 0}),
    ("skip three songs ahead", "skip_track", {"count": 3}),
    ("fast-forward 15 seconds", "set_playback_position", {"offset_s": 15}),
]
#: (indices into a three-song list, how the user points at them)
MEDIA_ORDINALS = [
    ((0, 2), "the first and the last one"), ((0, 1), "the first two"), ((1, 2), "the second and third ones"),
    ((0,), "the first one"), ((1,), "the second one"), ((2,), "the last one"), ((0, 2), "the first and third"),
    ((1, 2), "the last two"), ((2, 0), "the third one and then the first"), ((1, 0), "the second and the first"),
    ((0, 1, 2), "all three"), ((2,), "the third one"),
]
#: (media field, value, how the user asks)
MEDIA_RATINGS = [
    ("liked", True, "like it"), ("stars", 5, "give it five stars"), ("liked", True, "heart it"),
    ("stars", 4, "rate it four stars"), ("stars", 3, "give it 3 stars"), ("liked", True, "mark it as a favorite"),
    ("stars", 5, "give it a 5-star rating"), ("stars", 2, "rate it two stars"),
]
#: (show id, how the user names it, search_media query, kind)
MEDIA_SHOW_REFS = [
    ("radio_001", "Bay Jazz on 91.1", "Bay Jazz", "radio"),
    ("pod_001", "the newest episode of The Daily Build", "The Daily Build", "podcast"),
    ("pod_002", "the latest Bay Area Bites", "Bay Area Bites", "podcast"),
    ("radio_002", "the news station on 88.5 FM", "88.5", "radio"),
    ("radio_003", "Golden Gate Classics", "Golden Gate Classics", "radio"),
    ("pod_003", "the newest Parenting Unplugged episode", "Parenting Unplugged", "podcast"),
    ("pod_004", "the latest Market Minute", "Market Minute", "podcast"),
    ("radio_004", "Mission Beats radio", "Mission Beats", "radio"),
    ("radio_001", "the jazz station", "jazz", "radio"),
    ("pod_005", "the latest History Hour", "History Hour", "podcast"),
    ("pod_001", "The Daily Build podcast", "Daily Build", "podcast"),
    ("radio_003", "some classical radio on 102.1", "102.1", "radio"),
]
DISPLAY_BRIGHTNESS = [15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 75, 80, 85, 90, 95, 100, 10]
DISPLAY_TIMEOUTS = [
    (15, "15 seconds"), (30, "30 seconds"), (120, "2 minutes"), (300, "5 minutes"), (600, "10 minutes"),
    (1800, "30 minutes"), (30, "half a minute"), (1800, "half an hour"), (120, "two minutes"),
    (600, "ten minutes"), (300, "five minutes"), (15, "fifteen seconds"),
]
#: ("font" or "display", size step, what the user asks)
DISPLAY_SIZE_REQUESTS = [
    ("font", "large", "make the text a bit bigger"), ("display", "larger", "make everything on screen bigger, not just the text"),
    ("display", "small", "shrink the display size so more fits on screen"), ("font", "largest", "make the font as big as it goes"),
    ("font", "small", "make the text smaller"), ("display", "largest", "zoom the whole screen in as far as it goes"),
    ("display", "large", "make icons and buttons a bit bigger"), ("font", "large", "bump the font size up one step"),
    ("font", "largest", "set the text size to the largest option"), ("display", "larger", "set the display zoom to larger"),
    ("display", "small", "make the display size small"), ("font", "small", "use the small font size"),
]
#: (minutes, how the user says it) against now = 09:00
DISPLAY_DND_DURATIONS = [
    (30, "for half an hour"), (45, "for 45 minutes"), (60, "for an hour"), (90, "for an hour and a half"),
    (120, "for two hours"), (180, "until noon"), (240, "for four hours"), (20, "for 20 minutes"),
    (150, "until 11:30"), (300, "for five hours"), (360, "until 3 pm"), (480, "for eight hours"),
    (90, "until 10:30"), (120, "until 11"),
]
DISPLAY_EVENING = ["20:30", "21:00", "21:30", "22:30", "23:00", "19:30", "20:00", "21:15", "22:45", "23:30", "20:45", "22:15"]
DISPLAY_MORNING = ["05:30", "06:00", "06:15", "06:30", "06:45", "07:15", "07:30", "08:00", "08:30", "05:45", "06:20", "07:45"]
DISPLAY_STRENGTHS = [20, 25, 30, 35, 40, 45, 55, 60, 65, 70, 75, 80, 85, 90, 100, 95]
DISPLAY_VIBRATION = [20, 30, 40, 50, 70, 80, 90, 100, 25, 45, 65, 75]
DISPLAY_GAMES = [
    "Genshin Impact", "Asphalt 9", "Call of Duty Mobile", "Minecraft", "Alto's Odyssey", "Clash Royale",
    "Pokémon GO", "Mario Kart Tour", "Monument Valley", "Fortnite", "Stardew Valley", "PUBG Mobile",
]
DISPLAY_RING_LEVELS = [40, 50, 55, 60, 65, 70, 75, 85, 90, 95, 100, 45]
DISPLAY_QUIET_CONTEXTS = [
    "I'm heading into a meeting", "the movie is about to start", "I'm at the library", "I'm in a lecture",
    "the baby just fell asleep", "I'm at the doctor's office", "I'm going into a job interview",
    "we're sitting down for dinner", "I'm at Emma's school play", "the concert is starting",
    "I'm in a yoga class", "I'm about to present",
]
#: (stream, how the user names it)
DISPLAY_STREAMS = [
    ("ring", "ringer"), ("alarm", "alarm"), ("notification", "notification"), ("media", "media"), ("call", "call"),
    ("ring", "ringtone"), ("alarm", "alarm clock"), ("notification", "notification sound"),
]
DISPLAY_OFF_TIMES = ["22:00", "22:30", "23:00", "23:15", "23:45", "00:00", "00:30", "21:30", "01:00", "22:15"]
DISPLAY_LEAD_MINUTES = [
    (5, "five minutes"), (10, "10 minutes"), (15, "15 minutes"), (20, "20 minutes"), (30, "half an hour"),
    (45, "45 minutes"), (60, "an hour"), (25, "25 minutes"),
]
#: (tool, arguments, what the user asks, phrases a correct explanation mentions)
DISPLAY_UNSUPPORTED = [
    ("set_screen_timeout", {"seconds": 2700}, "keep the screen on for 45 minutes before it turns off", ["30 minutes", "30 min", "half an hour", "1800"]),
    ("set_refresh_rate", {"hz": 144}, "set the screen to 144 Hz", ["120"]),
    ("set_do_not_disturb", {"enabled": True, "duration_minutes": 960}, "turn on Do Not Disturb for 16 hours", ["12 hours", "twelve hours", "720"]),
    ("set_screen_timeout", {"seconds": 180}, "set the screen timeout to 3 minutes", ["2 minutes", "5 minutes", "2 min", "5 min", "120", "300"]),
    ("set_refresh_rate", {"hz": 165}, "crank the refresh rate up to 165 Hz", ["120"]),
    ("set_do_not_disturb", {"enabled": True, "duration_minutes": 840}, "silence everything for the next 14 hours", ["12 hours", "twelve hours", "720"]),
    ("set_screen_timeout", {"seconds": 1200}, "make the screen stay awake for 20 minutes", ["10 minutes", "30 minutes", "10 min", "30 min", "half an hour", "600", "1800"]),
    ("set_refresh_rate", {"hz": 240}, "run the display at 240 Hz", ["120"]),
    ("set_do_not_disturb", {"enabled": True, "duration_minutes": 1440}, "put Do Not Disturb on for a full day, timed", ["12 hours", "twelve hours", "720"]),
    ("set_screen_timeout", {"seconds": 3600}, "set the screen timeout to an hour", ["30 minutes", "30 min", "half an hour", "1800"]),
    ("set_refresh_rate", {"hz": 30}, "drop the refresh rate to 30 Hz to save battery", ["60"]),
    ("set_do_not_disturb", {"enabled": True, "duration_minutes": 1080}, "turn on Do Not Disturb for 18 hours", ["12 hours", "twelve hours", "720"]),
    ("set_screen_timeout", {"seconds": 90}, "make the screen turn off after 90 seconds", ["60 seconds", "1 minute", "2 minutes", "one minute", "two minutes", "120 seconds"]),
    ("set_refresh_rate", {"hz": 75}, "set the refresh rate to 75 Hz", ["60", "90"]),
    ("set_do_not_disturb", {"enabled": True, "duration_minutes": 780}, "Do Not Disturb for 13 hours, please", ["12 hours"]),
    ("set_screen_timeout", {"seconds": 240}, "change the screen timeout to 4 minutes", ["2 minutes", "5 minutes"]),
    ("set_refresh_rate", {"hz": 100}, "switch the display to 100 Hz", ["90", "120"]),
    ("set_do_not_disturb", {"enabled": True, "duration_minutes": 2880}, "mute everything with a two-day Do Not Disturb timer", ["12 hours"]),
    ("set_screen_timeout", {"seconds": 7200}, "keep the display on for two hours without touching it", ["30 minutes"]),
    ("set_refresh_rate", {"hz": 85}, "set the refresh rate to 85", ["60", "90"]),
]
#: (allow_calls, allow_messages, how the user says what gets through)
DISPLAY_DND_ALLOW = [
    (True, False, "calls, but not texts"), (False, True, "texts, but not calls"), (True, True, "calls and texts"),
    (True, False, "phone calls only"), (False, True, "messages only"), (True, True, "calls and messages"),
]
# fmt: on


def _media_display_pools() -> dict[str, list[Any]]:
    t = load_world("M").tables
    media = t["media"]
    songs = [
        m for m in media.values() if m["kind"] == "song" and m["id"] <= "song_030" and m["title"] != "Home"
    ]
    sounds = [r for r in t["ringtones"].values() if r["id"] <= "ringtone_016"]
    in_use = {
        t["settings"][k]["value"] for k in ("sound.ringtone", "sound.notification_sound", "sound.alarm_sound")
    }
    return {
        "md_people": MD_PEOPLE,
        "media_songs": songs,
        "media_playlists": [p for p in t["playlists"].values() if p["id"] <= "playlist_006"],
        "media_resumables": [m for m in media.values() if m["kind"] in ("episode", "audiobook")],
        "media_episodes": [m for m in media.values() if m["kind"] == "episode"],
        "media_volumes": MEDIA_VOLUMES,
        "media_sleep": MEDIA_SLEEP,
        "media_sleep_too_long": MEDIA_SLEEP_TOO_LONG,
        "media_shots": MEDIA_SHOTS,
        "media_shot_albums": MEDIA_SHOT_ALBUMS,
        "media_video_lengths": MEDIA_VIDEO_LENGTHS,
        "media_video_modes": MEDIA_VIDEO_MODES,
        "media_video_subjects": MEDIA_VIDEO_SUBJECTS,
        "media_seeks": MEDIA_SEEKS,
        "media_sources": MEDIA_SOURCES,
        "media_outings": MEDIA_OUTINGS,
        "media_album_names": MEDIA_ALBUM_NAMES,
        "media_playlist_names": MEDIA_PLAYLIST_NAMES,
        "media_bt_audio": MEDIA_BT_AUDIO,
        "media_photo_refs": MEDIA_PHOTO_REFS,
        "media_screen_tasks": MEDIA_SCREEN_TASKS,
        "media_radio_requests": MEDIA_RADIO_REQUESTS,
        "media_show_refs": MEDIA_SHOW_REFS,
        "media_stations": [s for s in t["shows"].values() if s["kind"] == "radio"],
        "media_ordinals": MEDIA_ORDINALS,
        "media_ratings": MEDIA_RATINGS,
        "display_brightness": DISPLAY_BRIGHTNESS,
        "display_timeouts": DISPLAY_TIMEOUTS,
        "display_size_requests": DISPLAY_SIZE_REQUESTS,
        "display_dnd_durations": DISPLAY_DND_DURATIONS,
        "display_sounds": [r for r in sounds if r["id"] not in in_use],
        "display_all_sounds": sounds,
        "display_ringtones": [r for r in sounds if r["kind"] == "ringtone"],
        "display_notif_sounds": [r for r in sounds if r["kind"] == "notification" and r["id"] not in in_use],
        "display_evening": DISPLAY_EVENING,
        "display_morning": DISPLAY_MORNING,
        "display_strengths": DISPLAY_STRENGTHS,
        "display_vibration": DISPLAY_VIBRATION,
        "display_games": DISPLAY_GAMES,
        "display_ring_levels": DISPLAY_RING_LEVELS,
        "display_quiet_contexts": DISPLAY_QUIET_CONTEXTS,
        "display_streams": DISPLAY_STREAMS,
        "display_off_times": DISPLAY_OFF_TIMES,
        "display_lead_minutes": DISPLAY_LEAD_MINUTES,
        "display_unsupported": DISPLAY_UNSUPPORTED,
        "display_dnd_allow": DISPLAY_DND_ALLOW,
    }


# --- end media/display pools ---


# --- memory pools (Memory Usage: personal facts the assistant recalls before acting) ---
# fmt: off
#: Roles the owner names people by, per scenario (the person behind each is stored only in memory).
MEM_ROLES_WORK = [
    "mentor", "design lead", "tech lead", "recruiter", "HR partner", "skip-level manager", "project sponsor",
    "QA lead", "account manager", "data science lead", "product manager", "security officer",
]
MEM_ROLES_FAMILY = [
    "cousin", "babysitter", "physical therapist", "piano teacher", "swim coach", "dog walker", "best friend",
    "nutritionist", "landlord", "carpool buddy", "nanny", "home tutor", "family lawyer", "house cleaner",
    "pharmacist", "financial advisor",
]
#: Family-side roles fit to be an emergency contact.
MEM_ROLES_EMERGENCY = [
    "cousin", "babysitter", "best friend", "nanny", "carpool buddy", "landlord", "building manager", "oldest friend",
    "old roommate", "family friend", "backup babysitter", "building superintendent",
]
MEM_ROLES_STUDY = [
    "thesis advisor", "study partner", "Spanish tutor", "lab mate", "co-author", "reading group organizer",
    "research assistant", "stats tutor", "course TA", "writing coach",
]
MEM_ROLES_TRAVEL = [
    "travel agent", "driver in New York", "host in Seattle", "conference organizer", "travel coordinator",
    "client contact in Chicago", "guide in Boston", "counterpart in the LA office",
]
#: (medication or supplement, the word an alarm label must contain)
MEM_MEDS = [
    ("iron supplement", "iron"), ("allergy pill", "allergy"), ("blood pressure pill", "blood pressure"),
    ("magnesium tablet", "magnesium"), ("vitamin B12", "b12"), ("thyroid pill", "thyroid"),
    ("probiotic", "probiotic"), ("fish oil capsule", "fish oil"), ("antibiotic", "antibiotic"),
    ("eye drops", "eye drops"), ("inhaler", "inhaler"), ("calcium chew", "calcium"),
]
#: How the owner names repeat days for an alarm, and the days.
MEM_DAY_SETS = [
    ("weekdays", ["mon", "tue", "wed", "thu", "fri"]), ("weekends", ["sat", "sun"]),
    ("Mondays, Wednesdays and Fridays", ["mon", "wed", "fri"]), ("Tuesdays and Thursdays", ["tue", "thu"]),
    ("Mondays through Thursdays", ["mon", "tue", "wed", "thu"]), ("Saturdays only", ["sat"]),
    ("Sundays only", ["sun"]), ("Mondays and Fridays", ["mon", "fri"]),
    ("Wednesdays and Saturdays", ["wed", "sat"]), ("Tuesdays, Thursdays and Saturdays", ["tue", "thu", "sat"]),
    ("every weekday except Friday", ["mon", "tue", "wed", "thu"]), ("Fridays and Sundays", ["fri", "sun"]),
]
#: (study subject, the word an event title or note must contain)
MEM_SUBJECTS = [
    ("statistics", "statistics"), ("Japanese", "japanese"), ("linear algebra", "linear algebra"),
    ("organic chemistry", "chemistry"), ("machine learning", "machine learning"), ("econometrics", "econometrics"),
    ("music theory", "music theory"), ("Mandarin", "mandarin"), ("GRE vocabulary", "gre"), ("Python", "python"),
    ("philosophy of mind", "philosophy"), ("data structures", "data structures"),
]
#: (study place, the words an event location must contain)
MEM_STUDY_PLACES = [
    ("the Mission Bay library", "mission bay"), ("Ritual Coffee on Valencia", "ritual"),
    ("the Mechanics' Institute library", "mechanics"), ("the UCSF library", "ucsf"),
    ("the main public library", "public library"), ("the campus reading room", "reading room"),
    ("the Noe Valley library", "noe valley"), ("the co-working space on Market", "co-working"),
    ("the Berkeley library", "berkeley"), ("the Glen Park library", "glen park"),
]
MEM_MEETINGS = [
    "Design sync", "Roadmap review", "Hiring debrief", "Customer call prep", "Architecture review", "Budget check-in",
    "Vendor review", "Sprint planning session", "Metrics review", "Security review", "Launch readiness review",
    "Partner check-in",
]
MEM_STUDY_MEETINGS = [
    "Advisor meeting", "Reading group session", "Lab sync", "Study group session", "Thesis check-in", "Paper discussion",
    "Journal club", "Research sync", "Exam prep session", "Lit review session", "Project team meeting", "Writing circle",
]
MEM_ROOMS = [
    "Room 3C", "the Fog City room", "Room 5A", "Room 2B", "the Embarcadero room", "Room 6D", "the Presidio room",
    "Room 1A", "the Twin Peaks room", "Room 7E",
]
#: Odd meeting and study lengths, so only the remembered value is right.
MEM_MINUTES = [20, 35, 40, 45, 50, 55, 70, 75, 80, 90, 25, 100]
#: Remembered meeting lengths: at most 50 minutes, as the core memory mem_008 caps every meeting.
MEM_MEETING_MINUTES = [20, 30, 40, 35, 50, 45, 25, 15]
#: (how the owner says the day, ISO date) — now is Wednesday 2026-05-20.
MEM_DAYS = [
    ("tomorrow", "2026-05-21"), ("Friday", "2026-05-22"), ("next Monday", "2026-05-25"),
    ("next Tuesday", "2026-05-26"), ("next Wednesday", "2026-05-27"), ("next Thursday", "2026-05-28"),
    ("next Friday", "2026-05-29"), ("Monday, June 1", "2026-06-01"), ("June 2", "2026-06-02"),
    ("June 3", "2026-06-03"), ("June 4", "2026-06-04"), ("June 5", "2026-06-05"),
]
#: (how the owner says the time, HH:MM)
MEM_HOURS = [
    ("9:30 am", "09:30"), ("10 am", "10:00"), ("11 am", "11:00"), ("11:30 am", "11:30"), ("1 pm", "13:00"),
    ("1:30 pm", "13:30"), ("2 pm", "14:00"), ("2:30 pm", "14:30"), ("3 pm", "15:00"), ("3:30 pm", "15:30"),
    ("4 pm", "16:00"), ("4:30 pm", "16:30"),
]
#: (where the owner is, scenario) for remembered sound routines.
MEM_SOUND_SPOTS = [
    ("in a client meeting", "workplace"),
    ("at the doctor's office", "family & health"),
    ("at the airport", "business travel"),
    ("at the library", "study & research"),
    ("at Emma's swim meet", "family & health"),
    ("in the office", "workplace"),
    ("in the lab", "study & research"),
    ("on the plane", "business travel"),
    ("at an all-hands", "workplace"),
    ("at the hospital", "family & health"),
    ("at a hotel", "business travel"),
    ("in a lecture", "study & research"),
    ("at parent-teacher night", "family & health"),
    ("in an interview", "workplace"),
    ("at the reading group", "study & research"),
    ("at a conference", "business travel"),
]
#: (audio stream, remembered level)
MEM_STREAM_LEVELS = [
    ("media", 0), ("ring", 20), ("notification", 10), ("media", 15), ("ring", 35), ("notification", 0),
    ("media", 25), ("ring", 10), ("notification", 25), ("media", 5), ("ring", 40), ("notification", 15),
]
#: Trip purposes the owner mentions when booking.
MEM_PURPOSES = [
    "the offsite", "the client workshop", "the partner summit", "the recruiting fair", "the board meeting",
    "the team kickoff", "the vendor visit", "the customer demo", "the sales conference", "the quarterly review",
    "the product launch", "the hackathon", "the design sprint", "the investor meeting", "the trade show",
    "the training week",
]
#: (what the owner uses music for, scenario, playlist or show ID)
MEM_ACTIVITIES = [
    ("deep work", "workplace", "playlist_002"),
    ("my morning run", "family & health", "playlist_001"),
    ("long drives to client sites", "business travel", "playlist_004"),
    ("reading papers", "study & research", "playlist_002"),
    ("cooking dinner", "family & health", "playlist_003"),
    ("answering email", "workplace", "playlist_003"),
    ("writing my thesis", "study & research", "playlist_003"),
    ("drives to the airport", "business travel", "playlist_004"),
    ("the Friday review", "workplace", "playlist_002"),
    ("dance breaks with Emma", "family & health", "playlist_005"),
    ("hotel gym workouts", "business travel", "playlist_001"),
    ("problem-set marathons", "study & research", "playlist_001"),
]
#: (language, why the owner is learning it)
MEM_LANGUAGES = [
    ("Spanish", "for the Madrid office"), ("French", "for the Paris client"), ("German", "for the Berlin team"),
    ("Italian", "for our family trip to Rome"), ("Portuguese", "for the Lisbon conference"),
    ("Japanese", "for the Tokyo partner meetings"), ("Korean", "to talk with Jordan's relatives"),
    ("Mandarin Chinese", "for the Shanghai supplier visits"), ("Spanish", "to help Emma with homework"),
    ("French", "for my research exchange in Lyon"), ("German", "for reading papers in German"),
    ("Japanese", "for the summer course in Kyoto"),
]
#: (kind of note, folder, scenario, [(topic of a new note, the word its title must contain)])
MEM_NOTE_KINDS = [
    ("meeting notes", "Meetings", "workplace",
     [("the Q3 roadmap meeting", "roadmap"), ("Thursday's retro", "retro"), ("the vendor demo", "vendor"), ("the pricing review", "pricing")]),
    ("symptom logs", "Health", "family & health",
     [("this week's migraines", "migraine"), ("the allergy flare-up", "allergy"), ("my knee pain", "knee"), ("the new sleep schedule", "sleep")]),
    ("trip journals", "Travel log", "business travel",
     [("the Denver trip", "denver"), ("the Austin visit", "austin"), ("the Boston client trip", "boston"), ("the Toronto summit", "toronto")]),
    ("paper summaries", "Research", "study & research",
     [("the attention-sinks paper", "attention"), ("the memory-agents survey", "survey"), ("the retrieval benchmark paper", "benchmark"), ("the sparse-autoencoder paper", "autoencoder")]),
    ("school notes for Emma", "Emma", "family & health",
     [("Emma's science fair", "science fair"), ("Emma's report card", "report card"), ("the parent-teacher meeting", "parent-teacher"), ("Emma's field trip", "field trip")]),
    ("one-on-one notes", "1:1s", "workplace",
     [("today's 1:1 with Sam", "sam"), ("my 1:1 with Maya", "maya"), ("the skip-level chat", "skip-level"), ("the career conversation", "career")]),
    ("lecture notes", "Coursework", "study & research",
     [("week 6 of the course", "week 6"), ("the guest lecture on robotics", "robotics"), ("the midterm review session", "midterm"), ("the lecture on causal inference", "causal")]),
    ("expense notes", "Trips", "business travel",
     [("the Seattle offsite costs", "seattle"), ("the Chicago roadshow", "chicago"), ("the LA vendor visit", "vendor"), ("the conference per diem", "per diem")]),
    ("interview notes", "Hiring", "workplace",
     [("the backend candidate", "backend"), ("the design intern interview", "intern"), ("the staff engineer loop", "staff engineer"), ("the PM phone screen", "phone screen")]),
    ("recipe ideas", "Kitchen", "family & health",
     [("the pescatarian tacos", "tacos"), ("Sunday meal prep", "meal prep"), ("Emma's birthday cake", "cake"), ("a peanut-free curry", "curry")]),
    ("packing lists", "Packing", "business travel",
     [("the Seattle offsite", "seattle"), ("the New York client week", "new york"), ("the Chicago conference", "chicago"), ("the Boston recruiting trip", "boston")]),
    ("reading notes", "Reading log", "study & research",
     [("chapter 4 of Thinking, Fast and Slow", "chapter 4"), ("the Piranesi ending", "piranesi"), ("the essay on scientific revolutions", "revolutions"), ("the Sapiens chapter on money", "money")]),
]
#: Addresses expense reports go to.
MEM_EXPENSE_ADDRESSES = [
    "expenses@northwindlabs.com", "travel-expenses@northwindlabs.com", "finance-ops@northwindlabs.com",
    "receipts@northwindlabs.com", "ap@northwindlabs.com", "trips@northwindlabs.com",
]
#: (trip the receipts belong to, the word an email subject must contain)
MEM_TRIPS = [
    ("the Seattle offsite", "seattle"), ("last week's New York client visit", "new york"), ("the Chicago conference", "chicago"),
    ("the Boston recruiting trip", "boston"), ("the LA vendor visit", "vendor"), ("the Denver workshop", "denver"),
    ("the Austin sales kickoff", "austin"), ("the Portland design sprint", "portland"), ("the Toronto partner summit", "toronto"),
    ("the San Diego training week", "san diego"),
]
#: (trip-prep task the owner wants a reminder for, the word its title must contain; a tuple is a set of spellings)
MEM_PREP_TASKS = [
    ("check in online", ("check in", "check-in", "checkin")), ("order a car to the airport", "car"), ("charge the noise-cancelling headphones", "headphones"),
    ("print the boarding pass", "boarding pass"), ("download offline maps", "map"), ("pack the laptop charger", "charger"),
    ("confirm the hotel", "hotel"), ("refill the travel toiletries", "toiletries"), ("set an out-of-office reply", ("out-of-office", "out of office")),
    ("water the plants", "plants"), ("charge the power bank", "power bank"), ("pack an umbrella", "umbrella"),
    ("print the meeting agenda", "agenda"), ("set the thermostat to away", "thermostat"), ("buy snacks for the flight", "snacks"),
    ("check the weather at the destination", "weather"),
]
#: Hours before departure the owner wants trip-prep reminders.
MEM_LEAD_HOURS = [2, 3, 4, 5, 6, 8, 10, 12, 24, 36, 48, 30]
#: (how the owner says a birthday, ISO date in 2026) — all after now.
MEM_BIRTHDAYS = [
    ("June 3", "2026-06-03"), ("June 9", "2026-06-09"), ("June 18", "2026-06-18"), ("June 25", "2026-06-25"),
    ("July 2", "2026-07-02"), ("July 11", "2026-07-11"), ("July 19", "2026-07-19"), ("July 28", "2026-07-28"),
    ("August 6", "2026-08-06"), ("August 15", "2026-08-15"), ("August 24", "2026-08-24"), ("September 8", "2026-09-08"),
]
#: (fact about a person as "<name> ...", the same after "they ...", the words the stored memory must contain,
#: memory categories the fact itself fits besides "people" — never "family")
MEM_PERSON_FACTS = [
    ("is allergic to shellfish", "are allergic to shellfish", ["shellfish"], ["health", "food"]),
    ("prefers email over texts", "prefer email over texts", ["email"], ["preference"]),
    ("takes oat milk in their coffee", "take oat milk in their coffee", ["oat milk"], ["food", "preference"]),
    ("is on leave until June 15", "are on leave until June 15", ["june 15"], ["work"]),
    ("works from Denver now", "work from Denver now", ["denver"], ["work"]),
    ("has a daughter named Mila", "have a daughter named Mila", ["mila"], []),
    ("is vegetarian", "are vegetarian", ["vegetarian"], ["food", "preference"]),
    ("runs marathons", "run marathons", ["marathon"], []),
    ("is moving to Portland in July", "are moving to Portland in July", ["portland"], []),
    ("only drinks decaf", "only drink decaf", ["decaf"], ["food", "preference"]),
    ("speaks fluent Portuguese", "speak fluent Portuguese", ["portuguese"], []),
    ("hates early-morning calls", "hate early-morning calls", ["morning"], ["preference"]),
    ("is a huge Warriors fan", "are a huge Warriors fan", ["warriors"], []),
    ("is learning the cello", "are learning the cello", ["cello"], []),
]
#: (start, end, how the owner says the days, days) of a protected quiet block.
MEM_QUIET_BLOCKS = [
    ("13:00", "15:00", "Mondays and Wednesdays", ["mon", "wed"]), ("09:00", "11:30", "weekdays", ["mon", "tue", "wed", "thu", "fri"]),
    ("14:00", "16:30", "Tuesdays and Thursdays", ["tue", "thu"]), ("08:00", "10:00", "Fridays", ["fri"]),
    ("19:30", "21:30", "Sundays through Thursdays", ["sun", "mon", "tue", "wed", "thu"]), ("06:30", "08:00", "weekdays", ["mon", "tue", "wed", "thu", "fri"]),
    ("15:00", "17:00", "Mondays, Wednesdays and Fridays", ["mon", "wed", "fri"]), ("20:00", "22:00", "Tuesdays and Thursdays", ["tue", "thu"]),
    ("10:00", "12:00", "Saturdays", ["sat"]), ("12:30", "14:00", "weekdays", ["mon", "tue", "wed", "thu", "fri"]),
    ("16:00", "18:00", "Thursdays", ["thu"]), ("07:00", "09:00", "weekends", ["sat", "sun"]),
]
#: Labels of routine alarms whose remembered time changed.
MEM_ALARM_LABELS = [
    ("Standup", "workplace"),
    ("School run", "family & health"),
    ("Airport shuttle", "business travel"),
    ("Lab check", "study & research"),
    ("Gym", "family & health"),
    ("Team sync", "workplace"),
    ("Study block", "study & research"),
    ("Hotel checkout", "business travel"),
    ("Invoice run", "workplace"),
    ("Dog walk", "family & health"),
    ("Office hours", "study & research"),
    ("Meds", "family & health"),
]
#: Labels the owner gives a study timer.
MEM_TIMER_LABELS = [
    "Chapter 3", "Problem set 4", "Flashcards", "Past paper", "Lecture 7 review", "Lab report", "Essay draft",
    "Practice exam", "Reading list", "Vocab drill", "Proof practice", "Homework 5",
]
#: Expense totals the owner quotes.
MEM_AMOUNTS = [
    "$412.80", "$1,209.55", "$86.40", "$733.10", "$2,045.00", "$318.25", "$964.70", "$1,587.35", "$59.90",
    "$1,120.00", "$247.65", "$805.15",
]
#: Scenarios for a spoken practice session.
MEM_PRACTICE_TOPICS = [
    "ordering at a restaurant", "small talk with clients", "asking for directions", "checking into a hotel",
    "presenting a project update", "talking about my weekend", "negotiating a price", "a doctor's visit",
    "introducing myself at a conference", "booking a train ticket", "explaining my research", "a job interview",
]
#: Practice session lengths the owner prefers (never the 15-minute default).
MEM_PRACTICE_MINUTES = [10, 20, 25, 30, 40, 45, 35, 50]
#: (gift idea, the word a reminder title must contain)
MEM_GIFTS = [
    ("a cookbook", "cookbook"), ("concert tickets", "concert"), ("a potted plant", "plant"), ("a wool scarf", "scarf"),
    ("a board game", "board game"), ("fancy chocolates", "chocolate"), ("a gift card", "gift card"),
    ("a photo book", "photo book"), ("running socks", "socks"), ("a candle set", "candle"), ("a travel mug", "mug"),
    ("a puzzle", "puzzle"),
]
#: (how the owner names a core contact, contact ID) for Do Not Disturb exceptions.
MEM_REACH = [
    ("my secretary", "contact_001"), ("Mom", "contact_006"), ("my manager", "contact_008"), ("Dr. Shah", "contact_007"),
    ("Leo", "contact_010"), ("Chris Lee", "contact_002"), ("my neighbor Samantha", "contact_009"), ("Chris Li", "contact_003"),
    ("Maya Chen", "contact_001"), ("Priya Sharma", "contact_013"), ("Sam Carter", "contact_008"), ("Alex Rivera", "contact_011"),
    ("my mom", "contact_006"), ("Leo Park", "contact_010"),
]
#: Percent levels the owner asks for (never a current level: brightness 70, media volume 60).
MEM_LEVELS = [20, 25, 30, 35, 40, 45, 50, 15, 55, 10, 65, 5, 33, 42]
#: Memory facts that change: old and new text (first person), how the owner announces the change, the
#: words the corrected memory must contain (a tuple is a set of alternatives), categories that fit, and
#: the oracle's search words.
MEM_FACTS = [
    {"key": "standup", "scenario": "workplace", "cats": ["work", "routine"], "topic": "team standup",
     "search": "team standup time", "old": "Team standup is at 9:45 on weekdays in Room 4B.",
     "new": "Team standup is at 10:15 on weekdays, on Zoom.",
     "change": "standup moved to 10:15 and it's on Zoom now", "keys": [("10:15",), ("zoom",)]},
    {"key": "yoga", "scenario": "family & health", "cats": ["health", "routine"], "topic": "yoga class",
     "search": "yoga class", "old": "My yoga class with Priya Sharma is on Tuesdays at 18:00.",
     "new": "My yoga class with Priya Sharma is on Thursdays at 19:00.",
     "change": "my yoga class moved to Thursdays at 7 pm", "keys": [("thursday",)]},
    {"key": "ktn", "scenario": "business travel", "cats": ["travel"], "topic": "Known Traveler Number",
     "search": "known traveler number", "old": "My Known Traveler Number is 98213476.",
     "new": "My Known Traveler Number is 77120934.",
     "change": "my Known Traveler Number got reissued: 77120934", "keys": [("77120934",)]},
    {"key": "committee", "scenario": "study & research", "cats": ["study", "work"],
     "topic": "thesis committee meeting", "search": "thesis committee meeting",
     "old": "My thesis committee meets on the first Monday of each month.",
     "new": "My thesis committee meets on the second Tuesday of each month.",
     "change": "my thesis committee now meets on the second Tuesday of the month",
     "keys": [("second tuesday",)]},
    {"key": "swim", "scenario": "family & health", "cats": ["family", "routine"], "topic": "Emma's swim class",
     "search": "Emma swim class", "old": "Emma's swim class is on Mondays at 17:00.",
     "new": "Emma's swim class is on Wednesdays at 16:30.",
     "change": "Emma's swim class switched to Wednesdays at 4:30", "keys": [("wednesday",), ("swim",)]},
    {"key": "parking", "scenario": "workplace", "cats": ["work", "other"], "topic": "parking spot",
     "search": "parking spot garage", "old": "My parking spot in the Northwind garage is 214 on level 2.",
     "new": "My parking spot in the Northwind garage is 518 on level 5.",
     "change": "I got moved to parking spot 518 on level 5", "keys": [("518",)]},
    {"key": "reading_group", "scenario": "study & research", "cats": ["study", "routine"],
     "topic": "reading group", "search": "reading group meets",
     "old": "The reading group meets on Thursdays at 17:30 in Room 210.",
     "new": "The reading group meets on Wednesdays at 18:00 in Room 305.",
     "change": "the reading group moved to Wednesdays at 6 pm in Room 305", "keys": [("wednesday",), ("305",)]},
    {"key": "mileage", "scenario": "business travel", "cats": ["travel"], "topic": "MileagePlus number",
     "search": "MileagePlus number", "old": "My United MileagePlus number is XY492811.",
     "new": "My United MileagePlus number is XY771004.",
     "change": "United merged my accounts, so my MileagePlus number is XY771004 now", "keys": [("xy771004",)]},
    {"key": "desk", "scenario": "workplace", "cats": ["work", "other"], "topic": "desk",
     "search": "desk floor office", "old": "My desk at Northwind Labs is 4-112 on the fourth floor.",
     "new": "My desk at Northwind Labs is 6-031 on the sixth floor.",
     "change": "we moved floors, so my desk is 6-031 on six now", "keys": [("6-031",)]},
    {"key": "dentist", "scenario": "family & health", "cats": ["health"], "topic": "dentist",
     "search": "dentist", "old": "My dentist is Dr. Alvarez at Bay Dental on Sutter St.",
     "new": "My dentist is Dr. Okoye at Smile Studio on Valencia St.",
     "change": "I switched dentists to Dr. Okoye at Smile Studio", "keys": [("okoye",)]},
    {"key": "car_service", "scenario": "business travel", "cats": ["travel", "preference"],
     "topic": "ride to SFO", "search": "ride to SFO airport", "old": "For rides to SFO I book Bay Town Car.",
     "new": "For rides to SFO I take BART from 16th St Mission.",
     "change": "I'm done with Bay Town Car and take BART to SFO now", "keys": [("bart",)]},
    {"key": "tutor", "scenario": "study & research", "cats": ["study", "routine"],
     "topic": "Spanish tutoring sessions", "search": "Spanish tutor sessions",
     "old": "My Spanish tutoring sessions are on Saturdays at 9:00.",
     "new": "My Spanish tutoring sessions are on Sundays at 10:00.",
     "change": "Spanish tutoring is on Sundays at 10 now", "keys": [("sunday",)]},
    {"key": "pediatrician", "scenario": "family & health", "cats": ["health", "family"],
     "topic": "Emma's pediatrician", "search": "Emma pediatrician",
     "old": "Emma's pediatrician is Dr. Lin at Castro Kids Clinic.",
     "new": "Emma's pediatrician is Dr. Haddad at Noe Pediatrics.",
     "change": "Emma has a new pediatrician, Dr. Haddad at Noe Pediatrics", "keys": [("haddad",)]},
    {"key": "expenses", "scenario": "workplace", "cats": ["work"], "topic": "expense report deadline",
     "search": "expense report deadline", "old": "Expense reports are due on the 5th of each month.",
     "new": "Expense reports are due on the 3rd of each month.",
     "change": "finance moved the expense report deadline to the 3rd", "keys": [("3rd", "third")]},
    {"key": "lab_meeting", "scenario": "study & research", "cats": ["study", "work", "routine"],
     "topic": "lab meeting", "search": "lab meeting", "old": "Lab meeting is on Fridays at 14:00.",
     "new": "Lab meeting is on Fridays at 11:00.", "change": "lab meeting moved to 11 on Fridays",
     "keys": [("11",)]},
    {"key": "passport", "scenario": "business travel", "cats": ["travel"], "topic": "passport",
     "search": "passport expires", "old": "My passport expires in March 2027.",
     "new": "My passport was renewed and expires in April 2036.",
     "change": "my passport got renewed and is good until April 2036", "keys": [("2036",)]},
    {"key": "oncall", "scenario": "workplace", "cats": ["work"], "topic": "on-call week",
     "search": "on-call week", "old": "My on-call week is the first week of each month.",
     "new": "My on-call week is the last week of each month.",
     "change": "my on-call rotation is the last week of each month now", "keys": [("last week",)]},
    {"key": "pharmacy", "scenario": "family & health", "cats": ["health", "other"], "topic": "pharmacy",
     "search": "pharmacy prescriptions", "old": "I fill prescriptions at the CVS on Castro St.",
     "new": "I fill prescriptions at the Walgreens on 24th St.",
     "change": "I moved my prescriptions to the Walgreens on 24th", "keys": [("walgreens",)]},
    {"key": "meal", "scenario": "business travel", "cats": ["travel", "food", "preference"], "topic": "in-flight meal",
     "search": "in-flight meal flights", "old": "On long flights I order the vegetarian meal.",
     "new": "On long flights I order the gluten-free meal.",
     "change": "I need the gluten-free meal on long flights now", "keys": [("gluten",)]},
    {"key": "deadline", "scenario": "study & research", "cats": ["study", "work"], "topic": "paper deadline",
     "search": "paper submission deadline", "old": "The workshop paper is due on June 12.",
     "new": "The workshop paper is due on June 26.",
     "change": "the workshop extended the paper deadline to June 26", "keys": [("june 26",)]},
    {"key": "physio", "scenario": "family & health", "cats": ["health", "family"], "topic": "mom's physio",
     "search": "mom physio appointments", "old": "Mom's physio appointments are on Mondays at 15:00.",
     "new": "Mom's physio appointments are on Fridays at 15:00.", "change": "Mom's physio moved to Fridays",
     "keys": [("friday",)]},
    {"key": "laptop", "scenario": "workplace", "cats": ["work", "other"], "topic": "work laptop",
     "search": "work laptop asset tag", "old": "My work laptop's asset tag is NW-2231.",
     "new": "My work laptop's asset tag is NW-4410.",
     "change": "IT swapped my laptop and the new asset tag is NW-4410", "keys": [("nw-4410",)]},
    {"key": "course", "scenario": "study & research", "cats": ["study"], "topic": "online ML course",
     "search": "online course ends", "old": "My online machine learning course ends in June.",
     "new": "My online machine learning course ends in August.",
     "change": "my online ML course got extended to August", "keys": [("august",)]},
    {"key": "lounge", "scenario": "business travel", "cats": ["travel", "preference"],
     "topic": "airport lounge", "search": "airport lounge membership",
     "old": "I have lounge access through the Priority Pass card.",
     "new": "I have lounge access through the United Club membership.",
     "change": "I dropped Priority Pass and got a United Club membership", "keys": [("united club",)]},
]
# fmt: on


def _memory_pools() -> dict[str, list[Any]]:
    t = load_world("M").tables
    # Contacts that exist at every world size (contact_015 .. contact_060), grouped by who they plausibly are.
    shared = [c for c in t["contacts"].values() if "contact_015" <= c["id"] <= "contact_060"]
    work = [c for c in shared if c["company"] == "Northwind Labs"]
    home = [
        c
        for c in shared
        if c["company"] != "Northwind Labs" and c["relation"] in ("friend", "acquaintance", "")
    ]
    study = [
        c
        for c in shared
        if c["relation"] == "classmate" or (c["relation"] == "friend" and c["company"] != "Northwind Labs")
    ]
    return {
        "mem_work_people": work,
        "mem_home_people": home,
        "mem_study_people": study,
        "mem_emailable_work": [c for c in work if c["email"]],
        "mem_emailable_study": [c for c in study if c["email"]],
        "mem_roles_work": MEM_ROLES_WORK,
        "mem_roles_family": MEM_ROLES_FAMILY,
        "mem_roles_emergency": MEM_ROLES_EMERGENCY,
        "mem_roles_study": MEM_ROLES_STUDY,
        "mem_roles_travel": MEM_ROLES_TRAVEL,
        "mem_meds": MEM_MEDS,
        "mem_day_sets": MEM_DAY_SETS,
        "mem_subjects": MEM_SUBJECTS,
        "mem_study_places": MEM_STUDY_PLACES,
        "mem_meetings": MEM_MEETINGS,
        "mem_study_meetings": MEM_STUDY_MEETINGS,
        "mem_rooms": MEM_ROOMS,
        "mem_minutes": MEM_MINUTES,
        "mem_meeting_minutes": MEM_MEETING_MINUTES,
        "mem_days": MEM_DAYS,
        "mem_hours": MEM_HOURS,
        "mem_sound_spots": MEM_SOUND_SPOTS,
        "mem_stream_levels": MEM_STREAM_LEVELS,
        "mem_purposes": MEM_PURPOSES,
        "mem_activities": MEM_ACTIVITIES,
        "mem_languages": MEM_LANGUAGES,
        "mem_note_kinds": MEM_NOTE_KINDS,
        "mem_expense_addresses": MEM_EXPENSE_ADDRESSES,
        "mem_trips": MEM_TRIPS,
        "mem_prep_tasks": MEM_PREP_TASKS,
        "mem_lead_hours": MEM_LEAD_HOURS,
        "mem_birthdays": MEM_BIRTHDAYS,
        "mem_person_facts": MEM_PERSON_FACTS,
        "mem_quiet_blocks": MEM_QUIET_BLOCKS,
        "mem_alarm_labels": MEM_ALARM_LABELS,
        "mem_facts": MEM_FACTS,
        "mem_timer_labels": MEM_TIMER_LABELS,
        "mem_amounts": MEM_AMOUNTS,
        "mem_practice_topics": MEM_PRACTICE_TOPICS,
        "mem_practice_minutes": MEM_PRACTICE_MINUTES,
        "mem_gifts": MEM_GIFTS,
        "mem_reach": MEM_REACH,
        "mem_levels": MEM_LEVELS,
        "mem_core_flights": [t["flights"][f"flight_{i:03d}"] for i in range(10, 17)],
        "mem_core_hotels": [
            h
            for h in t["hotels"].values()
            if h["id"] <= "hotel_099"
            and any(r["quiet"] and r["high_floor"] and r["count"] > 0 for r in h["rooms"].values())
        ],
    }


# --------------------------------------------------------------------------- Apps & Storage, Security & Privacy
# fmt: off
#: (app_id, app name, role, how the user names the role, the default app S0 sets first or None)
APPS_DEFAULT_CHOICES = [
    ("chrome", "Chrome", "browser", "browser", None), ("outlook", "Outlook", "email", "email app", None),
    ("firefox", "Firefox", "browser", "browser", None), ("waze", "Waze", "maps", "maps app", None),
    ("signal", "Signal", "sms", "texting app", None),
    ("browser", "the built-in Browser app", "browser", "browser", "chrome"),
    ("messages", "the Messages app", "sms", "texting app", "signal"),
    ("mail", "the built-in Mail app", "email", "email app", "outlook"),
    ("maps", "the Maps app", "maps", "maps app", "waze"), ("chrome", "Chrome", "browser", "browser", "firefox"),
    ("browser", "the stock Browser app", "browser", "browser", "firefox"),
    ("firefox", "Firefox", "browser", "browser", "chrome"),
]
#: (file_id, how the user names the file, a list_files query that finds it)
APPS_NAMED_FILES = [
    ("file_001", "the Q2 revenue report", "revenue"), ("file_002", "the kitchen remodel quote", "kitchen"),
    ("file_003", "Emma's summer camp forms", "camp"), ("file_004", "my passport scan", "passport"),
    ("file_005", "the UA1532 flight confirmation", "UA1532"), ("file_006", "the New York hotel confirmation", "hotel"),
    ("file_007", "the Northwind employee handbook", "handbook"), ("file_008", "my résumé", "resume"),
    ("file_009", "my 2025 tax return", "tax"), ("file_010", "the lease agreement", "lease"),
    ("file_013", "the design review voice notes", "design_review"), ("file_018", "the Northwind podcast episode 42", "podcast"),
    ("file_019", "Emma's dance recital video", "recital"),
]
#: (index into a list the assistant gave, how the user says it)
APPS_ORDINALS = [(0, "first"), (1, "second"), (2, "third"), (3, "fourth"), (4, "fifth")]
#: Sensitive permissions a user names: (permission, word)
APPS_PERMISSION_WORDS = [
    ("CAMERA", "camera"), ("MICROPHONE", "microphone"), ("LOCATION", "location"), ("CONTACTS", "contacts"),
    ("CALENDAR", "calendar"), ("PHOTOS_VIDEOS", "photos and videos"), ("SMS", "SMS"), ("PHONE", "phone call"),
    ("NOTIFICATIONS", "notification"), ("MUSIC_AUDIO", "music and audio"), ("NEARBY_DEVICES", "nearby devices"),
]
#: (seconds, how the user says it)
SEC_LOCK_TIMEOUTS = [
    (0, "immediately"), (5, "after 5 seconds"), (15, "after 15 seconds"), (60, "after a minute"),
    (120, "after 2 minutes"), (300, "after 5 minutes"), (600, "after 10 minutes"), (1800, "after half an hour"),
]
#: Lock timeouts the phone does not offer: (seconds, how the user says it)
SEC_BAD_TIMEOUTS = [
    (45, "45 seconds"), (20, "20 seconds"), (90, "a minute and a half"), (180, "3 minutes"), (240, "4 minutes"),
    (420, "7 minutes"), (900, "15 minutes"), (1200, "20 minutes"), (2700, "45 minutes"), (3600, "an hour"),
    (10, "10 seconds"), (480, "8 minutes"),
]
SEC_NEW_PINS = ["5831", "2580", "7316", "9042", "1468", "6205", "3971", "8154", "4402", "7760", "2193", "5519"]
SEC_WRONG_VAULT_PINS = ["1375", "3157", "1537", "7531", "1337", "2468", "1234", "5731", "1358", "0000"]
#: (fingerprint label, words a correct label contains)
SEC_FINGERS = [
    ("Left thumb", ["left", "thumb"]), ("Left index finger", ["left", "index"]),
    ("Right index finger", ["right", "index"]), ("Left middle finger", ["left", "middle"]),
    ("Right middle finger", ["right", "middle"]), ("Left ring finger", ["left", "ring"]),
    ("Right ring finger", ["right", "ring"]), ("Right pinky", ["right", "pinky"]), ("Left pinky", ["left", "pinky"]),
]
#: (SOS message, words the alert must contain)
SEC_SOS_MESSAGES = [
    ("I've been in a car accident on I-280, I'm OK but need a ride", ["accident"]),
    ("I twisted my ankle on the trail and can't walk", ["ankle"]),
    ("my car broke down on the Bay Bridge", ["broke down"]), ("I'm feeling faint, please come to my office", ["faint"]),
    ("I'm stranded at the Caltrain station with a dead wallet", ["caltrain"]),
    ("there's a gas leak in my building, I'm outside", ["gas leak"]),
    ("I'm locked out and it's getting dark", ["locked out"]), ("I fell off my bike near Golden Gate Park", ["bike"]),
    ("I'm stuck in an elevator at work", ["elevator"]), ("I got hurt at the gym and I'm heading to urgent care", ["urgent care"]),
    ("I'm having chest pains at the office", ["chest"]), ("someone is following me near Union Square", ["following"]),
    ("my kayak flipped at Crissy Field, I'm cold but safe", ["kayak"]), ("I cut my hand badly in the kitchen", ["hand"]),
]
#: (lock type, secret, how the user says it)
SEC_NEW_SECRETS = [
    ("pin", "2580", "PIN 2580"), ("password", "Harbor22", "password Harbor22"), ("pin", "7316", "PIN 7316"),
    ("password", "maple-fox9", "password maple-fox9"), ("pin", "904215", "PIN 904215"),
    ("password", "Tide77sun", "password Tide77sun"), ("pin", "1468", "PIN 1468"), ("pin", "5519", "PIN 5519"),
    ("password", "quartz-owl4", "password quartz-owl4"), ("pin", "6205", "PIN 6205"),
    ("pin", "3971", "PIN 3971"), ("password", "Lantern8bay", "password Lantern8bay"),
]
#: (contact_id, how the user names them, a search_contacts query)
SEC_SOS_PEOPLE = [
    ("contact_001", "my secretary", "secretary"), ("contact_005", "my daughter", "daughter"),
    ("contact_007", "my doctor", "doctor"), ("contact_008", "my boss", "boss"), ("contact_009", "my neighbor", "neighbor"),
    ("contact_005", "Emma", "Emma"), ("contact_008", "my manager", "manager"), ("contact_001", "Maya", "Maya Chen"),
    ("contact_010", "Leo from the gym", "Leo Park"), ("contact_007", "Dr. Shah", "Priya Shah"),
]
#: (permission, hours, how the user says the window)
SEC_DASHBOARD_WINDOWS = [
    ("CAMERA", 24, "in the last 24 hours"), ("MICROPHONE", 24, "in the last day"),
    ("CAMERA", 72, "over the last three days"), ("MICROPHONE", 72, "in the past 3 days"),
    ("LOCATION", 6, "in the last 6 hours"), ("MICROPHONE", 168, "this past week"),
    ("LOCATION", 12, "in the last 12 hours"), ("CAMERA", 168, "over the past week"),
    ("LOCATION", 8, "in the last 8 hours"), ("MICROPHONE", 48, "in the last two days"),
]
#: Look-backs beyond the privacy dashboard's 7 days: (hours, how the user says it)
SEC_TOO_FAR = [
    (720, "in the last month"), (336, "over the past two weeks"), (720, "in the past 30 days"),
    (504, "in the last three weeks"), (240, "in the last 10 days"), (480, "over the past 20 days"),
    (2160, "in the last three months"), (8760, "this past year"),
]
# fmt: on


def _apps_security_pools() -> dict[str, list[Any]]:
    t = load_world("M").tables
    apps = [a for a in t["apps"].values() if "system" in a]
    third = [a for a in apps if not a["system"]]
    store = t["store_apps"]
    new = [s for s in store.values() if s["id"] not in t["apps"]]
    notif_count: dict[str, int] = {}
    for n in t["notifications"].values():
        notif_count[n["app_id"]] = notif_count.get(n["app_id"], 0) + 1
    perms = ("CAMERA", "MICROPHONE", "LOCATION", "CONTACTS")
    words: dict[str, list[str]] = {}
    for a in third:
        words.setdefault(a["name"].split()[-1].lower(), []).append(a["id"])
    taken = {(f["folder"], f["name"]) for f in t["files"].values() if not f["trashed"]}
    gen_files = [
        (f["id"], f["name"], f["name"].rsplit(".", 1)[0])
        for f in t["files"].values()
        if f["id"] >= "file_101"
        and f["folder"] in ("Documents", "Downloads")
        and not f["trashed"]
        and sum(1 for k in taken if k[1] == f["name"]) == 1
    ][:40]
    vault = [e for e in t["vault_entries"].values() if not e["title"].startswith("Google")]
    return {
        "apps_installed": third,
        "apps_store_new": [s for s in new if s["compatible"] and s["size_mb"] <= 1300],
        "apps_incompatible": [s for s in new if not s["compatible"]],
        "apps_updatable": [a for a in apps if a["id"] in store and store[a["id"]]["version"] != a["version"]],
        "apps_system": [a for a in apps if a["system"]],
        "apps_granted_perms": [
            {"id": f"{a['id']}:{p}", "app_id": a["id"], "name": a["name"], "permission": p}
            for a in third
            for p in perms
            if a["permissions"].get(p)
        ],
        "apps_cached": [a for a in third if a["cache_mb"] >= 40],
        "apps_muted": [a for a in third if not a["notifications"]],
        "apps_notifying": [a for a in third if a["notifications"] and notif_count.get(a["id"], 0) >= 1],
        "apps_shade_notifs": [
            n
            for n in t["notifications"].values()
            if n["id"] < "notif_100" and not t["apps"][n["app_id"]].get("system", True)
        ],
        "apps_named_files": APPS_NAMED_FILES + gen_files,
        "apps_default_choices": APPS_DEFAULT_CHOICES,
        "apps_ordinals": APPS_ORDINALS,
        "apps_permission_words": APPS_PERMISSION_WORDS,
        "apps_ambiguous_words": sorted(w for w, ids in words.items() if len(ids) >= 2),
        "sec_lock_timeouts": SEC_LOCK_TIMEOUTS,
        "sec_bad_timeouts": SEC_BAD_TIMEOUTS,
        "sec_new_pins": SEC_NEW_PINS,
        "sec_wrong_vault_pins": SEC_WRONG_VAULT_PINS,
        "sec_fingers": SEC_FINGERS,
        "sec_sos_messages": SEC_SOS_MESSAGES,
        "sec_new_secrets": SEC_NEW_SECRETS,
        "sec_sos_people": SEC_SOS_PEOPLE,
        "sec_dashboard_windows": SEC_DASHBOARD_WINDOWS,
        "sec_too_far": SEC_TOO_FAR,
        "sec_lockable_apps": [a for a in third if a["id"] not in t["app_locks"]],
        "sec_vault_items": vault,
    }


# --- Travel & Lifestyle and Utilities & Productivity pools
# fmt: off
TRAVEL_STAYS = [
    ("2026-05-29", "2026-05-31"), ("2026-06-01", "2026-06-03"), ("2026-06-02", "2026-06-05"),
    ("2026-06-04", "2026-06-06"), ("2026-06-05", "2026-06-07"), ("2026-06-08", "2026-06-10"),
    ("2026-06-09", "2026-06-12"), ("2026-06-10", "2026-06-12"), ("2026-06-11", "2026-06-14"),
    ("2026-06-12", "2026-06-14"), ("2026-05-22", "2026-05-24"), ("2026-05-23", "2026-05-25"),
    ("2026-05-29", "2026-06-01"), ("2026-06-03", "2026-06-04"), ("2026-06-06", "2026-06-08"),
    ("2026-06-13", "2026-06-15"), ("2026-05-21", "2026-05-23"), ("2026-06-07", "2026-06-09"),
]
#: (how the user names a Wallet card for a payment code, card id)
TRAVEL_PAY_CARDS = [
    ("my Amex", "card_002"), ("my Chase Sapphire", "card_001"), ("my Clipper card", "card_004"),
    ("the corporate Amex", "card_002"), ("the Visa ending in 4242", "card_001"), ("Clipper", "card_004"),
    ("the card ending 1005", "card_002"), ("my Sapphire card", "card_001"), ("my transit card", "card_004"),
    ("the work Amex", "card_002"), ("the Chase card", "card_001"), ("the Clipper transit card", "card_004"),
]
#: (how the user names a card to book with, card id, the card's name)
TRAVEL_BOOK_CARDS = [
    ("the Amex", "card_002", "Northwind Labs Corporate Amex"), ("my Chase Sapphire", "card_001", "Chase Sapphire Visa"),
    ("the corporate card", "card_002", "Northwind Labs Corporate Amex"), ("the Visa ending 4242", "card_001", "Chase Sapphire Visa"),
    ("my work Amex", "card_002", "Northwind Labs Corporate Amex"), ("the Sapphire card", "card_001", "Chase Sapphire Visa"),
    ("the card ending in 1005", "card_002", "Northwind Labs Corporate Amex"), ("my personal Visa", "card_001", "Chase Sapphire Visa"),
]
#: (how the user names an unusable card, card id, what is wrong with it)
TRAVEL_BAD_CARDS = [
    ("my debit card", "card_003", "expired"), ("my Citi card", "card_005", "locked"),
    ("the Wells Fargo card", "card_003", "expired"), ("the Mastercard", "card_005", "locked"),
    ("the card ending 7781", "card_003", "expired"), ("my Double Cash card", "card_005", "locked"),
    ("the Wells Fargo debit", "card_003", "expired"), ("the card ending in 5100", "card_005", "locked"),
]
#: S0 delay (minutes) and gate for a tracked flight
TRAVEL_DELAY_GATES = [
    (0, "B22"), (15, "C7"), (0, "F4"), (35, "D11"), (20, "A9"), (0, "E3"), (45, "B14"), (10, "F18"),
    (0, "C2"), (25, "A16"), (50, "D5"), (0, "B8"), (40, "E12"), (0, "F21"), (55, "C19"), (30, "A4"),
]
#: (what the user calls a core SF place, place id)
TRAVEL_SF_PLACES = [
    ("the Ferry Building", "place_010"), ("Tartine", "place_003"), ("Dolores Park", "place_011"),
    ("the office", "place_001"), ("Golden Gate Park", "place_012"), ("Nopa", "place_006"),
    ("Equinox SoMa", "place_008"), ("Blue Bottle", "place_007"), ("the Exploratorium", "place_attr_007"),
    ("Mission Family Clinic", "place_009"), ("SFO", "place_002"), ("Bay Dental", "place_004"),
    ("the California Academy of Sciences", "place_attr_006"), ("Lincoln Elementary", "place_005"),
    ("Emeryville Station", "place_013"), ("Union Square Grand", "place_hotel_006"),
    ("Northwind Labs", "place_001"), ("Alcatraz Island Tour", "place_attr_005"),
]
#: (what the user calls a place in another city, place id)
TRAVEL_FAR_PLACES = [
    ("Pike Place Market", "place_020"), ("Times Square", "place_018"), ("Penn Station", "place_017"),
    ("Hudson Partners", "place_014"), ("the Space Needle", "place_attr_008"), ("Griffith Observatory", "place_attr_010"),
    ("Top of the Rock", "place_attr_002"), ("Logan airport", "place_022"), ("the Museum of Pop Culture", "place_attr_009"),
    ("Santa Monica Shores", "place_hotel_007"), ("the Greenwich Arms", "place_hotel_003"), ("O'Hare", "place_023"),
]
#: (upcoming core event, how the user refers to it)
TRAVEL_NAV_EVENTS = [
    ("event_002", "my dentist appointment tomorrow"), ("event_003", "Emma's school play"),
    ("event_005", "my lunch with Chris Lee"), ("event_012", "dinner with my spouse on Saturday"),
    ("event_009", "my check-up with my doctor"), ("event_013", "coffee with my college friend tomorrow"),
    ("event_001", "my weekly sync with my manager"), ("event_003", "my daughter's school play on Friday"),
    ("event_006", "the design review this afternoon"), ("event_002", "the dentist"),
    ("event_012", "my dinner with Jordan"), ("event_005", "today's lunch at Tartine"),
    ("event_014", "my 1:1 with my secretary tomorrow"), ("event_009", "my appointment with Dr. Shah"),
    ("event_015", "Friday's sprint retro"), ("event_013", "coffee with Chris Li"),
]
#: (flight booking, how the user names it, a replacement flight the same day)
TRAVEL_FLIGHT_SWITCHES = [
    ("booking_002", "my flight back from New York", "flight_008"), ("booking_001", "my flight to New York", "flight_004"),
    ("booking_002", "my return flight", "flight_009"), ("booking_001", "my outbound flight to NYC", "flight_121"),
    ("booking_002", "the flight home from JFK", "flight_207"), ("booking_001", "the New York flight next Tuesday", "flight_006"),
    ("booking_002", "my flight home on the 28th", "flight_208"), ("booking_001", "my flight to JFK", "flight_120"),
    ("booking_002", "my JFK to SFO flight", "flight_008"), ("booking_001", "my SFO to JFK flight", "flight_119"),
    ("booking_002", "the return leg of my New York trip", "flight_009"), ("booking_001", "the first leg of my New York trip", "flight_004"),
]
TRAVEL_TICKET_COUNTS = [2, 3, 1, 4, 2, 5, 3, 1, 2, 6, 4, 2]
TRAVEL_LATE_DAYS = [
    "2026-06-08", "2026-06-12", "2026-06-15", "2026-06-20", "2026-06-10", "2026-06-18", "2026-06-25", "2026-07-04",
    "2026-06-09", "2026-06-14", "2026-06-27", "2026-07-01",
]
TRAVEL_TOO_MANY = [10, 12, 15, 11, 14, 20, 16, 13]
#: Bookings a task can add to S0: (id, kind, item, title, city, start, end, details, quantity, amount, card,
#: how the user names it)
TRAVEL_EXTRA_BOOKINGS = [
    ("booking_201", "hotel", "hotel_004", "Pike Place Suites", "Seattle", "2026-06-10T15:00:00", "2026-06-12T11:00:00",
     {"room_type": "quiet_king", "nights": 2, "confirmation": "PQ4K7M"}, 1, 530, "card_001",
     ("my hotel in Seattle", "the Pike Place Suites booking")),
    ("booking_202", "hotel", "hotel_008", "Back Bay Court", "Boston", "2026-06-01T15:00:00", "2026-06-03T11:00:00",
     {"room_type": "standard_queen", "nights": 2, "confirmation": "BB2Q9T"}, 1, 458, "card_002",
     ("my Boston hotel", "the Back Bay Court reservation")),
    ("booking_203", "hotel", "hotel_007", "Santa Monica Shores", "Los Angeles", "2026-06-03T15:00:00",
     "2026-06-05T11:00:00", {"room_type": "ocean_king", "nights": 2, "confirmation": "SM8K3W"}, 1, 698, "card_001",
     ("the hotel in Santa Monica", "my LA hotel")),
    ("booking_204", "hotel", "hotel_009", "Loop Tower Hotel", "Chicago", "2026-06-08T15:00:00", "2026-06-10T11:00:00",
     {"room_type": "high_floor_king", "nights": 2, "confirmation": "LT5H2R"}, 1, 478, "card_002",
     ("my Chicago hotel", "the Loop Tower room")),
    ("booking_205", "train", "train_001", "Capitol Corridor 527 San Francisco→Sacramento", "Sacramento",
     "2026-05-22T08:10:00", "2026-05-22T10:05:00", {"train_number": "527", "confirmation": "CC7S4P"}, 1, 32, "card_001",
     ("my train to Sacramento on Friday", "the Capitol Corridor ticket")),
    ("booking_206", "train", "train_005", "Coast Starlight 11 San Francisco→Los Angeles", "Los Angeles",
     "2026-06-03T08:35:00", "2026-06-03T20:05:00", {"train_number": "11", "confirmation": "CS3L8N"}, 2, 128, "card_001",
     ("the Coast Starlight tickets", "my train to LA")),
    ("booking_207", "attraction", "attr_008", "Space Needle", "Seattle", "2026-06-11T10:00:00", "2026-06-11T11:00:00",
     {"visit_date": "2026-06-11", "confirmation": "SN6V2D"}, 2, 70, "card_001",
     ("the Space Needle tickets", "our Space Needle visit")),
    ("booking_208", "attraction", "attr_002", "Top of the Rock", "New York", "2026-05-27T09:00:00", "2026-05-27T10:00:00",
     {"visit_date": "2026-05-27", "confirmation": "TR9R4X"}, 2, 80, "card_002",
     ("the Top of the Rock tickets", "my Top of the Rock visit")),
    ("booking_209", "attraction", "attr_010", "Griffith Observatory", "Los Angeles", "2026-06-04T12:00:00",
     "2026-06-04T14:00:00", {"visit_date": "2026-06-04", "confirmation": "GO2B7K"}, 3, 0, "card_001",
     ("the Griffith Observatory visit", "our Griffith Observatory reservation")),
    ("booking_210", "attraction", "attr_001", "Museum of Modern Art (MoMA)", "New York", "2026-05-27T10:30:00",
     "2026-05-27T13:00:00", {"visit_date": "2026-05-27", "confirmation": "MM4A6Z"}, 1, 30, "card_002",
     ("my MoMA ticket", "the MoMA visit")),
    ("booking_211", "hotel", "hotel_003", "The Greenwich Arms", "New York", "2026-05-26T15:00:00", "2026-05-28T11:00:00",
     {"room_type": "deluxe_king", "nights": 2, "confirmation": "GA7D3Q"}, 1, 820, "card_002",
     ("my New York hotel", "the Greenwich Arms booking")),
    ("booking_212", "attraction", "attr_009", "Museum of Pop Culture", "Seattle", "2026-06-11T10:00:00",
     "2026-06-11T12:00:00", {"visit_date": "2026-06-11", "confirmation": "PC5M8H"}, 2, 66, "card_001",
     ("the MoPOP tickets", "the Museum of Pop Culture visit")),
]
UTIL_NEW_NOTES = [  # (title, folder, body, keywords a correct body must contain)
    ("Packing list - Seattle", "Travel", "Rain jacket, hiking boots, phone charger", ["rain jacket", "hiking boots"]),
    ("Birthday party ideas", "Family", "Bouncy castle, taco bar, piñata", ["taco bar", "piñata"]),
    ("Offsite agenda", "Work", "Roadmap review, team dinner, hiking trip", ["roadmap", "team dinner"]),
    ("Garden to-do", "Notes", "Plant tomatoes, fix the hose, buy mulch", ["tomatoes", "mulch"]),
    ("Car maintenance", "Notes", "Oil change at 45k miles, rotate tires", ["oil change", "rotate tires"]),
    ("Podcast ideas", "Notes", "Interview Leo about climbing, episode on remote work", ["climbing", "remote work"]),
    ("Hiring questions", "Work", "System design round, culture fit, salary range", ["system design", "salary"]),
    ("Weekend in LA", "Travel", "Griffith Observatory, Santa Monica pier, tacos", ["griffith", "santa monica"]),
    ("Summer camp options", "Family", "Science camp in July, swim lessons, art week", ["science camp", "swim"]),
    ("Home repairs", "Notes", "Leaky faucet, squeaky door, repaint the fence", ["faucet", "fence"]),
    ("Recipes to try", "Notes", "Shakshuka, miso salmon, lemon bars", ["shakshuka", "miso salmon"]),
    ("Q3 goals", "Work", "Ship the mobile app, hire two engineers, cut cloud costs", ["mobile app", "cloud costs"]),
    ("Anniversary plans", "Family", "Dinner at Nopa, sunset walk, flowers", ["nopa", "flowers"]),
    ("Boston trip", "Travel", "Freedom Trail, Fenway tour, clam chowder", ["freedom trail", "fenway"]),
    ("Movies to watch", "Notes", "Dune Part Two, Past Lives, Oppenheimer", ["dune", "past lives"]),
    ("Budget ideas", "Notes", "Cancel unused subscriptions, meal prep on Sundays", ["subscriptions", "meal prep"]),
]
UTIL_NOTE_APPENDS = [  # (note id, how the user names the note, search word, item to add)
    ("note_004", "my grocery list", "grocery", "oat milk"), ("note_001", "my New York packing list", "packing", "sunscreen"),
    ("note_002", "Emma's gift ideas", "gift", "a Lego set"), ("note_006", "my book recommendations", "book", "Tomorrow, and Tomorrow, and Tomorrow"),
    ("note_004", "the shopping list", "grocery", "avocados"), ("note_001", "the packing list for my trip", "packing", "a travel adapter"),
    ("note_002", "my gift list for my daughter", "gift", "a kite"), ("note_003", "my Q2 planning note", "planning", "Offsite venue shortlist"),
    ("note_004", "the grocery note", "grocery", "sourdough bread"), ("note_001", "my packing list", "packing", "noise-cancelling headphones"),
    ("note_006", "the book list", "book", "Piranesi"), ("note_003", "the Q2 planning ideas", "planning", "Budget review with Sam"),
    ("note_004", "my groceries", "grocery", "greek yogurt"), ("note_002", "the gift ideas for Emma", "gift", "a telescope"),
    ("note_006", "my list of book recommendations", "book", "The Midnight Library"), ("note_001", "the NYC packing list", "packing", "a rain jacket"),
]
#: (what the user calls a page, its canonical URL)
UTIL_SITES = [
    ("moma.org", "https://www.moma.org"), ("Hacker News", "https://news.ycombinator.com"),
    ("github.com", "https://github.com"), ("amtrak.com", "https://www.amtrak.com"),
    ("the BART schedules page", "https://www.bart.gov/schedules"), ("weather.gov", "https://www.weather.gov"),
    ("nytimes.com", "https://www.nytimes.com"), ("the Golden Gate Bridge page on Wikipedia", "https://en.wikipedia.org/wiki/golden_gate_bridge"),
    ("the Hudson Partners website", "https://www.hudsonpartners.com"), ("the company intranet", "https://intranet.northwindlabs.com"),
    ("the MoMA website", "https://www.moma.org"), ("news.ycombinator.com", "https://news.ycombinator.com"),
    ("the Amtrak site", "https://www.amtrak.com"), ("bart.gov/schedules", "https://www.bart.gov/schedules"),
    ("the National Weather Service site", "https://www.weather.gov"), ("the banana bread recipe on Allrecipes", "https://www.allrecipes.com/recipe/banana-bread"),
    ("hudsonpartners.com", "https://www.hudsonpartners.com"), ("the United website", "https://www.united.com"),
    ("GitHub", "https://github.com"), ("google.com", "https://www.google.com"),
]
UTIL_BOOKMARK_FOLDERS = ["Travel", "Work", "Reading", "Recipes", "News", "Family", "Kids", "Dev", "Home", "Fun"]
#: (bill in dollars, tip percent) whose tip and total come out in whole cents
UTIL_TIPS = [
    ("84.50", 18), ("62.40", 20), ("47.80", 15), ("36.40", 20), ("38.60", 25), ("95.50", 18), ("71.20", 20),
    ("142.80", 15), ("29.40", 25), ("66.50", 18), ("88.80", 20), ("54.60", 20), ("43.20", 15), ("76.40", 20),
    ("158.50", 18), ("92.60", 20), ("64.80", 20), ("123.50", 22), ("58.40", 20), ("47.50", 18), ("82.60", 20),
    ("118.40", 20), ("26.80", 15), ("99.60", 20), ("68.40", 20), ("52.80", 20), ("134.40", 20), ("41.60", 15),
]
#: (value, from unit as said, from unit argument, to unit as said, to unit argument)
UTIL_CONVERSIONS = [
    (26.2, "miles", "mi", "kilometers", "km"), (72, "degrees Fahrenheit", "F", "Celsius", "C"),
    (5, "kilometers", "km", "miles", "mi"), (180, "pounds", "lb", "kilograms", "kg"),
    (2, "cups", "cup", "milliliters", "ml"), (12, "inches", "in", "centimeters", "cm"),
    (80, "euros", "EUR", "US dollars", "USD"), (350, "degrees Fahrenheit", "F", "Celsius", "C"),
    (6, "feet", "ft", "meters", "m"), (3, "gallons", "gal", "liters", "l"),
    (500, "grams", "g", "ounces", "oz"), (100, "kilometers per hour", "km/h", "miles per hour", "mph"),
    (50, "British pounds", "GBP", "US dollars", "USD"), (10000, "yen", "JPY", "US dollars", "USD"),
    (25, "degrees Celsius", "C", "Fahrenheit", "F"), (1500, "square feet", "ft2", "square meters", "m2"),
    (64, "gigabytes", "GB", "megabytes", "MB"), (3, "tablespoons", "tbsp", "teaspoons", "tsp"),
    (200, "US dollars", "USD", "Canadian dollars", "CAD"), (42, "kilometers", "km", "miles", "mi"),
    (2.5, "acres", "acre", "square meters", "m2"), (8, "ounces", "oz", "grams", "g"),
]
#: (value, an unsupported unit or currency as said, a supported one as said)
UTIL_BAD_UNITS = [
    (3, "furlongs", "meters"), (10, "cubits", "feet"), (2, "light-years", "kilometers"), (5, "bushels", "liters"),
    (12, "carats", "grams"), (150, "horsepower", "watts"), (1, "bitcoin", "US dollars"), (500, "Thai baht", "US dollars"),
    (40, "nautical miles", "kilometers"), (1000, "Swedish kronor", "euros"), (7, "pecks", "liters"), (90, "Brazilian reais", "dollars"),
    (3, "fathoms", "meters"), (250, "calories", "joules"), (20, "rods", "yards"), (4, "hogsheads", "gallons"),
]
#: (value, from unit as said, its argument, to unit as said, its argument): they measure different things
UTIL_MISMATCHED_UNITS = [
    (5, "kilograms", "kg", "kilometers", "km"), (10, "miles", "mi", "liters", "l"),
    (30, "degrees Celsius", "C", "meters", "m"), (2, "hours", "h", "gigabytes", "GB"),
    (100, "euros", "EUR", "kilograms", "kg"), (3, "cups", "cup", "inches", "in"),
    (60, "miles per hour", "mph", "minutes", "min"), (12, "acres", "acre", "gallons", "gal"),
    (8, "ounces", "oz", "feet", "ft"), (45, "megabytes", "MB", "seconds", "s"),
    (20, "meters", "m", "kilograms", "kg"), (50, "US dollars", "USD", "kilometers", "km"),
]
UTIL_LANGUAGES = ["Spanish", "French", "German", "Italian", "Japanese", "Chinese"]
UTIL_BAD_LANGUAGES = ["Korean", "Portuguese", "Russian", "Arabic", "Hindi", "Dutch", "Swedish", "Turkish", "Vietnamese", "Thai"]
#: (how the user asks a quick-answer question, a phrase the answer must contain): a bare small number
#: ("7", "15", "100") is also in a wrong answer ("July 7", "a $15 tip"), so it comes with its unit or noun.
UTIL_FACTS = [
    ("what's the capital of Australia?", ["canberra"]), ("how tall is Mount Everest?", ["8,849", "8849", "29,032", "29032", "8,848", "8848", "8,848.86", "8848.86", "29,031", "29031", "29,029", "29029"]),
    ("who wrote Pride and Prejudice?", ["austen"]), ("what's the capital of Canada?", ["ottawa"]),
    ("when did Apollo 11 land on the moon?", ["1969"]), ("what's the largest ocean?", ["pacific"]),
    ("who painted the Mona Lisa?", ["da vinci", "leonardo"]), ("what's the chemical symbol for gold?", ["au"]),
    ("what's the largest planet in the solar system?", ["jupiter"]), ("when did the Golden Gate Bridge open?", ["1937"]),
    ("who developed the theory of relativity?", ["einstein"]), ("how many feet are in a mile?", ["5,280", "5280"]),
    ("what's the capital of Japan?", ["tokyo"]), ("how many continents are there?", ["seven", "7 continents", "7:", "7 (", "7 —", "7 -", "there are 7", "7 in all", "7 in total", "7 of them", "**7**", "is 7", "are 7"]),
    ("what's the time difference between San Francisco and New York?", ["3 hours", "three hours", "3-hour", "three-hour", "3 hr"]),
    ("how much should I tip at a US restaurant?", ["15%", "15 %", "15 percent", "15-20", "15–20", "15 to 20", "20%", "20 %", "20 percent", "15 and 20", "fifteen to twenty", "fifteen percent", "twenty percent"]),
    ("what's the boiling point of water?", ["100 °c", "100°c", "100 ºc", "100 degrees", "100 c", "100 celsius", "212 °f", "212°f", "212 ºf", "212 degrees", "212 f", "212 fahrenheit", "100℃", "212℉", "100 ℃", "212 ℉"]),
    ("who was the first person to walk on the moon?", ["armstrong"]),
]
#: (how the user describes a page from their recent history, search text, canonical URL)
UTIL_HISTORY_PAGES = [
    ("that banana bread recipe I looked at on Monday", "banana", "https://www.allrecipes.com/recipe/banana-bread"),
    ("the school calendar I checked yesterday morning", "calendar", "https://www.lincolnelementary.org/calendar"),
    ("the Hudson Partners page I had open yesterday afternoon", "hudson", "https://www.hudsonpartners.com"),
    ("the MoMA page I was reading last night", "moma", "https://www.moma.org"),
    ("the intranet page I was on yesterday", "intranet", "https://intranet.northwindlabs.com"),
    ("the Hacker News page from Monday night", "hacker", "https://news.ycombinator.com"),
    ("the recipe site I browsed on Monday evening", "recipe", "https://www.allrecipes.com/recipe/banana-bread"),
    ("Emma's school calendar page from yesterday", "lincoln", "https://www.lincolnelementary.org/calendar"),
    ("the client's website I looked at yesterday", "hudson", "https://www.hudsonpartners.com"),
    ("that museum site from last night", "moma", "https://www.moma.org"),
    ("the Northwind intranet from yesterday morning", "northwind", "https://intranet.northwindlabs.com"),
    ("the tech news site I read on Monday", "ycombinator", "https://news.ycombinator.com"),
]
UTIL_NOTE_FOLDERS = ["Archive", "Personal", "Someday", "Reference", "Home", "Old", "Projects", "Misc", "Done", "Ideas"]
UTIL_BAD_LINKS = [
    ("ftp://files.northwindlabs.com/reports/q2.pdf", "ftp"), ("file:///sdcard/Download/itinerary.pdf", "file"),
    ("smb://nas.local/photos", "smb"), ("ftp://ftp.example.org/pub/maps.zip", "ftp"),
    ("file:///storage/emulated/0/Documents/tax-2025.pdf", "file"), ("sftp://backup.northwindlabs.com/logs", "sftp"),
    ("ftp://downloads.lincolnelementary.org/forms/field-trip.pdf", "ftp"), ("file:///sdcard/DCIM/Camera", "file"),
    ("smb://office-printer/scans", "smb"), ("ssh://dev.northwindlabs.com", "ssh"),
    ("ftp://ftp.northwindlabs.com/builds/latest.apk", "ftp"), ("file:///sdcard/Download/boarding-pass.pdf", "file"),
    ("smb://jordan-laptop/shared/recipes", "smb"), ("sftp://files.hudsonpartners.com/contracts", "sftp"),
    ("ssh://pi@homeserver.local", "ssh"), ("file:///sdcard/Music/road-trip.m3u", "file"),
    ("ftp://archive.weather.gov/data/2026", "ftp"), ("smb://home-nas/movies", "smb"),
]
# fmt: on


def _travel_utilities_pools() -> dict[str, list[Any]]:
    from datetime import date, timedelta

    t = load_world("M").tables
    trip_days = ("2026-05-26", "2026-05-27", "2026-05-28")  # the booked New York trip: no new trips then
    city_of = {"SFO": "San Francisco", "JFK": "New York", "EWR": "New York", "SEA": "Seattle", "LAX": "Los Angeles",
               "ORD": "Chicago", "BOS": "Boston"}  # fmt: skip
    flights = t["flights"]
    slots: dict[tuple[str, ...], int] = {}
    for f in flights.values():
        key = (city_of[f["origin"]], city_of[f["destination"]], f["depart"][:16], f["airline_code"])
        slots[key] = slots.get(key, 0) + 1
    open_flights: list[dict[str, Any]] = []
    by_route: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for fid in sorted(flights):
        f = flights[fid]
        day = f["depart"][:10]
        if not "2026-05-21" <= day <= "2026-06-15" or day in trip_days or f["arrive"][:10] in trip_days:
            continue
        route = (city_of[f["origin"]], city_of[f["destination"]], day)
        by_route.setdefault(route, []).append(f)
        if f["seats_left"] > 0 and slots[(*route[:2], f["depart"][:16], f["airline_code"])] == 1:
            open_flights.append(f)
    flight_days = [
        r for r, rows in sorted(by_route.items()) if 3 <= sum(f["seats_left"] > 0 for f in rows) <= 5
    ]
    trains = t["trains"]
    tslots: dict[tuple[str, ...], int] = {}
    for r in trains.values():
        key = (r["origin"], r["destination"], r["depart"][:16], r["service"])
        tslots[key] = tslots.get(key, 0) + 1
    open_trains = []
    for k in sorted(trains):
        r = trains[k]
        day = r["depart"][:10]
        unique = tslots[(r["origin"], r["destination"], r["depart"][:16], r["service"])] == 1
        clear = day not in trip_days and r["arrive"][:10] not in trip_days
        if unique and clear and r["seats_left"] >= 6 and "2026-05-21" <= day <= "2026-06-15":
            open_trains.append(r)
    core_hotels = sorted((h for h in t["hotels"].values() if h["id"] <= "hotel_099"), key=lambda h: h["id"])
    rooms = [
        {"id": f"{h['id']}|{rt}", "hotel_id": h["id"], "hotel": h["name"], "city": h["city"], "room_type": rt}
        for h in core_hotels
        for rt, r in h["rooms"].items()
        if r["count"] > 0
    ]
    attrs = sorted(t["attractions"].values(), key=lambda a: a["id"])
    booked = {(b["item_id"], b["start"][:10]) for b in t["bookings"].values()}
    days = [(date(2026, 5, 21) + timedelta(days=k)).isoformat() for k in range(26)]
    weekday = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")

    def is_open(a: dict[str, Any], d: str) -> bool:
        return (
            a["hours"][weekday[date.fromisoformat(d).weekday()]] is not None and d not in a["sold_out_dates"]
        )

    attr_days = [
        (a, d) for d in days for a in attrs
        if a["id"] <= "attr_099" and d not in trip_days and is_open(a, d) and (a["id"], d) not in booked
    ]  # fmt: skip
    closed = [
        (a, d) for d in days[:18] for a in attrs if a["hours"][weekday[date.fromisoformat(d).weekday()]] is None
    ]  # fmt: skip
    indoor_outdoor = {
        "New York": (("attr_001", "attr_004"), ("attr_002", "attr_003")),
        "San Francisco": (("attr_006", "attr_007"), ("attr_005",)),
        "Seattle": (("attr_009",), ("attr_008",)),
    }
    plans = []
    for w in sorted(t["weather"].values(), key=lambda w: (w["date"], w["city"])):
        if w["city"] in indoor_outdoor and w["date"] >= "2026-05-21" and w["date"] not in trip_days:
            for i in indoor_outdoor[w["city"]][0]:
                for o in indoor_outdoor[w["city"]][1]:
                    a_in, a_out = t["attractions"][i], t["attractions"][o]
                    if all(
                        is_open(a, w["date"]) and (a["id"], w["date"]) not in booked for a in (a_in, a_out)
                    ):
                        plans.append((w, a_in, a_out, w["condition"] in ("rain", "showers", "thunderstorms")))
    extra = [
        {"id": bid, "kind": kind, "item_id": item, "title": title, "city": city, "start": start, "end": end,
         "details": details, "quantity": qty, "amount_usd": amount, "card_id": card, "status": "confirmed",
         "event_id": None, "created_at": "2026-05-16T19:30:00", "cancelled_at": None}
        for bid, kind, item, title, city, start, end, details, qty, amount, card, _refs in TRAVEL_EXTRA_BOOKINGS
    ]  # fmt: skip
    cancel_targets = [(row[0], ref) for row in TRAVEL_EXTRA_BOOKINGS for ref in row[11]]
    cancel_targets += [("booking_003", "my Alcatraz tickets"), ("booking_002", "my flight back from New York"),
                       ("booking_003", "the Alcatraz tour on the 30th")]  # fmt: skip
    swaps = []
    for b in [t["bookings"]["booking_003"], *(b for b in extra if b["kind"] == "attraction")]:
        day = b["start"][:10]
        for a in attrs:
            if a["city"] == b["city"] and a["id"] != b["item_id"] and is_open(a, day):
                swaps.append((b, a))
    return {
        "tu_open_flights": open_flights,
        "tu_flight_days": flight_days,
        "tu_open_trains": open_trains,
        "tu_weather": sorted(t["weather"].values(), key=lambda w: (w["date"], w["city"])),
        "tu_hotel_rooms": rooms,
        "tu_core_hotels": core_hotels,
        "tu_stays": TRAVEL_STAYS,
        "tu_attraction_days": attr_days,
        "tu_closed_attractions": closed,
        "tu_weather_plans": plans,
        "tu_pay_cards": TRAVEL_PAY_CARDS,
        "tu_book_cards": TRAVEL_BOOK_CARDS,
        "tu_bad_cards": TRAVEL_BAD_CARDS,
        "tu_delay_gates": TRAVEL_DELAY_GATES,
        "tu_sf_places": TRAVEL_SF_PLACES,
        "tu_far_places": TRAVEL_FAR_PLACES,
        "tu_nav_events": TRAVEL_NAV_EVENTS,
        "tu_flight_switches": TRAVEL_FLIGHT_SWITCHES,
        "tu_ticket_counts": TRAVEL_TICKET_COUNTS,
        "tu_late_days": TRAVEL_LATE_DAYS,
        "tu_too_many": TRAVEL_TOO_MANY,
        "tu_extra_bookings": extra,
        "tu_cancel_targets": cancel_targets,
        "tu_swaps": swaps,
        "tu_new_notes": UTIL_NEW_NOTES,
        "tu_note_appends": UTIL_NOTE_APPENDS,
        "tu_sites": UTIL_SITES,
        "tu_bookmark_folders": UTIL_BOOKMARK_FOLDERS,
        "tu_tips": UTIL_TIPS,
        "tu_conversions": UTIL_CONVERSIONS,
        "tu_bad_units": UTIL_BAD_UNITS,
        "tu_mismatched_units": UTIL_MISMATCHED_UNITS,
        "tu_languages": UTIL_LANGUAGES,
        "tu_bad_languages": UTIL_BAD_LANGUAGES,
        "tu_phrases": [
            p for p in sorted(t["phrasebook"].values(), key=lambda p: p["id"]) if p["id"] not in ("yes", "no")
        ],
        "tu_facts": UTIL_FACTS,
        "tu_history_pages": UTIL_HISTORY_PAGES,
        "tu_note_folders": UTIL_NOTE_FOLDERS,
        "tu_bad_links": UTIL_BAD_LINKS,
    }


# --- end travel/utilities pools ---

POOLS: dict[str, list[Any]] = {
    "times": TIMES,
    "alarm_labels": ALARM_LABELS,
    "timer_minutes": TIMER_MINUTES,
    "sms_bodies": SMS_BODIES,
    "email_subjects": EMAIL_SUBJECTS,
    "reminder_titles": REMINDER_TITLES,
    "event_titles": EVENT_TITLES,
    "new_people": NEW_PEOPLE,
    "spam_numbers": SPAM_NUMBERS,
    "future_days": FUTURE_DAYS,
    "weekday_sets": WEEKDAY_SETS,
    "ambiguous_pairs": AMBIGUOUS_PAIRS,
    "ix_happenings": IX_HAPPENINGS,
    "ix_lead_minutes": IX_LEAD_MINUTES,
    **_world_pools(),
    **_connectivity_pools(),
    "timer_labels": TIMER_LABELS,
    "rel_days": REL_DAYS,
    "event_times": EVENT_TIMES,
    "rule_specs": RULE_SPECS,
    "new_numbers": NEW_NUMBERS,
    "new_relations": NEW_RELATIONS,
    "incoming_texts": INCOMING_TEXTS,
    "upcoming_events": UPCOMING_EVENTS,
    "reminder_done": REMINDER_DONE,
    "prep_tasks": PREP_TASKS,
    **_calls_time_pools(),
    **_media_display_pools(),
    **_memory_pools(),
    **_apps_security_pools(),
    **_travel_utilities_pools(),
}


# --- skill & sub-agent pools (fam_skill, fam_subagent)
#: Casual openers for routine requests (the routine itself is the same; the phrasing varies).
SK_MORNING_OPENERS = [
    "Good morning!",
    "Morning.",
    "Okay, I'm up.",
    "Rise and shine.",
    "Just woke up.",
    "Coffee's on.",
    "Alright, I'm awake.",
    "Morning, assistant.",
    "Ugh, early start today.",
    "Hey, good morning.",
    "First thing:",
    "Before I jump in the shower:",
]
SK_NIGHT_OPENERS = [
    "Heading to bed.",
    "Long day, I'm done.",
    "Okay, lights out soon.",
    "Time to sleep.",
    "I'm turning in.",
    "Night night.",
    "Bedtime for me.",
    "Calling it a day.",
    "I'm exhausted.",
    "Going to sleep now.",
    "Winding down for the night.",
    "That's it for today.",
]
#: Workday wake-up times a task can store in memory (never the alarm's 06:30 or another alarm's time).
SK_WAKE_TIMES = [
    "05:15",
    "05:30",
    "05:45",
    "06:00",
    "06:15",
    "06:45",
    "07:00",
    "07:15",
    "05:20",
    "06:20",
    "06:40",
    "07:10",
]
SK_COMMUTE_VOLUMES = [10, 15, 25, 30, 35, 40, 45, 50, 5, 55, 12, 18]
#: (action items as the user says them, a phrase the follow-up body must keep)
SK_FOLLOWUP_NOTES = [
    ("Chris sends the API draft by Friday", "api draft"),
    ("we ship the beta on June 2", "beta"),
    ("Sam approves the budget next week", "budget"),
    ("the design gets one more review round", "review round"),
    ("the hiring loop starts Monday", "hiring"),
    ("we move the launch to Q3", "launch"),
    ("QA signs off before the demo", "qa"),
    ("legal reviews the contract", "contract"),
    ("we need two more backend engineers", "backend engineers"),
    ("the client wants weekly status emails", "status emails"),
    ("the docs get updated by Thursday", "docs"),
    ("we freeze the scope today", "scope"),
]
#: (how the user says the day, ISO date) for weekdays after today (now = Wed 2026-05-20)
SK_WEEKDAYS = [
    ("tomorrow", "2026-05-21"),
    ("on Friday", "2026-05-22"),
    ("next Monday", "2026-05-25"),
    ("next Tuesday", "2026-05-26"),
    ("next Wednesday", "2026-05-27"),
    ("next Thursday", "2026-05-28"),
    ("next Friday", "2026-05-29"),
    ("on June 1", "2026-06-01"),
    ("on June 2", "2026-06-02"),
    ("on June 3", "2026-06-03"),
    ("on June 4", "2026-06-04"),
    ("on June 8", "2026-06-08"),
]
#: (start, end) of a deep-work block
SK_FOCUS_BLOCKS = [
    ("10:00", "12:00"),
    ("13:00", "15:00"),
    ("14:00", "16:00"),
    ("15:30", "17:30"),
    ("10:30", "12:00"),
    ("13:30", "15:30"),
    ("09:00", "11:00"),
    ("16:00", "17:30"),
    ("11:00", "12:30"),
    ("14:30", "16:30"),
]
#: (a check-in text for Mom, phrases it must keep)
SK_MOM_NOTES = [
    ("I'll call you Sunday evening as usual", ["sunday"]),
    ("we're all doing well and Emma loved the book you sent", ["book"]),
    ("the school play is Friday at six if you want to come", ["play"]),
    ("I'm flying to New York next Tuesday", ["new york"]),
    ("can we have lunch next weekend", ["lunch"]),
    ("don't forget your checkup on Thursday", ["checkup"]),
    ("Jordan says hi and thanks for the cookies", ["cookies"]),
    ("I found the photo album you asked about", ["photo album"]),
    ("we'll bring dessert on Sunday", ["dessert"]),
    ("I'm thinking of you today", ["thinking of you"]),
    ("Emma wants to video call you tonight", ["video call"]),
    ("the garden looks great in your photos", ["garden"]),
]
#: (destination city, flight number)
SK_FLIGHTS = [
    ("Chicago", "UA 738"),
    ("Seattle", "AS 321"),
    ("Denver", "UA 1187"),
    ("Boston", "B6 434"),
    ("Austin", "WN 2210"),
    ("Portland", "AS 1290"),
    ("Los Angeles", "UA 1402"),
    ("Las Vegas", "WN 1569"),
    ("San Diego", "AS 1418"),
    ("Phoenix", "AA 2035"),
    ("Atlanta", "DL 1124"),
    ("Miami", "AA 1612"),
]
#: (how the user says the day, ISO date) at least two days ahead
SK_TRIP_DAYS = [
    ("on Friday", "2026-05-22"),
    ("on Saturday", "2026-05-23"),
    ("on Sunday", "2026-05-24"),
    ("next Monday", "2026-05-25"),
    ("next Wednesday", "2026-05-27"),
    ("next Thursday", "2026-05-28"),
    ("next Friday", "2026-05-29"),
    ("on June 1", "2026-06-01"),
    ("on June 2", "2026-06-02"),
    ("on June 4", "2026-06-04"),
    ("on June 8", "2026-06-08"),
    ("on June 10", "2026-06-10"),
]
SK_DEPARTURES = [
    "08:40",
    "09:55",
    "10:20",
    "11:35",
    "12:50",
    "13:25",
    "14:10",
    "15:45",
    "16:30",
    "17:15",
    "18:40",
    "19:05",
]
#: (reminder title, what the user says once it is done)
SK_DONE_ITEMS = [
    ("Renew passport", "renewed my passport"),
    ("Return library books", "returned the library books"),
    ("Order printer ink", "ordered the printer ink"),
    ("Schedule a haircut", "booked a haircut"),
    ("Call the plumber", "called the plumber"),
    ("Pay the water bill", "paid the water bill"),
    ("Buy dog food", "picked up the dog food"),
    ("Send the thank-you card", "mailed the thank-you card"),
    ("Back up the laptop", "backed up my laptop"),
    ("Cancel the free trial", "cancelled that free trial"),
    ("Submit the timesheet", "submitted my timesheet"),
    ("Book the car service", "booked the car service"),
]
#: (next week's priority, a keyword its reminder must keep)
SK_PRIORITIES = [
    ("finish the hiring plan", "hiring plan"),
    ("prep the board deck", "board deck"),
    ("review the Q3 roadmap", "roadmap"),
    ("book the team offsite", "offsite"),
    ("write the launch memo", "launch memo"),
    ("close the Hudson renewal", "hudson"),
    ("clean up the backlog", "backlog"),
    ("draft the budget", "budget"),
    ("plan Emma's birthday party", "birthday party"),
    ("sort out the car insurance", "car insurance"),
    ("update the onboarding doc", "onboarding"),
    ("call the accountant about taxes", "accountant"),
]
#: (how the user says next week's slot, ISO datetime)
SK_NEXT_WEEK_SLOTS = [
    ("Monday at 9", "2026-05-25T09:00:00"),
    ("Monday at 10", "2026-05-25T10:00:00"),
    ("Tuesday at 9:30", "2026-05-26T09:30:00"),
    ("Tuesday at 2 pm", "2026-05-26T14:00:00"),
    ("Wednesday at 10", "2026-05-27T10:00:00"),
    ("Wednesday at 4 pm", "2026-05-27T16:00:00"),
    ("Thursday at 9", "2026-05-28T09:00:00"),
    ("Thursday at 1 pm", "2026-05-28T13:00:00"),
    ("Friday at 11", "2026-05-29T11:00:00"),
    ("Friday at 9:30", "2026-05-29T09:30:00"),
    ("Monday at 8:30", "2026-05-25T08:30:00"),
    ("Tuesday at 11", "2026-05-26T11:00:00"),
]
SK_APPT_TIMES = [
    "08:30",
    "09:00",
    "09:30",
    "10:15",
    "11:00",
    "13:30",
    "14:00",
    "14:45",
    "15:30",
    "16:00",
    "16:45",
    "17:30",
]
#: (minutes, how the user says the length)
SK_DURATIONS = [
    (30, "half an hour"),
    (45, "45 minutes"),
    (60, "an hour"),
    (20, "20 minutes"),
    (40, "40 minutes"),
    (90, "an hour and a half"),
    (25, "25 minutes"),
    (50, "50 minutes"),
]
#: (memory ID, what the user says changed, phrases the corrected memory must keep)
SK_MEMORY_FIXES = [
    ("mem_021", "I switched my coffee order to an oat milk cortado", ["cortado"]),
    ("mem_040", "I park on level 5 of the Northwind garage now", ["level 5"]),
    ("mem_022", "I prefer window seats on every flight now", ["window"]),
    ("mem_024", "for hotels I now want a low floor close to the elevator", ["low floor"]),
    ("mem_041", "our date night spot is now Zuni Café at 20:00", ["zuni"]),
    ("mem_042", "rent is due on the 5th of each month now", ["5th"]),
    ("mem_038", "I take vitamin D with lunch now, not breakfast", ["lunch"]),
    ("mem_035", "my one-on-one with Sam moved to Tuesdays at 14:00", ["tuesday"]),
    ("mem_032", "Emma's school pickup is at 15:30 on Tuesdays and Thursdays now", ["15:30"]),
    ("mem_033", "Emma's piano lessons moved to Sundays at 11:00", ["sunday"]),
    ("mem_017", "my gym days are Tuesday and Thursday now, still with Leo", ["tuesday", "thursday"]),
    ("mem_026", "my Spanish practice is at 21:00 now instead of 21:45", ["21:00"]),
    ("mem_021", "my coffee order is a soy latte with one sugar these days", ["soy latte"]),
    ("mem_040", "I moved my parking spot to level 2 of the garage", ["level 2"]),
]


SK_FILMS = [
    "Arrival",
    "Past Lives",
    "Spirited Away",
    "Oppenheimer",
    "The Grand Budapest Hotel",
    "Paddington 2",
    "Dune: Part Two",
    "Inside Out 2",
    "Top Gun: Maverick",
    "The Martian",
    "Coco",
    "Knives Out",
]
#: (how the user says the trip to the airport, navigation mode)
SK_AIRPORT_MODES = [
    ("I'll take BART", "transit"),
    ("I'm driving myself", "drive"),
    ("I'm going by public transit", "transit"),
    ("I'll drive", "drive"),
    ("I'm taking the train", "transit"),
    ("I'm taking the car", "drive"),
    ("transit is fine", "transit"),
    ("I'll drive and park there", "drive"),
]
SK_AIRPORT_OPENERS = [
    "Bags are packed.",
    "Okay, leaving in five.",
    "Time to go.",
    "Passport, check.",
    "Heading out now.",
    "Alright, trip day.",
    "Shoes on, let's go.",
    "Taxi's not coming, so change of plans.",
    "I'm out the door.",
    "Kids are at school, I'm off.",
]
#: (meeting title, minutes) for meeting mode
SK_MEETINGS = [
    ("Budget review", 45),
    ("Quarterly planning", 90),
    ("Interview loop", 60),
    ("Vendor pitch", 30),
    ("Design critique", 50),
    ("Board prep", 75),
    ("Customer call", 40),
    ("Team offsite sync", 120),
    ("Hiring committee", 55),
    ("Roadmap review", 35),
    ("Security audit", 80),
    ("Partner briefing", 25),
]
SK_BATTERY_LEVELS = [4, 6, 7, 9, 11, 12, 13, 14, 15, 16, 17, 19]
SK_BATTERY_UNTIL = [
    "I get home tonight",
    "my flight lands",
    "the end of the conference",
    "I find a charger",
    "this evening",
    "the game is over",
    "dinner",
    "I'm back at the office",
    "the hike is done",
    "my train arrives",
    "Emma's recital ends",
    "the wedding reception",
]
#: (app the user names, its ID, the permission, how the user says it)
SK_PRIVACY = [
    ("Uber", "uber", "LOCATION", "location"),
    ("Candy Crush", "candy_crush", "LOCATION", "location"),
    ("WhatsApp", "whatsapp", "MICROPHONE", "microphone"),
    ("Instagram", "instagram", "CAMERA", "camera"),
    ("Chrome", "chrome", "LOCATION", "location"),
    ("Snapchat", "snapchat", "MICROPHONE", "microphone"),
    ("Slack", "slack", "CAMERA", "camera"),
    ("Zoom", "zoom", "MICROPHONE", "mic"),
    ("Strava", "strava", "LOCATION", "location"),
    ("WhatsApp", "whatsapp", "LOCATION", "location"),
    ("Venmo", "venmo", "CAMERA", "camera"),
    ("Airbnb", "airbnb", "LOCATION", "location"),
]
#: (album name, first day, last day, how the user names the range)
SK_PHOTO_RANGES = [
    ("Backup May 16-19", "2026-05-16", "2026-05-19", "from May 16 to May 19"),
    ("Weekend backup", "2026-05-16", "2026-05-17", "from last weekend"),
    ("Backup this week", "2026-05-18", "2026-05-20", "from this week"),
    ("Mid-May backup", "2026-05-10", "2026-05-17", "from May 10 through May 17"),
    ("Backup May 17-20", "2026-05-17", "2026-05-20", "from the 17th until today"),
    ("Recent photos backup", "2026-05-19", "2026-05-20", "from yesterday and today"),
    ("Backup May 1-15", "2026-05-01", "2026-05-15", "from the first half of May"),
    ("April backup", "2026-04-01", "2026-04-30", "from April"),
    ("Backup May 18", "2026-05-18", "2026-05-18", "from Monday"),
    ("Backup May 10-12", "2026-05-10", "2026-05-12", "from May 10 to 12"),
]
#: (file ID, how the user names it)
SK_DELETABLE_FILES = [
    ("file_007", "the old employee handbook PDF"),
    ("file_013", "the design review voice recording"),
    ("file_018", "the Northwind podcast mp3"),
    ("file_002", "the kitchen remodel quote"),
    ("file_005", "the UA1532 flight confirmation"),
    ("file_006", "the New York hotel confirmation"),
    ("file_001", "the Q2 revenue spreadsheet"),
    ("file_010", "the old lease agreement"),
]
#: (app ID, how the user names it) with big caches
SK_CACHE_APPS = [
    ("snapchat", "Snapchat"),
    ("spotify", "Spotify"),
    ("instagram", "Instagram"),
    ("chrome", "Chrome"),
    ("youtube", "YouTube"),
    ("whatsapp", "WhatsApp"),
    ("maps", "Maps"),
    ("browser", "the browser"),
    ("slack", "Slack"),
    ("amazon", "Amazon"),
]
#: (place name to navigate to, a word the destination must contain)
SK_DESTINATIONS = [
    ("Tartine Manufactory", "tartine"),
    ("Bay Dental", "dental"),
    ("Lincoln Elementary", "lincoln"),
    ("Nopa", "nopa"),
    ("Equinox SoMa", "equinox"),
    ("Mission Family Clinic", "mission family"),
    ("the Ferry Building", "ferry building"),
    ("Dolores Park", "dolores"),
    ("Golden Gate Park", "golden gate park"),
    ("Emeryville Station", "emeryville"),
    ("the Exploratorium", "exploratorium"),
    ("the California Academy of Sciences", "academy of sciences"),
]
#: (keyboard language as the user says it, code) among the keyboard's supported languages
SK_KEYBOARDS = [
    ("British English", "en-GB"),
    ("Spanish", "es-ES"),
    ("Mexican Spanish", "es-MX"),
    ("French", "fr-FR"),
    ("German", "de-DE"),
    ("Italian", "it-IT"),
    ("Brazilian Portuguese", "pt-BR"),
    ("Japanese", "ja-JP"),
    ("Simplified Chinese", "zh-CN"),
    ("Korean", "ko-KR"),
    ("Hindi", "hi-IN"),
]
#: (what the user wants to fall asleep to, the play_media query, "playlist" or "media", its ID)
SK_CALM = [
    ("my Deep Focus playlist", "Deep Focus", "playlist", "playlist_002"),
    ("the audiobook The Quiet Orbit", "The Quiet Orbit", "media", "book_001"),
    ("Dinner Jazz", "Dinner Jazz", "playlist", "playlist_003"),
    ("the Gold Rush Towns episode", "Gold Rush Towns", "media", "ep_012"),
    ("Chill Sunday", "Chill Sunday", "playlist", "playlist_101"),
    ("The Lighthouse Recipe Club audiobook", "The Lighthouse Recipe Club", "media", "book_003"),
    ("the Coffee Shop playlist", "Coffee Shop", "playlist", "playlist_106"),
    ("the History Hour episode about the 1906 quake", "The Great Quake of 1906", "media", "ep_011"),
    ("Rainy Commute", "Rainy Commute", "playlist", "playlist_107"),
    ("Study Loop No. 4", "Study Loop No. 4", "media", "song_021"),
]
SK_SLEEP_MINUTES = [15, 20, 25, 30, 35, 40, 45, 50, 60, 75, 90, 10]
SK_EYE_STRENGTHS = [40, 45, 55, 65, 70, 75, 80, 85, 90, 35]
SK_BREAK_MINUTES = [10, 15, 20, 25, 30, 45, 12, 40]
SK_EASY_PEOPLE = [
    "my mom",
    "my dad",
    "Grandpa",
    "Grandma",
    "my aunt Rosa",
    "my uncle Joe",
    "my father-in-law",
    "our neighbor Samantha",
    "my grandfather",
    "my grandmother",
    "Jordan's dad",
    "my mother-in-law",
]
SK_VIBRATION = [65, 70, 75, 85, 90, 95, 100, 55]
#: (app ID, how the user names it) for a quick-launch shortcut
SK_QUICK_APPS = [
    ("spotify", "Spotify"),
    ("whatsapp", "WhatsApp"),
    ("maps", "Maps"),
    ("chrome", "Chrome"),
    ("slack", "Slack"),
    ("kindle", "Kindle"),
    ("strava", "Strava"),
    ("messages", "Messages"),
    ("calendar", "Calendar"),
    ("youtube", "YouTube"),
    ("uber", "Uber"),
    ("notion", "Notion"),
]
#: (side for one-handed mode, how the user says it)
SK_HANDS = [
    ("left", "I'm left-handed"),
    ("right", "I'm right-handed"),
    ("left", "my right arm is in a cast"),
    ("right", "I always hold it in my right hand"),
    ("left", "I'll be holding it in my left hand for a while"),
    ("right", "I use my right thumb"),
    ("left", "I carry the baby on my right arm"),
    ("right", "right hand, please"),
]
#: (code label, network name, password)
SK_WIFI_CODES = [
    ("Wi-Fi card at the Tahoe cabin", "TahoeCabin", "pinecone-4242"),
    ("Wi-Fi sign at the Harbor Loft lobby", "HarborLoft-Guest", "seagull-7788"),
    ("Wi-Fi sticker at Dolores Yoga", "DoloresYoga", "namaste-2026"),
    ("Wi-Fi card on the table at Zuni Cafe", "Zuni-Guests", "roast-chicken-9"),
    ("Wi-Fi poster at the Mission library branch", "SFPL-Mission", "read-more-books"),
    ("Wi-Fi code at Jordan's office reception", "Brightline-Visitor", "welcome-2026"),
    ("Wi-Fi code at the Oakland co-working space", "Oak-Cowork", "hotdesk-5150"),
    ("Wi-Fi card at Leo's apartment", "ParkPlace-5G", "gymrat-1990"),
    ("Wi-Fi sign at the Napa winery", "Vineyard-Guest", "merlot-2019"),
    ("Wi-Fi code at the dentist's waiting room", "BayDental-Patients", "floss-daily-1"),
    ("Wi-Fi sticker at the bike shop", "SpokeShop", "chainring-44"),
    ("Wi-Fi card at the Sausalito rental", "SausalitoHouse", "ferry-view-31"),
]
SK_NEW_PINS = [
    "739164",
    "582047",
    "864213",
    "240915",
    "918273",
    "507386",
    "271828",
    "829301",
    "615243",
    "390817",
    "472659",
    "158032",
]
SK_FINGERS = [
    "Left thumb",
    "Right index finger",
    "Left index finger",
    "Right middle finger",
    "Left middle finger",
    "Right ring finger",
    "Left ring finger",
    "Right pinky",
]
#: (app ID, how the user names it) to lock
SK_LOCK_APPS = [
    ("wallet", "Wallet"),
    ("mail", "Mail"),
    ("whatsapp", "WhatsApp"),
    ("gallery", "the Gallery"),
    ("notes", "Notes"),
    ("outlook", "Outlook"),
    ("files", "Files"),
    ("slack", "Slack"),
    ("dropbox", "Dropbox"),
    ("signal", "Signal"),
]
#: (what happened, a phrase the alert must keep, who to call: "jordan" or "911")
SK_EMERGENCIES = [
    ("I slipped on the trail at Lands End and hurt my ankle", "ankle", "jordan"),
    ("there's a fire in my building", "fire", "911"),
    ("my car broke down on the 101 at night", "car", "jordan"),
    ("someone collapsed next to me on the sidewalk", "collapsed", "911"),
    ("I'm lost on the hike near Mount Tam", "lost", "jordan"),
    ("I've been in a car accident on Market St", "accident", "911"),
    ("I crashed my bike and can't walk", "bike", "jordan"),
    ("I smell gas in the kitchen", "gas", "911"),
    ("I fainted at the gym", "fainted", "jordan"),
    ("I'm having chest pains", "chest", "911"),
    ("I'm stuck in an elevator at work", "elevator", "jordan"),
    ("a man broke into the garage", "garage", "911"),
]
#: (playlist ID, its name) for songs to add
SK_SONG_PLAYLISTS = [
    ("playlist_002", "Deep Focus"),
    ("playlist_003", "Dinner Jazz"),
    ("playlist_004", "Road Trip to Tahoe"),
    ("playlist_006", "Rainy Day"),
    ("playlist_101", "Chill Sunday"),
    ("playlist_106", "Coffee Shop"),
    ("playlist_102", "Throwbacks"),
    ("playlist_105", "Gym Power"),
]
SK_HEARD_SONGS = [
    "song_002",
    "song_003",
    "song_005",
    "song_008",
    "song_009",
    "song_011",
    "song_012",
    "song_013",
    "song_014",
    "song_016",
    "song_017",
    "song_018",
    "song_019",
    "song_021",
    "song_023",
    "song_024",
    "song_027",
    "song_028",
    "song_029",
    "song_030",
]
SK_SKIP_SECONDS = [15, 20, 30, 45, 60, 90, 25, 40, 35, 50]
#: (playlist ID, its name) for a party
SK_PARTY_PLAYLISTS = [
    ("playlist_003", "Dinner Jazz"),
    ("playlist_005", "Emma's Dance Party"),
    ("playlist_102", "Throwbacks"),
    ("playlist_004", "Road Trip to Tahoe"),
    ("playlist_101", "Chill Sunday"),
    ("playlist_103", "Cooking Mix"),
    ("playlist_104", "Late Night Drive"),
    ("playlist_106", "Coffee Shop"),
]
SK_PARTY_VOLUMES = [55, 65, 70, 75, 80, 85, 90, 72, 95, 50]
#: (speaker device ID, how the user names it)
SK_SPEAKERS = [
    ("bt_004", "the JBL"),
    ("bt_006", "Jordan's Beats Pill"),
    ("bt_004", "my JBL Flip"),
    ("bt_006", "Jordan's Beats speaker"),
]
SK_TALKS = [
    "the quarterly update",
    "my product demo",
    "the design review deck",
    "the hiring plan",
    "the customer pitch",
    "the roadmap talk",
    "my lightning talk",
    "the onboarding session",
    "the budget walkthrough",
    "the launch readout",
]
SK_TALK_MINUTES = [20, 30, 40, 45, 50, 60, 75, 90, 25, 35, 55, 120]
#: (file ID, how the user names it) for sending to the laptop
SK_LAPTOP_FILES = [
    ("file_001", "the Q2 revenue report"),
    ("file_003", "Emma's summer camp forms"),
    ("file_004", "my passport scan"),
    ("file_005", "the UA1532 flight confirmation"),
    ("file_006", "the New York hotel confirmation"),
    ("file_008", "my résumé"),
    ("file_009", "the 2025 tax return"),
    ("file_002", "the kitchen remodel quote"),
    ("file_010", "the lease agreement"),
    ("file_007", "the employee handbook"),
    ("file_013", "the design review recording"),
    ("file_011", "last night's screenshot"),
]
#: (app ID, how the user names it) that post notifications
SK_NOISY_APPS = [
    ("instagram", "Instagram"),
    ("slack", "Slack"),
    ("whatsapp", "WhatsApp"),
    ("snapchat", "Snapchat"),
    ("candy_crush", "Candy Crush"),
    ("doordash", "DoorDash"),
    ("strava", "Strava"),
    ("notion", "Notion"),
    ("airline", "the United app"),
    ("swift_trips", "Swift Trips"),
    ("cloud_hotels", "Cloud Hotels"),
    ("happy_beats", "Happy Beats"),
]
#: (app ID, how the user names it) with an update in the store
SK_UPDATE_APPS = [
    ("maps", "Maps"),
    ("spotify", "Spotify"),
    ("whatsapp", "WhatsApp"),
    ("uber", "Uber"),
    ("airline", "the United app"),
    ("slack", "Slack"),
    ("instagram", "Instagram"),
    ("zen_expenses", "Zen Expenses"),
    ("swift_trips", "Swift Trips"),
    ("daily_filters", "Daily Filters"),
]
#: (tile ID, how the user names it) missing from the control center
SK_NEW_TILES = [
    ("nfc", "NFC"),
    ("mobile_data", "mobile data"),
    ("auto_brightness", "adaptive brightness"),
    ("nfc", "the NFC toggle"),
    ("mobile_data", "the mobile data toggle"),
    ("auto_brightness", "auto brightness"),
]
SK_TILE_POSITIONS = [1, 2, 3, 4, 5, 6, 7, 8]
#: (side-button press, action, how the user says it)
SK_SIDE_ACTIONS = [
    ("double_press", "flashlight", "a double press of the side button should turn on the flashlight"),
    ("double_press", "wallet", "double-pressing the side button should open the Wallet"),
    ("press_and_hold", "power_menu", "holding the side button should bring up the power menu"),
    ("double_press", "flashlight", "double press on the side key = torch"),
    ("double_press", "wallet", "a side-button double press should pull up my cards"),
    ("press_and_hold", "power_menu", "press-and-hold on the side button should show the power options"),
    ("double_press", "none", "double-pressing the side button should do nothing"),
    (
        "press_and_hold",
        "power_menu",
        "long-pressing the side key should open the power menu, not the assistant",
    ),
]
#: (name, phone, email, company, where they met)
SK_CARDS = [
    (
        "Nora Whitfield",
        "+1 415 555 0342",
        "nora@whitfield-design.example",
        "Whitfield Design",
        "the design meetup",
    ),
    (
        "Omar Haddad",
        "+1 510 555 0387",
        "omar.haddad@baylogistics.example",
        "Bay Logistics",
        "the logistics expo",
    ),
    ("Greta Lindqvist", "+1 650 555 0323", "greta@nordicai.example", "Nordic AI", "the AI summit"),
    ("Tomás Reyes", "+1 408 555 0366", "tomas@reyesbuild.example", "Reyes Build", "the kitchen showroom"),
    (
        "Ivy Nakamura",
        "+1 415 555 0375",
        "ivy.nakamura@fogvc.example",
        "Fog Ventures",
        "the startup pitch night",
    ),
    ("Felix Brandt", "+1 628 555 0331", "felix@brandtlabs.example", "Brandt Labs", "the robotics fair"),
    ("Amara Okafor", "+1 510 555 0349", "amara@okafor-law.example", "Okafor Law", "the school fundraiser"),
    ("Lucas Moreau", "+1 650 555 0358", "lucas@moreau-wines.example", "Moreau Wines", "the wine tasting"),
    ("Hana Kim", "+1 415 555 0393", "hana.kim@pixelforge.example", "PixelForge", "the game dev meetup"),
    ("Diego Alvarez", "+1 408 555 0314", "diego@alvarez-cpa.example", "Alvarez CPA", "the tax seminar"),
    (
        "Zoe Fischer",
        "+1 628 555 0377",
        "zoe@fischerhealth.example",
        "Fischer Health",
        "the health tech panel",
    ),
    (
        "Ravi Menon",
        "+1 510 555 0308",
        "ravi@menon-analytics.example",
        "Menon Analytics",
        "the data conference",
    ),
]
#: (code label, payee, amount, reference, parking minutes or 0)
SK_PAYMENTS = [
    ("Parking meter 2210 on Valencia St", "SFMTA Parking", 4.5, "METER-2210", 120),
    ("Food truck menu board", "Señor Sisig", 14.25, "ORDER-88", 0),
    ("Farmers market stall sign", "Happy Acres Farm", 9.0, "STALL-12", 0),
    ("Parking meter 0815 on Mission St", "SFMTA Parking", 3.0, "METER-0815", 90),
    ("Coffee cart counter", "Ritual Coffee Cart", 5.75, "CART-3", 0),
    ("Bike share dock 41", "Bay Wheels", 3.99, "DOCK-41", 0),
    ("Parking garage exit pay station", "Fifth & Mission Garage", 18.0, "GARAGE-5M", 0),
    ("Parking meter 1342 on Hayes St", "SFMTA Parking", 6.0, "METER-1342", 180),
    ("Bake sale table at Lincoln Elementary", "Lincoln PTA", 12.0, "BAKESALE", 0),
    ("Parking meter 3307 on Fillmore St", "SFMTA Parking", 2.5, "METER-3307", 60),
    ("Dry cleaner counter", "Bayview Cleaners", 23.5, "TICKET-5521", 0),
    ("Street musician's sign", "Jazz on the Corner", 5.0, "TIP", 0),
]
#: Compound parking payments: (QR label, payee, amount, reference, paid minutes)
CP_PARKING = [
    ("Parking meter 2210 on Valencia St", "SFMTA Parking", 4.5, "METER-2210", 120),
    ("Parking meter 0815 on Mission St", "SFMTA Parking", 3.0, "METER-0815", 90),
    ("Parking meter 1342 on Hayes St", "SFMTA Parking", 6.0, "METER-1342", 180),
    ("Parking meter 3307 on Fillmore St", "SFMTA Parking", 2.5, "METER-3307", 60),
    ("Pay station at the Clement St lot", "ParkSmart Clement", 7.5, "LOT-CL4", 150),
    ("Parking meter 0472 on Divisadero St", "SFMTA Parking", 4.0, "METER-0472", 120),
    ("Level 2 pay-by-phone sign", "Union Square Garage", 12.0, "USQ-L2", 240),
    ("Parking meter 5120 on Irving St", "SFMTA Parking", 1.5, "METER-5120", 45),
]
#: (question about the screen, the scripted answer, a word the saved note must keep, note title, a word the
#: hand-off question must keep)
SK_SCREEN_QUESTIONS = [
    (
        "what does this error on my screen mean",
        "The error says the VPN certificate expired; reinstall the Northwind VPN profile.",
        "certificate",
        "VPN error",
        "error",
    ),
    (
        "which of these plans on screen is cheapest per month",
        "The Basic plan is cheapest at $8 per month.",
        "basic",
        "Plan comparison",
        "plan",
    ),
    (
        "what's the total on the bill I'm looking at",
        "The bill total is $142.60, due June 3.",
        "142.60",
        "Bill total",
        "total",
    ),
    (
        "what are the ingredients in the recipe on screen",
        "Flour, butter, two eggs, sugar and baking soda.",
        "flour",
        "Recipe ingredients",
        "ingredients",
    ),
    (
        "what does the warning banner here say",
        "It warns that your storage is almost full (95%).",
        "storage",
        "Storage warning",
        "warning",
    ),
    (
        "what are the opening hours on this page",
        "Open daily 10:30 to 17:30, closed Thanksgiving.",
        "10:30",
        "Opening hours",
        "hours",
    ),
    (
        "which flight on this screen arrives first",
        "UA 2215 lands first, at 20:30.",
        "2215",
        "Earliest flight",
        "flight",
    ),
    (
        "what's the tracking status shown here",
        "The package is out for delivery and arrives by 8 pm.",
        "out for delivery",
        "Package status",
        "tracking",
    ),
    (
        "what is the confirmation number on screen",
        "The confirmation number is KX7Q2P.",
        "kx7q2p",
        "Confirmation number",
        "confirmation",
    ),
    (
        "what does this chart on screen show",
        "Revenue grew 18% quarter over quarter.",
        "18%",
        "Chart summary",
        "chart",
    ),
    (
        "what's the Wi-Fi password in this screenshot",
        "The password shown is cedar-lake-77.",
        "cedar-lake-77",
        "Wi-Fi password",
        "password",
    ),
    (
        "what time does the event on screen start",
        "The event starts at 7:30 pm.",
        "7:30",
        "Event start",
        "event",
    ),
]
#: (contact ID, how the user names them) for flight alerts
SK_NOTIFY = [
    ("contact_004", "Jordan"),
    ("contact_006", "Mom"),
    ("contact_001", "Maya"),
    ("contact_005", "Emma"),
    ("contact_004", "my spouse"),
    ("contact_001", "my secretary"),
    ("contact_008", "Sam Carter"),
    ("contact_006", "my mother"),
]
#: (practice scenario, a word the topic must keep)
SK_PRACTICE_TOPICS = [
    ("ordering food at a restaurant", "restaurant"),
    ("asking for directions", "directions"),
    ("checking into a hotel", "hotel"),
    ("small talk with colleagues", "small talk"),
    ("shopping at a market", "market"),
    ("booking a doctor's appointment", "doctor"),
    ("talking about my weekend", "weekend"),
    ("buying train tickets", "train"),
    ("introducing myself at a meetup", "introducing"),
    ("renting a car", "car"),
    ("talking about the weather", "weather"),
    ("ordering coffee", "coffee"),
]
SK_LEVELS = [
    ("beginner", "a beginner"),
    ("intermediate", "intermediate"),
    ("advanced", "advanced"),
    ("beginner", "a total beginner"),
    ("intermediate", "somewhere in the middle"),
    ("advanced", "pretty advanced"),
]
SK_PRACTICE_MINUTES = [10, 15, 20, 25, 30, 45, 12, 40]
#: (role, company)
SK_ROLES = [
    ("staff ML engineer", "Anthropic Labs"),
    ("engineering manager", "Stripe"),
    ("product manager", "Figma"),
    ("senior backend engineer", "Airbnb"),
    ("data scientist", "Genentech"),
    ("director of engineering", "Dropbox"),
    ("solutions architect", "Salesforce"),
    ("principal engineer", "Pinterest"),
    ("tech lead", "Lyft"),
    ("research scientist", "OpenWave"),
    ("site reliability engineer", "Cloudflare"),
    ("VP of product", "Notion"),
]
#: (photo ID, how the user names it, a list_photos query that finds it)
SK_TOUCHUP_PHOTOS = [
    ("photo_002", "the portrait from Dolores Park", "Dolores Park"),
    ("photo_006", "the Golden Gate Bridge panorama", "Golden Gate"),
    ("photo_005", "last night's photo at Nopa", "Nopa"),
    ("photo_009", "the Sausalito portrait", "Sausalito"),
    ("photo_004", "the office photo from Monday", "Northwind"),
    ("photo_011", "Monday night's photo at home", "Home"),
    ("photo_012", "the lunch photo from Tartine", "Tartine"),
    ("photo_001", "my gym selfie", "Equinox"),
]
#: (edit instruction, a word the hand-off must keep)
SK_EDITS = [
    ("remove the people in the background", "background"),
    ("make it look like a watercolor painting", "watercolor"),
    ("brighten it and fix the colors", "brighten"),
    ("turn it into black and white", "black and white"),
    ("remove the trash can on the left", "trash can"),
    ("give it a warm sunset tone", "sunset"),
    ("blur the background", "blur"),
    ("crop it square for Instagram", "square"),
    ("remove the glare", "glare"),
    ("make it look like a vintage film photo", "vintage"),
]
SK_AOD_WINDOWS = [
    ("07:00", "23:00"),
    ("06:30", "22:30"),
    ("08:00", "22:00"),
    ("07:30", "23:30"),
    ("06:00", "21:00"),
    ("09:00", "18:00"),
    ("07:15", "22:45"),
    ("05:45", "22:00"),
    ("10:00", "20:00"),
    ("06:45", "23:15"),
]
#: (always-on display style, how the user says it)
SK_AOD_STYLES = [
    ("calendar", "my calendar"),
    ("analog_clock", "an analog clock"),
    ("minimal", "a minimal look"),
    ("calendar", "the calendar view"),
    ("analog_clock", "a classic clock face"),
    ("minimal", "just the basics"),
]
#: (city abroad, language as the user says it, keyboard code, a phrasebook phrase to translate)
SK_ABROAD = [
    ("Paris", "French", "fr-FR", "Where is the train station?"),
    ("Madrid", "Spanish", "es-ES", "The check, please."),
    ("Mexico City", "Spanish", "es-MX", "How much does this cost?"),
    ("Berlin", "German", "de-DE", "Thank you"),
    ("Rome", "Italian", "it-IT", "A glass of water, please."),
    ("Tokyo", "Japanese", "ja-JP", "Excuse me"),
    ("Barcelona", "Spanish", "es-ES", "Nice to meet you"),
    ("Milan", "Italian", "it-IT", "I have a reservation."),
    ("Beijing", "Chinese", "zh-CN", "I am allergic to peanuts."),
    ("Munich", "German", "de-DE", "Where is the bathroom?"),
    ("Kyoto", "Japanese", "ja-JP", "I am vegetarian."),
    ("Lyon", "French", "fr-FR", "What is the Wi-Fi password?"),
]
SK_BRIEF_OPENERS = [
    "Good morning!",
    "Morning.",
    "Okay, what's today looking like?",
    "Coffee in hand.",
    "Let's start the day.",
    "Hey, quick one.",
    "Before I leave the house:",
    "On the train now.",
    "Just sat down at my desk.",
    "Alright, brief me.",
    "Morning, quick rundown please.",
    "New day.",
]
#: (an event added for today, its start)
SK_TODAY_EVENTS = [
    ("Vendor call with Acme", "11:00"),
    ("Dentist follow-up", "16:30"),
    ("Coffee with Nora", "13:45"),
    ("Pick up Emma's glasses", "17:15"),
    ("Intro call with recruiter", "11:30"),
    ("Car inspection", "14:15"),
    ("Yoga class", "18:30"),
    ("Parent-teacher chat", "16:00"),
    ("Haircut", "17:45"),
    ("Tax advisor call", "11:15"),
    ("Team trivia", "17:30"),
    ("Bank appointment", "14:30"),
]
SK_DND_WINDOWS = [
    ("22:00", "06:30"),
    ("21:30", "06:00"),
    ("23:00", "06:45"),
    ("22:30", "07:00"),
    ("22:15", "05:45"),
    ("23:30", "07:30"),
    ("21:00", "06:00"),
    ("22:45", "06:15"),
    ("00:00", "07:00"),
    ("22:30", "06:00"),
]
#: (contact ID, how the user names them) who may break through at night
SK_NIGHT_PEOPLE = [
    ("contact_006", "Mom"),
    ("contact_010", "Leo"),
    ("contact_001", "Maya"),
    ("contact_003", "Chris Li"),
    ("contact_007", "Dr. Shah"),
    ("contact_009", "Samantha next door"),
    ("contact_008", "my manager Sam"),
    ("contact_006", "my mother"),
]
#: (ringtone ID, its name)
SK_RINGTONES = [
    ("ringtone_002", "Marimba"),
    ("ringtone_003", "Opening"),
    ("ringtone_004", "Crystal Bells"),
    ("ringtone_102", "Quiet Loop"),
    ("ringtone_103", "Golden Drift"),
    ("ringtone_104", "Amber Pulse"),
    ("ringtone_108", "Happy Echo"),
    ("ringtone_111", "Electric Flute"),
    ("ringtone_112", "Velvet Bell"),
    ("ringtone_113", "Urban Loop"),
    ("ringtone_114", "Neon Tide"),
    ("ringtone_006", "Summer Breeze"),
]
#: (contact ID, how the user names them) for a personal ringtone
SK_RING_PEOPLE = [
    ("contact_005", "Emma"),
    ("contact_004", "Jordan"),
    ("contact_006", "Mom"),
    ("contact_001", "Maya"),
    ("contact_010", "Leo"),
    ("contact_003", "Chris Li"),
    ("contact_008", "my boss"),
    ("contact_009", "Samantha"),
]
SK_RING_VOLUMES = [50, 55, 60, 65, 70, 75, 85, 90, 95, 100]
#: (device ID, how the user names it)
SK_HEADPHONES = [
    ("bt_001", "my Sony headphones"),
    ("bt_103", "the new Galaxy Buds2"),
    ("bt_002", "my Pixel Buds"),
    ("bt_107", "the Bose QC45 I just got"),
    ("bt_001", "the XM5s"),
    ("bt_103", "these Galaxy Buds"),
    ("bt_002", "my earbuds"),
    ("bt_107", "my new Bose headphones"),
]
SK_HEADPHONE_VOLUMES = [30, 35, 40, 45, 50, 55, 65, 25, 20, 70]
#: (app ID, how the user names it) to lock before a kid uses the phone
SK_KID_LOCK_APPS = [
    ("mail", "Mail"),
    ("messages", "Messages"),
    ("wallet", "Wallet"),
    ("whatsapp", "WhatsApp"),
    ("slack", "Slack"),
    ("gallery", "the Gallery"),
    ("outlook", "Outlook"),
    ("chrome", "Chrome"),
]
SK_KID_MINUTES = [15, 20, 25, 30, 40, 45, 60, 35, 50, 10]
#: (memory category, memory ID, how the user refers to it)
SK_MEMORY_DELETES = [
    ("food", "mem_021", "my coffee order"),
    ("other", "mem_040", "where I park"),
    ("preference", "mem_036", "the alarm sound preference"),
    ("food", "mem_041", "the date night restaurant"),
    ("health", "mem_038", "the vitamin D note"),
    ("travel", "mem_024", "my hotel preference"),
    ("routine", "mem_010", "the old 6:30 wake-up time"),
    ("other", "mem_042", "the rent reminder"),
    ("study", "mem_025", "the research reading block"),
    ("preference", "mem_039", "keeping messages short"),
    ("routine", "mem_012", "my weekend wake-up time"),
    ("family", "mem_033", "Emma's piano lessons"),
]
#: (service as the user says it, vault query, password, texted code)
SK_SIGN_INS = [
    ("Netflix", "Netflix", "Popcorn&Rain55", "804215"),
    ("Chase", "Chase", "Tide#Copper19", "551907"),
    ("Amazon", "Amazon", "Cardboard+Fox88", "330468"),
    ("Spotify", "Spotify", "Vinyl*Morning14", "129736"),
    ("Northwind VPN", "Northwind VPN", "Nw-Tunnel-5529", "774102"),
    ("United MileagePlus", "United", "Jetstream!2026", "268351"),
    ("Sunset Family Health portal", "Sunset Family Health", "Checkup#Fog61", "415990"),
    ("Lincoln Elementary parent portal", "Lincoln Elementary", "Crayon-Bus-908", "902643"),
    ("Pacific Power", "Pacific Power", "Kilowatt!Bay23", "617284"),
    ("personal Google account", "Google (personal)", "Maple!Harbor42", "553019"),
]
#: (URL, how the user names the page)
SK_READ_LATER = [
    ("https://www.moma.org", "the MoMA website"),
    ("https://www.allrecipes.com/recipe/banana-bread", "that banana bread recipe"),
    ("https://en.wikipedia.org/wiki/golden_gate_bridge", "the Golden Gate Bridge Wikipedia article"),
    ("https://github.com", "the GitHub homepage"),
    ("https://www.hudsonpartners.com", "the Hudson Partners site"),
    ("https://www.bart.gov/schedules", "the BART schedules page"),
    ("https://www.weather.gov", "the National Weather Service site"),
    ("https://www.nytimes.com", "the New York Times front page"),
    ("https://www.amtrak.com", "the Amtrak site"),
    ("https://www.united.com/en/us/manageres/mytrips", "my United trips page"),
]
# --- sub-agent pools
SA_SIGNATURES = [
    "Alex Morgan, Northwind Labs",
    "Cheers, Alex",
    "Alex Morgan | Platform Lead",
    "Best, Alex Morgan (he/him)",
    "Alex M. - sent from my phone",
    "Alex Morgan, Northwind Labs, +1 415 555 0100",
    "Thanks! Alex",
    "Warmly, Alex Morgan",
    "Alex Morgan - Director of Platform Engineering",
    "Talk soon, Alex",
]
SA_MAIL_APPS = [
    ("mail", "Mail"),
    ("outlook", "Outlook"),
    ("mail", "the Mail app"),
    ("outlook", "the Outlook app"),
]
#: (app ID, app name, what the user wants done in it, a phrase the hand-off must keep)
SA_APP_TOGGLES = [
    ("whatsapp", "WhatsApp", "turn off read receipts", "read receipts"),
    ("instagram", "Instagram", "make my account private", "private"),
    ("spotify", "Spotify", "set crossfade to 6 seconds", "crossfade"),
    ("youtube", "YouTube", "turn on restricted mode", "restricted mode"),
    ("netflix", "Netflix", "turn off autoplay previews", "autoplay"),
    ("slack", "Slack", "set my status to 'Out sick' until tomorrow", "out sick"),
    ("strava", "Strava", "add a privacy zone around my home address", "privacy zone"),
    ("kindle", "Kindle", "switch the reading theme to sepia", "sepia"),
    ("zoom", "Zoom", "always mute my microphone when I join a meeting", "mute"),
    ("linkedin", "LinkedIn", "turn on Open to Work for recruiters only", "open to work"),
    ("snapchat", "Snapchat", "turn on Ghost Mode on the map", "ghost mode"),
    ("duolingo", "Duolingo", "set my daily goal to 20 minutes", "daily goal"),
]
#: (app ID, app name, ride type)
SA_RIDE_APPS = [
    ("uber", "Uber", "UberX"),
    ("lyft", "Lyft", "a standard Lyft"),
    ("uber", "Uber", "Uber Comfort"),
    ("lyft", "Lyft", "a Lyft XL"),
    ("uber", "Uber", "an UberXL"),
    ("lyft", "Lyft", "Lyft Priority Pickup"),
]
#: (destination as said, a phrase the hand-off must keep)
SA_RIDE_PLACES = [
    ("SFO terminal 3", "sfo"),
    ("Northwind Labs on Howard St", "northwind"),
    ("the Ferry Building", "ferry building"),
    ("Nopa on Divisadero", "nopa"),
    ("Oracle Park", "oracle park"),
    ("the Chase Center", "chase center"),
    ("Emeryville Amtrak station", "emeryville"),
    ("Dolores Park", "dolores"),
    ("the Exploratorium", "exploratorium"),
    ("Lincoln Elementary", "lincoln"),
    ("Union Square", "union square"),
    ("the de Young museum", "de young"),
]
#: (app ID, app name, restaurant, dish)
SA_FOOD = [
    ("doordash", "DoorDash", "Souvla", "the chicken salad"),
    ("doordash", "DoorDash", "Pizzeria Delfina", "a margherita pizza"),
    ("cloud_eats", "Cloud Eats", "Burma Superstar", "the tea leaf salad"),
    ("doordash", "DoorDash", "Tartine", "a morning bun"),
    ("swift_eats", "Swift Eats", "Super Duper", "a veggie burger"),
    ("doordash", "DoorDash", "Zuni Cafe", "the Caesar salad"),
    ("magic_eats", "Magic Eats", "Nopalito", "the fish tacos"),
    ("doordash", "DoorDash", "Rintaro", "the salmon rice bowl"),
    ("cloud_eats", "Cloud Eats", "Tacolicious", "two shrimp tacos"),
    ("doordash", "DoorDash", "Sweetgreen", "a harvest bowl"),
]
SA_AMOUNTS = ["18.50", "24", "32.75", "45", "60", "12.40", "85", "27.30", "15", "54.20"]
SA_REASONS = [
    "dinner last night",
    "the concert tickets",
    "our share of the cabin",
    "the birthday gift",
    "lunch today",
    "the Uber home",
    "groceries",
    "the baseball tickets",
    "the pizza",
    "gas money",
]
#: (who or what the emails come from, what to do, a phrase the hand-off must keep)
SA_MAIL_CLEANUPS = [
    ("Groupon", "archive every email from Groupon", "groupon"),
    ("LinkedIn", "unsubscribe me from the LinkedIn digest", "linkedin"),
    ("the Chase promotions", "move all Chase promo emails to a 'Promos' folder", "promo"),
    ("Medium", "unsubscribe from the Medium daily digest", "medium"),
    ("Amazon", "archive all Amazon shipping updates", "amazon"),
    (
        "the school newsletter",
        "create a filter that labels Lincoln Elementary newsletters 'School'",
        "lincoln",
    ),
    ("Nextdoor", "archive every Nextdoor email", "nextdoor"),
    ("Doodle", "delete all the old Doodle poll notifications", "doodle"),
]
#: (destination country, from, to)
SA_TRAVEL_NOTICES = [
    ("Japan", "June 10", "June 20"),
    ("Mexico", "July 1", "July 8"),
    ("France", "June 3", "June 14"),
    ("Canada", "May 29", "June 2"),
    ("Italy", "August 4", "August 18"),
    ("Portugal", "September 9", "September 19"),
    ("the UK", "June 22", "June 29"),
    ("Costa Rica", "July 15", "July 25"),
]
#: (cuisine, neighborhood)
SA_CUISINES = [
    ("sushi", "the Mission"),
    ("Thai", "SoMa"),
    ("Italian", "North Beach"),
    ("vegetarian Indian", "Hayes Valley"),
    ("seafood", "the Embarcadero"),
    ("Mexican", "the Castro"),
    ("Vietnamese", "the Tenderloin"),
    ("Greek", "Noe Valley"),
    ("Korean", "Japantown"),
    ("brunch", "the Marina"),
    ("ramen", "Japantown"),
    ("Mediterranean", "Cole Valley"),
]
#: (what the user is looking for, two phrases the hand-off must keep, the search agent's scripted answer,
#: the phrase groups a final message relaying that answer must contain: one phrase of each group)
SA_SEARCH_TOPICS = [
    (
        "the best-reviewed cordless vacuums under $300",
        "vacuum",
        "300",
        "The Shark Cordless Pet Pro ($249) is the best-reviewed pick under $300, ahead of the Levoit "
        "LVAC-300 ($230).",
        [["shark"]],
    ),
    (
        "how to descale a Breville espresso machine",
        "descale",
        "breville",
        "Dissolve one descaling tablet in a full tank of warm water, start the machine's descale cycle so "
        "it runs through the group head and steam wand, then rinse with two full tanks of clean water.",
        [["tablet", "descaling solution", "descaling powder"], ["rinse", "clean water", "fresh water"]],
    ),
    (
        "summer camps in San Francisco for a 9-year-old who likes science",
        "camp",
        "science",
        "The Exploratorium's Summer Science Camp (ages 8-10, weekdays June 15 to August 7, $495 a week) is "
        "the best fit; the California Academy of Sciences also runs week-long camps for ages 8-11.",
        [["exploratorium", "academy of sciences", "cal academy"]],
    ),
    (
        "whether the Warriors play at home this Saturday",
        "warriors",
        "saturday",
        "Yes: the Warriors play at home at Chase Center this Saturday, May 23, tip-off 5:30 pm.",
        [["5:30"], ["chase center", "home"]],
    ),
    (
        "good day hikes within an hour of San Francisco",
        "hike",
        "hour",
        "Top picks: the Dipsea Trail to Stinson Beach (7 miles, 40 minutes' drive), Tennessee Valley to the "
        "beach (3.4 miles, 25 minutes) and the Mount Tamalpais East Peak loop (45 minutes).",
        [["dipsea", "tennessee valley", "tamalpais", "mount tam"]],
    ),
    (
        "how to get a red wine stain out of a wool rug",
        "wine",
        "rug",
        "Blot (don't rub) with a dry cloth, dab on 1 tablespoon of dish soap in 2 cups of cool water, rinse "
        "with cool water and blot dry; hot water and bleach damage wool.",
        [["blot"], ["dish soap", "cool water", "cold water"]],
    ),
    (
        "owner reviews of the Rivian R2",
        "rivian",
        "review",
        "Owners rate the Rivian R2 4.5 out of 5: they praise its range (about 300 miles) and handling and "
        "complain about road noise at highway speeds.",
        [["300", "range"], ["noise", "noisy"]],
    ),
    (
        "the opening hours of the Asian Art Museum",
        "asian art museum",
        "hours",
        "The Asian Art Museum is open 10 am to 5 pm Friday to Monday and 1 pm to 8 pm on Thursday; it is "
        "closed on Tuesday and Wednesday.",
        [["10 am", "10am", "10 a.m.", "10:00", "10-5", "10–5"], ["tuesday"]],
    ),
    (
        "the date of this year's Bay to Breakers race",
        "bay to breakers",
        "date",
        "This year's Bay to Breakers was on Sunday, May 17, 2026, starting at 7 am at Howard and Main.",
        [["may 17", "17 may", "5/17"]],
    ),
    (
        "how long to boil eggs for jammy yolks",
        "egg",
        "jammy",
        "Lower the eggs into boiling water for 7 minutes, then move them straight into an ice bath.",
        [["7 min", "7-min", "seven min", "seven-min"], ["ice bath", "ice water", "iced water"]],
    ),
    (
        "electric bike rebates in California",
        "rebate",
        "california",
        "California's E-Bike Incentive Project gives income-qualified residents $1,000 toward an e-bike "
        "($1,750 for a cargo or adaptive bike); the next application window opens June 10.",
        [["1,000", "1000", "1k"]],
    ),
    (
        "the best time to see the fog roll in at Twin Peaks",
        "twin peaks",
        "fog",
        "The fog usually rolls over Twin Peaks in the late afternoon and evening, around 4 to 7 pm, most "
        "dramatically from June through August.",
        [["afternoon", "evening", "sunset", "4 to 7", "4-7", "4–7"], ["summer", "june", "july", "august"]],
    ),
]
#: (two products to compare, a phrase each side must keep)
SA_COMPARISONS = [
    ("the Pixel 9 and the iPhone 16", "pixel", "iphone"),
    ("Sonos Era 100 and HomePod mini", "sonos", "homepod"),
    ("Kindle Paperwhite and Kobo Clara", "kindle", "kobo"),
    ("Peloton and Tonal", "peloton", "tonal"),
    ("a Roomba j7 and a Roborock S8", "roomba", "roborock"),
    ("Vitamix and Ninja blenders", "vitamix", "ninja"),
    ("Garmin Forerunner 265 and Apple Watch SE", "garmin", "apple watch"),
    ("Dyson V15 and Shark Stratos", "dyson", "shark"),
    ("Herman Miller Aeron and Steelcase Leap", "aeron", "leap"),
    ("Bose QC Ultra and Sony XM5", "bose", "sony"),
]
#: (what to do in New York, a phrase the hand-off must keep)
SA_NY_ACTIVITIES = [
    ("a jazz club", "jazz"),
    ("a Broadway show with last-minute tickets", "broadway"),
    ("a rooftop bar near Wall Street", "rooftop"),
    ("a good running route", "running"),
    ("a pescatarian-friendly dinner spot", "dinner"),
    ("a museum that's open late", "museum"),
    ("a comedy show", "comedy"),
    ("a bookstore worth visiting", "bookstore"),
]
#: (what to generate, a phrase the hand-off must keep)
SA_GENERATE = [
    ("a foggy Golden Gate Bridge at sunrise in watercolor", "golden gate"),
    ("a cozy cabin in the snow at night", "cabin"),
    ("a minimalist mountain lake with pastel colors", "mountain"),
    ("a cat astronaut floating over San Francisco", "cat"),
    ("a neon-lit Tokyo street in the rain", "tokyo"),
    ("a field of sunflowers under a stormy sky", "sunflower"),
    ("a lighthouse on a cliff in an oil-painting style", "lighthouse"),
    ("a retro 80s synthwave sunset", "synthwave"),
    ("a redwood forest with light rays", "redwood"),
    ("a tiny robot watering a plant", "robot"),
]
#: (what the image is for, how the user says it)
SA_IMAGE_PURPOSES = [
    ("wallpaper", "my phone wallpaper"),
    ("lock screen", "my lock screen"),
    ("profile picture", "a profile picture"),
    ("print", "a print for the hallway"),
    ("slide", "the title slide of my deck"),
    ("wallpaper", "a new wallpaper"),
]
#: (occasion, a phrase the hand-off must keep)
SA_CARDS = [
    ("happy birthday card", "birthday"),
    ("thank-you card", "thank"),
    ("congratulations card for a new job", "congrat"),
    ("get-well-soon card", "well"),
    ("anniversary card", "anniversary"),
    ("graduation card", "graduation"),
    ("welcome-baby card", "baby"),
    ("farewell card for a coworker", "farewell"),
]
#: (art style, a phrase the hand-off must keep)
SA_STYLES = [
    ("a watercolor painting", "watercolor"),
    ("an anime still", "anime"),
    ("a pencil sketch", "sketch"),
    ("an oil painting", "oil"),
    ("pixel art", "pixel"),
    ("a vintage postcard", "postcard"),
    ("a Pop Art print", "pop art"),
    ("a comic book panel", "comic"),
]
#: (what to make of a selfie, a phrase the hand-off must keep)
SA_HEADSHOTS = [
    ("a professional headshot for LinkedIn", "headshot"),
    ("a cartoon avatar", "avatar"),
    ("a passport-style photo on a white background", "passport"),
    ("a black-and-white portrait", "black-and-white"),
    ("a Slack profile picture with a blue background", "blue background"),
    ("a caricature", "caricature"),
]
#: (question about a photo, a phrase the hand-off must keep, the scripted answer, a phrase the
#: reply must keep)
SA_PHOTO_QUESTIONS = [
    ("what does the sign in the background say", "sign", "The sign reads 'Fresh Oysters Daily'.", "oysters"),
    ("how many people are in it", "people", "There are six people in the photo.", "six"),
    ("what breed is the dog in it", "dog", "It looks like a golden retriever.", "golden retriever"),
    ("what color is the car on the left", "car", "The car on the left is dark green.", "green"),
    ("what's the name of the restaurant in it", "restaurant", "The awning says 'Luna Rossa'.", "luna rossa"),
    (
        "is anyone wearing a red jacket",
        "red jacket",
        "Yes, the person on the far right wears a red jacket.",
        "far right",
    ),
    ("what flowers are in the picture", "flower", "Those are California poppies.", "poppies"),
    ("what time does the clock in it show", "clock", "The clock shows 4:15.", "4:15"),
    ("what's written on the cake", "cake", "It says 'Happy 9th, Emma!'.", "happy 9th"),
    ("what bird is that on the fence", "bird", "It's a Steller's jay.", "jay"),
]
#: (question about a screenshot, a phrase the hand-off must keep, the scripted answer, a phrase the
#: reply must keep)
SA_SCREENSHOT_QUESTIONS = [
    (
        "what's the address in it",
        "address",
        "The address is 1452 Valencia St, San Francisco.",
        "1452 valencia",
    ),
    ("what's the confirmation code", "confirmation", "The confirmation code is QZ4471.", "qz4471"),
    ("what time is the reservation", "reservation", "The reservation is for 7:45 pm.", "7:45"),
    ("who sent the message in it", "message", "The message is from Priya Sharma.", "priya sharma"),
    ("what's the price shown", "price", "The price shown is $129.99.", "129.99"),
    ("what's the tracking number", "tracking", "Tracking number 1Z 999 AA1 0123 4567 84.", "1z 999"),
    ("what error does it show", "error", "It shows 'Error 403: access denied'.", "403"),
    ("what's the gate number", "gate", "Gate B22.", "b22"),
    ("what's the Wi-Fi password in it", "password", "The password is cedar-lake-77.", "cedar-lake-77"),
    ("what date is the appointment", "appointment", "The appointment is on June 9.", "june 9"),
]
#: (screenshot file ID, how the user names it)
SA_SCREENSHOTS = [
    ("file_012", "the screenshot I took this morning"),
    ("file_011", "last night's screenshot"),
    ("file_012", "my latest screenshot"),
    ("file_011", "the screenshot from yesterday evening"),
]
#: (app in the foreground, how the user names what they see, question, key phrase, answer, reply phrase)
SA_SCREEN_QUESTIONS = [
    (
        "chrome",
        "this web page",
        "what is this page asking me to do",
        "page",
        "It asks you to confirm your email address.",
        "confirm your email",
    ),
    (
        "mail",
        "this email",
        "is this email a phishing attempt",
        "phishing",
        "Yes: the sender domain is 'chase-secure-login.example', not chase.com.",
        "not chase.com",
    ),
    (
        "maps",
        "this map",
        "which route is the fastest",
        "route",
        "The route via I-280 is fastest at 24 minutes.",
        "i-280",
    ),
    (
        "bank",
        "my bank screen",
        "what's my available balance",
        "balance",
        "Available balance: $3,482.19.",
        "3,482.19",
    ),
    (
        "instagram",
        "this post",
        "what product is being advertised here",
        "product",
        "It's an ad for Allbirds running shoes.",
        "allbirds",
    ),
    (
        "spotify",
        "this screen",
        "what song is at the top of this list",
        "song",
        "The top song is 'Cobalt Rain' by Ivy Arcade.",
        "cobalt rain",
    ),
    (
        "slack",
        "this Slack thread",
        "what did the team decide",
        "decide",
        "They agreed to ship the beta on June 2.",
        "june 2",
    ),
    (
        "amazon",
        "this product page",
        "how many stars does it have",
        "stars",
        "It has 4.6 stars from 2,310 ratings.",
        "4.6",
    ),
    (
        "airline",
        "my boarding pass",
        "what's my boarding group",
        "boarding",
        "Boarding group 2, seat 14A.",
        "group 2",
    ),
    (
        "doordash",
        "this order screen",
        "when is my food arriving",
        "arriv",
        "Your order arrives around 7:20 pm.",
        "7:20",
    ),
]
#: (place, total, tip)
SA_RECEIPTS = [
    ("Tartine", "38.40", "6.40"),
    ("Blue Bottle", "11.75", "2.00"),
    ("Nopa", "142.60", "24.00"),
    ("Zuni Cafe", "96.20", "16.00"),
    ("Souvla", "27.85", "4.50"),
    ("Burma Superstar", "64.10", "11.00"),
    ("Rintaro", "118.30", "20.00"),
    ("Super Duper", "22.45", "3.50"),
    ("Delfina", "74.90", "13.00"),
    ("Philz Coffee", "9.80", "1.50"),
]
#: (product, price threshold, store)
SA_PRICE_WATCH = [
    ("the Sony WH-1000XM5 headphones", "250", "Best Buy"),
    ("a Vitamix 5200", "300", "Amazon"),
    ("the Kindle Paperwhite", "110", "Amazon"),
    ("a Dyson V15", "550", "Target"),
    ("the LEGO Millennium Falcon", "600", "the LEGO store"),
    ("a Garmin Forerunner 265", "320", "REI"),
    ("the Nintendo Switch OLED", "290", "Walmart"),
    ("a Herman Miller Aeron", "1100", "Design Within Reach"),
    ("round-trip flights SFO to Tokyo in October", "800", "Google Flights"),
    ("a weekend at the Tahoe cabin rental", "400", "Airbnb"),
]
#: (when, a phrase the hand-off must keep, what it's for)
SA_WEATHER_WATCH = [
    ("Saturday", "saturday", "Emma's soccer game"),
    ("Sunday morning", "sunday", "the farmers market"),
    ("Friday evening", "friday", "the school play pickup"),
    ("tomorrow", "tomorrow", "my bike commute"),
    ("Saturday afternoon", "saturday", "the barbecue"),
    ("Monday morning", "monday", "my run"),
    ("Sunday", "sunday", "the hike at Lands End"),
    ("tonight", "tonight", "the outdoor movie"),
]
#: (store, item)
SA_PACKAGES = [
    ("Amazon", "the printer ink"),
    ("REI", "the tent"),
    ("Target", "Emma's birthday present"),
    ("IKEA", "the bookshelf"),
    ("Apple", "the new iPad"),
    ("Chewy", "the dog food"),
    ("Best Buy", "the router"),
    ("Etsy", "the custom mug"),
    ("Costco", "the patio chairs"),
    ("Wayfair", "the desk lamp"),
]
#: (what to watch on the road, a phrase the hand-off must keep)
SA_TRAFFIC = [
    ("the Bay Bridge", "bay bridge"),
    ("the 101 southbound", "101"),
    ("I-280 to Palo Alto", "280"),
    ("the Golden Gate Bridge", "golden gate"),
    ("I-80 to Sacramento", "i-80"),
    ("the BART Transbay Tube", "transbay"),
    ("Highway 1 to Half Moon Bay", "highway 1"),
    ("the San Mateo Bridge", "san mateo"),
]
#: (event tickets to watch, a phrase the hand-off must keep)
SA_TICKETS = [
    ("the Taylor Swift show at Levi's Stadium", "taylor swift"),
    ("Hamilton at the Orpheum", "hamilton"),
    ("the Warriors playoff game", "warriors"),
    ("Outside Lands", "outside lands"),
    ("the Nutcracker at the SF Ballet", "nutcracker"),
    ("the Giants home opener", "giants"),
    ("the Coldplay concert", "coldplay"),
    ("Cirque du Soleil at Oracle Park", "cirque"),
]
#: (language, code, topic, topic phrase)
SA_LANGUAGES = [
    ("French", "fr", "ordering at a bakery", "bakery"),
    ("German", "de", "asking for directions", "directions"),
    ("Italian", "it", "ordering wine at dinner", "wine"),
    ("Japanese", "ja", "checking into a ryokan", "ryokan"),
    ("Korean", "ko", "shopping at a market", "market"),
    ("Portuguese", "pt", "small talk with neighbors", "small talk"),
    ("Mandarin", "zh", "introducing myself", "introducing"),
    ("Spanish", "es", "talking to a doctor", "doctor"),
    ("French", "fr", "renting an apartment", "apartment"),
    ("German", "de", "a job interview", "interview"),
    ("Japanese", "ja", "ordering ramen", "ramen"),
    ("Italian", "it", "buying train tickets", "train"),
]
#: (how the user names the person, contact ID, budget in dollars)
SA_GIFT_PEOPLE = [
    ("Emma", "contact_005", "40"),
    ("Jordan", "contact_004", "150"),
    ("Mom", "contact_006", "80"),
    ("my daughter", "contact_005", "60"),
    ("my spouse", "contact_004", "200"),
    ("my mother", "contact_006", "100"),
    ("Emma", "contact_005", "25"),
    ("Jordan", "contact_004", "75"),
]
#: (speech, a phrase the hand-off must keep)
SA_SPEECHES = [
    ("the best-man toast for Leo's wedding", "toast"),
    ("my conference talk on on-device agents", "on-device agents"),
    ("the retirement speech for my manager", "retirement"),
    ("a two-minute comment at the school board meeting", "school board"),
    ("the welcome remarks for our team offsite", "offsite"),
    ("my TEDx-style talk on sleep", "sleep"),
    ("the eulogy for my grandfather", "eulogy"),
    ("the pitch for our seed round", "pitch"),
]
SK_BOARDING_OPENERS = [
    "Okay.",
    "Gate's open.",
    "Alright.",
    "Here we go.",
    "Last call for my row.",
    "Finally!",
    "Phew, made it.",
    "Group 2 is up.",
    "Found my seat.",
    "Time to fly.",
]
SK_FREE_MOMENTS = [
    "I've got a free half hour",
    "dinner's in the oven",
    "I just got home",
    "the kids are in bed",
    "I'm on my walk",
    "I'm stuck on the train anyway",
    "I finally have a moment",
    "it's quiet here for once",
    "I'm in the car waiting for Emma",
    "I've got ten minutes before my next call",
    "I just finished the dishes",
    "coffee break",
]
SK_BEDTIMES = ["22:00", "22:15", "22:45", "23:00", "23:15", "21:45", "21:30", "23:30", "22:30", "22:10"]
SK_EARLY_MINUTES = [5, 10, 12, 15, 18, 20, 25, 30]
#: (a new durable fact, a phrase the stored memory must keep)
SK_NEW_FACTS = [
    ("my car's license plate is 8KQL214", "8kql214"),
    ("Leo's birthday is March 3", "march 3"),
    ("I prefer aisle seats on trains too", "aisle"),
    ("Emma's shoe size is 2", "shoe size"),
    ("our Wi-Fi router is in the hall closet", "router"),
    ("the plumber we like is Marco Diaz", "marco"),
    ("I'm training for the SF half marathon in July", "half marathon"),
    ("Jordan is allergic to shellfish", "shellfish"),
    ("my passport expires in March 2028", "passport"),
    ("I donate blood every three months", "blood"),
    ("Mom prefers phone calls over texts", "phone calls"),
    ("our anniversary is October 12", "october 12"),
]
SK_MEETING_LENGTHS = [15, 20, 30, 35, 40, 45, 10, 50, 12, 18]
#: (city, hotel Wi-Fi, currency code, how the user says the currency)
SK_HOTELS_ABROAD = [
    ("Paris", "Hilton Honors", "EUR", "euros"),
    ("London", "Marriott_Guest", "GBP", "pounds"),
    ("Tokyo", "Hilton Honors 2", "JPY", "yen"),
    ("Lisbon", "Airbnb", "EUR", "euros"),
    ("Toronto", "Marriott_Guest", "CAD", "Canadian dollars"),
    ("Mexico City", "Hilton Honors", "MXN", "pesos"),
    ("Zurich", "Airbnb", "CHF", "Swiss francs"),
    ("Seoul", "Hilton Honors 2", "KRW", "won"),
]
SK_FOREIGN_AMOUNTS = [20, 35, 50, 75, 120, 200, 15, 90, 60, 45]
#: (contact ID, how the user names them) as emergency contacts
SK_EMERGENCY_PEOPLE = [
    ("contact_004", "Jordan"),
    ("contact_001", "Maya"),
    ("contact_006", "Mom"),
    ("contact_010", "Leo"),
    ("contact_009", "Samantha next door"),
    ("contact_003", "Chris Li"),
    ("contact_008", "Sam Carter"),
    ("contact_005", "Emma"),
]
SK_LOCK_REASONS = [
    "my nephew is staying over",
    "I'm lending my phone to a coworker",
    "the kids keep grabbing my phone",
    "I'm taking it to the repair shop",
    "I'm traveling next week",
    "my phone got stolen once before",
    "I'm letting Emma play games on it",
    "there's a house party tonight",
    "I'm handing it to a friend for a bit",
    "I just read about a banking scam",
    "I share it with Jordan sometimes",
    "I'm leaving it at the front desk",
]
SK_BRIGHTNESS = [50, 55, 60, 65, 75, 80, 85, 90, 45, 95]
#: (home screen app ID, how the user names it) to drop
SK_HOME_REMOVE = [
    ("weather", "Weather"),
    ("netflix", "Netflix"),
    ("kindle", "Kindle"),
    ("clock", "Clock"),
    ("strava", "Strava"),
    ("chrome", "Chrome"),
    ("youtube", "YouTube"),
    ("calendar", "Calendar"),
]
#: (home screen app ID, how the user names it) to move to the other page
SK_HOME_MOVE = [
    ("spotify", "Spotify"),
    ("gallery", "Gallery"),
    ("whatsapp", "WhatsApp"),
    ("maps", "Maps"),
    ("instagram", "Instagram"),
    ("camera", "Camera"),
]
#: (control-center tile, how the user names it)
SK_CC_TILES = [
    ("dnd", "Do Not Disturb"),
    ("flashlight", "flashlight"),
    ("dark_mode", "dark theme"),
    ("battery_saver", "Battery Saver"),
    ("airplane_mode", "airplane mode"),
    ("bluetooth", "Bluetooth"),
    ("auto_rotate", "auto-rotate"),
    ("wifi", "Wi-Fi"),
]
#: (app ID, how the user names it) not on the home screen
SK_UNINSTALL = [
    ("duolingo", "Duolingo"),
    ("candy_crush", "Candy Crush"),
    ("snapchat", "Snapchat"),
    ("linkedin", "LinkedIn"),
    ("firefox", "Firefox"),
    ("waze", "Waze"),
    ("signal", "Signal"),
    ("dropbox", "Dropbox"),
    ("amazon", "the Amazon app"),
    ("doordash", "DoorDash"),
]
SK_NEW_PLAYLISTS = [
    "Discovered",
    "Cafe Finds",
    "Shazam Saves",
    "New Favorites",
    "Heard Around Town",
    "Weekend Finds",
    "Found Sounds",
    "Summer 2026",
    "Car Radio Gems",
    "Friday Finds",
    "Random Gems",
    "Sounds of May",
]
SK_MERCHANTS = [
    "the Safeway checkout",
    "the Walgreens register",
    "the cafe counter",
    "the bookstore till",
    "the farmers market stand",
    "the hardware store",
    "the pharmacy counter",
    "the movie theater box office",
    "the bakery",
    "the gas station",
]
#: (card ID, how the user names it)
SK_PAY_CARDS = [
    ("card_001", "my Sapphire card"),
    ("card_002", "the corporate Amex"),
    ("card_001", "my default Visa"),
    ("card_002", "my work card"),
]
SK_EMAIL_DOMAINS = [
    "brightline.example",
    "fogcity.example",
    "harborworks.example",
    "baylabs.example",
    "mission.example",
    "redwood.example",
    "sunset.example",
    "pier39.example",
]
SK_WORKOUT_MINUTES = [20, 25, 30, 35, 40, 45, 50, 55, 60, 75, 90, 15]
#: (playlist ID, how the user names it)
SK_WORKOUT_PLAYLISTS = [
    ("playlist_001", "Morning Run"),
    ("playlist_105", "Gym Power"),
    ("playlist_001", "my Morning Run playlist"),
    ("playlist_105", "the Gym Power mix"),
]


def _skill_agent_pools() -> dict[str, list[Any]]:
    from collections import Counter

    t = load_world("M").tables
    contacts = t["contacts"]
    followups = []
    for ev in t["events"].values():
        people = ev.get("attendees") or []
        if (
            ev["calendar"] == "work"
            and people
            and "contact_001" not in people
            and all(contacts[c].get("email") for c in people)
            and "2026-05-20" <= ev["start"][:10] <= "2026-06-30"
            and int(ev["start"][11:13]) < 17
        ):
            followups.append(ev)
    # Photos a user can name unambiguously by place and day (one photo per place and day).
    photos = t["photos"].values()
    per_day = Counter((p.get("location") or "", p["time"][:10]) for p in photos)
    skip = ("Home, San Francisco", "Northwind Labs, San Francisco", "")
    named = [
        p
        for p in photos
        if (p.get("location") or "") not in skip and per_day[(p["location"], p["time"][:10])] == 1
    ]
    trips = [p for p in named if p["album"] == "album_002" and p["kind"] == "photo"][:24]
    selfies = [p for p in named if p["mode"] == "selfie"][:16]
    return {
        "sk_morning_openers": SK_MORNING_OPENERS,
        "sk_night_openers": SK_NIGHT_OPENERS,
        "sk_wake_times": SK_WAKE_TIMES,
        "sk_commute_volumes": SK_COMMUTE_VOLUMES,
        "sk_followup_notes": SK_FOLLOWUP_NOTES,
        "sk_followup_events": followups,
        "sk_weekdays": SK_WEEKDAYS,
        "sk_focus_blocks": SK_FOCUS_BLOCKS,
        "sk_mom_notes": SK_MOM_NOTES,
        "sk_flights": SK_FLIGHTS,
        "sk_trip_days": SK_TRIP_DAYS,
        "sk_departures": SK_DEPARTURES,
        "sk_done_items": SK_DONE_ITEMS,
        "sk_priorities": SK_PRIORITIES,
        "sk_next_week_slots": SK_NEXT_WEEK_SLOTS,
        "sk_appt_times": SK_APPT_TIMES,
        "sk_durations": SK_DURATIONS,
        "sk_memory_fixes": SK_MEMORY_FIXES,
        "sk_films": SK_FILMS,
        "sk_tvs": [t["cross_devices"][d] for d in ("xdev_001", "xdev_002", "xdev_103", "xdev_106")],
        "sk_airport_modes": SK_AIRPORT_MODES,
        "sk_airport_openers": SK_AIRPORT_OPENERS,
        "sk_meetings": SK_MEETINGS,
        "sk_battery_levels": SK_BATTERY_LEVELS,
        "sk_battery_until": SK_BATTERY_UNTIL,
        "sk_privacy": SK_PRIVACY,
        "sk_photo_ranges": SK_PHOTO_RANGES,
        "sk_deletable_files": SK_DELETABLE_FILES,
        "sk_cache_apps": SK_CACHE_APPS,
        "sk_destinations": SK_DESTINATIONS,
        "sk_workout_minutes": SK_WORKOUT_MINUTES,
        "sk_keyboards": SK_KEYBOARDS,
        "sk_workout_playlists": SK_WORKOUT_PLAYLISTS,
        "sk_calm": SK_CALM,
        "sk_sleep_minutes": SK_SLEEP_MINUTES,
        "sk_eye_strengths": SK_EYE_STRENGTHS,
        "sk_break_minutes": SK_BREAK_MINUTES,
        "sk_easy_people": SK_EASY_PEOPLE,
        "sk_vibration": SK_VIBRATION,
        "sk_quick_apps": SK_QUICK_APPS,
        "sk_hands": SK_HANDS,
        "sk_wifi_codes": SK_WIFI_CODES,
        "sk_new_pins": SK_NEW_PINS,
        "sk_fingers": SK_FINGERS,
        "sk_lock_apps": SK_LOCK_APPS,
        "sk_emergencies": SK_EMERGENCIES,
        "sk_song_playlists": SK_SONG_PLAYLISTS,
        "sk_heard_songs": SK_HEARD_SONGS,
        "sk_skip_seconds": SK_SKIP_SECONDS,
        "sk_podcasts": [s for s in t["shows"].values() if s["kind"] == "podcast"],
        "sk_party_playlists": SK_PARTY_PLAYLISTS,
        "sk_party_volumes": SK_PARTY_VOLUMES,
        "sk_speakers": SK_SPEAKERS,
        "sk_projectors": [t["cross_devices"][d] for d in ("xdev_008", "xdev_104")],
        "sk_talks": SK_TALKS,
        "sk_talk_minutes": SK_TALK_MINUTES,
        "sk_laptop_files": SK_LAPTOP_FILES,
        "sk_noisy_apps": SK_NOISY_APPS,
        "sk_update_apps": SK_UPDATE_APPS,
        "sk_new_tiles": SK_NEW_TILES,
        "sk_tile_positions": SK_TILE_POSITIONS,
        "sk_side_actions": SK_SIDE_ACTIONS,
        "sk_cards": SK_CARDS,
        "sk_payments": SK_PAYMENTS,
        "cp_parking": CP_PARKING,
        "sk_screen_questions": SK_SCREEN_QUESTIONS,
        "sk_flight_bookings": [t["bookings"][b] for b in ("booking_001", "booking_002")],
        "sk_notify": SK_NOTIFY,
        "sk_practice_topics": SK_PRACTICE_TOPICS,
        "sk_levels": SK_LEVELS,
        "sk_practice_minutes": SK_PRACTICE_MINUTES,
        "sk_roles": SK_ROLES,
        "sk_touchup_photos": SK_TOUCHUP_PHOTOS,
        "sk_edits": SK_EDITS,
        "sk_aod_windows": SK_AOD_WINDOWS,
        "sk_aod_styles": SK_AOD_STYLES,
        "sk_abroad": SK_ABROAD,
        "sk_brief_openers": SK_BRIEF_OPENERS,
        "sk_today_events": SK_TODAY_EVENTS,
        "sk_dnd_windows": SK_DND_WINDOWS,
        "sk_night_people": SK_NIGHT_PEOPLE,
        "sk_ringtones": SK_RINGTONES,
        "sk_ring_people": SK_RING_PEOPLE,
        "sk_ring_volumes": SK_RING_VOLUMES,
        "sk_headphones": SK_HEADPHONES,
        "sk_headphone_volumes": SK_HEADPHONE_VOLUMES,
        "sk_kid_lock_apps": SK_KID_LOCK_APPS,
        "sk_kid_minutes": SK_KID_MINUTES,
        "sk_memory_deletes": SK_MEMORY_DELETES,
        "sk_sign_ins": SK_SIGN_INS,
        "sk_read_later": SK_READ_LATER,
        "sa_signatures": SA_SIGNATURES,
        "sa_mail_apps": SA_MAIL_APPS,
        "sa_app_toggles": SA_APP_TOGGLES,
        "sa_ride_apps": SA_RIDE_APPS,
        "sa_ride_places": SA_RIDE_PLACES,
        "sa_food": SA_FOOD,
        "sa_amounts": SA_AMOUNTS,
        "sa_reasons": SA_REASONS,
        "sa_mail_cleanups": SA_MAIL_CLEANUPS,
        "sa_travel_notices": SA_TRAVEL_NOTICES,
        "sa_cuisines": SA_CUISINES,
        "sa_search_topics": SA_SEARCH_TOPICS,
        "sa_comparisons": SA_COMPARISONS,
        "sa_ny_activities": SA_NY_ACTIVITIES,
        "sa_generate": SA_GENERATE,
        "sa_image_purposes": SA_IMAGE_PURPOSES,
        "sa_cards": SA_CARDS,
        "sa_styles": SA_STYLES,
        "sa_headshots": SA_HEADSHOTS,
        "sa_selfies": selfies,
        "sa_trip_photos": trips,
        "sa_photo_questions": SA_PHOTO_QUESTIONS,
        "sa_screenshot_questions": SA_SCREENSHOT_QUESTIONS,
        "sa_screenshots": SA_SCREENSHOTS,
        "sa_screen_questions": SA_SCREEN_QUESTIONS,
        "sa_receipts": SA_RECEIPTS,
        "sa_price_watch": SA_PRICE_WATCH,
        "sa_weather_watch": SA_WEATHER_WATCH,
        "sa_packages": SA_PACKAGES,
        "sa_traffic": SA_TRAFFIC,
        "sa_tickets": SA_TICKETS,
        "sa_languages": SA_LANGUAGES,
        "sa_speeches": SA_SPEECHES,
        "sa_gift_people": SA_GIFT_PEOPLE,
        "sk_boarding_openers": SK_BOARDING_OPENERS,
        "sk_free_moments": SK_FREE_MOMENTS,
        "sk_bedtimes": SK_BEDTIMES,
        "sk_early_minutes": SK_EARLY_MINUTES,
        "sk_new_facts": SK_NEW_FACTS,
        "sk_meeting_lengths": SK_MEETING_LENGTHS,
        "sk_hotels_abroad": SK_HOTELS_ABROAD,
        "sk_foreign_amounts": SK_FOREIGN_AMOUNTS,
        "sk_emergency_people": SK_EMERGENCY_PEOPLE,
        "sk_lock_reasons": SK_LOCK_REASONS,
        "sk_brightness": SK_BRIGHTNESS,
        "sk_home_remove": SK_HOME_REMOVE,
        "sk_home_move": SK_HOME_MOVE,
        "sk_cc_tiles": SK_CC_TILES,
        "sk_uninstall": SK_UNINSTALL,
        "sk_new_playlists": SK_NEW_PLAYLISTS,
        "sk_merchants": SK_MERCHANTS,
        "sk_pay_cards": SK_PAY_CARDS,
        "sk_email_domains": SK_EMAIL_DOMAINS,
    }


POOLS.update(_skill_agent_pools())
# --- end skill & sub-agent pools


# --- Input & Interaction and AI Assistant (basic tool use) pools
# fmt: off
#: Always-on display windows: (start, end, how the user says it)
INP_AOD_WINDOWS = [
    ("07:00", "23:00", "7 am to 11 pm"), ("06:30", "22:30", "6:30 in the morning until 10:30 at night"),
    ("08:00", "20:00", "8 am to 8 pm"), ("09:00", "18:00", "9 am to 6 pm"), ("06:00", "23:30", "6 am until 11:30 pm"),
    ("07:30", "21:00", "7:30 am to 9 pm"), ("08:30", "22:00", "8:30 am to 10 pm"), ("05:45", "21:45", "5:45 am to 9:45 pm"),
    ("10:00", "19:00", "10 am to 7 pm"), ("07:15", "23:15", "7:15 am to 11:15 pm"), ("06:45", "20:30", "6:45 am to 8:30 pm"),
    ("09:30", "17:30", "9:30 am to 5:30 pm"), ("06:15", "22:45", "6:15 am to 10:45 pm"), ("08:45", "21:30", "8:45 am to 9:30 pm"),
]
#: Later end times the user revises to: (HH:MM, how the user says it)
INP_AOD_NEW_ENDS = [
    ("00:00", "midnight"), ("23:45", "11:45 pm"), ("22:15", "10:15 pm"), ("23:59", "11:59 pm"), ("21:15", "9:15 pm"),
    ("20:45", "8:45 pm"), ("00:30", "half past midnight"), ("19:30", "7:30 pm"), ("22:40", "10:40 pm"),
    ("01:00", "1 am"),
]
#: Keyboard languages to add: (code, how the user names it, layout or None for the default, layout words)
INP_KEYBOARD_ADDS = [
    ("de-DE", "German", None, ""), ("fr-FR", "French", None, ""), ("ja-JP", "Japanese", None, ""),
    ("ko-KR", "Korean", None, ""), ("it-IT", "Italian", None, ""), ("pt-BR", "Brazilian Portuguese", None, ""),
    ("hi-IN", "Hindi", None, ""), ("zh-CN", "Simplified Chinese", None, ""), ("es-MX", "Mexican Spanish", None, ""),
    ("es-ES", "Spanish from Spain", None, ""), ("en-GB", "British English", None, ""),
    ("de-DE", "German", "qwerty", " with a QWERTY layout"), ("fr-FR", "French", "qwerty", " but with QWERTY keys, not AZERTY"),
    ("ja-JP", "Japanese", "qwerty", " with romaji QWERTY input"), ("zh-CN", "Chinese", "handwriting", " with handwriting input"),
    ("ko-KR", "Korean", "qwerty", " on a QWERTY layout"), ("hi-IN", "Hindi", "qwerty", " with a QWERTY layout"),
    ("en-GB", "UK English", "dvorak", " in Dvorak"),
]
#: A language on the keyboard for a finished trip: (code, name, layout, trip)
INP_TRIP_KEYBOARDS = [
    ("ja-JP", "Japanese", "kana", "Tokyo"), ("de-DE", "German", "qwertz", "Berlin"), ("fr-FR", "French", "azerty", "Paris"),
    ("it-IT", "Italian", "qwerty", "Rome"), ("ko-KR", "Korean", "dubeolsik", "Seoul"), ("pt-BR", "Portuguese", "qwerty", "São Paulo"),
    ("es-MX", "Mexican Spanish", "qwerty", "Mexico City"), ("es-ES", "Spanish", "qwerty", "Madrid"),
    ("zh-CN", "Chinese", "pinyin", "Shanghai"), ("hi-IN", "Hindi", "inscript", "Mumbai"), ("en-GB", "UK English", "qwerty", "London"),
    ("de-DE", "German", "qwertz", "Munich"),
]
#: Reasons for a Spanish keyboard that do not say which Spanish.
INP_SPANISH_REASONS = [
    "for chatting with my tutor", "so I can text my in-laws", "for my language exchange", "for practice",
    "for messaging the new nanny", "for emails to the sales team", "so I can write to Lucia", "for my night class",
    "for the group chat with my cousins", "because I'm learning it", "for texting my landlord", "for Emma's pen pal",
]
#: Air gestures that are off by default: (gesture, what the user wants to do, its short name)
INP_GESTURES = [
    ("air_scroll", "scroll by waving my hand over the screen", "air scroll"),
    ("air_press", "answer calls by pushing my palm toward the screen", "air press"),
    ("palm_pause", "pause videos by holding up my palm", "palm pause"),
    ("air_scroll", "scroll pages without touching the screen", "air scroll"),
    ("air_press", "pick up calls touch-free with my palm", "air press"),
    ("palm_pause", "stop and start music by showing my palm", "palm pause"),
    ("air_scroll", "flip through recipes with a hand wave while I cook", "air scroll"),
    ("air_press", "accept calls with a palm gesture when my hands are messy", "air press"),
    ("palm_pause", "pause whatever's playing with a raised hand", "palm pause"),
    ("air_scroll", "move down a page by waving at the phone", "air scroll"),
    ("air_press", "take calls by pressing my palm toward the phone", "air press"),
    ("palm_pause", "freeze a video just by lifting my palm", "palm pause"),
]
#: Core apps a side-button double press can open.
INP_SIDE_APPS = [
    "spotify", "whatsapp", "slack", "kindle", "uber", "zoom", "strava", "duolingo", "waze", "notion", "instagram",
    "youtube", "outlook", "signal", "netflix", "doordash",
]
#: Apps with a scrollable screen: (app ID, what is on screen)
INP_SCROLL_APPS = [
    ("chrome", "this article"), ("slack", "this Slack thread"), ("kindle", "these pages of my book"),
    ("outlook", "this email thread"), ("whatsapp", "this WhatsApp chat"), ("notion", "this Notion page"),
    ("amazon", "this product page"), ("linkedin", "this LinkedIn post and its comments"),
    ("instagram", "this profile"), ("youtube", "the comments under this video"), ("mail", "this email"),
    ("messages", "this conversation"), ("doordash", "this menu"), ("airbnb", "this listing"),
    ("spotify", "this playlist"), ("netflix", "this list of shows"),
]
#: (pages, how the user says it)
INP_PAGES = [
    (2, "two screens"), (3, "three screens"), (4, "four screens"), (5, "five screens"), (6, "six screens"),
    (7, "seven screens"), (8, "eight screens"), (3, "about three pages"), (4, "four pages' worth"), (5, "five pages"),
    (2, "a couple of screens"), (10, "ten screens, the max"),
]
#: New Wi-Fi QR codes: (label, SSID, password, where the user is)
INP_WIFI_CODES = [
    ("Wi-Fi card at the Sightglass counter", "Sightglass-Guest-7", "pourover-88", "the coffee shop"),
    ("Guest Wi-Fi sign at the Ace Hotel front desk", "AceHotel-Guest", "checkin2026", "the hotel lobby"),
    ("Wi-Fi code on the co-working space door", "Canopy-Members", "deskspace-41", "the co-working space"),
    ("Wi-Fi sticker in the dentist's waiting room", "BayDental-Guest", "brushfloss22", "the dentist's waiting room"),
    ("Wi-Fi poster at the Mission branch library", "SFPL-Mission-Guest", "readmore-17", "the library"),
    ("Wi-Fi card on the Airbnb fridge", "Mission-Loft-Guest", "sourdough-990", "the Airbnb"),
    ("Wi-Fi code at the climbing gym reception", "MissionCliffs-WiFi", "deadlift-303", "the climbing gym"),
    ("Wi-Fi tent card on the Tartine table", "Tartine-Guest-5G", "croissant-55", "the bakery"),
    ("Wi-Fi sticker on the back of the Lyft seat", "RideAlong-WiFi", "backseat-808", "the car"),
    ("Wi-Fi sign at the conference check-in desk", "DevSummit-2026", "keynote-4242", "the conference check-in"),
    ("Wi-Fi card at the Green Apple Books cafe", "GreenApple-Cafe", "paperback-61", "the bookstore cafe"),
    ("Wi-Fi code on the pediatric clinic wall", "CastroKids-Guest", "stickers-123", "the pediatric clinic"),
    ("Wi-Fi card on the front desk at the vet", "MissionVet-Guest", "goodboy-2020", "the vet"),
    ("Wi-Fi sticker on the ferry cabin wall", "GoldenGateFerry-Free", "seagull-4040", "the ferry"),
]
#: QR links: (label, URL, how the user names it)
INP_LINK_CODES = [
    ("QR code on the Warriors game poster", "https://tickets.example/warriors-night", "the game poster"),
    ("QR code on the museum audio-guide sign", "https://sfmoma.example/audio-guide", "the audio guide sign"),
    ("QR code on the farmers market flyer", "https://ferrybuildingmarket.example/vendors", "the farmers market flyer"),
    ("QR code on the parking garage sign", "https://parkmobile.example/zone-4127", "the parking sign"),
    ("QR code on the restaurant's table card", "https://nopa.example/menu", "the table card"),
    ("QR code on the conference badge", "https://devsummit.example/agenda", "my conference badge"),
    ("QR code on the school newsletter", "https://lincoln-elementary.example/spring-play", "the school newsletter"),
    ("QR code on the bike-share dock", "https://baywheels.example/unlock", "the bike dock"),
    ("QR code on the gym class schedule", "https://equinox.example/classes/soma", "the class schedule"),
    ("QR code on the wine bottle label", "https://napacellars.example/2022-cab", "the wine label"),
    ("QR code on the concert ticket stub", "https://fillmore.example/setlist", "the ticket stub"),
    ("QR code on the hotel elevator sign", "https://acehotel.example/spa", "the elevator sign"),
    ("QR code on the bus stop timetable", "https://sfmta.example/stops/15553", "the bus stop timetable"),
    ("QR code on the product box", "https://sony.example/register", "the product box"),
]
#: Contact cards: (first, last, phone, email, company)
INP_CARDS = [
    ("Daniel", "Okafor", "+1 415 555 0361", "daniel.okafor@brightpath.example", "BrightPath"),
    ("Mei", "Tanaka", "+1 510 555 0372", "mei.tanaka@harborlabs.example", "Harbor Labs"),
    ("Lukas", "Weber", "+1 650 555 0383", "lukas.weber@alpenstack.example", "Alpenstack"),
    ("Aisha", "Rahman", "+1 408 555 0394", "aisha.rahman@civicgrid.example", "CivicGrid"),
    ("Pablo", "Ortega", "+1 628 555 0305", "pablo.ortega@sunvale.example", "Sunvale Solar"),
    ("Ingrid", "Holm", "+1 415 555 0316", "ingrid.holm@fjordworks.example", "Fjordworks"),
    ("Kwame", "Mensah", "+1 510 555 0327", "kwame.mensah@goldline.example", "Goldline Logistics"),
    ("Yara", "Haddad", "+1 650 555 0338", "yara.haddad@cedarhealth.example", "Cedar Health"),
    ("Owen", "Gallagher", "+1 408 555 0349", "owen.gallagher@tidewater.example", "Tidewater Capital"),
    ("Noa", "Levi", "+1 628 555 0350", "noa.levi@quillandink.example", "Quill & Ink"),
    ("Ravi", "Kapoor", "+1 415 555 0365", "ravi.kapoor@monsoonai.example", "Monsoon AI"),
    ("Elena", "Petrova", "+1 510 555 0376", "elena.petrova@northstarbio.example", "Northstar Bio"),
]
#: Where the business card came from.
INP_CARD_PLACES = [
    "from the conference booth", "that the recruiter gave me", "from the investor meetup", "from the vendor demo",
    "the architect left", "from the networking lunch", "that was on my desk", "from the trade show",
]
#: Labels of damaged codes in front of the camera.
INP_DAMAGED_CODES = [
    ("Scratched QR sticker on a parking sign", "the parking sign"), ("Faded QR code on an old flyer", "this old flyer"),
    ("Torn QR code on a bus stop ad", "the bus stop ad"), ("Water-damaged QR code on a menu", "the menu"),
    ("Crumpled QR code on a receipt", "the receipt"), ("Half-peeled QR sticker on a scooter", "the scooter"),
    ("Smudged QR code on a concert wristband", "my wristband"), ("Sun-bleached QR code on a park sign", "the park sign"),
    ("Cracked QR code on a laminated badge", "the badge"), ("Blurry QR code on a photocopied form", "the form"),
]
#: Reasons for a screenshot.
INP_SHOT_REASONS = [
    "to send to Jordan", "so I have a record", "for my budget spreadsheet", "to show my accountant",
    "so I remember it", "to share with Maya", "for my records", "to compare later", "for the expense report",
    "to show Emma", "before I forget", "to post in the team chat",
]
INP_SECURE_APPS = ["wallet", "bank", "venmo"]
#: What keeps the owner's other hand busy.
INP_ONE_HAND_CONTEXTS = [
    "I'm holding the baby all afternoon", "I'm carrying groceries", "I'm on the bus hanging on to the rail",
    "my other hand is in a cast", "I'm walking the dog", "I always have a coffee in my other hand",
    "I'm on the train with my bag", "I'm cooking and my left hand is messy", "I'm pushing the stroller",
    "my wrist is sprained", "I'm riding the cable car", "I text while holding Emma's hand",
]
#: Why an air gesture the owner just turned on has to go.
INP_GESTURE_COMPLAINTS = [
    "it paused my show twice during dinner", "it went off while I was cooking", "it fires when I reach for my coffee",
    "the cat keeps setting it off", "it triggered in the middle of my meeting", "it kept reacting while I read",
    "it reacts every time I talk with my hands", "Emma set it off five times", "it's driving me nuts",
    "it picked up a call I wanted to ignore", "it scrolled away from my recipe", "it drains the battery",
]
#: One-step input changes from the default state, for multi-intent requests: the key, a group (two atoms of a
#: group never go together: same tool or clashing settings), what the user says, the call and its settings.
INP_ATOMS = [
    {"key": "autocorrect_off", "group": "keyboard", "say": "turn off autocorrect",
     "call": ("set_keyboard_settings", {"autocorrect": False}), "settings": {"input.keyboard.autocorrect": False}},
    {"key": "three_button", "group": "nav", "say": "switch to the three-button navigation bar",
     "call": ("set_navigation_mode", {"mode": "three_button"}), "settings": {"input.nav.mode": "three_button"}},
    {"key": "dp_flashlight", "group": "double_press", "say": "make a double press of the side button turn on the flashlight",
     "call": ("set_side_button_action", {"press": "double_press", "action": "flashlight"}),
     "settings": {"input.side_button.double_press": "flashlight"}},
    {"key": "hold_power", "group": "hold", "say": "make holding the side button show the power menu instead of the assistant",
     "call": ("set_side_button_action", {"press": "press_and_hold", "action": "power_menu"}),
     "settings": {"input.side_button.press_and_hold": "power_menu"}},
    {"key": "aod_analog", "group": "aod_style", "say": "put an analog clock on the always-on display",
     "call": ("set_aod_style", {"style": "analog_clock"}), "settings": {"input.aod.style": "analog_clock"}},
    {"key": "aod_off", "group": "aod_mode", "say": "turn the always-on display off completely",
     "call": ("set_aod_mode", {"mode": "off"}), "settings": {"input.aod.mode": "off"}},
    {"key": "one_handed", "group": "nav", "say": "turn on one-handed mode",
     "call": ("set_one_handed_mode", {"enabled": True}), "settings": {"input.one_handed.enabled": True}},
    {"key": "key_sound", "group": "keyboard", "say": "turn on key click sounds",
     "call": ("set_keyboard_settings", {"key_sound": True}), "settings": {"input.keyboard.key_sound": True}},
    {"key": "fist_off", "group": "gesture", "say": "turn off the fist-to-screenshot gesture",
     "call": ("set_air_gesture", {"gesture": "grab_screenshot", "enabled": False}),
     "settings": {"input.air_gesture.grab_screenshot": False}},
    {"key": "aod_always", "group": "aod_mode", "say": "keep the always-on display on all the time",
     "call": ("set_aod_mode", {"mode": "always"}), "settings": {"input.aod.mode": "always"}},
    {"key": "dp_wallet", "group": "double_press", "say": "make double-pressing the side button open my wallet",
     "call": ("set_side_button_action", {"press": "double_press", "action": "wallet"}),
     "settings": {"input.side_button.double_press": "wallet"}},
    {"key": "aod_calendar", "group": "aod_style", "say": "show my calendar on the always-on display",
     "call": ("set_aod_style", {"style": "calendar"}), "settings": {"input.aod.style": "calendar"}},
    {"key": "swipe_off", "group": "keyboard", "say": "turn off swipe typing",
     "call": ("set_keyboard_settings", {"swipe_typing": False}), "settings": {"input.keyboard.swipe_typing": False}},
    {"key": "dp_none", "group": "double_press", "say": "stop the side button double press from doing anything",
     "call": ("set_side_button_action", {"press": "double_press", "action": "none"}),
     "settings": {"input.side_button.double_press": "none"}},
]
#: Battery levels low enough for a warning.
ASST_LOW_BATTERY = [8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 10]
#: Condition watches: (condition, action, how the user names the watch)
ASST_WATCHES = [
    ("flight UA 1532 from SFO to JFK is delayed", "text Jordan the new departure time", "my flight"),
    ("the price of the Sony WH-1000XM5 headphones drops below $300", "send me a notification", "the headphone price"),
    ("Warriors playoff tickets go on sale", "remind me right away", "the Warriors tickets"),
    ("the 38 Geary bus is more than 10 minutes late", "text Maya that I'll be late", "the 38 Geary bus"),
    ("rain is forecast for Saturday's picnic", "remind me to book the indoor room", "the picnic weather"),
    ("the Amazon package is out for delivery", "send me an alert", "the Amazon package"),
    ("Emma's school posts the play schedule", "add it to my calendar", "Emma's play schedule"),
    ("the Bay Bridge is jammed before 5 pm", "suggest leaving early", "Bay Bridge traffic"),
    ("a table opens up at Nopa on Friday evening", "tell me immediately", "the Nopa table"),
    ("the air quality index in San Francisco goes above 100", "remind me to close the windows", "the air quality"),
    ("the Kindle edition of Project Hail Mary goes on sale", "let me know", "the Kindle deal"),
    ("BART has delays at Embarcadero", "text Jordan I'll be late", "BART delays"),
    ("Leo posts the new gym class schedule", "add the Monday class to my calendar", "the gym schedule"),
    ("the Caltrain 8:15 is cancelled", "text Sam Carter I'll dial in", "the Caltrain"),
]
#: Finished search hand-offs: (what was asked, the sub-agent's report, how the user names it, words the answer needs)
ASST_SEARCHES = [
    ("Find the Exploratorium's opening hours this weekend", "The Exploratorium is open 10:00-17:00 on Saturday and Sunday.",
     "the Exploratorium hours", ["10:00", "10 am", "10am"]),
    ("Look up the best-rated ramen near Union Square", "Top rated: Marufuku Ramen (4.7), 2 blocks from Union Square.",
     "the ramen place", ["marufuku"]),
    ("Check whether the Golden Gate Park tennis courts need a reservation", "Yes: courts must be booked online, $10 per hour.",
     "the tennis courts", ["$10", "10 dollars", "booked online", "book online"]),
    ("Find out when the Giants play at home next", "The Giants host the Dodgers on Friday, May 22 at 19:15.",
     "the Giants game", ["dodgers"]),
    ("Find a dog-friendly hotel in Sonoma for next weekend", "Best match: The Lodge at Sonoma, $289/night, dogs welcome.",
     "the Sonoma hotel", ["lodge at sonoma"]),
    ("Look up the DMV's hours on Fell Street", "The Fell St DMV is open 8:00-17:00 on weekdays, closed weekends.",
     "the DMV hours", ["8:00", "8 am", "8am"]),
    ("Find kids' summer coding camps in San Francisco", "Found 3: Galileo Tech Camp, CodeWiz SF and iD Tech at USF.",
     "the coding camps", ["galileo"]),
    ("Check the ferry schedule from the Ferry Building to Sausalito on Saturday", "First ferry 9:20, then every 90 minutes; last return 18:10.",
     "the Sausalito ferry", ["9:20"]),
    ("Find the cheapest parking near Oracle Park on game nights", "Lot A on 3rd St is cheapest at $25 on game nights.",
     "the parking near Oracle Park", ["lot a"]),
    ("Look up how long a passport renewal takes right now", "Routine renewals take 6-8 weeks; expedited 2-3 weeks for $60 extra.",
     "the passport renewal", ["6-8 weeks", "6 to 8 weeks", "six to eight weeks"]),
    ("Find a plumber in the Mission open on Saturdays", "Mission Plumbing Co. is open Saturdays 8:00-14:00, (415) 555-0444.",
     "the plumber", ["mission plumbing"]),
    ("Check if the Castro Theatre has a Studio Ghibli screening this month", "Spirited Away plays at the Castro Theatre on May 29 at 19:00.",
     "the Ghibli screening", ["spirited away"]),
]
#: Memory questions: (list_user_memories arguments, what the user asks about, phrase groups the answer needs)
ASST_MEMORY_QUERIES = [
    ({"category": "travel"}, "my travel preferences", [["aisle"], ["united"]]),
    ({"category": "food"}, "what I eat", [["pescatarian"], ["peanut"]]),
    ({"category": "health"}, "my health", [["priya shah", "dr. shah", "dr shah"], ["vitamin d"]]),
    ({"category": "family"}, "my family", [["june 14", "jun 14", "jun. 14", "14 june", "14th june", "14th of june", "6/14"], ["piano"]]),
    ({"category": "work"}, "my work", [["maya"], ["thursday"]]),
    ({"category": "consent"}, "what I've said you may or may not do", [["otp", "one-time"], ["location"]]),
    ({"category": "routine"}, "my routines", [["bart"], ["leo", "gym"]]),
    ({"category": "preference"}, "my preferences", [["25 minutes", "25-minute", "25 min"], ["sunrise"]]),
    ({"tag": "birthday"}, "birthdays", [["june 14", "jun 14", "jun. 14", "14 june", "14th june", "14th of june", "6/14"], ["may 27", "27 may", "27th may", "27th of may", "5/27"], ["september 3", "sept 3", "sept. 3", "sep 3", "sep. 3", "3 september", "3rd september", "3rd of september", "9/3"]]),
    ({"tag": "meetings"}, "how I like my meetings", [["25 minutes", "25-minute", "25 min"], ["10:00", "before 10"]]),
    ({"tag": "flights"}, "flying", [["aisle"], ["united"]]),
    ({"tag": "doctor"}, "my doctor", [["priya shah", "dr. shah", "dr shah"], ["june"]]),
    ({"tag": "diet"}, "my diet", [["pescatarian"], ["peanut"]]),
    ({"tag": "wake-up"}, "when I get up", [["6:00", "6 am", "6am"], ["8:00", "8 am", "8am"]]),
]
#: Needs a skill answers: (what the user wants, list_skills query, skill ID)
ASST_SKILL_NEEDS = [
    ("get my phone ready at the airport", "airport flight", "airport_mode"),
    ("stretch my battery when it's running low", "low battery", "battery_rescue"),
    ("free up storage space", "free up storage space", "storage_cleanup"),
    ("set the phone up for driving", "driving car", "driving_mode"),
    ("prepare the phone for a trip abroad", "trip abroad", "trip_abroad"),
    ("make the phone usable with one hand", "one hand", "one_handed_setup"),
    ("join Wi-Fi from a QR code", "wifi qr code", "join_wifi_qr"),
    ("tame my noisy notifications", "notifications noisy apps", "notification_detox"),
    ("tidy up my home screen", "tidy home screen", "home_screen_tidy"),
    ("wind the phone down at bedtime", "bedtime", "bedtime_routine"),
    ("move everything to a new phone", "new phone", "new_phone_setup"),
    ("check which apps use my camera and location", "privacy camera location", "privacy_checkup"),
    ("back up my photos", "photo backup", "photo_backup"),
    ("practice my Spanish out loud", "language practice", "language_practice"),
    ("put a movie on the TV", "movie night", "movie_night"),
    ("save a business card to my contacts", "business card", "save_contact_card"),
]
#: Spoken practice sessions: (kind, topic, how the user names it)
ASST_PRACTICE = [
    ("language", "ordering at a restaurant", "Spanish practice"), ("interview", "senior ML engineer interview", "mock interview"),
    ("speech", "best man toast", "toast rehearsal"), ("language", "small talk at a conference", "French practice"),
    ("interview", "product manager behavioral questions", "interview practice"), ("speech", "quarterly update to the team", "presentation run-through"),
    ("language", "asking for directions", "Japanese practice"), ("speech", "school board comment", "speech practice"),
    ("interview", "salary negotiation", "negotiation practice"), ("language", "checking into a hotel", "Italian practice"),
    ("speech", "conference lightning talk", "talk rehearsal"), ("language", "booking a train ticket", "German practice"),
]
#: What the owner is about to do (why the battery matters).
ASST_HEADING_OUT = [
    "I'm heading out for the day", "I've got back-to-back meetings all afternoon", "I'm about to get on the train",
    "I won't be near a charger until tonight", "I'm off to Emma's school", "I'm leaving for the airport soon",
    "I'm going on a long hike", "I'm driving to Sacramento", "I'll be at the offsite all day",
    "I'm out running errands", "I'm heading into a three-hour workshop", "I'm walking to the ballpark",
]
#: Windows for a briefing: (hours, how the user says it)
ASST_WINDOWS = [
    (2, "the next couple of hours"), (3, "the next three hours"), (4, "the next four hours"), (3, "the rest of the morning"),
    (2, "the next two hours"), (5, "the next five hours"), (6, "the next six hours"), (4, "the hours before lunch"),
]
# fmt: on


def _input_assistant_pools() -> dict[str, list[Any]]:
    return {
        "inp_aod_windows": INP_AOD_WINDOWS,
        "inp_aod_new_ends": INP_AOD_NEW_ENDS,
        "inp_keyboard_adds": INP_KEYBOARD_ADDS,
        "inp_trip_keyboards": INP_TRIP_KEYBOARDS,
        "inp_spanish_reasons": INP_SPANISH_REASONS,
        "inp_gestures": INP_GESTURES,
        "inp_side_apps": INP_SIDE_APPS,
        "inp_scroll_apps": INP_SCROLL_APPS,
        "inp_pages": INP_PAGES,
        "inp_wifi_codes": INP_WIFI_CODES,
        "inp_link_codes": INP_LINK_CODES,
        "inp_cards": INP_CARDS,
        "inp_card_places": INP_CARD_PLACES,
        "inp_damaged_codes": INP_DAMAGED_CODES,
        "inp_shot_reasons": INP_SHOT_REASONS,
        "inp_secure_apps": INP_SECURE_APPS,
        "inp_one_hand_contexts": INP_ONE_HAND_CONTEXTS,
        "inp_gesture_complaints": INP_GESTURE_COMPLAINTS,
        "inp_atoms": INP_ATOMS,
        "asst_low_battery": ASST_LOW_BATTERY,
        "asst_watches": ASST_WATCHES,
        "asst_searches": ASST_SEARCHES,
        "asst_memory_queries": ASST_MEMORY_QUERIES,
        "asst_skill_needs": ASST_SKILL_NEEDS,
        "asst_practice": ASST_PRACTICE,
        "asst_windows": ASST_WINDOWS,
        "asst_heading_out": ASST_HEADING_OUT,
    }


POOLS.update(_input_assistant_pools())
# --- end Input & Interaction and AI Assistant pools
