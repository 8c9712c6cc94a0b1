"""Table ▸ Open the table to players' devices…: the GM opens the table from the menu or the
toolbar, reads each seat's code and link, lets devices in or not, gives a seat a new link,
disconnects a device and closes the table; an edit through the undo stack reaches the phone."""

from __future__ import annotations

import socket
import subprocess

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from fate_desk.gui.app import start
from fate_desk.rules.play.fate_points import Reason, change_points

from table_mode_support import PhoneThread, need_tool
from test_gui_startup import _run_fresh


@pytest.fixture
def window(qtbot):
    win = start(QApplication.instance(), None)
    qtbot.addWidget(win)
    win.resize(1280, 800)  # a laptop's screen: the whole toolbar shows (the offscreen default is narrower)
    yield win
    win.close()


def click(qtbot, button) -> None:
    assert button.isEnabled() and button.isVisible(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def opened(window, qtbot):
    """The dialog from the toolbar's button, the table open on this computer alone, any free port."""
    button = window.toolbar.widgetForAction(window.actions["open_table"])
    click(qtbot, button)
    dialog = window.table_mode.dialog
    assert dialog.isVisible()
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(0)
    click(qtbot, dialog.open_button)
    assert window.table_mode.session.is_open
    return dialog


def port_of(dialog) -> int:
    return dialog.session.book.port


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        return True
    except OSError:
        return False


def ws_url(dialog) -> str:
    return f"ws://127.0.0.1:{port_of(dialog)}/ws"


def token_of(dialog, character_id: str) -> str:
    return dialog.cards[character_id].link.text().split("#", 1)[1]


def test_the_gm_opens_the_table_from_the_menu_sees_a_seat_per_player_character_and_closes_it(window, qtbot):
    action = window.actions["open_table"]
    assert action in window.menus["Table"].actions()
    assert window.toolbar.widgetForAction(action) is not None
    action.trigger()
    dialog = window.table_mode.dialog
    assert not dialog.session.is_open and "nothing listens" in dialog.state.text()
    assert [dialog.address.itemData(i) for i in range(dialog.address.count())][-1] == "127.0.0.1"
    assert dialog.width() <= 1280 and dialog.height() <= 800
    close = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Close)
    assert close.isVisible()
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(0)
    click(qtbot, dialog.open_button)
    port = port_of(dialog)
    assert listening(port)
    names = {c.id: c.name for c in window.document.campaign.characters if c.kind.value == "pc"}
    assert list(dialog.cards) == list(names)
    for character_id, card in dialog.cards.items():
        assert card.title.text() == names[character_id]
        assert card.link.text().startswith(f"http://127.0.0.1:{port}/#")
        assert card.state.text() == "No device"
    assert len({token_of(dialog, c) for c in names}) == 3
    click(qtbot, dialog.close_button)
    assert not listening(port) and "nothing listens" in dialog.state.text()


def test_a_seats_qr_code_reads_back_as_its_link(window, qtbot, tmp_path):
    zbarimg = need_tool("zbarimg", "Debian's zbar-tools reads QR codes")
    dialog = opened(window, qtbot)
    card = dialog.cards["pc-tobias"]
    image = tmp_path / "seat.png"
    assert card.qr.grab().save(str(image))  # the code as the dialog draws it on screen
    read = subprocess.run([zbarimg, "--raw", "-q", str(image)], capture_output=True, text=True, timeout=30)
    assert read.stdout.strip() == card.link.text()


def test_a_new_device_waits_for_the_gms_allow_then_follows_an_edit_made_through_the_undo_stack(window, qtbot):
    dialog = opened(window, qtbot)
    phone = PhoneThread(ws_url(dialog), token_of(dialog, "pc-maren"), device="marens-phone-000001")
    try:
        card = dialog.cards["pc-maren"]
        qtbot.waitUntil(lambda: card.allow.isVisible(), timeout=5000)
        assert card.asking.text() == "A device wants Maren Voss’s seat: a web browser at 127.0.0.1."
        assert phone.kinds() == ["waiting"]
        click(qtbot, card.allow)
        qtbot.waitUntil(lambda: phone.last("sheet") is not None and phone.last("scene") is not None, timeout=5000)
        points = window.document.campaign.character("pc-maren").fate_points
        assert phone.last("sheet")["sheet"]["stats"][1]["text"] == str(points)
        qtbot.waitUntil(lambda: card.state.text().startswith("1 device connected"), timeout=5000)
        window.document.edit_campaign(lambda c: change_points(c, "pc-maren", -1, Reason.INVOKE), "Spend a fate point")
        qtbot.waitUntil(lambda: phone.last("sheet")["sheet"]["stats"][1]["text"] == str(points - 1), timeout=5000)
        window.actions["undo"].trigger()
        qtbot.waitUntil(lambda: phone.last("sheet")["sheet"]["stats"][1]["text"] == str(points), timeout=5000)
    finally:
        phone.close()


def test_a_refused_device_is_told_so_and_a_new_link_sends_the_old_one_away(window, qtbot):
    dialog = opened(window, qtbot)
    stranger = PhoneThread(ws_url(dialog), token_of(dialog, "pc-ines"), device="strangers-phone-0001")
    card = dialog.cards["pc-ines"]
    try:
        qtbot.waitUntil(lambda: card.refuse.isVisible(), timeout=5000)
        click(qtbot, card.refuse)
        qtbot.waitUntil(lambda: stranger.closed, timeout=5000)
        assert stranger.last("refused") == {"type": "refused", "reason": "device"}
        assert not card.refuse.isVisible()
    finally:
        stranger.close()
    dialog.auto_allow.setChecked(True)  # "Let devices in without asking"
    old_link = card.link.text()
    ines = PhoneThread(ws_url(dialog), token_of(dialog, "pc-ines"), device="ines-own-phone-0001")
    try:
        qtbot.waitUntil(lambda: ines.last("sheet") is not None, timeout=5000)
        click(qtbot, card.renew)
        assert card.link.text() != old_link
        qtbot.waitUntil(lambda: ines.closed, timeout=5000)
        assert ines.last("refused") == {"type": "refused", "reason": "token"}
    finally:
        ines.close()
    late = PhoneThread(ws_url(dialog), old_link.split("#")[1], device="ines-own-phone-0001")
    try:
        qtbot.waitUntil(lambda: late.closed, timeout=5000)
        assert late.kinds() == ["refused"]
    finally:
        late.close()


