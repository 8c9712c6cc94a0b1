"""The FCO actor's data model as FCO declares it, for checking what Fate Desk exports.

Field names, types and allowed values come from Sk1mble/fate-core-official
scripts/FateCoreOfficialModels.js at commit 2fa85562b4db473c66e50d0395a796c6f9861adb (fcoSkill,
fcoAspect, fcoTrack, fcoStunt, fcoActorModel with its `override` {active, refresh,
skillPoints}, checked against that commit for issue 26); the refresh check that reads the
override from scripts/fcoCharacter.js (`_prepareContext`, the ApplicationV2 sheet);
the import path from scripts/FateCharacterImporter.js and scripts/fcoActor.js; the keys from
scripts/fcoConstants.js (tob64). docs/interop.md lists them.
"""

from __future__ import annotations

import base64

STR, HTML, BOOL, INT = "string", "html", "boolean", "integer"

SKILL = {"name": STR, "description": HTML, "overcome": HTML, "caa": HTML, "attack": HTML, "defend": HTML,
         "pc": BOOL, "rank": INT}
ASPECT = {"name": STR, "value": STR, "description": HTML, "notes": HTML}
STUNT = {"name": STR, "description": HTML, "notes": HTML, "linked_skill": STR, "refresh_cost": INT,
         "overcome": BOOL, "caa": BOOL, "attack": BOOL, "defend": BOOL, "bonus": INT, "boxes": INT}
TRACK = {"category": STR, "name": STR, "description": HTML, "notes": HTML, "paid": BOOL, "universal": BOOL,
         "unique": BOOL, "enabled": BOOL, "label": STR, "recovery_type": STR, "when_marked": HTML,
         "recovery_conditions": HTML, "harm_can_absorb": INT, "boxes": INT, "rollable": STR}
RECOVERY_TYPES = {"Fleeting", "Sticky", "Lasting"}
ROLLABLE = {"false", "full", "empty"}
ASPECT_WORDS = {"No", "Defined when marked", "Aspect as Name", "Name As Aspect", "as_name", "no", "when_marked"}


def fco_key(name: str) -> str:
    """fcoConstants.tob64: base64 of the UTF-8 bytes, '=' padding removed."""
    return base64.b64encode(name.encode("utf-8")).decode("ascii").replace("=", "")


def _typed(value, kind: str) -> bool:
    if kind in (STR, HTML):
        return isinstance(value, str)
    if kind == BOOL:
        return isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool)


def problems(actor: dict) -> list[str]:
    """Everything in `actor` that FCO's models or importer would refuse or misread."""
    found: list[str] = []
    if actor.get("type") != "fate-core-official":
        found.append("type is not fate-core-official (FateCharacterImporter takes only that type as is)")
    if not isinstance(actor.get("name"), str):
        found.append("name is not text")
    system = actor.get("system", {})
    points = system.get("details", {}).get("fatePoints", {})
    if not _typed(points.get("refresh"), INT):
        found.append("details.fatePoints.refresh is not a number (fcoActor._preCreate would overwrite the actor)")
    if not _typed(points.get("current"), INT):
        found.append("details.fatePoints.current is not a number")
    for key in ("description", "biography", "notes"):
        if not isinstance(system.get("details", {}).get(key, {}).get("value"), str):
            found.append(f"details.{key}.value is not text")
    override = system.get("override", {})
    if not (isinstance(override.get("active"), bool) and _typed(override.get("refresh"), INT)
            and _typed(override.get("skillPoints"), INT)):
        found.append(f"override {override!r} does not fit fcoActorModel's override schema")
    elif override["active"] and override["refresh"] <= 0:
        found.append("override is on with a refresh of 0, which fcoCharacter.js ignores")
    for block, schema in (("skills", SKILL), ("aspects", ASPECT), ("stunts", STUNT), ("tracks", TRACK)):
        entries = system.get(block)
        if not isinstance(entries, dict):
            found.append(f"{block} is not an object")
            continue
        for key, entry in entries.items():
            if key != fco_key(entry.get("name", "")):
                found.append(f"{block}.{key}: key is not tob64 of the name {entry.get('name')!r}")
            for field, kind in schema.items():
                if not _typed(entry.get(field), kind):
                    found.append(f"{block}.{key}.{field}: expected {kind}, got {entry.get(field)!r}")
    for key, track in (system.get("tracks") or {}).items():
        found += [f"tracks.{key}: {p}" for p in _track_problems(track)]
    for key, stunt in (system.get("stunts") or {}).items():
        if not all(isinstance(v, bool) for v in stunt.get("box_values", [])):
            found.append(f"stunts.{key}.box_values: not all true or false")
    return found


def _track_problems(track: dict) -> list[str]:
    found = []
    if track.get("recovery_type") not in RECOVERY_TYPES:
        found.append(f"recovery_type {track.get('recovery_type')!r} is not one of {sorted(RECOVERY_TYPES)}")
    if track.get("rollable") not in ROLLABLE:
        found.append(f"rollable {track.get('rollable')!r}")
    label = track.get("label")
    if not (label in ("escalating", "none") or (isinstance(label, str) and len(label) <= 1)):
        found.append(f"label {label!r} is neither escalating, none nor one character (trackLabelField)")
    aspect = track.get("aspect")
    if isinstance(aspect, dict):
        if "name" not in aspect or bool(aspect.get("as_name")) == bool(aspect.get("when_marked")):
            found.append("aspect object needs a name and exactly one of as_name, when_marked (trackAspectField)")
    elif aspect not in ASPECT_WORDS:
        found.append(f"aspect {aspect!r} is no value trackAspectField accepts")
    values = track.get("box_values")
    if not isinstance(values, list) or not all(isinstance(v, bool) for v in values):
        found.append("box_values is not a list of true or false")
    for link in track.get("linked_skills", []):
        if not (isinstance(link.get("linked_skill"), str) and _typed(link.get("rank"), INT)
                and _typed(link.get("boxes"), INT) and isinstance(link.get("enables"), bool)):
            found.append(f"linked skill {link!r} does not fit the linked_skills schema")
    return found


def boxes_fco_shows(track: dict, skills: dict[str, int]) -> int:
    """How many boxes FCO's setupTracks gives a track: its boxes plus those its linked skills add."""
    extra = sum(link["boxes"] for link in track.get("linked_skills", [])
                if skills.get(link["linked_skill"], 0) >= link["rank"])
    return track["boxes"] + extra


def enabled_in_fco(track: dict, skills: dict[str, int]) -> bool:
    """A track with an 'enables' link is switched off while the skill is below its rank."""
    return all(skills.get(link["linked_skill"], 0) >= link["rank"]
               for link in track.get("linked_skills", []) if link["enables"])
