"""Play through the window, third pass (issue 22, items 16-22; issue 24's rough edges of the roll
dialog): every test drives the sheet's and panels' real buttons and dialogs with seeded dice.

Book passages cited are in ../shared/rules-text/ (file and heading)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox

from fate_desk.rules.play.roll import Dice

from table_helpers import both, in_a_conflict, on_disk, sample_document
from test_gui_conflict import window  # noqa: F401  (the main window fixture)
from test_gui_play import SEED, click, concede_now, lit_scene, name_any_boost, open_hit, open_sheet, roll_skill


def press_concede(qtbot, sheet) -> QMessageBox:
    click(qtbot, sheet.play.concede_button)
    box = sheet.play.dialog
    assert isinstance(box, QMessageBox) and box.isVisible()
    return box


def concede_offered(box: QMessageBox) -> bool:
    return any(b.text() == "Concede" for b in box.buttons())


# --- 16: Concede… on the sheet ---------------------------------------------------------------
# Fate Condensed, "Conceding" (fate-condensed.txt): "You can interrupt any action in a conflict
# to concede as long as the dice haven't hit the table yet ... Your character loses and exits the
# conflict, but you gain a fate point plus an extra one for each consequence".


def test_concede_outside_a_conflict_is_refused_with_a_reason(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    before = on_disk(document)
    box = press_concede(qtbot, sheet)
    assert not concede_offered(box)
    assert "not in a conflict" in box.text()
    box.close()
    assert on_disk(document) == before
    document.close()


def test_a_character_concedes_once_per_conflict_through_the_running_conflict(qtbot, tmp_path):
    document = sample_document(tmp_path, in_a_conflict("pc-maren", "pc-tobias"))
    sheet = open_sheet(qtbot, document, "pc-maren")
    concede_now(qtbot, sheet)
    after = on_disk(document)
    # Owed until the conflict ends (Fate Condensed, "Conceding"): 1 point, no consequences taken.
    assert after.character("pc-maren").fate_points == 3
    assert after.scenes[0].play.conflict.concessions == {"pc-maren": 1}
    maren = next(p for p in after.scenes[0].play.conflict.participants if "pc-maren" in p.members)
    assert maren.conceded  # the conflict knows: she is out of its turn order
    assert "Maren Voss concedes." in after.scenes[0].play.conflict.log
    box = press_concede(qtbot, sheet)  # a second press pays nothing
    assert not concede_offered(box) and "already conceded" in box.text()
    box.close()
    assert on_disk(document) == after
    document.close()


def test_a_character_taken_out_can_no_longer_concede(qtbot, tmp_path):
    document = sample_document(tmp_path, in_a_conflict("pc-maren", "pc-tobias"))
    sheet = open_sheet(qtbot, document, "pc-maren")
    hit = open_hit(qtbot, sheet)
    hit.shifts.setValue(40)
    click(qtbot, hit.out_button)
    conflict = on_disk(document).scenes[0].play.conflict
    assert next(p for p in conflict.participants if "pc-maren" in p.members).taken_out
    before = on_disk(document)
    box = press_concede(qtbot, sheet)
    assert not concede_offered(box) and "taken out" in box.text()
    box.close()
    assert on_disk(document) == before
    document.close()


# --- 24-7: the difficulty box reads the ladder's words -----------------------------------------


def test_the_roll_dialogs_difficulty_takes_rung_names_as_the_skill_editor_does(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = roll_skill(qtbot, sheet, "Drive")
    panel = dialog.panel
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    for typed, value in (("Superb", 5), ("sup", 5), ("Great (+4)", 4), ("-1", -1), ("fa", 2)):
        box = panel.difficulty
        box.setFocus()
        box.lineEdit().selectAll()
        QTest.keyClicks(box.lineEdit(), typed)
        QTest.keyClick(box.lineEdit(), Qt.Key.Key_Tab)  # on to the next field
        assert box.value() == value, typed
        assert box.text() == box.textFromValue(value)
    assert panel.roll is None  # typing a difficulty never throws the dice
    document.close()


# --- 17: a roll is thrown once ---------------------------------------------------------------
# Fate Condensed, "Invoking Aspects" (fate-condensed.txt): an invoke gives +2 "or reroll the dice";
# nothing else throws them again.


def test_roll_4df_is_thrown_once_and_a_reroll_comes_only_from_an_invoke(qtbot, tmp_path):
    document = sample_document(tmp_path, lit_scene)
    sheet = open_sheet(qtbot, document, "pc-ines")
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    click(qtbot, panel.roll_button)
    first = panel.roll.dice
    assert not panel.roll_button.isEnabled()  # no second throw for free
    QTest.keyClick(dialog, Qt.Key.Key_R, Qt.KeyboardModifier.AltModifier)  # nor by its key
    assert panel.roll.throws == (first,)
    panel.select_aspect("Pitch Dark and Pouring Rain")  # one free invoke on the scene
    click(qtbot, panel.reroll)
    source = Dice(SEED)
    assert panel.roll.throws == (source.throw(), source.throw())
    click(qtbot, dialog.done_button)
    line = on_disk(document).sessions[-1].rolls[-1]
    assert "rerolled by invoking “Pitch Dark and Pouring Rain” (a free invoke)" in line
    assert line.count("[") >= 2  # both throws are in the log
    document.close()


def test_cancelling_a_thrown_roll_keeps_its_dice_in_the_roll_log(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = roll_skill(qtbot, sheet, "Drive")
    click(qtbot, dialog.panel.roll_button)
    faces = dialog.panel.roll.faces()
    fate_points = on_disk(document).character("pc-maren").fate_points
    click(qtbot, dialog.buttons.button(dialog.buttons.StandardButton.Cancel))
    assert not dialog.isVisible()
    after = on_disk(document)
    assert after.sessions[-1].rolls[-1].startswith("Set aside, not applied")
    assert f"[{faces}]" in after.sessions[-1].rolls[-1]
    assert after.character("pc-maren").fate_points == fate_points
    document.close()


def test_the_dice_dock_throws_once_until_applied_or_set_aside(qtbot, tmp_path):
    from fate_desk.gui.play.dice_dock import DiceDock

    document = sample_document(tmp_path)
    dock = DiceDock(dice=Dice(SEED))
    qtbot.addWidget(dock)
    dock.set_document(document)
    dock.resize(520, 900)
    dock.show()
    dock.follow("pc-maren")
    panel = dock.panel
    click(qtbot, panel.roll_button)
    assert not panel.roll_button.isEnabled()
    dock.follow("pc-tobias")  # the open sheet changes: the thrown roll stays Maren's
    assert panel.character().id == "pc-maren"
    click(qtbot, dock.aside_button)
    assert on_disk(document).sessions[-1].rolls[-1].startswith("Set aside")
    assert panel.roll_button.isEnabled() and panel.roll is None
    click(qtbot, panel.roll_button)
    click(qtbot, dock.apply_button)
    assert len(on_disk(document).sessions[-1].rolls) == 2  # both throws logged
    document.close()


# --- 24-13: one button per Alt key after a roll -----------------------------------------------


def alt_keys(top) -> dict[str, list[str]]:
    """Every Alt key in use on what is shown and enabled: buttons, and labels naming a field."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    keys: dict[str, list[str]] = {}
    for widget in [*top.findChildren(QAbstractButton), *top.findChildren(QLabel)]:
        text = widget.text().replace("&&", "")
        if isinstance(widget, QLabel) and widget.buddy() is None:
            continue
        target = widget.buddy() if isinstance(widget, QLabel) else widget
        if "&" in text and widget.isVisibleTo(top) and target.isEnabled():
            keys.setdefault(text[text.index("&") + 1].lower(), []).append(widget.text())
    return keys