def test_the_gm_disconnects_a_device_which_must_ask_again(window, qtbot):
    dialog = opened(window, qtbot)
    dialog.auto_allow.setChecked(True)
    phone = PhoneThread(ws_url(dialog), token_of(dialog, "pc-tobias"), device="tobias-phone-000001")
    try:
        qtbot.waitUntil(lambda: dialog.devices.topLevelItemCount() == 1, timeout=5000)
        item = dialog.devices.topLevelItem(0)
        assert [item.text(0), item.text(2)] == ["Tobias Crane", "connected"]
        dialog.devices.setCurrentItem(item)
        click(qtbot, dialog.disconnect_button)
        qtbot.waitUntil(lambda: phone.closed, timeout=5000)
        assert phone.last("refused") == {"type": "refused", "reason": "disconnected"}
        qtbot.waitUntil(lambda: dialog.devices.topLevelItemCount() == 0, timeout=5000)
    finally:
        phone.close()
    dialog.auto_allow.setChecked(False)
    again = PhoneThread(ws_url(dialog), token_of(dialog, "pc-tobias"), device="tobias-phone-000001")
    try:
        qtbot.waitUntil(lambda: again.kinds() == ["waiting"], timeout=5000)
    finally:
        again.close()


def test_closing_the_app_closes_the_table(window, qtbot):
    dialog = opened(window, qtbot)
    port = port_of(dialog)
    assert listening(port)
    window.close()
    assert not listening(port)


def test_the_tables_modules_load_only_when_the_gm_opens_it(tmp_path):
    code = r'''
import sys
from PySide6.QtWidgets import QApplication
from fate_desk.gui.app import start
app = QApplication([])
window = start(app, None)
heavy = ("fate_desk.table", "websockets", "segno", "fate_desk.gui.table_mode.session", "fate_desk.gui.table_mode.dialog")
print("at start:", sorted(m for m in sys.modules if m.startswith(heavy)))
window.actions["open_table"].trigger()
dialog = window.table_mode.dialog
dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
dialog.port.setValue(0)
dialog.open_button.click()
print("once opened:", all(any(m.startswith(h) for m in sys.modules) for h in heavy))
window.close()
'''
    done = _run_fresh(code, tmp_path)
    assert "at start: []" in done.stdout
    assert "once opened: True" in done.stdout


def test_a_remote_address_gives_every_seat_a_link_and_code_through_the_proxy(window, qtbot):
    dialog = opened(window, qtbot)
    card = dialog.cards["pc-ines"]
    token = token_of(dialog, "pc-ines")
    dialog.public.setFocus()
    qtbot.keyClicks(dialog.public, "table.example.org")  # no scheme: not an address a phone can open
    qtbot.keyClick(dialog.public, Qt.Key.Key_Return)
    assert dialog.public_problem.isVisible() and "not a web address" in dialog.public_problem.text()
    assert card.link.text().startswith("http://127.0.0.1:")
    dialog.public.clear()
    qtbot.keyClicks(dialog.public, "https://Table.Example.org/")
    qtbot.keyClick(dialog.public, Qt.Key.Key_Return)
    assert not dialog.public_problem.isVisible()
    assert card.link.text() == f"https://table.example.org/#{token}"  # the same secret, the proxy's address
    assert card.qr.toolTip() == card.link.text()


def test_a_taken_port_opens_the_table_on_another_and_says_the_links_changed(window, qtbot):
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", 0))
    squatter.listen()
    taken = squatter.getsockname()[1]
    try:
        window.actions["open_table"].trigger()
        dialog = window.table_mode.dialog
        dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
        dialog.port.setValue(taken)
        click(qtbot, dialog.open_button)
        port = port_of(dialog)
        assert port != taken and listening(port) and dialog.port.value() == port
        assert dialog.port_note.isVisible() and f"Port {taken} is taken" in dialog.port_note.text()
        assert dialog.cards["pc-maren"].link.text().startswith(f"http://127.0.0.1:{port}/#")
    finally:
        squatter.close()


def test_the_campaign_read_again_from_disk_keeps_the_table_open_and_another_campaign_closes_it(
        window, qtbot, tmp_path):
    """Seats are a campaign's: the open campaign read again (another program changed its file)
    keeps the table listening and following the campaign as read; opening another closes it."""
    from fate_desk.model import Campaign, Character
    from fate_desk.store.campaign_file import CampaignFile

    dialog = opened(window, qtbot)
    port, session = port_of(dialog), window.table_mode.session
    before = window.document
    assert window.campaigns.reload_document("changed elsewhere", quiet=True)
    qtbot.waitUntil(lambda: not window.document.loading and window.actions["open_table"].isEnabled())
    assert window.document is not before
    assert window.table_mode.session is session and session.is_open and listening(port)
    assert session.document is window.document  # it follows the campaign as read again
    other = tmp_path / "other.fatedesk"
    CampaignFile.create(other, Campaign(name="Elsewhere", characters=[Character(name="Nobody")])).close()
    assert window.campaigns.open_path(other)
    qtbot.waitUntil(lambda: window.table_mode.session is None)
    assert not listening(port)
