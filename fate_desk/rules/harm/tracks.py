"""Custom tracks over time: how their marked boxes clear.

A track clears at the end of a scene (fleeting, like stress), at the end of a session, only when
a named event happens in the story (sticky), or, once treated, after the time a consequence of
its severity takes (lasting). Fate System Toolkit, "Conditions"; Fate Core, "Recovering From
Consequences".
"""

from __future__ import annotations

from fate_desk.i18n import _, unit_text
from fate_desk.model import Character, ClockStamp, CustomTrack, Severity, TrackClears, ladder_label

from fate_desk.rules.creation.extras import custom_track_boxes
from fate_desk.rules.creation.history import Applied, record, refuse
from fate_desk.rules.harm.recovery import treatment_difficulty


def _find(character: Character, track_id: str) -> CustomTrack:
    track = next((t for t in character.all_tracks() if t.id == track_id), None)
    if track is None:
        raise refuse("tracks.none", f"tracks.{track_id}", _("There is no custom track “{track_id}” on this sheet.").format(track_id=track_id))
    return track


def _replace_track(work: Character, track_id: str, **update) -> None:
    """Change a track wherever it lives: on the character or on one of its extras."""
    if any(t.id == track_id for t in work.tracks):
        work.tracks = [t.model_copy(update=update) if t.id == track_id else t for t in work.tracks]
        return
    extras = []
    for extra in work.extras:
        if any(t.id == track_id for t in extra.tracks):
            extra = extra.model_copy(
                update={"tracks": [t.model_copy(update=update) if t.id == track_id else t for t in extra.tracks]}
            )
        extras.append(extra)
    work.extras = extras


_SETTLED = {"recovering": False, "recovery_started": None}


def stress_kept_at(character: Character, unit: str) -> dict[str, list[int]]:
    """The marked boxes that survive the end of a scene (or session): every custom track that does
    not clear then keeps its marks; the rule set's stress and the tracks that do clear lose theirs."""
    clearing = {TrackClears.SCENE} if unit == "scene" else {TrackClears.SCENE, TrackClears.SESSION}
    keep = {t.id for t in character.all_tracks(active_only=False) if t.clears not in clearing}
    return {k: v for k, v in character.stress.items() if k in keep}


def clear_on_time(character: Character, clock: ClockStamp, unit: str) -> tuple[Character, list[str]]:
    """The scene, session (or arc) at `clock` ends: tracks that clear then are emptied, treated
    lasting tracks whose time is up clear. Returns the new character (not recorded) and lines."""
    lines: list[str] = []
    stress = dict(character.stress)
    # A shallow copy: what changes below is assigned anew (the stress, a track list, an extras
    # list), never changed in place, so the character handed in (which the step's undo gives
    # back) shares only what stays the same. A deep copy of the 400 characters with stress was a
    # third of End the scene's work on its worker at 10,000 entries.
    work = character.model_copy()
    for track in character.all_tracks(active_only=False):
        if not stress.get(track.id):
            continue
        clears_now = (track.clears == TrackClears.SCENE and unit in ("scene", "session", "arc")) or (
            track.clears == TrackClears.SESSION and unit in ("session", "arc")
        )
        if track.clears == TrackClears.RECOVERY and track.recovering and _recovered(track, clock, unit):
            clears_now = True
            _replace_track(work, track.id, **_SETTLED)
        if clears_now:
            del stress[track.id]
            lines.append(_("{name} cleared at the end of the {unit}.").format(name=track.name, unit=unit_text(unit)))
    if stress == character.stress and not lines:
        return character, []
    work.stress = stress
    return work, lines


_UNIT = {Severity.MILD: "scene", Severity.MODERATE: "session", Severity.SEVERE: "arc"}


def _recovered(track: CustomTrack, clock: ClockStamp, unit: str) -> bool:
    """A whole scene (session, arc) begun after treatment has ended."""
    need = _UNIT.get(track.recovers_as, "session")
    order = ["scene", "session", "arc"]
    if order.index(unit) < order.index(need):
        return False
    start = track.recovery_started
    if start is None:
        return True
    if need == "scene":
        return (start.session, start.scene) < (clock.session, clock.scene)
    if need == "session":
        return start.session < clock.session
    return start.arc < clock.arc


def clear_track(
    character: Character, track_id: str, reason: str = "", when: ClockStamp | None = None, at: str | None = None
) -> Applied:
    """Empty a track now: the named event of a sticky track happened (or the GM says so)."""
    track = _find(character, track_id)
    if not character.stress.get(track_id):
        raise refuse("tracks.clear", f"tracks.{track_id}", _("{name} has no marked boxes to clear.").format(name=track.name))
    work = character.model_copy(deep=True)
    work.stress = {k: v for k, v in character.stress.items() if k != track_id}
    _replace_track(work, track_id, **_SETTLED)
    why = reason.strip() or track.event.strip() or _("cleared by the GM")
    return record(character, work, "recovery", _("{name} cleared: {why}.").format(name=track.name, why=why), when, at)


