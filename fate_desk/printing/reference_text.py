"""The words of the reference cards, in our own phrasing, matched to a rule set and the
campaign's optional rules. Paragraphs are Paragraph markup; rule-set names are escaped.
No reportlab here, so the text can be tested (and shown elsewhere) on its own."""

from __future__ import annotations

from dataclasses import dataclass

from fate_desk.i18n import N_, _, rules_text
from fate_desk.markup import escape
from fate_desk.model import (
    LADDER,
    CampaignOptions,
    Character,
    ConditionsMode,
    Severity,
    ladder_label,
    ladder_name,
    signed,
)
from fate_desk.rules import RuleSet, derive
from fate_desk.rules.creation.derive import join_words, slot_text
from fate_desk.rules.creation.ruleset import StressMarking
from fate_desk.rules.play.scale_names import SCALES

from .wording import recovery_paragraph, track_levels, track_skills


@dataclass(frozen=True)
class RefCard:
    """A card's title and its parts: a string is a paragraph, a tuple is a table row
    (consecutive rows with the same number of cells form one table)."""

    title: str
    paragraphs: tuple[str | tuple[str, ...], ...]


def _outcomes(fail: str, tie: str, success: str, style: str) -> tuple[tuple[str, str], ...]:
    return (
        (_("<b>Fail</b>"), fail),
        (_("<b>Tie</b>"), tie),
        (_("<b>Succeed</b>"), success),
        (_("<b>With style</b>"), style),
    )


def _has(ruleset: RuleSet, *skills: str) -> bool:
    return all(s in ruleset.skills for s in skills)


def ladder_card(ruleset: RuleSet) -> RefCard:
    rungs = [(f"<b>{signed(v)}</b>", ladder_name(v)) for v in sorted(LADDER, reverse=True)]
    left, right = rungs[:6], rungs[6:] + [("", "")]
    return RefCard(_("The ladder"), (
        *((*a, *b) for a, b in zip(left, right)),
        _("Above Legendary or below Terrible, just say the number: +9, −3."),
        _("<b>Rolling:</b> four Fate dice, each −1, 0 or +1, so −4 to +4. "
          "<b>Effort</b> = dice + {skill} + invokes + stunt bonuses.").format(skill=escape(rules_text(ruleset.skill_word))),
        _("The GM sets a <b>difficulty</b> on the ladder, or someone rolls <b>opposition</b> "
        "against you with a defend action."),
    ))


def outcomes_card() -> RefCard:
    return RefCard(_("The four outcomes"), (
        _("<b>Shifts</b> = your effort minus the difficulty (or the other side's effort)."),
        *_outcomes(
            _("below 0 shifts: you don't get it, or you get it at a serious cost."),
            _("0 shifts: you get it at a minor cost, or only part of it."),
            _("1 or 2 shifts: you get what you were after."),
            _("3 shifts or more: you get it, and something extra."),
        ),
        _("Every result should move the story on: a failure changes the situation instead of "
        "stopping the scene."),
    ))


def overcome_card() -> RefCard:
    return RefCard(_("Overcome"), (
        _("Get past something in the way: a locked door, a guard, a cliff, a stubborn witness."),
        *_outcomes(
            _("you don't make it, or you make it at a serious cost."),
            _("you make it at a minor cost, or fall short but gain a boost."),
            _("you make it, no strings attached."),
            _("you make it and gain a boost."),
        ),
    ))


def advantage_card() -> RefCard:
    return RefCard(_("Create an advantage"), (
        _("<b>A new aspect</b> on the scene, an ally or a foe (a foe may defend):"),
        *_outcomes(
            _("no aspect, or it appears but the other side holds the free invoke."),
            _("no aspect, but you get a boost."),
            _("the aspect, with one free invoke."),
            _("the aspect, with two free invokes."),
        ),
        _("<b>An existing aspect</b> (known or hidden): on a fail the other side gets a free "
        "invoke; on a tie you get a free invoke on a known aspect, or a boost if it stays "
        "hidden; success gives one free invoke and style two, revealing it if hidden."),
    ))


