"""The campaign's optional rules: what each one is, in the GM's words, and the step that changes
them (one undo step over the campaign). Fate Condensed's optional rules, and War of Ashes' lethal
damage, are each off until the GM turns them on."""

from __future__ import annotations

from dataclasses import dataclass

from fate_desk.i18n import N_, _
from fate_desk.model import Campaign, CampaignOptions

from fate_desk.rules.creation.history import refuse
from fate_desk.rules.creation.loader import get_ruleset


@dataclass(frozen=True)
class OptionalRule:
    """One option: its field on `CampaignOptions`, its name, what it does and where it shows."""

    field: str
    name: str  # marked; shown with _()
    explanation: str  # marked; shown with _()
    where: str  # marked; shown with _(): where the table meets it


OPTIONAL_RULES: tuple[OptionalRule, ...] = (
    OptionalRule(
        "faster_contests", N_("Faster contests"),
        N_("In each exchange of a contest every participant does one thing only: rolls the side's overcome, "
           "or creates an advantage without teamwork, or gives their teamwork to the side's roll."),
        N_("The contest panel: whoever created an advantage neither rolls nor helps that exchange.")),
    OptionalRule(
        "full_defense", N_("Full defense"),
        N_("Instead of acting on their turn, a character goes all in on defending (themselves, someone they "
           "protect, or a particular effort): +2 to every defend roll for that focus until their next turn, and a "
           "boost then if nothing came at them."),
        N_("The conflict panel's Full defense button; the defence roll shows the +2.")),
    OptionalRule(
        "time_shifts", N_("Time shifts"),
        N_("Say how long a task takes at a simple success (half, about one, a few or several of a unit of "
           "time): each shift of the roll makes it a step faster, each shift short a step slower; faster than "
           "half drops to several of the next smaller unit."),
        N_("The roll: a How long row beside the outcome, and the roll log says how long it took.")),
    OptionalRule(
        "split_attacks", N_("Splitting an attack among targets"),
        N_("An attacker may split a positive effort among several targets in one zone, at least one point "
           "each; every target defends against its own share. Or, where the fiction allows it, attack everyone "
           "in a zone: each defends against the whole effort."),
        N_("The conflict panel's Split attack button.")),
    OptionalRule(
        "block_harm", N_("Harmful blocks"),
        N_("Someone who fails to overcome a block that can cause harm (it has a Weapon rating) takes a hit "
           "equal to the shifts they missed it by."),
        N_("The roll: a block in the scene may be what a roll is against; a miss opens Take a hit.")),
    OptionalRule(
        "solo_bonus", N_("Solo bonus for a big bad"),
        N_("A big bad with the solo bonus who faces the group alone adds the number of player characters "
           "against it minus one to its rolls, never more than doubling its skill; one that shrugs hits off "
           "takes half the player characters (rounded up) off each hit, never below 1."),
        N_("Attacks in the conflict panel: the roll shows the bonus, the hit the reduction.")),
    OptionalRule(
        "minion_armor", N_("Expendable minion armor"),
        N_("A big bad with minion armor may succeed at a cost on a defence by forcing one of its minions into "
           "the attack's path: the minion takes the hit, without rolling to defend."),
        N_("Attacks in the conflict panel: who takes the hit.")),
    OptionalRule(
        "true_form", N_("Reveal true form"),
        N_("A big bad taken out reveals its true form: another character, with its own skills, stunts, fresh "
           "stress and consequences, fought in turn. Its consequences may carry over, the mild ones dismissed "
           "and the others one step lighter."),
        N_("The conflict panel's Reveal true form button; the monster editor names the form.")),
    OptionalRule(
        "combined_skills", N_("Two combined skill lists"),
        N_("Characters rate skills from a second list as well (Approaches, say); every roll adds one skill "
           "from each list. Keep the second list's ratings low so the totals stay within the skill cap."),
        N_("The roll: a second skill beside the first; the sheet's checks keep the second list apart.")),
    OptionalRule(
        "lethal_damage", N_("Lethal damage (War of Ashes)"),
        N_("A lethal attack (a lethal weapon's stunt, once a session; a full attack; a deadly creature; the "
           "GM's call) skips stress entirely and goes straight to consequences; a minion without consequences "
           "is taken out."),
        N_("Attacks and Take a hit: a Lethal tick leaves the stress boxes out.")),
)

# The second skill lists Fate Condensed suggests ("Changing the Skill List"), by name.
SKILL_LISTS: dict[str, tuple[str, ...]] = {
    N_("Actions"): ("Endure", "Fight", "Know", "Move", "Notice", "Pilot", "Sneak", "Speak", "Tinker"),
    N_("Approaches"): ("Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky"),
    N_("Aptitudes"): ("Athletics", "Combat", "Leadership", "Scholarship", "Subterfuge"),
    N_("Attributes"): ("Strength", "Dexterity", "Toughness", "Intelligence", "Charm"),
    N_("Relationships"): ("Leading", "Partnering", "Supporting", "Solo"),
    N_("Roles"): ("Driver", "Hitter", "Hacker", "Gearhead", "Grifter", "Thief", "Mastermind"),
    N_("Themes"): ("Air", "Fire", "Metal", "Mind", "Stone", "Void", "Water", "Wind", "Wood"),
    N_("Values"): ("Duty", "Glory", "Justice", "Love", "Power", "Safety", "Truth", "Vengeance"),
}


def is_on(options: CampaignOptions, field: str) -> bool:
    value = getattr(options, field)
    return bool(value)


def set_options(campaign: Campaign, options: CampaignOptions) -> Campaign:
    """The campaign with these optional rules (one undo step at the table). A second skill list
    that shares a name with the rule set's own list is refused: a roll adds one skill from each."""
    names = [n.strip() for n in options.combined_skills if n.strip()]
    if len({n.casefold() for n in names}) != len(names):
        raise refuse("options.combined", "combined_skills", _("The second skill list names a skill twice."))
    own = {s.casefold() for s in get_ruleset(campaign.ruleset).skills}
    clash = next((n for n in names if n.casefold() in own), None)
    if clash is not None:
        raise refuse("options.combined", "combined_skills", _(
            "{skill} is already on the rule set's skill list: the second list needs skills of its own.").format(
            skill=clash))
    # Validated whole: options built from a dialog's fields are checked like any file's.
    checked = CampaignOptions.model_validate({**options.model_dump(), "combined_skills": names})
    return campaign.model_copy(update={"options": checked})
