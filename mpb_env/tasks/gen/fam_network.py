"""Template families over Network & Connectivity: Wi-Fi, Bluetooth accessories, mobile data and usage,
the hotspot, NFC payments and airplane mode."""

from __future__ import annotations

from typing import Any

from mpb_env.tasks.build import call, calls, hermes
from mpb_env.tasks.gen.core import Ctx, Draft, family
from mpb_env.tasks.gen.fam_system import ORDINALS, keep, names, the
from mpb_env.tasks.gen.helpers import (
    avoiding,
    base,
    cannot,
    false_claims,
    lookup,
    merge,
    rubric,
    s0_settings,
    setting_delta,
)


def mobile_used_mb() -> int:
    """Mobile data used this cycle in the base world (MB)."""
    apps = base()["apps"]
    return sum(u["mobile_mb"] for u in base()["data_usage"].values() if u["app_id"] in apps)


KIND_WORDS = {
    "headphones": "headphones",
    "earbuds": "earbuds",
    "speaker": "speaker",
    "fitness_band": "fitness tracker",
}
WIFI_OFF = {"network.wifi": False, "network.wifi_connected": None}
#: That a call is in progress (a bare "call" would fit "your call with Maya was dropped" too) ...
ON_A_CALL = ["on a call", "in a call", "on the call", "on your call", "on a phone call", "on the phone", "active call",
             "ongoing call", "call in progress", "current call", "still on", "mid-call", "during the call",
             "during a call", "during your call", "talking to", "talking with", "speaking with", "speaking to"]  # fmt: skip
#: ... and that airplane mode is held off for it: declining, asking, or naming what would happen first. Not
#: "sorry": "Sorry for the wait: airplane mode is on" holds it.
HELD_OFF = ["?", "can't", "cannot", "can not", "unable", "not able", "not possible", "won't be able",
            "haven't", "have not", "didn't", "did not", "not yet", "hold off", "held off", "would drop",
            "would end", "would cut", "would disconnect", "hang up first", "end the call first", "end it first",
            "once you", "after you", "when you're done", "when you hang up", "before i", "let me know"]  # fmt: skip


def bt_patch(*connected: str, bluetooth: bool = True) -> dict[str, dict[str, Any]]:
    """S0 with Bluetooth on (or off) and the given paired devices connected."""
    devices = base()["bluetooth_devices"]
    rows = {d: {**devices[d], "connected": True} for d in connected}
    return merge(s0_settings({"network.bluetooth": bluetooth}), {"bluetooth_devices": rows} if rows else {})


def wrong(password: str) -> str:
    """A plausible mistyped password."""
    digits = [c for c in password if c.isdigit()]
    if digits:
        d = digits[-1]
        return password[::-1].replace(d, str((int(d) + 3) % 10), 1)[::-1]
    return password + "1"


#: Families that only feed train/dev (a near neighbour of theirs represents the skill in bench-v1).
TRAIN_ONLY = ("train", "dev")


# --------------------------------------------------------------------------- grounding
@family("network.join_wifi", dimension="basic", category="grounding", bucket="tool")
def join_wifi(ctx: Ctx) -> Draft:
    net = ctx.pick("net_secured_nearby")
    query = ctx.say(
        ["connect to {ssid}, the password is {pw}.", "join the {ssid} Wi-Fi — password {pw}.",
         "get me on {ssid}; the key is {pw}.", "switch my Wi-Fi to {ssid} (password: {pw}).",
         "hop on the {ssid} network with password {pw}.", "log into Wi-Fi {ssid} using {pw}."],
        ssid=net["ssid"], pw=net["password"],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("wifi_networks", net, key="ssid"),
        gold={"calls": [{"name": "connect_wifi_network", "arguments": {"ssid": net["ssid"], "password": net["password"]}}]},
        oracle=[
            calls(call("list_wifi_networks")),
            hermes(call("connect_wifi_network", ssid=net["ssid"], password=net["password"])),
            f"You're connected to {net['ssid']}.",
        ],
    )  # fmt: skip


@family("network.hotspot_config", dimension="basic", category="grounding", bucket="state")
def hotspot_config(ctx: Ctx) -> Draft:
    name = ctx.pick("net_hotspot_names")
    pw = ctx.pick("net_hotspot_passwords")
    query = ctx.say(
        ["rename my hotspot to {n} and set its password to {pw}.", "change the hotspot name to {n}, password {pw}.",
         "I want my personal hotspot called {n} with the password {pw}.",
         "set up the hotspot details: network name {n}, password {pw}.",
         "make my hotspot's SSID {n} and its password {pw}.", "hotspot settings: call it {n}, key {pw}."],
        n=name, pw=pw,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={
            "delta": [
                setting_delta("network.hotspot_ssid", name),
                setting_delta("network.hotspot_password", pw),
            ]
        },
        oracle=[
            calls(call("set_hotspot", ssid=name, password=pw)),
            f"Your hotspot is now {name} with password {pw} (still off until you turn it on).",
        ],
    )


