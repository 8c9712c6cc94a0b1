"""Large print for low vision: sheets and cards at 150%, the same content on more pages, from
the command line (--large-print) and from File ▸ Print to PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from export_pdf_reading import page_sizes, pdf_text
from fate_desk.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-campaign.fate-campaign.json"
RUTH = Path(__file__).resolve().parents[2] / "docs" / "examples" / "ruth.fate.json"


def _words(path: Path) -> list[str]:
    """What the PDF says, without page furniture (page numbers, continuation marks)."""
    text = pdf_text(path)
    text = re.sub(r"page \d+ of \d+", " ", text)
    text = re.sub(r"continued on the next page →|[A-Za-z' ]+: continued \(sheet page \d+\)|\([A-Z ]*CONTINUED\)|"
                  r"\b[A-Z]+ \(CONTINUED\)|continued", " ", text, flags=re.IGNORECASE)
    return sorted(w for w in re.findall(r"[\w'+()-]+", text) if w not in ("CONTINUED", "continued"))


def _sizes(path: Path, phrase: str) -> list[float]:
    """The printed size (points) of each run of text containing `phrase`."""
    found = []
    for page in PdfReader(str(path)).pages:
        def visit(text, cm, tm, font, size):
            if text.strip() == phrase:
                found.append(abs(size * tm[3] * cm[3]))
        page.extract_text(visitor_text=visit)
    return found


def _fields(path: Path) -> dict[str, list[float]]:
    out = {}
    for page in PdfReader(str(path)).pages:
        for annot in page.get("/Annots") or []:
            field = annot.get_object()
            if field.get("/T") is not None:
                out[str(field["/T"])] = [float(v) for v in field["/Rect"]]
    return out


def test_a_large_print_sheet_says_the_same_at_150_percent_on_the_same_paper(tmp_path):
    normal, large = tmp_path / "ruth.pdf", tmp_path / "ruth-large.pdf"
    assert main(["export", str(RUTH), "--out", str(normal), "--paper", "letter"]) == 0
    assert main(["export", str(RUTH), "--out", str(large), "--paper", "letter", "--large-print"]) == 0
    assert set(page_sizes(large)) == {(612, 792)}
    assert len(page_sizes(large)) > len(page_sizes(normal))  # the same content needs more pages
    assert set(_words(large)) == set(_words(normal))
    assert max(_sizes(large, "Ruth")) == max(_sizes(normal, "Ruth")) * 1.5 == 33  # her name in the 22 pt banner


def test_large_print_form_fields_grow_with_the_page_and_stay_on_it(tmp_path):
    normal, large = tmp_path / "n.pdf", tmp_path / "l.pdf"
    assert main(["export", "--blank", "--out", str(normal), "--paper", "a4"]) == 0
    assert main(["export", "--blank", "--out", str(large), "--paper", "a4", "--large-print"]) == 0
    small, big = _fields(normal), _fields(large)
    for name, (x1, y1, x2, y2) in big.items():
        assert 0 <= x1 < x2 <= 595 and 0 <= y1 < y2 <= 842, name
    # Fields with their own name (not one of many writing lines) are all there, 1.5 times as tall.
    named = {n for n in small if not re.search(r"-\d+$", n)}
    assert named and named <= set(big)
    for name in named:
        assert (big[name][3] - big[name][1]) == pytest.approx((small[name][3] - small[name][1]) * 1.5), name


def test_large_print_cards_come_one_to_a_page(tmp_path):
    normal, large = tmp_path / "n.pdf", tmp_path / "l.pdf"
    assert main(["export", str(SAMPLE), "--what", "cards", "--out", str(normal), "--paper", "letter"]) == 0
    assert main(["export", str(SAMPLE), "--what", "cards", "--out", str(large), "--paper", "letter",
                 "--large-print"]) == 0
    assert len(page_sizes(large)) >= 3 * len(page_sizes(normal))
    assert set(page_sizes(large)) == {(792, 612)}
    assert set(_words(large)) == set(_words(normal))


def test_print_to_pdf_offers_large_print_and_remembers_it(qtbot, tmp_path):
    from fate_desk.gui.dialogs.export_pdf import ExportPdfDialog
    from fate_desk.gui.opening import sample_bundle_path
    from fate_desk.gui.settings import Preferences, Settings
    from fate_desk.store.bundle import read_bundle
    from PySide6.QtCore import Qt

    campaign = read_bundle(sample_bundle_path())
    dialog = ExportPdfDialog(campaign, Settings(), current_id="pc-maren", folder=tmp_path, open_url=lambda _u: None)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.large_check.isChecked()
    dialog.large_check.setFocus()
    qtbot.keyClick(dialog.large_check, Qt.Key.Key_Space)
    if dialog.open_check.isChecked():
        dialog.open_check.setChecked(False)
    target = tmp_path / "maren-large.pdf"
    dialog.file_edit.clear()
    qtbot.keyClicks(dialog.file_edit, str(target))
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(target.exists)
    assert len(page_sizes(target)) > 1 and "Maren Voss" in pdf_text(target)
    assert Settings().get(Preferences.PDF_LARGE_PRINT) is True
