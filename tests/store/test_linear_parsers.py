"""What the linear parsers give (their speed is in benchmarks/bench_parsers.py, never timed
here): an open HTML comment, a Fari section with repeated text blocks, many same-named
characters exported one file each, and a word longer than the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reportlab.pdfbase.pdfmetrics import stringWidth

from fate_desk.printing.fonts import REGULAR, register_fonts
from fate_desk.printing.textflow import Run, tokenise, wrap_lines
from fate_desk.model import Character
from fate_desk.interop.exporting import file_names
from fate_desk.interop.fari.labels import html_to_text
from fate_desk.interop.fari.mapping import sheet_to_character
from fate_desk.interop.fari.reading import fari_sheets
from fate_desk.interop.importing import import_characters
from fate_desk.store.interchange import FileFormatError

FARI = Path(__file__).parents[1] / "data" / "fari" / "v6-nell.fari.json"


def test_an_html_comment_left_open_hides_the_rest_as_a_browser_does():
    assert html_to_text("<p>Kept</p><!-- hidden <b>too</b>") == "Kept"
    assert html_to_text("a<!--x-->b<!--y-->c") == "abc"
    assert html_to_text("<!--" * 50_000) == ""


def test_repeated_text_blocks_in_a_fari_section_each_keep_their_place(tmp_path):
    sheet = json.loads(FARI.read_text(encoding="utf-8"))
    section = sheet["pages"][0]["rows"][0]["columns"][0]["sections"][0]
    same = {"id": "b", "type": "Text", "label": "OTHER ASPECT", "value": "Wind in My Ears", "meta": {}}
    section["blocks"] = [dict(same) for _ in range(3)] + [dict(same, value=f"Aspect {i}") for i in range(2000)]
    path = tmp_path / "many.fari.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    # The reading, in time linear in the blocks (a character this size is then refused whole).
    sheets, _warnings = fari_sheets(sheet, str(path))
    character, _notes = sheet_to_character(sheets[0], str(path), "fate-condensed")
    texts = [a.text for a in character.aspects]
    assert texts[:3] == ["Wind in My Ears"] * 3 and texts[-1] == "Aspect 1999" and len(texts) == 2003
    with pytest.raises(FileFormatError, match="this character has 2,003 aspects; Fate Desk keeps at most 50"):
        import_characters(path, "fate-condensed")


def test_same_named_characters_get_one_file_each_counting_on():
    names = file_names(Path("out"), [Character(name="Thug") for _ in range(1000)] + [Character(name="thug")], ".json")
    assert [p.name for p in names[:3]] == ["Thug.json", "Thug-2.json", "Thug-3.json"]
    assert names[999].name == "Thug-1000.json"
    assert len({p.name.casefold() for p in names}) == 1001  # also where case is ignored


def test_a_word_longer_than_the_line_is_cut_into_pieces_that_fit_and_lose_nothing():
    register_fonts()
    word = "x" * 200_000
    lines, _ends, _words = wrap_lines(tokenise([Run(word)]), 0, 9.0, 300.0, 10_000)
    texts = [seg[1] for line in lines for seg in line]
    assert "".join(texts) == word
    assert all(stringWidth(t, REGULAR, 9.0) <= 300.0 for t in texts)
    assert all(stringWidth(t + "x", REGULAR, 9.0) > 300.0 for t in texts[:-1])  # full lines
