"""The player page in a real browser (Debian's chromium, driven by Selenium; skipped without it):
three emulated phones join by their seats' links and follow their own sheets live; an edit made
through the GM's undo stack reaches them; no message ever carries what the GM hid; bad links and
a foreign page are refused; every socket dropped, and the app started again, ends with every
phone right; axe-core finds nothing serious on the page, which reflows at 200% zoom."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from fate_desk.model.campaign import SituationAspect
from fate_desk.rules.play.fate_points import Reason, change_points
from fate_desk.table.seats import new_token

from table_mode_support import SECRETS, SHOWN_ASPECT, need_browser, page_text, secret_campaign

# One set of browsers where the runner honours groups (make test: --dist loadgroup); each test
# seats the phones it needs itself, so the tests hold wherever they run.
pytestmark = pytest.mark.xdist_group("table-browser")

HEARTBEAT = 3.0  # the app's own (test_table_netns.py cuts a link with a shorter one)
PHONES = {"pc-maren": "en", "pc-tobias": "de", "pc-ines": "en"}
CONNECTED = {"en": "Connected", "de": "Verbunden"}


def until(qtbot, check, timeout: float = 20.0) -> None:
    """Wait for `check()` while the GM's window runs (its queued signals hand out snapshots)."""
    qtbot.waitUntil(lambda: bool(check()), timeout=int(timeout * 1000))


class Table:
    """The GM's side: the campaign with secrets, its document and an open table on loopback."""

    def __init__(self, folder: Path):
        from fate_desk.gui.document import CampaignDocument
        from fate_desk.store.campaign_file import CampaignFile

        self.folder = folder
        self.frames: list[str] = []  # every text frame the server sent, to any phone
        self.path = folder / "secrets.fatedesk"
        self.document = CampaignDocument(CampaignFile.create(self.path, secret_campaign()))
        self.port = 0
        self.session = None
        self.start()

    def start(self) -> None:
        """The table opened (again), by a session made afresh: its seats read from the user's folder."""
        from fate_desk.gui.table_mode.session import TableSession

        with pytest.MonkeyPatch.context() as patch:  # the module's one user folder, as one machine's
            patch.setenv("FATE_DESK_DATA_DIR", str(self.folder / "data"))
            self.session = TableSession(self.document, heartbeat=HEARTBEAT,
                                        record=lambda _d, text: self.frames.append(text))
        self.session.book.auto_allow = True
        self.session.open("127.0.0.1", self.port)
        self.port = self.session.book.port

    def restart(self) -> None:
        """The app closed and started again: the table and the campaign closed, then opened anew."""
        from fate_desk.gui.document import CampaignDocument
        from fate_desk.store.campaign_file import CampaignFile

        self.session.close()
        self.document.close()
        self.document = CampaignDocument(CampaignFile.open(self.path))
        self.start()

    def link(self, character_id: str) -> str:
        return self.session.link(character_id)


@pytest.fixture(scope="module")
def table(qapp, tmp_path_factory):
    need_browser()
    table = Table(tmp_path_factory.mktemp("table"))
    yield table
    table.session.close()
    table.document.close()


@pytest.fixture(scope="module")
def phones(table, browsers):
    return {character_id: browsers(character_id, language) for character_id, language in PHONES.items()}


def joined(qtbot, table, driver, character_id: str) -> None:
    driver.get(table.link(character_id))
    name = table.document.campaign.character(character_id).name
    until(qtbot, lambda: page_text(driver, "name") == name and page_text(driver, "status-text") in CONNECTED.values())


@pytest.fixture
def seated(table, phones, qtbot):
    """Every phone on its own seat, connected (joined again where a test before left it elsewhere)."""
    for character_id, driver in phones.items():
        name = table.document.campaign.character(character_id).name
        if not (driver.current_url.startswith(f"http://127.0.0.1:{table.port}/") and page_text(driver, "name") == name
                and page_text(driver, "status-text") == CONNECTED[PHONES[character_id]]):
            joined(qtbot, table, driver, character_id)
    return phones