@family("network.data_usage_answer", dimension="basic", category="grounding", bucket="behavior")
def data_usage_answer(ctx: Ctx) -> Draft:
    app = ctx.pick("net_usage_apps")
    mb = base()["data_usage"][app["id"]]["mobile_mb"]
    query = ctx.say(
        ["how much mobile data has {a} used this month?", "what's {a}'s cellular data usage this billing cycle?",
         "check how many MB of mobile data {a} burned through this cycle.", "how much of my data plan did {a} eat?",
         "tell me {a}'s mobile data use so far this cycle.", "is {a} a data hog? How much mobile data has it used?"],
        a=app["name"],
    )  # fmt: skip
    final = f"{app['name']} has used {mb} MB of mobile data since the cycle started on May 1."
    # Reading out every app's usage is not an answer: the mobile megabytes of the other apps of the
    # usage list (its default ten, heaviest first) must not be named. The app's own Wi-Fi and total use,
    # the cycle's totals and the warning level may be.
    usage = lookup("get_app_data_usage")
    own = next((r for r in lookup("get_app_data_usage", app_id=app["id"])["apps"]), {})
    context = [usage["total_mobile_mb"], usage["total_wifi_mb"], usage["warning_mb"], own.get("wifi_mb"),
               own.get("total_mb")]  # fmt: skip
    return Draft(
        query=query,
        gold=avoiding(
            rubric("answer", [str(mb), f"{mb:,}"]),
            [
                f
                for r in usage["apps"]
                if r["app_id"] != app["id"]
                for f in (str(r["mobile_mb"]), f"{r['mobile_mb']:,}")
            ],
            final,
            query,
            *(f for n in context if isinstance(n, int) for f in (str(n), f"{n:,}")),
        ),
        oracle=[calls(call("get_app_data_usage", app_id=app["id"])), final],
    )


@family("network.nfc_payment", dimension="basic", category="grounding", bucket="state")
def nfc_payment(ctx: Ctx) -> Draft:
    app = ctx.pick("net_payment_apps")
    query = ctx.say(
        ["make {a} my default tap-to-pay app.", "use {a} for contactless payments from now on.",
         "switch my NFC payment app to {a}.", "I want to tap and pay with {a} instead of Wallet.",
         "set {a} as the app that pays when I tap my phone.", "change tap to pay over to {a}."],
        a=app["name"],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("apps", app),
        gold={"delta": [setting_delta("network.nfc_payment_app", app["id"])]},
        oracle=[
            calls(call("set_nfc_enabled", enabled=True, payment_app_id=app["id"])),
            f"Tap to pay now uses {app['name']}.",
        ],
    )


@family("network.airplane_on", dimension="basic", category="grounding", bucket="tool")
def airplane_on(ctx: Ctx) -> Draft:
    where = ctx.pick("net_flight_contexts")
    query = ctx.say(
        ["{c} — put the phone in airplane mode.", "{c}, so switch on airplane mode please.",
         "airplane mode on, {c}.", "{c}. Turn on flight mode for me.",
         "can you turn airplane mode on? {c}.", "{c}; kill all the radios with airplane mode."],
        c=where,
    )  # fmt: skip
    return Draft(
        query=query,
        gold={"calls": [{"name": "set_airplane_mode", "arguments": {"enabled": True}}]},
        oracle=[
            calls(call("get_network_status")),
            calls(call("set_airplane_mode", enabled=True)),
            "Airplane mode is on — Wi-Fi and mobile data are off. Have a good flight!",
        ],
    )


# --------------------------------------------------------------------------- dependency
@family("network.bt_pair", dimension="basic", category="dependency", bucket="tool")
def bt_pair(ctx: Ctx) -> Draft:
    dev = ctx.pick("net_bt_new")
    query = ctx.say(
        ["pair {d} with my phone.", "connect {d} over Bluetooth — it's in pairing mode.",
         "set up {d} with this phone.", "I just got {d} out of the box; pair it please.",
         "can you pair {d}? It's blinking and ready.", "add {d} as a Bluetooth device."],
        d=the(dev["name"]),
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("bluetooth_devices", dev),
        frictions=["dependency"],
        gold={"calls": [
            {"name": "set_bluetooth_enabled", "arguments": {"enabled": True}},
            {"name": "pair_bluetooth_device", "arguments": {"device_id": dev["id"]}},
        ]},
        oracle=[
            calls(call("pair_bluetooth_device", device_id=dev["id"])),
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("list_bluetooth_devices", include_nearby=True)),
            calls(call("pair_bluetooth_device", device_id=dev["id"])),
            f"Bluetooth was off; I turned it on and paired {dev['name']}.",
        ],
    )  # fmt: skip


