"""Extras as Fate Core Official's own Extra items (issue 26, item 8).

FCO's Extra item follows Sk1mble/fate-core-official scripts/FateCoreOfficialModels.js
(`fcoExtraModel`) at commit 2fa85562b4db473c66e50d0395a796c6f9861adb; what FCO puts on the
actor for a switched-on extra (copies marked `extra_id` and `original_name`) follows
scripts/fcoActor.js (`updateFromExtra`, and `migrateData` turning an old `extra_tag` into
`extra_id`) at commit 75e4f5f0fc31bca62d0067ebd80e4b0bd624cd65; the refresh the sheet counts
for extras (`item.system.refresh` of active extras) and the skill total (extras' skills left
out unless `countSkills`) follow scripts/fcoCharacter.js `_prepareContext`.
"""

from __future__ import annotations

import json

from builders import legal_pc
from fco_model import ASPECT, SKILL, STUNT, TRACK, _typed
from fco_model import problems as fco_problems

from fate_desk.model import CustomTrack, Extra, ExtraCost, Stunt
from fate_desk.rules import get_ruleset
from fate_desk.interop.fco.writing import character_to_fco
from fate_desk.interop.importing import import_document

CORE = get_ruleset("fate-core")
HTML, STR, BOOL, INT = "html", "string", "boolean", "integer"
# fcoExtraModel: field -> kind; the four blocks are objects of fcoAspect/fcoSkill/fcoStunt/fcoTrack.
EXTRA = {"permissions": HTML, "costs": HTML, "refresh": INT, "countSkills": BOOL, "combineSkills": BOOL,
         "active": BOOL}
BLOCKS = {"aspects": ASPECT, "skills": SKILL, "stunts": STUNT, "tracks": TRACK}


def extra_problems(item: dict) -> list[str]:
    found = []
    if item.get("type") != "Extra":
        found.append("type is not Extra")
    if not (isinstance(item.get("_id"), str) and len(item["_id"]) == 16 and item["_id"].isalnum()):
        found.append("_id is not a Foundry id (16 letters and digits)")
    system = item.get("system", {})
    if not isinstance(system.get("description", {}).get("value"), str):
        found.append("description.value is not text")
    found += [f"{k} is not {kind}" for k, kind in EXTRA.items() if not _typed(system.get(k), kind)]
    actions = system.get("actions", {})
    found += [f"actions.{k} is not text" for k in ("overcome", "create", "attack", "defend")
              if not isinstance(actions.get(k), str)]
    for block, model in BLOCKS.items():
        for key, entry in system.get(block, {}).items():
            found += [f"{block}.{key}.{k} is not {kind}" for k, kind in model.items() if not _typed(entry.get(k), kind)]
    return found


SWORD = Extra(name="Sword of <Ash> & \"Ember\"", description="Old steel, 古い鋼", permission="Knight's oath",
              cost=ExtraCost(refresh=1, skill_points=2), aspects=["Burns What It Cuts"], skills={"Fight": 4},
              stunts=[Stunt(name="Sweep", text="Hit <two> foes.")],
              tracks=[CustomTrack(id="heat", name="Heat", boxes=[1, 2, 3])])


def test_an_extra_is_an_fco_extra_item_and_its_parts_are_on_the_sheet_as_fco_puts_them():
    ruth = legal_pc(ruleset="fate-core", skills={"Fight": 2, "Notice": 3}, extras=[SWORD], stress={"heat": [1]})
    actor = json.loads(json.dumps(character_to_fco(ruth, CORE)))
    assert fco_problems(actor) == []
    (item,) = actor["items"]
    assert extra_problems(item) == []
    assert item["system"]["refresh"] == 1 and item["system"]["active"] is True
    assert item["system"]["costs"] == "Costs 1 refresh and 2 skill points"
    tag = item["_id"]
    sheet = actor["system"]
    # The sword's Fight 4 beside Ruth's own Fight 2, numbered as FCO numbers it.
    assert [(s["name"], s["original_name"], s["rank"]) for s in sheet["skills"].values() if s.get("extra_id") == tag] \
        == [("Fight 2", "Fight", 4)]
    assert [s["refresh_cost"] for s in sheet["stunts"].values() if s.get("extra_id") == tag] == [0]
    heat = next(t for t in sheet["tracks"].values() if t.get("extra_id") == tag)
    assert (heat["name"], heat["label"], heat["box_values"]) == ("Heat", "escalating", [False, True, False])
    # FCO's refresh check: refresh + stunts past the free ones + the active extras' refresh.
    spent = sum(s["refresh_cost"] for s in sheet["stunts"].values()) - CORE.free_stunts
    assert sheet["details"]["fatePoints"]["refresh"] + max(0, spent) + item["system"]["refresh"] == ruth.refresh


def test_an_fco_actor_made_in_foundry_with_an_old_extra_tag_brings_its_extra_over():
    """An actor FCO wrote before `extra_id` (its copies tagged `extra_tag`), never seen by Fate Desk."""
    hull = {"category": "Combat", "name": "Hull", "description": "", "notes": "<p>Patched twice</p>",
            "linked_skills": [], "paid": False, "universal": False, "unique": True, "enabled": True,
            "label": "none", "recovery_type": "Sticky", "when_marked": "", "recovery_conditions": "<p>Dry dock</p>",
            "harm_can_absorb": 2, "boxes": 3, "box_values": [False, False, False], "aspect": "No", "rollable": "false"}
    on_sheet = {**hull, "box_values": [True, True, False], "extra_tag": {"extra_name": "Ship", "extra_id": "shipABCDEF012345"}}
    actor = {"type": "fate-core-official", "name": "Captain Vell", "system": {
        "details": {"fatePoints": {"current": 2, "refresh": 2}},
        "skills": {"U2FpbA": {"name": "Sail", "rank": 3, "extra_tag": {"extra_id": "shipABCDEF012345"}}},
        "tracks": {"SHVsbA": on_sheet}},
        "items": [{"_id": "shipABCDEF012345", "name": "The Gull", "type": "Extra", "system": {
            "description": {"value": "<p>A leaky sloop</p>"}, "permissions": "<p>Owns a ship</p>",
            "costs": "<p>1 stunt slot</p>", "refresh": 1, "active": True,
            "skills": {"U2FpbA": {"name": "Sail", "rank": 3}}, "tracks": {"SHVsbA": hull},
            "stunts": {}, "aspects": {"QQ": {"name": "Aspect", "value": "Leaks & Creaks"}}}}]}
    result = import_document(actor, "vell.json", ruleset="fate-core")
    vell = result.characters[0]
    (gull,) = vell.extras
    assert (gull.name, gull.description, gull.permission) == ("The Gull", "A leaky sloop", "Owns a ship")
    assert gull.cost == ExtraCost(refresh=1, stunt_slots=1) and gull.skills == {"Sail": 3}
    assert gull.aspects == ["Leaks & Creaks"] and vell.skills == {}  # the copy is the extra's, not hers
    (track,) = gull.tracks
    assert (track.name, track.boxes, track.clears.value, track.event) == ("Hull", [2, 2, 2], "event", "Dry dock")
    assert vell.stress == {track.id: [0, 1]}  # marked on the sheet, where FCO's players mark them
    assert any('extra "The Gull" came over as an extra' in line for line in result.warnings)
