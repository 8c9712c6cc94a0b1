"""Start-up time: `fate-desk --smoke` against a bare PySide6 window, as whole processes.

Runs each several times, alternating (bare window, floor, Fate Desk on the sample, Fate Desk
on a 1,000-entity campaign), with the interpreter's start included, and prints medians. Each
row has user folders (data, settings) of its own, as a user starting that campaign has: with
one shared settings folder, the app reopens the campaign opened last, so the "sample" row would
measure whatever row ran before it. Every Fate Desk row checks what the app says it opened.
- floor: pydantic and Qt Widgets imported, nothing shown, as a ratio to the bare window;
- models: the bare window painted after Fate Desk's game models are imported and the validators
  a first sheet needs are built (no sheet, no campaign file): the model layer's share;
- painted: from starting the process to the main window's first paint, for each campaign size
  (target 2.0x the bare window's own first paint);
- usable: from starting the process to the first sheet handling a keystroke, for each size
  (target for the sample: 3.0x);
- for 1,000 entities, usable minus painted (target 0.3 s on a quiet machine);
- peak memory (maximum resident set) of each process.
Usage: python benchmarks/bench_startup.py [RUNS] [--big N]  (--big adds one campaign of N entities)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
import sys, time
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("bare"))
window.resize(1280, 800)

class Painted(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and watched is window:
            print(f"fate-desk times: painted {time.time():.6f} usable {time.time():.6f}", file=sys.stderr)
            window.removeEventFilter(self)
            QTimer.singleShot(0, app.quit)
        return False

watch = Painted()
window.installEventFilter(watch)
window.show()
app.exec()
"""

# The floor any app on the required stack pays: pydantic v2 models plus Qt Widgets, imported,
# with no window, no campaign and none of Fate Desk's own code.
FLOOR = """
import sys, time
from pydantic import BaseModel, Field
import PySide6.QtWidgets
print(f"fate-desk times: painted {time.time():.6f} usable {time.time():.6f}", file=sys.stderr)
"""

# The bare window again, after Fate Desk's game models are imported and the validators the
# first sheet needs are built: what the model layer alone costs before any sheet is drawn.
MODELS = """
import os
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
from fate_desk.model import Campaign, Character
Character.model_validate({"name": "Mira"})
Campaign.model_validate({})
""" + BARE

PAINTED_TARGET, USABLE_TARGET, BIG_SHEET_TARGET = 2.0, 3.0, 0.3


class Run:
    def __init__(self, painted: float, usable: float, total: float, peak_mib: float, navigator: float,
                 opened: str = ""):
        self.painted, self.usable, self.total, self.peak_mib = painted, usable, total, peak_mib
        self.navigator = navigator  # the navigator filled in (after the first sheet)
        self.opened = opened  # "N entries in PATH", as the app reported it


def run(command: list[str], env: dict) -> Run:
    """Start a process; its times are measured from just before it was started."""
    started = time.time()
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    total = time.time() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read()
    proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}):\n{err}")
    line = next(line for line in err.splitlines() if line.startswith("fate-desk times:"))
    words = line.split()
    painted, usable = float(words[3]), float(words[5])
    navigator = float(words[7]) if len(words) > 7 else usable
    opened = next((line.split(":", 1)[1].strip() for line in err.splitlines()
                   if line.startswith("fate-desk opened:")), "")
    return Run(painted - started, usable - started, total, usage.ru_maxrss / 1024, navigator - started, opened)


