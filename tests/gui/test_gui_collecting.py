"""Python's cycle collector runs on the GUI thread only, once a window is up: a collection on a
worker (a campaign-wide step, the table server answering a phone) would destroy there the Qt
objects held in cyclic garbage, while the GUI thread uses Qt."""

from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject

from fate_desk import collector
from fate_desk.gui.collecting import collect_on_gui_thread


def test_cycles_a_worker_leaves_are_collected_on_the_gui_thread(qapp, qtbot):
    collect_on_gui_thread()
    collections: list[str] = []

    def heard(phase, _info) -> None:
        if phase == "start":
            collections.append(threading.current_thread().name)

    destroyed_on: list[str] = []
    kept: list = []

    def make_garbage() -> None:
        for _ in range(200):
            holder: list = []
            watched = QObject()  # owned by Python: its C++ object goes with the wrapper
            kept.append(weakref.ref(watched, lambda _r: destroyed_on.append(threading.current_thread().name)))
            holder.append((holder, watched))  # a cycle: only the collector frees it
            for _ in range(2000):  # enough new objects for Python's thresholds many times over
                junk: list = []
                junk.append(junk)

    gc.callbacks.append(heard)
    try:
        worker = threading.Thread(target=make_garbage, name="a worker")
        worker.start()
        worker.join()
        assert collections == []  # the worker made 400,000 cycles and collected none itself
        qtbot.waitUntil(lambda: len(destroyed_on) == 200, timeout=5000)
    finally:
        gc.callbacks.remove(heard)
    assert set(collections) == {"MainThread"}
    assert set(destroyed_on) == {"MainThread"}


def test_no_collection_while_a_campaign_loads_in_steps(qapp):
    collect_on_gui_thread()

    def make_cycles() -> None:
        for _ in range(5000):
            more: list = []
            more.append(more)

    collector.hold()
    try:
        make_cycles()
        assert collector.collect_due() is None
    finally:
        collector.settle()
    assert not gc.isenabled()  # the end of a hold leaves collecting to the GUI thread's timer
    make_cycles()
    assert collector.collect_due() is not None
