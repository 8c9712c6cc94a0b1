"""Every dialog of the app, opened the way a user opens it from the window (menus, the sheet's
play bar and sections, the GM's editors, the conflict, contest and challenge panels, the end of
a scene, session or arc and the dialogs they open), each handed to a visitor while it is on
screen, then closed. The operating system's file dialogs are not ours and are left out."""

from __future__ import annotations

from typing import Callable

import shiboken6
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QWidget

Visit = Callable[[str, QWidget], None]


def _open_dialogs() -> list[QDialog]:
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, QDialog) and not isinstance(w, QFileDialog) and w.isVisible()]


class Walk:
    """Runs each step; every dialog a step leaves on screen (or opens modally, while it waits)
    is visited once, then rejected."""

    def __init__(self, window, qtbot, visit: Visit):
        self.window, self.qtbot, self.visit = window, qtbot, visit
        self.seen: list[str] = []

    def _visit_new(self, name: str, before: set[int]) -> None:
        for dialog in _open_dialogs():
            if id(dialog) in before or not shiboken6.isValid(dialog):
                continue
            before.add(id(dialog))
            self.qtbot.waitExposed(dialog)
            title = f"{name}: {dialog.windowTitle() or type(dialog).__name__}"
            self.seen.append(title)
            self.visit(title, dialog)

    def step(self, name: str, action: Callable[[], object], keep: bool = False) -> list[QDialog]:
        """Run `action`; visit what it opens. The dialogs are closed unless `keep` (a later step
        opens a dialog from one of them); the kept ones are returned."""
        before = {id(d) for d in _open_dialogs()}
        start = set(before)
        poll = QTimer()
        poll.setInterval(30)
        # A modal dialog run with exec() is visited (and closed) from inside its own loop.
        poll.timeout.connect(lambda: self._modal(name, before))
        poll.start()
        try:
            action()
            QApplication.processEvents()
            self._visit_new(name, before)
        finally:
            poll.stop()
        opened = [d for d in _open_dialogs() if id(d) not in start]
        if not keep:
            for dialog in reversed(opened):
                dialog.reject()
            QApplication.processEvents()
        return opened

    def _modal(self, name: str, before: set[int]) -> None:
        modal = QApplication.activeModalWidget()
        # Only exec()'s application-modal loop waits here; a dialog opened with open() is
        # window-modal and is visited once the step returns.
        if isinstance(modal, QDialog) and not isinstance(modal, QFileDialog) and id(modal) not in before \
                and modal.windowModality() == Qt.WindowModality.ApplicationModal:
            self._visit_new(name, before)
            modal.reject()


def click(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def walk_every_dialog(window, qtbot, visit: Visit) -> list[str]:
    """Open every dialog from `window` (the sample campaign, as the app starts it) and visit each.
    Returns the names of those visited."""
    walk = Walk(window, qtbot, visit)
    actions = window.actions
    for action_id in ("new_campaign", "restore_backup", "export_for", "export_pdf", "quick_npc", "about",
                      "user_guide", "end_scene"):
        walk.step(action_id, actions[action_id].trigger)
    for action_id in ("end_session", "end_arc"):
        kept = walk.step(action_id, actions[action_id].trigger, keep=True)
        for dialog in kept:
            if hasattr(dialog, "buttons") and isinstance(dialog.buttons, dict):
                cid, button = next(((c, b) for c, b in dialog.buttons.items() if b.isEnabled()), (None, None))
                if button is not None:
                    walk.step(f"{action_id} for a player character", lambda b=button: click(qtbot, b))
            dialog.reject()

    # The sheet: its play bar, its sections' dialogs (Ines has a skill point saved to spend).
    window.document.edit("pc-ines", lambda c: c.model_copy(update={"saved_skill_points": 1}), "Save a point")
    sheet = window.sheets.open_entity("pc-ines")
    play = sheet.play
    for dialog in walk.step("Roll…", lambda: click(qtbot, play.roll_button), keep=True):
        if hasattr(dialog, "panel"):
            click(qtbot, dialog.panel.roll_button)  # the result and the invokes take room too
            visit("Roll… after the roll", dialog)
        dialog.done(0)
    for name, button in (("Take a hit…", play.hit_button),
                         ("Concede…", play.concede_button), ("Compel…", play.compel_button),
                         ("Fate points…", play.points_button)):
        walk.step(name, lambda b=button: click(qtbot, b))
    treat = next((b for b in sheet.consequences.treat_buttons.values() if b.isEnabled()), None)
    if treat is not None:
        walk.step("Treat…", lambda: click(qtbot, treat))
    walk.step("New stunt from template…", lambda: click(qtbot, sheet.stunts.template_button))
    for name, button in (("Add extra…", sheet.extras.add_extra_button),
                         ("Add track…", sheet.extras.add_track_button),
                         ("Library…", sheet.extras.library_button)):
        walk.step(name, lambda b=button: click(qtbot, b))
    sheet.skills.tabs.setCurrentIndex(1)
    walk.step("Add custom skill…", lambda: click(qtbot, sheet.skills.add_button))
    sheet.skills.tabs.setCurrentIndex(0)
    walk.step("Spend saved skill points…", actions["spend_points"].trigger)

    # A conflict, a contest and a challenge, from the Table menu.
    actions["conflict_panel"].trigger()
    conflict = window.encounters.conflict
    started = walk.step("Start a conflict…", lambda: click(qtbot, conflict.start_button), keep=True)
    for dialog in started:
        dialog.accept()
    QApplication.processEvents()
    if conflict.attack_button.isEnabled():
        attack = walk.step("Attack…", lambda: click(qtbot, conflict.attack_button), keep=True)
        for dialog in attack:
            if hasattr(dialog, "roll_button"):
                click(qtbot, dialog.roll_button)
                visit("Attack… after the roll", dialog)
            dialog.reject()
    assert conflict.table.rowCount(), conflict.status.text()
    conflict.table.selectRow(0)
    walk.step("Take a hit… (conflict)", lambda: click(qtbot, conflict.hit_button))
    actions["contest_panel"].trigger()
    contest = window.encounters.contest
    for dialog in walk.step("Start a contest…", lambda: click(qtbot, contest.start_button), keep=True):
        rows = getattr(dialog, "rows", [])
        if len(rows) >= 2:
            rows[0].who.setCurrentIndex(max(0, rows[0].who.findData("pc-maren")))
            rows[1].who.setCurrentIndex(max(0, rows[1].who.findData("pc-tobias")))
        dialog.accept()
    QApplication.processEvents()
    walk.step("Create an advantage (contest)", lambda: click(qtbot, contest.advantage_button))
    if contest.roll_button.isEnabled():
        walk.step("Roll the exchange", lambda: click(qtbot, contest.roll_button))
    walk.step("Twist", contest.twist)
    actions["challenge_panel"].trigger()
    challenge = window.encounters.challenge
    for dialog in walk.step("Start a challenge…", lambda: click(qtbot, challenge.start_button), keep=True):
        rows = getattr(dialog, "rows", [])
        if rows:
            rows[0].what.setText("Cast off")
            rows[0].who.setCurrentIndex(max(0, rows[0].who.findData("pc-maren")))
        dialog.accept()
    QApplication.processEvents()
    if challenge.roll_button.isEnabled():
        walk.step("Roll a task", lambda: click(qtbot, challenge.roll_button))
    return walk.seen