def attack_card(ruleset: RuleSet, options: CampaignOptions) -> RefCard:
    who = _attack_skills(ruleset)
    weapon = _(" Add Weapon, subtract Armor.") if options.weapon_armor else ""
    return RefCard(_("Attack"), (
        _("Try to harm someone, in body or in mind. Make sure the target can be hurt this way at all."),
        *_outcomes(
            _("no harm done."),
            _("no harm, but you gain a boost."),
            _("a hit worth your shifts; they absorb it or are taken out.{weapon}").format(weapon=weapon),
            _("a hit worth your shifts; you may give up one shift for a boost."),
        ),
        who,
    ))


def defend_card(ruleset: RuleSet) -> RefCard:
    return RefCard(_("Defend"), (
        _("Roll against an attack or an advantage aimed at you, or against anyone you can "
        "justify getting in the way of. You may defend as often as you are targeted."),
        *_outcomes(
            _("the other side gets their result: you take the hit, or they get their aspect."),
            _("the other side gets their tie result."),
            _("no hit, and their action does not work."),
            _("as a success, and you gain a boost."),
        ),
    ))


def _attack_skills(ruleset: RuleSet) -> str:
    if _has(ruleset, "Fight", "Shoot", "Provoke", "Athletics", "Will"):
        return (_("Fight and Shoot attack the body, Provoke the mind. Athletics defends against "
                "physical attacks (Fight too, up close); Will against mental ones."))
    word = escape(rules_text(ruleset.skill_word))
    return _("Use whichever {word} fits how you act; the table agrees when a {word} "
             "can attack or defend.").format(word=word)


def invoke_card() -> RefCard:
    return RefCard(_("Invoking aspects"), (
        _("Spend a fate point (or a free invoke) and say how the aspect helps. Choose one: "
        "<b>+2</b> to your roll, <b>reroll</b> all four dice, <b>+2</b> to an ally's roll, or "
        "<b>+2</b> to the difficulty someone else faces."),
        _("Each aspect once per roll, but any number of free invokes on it may be used together."),
        _("<b>Hostile invoke:</b> invoking a foe's aspect against them hands them the fate point, "
        "which they may spend once the scene is over."),
        _("<b>Story detail:</b> aspects are true; pay a fate point only when a detail is a stretch."),
        _("<b>Boost:</b> a passing aspect with one free invoke; used once, it is gone."),
        _("Anyone may call an invoke bogus; then explain it or pick another aspect."),
    ))


def compel_card() -> RefCard:
    return RefCard(_("Compels and fate points"), (
        _("Anyone may offer a compel: a fate point plus a complication that grows out of an aspect. "
        "<b>Accept</b> it and take the point, or <b>refuse</b> it by paying a point of your own."),
        _("An <b>event</b> compel is something that happens to you; a <b>decision</b> compel is a "
        "poor choice your aspect drives you to. Either way it complicates; it never just says no."),
        _("Got yourself into trouble your aspect explains? Ask for a <b>self-compel</b> point."),
        _("<b>Each session</b> starts with your leftover fate points or your refresh, "
        "whichever is more. The GM gets one point per PC at the start of each scene."),
    ))


def stress_card(ruleset: RuleSet, options: CampaignOptions | None = None) -> RefCard:
    conditions = options is not None and options.conditions != ConditionsMode.OFF
    if ruleset.stress.marking == StressMarking.ANY:
        if conditions:
            how = _("Each stress box absorbs 1 shift. Mark as many boxes as you like against one hit, "
                    "together with conditions if you need them.")
        else:
            how = _("Each stress box absorbs 1 shift. Mark as many boxes as you like against one hit, "
                    "together with consequences if you need them.")
    elif conditions:
        how = _("Mark one stress box per hit; it absorbs shifts up to its value. Add conditions for the rest.")
    else:
        how = _("Mark one stress box per hit; it absorbs shifts up to its value. Add consequences for the rest.")
    tracks = []
    for track in ruleset.stress.tracks:
        levels = track_levels(ruleset, track.id) or _("boxes worth {values}").format(
            values=join_words([str(v) for v in track.levels[0].boxes]))
        if track.skills:
            tracks.append(_("<b>{track}</b> ({skills}): {levels}").format(
                track=escape(rules_text(track.name)), skills=escape(track_skills(ruleset, track.id)),
                levels=escape(levels)))
        else:
            tracks.append(_("<b>{track}</b>: {levels}").format(track=escape(rules_text(track.name)),
                                                               levels=escape(levels)))
    return RefCard(_("Stress and taking a hit"), (
        how,
        *tracks,
        _("Stress clears at the end of every scene."),
        _("A hit you cannot absorb <b>takes you out</b>: the attacker says how you lose."),
        _("<b>Concede</b> before the roll to say how you lose instead: gain 1 fate point, plus 1 "
          "for each condition you marked in this conflict.") if conditions else
        _("<b>Concede</b> before the roll to say how you lose instead: gain 1 fate point, plus 1 "
          "for each consequence you took in this conflict."),
    ))


