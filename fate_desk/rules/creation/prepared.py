"""What checking a character needs from its rule set, made once per rule set (issue 28).

Every check asks for the same things: the set of the rule set's skills, its spelling of each,
the counts its shape allows above Mediocre, the ids of its own stress tracks. A rule set is not
changed once loaded, so they are worked out the first time a check meets it. A rule set whose
parts are replaced (a new skill list, a new shape) is worked out again.
"""

from __future__ import annotations

from dataclasses import dataclass

from fate_desk.model import AspectRole

from fate_desk.rules.creation.ruleset import RuleSet


@dataclass(frozen=True)
class Prepared:
    """What a check needs from one rule set, worked out once for all the sheets checked against it."""
    ruleset: RuleSet
    parts: tuple  # the parts these facts were made from (compared by identity)
    spellings: dict[str, str]  # the rule set's spelling of each skill, by its folded name
    spelled: frozenset[str]  # names already spelled as the rule set spells them
    known: frozenset[str]  # the rule set's skills
    own_tracks: frozenset[str]  # the ids of the rule set's own stress tracks
    allowed: dict[int, int]  # skills the shape allows at each rating above Mediocre
    starting_points: int | None  # skill points the creation shape hands out
    aspect_counts: dict[AspectRole, int]  # slots of each aspect role


def _parts(ruleset: RuleSet) -> tuple:
    return (ruleset.skills, ruleset.shape, ruleset.stress, ruleset.aspects)


_PREPARED: dict[int, Prepared] = {}


def prepared(ruleset: RuleSet) -> Prepared:
    """The facts of `ruleset` a check uses, made once (kept for the last few dozen rule sets)."""
    found = _PREPARED.get(id(ruleset))
    if found is not None and found.ruleset is ruleset:
        parts = found.parts
        if (parts[0] is ruleset.skills and parts[1] is ruleset.shape and parts[2] is ruleset.stress
                and parts[3] is ruleset.aspects):
            return found
    found = _prepare(ruleset)
    if len(_PREPARED) >= 64:
        _PREPARED.clear()
    _PREPARED[id(ruleset)] = found
    return found


def _prepare(ruleset: RuleSet) -> Prepared:
    spellings = {s.casefold(): s for s in ruleset.skills}
    shape = ruleset.shape
    if shape.counts:
        start: int | None = sum(r * n for r, n in shape.counts.items() if r > 0)
    else:
        start = shape.points
    counts: dict[AspectRole, int] = {}
    for role in ruleset.aspects:
        counts[role] = counts.get(role, 0) + 1
    return Prepared(
        ruleset=ruleset,
        parts=_parts(ruleset),
        spellings=spellings,
        spelled=frozenset(spellings.values()),
        known=frozenset(ruleset.skills),
        own_tracks=frozenset(t.id for t in ruleset.stress.tracks),
        allowed={r: n for r, n in shape.counts.items() if r > 0},
        starting_points=start,
        aspect_counts=counts,
    )
