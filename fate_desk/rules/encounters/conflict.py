"""Conflicts: participants and sides, exchanges, turn order by the rule set, harm and concessions.

Pure functions over a Campaign (the conflict lives in a Scene); each returns a new campaign or
raises `Refused`. Harm uses the core's absorb and concede, so history records every step.
"""

from __future__ import annotations

from typing import Callable

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import (
    Campaign, Character, CharacterKind, Conflict, ConflictKind, Participant, TurnOrder,
)

from fate_desk.rules.creation.derive import derive_stress
from fate_desk.rules.play.dice import teamwork_bonus
from fate_desk.rules.play.table import name_of, scene_of, with_play
from fate_desk.rules.play.actions import place_aspect
from fate_desk.rules.play import hits
from fate_desk.rules.harm.absorb import AbsorbOption, absorb_options, free_boxes
from fate_desk.rules.creation.history import counted, refuse
from fate_desk.rules.creation.loader import get_ruleset
from fate_desk.rules.creation.ruleset import RuleSet, StressMarking
from fate_desk.rules.encounters.standing import place_in_conflict

# Fate Core's order: the first skill decides, the others break ties (physical, mental).
ORDER_SKILLS = {
    ConflictKind.PHYSICAL: ("Notice", "Athletics", "Physique"),
    ConflictKind.MENTAL: ("Empathy", "Rapport", "Will"),
}


def participant(campaign: Campaign, side: str, members: list[str]) -> Participant:
    """A character, or a group of minor NPCs acting together (the first one leads)."""
    if not members:
        raise refuse("conflict.members", "participants", _("A participant needs at least one character."))
    lead = name_of(campaign, members[0])
    name = lead if len(members) == 1 else _("{lead} and {others}").format(lead=lead, others=counted(len(members) - 1, 'other'))
    return Participant(name=name, side=side.strip() or "NPCs", members=list(members))


def hazard_participant(campaign: Campaign, side: str, hazard_id: str) -> Participant:
    """A hazard acts in turn order (it attacks or creates advantages) but cannot be attacked."""
    hazard = next((o for o in campaign.obstacles if o.id == hazard_id and o.kind == "hazard"), None)
    if hazard is None:
        raise refuse("conflict.hazard", "participants", _("That hazard is not in the campaign."))
    return Participant(name=hazard.name or _("Hazard"), side=side.strip() or "Opposition",  # i18n: not shown (side key)
                       hazard=hazard_id)


def hazard_of(campaign: Campaign, p: Participant):
    return next((o for o in campaign.obstacles if o.id == p.hazard), None) if p.hazard else None


def is_npc(campaign: Campaign, p: Participant) -> bool:
    lead = campaign.character(p.members[0]) if p.members else None
    return lead is None or lead.kind != CharacterKind.PC


def order_skills(ruleset: RuleSet | None, kind: ConflictKind) -> tuple[str, ...]:
    """The skills that order a conflict of this kind: the first decides, the others break ties
    (Fate Core: Notice, Athletics, Physique; Fate Accelerated, "Determine Turn Order": Quick in a
    physical conflict, Careful in a mental one)."""
    named = (ruleset.order_skills if ruleset is not None else {}).get(ConflictKind(kind).value)
    return tuple(named) if named else ORDER_SKILLS[ConflictKind(kind)]


def order_key(campaign: Campaign, p: Participant, kind: ConflictKind,
              ruleset: RuleSet | None = None) -> tuple[int, ...]:
    skills = order_skills(ruleset, kind)
    hazard = hazard_of(campaign, p)
    if hazard is not None:  # a hazard's name is its skill: its rating stands for all of them
        return (hazard.rating,) * len(skills)
    lead = campaign.character(p.members[0]) if p.members else None
    return tuple(lead.rating(skill) if lead else 0 for skill in skills)


