"""Fate points with reasons: spend and gain, compels, and the session's ledger.

Pure functions over a Campaign (the input is never changed): each returns the new campaign or
raises `Refused`. A player character's points are their own; anyone else's go through the
GM's pool ("gm" in the ledger). Every change is written to the current session's ledger and,
for a character, to its history.
"""

from __future__ import annotations

from fate_desk.i18n import N_, _, ngettext
from fate_desk.model import Campaign, Character, CharacterKind, FatePointEntry

from fate_desk.rules.clock.timeline import session_log
from fate_desk.rules.creation.history import counted, record, refuse
from fate_desk.rules.play.table import current_scene

GM = "gm"


class Reason:
    """The reasons the ledger knows (plain strings, so files stay readable)."""

    INVOKE = "invoke"
    HOSTILE_INVOKE = "hostile invoke"  # i18n: not shown (stored key)
    COMPEL_ACCEPTED = "compel accepted"  # i18n: not shown (stored key)
    COMPEL_REFUSED = "compel refused"  # i18n: not shown (stored key)
    COMPEL_PROPOSED = "compel proposed"  # i18n: not shown (stored key)
    CONCESSION = "concession"
    REFRESH = "refresh"
    OTHER = "other"

    ALL = (INVOKE, HOSTILE_INVOKE, COMPEL_ACCEPTED, COMPEL_REFUSED, COMPEL_PROPOSED, CONCESSION, REFRESH, OTHER)
    # Which way each moves points (Fate Condensed, "Fate Points"): an invoke, a refused compel
    # and a player's proposed compel cost one; a hostile invoke, an accepted compel, conceding
    # and refresh give them. "Other" goes either way.
    SPENDING = (INVOKE, COMPEL_REFUSED, COMPEL_PROPOSED, OTHER)
    GAINING = (HOSTILE_INVOKE, COMPEL_ACCEPTED, CONCESSION, REFRESH, OTHER)


def reasons_for(change: int) -> tuple[str, ...]:
    """The reasons that fit a change of fate points: spending (negative) or gaining."""
    return Reason.SPENDING if change < 0 else Reason.GAINING


# The reasons in words, translated where shown (the ledger keeps the English reason).
_REASON_WORDS = {
    Reason.INVOKE: N_("invoke"),
    Reason.HOSTILE_INVOKE: N_("hostile invoke"),
    Reason.COMPEL_ACCEPTED: N_("compel accepted"),
    Reason.COMPEL_REFUSED: N_("compel refused"),
    Reason.COMPEL_PROPOSED: N_("compel proposed"),
    Reason.CONCESSION: N_("concession"),
    Reason.REFRESH: N_("refresh"),
    Reason.OTHER: N_("other"),
}


def reason_text(reason: str) -> str:
    """A ledger reason as the user reads it."""
    word = _REASON_WORDS.get(reason)
    return _(word) if word else reason


def holder(campaign: Campaign, character_id: str | None) -> str:
    """Whose points a character uses: a PC's own id, or GM for everyone else (and nobody)."""
    character = campaign.character(character_id) if character_id else None
    return character.id if character is not None and character.kind == CharacterKind.PC else GM


def payer(campaign: Campaign, character_id: str | None) -> str:
    """Whose points pay this character's invokes: a PC's own; a major NPC's own while its sheet
    holds some (the sheet and the conflict table show that number); everyone else, and a major
    NPC with none left, the GM's pool."""
    character = campaign.character(character_id) if character_id else None
    if character is not None and character.kind == CharacterKind.MAJOR_NPC and character.fate_points > 0:
        return character.id
    return holder(campaign, character_id)


def points_of(campaign: Campaign, who: str) -> int:
    if who == GM:
        return campaign.gm_fate_points
    character = campaign.character(who)
    return character.fate_points if character is not None else 0


def holder_name(campaign: Campaign, who: str) -> str:
    if who == GM:
        return _("The GM")
    character = campaign.character(who)
    return (character.name or "(unnamed)") if character is not None else "(gone)"


def with_character(campaign: Campaign, character: Character) -> Campaign:
    characters = [character if c.id == character.id else c for c in campaign.characters]
    return campaign.model_copy(update={"characters": characters})


