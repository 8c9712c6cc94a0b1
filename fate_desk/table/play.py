"""What a seat may do at the table now, as plain data for its page (no Qt).

The GUI thread keeps the table's play (`gui/table_mode/play.py`): each seat's roll while it is
thrown and invoked on, the compels the GM offered, the hits waiting for their player, the
requests waiting for the GM. Those are held here as values; `play_snapshot` turns them, with
the campaign, into what one seat's page shows, in that page's language (`i18n.speaking`), with
the desktop's own words: the ladder ("Great (+4)"), the roll's meaning, the rules' refusals.
Nothing the GM hid is looked at: the aspects offered are the players' view's
(`rules/encounters/seat.py`), and another seat's roll shows only what everyone at the table sees.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from fate_desk.i18n import _, ngettext, rules_text, speaking
from fate_desk.model import Campaign, Character, ladder_label, signed
from fate_desk.rules import RuleSet
from fate_desk.rules.advancement.milestones import aspect_options, milestone_options
from fate_desk.rules.creation.checker import aspect_slots
from fate_desk.rules.creation.extras import effective_ratings
from fate_desk.rules.encounters.conflict import concession_refusal
from fate_desk.rules.encounters.seat import seat_invokables
from fate_desk.rules.harm.absorb import AbsorbOption, concession_points, shifts_text, slots_of
from fate_desk.rules.play.fate_points import describe, ledger, points_of
from fate_desk.rules.play.hits import conflict_id, hit_plan
from fate_desk.rules.play.roll import Action, Invoke, Roll, faces_text

from .protocol import MAX_NOTES


# --- the table's play, held on the GUI thread ------------------------------------------------------


@dataclass
class PhoneRoll:
    """A seat's roll from the dice to its end: thrown (by the app's dice, or entered by hand),
    invoked on, finished (applied to the campaign as one undo step) or set aside."""

    id: int
    seat: str  # the character rolling: the seat's own, always
    roll: Roll
    by_hand: bool = False  # the player threw real dice and entered them
    against_set: bool = False  # the GM set the opposition
    waiting: Invoke | None = None  # an invoke waiting for the GM's nod
    request: int = 0  # the GM's request for the opposition, or for the invoke's nod


@dataclass
class CompelOffer:
    """A compel the GM (or another player, who pays) offers a seat, waiting for its answer."""

    id: int
    seat: str
    aspect: str
    proposer: str | None = None
    later: bool = False  # the rule set gives the point at the end of the scene
    request: int = 0


@dataclass(frozen=True)
class HitPrompt:
    """A hit the GM asked the player to take: the same plan as the desktop's Take a hit."""

    id: int
    seat: str
    shifts: int
    track: str
    attacker: str | None = None
    weapon: int = 0
    armor: int = 0
    request: int = 0


@dataclass
class Request:
    """Something waiting for the GM, in the order it came: an invoke to nod to, an opposition to
    set, a self-compel, a proposal, a hit or compel the player has not answered yet."""

    id: int
    seat: str
    kind: str  # "invoke", "opposition", "self_compel", "proposal", "hit", "compel", "hit_lands"
    data: dict = field(default_factory=dict)


# --- pieces of the page ------------------------------------------------------------------------------


