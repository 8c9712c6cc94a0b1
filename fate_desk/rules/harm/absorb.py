"""Taking harm: Weapon and Armor, stress boxes, consequences and conditions, absorbing a hit.

Each operation returns `Applied(character, entry)` or raises `Refused`; nothing is half done.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import NamedTuple

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import (
    AspectRole,
    CampaignOptions,
    Character,
    CharacterKind,
    ClockStamp,
    Consequence,
    ConditionsMode,
    Severity,
)

from fate_desk.rules.creation.checker import ChoiceStatus, Problem
from fate_desk.rules.creation.derive import SlotInfo, count_word, slot_text, derive_consequences, derive_stress, join_words
from fate_desk.rules.creation.history import Applied, Refused, record, refuse
from fate_desk.rules.creation.ruleset import RuleSet, StressMarking

def shifts_text(n: int) -> str:
    """A count of shifts as people say it: 'one shift', '2 shifts', '0 shifts'."""
    return _("one shift") if n == 1 else ngettext("{count} shift", "{count} shifts", n).format(count=n)


# --- Weapon and Armor -------------------------------------------------------------------------


class Hit(NamedTuple):
    """What an attack does after Weapon and Armor: shifts to absorb, and whether it gives a boost."""

    shifts: int
    boost: bool
    note: str


def resolve_hit(shifts: int, weapon: int = 0, armor: int = 0, options: CampaignOptions | None = None,
                style_boost: bool = False) -> Hit:
    """Attack shifts (attack effort minus defence effort) to the hit the defender must absorb.

    Weapon adds to a hit and turns a tie into a hit of the Weapon's rating instead of a boost;
    Armor takes away, and a hit it brings to 0 or less gives the attacker a boost instead.
    Without the option, both are ignored. `style_boost`: an attack with style traded one shift
    for a boost (Fate Condensed, "Attack").
    """
    if options is not None and not options.weapon_armor:
        weapon = armor = 0
    if shifts < 0:
        return Hit(0, False, _("The attack misses."))
    if style_boost and shifts >= 3:
        hit = resolve_hit(shifts - 1, weapon, armor)
        return Hit(hit.shifts, True, _("{hit}, and the attacker takes a boost for one shift.").format(hit=hit.note[:-1]))
    if shifts == 0 and not weapon:
        return Hit(0, True, _("A tie: no hit, but the attacker gets a boost."))
    total = shifts + weapon - armor
    parts = [shifts_text(shifts)]
    if weapon:
        parts.append(f"+ Weapon:{weapon}")
    if armor:
        parts.append(f"− Armor:{armor}")
    if total <= 0:
        return Hit(0, True, _("{text} leaves nothing: no harm, but the attacker gets a boost.").format(text=' '.join(parts)))
    if len(parts) > 1:
        return Hit(total, False, _("A hit of {sum} = {shifts}.").format(sum=" ".join(parts), shifts=shifts_text(total)))
    return Hit(total, False, _("A hit of {shifts}.").format(shifts=shifts_text(total)))


# --- slots ------------------------------------------------------------------------------------


def slots_of(character: Character, ruleset: RuleSet, options: CampaignOptions | None) -> dict[str, SlotInfo]:
    return {s.id: s for s in derive_consequences(character, ruleset, options)}


def filled(character: Character, slot_id: str) -> Consequence | None:
    return next((c for c in character.consequences if c.slot == slot_id), None)


def _conditions(options: CampaignOptions | None) -> ConditionsMode:
    return (options or CampaignOptions()).conditions


def _row_room(character: Character, slots: dict[str, SlotInfo], slot: SlotInfo) -> int:
    """'Further apart' conditions: boxes still markable on the slot's row before the cutoff."""
    row = [s for s in slots.values() if s.severity == slot.severity]
    cutoff = slot.row_cutoff if slot.row_cutoff is not None else 2
    marked = sum(c.boxes_marked for s in row if (c := filled(character, s.id)))
    return max(0, cutoff - marked)