def _plain_slots(ruleset: RuleSet, options: CampaignOptions):
    """The slots a plain character has, from derive() (no extra mild slot earned)."""
    return derive(Character(ruleset=ruleset.id), ruleset, options).consequences


def consequences_card(ruleset: RuleSet, options: CampaignOptions) -> RefCard:
    slots = _plain_slots(ruleset, options)
    listed = join_words([_("{slot} absorbs {shifts}").format(
        slot=slot_text(s).lower(), shifts=s.value) for s in slots])
    paras = [_("Take a consequence to absorb part of a hit: {slots}. Name the harm as an aspect; "
               "the attacker gets a free invoke on it.").format(slots=listed)]
    extra = ruleset.consequences.extra_mild_at
    track_skills = [s for t in ruleset.stress.tracks for s in t.skills]
    if extra is not None and track_skills:
        paras.append(_("{skills} at {rating} or better adds a second mild slot, for that kind of harm only.").format(
            skills=join_words([rules_text(s) for s in track_skills], _("or")), rating=ladder_label(extra)))
    older = ruleset.id in ("fate-core", "fate-accelerated")
    paras.append(recovery_paragraph(ruleset))
    if options.extreme_consequences:
        if older:
            paras.append(_("<b>Extreme (absorbs 8):</b> replaces one aspect other than the high concept, "
                           "for good; at most once between major milestones."))
        else:
            paras.append(_("<b>Extreme (absorbs 8):</b> replaces one aspect other than the high concept, "
                           "for good; at most once between breakthroughs."))
    return RefCard(_("Consequences and recovery"), tuple(paras))


def conditions_card(ruleset: RuleSet, options: CampaignOptions) -> RefCard:
    slots = _plain_slots(ruleset, options)
    by_severity: dict[Severity, list] = {}
    for slot in slots:
        by_severity.setdefault(slot.severity, []).append(slot)
    paras = [_("Conditions replace consequences. Mark a condition to absorb part of a hit.")]
    for severity, group in by_severity.items():
        names = _(" and ").join(f"<b>{escape(rules_text(s.label))}</b>" for s in group)
        boxes = group[0].boxes
        box_text = _("{count} boxes each").format(count=boxes) if boxes != 1 else _("one box each")
        paras.append(_RECOVER_AS[severity]().format(severity=_(severity.label), names=names, shifts=group[0].value,
                                                   boxes=box_text))
    if options.conditions == ConditionsMode.FURTHER_APART:
        paras.append(_("Once two boxes in a row are marked, no more boxes of that row may be marked."))
    extra = ruleset.consequences.extra_mild_at
    if extra is not None:
        paras.append(_("{rating} or better in a track's skill adds two boxes to Hurt "
                       "(physical) or Scared (mental).").format(rating=ladder_label(extra)))
    return RefCard(_("Conditions"), tuple(paras))


# One line per severity of condition: which conditions, what they absorb, how they recover.
_RECOVER_AS = {
    Severity.MILD: lambda: _("{severity}: {names}, absorb {shifts} per box ({boxes}); recover as a mild consequence."),
    Severity.MODERATE: lambda: _("{severity}: {names}, absorb {shifts} per box ({boxes}); "
                                 "recover as a moderate consequence."),
    Severity.SEVERE: lambda: _("{severity}: {names}, absorb {shifts} per box ({boxes}); "
                               "recover as a severe consequence."),
    Severity.EXTREME: lambda: _("{severity}: {names}, absorb {shifts} per box ({boxes}); "
                                "recover as a extreme consequence."),
}


