"""Recovering from consequences: treatment, the time each severity takes, clearing.

With a treatment roll (Fate Condensed, Fate Core) a mild consequence clears after one full
scene of recovery, a moderate one after a full session, a severe one at the next breakthrough
(Condensed) or after one whole scenario (Core). "Full" means the scene (session, scenario)
began after treatment, so the one the treatment happened in does not count.

Fate Accelerated has no treatment roll: recovery runs from the moment a consequence is taken.
A mild one clears at the end of that scene, given a chance to rest; a moderate one at the end
of the next session; a severe one at the end of the scenario.
"""

from __future__ import annotations

from typing import NamedTuple

from fate_desk.i18n import _, ngettext, rules_text, unit_text
from fate_desk.model import (
    CampaignOptions,
    Character,
    ClockStamp,
    Consequence,
    HistoryEntry,
    Severity,
    ladder_label,
)

from fate_desk.rules.creation.derive import SlotInfo
from fate_desk.rules.harm.absorb import filled, slots_of
from fate_desk.rules.creation.history import Applied, record, refuse
from fate_desk.rules.creation.ruleset import RuleSet

DIFFICULTY = {Severity.MILD: 2, Severity.MODERATE: 4, Severity.SEVERE: 6}
SELF_TREATMENT = 2


def treatment_difficulty(severity: Severity, self_treatment: bool = False) -> int | None:
    """Fair (+2) mild, Great (+4) moderate, Fantastic (+6) severe, +2 treating yourself; None: never."""
    base = DIFFICULTY.get(severity)
    if base is None:
        return None
    return base + (SELF_TREATMENT if self_treatment else 0)


class Treatment(NamedTuple):
    character: Character
    entry: HistoryEntry
    success: bool
    difficulty: int


def _slot(
    character: Character, ruleset: RuleSet, slot_id: str, options: CampaignOptions | None
) -> tuple[SlotInfo, Consequence]:
    slot = slots_of(character, ruleset, options).get(slot_id)
    current = filled(character, slot_id)
    if slot is None or current is None:
        raise refuse(
            "recovery.none", f"consequences.{slot_id}", _("There is no consequence in the “{slot_id}” slot.").format(slot_id=slot_id)
        )
    return slot, current


def _replace(work: Character, old: Consequence, new: Consequence | None) -> None:
    work.consequences = [new if c is old else c for c in work.consequences if not (c is old and new is None)]


