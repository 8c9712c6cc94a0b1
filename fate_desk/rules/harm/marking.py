"""Marking harm on a sheet by hand: stress boxes, consequences and condition boxes."""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import CampaignOptions, Character, ClockStamp, Consequence

from fate_desk.rules.creation.edits import edited
from fate_desk.rules.creation.ruleset import RuleSet
from fate_desk.rules.harm.absorb import filled, slot_room, slots_of
from fate_desk.rules.harm.recovery import begin_recovery


def set_stress_box(character: Character, track: str, box: int, marked: bool) -> Character:
    stress = {k: list(v) for k, v in character.stress.items()}
    boxes = set(stress.get(track, []))
    if marked:
        boxes.add(box)
    else:
        boxes.discard(box)
    stress[track] = sorted(boxes)
    return edited(character, stress=stress)


def set_consequence(
    character: Character,
    slot: str,
    text: str | None = None,
    recovering: bool | None = None,
    when: ClockStamp | None = None,
) -> Character:
    """Fill, change or clear the consequence in `slot`; an empty, healthy slot is removed.

    Marking it recovering stamps `when` (the campaign clock) so the sheet can say when it clears.
    """
    items = [c.model_copy() for c in character.consequences]
    index = next((i for i, c in enumerate(items) if c.slot == slot), None)
    if index is None:
        items.append(Consequence(slot=slot))
        index = len(items) - 1
    current = items[index]
    if text is not None:
        current.text = text
    if recovering is not None and recovering != current.recovering:
        if recovering:
            current = begin_recovery(current, current.text, when)
        else:
            current = current.model_copy(update={
                "recovering": False, "recovery_started": None, "scenes_recovered": 0, "sessions_recovered": 0,
            })
        items[index] = current
    if not current.text.strip() and not current.recovering:
        del items[index]
    return edited(character, consequences=items)

def condition_box_limit(
    character: Character, ruleset: RuleSet, slot_id: str, options: CampaignOptions | None = None
) -> int:
    """How many boxes of a condition may be marked in all (the "further apart" cutoff included)."""
    current = filled(character, slot_id)
    used = current.boxes_marked if current else 0
    room, _why = slot_room(character, ruleset, slot_id, None, options)
    return used + room


def set_condition_boxes(
    character: Character,
    ruleset: RuleSet,
    slot_id: str,
    marked: int,
    options: CampaignOptions | None = None,
) -> Character:
    """Mark the first `marked` boxes of a condition; never beyond what the rules allow."""
    slot = slots_of(character, ruleset, options).get(slot_id)
    if slot is None or not slot.condition:
        raise ValueError(_("{slot_id} is not a condition on this sheet").format(slot_id=slot_id))
    marked = max(0, min(marked, condition_box_limit(character, ruleset, slot_id, options)))
    items = [c.model_copy() for c in character.consequences]
    current = filled(character, slot_id)
    if current is None:
        if marked == 0:
            return character
        items.append(Consequence(slot=slot_id, text=slot.label, boxes_marked=marked))
        return edited(character, consequences=items)
    index = next(i for i, c in enumerate(items) if c.slot == slot_id)
    if marked == 0 and not current.recovering:
        del items[index]  # an unmarked condition is simply not there
    else:
        items[index] = current.model_copy(update={"boxes_marked": marked, "text": current.text or slot.label})
    return edited(character, consequences=items)
