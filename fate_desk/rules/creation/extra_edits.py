"""Buying, switching and removing extras and custom tracks; each is recorded in the history.

Fate Core, Extras ("Extras And Advancement"): extras are bought and changed at milestones like
the elements they are made of, so the sheet keeps a line for each one bought or removed.
"""

from __future__ import annotations

import re

from fate_desk.i18n import _, ngettext
from fate_desk.model import Character, CustomTrack, Extra, new_id

from fate_desk.rules.creation.extras import cost_text, custom_track_boxes
from fate_desk.rules.creation.history import Applied, record, refuse


def _index(character: Character, extra_id: str) -> int:
    for i, extra in enumerate(character.extras):
        if extra.id == extra_id:
            return i
    raise refuse("extras.none", "extras", _("That extra is not on this sheet."))


def fresh_track_id(character: Character, name: str, taken: set[str] | None = None) -> str:
    """An id for a new track made from its name ("Wealth" -> "wealth", then "wealth-2")."""
    base = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:30] or "track"
    if not base[0].isalnum():
        base = "t" + base
    used = {t.id for t in character.all_tracks(active_only=False)} | (taken or set())
    used |= {"physical", "mental", "stress"}
    candidate, n = base, 1
    while candidate in used:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


def _own_ids(character: Character, extra: Extra) -> Extra:
    """A copy of the extra with a new id and track ids that do not clash with the sheet's."""
    taken: set[str] = set()
    tracks = []
    for track in extra.tracks:
        clash = track.id in {t.id for t in character.all_tracks(active_only=False)} | taken
        tid = fresh_track_id(character, track.name, taken) if clash else track.id
        taken.add(tid)
        tracks.append(track.model_copy(update={"id": tid}))
    return extra.model_copy(update={"id": new_id(), "tracks": tracks}, deep=True)


def buy_extra(character: Character, extra: Extra, when=None, at: str | None = None) -> Applied:
    work = character.model_copy(deep=True)
    work.extras = [*work.extras, _own_ids(character, extra)]
    return record(character, work, "extra", _("Bought the extra {name} ({cost}).").format(
        name=extra.name or _("(unnamed)"), cost=cost_text(extra.cost)),
                  when, at)


def buy_extras(character: Character, extras: list[Extra], when=None, at: str | None = None) -> Applied:
    """Several extras bought together (a pack's extra and those it includes): one history entry."""
    if not extras:
        raise refuse("extras.none", "extras", _("There is no extra to buy."))
    work = character.model_copy(deep=True)
    for extra in extras:
        work.extras = [*work.extras, _own_ids(work, extra)]
    names = [e.name or _("(unnamed)") for e in extras]
    what = names[0] if len(names) == 1 else _("{items} and {last}").format(items=", ".join(names[:-1]), last=names[-1])
    cost = "; ".join(cost_text(e.cost) for e in extras)
    summary = ngettext("Bought the extra {names} ({cost}).", "Bought the extras {names} ({cost}).", len(names))
    return record(character, work, "extra", summary.format(names=what, cost=cost), when, at)


def remove_extra(character: Character, extra_id: str, when=None, at: str | None = None) -> Applied:
    index = _index(character, extra_id)
    extra = character.extras[index]
    work = character.model_copy(deep=True)
    work.extras = [e for e in work.extras if e.id != extra_id]
    gone = {t.id for t in extra.tracks}
    work.stress = {k: v for k, v in work.stress.items() if k not in gone}
    work.consequences = [c for c in work.consequences if not c.slot.startswith("extra_") or
                         c.slot[len("extra_"):] not in {s.id for s in extra.consequences}]
    return record(character, work, "extra", _("Removed the extra {name}.").format(name=extra.name or _("(unnamed)")), when, at)


def switch_extra(character: Character, extra_id: str, active: bool, when=None, at: str | None = None) -> Applied:
    index = _index(character, extra_id)
    extra = character.extras[index]
    if extra.active == active:
        message = _("{name} is already switched on.") if active else _("{name} is already switched off.")
        raise refuse("extras.switch", f"extras[{index}]", message.format(name=extra.name or _("The extra")))
    work = character.model_copy(deep=True)
    work.extras = [e.model_copy(update={"active": active}) if e.id == extra_id else e for e in work.extras]
    summary = _("Switched on the extra {name}.") if active else _("Switched off the extra {name}.")
    return record(character, work, "extra", summary.format(name=extra.name or _("(unnamed)")), when, at)


def update_extra(character: Character, extra: Extra) -> Character:
    """Replace an extra by an edited copy of it (same id); not a purchase, so nothing is recorded."""
    index = _index(character, extra.id)
    work = character.model_copy(deep=True)
    extras = list(work.extras)
    extras[index] = Extra.model_validate(extra.model_dump())
    work.extras = extras
    return work


def add_track(character: Character, track: CustomTrack, when=None, at: str | None = None) -> Applied:
    if any(t.id == track.id for t in character.all_tracks(active_only=False)):
        track = track.model_copy(update={"id": fresh_track_id(character, track.name)})
    work = character.model_copy(deep=True)
    work.tracks = [*work.tracks, track]
    return record(character, work, "extra", _("Added the track {name}.").format(name=track.name), when, at)


def change_track(character: Character, track: CustomTrack, when=None, at: str | None = None) -> Applied:
    """Change one of the character's own tracks in place (same id): its marks stay, except on
    boxes the track no longer has."""
    old = next((t for t in character.tracks if t.id == track.id), None)
    if old is None:
        raise refuse("tracks.none", "tracks", _("That track is not one of the character's own."))
    work = character.model_copy(deep=True)
    work.tracks = [track if t.id == track.id else t for t in work.tracks]
    work.stress = dict(work.stress)
    if track.id in work.stress:
        room = len(custom_track_boxes(work, track))
        work.stress[track.id] = [i for i in work.stress[track.id] if i < room]
    if track.name != old.name:
        summary = _("Changed the track {old} (now {new}).").format(old=old.name, new=track.name)
    else:
        summary = _("Changed the track {name}.").format(name=old.name)
    return record(character, work, "extra", summary, when, at)


def remove_track(character: Character, track_id: str, when=None, at: str | None = None) -> Applied:
    track = next((t for t in character.tracks if t.id == track_id), None)
    if track is None:
        raise refuse("tracks.none", "tracks", _("That track is not one of the character's own."))
    work = character.model_copy(deep=True)
    work.tracks = [t for t in work.tracks if t.id != track_id]
    work.stress = {k: v for k, v in work.stress.items() if k != track_id}
    return record(character, work, "extra", _("Removed the track {name}.").format(name=track.name), when, at)