def notes_base(text: str) -> str:
    """The notes a page edited from, as a short hash (a page on an old snapshot is found out)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def skill_text(ruleset: RuleSet, skill: str, rating: int) -> str:
    """"Fight Great (+4)": the rule set's skill in the page's words (a custom one as typed)."""
    shown = (rules_text(skill) if skill in ruleset.skills else skill) if skill else _("no skill")
    return _("{skill} {rating}").format(skill=shown, rating=ladder_label(rating))


def skill_choices(character: Character, ruleset: RuleSet) -> list[list]:
    """[name, "Fight — Great (+4)"] for the character's skills as played (extras and modes
    counted), best first, then the rule set's others at Mediocre (+0), as the desktop's roll
    panel offers them."""
    ratings = effective_ratings(character, ruleset)
    rated = sorted(ratings, key=lambda n: (-ratings[n], n))
    names = rated + [n for n in ruleset.skills if n not in ratings]
    return [[name, _("{skill} — {rating}").format(skill=rules_text(name) if name in ruleset.skills else name,
                                                  rating=ladder_label(ratings.get(name, 0)))] for name in names]


def _dice(faces) -> list[str]:
    return [{-1: "−", 0: "0", 1: "+"}[d] for d in faces]


def _against(phone: PhoneRoll) -> str:
    roll = phone.roll
    if not phone.against_set:
        return _("The GM sets the opposition.")
    if roll.setup.opposed:
        return _("Against an opposition of {rating}").format(rating=ladder_label(roll.difficulty))
    return _("Against a difficulty of {rating}").format(rating=ladder_label(roll.difficulty))


def roll_line(campaign: Campaign, ruleset: RuleSet, phone: PhoneRoll) -> str:
    """Another seat's roll as everyone at the table sees it, in a line."""
    roll = phone.roll
    character = campaign.character(phone.seat)
    name = (character.name or _("(unnamed)")) if character else _("(unnamed)")
    values = {"name": name, "action": roll.setup.action.label,
              "skill": skill_text(ruleset, roll.setup.skill, roll.setup.rating),
              "dice": faces_text(roll.dice), "effort": ladder_label(roll.effort),
              "outcome": roll.outcome.label, "difficulty": ladder_label(roll.difficulty)}
    if not phone.against_set:
        return _("{name}: {action} with {skill}: [{dice}] {effort}; the GM sets the opposition.").format(**values)
    return _("{name}: {action} with {skill}: [{dice}] {effort} against {difficulty}: {outcome}.").format(**values)


def roll_view(campaign: Campaign, ruleset: RuleSet, phone: PhoneRoll, choices: list) -> dict:
    """The seat's own roll: the dice, the total on the ladder, the outcome once the GM set the
    opposition, the invokes on it and what it costs, and what it still needs."""
    roll = phone.roll
    rerolled = ""
    if len(roll.throws) > 1:
        rerolled = _("rerolled from [{dice}]").format(dice=faces_text(roll.throws[0]))
    spent = roll.fate_points_spent
    free = sum(roll.free_invokes_used.values())
    cost = (ngettext("{count} fate point", "{count} fate points", spent).format(count=spent) if spent
            else _("no fate points"))
    if free:
        cost = _("{points} and {invokes}").format(points=cost, invokes=ngettext(
            "{count} free invoke", "{count} free invokes", free).format(count=free))
    left = points_of(campaign, phone.seat) - spent
    view = {
        "id": phone.id,
        "dice": _dice(roll.dice),
        "said": _("Dice: {dice}, total {total}").format(dice=faces_text(roll.dice), total=signed(roll.dice_total)),
        "rerolled": rerolled,
        "skill": _("{action} with {skill}").format(action=roll.setup.action.label,
                                                   skill=skill_text(ruleset, roll.setup.skill, roll.setup.rating)),
        "effort": ladder_label(roll.effort),
        "effortLabel": _("Effort"),
        "against": _against(phone),
        "outcome": roll.outcome.label if phone.against_set else "",
        "meaning": roll.meaning() if phone.against_set else "",
        "invokes": [i.describe() for i in roll.invokes],
        "cost": _("This roll costs {cost}; {left} fate points left after it.").format(cost=cost, left=left),
        "byHand": _("Dice thrown by hand") if phone.by_hand else "",
        "waiting": _("Waiting for the GM: {invoke}").format(invoke=phone.waiting.describe()) if phone.waiting else "",
        "finish": phone.against_set and phone.waiting is None,
        "aspects": [[item.key, _("{aspect} ({where})").format(aspect=item.label, where=item.where),
                     max(0, item.free - roll.free_invokes_used.get(item.key, 0))] for item in choices],
    }
    if phone.against_set:
        tie_allowed = ruleset.overcome_tie_boost
        view["styleBoost"] = not roll.choice_refusal(style_boost=True)
        view["tieAsFailure"] = not roll.choice_refusal(tie_as_failure=True, tie_boost_allowed=tie_allowed)
        view["needsBoost"] = roll.boost
        view["needsAdvantage"] = roll.free_invokes_created > 0
    return view


