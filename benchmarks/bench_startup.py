"""Start-up time on a first start, from source and on the bundle, against a bare PySide6 window.

Every run is a whole process, the interpreter's start included, measured from just before it
was started. Every Fate Desk run is a user's very first start: a home folder of its own, empty,
with its own XDG folders, so the app copies the sample campaign and shows the welcome (the
benchmark checks both in what the app reports). The rows alternate, run by run, and the
figures are medians:
- bare PySide6 window: a QMainWindow with a label, to its first paint (the yardstick);
- fate-desk from source: `python -m fate_desk --smoke` with this checkout's interpreter;
- fate-desk bundle: dist/fate-desk/fate-desk --smoke (`make bundle` builds it), if built;
- painted: to the main window's first paint (goal: 1.5x the bare window's);
- usable: to the sample's first sheet taking a key (goal: 3.5x the bare window's paint);
- the same two in CPU seconds of the process: a loaded machine stretches the clock times
  (and their ratios) far more than these.
--later adds a later start (the same folders again, the campaign reopened); --big N one
campaign of N entities opened by a later start, with its sheet's delay after the paint; --floor
the least any first start must do (see FLOOR), which no user runs: what the app takes beyond it
is its own window's and start-up's doing.
Usage: python benchmarks/bench_startup.py [RUNS] [--bundle PATH] [--later] [--big N] [--floor]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "fate-desk" / "fate-desk"

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
            print(f"fate-desk cpu: painted {time.process_time():.6f} usable {time.process_time():.6f}",
                  file=sys.stderr)
            window.removeEventFilter(self)
            QTimer.singleShot(0, app.quit)
        return False

watch = Painted()
window.installEventFilter(watch)
window.show()
app.exec()
"""

# --floor: not a program anyone runs, but the least any first start must do before the sample's
# sheet takes a key: the bare window above, then the models, the sample read from its bundle
# into a campaign file, and one CharacterSheet in the window, with no menus, toolbar, docks,
# desks, navigator, settings, translator or welcome. What the app takes beyond it is what its
# own window and start-up add.
FLOOR = BARE.replace("""            QTimer.singleShot(0, app.quit)""", """            QTimer.singleShot(0, sheet_alone)""").replace(
    "watch = Painted()", """def sheet_alone():
    from pathlib import Path
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QKeyEvent
    from fate_desk.gui.document import CampaignDocument
    from fate_desk.gui.opening import sample_bundle_path
    from fate_desk.gui.sheet import CharacterSheet
    from fate_desk.rules.creation.loader import RunCatalog
    from fate_desk.store.bundle import read_bundle
    from fate_desk.store.campaign_file import CampaignFile
    handle = CampaignFile.create(Path.cwd() / "floor.fatedesk", read_bundle(sample_bundle_path()))
    document = CampaignDocument(handle, RunCatalog())
    pc = next(c for c in document.campaign.characters if c.kind.value == "pc")
    sheet = CharacterSheet(document, pc.id)
    window.setCentralWidget(sheet)
    for _ in range(3):
        QApplication.sendPostedEvents()
    sheet.name_edit.repaint()
    sheet.name_edit.setFocus()
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(sheet.name_edit, QKeyEvent(kind, Qt.Key.Key_End, Qt.KeyboardModifier.NoModifier))
    print(f"fate-desk keys: usable {time.time():.6f} cpu {time.process_time():.6f}", file=sys.stderr)
    app.quit()

watch = Painted()""")

PAINTED_GOAL, USABLE_GOAL, BIG_SHEET_GOAL = 1.5, 3.5, 0.3


class Run:
    def __init__(self, painted: float, usable: float, total: float, peak_mib: float, err: str):
        self.painted, self.usable, self.total, self.peak_mib = painted, usable, total, peak_mib
        cpu = next(line for line in err.splitlines() if line.startswith("fate-desk cpu:")).split()
        self.painted_cpu, self.usable_cpu = float(cpu[3]), float(cpu[5])
        keys = _keys_line(err)
        if keys:  # the floor: the window painted first, the sheet took its key later
            self.usable_cpu = float(keys[5])
        self.keys = keys is not None
        self.opened = next((line.split(":", 1)[1].strip() for line in err.splitlines()
                            if line.startswith("fate-desk opened:")), "")
        self.welcome = "fate-desk welcome: shown" in err