def treat(
    character: Character,
    ruleset: RuleSet,
    slot: str,
    effort: int,
    new_text: str = "",
    *,
    self_treatment: bool = False,
    options: CampaignOptions | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Treatment:
    """Record an overcome roll to treat a consequence; on success it is renamed and starts recovering.

    A failed roll is recorded too (the entry changes nothing). A tie succeeds, at a minor cost.
    """
    info, current = _slot(character, ruleset, slot, options)
    name = current.text or info.label
    if not ruleset.treatment:
        raise refuse("recovery.no_treatment", f"consequences.{slot}",
                     _("{ruleset} has no treatment roll: “{name}” recovers with time. {when}").format(
                         ruleset=rules_text(ruleset.name), name=name, when=no_treatment_time(info.severity)))
    difficulty = treatment_difficulty(info.severity, self_treatment)
    if difficulty is None:
        raise refuse(
            "recovery.extreme",
            f"consequences.{slot}",
            _("“{name}” is an extreme consequence: it is permanent and cannot be treated.").format(name=name),
        )
    if current.recovering:
        raise refuse("recovery.already", f"consequences.{slot}", _("“{name}” is already recovering.").format(name=name))
    work = character.model_copy(deep=True)
    target = next(c for c in work.consequences if c.slot == slot)
    rolls = {"name": name, "effort": ladder_label(effort), "difficulty": ladder_label(difficulty)}
    if effort < difficulty:
        summary = (
            _("Treating “{name}” failed: {effort} against {difficulty} (treating yourself: +2).") if self_treatment
            else _("Treating “{name}” failed: {effort} against {difficulty}.")
        ).format(**rolls)
        applied = record(character, work, "recovery", summary, when, at)
        return Treatment(applied.character, applied.entry, False, difficulty)
    renamed = new_text.strip() or current.text
    _replace(work, target, begin_recovery(target, renamed, when))
    if renamed != name:
        what = _("“{name}” is now “{renamed}”, recovering").format(name=name, renamed=renamed)
    else:
        what = _("“{name}” is recovering").format(name=name)
    if self_treatment:
        summary = _("Treated: {what} ({effort} against {difficulty} (treating yourself: +2))").format(what=what, **rolls)
    else:
        summary = _("Treated: {what} ({effort} against {difficulty})").format(what=what, **rolls)
    if effort == difficulty:
        summary = _("{summary} (a tie: success at a minor cost).").format(summary=summary)
    else:
        summary = _("{summary}.").format(summary=summary)
    applied = record(character, work, "recovery", summary, when, at)
    return Treatment(applied.character, applied.entry, True, difficulty)


def clear_consequence(
    character: Character,
    ruleset: RuleSet,
    slot: str,
    *,
    options: CampaignOptions | None = None,
    reason: str | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Clear a consequence at once (the GM may always do this). An extreme one leaves its aspect."""
    info, current = _slot(character, ruleset, slot, options)
    work = character.model_copy(deep=True)
    _replace(work, next(c for c in work.consequences if c.slot == slot), None)
    if reason is None:
        summary = _("“{name}” cleared by the GM.").format(name=current.text or info.label)
    else:
        summary = _("“{name}” {reason}.").format(name=current.text or info.label, reason=reason)
    return record(character, work, "recovery", summary, when, at)


def begin_recovery(consequence: Consequence, new_text: str, when: ClockStamp | None) -> Consequence:
    return consequence.model_copy(
        update={
            "text": new_text.strip() or consequence.text,
            "recovering": True,
            "recovery_started": (when or ClockStamp()).model_copy(),
            "scenes_recovered": 0,
            "sessions_recovered": 0,
        }
    )


# --- the passing of time ----------------------------------------------------------------------


def no_treatment_time(severity: Severity) -> str:
    """When a consequence clears without a treatment roll (Fate Accelerated)."""
    return {
        Severity.MILD: _("A mild consequence clears at the end of the scene, given a chance to rest."),
        Severity.MODERATE: _("A moderate consequence clears at the end of the next session."),
        Severity.SEVERE: _("A severe consequence clears at the end of the scenario."),
    }.get(severity, "")


def recovering(consequence: Consequence, ruleset: RuleSet) -> bool:
    """Is recovery running? Without a treatment roll it always is (from when it was taken)."""
    return consequence.recovering or not ruleset.treatment


def _started_before(consequence: Consequence, clock: ClockStamp, unit: str) -> bool:
    start = consequence.recovery_started
    if start is None:
        return True  # marked recovering by hand: count from now on
    if unit == "scene":
        return (start.session, start.scene) < (clock.session, clock.scene)
    return start.session < clock.session


def progress(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None, clock: ClockStamp, unit: str,
    rested: bool = True,
) -> tuple[Character, list[str]]:
    """The scene (or session) at `clock` ends: count it for recovering consequences, clear the done.

    Without a treatment roll (Fate Accelerated) the scene a mild consequence was taken in
    counts, if the character got a chance to rest (`rested`). Returns a new character (not
    recorded: the clock records one entry per character) and lines.
    """
    slots = slots_of(character, ruleset, options)
    kept: list[Consequence] = []
    lines: list[str] = []
    clears = Severity.MILD if unit == "scene" else Severity.MODERATE
    for c in character.consequences:
        slot = slots.get(c.slot)
        if slot is not None and not ruleset.treatment and unit == "scene" and slot.severity == Severity.MILD:
            if rested:
                lines.append(_("“{consequence}” cleared at the end of the scene, after a rest.").format(consequence=c.text or slot.label))
            else:
                kept.append(c)
            continue
        if not recovering(c, ruleset) or slot is None or not _started_before(c, clock, unit):
            kept.append(c)
            continue
        if unit == "scene":
            c = c.model_copy(update={"scenes_recovered": c.scenes_recovered + 1})
        else:
            c = c.model_copy(update={"sessions_recovered": c.sessions_recovered + 1})
        done = c.scenes_recovered if unit == "scene" else c.sessions_recovered
        if slot.severity == clears and done >= 1:
            lines.append(_("“{consequence}” cleared after a full {unit} of recovery.").format(consequence=c.text or slot.label, unit=unit_text(unit)))
            continue
        kept.append(c)
    if len(kept) == len(character.consequences) and kept == character.consequences:
        return character, lines
    return character.model_copy(update={"consequences": kept}), lines


def clear_severe_in_recovery(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None
) -> tuple[Character, list[str]]:
    """At the end of an arc, severe consequences that were recovering clear."""
    slots = slots_of(character, ruleset, options)
    kept, lines = [], []
    for c in character.consequences:
        slot = slots.get(c.slot)
        if c.recovering and slot is not None and slot.severity == Severity.SEVERE:
            lines.append(_("“{consequence}” cleared at the end of the arc.").format(consequence=c.text or slot.label))
        else:
            kept.append(c)
    if not lines:
        return character, lines
    return character.model_copy(update={"consequences": kept}), lines


def _moment(ruleset: RuleSet, what: str) -> str:
    """'your next breakthrough (the end of this arc)', 'your next significant milestone (the end
    of this scenario)': the smallest milestone of the rule set that does `what`."""
    dials = ruleset.advancement
    for level in dials.levels():
        grant = dials.total(level)
        if (grant.rename_extreme if what == "rename_extreme" else Severity.SEVERE in grant.clear_recovering):
            when = next((w for w in ("scenario", "arc") if dials.clock_level(w) == level), None)
            label = rules_text(dials.grants[level].label).lower()
            if when == "scenario" and what != "rename_extreme":
                return _("your next {milestone} (the end of this scenario)").format(milestone=label)
            if when == "arc" and what != "rename_extreme":
                return _("your next {milestone} (the end of this arc)").format(milestone=label)
            return _("your next {milestone}").format(milestone=label)
        if what == "clear_severe" and Severity.SEVERE in grant.clear_held:
            n = grant.clear_held[Severity.SEVERE]
            return ngettext("your next {milestone} once held for {count} session",
                            "your next {milestone} once held for {count} sessions", n).format(
                milestone=rules_text(dials.grants[level].label).lower(), count=n)
    return _("the GM's word")


def clears_when(
    character: Character,
    ruleset: RuleSet,
    slot: str,
    options: CampaignOptions | None = None,
    clock: ClockStamp | None = None,
) -> str:
    """What the sheet shows beside a consequence: how to treat it, or when it will clear."""
    info, c = _slot(character, ruleset, slot, options)
    if info.severity == Severity.EXTREME:
        return _("Permanent: at {when} you may rename it, but it stays.").format(when=_moment(ruleset, 'rename_extreme'))
    if not ruleset.treatment:
        return _no_treatment_when(info.severity, c, clock)
    if not c.recovering:
        base = treatment_difficulty(info.severity)
        own = treatment_difficulty(info.severity, True)
        return (
            _("Needs treatment: an overcome against {rating} ({rating2} to treat yourself).").format(rating=ladder_label(base), rating2=ladder_label(own))
        )
    if info.severity == Severity.SEVERE:
        if ruleset.severe_whole_scenario and not c.scenario_started:
            return (_(
"Recovering: it must recover through one whole scenario, so it clears at the end "
                    "of the next scenario, not this one."))
        return _("Recovering: clears at {when}.").format(when=_moment(ruleset, 'clear_severe'))
    unit = "scene" if info.severity == Severity.MILD else "session"
    if clock is None:
        return _("Recovering: clears after one full {unit}.").format(unit=unit_text(unit))
    if _started_before(c, clock, unit):
        return _("Recovering: clears at the end of this {unit}.").format(unit=unit_text(unit))
    if unit == "session":
        return _("Recovering: clears at the end of the next session (session {session}).").format(session=clock.session + 1)
    return _("Recovering: clears at the end of the next scene.")


def _no_treatment_when(severity: Severity, c: Consequence, clock: ClockStamp | None) -> str:
    """Fate Accelerated: no treatment roll, only time."""
    if severity == Severity.MILD:
        return _("No treatment roll: clears at the end of this scene, given a chance to rest.")
    if severity == Severity.MODERATE:
        if clock is None or c.recovery_started is None:
            return _("No treatment roll: clears at the end of the session after the one it was taken in.")
        if _started_before(c, clock, "session"):
            return _("No treatment roll: clears at the end of this session.")
        return _("No treatment roll: clears at the end of the next session (session {session}).").format(session=clock.session + 1)
    return _("No treatment roll: clears at the end of the scenario (your next significant milestone).")
