"""How long printing takes: one character sheet (target under 100 ms) and a 100-card deck
(target under 2 s), each beside reportlab drawing the same number of blank pages with the
same embedded fonts (the floor no renderer can beat); then export time against the size of
the text (100k and 1M characters of notes: target 1M in at most 2 s, and the ratio shows
whether time grows linearly), and absurd inputs that must not hang: an NPC with 200,000
stress boxes and a blank sheet for a rule set whose track has 1,000,000 boxes.

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

from fate_desk.printing import ExportJob, Paper, What, export_pdf
from fate_desk.printing.fonts import BOLD, REGULAR, register_fonts
from fate_desk.printing.geometry import CARDS_PER_PAGE, landscape, portrait
from fate_desk.printing.document import Document
from fate_desk.printing.samples import deck, monster, ruth
from fate_desk.rules import get_ruleset

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
            "from fate_desk.printing import ExportJob, What, export_pdf; "
            "from fate_desk.printing.samples import ruth; "
            f"export_pdf(ExportJob(What.SHEETS, sheets=[ruth()]), {str(out)!r}); "
            "print((time.perf_counter() - t) * 1000)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(result.stdout.strip())


NOTES_TARGET_MS = 2000.0
PARAGRAPH = "The archive smells of dust and candle wax; Ruth copies the index by hand, line after line.\n"


def notes_export_ms(out: Path, chars: int) -> tuple[float, int]:
    notes = (PARAGRAPH * (chars // len(PARAGRAPH) + 1))[:chars]
    job = ExportJob(What.SHEETS, sheets=[ruth().model_copy(update={"notes": notes})], paper=Paper.LETTER)
    start = time.perf_counter()
    pages = export_pdf(job, out)
    return (time.perf_counter() - start) * 1000, pages


def absurd_exports(out: Path) -> None:
    """Inputs the store bounds on load, exported anyway: they must finish, not hang."""
    npc = monster().model_copy(update={"stress_boxes": {"physical": [1] * 200_000}})
    start = time.perf_counter()
    pages = export_pdf(ExportJob(What.SHEETS, sheets=[npc], paper=Paper.LETTER), out)
    print(f"NPC with 200,000 stress boxes: {(time.perf_counter() - start) * 1000:.0f} ms, {pages} page(s)")
    condensed = get_ruleset("fate-condensed")
    track = condensed.stress.tracks[0]
    levels = [*track.levels[:-1], track.levels[-1].model_copy(update={"boxes": [1] * 1_000_000})]
    huge = condensed.model_copy(update={"stress": condensed.stress.model_copy(update={
        "tracks": [track.model_copy(update={"levels": levels}), *condensed.stress.tracks[1:]]})})
    document = Document(ExportJob(What.BLANK, ruleset="fate-condensed", paper=Paper.LETTER), out)
    document._rulesets["fate-condensed"] = huge  # as if a rule-set file had slipped past the loader
    start = time.perf_counter()
    pages = document.render()
    print(f"blank sheet, a track of 1,000,000 boxes: {(time.perf_counter() - start) * 1000:.0f} ms, "
          f"{pages} page(s)")


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
        small_ms, small_pages = notes_export_ms(out, 100_000)
        big_ms, big_pages = notes_export_ms(out, 1_000_000)
        print(f"notes of 100,000 characters: {small_ms:.0f} ms ({small_pages} pages)")
        print(f"notes of 1,000,000 characters: {big_ms:.0f} ms ({big_pages} pages); target {NOTES_TARGET_MS:.0f} ms; "
              f"ratio median/target {big_ms / NOTES_TARGET_MS:.2f}; "
              f"time ratio 1M/100k {big_ms / small_ms:.1f} for 10x the text (linear: about 10)")
        absurd_exports(out)


if __name__ == "__main__":
    main()
