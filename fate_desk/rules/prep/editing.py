"""Plain operations behind the GM's prep editors: NPC rows, countdowns, scenes, session history.

Each returns a changed, validated copy (like rules.edits); nothing here knows about Qt or files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import (
    Campaign, Character, Countdown, HistoryEntry, RuleBreak, Scene, Severity, SituationAspect, SlotSpec, Zone,
)

from fate_desk.rules.creation.edits import edited

MAX_BOX_VALUE = 20
MAX_BOXES = 20

# The book's named ways a monster or threat breaks the rules, in the order the editor lists them.
# Marked for the catalogue; the values stay English (files and other tools use them), shown with _().
# Fate Condensed, "Ways to Break the Rules for Big Bads".
NAMED_RULE_BREAKS: dict[str, str] = {
    "immunity": N_("Challenge or contest immunity"),
    "minion_armor": N_("Expendable minion armor"),
    "true_form": N_("Reveal true form"),
    "solo_bonus": N_("Solo bonus"),
    "solo_soak": N_("Solo bonus: shrugs off hits"),
    "scale": N_("Scale"),
}
# Names the editor gave these before: still read back from other tools' files as the same kind.
FORMER_RULE_BREAK_NAMES: dict[str, str] = {
    "Immune to challenges and contests": "immunity",  # i18n: not shown (a former file label)
    "Expendable minions as armor": "minion_armor",  # i18n: not shown (a former file label)
    "True form": "true_form",  # i18n: not shown (a former file label)
}
# What each does, in the book's sense (the editor's hints).
RULE_BREAK_HINTS: dict[str, str] = {
    "immunity": N_("Cannot be affected directly (physically, mentally or both) until the group beats a challenge "
                   "or wins a contest; meanwhile it acts freely and may attack them."),
    "minion_armor": N_("Succeeds at a cost on a defence by forcing a minion into the attack's path: the minion "
                       "takes the hit, without rolling."),
    "true_form": N_("Once taken out it reveals its true form, another character fought in turn; its consequences "
                    "may carry over, the mild ones dismissed and the rest one step lighter."),
    "solo_bonus": N_("Alone against the group: + the number of player characters facing it, less one, to its "
                     "rolls, never more than doubling its skill."),
    "solo_soak": N_("Alone against the group: each hit on it is reduced by half the player characters facing it "
                    "(rounded up), never below 1."),
    "scale": N_("Operates at a higher scale than the player characters."),
}
SCALES = (N_("Mundane"), N_("Supernatural"), N_("Otherworldly"), N_("Legendary"), N_("Godlike"))


# --- skills as rows (NPC cards and monsters keep their skills in the order typed) -------------

def skill_rows(character: Character) -> list[tuple[str, int]]:
    return list(character.skills.items())


def set_skill_row(character: Character, index: int, name: str | None = None, rating: int | None = None) -> Character:
    """Rename or re-rate the skill in row `index`, keeping its place; a clash or blank name is refused."""
    rows = skill_rows(character)
    old_name, old_rating = rows[index]
    new_name = old_name if name is None else name.strip()
    if not new_name:
        raise ValueError(_("a skill needs a name"))
    if new_name != old_name and new_name in character.skills:
        raise ValueError(_("{new_name} is already on this sheet").format(new_name=new_name))
    rows[index] = (new_name, old_rating if rating is None else rating)
    return edited(character, skills=dict(rows))


def add_skill_row(character: Character, rating: int = 1, stem: str | None = None) -> Character:
    """Append a skill with a name not yet used ("New skill", "New skill 2", ...)."""
    stem = stem or _("New skill")
    name, n = stem, 1
    while name in character.skills:
        n += 1
        name = f"{stem} {n}"
    return edited(character, skills={**character.skills, name: rating})


def remove_skill_row(character: Character, index: int) -> Character:
    rows = skill_rows(character)
    del rows[index]
    return edited(character, skills=dict(rows))


# --- stress boxes and slots for NPCs and monsters --------------------------------------------

def parse_boxes(text: str) -> list[int]:
    """'1 1 2' or '1, 2, 3' -> box values; a word or a value out of range is refused."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    values = []
    for part in parts:
        if not part.isdigit():
            raise ValueError(_("“{part}” is not a box value: write numbers such as 1 1 2").format(part=part))
        value = int(part)
        if not 1 <= value <= MAX_BOX_VALUE:
            raise ValueError(_("a stress box is worth 1 to {max_box_value} shifts, not {value}").format(max_box_value=MAX_BOX_VALUE, value=value))
        values.append(value)
    if len(values) > MAX_BOXES:
        raise ValueError(_("{count} boxes is more than one track holds ({max_boxes})").format(count=len(values), max_boxes=MAX_BOXES))
    return values


