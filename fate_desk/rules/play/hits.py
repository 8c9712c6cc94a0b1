"""Taking a hit in play, over the campaign: absorb it, be taken out, or concede.

These wrap `harm` (which works on one character) for the table: the hit's consequences carry
the conflict (the scene being played) and give whoever inflicted them one free invoke each;
conceding pays its fate points through the ledger; everything is logged for the session.
"""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import Campaign, CampaignOptions, Character

from fate_desk.rules.play.fate_points import Reason, holder_name, log_entry, log_event, with_character
from fate_desk.rules.harm.absorb import (
    AbsorbOption, AbsorbPlan, Hit, absorb, absorb_options, collect_concession, concede, concession_points, resolve_hit,
    shifts_text,
)
from fate_desk.rules.creation.history import record, refuse
from fate_desk.rules.creation.ruleset import RuleSet
from fate_desk.rules.play.actions import against_self_refusal, place_aspect
from fate_desk.rules.play.table import current_scene


def conflict_id(campaign: Campaign) -> str | None:
    """The conflict being fought now (its own id), or None outside one. A consequence carries
    it, so a concession pays only for what was taken in this conflict: Fate Condensed,
    "Conceding", "a fate point plus an extra one for each consequence they took in the current
    conflict" (a hit taken earlier in the scene, before the conflict began, is not one)."""
    scene = current_scene(campaign)
    conflict = scene.play.conflict if scene is not None else None
    return conflict.id if conflict is not None and not conflict.ended else None


def _defender(campaign: Campaign, character_id: str) -> Character:
    character = campaign.character(character_id)
    if character is None:
        raise refuse("hits.who", "characters", _("That character is no longer in the campaign."))
    return character


def _not_self(attacker: str | None, character_id: str) -> None:
    reason = against_self_refusal(attacker, character_id)
    if reason:
        raise refuse("hits.self", "characters", reason)


def hit_plan(campaign: Campaign, ruleset: RuleSet, character_id: str, shifts: int, track: str,
             weapon: int = 0, armor: int = 0) -> tuple[Hit, AbsorbPlan]:
    """The hit after Weapon and Armor, and the legal ways to absorb it on this character's sheet."""
    options = campaign.options or CampaignOptions()
    hit = resolve_hit(shifts, weapon, armor, options)
    plan = absorb_options(_defender(campaign, character_id), ruleset, hit.shifts, track, options)
    return hit, plan


def take_hit(
    campaign: Campaign,
    ruleset: RuleSet,
    character_id: str,
    option: AbsorbOption,
    texts: dict[str, str] | None = None,
    *,
    attacker: str | None = None,
    extreme_aspect: int | None = None,
) -> Campaign:
    """Absorb a hit by one of the plan's options; each new consequence gives `attacker` a free invoke."""
    character = _defender(campaign, character_id)
    _not_self(attacker, character_id)
    before = {c.slot for c in character.consequences}
    applied = absorb(
        character, ruleset, option, texts, options=campaign.options, conflict=conflict_id(campaign),
        extreme_aspect=extreme_aspect, when=campaign.clock,
    )
    after = applied.character
    if attacker and campaign.character(attacker) is not None:
        consequences = [
            c.model_copy(update={"free_invokes": 1, "inflicted_by": attacker}) if c.slot not in before else c
            for c in after.consequences
        ]
        after = after.model_copy(update={"consequences": consequences})
    campaign = with_character(campaign, after)
    line = _("{who} took a hit of {shifts} from {attacker}: {what}.") if attacker else \
        _("{who} took a hit of {shifts}: {what}.")
    return log_event(campaign, line.format(
        who=holder_name(campaign, character_id), shifts=shifts_text(option.hit),
        attacker=holder_name(campaign, attacker) if attacker else "",
        what=option.description[:1].lower() + option.description[1:]))


def attacker_boost(campaign: Campaign, character_id: str, attacker: str | None, hit: Hit, name: str = "") -> Campaign:
    """A hit that leaves nothing to absorb but gives the attacker a boost (a tie without a
    Weapon, or Armor taking the hit to 0 or less): the boost is put into play."""
    if not hit.boost or hit.shifts > 0:
        raise refuse("hits.boost", "aspects", _("This hit gives the attacker no boost."))
    by = holder_name(campaign, attacker) if attacker else _("The attacker")
    name = name.strip() or _("Opening on {who}").format(who=holder_name(campaign, character_id))
    campaign = place_aspect(campaign, name, 1, boost=True)
    return log_event(campaign, _("{by} gets the boost “{name}”: {note}").format(by=by, name=name, note=hit.note))


def taken_out(campaign: Campaign, character_id: str, hit: int, attacker: str | None = None) -> Campaign:
    """A hit nothing left can absorb: the character is taken out (recorded, nothing else changes)."""
    character = _defender(campaign, character_id)
    _not_self(attacker, character_id)
    if attacker:
        summary = _("Taken out by {attacker}: a hit of {shifts} that nothing left could absorb.").format(
            attacker=holder_name(campaign, attacker), shifts=shifts_text(hit))
    else:
        summary = _("Taken out: a hit of {shifts} that nothing left could absorb.").format(shifts=shifts_text(hit))
    applied = record(character, character.model_copy(), "harm", summary, campaign.clock)
    campaign = with_character(campaign, applied.character)
    return log_event(campaign, _("{name}: {summary}").format(name=holder_name(campaign, character_id), summary=summary))


def concede_later(campaign: Campaign, character_id: str) -> tuple[Campaign, int]:
    """Concede in a running conflict: recorded now, its points owed until the conflict ends."""
    character = _defender(campaign, character_id)
    conflict = conflict_id(campaign)
    points = concession_points(character, conflict)
    applied = concede(character, conflict, when=campaign.clock, collect_later=True)
    campaign = with_character(campaign, applied.character)
    return log_event(campaign, _("{who} conceded the conflict.").format(who=holder_name(campaign, character_id))), points


def collect(campaign: Campaign, character_id: str, points: int) -> Campaign:
    """Pay a concession's points at the end of the conflict: a PC's through the ledger, an NPC's
    carried into the GM's pool for a later scene."""
    character = campaign.character(character_id)
    if character is None or points <= 0:
        return campaign
    applied = collect_concession(character, points, when=campaign.clock)
    campaign = with_character(campaign, applied.character)
    return log_entry(campaign, character_id, points, Reason.CONCESSION, _("collected at the end of the conflict"))


def concede_conflict(campaign: Campaign, character_id: str) -> Campaign:
    """Concede before the roll: 1 fate point plus 1 per consequence taken in this conflict."""
    character = _defender(campaign, character_id)
    conflict = conflict_id(campaign)
    taken = concession_points(character, conflict) - 1
    applied = concede(character, conflict, when=campaign.clock)
    campaign = with_character(campaign, applied.character)
    note = _("1, plus {taken} for consequences taken").format(taken=taken) if taken else "1"
    campaign = log_entry(campaign, character_id, 1 + taken, Reason.CONCESSION, note)
    return log_event(campaign, _("{who} conceded the conflict.").format(who=holder_name(campaign, character_id)))


__all__ = ["attacker_boost", "collect", "concede_later", "concede_conflict", "conflict_id", "hit_plan", "take_hit", "taken_out"]