def slot_room(
    character: Character, ruleset: RuleSet, slot_id: str, track: str | None, options: CampaignOptions | None
) -> tuple[int, str]:
    """How many boxes of a consequence or condition slot can take this hit, or why none can."""
    slots = slots_of(character, ruleset, options)
    slot = slots.get(slot_id)
    if slot is None:
        known = ", ".join(slots) or _("none")
        return 0, _("There is no consequence slot “{slot_id}” on this sheet (slots: {known}).").format(slot_id=slot_id, known=known)
    mode = _conditions(options)
    is_condition = slot.condition
    name = slot_text(slot)
    # Plain conditions may be marked for any harm; the "further apart" variant keeps them apart.
    if slot.only and track and slot.only != track and not (is_condition and mode == ConditionsMode.PLAIN):
        return 0, _("{name} takes {only} harm only, and this hit is {track}.").format(name=name, only=slot.only, track=track)
    if slot.severity == Severity.EXTREME and not any(
        a.role != AspectRole.HIGH_CONCEPT for a in character.aspects
    ):
        return 0, _("An extreme consequence replaces an aspect other than the high concept, and there is none.")
    current = filled(character, slot_id)
    used = current.boxes_marked if current else 0
    if slot.severity == Severity.EXTREME and current:
        moment = extreme_moment(ruleset)
        return (
            0,
            _("The extreme consequence has been used since the last {moment}: it is once between {moment}s.").format(moment=moment),
        )
    room = slot.boxes - used if is_condition else (0 if current else 1)
    if room <= 0:
        if current and current.text:
            return 0, _("{name} is already taken: “{text}”.").format(name=name, text=current.text)
        return 0, _("{name} is already taken.").format(name=name)
    if is_condition and mode == ConditionsMode.FURTHER_APART:
        row = _row_room(character, slots, slot)
        if row <= 0:
            return (
                0,
                _("The {severity} row has reached its cutoff: no more boxes may be marked on it.").format(
                    severity=slot.severity.label.lower()),
            )
        room = min(room, row)
    return room, ""


def extreme_moment(ruleset: RuleSet) -> str:
    """'breakthrough' (Fate Condensed), 'major milestone' (Fate Core): the milestone that frees
    the extreme consequence slot again, by letting it be renamed."""
    dials = ruleset.advancement
    level = next((lv for lv in dials.levels() if dials.total(lv).rename_extreme), None)
    return rules_text(dials.grants[level].label).lower() if level is not None else rules_text("breakthrough")


def slot_options(
    character: Character, ruleset: RuleSet, track: str | None = None, options: CampaignOptions | None = None
) -> list[ChoiceStatus]:
    """Every consequence or condition slot: can it take (part of) a hit on `track`, and if not why."""
    out = []
    for slot in derive_consequences(character, ruleset, options):
        room, reason = slot_room(character, ruleset, slot.id, track, options)
        out.append(
            ChoiceStatus(slot.id, room > 0, reason, _("{slot} ({value})").format(
                slot=slot_text(slot), value=slot.value))
        )
    return out


# --- stress -----------------------------------------------------------------------------------


def _track(character: Character, ruleset: RuleSet, track: str) -> list[int]:
    boxes, names = derive_stress(character, ruleset)
    if track not in boxes:
        known = join_words([rules_text(n) for n in names.values()] or [_("none")], "or")
        raise refuse("harm.track", "stress", _("There is no “{track}” stress track here (tracks: {known}).").format(track=track, known=known))
    return boxes[track]


def free_boxes(character: Character, ruleset: RuleSet, track: str) -> list[tuple[int, int]]:
    """(position, value) of every unmarked box on a track."""
    marked = set(character.stress.get(track, []))
    return [(i, v) for i, v in enumerate(_track(character, ruleset, track)) if i not in marked]