def boxes_text(values: list[int]) -> str:
    return " ".join(str(v) for v in values)


def set_track(character: Character, track: str, values: list[int]) -> Character:
    """Give a track these box values (marks beyond the new end are dropped)."""
    boxes = dict(character.stress_boxes or {})
    boxes[track] = list(values)
    stress = {k: [b for b in v if k != track or b < len(values)] for k, v in character.stress.items()}
    return edited(character, stress_boxes=boxes, stress=stress)


def rename_track(character: Character, old: str, new: str) -> Character:
    new = new.strip()
    boxes = dict(character.stress_boxes or {})
    if not new:
        raise ValueError(_("a stress track needs a name"))
    if new != old and new in boxes:
        raise ValueError(_("there is already a track called {new}").format(new=new))
    renamed = {(new if k == old else k): v for k, v in boxes.items()}
    stress = {(new if k == old else k): v for k, v in character.stress.items()}
    return edited(character, stress_boxes=renamed, stress=stress)


def remove_track(character: Character, track: str) -> Character:
    boxes = {k: v for k, v in (character.stress_boxes or {}).items() if k != track}
    stress = {k: v for k, v in character.stress.items() if k != track}
    return edited(character, stress_boxes=boxes, stress=stress)


def new_track_name(character: Character, stem: str = "stress") -> str:
    taken = set(character.stress_boxes or {})
    name, n = stem, 1
    while name in taken:
        n += 1
        name = f"{stem} {n}"
    return name


def minor_npc_stress(character: Character, count: int, track: str) -> Character:
    """A minor NPC's single row of one-point boxes; 0 boxes means one hit takes it out."""
    current = character.stress_boxes or {}
    key = next(iter(current), track)
    return set_track(character.model_copy(update={"stress_boxes": {}}), key, [1] * count)


def minor_npc_box_count(character: Character) -> int:
    return sum(len(v) for v in (character.stress_boxes or {}).values())


# --- rule breaks ----------------------------------------------------------------------------

def set_named_rule_break(character: Character, kind: str, on: bool, text: str | None = None,
                         form: str | None = None) -> Character:
    """Switch one of the book's named rule breaks on (with its detail text) or off; a true form
    names the character the big bad becomes (`form`, a character id; "" to clear it)."""
    breaks = [b.model_copy() for b in character.rule_breaks]
    index = next((i for i, b in enumerate(breaks) if b.kind == kind), None)
    if on and index is None:
        breaks.append(RuleBreak(kind=kind, text=text or "", form=form or None))
    elif on:
        if text is not None:
            breaks[index].text = text
        if form is not None:
            if form == character.id:
                raise ValueError(_("a big bad's true form is another character, not itself"))
            breaks[index].form = form or None
    elif not on and index is not None:
        del breaks[index]
    return edited(character, rule_breaks=breaks)


def custom_rule_breaks(character: Character) -> list[str]:
    return [b.text for b in character.rule_breaks if b.kind not in NAMED_RULE_BREAKS]


def set_custom_rule_breaks(character: Character, texts: list[str]) -> Character:
    named = [b.model_copy() for b in character.rule_breaks if b.kind in NAMED_RULE_BREAKS]
    return edited(character, rule_breaks=named + [RuleBreak(kind="custom", text=t) for t in texts])


# --- countdowns -----------------------------------------------------------------------------

def mark_next(countdown: Countdown) -> Countdown:
    """Mark the next empty box; a full track stays as it is."""
    return edited(countdown, marked=min(countdown.boxes, countdown.marked + 1))


def click_box(countdown: Countdown, index: int) -> Countdown:
    """Boxes fill in order: clicking an empty box fills up to it, a marked one empties from it on."""
    marked = index if index < countdown.marked else index + 1
    return edited(countdown, marked=max(0, min(countdown.boxes, marked)))


def set_box_count(countdown: Countdown, boxes: int) -> Countdown:
    copy = countdown.model_copy(deep=True)
    copy.marked = min(copy.marked, boxes)  # before boxes, so the model check never sees marked > boxes
    copy.boxes = boxes
    copy.box_triggers = _trimmed(copy.box_triggers[:boxes])
    return Countdown.model_validate(copy.model_dump())


def set_box_trigger(countdown: Countdown, index: int, text: str) -> Countdown:
    triggers = list(countdown.box_triggers) + [""] * max(0, index + 1 - len(countdown.box_triggers))
    triggers[index] = text
    return edited(countdown, box_triggers=_trimmed(triggers))


def _trimmed(items: list[str]) -> list[str]:
    while items and not items[-1].strip():
        items = items[:-1]
    return items


# --- scenes ---------------------------------------------------------------------------------

