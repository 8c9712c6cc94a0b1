"""The bundled faces read a table at a time (printing/font_face.py) come out exactly as
reportlab reads them itself, so a printed sheet is the same to the byte; a face the quick
reading cannot take is left to reportlab, errors and all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFontFace

from fate_desk.printing.font_face import QuickFace
from fate_desk.paths import resources_dir

ROOT = Path(__file__).resolve().parents[2]
FONTS = resources_dir() / "fonts"
FACES = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSans-BoldOblique.ttf",
         "DroidSansFallback.ttf"]


def tables(face) -> dict:
    """Everything a face holds but its scale function and read position, with each number's
    type kept (a width read as 1 instead of 1.0 would change the PDF's text)."""
    def typed(value):
        if isinstance(value, dict):
            return {k: typed(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(typed(v) for v in value)
        return (type(value).__name__, value)

    return {k: typed(v) for k, v in vars(face).items() if k not in ("_pdfScale", "_pos")}


@pytest.mark.parametrize("name", FACES)
def test_each_bundled_face_is_read_into_the_tables_reportlab_reads(name):
    path = str(FONTS / name)
    quick, own = tables(QuickFace(path)), tables(TTFontFace(path))
    assert quick.keys() == own.keys()
    for key in own:
        assert quick[key] == own[key], key
    # The glyph each letter maps to, in reportlab's order (the shaping of Arabic reads it).
    assert list(QuickFace(path).charToGlyph) == list(TTFontFace(path).charToGlyph)


def test_a_damaged_face_is_left_to_reportlab_which_says_what_is_wrong(tmp_path):
    cut = tmp_path / "cut.ttf"
    cut.write_bytes((FONTS / "DejaVuSans.ttf").read_bytes()[:300_000])  # the table directory, not the tables
    with pytest.raises(Exception) as own:
        TTFontFace(str(cut))
    with pytest.raises(Exception) as quick:
        QuickFace(str(cut))
    assert (type(quick.value), str(quick.value)) == (type(own.value), str(own.value))


PRINT = """
import sys
from reportlab import rl_config
rl_config.invariant = 1  # no date or random id: the same document gives the same bytes
from fate_desk.printing import ExportJob, What, export_pdf
from fate_desk.printing import font_face
from fate_desk.printing.samples import ruth
from fate_desk.model import Aspect
if sys.argv[2] == "reportlab":  # every face read by reportlab itself, through the fallback
    def refuse(self):
        raise font_face._NotQuick
    font_face.QuickFace._read_char_tables = refuse
sheet = ruth()
aspects = [*sheet.aspects, Aspect(text="مرحبا بالعالم الشاسع"),
           Aspect(text="*Ölçü* ĳ ﬁ Ωμέγα Жук")]
sheet = sheet.model_copy(update={"name": "李小龍 Ruth", "aspects": aspects})
export_pdf(ExportJob(What.SHEETS, sheets=[sheet]), sys.argv[1])
"""


def test_a_sheet_prints_to_the_byte_as_with_reportlabs_own_reading(tmp_path):
    # A Chinese name (the CJK face), Arabic (shaped from the glyph tables), accented Latin,
    # Greek and Cyrillic: every face the sheet draws in, read each way in its own process.
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = {}
    for way in ("quick", "reportlab"):
        out[way] = tmp_path / f"{way}.pdf"
        subprocess.run([sys.executable, "-c", PRINT, str(out[way]), way], env=env, check=True, timeout=120)
    quick, own = out["quick"].read_bytes(), out["reportlab"].read_bytes()
    assert quick[:5] == b"%PDF-" and b"DroidSansFallback" in quick  # the CJK face is embedded
    assert quick == own