def turn_order_card(ruleset: RuleSet) -> RefCard:
    if ruleset.id == "fate-core" and _has(ruleset, "Notice", "Empathy"):
        order = (_("Highest Notice acts first in a physical conflict, highest Empathy in a mental one, "
                 "then on down. The GM may seat all NPCs at their best one's place."))
    elif ruleset.id == "fate-accelerated" and _has(ruleset, "Quick", "Careful"):
        order = (_("Highest Quick acts first in a physical conflict, highest Careful in a mental one, "
                 "then on down."))
    else:
        order = (_("The situation decides who acts first; whoever has just acted picks who goes "
                 "next, NPCs included. The last to act in an exchange picks who opens the next."))
    return RefCard(_("Turn order and teamwork"), (
        _("<b>Turn order:</b> {order}").format(order=order),
        _("<b>On your turn:</b> one overcome, create an advantage or attack, plus a move to a "
        "neighbouring zone if nothing is in the way. Defend whenever you are targeted."),
        _("<b>Teamwork:</b> the best-rated character rolls; each helper with at least {average} "
          "in that {skill} adds +1, up to the leader's own rating. Helping uses "
          "your action, and helpers share the costs.").format(average=ladder_label(1),
                                                              skill=escape(rules_text(ruleset.skill_word))),
        _("Or set an ally up: create an advantage and let them use the free invokes, or invoke "
        "an aspect for them."),
    ))


def contests_card() -> RefCard:
    return RefCard(_("Challenges and contests"), (
        _("<b>Challenge:</b> a tangled situation split into several overcome rolls, often with "
        "different skills; the results together decide how it ends."),
        _("<b>Contest:</b> each side rolls once per exchange. The highest effort marks a victory, "
        "two if it alone succeeded with style. A tie for highest: no victory, but a twist. "
        "First to three victories wins."),
        _("<b>Conflict:</b> the sides try to harm each other; it ends when one side has conceded "
        "or been taken out."),
    ))


def obstacles_card() -> RefCard:
    """Obstacles carry their own Weapon (and a block its cover Armor) by the obstacle rules
    (fate-condensed-optional-rules.txt, "Obstacles"), whether or not the campaign gives
    characters Weapon and Armor ratings."""
    return RefCard(_("Obstacles and countdowns"), (
        _("<b>Hazard:</b> a name (skill and aspect), a rating and Weapon 1–4. It acts in turn order, "
        "attacks or creates advantages, and cannot be attacked; overcoming it faces its rating."),
        _("<b>Block:</b> never acts; whoever it hinders rolls against its rating. Removing it: "
        "overcome at rating +2. Forced into it: Weapon of half its Weapon (down, at least 1). "
        "As cover: Armor of half its rating (down, at least 1)."),
        _("<b>Distraction:</b> a choice to make, what it costs either way, and maybe opposition."),
        _("<b>Countdown:</b> a row of boxes, triggers that mark them, and an outcome when the "
        "last is marked. Players may see the boxes without knowing what they count."),
    ))


def weapon_armor_card() -> RefCard:
    return RefCard(_("Weapon and Armor"), (
        _("<b>Weapon:N</b> adds N shifts to a hit. A tie with a weapon still hits, for N shifts."),
        _("<b>Armor:N</b> takes N shifts off each hit. A hit brought to 0 or less becomes a boost "
        "for the attacker instead."),
        _("Keep ratings small: 1 to 4 at most, and mind how often a tie then hurts."),
    ))


def scale_card() -> RefCard:
    return RefCard(_("Scale"), (
        _("Levels: {levels}.").format(levels=" · ".join(_(level) for level in SCALES)),
        _("The higher side gets <b>one</b> of these per level of difference when acting against the "
        "lower: +1 before the roll; +2 after a successful roll; or one extra free invoke on a "
        "successful create an advantage."),
        _("Give the smaller side ways round it: research a weakness, change the ground, change the goal."),
    ))


def reference_cards(ruleset: RuleSet, options: CampaignOptions | None = None) -> list[RefCard]:
    """Every reference card for this rule set and these optional rules, in reading order."""
    options = options or CampaignOptions()
    cards = [
        ladder_card(ruleset),
        outcomes_card(),
        overcome_card(),
        advantage_card(),
        attack_card(ruleset, options),
        defend_card(ruleset),
        invoke_card(),
        compel_card(),
        stress_card(ruleset, options),
        conditions_card(ruleset, options) if options.conditions != ConditionsMode.OFF
        else consequences_card(ruleset, options),
        turn_order_card(ruleset),
        contests_card(),
        obstacles_card(),
    ]
    if options.weapon_armor:
        cards.append(weapon_armor_card())
    if options.scale:
        cards.append(scale_card())
    return cards
