"""Fari import: every format version maps onto a Fate Desk character, and nothing is dropped."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fate_desk.model import AspectRole
from fate_desk.rules import derive, get_ruleset
from fate_desk.interop.fari.labels import html_to_text, norm, parse_rating
from fate_desk.interop.importing import import_characters, import_document
from fate_desk.store.interchange import FileFormatError

FARI = Path(__file__).parents[1] / "data" / "fari"


def load(name: str) -> dict:
    return json.loads((FARI / name).read_text(encoding="utf-8"))


def one(name: str, **kwargs):
    result = import_characters(FARI / name, **kwargs)
    assert len(result.characters) == 1
    return result.characters[0], result.warnings


def roles(character) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for aspect in character.aspects:
        out.setdefault(aspect.role.value, []).append(aspect.text)
    return out


# --- text -----------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, text", [
    ("Plain words", "Plain words"),
    ("Fish &amp; Chips &lt;3 &#39;yes&#39;", "Fish & Chips <3 'yes'"),
    ("one<br>two<br/>three", "one\ntwo\nthree"),
    ("first<div>second</div><div>third</div>", "first\nsecond\nthird"),
    ("<p>para</p><p>graph</p>", "para\ngraph"),
    ("<b>bold</b> and <i>it</i><!-- note -->", "bold and it"),
    ("<ul><li>a</li><li>b</li></ul>", "- a\n- b"),
    ("I <3 maps & 2 < 3", "I <3 maps & 2 < 3"),
    ("non&nbsp;breaking", "non breaking"),
    ("kept\nline breaks\r\nalso", "kept\nline breaks\nalso"),
    ("<div><br></div><div>after a blank line</div>", "after a blank line"),
])
def test_fari_html_becomes_plain_text(raw, text):
    assert html_to_text(raw) == text


def test_labels_match_without_case_accents_or_markup():
    assert norm("STUNTS &amp; EXTRAS") == norm("Stunts & Extras") == "stunts extras"
    assert norm("Conséquences") == "consequences"


@pytest.mark.parametrize("raw, rating", [
    ("", 0), ("3", 3), ("+2", 2), ("-1", -1), ("\u22122", -2), ("Good", 3), ("good (+3)", 3), ("Fair (+2)", 2),
    ("lots", None), ("3.5", None),
])
def test_skill_values_are_read_as_ratings(raw, rating):
    assert parse_rating(raw) == rating


# --- each format version ----------------------------------------------------------------------

def test_version_1_flat_lists_and_boolean_stress():
    mara, _ = one("v1-mara.fari.json")
    assert mara.name == "Mara Vey"
    assert roles(mara) == {
        "high_concept": ["Smuggler Captain of the Grey Tern"],
        "trouble": ["Owes the Dock Boss Everything"],
        "free": ["Knows Every Reef by Night"],  # the empty one is not an aspect
    }
    assert mara.skills["Drive"] == 4 and "Lore" not in mara.skills  # "" is Mediocre
    assert mara.stress == {"physical": [0]}
    assert [(c.slot, c.text) for c in mara.consequences] == [("mild", "Rope Burn")]
    assert (mara.refresh, mara.fate_points) == (3, 2)
    assert mara.notes.startswith("Ship: the Grey Tern")
    assert "Fari group: Harbour Crew" in mara.notes


def test_version_2_translated_labels_and_values_that_are_no_rating():
    ossian, warnings = one("v2-ossian.fari.json")
    assert roles(ossian)["high_concept"] == ["Chasseur de sorcières repenti"]
    assert roles(ossian)["trouble"] == ["La marque du démon me brûle"]
    assert roles(ossian)["relationship"] == ["Ysolde m'a sauvé du bûcher"]
    assert ossian.skills == {"Lore": 4, "Will": 3, "Investigate": 3, "Shoot": 2, "Notice": 2}
    assert "Empathy: beaucoup" in ossian.notes
    assert any("Empathy" in w and "not a rating" in w for w in warnings)
    # A tracker that is not the rule set's stress is a track of the player's own (issue 26, 8).
    assert [(t.name, len(t.boxes)) for t in ossian.tracks] == [("Corruption", 2)]
    assert ossian.stress == {"physical": [1], "mental": [0, 1], ossian.tracks[0].id: [0]}
    assert {c.slot: c.text for c in ossian.consequences} == {"mild": "Brûlure à la main", "severe": "Hanté par le démon"}
    assert (ossian.refresh, ossian.fate_points) == (2, 1)


def test_version_3_left_and_right_sections_html_and_fate_core_boxes():
    dara, warnings = one("v3-dara.fari.json")
    assert dara.ruleset == "fate-core"
    assert any("Fate Core guessed" in w for w in warnings)
    assert roles(dara)["high_concept"] == ["Clockwork Surgeon & Reluctant Hero"]
    assert roles(dara)["free"] == ["Steady Hands\nSteadier Nerves"]
    assert [s.name for s in dara.stunts] == ["", "Field Medic"]  # "Stunt #1" is a placeholder
    assert dara.stunts[0].text.endswith("repair a body.\nOnly out of combat.")
    assert dara.stress == {"physical": [1], "mental": [0]}
    assert (dara.fate_points, dara.refresh) == (4, 2)  # the fate point counter's maximum is refresh
    assert dara.notes.startswith("Keeps a ledger of every patient.\nFears fire.")
    assert "Credits › Sheet layout: https://example.org/sheets" in dara.notes


def test_version_4_fate_accelerated_template():
    kit, warnings = one("v4-kit.fari.json")
    assert kit.ruleset == "fate-accelerated" and not warnings
    assert kit.skills == {"Careful": 1, "Clever": 2, "Flashy": 2, "Quick": 3, "Sneaky": 1}
    assert kit.stress == {"stress": [0]}
    assert roles(kit)["trouble"] == ["Can't Resist a Dare"]
    assert [(c.slot, c.text) for c in kit.consequences] == [("moderate", "Twisted Ankle")]


def test_version_5_rows_columns_pages_and_what_has_no_place():
    bram, warnings = one("v5-bram.fari.json")
    assert len(bram.aspects) == 5 and len(bram.stunts) == 4
    assert bram.skills["Physique"] == 5
    # Superb Physique earns a second mild slot for physical harm; Fari's "Mild (Physical)" fills it.
    assert {c.slot: c.text for c in bram.consequences} == {"mild": "Bruised Ribs", "mild_physical": "Cracked Knuckles"}
    slots = [s.id for s in derive(bram, get_ruleset("fate-condensed")).consequences]
    assert {c.slot for c in bram.consequences} <= set(slots)
    assert bram.notes.startswith("Wants to clear his name.")
    assert [(t.name, len(t.boxes)) for t in bram.tracks] == [("Shadow", 2)]
    assert bram.stress[bram.tracks[0].id] == [0]
    for kept in ("Sheet › Gear › Lantern oil (flasks): 3",
                 "Sheet › Gear › Torches: 2 of 5",
                 "Background › History › Childhood: Raised in the lamp-lighters' guild.\n\nLeft at fifteen."):
        assert kept in bram.notes
    assert any("image embedded in Portrait" in w for w in warnings)
    assert any("3 items kept in the notes" in w for w in warnings)
    assert any('track "Shadow" came over as a track of its own' in w for w in warnings)


def test_version_6_capital_labels_match_the_rule_set():
    nell, warnings = one("v6-nell.fari.json")
    assert nell.ruleset == "fate-condensed" and not warnings
    assert roles(nell)["relationship"] == ["Captain Ilse Trusts My Charts"]
    assert nell.skills["Academics"] == 4 and nell.skills["Physique"] == 1 and "ACADEMICS" not in nell.skills
    # Average Physique and Fair Will give four boxes each only because the names were matched.
    assert derive(nell, get_ruleset("fate-condensed")).stress == {"physical": [1] * 4, "mental": [1] * 4}
    assert (nell.refresh, nell.fate_points) == (2, 5)
    assert nell.stress == {"physical": [1], "mental": [0]}
    assert nell.notes == "Owes a favour to the harbour master."


def test_a_translated_template_falls_back_on_block_types():
    joris, warnings = one("translated-joris.fari.json")
    assert roles(joris) == {
        "high_concept": ["Dijkwachter met een Geheim"],
        "trouble": ["Het Water Stijgt Altijd"],
        "free": ["Mijn Zus Kent de Sluizen"],
    }
    assert joris.skills == {"Crafts": 3, "Physique": 2, "Notice": 2, "Will": 1}
    assert joris.stress == {"physical": [0], "mental": [2]}
    assert [(c.slot, c.text) for c in joris.consequences] == [("mild", "Natte Voeten")]
    assert joris.fate_points == 2 and joris.refresh == 3
    assert "TRUCS › Sluiswachter: +2 op Crafts bij het openen van sluizen." in joris.notes
    assert sum("from its place" in w for w in warnings) == 5


def test_a_full_bundle_gives_every_character_and_scene_and_says_what_it_left():
    result = import_characters(FARI / "full-bundle.fari.json")
    assert result.source_format == "Fari library"
    assert [c.name for c in result.characters] == ["Bram Holloway", "Dara Quill"]
    assert [s.name for s in result.scenes] == ["The Flooded Archive"]
    assert any("index card" in w for w in result.warnings)


def test_two_characters_with_one_id_in_a_bundle_stay_two():
    doc = load("full-bundle.fari.json")
    doc["characters"][1]["id"] = doc["characters"][0]["id"]
    result = import_document(doc, "b.fari.json")
    assert len({c.id for c in result.characters}) == 2


def test_the_rule_set_can_be_chosen_and_must_exist():
    mara, warnings = one("v1-mara.fari.json", ruleset="fate-core")
    assert mara.ruleset == "fate-core" and not any("guessed" in w for w in warnings)
    with pytest.raises(FileFormatError, match="ruleset: unknown rule set 'nope'"):
        import_characters(FARI / "v1-mara.fari.json", ruleset="nope")


def test_a_fari_template_without_fari_type_is_still_read():
    doc = load("v6-nell.fari.json")
    del doc["fariType"]
    assert import_document(doc, "t.json").characters[0].name == "Nell Ashdown"


# --- refusals name the field ------------------------------------------------------------------

@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(version=7), "version: Fari format version 7"),
    (lambda d: d.update(version="6"), "version: expected a whole number"),
    (lambda d: d.update(fariType="scene"), "fariType: says a scene, but the file holds none of a scene's index cards"),
    (lambda d: d.update(fariType="map"), "fariType: expected 'character', 'scene' or 'full'"),
    (lambda d: d.update(pages={}), "pages: expected a list of pages"),
    (lambda d: d["pages"][0]["rows"][0]["columns"][0]["sections"][0]["blocks"][0].update(value=["x"]),
     "pages[0].rows[0].columns[0].sections[0].blocks[0].value: expected text, got a list"),
    (lambda d: d["pages"][0]["rows"][1]["columns"][0]["sections"][0]["blocks"][0].pop("type"),
     "pages[0].rows[1].columns[0].sections[0].blocks[0].type: expected a block type"),
    (lambda d: d["pages"][0]["rows"][1]["columns"][1]["sections"][0]["blocks"][0].update(value=7),
     "pages[0].rows[1].columns[1].sections[0].blocks[0].value: expected a list of boxes"),
    (lambda d: d["pages"][0]["rows"][0].pop("columns"), "pages[0].rows[0].columns: is missing"),
    (lambda d: d.update(name=["N"]), "name: expected text"),
])
def test_a_broken_fari_file_is_refused_with_the_field_named(change, field):
    doc = load("v6-nell.fari.json")
    change(doc)
    with pytest.raises(FileFormatError) as caught:
        import_document(doc, "nell.fari.json")
    assert str(caught.value).startswith("nell.fari.json: ")
    assert field in str(caught.value)


def test_a_bundle_names_the_character_that_is_broken():
    doc = load("full-bundle.fari.json")
    doc["characters"][1]["pages"][0]["sections"][2]["blocks"] = "none"
    with pytest.raises(FileFormatError, match=r"characters\[1\]\.pages\[0\]\.sections\[2\]\.blocks: expected a list"):
        import_document(doc, "b.fari.json")


# --- nothing typed is dropped -----------------------------------------------------------------

words = st.text(alphabet=st.characters(whitelist_categories=("L", "N"), max_codepoint=0x2FF), min_size=1, max_size=20)


@settings(max_examples=80, deadline=None)
@given(section=words, label=words, value=words, where=st.integers(0, 2),
       kind=st.sampled_from(["Text", "RichText", "Numeric", "DicePool", "Link"]))
def test_a_block_with_no_place_on_the_sheet_is_kept_in_the_notes(section, label, value, where, kind):
    doc = load("v5-bram.fari.json")
    columns = doc["pages"][0]["rows"][0]["columns"]
    extra = {"id": "extra", "label": section, "blocks": [{"id": "b", "type": kind, "label": label,
                                                          "value": value, "meta": {}}]}
    columns[where % len(columns)]["sections"].append(extra)
    character = import_document(doc, "bram.fari.json").characters[0]
    plain = html_to_text(value)
    # It went somewhere on the sheet (a label the mapping knows) or into the notes.
    placed = (
        plain in character.notes
        or plain in character.description  # a block labelled "Descrição" or the like
        or plain == character.scale
        or any(plain in a.text for a in character.aspects)
        or any(plain in (s.name + s.text) for s in character.stunts)
        or any(plain in c.text for c in character.consequences)
        or str(character.refresh) == plain
    )
    assert placed


def test_the_original_fixture_is_not_changed_by_importing():
    doc = load("v5-bram.fari.json")
    before = copy.deepcopy(doc)
    import_document(doc, "bram.fari.json")
    assert doc == before


def test_aspect_roles_are_not_given_twice():
    doc = load("v6-nell.fari.json")
    aspects = doc["pages"][0]["rows"][0]["columns"][0]["sections"][0]["blocks"]
    aspects[1]["label"] = "HIGH CONCEPT"  # two blocks claim the high concept
    nell = import_document(doc, "nell.fari.json").characters[0]
    assert [a.role for a in nell.aspects].count(AspectRole.HIGH_CONCEPT) == 1
    assert "Maps Lie, and So Do I" in [a.text for a in nell.aspects]
