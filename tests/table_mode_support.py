"""Helpers for table mode's tests: the sample campaign with the GM's secrets in it, a phone
speaking the protocol (websockets' client), and the system tools the browser tests need."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fate_desk.gui.opening import sample_bundle_path
from fate_desk.store.bundle import read_bundle

# Things only the GM may know: each is in the campaign below, and never in a page or a message.
HIDDEN_ASPECT = "Ambush Waiting in the Rafters"
COUNTDOWN_MEANING = "The Lighthouse Beam Finds the Thing"
COUNTDOWN_NAME = "The Lighthouse Wakes"  # the sample's countdown: boxes only, so its name is the GM's too
SCENE_NOTE = "GM only: Hale paid the bruiser to lose"
CAMPAIGN_NOTE = "GM only: Sluice is Maren's mother"
NPC_ASPECT = "High Priestess of the Drowned Lantern"  # Mother Abigail Sluice's high concept
MONSTER_ASPECT = "Blind in Bright Light"  # the monster's weakness
HIDDEN_ZONE = "Secret Sluice Tunnel"
SECRETS = (HIDDEN_ASPECT, COUNTDOWN_MEANING, COUNTDOWN_NAME, SCENE_NOTE, CAMPAIGN_NOTE, NPC_ASPECT, MONSTER_ASPECT, HIDDEN_ZONE)
SHOWN_ASPECT = "Pitch Dark and Pouring Rain"  # the sample scene's own, shown to the players


def secret_campaign():
    """The sample campaign, its scene holding a hidden aspect, a hidden zone, a countdown the
    players see as boxes only and a GM note, and a GM note on the campaign."""
    from fate_desk.model.campaign import SituationAspect, Zone

    campaign = read_bundle(sample_bundle_path())
    scene = campaign.scenes[0]
    hidden = SituationAspect(text=HIDDEN_ASPECT)
    zone = Zone(name=HIDDEN_ZONE)
    countdown = campaign.countdowns[0].model_copy(update={"outcome": COUNTDOWN_MEANING, "players_see_boxes_only": True})
    play = scene.play.model_copy(update={"hidden": [hidden.id, zone.id]})
    scene = scene.model_copy(update={"aspects": [*scene.aspects, hidden], "zones": [*scene.zones, zone],
                                     "present": [*scene.present, countdown.id], "notes": SCENE_NOTE, "play": play})
    return campaign.model_copy(update={"scenes": [scene], "countdowns": [countdown], "notes": CAMPAIGN_NOTE})


# --- a phone that speaks the protocol directly -----------------------------------------------------


class Phone:
    """A WebSocket client as the page is one: hello first, then whatever the app sends."""

    def __init__(self, url: str, origin: str | None = None):
        self.url = url
        self.origin = origin if origin is not None else "http://" + url.split("://", 1)[1].split("/", 1)[0]
        self.ws = None

    async def __aenter__(self):
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, origin=self.origin, open_timeout=5, max_size=2**20)
        return self

    async def __aexit__(self, *exc):
        await self.ws.close()

    async def hello(self, token: str, device: str = "phone-device-0000001", language: str = "en") -> None:
        await self.send({"type": "hello", "token": token, "device": device, "language": language, "protocol": 1})

    async def send(self, message) -> None:
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    async def next(self, kind: str | None = None, timeout: float = 5.0) -> dict:
        """The next message (of `kind`, skipping others)."""
        while True:
            message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
            if kind is None or message["type"] == kind:
                return message


# --- what the browser tests need ---------------------------------------------------------------------

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def need_browser() -> None:
    """Skip unless Debian's chromium and chromium-driver are installed (tools/table-deps.sh
    installs them when `make test` runs as root)."""
    if not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)):
        pytest.skip("needs Debian's chromium and chromium-driver (tools/table-deps.sh installs them as root)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("needs selenium (pyproject.toml's test extra)")


def need_tool(name: str, why: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"needs {name} ({why}; tools/table-deps.sh installs it as root)")
    return found


def need_root(what: str) -> None:
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip(f"needs root for {what} (CI runs as root)")


def browser_options(profile: Path, phone: bool = True, language: str = "en", size=(393, 851)):
    """Headless chromium as the tests run it: nothing downloaded, nothing synced, a fresh profile."""
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", f"--lang={language}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": language.replace("_", "-")})
    width, height = size
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                         "Chrome/120.0 Mobile Safari/537.36"})
    else:
        options.add_argument(f"--window-size={width},{height}")
    return options


def start_browser(profile: Path, **kwargs):
    """A chromium driven by Debian's chromedriver (Selenium Manager never asked: no download)."""
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=browser_options(profile, **kwargs))


def page_text(driver, element_id: str) -> str:
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : '';",
                                 element_id)


