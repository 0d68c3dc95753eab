"""Utilities & Productivity: browser, calculator, conversions, phrasebook translation, quick answers and notes.

Tables:
    web_pages: ``{url: {"url", "title", "summary"}}``, pages the simulated web knows by normalised URL
        (``https://host/path``); any other http(s) URL opens with its host as the title.
    browser_tabs: ``{tab_id: {"id", "url", "title", "opened_at", "last_used"}}``; the tab with the latest
        ``last_used`` is the current one.
    browser_history: ``{hist_id: {"id", "url", "title", "time"}}``. Core ``hist_001`` .. lie in
        2026-05-18 .. 20; generated bulk (``hist_101`` ..) lies before 2026-05-17.
    bookmarks: ``{bookmark_id: {"id", "url", "title", "folder", "created_at"}}``; one bookmark per URL.
    unit_conversions: ``{unit: {"unit", "name", "dimension", "factor", "offset", "aliases"}}``; a value
        ``v`` in the unit is ``v * factor + offset`` in the dimension's base unit (m, kg, l, K, m/s, B, s, m2).
    currency_rates: ``{code: {"code", "name", "usd_per_unit", "aliases", "as_of"}}`` (fixed offline rates).
    phrasebook: ``{phrase_id: {"id", "topic", "text": {lang: str}, "keys": {lang: normalised str}}}`` for
        the languages in ``LANGUAGES``; translation works offline from it and only for these phrases.
    knowledge: ``{kb_id: {"id", "question", "answer", "keywords": [str], "topic", "source"}}``, the
        offline quick-answer store; questions outside it go to the search sub-agent.
    notes: ``{note_id: {"id", "title", "body", "folder", "pinned", "created_at", "updated_at",
        "shared_with": [contact_id]}}``; titles are unique within a folder.

Settings: ``utilities.calculator_decimals`` (digits the calculator rounds to, default 10).

Cross-domain: ``share_note`` sends the note as an SMS into Calls & Communication's ``messages`` table (same
record shape as ``send_message``; needs the contact, an unblocked number and the cellular radio);
``open_browser_url`` needs the phone online (``network.*`` settings); ``translate_text`` defaults to the
phone's ``system.language``; the Browser and Notes apps are added to ``apps`` when missing, as built-in
system apps (they cannot be uninstalled).
"""

from __future__ import annotations

import math
import random
import re
import unicodedata
from datetime import datetime, timedelta
from typing import Any, Literal
from urllib.parse import urlsplit

from mpb_env.errors import (
    AlreadyExists,
    Ambiguous,
    CapabilityLimit,
    InvalidArguments,
    NotFound,
    PreconditionFailed,
)
from mpb_env.tools.runtime import Ok, ok, tool
from mpb_env.world.state import PhoneState, Record, Tables

DOMAIN = "Utilities & Productivity"
SEED_ORDER = 59

HistorySource = Literal["history", "bookmarks", "tabs"]

#: Value rules of this domain's settings keys, which automation rules (Time Management) are checked
#: against; the rule forms are described in time_mgmt.py.
SETTING_CHOICES: dict[str, Any] = {"utilities.calculator_decimals": {"type": "int", "min": 0, "max": 15}}
SMS = ("messages", "SMS")
MAX_EXPR = 200
MAX_TITLE = 120
MAX_NOTE = 20_000
MAX_SMS_CHARS = 1600
MAX_LIMIT = 100

LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Spanish",
    "fr": "French",
    "de": "German",
    "it": "Italian",
    "ja": "Japanese",
    "zh": "Chinese",
}
_LANG_ALIASES = {"mandarin": "zh", "chinese (simplified)": "zh", "castilian": "es"}
# Languages phones offer that the phrasebook does not cover (reported as a capability limit).
_KNOWN_UNSUPPORTED = {"ko": "Korean", "pt": "Portuguese", "ru": "Russian", "ar": "Arabic", "hi": "Hindi",
                      "nl": "Dutch", "sv": "Swedish", "tr": "Turkish", "vi": "Vietnamese", "th": "Thai"}  # fmt: skip


# --------------------------------------------------------------------------- world data
_PAGES: list[tuple[str, str, str]] = [
    ("https://www.united.com/en/us/manageres/mytrips", "My Trips | United Airlines",
     "Trip to New York, May 26-28: UA 1532 SFO→JFK May 26 08:15, UA 2215 JFK→SFO May 28 17:00. Confirmation KX7Q2P."),
    ("https://www.united.com", "United Airlines - Airline Tickets, Travel Deals and Flights",
     "Book flights, check in and manage trips."),
    ("https://www.nytimes.com", "The New York Times - Breaking News, US News, World News",
     "Top stories of the day."),
    ("https://www.hudsonpartners.com", "Hudson Partners | Strategic Advisory",
     "Hudson Partners, 55 Water St, New York. Client services and contacts."),
    ("https://intranet.northwindlabs.com", "Northwind Labs Intranet",
     "Company news, expense policy, travel booking guidelines (economy for flights under 6 hours)."),
    ("https://en.wikipedia.org/wiki/golden_gate_bridge", "Golden Gate Bridge - Wikipedia",
     "Suspension bridge spanning the Golden Gate strait; opened May 27, 1937."),
    ("https://www.moma.org", "MoMA | The Museum of Modern Art", "11 W 53rd St, New York. Open daily 10:30-17:30."),
    ("https://www.allrecipes.com/recipe/banana-bread", "Banana Bread Recipe | Allrecipes",
     "Ripe bananas, flour, sugar, butter, eggs, baking soda. Bake 60 minutes at 350°F."),
    ("https://www.lincolnelementary.org/calendar", "Lincoln Elementary - Calendar",
     "School play May 22 at 18:00 in the auditorium; last day of school June 12."),
    ("https://news.ycombinator.com", "Hacker News", "Links and discussion about technology."),
    ("https://github.com", "GitHub", "Where the world builds software."),
    ("https://www.bart.gov/schedules", "BART Schedules", "Trip planner and timetables for Bay Area Rapid Transit."),
    ("https://www.amtrak.com", "Amtrak Tickets, Schedules and Train Routes", "Book train travel across the US."),
    ("https://www.google.com", "Google", "Search the web."),
    ("https://www.weather.gov", "National Weather Service", "Forecasts, warnings and weather maps."),
]  # fmt: skip

_CORE_HISTORY: list[tuple[str, str]] = [  # (url, time)
    ("https://news.ycombinator.com", "2026-05-18T21:10:00"),
    ("https://www.allrecipes.com/recipe/banana-bread", "2026-05-18T18:02:00"),
    ("https://www.lincolnelementary.org/calendar", "2026-05-19T07:45:00"),
    ("https://intranet.northwindlabs.com", "2026-05-19T09:30:00"),
    ("https://www.hudsonpartners.com", "2026-05-19T16:20:00"),
    ("https://www.moma.org", "2026-05-19T22:05:00"),
    ("https://www.nytimes.com", "2026-05-20T08:30:00"),
    ("https://www.united.com/en/us/manageres/mytrips", "2026-05-20T08:40:00"),
]
_CORE_BOOKMARKS: list[tuple[str, str, str, str, str]] = [  # (id, url, title, folder, created_at)
    ("bm_001", "https://intranet.northwindlabs.com", "Northwind Labs Intranet", "Work", "2025-11-03T09:12:00"),
    ("bm_002", "https://www.united.com", "United Airlines", "Travel", "2026-01-14T20:40:00"),
    ("bm_003", "https://news.ycombinator.com", "Hacker News", "Bookmarks", "2025-08-21T22:15:00"),
    ("bm_004", "https://www.lincolnelementary.org/calendar", "Lincoln Elementary - Calendar", "Family",
     "2026-02-02T07:30:00"),
]  # fmt: skip
_CORE_TABS: list[Record] = [
    {"id": "tab_001", "url": "https://www.nytimes.com", "title": "The New York Times - Breaking News, US News, World News",
     "opened_at": "2026-05-20T08:30:00", "last_used": "2026-05-20T08:30:00"},
    {"id": "tab_002", "url": "https://www.united.com/en/us/manageres/mytrips", "title": "My Trips | United Airlines",
     "opened_at": "2026-05-20T08:40:00", "last_used": "2026-05-20T08:40:00"},
]  # fmt: skip
_BULK_SITES = ("https://www.reddit.com/r/sanfrancisco", "https://www.youtube.com/watch", "https://www.espn.com",
               "https://www.yelp.com/search", "https://www.zillow.com/homes", "https://docs.python.org/3",
               "https://www.imdb.com/title", "https://stackoverflow.com/questions", "https://www.sfgate.com",
               "https://www.target.com/cart")  # fmt: skip

