"""Parsers that must stay linear in their input (issue 23, item 12): HTML as text (Foundry and
Fari descriptions full of "<!--"), a Fari notes section of many blocks, `export --to` naming many
same-named characters, and printing one unbroken word. Each at two sizes: linear means the
time grows about as the size (ratio near 5 for 5x the input); target: 1 MB under 2 s.

Run: .venv/bin/python benchmarks/bench_parsers.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fate_desk.model import Character
from fate_desk.interop.exporting import file_names
from fate_desk.interop.fari.labels import html_to_text
from fate_desk.interop.importing import import_characters
from fate_desk.store.interchange import write_character_file

FARI_SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "fari" / "v6-nell.fari.json"
TARGET_S = 2.0


def timed(work) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def html(n: int) -> tuple[int, float]:
    text = "<p>Old notes<!-- kept " * (n // 22)
    return len(text.encode()), timed(lambda: html_to_text(text))


def fari_blocks(folder: Path, n: int) -> tuple[int, float]:
    # In the notes, whose limit (200,000 characters) these keep within: as aspects, any more
    # than 50 are refused before the parser's speed shows.
    path = notes_blocks(folder / f"blocks-{n}.fari.json", n)
    return path.stat().st_size, timed(lambda: import_characters(path, "fate-condensed"))


def notes_blocks(path: Path, n: int) -> Path:
    """A Fari sheet whose notes section holds n text blocks, each HTML with a comment left open."""
    sheet = json.loads(FARI_SAMPLE.read_text(encoding="utf-8"))
    section = sheet["pages"][0]["rows"][0]["columns"][0]["sections"][0]
    section["label"] = "NOTES"
    section["blocks"] = [{"id": f"b{i}", "type": "Text", "label": "NOTES", "value": f"<p>Note {i}<!-- open",
                          "meta": {}} for i in range(n)]
    path.write_text(json.dumps(sheet), encoding="utf-8")
    return path


def export_names(n: int) -> tuple[int, float]:
    thugs = [Character(name="Thug") for _ in range(n)]
    return n, timed(lambda: file_names(Path("out"), thugs, ".json"))


def long_word(folder: Path, n: int) -> tuple[int, float]:
    """`fate-desk export` of a character whose notes are one word of n characters (a whole
    process, as a user runs it; the process's own start is in the figure)."""
    path = folder / f"word-{n}.fate.json"
    write_character_file(path, Character(name="Long", notes="x" * n))
    out = folder / f"word-{n}.pdf"
    command = [sys.executable, "-m", "fate_desk", "export", str(path), "--out", str(out), "--force"]
    return n, timed(lambda: subprocess.run(command, check=True, capture_output=True))


def window_gap(folder: Path, blocks: int) -> tuple[int, float, float]:
    """File ▸ Import of a big Fari sheet in the app window (offscreen): (bytes, seconds until its
    sheet and notes are shown, the longest the window's event loop went without turning, in
    seconds, the gap still open then included)."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["FATE_DESK_DATA_DIR"] = str(folder / "data")
    from PySide6.QtWidgets import QApplication

    from bench_gui import Gaps
    from fate_desk.gui.app import start
    from fate_desk.model import Campaign
    from fate_desk.store.campaign_file import CampaignFile

    app = QApplication.instance() or QApplication([])
    campaign = folder / "gap.fatedesk"
    if not campaign.exists():
        CampaignFile.create(campaign, Campaign(name="Gap", characters=[Character(name="Ruth")])).close()
    window = start(app, str(campaign))
    path = notes_blocks(folder / f"gap-{blocks}.fari.json", blocks)
    gaps = Gaps()
    app.processEvents()
    gaps.start()
    def imported() -> None:
        window.files.import_file(path)
        while window.files.installing:  # the sheet and the notes come in turns of their own
            app.processEvents()
        app.processEvents()

    took = timed(imported)
    worst = gaps.stop() / 1000  # with the gap still open
    window.close()
    return path.stat().st_size, took, worst


def report(label: str, unit: str, small: tuple[int, float], big: tuple[int, float]) -> None:
    (n1, t1), (n2, t2) = small, big
    print(f"{label:<34} {n1:>10,} {unit}: {t1:7.3f} s   {n2:>10,} {unit}: {t2:7.3f} s   "
          f"ratio {t2 / max(t1, 1e-9):5.1f} for {n2 / n1:.0f}x the input")


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        report("HTML to text (\"<!--\" left open)", "bytes", html(200_000), html(1_000_000))
        report("Fari: text blocks in one section", "bytes", fari_blocks(folder, 3_200), fari_blocks(folder, 16_000))
        report("export --to: names for Thugs", "names", export_names(1_000), export_names(5_000))
        # At most the notes' limit (200,000 characters): `export` refuses a file past it.
        report("printing one unbroken word", "chars", long_word(folder, 40_000), long_word(folder, 200_000))
        size, took, worst = window_gap(folder, 16_000)
        print(f"{'File > Import in the window':<34} {size:>10,} bytes: {took:7.3f} s, the window's longest wait "
              f"{worst * 1000:.0f} ms (target: at most 100 ms at a time)")
    print(f"target: 1 MB of any of them under {TARGET_S:.0f} s, growing linearly")


if __name__ == "__main__":
    main()