def skill_order(campaign: Campaign, participants: list[Participant], kind: ConflictKind,
                npcs_at_best: bool = False, ruleset: RuleSet | None = None) -> list[Participant]:
    """Turn order by skill: the highest in the rule set's first order skill (Notice or Empathy in
    Fate Core, Quick or Careful in Fate Accelerated) first, ties broken by the next ones; still
    tied, the order they were listed in. With `npcs_at_best` every NPC acts together at the
    place of the best NPC."""
    ranked = sorted(participants, key=lambda p: order_key(campaign, p, kind, ruleset), reverse=True)
    if not npcs_at_best:
        return ranked
    npcs = [p for p in ranked if is_npc(campaign, p)]
    if not npcs:
        return ranked
    out: list[Participant] = []
    for p in ranked:
        if p is npcs[0]:
            out += npcs
        elif not is_npc(campaign, p):
            out.append(p)
    return out


def start_conflict(
    campaign: Campaign, scene_id: str, ruleset: RuleSet, kind: ConflictKind, participants: list[Participant],
    first: str | None = None, npcs_at_best: bool = False,
) -> Campaign:
    """Begin a conflict. Elective order starts with whoever the table picks (`first`);
    Fate Core's order sorts by skill and starts at the top."""
    if len({p.side for p in participants}) < 2:
        raise refuse("conflict.sides", "participants", _("A conflict needs at least two sides."))
    kind, order = ConflictKind(kind), ruleset.turn_order
    if order == TurnOrder.SKILL:
        participants = skill_order(campaign, participants, kind, npcs_at_best, ruleset)
        first = participants[0].id
    elif first not in {p.id for p in participants}:
        raise refuse("conflict.first", "participants", _("Pick who acts first."))
    if order == TurnOrder.ELECTIVE:
        how = _("elective order")
    elif npcs_at_best:
        how = _("{skill} order, NPCs at the best NPC's place").format(skill=rules_text(order_skills(ruleset, kind)[0]))
    else:
        how = _("{skill} order").format(skill=rules_text(order_skills(ruleset, kind)[0]))
    starter = next(p.name for p in participants if p.id == first)
    begins = (_("A physical conflict begins in {how}. Exchange 1: {starter} acts first.")
              if kind == ConflictKind.PHYSICAL else
              _("A mental conflict begins in {how}. Exchange 1: {starter} acts first."))
    conflict = Conflict(
        kind=kind, order=order, participants=participants, current=first, npcs_at_best=npcs_at_best,
        log=[begins.format(how=how, starter=starter)],
    )
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"conflict": conflict}))


def conflict_of(campaign: Campaign, scene_id: str) -> Conflict:
    conflict = scene_of(campaign, scene_id).play.conflict
    if conflict is None or conflict.ended:
        raise refuse("conflict.none", "conflict", _("There is no conflict going on in this scene."))
    return conflict


def _put(campaign: Campaign, scene_id: str, conflict: Conflict) -> Campaign:
    return with_play(campaign, scene_id, lambda play: play.model_copy(update={"conflict": conflict}))


def waiting(conflict: Conflict) -> list[Participant]:
    """Who has not acted yet this exchange (and can still act)."""
    return [p for p in conflict.participants if p.active and not p.acted and p.id != conflict.current]


def end_turn(campaign: Campaign, scene_id: str, next_id: str | None = None) -> Campaign:
    """The one acting is done. In elective order they pick who goes next (once everyone has
    acted, who starts the next exchange); in skill order the next in line goes."""
    conflict = conflict_of(campaign, scene_id)
    names = {p.id: p.name for p in conflict.participants}
    participants = [p.model_copy(update={"acted": True}) if p.id == conflict.current else p
                    for p in conflict.participants]
    active = [p for p in participants if p.active]
    left = [p for p in active if not p.acted]
    exchange = conflict.exchange
    log = list(conflict.log)
    if not left:
        exchange += 1
        participants = [p.model_copy(update={"acted": False}) for p in participants]
        left = [p for p in participants if p.active]
    if not left:
        raise refuse("conflict.nobody", "participants", _("Nobody is left to act."))
    if conflict.order == TurnOrder.SKILL:
        next_id = next(p.id for p in participants if p.id in {q.id for q in left})
    elif next_id not in {p.id for p in left}:
        allowed = ", ".join(p.name for p in left)
        raise refuse("conflict.next", "participants", _("Pick who acts next from those who have not acted: {allowed}.").format(allowed=allowed))
    if exchange != conflict.exchange:
        log.append(_("Exchange {exchange}: {name} starts.").format(exchange=exchange, name=names[next_id]))
    else:
        log.append(_("{name} acts next.").format(name=names[next_id]))
    # Full defense lasts until its turn comes round again: a boost if it never had to defend.
    coming = next(p for p in participants if p.id == next_id)
    if coming.full_defense is not None:
        if not coming.defended:
            boost = _("{name} Is Ready").format(name=coming.name)
            campaign = place_aspect(campaign, boost, 1, boost=True)
            log.append(_("{name} was on full defense and never had to defend: the boost “{boost}”.").format(
                name=coming.name, boost=boost))
        else:
            log.append(_("{name}'s full defense ends.").format(name=coming.name))
        participants = [p.model_copy(update={"full_defense": None, "defended": False}) if p.id == next_id else p
                        for p in participants]
    changed = conflict.model_copy(update={"participants": participants, "exchange": exchange, "current": next_id,
                                          "log": log})
    return _put(campaign, scene_id, changed)


