"""The bundled faces are read from their files only when a document draws in them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRINT_AND_LIST = """
import json, sys
from reportlab.pdfbase import pdfmetrics
from fate_desk.printing import ExportJob, What, export_pdf
from fate_desk.printing.samples import ruth
sheet = ruth()
if sys.argv[2] == "cjk":
    sheet = sheet.model_copy(update={"name": "李小龍 Ruth"})
export_pdf(ExportJob(What.SHEETS, sheets=[sheet]), sys.argv[1])
print(json.dumps(sorted(n for n, f in pdfmetrics._fonts.items()
                        if n.startswith("FateDesk") and "face" in vars(f))))
"""


def faces_read(tmp_path: Path, variant: str) -> list[str]:
    out = tmp_path / f"{variant}.pdf"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", PRINT_AND_LIST, str(out), variant],
                          capture_output=True, text=True, env=env, check=True)
    assert out.read_bytes()[:5] == b"%PDF-"
    return json.loads(proc.stdout)


def test_a_plain_sheet_reads_only_the_faces_it_draws_in(tmp_path):
    # Ruth's sheet has regular and bold text, no italic and no Chinese.
    assert faces_read(tmp_path, "plain") == ["FateDeskSans", "FateDeskSans-Bold"]


def test_a_chinese_name_brings_in_the_cjk_face(tmp_path):
    assert "FateDeskCJK" in faces_read(tmp_path, "cjk")
