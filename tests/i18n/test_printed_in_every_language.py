"""A character sheet prints in every shipped language (issue 29, "PDFs in the language"),
Chinese and Korean included, with the interface's words on it and the character's own words
as written."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from fate_desk import i18n
from fate_desk.cli import main as cli_main
from fate_desk.printing import textflow
from fate_desk.printing.fonts import REGULAR, register_fonts
from fate_desk.store.interchange import character_to_json

from builders import legal_pc

SHIPPED = [code for code in i18n.LANGUAGES if code != "en"]


@pytest.mark.parametrize("language", SHIPPED)
def test_a_sheet_prints_in_the_language(language, tmp_path, monkeypatch):
    character = tmp_path / "ruth.fate.json"
    character.write_text(character_to_json(legal_pc()), encoding="utf-8")
    out = tmp_path / "ruth.pdf"
    monkeypatch.setenv("FATE_DESK_LANGUAGE", language)
    assert cli_main(["export", str(character), "--out", str(out)]) == 0
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    i18n.set_language(language)
    try:
        for word in (i18n._("Refresh"), i18n._("Fate points"), i18n.rules_text("Fight")):
            assert word.upper() in text.upper() or word in text, word
    finally:
        i18n.set_language("en")
    assert "Ruth" in text  # the character's own words, as written


def test_a_word_that_will_not_break_further_still_ends_its_line(monkeypatch):
    """German's longer skill names squeezed a cell until a word fit letter by letter but not
    whole; breaking it again returned it unchanged, and printing never ended."""
    register_fonts()
    word = textflow._Word("Wahrnehmung", REGULAR, None, False)
    monkeypatch.setattr(textflow, "_break_word", lambda w, size, width: [w])
    lines, ends, _words = textflow.wrap_lines([word], 0, 8.5, 20.0, 10)
    assert len(lines) == 1 and ends == [1]