def action_refusal(conflict: Conflict) -> str:
    """Why the one acting now may not take an action ('' when they may): one action a turn.
    Fate Condensed, "Turn Order": "In an exchange, each involved character can take one
    overcome, create an advantage, or attack action"; Fate Core, "Exchanges": "you only get to
    make one skill roll on your turn in an exchange" (defending is not limited)."""
    p = next((p for p in conflict.participants if p.id == conflict.current), None)
    if p is None or not p.active:
        return _("Nobody is acting now: end the turn to pick who goes next.")
    if p.acted:
        return _("{name} has taken this turn's action: end the turn and pick who goes next.").format(name=p.name)
    return ""


def action_taken(campaign: Campaign, scene_id: str) -> Campaign:
    """The one acting has taken their action (an attack): in elective order they stay to pick
    who goes next, with no second action; in an order set by skill the next in line acts now."""
    conflict = conflict_of(campaign, scene_id)
    reason = action_refusal(conflict)
    if reason:
        raise refuse("conflict.action", "participants", reason)
    if conflict.order != TurnOrder.ELECTIVE:
        return end_turn(campaign, scene_id)
    p = next(p for p in conflict.participants if p.id == conflict.current)
    participants = [q.model_copy(update={"acted": True}) if q.id == p.id else q for q in conflict.participants]
    line = _("{name} has acted and picks who goes next.").format(name=p.name)
    return _put(campaign, scene_id, conflict.model_copy(update={"participants": participants,
                                                                "log": [*conflict.log, line]}))


def full_defense_refusal(campaign: Campaign, scene_id: str, pid: str) -> str:
    """Why this participant may not go on full defense now ('' when it may)."""
    if not campaign.options.full_defense:
        return _("Full defense is an optional rule this campaign does not use (Table ▸ Optional rules).")
    conflict = conflict_of(campaign, scene_id)
    p = _participant(conflict, pid)
    if p.hazard:
        return _("{name} is a hazard: it attacks or creates advantages, it does not defend.").format(name=p.name)
    if conflict.current != pid or not p.active:
        return _("Full defense is declared on one's own turn, instead of acting: it is not {name}'s turn.").format(
            name=p.name)
    # Full defense is the turn's action ("you give up your action for the exchange").
    return action_refusal(conflict)


def declare_full_defense(campaign: Campaign, scene_id: str, pid: str, focus: str = "") -> Campaign:
    """The participant gives its turn to defending (Fate Condensed's optional rule, "Full Defense"):
    +2 to every defend roll for its declared focus until its next turn, and a boost then if it never
    had to defend. `focus`: whom or what it defends ('' for itself)."""
    reason = full_defense_refusal(campaign, scene_id, pid)
    if reason:
        raise refuse("conflict.full_defense", "participants", reason)
    conflict = conflict_of(campaign, scene_id)
    p = _participant(conflict, pid)
    focus = focus.strip()
    line = (_("{name} goes on full defense, protecting {focus}: +2 to defend until their next turn.").format(
        name=p.name, focus=focus) if focus else
            _("{name} goes on full defense: +2 to defend until their next turn.").format(name=p.name))
    p = p.model_copy(update={"full_defense": focus, "defended": False})
    participants = [p if q.id == pid else q for q in conflict.participants]
    campaign = _put(campaign, scene_id, conflict.model_copy(update={"participants": participants,
                                                                    "log": [*conflict.log, line]}))
    # It was the turn's one action: the turn passes as after an attack.
    return action_taken(campaign, scene_id)