@family("network.bt_connect", dimension="basic", category="dependency", bucket="tool")
def bt_connect(ctx: Ctx) -> Draft:
    dev_id, nick = ctx.pick("net_bt_nicknames")
    dev = base()["bluetooth_devices"][dev_id]
    query = ctx.say(
        ["connect {n}.", "hook up {n} to the phone.", "get {n} connected, please.",
         "I want to use {n} — connect it.", "reconnect {n} to my phone.", "link {n} to my phone."],
        n=nick,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        gold={"calls": [
            {"name": "set_bluetooth_enabled", "arguments": {"enabled": True}},
            {"name": "connect_bluetooth_device", "arguments": {"device_id": dev_id}},
        ]},
        oracle=[
            calls(call("list_bluetooth_devices")),
            calls(call("connect_bluetooth_device", device_id=dev_id)),
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("connect_bluetooth_device", device_id=dev_id)),
            f"Turned Bluetooth on and connected {dev['name']}.",
        ],
    )  # fmt: skip


@family("network.hotspot_needs_data", dimension="basic", category="dependency", bucket="state")
def hotspot_needs_data(ctx: Ctx) -> Draft:
    why = ctx.pick("net_hotspot_reasons")
    query = ctx.say(
        ["turn on my hotspot {w}.", "start the personal hotspot {w}.", "share my connection with a hotspot {w}.",
         "I need the hotspot on {w}.", "switch on tethering {w}.", "fire up the Wi-Fi hotspot {w}."],
        w=why,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=s0_settings({"network.mobile_data": False}),
        gold={"delta": [setting_delta("network.mobile_data", True), setting_delta("network.hotspot", True)]},
        oracle=[
            calls(call("set_hotspot", enabled=True)),
            calls(call("set_mobile_data_enabled", enabled=True)),
            calls(call("set_hotspot", enabled=True)),
            "The hotspot needs mobile data, which was off; I turned it on and started the hotspot "
            "(Alex's Phone, password harbor-lights-26).",
        ],
    )


@family("network.wifi_off_join", dimension="basic", category="dependency", bucket="tool", splits=TRAIN_ONLY)
def wifi_off_join(ctx: Ctx) -> Draft:
    net = ctx.pick("net_secured_nearby")
    query = ctx.say(
        ["connect to {ssid} with the password {pw}.", "join {ssid}, password is {pw}.",
         "get me onto {ssid} — the password's {pw}.", "use the {ssid} Wi-Fi; key {pw}.",
         "I want to be on {ssid}. Password: {pw}.", "log me into {ssid} with {pw}."],
        ssid=net["ssid"], pw=net["password"],
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["dependency"],
        s0_patch=merge(keep("wifi_networks", net, key="ssid"), s0_settings(WIFI_OFF)),
        gold={"calls": [
            {"name": "set_wifi_enabled", "arguments": {"enabled": True}},
            {"name": "connect_wifi_network", "arguments": {"ssid": net["ssid"], "password": net["password"]}},
        ]},
        oracle=[
            calls(call("connect_wifi_network", ssid=net["ssid"], password=net["password"])),
            calls(call("set_wifi_enabled", enabled=True)),
            calls(call("connect_wifi_network", ssid=net["ssid"], password=net["password"])),
            f"Wi-Fi was off; I switched it on and joined {net['ssid']}.",
        ],
    )  # fmt: skip


#: A claim of having turned mobile data off (under the cap the answer is the usage and that it stays on;
#: "I haven't turned it off", "it hasn't been disabled" and "nothing is turned off" are no such claim).
DATA_OFF = [*false_claims("turned", "switched", "disabled", passive=False),
            *false_claims("cut", "shut", passive=False, bare=False),  # not "should I shut it off?"
            *(f"{who} {verb} {done}" for who in ("data", "cellular", "it") for verb in ("has been", "is")
              for done in ("turned off", "switched off", "disabled")),
            *(f"it's {been}{done}" for been in ("", "been ") for done in ("turned off", "switched off", "disabled")),
            "is now off", "data is off", "data's off", "cellular is off"]  # fmt: skip


