"""A contest and a challenge from the Table menu with seeded dice, and the players' view beside them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from fate_desk.rules.encounters.challenge import summary
from fate_desk.rules.encounters.contest import exchange_victories
from fate_desk.rules.play.dice import Dice

from table_helpers import on_disk
from test_gui_conflict import click, ok, window  # noqa: F401  (the window fixture)
from test_gui_play import name_card_boosts

CONTEST_SEED = 35  # with these dice the chase has a tie, a stylish exchange and a winner


def bring_in(window, *ids) -> None:
    editor = window.sheets.open_entity("sc-lock")
    for entity_id in ids:
        editor.present_item(entity_id).setCheckState(Qt.CheckState.Checked)


def test_a_contest_to_three_victories_with_a_twist_on_a_tie_and_a_style_exchange(window, qtbot):
    window.encounters.dice = Dice(CONTEST_SEED)
    bring_in(window, "npc-hale")
    window.actions["contest_panel"].trigger()
    panel = window.encounters.contest
    click(qtbot, panel.start_button)
    dialog = panel.dialog
    assert dialog.goal.value() == 3  # the rule set's number
    dialog.name.setText("Chase along the Quay")
    pcs, hale = dialog.rows
    pcs.who.setCurrentIndex(pcs.who.findData("pc-maren"))
    pcs.skill.setCurrentText("Drive")
    hale.who.setCurrentIndex(hale.who.findData("npc-hale"))
    hale.skill.setCurrentText("Drive")
    pcs.set_helpers(["pc-tobias"])  # Tobias rides along, but Mediocre (+0) Drive adds no teamwork
    assert pcs.helpers.text() == "Tobias Crane"
    ok(dialog)
    assert on_disk(window.document).scenes[0].play.contest.sides[0].members == ["pc-maren", "pc-tobias"]

    # Before the first roll Maren tries to create an advantage for her side.
    click(qtbot, panel.advantage_button)
    advantage = panel.dialog
    advantage.who.setCurrentIndex(advantage.who.findData("pc-maren"))
    advantage.skill.setCurrentText("Drive")
    advantage.aspect.setText("Cutting through the Fish Market")
    click(qtbot, advantage.roll_button)
    ok(advantage)
    dice = Dice(CONTEST_SEED)
    effort = sum(dice.throw()) + 4
    created = on_disk(window.document).scenes[0].aspects[-1]
    # Against Fair (+2): a tie gives a boost; a failure at a cost still puts the aspect in play.
    assert created.text == "Cutting through the Fish Market"
    assert created.boost == (effort == 2) and created.free_invokes == (2 if effort >= 5 else 1)

    twists, stylish, spent, tally = 0, 0, 0, {"pcs": 0, "hale": 0}
    for _ in range(8):
        if panel.twist_button.isEnabled():
            click(qtbot, panel.twist_button)
            panel.dialog.aspect.setText(f"Crates Spill Everywhere {twists + 1}")
            ok(panel.dialog)
            twists += 1
        if not panel.roll_button.isEnabled():
            break
        click(qtbot, panel.roll_button)
        assert panel.dialog.cards[0].roll.setup.teamwork == 0
        pcs, hale = sum(dice.throw()) + 4, sum(dice.throw()) + 2
        if twists and not spent:  # after the dice, Maren spends the twist's free invoke: +2
            assert panel.dialog.cards[0].invoke("Crates Spill Everywhere", reroll=False, free=True)
            pcs, spent = pcs + 2, 1
        ok(panel.dialog)
        won = exchange_victories({"pcs": pcs, "hale": hale})
        stylish += 2 in won.values()
        tally = {k: tally[k] + won[k] for k in tally}
    contest = on_disk(window.document).scenes[0].play.contest
    assert twists >= 1 and stylish >= 1 and spent == 1
    assert [s.victories for s in contest.sides] == [tally["pcs"], tally["hale"]]
    assert contest.winner == contest.sides[0].id and contest.sides[0].victories >= 3
    scene = on_disk(window.document).scenes[0]
    assert sum(a.free_invokes for a in scene.aspects if a.text.startswith("Crates Spill")) == twists - spent
    assert "The contest goes to Player characters." in panel.header.text()
    # The rolls are told in the book's contest words (Fate Condensed, "Contests"), never an
    # overcome's "a boost on top": the highest effort marks a victory, with style two.
    assert not any("boost on top" in line for line in contest.log)
    assert any("The highest effort, with style: this side marks two victories." in line for line in contest.log)
    assert any("The highest effort: this side marks a victory." in line or "A tie for the highest effort" in line
               for line in contest.log)


def test_a_challenge_of_three_tasks_each_rolled_once_with_its_summary(window, qtbot):
    window.encounters.dice = Dice(5)
    window.actions["challenge_panel"].trigger()
    panel = window.encounters.challenge
    click(qtbot, panel.start_button)
    dialog = panel.dialog
    dialog.name.setText("Open the Lock Gates")
    plan = [("Crank the wheel", "pc-ines", "Physique", 3), ("Keep watch", "pc-maren", "Notice", 2),
            ("Read the old controls", "pc-tobias", "Lore", 4)]
    for index, (what, who, skill, difficulty) in enumerate(plan):
        row = dialog.rows[index] if index < len(dialog.rows) else dialog.add_task()
        row.what.setText(what)
        row.who.setCurrentIndex(row.who.findData(who))
        row.skill.setCurrentText(skill)
        row.difficulty.setValue(difficulty)
    ok(dialog)
    for _ in plan:
        click(qtbot, panel.roll_button)
        name_card_boosts(qtbot, panel.dialog.cards)  # a style roll's boost is named by the player
        ok(panel.dialog)
    assert not panel.roll_button.isEnabled()  # each task is rolled once
    challenge = on_disk(window.document).scenes[0].play.challenge
    dice = Dice(5)
    ratings = {"Physique": 3, "Notice": 3, "Lore": 4}
    assert [t.effort for t in challenge.tasks] == [sum(dice.throw()) + ratings[s] for _, _, s, _ in plan]
    assert summary(window.document.campaign, challenge) in panel.summary_label.text()
    assert "still to roll" not in panel.summary_label.text()


def test_the_players_view_never_shows_hidden_items_and_follows_new_aspects_at_once(window, qtbot):
    document = window.document
    window.actions["players_view"].trigger()
    view = window.encounters.players_window
    assert view.isVisible()
    texts = view.texts()
    assert any(t.startswith("Pitch Dark and Pouring Rain") for t in texts)
    # Never an NPC's sheet or the GM's notes.
    hale = document.campaign.character("npc-hale")
    secrets = [a.text for a in hale.aspects] + [hale.notes, document.campaign.scenes[0].notes]
    assert not any(secret and secret in " ".join(texts) for secret in secrets)

    # The GM hides the situation aspect in the "Players see" tab.
    window.actions["conflict_panel"].trigger()
    window.encounters.tabs.setCurrentWidget(window.encounters.visibility)
    item = window.encounters.visibility.item("Situation aspect: Pitch Dark and Pouring Rain")
    item.setCheckState(Qt.CheckState.Unchecked)
    assert not any("Pitch Dark" in t for t in view.texts())

    # A new situation aspect from the scene editor shows up without waiting for anything.
    editor = window.sheets.open_entity("sc-lock")
    click(qtbot, editor.aspects.add_button)
    assert "New situation aspect" in view.texts()
    QApplication.processEvents()  # one turn of the event loop changes nothing more
    assert not any("Pitch Dark" in t for t in view.texts())

    # A countdown the GM shows with its boxes only: boxes, no meaning.
    countdown = document.campaign.countdowns[0]
    editor.present_item(countdown.id).setCheckState(Qt.CheckState.Checked)
    # Boxes only: neither what it counts down to nor its name (Fate Condensed, "Countdowns": "without
    # telling them what it represents").
    line = next(t for t in view.texts() if "☐" in t)
    assert "☐" * (countdown.boxes - countdown.marked) in line
    assert (countdown.outcome in line) != countdown.players_see_boxes_only
    assert (countdown.name in line) != countdown.players_see_boxes_only
    window.encounters.visibility.item(f"Countdown: {countdown.name}").setCheckState(Qt.CheckState.Unchecked)
    assert not any("☐" in t for t in view.texts())

    # Full screen for a projector, and back; light colours for a bright room.
    click(qtbot, view.full_button)
    assert view.isFullScreen()
    click(qtbot, view.full_button)
    assert not view.isFullScreen()
    click(qtbot, view.theme_button)
    assert view.theme == "light" and "#fbfaf6" in view.styleSheet()


def test_zones_are_dragged_into_place_and_people_put_in_them_on_the_scene_map(window, qtbot):
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QContextMenuEvent
    from PySide6.QtTest import QTest

    editor = window.sheets.open_entity("sc-lock")
    window.resize(1280, 900)
    editor.scroll.ensureWidgetVisible(editor.zone_map)
    view = editor.zone_map
    box = view.boxes["z-walk"]
    start = view.mapFromScene(box.sceneBoundingRect().center())
    steps = window.document.undo_stack.count()
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(view.viewport(), start + QPoint(40, 30))
    QTest.mouseMove(view.viewport(), start + QPoint(80, 60))
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       start + QPoint(80, 60))
    place = on_disk(window.document).scenes[0].play.places["z-walk"]
    assert (place.x, place.y) != (40, 40) and window.document.undo_stack.count() == steps + 1

    # Right-click the zone: tick who is there; the players' view map shows it.
    chamber = view.mapFromScene(view.boxes["z-chamber"].sceneBoundingRect().center())
    QApplication.sendEvent(view.viewport(), QContextMenuEvent(QContextMenuEvent.Reason.Mouse, chamber,
                                                              view.viewport().mapToGlobal(chamber)))
    next(a for a in view.menu.actions() if a.text() == "Ines Okafor is here").trigger()
    view.menu.close()
    assert on_disk(window.document).scenes[0].play.whereabouts == {"pc-ines": "z-chamber"}
    window.actions["players_view"].trigger()
    assert "● Ines Okafor" in window.encounters.players_window.map.texts()