def fate_points_shown(driver) -> str:
    return driver.execute_script("const dd = document.querySelector('#stats div:nth-child(2) dd');"
                                 "return dd ? dd.firstChild.textContent : '';")


def test_three_phones_join_by_their_links_and_each_follows_its_own_sheet_in_its_language(table, phones, qtbot):
    for character_id, driver in phones.items():
        joined(qtbot, table, driver, character_id)
        assert "#" not in driver.current_url  # the secret left the address bar at once
        assert page_text(driver, "status-text") == CONNECTED[PHONES[character_id]]
        assert SHOWN_ASPECT in page_text(driver, "scene")
    campaign = table.document.campaign
    for character_id, driver in phones.items():
        body = page_text(driver, "main")
        for other in (c for c in campaign.characters if c.id != character_id):
            assert other.aspects[0].text not in body  # another's sheet, or an NPC's, never shows
    tobias = phones["pc-tobias"]
    assert driver_lang(tobias) == "de" and "Fertigkeiten" in page_text(tobias, "sheet")
    assert tobias.execute_script("return document.getElementById('language').value") == "de"
    maren = phones["pc-maren"]
    from selenium.webdriver.support.ui import Select

    Select(maren.find_element("id", "language")).select_by_value("fr")  # the player's own choice
    until(qtbot, lambda: driver_lang(maren) == "fr" and "Compétences" in page_text(maren, "sheet"))
    Select(maren.find_element("id", "language")).select_by_value("en")
    until(qtbot, lambda: driver_lang(maren) == "en" and "Skills" in page_text(maren, "sheet"))


def driver_lang(driver) -> str:
    return driver.execute_script("return document.documentElement.lang")


def test_an_edit_through_the_gms_undo_stack_reaches_the_phones_and_is_announced(table, seated, qtbot):
    phones = seated
    document = table.document
    maren, ines = phones["pc-maren"], phones["pc-ines"]
    points = document.campaign.character("pc-maren").fate_points
    until(qtbot, lambda: fate_points_shown(maren) == str(points))
    document.edit_campaign(lambda c: change_points(c, "pc-maren", -1, Reason.INVOKE), "Invoke")
    until(qtbot, lambda: fate_points_shown(maren) == str(points - 1))
    assert page_text(maren, "announce") == f"Your sheet changed: Fate points: {points - 1}"
    assert page_text(ines, "announce") == ""  # not Ines's sheet: nothing to say
    document.undo_stack.undo()
    until(qtbot, lambda: fate_points_shown(maren) == str(points))

    def smoke(campaign):
        scene = campaign.scenes[0]
        aspects = [*scene.aspects, SituationAspect(text="Smoke Fills the Lock")]
        return campaign.model_copy(update={"scenes": [scene.model_copy(update={"aspects": aspects})]})

    document.edit_campaign(smoke, "A new situation aspect")
    until(qtbot, lambda: all("Smoke Fills the Lock" in page_text(d, "scene") for d in phones.values()))


