"""Kill test: a child process editing a campaign file is SIGKILLed at random moments, many times.

After every kill the file must open and hold every edit the child reported done (and the one
it was making may or may not have landed, but whole or not at all). The child saves as the app
does: each edit its own commit, through the write-ahead log from its first edit on, the log
folded into the file on a worker thread between edits (kills land during those folds too).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fate_desk.model import Campaign, Character
from fate_desk.store.campaign_file import CampaignFile, entity_kind

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")

KILLS = 30
BUDGET_SECONDS = 14.0

# The edits, shared by the child (which makes them on disk) and this test (which replays them
# in memory to know what the file must hold). Edit n depends only on n and the state before it.
EDITS = r'''
from fate_desk.model import Character, Countdown, Hazard

def apply_edit(store, n):
    campaign = store.campaign
    step = n % 5
    if step == 0:
        store.put(Countdown(id=f"clock-{n}", name=f"Clock {n}", boxes=1 + n % 20))
    elif step == 1:
        hero = campaign.character("hero").model_copy(deep=True)
        hero.fate_points = n % 999
        hero.notes = f"edit {n} " + "a fairly long note that spans pages " * (n % 400)
        store.put(hero)
    elif step == 2:
        store.put(Character(id=f"npc-{n}", name=f"NPC {n}", kind="minor_npc", notes="x" * (n * 37 % 9000)))
    elif step == 3:  # one commit per edit: remove one entity (or add a hazard)
        pool = [c.id for c in campaign.characters if c.id.startswith("npc-")] if n % 2 else []
        pool = pool or [c.id for c in campaign.countdowns]
        if pool:
            store.remove(pool[0])
        else:
            store.put(Hazard(id=f"hazard-{n}", name=f"Hazard {n}"))
    else:
        campaign.gm_fate_points = n % 999
        campaign.notes = f"meta {n}"
        store.save_meta()
'''

CHILD = r'''
import sys
import threading
from pathlib import Path
from fate_desk.store.campaign_file import CampaignFile
exec(sys.argv[3])
handle = CampaignFile.open(Path(sys.argv[1]))
handle.fold_by_caller()  # as the app: no commit folds the log in; a worker does, between edits
n = int(sys.argv[2])
fold = None
print("ready", flush=True)
while True:
    apply_edit(handle, n)
    print(f"done {n}", flush=True)
    if fold is None and n % 3 == 0:
        fold = handle.begin_fold()
        if fold is not None:
            threading.Thread(target=fold.run, daemon=True).start()
    elif fold is not None and fold.done.is_set():
        handle.end_fold(fold)
        fold = None
    n += 1
'''


class InMemory:
    """The same put / remove / save_meta as CampaignFile, on a campaign in memory."""

    def __init__(self, campaign: Campaign):
        self.campaign = campaign

    def _items(self, entity):
        attr = {"character": "characters", "countdown": "countdowns", "obstacle": "obstacles"}[entity_kind(entity)]
        return getattr(self.campaign, attr)

    def put(self, entity):
        items = self._items(entity)
        index = next((i for i, e in enumerate(items) if e.id == entity.id), None)
        if index is None:
            items.append(entity)
        else:
            items[index] = entity

    def remove(self, entity_id):
        for attr in ("characters", "countdowns", "obstacles"):
            items = getattr(self.campaign, attr)
            items[:] = [e for e in items if e.id != entity_id]

    def save_meta(self):
        pass


def replay(campaign: Campaign, start: int, stop: int) -> Campaign:
    namespace: dict = {}
    exec(EDITS, namespace)
    store = InMemory(campaign.model_copy(deep=True))
    for n in range(start, stop):
        namespace["apply_edit"](store, n)
    return store.campaign


def test_sigkill_at_random_moments_never_loses_a_reported_edit(tmp_path, monkeypatch):
    monkeypatch.setenv("FATE_DESK_DATA_DIR", str(tmp_path / "user-data"))
    path = tmp_path / "killed.fatedesk"
    start = Campaign(name="Kill test", characters=[Character(id="hero", name="Hero")])
    CampaignFile.create(path, start).close()
    expected, applied = start, 0  # the file holds edits 0 .. applied-1
    rng = random.Random(20240501)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    began = time.monotonic()
    kills = runs_with_edits = left_beside = 0
    while kills < KILLS and time.monotonic() - began < BUDGET_SECONDS:
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(applied), EDITS],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
        )
        # A third of the kills land while it starts or opens the file, the rest among its edits.
        if rng.random() < 1 / 3:
            time.sleep(rng.uniform(0.0, 0.3))
            first = b""
        else:
            first = child.stdout.readline()  # "ready": the file is open
            # The first edit also turns the write-ahead log on (a durable change of the file's
            # header); the edits after it take well under a millisecond each.
            time.sleep(rng.uniform(0.02, 0.15))
        child.send_signal(signal.SIGKILL)
        # Read through the same buffered pipe as readline() (communicate() would skip its buffer).
        out = first + child.stdout.read()
        err = child.stderr.read()
        child.wait()
        kills += 1
        assert child.returncode == -signal.SIGKILL, err.decode(errors="replace")[-2000:]
        done = [int(line.split()[1]) for line in out.decode().splitlines() if line.startswith("done ")]
        assert done == list(range(applied, applied + len(done)))  # the child reports in order
        runs_with_edits += bool(done)
        # A rollback journal (killed before its first edit turned the log on) or the write-ahead
        # log with the edits not yet folded into the file: the next open reads them either way.
        left_beside = left_beside + (Path(f"{path}-journal").exists() or Path(f"{path}-wal").exists())

        reported = applied + len(done)
        expected = replay(expected, applied, reported)
        with CampaignFile.open(path) as handle:  # rolls back any edit the kill interrupted
            found = handle.campaign.model_dump()
        if found == expected.model_dump():
            applied = reported
        else:
            # The edit under way when the kill came landed whole, just before "done" was printed.
            expected = replay(expected, reported, reported + 1)
            assert found == expected.model_dump(), f"after kill {kills} the file lost or mangled an edit"
            applied = reported + 1
    print(f"{kills} kills, {runs_with_edits} mid-edit, {left_beside} left a journal or log, {applied} edits kept")
    assert kills >= 10
    assert runs_with_edits >= kills // 3
    assert applied > 0
