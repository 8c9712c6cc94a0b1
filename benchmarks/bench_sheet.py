"""The character sheet on its own: how long building and first painting one takes.

In one process (offscreen), on a copy of the sample campaign: the app's window is built with
the campaign open (so every module is loaded and the first sheet's one-time costs are paid),
then a sheet for the first player character is built, shown at 1280x800 and painted, RUNS
times. Prints the first of these and the median of the rest, each split into building the
widget and showing and painting it. With `bench_startup.py`'s "models" row this says how much
of a start-up a sheet must cost at least, whatever the rest of the app does.
Usage: python benchmarks/bench_sheet.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from bench_gui import scratch_user_folders


def main() -> int:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    scratch = scratch_user_folders()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from fate_desk.gui.app import start
    from fate_desk.gui.opening import create_sample_campaign
    from fate_desk.gui.sheet import CharacterSheet

    window = start(app, str(create_sample_campaign(scratch)))
    document = window.document
    pc = next(c for c in document.campaign.characters if c.kind.value == "pc")
    figures: list[tuple[float, float]] = []
    for _ in range(runs + 1):
        began = time.perf_counter()
        sheet = CharacterSheet(document, pc.id)
        built = time.perf_counter()
        sheet.resize(1280, 800)
        sheet.show()
        sheet.repaint()  # painted now, not at the next turn of the event loop
        app.processEvents()
        figures.append((built - began, time.perf_counter() - built))
        sheet.close()
        sheet.deleteLater()
        app.processEvents()
    first, rest = figures[0], figures[1:]
    build = statistics.median(f[0] for f in rest)
    paint = statistics.median(f[1] for f in rest)
    print(f"sheet of {pc.name!r}, {runs} builds after the first; load average {os.getloadavg()[0]:.2f}")
    print(f"first : build {first[0] * 1000:6.1f} ms, show and paint {first[1] * 1000:6.1f} ms")
    print(f"median: build {build * 1000:6.1f} ms, show and paint {paint * 1000:6.1f} ms, "
          f"together {(build + paint) * 1000:.1f} ms")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
