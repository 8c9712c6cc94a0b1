"""Milestones and breakthroughs: what a character may change, offered and applied by the rules.

`milestone_options` / `breakthrough_options` list every choice with whether it is available
and why not; `apply_milestone`, `apply_breakthrough` and `spend_skill_points` apply a choice
or raise `Refused`. Each returns `Applied(character, entry)`; the input is never changed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import (
    Aspect,
    AspectRole,
    CampaignOptions,
    Character,
    ClockStamp,
    Consequence,
    HistoryEntry,
    Severity,
    Stunt,
    ladder_label,
)

from fate_desk.rules.creation.checker import Level, Problem, check
from fate_desk.rules.creation.derive import count_word, derive, join_words, slot_text
from fate_desk.rules.creation.grants import skill_cap
from fate_desk.rules.harm.absorb import slots_of
from fate_desk.rules.creation.history import Applied, Refused, counted, diff_characters, record
from fate_desk.rules.advancement.raises import (
    BREAKTHROUGH_MARK,
    ChoiceStatus,
    column_applies,
    column_refusals,
    describe_raises,
    raise_options,
    raise_problems,
    with_raises,
)
from fate_desk.rules.harm.recovery import begin_recovery, recovering
from fate_desk.rules.creation.ruleset import ChangeKind, MilestoneGrant, MilestoneLevel, RuleSet


class MilestoneKind(StrEnum):
    SWAP_SKILLS = "swap_skills"
    REPLACE_SKILL = "replace_skill"
    REWRITE_STUNT = "rewrite_stunt"
    BUY_STUNT = "buy_stunt"
    REWRITE_ASPECT = "rewrite_aspect"

    @property
    def label(self) -> str:
        return _(self.english)

    @property
    def approach_label(self) -> str:
        """The label for a rule set of approaches (Fate Accelerated), a whole message too."""
        names = {
            "swap_skills": N_("Swap the ratings of two approaches"),
            "replace_skill": N_("Replace an Average (+1) approach with a new one"),
        }  # marked here, translated below
        return _(names.get(self.value, self.english))

    @property
    def english(self) -> str:
        """The label in English, as the rule set's own words are fitted into it (_worded)."""
        return {
            "swap_skills": N_("Swap the ratings of two skills"),
            "replace_skill": N_("Replace an Average (+1) skill with a new one"),
            "rewrite_stunt": N_("Rewrite a stunt"),
            "buy_stunt": N_("Buy a new stunt"),  # what it costs (refresh, or nothing) is its note
            "rewrite_aspect": N_("Rewrite an aspect (not the high concept)"),
        }[self.value]


@dataclass(frozen=True)
class SwapSkills:
    first: str
    second: str
    kind = MilestoneKind.SWAP_SKILLS


@dataclass(frozen=True)
class ReplaceSkill:
    old: str  # a skill at Average (+1)
    new: str  # a skill not on the sheet
    kind = MilestoneKind.REPLACE_SKILL


@dataclass(frozen=True)
class RewriteStunt:
    index: int
    name: str
    text: str
    kind = MilestoneKind.REWRITE_STUNT


@dataclass(frozen=True)
class BuyStunt:
    name: str
    text: str
    kind = MilestoneKind.BUY_STUNT


@dataclass(frozen=True)
class RewriteAspect:
    index: int
    text: str
    kind = MilestoneKind.REWRITE_ASPECT


MilestoneChoice = SwapSkills | ReplaceSkill | RewriteStunt | BuyStunt | RewriteAspect


@dataclass(frozen=True)
class BreakthroughChoice:
    """Everything decided at a milestone or breakthrough; the defaults take it and save any point.

    Which fields a given kind may use is the rule set's dial (`ruleset.advancement.grants`).
    """

    milestone: MilestoneChoice | None = None
    high_concept: str | None = None  # the rewritten high concept, if wanted
    recoveries: dict[str, str] = field(default_factory=dict)  # slot -> new name: begin recovery
    raises: tuple[str, ...] = ()  # skills raised one step each now; unspent points are saved
    gm_refresh: bool = False  # power-up offered by the GM: +1 refresh
    gm_skill_point: bool = False  # power-up offered by the GM: a second skill point
    new_stunt: Stunt | None = None  # bought at once with the power-up refresh
    extreme_renames: dict[int, str] = field(default_factory=dict)  # aspect index -> new text
    clears: tuple[str, ...] = ()  # slots of consequences held long enough to clear (Accelerated)


