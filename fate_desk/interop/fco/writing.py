"""Export a character as a Foundry VTT actor for the Fate Core Official system (FCO).

The actor is what Foundry's "Export Data" writes and FCO's character import accepts: an
object of `type` "fate-core-official" whose `system` holds `details` (description,
biography, notes, fate points), and `aspects`, `skills`, `stunts` and `tracks` as objects
keyed by the base64 of each entry's name. Stress, consequences and conditions are all FCO
tracks: stress tracks have boxes and recover fleetingly; consequences are box-less tracks
whose aspect is written when marked; conditions have boxes and an aspect. docs/interop.md
names the FCO source file for every field.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from fate_desk.i18n import _
from fate_desk.model import (
    CampaignOptions,
    Character,
    CharacterKind,
    Consequence,
    CustomTrack,
    Extra,
    ExtraCost,
)
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.derive import SlotInfo, derive

from fate_desk.interop.foundry_flags import FLAG_SCOPE  # our own flags, for the way back
from fate_desk.interop.common import (
    RULE_BREAK,
    aspect_labels,
    covering_options,
    modes_line,
    plain_to_html,
    rule_break_label,
    rule_breaks_note,
    scale_line,
    stunt_labels,
    unique_labels,
)
from fate_desk.rules.creation.extras import custom_track_boxes

SYSTEM_ID = "fate-core-official"
SUFFIX = ".json"
# FCO's "refreshTotal" world setting (registered with a default of 3), which its sheet checks a
# player's refresh against unless the actor's override is on (scripts/fcoCharacter.js,
# _prepareContext).
WORLD_REFRESH = 3


def tob64(name: str) -> str:
    """FCO's key for an entry: base64 of the UTF-8 name without '=' padding (fcoConstants.tob64)."""
    return base64.b64encode(name.encode("utf-8", "replace")).decode("ascii").replace("=", "")


