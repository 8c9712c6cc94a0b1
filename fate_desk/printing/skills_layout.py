"""Skill rows for a sheet, laid out by the rule set's shape: one row per rating, one cell per slot."""

from __future__ import annotations

from dataclasses import dataclass

from fate_desk.model import Character, CharacterKind
from fate_desk.rules import RuleSet

SHORT_LIST = 8  # lists this short (approaches) also show who sits at Mediocre (+0)
BLANK_CELLS = 4  # cells per row on a blank form when the shape sets no counts
SPARE = 1  # an empty cell more on every rung of a PC's or blank's list: room for the next advance


@dataclass(frozen=True)
class SkillRow:
    """One rung of the printed skill list: its rating, the skills on it and the cells to draw."""
    rating: int
    names: tuple[str, ...]  # filled cells, in order
    slots: int  # cells to draw (at least len(names))


def _row(rating: int, names: list[str], slots: int) -> SkillRow:
    names = sorted(names, key=str.casefold)
    return SkillRow(rating, tuple(names), max(slots, len(names), 1))


def rows(character: Character | None, ruleset: RuleSet) -> list[SkillRow]:
    """Rows from the top rating down. PCs and blank forms follow the shape (empty slots
    included), with a spare cell on every rung to pencil in the skill a milestone raises to it;
    NPCs and monsters show only the ratings they have."""
    skills = character.skills if character else {}
    by_rating: dict[int, list[str]] = {}
    for name, rating in skills.items():
        by_rating.setdefault(rating, []).append(name)
    follow_shape = character is None or character.kind == CharacterKind.PC
    if not follow_shape:
        return [_row(r, by_rating[r], 0) for r in sorted(by_rating, reverse=True)]
    counts = ruleset.shape.counts
    # One rung above the peak, with a cell to pencil in the first skill raised past it.
    top = max([ruleset.peak + 1, *by_rating])
    out = []
    for rating in range(top, 0, -1):
        if counts:
            slots = counts.get(rating, 0)
        else:
            slots = BLANK_CELLS if character is None else 0
        names = by_rating.get(rating, [])
        if rating == ruleset.peak + 1:
            slots = max(slots, 1, len(names) + SPARE)
        else:
            slots = max(slots, len(names)) + SPARE
        out.append(_row(rating, names, slots))
    if len(ruleset.skills) <= SHORT_LIST:
        mediocre = [s for s in ruleset.skills if s not in skills]
        slots = len(ruleset.skills) - sum(n for r, n in counts.items() if r > 0) if counts else 0
        if character is None:
            mediocre = []
        if mediocre or slots > 0:
            out.append(_row(0, mediocre, slots))
    out += [_row(r, by_rating[r], 0) for r in sorted(by_rating, reverse=True) if r < 0]
    return out