def add_zone(scene: Scene, name: str = "") -> Scene:
    taken = {z.name for z in scene.zones}
    name = name or next(_("Zone {n}").format(n=n) for n in range(len(scene.zones) + 1, 999) if _("Zone {n}").format(n=n) not in taken)
    return edited(scene, zones=[*(z.model_copy(deep=True) for z in scene.zones), Zone(name=name)])


def remove_zone(scene: Scene, zone_id: str) -> Scene:
    """Drop a zone and every way into it."""
    zones = [z.model_copy(deep=True) for z in scene.zones if z.id != zone_id]
    for zone in zones:
        zone.adjacent = [a for a in zone.adjacent if a != zone_id]
    return edited(scene, zones=zones)


def update_zone(scene: Scene, zone_id: str, **changes) -> Scene:
    zones = [z.model_copy(deep=True) for z in scene.zones]
    for zone in zones:
        if zone.id == zone_id:
            for name, value in changes.items():
                setattr(zone, name, value)
    return edited(scene, zones=zones)


def set_adjacent(scene: Scene, a: str, b: str, on: bool) -> Scene:
    """Zones connect both ways: moving from a to b means one can also move back."""
    zones = [z.model_copy(deep=True) for z in scene.zones]
    for zone, other in ((z, b if z.id == a else a) for z in zones if z.id in (a, b) and a != b):
        ways = [x for x in zone.adjacent if x != other]
        zone.adjacent = ways + [other] if on else ways
    return edited(scene, zones=zones)


def adjacent(scene: Scene, a: str, b: str) -> bool:
    zones = {z.id: z for z in scene.zones}
    return b in zones[a].adjacent or a in zones[b].adjacent if a in zones and b in zones else False


def set_present(scene: Scene, entity_id: str, on: bool) -> Scene:
    present = [p for p in scene.present if p != entity_id]
    return edited(scene, present=present + [entity_id] if on else present)


def set_aspect_row(aspects: list[SituationAspect], index: int, **changes) -> list[SituationAspect]:
    copies = [a.model_copy() for a in aspects]
    for name, value in changes.items():
        setattr(copies[index], name, value)
    return copies


# --- sessions -------------------------------------------------------------------------------

@dataclass(frozen=True)
class SessionEvent:
    """A history entry of one character, recorded during a given session."""

    character_id: str
    character_name: str
    entry: HistoryEntry

    def line(self) -> str:
        return _("{name} — {kind}: {summary}").format(
            name=self.character_name, kind=rules_text(self.entry.kind), summary=self.entry.summary)


def session_history(campaign: Campaign, number: int) -> list[SessionEvent]:
    """Every character's history entries stamped with session `number`, in the order recorded."""
    out = []
    for character in campaign.characters:
        name = character.name.strip() or _("Unnamed character")
        out += [SessionEvent(character.id, name, e) for e in character.advancement if e.when.session == number]
    return sorted(out, key=lambda e: (e.entry.when.scene, e.entry.at))


def set_scale(character: Character, scale: str | None) -> Character:
    """Set the monster's scale; a scale other than none also switches on the 'scale' rule break."""
    changed = set_named_rule_break(character, "scale", scale is not None)
    return edited(changed, scale=scale)


def own_stress(character: Character, tracks: dict[str, list[int]] | None) -> Character:
    """Give a monster its own tracks (starting from `tracks`), or None to follow the rule set again."""
    return edited(character, stress_boxes=None if tracks is None else {k: list(v) for k, v in tracks.items()})


def set_slot(character: Character, index: int, **changes) -> Character:
    slots = [s.model_copy() for s in character.consequence_slots or []]
    for name, value in changes.items():
        setattr(slots[index], name, value)
    return edited(character, consequence_slots=slots)


def add_slot(character: Character, severity: Severity = Severity.MILD) -> Character:
    slots = [s.model_copy() for s in character.consequence_slots or []]
    taken = {s.id for s in slots}
    slot_id = next(f"{severity.value}{'' if n == 1 else f'_{n}'}" for n in range(1, 99)
                   if f"{severity.value}{'' if n == 1 else f'_{n}'}" not in taken)
    value = {Severity.MILD: 2, Severity.MODERATE: 4, Severity.SEVERE: 6, Severity.EXTREME: 8}[severity]
    return edited(character, consequence_slots=[*slots, SlotSpec(id=slot_id, severity=severity, value=value)])


def remove_slot(character: Character, index: int) -> Character:
    """Drop a slot and any consequence written in it."""
    slots = [s.model_copy() for s in character.consequence_slots or []]
    gone = slots.pop(index).id
    kept = [c.model_copy() for c in character.consequences if c.slot != gone]
    return edited(character, consequence_slots=slots, consequences=kept)