@family("network.data_cap_conditional", dimension="basic", category="dependency", bucket="state")
def data_cap_conditional(ctx: Ctx) -> Draft:
    gb = ctx.pick("net_data_limits_gb")
    used = mobile_used_mb()
    query = ctx.say(
        ["if I've used more than {n} GB of mobile data this cycle, turn mobile data off; otherwise just tell me "
         "how much I've used.",
         "check my mobile data — over {n} GB this month? Then switch mobile data off. If not, give me the total.",
         "my plan is {n} GB. If I'm past it, turn off cellular data, else tell me where I'm at.",
         "am I over {n} GB of mobile data? If yes, disable mobile data; if no, how much have I used?",
         "turn mobile data off only if this cycle's usage is above {n} GB — otherwise report the usage.",
         "if my cellular usage has gone over {n} GB, cut mobile data. If it hasn't, tell me the number."],
        n=gb,
    )  # fmt: skip
    read = calls(call("get_app_data_usage", limit=3))
    if used > gb * 1024:
        return Draft(
            query=query,
            frictions=["dependency"],
            gold={"delta": [setting_delta("network.mobile_data", False)]},
            oracle=[
                read,
                calls(call("set_mobile_data_enabled", enabled=False)),
                f"You've used {used} MB this cycle, over {gb} GB, so I turned mobile data off.",
            ],
        )
    return Draft(
        query=query,
        frictions=["dependency"],
        bucket="behavior",
        gold=rubric(
            "answer",
            [
                str(used),
                f"{used:,}",
                *(f"{used / k:.{n}f}{sp}gb" for k in (1000, 1024) for n in (1, 2) for sp in (" ", "")),
            ],
            avoid=DATA_OFF,
        ),
        oracle=[read, f"You've used {used} MB of mobile data this cycle, under {gb} GB, so I left it on."],
    )


# --------------------------------------------------------------------------- reference
@family("network.bt_nearby_history", dimension="basic", category="reference", bucket="tool")
def bt_nearby_history(ctx: Ctx) -> Draft:
    dev = ctx.pick("net_bt_new")
    nearby = sorted(base()["bluetooth_devices"].values(), key=lambda d: (d["name"].casefold(), d["id"]))
    listed = [d for d in nearby if not d["paired"] and d["in_range"]][: len(ORDINALS)]
    if dev not in listed:
        from mpb_env.tasks.gen.core import Skip

        raise Skip("not in the shown list")
    ordinal = ORDINALS[listed.index(dev)]
    history = [
        {"role": "user", "content": "What Bluetooth devices are around me that I could pair?"},
        {"role": "assistant", "content": f"Ready to pair nearby: {names([d['name'] for d in listed])}."},
    ]
    query = ctx.say(
        ["pair the {o} one.", "go ahead and pair the {o} device on that list.", "connect to the {o} one you found.",
         "the {o} one is mine — pair it.", "pair number {n} from that list.", "let's pair the {o} of those."],
        o=ordinal, n=listed.index(dev) + 1,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch=merge(keep("bluetooth_devices", *listed), s0_settings({"network.bluetooth": True})),
        frictions=["obfuscation"],
        gold={"calls": [{"name": "pair_bluetooth_device", "arguments": {"device_id": dev["id"]}}]},
        oracle=[
            calls(call("list_bluetooth_devices", include_nearby=True)),
            calls(call("pair_bluetooth_device", device_id=dev["id"])),
            f"Paired {dev['name']}.",
        ],
    )


@family("network.wifi_from_history", dimension="basic", category="reference", bucket="tool")
def wifi_from_history(ctx: Ctx) -> Draft:
    net = ctx.pick("net_secured_nearby")
    told, ref = ctx.pick("net_places")
    history = [
        {"role": "user", "content": f"{told} Wi-Fi is {net['ssid']} and the password is {net['password']}."},
        {"role": "assistant", "content": f"Got it: {net['ssid']}, password {net['password']}."},
    ]
    query = ctx.say(
        ["ok, hop on {r} Wi-Fi now.", "connect me to {r} network with the password I just gave you.",
         "join {r} Wi-Fi, please.", "use {r} Wi-Fi from now on — connect.",
         "get the phone on {r} network.", "switch over to {r} Wi-Fi."],
        r=ref,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("wifi_networks", net, key="ssid"),
        history=history,
        frictions=["obfuscation"],
        gold={"calls": [{"name": "connect_wifi_network", "arguments": {"ssid": net["ssid"], "password": net["password"]}}]},
        oracle=[
            calls(call("connect_wifi_network", ssid=net["ssid"], password=net["password"])),
            f"Connected to {net['ssid']}.",
        ],
    )  # fmt: skip


