"""A whole Fari library (Fari's "full" export) in one step: characters and scenes, a summary per
entry, and nothing imported twice. Fari's scene shapes are farirpgs/fari-app
lib/hooks/useScene/IScene.ts (indexCards {public, private}; before that a list of cards with
AspectType and isPrivate; first a record of aspects) and lib/hooks/useScene/AspectType.ts."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.cli import main
from fate_desk.store.campaign_file import load_campaign
from fate_desk.interop.importing import import_characters, import_document

from fuzz_support import json_values, refused_or_imported, scalars

LIBRARY = Path(__file__).parents[1] / "data" / "fari" / "library.fari.json"


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err
    return err


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_library_gives_its_characters_and_its_scenes_with_aspects_and_index_cards():
    result = import_characters(LIBRARY)
    assert result.library and result.source_format == "Fari library"
    assert [c.name for c in result.characters] == ["Nell Ashdown", "Bram Holloway", "Dara Quill"]
    harbour, mill = result.scenes
    assert harbour.name == "Night at the <Salt> Harbour" and harbour.id == "scene-harbour"
    assert [a.text for a in harbour.aspects] == ["Thick Fog", "Rotten Pier", "The Smugglers Are Watching"]
    hidden = [a.text for a in harbour.aspects if a.id in harbour.play.hidden]
    assert hidden == ["The Smugglers Are Watching"]  # a private card: the players do not see it
    assert "The tide turns at midnight." in harbour.notes
    assert "Index card Thick Fog:\nVisibility is poor & sound carries." in harbour.notes
    assert "Stress: 1 of 2 boxes marked" in harbour.notes and "- Loose Plank: Anyone running falls." in harbour.notes
    assert "Fari group: Act I" in harbour.notes
    # The first scene shape: a record of aspects, a boost among them.
    assert [(a.text, a.boost) for a in mill.aspects] == [
        ("Grinding Stones", False), ("Off Balance", True), ("Miller Jory", False)]
    assert "Knows the back way." in mill.notes and "Mild: Bruised" in mill.notes


def test_the_summary_has_a_line_for_every_entry():
    warnings = import_characters(LIBRARY).warnings
    for line in ("character Nell Ashdown: from Fari (Fate Condensed)", "character Dara Quill: from Fari (Fate Core)",
                 "scene Night at the <Salt> Harbour: from Fari, 3 aspects (1 only the GM sees)",
                 "scene The Old Mill: from Fari, 3 aspects (1 only the GM sees)"):
        assert any(w.startswith(line) for w in warnings), line
    assert any("1 index card collection" in w for w in warnings)


def test_import_into_a_campaign_then_again_adds_nothing_twice(tmp_path, capsys):
    target = tmp_path / "harbour.fatedesk"
    assert main(["import", str(LIBRARY), "--into", str(target)]) == 0
    first = capsys.readouterr().out
    assert "created" in first and "3 characters" in first and "2 scenes" in first
    campaign = load_campaign(target)
    assert len(campaign.characters) == 3 and len(campaign.scenes) == 2
    assert main(["import", str(LIBRARY), "--into", str(target)]) == 0
    again = capsys.readouterr().out
    assert "every entry was already there" in again
    assert "note: character Nell Ashdown: already in the campaign (imported before); left as it is" in again
    assert "note: scene The Old Mill: already in the campaign (imported before); left as it is" in again
    assert load_campaign(target).model_dump() == campaign.model_dump()


def test_a_library_grown_in_fari_adds_only_the_new_entries(tmp_path, capsys):
    target = tmp_path / "harbour.fatedesk"
    assert main(["import", str(LIBRARY), "--into", str(target)]) == 0
    grown = json.loads(LIBRARY.read_text(encoding="utf-8"))
    extra = json.loads(json.dumps(grown["characters"][0]))
    extra.update(id="f1a0c0de-0099-4000-8000-000000000099", name="Wren")
    grown["characters"].append(extra)
    grown["scenes"].append({"id": "scene-new", "name": "Dawn", "indexCards": {"public": [], "private": []}})
    path = tmp_path / "grown.fari.json"
    path.write_text(json.dumps(grown), encoding="utf-8")
    capsys.readouterr()
    assert main(["import", str(path), "--into", str(target)]) == 0
    assert "added 1 character (Wren) and 1 scene to" in capsys.readouterr().out
    campaign = load_campaign(target)
    assert [c.name for c in campaign.characters][-1] == "Wren" and campaign.scenes[-1].name == "Dawn"


def test_a_library_as_a_campaign_bundle_keeps_its_scenes(tmp_path, capsys):
    out = tmp_path / "harbour.fate-campaign.json"
    assert main(["import", str(LIBRARY), "--out", str(out)]) == 0
    assert len(import_characters(out).campaign.scenes) == 2


HOSTILE_LIBRARIES = {
    "scenes not a list": {"fariType": "full", "characters": [], "scenes": 3},
    "scene not an object": {"fariType": "full", "characters": [], "scenes": ["x"]},
    "cards not a list": {"fariType": "full", "characters": [], "scenes": [{"indexCards": {"public": 5}}]},
    "card not an object": {"fariType": "full", "characters": [], "scenes": [{"indexCards": [7]}]},
    "title not text": {"fariType": "full", "characters": [], "scenes": [{"indexCards": [{"title": [1]}]}]},
    "aspects a list": {"fariType": "full", "characters": [], "scenes": [{"aspects": [1]}]},
    "block value an object": {"fariType": "full", "characters": [], "scenes": [
        {"indexCards": [{"title": "x", "blocks": [{"label": "a", "value": {"deep": 1}}, "no"]}]}]},
    "character broken": {"fariType": "full", "characters": [{"pages": 3}], "scenes": []},
    "name not text": {"fariType": "full", "characters": [], "scenes": [{"name": {"a": 1}}]},
}


@pytest.mark.parametrize("name", sorted(HOSTILE_LIBRARIES))
def test_a_hostile_library_exits_2_with_one_line_and_changes_no_campaign(tmp_path, capsys, name):
    target = tmp_path / "harbour.fatedesk"
    assert main(["import", str(LIBRARY), "--into", str(target)]) == 0
    capsys.readouterr()
    before = digest(target)
    path = tmp_path / "bad.fari.json"
    path.write_text(json.dumps(HOSTILE_LIBRARIES[name]), encoding="utf-8")
    assert main(["import", str(path), "--into", str(target)]) == 2
    assert "bad.fari.json" in one_line_error(capsys)
    assert digest(target) == before
    new = tmp_path / "new.fatedesk"
    assert main(["import", str(path), "--into", str(new)]) == 2
    one_line_error(capsys)
    assert not new.exists()


def test_deeply_nested_sub_cards_are_read_only_so_deep_and_never_crash():
    card: dict = {"title": "Top"}
    node = card
    for i in range(200):
        node["subCards"] = [{"title": f"Level {i}"}]
        node = node["subCards"][0]
    scene = import_document({"fariType": "full", "characters": [], "scenes": [{"indexCards": [card]}]},
                            "x.fari.json").scenes[0]
    assert "Level 0" in scene.notes and "Level 50" not in scene.notes


def test_two_scenes_with_one_id_stay_two():
    doc = {"fariType": "full", "characters": [], "scenes": [{"id": "s", "name": "A"}, {"id": "s", "name": "B"}]}
    scenes = import_document(doc, "x.fari.json").scenes
    assert len({s.id for s in scenes}) == 2


# --- fuzzing the scene reader as the character readers are fuzzed -------------------------------

card_keys = st.sampled_from(["id", "title", "content", "type", "isPrivate", "blocks", "subCards", "label", "value",
                             "checked", "tracks", "consequences", "name", "public", "private", "notes", "group"])
card_shaped = st.recursive(
    scalars | st.sampled_from(["<b>x</b>", "&amp;", "\ud800"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(card_keys, inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scene=card_shaped | json_values, cards=card_shaped)
def test_random_scenes_in_a_library_import_or_are_refused_with_one_line(scene, cards):
    refused_or_imported(lambda: import_document({"fariType": "full", "characters": [], "scenes": [scene]}, "f.json"))
    refused_or_imported(lambda: import_document(
        {"fariType": "full", "characters": [], "scenes": [{"name": "S", "indexCards": cards, "aspects": cards}]},
        "f.json"))
