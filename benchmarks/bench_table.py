"""Table mode at a table of six (issues 37 and 38): figures and ratios to the targets, never
assertions.

In one process, offscreen, the real GM's window with a campaign of six player characters and the
table open on loopback (its dialog open too, as a GM keeps it); the phones are WebSocket clients
in a second process (as phones are other machines: they do not share this process's interpreter).
- a change on the GM's side (a situation aspect added through the undo stack, saved to disk as
  every edit is) until all six phones have the scene showing it: median and 95th percentile
  (targets 50 ms and 150 ms);
- a seat's snapshot of each of the sample's characters, in English, German and Russian, and the
  scene's (target: under 8 kB);
- the GM's window: the longest the event loop waited between two turns (a 1 ms timer's longest
  gap) idle, while one device floods the server with 1,000 messages a second, and while 200
  devices try to connect at once (target: never more than 50 ms);
- players acting (issue 38): one phone rolls, invokes and sets the roll aside, again and again,
  while the GM types in the window: from the tap until the GM's Requests panel shows it, and
  until all five other phones show it (target: median under 100 ms), and the GM's window's
  longest wait meanwhile (target: never more than 50 ms).
Usage: python benchmarks/bench_table.py [CHANGES]   (default: 100)
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MEDIAN_TARGET_MS, P95_TARGET_MS, SIZE_TARGET, GAP_TARGET_MS = 50.0, 150.0, 8 * 1024, 50.0
ACT_TARGET_MS = 100.0  # a roll or an invoke from a phone, on the GM's screen and every other phone
SEATS = 6


# --- the phones' process ----------------------------------------------------------------------------


async def _phone(url: str, token: str, device: str, on_message, language: str = "en"):
    from websockets.asyncio.client import connect

    origin = "http://" + url.split("://", 1)[1].split("/", 1)[0]
    async with connect(url, origin=origin) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "device": device, "language": language}))
        async for raw in ws:
            on_message(json.loads(raw))


async def six_phones(url: str, tokens: list[str]) -> None:
    """Print "ready" once every phone has the scene, then "N <time>" when all six show "Mark N"."""
    seen: dict[int, set[int]] = {}
    ready: set[int] = set()

    def watcher(index: int):
        def on_message(message):
            if message["type"] != "scene":
                return
            now = time.monotonic()
            ready.add(index)
            if len(ready) == len(tokens) and index == max(ready) and not seen:
                print("ready", flush=True)
            texts = json.dumps(message["scene"], ensure_ascii=False)
            for part in texts.split("Mark ")[1:]:
                number = int(part.split('"', 1)[0])
                if index not in seen.setdefault(number, set()):
                    seen[number].add(index)
                    if len(seen[number]) == len(tokens):
                        print(f"{number} {now:.6f}", flush=True)
        return on_message

    await asyncio.gather(*(_phone(url, token, f"bench-phone-{i:012d}", watcher(i)) for i, token in enumerate(tokens)))


async def flood(url: str, token: str, seconds: float) -> None:
    """One device sending 1,000 messages a second; sent away, it comes straight back."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    origin = "http://" + url.split("://", 1)[1].split("/", 1)[0]
    end = time.monotonic() + seconds
    sent = 0
    while time.monotonic() < end:
        try:
            async with connect(url, origin=origin) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "device": "flooding-device-0001"}))
                while time.monotonic() < end:
                    for _n in range(10):
                        await ws.send('{"type":"ping"}')
                        sent += 1
                    await asyncio.sleep(0.01)
        except (ConnectionClosed, OSError):
            await asyncio.sleep(0.01)
    print(f"flooded {sent}", flush=True)


