"""Skill raises and the column rule: which raises are legal, alone or together, and why not."""

from __future__ import annotations

from collections import Counter

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import Character, HistoryEntry, ladder_label

from fate_desk.rules.creation.checker import ChoiceStatus, Level, Problem, mediocre_count
from fate_desk.rules.creation.derive import count_word, join_words, only_count
from fate_desk.rules.creation.ruleset import RuleSet, ShapeKind

# Stands in for a breakthrough when judging raises, so the column rule is the one applied.
BREAKTHROUGH_MARK = HistoryEntry(id="column-rule", kind="breakthrough", summary="(column rule)")  # i18n: not shown


def column_applies(character: Character, ruleset: RuleSet) -> bool:
    """After the first breakthrough (or in a column rule set) skills follow the column rule."""
    if ruleset.shape.kind == ShapeKind.COLUMN:
        return True
    return character.has_breakthrough() and ruleset.column_rule


def column_counts(character: Character, ruleset: RuleSet) -> Counter:
    """Skills per rating above Mediocre, and at 0 the listed skills still at Mediocre (+0)."""
    counts = Counter(r for r in character.skills.values() if r > 0)
    counts[0] = mediocre_count(character, ruleset)
    return counts


def column_breaches(character: Character, ruleset: RuleSet) -> dict[int, tuple[int, int]]:
    """Ratings that hold more skills than the rating below: rating -> (have, below)."""
    counts = column_counts(character, ruleset)
    return {
        r: (counts[r], counts[r - 1])
        for r in sorted((r for r in counts if r > 0), reverse=True)
        if counts[r] > counts[r - 1]
    }


def column_refusals(before: Character, after: Character, ruleset: RuleSet, what: str) -> list[Problem]:
    """Breaches of the column rule that `what` (e.g. 'Raising Lore to Fair (+2)') would cause."""
    old = column_breaches(before, ruleset)
    word, plural = rules_text(ruleset.skill_word), rules_text(ruleset.skill_word_plural)
    out = []
    for rating, (have, below) in column_breaches(after, ruleset).items():
        was = old.get(rating)
        if was is not None and have - below <= was[0] - was[1]:
            continue  # already there before, and no worse
        at, under = ladder_label(rating), ladder_label(rating - 1)
        names = sorted(n for n, r in after.skills.items() if r == rating)
        out.append(
            Problem(
                "advance.column",
                Level.ERROR,
                f"skills.{names[0]}" if names else "skills",
                ngettext(
                    "{what} would put {count} {skill} at {rating} but {below} at {under}: {rating} would "
                    "outnumber {under}. Raise another {skill} to {under} at the same time (a saved skill point "
                    "can pay for it), or choose a different {skill}.",
                    "{what} would put {count} {skills} at {rating} but {below} at {under}: {rating} would "
                    "outnumber {under}. Raise another {skill} to {under} at the same time (a saved skill point "
                    "can pay for it), or choose a different {skill}.",
                    have,
                ).format(what=what, count=count_word(have), skill=word, skills=plural, rating=at,
                         below=only_count(below), under=under),
            )
        )
    return out


def describe_raises(character: Character, raises: list[str]) -> str:
    """'Raising Lore to Fair (+2) and Empathy to Average (+1)'."""
    ratings = dict(character.skills)
    steps = []
    for name in raises:
        ratings[name] = ratings.get(name, 0) + 1
        steps.append(_("{skill} to {rating}").format(skill=rules_text(name), rating=ladder_label(ratings[name])))
    return _("Raising {raises}").format(raises=join_words(steps))


def with_raises(character: Character, raises: list[str]) -> Character:
    skills = dict(character.skills)
    for name in raises:
        skills[name] = skills.get(name, 0) + 1
    return character.model_copy(update={"skills": skills})


def cap_problems(
    character: Character, ruleset: RuleSet, raises: list[str], cap: int | None, above: int = 0
) -> list[Problem]:
    """Raises past the skill cap; `above` skills may go one step over it (Fate Core's major milestone)."""
    if cap is None:
        return []
    after = with_raises(character, raises)
    over = sorted(n for n in dict.fromkeys(raises) if after.rating(n) > cap)
    too_high = [n for n in over if after.rating(n) > cap + above]
    if not too_high and len(over) <= above:
        return []
    name = (too_high or over)[0]
    limit = ladder_label(cap + above) if above and len(over) <= above else ladder_label(cap)
    if above:
        message = _("{name} cannot go to {rating}: in {ruleset} no {skill} may rise above {limit} (one may go a "
                    "step above it at this milestone).")
    else:
        message = _("{name} cannot go to {rating}: in {ruleset} no {skill} may rise above {limit}.")
    return [Problem(
        "advance.cap", Level.ERROR, f"skills.{name}",
        message.format(name=rules_text(name), rating=ladder_label(after.rating(name)), ruleset=rules_text(ruleset.name),
                       skill=rules_text(ruleset.skill_word), limit=limit),
    )]


def raise_problems(
    character: Character, ruleset: RuleSet, raises: list[str], cap: int | None = None, above: int = 0
) -> list[Problem]:
    """Why these raises, landing together, are not allowed (empty: they are)."""
    word, plural = rules_text(ruleset.skill_word), rules_text(ruleset.skill_word_plural)
    out = []
    for name in dict.fromkeys(raises):
        if not name.strip():
            out.append(Problem("advance.raise_name", Level.ERROR, "skills", _("Name the {skill} to raise.").format(skill=word)))
        elif name not in ruleset.skills and name not in character.skills and not ruleset.allow_custom_skills:
            out.append(
                Problem(
                    "advance.unknown_skill",
                    Level.ERROR,
                    f"skills.{name}",
                    _("{name} is not one of the {ruleset} {skills} ({known}).").format(
                        name=rules_text(name), ruleset=rules_text(ruleset.name), skills=plural,
                        known=", ".join(rules_text(s) for s in ruleset.skills)),
                )
            )
    if out:
        return out
    out = cap_problems(character, ruleset, raises, cap, above)
    if out or not (ruleset.column_rule or ruleset.shape.kind == ShapeKind.COLUMN):
        return out
    after = with_raises(character, raises)
    # The column rule holds after any breakthrough, and raises only come from breakthroughs.
    marked = after.model_copy(update={"advancement": [*character.advancement, BREAKTHROUGH_MARK]})
    before = character.model_copy(update={"advancement": marked.advancement})
    return column_refusals(before, marked, ruleset, describe_raises(character, raises))


def raise_options(
    character: Character, ruleset: RuleSet, cap: int | None = None, above: int = 0
) -> list[ChoiceStatus]:
    """Each skill that could be raised one step on its own, with the reason where it cannot."""
    names = list(ruleset.skills) + sorted(n for n in character.skills if n not in ruleset.skills)
    out = []
    for name in names:
        problems = raise_problems(character, ruleset, [name], cap, above)
        label = _("{skill}: {rating} → {raised}").format(
            skill=rules_text(name), rating=ladder_label(character.rating(name)),
            raised=ladder_label(character.rating(name) + 1))
        out.append(ChoiceStatus(name, not problems, " ".join(p.message for p in problems), label))
    return out