# --- what is on offer -------------------------------------------------------------------------


def _rated(character: Character) -> list[str]:
    return sorted(n for n, r in character.skills.items() if r != 0)


def replacement_candidates(character: Character, ruleset: RuleSet) -> tuple[list[str], list[str]]:
    """(skills at Average (+1) that may go, listed skills not on the sheet that may come in)."""
    olds = sorted(n for n, r in character.skills.items() if r == 1)
    news = [s for s in ruleset.skills if character.rating(s) == 0]
    return olds, news


def concept_moment(ruleset: RuleSet | None) -> str:
    """'a breakthrough', 'a major milestone': when the rule set lets the high concept change."""
    if ruleset is None:
        return _("a breakthrough")
    dials = ruleset.advancement
    names = [dials.grants[lv].label for lv in dials.levels() if dials.total(lv).high_concept]
    return join_words([
        (_("an {milestone}") if n[:1].lower() in "aeiou" else _("a {milestone}")).format(milestone=rules_text(n).lower())
        for n in names
    ], "or") or _("no milestone")


def aspect_options(character: Character, ruleset: RuleSet | None = None) -> list[ChoiceStatus]:
    """Which aspects a milestone may rewrite, with the reason for each that it may not."""
    when = concept_moment(ruleset)
    out = []
    for i, aspect in enumerate(character.aspects):
        label = _("{role}: {text}").format(role=aspect.role.label, text=aspect.text or _("(empty)"))
        if aspect.role == AspectRole.HIGH_CONCEPT:
            out.append(
                ChoiceStatus(i, False, _("The high concept can only be rewritten at {when}.").format(when=when), label)
            )
        elif aspect.extreme:
            out.append(
                ChoiceStatus(
                    i,
                    False,
                    _("This is an extreme consequence: it is permanent, and only {when} may rename it.").format(when=when),
                    label,
                )
            )
        else:
            out.append(ChoiceStatus(i, True, "", label))
    return out


def _stunt_cost_text(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None
) -> tuple[bool, str]:
    more = character.model_copy(update={"stunts": [*character.stunts, Stunt(name="new")]})
    after = derive(more, ruleset, options).refresh
    now = derive(character, ruleset, options).refresh
    if after < ruleset.refresh_minimum:
        return False, (
            _("A new stunt would bring your refresh down to {after}, but refresh can never drop below {refresh_minimum}.").format(after=after, refresh_minimum=ruleset.refresh_minimum)
        )
    if after == now:
        return True, _("A free stunt slot is open: this stunt costs no refresh.")
    return True, _("Refresh goes from {now} to {after}.").format(now=now, after=after)


def milestone_options(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None = None
) -> list[ChoiceStatus]:
    """The five milestone choices, each available or not, with the reason (or the cost)."""
    word, plural = rules_text(ruleset.skill_word), rules_text(ruleset.skill_word_plural)
    rated = _rated(character)
    distinct = len({character.rating(n) for n in rated})
    olds, news = replacement_candidates(character, ruleset)
    out = []
    if distinct >= 2:
        out.append(ChoiceStatus(MilestoneKind.SWAP_SKILLS, True, "", MilestoneKind.SWAP_SKILLS.label))
    else:
        out.append(
            ChoiceStatus(
                MilestoneKind.SWAP_SKILLS,
                False,
                _("You need two {plural} on your sheet with different ratings to swap.").format(plural=plural),
                MilestoneKind.SWAP_SKILLS.label,
            )
        )
    if not olds:
        reason = _("No {word} is at Average (+1), so there is none to replace.").format(word=word)
    elif not news and not ruleset.allow_custom_skills:
        reason = _("Every {name} {word} is already on your sheet.").format(name=rules_text(ruleset.name), word=word)
    else:
        reason = ""
    out.append(
        ChoiceStatus(MilestoneKind.REPLACE_SKILL, not reason, reason, MilestoneKind.REPLACE_SKILL.label)
    )
    out.append(
        ChoiceStatus(
            MilestoneKind.REWRITE_STUNT,
            bool(character.stunts),
            "" if character.stunts else _("You have no stunt to rewrite."),
            MilestoneKind.REWRITE_STUNT.label,
        )
    )
    ok, why = _stunt_cost_text(character, ruleset, options)
    out.append(ChoiceStatus(MilestoneKind.BUY_STUNT, ok, why, MilestoneKind.BUY_STUNT.label))
    free = any(s.available for s in aspect_options(character, ruleset))
    out.append(
        ChoiceStatus(
            MilestoneKind.REWRITE_ASPECT,
            free,
            (
                ""
                if free
                else _("There is no aspect a milestone may rewrite (the high concept waits for {when}).").format(when=concept_moment(ruleset))
            ),
            MilestoneKind.REWRITE_ASPECT.label,
        )
    )
    # Only the changes this rule set's milestones offer, worded with its own word for skills.
    allowed = {k.value for k in ruleset.advancement.changes}
    return [
        ChoiceStatus(s.value, s.available, s.reason, _worded(s.value, ruleset))
        for s in out
        if s.value.value in allowed
    ]