def full_defense_bonus(conflict: Conflict | None, pid: str | None) -> int:
    """+2 to a defend roll of a participant on full defense ("While on full defense you get a +2 to
    all defend rolls relevant to your declared focus"); 0 otherwise."""
    if conflict is None or pid is None:
        return 0
    p = next((q for q in conflict.participants if q.id == pid), None)
    return 2 if p is not None and p.full_defense is not None and p.active else 0


def defended(campaign: Campaign, scene_id: str, pid: str) -> Campaign:
    """A participant on full defense rolled to defend: no boost when its turn comes round."""
    conflict = conflict_of(campaign, scene_id)
    p = _participant(conflict, pid)
    if p.full_defense is None or p.defended:
        return campaign
    participants = [q.model_copy(update={"defended": True}) if q.id == pid else q for q in conflict.participants]
    return _put(campaign, scene_id, conflict.model_copy(update={"participants": participants}))


def participant_roller(campaign: Campaign, p: Participant | None, skill: str) -> str | None:
    """Who rolls for a participant with this skill: the best of the members still standing."""
    if p is None or not p.members:
        return None
    standing = [m for m in p.members if m not in p.out_members] or p.members
    return group_roller(campaign, standing, skill)


def helpers_bonus(campaign: Campaign, p: Participant, skill: str) -> int:
    """A group's teamwork bonus: +1 per other member still standing with Average (+1) or more
    (the best of them rolls)."""
    return members_teamwork(campaign, [m for m in p.members if m not in p.out_members], skill)


def group_roller(campaign: Campaign, members: list[str], skill: str) -> str | None:
    """Who rolls for a group combining a skill: the member with the highest rating in it (the
    first listed among equals). Fate Core SRD, "Combining Skills"; Fate Condensed, "Teamwork"."""
    present = [m for m in members if campaign.character(m) is not None]
    if not present:
        return members[0] if members else None
    return max(present, key=lambda m: (campaign.character(m).rating(skill), -present.index(m)))


def members_teamwork(campaign: Campaign, members: list[str], skill: str, ruleset: RuleSet | None = None) -> int:
    """The member with the highest skill rolls; each other with Average (+1) or more adds +1
    (any ally at all in Fate Accelerated), capped at the roller's rating only where the rule set
    says so (Fate Condensed)."""
    lead_id = group_roller(campaign, members, skill)
    if lead_id is None:
        return 0
    rules = ruleset or get_ruleset(campaign.ruleset)
    lead = campaign.character(lead_id)
    helpers = [c.rating(skill) for m in members if m != lead_id and (c := campaign.character(m))]
    return teamwork_bonus(lead.rating(skill) if lead else 0, helpers, rules.teamwork_cap, rules.teamwork_needs_skill)


def track_for(character: Character, ruleset: RuleSet, kind: ConflictKind) -> str:
    tracks = derive_stress(character, ruleset)[1]
    return kind.value if kind.value in tracks else next(iter(tracks), kind.value)


def _participant(conflict: Conflict, pid: str) -> Participant:
    p = next((p for p in conflict.participants if p.id == pid), None)
    if p is None:
        raise refuse("conflict.participant", "participants", _("That participant is not in the conflict."))
    return p


def participant_in(conflict: Conflict, pid: str) -> Participant:
    """The participant of this id in the conflict; refused when it is not in it."""
    return _participant(conflict, pid)


def put_conflict(campaign: Campaign, scene_id: str, conflict: Conflict) -> Campaign:
    """The campaign with this scene's conflict replaced."""
    return _put(campaign, scene_id, conflict)


def _update_participant(conflict: Conflict, p: Participant, line: str) -> Conflict:
    if all(m in p.out_members for m in p.members):
        p = p.model_copy(update={"taken_out": True})
        line = ngettext("{line} {name} is taken out.", "{line} {name} are taken out.", len(p.members)).format(
            line=line, name=p.name)
    participants = [p if q.id == p.id else q for q in conflict.participants]
    current = conflict.current
    if current == p.id and not p.active:
        current = next((q.id for q in participants if q.active and not q.acted), current)
    return conflict.model_copy(update={"participants": participants, "current": current,
                                       "log": [*conflict.log, line]})


