"""Short phrases about a rule set's stress, shared by sheets and reference cards (no reportlab)."""

from __future__ import annotations

from fate_desk.model import Severity, ladder_label
from fate_desk.rules import RuleSet
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