def _worded(kind: MilestoneKind, ruleset: RuleSet) -> str:
    if ruleset.skill_word == "skill":
        return kind.label
    if ruleset.skill_word == "approach":
        return kind.approach_label
    return _(kind.english.replace("skills", ruleset.skill_word_plural).replace("skill", ruleset.skill_word))  # i18n: a pack's own word


@dataclass(frozen=True)
class BreakthroughOptions:
    """What a milestone or breakthrough dialog offers: exactly the parts its kind grants."""

    milestone: list[ChoiceStatus]
    begin_recovery: list[ChoiceStatus]  # consequences that may begin recovery (slot ids)
    clears: list[str]  # names of consequences in recovery, which clear
    extreme_aspects: list[int]  # aspect indexes an extreme consequence replaced (may be renamed)
    skill_points: int  # saved points plus this milestone's (before any power-up)
    raises: list[ChoiceStatus]  # each skill raised one step on its own
    level: MilestoneLevel = MilestoneLevel.BREAKTHROUGH
    grant: MilestoneGrant | None = None
    clear_held: list[ChoiceStatus] = field(default_factory=list)  # held long enough to clear
    cap: int | None = None  # the skill cap raises must respect
    above_cap: int = 0  # skills that may go one step above it now


def breakthrough_options(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None = None
) -> BreakthroughOptions:
    return advance_options(character, arc_level(ruleset), ruleset, options)


def advance_options(
    character: Character,
    level: MilestoneLevel,
    ruleset: RuleSet,
    options: CampaignOptions | None = None,
    when: ClockStamp | None = None,
) -> BreakthroughOptions:
    grant = ruleset.advancement.total(level)
    slots = slots_of(character, ruleset, options)
    begin, clears = [], []
    for c in character.consequences:
        slot = slots.get(c.slot)
        if slot is None:
            continue
        name = c.text or slot.label
        if recovering(c, ruleset) and slot.severity in grant.clear_recovering:
            if not _whole_scenario_due(c, slot.severity, ruleset):
                clears.append(name)
        elif not c.recovering and slot.severity in grant.begin_recovery:
            begin.append(ChoiceStatus(c.slot, True, "", _("{slot}: {name}").format(slot=slot_text(slot), name=name)))
    probe = character.model_copy(update={"advancement": [*character.advancement, HistoryEntry(kind=level.history_kind)]})
    cap = skill_cap(character, ruleset)
    above = 1 if grant.raise_cap else 0
    marked = probe
    if ruleset.column_rule:
        marked = probe.model_copy(update={"advancement": [*probe.advancement, BREAKTHROUGH_MARK]})
    return BreakthroughOptions(
        milestone=milestone_options(character, ruleset, options) if grant.change else [],
        begin_recovery=begin,
        clears=clears,
        extreme_aspects=[i for i, a in enumerate(character.aspects) if a.extreme] if grant.rename_extreme else [],
        skill_points=character.saved_skill_points + grant.skill_points,
        raises=raise_options(marked, ruleset, cap, above),
        level=level,
        grant=grant,
        clear_held=clear_held_options(character, ruleset, options, grant, when),
        cap=cap,
        above_cap=above,
    )


def arc_level(ruleset: RuleSet) -> MilestoneLevel:
    """The milestone the end of an arc brings (the largest the rule set has, if it leaves it open)."""
    dials = ruleset.advancement
    if dials.arc_end in dials.grants:
        return dials.arc_end
    return max(dials.levels(), key=list(MilestoneLevel).index)


# --- applying ---------------------------------------------------------------------------------


