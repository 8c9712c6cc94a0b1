"""The rules checker: a pure function from a character to problems and derived values."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from fate_desk.i18n import N_, _, edition, ngettext, rules_text
from fate_desk.model import AspectRole, CampaignOptions, Character, CharacterKind, ladder_label

from fate_desk.rules.creation.derive import (
    Derived, count_word, derive, join_words, mode_box_count, mode_tracks, only_count, ordinal, real_stunts,
    ruleset_track_name,
)
from fate_desk.rules.creation.extras import mode_base
from fate_desk.rules.creation.grants import (
    has_advanced, refresh_granted, skill_cap, skill_points_granted, unitemised_cap_raises, unitemised_point_power_ups,
    unrecorded_power_ups,
)
from fate_desk.rules.creation.prepared import prepared
from fate_desk.rules.creation.ruleset import RuleSet, ShapeKind


class Level(StrEnum):
    ERROR = "error"  # breaks a rule
    WARNING = "warning"  # unfinished, or beyond the book's guidance for NPCs
    INFO = "info"  # a hint


@dataclass(frozen=True)
class Problem:
    """One thing a check found on a sheet, said in the player's words."""
    code: str
    severity: Level
    path: str  # the field it concerns: "skills.Fight", "aspects[2]", "stunts", "refresh"
    message: str

    def as_json(self) -> dict:
        return {"code": self.code, "severity": self.severity.value, "path": self.path, "message": self.message}


@dataclass
class CheckResult:
    """A check's findings and the sheet's derived values."""
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


# Enum members read once: in Python 3.11 each `CharacterKind.PC` is a descriptor call, and a
# check compares kinds, roles and shapes a few dozen times.
_PC, _MAJOR_NPC, _MINOR_NPC, _MONSTER = (
    CharacterKind.PC, CharacterKind.MAJOR_NPC, CharacterKind.MINOR_NPC, CharacterKind.MONSTER,
)
_COUNTED_ROLES = (AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP)
_COUNTED_SHAPES = (ShapeKind.PYRAMID, ShapeKind.DIAMOND, ShapeKind.COUNTS)
_COLUMN, _BUDGET = ShapeKind.COLUMN, ShapeKind.BUDGET


def canonical(character: Character, ruleset: RuleSet) -> Character:
    """The character with skill names spelled as the rule set spells them ("physique" is Physique)."""
    facts = prepared(ruleset)  # the spellings are made once per rule set, not once per check
    if facts.spelled.issuperset(character.skills):
        return character  # every name already as the rule set spells it (the common case)
    names = facts.spellings
    skills = {names.get(n.casefold(), n): r for n, r in character.skills.items()}
    if list(skills) == list(character.skills):
        return character
    return character.model_copy(update={"skills": skills})