async def crowd(url: str, tokens: list[str], count: int) -> None:
    """`count` devices connecting at once: half with a seat's link, half with made-up ones."""
    from websockets.asyncio.client import connect

    origin = "http://" + url.split("://", 1)[1].split("/", 1)[0]
    outcomes: dict[str, int] = {}

    async def one(i: int):
        token = tokens[i % len(tokens)] if i % 2 else f"madeUpToken{i:012d}xx"
        try:
            async with connect(url, origin=origin, open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "device": f"crowd-device-{i:08d}"}))
                kind = json.loads(await asyncio.wait_for(ws.recv(), 10))["type"]
                reason = kind
                if kind == "refused":
                    reason = "refused"
                outcomes[reason] = outcomes.get(reason, 0) + 1
                await asyncio.sleep(1.0)
        except Exception as exc:  # noqa: BLE001 (a refused handshake is an outcome too)
            name = type(exc).__name__
            outcomes[name] = outcomes.get(name, 0) + 1

    await asyncio.gather(*(one(i) for i in range(count)))
    print("crowd " + json.dumps(outcomes), flush=True)


async def acting(url: str, tokens: list[str], rounds: int) -> None:
    """Six phones; the first rolls, invokes and sets aside `rounds` times. For each tap it prints
    "roll|invoke SENT SEEN": when it was sent, and when all five others showed it."""
    from websockets.asyncio.client import connect

    origin = "http://" + url.split("://", 1)[1].split("/", 1)[0]
    plays: dict[int, dict] = {}
    heard = asyncio.Event()
    sockets = []

    async def phone(index: int, token: str):
        ws = await connect(url, origin=origin)
        sockets.append((index, ws))
        await ws.send(json.dumps({"type": "hello", "token": token, "device": f"acting-phone-{index:012d}"}))
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "play":
                plays[index] = message["play"]
                heard.set()

    async def until(check, seconds: float = 10.0) -> float:
        end = time.monotonic() + seconds
        while not check():
            heard.clear()
            await asyncio.wait_for(heard.wait(), max(0.01, end - time.monotonic()))
        return time.monotonic()

    tasks = [asyncio.create_task(phone(i, token)) for i, token in enumerate(tokens)]
    others = range(1, len(tokens))
    await until(lambda: len(plays) == len(tokens) and plays[0]["mode"] == "act", 30)
    ws = dict(sockets)[0]
    print("ready", flush=True)
    ref = 0
    # A player taps at most a few times a second; the server drops what a device sends faster
    # than RATE a second once its burst is spent (fate_desk/table/server.py), which a phone
    # tapping as fast as the replies come did after some fifteen rounds.
    pace = 1.0 / 8

    async def paced(message: dict) -> float:
        await asyncio.sleep(max(0.0, paced.last + pace - time.monotonic()))
        paced.last = time.monotonic()
        await ws.send(json.dumps(message))
        return paced.last

    paced.last = 0.0
    for _round in range(rounds):
        ref += 1
        sent = await paced({"type": "act", "kind": "roll", "ref": ref, "skill": "", "action": "overcome",
                            "dice": None})
        seen = await until(lambda: plays[0]["roll"] is not None and all(len(plays[i]["table"]) == 1 for i in others))
        print(f"roll {sent:.6f} {seen:.6f}", flush=True)
        before = {i: plays[i]["table"][0] for i in others}
        roll = plays[0]["roll"]
        ref += 1
        sent = await paced({"type": "act", "kind": "invoke", "ref": ref, "roll": roll["id"],
                            "aspect": roll["aspects"][0][0], "reroll": False, "free": False, "dice": None})
        seen = await until(lambda: all(plays[i]["table"] and plays[i]["table"][0] != before[i] for i in others))
        print(f"invoke {sent:.6f} {seen:.6f}", flush=True)
        ref += 1
        await paced({"type": "act", "kind": "aside", "ref": ref, "roll": roll["id"]})
        await until(lambda: plays[0]["roll"] is None and all(not plays[i]["table"] for i in others))
    for task in tasks:
        task.cancel()
    print("done", flush=True)


# --- the GM's process ------------------------------------------------------------------------------------


