"""Plain edit operations on a character: each returns a changed, validated copy.

The GUI's undo commands call these; nothing here knows about Qt or files.
"""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import Aspect, Character, Stunt, new_id

from fate_desk.rules.creation.checker import aspect_slots
from fate_desk.rules.creation.ruleset import RuleSet


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


def set_signature(character: Character, index: int, on: bool) -> Character:
    """Make the aspect at `index` a signature aspect, or an ordinary one again (Atomic Robo, "Have
    a Signature Aspect")."""
    aspects = [a.model_copy() for a in character.aspects]
    aspects[index].signature = True if on else None
    return edited(character, aspects=aspects)


def set_skill(character: Character, name: str, rating: int) -> Character:
    skills = dict(character.skills)
    skills[name.strip()] = rating  # Mediocre (0) drops out in the model's validator
    return edited(character, skills=skills)


def set_mode(character: Character, name: str, rating: int | None) -> Character:
    """Rate a mode (Atomic Robo), or drop it with None."""
    modes = {k: v for k, v in character.modes.items() if k != name}
    if rating is not None:
        modes[name] = rating
    # A new rating brings another number of stress boxes: where they go is chosen again.
    placed = {k: v for k, v in character.mode_stress.items() if k != name or modes.get(k) == character.modes.get(k)}
    return edited(character, modes=modes, mode_stress=placed)


def set_mode_stress(character: Character, mode: str, split: dict[str, int] | None) -> Character:
    """Where a mode's extra stress boxes go (Atomic Robo, "Modes and Stress": "two more physical
    stress boxes, two more mental stress boxes, or one in each"); None puts them back on the
    mode's first track."""
    chosen = {k: v for k, v in character.mode_stress.items() if k != mode}
    if split:
        chosen[mode] = {track: boxes for track, boxes in split.items() if boxes}
    return edited(character, mode_stress=chosen)


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


def set_fate_points(character: Character, value: int) -> Character:
    return edited(character, fate_points=max(0, value))


def duplicated(entity, suffix: str | None = None):
    """A copy of any campaign entity with a new id and a name (or title) marked as a copy."""
    copy = entity.model_copy(deep=True)
    copy.id = new_id()
    for field in ("name", "title"):
        if hasattr(copy, field):
            name = getattr(copy, field) or _("Untitled")
            setattr(copy, field, _("{name} (copy)").format(name=name) if suffix is None else name + suffix)
            break
    return copy


