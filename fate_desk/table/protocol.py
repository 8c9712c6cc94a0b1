"""The messages between a player's page and the app, checked before anything reads them (no Qt).

Every message is a JSON object with a "type". From the page:

- ``hello``: ``token`` (the seat's secret, from the link), ``device`` (a random id the page keeps),
  ``language``, ``protocol``; the first message on every connection, and only then;
- ``ping``: the page's heartbeat; the app answers ``pong``;
- ``language``: ``language``, chosen on the page; a fresh snapshot follows in it;
- ``act``: a player's action: ``kind``, ``ref`` (the page's number for it, echoed in the answer)
  and the action's own fields (`ACTS` below: each field's kind, every one checked here). The seat
  is the connection's, never the message's: an id in a message names a roll, an offer or a
  prompt of that seat's, or nothing.

From the app: ``welcome`` (the seat's name, the heartbeat, what players may do), ``sheet``,
``scene``, ``play`` (what the seat may do now: its roll, the table's rolls, offers and prompts),
``pong``, ``waiting`` (for the GM's Allow), ``refused`` with a ``reason`` ("token", "device",
"disconnected", "full", "closed", "protocol"), ``answer`` to an ``act`` (``ref``, ``done``,
``text``; ``reason`` "view-only" when the table is view only) and ``notice`` (``text``: the GM
undid or redid a step of this seat's).

Anything else (not JSON, not an object, an unknown type, a field of the wrong kind or too long)
is None here: the server drops it with a log line and never an exception.
"""

from __future__ import annotations

import json
import re

from fate_desk.i18n import LANGUAGES

MAX_FRAME = 16 * 1024  # bytes of one message from a page: a player's notes are the longest
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_DEVICE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_KIND = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
INBOUND = ("hello", "ping", "language", "act")
MAX_TEXT = 300  # characters of a name or a short text a player types (an aspect, a boost)
MAX_NOTES = 4000  # characters of a player's notes edited on the page (the desktop keeps more)
_KEY = re.compile(r"^[A-Za-z0-9_:.-]{1,120}$")
_ACTIONS = ("overcome", "create_advantage", "attack", "defend")

# What each action carries besides its kind and ref: field -> its kind. "id" an int that names
# one of the seat's things (a roll, an offer, a prompt); "dice" four Fate dice or nothing.
ACTS: dict[str, dict[str, str]] = {
    "roll": {"skill": "name", "action": "action", "dice": "dice"},
    "invoke": {"roll": "id", "aspect": "key", "reroll": "bool", "free": "bool", "dice": "dice"},
    "finish": {"roll": "id", "boost": "text", "advantage": "text", "style_boost": "bool", "tie_as_failure": "bool"},
    "aside": {"roll": "id"},
    "compel": {"offer": "id", "accept": "bool"},
    "self_compel": {"aspect": "index", "text": "text"},
    "hit": {"prompt": "id", "way": "key", "out": "bool", "names": "names", "extreme": "index"},
    "concede": {},
    "notes": {"text": "notes", "base": "key"},
    "propose": {"what": "what", "choice": "key", "text": "text"},  # "slot-2", "aspect-1" or a milestone change
    "pause": {},
}
_EMPTY = {"name": "", "action": "", "dice": None, "id": -1, "key": "", "bool": False, "text": "", "index": -1,
          "names": {}, "notes": "", "what": ""}


def _text(value: object, limit: int) -> str | None:
    """Typed text, its control characters gone (a line break kept in notes), or None if too long."""
    if not isinstance(value, str) or len(value) > limit:
        return None
    keep = "\n" if limit == MAX_NOTES else ""
    return "".join(ch for ch in value if ch >= " " or ch in keep).strip()


def _field(kind: str, value: object):
    """The field's value checked, or a ValueError."""
    if kind in ("id", "index"):
        if isinstance(value, bool) or not isinstance(value, int) or not -1 <= value < 2**31:
            raise ValueError(kind)
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise ValueError(kind)
        return value
    if kind == "dice":
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == 4
                and all(isinstance(d, int) and not isinstance(d, bool) and d in (-1, 0, 1) for d in value)):
            raise ValueError(kind)
        return tuple(value)
    if kind == "action":
        if value not in _ACTIONS:
            raise ValueError(kind)
        return value
    if kind == "what":
        if value not in ("aspect", "milestone"):
            raise ValueError(kind)
        return value
    if kind == "key":
        if not (isinstance(value, str) and (value == "" or _KEY.match(value))):
            raise ValueError(kind)
        return value
    if kind == "names":
        if not (isinstance(value, dict) and len(value) <= 8):
            raise ValueError(kind)
        names = {}
        for slot, text in value.items():
            clean = _text(text, MAX_TEXT)
            if not _KEY.match(slot) or clean is None:
                raise ValueError(kind)
            names[slot] = clean
        return names
    clean = _text(value, MAX_NOTES if kind == "notes" else 80 if kind == "name" else MAX_TEXT)
    if clean is None:
        raise ValueError(kind)
    return clean


def parse_act(message: dict) -> dict | None:
    """An ``act`` with only its kind's fields, each checked (missing ones empty), or None."""
    fields = ACTS.get(message.get("kind", ""))
    if fields is None:
        return None
    act = {"type": "act", "kind": message["kind"], "ref": message["ref"]}
    try:
        for name, kind in fields.items():
            act[name] = _field(kind, message[name]) if name in message else (
                dict(_EMPTY[kind]) if kind == "names" else _EMPTY[kind])
    except ValueError:
        return None
    return act


def language_code(value: object) -> str:
    """A shipped language's code for what a page asked for; English otherwise."""
    return value if isinstance(value, str) and value in LANGUAGES else "en"


def parse(raw: str | bytes) -> dict | None:
    """The message if it is well formed, else None."""
    if not isinstance(raw, str) or len(raw) > MAX_FRAME:
        return None  # binary frames are never sent by the page
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):  # RecursionError: thousands of brackets inside each other
        return None
    if not isinstance(message, dict) or message.get("type") not in INBOUND:
        return None
    kind = message["type"]
    if kind == "hello":
        token, device = message.get("token"), message.get("device")
        if not (isinstance(token, str) and _TOKEN.match(token) and isinstance(device, str) and _DEVICE.match(device)):
            return None
        return {"type": "hello", "token": token, "device": device, "language": language_code(message.get("language")),
                "protocol": message.get("protocol") if isinstance(message.get("protocol"), int) else 0}
    if kind == "ping":
        return {"type": "ping"}
    if kind == "language":
        if not isinstance(message.get("language"), str):
            return None
        return {"type": "language", "language": language_code(message["language"])}
    ref = message.get("ref")
    if not (isinstance(message.get("kind"), str) and _KIND.match(message["kind"])
            and isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < 2**31):
        return None
    return parse_act(message) or {"type": "act", "kind": message["kind"], "ref": ref, "unknown": True}


def dump(message: dict) -> str:
    """A message to a page, as compact JSON (a snapshot of the sample's characters is 2-3 kB)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