def _mark(work: Character, ruleset: RuleSet, track: str, boxes: list[int]) -> list[int]:
    values = _track(work, ruleset, track)
    if not boxes:
        raise refuse("harm.no_boxes", f"stress.{track}", _("Choose at least one stress box to mark."))
    if ruleset.stress.marking == StressMarking.ONE_PER_HIT and len(boxes) > 1:
        raise refuse(
            "harm.one_box",
            f"stress.{track}",
            _("In {name} only one stress box may be checked for each hit.").format(name=ruleset.name),
        )
    marked = set(work.stress.get(track, []))
    for pos in boxes:
        if not 0 <= pos < len(values):
            raise refuse(
                "harm.no_box",
                f"stress.{track}",
                _("The track has {count} boxes; there is no box {box}.").format(count=len(values), box=pos + 1),
            )
        if pos in marked or boxes.count(pos) > 1:
            raise refuse("harm.marked", f"stress.{track}", _("Stress box {box} is already marked.").format(box=pos + 1))
    work.stress = {**work.stress, track: sorted(marked | set(boxes))}
    return [values[p] for p in boxes]


def mark_stress(
    character: Character,
    ruleset: RuleSet,
    track: str,
    boxes: list[int],
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Mark stress boxes (0-based positions); one box per hit where the rule set says so."""
    work = character.model_copy(deep=True)
    values = _mark(work, ruleset, track, list(boxes))
    name = derive_stress(character, ruleset)[1].get(track, track)
    name = name if _is_custom(character, track) else name.lower()
    return record(
        character, work, "harm", _("Marked {boxes}, absorbing {shifts}.").format(boxes=_boxes_text(values, name, _is_custom(character, track)), shifts=sum(values)), when, at
    )


def _is_custom(character: Character, track: str) -> bool:
    return any(t.id == track for t in character.all_tracks())


# The standard tracks' phrases, whole, so a language can make the adjective agree.
_STRESS_WORDS = {"physical": N_("physical stress"), "mental": N_("mental stress")}


def _boxes_text(values: list[int], track_name: str, custom: bool = False) -> str:
    # A track already called "stress" (Fate Accelerated's only one) is not "stress stress"; a
    # custom track (Wealth, Angry) is named as it is, not as stress.
    if custom:
        what = track_name
    elif track_name.strip().lower() == "stress":
        what = _("stress")
    elif track_name.strip().lower() in _STRESS_WORDS:
        what = _(_STRESS_WORDS[track_name.strip().lower()])  # a whole phrase: its words agree
    else:
        title = track_name[:1].upper() + track_name[1:]  # callers lower the rule set's "Physical"
        shown = rules_text(title)
        what = _("{track} stress").format(track=shown if shown != title else track_name)
    if all(v == 1 for v in values):
        n = len(values)
        return ngettext("{count} {what} box", "{count} {what} boxes", n).format(count=count_word(n), what=what)
    return ngettext("the {what} box worth {values}", "the {what} boxes worth {values}", len(values)).format(
        what=what, values=join_words([str(v) for v in values]))


def clear_stress(character: Character, when: ClockStamp | None = None, at: str | None = None) -> Applied:
    work = character.model_copy(update={"stress": {}})
    return record(character, work, "recovery", _("Cleared all stress."), when, at)


# --- consequences -----------------------------------------------------------------------------


def _take(
    work: Character,
    ruleset: RuleSet,
    slot_id: str,
    text: str,
    track: str | None,
    boxes: int,
    options: CampaignOptions | None,
    conflict: str | None,
    extreme_aspect: int | None,
    when: ClockStamp | None = None,
) -> str:
    """Fill a slot on the working copy; returns a phrase for the summary."""
    room, reason = slot_room(work, ruleset, slot_id, track, options)
    if room <= 0:
        raise refuse("harm.slot", f"consequences.{slot_id}", reason)
    slot = slots_of(work, ruleset, options)[slot_id]
    label = slot.label or slot.severity.label
    if boxes < 1 or boxes > room:
        raise refuse(
            "harm.boxes",
            f"consequences.{slot_id}",
            ngettext("{label} can take {count} more box now.", "{label} can take {count} more boxes now.", room).format(
                label=label, count=count_word(room)),
        )
    is_condition = slot.condition
    text = text.strip() or (label if is_condition else "")
    if not text:
        raise refuse(
            "harm.name",
            f"consequences.{slot_id}",
            _("Name the {label} consequence: what did the hit do?").format(label=label.lower()),
        )
    current = filled(work, slot_id)
    if current is not None:  # more boxes on a condition: fresh harm, so treatment starts again
        updated = current.model_copy(
            update={
                "boxes_marked": current.boxes_marked + boxes,
                "recovering": not ruleset.treatment,
                "recovery_started": None if ruleset.treatment else (when or ClockStamp()).model_copy(),
                "scenes_recovered": 0,
                "sessions_recovered": 0,
                "conflict": conflict or current.conflict,
            }
        )
        work.consequences = [updated if c is current else c for c in work.consequences]
        return ngettext("{count} more box of {label}", "{count} more boxes of {label}", boxes).format(
            count=count_word(boxes), label=label)
    if slot.severity == Severity.EXTREME:
        _replace_aspect(work, extreme_aspect, text)
    new = Consequence(slot=slot_id, text=text, conflict=conflict, boxes_marked=boxes)
    if not ruleset.treatment and slot.severity != Severity.EXTREME:
        # No treatment roll (Fate Accelerated): recovery runs from the moment it is taken.
        new = new.model_copy(update={"recovering": True, "recovery_started": (when or ClockStamp()).model_copy()})
    work.consequences = [*work.consequences, new]
    if is_condition:
        return ngettext("{label} ({count} box)", "{label} ({count} boxes)", boxes).format(
            label=label, count=count_word(boxes))
    return {
        Severity.MILD: _("mild consequence “{text}”"),
        Severity.MODERATE: _("moderate consequence “{text}”"),
        Severity.SEVERE: _("severe consequence “{text}”"),
        Severity.EXTREME: _("extreme consequence “{text}”"),
    }[slot.severity].format(text=text)


def _replace_aspect(work: Character, index: int | None, text: str) -> None:
    aspects = list(work.aspects)
    if index is None or not 0 <= index < len(aspects):
        raise refuse("harm.extreme_aspect", "aspects", _("Choose the aspect the extreme consequence replaces."))
    if aspects[index].role == AspectRole.HIGH_CONCEPT:
        raise refuse(
            "harm.extreme_concept",
            f"aspects[{index}]",
            _("An extreme consequence cannot replace the high concept; choose another aspect."),
        )
    # The replaced aspect is kept: a rename at the next breakthrough or major milestone may never
    # go back to it (Fate Core, "Extreme Consequences"; Fate Condensed: "you can't go back to the
    # original aspect").
    replaced = aspects[index].replaced if aspects[index].extreme else aspects[index].text
    aspects[index] = aspects[index].model_copy(update={"text": text, "extreme": True, "free_invokes": 0,
                                                       "replaced": replaced or None})
    work.aspects = aspects


def take_consequence(
    character: Character,
    ruleset: RuleSet,
    slot: str,
    text: str = "",
    *,
    track: str | None = None,
    boxes: int = 1,
    options: CampaignOptions | None = None,
    conflict: str | None = None,
    extreme_aspect: int | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Write a consequence into a free slot (or mark condition boxes); `track` is the hit's kind."""
    work = character.model_copy(deep=True)
    phrase = _take(work, ruleset, slot, text, track, boxes, options, conflict, extreme_aspect, when)
    return record(character, work, "harm", _("Took {phrase}.").format(phrase=phrase), when, at)


# --- absorbing a hit --------------------------------------------------------------------------


@dataclass(frozen=True)
class AbsorbOption:
    """One way to absorb a hit: stress boxes on the hit's track plus consequence (condition) boxes."""

    hit: int
    track: str
    stress: tuple[int, ...]  # box positions
    consequences: tuple[tuple[str, int], ...]  # (slot id, boxes)
    absorbed: int
    description: str
    # Boxes on other tracks that absorb this kind of harm: (track id, box position).
    helpers: tuple[tuple[str, int], ...] = ()

    @property
    def waste(self) -> int:
        return self.absorbed - self.hit


@dataclass(frozen=True)
class AbsorbPlan:
    """The ways to take a hit on one track, best first; taken out when nothing can absorb it."""
    hit: int
    track: str
    options: list[AbsorbOption]
    taken_out: bool
    message: str


def _stress_choices(free: list[tuple[int, int]], marking: StressMarking) -> list[tuple[int, ...]]:
    """Distinct ways to mark stress: the leftmost free boxes of each value, in any amount."""
    by_value: dict[int, list[int]] = {}
    for pos, value in free:
        by_value.setdefault(value, []).append(pos)
    if marking == StressMarking.ONE_PER_HIT:
        return [()] + [(positions[0],) for _value, positions in sorted(by_value.items())]
    ranges = [[tuple(ps[:k]) for k in range(len(ps) + 1)] for _value, ps in sorted(by_value.items())]
    return [tuple(sorted(sum(combo, ()))) for combo in itertools.product(*ranges)]


def _single_boxes(free: list[tuple[int, int]], hit: int, exact_first: bool) -> list[tuple[int, int]]:
    """Every single free box that may take the whole hit alone, where one box is checked per hit.

    Fate Core ("Stress"): the box equal to the hit if it is free, else any higher box; without
    `exact_first` (Fate Accelerated) any free box at least as large as the hit."""
    exact = [(p, v) for p, v in free if v == hit]
    if exact_first and exact:
        return exact[:1]
    return [(p, v) for p, v in free if v >= hit]


def absorb_options(
    character: Character, ruleset: RuleSet, hit: int, track: str, options: CampaignOptions | None = None,
    lethal: bool = False,
) -> AbsorbPlan:
    """The ways to absorb a hit exactly, or else with the fewest shifts lost; or taken out.

    A `lethal` hit (War of Ashes, "Lethal Attacks": "lethal attacks go straight to the defender's
    consequences, bypassing their stress track entirely") is offered no stress box: only
    consequences, or conditions where they stand in for them; a minion with none is taken out."""
    if hit <= 0:
        return AbsorbPlan(hit, track, [], False, _("Nothing to absorb."))
    values = _track(character, ruleset, track) if derive_stress(character, ruleset)[0] else []
    free = free_boxes(character, ruleset, track) if values and not lethal else []
    slots = slots_of(character, ruleset, options)
    units = _slot_units(character, ruleset, slots, track, options)
    stress_choices = _stress_choices(free, ruleset.stress.marking)
    helper_units, helper_values = _helper_units(character, ruleset, track, conditions_only=lethal)
    units = units + helper_units
    if math.prod(len(u) for u in units) * len(stress_choices) > MAX_COMBINATIONS:
        raise refuse(
            "harm.too_many", "consequences",
            _(
"This sheet has too many boxes and slots to list every way to absorb the hit; "
            "mark stress and take consequences one at a time instead."),
        )
    further = _conditions(options) == ConditionsMode.FURTHER_APART and any(
        s.condition for s in slots.values()
    )
    found: list[tuple[tuple, tuple, int]] = []
    for picks in itertools.product(*units):
        every = tuple(part for pick in picks for part in pick)
        parts = tuple(p for p in every if p[0] in slots)
        helpers = tuple(p for p in every if p[0] not in slots)
        if further and not _rows_fit(character, slots, parts):
            continue
        taken = sum(slots[sid].value * n for sid, n in parts) + sum(helper_values[h] for h in helpers)
        parts = parts + helpers
        for stress in stress_choices:
            total = taken + sum(values[p] for p in stress)
            if total >= hit:
                found.append((stress, parts, total))
    name = derive_stress(character, ruleset)[1].get(track, track).lower()
    if not found:
        if lethal:
            return AbsorbPlan(hit, track, [], True, _(
                "A lethal hit of {shifts} skips stress, and no consequence left can absorb it: taken out (or concede "
                "first).").format(shifts=shifts_text(hit)))
        return AbsorbPlan(
            hit, track, [], True, _("Nothing left can absorb {shifts}: taken out (or concede first).").format(shifts=shifts_text(hit))
        )
    least = min(total for _stress, _parts, total in found)
    best = [
        AbsorbOption(
            hit, track, s, tuple(x for x in p if x[0] in slots), t,
            _describe(values, s, p, slots, name, character, ruleset, track),
            tuple(x for x in p if x[0] not in slots),
        )
        for s, p, t in found
        if t == least
    ]
    if ruleset.stress.marking == StressMarking.ONE_PER_HIT and not lethal:
        best += [AbsorbOption(hit, track, (pos,), (), value, _describe(values, (pos,), (), slots, name))
                 for pos, value in _single_boxes(free, hit, ruleset.stress.exact_box_first)
                 if value != least or not any(o.stress == (pos,) and not o.consequences for o in best)]
    # Cheapest first: fewest shifts on consequences, then the lightest severity, then fewest slots.
    best.sort(
        key=lambda o: (
            sum(slots[sid].value * n for sid, n in o.consequences),
            max((_RANK[slots[sid].severity] for sid, _boxes in o.consequences), default=-1),
            len(o.consequences),
            len(o.helpers),
            len(o.stress),
            o.absorbed,
        )
    )
    higher = len(best) > 1 and any(o.absorbed != least for o in best)
    if least == hit:
        message = ngettext(
            "{count} way to absorb {shifts} exactly, or with any higher stress box.",
            "{count} ways to absorb {shifts} exactly, or with any higher stress box.", len(best),
        ) if higher else ngettext(
            "{count} way to absorb {shifts} exactly.", "{count} ways to absorb {shifts} exactly.", len(best))
    else:
        message = ngettext(
            "{count} way to absorb {shifts} with {spare} to spare at best, or with any higher stress box.",
            "{count} ways to absorb {shifts} with {spare} to spare at best, or with any higher stress box.",
            len(best),
        ) if higher else ngettext(
            "{count} way to absorb {shifts} with {spare} to spare at best.",
            "{count} ways to absorb {shifts} with {spare} to spare at best.", len(best))
    text = message.format(count=count_word(len(best)), shifts=shifts_text(hit), spare=shifts_text(least - hit))
    return AbsorbPlan(hit, track, best, False, text[:1].upper() + text[1:])


_RANK = {Severity.MILD: 0, Severity.MODERATE: 1, Severity.SEVERE: 2, Severity.EXTREME: 3}


# Above this many combinations (monsters with dozens of slots) the options are not listed.
MAX_COMBINATIONS = 200_000


def _slot_units(
    character: Character, ruleset: RuleSet, slots: dict[str, SlotInfo], track: str,
    options: CampaignOptions | None,
) -> list[list[tuple[tuple[str, int], ...]]]:
    """Per group of interchangeable slots, the ways to use it: each a tuple of (slot id, boxes).

    A condition offers 0..its free boxes; identical one-box slots (an NPC's three "Mild" slots,
    say) are grouped so that using any two of them is listed once, as the first two.
    """
    units: list[list[tuple[tuple[str, int], ...]]] = []
    groups: dict[tuple, list[str]] = {}
    for slot in slots.values():
        room, _why = slot_room(character, ruleset, slot.id, track, options)
        if not room:
            continue
        if slot.condition or room > 1:
            units.append([()] + [((slot.id, n),) for n in range(1, room + 1)])
        else:
            groups.setdefault((slot.severity, slot.value, slot.only, slot.label), []).append(slot.id)
    for ids in groups.values():
        units.append([tuple((sid, 1) for sid in ids[:k]) for k in range(len(ids) + 1)])
    return units


def _helper_units(character: Character, ruleset: RuleSet, track: str, conditions_only: bool = False):
    """Custom tracks that also absorb this kind of harm: on each, no box or one of its free boxes
    (the leftmost of each value). Units hold (track id, position); values maps them to shifts.
    `conditions_only`: only tracks that are conditions (a lethal hit skips stress of any kind)."""
    units, values = [], {}
    boxes = derive_stress(character, ruleset)[0]
    for custom in character.all_tracks():
        if custom.id == track or track not in custom.absorbs or custom.id not in boxes:
            continue
        if conditions_only and not custom.aspect:
            continue
        marked = set(character.stress.get(custom.id, []))
        seen: set[int] = set()
        unit: list[tuple[tuple[str, int], ...]] = [()]
        for pos, value in enumerate(boxes[custom.id]):
            if pos in marked or value in seen:
                continue
            seen.add(value)
            unit.append(((custom.id, pos),))
            values[(custom.id, pos)] = value
        if len(unit) > 1:
            units.append(unit)
    return units, values


def _rows_fit(character: Character, slots: dict[str, SlotInfo], parts: tuple) -> bool:
    extra: dict[Severity, int] = {}
    for sid, n in parts:
        extra[slots[sid].severity] = extra.get(slots[sid].severity, 0) + n
    return all(
        n <= _row_room(character, slots, next(s for s in slots.values() if s.severity == sev))
        for sev, n in extra.items()
    )


def _describe(
    values: list[int], stress: tuple, parts: tuple, slots: dict[str, SlotInfo], track_name: str,
    character: Character | None = None, ruleset: RuleSet | None = None, track: str | None = None,
) -> str:
    bits = []
    if stress:
        custom = character is not None and ruleset is not None and track is not None and _is_custom(character, track)
        if custom:
            track_name = derive_stress(character, ruleset)[1].get(track, track_name)
        bits.append(_("mark {boxes}").format(boxes=_boxes_text([values[p] for p in stress], track_name, custom)))
    for sid, n in parts:
        if sid not in slots and character is not None and ruleset is not None:
            boxes, names = derive_stress(character, ruleset)
            bits.append(_("mark {boxes}").format(boxes=_boxes_text([boxes[sid][n]], names[sid], True)))
            continue
        slot = slots[sid]
        label = slot_text(slot)
        if slot.boxes > 1 or n > 1:
            bits.append(ngettext("mark {count} box of {label} ({value})", "mark {count} boxes of {label} ({value})", n).format(
                count=count_word(n), label=label, value=slot.value * n))
        elif label[:1].lower() in "aeiou":
            bits.append(_("take an {label} consequence ({value})").format(label=label.lower(), value=slot.value))
        else:
            bits.append(_("take a {label} consequence ({value})").format(label=label.lower(), value=slot.value))
    text = join_words(bits)
    return text[:1].upper() + text[1:]


def absorb(
    character: Character,
    ruleset: RuleSet,
    option: AbsorbOption,
    texts: dict[str, str] | None = None,
    *,
    options: CampaignOptions | None = None,
    conflict: str | None = None,
    extreme_aspect: int | None = None,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Apply one absorb option: mark its stress and fill its slots (named by `texts` per slot)."""
    texts = texts or {}
    work = character.model_copy(deep=True)
    phrases = []
    if option.stress:
        values = _mark(work, ruleset, option.track, list(option.stress))
        custom = _is_custom(character, option.track)
        name = derive_stress(character, ruleset)[1].get(option.track, option.track)
        phrases.append(_("marked {boxes}").format(boxes=_boxes_text(values, name if custom else name.lower(), custom)))
    for helper, pos in option.helpers:
        values = _mark(work, ruleset, helper, [pos])
        name = derive_stress(character, ruleset)[1].get(helper, helper)
        phrases.append(_("marked {boxes}").format(boxes=_boxes_text(values, name, True)))
    problems: list[Problem] = []
    for sid, n in option.consequences:
        try:
            phrase = _take(
                work, ruleset, sid, texts.get(sid, ""), option.track, n, options, conflict, extreme_aspect, when
            )
            phrases.append(_("took {phrase}").format(phrase=phrase))
        except Refused as exc:
            problems += exc.problems
    if problems:
        raise Refused(problems)
    summary = _("Absorbed a hit of {shifts}: {names}.").format(shifts=shifts_text(option.hit), names=join_words(phrases))
    return record(character, work, "harm", summary, when, at)


# --- fate points from conflicts ---------------------------------------------------------------


def _gain(work: Character, points: int) -> str:
    """PCs take fate points now; NPCs and monsters carry them into the GM's pool later."""
    if work.kind == CharacterKind.PC:
        work.fate_points = min(999, work.fate_points + points)
        return ngettext("+{count} fate point", "+{count} fate points", points).format(count=points)
    work.carried_fate_points = min(999, work.carried_fate_points + points)
    return ngettext(
        "+{count} fate point, carried into the GM's pool for a later scene",
        "+{count} fate points, carried into the GM's pool for a later scene", points,
    ).format(count=points)


def concession_points(character: Character, conflict: str | None) -> int:
    """What conceding earns: 1 fate point plus 1 per consequence taken in this conflict."""
    return 1 + sum(1 for c in character.consequences if conflict is not None and c.conflict == conflict)


def concede(
    character: Character, conflict: str | None = None, when: ClockStamp | None = None, at: str | None = None,
    *, collect_later: bool = False,
) -> Applied:
    """Conceding pays 1 fate point plus 1 per consequence taken in this conflict. With
    `collect_later` the points are only recorded as owed: they are collected when the conflict
    ends (Fate Condensed, "Conceding"), never spent during it."""
    taken = concession_points(character, conflict) - 1
    work = character.model_copy(deep=True)
    if collect_later:
        n = 1 + taken
        gained = ngettext(
            "{count} fate point to collect when the conflict ends",
            "{count} fate points to collect when the conflict ends", n,
        ).format(count=n)
    else:
        gained = _gain(work, 1 + taken)
    if taken:
        summary = ngettext(
            "Conceded: {gained} (1, plus {taken} for consequence taken in this conflict).",
            "Conceded: {gained} (1, plus {taken} for consequences taken in this conflict).", taken,
        ).format(gained=gained, taken=taken)
    else:
        summary = _("Conceded: {gained}.").format(gained=gained)
    return record(character, work, "harm", summary, when, at)


def collect_concession(character: Character, points: int, when: ClockStamp | None = None,
                       at: str | None = None) -> Applied:
    """The conflict is over: a character who conceded collects the fate points it earned."""
    work = character.model_copy(deep=True)
    gained = _gain(work, points)
    return record(character, work, "fate points", _("Collected for conceding: {gained}.").format(gained=gained), when, at)  # i18n: not shown (a key)


def hostile_invoke(
    character: Character, count: int = 1, when: ClockStamp | None = None, at: str | None = None
) -> Applied:
    """Someone invoked this character's aspect against them: they earn the fate point(s), which a
    PC may spend only after the current scene (held as pending until the scene ends)."""
    if count < 1:
        raise refuse("harm.invokes", "fate_points", _("A hostile invoke pays at least one fate point."))
    work = character.model_copy(deep=True)
    if work.kind == CharacterKind.PC:
        work.pending_fate_points = min(999, work.pending_fate_points + count)
        gained = ngettext(
            "+{count} fate point, to spend after this scene", "+{count} fate points, to spend after this scene", count,
        ).format(count=count)
    else:
        gained = _gain(work, count)
    return record(
        character, work, "fate points",  # i18n: not shown (a key)
        ngettext("Hostile invoke: {gained}.", "Hostile invokes: {gained}.", count).format(gained=gained), when, at
    )