@family(
    "network.hotspot_pw_followup", dimension="basic", category="reference", bucket="state", splits=TRAIN_ONLY
)
def hotspot_pw_followup(ctx: Ctx) -> Draft:
    name = ctx.pick("net_hotspot_names")
    pw = ctx.pick("net_hotspot_passwords")
    old = base()["settings"]["network.hotspot_password"]["value"]
    history = [
        {"role": "user", "content": f"Turn on my hotspot and call it {name}."},
        {"role": "assistant", "content": f"Your hotspot {name} is on. The password is {old}."},
    ]
    query = ctx.say(
        ["change its password to {pw}.", "that password's too easy to guess — make it {pw}.",
         "set the password on that hotspot to {pw}.", "update the hotspot's key to {pw}.",
         "Jordan can't type that one; switch the password to {pw}.", "use {pw} as its password instead."],
        pw=pw,
    )  # fmt: skip
    return Draft(
        query=query,
        history=history,
        s0_patch=s0_settings({"network.hotspot": True, "network.hotspot_ssid": name}),
        gold={"delta": [setting_delta("network.hotspot_password", pw)]},
        oracle=[calls(call("set_hotspot", password=pw)), f"{name}'s password is now {pw}."],
    )


@family("network.disconnect_connected", dimension="basic", category="reference", bucket="tool")
def disconnect_connected(ctx: Ctx) -> Draft:
    dev_id, _nick = ctx.pick("net_bt_nicknames")
    forget = ctx.choice([True, False])
    dev = base()["bluetooth_devices"][dev_id]
    other = "bt_001" if dev_id == "bt_007" else "bt_007"
    kind = KIND_WORDS[dev["kind"]]
    disconnect = [
        "disconnect the {k} I'm connected to right now.",
        "cut the Bluetooth link to the {k} I'm using.",
        "drop the connection to the {k} I have hooked up.",
        "disconnect the {k} I'm using at the moment.",
    ]
    forget_p = [
        "forget the {k} I'm using now — for good.",
        "unpair the {k} I'm connected to.",
        "remove the {k} I'm connected to from my Bluetooth devices for good.",
        "forget the {k} I have hooked up right now.",
    ]
    query = ctx.say(forget_p if forget else disconnect, k=kind)
    return Draft(
        query=query,
        s0_patch=bt_patch(dev_id, other),
        frictions=["obfuscation"],
        gold={"calls": [{"name": "disconnect_bluetooth_device", "arguments": {"device_id": dev_id, "forget": forget}}]},
        oracle=[
            calls(call("list_bluetooth_devices")),
            calls(call("disconnect_bluetooth_device", device_id=dev_id, forget=forget)),
            f"{'Forgot' if forget else 'Disconnected'} {dev['name']}.",
        ],
    )  # fmt: skip


# --------------------------------------------------------------------------- revision
@family("network.wifi_switch", dimension="basic", category="revision", bucket="tool")
def wifi_switch(ctx: Ctx) -> Draft:
    a, b = ctx.pick_many("net_secured_nearby", 2)
    query = ctx.say(
        ["connect to {a} — actually no, use {b}; its password is {pw}.",
         "join {a}... wait, I meant {b}. Password {pw}.",
         "get me on {a}. Sorry, scratch that: {b}, password {pw}.",
         "switch Wi-Fi to {a} — hmm, no, {b} is faster. Key: {pw}.",
         "hop on {a}, or rather {b} (password {pw}).",
         "connect to {a}. Actually {b} instead, with {pw}."],
        a=a["ssid"], b=b["ssid"], pw=b["password"],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("wifi_networks", a, b, key="ssid"),
        frictions=["intent_revision"],
        gold={"calls": [{"name": "connect_wifi_network", "arguments": {"ssid": b["ssid"], "password": b["password"]}}]},
        oracle=[
            calls(call("list_wifi_networks")),
            calls(call("connect_wifi_network", ssid=b["ssid"], password=b["password"])),
            f"Connected to {b['ssid']}.",
        ],
    )  # fmt: skip


