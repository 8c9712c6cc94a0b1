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
            "recovery.none", f"consequences.{slot_id}", f"There is no consequence in the “{slot_id}” slot."
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
                     f"{ruleset.name} has no treatment roll: “{name}” recovers with time. "
                     + no_treatment_time(info.severity))
    difficulty = treatment_difficulty(info.severity, self_treatment)
    if difficulty is None:
        raise refuse(
            "recovery.extreme",
            f"consequences.{slot}",
            f"“{name}” is an extreme consequence: it is permanent and cannot be treated.",
        )
    if current.recovering:
        raise refuse("recovery.already", f"consequences.{slot}", f"“{name}” is already recovering.")
    who = " (treating yourself: +2)" if self_treatment else ""
    work = character.model_copy(deep=True)
    target = next(c for c in work.consequences if c.slot == slot)
    if effort < difficulty:
        summary = f"Treating “{name}” failed: {ladder_label(effort)} against {ladder_label(difficulty)}{who}."
        applied = record(character, work, "recovery", summary, when, at)
        return Treatment(applied.character, applied.entry, False, difficulty)
    renamed = new_text.strip() or current.text
    _replace(work, target, begin_recovery(target, renamed, when))
    tie = " (a tie: success at a minor cost)" if effort == difficulty else ""
    what = f"“{name}” is now “{renamed}”, recovering" if renamed != name else f"“{name}” is recovering"
    summary = f"Treated: {what} ({ladder_label(effort)} against {ladder_label(difficulty)}{who}){tie}."
    applied = record(character, work, "recovery", summary, when, at)
    return Treatment(applied.character, applied.entry, True, difficulty)


def clear_consequence(
    character: Character,
    ruleset: RuleSet,
    slot: str,
    *,
    options: CampaignOptions | None = None,
    reason: str = "cleared by the GM",
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Clear a consequence at once (the GM may always do this). An extreme one leaves its aspect."""
    info, current = _slot(character, ruleset, slot, options)
    work = character.model_copy(deep=True)
    _replace(work, next(c for c in work.consequences if c.slot == slot), None)
    return record(character, work, "recovery", f"“{current.text or info.label}” {reason}.", when, at)


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
        Severity.MILD: "A mild consequence clears at the end of the scene, given a chance to rest.",
        Severity.MODERATE: "A moderate consequence clears at the end of the next session.",
        Severity.SEVERE: "A severe consequence clears at the end of the scenario.",
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
                lines.append(f"“{c.text or slot.label}” cleared at the end of the scene, after a rest.")
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
            lines.append(f"“{c.text or slot.label}” cleared after a full {unit} of recovery.")
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
            lines.append(f"“{c.text or slot.label}” cleared at the end of the arc.")
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
            end = f" (the end of this {when})" if when and what != "rename_extreme" else ""
            return f"your next {dials.grants[level].label.lower()}{end}"
        if what == "clear_severe" and Severity.SEVERE in grant.clear_held:
            n = grant.clear_held[Severity.SEVERE]
            return f"your next {dials.grants[level].label.lower()} once held for {n} sessions"
    return "the GM's word"


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
        return f"Permanent: at {_moment(ruleset, 'rename_extreme')} you may rename it, but it stays."
    if not ruleset.treatment:
        return _no_treatment_when(info.severity, c, clock)
    if not c.recovering:
        base = treatment_difficulty(info.severity)
        own = treatment_difficulty(info.severity, True)
        return (
            f"Needs treatment: an overcome against {ladder_label(base)} "
            f"({ladder_label(own)} to treat yourself)."
        )
    if info.severity == Severity.SEVERE:
        if ruleset.severe_whole_scenario and not c.scenario_started:
            return ("Recovering: it must recover through one whole scenario, so it clears at the end "
                    "of the next scenario, not this one.")
        return f"Recovering: clears at {_moment(ruleset, 'clear_severe')}."
    unit = "scene" if info.severity == Severity.MILD else "session"
    if clock is None:
        return f"Recovering: clears after one full {unit}."
    if _started_before(c, clock, unit):
        return f"Recovering: clears at the end of this {unit}."
    if unit == "session":
        return f"Recovering: clears at the end of the next session (session {clock.session + 1})."
    return "Recovering: clears at the end of the next scene."


def _no_treatment_when(severity: Severity, c: Consequence, clock: ClockStamp | None) -> str:
    """Fate Accelerated: no treatment roll, only time."""
    if severity == Severity.MILD:
        return "No treatment roll: clears at the end of this scene, given a chance to rest."
    if severity == Severity.MODERATE:
        if clock is None or c.recovery_started is None:
            return "No treatment roll: clears at the end of the session after the one it was taken in."
        if _started_before(c, clock, "session"):
            return "No treatment roll: clears at the end of this session."
        return f"No treatment roll: clears at the end of the next session (session {clock.session + 1})."
    return "No treatment roll: clears at the end of the scenario (your next significant milestone)."