def parcel_boxes(character: Character, track_id: str, parcel: int) -> list[tuple[int, int]]:
    """(position, value) of the marked boxes a parcel of this value could clear, one at a time:
    those worth no more than the parcel (Fate System Toolkit, "Wealth": "do nothing to the boxes
    that exceed the parcel's value")."""
    track = _find(character, track_id)
    values = custom_track_boxes(character, track)
    marked = character.stress.get(track_id, [])
    return [(p, values[p]) for p in marked if p < len(values) and values[p] <= parcel]


def clear_parcel(
    character: Character, track_id: str, parcel: int, boxes: list[int], when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """A parcel of loot comes in: it clears the chosen marked boxes, whose values together fit
    within the parcel's value (Fate System Toolkit, "Wealth": "Acquiring a parcel of Wealth lets
    you clear any number of stress boxes whose total values don't exceed the parcel's value")."""
    track = _find(character, track_id)
    if parcel < 1:
        raise refuse("tracks.parcel", f"tracks.{track_id}", _("A parcel is worth at least 1."))
    values = custom_track_boxes(character, track)
    marked = set(character.stress.get(track_id, []))
    chosen = sorted(set(boxes))
    if not chosen:
        raise refuse("tracks.parcel", f"tracks.{track_id}", _("Choose the marked boxes the parcel clears."))
    if any(p not in marked or p >= len(values) for p in chosen):
        raise refuse("tracks.parcel", f"tracks.{track_id}", _("Only marked boxes of {name} can be cleared.").format(name=track.name))
    total = sum(values[p] for p in chosen)
    if total > parcel:
        raise refuse("tracks.parcel", f"tracks.{track_id}", _(
            "Those boxes are worth {total} together, more than the parcel's {parcel}: choose boxes worth "
            "{parcel} or less.").format(total=total, parcel=parcel))
    work = character.model_copy(deep=True)
    left = sorted(marked - set(chosen))
    work.stress = {k: v for k, v in character.stress.items() if k != track_id} | ({track_id: left} if left else {})
    worth = ", ".join(str(values[p]) for p in chosen)
    summary = _("A parcel worth {parcel} cleared {name} boxes worth {values}.").format(
        parcel=parcel, name=track.name, values=worth)
    return record(character, work, "recovery", summary, when, at)


def begin_track_recovery(
    character: Character, track_id: str, effort: int, when: ClockStamp | None = None, at: str | None = None
) -> Applied:
    """Treat a lasting track: an overcome against its severity's difficulty starts recovery."""
    track = _find(character, track_id)
    if track.clears != TrackClears.RECOVERY:
        raise refuse("tracks.treat", f"tracks.{track_id}", _("{name} {label}; it needs no treatment.").format(name=track.name, label=track.clears.label))
    if not character.stress.get(track_id):
        raise refuse("tracks.treat", f"tracks.{track_id}", _("{name} has no marked boxes to recover from.").format(name=track.name))
    if track.recovering:
        raise refuse("tracks.treat", f"tracks.{track_id}", _("{name} is already recovering.").format(name=track.name))
    difficulty = treatment_difficulty(track.recovers_as) or 4
    work = character.model_copy(deep=True)
    if effort < difficulty:
        summary = _("Treating {name} failed: {rating} against {rating2}.").format(name=track.name, rating=ladder_label(effort), rating2=ladder_label(difficulty))
        return record(character, work, "recovery", summary, when, at)
    _replace_track(work, track_id, recovering=True, recovery_started=(when or ClockStamp()).model_copy())
    unit = _UNIT.get(track.recovers_as, "session")
    summary = (_("Treated {name} ({rating} against {rating2}): it clears after one full {unit}.").format(name=track.name, rating=ladder_label(effort), rating2=ladder_label(difficulty), unit=unit_text(unit)))
    return record(character, work, "recovery", summary, when, at)


def clears_text(track: CustomTrack) -> str:
    """What the sheet shows beside a custom track: when its boxes clear."""
    if track.clears == TrackClears.EVENT:
        return _("Clears when: {event}.").format(event=track.event.strip() or _("the GM says so"))
    if track.clears == TrackClears.PARCEL:
        return _("Clears only with loot: a parcel clears marked boxes worth its value or less.")
    if track.clears == TrackClears.RECOVERY:
        unit = _UNIT.get(track.recovers_as, "session")
        if track.recovering:
            return _("Recovering: clears after one full {unit}.").format(unit=unit_text(unit))
        return (_("Lasting: needs treatment (an overcome against {rating}), then one full {unit}.").format(rating=ladder_label(treatment_difficulty(track.recovers_as) or 4), unit=unit_text(unit)))
    label = track.clears.label
    return _("{when}.").format(when=label[:1].upper() + label[1:])
