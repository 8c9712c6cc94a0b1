"""The rules checker: a pure function from a character to problems and derived values."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum

from fate_desk.model import AspectRole, CampaignOptions, Character, CharacterKind, ladder_label

from .derive import Derived, count_word, derive, join_words, only_count, ordinal
from .ruleset import RuleSet, ShapeKind


class Level(StrEnum):
    ERROR = "error"  # breaks a rule
    WARNING = "warning"  # unfinished, or beyond the book's guidance for NPCs
    INFO = "info"  # a hint


@dataclass(frozen=True)
class Problem:
    code: str
    severity: Level
    path: str  # the field it concerns: "skills.Fight", "aspects[2]", "stunts", "refresh"
    message: str

    def as_json(self) -> dict:
        return {"code": self.code, "severity": self.severity.value, "path": self.path, "message": self.message}


@dataclass
class CheckResult:
    problems: list[Problem] = field(default_factory=list)
    derived: Derived = field(default_factory=Derived)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == Level.ERROR]

    @property
    def ok(self) -> bool:
        return not self.errors

    def codes(self) -> list[str]:
        return [p.code for p in self.problems]


def check(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> CheckResult:
    derived = derive(character, ruleset, options)
    problems: list[Problem] = []
    kind = character.kind
    if kind == CharacterKind.PC:
        problems += _check_skills(character, ruleset)
        problems += _check_aspects(character, ruleset)
        problems += _check_stunts(character, ruleset, derived)
    elif kind == CharacterKind.MAJOR_NPC:
        problems += _check_unknown_skills(character, ruleset)
        problems += _check_aspects(character, ruleset)
    elif kind == CharacterKind.MINOR_NPC:
        problems += _check_minor_npc(character, derived)
    # Monsters and threats may break any rule on purpose: nothing to check.
    return CheckResult(problems, derived)


# --- skills -------------------------------------------------------------------------------

def _names(skills: list[str], last: str = "or") -> str:
    return join_words(sorted(skills), last)


def _rating_counts(character: Character) -> Counter:
    return Counter(r for r in character.skills.values() if r > 0)


def _skills_at(character: Character, rating: int) -> list[str]:
    return sorted(name for name, r in character.skills.items() if r == rating)


def _check_unknown_skills(character: Character, ruleset: RuleSet) -> list[Problem]:
    known = set(ruleset.skills)
    word = ruleset.skill_word
    out = []
    for name in character.skills:
        if name in known:
            continue
        if ruleset.allow_custom_skills:
            out.append(Problem(
                "skills.unknown", Level.INFO, f"skills.{name}",
                f"{name} is not on the {ruleset.name} {word} list; it counts as a custom {word}.",
            ))
        else:
            out.append(Problem(
                "skills.unknown", Level.ERROR, f"skills.{name}",
                f"{name} is not one of the {ruleset.name} {ruleset.skill_word_plural} "
                f"({', '.join(ruleset.skills)}).",
            ))
    return out


def _check_skills(character: Character, ruleset: RuleSet) -> list[Problem]:
    problems = _check_unknown_skills(character, ruleset)
    if character.has_breakthrough():
        if ruleset.column_rule:
            problems += column_problems(character, ruleset)
        return problems
    shape = ruleset.shape
    problems += _check_peak(character, ruleset, ruleset.peak)
    if shape.kind in (ShapeKind.PYRAMID, ShapeKind.DIAMOND, ShapeKind.COUNTS):
        problems += _check_counts(character, ruleset)
    elif shape.kind == ShapeKind.COLUMN:
        problems += column_problems(character, ruleset)
        if shape.points is not None:
            problems += _check_budget(character, ruleset, shape.points)
    elif shape.kind == ShapeKind.BUDGET:
        problems += _check_budget(character, ruleset, shape.points or 0)
    return problems


def _check_peak(character: Character, ruleset: RuleSet, peak: int) -> list[Problem]:
    out = []
    for name, rating in sorted(character.skills.items()):
        if rating > peak:
            out.append(Problem(
                "skills.cap", Level.ERROR, f"skills.{name}",
                f"{name} is {ladder_label(rating)}, but at creation no {ruleset.skill_word} may be "
                f"higher than {ladder_label(peak)}. Lower {name} to {ladder_label(peak)} or below.",
            ))
    return out


def _check_counts(character: Character, ruleset: RuleSet) -> list[Problem]:
    allowed = {r: n for r, n in ruleset.shape.counts.items() if r > 0}
    actual = _rating_counts(character)
    shape_word = ruleset.shape.kind.label
    word = ruleset.skill_word
    plural = ruleset.skill_word_plural
    out: list[Problem] = []
    for rating in sorted(set(allowed) | set(actual), reverse=True):
        if rating > ruleset.peak:
            continue  # reported as skills.cap
        have, may = actual.get(rating, 0), allowed.get(rating, 0)
        at = ladder_label(rating)
        if have > may:
            names = _skills_at(character, rating)
            lower = _room_below(rating, allowed, actual)
            target = ladder_label(lower) if lower is not None else "a lower rating"
            who = _names(names) if len(names) == 2 else f"one of {_names(names)}"
            if len(names) - may > 1:
                who = f"{count_word(len(names) - may)} of {_names(names, 'and')}"
            allows = f"allows {count_word(may)}" if may else "has no place there"
            out.append(Problem(
                "skills.over", Level.ERROR, f"skills.{names[0]}",
                f"{count_word(have).capitalize()} {plural} at {at}: the {shape_word} {allows}. "
                f"Move {who} down to {target}.",
            ))
        elif have < may:
            missing = may - have
            slot = "slot" if missing == 1 else "slots"
            out.append(Problem(
                "skills.under", Level.WARNING, f"skills@{rating}",
                f"{count_word(missing).capitalize()} {slot} at {at} still empty: the {shape_word} asks "
                f"for {count_word(may)}. Raise {article(word) if missing == 1 else count_word(missing)} "
                f"{word if missing == 1 else plural} to {at}.",
            ))
    return out


def _room_below(rating: int, allowed: dict[int, int], actual: Counter) -> int | None:
    for lower in range(rating - 1, 0, -1):
        if actual.get(lower, 0) < allowed.get(lower, 0):
            return lower
    return rating - 1 if rating - 1 >= 0 else None


def article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def mediocre_count(character: Character, ruleset: RuleSet) -> int:
    """How many listed skills sit at Mediocre (+0) (every listed skill not rated)."""
    return sum(1 for s in ruleset.skills if character.rating(s) == 0)


def column_problems(character: Character, ruleset: RuleSet) -> list[Problem]:
    """No rating above Mediocre may hold more skills than the rating one step below."""
    actual = _rating_counts(character)
    word = ruleset.skill_word
    plural = ruleset.skill_word_plural
    out = []
    for rating in sorted(actual, reverse=True):
        below = mediocre_count(character, ruleset) if rating == 1 else actual.get(rating - 1, 0)
        have = actual[rating]
        if have <= below:
            continue
        names = _skills_at(character, rating)
        out.append(Problem(
            "skills.column", Level.ERROR, f"skills.{names[0]}",
            f"{count_word(have).capitalize()} {word if have == 1 else plural} at {ladder_label(rating)} "
            f"but {only_count(below)} at {ladder_label(rating - 1)}: no rating may have more "
            f"{plural} than the one below it. Raise another {word} to {ladder_label(rating - 1)}, "
            f"or lower {_names(names)}.",
        ))
    return out


def _check_budget(character: Character, ruleset: RuleSet, points: int) -> list[Problem]:
    spent = sum(r for r in character.skills.values() if r > 0)
    word = ruleset.skill_word
    plural = ruleset.skill_word_plural
    if spent > points:
        return [Problem(
            "skills.budget", Level.ERROR, "skills",
            f"Your {plural} use {spent} points; the budget is {points}. Lower {plural} by "
            f"{spent - points} point{'s' if spent - points != 1 else ''} in all.",
        )]
    if spent < points:
        return [Problem(
            "skills.under", Level.WARNING, "skills",
            f"{points - spent} of {points} {word} points still to spend.",
        )]
    return []


# --- aspects ------------------------------------------------------------------------------

_ASPECT_HINTS = {
    AspectRole.HIGH_CONCEPT: "sum up who your character is in one phrase",
    AspectRole.TROUBLE: "name what keeps getting your character into trouble",
    AspectRole.RELATIONSHIP: "name someone your character is bound to (this one can wait until last)",
    AspectRole.FREE: "add anything else that makes your character who they are",
}


def aspect_slots(character: Character, ruleset: RuleSet) -> list[tuple[AspectRole, int | None]]:
    """Each rule-set slot with the index of the character's aspect that fills it (or None)."""
    used: set[int] = set()
    slots: list[tuple[AspectRole, int | None]] = []
    for role in ruleset.aspects:
        found = None
        for i, aspect in enumerate(character.aspects):
            if i not in used and aspect.role == role:
                found = i
                break
        if found is not None:
            used.add(found)
        slots.append((role, found))
    return slots


