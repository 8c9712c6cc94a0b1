"""The GM's side of players acting from their phones (issue 38), in the main window: Table ▸
Open the table… set to "view and act" with invokes waiting for the GM's nod; Table ▸ Players'
requests shows each request with who sent it, and the GM answers with its buttons: sets a
phone roll's opposition, allows an invoke, gives a landed attack's hit to its target through
the desktop's Take a hit; hands a hit to a player's phone from Take a hit and answers it for an
absent player; offers a compel on the phone from the Compel dialog and answers it for them;
sees a pause at once and resumes the game. A phone speaks the protocol over a real socket."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from fate_desk.gui.app import start
from fate_desk.model import ConflictKind
from fate_desk.rules import get_ruleset
from fate_desk.rules.encounters.conflict import participant, start_conflict
from fate_desk.rules.play.actions import roll_log
from fate_desk.rules.play.table import current_scene
from fate_desk.store.campaign_file import CampaignFile

from table_mode_support import PhoneThread, secret_campaign

RULES = get_ruleset("fate-condensed")


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("FATE_DESK_DATA_DIR", str(tmp_path / "data"))
    campaign = secret_campaign()
    scene = current_scene(campaign)
    sides = [participant(campaign, "PCs", ["pc-ines"]), participant(campaign, "PCs", ["pc-maren"]),
             participant(campaign, "Syndicate", ["npc-bruiser"])]
    campaign = start_conflict(campaign, scene.id, RULES, ConflictKind.PHYSICAL, sides, first=sides[0].id)
    path = tmp_path / "requests.fatedesk"
    CampaignFile.create(path, campaign).close()
    win = start(QApplication.instance(), str(path))
    qtbot.addWidget(win)
    phones: list[PhoneThread] = []
    win.test_phones = phones
    yield win
    for phone in phones:
        phone.close()
    win.close()


def open_table(window, qtbot):
    """Table ▸ Open the table…: loopback, any port, devices let in, view and act, invokes nodded."""
    window.actions["open_table"].trigger()
    dialog = window.table_mode.dialog
    dialog.address.setCurrentIndex(dialog.address.findData("127.0.0.1"))
    dialog.port.setValue(0)
    click(qtbot, dialog.view_act)
    click(qtbot, dialog.nod)
    if not dialog.auto_allow.isChecked():
        click(qtbot, dialog.auto_allow)
    click(qtbot, dialog.open_button)
    session = window.table_mode.session
    assert session.is_open and session.book.mode == "act" and session.book.invoke_nod
    dialog.close()
    return session


def phone(window, qtbot, character_id: str) -> PhoneThread:
    session = window.table_mode.session
    device = f"{character_id}-phone".ljust(16, "0")
    thread = PhoneThread(f"ws://127.0.0.1:{session.book.port}/ws", session.book.seat(character_id).token, device=device)
    window.test_phones.append(thread)
    qtbot.waitUntil(lambda: thread.last("play") is not None, timeout=8000)
    return thread


def act(qtbot, thread: PhoneThread, ref: int, kind: str, **fields) -> dict:
    thread.send({"type": "act", "kind": kind, "ref": ref, **fields})
    qtbot.waitUntil(lambda: any(m["type"] == "answer" and m["ref"] == ref for m in thread.messages), timeout=8000)
    return next(m for m in thread.messages if m["type"] == "answer" and m["ref"] == ref)


def test_the_gm_answers_a_phones_roll_invoke_and_attack_from_the_requests_dock(window, qtbot):
    session = open_table(window, qtbot)
    window.actions["toggle_requests"].trigger()
    dock = window.table_mode.requests
    assert dock.isVisible()
    ines = phone(window, qtbot, "pc-ines")
    before = window.document.campaign.character("pc-ines").fate_points
    assert act(qtbot, ines, 1, "roll", skill="Fight", action="attack", dice=None)["done"]
    qtbot.waitUntil(lambda: dock.card_for("opposition", "pc-ines") is not None)
    card = dock.card_for("opposition", "pc-ines")
    assert card.title.text().startswith("<b>Ines Okafor</b>: rolled Fight to attack")
    card.against.setValue(0)
    click(qtbot, card.buttons["set"])
    roll = session.play.rolls["pc-ines"]
    assert roll.against_set and roll.roll.difficulty == 0
    qtbot.waitUntil(lambda: bool((ines.last("play")["play"]["roll"] or {}).get("outcome")))
    own = ines.last("play")["play"]["roll"]["aspects"][0][0]
    assert act(qtbot, ines, 2, "invoke", roll=roll.id, aspect=own, reroll=False, free=False, dice=None)["done"]
    qtbot.waitUntil(lambda: dock.card_for("invoke", "pc-ines") is not None)
    invoke = dock.card_for("invoke", "pc-ines")
    assert "asks to invoke “Retired Prizefighter with a Debt to Settle”: +2 (for a fate point)" in invoke.title.text()
    click(qtbot, invoke.buttons["allow"])
    assert session.play.rolls["pc-ines"].roll.invoke_bonus == 2
    assert act(qtbot, ines, 3, "finish", roll=roll.id, boost="", advantage="")["done"]
    assert window.document.campaign.character("pc-ines").fate_points == before - 1
    assert window.document.undo_stack.undoText() == "Roll Fight (from Ines Okafor’s phone)"
    assert "(from Ines Okafor’s phone)" in roll_log(window.document.campaign)[-1]
    # The attack landed: the GM gives its hit to the bruiser through the conflict's Take a hit.
    qtbot.waitUntil(lambda: dock.card_for("hit_lands", "pc-ines") is not None)
    lands = dock.card_for("hit_lands", "pc-ines")
    lands.target.setCurrentIndex(lands.target.findData("npc-bruiser"))
    click(qtbot, lands.buttons["give"])
    dialog = window.table_mode.hit_dialog
    assert dialog.isVisible() and dialog.attacker.currentData() == "pc-ines"
    click(qtbot, dialog.take_button if dialog.take_button.isEnabled() else dialog.out_button)
    qtbot.waitUntil(lambda: dock.card_for("hit_lands") is None)
    # Edit ▸ Undo takes back the hit, then the phone's roll: the point comes back.
    window.actions["undo"].trigger()
    window.actions["undo"].trigger()
    assert window.document.campaign.character("pc-ines").fate_points == before
    qtbot.waitUntil(lambda: any(m["type"] == "notice" and "The GM undid: Roll Fight" in m["text"] for m in ines.messages))


def test_a_hit_and_a_compel_handed_to_a_phone_are_answered_for_an_absent_player_and_a_pause_is_seen(window, qtbot):
    from fate_desk.gui.play.fate_dialogs import CompelDialog
    from fate_desk.gui.play.hit_dialog import TakeHitDialog

    session = open_table(window, qtbot)
    dock = window.table_mode.requests_dock()
    maren = phone(window, qtbot, "pc-maren")
    document = window.document
    # Take a hit offers the player's phone; the GM hands it over, then answers for the player.
    hit = TakeHitDialog(document, "pc-maren", 2, "npc-bruiser", window)
    assert hit.phone_button is not None and hit.phone_button.text() == "Ask Maren Voss’s &phone"
    click(qtbot, hit.phone_button)
    assert not hit.isVisible() and document.undo_stack.undoText() != "Take a hit"
    qtbot.waitUntil(lambda: bool(maren.last("play")["play"]["hits"]))
    card = dock.card_for("hit", "pc-maren")
    assert "chooses on the phone how to take a hit of 2 shifts" in card.title.text()
    click(qtbot, card.buttons["answer"])
    answer = window.table_mode.hit_dialog
    assert answer.isVisible() and answer.shifts.value() == 2
    click(qtbot, answer.take_button)
    qtbot.waitUntil(lambda: not maren.last("play")["play"]["hits"])
    assert dock.card_for("hit", "pc-maren") is None and document.undo_stack.canUndo()
    # Compel offers the phone; Accept for them pays as the book says (gain one).
    points = document.campaign.character("pc-maren").fate_points
    compel = CompelDialog(document, "pc-maren", window)
    assert compel.phone_button is not None
    click(qtbot, compel.phone_button)
    qtbot.waitUntil(lambda: bool(maren.last("play")["play"]["offers"]))
    card = dock.card_for("compel", "pc-maren")
    click(qtbot, card.buttons["accept"])
    assert document.campaign.character("pc-maren").fate_points == points + 1
    assert document.undo_stack.undoText() == "Accept a compel"
    qtbot.waitUntil(lambda: not maren.last("play")["play"]["offers"])
    # A pause from the phone: the banner shows at once; only the GM's Resume lifts it.
    assert act(qtbot, maren, 9, "pause")["done"]
    qtbot.waitUntil(lambda: dock.pause.isVisible())
    assert dock.isVisible() and window.statusBar().currentMessage() == "A player pressed Pause."
    click(qtbot, dock.resume_button)
    assert not session.play.is_paused and not dock.pause.isVisible()
    qtbot.waitUntil(lambda: not maren.last("play")["play"]["paused"])


def test_a_milestone_proposed_from_the_phone_starts_the_session_ends_milestone_and_is_spent_there(window, qtbot):
    """A player proposes rewriting an aspect at their next milestone; the GM allows it in the
    Requests panel; End the session opens Maren's milestone with it filled in (the checker
    still rules), and taking it spends the proposal."""
    from fate_desk.gui.clock.dialogs import EndSessionDialog

    session = open_table(window, qtbot)
    dock = window.table_mode.requests_dock()
    maren = phone(window, qtbot, "pc-maren")
    slots = maren.last("play")["play"]["proposals"]["slots"]
    rewrite = next(key for key, _text in slots if key.startswith("aspect-"))
    assert act(qtbot, maren, 1, "propose", what="aspect", choice=rewrite, text="Sworn to the Lock Keepers")["done"]
    qtbot.waitUntil(lambda: dock.card_for("proposal", "pc-maren") is not None)
    card = dock.card_for("proposal", "pc-maren")
    assert "proposes the aspect “Sworn to the Lock Keepers”" in card.title.text()
    click(qtbot, card.buttons["allow"])
    assert session.play.milestones["pc-maren"]["text"] == "Sworn to the Lock Keepers"
    end = EndSessionDialog(window.document, window)
    qtbot.addWidget(end)
    end.show()
    click(qtbot, end.buttons["pc-maren"])
    milestone = end.sub_dialog
    said = milestone.picker.findChild(QLabel, "proposalLabel")
    assert said is not None and said.text() == "Proposed from the player's phone: Sworn to the Lock Keepers"
    assert milestone.picker.aspect_text.text() == "Sworn to the Lock Keepers"
    index = int(rewrite.split("-", 1)[1])
    assert milestone.picker.aspect.currentData() == index
    click(qtbot, milestone.ok)
    click(qtbot, end.ok)
    assert window.document.campaign.character("pc-maren").aspects[index].text == "Sworn to the Lock Keepers"
    assert session.play.milestones == {}
