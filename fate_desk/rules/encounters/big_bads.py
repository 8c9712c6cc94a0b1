"""Ways to break the rules for big bads (Fate Condensed's optional rules): the solo bonus,
expendable minion armor and revealing a true form, in a running conflict.

Each works only where the campaign has turned its option on and the monster or NPC carries the
rule break (`Character.rule_breaks`, kinds "solo_bonus", "solo_soak", "minion_armor", "true_form").
Pure functions over a Campaign; each returns a new campaign or raises `Refused`.
"""

from __future__ import annotations

import math

from fate_desk.i18n import _, ngettext
from fate_desk.model import Campaign, Character, CharacterKind, Conflict, Consequence, Participant, Severity

from fate_desk.rules.creation.derive import derive_consequences
from fate_desk.rules.creation.history import refuse
from fate_desk.rules.creation.loader import get_ruleset
from fate_desk.rules.encounters.conflict import conflict_of, participant_in, put_conflict
from fate_desk.rules.play.fate_points import with_character
from fate_desk.rules.play.table import name_of


def breaks(character: Character | None, kind: str) -> bool:
    return character is not None and any(b.kind == kind for b in character.rule_breaks)


def _lead(campaign: Campaign, p: Participant | None) -> Character | None:
    if p is None or not p.members:
        return None
    standing = [m for m in p.members if m not in p.out_members] or p.members
    return campaign.character(standing[0])


def facing_pcs(campaign: Campaign, conflict: Conflict, p: Participant) -> int:
    """Player characters still in the fight on other sides than `p`'s."""
    return sum(1 for q in conflict.participants if q.active and q.side != p.side
               for m in q.members if m not in q.out_members
               and (c := campaign.character(m)) is not None and c.kind == CharacterKind.PC)


def alone(conflict: Conflict, p: Participant) -> bool:
    """The only participant still standing on its side: "when they're the only one facing the heroes"."""
    return not any(q.active and q.side == p.side and q.id != p.id for q in conflict.participants)


def solo_bonus(campaign: Campaign, conflict: Conflict | None, pid: str | None, rating: int) -> int:
    """The solo bonus to a big bad's roll (Fate Condensed, "Solo Bonus"): "a bonus to skill rolls
    that's equal to the group's maximum potential teamwork bonus — the number of PCs acting against
    the big bad minus one ... This bonus can't do better than double the big bad's affected skill".
    0 unless the campaign uses the option, the big bad has the rule break and stands alone."""
    if conflict is None or pid is None or not campaign.options.solo_bonus:
        return 0
    p = next((q for q in conflict.participants if q.id == pid), None)
    if p is None or not breaks(_lead(campaign, p), "solo_bonus") or not alone(conflict, p):
        return 0
    return max(0, min(facing_pcs(campaign, conflict, p) - 1, rating))


def solo_soak(campaign: Campaign, conflict: Conflict | None, pid: str | None, hit: int) -> int:
    """A hit on a big bad that shrugs hits off alone (Fate Condensed, "Solo Bonus"): "reduce the
    stress of successful attacks by the number of opposing PCs divided by two, rounded up ... hits
    reduced this way can't be reduced below 1". Unchanged without the option or the rule break."""
    if conflict is None or pid is None or hit <= 0 or not campaign.options.solo_bonus:
        return hit
    p = next((q for q in conflict.participants if q.id == pid), None)
    if p is None or not breaks(_lead(campaign, p), "solo_soak") or not alone(conflict, p):
        return hit
    return max(1, hit - math.ceil(facing_pcs(campaign, conflict, p) / 2))


def minion_shields(campaign: Campaign, conflict: Conflict | None, pid: str | None) -> list[Participant]:
    """The minions a big bad may force into an attack's path (Fate Condensed, "Expendable Minion
    Armor"): the other participants still standing on its side. None without the option or the
    rule break."""
    if conflict is None or pid is None or not campaign.options.minion_armor:
        return []
    p = next((q for q in conflict.participants if q.id == pid), None)
    if p is None or not breaks(_lead(campaign, p), "minion_armor"):
        return []
    return [q for q in conflict.participants if q.active and q.side == p.side and q.id != p.id and not q.hazard]


