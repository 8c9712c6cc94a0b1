"""A phone on another address, in a network namespace of its own joined to this one by a veth
pair (needs root and `ip netns`; skipped elsewhere, with the reason): it joins the table by its
link; its link cut for longer than the heartbeat shows "Not connected" on the page within the
heartbeat's time, and the page is connected again by itself once the link is back."""

from __future__ import annotations

import os
import random
import subprocess
import time

import pytest

from table_mode_support import CHROMEDRIVER, browser_options, need_browser, need_root, need_tool, page_text, \
    secret_campaign

pytestmark = pytest.mark.xdist_group("table-browser")

HEARTBEAT = 1.5
DEAD_AFTER = 2 * HEARTBEAT + 0.5  # the page's own rule (page/connection.js): two heartbeats unheard


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


class Namespace:
    """The phone's network: a namespace with two veth pairs to this one, the table's link (cut
    by the test) and the driver's link (never cut, so the test can still read the page)."""

    def __init__(self):
        tag = f"{os.getpid() % 10000}{random.randrange(100)}"
        self.name = f"fdphone{tag}"
        self.table_side, self.control_side = f"fdt{tag}", f"fdc{tag}"
        third = random.randrange(1, 250)
        self.table_host, self.phone_address = f"10.231.{third}.1", f"10.231.{third}.2"
        self.control_host, self.control_address = f"10.232.{third}.1", f"10.232.{third}.2"
        ip("netns", "add", self.name)
        try:
            for here, there, near, far in ((self.table_side, f"{self.table_side}p", self.table_host, self.phone_address),
                                           (self.control_side, f"{self.control_side}p", self.control_host,
                                            self.control_address)):
                ip("link", "add", here, "type", "veth", "peer", "name", there)
                ip("link", "set", there, "netns", self.name)
                ip("addr", "add", f"{near}/30", "dev", here)
                ip("link", "set", here, "up")
                ip("-n", self.name, "addr", "add", f"{far}/30", "dev", there)
                ip("-n", self.name, "link", "set", there, "up")
            ip("-n", self.name, "link", "set", "lo", "up")
        except Exception:
            self.remove()
            raise

    def cut(self, on: bool) -> None:
        ip("link", "set", self.table_side, "down" if on else "up")

    def remove(self) -> None:
        for link in (self.table_side, self.control_side):
            subprocess.run(["ip", "link", "del", link], capture_output=True, timeout=20)
        subprocess.run(["ip", "netns", "del", self.name], capture_output=True, timeout=20)


@pytest.fixture
def network():
    need_root("network namespaces (ip netns) and veth pairs")
    need_tool("ip", "iproute2 makes the namespaces")
    need_browser()
    try:
        namespace = Namespace()
    except (subprocess.CalledProcessError, OSError) as exc:
        pytest.skip(f"network namespaces are not available here ({exc})")
    yield namespace
    namespace.remove()


@pytest.fixture
def phone(network, tmp_path):
    """Chromium in the phone's namespace, driven over the control link."""
    from selenium import webdriver

    os.environ["SE_OFFLINE"] = "true"
    port = 9515
    driver_process = subprocess.Popen(
        ["ip", "netns", "exec", network.name, CHROMEDRIVER, f"--port={port}", f"--allowed-ips={network.control_host}",
         "--allowed-origins=*"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://{network.control_address}:{port}"
    driver = None
    try:
        for _try in range(100):
            try:
                driver = webdriver.Remote(command_executor=url, options=browser_options(tmp_path / "profile"))
                break
            except Exception:  # noqa: BLE001 (the driver is still starting)
                time.sleep(0.1)
        assert driver is not None, "chromedriver did not start in the phone's namespace"
        yield driver
    finally:
        if driver is not None:
            driver.quit()
        driver_process.terminate()
        driver_process.wait(10)


def test_a_phone_on_another_address_joins_and_shows_a_cut_link_within_the_heartbeat(network, phone, qtbot, tmp_path):
    from fate_desk.gui.document import CampaignDocument
    from fate_desk.gui.table_mode.session import TableSession
    from fate_desk.store.campaign_file import CampaignFile

    document = CampaignDocument(CampaignFile.create(tmp_path / "net.fatedesk", secret_campaign()))
    session = TableSession(document, heartbeat=HEARTBEAT)
    session.book.auto_allow = True
    try:
        from fate_desk.table.addresses import Address, machine_addresses

        offered = machine_addresses()  # what the dialog's Address list holds
        assert Address(network.table_host, network.table_side) in offered and offered[-1].host == "127.0.0.1"
        session.open(network.table_host, 0)
        link = session.link("pc-maren")
        assert link.startswith(f"http://{network.table_host}:")
        phone.get(link)
        qtbot.waitUntil(lambda: page_text(phone, "status-text") == "Connected" and page_text(phone, "name") == "Maren Voss",
                        timeout=15000)
        assert [d.label for d in session.devices()] == [f"android {network.phone_address}"]
        network.cut(True)
        cut_at = time.monotonic()
        qtbot.waitUntil(lambda: page_text(phone, "status-text") == "Not connected", timeout=int(3 * DEAD_AFTER * 1000))
        print(f"'Not connected' {time.monotonic() - cut_at:.1f} s after the cut (heartbeat {HEARTBEAT} s)")
        time.sleep(HEARTBEAT)  # longer than a heartbeat: it stays so while the link is down
        assert page_text(phone, "status-text") != "Connected"
        network.cut(False)
        qtbot.waitUntil(lambda: page_text(phone, "status-text") == "Connected", timeout=20000)
        assert page_text(phone, "name") == "Maren Voss"
    finally:
        session.close()
        document.close()


def test_one_address_on_the_network_cannot_take_every_place_at_the_table(network, tmp_path):
    """A stranger on the Wi-Fi holding sockets open without a word: past a dozen from one address,
    the rest are refused at the door, and the table keeps room for the players."""
    import sys

    from fate_desk.table.server import MAX_PER_ADDRESS, TableServer

    server = TableServer(lambda event: None)
    host, port = server.start(network.table_host, 0)
    stranger = f"""
import asyncio
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
async def one():
    try:
        return await connect("ws://{host}:{port}/ws", origin="http://{host}:{port}", open_timeout=30)  # slow only on a loaded machine
    except InvalidStatus as refused:
        return refused.response.status_code
async def main():
    held = []
    for _n in range({MAX_PER_ADDRESS + 4}):
        held.append(await one())
    print(sum(1 for h in held if h == 503))
asyncio.run(main())
"""
    try:
        done = subprocess.run(["ip", "netns", "exec", network.name, sys.executable, "-c", stranger],
                              capture_output=True, text=True, timeout=240)
        assert done.stdout.strip() == "4", done.stderr
    finally:
        server.stop(wait=True)