def _problem(code: str, path: str, message: str) -> Problem:
    return Problem(code, Level.ERROR, path, message)


def _milestone_step(
    work: Character, choice: MilestoneChoice, ruleset: RuleSet, options: CampaignOptions | None
) -> tuple[str, list[Problem]]:
    """Apply one milestone choice to the working copy; returns (summary, problems)."""
    word, plural = rules_text(ruleset.skill_word), rules_text(ruleset.skill_word_plural)
    if isinstance(choice, SwapSkills):
        a, b = choice.first.strip(), choice.second.strip()
        off = [n for n in (a, b) if work.rating(n) == 0]
        if off:
            return "", [
                _problem(
                    "milestone.swap_unrated",
                    f"skills.{off[0]}",
                    _("{value} is not on your sheet: a swap trades the ratings of two {plural} you have. To bring in a new {word}, replace one at Average (+1) instead.").format(value=off[0], plural=plural, word=word),
                )
            ]
        if a == b or work.rating(a) == work.rating(b):
            return "", [
                _problem(
                    "milestone.swap_same",
                    f"skills.{a}",
                    _("{a} and {b} are both {rating}: swapping them changes nothing.").format(a=rules_text(a), b=rules_text(b), rating=ladder_label(work.rating(a))),
                )
            ]
        ra, rb = work.rating(a), work.rating(b)
        work.skills = {**work.skills, a: rb, b: ra}
        return _("Swapped {a} ({rating}) and {b} ({rating2}).").format(a=rules_text(a), rating=ladder_label(ra), b=rules_text(b), rating2=ladder_label(rb)), []
    if isinstance(choice, ReplaceSkill):
        old, new = choice.old.strip(), choice.new.strip()
        if work.rating(old) != 1:
            return "", [
                _problem(
                    "milestone.replace_rating",
                    f"skills.{old}",
                    _("Only a {word} at Average (+1) can be replaced; {old} is {rating}.").format(word=word, old=rules_text(old), rating=ladder_label(work.rating(old))),
                )
            ]
        if not new:
            return "", [_problem("milestone.replace_name", "skills", _("Name the new {word}.").format(word=word))]
        if work.rating(new) != 0:
            return "", [
                _problem(
                    "milestone.replace_known",
                    f"skills.{new}",
                    _("{new} is already on your sheet at {rating}; choose a {word} that is not.").format(new=rules_text(new), rating=ladder_label(work.rating(new)), word=word),
                )
            ]
        if new not in ruleset.skills and not ruleset.allow_custom_skills:
            return "", [
                _problem(
                    "milestone.replace_unknown",
                    f"skills.{new}",
                    _("{new} is not one of the {name} {plural} ({value}).").format(new=rules_text(new), name=rules_text(ruleset.name), plural=plural, value=', '.join((rules_text(s) for s in ruleset.skills))),
                )
            ]
        skills = {k: v for k, v in work.skills.items() if k != old}
        work.skills = {**skills, new: 1}
        return _("Replaced {old} with {new} at Average (+1).").format(old=rules_text(old), new=rules_text(new)), []
    if isinstance(choice, RewriteStunt):
        if not 0 <= choice.index < len(work.stunts):
            return "", [_problem("milestone.stunt_index", "stunts", _("Choose one of your stunts to rewrite."))]
        new = Stunt(name=choice.name.strip(), text=choice.text.strip())
        old = work.stunts[choice.index]
        if not (new.name or new.text):
            return "", [_problem("milestone.stunt_empty", f"stunts[{choice.index}]", _("Write the new stunt."))]
        if new == old:
            return "", [
                _problem("milestone.stunt_same", f"stunts[{choice.index}]", _("The stunt is unchanged."))
            ]
        stunts = list(work.stunts)
        stunts[choice.index] = new
        work.stunts = stunts
        return _("Rewrote the stunt “{stunt}” as “{stunt2}”.").format(stunt=old.name or old.text[:40], stunt2=new.name or new.text[:40]), []
    if isinstance(choice, BuyStunt):
        new = Stunt(name=choice.name.strip(), text=choice.text.strip())
        if not (new.name or new.text):
            return "", [_problem("milestone.stunt_empty", "stunts", _("Write the new stunt."))]
        ok, why = _stunt_cost_text(work, ruleset, options)
        if not ok:
            return "", [_problem("milestone.refresh", "stunts", why)]
        work.stunts = [*work.stunts, new]
        return _("Bought the stunt “{stunt}”. {why}").format(stunt=new.name or new.text[:40], why=why), []
    if isinstance(choice, RewriteAspect):
        status = next((s for s in aspect_options(work, ruleset) if s.value == choice.index), None)
        if status is None:
            return "", [
                _problem("milestone.aspect_index", "aspects", _("Choose one of your aspects to rewrite."))
            ]
        if not status.available:
            return "", [_problem("milestone.aspect_locked", f"aspects[{choice.index}]", status.reason)]
        text = choice.text.strip()
        old = work.aspects[choice.index]
        if not text or text == old.text:
            return "", [
                _problem("milestone.aspect_same", f"aspects[{choice.index}]", _("Write the new aspect."))
            ]
        aspects = list(work.aspects)
        aspects[choice.index] = old.model_copy(update={"text": text})
        work.aspects = aspects
        return _("Rewrote the aspect “{text}” as “{text2}”.").format(text=old.text, text2=text), []
    return "", [_problem("milestone.unknown", "", _("That is not a milestone choice."))]


