"""A conflict played from phones in a real browser (Debian's chromium, driven by Selenium, two
emulated phones; skipped without it), the GM's side being the table's session: Ines attacks from
her phone with the GM's dice, a double tap rolls once, her invoke waits for the GM's nod ("Waiting
for the GM"), the GM allows it and sets the opposition, she finishes and the roll is in the roll log
"from Ines's phone"; Tobias, in German, sees her dice, accepts a compel the GM offered, takes a hit
with the desktop's choices and concedes; the GM's undo reaches Ines's page; a pause reaches the
GM. Every step goes through real clicks on the page; after each, every fate point held is one
the ledger gave. axe-core finds nothing serious on the new screens, which reflow at 200% zoom,
and no message sent to any phone carries what the GM hid. A roll the page calls done is in the
campaign after the app is killed that instant; a note the campaign file cannot take is "not done"
on the page.

Set FATE_DESK_TABLE_SHOTS to a folder to keep a phone-size screenshot of each new screen."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from fate_desk.model import ConflictKind
from fate_desk.rules import get_ruleset
from fate_desk.rules.encounters.conflict import participant, start_conflict
from fate_desk.rules.play.actions import roll_log
from fate_desk.rules.play.fate_points import GM
from fate_desk.rules.play.roll import Dice
from fate_desk.rules.play.table import current_scene
from fate_desk.table.seats import ACT

from table_mode_support import SECRETS, AppToKill, need_browser, page_text, secret_campaign

pytestmark = pytest.mark.xdist_group("table-browser")

RULES = get_ruleset("fate-condensed")


def until(qtbot, check, timeout: float = 20.0) -> None:
    qtbot.waitUntil(lambda: bool(check()), timeout=int(timeout * 1000))


def held(campaign) -> dict[str, int]:
    out = {c.id: c.fate_points + c.pending_fate_points + c.carried_fate_points for c in campaign.characters}
    out[GM] = campaign.gm_fate_points
    return out


def ledgered(campaign) -> dict[str, int]:
    out: dict[str, int] = {}
    for log in campaign.sessions:
        for entry in log.fate_points:
            out[entry.who] = out.get(entry.who, 0) + entry.change
    return out


class Table:
    """The GM's side: a conflict running (Ines first), the table open in "view and act", each
    invoke waiting for the GM's nod, and every frame sent to any phone kept."""

    def __init__(self, folder: Path):
        from fate_desk.gui.document import CampaignDocument
        from fate_desk.gui.table_mode.session import TableSession
        from fate_desk.store.campaign_file import CampaignFile

        campaign = secret_campaign()
        scene = current_scene(campaign)
        sides = [participant(campaign, "PCs", ["pc-ines"]), participant(campaign, "PCs", ["pc-tobias"]),
                 participant(campaign, "Syndicate", ["npc-bruiser"])]
        campaign = start_conflict(campaign, scene.id, RULES, ConflictKind.PHYSICAL, sides, first=sides[0].id)
        self.document = CampaignDocument(CampaignFile.create(folder / "conflict.fatedesk", campaign))
        self.frames: list[str] = []
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("FATE_DESK_DATA_DIR", str(folder / "data"))
            self.session = TableSession(self.document, heartbeat=3.0, dice=Dice(38),
                                        record=lambda _d, text: self.frames.append(text))
        book = self.session.book
        book.auto_allow, book.mode, book.invoke_nod = True, ACT, True
        self.session.open("127.0.0.1", 0)
        self.play = self.session.play
        self.start_held, self.start_ledger = held(campaign), ledgered(campaign)

    def balanced(self) -> bool:
        """Every fate point anyone holds came or went through a line of the ledger."""
        now, book = held(self.document.campaign), ledgered(self.document.campaign)
        return all(now.get(w, 0) - self.start_held.get(w, 0) == book.get(w, 0) - self.start_ledger.get(w, 0)
                   for w in set(now) | set(book))


@pytest.fixture(scope="module")
def table(qapp, tmp_path_factory):
    need_browser()
    table = Table(tmp_path_factory.mktemp("conflict"))
    yield table
    table.session.close()
    table.document.close()


def shot(driver, name: str) -> None:
    folder = os.environ.get("FATE_DESK_TABLE_SHOTS")
    if folder:
        driver.save_screenshot(str(Path(folder) / f"{name}.png"))


