"""The scene being played, on its own: what the sheet asks on every refresh, without the rest
of the table's rules (the GM's pool, the clock) loading with it."""

from __future__ import annotations

from fate_desk.model import Campaign, Scene


def current_scene(campaign: Campaign) -> Scene | None:
    """The scene being played: the latest one not yet ended (the one End scene closes)."""
    return next((s for s in reversed(campaign.scenes) if not s.ended), None)