def _check_aspects(character: Character, ruleset: RuleSet) -> list[Problem]:
    out = []
    free_seen = 0
    for slot, (role, index) in enumerate(aspect_slots(character, ruleset)):
        if role == AspectRole.FREE:
            free_seen += 1
            label = f"{ordinal(free_seen)} free aspect"
        else:
            label = f"{role.label} aspect"
        if index is None or not character.aspects[index].text.strip():
            out.append(Problem(
                "aspects.missing", Level.WARNING, f"aspects[{slot}]",
                f"The {label} is empty: {_ASPECT_HINTS[role]}.",
            ))
    return out


# --- stunts and refresh -------------------------------------------------------------------

def _check_stunts(character: Character, ruleset: RuleSet, derived: Derived) -> list[Problem]:
    out = []
    n = len(character.stunts)
    if derived.refresh < ruleset.refresh_minimum:
        most = ruleset.free_stunts + max(0, (character.refresh - ruleset.refresh_minimum)) // max(1, ruleset.stunt_cost)
        out.append(Problem(
            "refresh.minimum", Level.ERROR, "stunts",
            f"{count_word(n).capitalize()} stunts bring refresh down to {derived.refresh}, but refresh "
            f"can never drop below {ruleset.refresh_minimum}. With a refresh of {character.refresh} "
            f"you can have at most {count_word(most)} stunts: remove "
            f"{count_word(n - most)}.",
        ))
    if derived.free_stunts_left > 0:
        left = derived.free_stunts_left
        out.append(Problem(
            "stunts.unused", Level.INFO, "stunts",
            f"{count_word(left).capitalize()} free stunt slot{'s' if left != 1 else ''} left: "
            f"add {'a stunt' if left == 1 else 'stunts'} now, or fill {'it' if left == 1 else 'them'} "
            "in during play.",
        ))
    return out


