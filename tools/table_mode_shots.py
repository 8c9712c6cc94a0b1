"""Screenshots of table mode: the GM's dialog (a phone connected, another asking for a seat), the
player page in headless chromium, a phone's roll waiting for the GM's nod and the GM's Requests
panel, on a phone (393x851) and a laptop (1280x800), in English,
German and Russian. Needs Debian's chromium and chromium-driver (tools/table-deps.sh).

    python tools/table_mode_shots.py OUT          every picture, full size, into OUT/
    python tools/table_mode_shots.py --docs       the few docs/table-mode.md shows, small, into docs/images/
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def small_png(source: Path, target: Path, colours: int = 64, width: int | None = None) -> None:
    """A picture for the docs: `width` pixels wide at most, a palette of `colours`, so it stays
    a few tens of kB."""
    from PIL import Image

    with Image.open(source) as image:
        image = image.convert("RGB")
        if width and image.width > width:
            image = image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)
        image.quantize(colours, dither=Image.Dither.NONE).save(target, optimize=True)


def main(argv: list[str]) -> int:
    docs = argv[:1] == ["--docs"]
    out = ROOT / "docs" / "images" if docs else Path(argv[0] if argv else "shots/table-mode")
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-table-shots-"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["FATE_DESK_DATA_DIR"] = str(scratch / "data")
    os.environ["XDG_CONFIG_HOME"] = str(scratch / "config")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(scratch / "settings"))
    app = QApplication([])
    from fate_desk.gui.app import start
    from fate_desk.model import ConflictKind
    from fate_desk.rules.creation.loader import get_ruleset
    from fate_desk.rules.encounters.conflict import participant, start_conflict

    from table_mode_support import PhoneThread, start_browser

    window = start(app, None)
    for _turn in range(50):
        app.processEvents()
    document = window.document

    def fight(campaign):
        ours = [participant(campaign, "Player characters", [pc]) for pc in ("pc-maren", "pc-ines")]
        theirs = participant(campaign, "Opposition", ["npc-bruiser"])
        return start_conflict(campaign, campaign.scenes[0].id, get_ruleset(campaign.ruleset), ConflictKind.PHYSICAL,
                              [*ours, theirs], ours[1].id)

    document.edit_campaign(fight, "A fight at the lock gates")
    dialog = window.table_mode.open_dialog()
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(0)
    dialog.auto_allow.setChecked(True)
    dialog.open_table()
    session = window.table_mode.session

    def pump(seconds: float, until=None) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (until and until()):
            app.processEvents()
            time.sleep(0.01)

    def page(language: str, size, character_id: str, name: str, phone: bool = True) -> None:
        driver = start_browser(scratch / f"profile-{name}", phone=phone, language=language, size=size)
        try:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",  # the page's own size, not the window's
                                   {"width": size[0], "height": size[1], "deviceScaleFactor": 2 if phone else 1,
                                    "mobile": phone})
            driver.get(session.link(character_id))
            pump(20, lambda: driver.execute_script(
                "return document.getElementById('status').dataset.state === 'connected' "
                "&& !document.getElementById('scene').hidden"))
            pump(0.5)
            target = out / f"table-page-{name}.png"
            driver.save_screenshot(str(target))
            if not docs:  # the whole page too, to read it through
                import base64

                full = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True,
                                                                         "format": "png"})
                (out / f"table-page-{name}-whole.png").write_bytes(base64.b64decode(full["data"]))
            else:
                small_png(target, target, width=size[0])
        finally:
            driver.quit()

    page("en", (393, 851), "pc-ines", "phone-en")
    if not docs:
        page("de", (393, 851), "pc-ines", "phone-de")
        page("ru", (393, 851), "pc-maren", "phone-ru")
        page("en", (1280, 800), "pc-ines", "laptop-en", phone=False)
        page("de", (1280, 800), "pc-tobias", "laptop-de", phone=False)

    # The dialog as a GM sees it: Ines's phone in, and a device asking for Maren's seat.
    phone = PhoneThread(f"ws://127.0.0.1:{session.book.port}/ws", session.link("pc-ines").split("#")[1],
                        device="ines-phone-for-the-picture")
    dialog.auto_allow.setChecked(False)
    knock = PhoneThread(f"ws://127.0.0.1:{session.book.port}/ws", session.link("pc-maren").split("#")[1],
                        device="a-phone-asking-for-maren")
    pump(3, lambda: dialog.cards["pc-maren"].allow.isVisible() and dialog.devices.topLevelItemCount() >= 2)
    dialog.resize(1000, 760)
    pump(0.3)
    target = out / "table-dialog.png"
    dialog.grab().save(str(target))
    if docs:
        small_png(target, target, colours=96)
    phone.close()
    knock.close()

    # Playing from a phone (issue 38): Ines rolls Fight to attack and invokes an aspect, which
    # waits for the GM's nod; the GM's Requests panel shows both.
    dialog.auto_allow.setChecked(True)
    dialog.view_act.setChecked(True)
    dialog.nod.setChecked(True)
    driver = start_browser(scratch / "profile-play", phone=True, language="en", size=(393, 851))
    try:
        from selenium.webdriver.support.ui import Select

        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 393, "height": 851, "deviceScaleFactor": 2, "mobile": True})
        driver.get(session.link("pc-ines"))
        pump(20, lambda: driver.find_elements("css selector", "button[name=roll]"))
        Select(driver.find_element("css selector", "select[name=skill]")).select_by_value("Fight")
        Select(driver.find_element("css selector", "select[name=action]")).select_by_value("attack")
        driver.find_element("css selector", "button[name=roll]").click()
        pump(10, lambda: driver.find_elements("css selector", "button[name=invoke]"))
        driver.find_element("css selector", "button[name=invoke]").click()
        pump(10, lambda: driver.find_elements("css selector", ".roll .waiting"))
        driver.execute_script("window.scrollTo(0, document.getElementById('play').offsetTop - 60)")
        pump(0.5)
        target = out / "table-play-phone-en.png"
        driver.save_screenshot(str(target))
        if docs:
            small_png(target, target, width=393)
        dock = window.table_mode.requests_dock()
        dock.setFloating(True)
        dock.show()
        dock.resize(460, 330)
        pump(0.5)
        target = out / "table-requests.png"
        dock.grab().save(str(target))
        if docs:
            small_png(target, target, colours=96)
    finally:
        driver.quit()
    window.table_mode.close()
    window.close()
    print(f"table mode pictures in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
