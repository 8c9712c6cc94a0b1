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
import json
from typing import Any

from fate_desk.model import CampaignOptions, Character, CharacterKind, Consequence
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.derive import SlotInfo, derive

from .interop_common import aspect_labels, plain_to_html, stunt_labels, unique_labels

SYSTEM_ID = "fate-core-official"
FLAG_SCOPE = "fate-desk"  # our own flags: what FCO has no field for, for the way back
SUFFIX = ".json"


def tob64(name: str) -> str:
    """FCO's key for an entry: base64 of the UTF-8 name without '=' padding (fcoConstants.tob64)."""
    return base64.b64encode(name.encode("utf-8", "replace")).decode("ascii").replace("=", "")


def character_to_fco(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> dict:
    """The FCO actor for a character (any kind)."""
    derived = derive(character, ruleset, options)
    is_pc = character.kind == CharacterKind.PC
    stunts = _stunts(character, paid=is_pc)
    system = {
        "details": {
            "description": {"value": plain_to_html(character.description)},
            "biography": {"value": ""},
            "pronouns": {"value": ""},
            "notes": {"value": plain_to_html(character.notes), "GM": False},
            # FCO's refresh is what the fate points refresh to: after stunts are paid for.
            "fatePoints": {"current": character.fate_points, "refresh": derived.refresh, "boosts": 0},
            "sheet_mode": "full",
        },
        "aspects": _keyed(_aspects(character)),
        "skills": _keyed(_skills(character)),
        "stunts": _keyed(stunts),
        "tracks": _keyed(_named_apart(_stress_tracks(character, ruleset, derived)
                                      + _harm_tracks(character, ruleset, derived))),
        "override": {"active": False, "refresh": 0, "skillPoints": 0},
    }
    flags = {
        "id": character.id, "kind": character.kind.value, "ruleset": character.ruleset,
        "refresh": character.refresh, "aspect_roles": [a.role.value for a in character.aspects],
    }
    flags.update(fate_desk_only(character))
    if character.stress_boxes is not None:
        flags["stress_boxes"] = character.stress_boxes
    if character.consequence_slots is not None:
        flags["consequence_slots"] = [s.model_dump(mode="json") for s in character.consequence_slots]
    return {
        "name": character.name,
        "type": SYSTEM_ID,
        "img": "icons/svg/mystery-man.svg",
        "system": system,
        "items": [],
        "effects": [],
        "flags": {FLAG_SCOPE: flags},
    }


# Fields FCO has no place for; they ride along in our flags and come back on import.
ONLY_HERE = ("advancement", "saved_skill_points", "carried_fate_points", "rule_breaks", "scale",
             "extras", "tracks", "modes")
# How a custom track clears, in FCO's recovery types (the System Toolkit's words).
_RECOVERY = {"scene": "Fleeting", "session": "Fleeting", "event": "Sticky", "recovery": "Lasting"}


def fate_desk_only(character: Character) -> dict:
    data = character.model_dump(mode="json", include=set(ONLY_HERE), exclude_none=True)
    data["aspect_extras"] = [a.model_dump(mode="json", include={"free_invokes", "extreme"}, exclude_none=True)
                             for a in character.aspects]
    data["consequence_extras"] = [c.model_dump(mode="json", exclude_none=True) for c in character.consequences]
    return {"kept": data}


def fco_json(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> bytes:
    text = json.dumps(character_to_fco(character, ruleset, options), indent=2, ensure_ascii=False) + "\n"
    return text.encode("utf-8", "replace")


def _named_apart(tracks: list[dict]) -> list[dict]:
    """FCO keys tracks by name: a second 'Mild Consequence' (an NPC's own slots) becomes '... 2'."""
    for track, name in zip(tracks, unique_labels([t["name"] for t in tracks])):
        track["name"] = name
    return tracks


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
    for track_id, values in derived.stress.items():
        marked = set(character.stress.get(track_id, []))
        label, harm = _box_labels(values)
        spec = specs.get(track_id)
        base, linked = len(values), []
        if character.stress_boxes is None and spec is not None and spec.skills:
            # As FCO's defaults do: the track's first level of boxes, and more from its skill.
            base = len(spec.levels[0].boxes)
            previous = base
            for level in spec.levels[1:]:
                extra = len(level.boxes) - previous
                previous = len(level.boxes)
                linked += [{"linked_skill": skill, "rank": level.at, "boxes": extra, "enables": False}
                           for skill in spec.skills[:1]]
        own = custom.get(track_id)
        name = derived.track_names.get(track_id, track_id)
        tracks.append(_track(
            name if own is not None else stress_track_name(name),
            recovery_type=_RECOVERY[own.clears.value] if own is not None else "Fleeting",
            label=label, harm_can_absorb=harm, boxes=base, linked_skills=linked,
            box_values=[i in marked for i in range(len(values))],
        ))
    return tracks


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
        notes="In recovery" if held is not None and held.recovering else "",
    )

