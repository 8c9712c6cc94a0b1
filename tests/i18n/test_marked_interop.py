"""Importing from and exporting to other tools in the user's language (issue 29): the summary of
what went where, the notes on guesses and the refusals are translated, while what lands in the
character (its notes included) and what is written into Fari's, FCO's and FateX's files stays
the same characters in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from builders import legal_pc
from pseudo_text import in_language

from fate_desk.model import CharacterKind, Extra, RuleBreak
from fate_desk.rules import get_ruleset
from fate_desk.interop import exporting
from fate_desk.interop.exporting import ExportRefused
from fate_desk.interop.importing import import_characters, import_document
from fate_desk.store.interchange import FileFormatError, parse_json

DATA = Path(__file__).parents[1] / "data"



def _translated(lines: list[str]) -> None:
    """Every line is pseudo-translated as a whole (no English sentence glued around it); a line
    may open with the character's name ("{who}: {note}" has no words to translate)."""
    assert lines
    for line in lines:
        assert re.sub(r"^[^:⟦]*: ", "", line).startswith("⟦"), line


def _without_ids(value):
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k != "id"}
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def _same_characters(english, spoken) -> None:
    assert len(english.characters) == len(spoken.characters)
    for a, b in zip(english.characters, spoken.characters):
        # What has no id in the file gets a fresh one each time; the rest is character for character.
        assert _without_ids(a.model_dump(mode="json")) == _without_ids(b.model_dump(mode="json"))
    assert [s.model_dump(mode="json") for s in english.scenes] == [s.model_dump(mode="json") for s in spoken.scenes]


@pytest.mark.parametrize("name", ["v5-bram.fari.json", "translated-joris.fari.json", "full-bundle.fari.json"])
def test_a_fari_import_speaks_the_users_language_and_keeps_the_same_characters(name):
    english = import_characters(DATA / "fari" / name)
    spoken = in_language("en_XA", lambda: import_characters(DATA / "fari" / name))
    _translated(spoken.warnings)
    assert len(spoken.warnings) == len(english.warnings)
    assert not set(spoken.warnings) & set(english.warnings)
    _same_characters(english, spoken)
    # What could not be placed is kept in the notes in English, as the file said it.
    for a, b in zip(english.characters, spoken.characters):
        assert "⟦" not in b.notes and a.notes == b.notes
    assert spoken.source_format == english.source_format  # a key, shown through _() where shown


def test_a_fari_librarys_summary_counts_in_the_users_language():
    spoken = in_language("en_XA", lambda: import_characters(DATA / "fari" / "full-bundle.fari.json"))
    lines = "\n".join(spoken.warnings)
    assert "Bram Holloway" in lines and "The Flooded Archive" in lines
    assert "index card collection" not in lines.replace("⟦", "")  # whole sentence went through ngettext
    # Entries already in a campaign are left as they are, said in the user's language.
    taken = {c.id for c in spoken.characters} | {s.id for s in spoken.scenes}
    new, skipped = in_language("en_XA", lambda: spoken.new_entries(taken))
    assert not new
    _translated(skipped)


@pytest.mark.parametrize("name", ["fco-wren.json", "fatex-bram.json"])
def test_a_foundry_import_speaks_the_users_language_and_keeps_the_same_character(name):
    data = json.loads((DATA / "foundry" / name).read_text(encoding="utf-8"))
    english = import_document(data, name)
    spoken = in_language("en_XA", lambda: import_document(json.loads((DATA / "foundry" / name).read_text("utf-8")), name))
    _translated(spoken.warnings)
    assert not set(spoken.warnings) & set(english.warnings)
    _same_characters(english, spoken)
    english_notes = english.characters[0].notes
    assert "Kept from" in english_notes and spoken.characters[0].notes == english_notes


def test_the_fco_summary_counts_each_kind_of_thing_in_the_users_language():
    data = json.loads((DATA / "foundry" / "fco-wren.json").read_text(encoding="utf-8"))
    spoken = in_language("en_XA", lambda: import_document(data, "wren.json"))
    summary = spoken.warnings[0]
    assert "4 aspects, 10 skills" not in summary  # each count is its own translated message
    assert summary.count("⟦") >= 6  # the line, and its aspects, skills, stunts, tracks, consequences


def test_the_export_summary_is_translated_and_the_files_are_not():
    monster = legal_pc(name="Grak", kind=CharacterKind.MONSTER, scale="Supernatural", notes="Lives under the bridge.",
                       rule_breaks=[RuleBreak(kind="custom", text="Cannot be surprised.")],
                       extras=[Extra(name="Old Sword", description="Notched.")])
    ruleset = get_ruleset(monster.ruleset)
    for target in sorted(exporting.TARGETS):
        english = exporting.summary([monster], target)
        spoken = in_language("en_XA", lambda t=target: exporting.summary([monster], t))
        assert len(spoken) == len(english) >= 3, target
        _translated(spoken)
        render = exporting.TARGETS[target].render
        spoken_file = in_language("en_XA", lambda r=render: r(monster, ruleset, None))
        assert "⟦".encode() not in spoken_file, target  # an extra's price once leaked into FCO's "costs"
        # Fari's fresh block ids aside, the file is byte for byte the English one.
        strip = lambda raw: re.sub(rb'"(_id|id|lastUpdated)": ?("[^"]*"|\d+)', b'"id": ""', raw)
        assert strip(spoken_file) == strip(render(monster, ruleset, None)), target


def test_refusals_are_in_the_users_language(tmp_path):
    with pytest.raises(ExportRefused) as refused:
        in_language("en_XA", lambda: exporting.plan([], tmp_path / "x.json", exporting.TARGETS["fatex"]))
    assert str(refused.value).startswith("⟦")
    with pytest.raises(ExportRefused) as refused:
        in_language("en_XA", lambda: exporting.plan([legal_pc()], tmp_path / "x.txt", exporting.TARGETS["fari"]))
    assert "⟦" in str(refused.value) and "x.txt" in str(refused.value)
    for raw in (b"", b"{", b'{"a": 1, "a": 2}'):
        with pytest.raises(FileFormatError) as bad:
            in_language("en_XA", lambda r=raw: parse_json(r, "f.json"))
        assert bad.value.problem.startswith("⟦"), raw
    for document in ({"fariType": "scene"}, {"fariType": "full", "characters": 3}, {"format": "nope"},
                     {"type": "character", "system": {}, "name": 3}):
        with pytest.raises(FileFormatError) as bad:
            in_language("en_XA", lambda d=document: import_document(d, "f.json"))
        assert "⟦" in bad.value.problem, document