def append_to_log(campaign: Campaign, **items: list) -> Campaign:
    """Append items to lists of the current session's log (events, fate_points, rolls)."""
    log = session_log(campaign)
    log = log.model_copy(update={name: [*getattr(log, name), *values] for name, values in items.items()})
    others = [s for s in campaign.sessions if s.number != log.number]
    return campaign.model_copy(update={"sessions": sorted([*others, log], key=lambda s: s.number)})


def log_entry(campaign: Campaign, who: str, change: int, reason: str, note: str = "") -> Campaign:
    """Append a line to the current session's fate-point ledger, and say it in the session's events."""
    entry = FatePointEntry(who=who, name=holder_name(campaign, who), change=change, reason=reason, note=note,
                           scene=campaign.clock.scene)
    return append_to_log(campaign, fate_points=[entry], events=[describe(entry)])


def describe(entry: FatePointEntry) -> str:
    """A ledger entry in words: "Ines Okafor: −1 fate point (invoke: “Built Like a Mooring Post”)"."""
    n = abs(entry.change)
    sign = "+" if entry.change > 0 else "−"
    why = _("{reason}: {note}").format(reason=reason_text(entry.reason), note=entry.note) if entry.note \
        else reason_text(entry.reason)
    whose = _("GM's pool") if entry.who == GM else entry.name
    return ngettext("{whose}: {sign}{count} fate point ({why}).", "{whose}: {sign}{count} fate points ({why}).", n).format(
        whose=whose, sign=sign, count=n, why=why)


def log_event(campaign: Campaign, line: str) -> Campaign:
    """Append a line to the current session's events (what happened, for the session log)."""
    return append_to_log(campaign, events=[line])


def change_points(campaign: Campaign, who: str, change: int, reason: str, note: str = "") -> Campaign:
    """Spend (negative) or gain fate points for `who` (a PC's id, or GM), with a reason.

    Refused, with nothing changed, when it would take more points than there are.
    """
    if change == 0:
        return campaign
    have = points_of(campaign, who)
    name = holder_name(campaign, who)
    if reason in Reason.ALL and reason not in reasons_for(change):
        raise refuse(
            "fate_points.reason", "fate_points",
            (_("A {reason} never gives fate points: pick a reason for gaining them.") if change > 0 else
             _("A {reason} never costs fate points: pick a reason for spending them.")).format(
                reason=reason_text(reason)))
    if have + change < 0:
        raise refuse(
            "fate_points.short", "fate_points",
            _("{name} has {points}; {reason} needs {count}.").format(
                name=name, points=counted(have, "fate point", words=False), reason=reason_text(reason), count=-change),  # i18n: not shown (a key)
        )
    after = min(999, have + change)
    if note:
        what = ngettext("{sign}{count} fate point ({reason}: {note})", "{sign}{count} fate points ({reason}: {note})",
                        abs(change))
    else:
        what = ngettext("{sign}{count} fate point ({reason})", "{sign}{count} fate points ({reason})", abs(change))
    what = what.format(sign="+" if change > 0 else "−", count=abs(change), reason=reason_text(reason), note=note)
    if who == GM:
        campaign = campaign.model_copy(update={"gm_fate_points": after})
    else:
        character = campaign.character(who)
        work = character.model_copy(update={"fate_points": after})
        applied = record(character, work, "fate points", _("{change}.").format(change=what[:1].upper() + what[1:]),  # i18n: not shown (a key)
                         campaign.clock)
        campaign = with_character(campaign, applied.character)
    return log_entry(campaign, who, after - have, reason, note)


def earn_later(campaign: Campaign, character_id: str, points: int, reason: str, note: str = "") -> Campaign:
    """Points a character earns now but may spend only after this scene (hostile invokes).

    A PC holds them as pending points, spendable when the scene ends; an NPC carries them into
    the GM's pool for a later scene.
    """
    character = campaign.character(character_id)
    if character is None or points <= 0:
        return campaign
    if character.kind == CharacterKind.PC:
        update = {"pending_fate_points": min(999, character.pending_fate_points + points)}
        summary = _("+{points} ({reason}), to spend after this scene.")
        spendable = _("{note}; spendable after this scene") if note else _("spendable after this scene")
    else:
        update = {"carried_fate_points": min(999, character.carried_fate_points + points)}
        summary = _("+{points} ({reason}), to spend into the GM's pool for a later scene.")
        spendable = (_("{note}; spendable into the GM's pool for a later scene") if note
                     else _("spendable into the GM's pool for a later scene"))
    work = character.model_copy(update=update)
    summary = summary.format(points=counted(points, "fate point", words=False), reason=reason_text(reason))  # i18n: not shown (a key)
    applied = record(character, work, "fate points", summary, campaign.clock)  # i18n: not shown (a key)
    campaign = with_character(campaign, applied.character)
    return log_entry(campaign, character.id, points, reason, spendable.format(note=note))


