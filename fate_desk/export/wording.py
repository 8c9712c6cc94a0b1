"""Short phrases about a rule set's stress, shared by sheets and reference cards (no reportlab)."""

from __future__ import annotations

from fate_desk.model import ladder_label
from fate_desk.rules import RuleSet
from fate_desk.rules.ruleset import StressMarking


def marking_note(ruleset: RuleSet) -> str:
    if ruleset.stress.marking == StressMarking.ANY:
        return "each box absorbs 1 shift; mark as many as you need"
    return "mark one box per hit, worth at least the hit"


def track_caption(ruleset: RuleSet, track_id: str) -> str:
    """How a rule-set track grows with its skill, e.g. 'Physique: 3 boxes, 4 from Average (+1)…'."""
    track = next((t for t in ruleset.stress.tracks if t.id == track_id), None)
    if track is None:
        return ""

    def describe(boxes: list[int]) -> str:
        if all(v == 1 for v in boxes):
            return f"{len(boxes)} box{'es' if len(boxes) != 1 else ''}"
        return "boxes " + " ".join(map(str, boxes))

    parts = [describe(track.levels[0].boxes)]
    parts += [f"{describe(level.boxes)} from {ladder_label(level.at)}" for level in track.levels[1:]]
    who = " or ".join(track.skills)
    return f"{who}: " + ", ".join(parts) if who else ", ".join(parts)