# unit: (name, dimension, factor to base, offset, aliases)
_UNITS: list[tuple[str, str, str, float, float, tuple[str, ...]]] = [
    ("m", "meter", "length", 1.0, 0.0, ("meter", "meters", "metre", "metres")),
    ("km", "kilometer", "length", 1000.0, 0.0, ("kilometer", "kilometers", "kilometre", "kilometres", "kms")),
    ("cm", "centimeter", "length", 0.01, 0.0, ("centimeter", "centimeters", "centimetre", "centimetres")),
    ("mm", "millimeter", "length", 0.001, 0.0, ("millimeter", "millimeters", "millimetre", "millimetres")),
    ("mi", "mile", "length", 1609.344, 0.0, ("mile", "miles")),
    ("yd", "yard", "length", 0.9144, 0.0, ("yard", "yards")),
    ("ft", "foot", "length", 0.3048, 0.0, ("foot", "feet")),
    ("in", "inch", "length", 0.0254, 0.0, ("inch", "inches")),
    ("kg", "kilogram", "mass", 1.0, 0.0, ("kilogram", "kilograms", "kilo", "kilos", "kgs")),
    ("g", "gram", "mass", 0.001, 0.0, ("gram", "grams")),
    ("mg", "milligram", "mass", 1e-6, 0.0, ("milligram", "milligrams")),
    ("lb", "pound", "mass", 0.45359237, 0.0, ("pound", "pounds", "lbs")),
    ("oz", "ounce", "mass", 0.028349523125, 0.0, ("ounce", "ounces")),
    ("st", "stone", "mass", 6.35029318, 0.0, ("stone", "stones")),
    ("l", "liter", "volume", 1.0, 0.0, ("liter", "liters", "litre", "litres")),
    ("ml", "milliliter", "volume", 0.001, 0.0, ("milliliter", "milliliters", "millilitre", "millilitres")),
    ("gal", "US gallon", "volume", 3.785411784, 0.0, ("gallon", "gallons")),
    ("qt", "US quart", "volume", 0.946352946, 0.0, ("quart", "quarts")),
    ("pt", "US pint", "volume", 0.473176473, 0.0, ("pint", "pints")),
    ("cup", "US cup", "volume", 0.2365882365, 0.0, ("cups",)),
    ("fl oz", "US fluid ounce", "volume", 0.0295735295625, 0.0, ("floz", "fluid ounce", "fluid ounces")),
    ("tbsp", "tablespoon", "volume", 0.01478676478125, 0.0, ("tablespoon", "tablespoons")),
    ("tsp", "teaspoon", "volume", 0.00492892159375, 0.0, ("teaspoon", "teaspoons")),
    ("K", "kelvin", "temperature", 1.0, 0.0, ("kelvin",)),
    ("C", "degree Celsius", "temperature", 1.0, 273.15, ("°c", "celsius", "centigrade", "degc")),
    ("F", "degree Fahrenheit", "temperature", 5 / 9, 273.15 - 32 * 5 / 9, ("°f", "fahrenheit", "degf")),
    ("m/s", "meter per second", "speed", 1.0, 0.0, ("mps", "meters per second")),
    ("km/h", "kilometer per hour", "speed", 1 / 3.6, 0.0, ("kph", "kmh", "kilometers per hour")),
    ("mph", "mile per hour", "speed", 0.44704, 0.0, ("mi/h", "miles per hour")),
    ("kn", "knot", "speed", 1852 / 3600, 0.0, ("knot", "knots", "kt")),
    ("B", "byte", "data", 1.0, 0.0, ("byte", "bytes")),
    ("KB", "kilobyte", "data", 1e3, 0.0, ("kilobyte", "kilobytes")),
    ("MB", "megabyte", "data", 1e6, 0.0, ("megabyte", "megabytes")),
    ("GB", "gigabyte", "data", 1e9, 0.0, ("gigabyte", "gigabytes")),
    ("TB", "terabyte", "data", 1e12, 0.0, ("terabyte", "terabytes")),
    ("s", "second", "time", 1.0, 0.0, ("sec", "secs", "second", "seconds")),
    ("min", "minute", "time", 60.0, 0.0, ("mins", "minute", "minutes")),
    ("h", "hour", "time", 3600.0, 0.0, ("hr", "hrs", "hour", "hours")),
    ("day", "day", "time", 86400.0, 0.0, ("days", "d")),
    ("week", "week", "time", 604800.0, 0.0, ("weeks", "wk")),
    ("m2", "square meter", "area", 1.0, 0.0, ("m²", "sq m", "square meter", "square meters", "sqm")),
    ("ft2", "square foot", "area", 0.09290304, 0.0, ("ft²", "sq ft", "square foot", "square feet", "sqft")),
    ("acre", "acre", "area", 4046.8564224, 0.0, ("acres",)),
    ("ha", "hectare", "area", 10000.0, 0.0, ("hectare", "hectares")),
]
_BASE_UNIT = {"length": "m", "mass": "kg", "volume": "l", "temperature": "K", "speed": "m/s", "data": "B",
              "time": "s", "area": "m2"}  # fmt: skip

# code: (name, US dollars per unit, aliases)
_CURRENCIES: list[tuple[str, str, float, tuple[str, ...]]] = [
    ("USD", "US dollar", 1.0, ("dollar", "dollars", "us dollars", "$", "usd")),
    ("EUR", "euro", 1.08, ("euro", "euros", "€")),
    ("GBP", "British pound", 1.27, ("pound sterling", "pounds sterling", "british pounds", "£")),
    ("JPY", "Japanese yen", 0.0066, ("yen", "¥")),
    ("CNY", "Chinese yuan", 0.138, ("yuan", "renminbi", "rmb")),
    ("CAD", "Canadian dollar", 0.73, ("canadian dollar", "canadian dollars")),
    ("MXN", "Mexican peso", 0.058, ("peso", "pesos", "mexican pesos")),
    ("INR", "Indian rupee", 0.012, ("rupee", "rupees")),
    ("AUD", "Australian dollar", 0.66, ("australian dollar", "australian dollars")),
    ("CHF", "Swiss franc", 1.11, ("swiss franc", "swiss francs", "franc", "francs")),
    ("KRW", "South Korean won", 0.00073, ("won",)),
]
_ZERO_DECIMAL = frozenset({"JPY", "KRW"})
RATES_AS_OF = "2026-05-19"