def character_to_fco(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> dict:
    """The FCO actor for a character (any kind)."""
    options = covering_options(character, options)
    derived = derive(character, ruleset, options)
    is_pc = character.kind == CharacterKind.PC
    copies = _extra_copies(character)
    stunts = unique_names(_stunts(character, paid=is_pc) + _rule_breaks(character) + copies["stunts"])
    system = {
        "details": {
            "description": {"value": plain_to_html(character.description)},
            # The scale is a line of the biography, where FCO's user reads about the creature.
            # The scale and any modes are lines of the biography, where FCO's user reads about them.
            "biography": {"value": plain_to_html("\n".join(
                line for line in (scale_line(character.scale), modes_line(character.modes)) if line))},
            "pronouns": {"value": ""},
            "notes": {"value": plain_to_html(character.notes), "GM": False},
            # FCO's refresh is what the fate points refresh to: after stunts are paid for.
            "fatePoints": {"current": character.fate_points, "refresh": derived.refresh, "boosts": 0},
            "sheet_mode": "full",
        },
        "aspects": _keyed(unique_names(_aspects(character) + copies["aspects"])),
        "skills": _keyed(unique_names(_skills(character) + copies["skills"])),
        "stunts": _keyed(stunts),
        "tracks": _keyed(unique_names(_stress_tracks(character, ruleset, derived)
                                      + _harm_tracks(character, ruleset, derived))),
        "override": _override(character),
    }
    return {
        "name": character.name,
        "type": SYSTEM_ID,
        "img": "icons/svg/mystery-man.svg",
        "system": system,
        "items": [_extra_item(extra, n, character, ruleset) for n, extra in enumerate(character.extras)],
        "effects": [],
        "flags": {FLAG_SCOPE: fate_desk_flags(character)},
    }


def fate_desk_flags(character: Character) -> dict:
    """What Foundry's systems have no field for, kept in the actor's flags for the way back."""
    flags = {
        "id": character.id, "kind": character.kind.value, "ruleset": character.ruleset,
        "refresh": character.refresh, "aspect_roles": [a.role.value for a in character.aspects],
        "stunt_names": [s.name for s in character.stunts],
    }
    flags.update(fate_desk_only(character))
    if character.stress_boxes is not None:
        flags["stress_boxes"] = character.stress_boxes
    if character.consequence_slots is not None:
        flags["consequence_slots"] = [s.model_dump(mode="json") for s in character.consequence_slots]
    return flags


# Fields FCO has no place for; they ride along in our flags and come back on import.
ONLY_HERE = ("advancement", "saved_skill_points", "carried_fate_points", "rule_breaks", "scale",
             "extras", "tracks", "modes")
# How a custom track clears, in FCO's recovery types (the System Toolkit's words).
# FCO's three recovery types; a Wealth track cleared by loot is sticky there (our flags keep which).
_RECOVERY = {"scene": "Fleeting", "session": "Fleeting", "event": "Sticky", "recovery": "Lasting", "parcel": "Sticky"}


def fate_desk_only(character: Character) -> dict:
    data = character.model_dump(mode="json", include=set(ONLY_HERE), exclude_none=True)
    data["aspect_extras"] = [a.model_dump(mode="json", include={"free_invokes", "extreme"}, exclude_none=True)
                             for a in character.aspects]
    data["consequence_extras"] = [c.model_dump(mode="json", exclude_none=True) for c in character.consequences]
    return {"kept": data}


def fco_json(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> bytes:
    text = json.dumps(character_to_fco(character, ruleset, options), indent=2, ensure_ascii=False) + "\n"
    return text.encode("utf-8", "replace")


def _override(character: Character) -> dict:
    """FCO's refresh override: on with the character's refresh whenever it is not the world's
    default, so FCO's sheet checks the stunts against this character's refresh (a PC after a
    major milestone has 4). FCO checks only player characters, and ignores an override of 0, so
    a refresh of 0 cannot be said."""
    differs = character.kind == CharacterKind.PC and character.refresh != WORLD_REFRESH and character.refresh > 0
    return {"active": differs, "refresh": character.refresh if differs else 0, "skillPoints": 0}


def export_notes(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> list[str]:
    """What the user should know about this export (the summary)."""
    who = character.name or _("unnamed character")
    notes = []
    if _override(character)["active"]:
        notes.append(_("{who}: refresh {refresh} is not Fate Core Official's world default of "
                       "{default}; written as the actor's refresh override (switched on)").format(
            who=who, refresh=character.refresh, default=WORLD_REFRESH))
    elif character.refresh == 0 and character.kind == CharacterKind.PC:
        notes.append(_("{who}: refresh 0 cannot be written as Fate Core Official's override (it ignores 0); "
                       "its sheet will compare against the world's refresh").format(who=who))
    notes += rule_breaks_note(character, _("as stunts named \"{label}\"").format(label=RULE_BREAK))
    if character.scale:
        notes.append(_("{who}: scale {scale} written in the biography").format(who=who, scale=character.scale))
    if character.modes:
        notes.append(_("{who}: the modes written in the biography (Fate Core Official has no modes; the stress "
                       "boxes they give are written as the tracks' own)").format(who=who))
    notes += extras_and_tracks_notes(character, _("a Fate Core Official extra"), _("a Fate Core Official track"))
    return notes


def extras_and_tracks_notes(character: Character, extra_place: str, track_place: str,
                            lost=None, lost_line: str | None = None) -> list[str]:
    """One line for each extra and each custom track: where it went in the other tool, and what
    of it only Fate Desk's own flags carry (or, with `lost`, what the other tool cannot hold)."""
    who = character.name or _("unnamed character")
    notes = []
    for extra in character.extras:
        line = _("{who}: extra \"{extra}\" written as {place}").format(
            who=who, extra=extra.name or _("(unnamed)"), place=extra_place)
        if not extra.active:
            line += " " + _("(switched off)")
        notes.append(line)
        flagged = (lost or flag_only_parts)(extra)
        if flagged:
            line = lost_line or _("{who}: extra \"{extra}\": {parts} kept only in Fate Desk's own flags")
            notes.append(line.format(who=who, extra=extra.name or _("(unnamed)"), parts=", ".join(flagged)))
    for track in character.tracks:
        notes.append(_("{who}: track \"{track}\" written as {place}").format(who=who, track=track.name,
                                                                          place=track_place))
    return notes


def flag_only_parts(extra: Extra) -> list[str]:
    """What of an extra the other tools have no place for (docs/interop.md)."""
    parts = []
    if extra.skill_bonuses:
        parts.append(_("skill bonuses"))
    if extra.weapon or extra.armor:
        parts.append(_("Weapon and Armor"))
    if extra.consequences:
        parts.append(_("consequence slots"))
    if extra.notes:
        parts.append(_("notes"))
    return parts


def unique_names(entries: list[dict]) -> list[dict]:
    """FCO keys entries by name: a second 'Mild Consequence' (an NPC's own slots) becomes '... 2'."""
    for entry, name in zip(entries, unique_labels([e["name"] for e in entries])):
        entry["name"] = name
    return entries


def _keyed(entries: list[dict]) -> dict[str, dict]:
    return {tob64(entry["name"]): entry for entry in entries}


def _aspects(character: Character) -> list[dict]:
    labels = aspect_labels(character)
    return [
        {"name": label, "value": aspect.text, "description": "", "notes": ""}
        for label, aspect in zip(labels, character.aspects)
    ]


def _skills(character: Character) -> list[dict]:
    return [
        {"name": name, "rank": rating, "description": "", "overcome": "", "caa": "", "attack": "",
         "defend": "", "pc": True, "adhoc": False, "hidden": False}
        for name, rating in character.skills.items()
    ]


def _stunts(character: Character, paid: bool) -> list[dict]:
    # Every PC stunt costs one refresh in FCO, which deducts the world's free stunts itself.
    return [
        {"name": label, "description": plain_to_html(stunt.text), "notes": "", "linked_skill": "None",
         "refresh_cost": 1 if paid else 0, "overcome": False, "caa": False, "attack": False,
         "defend": False, "bonus": 0, "boxes": 0, "box_values": [], "macro": None}
        for label, stunt in zip(stunt_labels(character), character.stunts)
    ]


def _rule_breaks(character: Character) -> list[dict]:
    """A monster's rule breaks as stunts that cost nothing, named "Rule break: Solo bonus"."""
    return [
        {"name": rule_break_label(b), "description": plain_to_html(b.text), "notes": "", "linked_skill": "None",
         "refresh_cost": 0, "overcome": False, "caa": False, "attack": False, "defend": False, "bonus": 0,
         "boxes": 0, "box_values": [], "macro": None}
        for b in character.rule_breaks
    ]


def _track(name: str, **fields: Any) -> dict:
    track = {
        "category": "Combat", "name": name, "description": "", "notes": "", "linked_skills": [],
        "paid": False, "universal": True, "unique": True, "enabled": True, "label": "none",
        "recovery_type": "Lasting", "when_marked": "", "recovery_conditions": "", "harm_can_absorb": 0,
        "boxes": 0, "box_values": [], "aspect": "No", "rollable": "false",
    }
    track.update(fields)
    return track


def stress_track_name(track_name: str) -> str:
    """'Physical' -> 'Physical Stress' (FCO's default names); 'Stress' stays 'Stress'."""
    return track_name if "stress" in track_name.casefold() else f"{track_name} Stress"


def _stress_tracks(character: Character, ruleset: RuleSet, derived) -> list[dict]:
    tracks = []
    specs = {t.id: t for t in ruleset.stress.tracks}
    custom = {t.id: t for t in character.all_tracks()}
    owners = {t.id: e for e in character.active_extras() for t in e.tracks}
    for track_id, values in derived.stress.items():
        marked = set(character.stress.get(track_id, []))
        label, harm = _box_labels(_all_boxes(custom[track_id]) if track_id in custom else values)
        spec = specs.get(track_id)
        own = custom.get(track_id)
        base, linked = len(values), []
        # Boxes from modes (Atomic Robo) are no skill's to grow: the track is written whole.
        if character.stress_boxes is None and spec is not None and spec.skills and ruleset.modes is None:
            # As FCO's defaults do: the track's first level of boxes, and more from its skill.
            base = len(spec.levels[0].boxes)
            previous = base
            for level in spec.levels[1:]:
                extra = len(level.boxes) - previous
                previous = len(level.boxes)
                linked += [{"linked_skill": skill, "rank": level.at, "boxes": extra, "enables": False}
                           for skill in spec.skills[:1]]
        if own is not None and character.stress_boxes is None:
            base, linked = _grown_track(own, base)
        # A rule set's track has FCO's default name ("Physical Stress"); an NPC's own track
        # ("Guard") and a custom track ("Wealth") keep the name they were given.
        if own is not None:
            name = derived.track_names.get(track_id, track_id)
        elif spec is not None:
            name = stress_track_name(spec.name)
        else:
            name = track_id
        track = _track(
            name,
            recovery_type=_RECOVERY[own.clears.value] if own is not None else "Fleeting",
            label=label, harm_can_absorb=harm, boxes=base, linked_skills=linked,
            box_values=[i in marked for i in range(len(values))],
        )
        if own is not None:
            track.update(_custom_track_text(own))
        owner = owners.get(track_id)
        if owner is not None:  # as FCO copies an extra's track onto the sheet (fcoActor.updateFromExtra)
            track.update(extra_id=foundry_id(owner.id), original_name=own.name)
        tracks.append(track)
    return tracks


def _all_boxes(track: CustomTrack) -> list[int]:
    """Every box a custom track can have, its skill's levels all reached (for FCO's box labels)."""
    return list(track.boxes) + [v for level in track.levels for v in level.add]


def _grown_track(track: CustomTrack, count: int) -> tuple[int, list[dict]]:
    """A custom track that grows with a skill (Wealth with Resources) as FCO's linked skills: its
    first boxes, and the boxes each level adds at its rating, which FCO adds itself when the skill
    gets there (scripts/fcoActor.js, `setupTracks`). Others: all their boxes, no links."""
    if not track.skill or not track.levels:
        return count, []
    return len(track.boxes), [{"linked_skill": track.skill, "rank": level.at, "boxes": len(level.add),
                               "enables": False} for level in track.levels if level.add]


def _custom_track_text(track: CustomTrack) -> dict:
    """What clears a sticky track and the track's notes, in FCO's words for them."""
    return {"recovery_conditions": plain_to_html(track.event), "notes": plain_to_html(track.notes)}


# --- extras: FCO's own "Extra" items (scripts/FateCoreOfficialModels.js, fcoExtraModel) -------

def foundry_id(our_id: str) -> str:
    """A Foundry document id (16 letters and digits) that always comes out the same for our id."""
    return hashlib.sha1(our_id.encode("utf-8", "replace")).hexdigest()[:16]


def costs_text(cost: ExtraCost) -> str:
    """The extra's price as FCO's "costs" field shows it; its refresh also has a field of its own.

    In English whatever the interface language (the sheet's own cost_text is translated): the
    file is the same in every language, and the importer reads these words back (`_costs`)."""
    parts = []  # i18n: file format, all of this function's words
    if cost.refresh:
        parts.append(f"{cost.refresh} refresh")  # i18n: file format
    if cost.skill_points:
        parts.append(f"{cost.skill_points} skill point{'s' if cost.skill_points != 1 else ''}")  # i18n: file format
    if cost.stunt_slots:
        parts.append(f"{cost.stunt_slots} stunt slot{'s' if cost.stunt_slots != 1 else ''}")  # i18n: file format
    if not parts:
        said = "free"  # i18n: file format
    elif len(parts) == 1:
        said = parts[0]
    else:
        said = ", ".join(parts[:-1]) + " and " + parts[-1]  # i18n: file format
    return f"Costs {said}"  # i18n: file format


def _extra_aspects(extra: Extra) -> list[dict]:
    return [{"name": label, "value": text, "description": "", "notes": ""}
            for label, text in zip(unique_labels(["Aspect"] * len(extra.aspects)), extra.aspects)]


def _extra_skills(extra: Extra) -> list[dict]:
    return [{"name": name, "rank": rating, "description": "", "overcome": "", "caa": "", "attack": "",
             "defend": "", "pc": True, "adhoc": False, "hidden": False} for name, rating in extra.skills.items()]


def _extra_stunts(extra: Extra) -> list[dict]:
    # The extra's refresh pays for what it brings: its stunts cost nothing of their own, else FCO's
    # sheet would count them again against the character's refresh.
    labels = unique_labels([s.name.strip() or f"Stunt {i}" for i, s in enumerate(extra.stunts, 1)])
    return [{"name": label, "description": plain_to_html(stunt.text), "notes": "", "linked_skill": "None",
             "refresh_cost": 0, "overcome": False, "caa": False, "attack": False, "defend": False, "bonus": 0,
             "boxes": 0, "box_values": [], "macro": None} for label, stunt in zip(labels, extra.stunts)]


def _extra_tracks(extra: Extra, character: Character, ruleset: RuleSet) -> list[dict]:
    tracks = []
    for track in extra.tracks:
        values = custom_track_boxes(character, track, ruleset)
        marked = set(character.stress.get(track.id, []))
        label, harm = _box_labels(_all_boxes(track))
        base, linked = _grown_track(track, len(values))
        tracks.append(_track(track.name, recovery_type=_RECOVERY[track.clears.value], label=label,
                             harm_can_absorb=harm, boxes=base, linked_skills=linked,
                             box_values=[i in marked for i in range(len(values))], **_custom_track_text(track)))
    return unique_names(tracks)


def _extra_item(extra: Extra, position: int, character: Character, ruleset: RuleSet) -> dict:
    """An extra as FCO's own Extra item: what its sheet and the character's Extras tab show."""
    system = {
        "description": {"value": plain_to_html(extra.description)},
        "permissions": plain_to_html(extra.permission),
        "costs": plain_to_html(costs_text(extra.cost)),
        "refresh": extra.cost.refresh,
        "tracks": _keyed(_extra_tracks(extra, character, ruleset)),
        "stunts": _keyed(_extra_stunts(extra)),
        "skills": _keyed(_extra_skills(extra)),
        "aspects": _keyed(_extra_aspects(extra)),
        "actions": {"overcome": "", "create": "", "attack": "", "defend": ""},
        # The extra's skills do not count against the character's skill points: its price does.
        "countSkills": False,
        "combineSkills": False,
        "contents": {},
        "active": extra.active,
        "defaults": {},
    }
    return {"_id": foundry_id(extra.id), "name": extra.name, "type": "Extra", "img": "icons/svg/item-bag.svg",
            "system": system, "effects": [], "sort": (position + 1) * 100000, "flags": {}}


def _extra_copies(character: Character) -> dict[str, list[dict]]:
    """What FCO copies from each switched-on extra onto the sheet (fcoActor.updateFromExtra):
    its aspects, skills and stunts, each marked with the extra's id and its name on the extra.
    The tracks are written with the character's other tracks."""
    copies: dict[str, list[dict]] = {"aspects": [], "skills": [], "stunts": []}
    for extra in character.active_extras():
        tag = foundry_id(extra.id)
        for key, entries in (("aspects", _extra_aspects(extra)), ("skills", _extra_skills(extra)),
                             ("stunts", _extra_stunts(extra))):
            copies[key] += [{**entry, "extra_id": tag, "original_name": entry["name"]} for entry in entries]
    return copies


def _box_labels(values: list[int]) -> tuple[str, int]:
    """FCO's box labels: 'escalating' (1, 2, 3...) or 'none' with one value for every box."""
    if len(values) > 1 and values == list(range(1, len(values) + 1)):
        return "escalating", 0
    return "none", values[0] if values else 1


def consequence_track_name(slot: SlotInfo) -> str:
    if slot.condition:
        return slot.label
    if slot.only:
        return f"{slot.severity.label} {slot.only.replace('_', ' ').title()} Consequence"
    return f"{slot.severity.label} Consequence"


def _harm_tracks(character: Character, ruleset: RuleSet, derived) -> list[dict]:
    filled = {c.slot: c for c in character.consequences}
    tracks = []
    specs = {t.id: t for t in ruleset.stress.tracks}
    for slot in derived.consequences:
        held = filled.pop(slot.id, None)
        linked = []
        if slot.only and not slot.condition and character.consequence_slots is None:
            spec = specs.get(slot.only)
            at = ruleset.consequences.extra_mild_at
            if spec is not None and at is not None:
                linked = [{"linked_skill": s, "rank": at, "boxes": 0, "enables": True} for s in spec.skills[:1]]
        tracks.append(_harm_track(consequence_track_name(slot), slot.value, slot.boxes if slot.condition else 0,
                                  held, linked))
    for slot_id, held in filled.items():  # a filled slot the character no longer has: keep it anyway
        tracks.append(_harm_track(slot_id.replace("_", " ").title(), 0, 0, held, []))
    return tracks


def _harm_track(name: str, value: int, boxes: int, held: Consequence | None, linked: list) -> dict:
    marked = held.boxes_marked if held is not None else 0
    return _track(
        name, harm_can_absorb=value, boxes=boxes, linked_skills=linked,
        box_values=[i < marked for i in range(boxes)],
        aspect={"name": held.text if held is not None else "", "when_marked": True, "as_name": False},
        notes="In recovery" if held is not None and held.recovering else "",  # i18n: file format
    )