# The step itself accounts for these: it spends the points and refresh its kind grants, and
# the column rule is judged on the raises (with a clearer message).
_OWN_CHECKS = frozenset({"skills.column", "skills.points", "refresh.base"})


def rule_problems(
    before: Character, after: Character, ruleset: RuleSet, options: CampaignOptions | None, what: str
) -> list[Problem]:
    """Checker errors the step from `before` to `after` introduces (column breaches included)."""
    if after.has_breakthrough() and not before.has_breakthrough():
        before = before.model_copy(update={"advancement": [*before.advancement, BREAKTHROUGH_MARK]})
    old = {(p.code, p.path) for p in check(before, ruleset, options).errors}
    out = [
        p
        for p in check(after, ruleset, options).errors
        if p.code not in _OWN_CHECKS and (p.code, p.path) not in old
    ]
    if column_applies(after, ruleset):
        out += column_refusals(before, after, ruleset, what)
    return out


def _once(character: Character, kind: str, when: ClockStamp | None) -> list[Problem]:
    if when is None:
        return []
    per_arc = kind in ("breakthrough", "major milestone")
    unit, number = ("arc", when.arc) if per_arc else ("session", when.session)
    if number and any(e.kind == kind and getattr(e.when, unit) == number for e in character.advancement):
        message = (_("You already took the {kind} for arc {number}.") if per_arc
                   else _("You already took the {kind} for session {number}."))
        return [_problem(f"{kind.replace(' ', '_')}.taken", "advancement",
                         message.format(kind=rules_text(kind), number=number))]
    return []