def six_pc_campaign(folder: Path) -> Path:
    from fate_desk.gui.opening import sample_bundle_path
    from fate_desk.model import CharacterKind
    from fate_desk.store.bundle import read_bundle
    from fate_desk.store.campaign_file import CampaignFile

    campaign = read_bundle(sample_bundle_path())
    pcs = [c for c in campaign.characters if c.kind == CharacterKind.PC]
    more = [pc.model_copy(update={"id": f"{pc.id}-twin", "name": f"{pc.name} II"}) for pc in pcs][: SEATS - len(pcs)]
    campaign = campaign.model_copy(update={"characters": [*campaign.characters, *more]})
    path = folder / "six.fatedesk"
    CampaignFile.create(path, campaign).close()
    return path


class GapMeter:
    """The longest wait between two turns of the GUI thread's event loop (a 1 ms timer's gap),
    and how much of it the GUI thread itself ran (the rest it waited: for the interpreter's
    lock, which the server's thread holds while it works, or for a core on a busy machine)."""

    def __init__(self):
        from PySide6.QtCore import QTimer

        self.timer = QTimer()
        self.timer.setInterval(1)
        self.timer.timeout.connect(self._tick)
        self.last = None
        self.longest = (0.0, 0.0)

    def _tick(self):
        now, ran = time.perf_counter(), time.thread_time()
        if self.last is not None:
            gap = (now - self.last[0], ran - self.last[1])
            if gap[0] > self.longest[0]:
                self.longest = gap
        self.last = (now, ran)

    def measure(self, app, seconds: float, until=None) -> str:
        self.last, self.longest = None, (0.0, 0.0)
        self.timer.start()
        end = time.monotonic() + seconds
        while time.monotonic() < end or (until is not None and not until()):
            app.processEvents()
            time.sleep(0.0005)  # the loop waits as an idle app's would, a little at a time
        self.timer.stop()
        return self.longest

    @staticmethod
    def words(gap) -> str:
        return f"{gap[0] * 1000:.1f} ms (the GUI thread ran {gap[1] * 1000:.1f} ms of it)"


def lines_of(process):
    os.set_blocking(process.stdout.fileno(), False)
    buffer = b""

    def take() -> list[str]:
        nonlocal buffer
        try:
            chunk = process.stdout.read()
        except BlockingIOError:
            chunk = None
        if chunk:
            buffer += chunk
        *done, buffer = buffer.split(b"\n")
        return [line.decode() for line in done]

    return take