def user_folders(scratch: Path, name: str) -> dict:
    """Environment entries giving one row user folders of its own (data, settings, runtime)."""
    home = scratch / "".join(ch if ch.isalnum() else "-" for ch in name)
    for sub in ("data", "config", "runtime"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    (home / "runtime").chmod(0o700)
    return {"FATE_DESK_DATA_DIR": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_RUNTIME_DIR": str(home / "runtime")}


def check_opened(name: str, runs: list[Run], expect: str) -> None:
    """Stop if a row's app opened something else than the row says it measures."""
    for r in runs:
        if expect not in r.opened:
            raise SystemExit(f"{name}: the app opened {r.opened or 'nothing'}, not {expect}; "
                             "the figures would measure the wrong campaign")


def median(runs: list[Run], attr: str) -> float:
    return statistics.median(getattr(r, attr) for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=10)
    parser.add_argument("--big", type=int, default=0, help="also time one campaign of this many entities")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-bench-"))
    base_env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    # An installed app has its bytecode compiled by pip; a shell that forbids .pyc files would
    # make every start recompile Fate Desk's modules and measure something no user sees.
    base_env.pop("PYTHONDONTWRITEBYTECODE", None)
    import compileall

    import fate_desk
    from make_campaign import write

    compileall.compile_dir(os.path.dirname(fate_desk.__file__), quiet=1)
    thousand = write(1000, scratch / "thousand.fatedesk")
    commands = {
        "bare PySide6 window": [sys.executable, "-c", BARE],
        "floor (imports only)": [sys.executable, "-c", FLOOR],
        "bare window + our models": [sys.executable, "-c", MODELS],
        "fate-desk, sample": [sys.executable, "-m", "fate_desk", "--smoke"],
        "fate-desk, 1,000 entities": [sys.executable, "-m", "fate_desk", "--smoke", str(thousand)],
    }
    # What each Fate Desk row must have opened: the sample copied into the row's own folder
    # (its first start copies it, later starts reopen it), and the generated campaign.
    envs = {name: dict(base_env, **user_folders(scratch, name)) for name in commands}
    from fate_desk.gui.kinds import all_entities
    from fate_desk.gui.opening import sample_bundle_path
    from fate_desk.store.bundle import read_bundle

    sample_size = len(all_entities(read_bundle(sample_bundle_path())))
    expect = {"fate-desk, sample": f"{sample_size} entries in {envs['fate-desk, sample']['FATE_DESK_DATA_DIR']}/",
              "fate-desk, 1,000 entities": f"entries in {thousand}"}
    for name, command in commands.items():  # the first start copies the sample campaign
        run(command, envs[name])
    load_before = os.getloadavg()[0]  # a shared machine: the figures mean little without it
    results: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            results[name].append(run(command, envs[name]))
    if args.big:
        name = f"fate-desk, {args.big:,} entities"
        big = write(args.big, scratch / "big.fatedesk")
        big_cmd = [sys.executable, "-m", "fate_desk", "--smoke", str(big)]
        envs[name] = dict(base_env, **user_folders(scratch, name))
        expect[name] = str(big)
        run(big_cmd, envs[name])
        results[name] = [run(big_cmd, envs[name]) for _ in range(3)]
    for name, runs in results.items():
        if name in expect:
            check_opened(name, runs, expect[name])

    bare = median(results["bare PySide6 window"], "painted")
    print(f"runs: {args.runs} of each, alternating; each row in user folders of its own; platform "
          f"{base_env['QT_QPA_PLATFORM']}; medians; load average {load_before:.2f} before, "
          f"{os.getloadavg()[0]:.2f} after")
    print(f"the sample row opened its own copy of the sample ({sample_size} entries) in every run")
    print(f"{'':28} {'painted':>9} {'usable':>9} {'process':>9} {'peak RSS':>9}   ratios to the bare window")
    for name, runs in results.items():
        painted, usable = median(runs, "painted"), median(runs, "usable")
        ratios = (f"painted {painted / bare:.2f}x, usable {usable / bare:.2f}x" if name.startswith("fate-desk")
                  else f"{painted / bare:.2f}x")
        print(f"{name:28} {painted:8.3f}s {usable:8.3f}s "
              f"{median(runs, 'total'):8.3f}s {median(runs, 'peak_mib'):6.0f} MiB   {ratios}")
    floor = median(results["floor (imports only)"], "painted")
    sample = results["fate-desk, sample"]
    models = median(results["bare window + our models"], "painted")
    print(f"floor   : {floor / bare:.2f}x the bare window's first paint")
    print(f"models  : {models / bare:.2f}x: the bare window after Fate Desk's models and their validators, "
          f"before any sheet (see bench_sheet.py for the sheet itself)")
    print(f"sample painted : {median(sample, 'painted') / bare:.2f}x   (target {PAINTED_TARGET}x)")
    print(f"sample usable  : {median(sample, 'usable') / bare:.2f}x   (target {USABLE_TARGET}x)")
    for name, runs in results.items():
        if "entities" in name:
            gap = statistics.median(r.usable - r.painted for r in runs)
            filled = statistics.median(r.navigator - r.painted for r in runs)
            print(f"{name}: sheet usable {gap:.3f} s after the window painted (target {BIG_SHEET_TARGET} s); "
                  f"navigator filled in {filled:.3f} s after it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