class PhoneThread:
    """A phone on a thread of its own, so the GM's window runs while it talks (qtbot.waitUntil
    waits on `messages`)."""

    def __init__(self, url: str, token: str, device: str = "phone-device-0000001", language: str = "en"):
        import threading

        self.messages: list[dict] = []
        self.closed = False
        self.loop = asyncio.new_event_loop()
        self._hello = {"type": "hello", "token": token, "device": device, "language": language, "protocol": 1}
        self._url = url
        self.ws = None
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._open(), self.loop).result(10)

    async def _open(self):
        from websockets.asyncio.client import connect

        origin = "http://" + self._url.split("://", 1)[1].split("/", 1)[0]
        self.ws = await connect(self._url, origin=origin, open_timeout=5)
        await self.ws.send(json.dumps(self._hello))
        self.loop.create_task(self._read())

    async def _read(self):
        try:
            async for raw in self.ws:
                self.messages.append(json.loads(raw))
        except Exception:  # noqa: BLE001 (any end of the socket ends the phone)
            pass
        self.closed = True

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.messages]

    def last(self, kind: str) -> dict | None:
        return next((m for m in reversed(self.messages) if m["type"] == kind), None)

    def send(self, message: dict) -> None:
        asyncio.run_coroutine_threadsafe(self.ws.send(json.dumps(message)), self.loop).result(5)

    def close(self) -> None:
        if self.ws is not None:
            asyncio.run_coroutine_threadsafe(self.ws.close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


# --- the app in a process of its own, to be killed ---------------------------------------------------

# The app's table alone (no window) on loopback, the seats in "view and act" and let in at once,
# the GM setting Mediocre (+0) against every phone's roll. Its campaign file is on a slow disk:
# each write waits a moment before it starts, so a "done" sent before the write would be on the
# phone while the file still lacks the step, and the kill that follows it would lose the step.
KILLED_APP = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from fate_desk.gui.document import CampaignDocument
    from fate_desk.gui.table_mode.session import TableSession
    from fate_desk.store.campaign_file import CampaignFile
    from fate_desk.table.seats import ACT, SeatBook
    app = QApplication([])
    file = CampaignFile.open(sys.argv[1])
    for name in ("put", "put_many", "remove", "remove_many", "replace_all"):
        def slow(*args, _write=getattr(file, name), **kwargs):
            time.sleep(float(sys.argv[3]))  # the slow disk's seek, before any byte is written
            return _write(*args, **kwargs)
        setattr(file, name, slow)
    document = CampaignDocument(file)
    book = SeatBook(document.campaign.id, path=Path(sys.argv[2]))
    book.auto_allow, book.mode = True, ACT
    session = TableSession(document, book=book)
    session.play.changed.connect(lambda: [session.play.set_opposition(seat, 0) for seat, roll
                                          in list(session.play.rolls.items()) if not roll.against_set])
    session.open("127.0.0.1", 0)
    print(book.port, book.seat("pc-maren").token, flush=True)
    app.exec()
""")
SLOW_WRITE_S = 0.3  # longer than a phone takes to show an answer and the test to kill the app


class AppToKill:
    """The app (KILLED_APP) in a process of its own on `folder`'s campaign (the sample with the
    GM's secrets), its table open: `link` is Maren's seat, `kill()` a SIGKILL, no closing, no
    flushing; `on_disk()` the campaign a restart would find, opened read-only."""

    def __init__(self, folder: Path):
        from fate_desk.store.campaign_file import CampaignFile

        self.path = folder / "killed.fatedesk"
        CampaignFile.create(self.path, secret_campaign()).close()
        self.errors = folder / "app-stderr.txt"  # what the app said, for a failure's message
        with self.errors.open("w") as errors:
            self.process = subprocess.Popen(
                [sys.executable, "-c", KILLED_APP, str(self.path), str(folder / "seats.json"), str(SLOW_WRITE_S)],
                stdout=subprocess.PIPE, stderr=errors, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        words = self.process.stdout.readline().split()
        if len(words) != 2:
            self.close()
            raise AssertionError(f"the app did not open its table (exit code {self.process.returncode})")
        self.port, self.token = words

    @property
    def link(self) -> str:
        return f"http://127.0.0.1:{self.port}/#{self.token}"

    def state(self) -> str:
        """Whether the app still runs, and the end of what it wrote to its error stream."""
        code = self.process.poll()
        said = self.errors.read_text(errors="replace")[-2000:] if self.errors.exists() else ""
        return f"app {'running' if code is None else f'ended with {code}'}; its stderr: {said!r}"

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)  # at once: no closing, no flushing, nothing
        self.process.wait(10)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        self.process.stdout.close()

    def on_disk(self):
        from fate_desk.store.campaign_file import CampaignFile

        reopened = CampaignFile.open(self.path, readonly=True)
        try:
            return reopened.campaign
        finally:
            reopened.close()