def compel_targets(campaign: Campaign, character_id: str) -> list[str]:
    """Every aspect that may be compelled on this character: its own aspects, its consequences,
    and the situation aspects of the scene being played (Fate Condensed, "Compels": any aspect,
    a character's, a situation's or a consequence, that affects the character; never a boost)."""
    character = campaign.character(character_id)
    if character is None:
        return []
    out = [a.text for a in character.aspects if a.text.strip()]
    out += [c.text for c in character.consequences if c.text.strip()]
    scene = current_scene(campaign)
    if scene is not None:
        every = [*scene.aspects, *(a for z in scene.zones for a in z.aspects)]
        out += [a.text for a in every if a.text.strip() and not a.boost]
    return list(dict.fromkeys(out))


def compel(campaign: Campaign, character_id: str, aspect: str, accept: bool, proposer: str | None = None,
           later: bool = False) -> Campaign:
    """A compel on an aspect that affects the character: accept and gain a point, or refuse and pay one.

    A PC's points are their own; an NPC's compels are paid from (or paid into) the GM's pool.
    Refusing with no point to pay is refused: the compel must be accepted. A player who
    proposes a compel on another character (`proposer`, a PC's id) pays one of their own fate
    points for it (Fate Condensed, "Compels"); the GM proposes for free. With `later` (the rule
    set's `compel_point_after_scene`), a PC's point for accepting comes at the end of the scene.
    """
    who = holder(campaign, character_id)
    note = f"“{aspect}”" if aspect else ""
    scene = current_scene(campaign)
    boosts = {a.text for a in ([*scene.aspects, *(a for z in scene.zones for a in z.aspects)] if scene else [])
              if a.boost}
    if aspect and aspect in boosts and aspect not in compel_targets(campaign, character_id):
        raise refuse("fate_points.compel_boost", "aspects", _("“{aspect}” is a boost: a boost cannot be compelled.").format(aspect=aspect))
    paying = proposer is not None and proposer != character_id and holder(campaign, proposer) != GM
    if paying:
        name = holder_name(campaign, proposer)
        if points_of(campaign, proposer) < 1:
            raise refuse("fate_points.propose", "fate_points",
                         _("{name} has no fate point to pay for proposing a compel on another character.").format(name=name))
    if not accept and points_of(campaign, who) < 1:
        name = holder_name(campaign, who)
        raise refuse("fate_points.compel", "fate_points",
                     _("{name} has no fate point to pay for refusing the compel: it must be accepted.").format(name=name))
    if paying:
        target = holder_name(campaign, character_id)
        campaign = change_points(campaign, proposer, -1, Reason.COMPEL_PROPOSED, _("{note} on {target}").format(note=note, target=target).strip())
    if accept:
        if later and who != GM:
            return earn_later(campaign, who, 1, Reason.COMPEL_ACCEPTED, note)
        return change_points(campaign, who, +1, Reason.COMPEL_ACCEPTED, note)
    return change_points(campaign, who, -1, Reason.COMPEL_REFUSED, note)


def ledger(campaign: Campaign, number: int | None = None) -> list[FatePointEntry]:
    """The fate-point ledger of a session (default: the current one)."""
    return list(session_log(campaign, number).fate_points)


def ledger_totals(campaign: Campaign, number: int | None = None) -> dict[str, tuple[int, int]]:
    """Per holder (PC id or GM): (points gained, points spent) in a session."""
    totals: dict[str, tuple[int, int]] = {}
    for entry in ledger(campaign, number):
        gained, spent = totals.get(entry.who, (0, 0))
        totals[entry.who] = (gained + max(0, entry.change), spent + max(0, -entry.change))
    return totals


__all__ = [
    "GM", "Reason", "append_to_log", "change_points", "compel", "compel_targets", "describe", "earn_later", "holder", "holder_name", "ledger",
    "payer",
    "ledger_totals", "log_entry", "log_event", "points_of", "reasons_for", "with_character",
]