def _offer_view(campaign: Campaign, offer: CompelOffer) -> dict:
    points = points_of(campaign, offer.seat)
    who = ""
    if offer.proposer:
        proposer = campaign.character(offer.proposer)
        who = _("Proposed by {name}, who pays a fate point for it.").format(
            name=(proposer.name or _("(unnamed)")) if proposer else _("(unnamed)"))
    return {
        "id": offer.id,
        "text": _("A compel on “{aspect}”: accept the complication, or refuse it.").format(aspect=offer.aspect),
        "who": who,
        "accept": _("Accept: gain a fate point at the end of the scene") if offer.later else
        _("Accept: gain a fate point"),
        "refuse": _("Refuse: pay a fate point"),
        "canRefuse": points >= 1,
        "whyNot": "" if points >= 1 else _("You have no fate point to pay for refusing: the compel must be accepted."),
    }


def _hit_view(campaign: Campaign, ruleset: RuleSet, prompt: HitPrompt) -> dict:
    """The hit as the desktop's Take a hit dialog offers it: the ways to absorb it (each
    consequence to name), or taken out when nothing can."""
    character = campaign.character(prompt.seat)
    hit, plan = hit_plan(campaign, ruleset, prompt.seat, prompt.shifts, prompt.track, prompt.weapon, prompt.armor)
    slots = slots_of(character, ruleset, campaign.options)
    options = []
    for option in plan.options:
        names = [{"slot": slot_id, "label": _("Name the {severity} consequence").format(
            severity=_(slots[slot_id].severity.label).lower())} for slot_id, _count in option.consequences
            if not slots[slot_id].condition]
        extreme = []
        if any(slots[slot_id].severity.value == "extreme" for slot_id, _count in option.consequences):
            extreme = [[i, a.text or a.role.label] for i, a in enumerate(character.aspects)
                       if a.role.value != "high_concept"]
        options.append({"way": way_key(option), "text": option.description, "names": names, "extreme": extreme})
    attacker = campaign.character(prompt.attacker) if prompt.attacker else None
    if attacker is not None:
        heading = _("{attacker} hits you: a hit of {shifts}. Choose how to take it.").format(
            attacker=attacker.name or _("(unnamed)"), shifts=shifts_text(hit.shifts))
    else:
        heading = _("You take a hit of {shifts}. Choose how to take it.").format(shifts=shifts_text(hit.shifts))
    return {"id": prompt.id, "heading": heading, "note": " ".join(t for t in (hit.note, plan.message) if t),
            "options": options, "out": plan.taken_out, "outText": _("Taken out")}


def prompt_options(campaign: Campaign, ruleset: RuleSet, prompt: HitPrompt) -> list[AbsorbOption]:
    """The ways to take the prompt's hit on the sheet as it is now."""
    return hit_plan(campaign, ruleset, prompt.seat, prompt.shifts, prompt.track, prompt.weapon, prompt.armor)[1].options


def way_key(option: AbsorbOption) -> str:
    """A way to absorb a hit by its boxes and consequences, never by its words (those are the
    page's language's): what the page sends back, found again among the ways as they are then."""
    parts = repr((option.track, option.stress, option.consequences, option.helpers))
    return hashlib.sha256(parts.encode("utf-8")).hexdigest()[:16]


