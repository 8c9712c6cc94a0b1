"""Characters from the book and legal examples, built in code for the tests."""

from __future__ import annotations

from fate_desk.model import Aspect, AspectRole, Character, Stunt

CONDENSED_PYRAMID = {
    "Fight": 4,
    "Academics": 3, "Will": 3,
    "Athletics": 2, "Investigate": 2, "Notice": 2,
    "Lore": 1, "Physique": 1, "Rapport": 1, "Stealth": 1,
}

FULL_ASPECTS = [
    Aspect(role=AspectRole.HIGH_CONCEPT, text="Occult Librarian with a Mean Right Hook"),
    Aspect(role=AspectRole.TROUBLE, text="Curiosity Opens Every Door"),
    Aspect(role=AspectRole.RELATIONSHIP, text="Cassandra Owes Me Her Life"),
    Aspect(role=AspectRole.FREE, text="I Have Read the Forbidden Index"),
    Aspect(role=AspectRole.FREE, text="Knuckles Like Bookends"),
]


def stunts(n: int) -> list[Stunt]:
    return [Stunt(name=f"Stunt {i + 1}", text=f"Because I practise, I get +2 on roll {i + 1}.") for i in range(n)]


def legal_pc(**changes) -> Character:
    """A finished, legal Fate Condensed PC (Ruth at creation)."""
    data = dict(
        name="Ruth",
        aspects=[a.model_copy() for a in FULL_ASPECTS],
        skills=dict(CONDENSED_PYRAMID),
        stunts=stunts(3),
    )
    data.update(changes)
    return Character(**data)


def ruth_after_breakthrough(**changes) -> Character:
    """Ruth with a pyramid and one breakthrough behind her: the column rule now applies."""
    from fate_desk.model import HistoryEntry

    character = legal_pc(**changes)
    character.advancement = [HistoryEntry(kind="breakthrough", summary="End of the first arc")]
    return character