def take_hit(
    campaign: Campaign, scene_id: str, ruleset: RuleSet, pid: str, member: str, option: AbsorbOption | None,
    texts: dict[str, str] | None = None, *, attacker: str | None = None, hit: int = 0,
    extreme_aspect: int | None = None,
) -> Campaign:
    """A member of a participant absorbs a hit with one of absorb_options' ways, or (None) is
    taken out. The table's hit rules do the bookkeeping: the consequence belongs to this
    conflict (for conceding) and gives the attacker its free invoke."""
    conflict = conflict_of(campaign, scene_id)
    p = _participant(conflict, pid)
    if campaign.character(member) is None or member not in p.members:
        raise refuse("conflict.member", "participants", _("That character is not part of this participant."))
    name = name_of(campaign, member)
    if option is None:
        campaign = hits.taken_out(campaign, member, hit or 1, attacker)
        p = p.model_copy(update={"out_members": [*p.out_members, member]})
        line = _("{name} is taken out.").format(name=name) if len(p.members) > 1 else _("{name} takes a hit nothing left can absorb.").format(name=name)
        return _put(campaign, scene_id, _update_participant(conflict, p, line))
    campaign = hits.take_hit(campaign, ruleset, member, option, texts, attacker=attacker,
                             extreme_aspect=extreme_aspect)
    summary = campaign.character(member).advancement[-1].summary
    return _put(campaign, scene_id, _update_participant(conflict, p, _("{name}: {summary}").format(name=name, summary=summary)))


def hit_group(
    campaign: Campaign, scene_id: str, ruleset_of: Callable[[Character], RuleSet], pid: str, hit: int,
    attacker: str | None = None, lethal: bool = False,
) -> Campaign:
    """A hit on a group of minor NPCs lands on the first one standing; what that one cannot
    absorb takes them out and the shifts left over go on to the next. `ruleset_of` gives each
    character's rule set. A `lethal` hit skips stress (War of Ashes' lethal damage, its option)."""
    conflict = conflict_of(campaign, scene_id)
    p = _participant(conflict, pid)
    for member in [m for m in p.members if m not in p.out_members]:
        if hit <= 0:
            break
        character = campaign.character(member)
        ruleset = ruleset_of(character)
        track = track_for(character, ruleset, conflict.kind)
        plan = absorb_options(character, ruleset, hit, track, campaign.options,
                              lethal=lethal and campaign.options.lethal_damage)
        if plan.options:
            return take_hit(campaign, scene_id, ruleset, pid, member, plan.options[0], attacker=attacker)
        capacity = _capacity(character, ruleset, track)
        campaign = take_hit(campaign, scene_id, ruleset, pid, member, None, attacker=attacker, hit=hit)
        hit -= capacity + 1  # the shifts it took to take this one out
    return campaign


def _capacity(character: Character, ruleset: RuleSet, track: str) -> int:
    """Shifts a character's free stress boxes can take (one box per hit where the rule set says so)."""
    free = [value for _box, value in free_boxes(character, ruleset, track)]
    if not free:
        return 0
    return max(free) if ruleset.stress.marking == StressMarking.ONE_PER_HIT else sum(free)


def concede_participant(campaign: Campaign, scene_id: str, pid: str) -> Campaign:
    """The participant concedes: each member gains 1 fate point plus 1 per consequence taken
    in this conflict (NPCs carry theirs into the GM's pool later)."""
    conflict = conflict_of(campaign, scene_id)
    p = _participant(conflict, pid)
    if not p.active:
        raise refuse("conflict.concede", "participants", _("{name} is already out of the conflict.").format(name=p.name))
    if p.hazard:
        raise refuse("conflict.concede", "participants", _("{name} is a hazard: it does not concede, it is overcome.").format(name=p.name))
    lines = []
    owed = dict(conflict.concessions)
    for member in p.members:
        if campaign.character(member) is None or member in p.out_members:
            continue
        # Collected when the conflict ends (Fate Condensed, "Conceding"), not spendable during it.
        campaign, points = hits.concede_later(campaign, member)
        owed[member] = owed.get(member, 0) + points
        lines.append(_("{name}: {summary}").format(name=name_of(campaign, member), summary=campaign.character(member).advancement[-1].summary))
    p = p.model_copy(update={"conceded": True})
    participants = [p if q.id == pid else q for q in conflict.participants]
    current = conflict.current
    if current == pid:
        current = next((q.id for q in participants if q.active and not q.acted), None)
    changed = conflict.model_copy(update={"participants": participants, "current": current, "concessions": owed,
                                          "log": [*conflict.log, _("{name} concedes.").format(name=p.name), *lines]})
    return _put(campaign, scene_id, changed)


