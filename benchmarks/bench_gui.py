"""The app at size: what a user does, and how long the window goes without handling events.

In one process (offscreen), for the sample and generated campaigns (benchmarks/make_campaign.py)
of 1,000 and 10,000 entities, driving what a user touches:
- File ▸ Open Recent ▸ the campaign, picked while another campaign is open: from the click to
  the first sheet taking a keystroke, and to the navigator having every row;
- the navigator's filter box, a keystroke at a time;
- typing into the sheet's name field, saved as the user types (target: at most 16 ms a
  keystroke at every size, saving included), once the campaign is whole and while it loads;
- Table ▸ End the scene, from the menu to the step installed;
- File ▸ Print to PDF, the GM cards of every entry: from the menu to the first page written
  (then cancelled);
- File ▸ Import of a Fari library of 1,000 characters, and of a 1.5 MB Foundry actor (its
  portrait embedded, other modules' flags), to the characters in the campaign, their sheet
  and summary shown; then Edit ▸ Undo of each (an action's gap is the longer of the two).

For each, the longest the window went without handling events (the goal at 10,000: no more
than 50 ms), measured by a timer that fires whenever the event loop turns: a gap is the time
between two turns, and the gap still open when an action's measure stops counts too. Beside
it, the GUI thread's own CPU time in its busiest turn: on this shared machine the gaps also
count the time other programs held the CPU.
Usage: python benchmarks/bench_gui.py [SIZES...]   (default: sample 1000 10000)
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

TYPING_TARGET_MS, GAP_TARGET_MS, OPEN_TARGET_S = 16.0, 50.0, 0.3
ACTIONS = ("open", "filter", "typing", "typing while loading", "end scene", "print", "import", "foundry")


class SaveClock:
    """Adds up the time the open campaign file spends saving (measurement only: it calls the
    same methods and changes nothing), so the figures can say how much of a step is the disk."""

    def __init__(self):
        self.seconds = 0.0

    def watch(self, handle) -> None:
        for name in ("put_many", "replace_all"):
            work = getattr(handle, name)

            def timed(*args, _work=work, **kwargs):
                started = time.perf_counter()
                try:
                    return _work(*args, **kwargs)
                finally:
                    self.seconds += time.perf_counter() - started

            setattr(handle, name, timed)

    def take(self) -> float:
        seconds, self.seconds = self.seconds, 0.0
        return seconds


class Gaps:
    """The longest time the window went without handling events, from `start` to `stop`: a
    timer fires at every turn of the event loop; a gap is the time between two of its ticks,
    and `stop` counts the gap still open (a step under way when the measure stops).

    Beside it, the most CPU time the GUI thread itself used between two ticks (`busiest`, by
    the thread's own clock): on a shared machine a gap also counts the time other programs held
    the CPU; the GUI thread's own work in a turn does not, so it says what the gap would be on
    an idle machine (waits for the interpreter's lock aside)."""

    def __init__(self):
        from PySide6.QtCore import QTimer

        self.timer = QTimer()
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._tick)
        self.last = self.longest = self.last_cpu = self.busiest = 0.0
        self.cpu: dict[str, float] = {}  # the action's name -> the GUI thread's busiest turn, ms

    def start(self, action: str = "") -> None:
        self.action = action
        self.last, self.longest = time.perf_counter(), 0.0
        self.last_cpu, self.busiest = time.thread_time(), 0.0
        self.timer.start()

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        self.longest = max(self.longest, now - self.last)
        self.busiest = max(self.busiest, cpu - self.last_cpu)
        self.last, self.last_cpu = now, cpu

    def stop(self) -> float:
        self._tick()  # the gap still open
        self.timer.stop()
        if self.action:
            self.cpu[self.action] = max(self.cpu.get(self.action, 0.0), self.busiest * 1000)
        return self.longest * 1000


def scratch_user_folders() -> Path:
    """A fresh folder for this run's user data and settings (never the user's own), set for the
    app in this process, offscreen unless a platform is given; returns it."""
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-bench-"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["FATE_DESK_DATA_DIR"] = str(scratch / "data")
    os.environ["XDG_CONFIG_HOME"] = str(scratch / "config")
    return scratch


def settle(app) -> None:
    """Handle everything a step queued (layouts, repaints, deferred deletes)."""
    app.processEvents()
    app.processEvents()


def until(app, condition, seconds: float = 120.0) -> None:
    give_up = time.perf_counter() + seconds
    while not condition():
        app.processEvents()
        if time.perf_counter() > give_up:
            raise SystemExit("a step never finished; the figures would measure something else")


def open_from_menu(app, window, path: Path, typing: str = "") -> tuple[float, float, list[float]]:
    """File ▸ Open Recent ▸ path, as the user picks it: seconds until the first sheet takes a
    keystroke and until the navigator is full; with `typing`, those keys typed into the first
    sheet while the campaign still loads (milliseconds each)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window.settings.add_recent(str(path))
    menu = window.actions["open_recent"].menu()
    menu.aboutToShow.emit()
    action = next(a for a in menu.actions() if a.toolTip() == str(path))
    started = time.perf_counter()
    action.trigger()
    # The campaign is checked on a worker, then opened, and the window takes it a turn later:
    # until then the sheet shown is the campaign open before.
    until(app, lambda: window.document is not None and window.document.path.resolve() == path.resolve()
          and window.tabs is not None and getattr(window.tabs.current_editor(), "name_edit", None) is not None)
    if window.document is None or window.document.path.resolve() != path.resolve():
        raise SystemExit(f"{path.name}: the menu did not open it; the figures would measure something else")
    field = window.tabs.current_editor().name_edit
    QTest.keyClick(field, Qt.Key.Key_End)
    usable = time.perf_counter() - started
    keys = []
    if typing:
        field.setFocus()
        keys = per_key(app, field, typing)
    until(app, lambda: window.navigator is not None and not window.navigator.model.filling and not loading(window))
    return usable, time.perf_counter() - started, keys


def loading(window) -> bool:
    return bool(getattr(window.document, "loading", False))


def per_key(app, widget, text: str) -> list[float]:
    from PySide6.QtTest import QTest

    times = []
    for char in text:
        started = time.perf_counter()
        QTest.keyClicks(widget, char)
        settle(app)
        times.append((time.perf_counter() - started) * 1000)
    return times


def filter_keys(app, window, text: str) -> list[float]:
    """The navigator's filter, a key at a time: each until its results show."""
    from PySide6.QtTest import QTest

    navigator = window.navigator
    times = []
    for end in range(1, len(text) + 1):
        started = time.perf_counter()
        QTest.keyClicks(navigator.filter_edit, text[end - 1])
        until(app, lambda: navigator._search is None)
        settle(app)
        times.append((time.perf_counter() - started) * 1000)
    navigator.filter_edit.clear()
    settle(app)
    return times


def end_scene(app, window) -> float:
    """Table ▸ End the scene, accepted with its button: seconds until the step is installed."""
    from PySide6.QtWidgets import QDialogButtonBox

    stack = window.document.undo_stack
    steps = stack.count()
    started = time.perf_counter()
    window.actions["end_scene"].trigger()
    dialog = window.table.dialog
    settle(app)
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    until(app, lambda: stack.count() > steps)
    took = time.perf_counter() - started
    settle(app)
    if window.table.summary is not None:
        window.table.summary.close()
    return took


def print_cards(app, window, folder: Path) -> float:
    """File ▸ Print to PDF, GM cards of every entry: seconds from the menu until the first page
    is written, then Cancel."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QDialog

    started = time.perf_counter()
    window.actions["export_pdf"].trigger()
    settle(app)  # each of the user's clicks below comes in a turn of the event loop of its own
    dialog = next(d for d in window.findChildren(QDialog) if type(d).__name__ == "ExportPdfDialog" and d.isVisible())
    index = dialog.what_combo.findText("GM cards")
    dialog.what_combo.setCurrentIndex(index)
    settle(app)
    dialog.entries.tick_all(True)
    settle(app)
    dialog.file_edit.setText(str(folder / "cards.pdf"))
    settle(app)
    first_page = []

    def cancel_at_first_page() -> None:
        progress = dialog.progress
        if progress is not None and progress.value() >= 1:
            first_page.append(time.perf_counter() - started)
            dialog.reject()  # Escape: cancels the export
            return
        QTimer.singleShot(1, cancel_at_first_page)

    QTimer.singleShot(0, cancel_at_first_page)
    dialog.export()
    dialog.close()
    settle(app)
    return first_page[0] if first_page else float("nan")


def fari_library(path: Path, count: int) -> Path:
    """A Fari library ("full" export) of `count` characters, from the one the tests use."""
    source = Path(__file__).parents[1] / "tests" / "data" / "fari" / "library.fari.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    first = data["characters"][0]
    data["characters"] = [{**first, "id": f"bench-{n}", "name": f"Crew {n}"} for n in range(count)]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def big_foundry(path: Path) -> Path:
    """A Foundry actor of 1.5 MB, from the one the tests use: its portrait embedded as a data URL
    and another module's journal text in its flags."""
    source = Path(__file__).parents[1] / "tests" / "data" / "foundry" / "fco-wren.json"
    actor = json.loads(source.read_text(encoding="utf-8"))
    portrait = "data:image/png;base64," + "iVBORw0KGgo" * 60_000
    actor["img"] = portrait
    actor["prototypeToken"] = {**actor.get("prototypeToken", {}), "texture": {"src": portrait}}
    actor["flags"] = {**actor.get("flags", {}), "some-journal-module": {
        f"entry{i}": "<p>What the party learnt in the ruins, session by session.</p>" for i in range(12_000)}}
    path.write_text(json.dumps(actor), encoding="utf-8")
    return path


def import_library(app, window, library: Path, gaps: Gaps, label: str = "") -> tuple[float, float, float]:
    """A file imported as File ▸ Import does, then undone as Edit ▸ Undo does: (seconds until
    its characters are in, their sheet and summary shown, the longest gap meanwhile in ms, the
    longest gap while the undo takes the import back, in ms). Each measure counts the gap
    still open when it stops."""
    stack = window.document.undo_stack
    steps = stack.index()  # not count(): that keeps the step undone after the last import
    gaps.start(label)
    started = time.perf_counter()
    window.files.import_file(library)
    until(app, lambda: not window.files.installing)  # the sheet and the summary come in turns of their own
    settle(app)
    took = time.perf_counter() - started
    gap = gaps.stop()
    if stack.index() != steps + 1:
        raise SystemExit(f"{library.name}: the import added no step; the figures would measure something else")
    from PySide6.QtWidgets import QMessageBox

    for box in window.findChildren(QMessageBox, "importSummary"):
        box.close()
    settle(app)
    gaps.start(label)
    stack.undo()  # the next action finds the campaign as it was
    settle(app)
    return took, gap, gaps.stop()


def main(sizes: list[str]) -> int:
    scratch = scratch_user_folders()
    from PySide6.QtWidgets import QApplication, QMessageBox

    from fate_desk.gui.app import start
    from make_campaign import write

    app = QApplication(sys.argv[:1])
    window = start(app, None)
    settle(app)
    sample = window.document.path
    saves = SaveClock()
    gaps = Gaps()
    load_before = os.getloadavg()[0]  # a shared machine: the figures mean little without it
    other = write(20, scratch / "other.fatedesk")  # open before each timed open: never the same file
    library = fari_library(scratch / "library.fari.json", 1000)
    foundry = big_foundry(scratch / "wren.json")
    rows = []
    for size in sizes:
        path = sample if size == "sample" else write(int(size), scratch / f"c{size}.fatedesk")
        row: dict[str, object] = {"size": size}
        gaps.cpu = row["cpu"] = {}
        open_from_menu(app, window, other)
        settle(app)
        gaps.start("open")
        usable, whole, _keys = open_from_menu(app, window, path)
        row["open"], row["usable"], row["whole"] = gaps.stop(), usable, whole
        settle(app)
        gaps.start("filter")
        filter_ms = filter_keys(app, window, "ter 12")
        row["filter"], row["filter/key"] = gaps.stop(), statistics.median(filter_ms)
        editor = window.tabs.current_editor()
        editor.name_edit.setFocus()
        saves.watch(window.document.file)
        saves.take()
        text = " the Bold"
        gaps.start("typing")
        typing_ms = per_key(app, editor.name_edit, text)
        row["typing"] = gaps.stop()
        row["typing/key"], row["worst key"] = statistics.median(typing_ms), max(typing_ms)
        row["saving/key"] = saves.take() * 1000 / len(text)
        gaps.start("end scene")
        row["end scene s"] = end_scene(app, window)
        row["end scene"] = gaps.stop()
        gaps.start("print")
        row["print s"] = print_cards(app, window, scratch)
        row["print"] = gaps.stop()
        row["import s"], row["import in"], row["import undo"] = import_library(app, window, library, gaps, "import")
        row["foundry s"], row["foundry in"], row["foundry undo"] = import_library(app, window, foundry, gaps, "foundry")
        row["import"] = max(row["import in"], row["import undo"])
        row["foundry"] = max(row["foundry in"], row["foundry undo"])
        # Typing in the first sheet of the same campaign while it loads again (opened anew).
        open_from_menu(app, window, other)
        settle(app)
        gaps.start("typing while loading")
        _usable, _whole, loading_ms = open_from_menu(app, window, path, typing=" again")
        row["typing while loading"] = gaps.stop()
        row["loading key"] = statistics.median(loading_ms)
        for box in window.findChildren(QMessageBox):
            box.close()
        rows.append(row)
        print(f"{size:>8}: open {row['usable']:.3f} s to a sheet taking keys, {row['whole']:.3f} s to a full "
              f"navigator; filter {row['filter/key']:.1f} ms a key; typing {row['typing/key']:.1f} ms a key "
              f"(worst {row['worst key']:.1f} ms, saving {row['saving/key']:.2f} ms of it), "
              f"{row['loading key']:.1f} ms while loading; end scene {row['end scene s']:.3f} s; first page "
              f"printed {row['print s']:.3f} s; 1,000 Fari characters imported {row['import s']:.3f} s "
              f"(longest gap {row['import in']:.0f} ms, {row['import undo']:.0f} ms undoing it), "
              f"a 1.5 MB Foundry actor {row['foundry s']:.3f} s ({row['foundry in']:.0f} ms, "
              f"{row['foundry undo']:.0f} ms undoing it)", flush=True)
    print()
    print("longest time without handling events (ms), each action:")
    print(f"{'campaign':>10} " + " ".join(f"{action:>11}" for action in ACTIONS))
    for row in rows:
        print(f"{row['size']:>10} " + " ".join(f"{row[action]:11.0f}" for action in ACTIONS))
    print("the GUI thread's own CPU time in its busiest turn (ms), each action (what the gap would be on an"
          " idle machine):")
    for row in rows:
        print(f"{row['size']:>10} " + " ".join(f"{row['cpu'].get(action, float('nan')):11.0f}" for action in ACTIONS))
    print(f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(f"targets: typing at most {TYPING_TARGET_MS:.0f} ms a keystroke at every size, saving included; at "
          f"10,000 entities no action leaves the window without events for more than {GAP_TARGET_MS:.0f} ms; "
          f"open 1,000 from the menu {OPEN_TARGET_S} s")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:] or ["sample", "1000", "10000"]))