@family("network.airplane_keep_wifi", dimension="basic", category="revision", bucket="tool")
def airplane_keep_wifi(ctx: Ctx) -> Draft:
    where = ctx.pick("net_flight_contexts")
    query = ctx.say(
        ["{c} — turn on airplane mode. Oh wait, keep Wi-Fi on, I'll use the in-flight Wi-Fi.",
         "airplane mode on, {c}. Actually, I still want Wi-Fi after that.",
         "{c}: switch to airplane mode — but then turn Wi-Fi back on for the onboard Wi-Fi.",
         "put the phone in airplane mode since {c}... hmm, but leave me Wi-Fi.",
         "{c}, so airplane mode please; on second thought I need Wi-Fi on too.",
         "turn on flight mode ({c}) and then bring Wi-Fi back."],
        c=where,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"calls": [
            {"name": "set_airplane_mode", "arguments": {"enabled": True}},
            {"name": "set_wifi_enabled", "arguments": {"enabled": True}},
        ]},
        oracle=[
            calls(call("set_airplane_mode", enabled=True)),
            calls(call("set_wifi_enabled", enabled=True)),
            "Airplane mode is on and Wi-Fi is back on for the in-flight network.",
        ],
    )  # fmt: skip


@family("network.multi_bt_data", dimension="basic", category="revision", bucket="tool")
def multi_bt_data(ctx: Ctx) -> Draft:
    dev_id, nick = ctx.pick("net_bt_nicknames")
    dev = base()["bluetooth_devices"][dev_id]
    query = ctx.say(
        ["turn on Bluetooth, connect {n}, and switch off mobile data.",
         "three things: Bluetooth on, {n} connected, mobile data off.",
         "enable Bluetooth and connect {n} — then turn my mobile data off.",
         "get Bluetooth going, pair up with {n}, and kill mobile data.",
         "Bluetooth on, connect to {n}; after that disable cellular data.",
         "I need Bluetooth on with {n} connected, and mobile data off."],
        n=nick,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["multi_intent"],
        gold={"calls": [
            {"name": "set_bluetooth_enabled", "arguments": {"enabled": True}},
            {"name": "connect_bluetooth_device", "arguments": {"device_id": dev_id}},
            {"name": "set_mobile_data_enabled", "arguments": {"enabled": False}},
        ]},
        oracle=[
            calls(call("set_bluetooth_enabled", enabled=True)),
            calls(call("list_bluetooth_devices")),
            calls(call("connect_bluetooth_device", device_id=dev_id)),
            calls(call("set_mobile_data_enabled", enabled=False)),
            f"Bluetooth is on, {dev['name']} is connected, and mobile data is off.",
        ],
    )  # fmt: skip


@family(
    "network.hotspot_pw_revise", dimension="basic", category="revision", bucket="state", splits=TRAIN_ONLY
)
def hotspot_pw_revise(ctx: Ctx) -> Draft:
    a, b = ctx.pick_many("net_hotspot_passwords", 2)
    query = ctx.say(
        ["set my hotspot password to {a} — actually, make it {b}.", "hotspot password: {a}. No wait, {b}.",
         "change the hotspot key to {a}... sorry, {b} instead.", "make the hotspot password {a}; hmm, {b} is better.",
         "use {a} as the hotspot password. Scratch that — {b}.", "hotspot password to {a}, or rather {b}."],
        a=a, b=b,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["intent_revision"],
        gold={"delta": [setting_delta("network.hotspot_password", b)]},
        oracle=[calls(call("set_hotspot", password=b)), f"Your hotspot password is now {b}."],
    )


# --------------------------------------------------------------------------- recovery
#: A claim of having joined the network the request could not join (it needs a certificate, a password,
#: the right password, or is out of range). Not the passive: "it has been connected before" is honest.
NET_JOINED = [*false_claims("connected", "reconnected", "joined", "rejoined", "logged in", "logged you in",
                            "signed in", "got you on", "gotten you on", "hooked", "paired", "linked", passive=False),
              "you're now online", "you are now online", "you're now on", "you are now on"]  # fmt: skip


@family("network.wrong_password", dimension="basic", category="recovery", bucket="behavior")
def wrong_password(ctx: Ctx) -> Draft:
    net = ctx.pick("net_secured_nearby")
    bad = wrong(net["password"])
    query = ctx.say(
        ["connect to {ssid}, the password is {pw}.", "join {ssid} with password {pw}.",
         "get me on the {ssid} Wi-Fi — key {pw}.", "log into {ssid}; password {pw}.",
         "hop on {ssid}, password's {pw}.", "use Wi-Fi {ssid} with {pw}."],
        ssid=net["ssid"], pw=bad,
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("wifi_networks", net, key="ssid"),
        frictions=["missing_argument"],
        gold=rubric("question", [net["ssid"].lower()], ["password"], avoid=NET_JOINED),
        oracle=[
            calls(call("connect_wifi_network", ssid=net["ssid"], password=bad)),
            f"{net['ssid']} rejected that password, so I couldn't connect. Could you double-check the password?",
        ],
    )