def test_after_a_roll_each_alt_key_belongs_to_one_button(qtbot, tmp_path):
    from fate_desk.gui.play.dice_dock import DiceDock

    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    dialog = roll_skill(qtbot, sheet, "Drive")
    click(qtbot, dialog.panel.roll_button)
    keys = alt_keys(dialog)
    assert {k: v for k, v in keys.items() if len(v) > 1} == {}
    assert keys["e"] == ["Invoke to r&eroll"]
    dock = DiceDock(dice=Dice(SEED))
    qtbot.addWidget(dock)
    dock.set_document(document)
    dock.follow("pc-maren")
    dock.show()
    for thrown in (False, True):  # before the dice and after them
        if thrown:
            click(qtbot, dock.panel.roll_button)
        assert {k: v for k, v in alt_keys(dock).items() if len(v) > 1} == {}
    document.close()


# --- 24-15: Escape twice never drops invokes without asking --------------------------------------


def test_escape_twice_asks_before_dropping_a_roll_with_invokes(qtbot, tmp_path):
    document = sample_document(tmp_path, lit_scene)
    sheet = open_sheet(qtbot, document, "pc-ines")
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    click(qtbot, panel.roll_button)
    panel.select_aspect("Pitch Dark and Pouring Rain")
    click(qtbot, panel.plus_two)
    before = on_disk(document)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    panel.aspect.setFocus()
    panel.aspect.showPopup()  # the player opens the drop-down, then thinks better of it
    qtbot.waitUntil(lambda: panel.aspect.view().isVisible())
    QTest.keyClick(panel.aspect.view(), Qt.Key.Key_Escape)  # closes the drop-down
    qtbot.waitUntil(lambda: not panel.aspect.view().isVisible())
    QTest.keyClick(panel.aspect, Qt.Key.Key_Escape)  # reaches the dialog
    assert dialog.isVisible() and panel.roll is not None and len(panel.roll.invokes) == 1
    question = dialog.question
    assert question is not None and question.isVisible()
    QTest.keyClick(question, Qt.Key.Key_Escape)  # "Keep the roll"
    assert dialog.isVisible() and len(panel.roll.invokes) == 1
    assert on_disk(document) == before
    name_any_boost(qtbot, panel)
    click(qtbot, dialog.done_button)
    assert on_disk(document).scenes[0].aspects[0].free_invokes == 0
    document.close()