def _concede_view(campaign: Campaign, character: Character) -> dict | None:
    if concession_refusal(campaign, character.id):
        return None
    points = concession_points(character, conflict_id(campaign))
    return {"text": ngettext("Concede the conflict before the next roll: you gain {count} fate point when it ends "
                             "(1, plus 1 for each consequence taken in it).",
                             "Concede the conflict before the next roll: you gain {count} fate points when it ends "
                             "(1, plus 1 for each consequence taken in it).", points).format(count=points),
            "button": _("Concede")}


def proposal_view(character: Character, ruleset: RuleSet, campaign: Campaign) -> dict:
    """What a player may propose: an aspect for an empty slot or in place of one a milestone may
    rewrite, and the milestone choices the rule set offers (each with why not, if not)."""
    slots = []
    for slot, (role, index) in enumerate(aspect_slots(character, ruleset)):
        if index is None or not character.aspects[index].text.strip():
            slots.append([f"slot-{slot}", _("An empty aspect: {role}").format(role=role.label)])
    for status in aspect_options(character, ruleset):
        if status.available:
            slots.append([f"aspect-{status.value}", _("At a milestone, in place of {aspect}").format(
                aspect=status.label)])
    kinds = [[str(s.value.value if hasattr(s.value, "value") else s.value), s.label, s.reason if not s.available
              else ""] for s in milestone_options(character, ruleset, campaign.options)]
    return {"slots": slots, "kinds": kinds}


def play_snapshot(campaign: Campaign, character: Character, ruleset: RuleSet, language: str, *, mode: str,
                  paused: bool, nod: bool, rolls: list[PhoneRoll], offers: list[CompelOffer],
                  prompts: list[HitPrompt], waiting: list[str], proposals: dict | None = None) -> dict:
    """What `character`'s seat may do now, in `language`. `rolls` are every seat's rolls (the
    table sees the dice); `offers` and `prompts` this seat's; `waiting` this seat's requests
    to the GM, in words; `proposals` what `proposal_view` gave for this character as it is, when
    the caller keeps it (it changes only with the sheet, and is the costliest part)."""
    with speaking(language):
        acting = mode == "act"
        mine = next((r for r in rolls if r.seat == character.id), None)
        choices = seat_invokables(campaign, character.id)
        view = {
            "mode": mode,
            "paused": paused,
            "pausedText": _("The game is paused. The GM resumes it when the table is ready.") if paused else "",
            "nod": nod,
            "table": [roll_line(campaign, ruleset, r) for r in rolls if r.seat != character.id],
            "roll": roll_view(campaign, ruleset, mine, choices) if mine is not None else None,
            "skills": skill_choices(character, ruleset) if acting else [],
            "actions": [[a.value, a.label] for a in Action] if acting else [],
            "offers": [_offer_view(campaign, o) for o in offers] if acting else [],
            "hits": [_hit_view(campaign, ruleset, p) for p in prompts] if acting else [],
            "concede": _concede_view(campaign, character) if acting else None,
            "own": [[i, a.text] for i, a in enumerate(character.aspects) if a.text.strip()] if acting else [],
            "proposals": (proposals if proposals is not None else proposal_view(character, ruleset, campaign))
            if acting else {"slots": [], "kinds": []},
            "waitingFor": waiting,
        }
        return view


def ledger_lines(campaign: Campaign, character: Character) -> list[str]:
    """This session's fate points of the character, in the ledger's words, newest first."""
    return [describe(entry) for entry in reversed(ledger(campaign)) if entry.who == character.id]


def notes_view(character: Character) -> dict:
    text = character.notes
    return {"text": text if len(text) <= MAX_NOTES else "", "base": notes_base(text),
            "editable": len(text) <= MAX_NOTES}


__all__ = ["CompelOffer", "HitPrompt", "PhoneRoll", "Request", "ledger_lines", "notes_base", "notes_view",
           "play_snapshot", "prompt_options", "proposal_view", "roll_line", "roll_view", "skill_choices", "way_key"]