def main(changes: int) -> None:
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-bench-table-"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["FATE_DESK_DATA_DIR"] = str(scratch / "data")
    os.environ["XDG_CONFIG_HOME"] = str(scratch / "config")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(scratch / "settings"))
    app = QApplication([])
    from fate_desk.gui.mainwindow import MainWindow
    from fate_desk.gui.settings import Settings
    from fate_desk.model.campaign import SituationAspect

    window = MainWindow(Settings())
    window.show()
    window.campaigns.open_path(six_pc_campaign(scratch))
    for _turn in range(20):
        app.processEvents()
    dialog = window.table_mode.open_dialog()
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(0)
    dialog.auto_allow.setChecked(True)
    dialog.open_table()
    session = window.table_mode.session
    url = f"ws://127.0.0.1:{session.book.port}/ws"
    tokens = [session.link(c.id).split("#")[1] for c in session.characters()]
    print(f"table mode at {SEATS} seats ({len(tokens)} player characters), {changes} changes; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

    # --- sizes -------------------------------------------------------------------------------------
    from fate_desk.table.protocol import dump
    from fate_desk.table.snapshot import scene_snapshot, sheet_snapshot

    campaign = window.document.campaign
    sizes = []
    for character in session.characters()[:3]:
        for code in ("en", "de", "ru"):
            size = len(dump({"type": "sheet", "sheet": sheet_snapshot(
                campaign, character, window.document.ruleset_for(character), code)}).encode())
            sizes.append((character.name, code, size))
    worst = max(sizes, key=lambda s: s[2])
    scene_size = len(dump({"type": "scene", "scene": scene_snapshot(campaign)}).encode())
    print(f"snapshot: a seat's sheet {min(s[2] for s in sizes)}-{worst[2]} bytes (largest: {worst[0]} in {worst[1]}), "
          f"the scene {scene_size} bytes; target {SIZE_TARGET} bytes: ratio {worst[2] / SIZE_TARGET:.2f}")

    # --- a change reaching six phones -----------------------------------------------------------------
    phones = subprocess.Popen([sys.executable, __file__, "--six", url, *tokens], stdout=subprocess.PIPE)
    take = lines_of(phones)
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while "ready" not in lines and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.001)
        lines += take()
    if "ready" not in lines:
        raise SystemExit("the six phones did not all get the scene")
    latencies, saving = [], []
    publish = []
    timer_publish = session.publish

    for number in range(changes + 5):
        def mark(c, n=number):
            scene = c.scenes[0]
            return c.model_copy(update={"scenes": [scene.model_copy(update={
                "aspects": [*scene.aspects, SituationAspect(text=f"Mark {n}")]})]})

        started = time.monotonic()
        window.document.edit_campaign(mark, f"Mark {number}")
        saved = time.monotonic()
        got = None
        while got is None:
            app.processEvents()
            for line in take():
                head, _space, when = line.partition(" ")
                if head == str(number):
                    got = float(when)
            if got is None:
                time.sleep(0.0002)
            if time.monotonic() - started > 10:
                raise SystemExit(f"change {number} never reached all six phones")
        if number >= 5:  # the first few warm the caches
            latencies.append((got - started) * 1000)
            saving.append((saved - started) * 1000)
        cpu = time.perf_counter()
        timer_publish()
        publish.append((time.perf_counter() - cpu) * 1000)
        for _turn in range(3):
            app.processEvents()
    phones.terminate()
    phones.wait(10)
    latencies.sort()
    median = statistics.median(latencies)
    p95 = latencies[max(0, int(round(0.95 * len(latencies))) - 1)]
    print(f"a change to all {SEATS} phones: median {median:.1f} ms (target {MEDIAN_TARGET_MS:.0f}: ratio "
          f"{median / MEDIAN_TARGET_MS:.2f}), 95th percentile {p95:.1f} ms (target {P95_TARGET_MS:.0f}: ratio "
          f"{p95 / P95_TARGET_MS:.2f}), worst {latencies[-1]:.1f} ms")
    print(f"  of which the edit itself (the undo step, saved to disk): median {statistics.median(saving):.1f} ms; "
          f"a publish with nothing changed (six sheets and the scene made and compared, on the GUI thread): "
          f"median {statistics.median(publish):.2f} ms")

    # --- the GM's window under load -------------------------------------------------------------------
    meter = GapMeter()
    idle = meter.measure(app, 3.0)
    print(f"the GM's window, longest wait between turns: idle {meter.words(idle)}")
    flooder = subprocess.Popen([sys.executable, __file__, "--flood", url, tokens[0], "3"], stdout=subprocess.PIPE)
    flooded = meter.measure(app, 3.0, until=lambda: flooder.poll() is not None)
    out = flooder.communicate(timeout=30)[0].decode().strip()
    print(f"  while a device floods (1,000 messages a second; {out}): {meter.words(flooded)} "
          f"(target {GAP_TARGET_MS:.0f}: ratio {flooded[0] * 1000 / GAP_TARGET_MS:.2f})")
    dialog.auto_allow.setChecked(False)  # the worst case: devices waiting for the GM's Allow in the dialog
    crowd_process = subprocess.Popen([sys.executable, __file__, "--crowd", url, "200", *tokens], stdout=subprocess.PIPE)
    crowded = meter.measure(app, 3.0, until=lambda: crowd_process.poll() is not None)
    out = crowd_process.communicate(timeout=60)[0].decode().strip()
    print(f"  while 200 devices try to connect ({out}): {meter.words(crowded)} "
          f"(target {GAP_TARGET_MS:.0f}: ratio {crowded[0] * 1000 / GAP_TARGET_MS:.2f})")
    dialog.auto_allow.setChecked(True)
    act_phase(app, window, session, url, tokens, meter, max(10, changes // 4))
    window.close()


def act_phase(app, window, session, url: str, tokens: list[str], meter: GapMeter, rounds: int) -> None:
    """Players acting from their phones while the GM types in the window (issue 38)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QLineEdit

    session.set_mode("act")
    dock = window.table_mode.requests_dock()
    dock.show()
    seat = session.characters()[0].id
    shown: dict[str, list[float]] = {"roll": [], "invoke": []}  # when the GM's panel showed each tap
    count = {"invokes": 0}

    def on_screen() -> None:  # the Requests panel refreshes on the same signal, before this
        phone = session.play.rolls.get(seat)
        if phone is None:
            return
        if not phone.roll.invokes and len(shown["roll"]) == len(shown["invoke"]):
            shown["roll"].append(time.monotonic())
        elif len(phone.roll.invokes) and len(shown["invoke"]) < len(shown["roll"]):
            shown["invoke"].append(time.monotonic())
            count["invokes"] += 1

    session.play.changed.connect(on_screen)
    typing = QLineEdit()
    typing.show()
    keys = QTimer()
    keys.setInterval(40)  # a GM typing at 25 keys a second
    keys.timeout.connect(lambda: QTest.keyClicks(typing, "a") if len(typing.text()) < 500 else typing.clear())
    keys.start()
    phones = subprocess.Popen([sys.executable, __file__, "--act", url, str(rounds), *tokens], stdout=subprocess.PIPE)
    take = lines_of(phones)
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while "ready" not in lines and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.001)
        lines += take()
    meter_box: list = []
    gap = meter.measure(app, 0.5, until=lambda: (lines.extend(take()) or "done" in lines
                                                  or phones.poll() is not None))
    meter_box.append(gap)
    keys.stop()
    phones.wait(30)
    taps = {"roll": [], "invoke": []}
    for line in lines:
        kind, _space, rest = line.partition(" ")
        if kind in taps:
            sent, seen = (float(x) for x in rest.split())
            taps[kind].append((sent, seen))
    for kind in ("roll", "invoke"):
        pairs = taps[kind]
        if not pairs:
            print(f"players acting: no {kind} measured")
            continue
        phones_ms = sorted((seen - sent) * 1000 for sent, seen in pairs)
        gm_ms = sorted((gm - sent) * 1000 for (sent, _seen), gm in zip(pairs, shown[kind]))
        median = statistics.median(phones_ms)
        print(f"a{'n' if kind == 'invoke' else ''} {kind} from a phone ({len(pairs)} taps, the GM typing): on every other "
              f"phone median {median:.1f} ms (target {ACT_TARGET_MS:.0f}: ratio {median / ACT_TARGET_MS:.2f}), "
              f"worst {phones_ms[-1]:.1f} ms; on the GM's Requests panel median "
              f"{statistics.median(gm_ms):.1f} ms, worst {gm_ms[-1]:.1f} ms")
    print(f"  the GM's window meanwhile, longest wait between turns: {meter.words(meter_box[0])} "
          f"(target {GAP_TARGET_MS:.0f}: ratio {meter_box[0][0] * 1000 / GAP_TARGET_MS:.2f})")
    session.play.changed.disconnect(on_screen)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--six":
        asyncio.run(six_phones(sys.argv[2], sys.argv[3:]))
    elif len(sys.argv) > 1 and sys.argv[1] == "--flood":
        asyncio.run(flood(sys.argv[2], sys.argv[3], float(sys.argv[4])))
    elif len(sys.argv) > 1 and sys.argv[1] == "--act":
        asyncio.run(acting(sys.argv[2], sys.argv[4:], int(sys.argv[3])))
    elif len(sys.argv) > 1 and sys.argv[1] == "--crowd":
        asyncio.run(crowd(sys.argv[2], sys.argv[4:], int(sys.argv[3])))
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