# --- minor NPCs ---------------------------------------------------------------------------

def _check_minor_npc(character: Character, derived: Derived) -> list[Problem]:
    out = []
    aspects = [a for a in character.aspects if a.text.strip()]
    if not 1 <= len(aspects) <= 3:
        out.append(Problem(
            "npc.aspects", Level.WARNING, "aspects",
            f"A minor NPC usually has one to three aspects; this one has {count_word(len(aspects)) if len(aspects) else 'none'}.",
        ))
    if not 1 <= len(character.skills) <= 2:
        out.append(Problem(
            "npc.skills", Level.WARNING, "skills",
            f"A minor NPC usually has one or two skills; this one has {count_word(len(character.skills)) if len(character.skills) else 'none'}.",
        ))
    if len(character.stunts) > 1:
        out.append(Problem(
            "npc.stunts", Level.WARNING, "stunts",
            f"A minor NPC usually has at most one stunt; this one has {count_word(len(character.stunts)) if len(character.stunts) else 'none'}.",
        ))
    boxes = sum(len(v) for v in derived.stress.values())
    if boxes > 3:
        out.append(Problem(
            "npc.stress", Level.WARNING, "stress",
            f"A minor NPC usually has no more than three stress boxes; this one has {boxes}.",
        ))
    if derived.consequences:
        out.append(Problem(
            "npc.consequences", Level.WARNING, "consequences",
            "Minor NPCs normally take no consequences; consider making this a major NPC.",
        ))
    return out
