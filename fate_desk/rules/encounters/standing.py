"""Where a character stands in the conflict running now, and whether they are taken out: what
the sheet's play bar asks on every refresh, without the rest of the conflict rules (hits,
absorbing, dice) loading with it."""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import Campaign, Participant
from fate_desk.rules.play.scene_now import current_scene


def place_in_conflict(campaign: Campaign, character_id: str) -> tuple[str, Participant] | None:
    """The scene and participant of this character in the conflict running now, or None."""
    scene = current_scene(campaign)
    conflict = scene.play.conflict if scene is not None else None
    if conflict is None or conflict.ended:
        return None
    p = next((p for p in conflict.participants if character_id in p.members), None)
    return (scene.id, p) if p is not None else None


def taken_out_now(campaign: Campaign, character_id: str) -> bool:
    """Is this character taken out: in the conflict running now, or (outside one) by a hit taken
    in the scene being played?"""
    place = place_in_conflict(campaign, character_id)
    if place is not None:
        return place[1].taken_out or character_id in place[1].out_members
    character = campaign.character(character_id)
    last = next((e for e in reversed(character.advancement) if e.kind == "harm"), None) if character else None
    clock = campaign.clock
    return (last is not None and _is_taken_out(last.summary)
            and (last.when.session, last.when.scene) == (clock.session, clock.scene))


def _is_taken_out(summary: str) -> bool:
    """A harm entry's summary saying the character was taken out (rules/play/hits.py writes it),
    in English or in the language it is shown in now: the start of each message, up to its first
    placeholder."""
    starts = {"Taken out"}  # i18n: not shown (a key)
    for message in (_("Taken out by {attacker}: a hit of {shifts} that nothing left could absorb."),
                    _("Taken out: a hit of {shifts} that nothing left could absorb.")):
        starts.add(message.split("{", 1)[0])
    return summary.startswith(tuple(start for start in starts if start))
