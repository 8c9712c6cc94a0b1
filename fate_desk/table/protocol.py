"""The messages between a player's page and the app, checked before anything reads them (no Qt).

Every message is a JSON object with a "type". From the page:

- ``hello``: ``token`` (the seat's secret, from the link), ``device`` (a random id the page keeps),
  ``language``, ``protocol``; the first message on every connection, and only then;
- ``ping``: the page's heartbeat; the app answers ``pong``;
- ``language``: ``language``, chosen on the page; a fresh snapshot follows in it;
- ``act``: a player's action (issue 38): ``kind``, ``ref`` (the page's number for it, echoed in
  the answer) and the action's own fields. The seat is the connection's, never the message's.

From the app: ``welcome`` (the seat's name, the heartbeat, what players may do), ``sheet``,
``scene``, ``pong``, ``waiting`` (for the GM's Allow), ``refused`` with a ``reason`` ("token",
"device", "disconnected", "full", "closed", "protocol"), and ``answer`` to an ``act`` (``ref``, ``done``,
``text``).

Anything else (not JSON, not an object, an unknown type, a field of the wrong kind or too long)
is None here: the server drops it with a log line and never an exception.
"""

from __future__ import annotations

import json
import re

from fate_desk.i18n import LANGUAGES

MAX_FRAME = 8 * 1024  # bytes of one message from a page: a hello or an action is far smaller
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_DEVICE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_KIND = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
INBOUND = ("hello", "ping", "language", "act")


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
            and isinstance(ref, int) and 0 <= ref < 2**31):
        return None
    return message


def dump(message: dict) -> str:
    """A message to a page, as compact JSON (a snapshot of the sample's characters is 2-3 kB)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
