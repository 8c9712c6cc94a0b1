"""Fuzzing the Foundry importers (FCO, FateX) as the Fari importer is fuzzed: random, mutated
and surrogate-laden documents import, or are refused with one readable line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.rules import get_ruleset
from fate_desk.interop.fco.writing import character_to_fco
from fate_desk.interop.importing import import_characters, import_document
from fate_desk.store.interchange import write_character_file

from builders import legal_pc
from fuzz_support import json_values, mutate, refused_or_imported, scalars

DATA = Path(__file__).parents[1] / "data" / "foundry"
SEEDS = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(DATA.glob("*.json"))}
SEEDS["exported-fco"] = json.loads(json.dumps(character_to_fco(legal_pc(), get_ruleset("fate-condensed"))))

keys = st.sampled_from([
    "type", "name", "system", "details", "fatePoints", "current", "refresh", "aspects", "skills", "stunts",
    "tracks", "items", "flags", "exportSource", "_stats", "systemId", "box_values", "aspect", "value", "rank",
    "size", "labelType", "fatepoints", "fate-desk", "kind", "stress_boxes", "consequence_slots",
])
shaped = st.recursive(
    scalars | st.integers(-10**12, 10**12) | st.sampled_from(["fate-core-official", "fatex", "character", "npc", "stress", "consequence", "aspect",
                       "skill", "stunt", "extra", "escalating", "\ud800", "a\udfffb"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=30,
)
settings_ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(doc=shaped | json_values)
def test_random_foundry_shaped_documents_never_crash(doc):
    refused_or_imported(lambda: import_document(doc, "fuzz.json"))
    refused_or_imported(lambda: import_document({"type": "fate-core-official", "system": doc}, "fuzz.json"))
    refused_or_imported(lambda: import_document(
        {"type": "character", "items": [{"type": "stress", "system": doc}], "flags": {"exportSource": {
            "system": "fatex"}}}, "fuzz.json"))


@pytest.mark.parametrize("seed", sorted(SEEDS))
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_foundry_actors_import_or_are_refused(seed, data):
    doc = mutate(SEEDS[seed], data)
    refused_or_imported(lambda: import_document(doc, "mutated.json"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(min_size=1, max_size=8))
def test_lone_surrogates_anywhere_are_replaced_and_the_character_can_be_saved(tmp_path, text):
    doc = json.loads(json.dumps(SEEDS["fco-wren.json"]))
    doc["name"] = "Wren \ud800" + text
    doc["system"]["details"]["notes"]["value"] = "<p>\udc00 notes</p>"
    doc["system"]["aspects"]["\udfff"] = {"name": "High \ud801", "value": "Diver \udbff"}
    result = import_document(doc, "x.json")
    wren = result.characters[0]
    assert "\ufffd" in wren.name and "\ud800" not in wren.name
    assert any("lone surrogates" in w for w in result.warnings)
    write_character_file(tmp_path / "wren.fate.json", wren)  # a file can hold it: nothing left to crash


def test_lone_surrogates_in_a_file_import_through_the_json_escape(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"type": "fate-core-official", "name": "A\\ud800", "system": {}}', encoding="utf-8")
    assert import_characters(path).characters[0].name == "A\ufffd"


def test_huge_numbers_and_deep_nesting_are_refused_or_clamped():
    wren = json.loads(json.dumps(SEEDS["fco-wren.json"]))
    wren["system"]["details"]["fatePoints"]["current"] = 10**30
    wren["system"]["skills"]["x"] = {"name": "Fight", "rank": 10**9}
    result = import_document(wren, "x.json")
    assert result.characters[0].fate_points == result.characters[0].refresh  # kept in the notes instead
    assert "Fate points: " + str(10**30) in result.characters[0].notes
    deep: dict = {}
    node = deep
    for _ in range(5000):
        node["system"] = {}
        node = node["system"]
    refused_or_imported(lambda: import_document({"type": "fate-core-official", "system": deep}, "deep.json"))


def test_a_fatex_stress_label_type_that_is_not_a_number_is_ignored(tmp_path):
    """Found by the fuzzer above: a list as labelType raised TypeError instead of importing."""
    doc = json.loads((Path(__file__).parents[1] / "data" / "foundry" / "fatex-bram.json").read_text())
    stress = [item for item in doc["items"] if item.get("type") == "stress"]
    assert stress
    for item in stress:
        item["system"]["labelType"] = []
    out = tmp_path / "bram.json"
    out.write_text(json.dumps(doc))
    result = import_characters(out)
    assert result.characters and result.characters[0].name