# phrase_id: (topic, {lang: text})
_PHRASES: list[tuple[str, str, dict[str, str]]] = [
    ("hello", "greetings", {"en": "Hello", "es": "Hola", "fr": "Bonjour", "de": "Hallo", "it": "Ciao",
                            "ja": "こんにちは", "zh": "你好"}),
    ("thank_you", "greetings", {"en": "Thank you", "es": "Gracias", "fr": "Merci", "de": "Danke", "it": "Grazie",
                                "ja": "ありがとうございます", "zh": "谢谢"}),
    ("goodbye", "greetings", {"en": "Goodbye", "es": "Adiós", "fr": "Au revoir", "de": "Auf Wiedersehen",
                              "it": "Arrivederci", "ja": "さようなら", "zh": "再见"}),
    ("good_night", "greetings", {"en": "Good night", "es": "Buenas noches", "fr": "Bonne nuit", "de": "Gute Nacht",
                                 "it": "Buona notte", "ja": "おやすみなさい", "zh": "晚安"}),
    ("please", "basics", {"en": "Please", "es": "Por favor", "fr": "S'il vous plaît", "de": "Bitte",
                          "it": "Per favore", "ja": "お願いします", "zh": "请"}),
    ("yes", "basics", {"en": "Yes", "es": "Sí", "fr": "Oui", "de": "Ja", "it": "Sì", "ja": "はい", "zh": "是的"}),
    ("no", "basics", {"en": "No", "es": "No", "fr": "Non", "de": "Nein", "it": "No", "ja": "いいえ", "zh": "不是"}),
    ("excuse_me", "basics", {"en": "Excuse me", "es": "Disculpe", "fr": "Excusez-moi", "de": "Entschuldigung",
                             "it": "Mi scusi", "ja": "すみません", "zh": "打扰一下"}),
    ("sorry", "basics", {"en": "I'm sorry", "es": "Lo siento", "fr": "Je suis désolé", "de": "Es tut mir leid",
                         "it": "Mi dispiace", "ja": "ごめんなさい", "zh": "对不起"}),
    ("nice_to_meet_you", "greetings", {"en": "Nice to meet you", "es": "Mucho gusto", "fr": "Enchanté",
                                       "de": "Freut mich", "it": "Piacere", "ja": "はじめまして", "zh": "很高兴认识你"}),
    ("dont_understand", "basics", {"en": "I don't understand", "es": "No entiendo", "fr": "Je ne comprends pas",
                                   "de": "Ich verstehe nicht", "it": "Non capisco", "ja": "わかりません",
                                   "zh": "我不明白"}),
    ("speak_english", "basics", {"en": "Do you speak English?", "es": "¿Habla inglés?", "fr": "Parlez-vous anglais ?",
                                 "de": "Sprechen Sie Englisch?", "it": "Parla inglese?", "ja": "英語を話せますか？",
                                 "zh": "你会说英语吗？"}),
    ("where_bathroom", "directions", {"en": "Where is the bathroom?", "es": "¿Dónde está el baño?",
                                      "fr": "Où sont les toilettes ?", "de": "Wo ist die Toilette?",
                                      "it": "Dov'è il bagno?", "ja": "トイレはどこですか？", "zh": "洗手间在哪里？"}),
    ("where_train_station", "directions", {"en": "Where is the train station?",
                                           "es": "¿Dónde está la estación de tren?", "fr": "Où est la gare ?",
                                           "de": "Wo ist der Bahnhof?", "it": "Dov'è la stazione ferroviaria?",
                                           "ja": "駅はどこですか？", "zh": "火车站在哪里？"}),
    ("to_airport", "directions", {"en": "Please take me to the airport.", "es": "Lléveme al aeropuerto, por favor.",
                                  "fr": "Conduisez-moi à l'aéroport, s'il vous plaît.",
                                  "de": "Bringen Sie mich bitte zum Flughafen.",
                                  "it": "Mi porti all'aeroporto, per favore.", "ja": "空港までお願いします。",
                                  "zh": "请带我去机场。"}),
    ("how_much", "shopping", {"en": "How much does this cost?", "es": "¿Cuánto cuesta esto?",
                              "fr": "Combien ça coûte ?", "de": "Wie viel kostet das?", "it": "Quanto costa questo?",
                              "ja": "これはいくらですか？", "zh": "这个多少钱？"}),
    ("check_please", "dining", {"en": "The check, please.", "es": "La cuenta, por favor.",
                                "fr": "L'addition, s'il vous plaît.", "de": "Die Rechnung, bitte.",
                                "it": "Il conto, per favore.", "ja": "お会計をお願いします。", "zh": "请结账。"}),
    ("water_please", "dining", {"en": "A glass of water, please.", "es": "Un vaso de agua, por favor.",
                                "fr": "Un verre d'eau, s'il vous plaît.", "de": "Ein Glas Wasser, bitte.",
                                "it": "Un bicchiere d'acqua, per favore.", "ja": "お水を一杯ください。",
                                "zh": "请给我一杯水。"}),
    ("vegetarian", "dining", {"en": "I am vegetarian.", "es": "Soy vegetariano.", "fr": "Je suis végétarien.",
                              "de": "Ich bin Vegetarier.", "it": "Sono vegetariano.", "ja": "私はベジタリアンです。",
                              "zh": "我吃素。"}),
    ("peanut_allergy", "dining", {"en": "I am allergic to peanuts.", "es": "Soy alérgico a los cacahuetes.",
                                  "fr": "Je suis allergique aux arachides.", "de": "Ich bin allergisch gegen Erdnüsse.",
                                  "it": "Sono allergico alle arachidi.", "ja": "ピーナッツアレルギーがあります。",
                                  "zh": "我对花生过敏。"}),
    ("recommend_restaurant", "dining", {"en": "Can you recommend a restaurant?",
                                        "es": "¿Puede recomendarme un restaurante?",
                                        "fr": "Pouvez-vous me recommander un restaurant ?",
                                        "de": "Können Sie ein Restaurant empfehlen?",
                                        "it": "Può consigliarmi un ristorante?",
                                        "ja": "おすすめのレストランはありますか？", "zh": "你能推荐一家餐厅吗？"}),
    ("reservation", "hotel", {"en": "I have a reservation.", "es": "Tengo una reserva.", "fr": "J'ai une réservation.",
                              "de": "Ich habe eine Reservierung.", "it": "Ho una prenotazione.", "ja": "予約しています。",
                              "zh": "我有预订。"}),
    ("wifi_password", "hotel", {"en": "What is the Wi-Fi password?", "es": "¿Cuál es la contraseña del wifi?",
                                "fr": "Quel est le mot de passe du wifi ?", "de": "Wie lautet das WLAN-Passwort?",
                                "it": "Qual è la password del wifi?", "ja": "Wi-Fiのパスワードは何ですか？",
                                "zh": "Wi-Fi密码是多少？"}),
    ("help", "emergency", {"en": "Help!", "es": "¡Ayuda!", "fr": "À l'aide !", "de": "Hilfe!", "it": "Aiuto!",
                           "ja": "助けて！", "zh": "救命！"}),
    ("call_doctor", "emergency", {"en": "Please call a doctor.", "es": "Por favor, llame a un médico.",
                                  "fr": "Appelez un médecin, s'il vous plaît.", "de": "Bitte rufen Sie einen Arzt.",
                                  "it": "Per favore, chiami un medico.", "ja": "医者を呼んでください。",
                                  "zh": "请叫医生。"}),
]  # fmt: skip