def minion_takes_hit(campaign: Campaign, scene_id: str, pid: str, minion_pid: str) -> Campaign:
    """The big bad succeeds at a cost on its defence by forcing a minion into the attack: "That
    minion doesn't roll to defend, they just take the hit that would have landed on the big bad".
    Logged; the hit itself then lands on the minion like any hit."""
    conflict = conflict_of(campaign, scene_id)
    p = participant_in(conflict, pid)
    if minion_pid not in {q.id for q in minion_shields(campaign, conflict, pid)}:
        raise refuse("conflict.minion", "participants", _(
            "{name} cannot shield itself with that one: only a minion still standing on its side, where the "
            "campaign uses expendable minion armor and {name} has it.").format(name=p.name))
    minion = participant_in(conflict, minion_pid)
    line = _("{name} succeeds at a cost: {minion} is forced into the attack's path and takes the hit.").format(
        name=p.name, minion=minion.name)
    return put_conflict(campaign, scene_id, conflict.model_copy(update={"log": [*conflict.log, line]}))


# --- reveal true form ---------------------------------------------------------------------------


def true_form_of(campaign: Campaign, p: Participant | None) -> Character | None:
    """The character a taken-out big bad becomes, where the campaign reveals true forms."""
    if p is None or not campaign.options.true_form:
        return None
    lead = _lead(campaign, p)
    form = next((b.form for b in (lead.rule_breaks if lead else []) if b.kind == "true_form" and b.form), None)
    character = campaign.character(form) if form else None
    return character if character is not None and character.id not in p.members else None


_DOWN = {Severity.MODERATE: Severity.MILD, Severity.SEVERE: Severity.MODERATE}


def carried_consequences(campaign: Campaign, old: Character, new: Character) -> tuple[list[Consequence], list[str]]:
    """The old form's consequences carried to the new one (Fate Condensed, "Reveal True Form": "carry
    the consequences the big bad has already taken forward between forms, dismissing the mild ones and
    downgrading the moderate and severe ones by one step each"), each into a free slot of the new
    severity; one with no free slot of that severity is dropped (and said so)."""
    options = campaign.options
    old_slots = {s.id: s for s in derive_consequences(old, get_ruleset(old.ruleset), options)}
    new_slots = derive_consequences(new, get_ruleset(new.ruleset), options)
    taken = {c.slot for c in new.consequences}
    carried, lines = [], []
    for c in old.consequences:
        slot = old_slots.get(c.slot)
        severity = _DOWN.get(slot.severity) if slot is not None else None
        if severity is None:
            continue  # mild ones are dismissed (an extreme one stays with the form it changed)
        free = next((s for s in new_slots if s.severity == severity and s.id not in taken and not s.condition), None)
        if free is None:
            lines.append(_("“{text}” finds no free {severity} slot on the true form and is left behind.").format(
                text=c.text, severity=_(severity.label).lower()))
            continue
        taken.add(free.id)
        carried.append(c.model_copy(update={"slot": free.id, "recovering": False, "recovery_started": None}))
        lines.append(_("“{text}” carries over as a {severity} consequence.").format(
            text=c.text, severity=_(severity.label).lower()))
    return carried, lines


def reveal_true_form(campaign: Campaign, scene_id: str, pid: str, carry: bool = True) -> Campaign:
    """A big bad taken out reveals its true form: the next character takes its place in the
    conflict, fresh ("new capabilities and stunts, higher skill ratings, fresh stress and consequence
    tracks"), with the old form's consequences carried forward when `carry` (the gentler way)."""
    conflict = conflict_of(campaign, scene_id)
    p = participant_in(conflict, pid)
    form = true_form_of(campaign, p)
    old = _lead(campaign, p)
    if form is None or old is None:
        raise refuse("conflict.true_form", "participants", _(
            "{name} has no true form to reveal: the campaign must use the option, and the monster's true form "
            "rule break must name the character it becomes.").format(name=p.name))
    if not p.taken_out:
        raise refuse("conflict.true_form", "participants", _(
            "{name} reveals its true form only once taken out.").format(name=p.name))
    lines = [_("{name} is taken out, and reveals its true form: {form}.").format(name=p.name, form=name_of(campaign, form.id))]
    if carry:
        carried, notes = carried_consequences(campaign, old, form)
        if carried:
            campaign = with_character(campaign, form.model_copy(update={"consequences": [*form.consequences, *carried]}))
        lines += notes
        if not old.consequences:
            lines.append(_("It took no consequence to carry over."))
    revealed = p.model_copy(update={"members": [form.id], "out_members": [], "taken_out": False, "acted": False,
                                    "name": name_of(campaign, form.id), "full_defense": None, "defended": False})
    participants = [revealed if q.id == pid else q for q in conflict.participants]
    log = [*conflict.log, *lines]
    return put_conflict(campaign, scene_id, conflict.model_copy(update={"participants": participants, "log": log}))


def solo_note(bonus: int) -> str:
    """The solo bonus as the roll card names it."""
    return ngettext("Solo bonus (+{count})", "Solo bonus (+{count})", bonus).format(count=bonus)
