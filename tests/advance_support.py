"""Characters and rule sets shared by the advancement, harm and clock tests."""

from __future__ import annotations

from pathlib import Path

from fate_desk.model import Aspect, AspectRole, Character, CharacterKind, Stunt
from fate_desk.rules import get_ruleset
from fate_desk.store.interchange import read_character_file

ROOT = Path(__file__).resolve().parent.parent
CONDENSED = get_ruleset("fate-condensed")
CORE = get_ruleset("fate-core")
ACCELERATED = get_ruleset("fate-accelerated")


def ruth() -> Character:
    """The book's Ruth: Great (+4) Fight, Lore at Average (+1), Empathy at Mediocre (+0)."""
    return read_character_file(ROOT / "docs" / "examples" / "ruth.fate.json").model_copy(
        update={"id": "ruth"}
    )


def aspects(prefix: str) -> list[Aspect]:
    roles = [
        AspectRole.HIGH_CONCEPT,
        AspectRole.TROUBLE,
        AspectRole.RELATIONSHIP,
        AspectRole.FREE,
        AspectRole.FREE,
    ]
    return [Aspect(role=r, text=f"{prefix} {i}") for i, r in enumerate(roles)]


def charles(**changes) -> Character:
    """The book's Charles: Good (+3) Athletics, Mediocre Physique (three physical boxes), refresh 2."""
    base = Character(
        id="charles",
        name="Charles",
        aspects=aspects("Charles"),
        skills={
            "Shoot": 4,
            "Athletics": 3,
            "Notice": 3,
            "Fight": 2,
            "Will": 2,
            "Drive": 2,
            "Investigate": 1,
            "Contacts": 1,
            "Crafts": 1,
            "Rapport": 1,
        },
        stunts=[Stunt(name=f"Stunt {i}", text="Because I can, I get +2.") for i in range(4)],
        refresh=3,
        fate_points=2,
    )
    return base.model_copy(update=changes)


def npc(name: str, kind: CharacterKind = CharacterKind.MAJOR_NPC, **changes) -> Character:
    base = Character(
        id=name.lower().replace(" ", "-"),
        name=name,
        kind=kind,
        aspects=aspects(name),
        skills={"Fight": 3, "Physique": 2, "Will": 1},
    )
    return base.model_copy(update=changes)