def test_bad_links_and_a_foreign_page_are_refused(table, seated, qtbot):
    phones = seated
    ines = phones["pc-ines"]
    ines.get(f"http://127.0.0.1:{table.port}/#{new_token()}")  # a made-up link
    until(qtbot, lambda: "no longer valid" in page_text(ines, "notice"))
    assert page_text(ines, "notice") == "This link is no longer valid: ask your GM for a new one."
    assert ines.execute_script("return localStorage.getItem('fate-desk.token')") is None
    joined(qtbot, table, ines, "pc-ines")
    table.session.renew("pc-ines")  # the GM's "New link for this seat"
    until(qtbot, lambda: "no longer valid" in page_text(ines, "notice"))
    assert ines.find_element("id", "sheet").is_displayed() is False
    joined(qtbot, table, ines, "pc-ines")  # the new link works

    class Foreign(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the standard library's name)
            page = (f"<!doctype html><title>waiting</title><script>const s = new WebSocket('ws://127.0.0.1:"
                    f"{table.port}/ws'); s.onopen = () => {{ document.title = 'opened'; }};"
                    " s.onerror = () => { document.title = 'refused'; };</script>").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    foreign = ThreadingHTTPServer(("127.0.0.1", 0), Foreign)
    threading.Thread(target=foreign.serve_forever, daemon=True).start()
    try:
        ines.get(f"http://127.0.0.1:{foreign.server_address[1]}/")
        until(qtbot, lambda: ines.title in ("opened", "refused"))
        assert ines.title == "refused"
    finally:
        foreign.shutdown()
    joined(qtbot, table, ines, "pc-ines")


def test_every_socket_dropped_and_the_app_started_again_ends_with_every_phone_right(table, seated, qtbot):
    phones = seated
    server = table.session.server

    def drop_every_socket():  # as a dead Wi-Fi access point would: no closing word to anyone
        for device in list(server._devices.values()):
            device.ws.transport.abort()

    before = max(v.device for v in server.devices())
    server._call(drop_every_socket)

    def back() -> bool:  # each phone on a new socket of its own, and saying so
        seats = {v.seat for v in server.devices() if v.state == "in" and v.device > before}
        return seats == set(PHONES) and all(page_text(d, "status-text") in CONNECTED.values() for d in phones.values())

    until(qtbot, back)
    port = table.port
    table.restart()
    assert table.port == port  # the same links: the phones find the table again by themselves
    table.document.edit_campaign(lambda c: change_points(c, "pc-tobias", 2, Reason.OTHER), "Two more")
    points = str(table.document.campaign.character("pc-tobias").fate_points)
    until(qtbot, lambda: fate_points_shown(phones["pc-tobias"]) == points)
    for character_id, driver in phones.items():
        until(qtbot, lambda: page_text(driver, "status-text") == CONNECTED[PHONES[character_id]])
        assert page_text(driver, "name") == table.document.campaign.character(character_id).name
        assert page_text(driver, "notice") == ""


def test_axe_finds_nothing_serious_and_the_page_reflows_at_200_percent(table, seated, qtbot):
    phones = seated
    import selenium_axe_python

    maren = phones["pc-maren"]
    until(qtbot, lambda: page_text(maren, "status-text") == "Connected")
    axe = (Path(selenium_axe_python.__file__).parent / "axe-core" / "axe.min.js").read_text()
    maren.execute_script(axe)  # run by the driver, as axe's own integrations do (the page's CSP is for pages)
    results = json.loads(maren.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done(JSON.stringify({passes: r.passes.length, violations: r.violations})));"))
    assert results["passes"] > 10  # axe looked at the page (headings, labels, contrast, landmarks, ...)
    serious = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]]) for v in results["violations"]
               if v["impact"] in ("serious", "critical")]
    assert serious == []
    for width in (320, 196):  # the reflow width of WCAG 1.4.10, and a 393-pixel phone at 200%
        maren.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": width, "height": 800, "deviceScaleFactor": 2, "mobile": True})
        overflow = maren.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, width
    maren.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 393, "height": 851, "deviceScaleFactor": 2, "mobile": True})


def test_nothing_the_gm_hid_was_in_any_message_or_page(table, seated, qtbot):
    phones = seated
    document = table.document
    document.edit_campaign(lambda c: change_points(c, "pc-ines", 1, Reason.OTHER), "One more")
    points = str(document.campaign.character("pc-ines").fate_points)
    until(qtbot, lambda: fate_points_shown(phones["pc-ines"]) == points)
    assert table.frames  # every frame sent since the table first opened, to every phone
    sent = "\n".join(table.frames)
    pages = "\n".join(driver.page_source for driver in phones.values())
    for secret in SECRETS:
        assert secret not in sent and secret not in pages