def check(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> CheckResult:
    with edition(ruleset):  # the problems name skills and aspects in the words of the sheet's edition
        return _check(character, ruleset, options)


def _check(character: Character, ruleset: RuleSet, options: CampaignOptions | None) -> CheckResult:
    character = canonical(character, ruleset)
    problems: list[Problem] = []
    if options is not None and options.combined_skills and character.kind == _PC:
        # Two combined skill lists: the second list is rated apart, outside the rule set's shape.
        character, second = split_second_list(character, options)
        problems += _check_second_list(second, options)
    derived = derive(character, ruleset, options)
    kind = character.kind
    if kind == _PC:
        problems += _check_skills(character, ruleset)
        problems += _check_aspects(character, ruleset)
        problems += _check_stunts(character, ruleset, derived)
        problems += extras_problems(character, ruleset)
    elif kind == _MAJOR_NPC:
        problems += _check_unknown_skills(character, ruleset)
        problems += _check_aspects(character, ruleset)
    elif kind == _MINOR_NPC:
        problems += _check_minor_npc(character, derived)
    # Monsters and threats may break any rule on purpose: nothing to check.
    if kind != _MONSTER:
        problems += track_problems(character, ruleset)
    return CheckResult(problems, derived)


# --- skills -------------------------------------------------------------------------------


def split_second_list(character: Character, options: CampaignOptions) -> tuple[Character, dict[str, int]]:
    """The character without the skills of the campaign's second list, and those skills."""
    names = {n.strip().casefold() for n in options.combined_skills}
    second = {n: r for n, r in character.skills.items() if n.strip().casefold() in names}
    if not second:
        return character, {}
    return character.model_copy(update={"skills": {n: r for n, r in character.skills.items() if n not in second}}), second


def _check_second_list(second: dict[str, int], options: CampaignOptions) -> list[Problem]:
    """Fate Condensed, "Changing the Skill List": "You may want to have two lists, with players adding
    together one from each to make their roll. The main thing to keep in mind is keeping the potential
    totals inside the zero-to-cap range": the second list's ratings stay between Mediocre and its top."""
    top = options.combined_top
    return [
        Problem(
            "skills.second_list", Level.ERROR, f"skills.{name}",
            _("{name} is on the second skill list at {rating}, but this campaign rates that list from {low} to "
              "{top}, so a roll's total stays within the cap. Set {name} between them.").format(
                name=name, rating=ladder_label(rating), low=ladder_label(0), top=ladder_label(top)),
        )
        for name, rating in sorted(second.items())
        if not 0 <= rating <= top
    ]

def _names(skills: list[str], last: str = "or") -> str:
    return join_words([rules_text(s) for s in sorted(skills)], last)


def sentence(text: str) -> str:
    """`text` with its first letter made a capital (a message that starts with a count word)."""
    return text[:1].upper() + text[1:]


def _rating_counts(character: Character) -> dict[int, int]:
    """How many skills sit at each rating above Mediocre."""
    counts: dict[int, int] = {}
    for r in character.skills.values():
        if r > 0:
            counts[r] = counts.get(r, 0) + 1
    return counts


def _skills_at(character: Character, rating: int) -> list[str]:
    return sorted(name for name, r in character.skills.items() if r == rating)


def _check_unknown_skills(character: Character, ruleset: RuleSet) -> list[Problem]:
    known = prepared(ruleset).known
    if known.issuperset(character.skills):
        return []  # every skill is one of the rule set's (the common case)
    word = ruleset.skill_word
    out = []
    for name in character.skills:
        if name in known:
            continue
        if ruleset.allow_custom_skills:
            out.append(Problem(
                "skills.unknown", Level.INFO, f"skills.{name}",
                _("{name} is not on the {ruleset} {skill} list; it counts as a custom {skill}.").format(
                    name=rules_text(name), ruleset=rules_text(ruleset.name), skill=rules_text(word)),
            ))
        else:
            out.append(Problem(
                "skills.unknown", Level.ERROR, f"skills.{name}",
                _("{name} is not one of the {ruleset} {skills} ({known}).").format(
                    name=rules_text(name), ruleset=rules_text(ruleset.name),
                    skills=rules_text(ruleset.skill_word_plural),
                    known=", ".join(rules_text(s) for s in ruleset.skills)),
            ))
    return out


def _check_skills(character: Character, ruleset: RuleSet) -> list[Problem]:
    if ruleset.modes is not None:
        return _check_unknown_skills(character, ruleset) + mode_problems(character, ruleset)
    problems = _check_unknown_skills(character, ruleset) + _below_mediocre(character, ruleset)
    if has_advanced(character, ruleset):
        if ruleset.column_rule:
            problems += column_problems(character, ruleset)
        return problems + _check_advanced_points(character, ruleset)
    shape = ruleset.shape
    problems += _check_peak(character, ruleset, ruleset.peak)
    if shape.kind in _COUNTED_SHAPES:
        problems += _check_counts(character, ruleset)
    elif shape.kind == _COLUMN:
        problems += column_problems(character, ruleset)
        if shape.points is not None:
            problems += _check_budget(character, ruleset, shape.points)
    elif shape.kind == _BUDGET:
        problems += _check_budget(character, ruleset, shape.points or 0)
    return problems


def _below_mediocre(character: Character, ruleset: RuleSet) -> list[Problem]:
    """No creation shape (and no advancement) puts a skill below Mediocre (+0)."""
    if min(character.skills.values(), default=0) >= 0:
        return []  # nothing below Mediocre (the common case)
    shape_word = ruleset.shape.kind.label
    return [
        Problem(
            "skills.over", Level.ERROR, f"skills.{name}",
            _("{name} is {rating}, but the {shape} has no place below {mediocre}: every {skill} starts at "
              "{mediocre} or higher. Raise {name} to {mediocre}.").format(
                name=rules_text(name), rating=ladder_label(rating), shape=shape_word, mediocre=ladder_label(0),
                skill=rules_text(ruleset.skill_word)),
        )
        for name, rating in sorted(character.skills.items())
        if rating < 0
    ]


def _check_advanced_points(character: Character, ruleset: RuleSet) -> list[Problem]:
    """After advancement: the points on the sheet are the creation points plus those granted
    (less what is saved), and no skill is above the rule set's cap."""
    out = []
    plural = rules_text(ruleset.skill_word_plural)
    start = prepared(ruleset).starting_points
    if start is not None:
        granted = skill_points_granted(character, ruleset)
        allowed = start + granted - character.saved_skill_points
        spent = sum(r for r in character.skills.values() if r > 0)
        power_ups = unitemised_point_power_ups(character, ruleset) if spent > allowed else []
        if 0 < spent - allowed <= len(power_ups):
            # The GM's power-up may have given a second point that the history never itemised:
            # accepted, with a note asking for it to be recorded.
            entry = power_ups[0]
            out.append(Problem(
                "skills.power_up", Level.WARNING, "skills",
                ngettext("Your {skills} add up to {spent} points, {over} more than the history records; the GM's "
                         "power-up at the {kind} may have given it. Record the raise in that history entry so "
                         "the sheet shows where it came from.",
                         "Your {skills} add up to {spent} points, {over} more than the history records; the GM's "
                         "power-ups may have given them. Record the raises in those history entries so the "
                         "sheet shows where they came from.", spent - allowed).format(
                    skills=plural, spent=spent, over=count_word(spent - allowed), kind=rules_text(entry.kind)),
            ))
        elif spent > allowed:
            over = spent - allowed
            if character.saved_skill_points:
                message = ngettext(
                    "Your {skills} add up to {spent} points, but creation gave {start} and advancement "
                    "{granted}, less {saved} saved: at most {allowed}. Lower {skills} by {count} point in all.",
                    "Your {skills} add up to {spent} points, but creation gave {start} and advancement "
                    "{granted}, less {saved} saved: at most {allowed}. Lower {skills} by {count} points in all.",
                    over,
                )
            else:
                message = ngettext(
                    "Your {skills} add up to {spent} points, but creation gave {start} and advancement "
                    "{granted}: at most {allowed}. Lower {skills} by {count} point in all.",
                    "Your {skills} add up to {spent} points, but creation gave {start} and advancement "
                    "{granted}: at most {allowed}. Lower {skills} by {count} points in all.",
                    over,
                )
            out.append(Problem(
                "skills.points", Level.ERROR, "skills",
                message.format(skills=plural, spent=spent, start=start, granted=granted,
                               saved=count_word(character.saved_skill_points), allowed=allowed, count=over),
            ))
    cap = skill_cap(character, ruleset)
    if cap is not None:
        out += _check_cap(character, ruleset, cap)
    return out


def _check_cap(character: Character, ruleset: RuleSet, cap: int) -> list[Problem]:
    """Skills above the cap after advancement. A major milestone whose history entry lists no change
    may account for one skill one step past it (Fate Core SRD, "Major Milestones": "Advance a skill
    beyond the campaign's current skill cap"): a warning asking for the raise to be recorded, never
    the error that no skill may rise above the cap."""
    above = sorted((name for name, rating in character.skills.items() if rating > cap), key=str.casefold)
    if not above:
        return []
    raises = unitemised_cap_raises(character, ruleset)
    if raises and len(above) <= len(raises) and all(character.skills[n] <= cap + len(raises) for n in above):
        entry = raises[0]
        return [Problem(
            "skills.cap_unrecorded", Level.WARNING, f"skills.{name}",
            _("{name} is {rating}, past the skill cap of {cap}: the {kind} lets one {skill} go one step past "
              "the cap, but its history entry does not record the raise. Record it there (the {skill} before and "
              "after) so the cap rises with it.").format(
                name=rules_text(name), rating=ladder_label(character.skills[name]), cap=ladder_label(cap),
                kind=rules_text(entry.kind), skill=rules_text(ruleset.skill_word)),
        ) for name in above]
    return _check_peak(character, ruleset, cap, advanced=True)


def _check_peak(character: Character, ruleset: RuleSet, peak: int, advanced: bool = False) -> list[Problem]:
    """Skills above the creation peak (or, after advancement, the rule set's cap)."""
    if max(character.skills.values(), default=peak) <= peak:
        return []  # nothing above it (the common case)
    if advanced:
        message = _("{name} is {rating}, but in {ruleset} no {skill} may rise above {peak}. "
                    "Lower {name} to {peak} or below.")
    else:
        message = _("{name} is {rating}, but at creation no {skill} may be higher than {peak}. "
                    "Lower {name} to {peak} or below.")
    return [
        Problem(
            "skills.cap", Level.ERROR, f"skills.{name}",
            message.format(name=rules_text(name), rating=ladder_label(rating), ruleset=rules_text(ruleset.name),
                           skill=rules_text(ruleset.skill_word), peak=ladder_label(peak)),
        )
        for name, rating in sorted(character.skills.items())
        if rating > peak
    ]


def _check_counts(character: Character, ruleset: RuleSet) -> list[Problem]:
    allowed = prepared(ruleset).allowed  # made once per rule set: read, never changed
    actual = _rating_counts(character)
    if actual == allowed:
        return []  # exactly as the shape asks (the common case)
    word = ruleset.skill_word
    shape_word = plural = ""  # worded when there is something to say
    out: list[Problem] = []
    for rating in sorted(set(allowed) | set(actual), reverse=True):
        if rating > ruleset.peak:
            continue  # reported as skills.cap
        have, may = actual.get(rating, 0), allowed.get(rating, 0)
        if have == may:
            continue  # as the shape asks: nothing to say
        if not shape_word:
            shape_word, plural = ruleset.shape.kind.label, rules_text(ruleset.skill_word_plural)
        at = ladder_label(rating)
        if have > may:
            names = _skills_at(character, rating)
            lower = _room_below(rating, allowed, actual)
            target = ladder_label(lower) if lower is not None else _("a lower rating")
            who = _names(names) if len(names) == 2 else _("one of {names}").format(names=_names(names))
            if len(names) - may > 1:
                who = _("{count} of {names}").format(count=count_word(len(names) - may), names=_names(names, "and"))
            if may:
                message = _("{count} {skills} at {rating}: the {shape} allows {allowed}. Move {who} down to {target}.")
            else:
                message = _("{count} {skills} at {rating}: the {shape} has no place there. Move {who} down to {target}.")
            out.append(Problem(
                "skills.over", Level.ERROR, f"skills.{names[0]}",
                sentence(message.format(count=count_word(have), skills=plural, rating=at, shape=shape_word,
                                        allowed=count_word(may), who=who, target=target)),
            ))
        elif have < may:
            missing = may - have
            if missing == 1 and article(word) == "an":
                message = _("{count} slot at {rating} still empty: the {shape} asks for {wanted}. "
                            "Raise an {skill} to {rating}.")
            elif missing == 1:
                message = _("{count} slot at {rating} still empty: the {shape} asks for {wanted}. "
                            "Raise a {skill} to {rating}.")
            else:
                message = ngettext(
                    "{count} slot at {rating} still empty: the {shape} asks for {wanted}. "
                    "Raise {count} {skills} to {rating}.",
                    "{count} slots at {rating} still empty: the {shape} asks for {wanted}. "
                    "Raise {count} {skills} to {rating}.",
                    missing,
                )
            out.append(Problem(
                "skills.under", Level.WARNING, f"skills@{rating}",
                sentence(message.format(count=count_word(missing), rating=at, shape=shape_word,
                                        wanted=count_word(may), skill=rules_text(word), skills=plural)),
            ))
    return out


def _room_below(rating: int, allowed: dict[int, int], actual: dict[int, int]) -> int | None:
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
    actual[0] = mediocre_count(character, ruleset)
    word = rules_text(ruleset.skill_word)
    plural = rules_text(ruleset.skill_word_plural)
    out = []
    for rating in sorted((r for r in actual if r > 0), reverse=True):
        below = actual.get(rating - 1, 0)
        have = actual[rating]
        if have <= below:
            continue
        names = _skills_at(character, rating)
        message = ngettext(
            "{count} {skill} at {rating} but {below} at {lower}: no rating may have more {skills} than the "
            "one below it. {fix}",
            "{count} {skills} at {rating} but {below} at {lower}: no rating may have more {skills} than the "
            "one below it. {fix}",
            have,
        )
        out.append(Problem(
            "skills.column", Level.ERROR, f"skills.{names[0]}",
            sentence(message.format(count=count_word(have), skill=word, skills=plural, rating=ladder_label(rating),
                                    below=only_count(below), lower=ladder_label(rating - 1),
                                    fix=_column_fix(actual, rating, names, ruleset))),
        ))
    return out


def _column_fix(actual: dict[int, int], rating: int, names: list[str], ruleset: RuleSet) -> str:
    """Suggest a raise into the row below only when it mends this row without breaking that one."""
    values = {"skill": rules_text(ruleset.skill_word), "names": _names(names), "rating": ladder_label(rating - 1)}
    have, below = actual[rating], actual.get(rating - 1, 0)
    if rating >= 2 and have == below + 1:
        # Raising a skill from rating-2 to rating-1 fills this row's gap; the row below must
        # still have room, i.e. rating-1 stays no larger than rating-2 afterwards.
        source = actual.get(rating - 2, 0)
        if below + 1 <= source - 1:
            if len(names) <= 2:
                return _("Raise another {skill} to {rating}, or lower {names}.").format(**values)
            return _("Raise another {skill} to {rating}, or lower one of {names}.").format(**values)
    if len(names) <= 2:
        return _("Lower {names} to {rating}.").format(**values)
    return _("Lower one of {names} to {rating}.").format(**values)


def _check_budget(character: Character, ruleset: RuleSet, points: int) -> list[Problem]:
    spent = sum(r for r in character.skills.values() if r > 0)
    word = rules_text(ruleset.skill_word)
    plural = rules_text(ruleset.skill_word_plural)
    if spent > points:
        return [Problem(
            "skills.budget", Level.ERROR, "skills",
            ngettext(
                "Your {skills} use {spent} points; the budget is {points}. Lower {skills} by {count} point in all.",
                "Your {skills} use {spent} points; the budget is {points}. Lower {skills} by {count} points in all.",
                spent - points,
            ).format(skills=plural, spent=spent, points=points, count=spent - points),
        )]
    if spent < points:
        return [Problem(
            "skills.under", Level.WARNING, "skills",
            _("{left} of {points} {skill} points still to spend.").format(left=points - spent, points=points, skill=word),
        )]
    return []


# --- aspects ------------------------------------------------------------------------------

_ASPECT_HINTS = {
    AspectRole.HIGH_CONCEPT: N_("sum up who your character is in one phrase"),
    AspectRole.TROUBLE: N_("name what keeps getting your character into trouble"),
    AspectRole.RELATIONSHIP: N_("name someone your character is bound to (this one can wait until last)"),
    AspectRole.FREE: N_("add anything else that makes your character who they are"),
}


def aspect_slots(character: Character, ruleset: RuleSet) -> list[tuple[AspectRole, int | None]]:
    """Each rule-set slot with the index of the character's aspect that fills it (or None). An
    aspect of a role the rule set has no slot for (a relationship written under Fate Condensed,
    in Fate Core) is an ordinary aspect there: it fills a free slot, in its place in the list."""
    # Each role's aspects by index, first first: a slot takes the first not yet taken.
    free: dict[AspectRole, list[int]] = {}
    roles = set(ruleset.aspects)
    for i, aspect in enumerate(character.aspects):
        # An aspect of a kind this rule set has no slot for (a relationship on a Fate Core sheet,
        # made under Fate Condensed) fills a free slot, in its place among them.
        role = aspect.role if aspect.role in roles else AspectRole.FREE
        free.setdefault(role, []).append(i)
    slots: list[tuple[AspectRole, int | None]] = []
    for role in ruleset.aspects:
        waiting = free.get(role)
        slots.append((role, waiting.pop(0) if waiting else None))
    return slots


def _check_aspects(character: Character, ruleset: RuleSet) -> list[Problem]:
    out = []
    free_seen = 0
    aspects = character.aspects
    for slot, (role, index) in enumerate(aspect_slots(character, ruleset)):
        if role == AspectRole.FREE:
            free_seen += 1
        if index is None or not aspects[index].text.strip():
            caption = ruleset.caption(slot)
            if caption is not None:  # the rule set's own words (Fate Core's phase trio)
                out.append(Problem(
                    "aspects.missing", Level.INFO, f"aspects[{slot}]",
                    _("The aspect “{caption}” is empty: {hint}.").format(
                        caption=rules_text(caption.label),
                        hint=rules_text(caption.description) or _(_ASPECT_HINTS[role])),
                ))
                continue
            if role == AspectRole.FREE:
                message = _("The {ordinal} free aspect is empty: {hint}.")
            else:
                message = _("The {role} aspect is empty: {hint}.")
            out.append(Problem(
                "aspects.missing", Level.WARNING, f"aspects[{slot}]",
                message.format(ordinal=ordinal(free_seen), role=role.label, hint=_(_ASPECT_HINTS[role])),
            ))
    for index, aspect in enumerate(aspects):
        if aspect.extreme and aspect.replaced and aspect.text.strip().casefold() == aspect.replaced.strip().casefold():
            out.append(Problem(
                "aspects.extreme_back", Level.ERROR, f"aspects[{index}]",
                _("“{text}” is the aspect an extreme consequence replaced: renaming the extreme consequence may "
                  "never go back to it (it is a permanent change). Give it another name.").format(text=aspect.text),
            ))
    return out + _aspect_counts(character, ruleset)


def _aspect_counts(character: Character, ruleset: RuleSet) -> list[Problem]:
    """One high concept, one trouble (as many as the rule set has), and no more aspects than its slots."""
    written = [a for a in character.aspects if a.text.strip()]
    out = []
    roles: dict[AspectRole, int] = {}
    for aspect in written:
        roles[aspect.role] = roles.get(aspect.role, 0) + 1
    slots = prepared(ruleset).aspect_counts
    for role in _COUNTED_ROLES:
        if role not in slots:
            continue  # a role the rule set has no slot for: such aspects are ordinary ones there
        have, may = roles.get(role, 0), slots.get(role, 0)
        if have > may and (may or role != AspectRole.RELATIONSHIP):  # no relationship slot: an ordinary aspect
            out.append(Problem(
                "aspects.count", Level.ERROR, "aspects",
                sentence(_("{count} aspects are marked {role}, but {ruleset} gives a character {allowed}. "
                           "Make the others ordinary aspects or remove them.").format(
                    count=count_word(have), role=role.label, ruleset=rules_text(ruleset.name),
                    allowed=count_word(may))),
            ))
    if len(written) > len(ruleset.aspects):
        out.append(Problem(
            "aspects.count", Level.ERROR, "aspects",
            sentence(_("{count} aspects, but {ruleset} gives a character {allowed}. Remove {extra}.").format(
                count=count_word(len(written)), ruleset=rules_text(ruleset.name),
                allowed=count_word(len(ruleset.aspects)), extra=count_word(len(written) - len(ruleset.aspects)))),
        ))
    return out


# --- stunts and refresh -------------------------------------------------------------------

def _power_up_hint(character: Character, ruleset: RuleSet, expected: int) -> str:
    """When the extra refresh may be a GM's power-up the history never itemised, say how to record it."""
    missing = unrecorded_power_ups(character, ruleset)
    if character.refresh - expected <= 0 or not missing:
        return ""
    entry = missing[0]
    if entry.when.arc or entry.when.session:
        message = _("If the GM gave the refresh power-up at the {kind} ({when}), record it in that history "
                    "entry as a change of refresh from {before} to {after} (in a file, add "
                    "{{\"field\": \"refresh\", \"before\": {before}, \"after\": {after}}} to the "
                    "entry's changes); the checker then counts it toward the base.")
    else:
        message = _("If the GM gave the refresh power-up at the {kind}, record it in that history "
                    "entry as a change of refresh from {before} to {after} (in a file, add "
                    "{{\"field\": \"refresh\", \"before\": {before}, \"after\": {after}}} to the "
                    "entry's changes); the checker then counts it toward the base.")
    return " " + message.format(kind=rules_text(entry.kind), when=_when_text(entry.when),
                                before=expected, after=expected + 1)


def _when_text(when) -> str:
    parts = []
    if when.arc:
        parts.append(_("arc {number}").format(number=when.arc))
    if when.session:
        parts.append(_("session {number}").format(number=when.session))
    return ", ".join(parts)


def _check_stunts(character: Character, ruleset: RuleSet, derived: Derived) -> list[Problem]:
    out = []
    expected = ruleset.refresh_start + refresh_granted(character, ruleset)
    unrecorded = unrecorded_power_ups(character, ruleset) if character.refresh > expected else []
    if 0 < character.refresh - expected <= len(unrecorded):
        # A GM's power-up the history never itemised: accepted, with a note asking to record it.
        out.append(Problem(
            "refresh.power_up", Level.WARNING, "refresh",
            _("Base refresh is {refresh}, {added} more than the history records: the GM's power-up at the "
              "{kind} may have given it.").format(refresh=character.refresh, added=count_word(character.refresh - expected),
                                                    kind=rules_text(unrecorded[0].kind))
            + _power_up_hint(character, ruleset, expected),
        ))
    elif character.refresh != expected:
        out.append(Problem(
            "refresh.base", Level.ERROR, "refresh",
            (
                _("Base refresh is {refresh}, but a {ruleset} character starts with {start} and advancement "
                  "has added {added}: it should be {expected}. Stunts lower the refresh you play with, not "
                  "the base.")
                if expected != ruleset.refresh_start else
                _("Base refresh is {refresh}, but a {ruleset} character starts with {start}: it should be "
                  "{expected}. Stunts lower the refresh you play with, not the base.")
            ).format(refresh=character.refresh, ruleset=rules_text(ruleset.name), start=ruleset.refresh_start,
                     added=expected - ruleset.refresh_start, expected=expected)
            + _power_up_hint(character, ruleset, expected),
        ))
    if derived.refresh < ruleset.refresh_minimum and derived.extras_refresh:
        out.append(Problem(
            "refresh.minimum", Level.ERROR, "extras",
            _("Stunts and extras bring refresh down to {refresh} ({explanation}), but refresh can never drop "
              "below {minimum}. Switch off or remove an extra costing refresh, or drop a stunt.").format(
                refresh=derived.refresh, explanation=derived.refresh_explanation, minimum=ruleset.refresh_minimum),
        ))
    elif derived.refresh < ruleset.refresh_minimum:
        # Stunt slots extras fill beyond those kept for extras count as stunts here.
        n = len(real_stunts(character)) + derived.extra_stunt_slots
        room = character.refresh - ruleset.refresh_minimum
        if room < 0:
            fix = _("A base refresh of {refresh} is already below it, whatever the stunts.").format(
                refresh=character.refresh)
        else:
            most = ruleset.free_stunts + room // max(1, ruleset.stunt_cost)
            fix = _("With a refresh of {refresh} you can have at most {most} stunts: remove {count}.").format(
                refresh=character.refresh, most=count_word(most), count=count_word(n - most))
        out.append(Problem(
            "refresh.minimum", Level.ERROR, "stunts",
            sentence(ngettext(
                "{count} stunt bring refresh down to {refresh}, but refresh can never drop below {minimum}. {fix}",
                "{count} stunts bring refresh down to {refresh}, but refresh can never drop below {minimum}. {fix}",
                n,
            ).format(count=count_word(n), refresh=derived.refresh, minimum=ruleset.refresh_minimum, fix=fix)),
        ))
    if derived.free_stunts_left > 0:
        left = derived.free_stunts_left
        out.append(Problem(
            "stunts.unused", Level.INFO, "stunts",
            sentence(ngettext(
                "{count} free stunt slot left: add a stunt now, or fill it in during play.",
                "{count} free stunt slots left: add stunts now, or fill them in during play.",
                left,
            ).format(count=count_word(left))),
        ))
    return out


# --- extras and custom tracks ---------------------------------------------------------------

def extras_problems(character: Character, ruleset: RuleSet) -> list[Problem]:
    """Extras are paid from the sheet's budgets (Fate Core SRD, Extras, "Permissions And Costs"):
    skill points come out of the skills the creation shape hands out."""
    if not character.extras:
        return []  # most characters have none
    out = []
    for i, extra in enumerate(character.extras):
        if not extra.name.strip():
            out.append(Problem("extras.name", Level.WARNING, f"extras[{i}]",
                               _("An extra has no name: name it or remove it.")))
        for name in extra.skills:
            if name not in ruleset.skills and not ruleset.allow_custom_skills:
                out.append(Problem(
                    "extras.skill", Level.ERROR, f"extras[{i}].skills",
                    _("{extra} grants {skill}, which is not one of the {ruleset} {skills}.").format(
                        extra=extra.name or _("An extra"), skill=rules_text(name), ruleset=rules_text(ruleset.name),
                        skills=rules_text(ruleset.skill_word_plural)),
                ))
    for group, limit in ruleset.extra_limits.items():
        # Frontier Spirit, "High Technology": "Each character can have at most one stunt
        # representing a piece of 'space opera' technology".
        held = [e for e in character.active_extras() if e.group.strip().casefold() == group.casefold()]
        if len(held) > limit:
            names = [e.name or _("(unnamed)") for e in held]
            out.append(Problem(
                "extras.limit", Level.ERROR, "extras",
                sentence(ngettext(
                    "{count} extras of the kind {group} ({names}), but in {ruleset} a character has at most {limit}. "
                    "Switch off or remove the others.",
                    "{count} extras of the kind {group} ({names}), but in {ruleset} a character has at most {limit}. "
                    "Switch off or remove the others.", limit).format(
                    count=count_word(len(held)), group=rules_text(group), names=", ".join(names),
                    ruleset=rules_text(ruleset.name), limit=count_word(limit))),
            ))
    cost = sum(e.cost.skill_points for e in character.active_extras())
    total = prepared(ruleset).starting_points
    if cost and total is not None and not has_advanced(character, ruleset):
        spent = sum(r for r in character.skills.values() if r > 0)
        if spent + cost > total:
            over = spent + cost - total
            out.append(Problem(
                "skills.extras", Level.ERROR, "skills",
                _("Extras cost {cost} and your {skills} use {spent}: {used} in all, but {ruleset} gives {total}. "
                  "An extra's skill points come out of the same budget: lower {skills} by {over}, or switch the "
                  "extra off.").format(
                    cost=counted_points(cost), skills=rules_text(ruleset.skill_word_plural), spent=spent,
                    used=spent + cost, ruleset=rules_text(ruleset.name), total=total, over=counted_points(over)),
            ))
    return out


def counted_points(n: int) -> str:
    return ngettext("{count} skill point", "{count} skill points", n).format(count=n)


def track_problems(character: Character, ruleset: RuleSet) -> list[Problem]:
    """Custom tracks need ids of their own and a linked skill the character can have."""
    if not character.tracks and not character.extras:
        return []  # no custom tracks (the common case)
    own = prepared(ruleset).own_tracks
    out = []
    for track in character.all_tracks(active_only=False):
        if track.id in own:
            out.append(Problem(
                "tracks.id", Level.ERROR, f"tracks.{track.id}",
                _("The track {track} has the id {id}, which {ruleset}'s own stress track already uses: "
                  "give it another id.").format(track=rules_text(track.name), id=repr(track.id),
                                                ruleset=rules_text(ruleset.name)),
            ))
        if track.skill and track.skill not in ruleset.skills and not ruleset.allow_custom_skills:
            out.append(Problem(
                "tracks.skill", Level.ERROR, f"tracks.{track.id}",
                _("{track} is lengthened by {skill}, which is not one of the {ruleset} {skills}.").format(
                    track=rules_text(track.name), skill=rules_text(track.skill), ruleset=rules_text(ruleset.name),
                    skills=rules_text(ruleset.skill_word_plural)),
            ))
        if track.clears.value == "event" and not track.event.strip():
            out.append(Problem(
                "tracks.event", Level.WARNING, f"tracks.{track.id}",
                _("{track} clears only when something happens: say what (\"eat a proper meal\").").format(
                    track=rules_text(track.name)),
            ))
    return out


# --- modes --------------------------------------------------------------------------------

_STEP_COST = {(0, 1): 1, (1, 2): 2, (0, 2): 3}  # Atomic Robo, "Improving Skills Within Modes"


def mode_problems(character: Character, ruleset: RuleSet) -> list[Problem]:
    """Atomic Robo, "Modes": rate each of your modes once from the list; every skill is trained at its
    mode's rating, at most two steps above it, improved with skill points."""
    rules = ruleset.modes
    assert rules is not None
    out = []
    for name in character.modes:
        if rules.find(name) is None:
            known = join_words([rules_text(m.name) for m in rules.modes], "or")
            out.append(Problem("modes.unknown", Level.ERROR, f"modes.{name}",
                               _("{name} is not a mode here ({known}).").format(name=rules_text(name), known=known)))
    wanted = sorted(rules.ratings, reverse=True)
    have = sorted(character.modes.values(), reverse=True)
    if have != wanted:
        rows = join_words([ladder_label(r) for r in wanted])
        out.append(Problem(
            "modes.ratings", Level.ERROR if len(have) >= len(wanted) else Level.WARNING, "modes",
            _("Rate {count} modes, one each at {ratings}; this sheet has {have}.").format(
                count=count_word(len(wanted)), ratings=rows,
                have=join_words([ladder_label(r) for r in have]) if have else _("none")),
        ))
    for mode, split in character.mode_stress.items():
        # "Modes and Stress": a mode's extra boxes go to its tracks as the player picks, all of them.
        spec = rules.find(mode)
        rating = character.modes.get(spec.name) if spec is not None else None
        n = mode_box_count(ruleset, rating) if rating is not None else 0
        tracks = mode_tracks(ruleset, mode)
        wrong = [t for t in split if t not in tracks and split[t]]
        if spec is None or rating is None or sum(split.values()) != n or wrong:
            names = join_words([rules_text(ruleset_track_name(ruleset, t)).lower() for t in tracks] or [_("none")], "or")
            out.append(Problem(
                "modes.stress", Level.ERROR, f"mode_stress.{mode}",
                ngettext("Your {mode} mode adds {count} stress box, to {tracks} stress; the sheet places {placed}. "
                         "Choose again where it goes.",
                         "Your {mode} mode adds {count} stress boxes, to {tracks} stress; the sheet places {placed}. "
                         "Choose again where they go.", n).format(
                    mode=rules_text(mode), count=count_word(n), tracks=names, placed=count_word(sum(split.values()))),
            ))
    base = mode_base(character, ruleset)
    spent = 0
    for skill, rating in sorted(character.skills.items()):
        if skill not in base:
            out.append(Problem(
                "modes.skill", Level.ERROR, f"skills.{skill}",
                _("{skill} is in none of your modes, so it stays {mediocre}: skills are rated through their "
                  "mode.").format(skill=rules_text(skill), mediocre=ladder_label(0)),
            ))
            continue
        trained, mode = base[skill]
        top = character.modes[mode] + 2
        if rating < trained:
            out.append(Problem(
                "modes.below", Level.ERROR, f"skills.{skill}",
                _("{skill} is {rating}, but your {mode} mode trains it at {trained}.").format(
                    skill=rules_text(skill), rating=ladder_label(rating), mode=rules_text(mode),
                    trained=ladder_label(trained)),
            ))
        elif rating > top:
            out.append(Problem(
                "modes.above", Level.ERROR, f"skills.{skill}",
                _("{skill} is {rating}, but no skill goes more than two steps above its mode: at most {top} "
                  "under {mode}.").format(skill=rules_text(skill), rating=ladder_label(rating), top=ladder_label(top),
                                          mode=rules_text(mode)),
            ))
        else:
            spent += _STEP_COST.get((trained - character.modes[mode], rating - character.modes[mode]), 0)
    # Atomic Robo, "Improving Skills Within Modes": skill points from milestones improve skills too.
    granted = skill_points_granted(character, ruleset) - character.saved_skill_points
    budget = rules.improvement_points(list(character.modes)) + granted
    if spent > budget:
        if granted:
            message = _("Focusing and specializing skills costs {cost} here (1 to focus, 2 more to specialize), "
                        "but your modes leave {left} of the {total} character points and advancement {granted}. "
                        "Bring a skill back down toward its mode.")
        else:
            message = _("Focusing and specializing skills costs {cost} here (1 to focus, 2 more to specialize), "
                        "but your modes leave {left} of the {total} character points. "
                        "Bring a skill back down toward its mode.")
        out.append(Problem(
            "modes.points", Level.ERROR, "skills",
            message.format(cost=counted_points(spent), left=rules.improvement_points(list(character.modes)),
                           total=rules.character_points, granted=granted),
        ))
    return out


# --- minor NPCs ---------------------------------------------------------------------------

def _check_minor_npc(character: Character, derived: Derived) -> list[Problem]:
    out = []
    aspects = [a for a in character.aspects if a.text.strip()]
    if not 1 <= len(aspects) <= 3:
        out.append(Problem(
            "npc.aspects", Level.WARNING, "aspects",
            _("A minor NPC usually has one to three aspects; this one has {count}.").format(
                count=count_word(len(aspects)) if len(aspects) else _("none")),
        ))
    if not 1 <= len(character.skills) <= 2:
        out.append(Problem(
            "npc.skills", Level.WARNING, "skills",
            _("A minor NPC usually has one or two skills; this one has {count}.").format(
                count=count_word(len(character.skills)) if len(character.skills) else _("none")),
        ))
    if len(character.stunts) > 1:
        out.append(Problem(
            "npc.stunts", Level.WARNING, "stunts",
            _("A minor NPC usually has at most one stunt; this one has {count}.").format(
                count=count_word(len(character.stunts)) if len(character.stunts) else _("none")),
        ))
    boxes = sum(len(v) for v in derived.stress.values())
    if boxes > 3:
        out.append(Problem(
            "npc.stress", Level.WARNING, "stress",
            _("A minor NPC usually has no more than three stress boxes; this one has {count}.").format(count=boxes),
        ))
    if derived.consequences:
        out.append(Problem(
            "npc.consequences", Level.WARNING, "consequences",
            _("Minor NPCs normally take no consequences; consider making this a major NPC."),
        ))
    return out


@dataclass(frozen=True)
class ChoiceStatus:
    """One thing a dialog may offer: whether it is available now, and why not if it is not."""

    value: object
    available: bool
    reason: str = ""
    label: str = ""