def click(driver, selector: str) -> None:
    """A real tap on the element (scrolled into view first, as a finger would find it)."""
    element = driver.find_element("css selector", selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def axe_serious(driver) -> list:
    import selenium_axe_python

    driver.execute_script((Path(selenium_axe_python.__file__).parent / "axe-core" / "axe.min.js").read_text())
    results = json.loads(driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then(r => done(JSON.stringify(r.violations)));"))
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in results if v["impact"] in ("serious", "critical")]


def sideways(driver) -> list[int]:
    """The widths at which the page scrolls sideways: WCAG 1.4.10's 320, and this phone at 200% zoom."""
    wide = []
    for width in (320, 196):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 800, "deviceScaleFactor": 2, "mobile": True})
        if driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth") > 0:
            wide.append(width)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 393, "height": 851, "deviceScaleFactor": 2, "mobile": True})
    return wide


def joined(qtbot, table, driver, character_id: str) -> None:
    driver.get(table.session.link(character_id))
    name = table.document.campaign.character(character_id).name
    until(qtbot, lambda: page_text(driver, "name") == name and driver.find_elements("css selector", "#play-body form"))


def test_a_conflict_played_from_two_phones_mints_nothing_and_the_history_says_who_did_what(table, browsers, qtbot):
    from selenium.webdriver.support.ui import Select

    ines, tobias = browsers("pc-ines", "en"), browsers("pc-tobias", "de")
    joined(qtbot, table, ines, "pc-ines")
    joined(qtbot, table, tobias, "pc-tobias")
    document, play = table.document, table.play
    campaign = document.campaign
    points = {seat: campaign.character(seat).fate_points for seat in ("pc-ines", "pc-tobias")}
    logged = len(roll_log(campaign))
    shot(ines, "1-roll")

    # Ines attacks with Fight: the GM's dice; a double tap (two taps before any answer) rolls once.
    Select(ines.find_element("css selector", "select[name=skill]")).select_by_value("Fight")
    Select(ines.find_element("css selector", "select[name=action]")).select_by_value("attack")
    ines.execute_script("const b = document.querySelector('button[name=roll]'); b.click(); b.click();")
    until(qtbot, lambda: "pc-ines" in play.rolls and ines.find_elements("css selector", ".roll .effort-value"))
    until(qtbot, lambda: "still on the table" in page_text(ines, "said"))  # the second tap, refused in words
    thrown = play.rolls["pc-ines"].roll
    assert page_text(ines, "play-body").count("Your roll") == 1
    assert "The GM sets the opposition." in page_text(ines, "play-body")
    # Everyone at the table sees the dice (Tobias, in German).
    until(qtbot, lambda: "Ines Okafor" in page_text(tobias, "play-body"))
    assert "die SL legt die Opposition fest" in page_text(tobias, "play-body")
    shot(ines, "2-rolled")

    # An invoke of her own aspect for +2, paid with a fate point: it waits for the GM's nod.
    aspect = Select(ines.find_element("css selector", "select[name=aspect]"))
    aspect.select_by_index(0)
    click(ines, "button[name=invoke]")
    until(qtbot, lambda: "Waiting for the GM" in page_text(ines, "play-body"))
    request = next(r for r in play.requests.values() if r.kind == "invoke")
    assert request.seat == "pc-ines"
    shot(ines, "3-waiting")
    assert axe_serious(ines) == []
    assert sideways(ines) == []
    play.decide(request.id, True)  # the GM's Allow
    play.set_opposition("pc-ines", 0)  # the bruiser defends at Mediocre (+0)
    until(qtbot, lambda: ines.find_elements("css selector", ".roll .outcome")
          and "Waiting for the GM" not in page_text(ines, "play-body"))
    assert play.rolls["pc-ines"].roll.invoke_bonus == 2 and play.rolls["pc-ines"].roll.throws == thrown.throws
    shot(ines, "4-outcome")
    click(ines, "button[name=finish]")
    until(qtbot, lambda: "pc-ines" not in play.rolls and "Done" in page_text(ines, "said"))
    campaign = document.campaign
    assert campaign.character("pc-ines").fate_points == points["pc-ines"] - 1  # one, for the invoke
    assert len(roll_log(campaign)) == logged + 1  # the double tap rolled once
    assert "(from Ines Okafor’s phone)" in roll_log(campaign)[-1]
    assert document.undo_stack.undoText() == "Roll Fight (from Ines Okafor’s phone)"
    assert table.balanced()

    # The GM undoes it: the point comes back, and Ines's page hears of it.
    document.undo_stack.undo()
    until(qtbot, lambda: "The GM undid: Roll Fight" in page_text(ines, "said"))
    assert document.campaign.character("pc-ines").fate_points == points["pc-ines"] and table.balanced()
    document.undo_stack.redo()

    # A compel the GM offers Tobias: he accepts on his phone, in German, and gains a point.
    offer = play.offer_compel("pc-tobias", "The Drowned Lantern Wants Me Back")
    until(qtbot, lambda: tobias.find_elements("css selector", f"button[name=accept-{offer.id}]"))
    shot(tobias, "5-compel")
    assert axe_serious(tobias) == []
    click(tobias, f"button[name=accept-{offer.id}]")
    until(qtbot, lambda: document.campaign.character("pc-tobias").fate_points == points["pc-tobias"] + 1)
    until(qtbot, lambda: "Erledigt" in page_text(tobias, "said"))
    assert document.undo_stack.undoText() == "Accept a compel (from Tobias Crane’s phone)" and table.balanced()

    # The GM hands Tobias a hit of 3: he takes it on his phone, with the desktop's choices.
    prompt = play.ask_hit("pc-tobias", 3, "physical", attacker="npc-bruiser")
    until(qtbot, lambda: tobias.find_elements("css selector", f"button[name=take-{prompt.id}]"))
    shot(tobias, "6-hit")
    assert axe_serious(tobias) == [] and sideways(tobias) == []
    ways = tobias.find_elements("css selector", f"input[name=way-{prompt.id}]")
    with_name = next(w for w in ways if tobias.find_elements("css selector", f"input[name^=name-{prompt.id}-{w.get_attribute('value')}-]"))
    tobias.execute_script("arguments[0].scrollIntoView({block: 'center'})", with_name)
    with_name.click()
    tobias.find_element("css selector", f"input[name^=name-{prompt.id}-{with_name.get_attribute('value')}-]").send_keys(
        "Gebrochene Rippe")
    click(tobias, f"button[name=take-{prompt.id}]")
    until(qtbot, lambda: any(c.text == "Gebrochene Rippe" for c in document.campaign.character("pc-tobias").consequences))
    assert document.undo_stack.undoText().startswith("Take a hit of 3 shifts (from Tobias Crane’s phone)")
    assert table.balanced()

    # Tobias concedes, once: the points come at the conflict's end (Fate Condensed, "Conceding").
    until(qtbot, lambda: tobias.find_elements("css selector", "button[name=concede]"))
    shot(tobias, "7-concede")
    click(tobias, "button[name=concede]")
    click(tobias, "button[name=concede-yes]")
    conflict = lambda: current_scene(document.campaign).play.conflict  # noqa: E731
    until(qtbot, lambda: any(p.conceded for p in conflict().participants if "pc-tobias" in p.members))
    until(qtbot, lambda: not tobias.find_elements("css selector", "button[name=concede]"))  # offered no more
    assert document.campaign.character("pc-tobias").fate_points == points["pc-tobias"] + 1 and table.balanced()

    # Ines presses Pause: the GM hears of it at once; only the GM resumes.
    paused = []
    play.paused.connect(paused.append)
    click(ines, "button[name=pause]")
    until(qtbot, lambda: paused == [True] and play.is_paused)
    until(qtbot, lambda: ines.find_elements("css selector", ".paused"))
    shot(ines, "8-paused")
    play.resume()
    until(qtbot, lambda: not ines.find_elements("css selector", ".paused"))

    # Nothing the GM hid left the machine, in any frame to any phone.
    sent = "\n".join(table.frames)
    assert '"type": "play"' in sent or '"type":"play"' in sent
    for secret in SECRETS:
        assert secret not in sent