# (id, question, answer, keywords, topic, source)
_KNOWLEDGE: list[tuple[str, str, str, tuple[str, ...], str, str]] = [
    ("kb_001", "What is the capital of Australia?", "Canberra.", ("capital", "australia"), "geography",
     "encyclopedia"),
    ("kb_002", "What is the capital of Canada?", "Ottawa.", ("capital", "canada"), "geography", "encyclopedia"),
    ("kb_003", "What is the capital of Japan?", "Tokyo.", ("capital", "japan"), "geography", "encyclopedia"),
    ("kb_004", "How tall is Mount Everest?", "8,849 m (29,032 ft) above sea level.", ("everest",), "geography",
     "encyclopedia"),
    ("kb_005", "What is the boiling point of water?", "100 °C (212 °F) at sea level.", ("boil", "water"),
     "science", "encyclopedia"),
    ("kb_006", "What is the freezing point of water?", "0 °C (32 °F) at sea level.", ("freez", "water"), "science",
     "encyclopedia"),
    ("kb_007", "What is the speed of light?", "299,792,458 metres per second in a vacuum.", ("speed", "light"),
     "science", "encyclopedia"),
    ("kb_008", "Who wrote Pride and Prejudice?", "Jane Austen (published 1813).", ("pride", "prejudice"),
     "literature", "encyclopedia"),
    ("kb_009", "When did Apollo 11 land on the Moon?", "July 20, 1969.", ("apollo",), "history", "encyclopedia"),
    ("kb_010", "Who was the first person to walk on the Moon?", "Neil Armstrong, on July 20, 1969.",
     ("first", "moon"), "history", "encyclopedia"),
    ("kb_011", "What is the largest ocean?", "The Pacific Ocean.", ("largest", "ocean"), "geography", "encyclopedia"),
    ("kb_012", "What is the largest planet in the solar system?", "Jupiter.", ("largest", "planet"), "science",
     "encyclopedia"),
    ("kb_013", "When did the Golden Gate Bridge open?", "May 27, 1937.", ("golden", "gate"), "history",
     "encyclopedia"),
    ("kb_014", "How far is the Moon from Earth?", "About 384,400 km (238,855 miles) on average.",
     ("far", "moon"), "science", "encyclopedia"),
    ("kb_015", "How many US fluid ounces are in a cup?", "8 US fluid ounces.", ("ounce", "cup"), "cooking",
     "reference"),
    ("kb_016", "What is the chemical symbol for gold?", "Au.", ("symbol", "gold"), "science", "encyclopedia"),
    ("kb_017", "Who painted the Mona Lisa?", "Leonardo da Vinci.", ("mona", "lisa"), "art", "encyclopedia"),
    ("kb_018", "What time zone is New York in?", "Eastern Time: UTC−5, or UTC−4 during daylight saving time.",
     ("zone", "york"), "geography", "reference"),
    ("kb_019", "What is the time difference between San Francisco and New York?",
     "New York is 3 hours ahead of San Francisco.", ("difference", "york"), "geography", "reference"),
    ("kb_020", "How many continents are there?", "Seven: Africa, Antarctica, Asia, Australia, Europe, North America "
     "and South America.", ("continent",), "geography", "encyclopedia"),
    ("kb_021", "What is the longest river in the world?",
     "The Nile (about 6,650 km), though some measurements make the Amazon longer.", ("longest", "river"),
     "geography", "encyclopedia"),
    ("kb_022", "When was the Declaration of Independence signed?", "It was adopted on July 4, 1776.",
     ("declaration", "independence"), "history", "encyclopedia"),
    ("kb_023", "Who developed the theory of relativity?", "Albert Einstein.", ("relativity",), "science",
     "encyclopedia"),
    ("kb_024", "How much should I tip at a US restaurant?", "15-20% of the pre-tax bill is customary.",
     ("tip",), "etiquette", "reference"),
    ("kb_025", "What is normal human body temperature?", "About 37 °C (98.6 °F).", ("body", "temperature"),
     "health", "reference"),
    ("kb_026", "How many feet are in a mile?", "5,280 feet.", ("feet", "mile"), "units", "reference"),
    ("kb_027", "What does JFK airport stand for?", "John F. Kennedy International Airport, in Queens, New York.",
     ("jfk",), "travel", "reference"),
    ("kb_028", "How many time zones does the United States have?",
     "Six standard zones in the 50 states (Eastern, Central, Mountain, Pacific, Alaska, Hawaii-Aleutian).",
     ("zones", "states"), "geography", "reference"),
]  # fmt: skip

CORE_NOTES: list[Record] = [
    {"id": "note_001", "title": "Packing list - New York", "folder": "Travel", "pinned": True,
     "body": "Laptop + charger\nPassport (backup ID)\nClient deck printouts\nUmbrella\nRunning shoes",
     "created_at": "2026-05-17T20:15:00", "updated_at": "2026-05-19T21:40:00", "shared_with": []},
    {"id": "note_002", "title": "Gift ideas for Emma", "folder": "Family", "pinned": False,
     "body": "Sunflower seeds kit\nWatercolor set\nBook: The Wild Robot", "created_at": "2026-04-28T19:02:00",
     "updated_at": "2026-05-10T08:11:00", "shared_with": []},
    {"id": "note_003", "title": "Q2 planning ideas", "folder": "Work", "pinned": False,
     "body": "Hudson Partners renewal\nHiring: 2 backend engineers\nOffsite in July", "created_at": "2026-04-02T10:30:00",
     "updated_at": "2026-05-18T17:55:00", "shared_with": ["contact_008"]},
    {"id": "note_004", "title": "Grocery list", "folder": "Notes", "pinned": True,
     "body": "Milk\nEggs\nBananas\nCoffee beans", "created_at": "2026-05-19T18:20:00",
     "updated_at": "2026-05-19T18:20:00", "shared_with": []},
    {"id": "note_005", "title": "Guest Wi-Fi", "folder": "Notes", "pinned": False,
     "body": "Network: Morgan-Guest\nPassword: sunflower-2026", "created_at": "2026-01-05T12:00:00",
     "updated_at": "2026-01-05T12:00:00", "shared_with": []},
    {"id": "note_006", "title": "Book recommendations", "folder": "Notes", "pinned": False,
     "body": "Project Hail Mary (from Leo)\nThe Overstory\nKlara and the Sun", "created_at": "2026-03-11T21:30:00",
     "updated_at": "2026-04-20T22:05:00", "shared_with": []},
]  # fmt: skip
_BULK_NOTE_TOPICS = ("Meeting notes", "Ideas", "Recipe", "Workout plan", "Reading list", "To do", "Trip ideas",
                     "Shopping", "Quotes", "Journal")  # fmt: skip
_BULK_NOTE_WORDS = ("budget", "follow up", "call back", "draft", "review", "buy", "schedule", "check", "plan",
                    "email", "book", "renew", "pick up", "fix", "compare")  # fmt: skip


