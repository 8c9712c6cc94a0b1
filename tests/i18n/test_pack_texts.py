"""The game packs speak the interface language (issue 42): their stunts, extras, tracks and
example aspects, and the one-file Wealth pack, are in the catalogue under the context "rules"
and shown through rules_text; what the library puts on a sheet reads as if the player typed it."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

from PySide6.QtCore import QPoint, Qt

from fate_desk import i18n
from fate_desk.gui.sheet import CharacterSheet

from table_helpers import on_disk, sample_document

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool_packs", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _click(qtbot, widget):
    qtbot.waitUntil(widget.isVisible)
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center() if widget.width() else QPoint(1, 1))


def test_a_packs_stunt_shows_in_german_and_goes_on_the_sheet_in_german(qtbot, tmp_path):
    i18n.set_language("de")
    document = sample_document(tmp_path)
    sheet = CharacterSheet(document, "pc-maren")
    qtbot.addWidget(sheet)
    sheet.resize(1100, 900)
    sheet.show()
    before = len(document.entity("pc-maren").stunts)
    _click(qtbot, sheet.extras.library_button)
    library = sheet.extras.dialog
    qtbot.waitUntil(library.isVisible)
    qtbot.keyClicks(library.words, "Siegel")  # a German player searches in German
    assert library.results.count() == 1
    assert "Schlossflüsterer" in library.results.item(0).text()
    assert "Beispiel-Stunts für Fate Core" in library.results.item(0).text()  # the pack's name too
    detail = library.detail.text()
    assert "Diebeskunst: Schlösser halten dich nie lange auf" in detail and "Lock" not in detail
    _click(qtbot, library.insert_button)
    stunt = on_disk(document).character("pc-maren").stunts[-1]
    assert len(on_disk(document).character("pc-maren").stunts) == before + 1
    assert stunt.name == "Schlossflüsterer" and stunt.text.startswith("Schlösser halten dich nie lange auf")
    document.close()


def test_the_wealth_pack_and_its_track_read_in_korean():
    i18n.set_language("ko")
    assert i18n.rules_text("Wealth (System Toolkit)") == "재산(시스템 툴킷)"
    assert i18n.rules_text("Wealth") == "재산"


def test_every_text_of_every_shipped_pack_is_in_the_catalogue():
    from babel.messages.catalog import Catalog

    tool = _tool()
    catalogue = Catalog()
    tool.extract_rules(catalogue)  # what `tools/i18n.py extract` takes from rule sets and packs
    for path in tool.pack_files():
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        texts = tool.pack_texts(data)
        assert texts, path
        for text in texts:
            assert catalogue.get(text, context="rules") is not None, (path.name, text)
    # The licence stays in the words the licence asks for.
    licence = tomllib.loads((ROOT / "packs" / "fate-core-stunts" / "pack.toml").read_text())["licence"]
    assert catalogue.get(licence, context="rules") is None
