"""What people say when they want a tool: everyday words and phrases per catalog tool, indexed with the
tool's document by the default retriever (``mpb_env.retrieval``).

Requests rarely use the catalog's own words ("get Ethan on the line" is ``start_call``, "flight mode"
is ``set_airplane_mode``, "turn it into a comic" is the image sub-agent). Each entry lists the generic
ways a phone owner names what the tool does — verbs, synonyms, common app names — never a task's own
wording, names, places or numbers. A tool without an entry is found by its catalog text alone.
"""

from __future__ import annotations

#: Tool name → the words and phrases a user says for it (space-separated; order does not matter).
TOOL_PHRASES: dict[str, str] = {
    # Apps & Storage
    "list_apps": "apps installed which apps my apps",
    "grant_app_permission": "give allow access permission let it use location camera microphone",
    "revoke_app_permission": "take away access stop using location camera microphone revoke deny",
    "get_app_info": "app details version cache size how big app",
    "open_app": "open launch bring up switch to start app",
    "close_app": "close shut quit force stop kill app",
    "search_store_apps": "get app download install find app store add to my phone",
    "install_app": "get app download install add to my phone put on my phone make room space for it",
    "uninstall_app": "remove delete uninstall get rid of app completely",
    "update_app": "update upgrade latest version app make room space for it",
    "set_default_app": "default app open links with always use",
    "get_app_usage": "screen time how long used most used app usage",
    "list_app_notifications": "notifications alerts which app told me shade",
    "clear_app_notifications": "clear dismiss notifications alerts",
    "enable_app_notifications": "unmute turn on notifications alerts again",
    "disable_app_notifications": "mute silence turn off notifications alerts tired of",
    "get_storage_usage": "storage space full free up room how much space",
    "clear_app_cache": "clear empty cache free space",
    "clear_junk_files": "junk clean up free space temporary files",
    "clear_recycle_bin": "empty trash recycle bin",
    "list_files": "file document download pdf screenshot resume form",
    "delete_file": "trash delete throw away remove file",
    "restore_file": "bring back undelete restore recover from trash",
    # AI Assistant
    "add_user_memory": "save this remember keep in mind don't forget make a note",
    "replace_user_memory": "update what you know correct changed switched new instead",
    "remove_user_memory": "forget delete erase remove no longer",
    "list_user_memories": "what do you know about me what you remember everything you store",
    "list_skills": "skills routines what can you do",
    "delegate_to_gui_agent": "in the app inside app go into order deliver delivery ride account profile "
    "setting",
    "delegate_to_search_agent": "search look up research compare reviews find out web online best "
    "ideas recommend where to buy",
    "delegate_to_image_agent": "design draw generate create an image picture card poster print "
    "wallpaper restyle turn into edit retouch filter black and white sepia tone cartoon comic anime "
    "caricature painting sketch portrait style",
    "delegate_to_visual_qa_agent": "what does it show what is in look at screenshot on screen on my screen "
    "in the photo picture shot receipt sign label read",
    "delegate_to_monitor_agent": "watch monitor keep an eye track let know when if delayed arrives "
    "delivered on sale price drops notify alert automatically until",
    "delegate_to_practice_agent": "practice rehearse quiz drill mock interview speaking conversation "
    "talk language lesson session pitch talk presentation",
    "get_handoff_status": "what did it say the answer report back results status of the agent",
    "stop_handoff": "stop cancel watching monitoring call off the agent",
    "get_smart_suggestions": "suggestions what's next today my day to do",
    # Calls & Communication
    "search_contacts": "contact person number who is",
    "get_contact": "contact details email address phone number birthday",
    "add_contact": "save number store number new contact create contact add contact",
    "update_contact": "change number update contact edit contact",
    "delete_contact": "remove contact delete contact",
    "start_call": "call ring dial phone get hold of",
    "end_call": "hang up end the call",
    "list_call_log": "missed call recent calls call history who called",
    "send_message": "text sms message let know tell send a note",
    "list_messages": "texts messages inbox what did say unread sms",
    "delete_message": "delete text remove message",
    "send_email": "email mail write to reply respond drop a line",
    "search_emails": "email mail inbox reply respond find email",
    "block_number": "block stop calling spam",
    "unblock_number": "unblock let through again",
    # Devices & Cross-device
    "list_cross_devices": "tablet laptop tv monitor old phone devices nearby",
    "pair_cross_device": "pair connect link tablet laptop tv projector",
    "unpair_cross_device": "unpair forget remove device",
    "start_cast_session": "cast mirror show on tv big screen monitor projector",
    "start_multiscreen_session": "phone in a window on laptop tablet collaborate multiscreen phone link",
    "stop_cast_session": "stop casting stop mirroring disconnect tv",
    "send_files_to_device": "send files transfer move onto copy to laptop tablet",
    "start_device_migration": "move data transfer from old phone switch phones copy everything",
    "get_device_migration": "transfer progress migration status",
    "list_pairing_log": "last connected when did connect pairing history",
    # Display & Sound
    "set_display_brightness": "brightness dim brighter darker screen",
    "set_dark_mode": "dark theme night theme",
    "set_eye_comfort": "blue light night light warm screen eye comfort",
    "set_font_size": "text size font bigger text larger text",
    "set_display_size": "display size zoom bigger icons",
    "set_screen_timeout": "screen timeout stay on sleep after",
    "set_refresh_rate": "refresh rate smooth 120 hz",
    "set_stream_volume": "volume louder quieter ring volume media volume alarm volume adjust the phone "
    "set the phone up",
    "set_sound_mode": "silent vibrate ring mode sound on set the phone up adjust the phone for the doctor "
    "hospital interview office class movies",
    "list_ringtones": "ringtone tone sound rings with",
    "set_ringtone": "ringtone change tone",
    "set_contact_ringtone": "ringtone for someone calls rings with tone for contact",
    "set_vibration_intensity": "vibration stronger weaker",
    "set_do_not_disturb": "do not disturb dnd quiet no interruptions hold calls",
    "set_dnd_schedule": "do not disturb schedule every night quiet hours automatic dnd",
    "add_dnd_exception": "still reach me get through exception allow calls from",
    # Input & Interaction
    "take_screenshot": "screenshot capture the screen",
    "scan_qr_code": "qr code scan barcode point the camera",
    "set_navigation_mode": "gestures navigation buttons back button",
    "set_aod_mode": "always on display aod",
    "add_keyboard_language": "keyboard language type in",
    # Audio & Entertainment
    "search_media": "song track album artist podcast episode audiobook listen put on hear",
    "list_playlists": "playlist my playlist mix",
    "update_playlist": "add to playlist put it in save to playlist",
    "play_media": "play put on throw on listen hear start music",
    "pause_playback": "pause stop music",
    "resume_playback": "resume continue where I left off",
    "skip_track": "skip next track jump to fast forward",
    "set_playback_position": "rewind go back restart from the top seek",
    "set_playback_mode": "shuffle repeat loop",
    "set_playback_output": "play through speaker headphones output",
    "take_photo": "take a picture photo snap",
    "list_photos": "photo picture selfie shot gallery portrait panorama taken",
    "share_photo": "send the photo share picture forward photo",
    "recognize_song": "what song is this identify the song name that tune",
    # Network & Connectivity
    "set_airplane_mode": "airplane mode flight mode plane boarding",
    "set_wifi_enabled": "wifi on turn on wi-fi",
    "connect_wifi_network": "join wifi log into wi-fi connect to network password",
    "set_hotspot": "hotspot tethering share my connection share data",
    "set_bluetooth_enabled": "bluetooth on",
    "list_bluetooth_devices": "headphones earbuds buds speaker tracker watch car bluetooth devices",
    "pair_bluetooth_device": "pair new headphones earbuds speaker",
    "connect_bluetooth_device": "connect hook up headphones earbuds speaker car",
    "disconnect_bluetooth_device": "disconnect forget unhook headphones",
    # Security & Privacy
    "unlock_password_vault": "password vault saved password",
    "get_vault_password": "password for login saved password",
    "set_emergency_contacts": "emergency contact sos",
    "send_emergency_alert": "sos emergency help alert",
    # System Settings
    "set_system_language": "phone language in korean spanish french whole phone",
    "set_time_zone": "time zone local time",
    "check_system_update": "software update system update",
    # Time Management
    "list_events": "calendar what time is my event meeting appointment when is local time here",
    "create_event": "add to calendar schedule book put on calendar set up a meeting their time zone "
    "time in another city",
    "update_event": "move reschedule push change the meeting",
    "delete_event": "cancel drop remove the event meeting",
    "list_alarms": "alarm is there an alarm",
    "create_alarm": "alarm wake me up",
    "update_alarm": "change alarm turn on alarm move alarm",
    "start_timer": "timer countdown minutes",
    "stop_timer": "cancel timer stop timer pause timer resume timer continue countdown add a minute extra "
    "minute more time plus one minute extend timer",
    "create_reminder": "remind me reminder set a reminder ping me don't let me forget before ahead of",
    "complete_reminder": "done mark it done finished to-do",
    "list_reminders": "reminders to-dos what's on my list",
    "create_automation_rule": "every time automatically routine rule whenever",
    # Travel & Lifestyle
    "get_weather_forecast": "weather rain forecast temperature umbrella",
    "search_flights": "flight fly",
    "book_hotel": "hotel place to stay room nights",
    "search_attractions": "tickets museum tour attraction sightseeing",
    "book_travel_ticket": "tickets reserve book entry",
    "list_travel_bookings": "booking trip flight reservation confirmation itinerary",
    "get_transit_status": "delayed on time flight status train status traffic",
    "start_navigation": "directions navigate get me to take me to route driving walking",
    "create_payment_code": "pay payment code wallet",
    # Utilities & Productivity
    "open_browser_url": "go to open website site page link url",
    "calculate_expression": "tip total how much is percent split calculate",
    "convert_units": "how many in dollars yen euros convert miles feet kilometers pounds",
    "translate_text": "translate how do I say in english in spanish mean sign",
    "answer_question": "what is how many who is fact curious",
    "create_note": "note jot down write down start a new note",
    "update_note": "add to my note put on my list append",
    "search_notes": "note list my notes ideas",
    "share_note": "send the note share note",
    # more
    "update_cross_device": "rename device trust device nickname",
    "list_cast_sessions": "what is casting screen sharing now",
    "cancel_device_migration": "stop copying stop the transfer cancel transfer",
    "get_display_settings": "screen settings brightness now how bright",
    "get_sound_settings": "volume now sound settings how loud",
    "set_haptic_feedback": "haptics touch feedback vibrate on tap",
    "remove_dnd_exception": "no longer get through remove exception",
    "list_power_schedules": "scheduled power on off",
    "set_power_schedule": "turn off at night power off automatically power on schedule",
    "get_input_settings": "gesture keyboard button settings",
    "set_air_gesture": "palm gesture wave air gesture hands free pause",
    "set_side_button_action": "side button shortcut double press power key",
    "set_one_handed_mode": "one hand reach",
    "set_aod_style": "always on display style clock face",
    "remove_keyboard_language": "remove keyboard language",
    "set_keyboard_settings": "keyboard autocorrect key sound vibration",
    "create_playlist": "new playlist make a playlist",
    "rate_media": "like love thumbs up rate favorite song",
    "follow_show": "follow subscribe podcast show",
    "get_now_playing": "what's playing this song now current track",
    "add_to_queue": "queue up next play after this",
    "set_playback_volume": "music volume louder quieter turn it up down",
    "start_sleep_timer": "sleep timer stop playing after fall asleep",
    "record_video": "record a video film",
    "start_screen_recording": "record my screen screen recording",
    "stop_screen_recording": "stop recording",
    "create_album": "album group photos collect pictures",
    "get_network_status": "connected online internet status signal",
    "list_wifi_networks": "wifi networks available nearby",
    "set_mobile_data_enabled": "mobile data cellular data",
    "get_app_data_usage": "data usage data cap how much data",
    "set_nfc_enabled": "nfc tap to pay contactless",
    "get_security_status": "security lock status biometrics",
    "set_screen_lock": "pin passcode pattern password lock screen unlock swipe",
    "set_app_lock": "lock app pin for app hide app",
    "add_biometric": "fingerprint face unlock",
    "remove_biometric": "delete fingerprint remove face",
    "get_privacy_dashboard": "which apps used location camera microphone privacy",
    "list_control_center_tiles": "quick settings tiles control center",
    "add_control_center_tile": "add tile quick settings",
    "remove_control_center_tile": "remove tile quick settings",
    "move_control_center_tile": "move tile reorder quick settings",
    "set_quick_setting": "flashlight torch quick toggle",
    "get_about_phone": "battery level model storage about phone",
    "set_battery_saver": "battery saver low power save battery",
    "rename_phone": "rename phone name my phone",
    "list_home_screen": "home screen folder icons page",
    "add_home_screen_icon": "add icon home screen shortcut",
    "remove_home_screen_icon": "remove icon home screen take out of folder",
    "move_home_screen_icon": "move icon page folder",
    "create_home_screen_folder": "new folder group apps",
    "list_wallpapers": "wallpapers background",
    "set_wallpaper": "wallpaper background",
    "set_region_format": "region date format units",
    "download_system_update": "download the update fetch update",
    "install_system_update": "install the update restart",
    "restore_default_settings": "reset settings factory defaults",
    "delete_alarm": "delete alarm remove alarm",
    "update_automation_rule": "routine rule turn on mode",
    "list_automation_rules": "routines rules automations modes",
    "book_flight": "book flight seat fly",
    "search_hotels": "hotel place to stay",
    "search_trains": "train rail",
    "cancel_travel_booking": "cancel booking cancel reservation don't need",
    "add_browser_bookmark": "bookmark save page favorites",
    "search_browser_history": "history visited site website I saw earlier back up",
}

