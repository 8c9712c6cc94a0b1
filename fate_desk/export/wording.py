"""Short phrases about a rule set's stress, shared by sheets and reference cards (no reportlab)."""

from __future__ import annotations

from fate_desk.model import Severity, ladder_label
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.derive import join_words
from fate_desk.rules.harm.recovery import treatment_difficulty
from fate_desk.rules.creation.ruleset import StressMarking

# Recovery: the overcome difficulty that starts it (from the rules), and how long the renamed
# consequence lasts, in the printed sheet's words.
_RECOVERY_TIME = {
    Severity.MILD: "one whole scene",
    Severity.MODERATE: "one whole session",
    Severity.SEVERE: "the next breakthrough",
}
RECOVERY = {severity: (treatment_difficulty(severity), time) for severity, time in _RECOVERY_TIME.items()}


# Fate Accelerated has no recovery roll: a consequence clears after time alone (fae-srd.md,
# "Getting Better—Recovering from Stress and Consequences": mild at the end of the scene,
# moderate at the end of the next session, severe at the end of the scenario).
_WAITED = {
    Severity.MILD: "clears at the end of the scene (with a chance to rest)",
    Severity.MODERATE: "clears at the end of the next session",
    Severity.SEVERE: "clears at the end of the scenario",
}


def recovery_by_waiting(ruleset: RuleSet) -> bool:
    """True for a rule set whose consequences clear with time and no overcome roll: its
    milestones clear consequences held long enough and never start a recovery."""
    grants = ruleset.advancement.grants.values()
    return not any(g.begin_recovery for g in grants) and any(g.clear_held for g in grants)


def recovery_caption(ruleset: RuleSet, severity: Severity) -> str:
    """How a consequence of this severity recovers, for the line under its slot."""
    if recovery_by_waiting(ruleset):
        return _WAITED.get(severity, "permanent")
    recovery = RECOVERY.get(severity)
    return f"recover at {ladder_label(recovery[0])}" if recovery else "permanent"


def recovery_paragraph(ruleset: RuleSet) -> str:
    """The recovery rule for a reference card or the cheat sheet (safe markup)."""
    if recovery_by_waiting(ruleset):
        return ("<b>Recovery:</b> no roll; say how you recover and wait. A mild consequence "
                + _WAITED[Severity.MILD].removeprefix("clears ") + ", a moderate one "
                + _WAITED[Severity.MODERATE].removeprefix("clears ") + ", a severe one "
                + _WAITED[Severity.SEVERE].removeprefix("clears ") + ". Rename a moderate or severe "
                "consequence when the story changes it.")
    # Fate Condensed ends a severe consequence at a breakthrough; Core after a scenario.
    severe_time = "one whole scenario" if ruleset.id == "fate-core" else RECOVERY[Severity.SEVERE][1]
    rolls = join_words([f"{sev.value} {ladder_label(diff)}" for sev, (diff, _) in RECOVERY.items()])
    return ("<b>Recovery:</b> someone succeeds at an overcome roll against " + rolls
            + " (+2 when treating yourself). Then rename it; it clears after "
            + f"{RECOVERY[Severity.MILD][1]} (mild), {RECOVERY[Severity.MODERATE][1]} (moderate) or "
            + f"{severe_time} (severe).")


def refresh_note(explanation: str, refresh: int) -> str:
    """The refresh explanation, with a refresh below 1 flagged (the rules never allow it)."""
    return explanation + ("; below 1: too many stunts" if refresh < 1 else "")


def marking_note(ruleset: RuleSet) -> str:
    if ruleset.stress.marking == StressMarking.ANY:
        return "each box absorbs 1 shift; mark as many as you need"
    return "mark one box per hit, worth at least the hit"


def track_levels(ruleset: RuleSet, track_id: str) -> str:
    """How a rule-set track grows, e.g. '3 boxes, 4 boxes from Average (+1), 6 boxes from Good (+3)';
    empty for an unknown or fixed track."""
    track = next((t for t in ruleset.stress.tracks if t.id == track_id), None)
    if track is None or (len(track.levels) == 1 and not track.skills):
        return ""

    def describe(boxes: list[int]) -> str:
        if len(boxes) > 12 or all(v == 1 for v in boxes):
            return f"{len(boxes)} box{'es' if len(boxes) != 1 else ''}"
        return "boxes " + " ".join(map(str, boxes))

    parts = [describe(track.levels[0].boxes)]
    parts += [f"{describe(level.boxes)} from {ladder_label(level.at)}" for level in track.levels[1:]]
    return ", ".join(parts)


def track_skills(ruleset: RuleSet, track_id: str) -> str:
    track = next((t for t in ruleset.stress.tracks if t.id == track_id), None)
    return " or ".join(track.skills) if track else ""


def track_caption(ruleset: RuleSet, track_id: str) -> str:
    """'Physique: 3 boxes, 4 boxes from Average (+1), …' for a blank form."""
    levels = track_levels(ruleset, track_id)
    who = track_skills(ruleset, track_id)
    return f"{who}: {levels}" if who and levels else levels
