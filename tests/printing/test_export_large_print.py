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
    text = re.sub(r"continued on the next page →|[A-Za-z' -]+: continued \(sheet page \d+\)|\([A-Z ]*CONTINUED\)|"
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


# --- a large-print sheet holds together (issue 44) --------------------------------------------

FOOTER_Y = 36 + 4  # the attribution band's baseline: half an inch up, at its usual size
CONTENT_BOTTOM = 36 + 16 * 1.5  # the lowest the enlarged page's content may reach


@pytest.fixture(scope="module")
def large_sheets(tmp_path_factory) -> dict[str, tuple[Path, Path]]:
    """Sheets that came apart in large print, each printed normally and large, once for the module."""
    from fate_desk.printing import LARGE_PRINT, ExportJob, Paper, What, export_pdf, samples
    from fate_desk.rules import load_catalog
    from fate_desk.store.packs import pack_samples

    folder = tmp_path_factory.mktemp("large-print")
    frontier = pack_samples(load_catalog().packs["frontier-spirit"])[0]
    jobs = {
        "ruth": dict(sheets=[samples.ruth()]),
        "frontier": dict(sheets=[frontier]),
        "core": dict(sheets=[samples.core_pc()], state=True),
        "long": dict(sheets=[samples.long_winded()]),
        "blank": dict(what=What.BLANK, ruleset="fate-condensed"),
    }
    out = {}
    for name, spec in jobs.items():
        what = spec.pop("what", What.SHEETS)
        paths = []
        for scale in (1.0, LARGE_PRINT):
            path = folder / f"{name}-{scale}.pdf"
            export_pdf(ExportJob(what, paper=Paper.A4, scale=scale, **spec), path)
            paths.append(path)
        out[name] = tuple(paths)
    return out


def _drawn_width(text: str, size: float) -> float:
    from fate_desk.printing.fonts import REGULAR, register_fonts, text_width

    register_fonts()
    return text_width(text, REGULAR, size)


def test_large_print_never_runs_over_the_footer_or_off_the_page(large_sheets):
    from export_pdf_reading import placed_runs

    for name, (_normal, large) in large_sheets.items():
        for number, runs in enumerate(placed_runs(large), 1):
            for text, x, y, size in runs:
                assert x >= 0 and x + _drawn_width(text, size) * 0.95 <= 595, (name, number, text)
                if y < CONTENT_BOTTOM:  # only the footer down there, at its own place and size
                    assert abs(y - FOOTER_Y) < 1 and size <= 6.6, (name, number, text, y)


def test_continued_on_the_next_page_never_overprints_a_label_or_a_box(large_sheets):
    from export_pdf_reading import page_field_rects, placed_runs

    seen = 0
    for name, (_normal, large) in large_sheets.items():
        for runs, fields in zip(placed_runs(large), page_field_rects(large)):
            for text, x, y, size in runs:
                if "continued on the next page" not in text:
                    continue
                seen += 1
                right = x + _drawn_width(text, size)
                for other, ox, oy, osize in runs:
                    if (other, ox, oy) != (text, x, y):
                        clear = oy + osize * 0.8 < y or oy > y + size * 0.8 or ox >= right or \
                            ox + _drawn_width(other, osize) <= x
                        assert clear, (name, other)
                for field, (x1, y1, x2, y2) in fields.items():
                    assert y2 < y or y1 > y + size or x1 >= right or x2 <= x, (name, field)
    assert seen  # the long text does continue


def test_a_track_its_label_and_boxes_and_the_consequences_share_a_page(large_sheets):
    from export_pdf_reading import page_field_rects, page_texts

    for name in ("ruth", "core", "blank"):
        large = large_sheets[name][1]
        texts = page_texts(large)
        fields = page_field_rects(large)
        page = next(n for n, text in enumerate(texts) if "Physical" in text)
        assert "Mental" in texts[page] and "Mild" in texts[page] and "Severe" in texts[page], name
        stress = [n for n, names in enumerate(fields) for field in names if "-stress-" in field]
        assert set(stress) == {page}, name


def test_the_name_prints_at_least_as_large_as_in_normal_print(large_sheets):
    for name, who in (("ruth", "Ruth"), ("long", "Bartholomew Archibald Fitzwilliam-Montgomery the Third of Lesser "
                                                "Snoring")):
        normal, large = large_sheets[name]
        assert max(_sizes(large, who)) >= max(_sizes(normal, who)), name
    assert max(_sizes(large_sheets["ruth"][1], "Ruth")) >= 22


def test_a_blank_large_print_name_field_has_room_for_a_name(large_sheets):
    for path in large_sheets["blank"]:
        x1, _y1, x2, _y2 = _fields(path)["blank-name"]
        assert x2 - x1 >= 3 * 72  # three inches at least


def test_a_large_print_sheet_keeps_every_word_of_its_extras(large_sheets):
    normal, large = large_sheets["frontier"]
    assert set(_words(large)) == set(_words(normal))
    assert "Excavator" in pdf_text(large)