def apply_milestone(
    character: Character,
    choice: MilestoneChoice | None,
    ruleset: RuleSet,
    options: CampaignOptions | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Take a session's milestone: exactly one choice, or None to let it pass (also recorded)."""
    problems = _once(character, "milestone", when)
    if problems:
        raise Refused(problems)
    if choice is None:
        work = character.model_copy(deep=True)
        return record(character, work, "milestone", _("Milestone passed without a change."), when, at)
    return apply_advance(character, _session_level(ruleset), BreakthroughChoice(milestone=choice),
                         ruleset, options, when, at)


def _session_level(ruleset: RuleSet) -> MilestoneLevel:
    """The smallest milestone the rule set has (a session's end, unless it says otherwise)."""
    return ruleset.advancement.levels()[0]


def _spend(
    work: Character, raises: list[str], points: int, ruleset: RuleSet, above: int = 0
) -> tuple[str, list[Problem]]:
    if len(raises) > points:
        return "", [
            _problem(
                "advance.points",
                "saved_skill_points",
                _("That is {raises}, but you have {points} to spend.").format(raises=counted(len(raises), 'raise'), points=counted(points, 'skill point')),  # i18n: not shown (a key)
            )
        ]
    problems = raise_problems(work, ruleset, raises, skill_cap(work, ruleset), above)
    if problems:
        return "", problems
    text = describe_raises(work, raises) if raises else ""
    work.skills = with_raises(work, raises).skills
    work.saved_skill_points = points - len(raises)
    return text, []


def apply_breakthrough(
    character: Character,
    choice: BreakthroughChoice,
    ruleset: RuleSet,
    options: CampaignOptions | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Take an arc's advancement: Condensed's breakthrough, or the rule set's arc-end milestone."""
    level = arc_level(ruleset)
    return apply_advance(character, level, choice, ruleset, options, when, at)


def _not_granted(what: str, label: str) -> Problem:
    return _problem("advance.not_granted", "advancement", _("A {label} does not {what}.").format(label=label.lower(), what=what))


def apply_advance(
    character: Character,
    level: MilestoneLevel,
    choice: BreakthroughChoice,
    ruleset: RuleSet,
    options: CampaignOptions | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Take one milestone of the rule set's kinds; every part is checked against what that kind
    grants, and all of it lands or none of it."""
    dials = ruleset.advancement
    if level not in dials.grants:
        kinds = join_words([rules_text(dials.grants[lv].label).lower() for lv in dials.levels()], "or")
        raise Refused([_problem("advance.kind", "advancement", _("{name} has no such milestone (it has {kinds}).").format(name=rules_text(ruleset.name), kinds=kinds))])
    grant = dials.total(level)
    label = rules_text(grant.label)
    kind = level.history_kind
    problems = _once(character, kind, when)
    if problems:
        raise Refused(problems)
    work = character.model_copy(deep=True)
    done: list[str] = []
    extra_refresh = grant.refresh + (1 if choice.gm_refresh and grant.gm_power_up else 0)
    if choice.gm_refresh and not grant.gm_power_up:
        problems.append(_not_granted(_("bring the GM's power-up"), label))
    if extra_refresh:  # first, so the milestone may spend it on a stunt too
        work.refresh = work.refresh + extra_refresh
        what = _("Power-up") if choice.gm_refresh and grant.gm_power_up else label
        done.append(_("{what}: refresh {refresh} → {refresh2}.").format(what=what, refresh=character.refresh, refresh2=work.refresh))
    if choice.milestone is not None:
        if not grant.change:
            problems.append(_not_granted(_("allow a change of this kind"), label))
        elif ChangeKind(choice.milestone.kind.value) not in dials.changes:
            problems.append(_problem(
                "milestone.not_offered", "advancement",
                _("{ruleset} milestones do not offer this change ({change}).").format(
                    ruleset=rules_text(ruleset.name), change=_worded(choice.milestone.kind, ruleset)),
            ))
        else:
            text, step = _milestone_step(work, choice.milestone, ruleset, options)
            problems += step
            done.append(text)
    if choice.high_concept is not None and not grant.high_concept:
        problems.append(_not_granted(_("let you rewrite the high concept"), label))
    else:
        problems += _rewrite_concept(work, choice.high_concept, done)
    if choice.extreme_renames and not grant.rename_extreme:
        problems.append(_not_granted(_("rename an extreme consequence"), label))
    else:
        problems += _rename_extremes(work, choice.extreme_renames, done)
    problems += _recover(work, ruleset, options, choice.recoveries, when, done, grant, label)
    problems += _clear_held(work, ruleset, options, choice.clears, when, done, grant, label)
    if choice.new_stunt is not None:
        if extra_refresh:
            stunt = Stunt(name=choice.new_stunt.name.strip(), text=choice.new_stunt.text.strip())
            work.stunts = [*work.stunts, stunt]
            done.append(_("Bought the stunt “{stunt}” with it.").format(stunt=stunt.name or stunt.text[:40]))
        else:
            problems.append(
                _problem(
                    "breakthrough.stunt",
                    "stunts",
                    _(
"Only the GM's refresh power-up buys a stunt outside the milestone; "
                    "buy it as the milestone instead.")
                    if grant.gm_power_up
                    else _("A {label} grants no refresh to buy a stunt with; buy it as the change instead.").format(label=label.lower()),
                )
            )
    if choice.gm_skill_point and not grant.gm_power_up:
        problems.append(_not_granted(_("bring the GM's power-up"), label))
    gained = grant.skill_points + (1 if choice.gm_skill_point and grant.gm_power_up else 0)
    points = work.saved_skill_points + gained
    if choice.raises or gained:
        text, spend_problems = _spend(work, list(choice.raises), points, ruleset, 1 if grant.raise_cap else 0)
        problems += spend_problems
        if not problems:
            done.append(f"{text}." if text else "")
            if work.saved_skill_points:
                n = work.saved_skill_points
                saved = ngettext("{count} skill point saved.", "{count} skill points saved.", n).format(count=count_word(n))
                done.append(saved[:1].upper() + saved[1:])
    if not problems:
        # The probe entry carries the raises, so a skill taken past the cap raises it (Fate Core).
        entry = HistoryEntry(kind=kind, changes=diff_characters(character, work))
        probe = work.model_copy(update={"advancement": [*work.advancement, entry]})
        problems = rule_problems(character, probe, ruleset, options, _("This {label}").format(label=label.lower()))
    if problems:
        raise Refused(problems)
    summary = " ".join(d for d in done if d) or _("{milestone} taken.").format(milestone=label)
    return record(character, work, kind, summary, when, at)


def _rewrite_concept(work: Character, text: str | None, done: list[str]) -> list[Problem]:
    if text is None:
        return []
    text = text.strip()
    index = next((i for i, a in enumerate(work.aspects) if a.role == AspectRole.HIGH_CONCEPT), None)
    if not text:
        return [
            _problem("breakthrough.concept", "aspects", _("Write the new high concept (or leave it as it is)."))
        ]
    aspects = list(work.aspects)
    if index is None:
        aspects.insert(0, Aspect(role=AspectRole.HIGH_CONCEPT, text=text))
    elif aspects[index].text == text:
        return []
    else:
        aspects[index] = aspects[index].model_copy(update={"text": text})
    work.aspects = aspects
    done.append(_("High concept is now “{text}”.").format(text=text))
    return []


def _rename_extremes(work: Character, renames: dict[int, str], done: list[str]) -> list[Problem]:
    aspects = list(work.aspects)
    out = []
    for index, text in renames.items():
        if not 0 <= index < len(aspects) or not aspects[index].extreme:
            out.append(
                _problem(
                    "breakthrough.extreme",
                    f"aspects[{index}]",
                    _("Only an aspect an extreme consequence replaced is renamed this way."),
                )
            )
        elif aspects[index].replaced and text.strip().casefold() == aspects[index].replaced.strip().casefold():
            # Fate Core, "Extreme Consequences": "as long as you don't just switch it out for whatever
            # your old aspect was"; Fate Condensed: "you can't go back to the original aspect".
            out.append(
                _problem(
                    "breakthrough.extreme_back",
                    f"aspects[{index}]",
                    _("“{text}” is the aspect the extreme consequence replaced: a rename may never go back to it. "
                      "Name how the character has come to terms with it instead.").format(text=text.strip()),
                )
            )
        elif text.strip():
            done.append(_("Came to terms with “{text}”: now “{value}”.").format(text=aspects[index].text, value=text.strip()))
            aspects[index] = aspects[index].model_copy(update={"text": text.strip()})
    work.aspects = aspects
    return out


def _recover(
    work: Character,
    ruleset: RuleSet,
    options: CampaignOptions | None,
    recoveries: dict[str, str],
    when: ClockStamp | None,
    done: list[str],
    grant: MilestoneGrant,
    label: str,
) -> list[Problem]:
    """Consequences of the kinds the grant names: those recovering clear, the chosen begin recovery."""
    slots = slots_of(work, ruleset, options)
    kept, cleared, started, waiting = [], [], [], []
    for c in work.consequences:
        slot = slots.get(c.slot)
        severity = slot.severity if slot else None
        if severity == Severity.EXTREME and grant.rename_extreme:
            cleared.append(_("the extreme consequence slot (“{text}” stays as an aspect)").format(text=c.text))
        elif severity in grant.clear_recovering and recovering(c, ruleset):
            if _whole_scenario_due(c, severity, ruleset):
                # Fate Core: treated during this scenario, it clears at the end of the next one.
                kept.append(c.model_copy(update={"scenario_started": True}))
                waiting.append(f"“{c.text or slot.label}”")
            else:
                cleared.append(f"“{c.text or slot.label}”")
        elif severity in grant.begin_recovery and c.slot in recoveries and not c.recovering:
            new = begin_recovery(c, recoveries[c.slot], when)
            if severity in grant.clear_recovering:  # begun at a scenario's end: the next one is whole
                new = new.model_copy(update={"scenario_started": True})
            started.append(f"“{new.text}”")
            kept.append(new)
        else:
            kept.append(c)
    wrong = [
        s
        for s in recoveries
        if not any(
            c.slot == s and not c.recovering and slots.get(s) and slots[s].severity in grant.begin_recovery
            for c in work.consequences
        )
    ]
    if wrong:
        kinds = join_words([sev.label.lower() for sev in grant.begin_recovery], "or") or _("no")
        return [
            _problem(
                "breakthrough.recovery",
                f"consequences.{wrong[0]}",
                ngettext(
                    "A {milestone} starts recovery only for {kinds} consequences not yet recovering; {names} is "
                    "not one.",
                    "A {milestone} starts recovery only for {kinds} consequences not yet recovering; {names} are "
                    "not one.",
                    len(wrong),
                ).format(milestone=label.lower(), kinds=kinds, names=join_words(wrong)),
            )
        ]
    work.consequences = kept
    if cleared:
        done.append(_("Cleared {names}.").format(names=join_words(cleared)))
    if started:
        done.append(_("Began recovery: {names}.").format(names=join_words(started)))
    if waiting:
        done.append(_("Still recovering: {names} (cleared after one whole scenario of recovery).").format(names=join_words(waiting)))
    return []


def _whole_scenario_due(c: Consequence, severity: Severity | None, ruleset: RuleSet) -> bool:
    """Fate Core ("Recovering from Consequences"): a severe consequence recovers through one whole
    scenario; one treated during this scenario waits for the end of the next."""
    return ruleset.severe_whole_scenario and severity == Severity.SEVERE and not c.scenario_started


def held_sessions(character: Character, slot: str, when: ClockStamp | None) -> int | None:
    """Sessions since the consequence in `slot` was taken, from the history (None: not recorded)."""
    if when is None:
        return None
    for entry in reversed(character.advancement):
        for change in entry.changes:
            if (
                change.field.startswith("consequences")
                and isinstance(change.after, dict)
                and change.after.get("slot") == slot
                and change.before is None
            ):
                return when.session - entry.when.session
    return None


def clear_held_options(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None, grant: MilestoneGrant,
    when: ClockStamp | None,
) -> list[ChoiceStatus]:
    """Consequences a milestone may clear because they were held long enough (Fate Accelerated)."""
    slots = slots_of(character, ruleset, options)
    out = []
    for c in character.consequences:
        slot = slots.get(c.slot)
        if slot is None or slot.severity not in grant.clear_held:
            continue
        need = grant.clear_held[slot.severity]
        held = held_sessions(character, c.slot, when)
        label = _("{slot}: {text}").format(slot=slot_text(slot), text=c.text or _("(unnamed)"))
        if held is None or held >= need:
            out.append(ChoiceStatus(c.slot, True, "" if held is not None else
                                    _("When it was taken is not recorded: clear it if it has been held for {count} sessions.").format(count=count_word(need)), label))
        else:
            out.append(ChoiceStatus(c.slot, False, _("Held for {sessions}; it may clear after {count}.").format(sessions=counted(held, 'session'), count=count_word(need)), label))
    return out


def _clear_held(
    work: Character, ruleset: RuleSet, options: CampaignOptions | None, clears: tuple[str, ...],
    when: ClockStamp | None, done: list[str], grant: MilestoneGrant, label: str,
) -> list[Problem]:
    if not clears:
        return []
    status = {s.value: s for s in clear_held_options(work, ruleset, options, grant, when)}
    out = []
    for slot in clears:
        st = status.get(slot)
        if st is None:
            out.append(_problem("milestone.clear", f"consequences.{slot}",
                                _("A {label} cannot clear that consequence.").format(label=label.lower())))
        elif not st.available:
            out.append(_problem("milestone.clear", f"consequences.{slot}", st.reason))
    if out:
        return out
    gone = [c for c in work.consequences if c.slot in clears]
    work.consequences = [c for c in work.consequences if c.slot not in clears]
    done.append(_("Cleared {names}.").format(names=join_words([f'“{c.text}”' for c in gone])))
    return []


def spend_skill_points(
    character: Character,
    raises: list[str],
    ruleset: RuleSet,
    options: CampaignOptions | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Spend saved skill points now, all raises landing together (the column rule judges them so)."""
    if not raises:
        raise Refused([_problem("advance.no_raise", "skills", _("Choose at least one skill to raise."))])
    work = character.model_copy(deep=True)
    text, problems = _spend(work, list(raises), character.saved_skill_points, ruleset)
    problems = problems or rule_problems(character, work, ruleset, options, text)
    if problems:
        raise Refused(problems)
    return record(character, work, "skill points", text + ".", when, at)  # i18n: not shown (a key)