# --- 18: nobody rolls against, attacks or hits itself ------------------------------------------
# Fate Condensed, "Defend" (fate-condensed.txt): the defender is "the target", someone else.


def combo_data(combo) -> list:
    return [combo.itemData(i) for i in range(combo.count())]


def test_a_character_cannot_roll_against_attack_or_hit_itself(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    panel = roll_skill(qtbot, sheet, "Drive").panel
    assert "pc-maren" not in combo_data(panel.opponent) and "pc-tobias" in combo_data(panel.opponent)
    panel.who.setCurrentIndex(panel.who.findData("pc-tobias"))  # someone else rolls now
    assert "pc-tobias" not in combo_data(panel.opponent) and "pc-maren" in combo_data(panel.opponent)
    hit = open_hit(qtbot, sheet)
    assert "pc-maren" not in combo_data(hit.attacker)
    document.close()


def test_the_core_refuses_a_hit_from_oneself(tmp_path):
    import pytest

    from fate_desk.rules.creation.history import Refused
    from fate_desk.rules.creation.loader import get_ruleset
    from fate_desk.rules.play.hits import hit_plan, take_hit, taken_out

    document = sample_document(tmp_path)
    campaign = document.campaign
    document.close()
    ruleset = get_ruleset(campaign.ruleset)
    _, plan = hit_plan(campaign, ruleset, "pc-maren", 1, "physical")
    with pytest.raises(Refused, match="cannot roll against, attack or hit itself"):
        take_hit(campaign, ruleset, "pc-maren", plan.options[0], attacker="pc-maren")
    with pytest.raises(Refused, match="itself"):
        taken_out(campaign, "pc-maren", 9, attacker="pc-maren")


# --- 20: sensible defaults ---------------------------------------------------------------------
# Fate Condensed, "Which skills can be used to attack and defend?" (fate-condensed.txt): "Fight
# and Shoot can be used to make physical attacks. Athletics can be used to defend against any
# physical attack. Fight can be used to defend against melee physical attacks. Provoke can be used
# to make a mental attack. Will can be used to defend against mental attacks."


def test_the_defender_starts_with_its_best_defending_skill_for_the_action(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-ines")
    panel = roll_skill(qtbot, sheet, "Fight").panel
    panel.select_action("attack")
    panel.opponent.setCurrentIndex(panel.opponent.findData("npc-bruiser"))
    assert panel.opponent_skill.currentData() == "Fight"  # Fair Fight, no Athletics: melee is met by Fight
    panel.opponent.setCurrentIndex(panel.opponent.findData("pc-maren"))
    assert panel.opponent_skill.currentData() == "Athletics"  # Good Athletics beats her Average Fight
    panel.opponent.setCurrentIndex(panel.opponent.findData("npc-sluice"))
    panel.select_skill("Provoke")  # a mental attack
    assert panel.opponent_skill.currentData() == "Will"
    document.close()


def test_a_conflicts_attack_starts_with_fight_or_shoot_and_the_target_defends_with_its_best(qtbot, window):
    from test_gui_conflict import start_fight

    panel = start_fight(window, qtbot, ["npc-bruiser"])  # Maren acts first: Great Drive, Average Fight
    click(qtbot, panel.attack_button)
    attack = panel.dialog
    attack.target.setCurrentIndex(attack.target.findText("Syndicate Dock Bruiser"))
    assert attack.skill.currentText() == "Fight"
    assert attack.defence.currentText() == "Fight"
    attack.reject()


def test_a_contests_opposition_starts_with_someone_else_than_the_player_characters(qtbot, window):
    window.actions["contest_panel"].trigger()
    panel = window.encounters.contest
    click(qtbot, panel.start_button)
    pcs, opposition = panel.dialog.rows
    assert pcs.who.currentData() == "pc-maren"
    assert opposition.who.currentData() == "npc-bruiser"  # the NPC in the scene, not Maren again
    panel.dialog.reject()


def test_the_dice_dock_rolls_an_npcs_own_skills(qtbot, tmp_path):
    from fate_desk.gui.play.dice_dock import DiceDock

    document = sample_document(tmp_path)
    dock = DiceDock(dice=Dice(SEED))
    qtbot.addWidget(dock)
    dock.set_document(document)
    dock.follow("pc-maren")
    dock.panel.select_skill("Drive")
    dock.follow("npc-bruiser")  # the bruiser has no Drive: his own best skill instead
    assert dock.panel.skill.currentData() == "Fight" and dock.panel.rating.value() == 2
    dock.follow("pc-maren")
    document.close()


# --- 19: a boost gets the player's name for it ------------------------------------------------
# Fate Condensed, "Boosts" (fate-condensed.txt): a boost is a temporary aspect the player names.


def in_view(widget) -> bool:
    """Wholly visible in its scroll area's viewport (not scrolled away, not squashed)."""
    shown = widget.visibleRegion().boundingRect()
    return widget.isVisible() and widget.height() >= widget.minimumSizeHint().height() \
        and shown.height() == widget.height()


def test_a_boost_is_named_by_the_player_and_the_dialog_shows_where(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-ines")
    dialog = roll_skill(qtbot, sheet, "Fight")
    dialog.resize(640, 520)  # a small screen: the dialog scrolls
    panel = dialog.panel
    panel.set_difficulty(-4)  # Great Fight against Horrifying: succeed with style, a boost
    click(qtbot, panel.roll_button)
    assert panel.roll.boost
    qtbot.waitUntil(lambda: in_view(panel.boost))  # the name field is in view after the dice
    click(qtbot, dialog.done_button)
    assert dialog.isVisible()  # refused: nothing is silently named "Boost"
    assert "Name the boost" in panel.status.text()
    qtbot.waitUntil(lambda: in_view(panel.status) and in_view(panel.boost))
    assert dialog.focusWidget() is panel.boost
    dialog.grab().save(str(tmp_path / "boost.png"))  # looked at while writing this test
    qtbot.keyClicks(panel.boost, "Reeling from the Jab")
    click(qtbot, dialog.done_button)
    boosts = [a.text for a in on_disk(document).scenes[0].aspects if a.boost]
    assert boosts == ["Reeling from the Jab"]
    document.close()


# --- 24-11: refusals clear, free invokes counted down -------------------------------------------


def test_a_not_invoked_error_clears_after_a_later_invoke_and_spent_free_invokes_leave_the_list(qtbot, tmp_path):
    document = sample_document(tmp_path, both(lit_scene, lambda c: c.model_copy(update={"gm_fate_points": 0})))
    sheet = open_sheet(qtbot, document, "pc-ines")
    dialog = roll_skill(qtbot, sheet, "Fight")
    panel = dialog.panel
    click(qtbot, panel.roll_button)
    qtbot.wait(50)  # the dialog settles after the dice
    panel.select_opposer("The GM")  # the GM's pool is empty: refused
    panel.select_opposer_aspect("Retired Prizefighter with a Debt to Settle")
    dialog.scroll_area.ensureWidgetVisible(panel.oppose_button)  # the player scrolls down to it
    qtbot.waitUntil(lambda: in_view(panel.oppose_button))
    click(qtbot, panel.oppose_button)
    assert "Not invoked" in panel.oppose_status.text()
    panel.select_aspect("Pitch Dark and Pouring Rain")
    assert "1 free invoke" in panel.aspect.currentText()
    dialog.scroll_area.ensureWidgetVisible(panel.plus_two)
    qtbot.waitUntil(lambda: in_view(panel.plus_two))
    click(qtbot, panel.plus_two)  # a later invoke succeeds
    assert panel.oppose_status.text() == "" and panel.status.text() == ""
    assert "free invoke" not in panel.aspect.currentText()  # the one free invoke is spent
    assert not panel.free.isEnabled()
    document.close()


# --- 21: Taken out on the sheet; a major NPC's own fate points --------------------------------
# Fate Condensed, "Taken Out" (fate-condensed.txt): "If you don't absorb the entire hit, you're
# taken out".


def test_taken_out_shows_on_the_sheet_as_a_banner_and_in_the_status_bar(qtbot, window):
    from test_gui_conflict import start_fight

    start_fight(window, qtbot, ["npc-bruiser"])
    sheet = window.sheets.open_entity("pc-maren")
    assert not sheet.play.banner.isVisibleTo(sheet)
    hit = open_hit(qtbot, sheet)
    hit.shifts.setValue(40)
    click(qtbot, hit.out_button)
    assert sheet.play.banner.isVisibleTo(sheet) and "Taken out" in sheet.play.banner.text()
    assert window.statusBar().currentMessage() == "Maren Voss is taken out."
    conflict = window.encounters.conflict
    assert "Taken out" in conflict.table.item(0, 2).text()
    window.document.undo_stack.undo()
    assert not sheet.play.banner.isVisibleTo(sheet)


def test_a_major_npcs_fate_points_are_its_own_on_the_sheet_and_in_the_conflict_table(qtbot, window):
    from test_gui_conflict import start_fight, three_bruisers

    three_bruisers(window)  # brings Captain Hale (Fair, 2 fate points) into the scene
    panel = start_fight(window, qtbot, [])
    document = window.document
    row = next(r for r in range(panel.table.rowCount()) if panel.table.item(r, 0).text() == "Captain Ruarc Hale")
    hale_sheet = window.sheets.open_entity("npc-hale")
    assert panel.table.item(row, 5).text() == hale_sheet.fate_points_value.text() == "2"
    # Hale invokes his own aspect on a roll: his own points pay, not the GM's pool.
    pool = document.campaign.gm_fate_points
    hale_sheet.play.dice = Dice(SEED)
    dialog = roll_skill(qtbot, hale_sheet, "Shoot")
    panel_roll = dialog.panel
    click(qtbot, panel_roll.roll_button)
    panel_roll.select_aspect("Every Debt Gets Collected")
    click(qtbot, panel_roll.plus_two)
    assert "Captain Ruarc Hale has 1 left" in panel_roll.cost_label.text()
    name_any_boost(qtbot, panel_roll)
    click(qtbot, dialog.done_button)
    after = on_disk(document)
    assert after.character("npc-hale").fate_points == 1 and after.gm_fate_points == pool
    assert panel.table.item(row, 5).text() == hale_sheet.fate_points_value.text() == "1"


# --- 21: contests and challenges roll with the same stunts and invokes as Roll… -----------------
# Fate Core, "Invoking Aspects" (fate-core-srd.md): an invoke may "increase passive opposition"
# by +2; stunts add their bonus to any roll they describe.


def test_a_challenge_task_offers_stunts_and_plus_two_to_its_difficulty(qtbot, window):
    window.encounters.dice = Dice(SEED)
    window.actions["challenge_panel"].trigger()
    panel = window.encounters.challenge
    click(qtbot, panel.start_button)
    row = panel.dialog.rows[0]
    row.what.setText("Pole through the shallows")
    row.who.setCurrentIndex(row.who.findData("pc-maren"))
    row.skill.setCurrentText("Drive")
    row.difficulty.setValue(3)
    from test_gui_conflict import ok

    ok(panel.dialog)
    pool = window.document.campaign.gm_fate_points
    click(qtbot, panel.roll_button)
    card = panel.dialog.cards[0]
    effort = card.roll.effort
    [stunt] = card.stunt_checks
    assert stunt.text() == "+2 from “Reads the Water”"
    stunt.setChecked(True)
    assert card.roll.effort == effort + 2
    assert card.against_box.isVisibleTo(card)
    assert card.oppose("The GM", "Harbour Pilot Who Knows Every Shoal")  # the GM raises the difficulty
    assert card.roll.difficulty == 3 + 2
    ok(panel.dialog)
    after = on_disk(window.document)
    task = after.scenes[0].play.challenge.tasks[0]
    assert (task.effort, task.difficulty) == (effort + 2, 5)
    assert after.gm_fate_points == pool - 1
    assert "Reads the Water +2" in after.sessions[-1].rolls[-1]


def test_a_contest_side_against_a_difficulty_can_be_raised_and_it_counts(qtbot, window):
    window.encounters.dice = Dice(SEED)
    window.actions["contest_panel"].trigger()
    panel = window.encounters.contest
    click(qtbot, panel.start_button)
    dialog = panel.dialog
    pcs, other = dialog.rows
    pcs.who.setCurrentIndex(pcs.who.findData("pc-maren"))
    pcs.skill.setCurrentText("Drive")
    pcs.against.setValue(1)  # racing the tide: passive opposition, Average (+1)
    other.who.setCurrentIndex(other.who.findData("npc-bruiser"))
    other.skill.setCurrentText("Athletics")
    from test_gui_conflict import ok

    ok(dialog)
    click(qtbot, panel.roll_button)
    card = panel.dialog.cards[0]
    assert [b.text() for b in card.stunt_checks] == ["+2 from “Reads the Water”"]
    assert card.against_box.isVisibleTo(card) and not panel.dialog.cards[1].against_box.isVisibleTo(card)
    assert card.oppose("The GM", "Harbour Pilot Who Knows Every Shoal")
    assert card.roll.difficulty == 3
    panel.dialog.reject()


# --- 22: wording ---------------------------------------------------------------------------------
# Fate Condensed, "Contests" (fate-condensed.txt): "The side with the highest effort marks a
# victory. If the victor succeeds with style—and no one else did—then they mark two victories...
# When there's a tie for the highest effort, no one marks a victory, and an unexpected twist happens."


def test_a_contests_ties_style_and_winner_read_as_the_book_says_for_any_side(qtbot, window):
    from test_gui_conflict import ok
    from test_gui_contest_challenge import bring_in

    window.encounters.dice = Dice(0)  # with these dice: a tie, then a side alone succeeding with style
    bring_in(window, "npc-hale")
    window.actions["contest_panel"].trigger()
    panel = window.encounters.contest
    click(qtbot, panel.start_button)
    pcs, hale = panel.dialog.rows
    pcs.skill.setCurrentText("Drive")
    hale.who.setCurrentIndex(hale.who.findData("npc-hale"))
    hale.skill.setCurrentText("Drive")
    ok(panel.dialog)
    for turn in range(12):
        if panel.twist_button.isEnabled():
            click(qtbot, panel.twist_button)
            panel.dialog.aspect.setText(f"Barges Cross the Canal {turn}")
            ok(panel.dialog)
        if not panel.roll_button.isEnabled():
            break
        click(qtbot, panel.roll_button)
        ok(panel.dialog)
    log = on_disk(window.document).scenes[0].play.contest.log
    text = " ".join(log)
    assert "no one marks a victory, and an unexpected twist changes the scene." in text
    assert "two victories to " in text and "the only side to succeed with style" in text
    assert "The contest goes to Player characters." in log[-1] or "The contest goes to Opposition." in log[-1]
    assert " wins" not in text and " wins" not in panel.header.text()
    assert panel.header.text().endswith(("The contest goes to Player characters.", "The contest goes to Opposition."))


# --- 24-8: nothing cut at the default sizes ------------------------------------------------------


def fully_shown(widget, area) -> bool:
    """The widget's whole width lies inside the scroll area's viewport."""
    left = widget.mapTo(area.viewport(), widget.rect().topLeft()).x()
    return left >= 0 and left + widget.width() <= area.viewport().width()


def test_the_dice_dock_fits_its_default_width_without_clipping(qtbot, tmp_path):
    from fate_desk.gui.play.dice_dock import DiceDock

    document = sample_document(tmp_path)
    dock = DiceDock(dice=Dice(SEED))
    qtbot.addWidget(dock)
    dock.set_document(document)
    dock.follow("npc-hale")  # a stunt with a long name: "+2 from “Everyone Has a Price”"
    dock.panel.select_skill("Resources")
    dock.resize(280, 1000)
    dock.show()
    qtbot.waitUntil(lambda: dock.panel.width() <= dock.scroll_area.viewport().width())
    panel = dock.panel
    assert panel.minimumSizeHint().width() <= dock.scroll_area.viewport().width()
    for widget in (panel.who, panel.odds_label, panel.stunt_rows[0], dock.export_button, panel.roll_button):
        assert fully_shown(widget, dock.scroll_area), widget
    dock.grab().save(str(tmp_path / "dice-dock.png"))
    document.close()


@pytest.mark.parametrize("language", ["de", "fr", "pt_BR"])
def test_the_dice_dock_is_never_cut_at_its_right_edge_in_a_language_with_longer_words(qtbot, language):
    """At 1280x800 in German (issue 41: "Einsatz zum Neuwürfeln" and the roll log's button went
    past the dock's edge), French or Portuguese: every field and button of the dock in sight."""
    from PySide6.QtWidgets import QApplication, QPushButton, QWidget

    from fate_desk.gui.app import start
    from fate_desk.gui.settings import Preferences, Settings

    from clipping import clipped

    Settings().set(Preferences.LANGUAGE, language)  # View ▸ Language, then a new start
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    window.resize(1240, 740)
    window.show()
    window.sheets.open_entity("monster-lockthing")  # a long "Who": its name and kind
    window.actions["toggle_dice"].trigger()
    dock = window.table.dice_dock
    qtbot.waitUntil(lambda: dock.isVisible() and dock.panel is not None)
    qtbot.waitUntil(lambda: dock.scroll_area.widget().width() <= dock.scroll_area.viewport().width())
    shown = [w for w in dock.scroll_area.widget().findChildren(QWidget)
             if w.isVisible() and isinstance(w, (QPushButton,)) or w in (dock.panel.who, dock.panel.odds_label)]
    assert [w for w in shown if w.isVisible() and not fully_shown(w, dock.scroll_area)] == []
    assert clipped(dock) == []
    window.close()


def test_take_a_hits_long_options_wrap_instead_of_being_cut(qtbot, tmp_path):
    document = sample_document(tmp_path)
    sheet = open_sheet(qtbot, document, "pc-maren")
    hit = open_hit(qtbot, sheet)
    hit.resize(600, hit.height())
    hit.shifts.setValue(7)
    qtbot.wait(50)
    view = hit.options
    line = view.fontMetrics().height()
    longest = max(range(view.count()), key=lambda i: len(view.item(i).text()))
    rect = view.visualItemRect(view.item(longest))
    assert view.fontMetrics().horizontalAdvance(view.item(longest).text()) > view.viewport().width()
    assert rect.right() <= view.viewport().width() and rect.height() >= 2 * line  # wrapped onto two lines
    assert not view.horizontalScrollBar().isVisible()
    hit.grab().save(str(tmp_path / "take-a-hit.png"))
    document.close()


def test_the_conflict_panel_shows_every_participant_and_a_groups_whole_stress(qtbot, window):
    from test_gui_conflict import start_fight, three_bruisers

    panel = start_fight(window, qtbot, three_bruisers(window))
    table = panel.table
    assert table.rowCount() == 5
    qtbot.waitUntil(lambda: table.viewport().height() >= sum(table.rowHeight(r) for r in range(5)))
    group = next(r for r in range(5) if "two others" in table.item(r, 0).text())
    cell = table.item(group, 3).text()
    assert cell.count("\n") == 2  # a line per bruiser
    assert table.rowHeight(group) >= 3 * table.fontMetrics().height()
    qtbot.wait(50)
    assert panel.height() >= panel.minimumSizeHint().height()
    window.grab().save(str(window.document.path.with_name("conflict-panel.png")))


def test_a_challenge_or_defence_boost_is_named_by_the_player_too(qtbot, window):
    from test_gui_conflict import ok

    window.encounters.dice = Dice(SEED)
    window.actions["challenge_panel"].trigger()
    panel = window.encounters.challenge
    click(qtbot, panel.start_button)
    row = panel.dialog.rows[0]
    row.what.setText("Cast off")
    row.who.setCurrentIndex(row.who.findData("pc-maren"))
    row.skill.setCurrentText("Drive")
    row.difficulty.setValue(-4)  # Great Drive against Horrifying: style, and a boost
    ok(panel.dialog)
    click(qtbot, panel.roll_button)
    dialog = panel.dialog
    card = dialog.cards[0]
    assert card.roll.boost and card.boost.isVisibleTo(card)
    ok(dialog)
    assert dialog.isVisible() and "Name the boost first" in dialog.result.text()
    qtbot.keyClicks(card.boost, "Clear Water Ahead")
    ok(dialog)
    assert not dialog.isVisible()
    boosts = [a.text for a in on_disk(window.document).scenes[0].aspects if a.boost]
    assert boosts == ["Clear Water Ahead"]


def test_a_challenge_summary_reads_in_words(qtbot, window):
    # Fate Condensed, "Challenges": "the GM will evaluate the successes, failures, and costs of each action".
    from test_gui_conflict import ok
    from test_gui_play import name_card_boosts

    window.encounters.dice = Dice(SEED)
    window.actions["challenge_panel"].trigger()
    panel = window.encounters.challenge
    click(qtbot, panel.start_button)
    for index, (what, difficulty) in enumerate((("Cast off", -4), ("Outrun the flood", 12))):
        row = panel.dialog.rows[index] if index < len(panel.dialog.rows) else panel.dialog.add_task()
        row.what.setText(what)
        row.who.setCurrentIndex(row.who.findData("pc-maren"))
        row.skill.setCurrentText("Drive")
        row.difficulty.setValue(difficulty)
    ok(panel.dialog)
    for _ in range(2):
        click(qtbot, panel.roll_button)
        name_card_boosts(qtbot, panel.dialog.cards)
        ok(panel.dialog)
    text = panel.summary_label.text()
    assert "one success (with style), one failure." in text


def test_cancelling_a_challenge_or_attack_roll_keeps_its_dice_in_the_log_and_asks_over_invokes(qtbot, window):
    from test_gui_conflict import ok, start_fight

    window.encounters.dice = Dice(SEED)
    window.actions["challenge_panel"].trigger()
    panel = window.encounters.challenge
    click(qtbot, panel.start_button)
    row = panel.dialog.rows[0]
    row.what.setText("Cast off")
    row.who.setCurrentIndex(row.who.findData("pc-maren"))
    row.skill.setCurrentText("Drive")
    ok(panel.dialog)
    click(qtbot, panel.roll_button)
    dialog = panel.dialog
    faces = dialog.cards[0].roll.faces()
    assert dialog.cards[0].invoke("Harbour Pilot", reroll=False, free=False)
    QTest.keyClick(dialog, Qt.Key.Key_Escape)  # invokes on it: asked, not dropped
    assert dialog.isVisible() and dialog.question.isVisible()
    next(b for b in dialog.question.buttons() if "aside" in b.text()).click()
    assert not dialog.isVisible()
    line = on_disk(window.document).sessions[-1].rolls[-1]
    assert line.startswith("Set aside, not applied; 1 invoke dropped") and f"[{faces}]" in line
    assert on_disk(window.document).character("pc-maren").fate_points == 3  # nothing paid

    fight = start_fight(window, qtbot, ["npc-bruiser"])
    click(qtbot, fight.attack_button)
    attack = fight.dialog
    click(qtbot, attack.roll_button)
    attack.reject()
    assert on_disk(window.document).sessions[-1].rolls[-2:][0].startswith("Set aside")


def test_a_concession_from_the_sheet_is_not_paid_again_from_the_conflict_panel(qtbot, window):
    from test_gui_conflict import start_fight

    panel = start_fight(window, qtbot, ["npc-bruiser"])
    sheet = window.sheets.open_entity("pc-maren")
    concede_now(qtbot, sheet)
    owed = on_disk(window.document).scenes[0].play.conflict.concessions
    assert owed == {"pc-maren": 1}  # collected when the conflict ends, once
    assert "Conceded" in panel.table.item(0, 2).text()
    panel.select("Maren Voss")
    click(qtbot, panel.concede_button)
    assert "already out of the conflict" in panel.status.text()
    assert on_disk(window.document).scenes[0].play.conflict.concessions == owed
    click(qtbot, panel.end_conflict_button)
    assert on_disk(window.document).character("pc-maren").fate_points == 3 + 1  # paid once, at the end
