"""Seats and their secret links, kept per campaign in the user's data folder (no Qt here).

A seat is a player character's place at the table. Its link carries a 128-bit random token in
the URL's fragment; the devices the GM allowed on it are remembered (as hashes), so phones come
back on their own after the app restarts. The file never travels with the campaign: it sits in
the user's data folder, readable by the user alone, one per campaign (by the campaign's id).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from fate_desk.paths import user_data_dir
from fate_desk.store.atomic import write_bytes_atomic

log = logging.getLogger(__name__)

FORMAT = "fate-desk-table"
VERSION = 1
TOKEN_BYTES = 16  # 128 bits
DEFAULT_PORT = 8421  # below every platform's ephemeral range, so it stays free between runs
VIEW, ACT = "view", "act"  # what players may do from their devices
_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,80}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def public_origin(text: object) -> str | None:
    """"https://table.example.org" (an origin: scheme and host, a port if any) from what the GM
    typed, or None if it is not one; an empty text is "" (none)."""
    if not isinstance(text, str):
        return None
    text = text.strip().rstrip("/")
    if not text:
        return ""
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.path or parts.query or parts.fragment \
            or parts.username or parts.password or not re.match(r"^[A-Za-z0-9.\-]+$", parts.hostname):
        return None
    return f"{parts.scheme}://{parts.hostname.lower()}" + (f":{port}" if port else "")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def device_key(device: str) -> str:
    """What is kept of a device's id: its hash (the id itself is a secret of the device's)."""
    return hashlib.sha256(device.encode("utf-8", "replace")).hexdigest()[:32]


def table_dir() -> Path:
    return user_data_dir() / "table"


def _file_for(campaign_id: str) -> Path:
    name = campaign_id if _SAFE_ID.match(campaign_id) else hashlib.sha256(campaign_id.encode()).hexdigest()[:32]
    return table_dir() / f"{name}.json"


@dataclass
class Seat:
    character_id: str
    token: str
    devices: list[str] = field(default_factory=list)  # device_key() of each device the GM allowed


@dataclass
class SeatBook:
    """One campaign's seats and table settings; `save()` writes them (owner-only)."""

    campaign_id: str
    seats: dict[str, Seat] = field(default_factory=dict)
    port: int = DEFAULT_PORT
    address: str = ""
    auto_allow: bool = False
    mode: str = VIEW
    invoke_nod: bool = False  # each invoke from a phone waits for the GM's Allow
    public: str = ""  # https://table.example.org: where players reach the table through a proxy
    path: Path | None = None  # where it was read from, and is written back to

    @classmethod
    def load(cls, campaign_id: str) -> "SeatBook":
        """The campaign's seats as last saved; a missing or unreadable file gives none (and a
        log line): every seat then gets a new link, which is safe."""
        path = _file_for(campaign_id)
        book = cls(campaign_id, path=path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return book
        except (OSError, ValueError) as exc:
            log.warning("table: the seats file %s could not be read (%s); new links are made", path, exc)
            return book
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            log.warning("table: %s is not a seats file; new links are made", path)
            return book
        port = data.get("port")
        if isinstance(port, int) and 0 < port < 65536:
            book.port = port
        if isinstance(data.get("address"), str):
            book.address = data["address"][:100]
        book.auto_allow = data.get("auto_allow") is True
        book.mode = ACT if data.get("mode") == ACT else VIEW
        book.invoke_nod = data.get("invoke_nod") is True
        book.public = public_origin(data.get("public")) or ""
        seats = data.get("seats")
        for character_id, seat in (seats.items() if isinstance(seats, dict) else ()):
            token = seat.get("token") if isinstance(seat, dict) else None
            if not isinstance(token, str) or not _TOKEN.match(token):
                continue
            devices = [d for d in seat.get("devices", []) if isinstance(d, str) and len(d) <= 64][:50]
            book.seats[character_id] = Seat(character_id, token, devices)
        return book

    def save(self) -> None:
        path = self.path or _file_for(self.campaign_id)
        folder = path.parent
        folder.mkdir(parents=True, exist_ok=True)
        try:
            os.chmod(folder, 0o700)
        except OSError:
            pass
        if not path.exists():  # made owner-only before any secret is written to it
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
        data = {
            "format": FORMAT, "version": VERSION, "campaign": self.campaign_id, "port": self.port,
            "address": self.address, "auto_allow": self.auto_allow, "mode": self.mode, "invoke_nod": self.invoke_nod,
            "public": self.public,
            "seats": {cid: {"token": s.token, "devices": s.devices} for cid, s in self.seats.items()},
        }
        write_bytes_atomic(path, json.dumps(data, indent=1).encode("utf-8"))

    # --- seats ------------------------------------------------------------------------------

    def seat(self, character_id: str) -> Seat:
        """The character's seat, made (with a new link) the first time it is asked for."""
        seat = self.seats.get(character_id)
        if seat is None:
            seat = self.seats[character_id] = Seat(character_id, new_token())
        return seat

    def renew(self, character_id: str) -> Seat:
        """A new link for the seat: the old one, and every device allowed with it, stop at once."""
        seat = self.seats[character_id] = Seat(character_id, new_token())
        return seat

    def seat_for_token(self, token: str) -> str | None:
        """The character whose seat the token opens, or None (compared in constant time)."""
        found = None
        for character_id, seat in self.seats.items():
            if hmac.compare_digest(seat.token.encode(), token.encode("utf-8", "replace")):
                found = character_id
        return found

    def allow(self, character_id: str, device: str) -> None:
        self.allow_key(character_id, device_key(device))

    def allow_key(self, character_id: str, key: str) -> bool:
        """Remember a device (by its device_key) as let in on the seat; False if it was already."""
        seat = self.seat(character_id)
        if key in seat.devices:
            return False
        seat.devices = [*seat.devices, key][-50:]
        return True

    def forget_key(self, character_id: str, key: str) -> None:
        """The device must ask again next time."""
        seat = self.seats.get(character_id)
        if seat is not None:
            seat.devices = [d for d in seat.devices if d != key]

    def allowed(self, character_id: str, device: str) -> bool:
        seat = self.seats.get(character_id)
        return seat is not None and device_key(device) in seat.devices
