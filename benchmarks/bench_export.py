"""How long printing takes: one character sheet (target under 100 ms) and a 100-card deck
(target under 2 s), each beside reportlab drawing the same number of blank pages with the
same embedded fonts (the floor no renderer can beat).

Run: .venv/bin/python benchmarks/bench_export.py
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from fate_desk.export import ExportJob, Paper, What, export_pdf
from fate_desk.export.fonts import BOLD, REGULAR, register_fonts
from fate_desk.export.geometry import CARDS_PER_PAGE, landscape, portrait
from fate_desk.export.samples import deck, ruth

SHEET_TARGET_MS = 100.0
DECK_TARGET_MS = 2000.0
DECK_SIZE = 100


def timed(work, runs: int) -> tuple[float, float]:
    """(best, median) in milliseconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return min(times), statistics.median(times)


def blank_pages(path: Path, pages: int, size) -> None:
    """reportlab alone: the same fonts, a line of text per page, nothing else."""
    canvas = Canvas(str(path), pagesize=size, initialFontName=REGULAR, pageCompression=1)
    for n in range(pages):
        canvas.setFont(BOLD, 12)
        canvas.drawString(72, 72, f"Page {n + 1} — Ελληνικά Русский")
        canvas.setFont(REGULAR, 8)
        canvas.drawString(72, 60, "Based on Fate Core … CC BY 3.0")
        canvas.showPage()
    canvas.save()


def report(label: str, pages: int, best: float, median: float, floor: float, target: float) -> None:
    print(f"{label}: best {best:.1f} ms, median {median:.1f} ms ({pages} page{'s' if pages != 1 else ''}); "
          f"blank pages with the same fonts {floor:.1f} ms; target {target:.0f} ms; "
          f"ratio median/target {median / target:.2f}")


def first_export_ms(out: Path) -> float:
    """A fresh process: importing reportlab and loading the fonts, then one sheet."""
    code = ("import time; t = time.perf_counter(); "
            "from fate_desk.export import ExportJob, What, export_pdf; "
            "from fate_desk.export.samples import ruth; "
            f"export_pdf(ExportJob(What.SHEETS, sheets=[ruth()]), {str(out)!r}); "
            "print((time.perf_counter() - t) * 1000)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(result.stdout.strip())


def main() -> None:
    register_fonts()  # once per process, as in the app; not part of any one export
    cards = deck(DECK_SIZE)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.pdf"
        sheet_job = ExportJob(What.SHEETS, sheets=[ruth()], paper=Paper.LETTER)
        deck_job = ExportJob(What.CARDS, cards=cards, ruleset="fate-condensed", paper=Paper.LETTER)
        export_pdf(sheet_job, out)  # warm up imports
        best, median = timed(lambda: export_pdf(sheet_job, out), 15)
        _, floor = timed(lambda: blank_pages(out, 1, portrait(Paper.LETTER).size), 15)
        report("one character sheet", 1, best, median, floor, SHEET_TARGET_MS)
        pages = export_pdf(deck_job, out)
        best, median = timed(lambda: export_pdf(deck_job, out), 5)
        _, floor = timed(lambda: blank_pages(out, pages, landscape(Paper.LETTER).size), 5)
        report(f"{DECK_SIZE}-card deck", pages, best, median, floor, DECK_TARGET_MS)
        print(f"first sheet in a fresh process (imports and font loading included): "
              f"{first_export_ms(out):.0f} ms")
        print(f"({DECK_SIZE} cards make {pages} pages at {CARDS_PER_PAGE} a page: secret countdowns add a player card)")


if __name__ == "__main__":
    main()