def _norm_text(text: str) -> str:
    """Phrase key: casefolded, accents and punctuation dropped, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    kept = []
    for ch in decomposed:
        if unicodedata.combining(ch):
            continue
        cat = unicodedata.category(ch)
        kept.append(" " if cat.startswith("P") or cat.startswith("Z") or cat.startswith("S") else ch)
    return " ".join("".join(kept).split())


def _app(app_id: str, name: str, package: str, perms: tuple[str, ...], size: int) -> Record:
    return {
        "id": app_id,
        "name": name,
        "package": package,
        "category": "productivity",
        "permissions": {p: True for p in perms},
        "size_mb": size,
        "notifications": True,
        "running": False,
        "system": True,  # both are built-in apps (Apps & Storage refuses to uninstall system apps)
    }


def seed(tables: Tables, rng: random.Random, scale: float) -> None:
    tables.setdefault("settings", {}).setdefault("utilities.calculator_decimals", {"value": 10})
    apps = tables.setdefault("apps", {})
    for app_id, name, package, perms, size in (
        ("browser", "Browser", "com.mobilepa.browser", ("PHOTOS_VIDEOS", "LOCATION"), 180),
        ("notes", "Notes", "com.mobilepa.notes", ("PHOTOS_VIDEOS",), 24),
    ):
        old = apps.get(app_id)
        if old is None:
            apps[app_id] = _app(app_id, name, package, perms, size)
        elif any(p not in old.get("permissions", {}) for p in perms):
            apps[app_id] = {**old, "permissions": {**{p: True for p in perms}, **old.get("permissions", {})}}

    pages = {url: {"url": url, "title": title, "summary": summary} for url, title, summary in _PAGES}
    tables["web_pages"] = pages
    history = {
        f"hist_{i:03d}": {"id": f"hist_{i:03d}", "url": url, "title": pages[url]["title"], "time": when}
        for i, (url, when) in enumerate(_CORE_HISTORY, start=1)
    }
    tables["bookmarks"] = {
        bid: {"id": bid, "url": url, "title": title, "folder": folder, "created_at": when}
        for bid, url, title, folder, when in _CORE_BOOKMARKS
    }
    tables["browser_tabs"] = {t["id"]: dict(t) for t in _CORE_TABS}
    tables["unit_conversions"] = {
        unit: {
            "unit": unit,
            "name": name,
            "dimension": dim,
            "factor": factor,
            "offset": offset,
            "aliases": list(aliases),
        }  # fmt: skip
        for unit, name, dim, factor, offset, aliases in _UNITS
    }
    tables["currency_rates"] = {
        code: {
            "code": code,
            "name": name,
            "usd_per_unit": rate,
            "aliases": list(aliases),
            "as_of": RATES_AS_OF,
        }
        for code, name, rate, aliases in _CURRENCIES
    }
    tables["phrasebook"] = {
        pid: {
            "id": pid,
            "topic": topic,
            "text": dict(texts),
            "keys": {lang: _norm_text(t) for lang, t in texts.items()},
        }
        for pid, topic, texts in _PHRASES
    }
    tables["knowledge"] = {
        kid: {"id": kid, "question": q, "answer": a, "keywords": list(kw), "topic": topic, "source": src}
        for kid, q, a, kw, topic, src in _KNOWLEDGE
    }
    notes = {n["id"]: dict(n, shared_with=list(n["shared_with"])) for n in CORE_NOTES}

    # Generated bulk, scaled; it lies before 2026-05-17 so the core days read the same at every size.
    start = datetime(2026, 3, 1)
    sites = [u for u, _, _ in _PAGES] + list(_BULK_SITES)
    for i in range(round(150 * scale)):
        url = rng.choice(sites)
        when = start + timedelta(minutes=rng.randrange(77 * 24 * 60))
        hid = f"hist_{101 + i:03d}"
        title = pages[url]["title"] if url in pages else urlsplit(url).netloc.removeprefix("www.")
        history[hid] = {"id": hid, "url": url, "title": title, "time": when.isoformat()}
    tables["browser_history"] = history
    titles: set[tuple[str, str]] = {(n["folder"], n["title"].casefold()) for n in notes.values()}
    i = 0
    while i < round(40 * scale):
        folder = rng.choice(("Notes", "Notes", "Work", "Family", "Travel"))
        title = f"{rng.choice(_BULK_NOTE_TOPICS)} #{rng.randint(1, 999)}"
        if (folder, title.casefold()) in titles:
            continue
        titles.add((folder, title.casefold()))
        when = (start + timedelta(minutes=rng.randrange(70 * 24 * 60))).isoformat()
        nid = f"note_{101 + i:03d}"
        body = "\n".join(
            f"{rng.choice(_BULK_NOTE_WORDS).capitalize()} {rng.randint(1, 30)}" for _ in range(3)
        )
        notes[nid] = {"id": nid, "title": title, "folder": folder, "pinned": False, "body": body,
                      "created_at": when, "updated_at": when, "shared_with": []}  # fmt: skip
        i += 1
    tables["notes"] = notes


# --------------------------------------------------------------------------- browser
_HOST = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:[0-9]{1,5})?$")


def _norm_url(raw: str) -> str:
    text = raw.strip()
    if not text or any(ch.isspace() for ch in text):
        raise InvalidArguments(f"{raw!r} is not a URL; use a form like 'https://www.moma.org'", field="url")
    if "://" not in text:
        if ":" in text.split("/")[0] and not re.match(r"^[^:]+:\d+(/|$)", text):
            scheme = text.split(":")[0].lower()
            raise CapabilityLimit(
                f"the browser opens only http and https links, not {scheme}:", scheme=scheme
            )
        text = "https://" + text
    try:
        parts = urlsplit(text)
    except ValueError:  # e.g. an unbalanced "[" read as an IPv6 host
        raise InvalidArguments(
            f"{raw!r} is not a URL; use a form like 'https://www.moma.org'", field="url"
        ) from None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise CapabilityLimit(f"the browser opens only http and https links, not {scheme}://", scheme=scheme)
    host = parts.netloc.lower()
    port = host.rpartition(":")[2] if ":" in host else ""
    if not _HOST.match(host) or (port and not 0 < int(port) <= 65535):
        raise InvalidArguments(
            f"{raw!r} has no valid host name; use a form like 'https://www.moma.org'", field="url"
        )
    path = parts.path.rstrip("/")
    return f"{scheme}://{host}{path}" + (f"?{parts.query}" if parts.query else "")


def _page(s: PhoneState, url: str) -> Record | None:
    page = s.get("web_pages", url)
    if page is None:
        scheme, rest = url.split("://", 1)
        alt = rest[4:] if rest.startswith("www.") else "www." + rest
        page = s.get("web_pages", f"{scheme}://{alt}") or s.get("web_pages", f"https://{rest}")
    return page


def _check_limit(limit: int) -> None:
    if not 1 <= limit <= MAX_LIMIT:
        raise InvalidArguments(f"limit must be between 1 and {MAX_LIMIT}, got {limit}", field="limit")


@tool(DOMAIN, mutates=True)
def open_browser_url(s: PhoneState, url: str, new_tab: bool = True) -> Ok:
    """Open a web page in the browser (new tab or the current one); the visit is added to the history.

    Args:
        url: The address, e.g. "https://www.moma.org" or "amtrak.com" (https is assumed).
        new_tab: Open in a new tab (true) or replace the current tab's page (false), e.g. false.

    Returns:
        ``{"tab": <the tab record>, "page": {"url", "title", "summary"}, "history_id"}``; ``summary`` is
        null for pages the offline web does not know.

    Raises:
        InvalidArguments: the URL is malformed.
        CapabilityLimit: the link is not http or https (e.g. file:// or ftp://).
        PreconditionFailed: the phone is offline (no Wi-Fi, and no mobile data or airplane mode on).
    """
    norm = _norm_url(url)
    page = _page(s, norm)
    if page is not None:
        norm = page["url"]  # the site's canonical address (e.g. moma.org redirects to www.moma.org)
    airplane = s.setting("network.airplane_mode", False)
    if not (s.setting("network.wifi", False) or (s.setting("network.mobile_data", False) and not airplane)):
        raise PreconditionFailed(
            "the phone is offline; turn on Wi-Fi or mobile data to load web pages",
            settings=["network.wifi", "network.mobile_data", "network.airplane_mode"],
        )
    title = page["title"] if page else urlsplit(norm).netloc.removeprefix("www.")
    now = s.now_iso()
    current = None
    if not new_tab:
        for t in s.values("browser_tabs"):
            if current is None or (t["last_used"], t["id"]) > (current["last_used"], current["id"]):
                current = t
    if current is not None:
        tab = s.update("browser_tabs", current["id"], url=norm, title=title, last_used=now)
    else:
        tab = {"id": s.new_id("tab"), "url": norm, "title": title, "opened_at": now, "last_used": now}
        s.put("browser_tabs", tab["id"], tab)
    hid = s.new_id("hist")
    s.put("browser_history", hid, {"id": hid, "url": norm, "title": title, "time": now})
    data = {"tab": tab, "page": {"url": norm, "title": title, "summary": page["summary"] if page else None},
            "history_id": hid}  # fmt: skip
    return ok(f"Opened {title} in {tab['id']}", data)


@tool(DOMAIN, mutates=True)
def add_browser_bookmark(s: PhoneState, url: str, title: str | None = None, folder: str = "Bookmarks") -> Ok:
    """Bookmark a web page in a bookmarks folder.

    Args:
        url: The page's address, e.g. "https://www.moma.org".
        title: Name to show, e.g. "MoMA"; the page's title when omitted.
        folder: Bookmarks folder, e.g. "Travel".

    Returns:
        The new bookmark record ``{"id", "url", "title", "folder", "created_at"}``.

    Raises:
        InvalidArguments: the URL is malformed, or the title or folder is empty.
        CapabilityLimit: the link is not http or https.
        AlreadyExists: this URL is already bookmarked; ``bookmark_id`` names it.
    """
    norm = _norm_url(url)
    page = _page(s, norm)
    if page is not None:
        norm = page["url"]
    folder = " ".join(folder.split())
    if not folder:
        raise InvalidArguments("folder must not be empty", field="folder")
    for b in s.values("bookmarks"):
        if b["url"] == norm:
            raise AlreadyExists(
                f"{norm} is already bookmarked in {b['folder']} ({b['id']})", bookmark_id=b["id"]
            )
    if title is not None:
        name = " ".join(title.split())
        if not name:
            raise InvalidArguments("title must not be empty; omit it to use the page's title", field="title")
    else:
        name = page["title"] if page else ""
        if not name:
            seen = [h for h in s.values("browser_history") if h["url"] == norm]
            name = (
                max(seen, key=lambda h: h["time"])["title"]
                if seen
                else urlsplit(norm).netloc.removeprefix("www.")
            )
    rec = {"id": s.new_id("bm"), "url": norm, "title": name, "folder": folder, "created_at": s.now_iso()}
    s.put("bookmarks", rec["id"], rec)
    return ok(f"Bookmarked {name!r} in {folder} ({rec['id']})", rec)


@tool(DOMAIN)
def search_browser_history(
    s: PhoneState, query: str | None = None, source: HistorySource = "history", limit: int = 20
) -> Ok:
    """Search the browser's history, bookmarks or open tabs by text in the title or URL, newest first.

    Args:
        query: Case-insensitive text, e.g. "united"; everything when omitted.
        source: What to search, e.g. "bookmarks".
        limit: Maximum number of rows (1-100), e.g. 10.

    Returns:
        History ``{"id", "url", "title", "time"}``, bookmark ``{"id", "url", "title", "folder",
        "created_at"}`` or tab ``{"id", "url", "title", "opened_at", "last_used"}`` records.

    Raises:
        InvalidArguments: the limit is out of range.
    """
    _check_limit(limit)
    table, when = {
        "history": ("browser_history", "time"),
        "bookmarks": ("bookmarks", "created_at"),
        "tabs": ("browser_tabs", "last_used"),
    }[source]
    q = query.strip().casefold() if query else ""
    rows = [r for r in s.values(table) if not q or q in r["title"].casefold() or q in r["url"].casefold()]
    rows.sort(key=lambda r: (r[when], r["id"]), reverse=True)
    out = rows[:limit]
    return ok(
        f"{len(rows)} {source} entries" + (f" (showing {len(out)})" if len(out) < len(rows) else ""), out
    )


# --------------------------------------------------------------------------- calculator
_TOKEN = re.compile(r"\s*(?:(\d+\.?\d*|\.\d+)|(\*\*|[-+*/^%()×÷]))")


def _tokens(expr: str) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    pos = 0
    text = expr.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            bad = text[pos:].lstrip()[:1]
            raise InvalidArguments(f"unexpected character {bad!r} in the expression", expression=expr)
        num, op = m.groups()
        if num is not None:
            out.append(("num", float(num)))
        else:
            op = {"**": "^", "×": "*", "÷": "/"}.get(op, op)
            out.append(("op", op))
        pos = m.end()
    # A % followed by a number or "(" is modulo; otherwise it is a percent sign (x% = x/100).
    for i, (kind, val) in enumerate(out):
        if kind == "op" and val == "%":
            nxt = out[i + 1] if i + 1 < len(out) else None
            out[i] = (
                ("op", "mod") if nxt is not None and (nxt[0] == "num" or nxt[1] == "(") else ("op", "pct")
            )
    return out


class _Parser:
    """Recursive descent: expr = term {(+|-) term}; term = unary {(*|/|mod) unary};
    unary = (+|-) unary | power; power = postfix [^ unary]; postfix = atom {pct}; atom = num | ( expr )."""

    def __init__(self, toks: list[tuple[str, Any]], expr: str) -> None:
        self.toks, self.i, self.expr = toks, 0, expr

    def _peek(self) -> Any:
        return self.toks[self.i][1] if self.i < len(self.toks) and self.toks[self.i][0] == "op" else None

    def _bad(self, why: str) -> InvalidArguments:
        return InvalidArguments(f"cannot calculate {self.expr!r}: {why}", expression=self.expr)

    def parse(self) -> float:
        if not self.toks:
            raise self._bad("the expression is empty")
        val = self.expr_()
        if self.i != len(self.toks):
            raise self._bad(f"unexpected {self.toks[self.i][1]!r}")
        return val

    def expr_(self) -> float:
        val = self.term()
        while self._peek() in ("+", "-"):
            op = self._peek()
            self.i += 1
            rhs = self.term()
            val = val + rhs if op == "+" else val - rhs
        return val

    def term(self) -> float:
        val = self.unary()
        while self._peek() in ("*", "/", "mod"):
            op = self._peek()
            self.i += 1
            rhs = self.unary()
            if op == "*":
                val *= rhs
            elif rhs == 0:
                raise self._bad("division by zero")
            else:
                val = val / rhs if op == "/" else _mod(val, rhs)
        return val

    def unary(self) -> float:
        op = self._peek()
        if op in ("+", "-"):
            self.i += 1
            val = self.unary()
            return -val if op == "-" else val
        return self.power()

    def power(self) -> float:
        base = self.postfix()
        if self._peek() == "^":
            self.i += 1
            exp = self.unary()
            if abs(exp) > 1000:
                raise CapabilityLimit(
                    f"exponent {exp:g} is too large for the calculator", expression=self.expr
                )
            if base < 0 and exp != int(exp):
                raise self._bad("a negative number to a fractional power is not a real number")
            if base == 0 and exp < 0:
                raise self._bad("division by zero")
            try:
                return float(base**exp)
            except OverflowError:
                raise CapabilityLimit(
                    "the result is too large for the calculator", expression=self.expr
                ) from None
        return base

    def postfix(self) -> float:
        val = self.atom()
        while self._peek() == "pct":
            self.i += 1
            val /= 100
        return val

    def atom(self) -> float:
        if self.i >= len(self.toks):
            raise self._bad("it ends too early")
        kind, val = self.toks[self.i]
        if kind == "num":
            self.i += 1
            return val
        if val == "(":
            self.i += 1
            inner = self.expr_()
            if self._peek() != ")":
                raise self._bad("a parenthesis is not closed")
            self.i += 1
            return inner
        raise self._bad(f"unexpected {val!r}")


def _mod(a: float, b: float) -> float:
    """Modulo with the sign of the divisor, as calculators show it."""
    return a - b * (a // b)


@tool(DOMAIN)
def calculate_expression(s: PhoneState, expression: str) -> Ok:
    """Evaluate an arithmetic expression with + - * / ^ (power), % and parentheses.

    ``%`` after a number is a percent sign (``84 * 15%`` is 12.6); between two numbers it is modulo
    (``17 % 5`` is 2). Results are rounded to the calculator's decimal setting.

    Args:
        expression: The arithmetic to evaluate, e.g. "(128.40 + 23.15) * 1.18" or "2^10 / 4".

    Returns:
        ``{"expression", "result", "decimals"}``; ``result`` is an int when whole.

    Raises:
        InvalidArguments: the expression is empty, too long, malformed, has letters or divides by zero.
        CapabilityLimit: the result or an exponent is too large to compute.
    """
    expr = expression.strip()
    if len(expr) > MAX_EXPR:
        raise InvalidArguments(f"the expression is {len(expr)} characters; at most {MAX_EXPR}")
    value = _Parser(_tokens(expr), expr).parse()
    if value != value or value in (float("inf"), float("-inf")) or abs(value) > 1e15:
        raise CapabilityLimit("the result is too large for the calculator", expression=expr)
    decimals = s.setting("utilities.calculator_decimals", 10)
    value = round(value, decimals)
    result: int | float = int(value) if value == int(value) else value
    return ok(f"{expr} = {result}", {"expression": expr, "result": result, "decimals": decimals})


# --------------------------------------------------------------------------- conversions
def _find_unit(s: PhoneState, ref: str) -> tuple[str, Record]:
    raw = " ".join(ref.strip().split())
    if not raw:
        raise InvalidArguments("units must not be empty")
    rec = s.get("unit_conversions", raw)
    if rec is not None:
        return "unit", rec
    cur = s.get("currency_rates", raw.upper()) if len(raw) == 3 else None
    if cur is not None:
        return "currency", cur
    q = raw.casefold()
    for rec in s.values("unit_conversions"):
        if q == rec["unit"].casefold() or q == rec["name"].casefold() or q in rec["aliases"]:
            return "unit", rec
    for rec in s.values("currency_rates"):
        if q == rec["name"].casefold() or q in rec["aliases"]:
            return "currency", rec
    raise CapabilityLimit(
        f"unknown unit or currency {ref!r}; supported: metric/US length, mass, volume, temperature, speed, "
        "data, time and area units, and the currencies USD EUR GBP JPY CNY CAD MXN INR AUD CHF KRW",
        unit=ref,
    )


def _finite(result: float, value: float, unit: str) -> float:
    """``result`` itself, or CapabilityLimit when converting ``value`` overflowed a float."""
    if not math.isfinite(result):
        raise CapabilityLimit(f"{value:g} {unit} converts to a number too large to show", value=value)
    return result


@tool(DOMAIN)
def convert_units(s: PhoneState, value: float, from_unit: str, to_unit: str) -> Ok:
    """Convert a quantity between units of measure, or an amount between currencies (offline rates).

    Args:
        value: The number to convert, e.g. 26.2.
        from_unit: Unit or currency to convert from, e.g. "mi", "pounds", "°F" or "EUR".
        to_unit: Unit or currency to convert to, e.g. "km", "kg", "C" or "USD".

    Returns:
        ``{"value", "from_unit", "to_unit", "result", "dimension"}``, plus ``"rate"`` and ``"rates_as_of"``
        for currencies.

    Raises:
        InvalidArguments: a unit is empty, the two do not measure the same thing (e.g. kg to km, or a
            currency to a length), a currency amount is negative or a temperature is below absolute zero.
        CapabilityLimit: a unit or currency is not supported, or the result is too large to show.
    """
    if not math.isfinite(value):
        raise InvalidArguments(f"value must be a finite number, got {value}", field="value")
    k1, a = _find_unit(s, from_unit)
    k2, b = _find_unit(s, to_unit)
    if k1 != k2 or (k1 == "unit" and a["dimension"] != b["dimension"]):
        da = "currency" if k1 == "currency" else a["dimension"]
        db = "currency" if k2 == "currency" else b["dimension"]
        raise InvalidArguments(f"cannot convert {da} ({from_unit}) to {db} ({to_unit})", dimensions=[da, db])
    if k1 == "currency":
        if value < 0:
            raise InvalidArguments(f"an amount of money cannot be negative, got {value}", field="value")
        rate = a["usd_per_unit"] / b["usd_per_unit"]
        result = round(_finite(value * rate, value, a["code"]), 0 if b["code"] in _ZERO_DECIMAL else 2)
        shown: int | float = int(result) if b["code"] in _ZERO_DECIMAL else result
        data = {"value": value, "from_unit": a["code"], "to_unit": b["code"], "result": shown,
                "dimension": "currency", "rate": round(rate, 6), "rates_as_of": a["as_of"]}  # fmt: skip
        return ok(f"{value:g} {a['code']} = {shown} {b['code']} (rate {rate:.4f}, as of {a['as_of']})", data)
    base = value * a["factor"] + a["offset"]
    if a["dimension"] == "temperature" and base < -1e-9:
        raise InvalidArguments(f"{value:g} {a['unit']} is below absolute zero", field="value")
    out = (base - b["offset"]) / b["factor"]
    result = _finite(float(f"{out:.10g}"), value, a["unit"])  # rounding may carry past the largest float
    data = {
        "value": value,
        "from_unit": a["unit"],
        "to_unit": b["unit"],
        "result": result,
        "dimension": a["dimension"],
    }
    return ok(f"{value:g} {a['unit']} = {result:g} {b['unit']}", data)


# --------------------------------------------------------------------------- translation
def _language(ref: str, field: str) -> str:
    q = " ".join(ref.strip().split()).casefold()
    if not q:
        raise InvalidArguments(f"{field} must not be empty", field=field)
    code = q.split("-")[0].split("_")[0] if len(q) <= 7 else q
    if code in LANGUAGES:
        return code
    for c, name in LANGUAGES.items():
        if q == name.casefold():
            return c
    if q in _LANG_ALIASES:
        return _LANG_ALIASES[q]
    name = _KNOWN_UNSUPPORTED.get(code) or next(
        (n for n in _KNOWN_UNSUPPORTED.values() if n.casefold() == q), ref
    )
    supported = ", ".join(f"{n} ({c})" for c, n in LANGUAGES.items())
    raise CapabilityLimit(
        f"offline translation does not support {name}; the phrasebook covers {supported}", language=ref
    )


@tool(DOMAIN)
def translate_text(
    s: PhoneState, text: str, target_language: str | None = None, source_language: str | None = None
) -> Ok:
    """Translate a common travel phrase between supported languages using the offline phrasebook.

    Only whole phrases from the built-in phrasebook can be translated (greetings, directions, dining,
    hotel, shopping and emergency phrases); anything else is reported as a capability limit.

    Args:
        text: The phrase, e.g. "Where is the train station?" or "¿Cuánto cuesta esto?".
        target_language: Language to translate into, by code or name, e.g. "fr" or "Japanese"; the phone's
            system language when omitted.
        source_language: Language of the text, e.g. "es"; detected from the phrasebook when omitted.

    Returns:
        ``{"text", "source_language", "target_language", "translation", "phrase_id", "topic"}``.

    Raises:
        InvalidArguments: the text or a language is empty, or the text is already in the target language.
        CapabilityLimit: a language is not supported, or the text is not a phrasebook phrase.
    """
    if not text.strip():
        raise InvalidArguments("text must not be empty", field="text")
    target = _language(target_language or s.setting("system.language", "en-US"), "target_language")
    source = _language(source_language, "source_language") if source_language is not None else None
    key = _norm_text(text)
    hit, source_found = None, ""
    for p in s.values("phrasebook"):
        langs = (source,) if source else tuple(p["keys"])
        for lang in langs:
            if p["keys"].get(lang) == key:
                hit, source_found = p, lang
                break
        if hit is not None:
            break
    if hit is None:
        where = f" {LANGUAGES[source]}" if source else ""
        raise CapabilityLimit(
            f"{text!r} is not in the offline{where} phrasebook, so it cannot be translated here; only its "
            "common travel phrases are supported (e.g. 'Where is the bathroom?'). For free text, hand the "
            "request to the search sub-agent.",
            text=text,
        )
    if source_found == target:
        raise InvalidArguments(f"the text is already in {LANGUAGES[target]}", language=target)
    translation = hit["text"][target]
    data = {"text": text, "source_language": source_found, "target_language": target, "translation": translation,
            "phrase_id": hit["id"], "topic": hit["topic"]}  # fmt: skip
    return ok(f"{LANGUAGES[source_found]} → {LANGUAGES[target]}: {translation}", data)


# --------------------------------------------------------------------------- quick answers
_WORD = re.compile(r"[a-z0-9]+")


@tool(DOMAIN)
def answer_question(s: PhoneState, question: str) -> Ok:
    """Answer a short factual question from the phone's offline knowledge base.

    Args:
        question: A self-contained factual question, e.g. "What is the capital of Australia?".

    Returns:
        ``{"question", "answer", "matched_question", "kb_id", "topic", "source"}``.

    Raises:
        InvalidArguments: the question is empty.
        NotFound: the knowledge base has no answer; use delegate_to_search_agent for open web questions.
        Ambiguous: the question matches several entries equally; ``candidates`` lists them.
    """
    words = _WORD.findall(_norm_text(question))
    if not words:
        raise InvalidArguments("question must not be empty", field="question")
    best: list[Record] = []
    best_score = 0
    for rec in s.values("knowledge"):
        kws = rec["keywords"]
        if all(any(w == k or (len(k) >= 3 and w.startswith(k)) for w in words) for k in kws):
            score = len(kws)  # more keywords matched = a more specific entry
            if score > best_score:
                best, best_score = [rec], score
            elif score == best_score:
                best.append(rec)
    if not best:
        raise NotFound(
            "the offline knowledge base has no answer to this question; hand it to the search sub-agent with "
            "delegate_to_search_agent",
            question=question,
            remedy="delegate_to_search_agent",
        )
    if len(best) > 1:
        raise Ambiguous(
            f"the question matches {len(best)} entries; ask one thing at a time",
            candidates=[{"id": r["id"], "question": r["question"]} for r in best],
        )
    rec = best[0]
    data = {"question": question, "answer": rec["answer"], "matched_question": rec["question"], "kb_id": rec["id"],
            "topic": rec["topic"], "source": rec["source"]}  # fmt: skip
    return ok(rec["answer"], data)


# --------------------------------------------------------------------------- notes
def _note(s: PhoneState, note_id: str) -> Record:
    rec = s.get("notes", note_id)
    if rec is None:
        raise NotFound(f"no note with id {note_id!r}; search_notes shows note IDs", note_id=note_id)
    return rec


def _title(title: str) -> str:
    name = " ".join(title.split())
    if not name:
        raise InvalidArguments("title must not be empty", field="title")
    if len(name) > MAX_TITLE:
        raise InvalidArguments(f"title is {len(name)} characters; at most {MAX_TITLE}", field="title")
    return name


def _title_clash(s: PhoneState, folder: str, title: str, skip: str | None = None) -> None:
    fold = title.casefold()
    for n in s.values("notes"):
        if n["id"] != skip and n["folder"] == folder and n["title"].casefold() == fold:
            raise AlreadyExists(
                f"{folder} already has a note titled {n['title']!r} ({n['id']})", note_id=n["id"]
            )


def _body(body: str) -> str:
    if len(body) > MAX_NOTE:
        raise InvalidArguments(f"the note is {len(body)} characters; at most {MAX_NOTE}", field="body")
    return body


@tool(DOMAIN, mutates=True)
def create_note(s: PhoneState, title: str, body: str = "", folder: str = "Notes", pinned: bool = False) -> Ok:
    """Create a note in a notes folder.

    Args:
        title: The note's title, unique within its folder, e.g. "Packing list - Seattle".
        body: The note's text, e.g. "Rain jacket\\nCharger".
        folder: The folder, e.g. "Travel".
        pinned: Pin it to the top of the list, e.g. true.

    Returns:
        The new note record ``{"id", "title", "body", "folder", "pinned", "created_at", "updated_at",
        "shared_with"}``.

    Raises:
        InvalidArguments: the title or folder is empty, or the title or body is too long.
        AlreadyExists: the folder already has a note with this title.
    """
    name = _title(title)
    folder = " ".join(folder.split())
    if not folder:
        raise InvalidArguments("folder must not be empty", field="folder")
    _title_clash(s, folder, name)
    now = s.now_iso()
    rec = {"id": s.new_id("note"), "title": name, "body": _body(body), "folder": folder, "pinned": pinned,
           "created_at": now, "updated_at": now, "shared_with": []}  # fmt: skip
    s.put("notes", rec["id"], rec)
    return ok(f"Created note {rec['id']} {name!r} in {folder}", rec)


@tool(DOMAIN, mutates=True)
def update_note(
    s: PhoneState,
    note_id: str,
    title: str | None = None,
    body: str | None = None,
    append_text: str | None = None,
    folder: str | None = None,
    pinned: bool | None = None,
) -> Ok:
    """Change a note: rename it, replace or append to its text, move it or pin/unpin it.

    Args:
        note_id: The note's ID, e.g. "note_001".
        title: New title, e.g. "Packing list - NYC".
        body: New full text replacing the old, e.g. "Laptop\\nPassport".
        append_text: A line to add at the end (not with body), e.g. "Phone charger".
        folder: Move it to this folder, e.g. "Archive".
        pinned: Pin (true) or unpin (false), e.g. false.

    Returns:
        ``{"note": <the updated record>, "changed": [field names]}``.

    Raises:
        NotFound: no note has this ID.
        InvalidArguments: no field was given, both body and append_text were given, or a field is empty or
            too long.
        AlreadyExists: the target folder already has a note with the resulting title.
    """
    old = _note(s, note_id)
    if body is not None and append_text is not None:
        raise InvalidArguments("give body (replace) or append_text (add), not both")
    changes: dict[str, Any] = {}
    if title is not None:
        changes["title"] = _title(title)
    if folder is not None:
        changes["folder"] = " ".join(folder.split())
        if not changes["folder"]:
            raise InvalidArguments("folder must not be empty", field="folder")
    if body is not None:
        changes["body"] = _body(body)
    if append_text is not None:
        line = append_text.strip()
        if not line:
            raise InvalidArguments("append_text must not be empty", field="append_text")
        changes["body"] = _body(f"{old['body']}\n{line}" if old["body"] else line)
    if pinned is not None:
        changes["pinned"] = pinned
    if not changes:
        raise InvalidArguments("give at least one field to change", note_id=note_id)
    changed = [k for k, v in changes.items() if old.get(k) != v]
    if "title" in changed or "folder" in changed:
        _title_clash(
            s, changes.get("folder", old["folder"]), changes.get("title", old["title"]), skip=note_id
        )
    rec = s.update("notes", note_id, **changes, updated_at=s.now_iso()) if changed else old
    return ok(
        f"Updated note {note_id} ({', '.join(changed) or 'no changes'})", {"note": rec, "changed": changed}
    )


@tool(DOMAIN)
def search_notes(
    s: PhoneState,
    query: str | None = None,
    folder: str | None = None,
    pinned_only: bool = False,
    limit: int = 20,
) -> Ok:
    """Search notes by text in the title or body; pinned notes first, then the most recently edited.

    Args:
        query: Case-insensitive text, e.g. "passport"; all notes when omitted.
        folder: Only this folder, e.g. "Travel".
        pinned_only: Only pinned notes, e.g. true.
        limit: Maximum number of notes (1-100), e.g. 10.

    Returns:
        Note records ``{"id", "title", "body", "folder", "pinned", "created_at", "updated_at", "shared_with"}``.

    Raises:
        InvalidArguments: the limit is out of range.
    """
    _check_limit(limit)
    q = query.strip().casefold() if query else ""
    want = folder.strip().casefold() if folder else ""
    rows = [
        n
        for n in s.values("notes")
        if (not want or n["folder"].casefold() == want)
        and (not pinned_only or n["pinned"])
        and (not q or q in n["title"].casefold() or q in n["body"].casefold())
    ]
    rows.sort(key=lambda n: (n["updated_at"], n["id"]), reverse=True)
    rows.sort(key=lambda n: not n["pinned"])  # stable: pinned first, each group newest first
    out = rows[:limit]
    return ok(f"{len(rows)} notes" + (f" (showing {len(out)})" if len(out) < len(rows) else ""), out)


@tool(DOMAIN, mutates=True, permission=SMS)
def share_note(s: PhoneState, note_id: str, contact_id: str) -> Ok:
    """Share a note with a contact: its title and text are sent to them as an SMS.

    Args:
        note_id: The note's ID, e.g. "note_001".
        contact_id: The recipient's contact ID, e.g. "contact_004".

    Returns:
        ``{"message": <the sent SMS record>, "note": <the note with the contact in shared_with>}``.

    Raises:
        NotFound: no note or no contact has this ID.
        CapabilityLimit: the note is longer than one SMS can carry (1600 characters).
        PreconditionFailed: airplane mode is on (a blocked number can still be texted).
        PermissionDenied: the Messages app lacks the SMS permission.
    """
    note = _note(s, note_id)
    person = s.get("contacts", contact_id)
    if person is None:
        raise NotFound(f"no contact with id {contact_id!r}; use search_contacts", contact_id=contact_id)
    text = f"{note['title']}\n{note['body']}".strip()
    if len(text) > MAX_SMS_CHARS:
        raise CapabilityLimit(
            f"the note is {len(text)} characters; an SMS carries at most {MAX_SMS_CHARS}", note_id=note_id
        )
    if s.setting("network.airplane_mode", False):
        raise PreconditionFailed(
            "cannot send an SMS while airplane mode is on; turn airplane mode off first",
            setting="network.airplane_mode",
        )
    mid = s.new_id("msg")
    msg = {
        "id": mid,
        "thread_id": f"thread_{contact_id}",
        "contact_id": contact_id,
        "phone": person["phone"],
        "direction": "out",
        "text": text,
        "time": s.now_iso(),
        "read": True,
    }
    s.put("messages", mid, msg)
    shared = note["shared_with"] if contact_id in note["shared_with"] else [*note["shared_with"], contact_id]
    rec = s.update("notes", note_id, shared_with=shared) if shared is not note["shared_with"] else note
    return ok(f"Shared {note['title']!r} with {person['name']} by SMS", {"message": msg, "note": rec})
