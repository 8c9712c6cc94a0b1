"""Whether a character's player is at the table with a phone that may act: what the desktop's
Take a hit and Compel dialogs ask before offering to hand the choice to the phone. Light on
purpose (nothing of the server loads with it): the dialogs import it whether or not a table
was ever opened."""

from __future__ import annotations

import weakref

_sessions: "weakref.WeakSet" = weakref.WeakSet()


def register(session) -> None:
    _sessions.add(session)


def unregister(session) -> None:
    _sessions.discard(session)


def phone_play(document, character_id: str | None):
    """The open table's play when `character_id`'s seat has a device in and players may act;
    else None."""
    if document is None or not character_id:
        return None
    for session in list(_sessions):
        if session.document is not document or not session.is_open or session.book.mode != "act":
            continue
        if any(v.seat == character_id and v.state == "in" for v in session.devices()):
            return session.play
    return None


def table_play(document):
    """The open table's play for this campaign, whatever its seats; None when no table is open."""
    for session in list(_sessions):
        if session.document is document and session.is_open:
            return session.play
    return None


__all__ = ["phone_play", "register", "table_play", "unregister"]