#: That the phone cannot join by itself: "you're on it with the certificate profile" names the certificate too.
NOT_JOINABLE = [*cannot("join", "connect", "sign in", "log in", "get on", "get you on", "set up", "do that",
                        "access", "use"),
                "needs a", "need a", "needs an", "need an", "needs your", "need your", "needs its", "requires",
                "required", "have to", "has to", "must", "ask your", "ask the", "contact your", "contact the",
                "talk to", "check with", "get one from", "from your it", "from its it", "from the it", "manually",
                "by hand", "yourself", "not something i can", "isn't something i can", "without a", "without the",
                "without its", "without your"]  # fmt: skip


@family("network.enterprise", dimension="basic", category="recovery", bucket="behavior")
def enterprise(ctx: Ctx) -> Draft:
    ssid = ctx.pick("net_enterprise_ssids")
    rec = {"ssid": ssid, "security": "wpa2-enterprise", "signal": ctx.choice([48, 63, 71, 82]), "in_range": True,
           "band": "5 GHz", "saved": False, "auto_join": True, "password": None, "last_connected": None}  # fmt: skip
    query = ctx.say(
        ["connect me to {s}.", "join the {s} network.", "get me onto {s} Wi-Fi.", "hop on {s}, please.",
         "I want to use the {s} Wi-Fi here.", "switch my Wi-Fi to {s}."],
        s=ssid,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch={"wifi_networks": {ssid: rec}},
        gold=rubric(
            "refusal",
            [ssid.lower()],
            ["certificate", "admin", "it department", "enterprise", "profile"],
            NOT_JOINABLE,
            avoid=NET_JOINED,
        ),
        oracle=[
            calls(call("list_wifi_networks")),
            calls(call("connect_wifi_network", ssid=ssid)),
            f"Sorry, I can't join {ssid}: it's an enterprise network that needs a certificate profile from its "
            "admin or IT department.",
        ],
    )


#: That the network or device is out of reach: "it's in range and linked up" names the range too.
NOT_IN_RANGE = [*cannot("connect", "join", "reach", "find", "see", "pair", "link", "get", "hook", "do that",
                        "detect", "switch", "hop", "be reached"),
                "not in range", "isn't in range", "out of range", "not within", "isn't within", "outside",
                "not nearby", "isn't nearby", "not near", "isn't near", "not around", "isn't around", "too far",
                "far away", "not detected", "isn't detected", "not visible", "isn't visible", "not showing",
                "isn't showing", "not available", "isn't available", "not found", "no signal", "unreachable",
                "switched off", "turned off", "powered off", "not on", "isn't on", "not reachable",
                "isn't reachable", "not picking up", "doesn't show", "does not show", "not seeing", "don't see",
                "do not see", "can't see", "no sign"]  # fmt: skip


@family("network.out_of_range", dimension="basic", category="recovery", bucket="behavior")
def out_of_range(ctx: Ctx) -> Draft:
    if ctx.choice(["wifi", "bluetooth"]) == "wifi":
        net = ctx.pick("net_saved_away")
        query = ctx.say(
            ["connect to {s}.", "switch over to the {s} Wi-Fi.", "get me on {s}.", "join {s} again.",
             "hop on {s} for me.", "reconnect to {s}."],
            s=net["ssid"],
        )  # fmt: skip
        return Draft(
            query=query,
            frictions=["capability_limit"],
            s0_patch=keep("wifi_networks", net, key="ssid"),
            gold=rubric(
                "refusal",
                [net["ssid"].lower()],
                ["range", "nearby", "around", "reach", "unreachable"],
                NOT_IN_RANGE,
                avoid=NET_JOINED,
            ),
            oracle=[
                calls(call("connect_wifi_network", ssid=net["ssid"])),
                f"I can't connect to {net['ssid']} right now — it's saved, but it isn't in range here.",
            ],
        )
    dev_id, nick = ctx.pick("net_bt_away")
    dev = base()["bluetooth_devices"][dev_id]
    query = ctx.say(
        ["connect to {n} over Bluetooth.", "hook the phone up to {n}.", "get {n} connected.",
         "pair up with {n} again.", "link {n} to my phone now.", "reconnect {n}."],
        n=nick,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["capability_limit"],
        s0_patch=s0_settings({"network.bluetooth": True}),
        gold=rubric("refusal", [dev["name"].lower(), nick.split()[-1].lower()],
                    ["range", "nearby", "around", "switched off", "turned off", "powered off", "unreachable",
                     "out of reach", "too far"], NOT_IN_RANGE, avoid=NET_JOINED),
        oracle=[
            calls(call("list_bluetooth_devices")),
            calls(call("connect_bluetooth_device", device_id=dev_id)),
            f"I can't connect {dev['name']}: it's not in range — it may be switched off or too far away.",
        ],
    )  # fmt: skip