def end_conflict(campaign: Campaign, scene_id: str) -> tuple[Campaign, list[str]]:
    """End the conflict: who conceded, who was taken out, and every consequence taken in it."""
    conflict = conflict_of(campaign, scene_id)
    lines = [_("The conflict ends after {exchanges}.").format(exchanges=counted(conflict.exchange, 'exchange'))]
    for p in conflict.participants:
        if p.conceded:
            lines.append(_("{name} conceded.").format(name=p.name))
        elif p.taken_out:
            lines.append(ngettext("{name} was taken out.", "{name} were taken out.", len(p.members)).format(name=p.name))
        else:
            lines.append(ngettext("{name} is still standing.", "{name} are still standing.", len(p.members)).format(
                name=p.name))
        for member in p.members:
            character = campaign.character(member)
            for c in (character.consequences if character else []):
                if c.conflict == hits.conflict_id(campaign):
                    lines.append(_("{who} carries the consequence “{consequence}”.").format(who=name_of(campaign, member), consequence=c.text or c.slot))
    for member, points in conflict.concessions.items():
        campaign = hits.collect(campaign, member, points)
        lines.append(_("{who} collects {points} for conceding.").format(who=name_of(campaign, member), points=counted(points, 'fate point', words=False)))  # i18n: not shown (a key)
    changed = conflict.model_copy(update={"ended": True, "current": None, "concessions": {},
                                          "log": [*conflict.log, *lines]})
    return _put(campaign, scene_id, changed), lines


def note(campaign: Campaign, scene_id: str, lines: list[str]) -> Campaign:
    """Write what happened (rolls, misses) into the conflict's log."""
    conflict = conflict_of(campaign, scene_id)
    return _put(campaign, scene_id, conflict.model_copy(update={"log": [*conflict.log, *lines]}))


# --- from a character's sheet: the running conflict decides ------------------------------------


def concession_refusal(campaign: Campaign, character_id: str) -> str:
    """Why this character may not concede now ('' when they may). Fate Condensed, "Conceding the
    conflict": a concession is offered during a conflict, before the roll, and once you are taken
    out it is too late; it ends your part in the conflict, so it happens once."""
    name = name_of(campaign, character_id)
    place = place_in_conflict(campaign, character_id)
    if place is None:
        return (_("{name} is not in a conflict: a concession is made during a conflict, before the roll (start one on the Conflict tab).").format(name=name))
    _index, p = place
    if p.conceded:
        return _("{name} has already conceded this conflict.").format(name=name)
    if p.taken_out or character_id in p.out_members:
        return _("{name} was taken out: it is too late to concede.").format(name=name)
    if p.hazard:
        return _("{name} is a hazard: it does not concede, it is overcome.").format(name=p.name)
    return ""


def concede_in_play(campaign: Campaign, character_id: str) -> Campaign:
    """Concede from the sheet: through the running conflict (once, never after being taken out);
    refused outside a conflict."""
    reason = concession_refusal(campaign, character_id)
    if reason:
        raise refuse("conflict.concede", "participants", reason)
    scene_id, p = place_in_conflict(campaign, character_id)
    return concede_participant(campaign, scene_id, p.id)


def taken_out_in_play(campaign: Campaign, ruleset: RuleSet, character_id: str, hit: int,
                      attacker: str | None = None) -> Campaign:
    """Taken out from the sheet: recorded in the running conflict when the character is in one
    (so it can no longer concede or act), else on the character alone."""
    place = place_in_conflict(campaign, character_id)
    if place is None or character_id in place[1].out_members:
        return hits.taken_out(campaign, character_id, hit, attacker)
    scene_id, p = place
    return take_hit(campaign, scene_id, ruleset, p.id, character_id, None, attacker=attacker, hit=hit)