def run(command: list[str], env: dict) -> Run:
    """Start a process; its times are measured from just before it was started."""
    started = time.time()
    proc = subprocess.Popen(command, env=env, cwd=env["HOME"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    total = time.time() - started
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{' '.join(command)} failed ({code}):\n{err}")
    words = next(line for line in err.splitlines() if line.startswith("fate-desk times:")).split()
    keys = _keys_line(err)
    usable = float(keys[3]) if keys else float(words[5])
    return Run(float(words[3]) - started, usable - started, total, usage.ru_maxrss / 1024, err)


def _keys_line(err: str) -> list[str] | None:
    """The floor's line for its sheet taking a key (the bare window's script reports its paint
    as both moments)."""
    return next((line.split() for line in err.splitlines() if line.startswith("fate-desk keys:")), None)


def fresh_home(scratch: Path, name: str) -> dict:
    """A clean login's environment with an empty home of its own: a user's first start."""
    home = Path(tempfile.mkdtemp(prefix="home-", dir=scratch))
    xdg = {"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_CACHE_HOME": "cache",
           "XDG_STATE_HOME": "state", "XDG_RUNTIME_DIR": "runtime"}
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8",
           "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    for var, sub in xdg.items():
        (home / sub).mkdir(mode=0o700)
        env[var] = str(home / sub)
    return env


def check_first_start(name: str, runs: list[Run], sample_size: int) -> None:
    """Stop if a run was not a first start: the sample copied into the new home, the welcome shown."""
    for r in runs:
        if f"{sample_size} entries in " not in r.opened or "/data/fate-desk/" not in r.opened or not r.welcome:
            raise SystemExit(f"{name}: not a first start (opened {r.opened or 'nothing'}, welcome "
                             f"{'shown' if r.welcome else 'not shown'}); the figures would measure something else")


def median(runs: list[Run], attr: str) -> float:
    return statistics.median(getattr(r, attr) for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=7)
    parser.add_argument("--bundle", type=Path, default=BUNDLE, help="the bundle's program (default: %(default)s)")
    parser.add_argument("--later", action="store_true", help="also time a later start from source")
    parser.add_argument("--big", type=int, default=0, help="also time a later start on a campaign of N entities")
    parser.add_argument("--floor", action="store_true",
                        help="also time the floor: the bare window, then the sample's sheet alone in it")
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-bench-"))
    import compileall

    import fate_desk

    # pip compiles an installed app's bytecode; a checkout compiles it on its first run.
    compileall.compile_dir(os.path.dirname(fate_desk.__file__), quiet=1)
    source = [sys.executable, "-m", "fate_desk", "--smoke"]
    commands = {"bare PySide6 window": [sys.executable, "-c", BARE],
                "fate-desk from source": source}
    if args.bundle.is_file():
        commands["fate-desk bundle"] = [str(args.bundle), "--smoke"]
    else:
        print(f"no bundle at {args.bundle}: `make bundle` builds it; timing from source only")
    if args.floor:
        commands["floor: the sheet alone"] = [sys.executable, "-c", FLOOR]
    first = [name for name in commands if name.startswith("fate-desk")]
    later_env = fresh_home(scratch, "later")
    if args.later or args.big:
        run(source, later_env)  # its first start; every timed run after it reopens the sample
        if args.later:
            commands["fate-desk from source, later start"] = source
    if args.big:
        sys.path.insert(0, str(Path(__file__).parent))
        from make_campaign import write

        big = write(args.big, scratch / "big.fatedesk")
        commands[f"fate-desk, {args.big:,} entities"] = [*source, str(big)]
    from fate_desk.gui.kinds import all_entities
    from fate_desk.gui.opening import sample_bundle_path
    from fate_desk.store.bundle import read_bundle

    sample_size = len(all_entities(read_bundle(sample_bundle_path())))
    for command in commands.values():  # a warm-up: the system's file cache, fonts
        run(command, fresh_home(scratch, "warm-up"))
    load_before = os.getloadavg()  # a shared machine: the figures mean little without it
    results: dict[str, list[Run]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, command in commands.items():
            env = later_env if "later" in name or "entities" in name else fresh_home(scratch, name)
            results[name].append(run(command, env))
    load_after = os.getloadavg()
    shutil.rmtree(scratch, ignore_errors=True)
    for name in first:
        check_first_start(name, results[name], sample_size)
    if args.floor and not all(r.keys for r in results["floor: the sheet alone"]):
        raise SystemExit("the floor did not report its sheet taking a key; its figures would measure something else")

    bare = median(results["bare PySide6 window"], "painted")
    bare_cpu = median(results["bare PySide6 window"], "painted_cpu")
    print(f"{args.runs} runs of each, alternating; a first start in an empty home for every Fate Desk run "
          f"but the later ones; medians; platform {os.environ.get('QT_QPA_PLATFORM', 'offscreen')}; "
          f"load average (1, 5, 15 min) {' '.join(f'{x:.2f}' for x in load_before)} before, "
          f"{' '.join(f'{x:.2f}' for x in load_after)} after")
    print(f"{'':36} {'painted':>9} {'usable':>9} {'process':>9} {'peak RSS':>9}   ratios to the bare window's paint")
    for name, runs in results.items():
        painted, usable = median(runs, "painted"), median(runs, "usable")
        ratios = (f"painted {painted / bare:.2f}x, usable {usable / bare:.2f}x" if name != "bare PySide6 window"
                  else "1.00x")
        print(f"{name:36} {painted:8.3f}s {usable:8.3f}s {median(runs, 'total'):8.3f}s "
              f"{median(runs, 'peak_mib'):6.0f} MiB   {ratios}")
        painted, usable = median(runs, "painted_cpu"), median(runs, "usable_cpu")
        print(f"{'  CPU time':36} {painted:8.3f}s {usable:8.3f}s {'':9} {'':9}   "
              f"painted {painted / bare_cpu:.2f}x, usable {usable / bare_cpu:.2f}x")
    for name in first:
        runs = results[name]
        painted, usable = median(runs, "painted") / bare, median(runs, "usable") / bare
        print(f"{name}, first start: painted {painted:.2f}x (goal {PAINTED_GOAL}x: "
              f"{'met' if painted <= PAINTED_GOAL else 'missed'}), sheet taking keys {usable:.2f}x "
              f"(goal {USABLE_GOAL}x: {'met' if usable <= USABLE_GOAL else 'missed'}); in CPU time "
              f"{median(runs, 'painted_cpu') / bare_cpu:.2f}x and {median(runs, 'usable_cpu') / bare_cpu:.2f}x")
    for name, runs in results.items():
        if "entities" in name:
            gap = statistics.median(r.usable - r.painted for r in runs)
            print(f"{name}: sheet taking keys {gap:.3f} s after the window painted (goal {BIG_SHEET_GOAL} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