def said(driver) -> tuple[str, str]:
    """What the page says of the last tap (its status line), and whether it is done or not."""
    text, kind = driver.execute_script("const s = document.getElementById('said'); return [s.textContent, s.dataset.kind];")
    return text, kind or ""


def test_a_roll_a_phone_shows_done_is_in_the_campaign_after_the_app_is_killed_at_once(browsers, qtbot, tmp_path):
    """The app in a process of its own, its file on a slow disk: Maren rolls Notice to overcome
    and finishes the roll on her page; the moment the page says it is done, the app is killed
    (SIGKILL). The campaign, opened again, has the roll in its log. Had the app said "done"
    before the write, the page would say it while the disk is still busy, and the roll is lost."""
    from selenium.webdriver.support.ui import Select

    need_browser()
    app = AppToKill(tmp_path)
    try:
        maren = browsers("pc-maren")
        maren.get(app.link)
        try:
            until(qtbot, lambda: page_text(maren, "name") == "Maren Voss"
                  and maren.find_elements("css selector", "#play-body button[name=roll]"), timeout=40)
        except Exception as exc:  # say what the page and the app showed instead
            body = maren.execute_script("return document.body.innerText")
            raise AssertionError(f"Maren's page did not show her sheet: {body[:600]!r}; {app.state()}") from exc
        Select(maren.find_element("css selector", "select[name=skill]")).select_by_value("Notice")
        Select(maren.find_element("css selector", "select[name=action]")).select_by_value("overcome")
        click(maren, "button[name=roll]")
        # The GM's dice, then the GM's opposition (Mediocre (+0)): the outcome, and Done to tap.
        until(qtbot, lambda: maren.find_elements("css selector", ".roll .outcome")
              and maren.find_element("css selector", "button[name=finish]").is_enabled())
        boost = maren.find_element("css selector", "input[name=boost]")
        if boost.is_displayed():  # a tie the rule set pays with a boost: the player names it
            boost.send_keys("Sure Footing")
        click(maren, "button[name=finish]")
        until(qtbot, lambda: said(maren) == ("Done: the roll is in the roll log.", "done"))
        app.kill()
        maren.execute_script("document.getElementById('said').scrollIntoView({block: 'center'})")
        shot(maren, "10-done-then-killed")
    finally:
        app.close()
    log = roll_log(app.on_disk())
    assert log, "the roll the page called done is not in the campaign"
    assert log[-1].startswith("Maren Voss: Overcome with Notice") and "(from Maren Voss’s phone)" in log[-1]


