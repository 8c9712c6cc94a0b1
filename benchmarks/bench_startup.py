"""Start-up time: `fate-desk --smoke` against a bare PySide6 window, side by side.

Runs each several times, alternating, as whole processes (interpreter start included) and
prints the best and median wall times and the ratio (target: Fate Desk within 1.5x).
Usage: python benchmarks/bench_startup.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

BARE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("bare"))
window.resize(1280, 800)
window.show()
QTimer.singleShot(0, app.quit)
app.exec()
"""


# The floor any app on the required stack pays: pydantic v2 models plus Qt Widgets, imported,
# with no window, no campaign and none of Fate Desk's own code.
FLOOR = """
from pydantic import BaseModel, Field
import PySide6.QtWidgets
"""


def timed(command: list[str], env: dict) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def main(runs: int) -> int:
    scratch = tempfile.mkdtemp(prefix="fate-desk-bench-")
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               FATE_DESK_DATA_DIR=os.path.join(scratch, "data"), XDG_CONFIG_HOME=os.path.join(scratch, "config"))
    # An installed app has its bytecode compiled by pip; a shell that forbids .pyc files would
    # make every start recompile Fate Desk's modules and measure something no user sees.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    import compileall
    import fate_desk

    compileall.compile_dir(os.path.dirname(fate_desk.__file__), quiet=1)
    bare_cmd = [sys.executable, "-c", BARE]
    app_cmd = [sys.executable, "-m", "fate_desk", "--smoke"]
    timed(app_cmd, env)  # the first start copies the sample campaign; later starts reopen it
    timed(bare_cmd, env)
    floor_cmd = [sys.executable, "-c", FLOOR]
    bare, app, floor = [], [], []
    for _ in range(runs):
        bare.append(timed(bare_cmd, env))
        app.append(timed(app_cmd, env))
        floor.append(timed(floor_cmd, env))
    print(f"runs: {runs} each, platform {env['QT_QPA_PLATFORM']}")
    print(f"bare PySide6 window : best {min(bare):.3f} s  median {statistics.median(bare):.3f} s")
    print(f"fate-desk --smoke   : best {min(app):.3f} s  median {statistics.median(app):.3f} s")
    print(f"ratio (best)        : {min(app) / min(bare):.2f}x   (target 1.5x)")
    print(f"ratio (median)      : {statistics.median(app) / statistics.median(bare):.2f}x")
    print(f"floor: pydantic + Qt Widgets imported, nothing shown: best {min(floor):.3f} s "
          f"= {min(floor) / min(bare):.2f}x the bare window")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))