@family("network.hotspot_fault", dimension="basic", category="recovery", bucket="tool")
def hotspot_fault(ctx: Ctx) -> Draft:
    why = ctx.pick("net_hotspot_reasons")
    query = ctx.say(
        ["turn on my hotspot {w}.", "start tethering {w}.", "switch the personal hotspot on {w}.",
         "I need my phone's hotspot {w}.", "enable the hotspot {w}.", "get the hotspot running {w}."],
        w=why,
    )  # fmt: skip
    return Draft(
        query=query,
        frictions=["runtime_error"],
        faults=[{"tool": "set_hotspot", "on_calls": [1]}],
        gold={"calls": [{"name": "set_hotspot", "arguments": {"enabled": True}}]},
        oracle=[
            calls(call("set_hotspot", enabled=True)),
            calls(call("set_hotspot", enabled=True)),
            "The first attempt hit a temporary error; on retry the hotspot came on (Alex's Phone, password "
            "harbor-lights-26).",
        ],
    )


@family("network.missing_wifi_password", dimension="basic", category="recovery", bucket="behavior")
def missing_wifi_password(ctx: Ctx) -> Draft:
    net = ctx.pick("net_secured_nearby")
    query = ctx.say(
        ["connect to {s}.", "get me on the {s} Wi-Fi.", "join {s}, please.", "switch my Wi-Fi to {s}.",
         "hop onto {s}.", "use the {s} network."],
        s=net["ssid"],
    )  # fmt: skip
    return Draft(
        query=query,
        s0_patch=keep("wifi_networks", net, key="ssid"),
        frictions=["missing_argument"],
        gold=rubric("question", ["password"], [net["ssid"].lower()], avoid=NET_JOINED),
        oracle=[
            calls(call("connect_wifi_network", ssid=net["ssid"])),
            f"{net['ssid']} is secured and the phone hasn't joined it before. What's the password?",
        ],
    )


#: A claim of having turned airplane mode on (or ended the call for it) anyway, as an act or as the state
#: it left ("airplane mode is on", "you're in airplane mode"): HELD_OFF takes a "?", so "... airplane mode
#: is on. Anything else?" must fail here. A question about it ("should I turn airplane mode on?", "want
#: me to put you in airplane mode after?") and "airplane mode isn't on yet" hold none of them.
AIRPLANE_ON = [*false_claims("turned on", "turned it on", "switched on", "switched it on", "enabled", "activated",
                             "put the phone in", "put your phone in", "switched to", "hung up", "ended the call",
                             "ended your call", "disconnected"),
               "mode is now on", "mode is on now", "mode's now on", "mode's on now", "mode is on", "mode's on",
               "mode is enabled", "mode's enabled", "mode is active", "mode's active", "mode is activated",
               "mode is turned on", "mode is switched on", "mode is now enabled", "mode is now active",
               "you're in airplane mode", "you are in airplane mode", "you're now in airplane mode",
               "you are now in airplane mode", "phone is in airplane mode", "phone's in airplane mode",
               "now in airplane mode", "you're in flight mode", "you are in flight mode", "phone is in flight mode",
               "phone's in flight mode", "now in flight mode"]  # fmt: skip


@family("network.airplane_during_call", dimension="basic", category="recovery", bucket="behavior")
def airplane_during_call(ctx: Ctx) -> Draft:
    person = ctx.pick("core_people")
    where = ctx.pick("net_flight_contexts")
    active = {"id": "call_s0_001", "contact_id": person["id"], "phone": person["phone"], "name": person["name"],
              "direction": "in", "started": "2026-05-20T08:52:00"}  # fmt: skip
    query = ctx.say(
        ["{c} — turn on airplane mode.", "switch to airplane mode, {c}.", "{c}; airplane mode please.",
         "flight mode on now, {c}.", "{c}. Put the phone in airplane mode.", "airplane mode — {c}."],
        c=where,
    )  # fmt: skip
    first = person["name"].removeprefix("Dr. ").split()[0].lower()
    return Draft(
        query=query,
        frictions=["contradiction"],
        s0_patch={"active_call": {"current": active}},
        # "any": asking whether to hang up first declines as well as "I can't" does
        gold=rubric("any", [first], ON_A_CALL, HELD_OFF, avoid=AIRPLANE_ON),
        oracle=[
            calls(call("set_airplane_mode", enabled=True)),
            f"I can't turn on airplane mode while you're on a call with {person['name']}. Should I hang up "
            "first, or will you end the call?",
        ],
    )