#: What each sub-agent entry tool and each memory edit is for, in a user's words: a small BM25 of its own
#: (``mpb_env.retrieval.intents``) gives the best-matching one a place of its own in R_N, so a request
#: that names neither the agent nor the memory ("make a card", "wipe the note you have on me") still
#: recalls the tool that carries it out. Generic purposes only, never a task's wording or entities.
INTENT_PHRASES: dict[str, str] = {
    "delegate_to_gui_agent": "in the app inside an app account profile order food deliver ride sign up "
    "unsubscribe inbox filter label clean up mail cleanup settings of an app website form checkout "
    "post comment reply story follow like cart reorder return refund coupon subscription balance "
    "transfer money review upload mute chat group",
    "delegate_to_search_agent": "find look up search research compare reviews recommend best cheapest "
    "options show tickets restaurant places near nearby prices where to buy ideas open now hours menu "
    "news tips guide things to do which is better",
    "delegate_to_image_agent": "make draw design create generate an image picture card poster "
    "invitation flyer logo sticker avatar meme banner cover something pretty edit retouch restyle "
    "photo filter cartoon anime painting sketch watercolor collage remove background enhance colorize",
    "delegate_to_visual_qa_agent": "what does it show say what is in the photo screenshot picture on "
    "my screen read the label receipt sign menu look at identify describe count what kind breed plant",
    "delegate_to_monitor_agent": "track watch monitor keep an eye on let me know tell me if notify "
    "alert me when it lands arrives delivered doorstep price drops back in stock sold out available "
    "goes on sale delayed gate change until",
    "delegate_to_practice_agent": "practice rehearse quiz drill mock interview conversation lesson "
    "speaking pronunciation pitch presentation speech toast flashcards role play prepare coach",
    "add_user_memory": "save this remember keep in mind for later add to your memory note that "
    "don't forget my preference",
    "replace_user_memory": "rewrite correct your note notes on me outdated stale changed instead no "
    "longer what you remember",
    "remove_user_memory": "wipe erase forget your note notes on me old note stale",
    "list_user_memories": "what do you know about me everything you remember review my preferences "
    "your notes",
}

#: Well-known third-party apps, by the one word a request names them with: no catalog tool works inside
#: them, so a request that names one may need the GUI sub-agent (``delegate_to_gui_agent``). Ordinary
#: English words that are also app names ("target", "signal", "calm", "medium") are left out.
# fmt: off
THIRD_PARTY_APPS: frozenset[str] = frozenset(
    [
        "instagram", "facebook", "messenger", "snapchat", "tiktok", "linkedin", "twitter", "reddit",
        "pinterest", "whatsapp", "telegram", "discord", "slack", "zoom", "outlook", "gmail", "uber", "lyft",
        "doordash", "ubereats", "grubhub", "instacart", "postmates", "venmo", "paypal", "cashapp", "zelle",
        "chase", "amex", "amazon", "ebay", "etsy", "walmart", "costco", "starbucks", "netflix", "youtube",
        "hulu", "disney", "spotify", "pandora", "audible", "kindle", "duolingo", "airbnb", "expedia",
        "tripadvisor", "yelp", "opentable", "strava", "fitbit", "peloton", "myfitnesspal", "headspace",
        "dropbox", "evernote", "trello", "asana", "robinhood", "coinbase",
    ]
)
# fmt: on
