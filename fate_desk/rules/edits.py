"""Plain edit operations on a character: each returns a changed, validated copy.

The GUI's undo commands call these; nothing here knows about Qt or files.
"""

from __future__ import annotations

from fate_desk.model import Aspect, CampaignOptions, Character, ClockStamp, Consequence, Stunt, new_id

from .checker import aspect_slots
from .recovery import begin_recovery
from .ruleset import RuleSet


def edited(character: Character, **changes) -> Character:
    """A deep copy with `changes` assigned one by one (each validated on assignment)."""
    copy = character.model_copy(deep=True)
    for name, value in changes.items():
        setattr(copy, name, value)
    return copy


def set_aspect(
    character: Character, ruleset: RuleSet, slot: int, text: str | None = None, free_invokes: int | None = None
) -> Character:
    """Write the aspect that fills rule-set slot `slot` (creating it with the slot's role if empty)."""
    role, index = aspect_slots(character, ruleset)[slot]
    if index is None:
        character = edited(character, aspects=[*character.aspects, Aspect(role=role)])
        index = len(character.aspects) - 1
    return update_aspect(character, index, text, free_invokes)


def update_aspect(
    character: Character, index: int, text: str | None = None, free_invokes: int | None = None
) -> Character:
    """Change the text or free invokes of the character's aspect at `index`."""
    aspects = [a.model_copy() for a in character.aspects]
    aspect = aspects[index]
    if text is not None:
        aspect.text = text
    if free_invokes is not None:
        aspect.free_invokes = max(0, free_invokes)
    return edited(character, aspects=aspects)


def set_skill(character: Character, name: str, rating: int) -> Character:
    skills = dict(character.skills)
    skills[name.strip()] = rating  # Mediocre (0) drops out in the model's validator
    return edited(character, skills=skills)


def add_stunt(character: Character, stunt: Stunt, index: int | None = None) -> Character:
    stunts = [s.model_copy() for s in character.stunts]
    stunts.insert(len(stunts) if index is None else index, stunt.model_copy())
    return edited(character, stunts=stunts)


def update_stunt(character: Character, index: int, name: str | None = None, text: str | None = None) -> Character:
    stunts = [s.model_copy() for s in character.stunts]
    if name is not None:
        stunts[index].name = name
    if text is not None:
        stunts[index].text = text
    return edited(character, stunts=stunts)


def remove_stunt(character: Character, index: int) -> Character:
    stunts = [s.model_copy() for s in character.stunts]
    del stunts[index]
    return edited(character, stunts=stunts)


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


def set_fate_points(character: Character, value: int) -> Character:
    return edited(character, fate_points=max(0, value))


def duplicated(entity, suffix: str = " (copy)"):
    """A copy of any campaign entity with a new id and a name (or title) marked as a copy."""
    copy = entity.model_copy(deep=True)
    copy.id = new_id()
    for field in ("name", "title"):
        if hasattr(copy, field):
            setattr(copy, field, (getattr(copy, field) or "Untitled") + suffix)
            break
    return copy


def condition_box_limit(
    character: Character, ruleset: RuleSet, slot_id: str, options: CampaignOptions | None = None
) -> int:
    """How many boxes of a condition may be marked in all (the "further apart" cutoff included)."""
    from .harm import filled, slot_room

    current = filled(character, slot_id)
    used = current.boxes_marked if current else 0
    room, _ = slot_room(character, ruleset, slot_id, None, options)
    return used + room


def set_condition_boxes(
    character: Character,
    ruleset: RuleSet,
    slot_id: str,
    marked: int,
    options: CampaignOptions | None = None,
) -> Character:
    """Mark the first `marked` boxes of a condition; never beyond what the rules allow."""
    from .harm import filled, slots_of

    slot = slots_of(character, ruleset, options).get(slot_id)
    if slot is None or not slot.condition:
        raise ValueError(f"{slot_id} is not a condition on this sheet")
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