def test_a_note_the_campaign_file_cannot_take_is_not_done_on_the_phone(table, browsers, qtbot, monkeypatch):
    """The disk is full: Ines saves her notes from her page, and the page says it is not done
    (and why); nothing is in the campaign and no step in the GM's history."""
    from fate_desk.store.campaign_file import CampaignFileError

    ines = browsers("pc-ines")
    joined(qtbot, table, ines, "pc-ines")
    document = table.document
    steps, notes = document.undo_stack.count(), document.campaign.character("pc-ines").notes

    def full_disk(*_args, **_kwargs):
        raise CampaignFileError(str(document.path), "could not be saved (the disk is full)")

    monkeypatch.setattr(document.file, "put_many", full_disk)
    edit = ines.find_element("css selector", "#notes-edit")
    ines.execute_script("arguments[0].scrollIntoView({block: 'center'})", edit)
    edit.clear()
    edit.send_keys("The key is under the third lantern")
    click(ines, "#notes-save")
    until(qtbot, lambda: said(ines)[1] in ("bad", "done"))
    # Where she tapped, far below the answer's line at the top of Play, the answer shows at
    # the foot of her screen.
    shot(ines, "9-not-done-where-she-tapped")
    toast = ines.find_element("css selector", "#toast")
    top, bottom = ines.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom];", toast)
    assert toast.is_displayed() and 0 <= top and bottom <= ines.execute_script("return window.innerHeight")
    assert toast.text == "Not done: Fate Desk could not save it. Tell your GM."
    ines.execute_script("document.getElementById('said').scrollIntoView({block: 'center'})")
    until(qtbot, lambda: not toast.is_displayed())  # the line itself in sight: said once on screen
    shot(ines, "9-not-done")
    assert said(ines) == ("Not done: Fate Desk could not save it. Tell your GM.", "bad")
    assert document.undo_stack.count() == steps and document.campaign.character("pc-ines").notes == notes
