"""The challenge panel: overcome tasks (what, skill, difficulty, who), each rolled once, and the
mix of successes, ties and failures for the GM to read."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QWidget

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import ChallengeTask, ladder_label
from fate_desk.rules.encounters.challenge import end_challenge, roll_task, start_challenge, summary, task_outcome
from fate_desk.rules.play.roll import Action, Outcome, RollSetup

from ..widgets import LadderSpinBox, escape
from .common import play, scene_now, skill_key, who_and_skill
from .panel_base import PanelBase
from .roll_card import RollCard, RollDialog
from .rows_dialog import RowsDialog


class TaskRow:
    def __init__(self, dialog: RowsDialog, what: str):
        self.what = QLineEdit(what)
        self.who, self.skill = who_and_skill(dialog.document, dialog.characters, dialog.ruleset)
        self.difficulty = LadderSpinBox(value=2)

    def widgets(self) -> list[QWidget]:
        return [self.what, self.who, self.skill, self.difficulty]

    def task(self) -> ChallengeTask:
        return ChallengeTask(what=self.what.text().strip(), who=self.who.currentData(),
                             skill=skill_key(self.skill), difficulty=self.difficulty.value())


class StartChallengeDialog(RowsDialog):
    def __init__(self, document, scene, parent: QWidget | None = None):
        super().__init__(document, scene, _("Start a challenge"), _("Challenge:"),
                         _("e.g. Break into the Counting House"), _("One overcome task per line; each is rolled once."),
                         [_("Task"), _("Who"), _("Skill"), _("Difficulty")], _("Add a task"), _("Start the challenge"),
                         TaskRow, parent)
        self.add_task()

    def add_task(self) -> TaskRow:
        return self.add_row("")

    def tasks(self) -> list[ChallengeTask]:
        return [row.task() for row in self.rows if row.what.text().strip()]


class ChallengePanel(PanelBase):
    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(desk, _("Start a challenge…"), [_("Task"), _("Who"), _("Against"), _("Roll"), _("Result")], [
            (_("Roll the task"), _("Roll the selected task (each task is rolled once)")),
            (_("End the challenge"), _("Close the challenge; its results stay in the log of rolls")),
        ], parent)
        self.roll_button, self.end_button = self.buttons
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextFormat(Qt.TextFormat.RichText)
        self.lower.addWidget(self.summary_label)
        self.lower.addStretch(1)
        self.roll_button.clicked.connect(self.roll)
        self.end_button.clicked.connect(self.end)
        self.refresh()

    state_name = "challenge"

    def challenge(self):
        return self.state()

    def refresh(self) -> None:
        row_before = self.table.currentRow()
        scene, challenge = self.begin_refresh()
        self.roll_button.setEnabled(bool(challenge and any(t.effort is None for t in challenge.tasks)))
        self.end_button.setEnabled(challenge is not None)
        self.summary_label.clear()
        if scene is None:
            self.header.setText(_("No scene is being played."))
            return
        if challenge is None:
            self.header.setText(_("{scene}: no challenge going on.").format(scene=scene.name))
            return
        campaign = self.document.campaign
        self.header.setText(ngettext("<b>{name}</b>: {count} task.", "<b>{name}</b>: {count} tasks.",
                                     len(challenge.tasks)).format(name=escape(challenge.name or _("Challenge")),
                                                                  count=len(challenge.tasks)))
        self.table.setRowCount(len(challenge.tasks))
        for row, task in enumerate(challenge.tasks):
            who = campaign.character(task.who) if task.who else None
            rolled = "—" if task.effort is None else f"{ladder_label(task.effort)} ({task.effort - task.difficulty:+d})"
            values = [task.what, _("{who}: {skill}").format(who=who.name if who else "—", skill=rules_text(task.skill)),
                      ladder_label(task.difficulty), rolled, _result(task)]
            self.fill_row(row, values, task.id)
        first_open = next((i for i, t in enumerate(challenge.tasks) if t.effort is None), -1)
        self.table.selectRow(row_before if 0 <= row_before < len(challenge.tasks)
                             and challenge.tasks[row_before].effort is None else first_open)
        self.summary_label.setText(_("<b>So far:</b> {summary}").format(summary=escape(summary(campaign, challenge))))

    def start(self):
        scene = scene_now(self.document)
        if scene is None:
            return None
        dialog = StartChallengeDialog(self.document, scene, self)
        return self.open_dialog(dialog, lambda: play(self.document, lambda c: start_challenge(
            c, scene.id, dialog.name.text().strip(), dialog.tasks()), _("Start a challenge"), self.status))

    def roll(self) -> RollDialog | None:
        """Roll the selected task (once); invokes follow on the card; OK records it."""
        challenge = self.challenge()
        row = self.table.currentRow()
        if challenge is None or row < 0:
            return None
        task = challenge.tasks[row]
        who = self.document.campaign.character(task.who) if task.who else None
        setup = RollSetup(Action.OVERCOME, task.skill, self.document.rating_of(who, task.skill) if who else 0,
                          against=task.difficulty, who=who.name if who else "")
        card = RollCard(self.document, task.who, setup, self.desk.dice, task.what or _("The task"), _("the difficulty"),
                        difficulty=True)
        dialog = RollDialog(_("Roll “{task}”").format(task=task.what), [card], _("Record the result"), parent=self)
        sid = scene_now(self.document).id
        return self.open_dialog(dialog, lambda: play(self.document, lambda c: roll_task(c, sid, task.id, card.roll,
                                                                                        card.boost_name()),
                                                     _("Roll “{task}”").format(task=task.what), self.status))

    def end(self) -> None:
        sid = scene_now(self.document).id
        play(self.document, lambda c: end_challenge(c, sid), _("End the challenge"), self.status)


_RESULTS = {None: N_("Not rolled yet"), Outcome.FAIL: N_("Fail"), Outcome.TIE: N_("Tie: success at a minor cost"),
            Outcome.SUCCEED: N_("Succeed"), Outcome.SUCCEED_WITH_STYLE: N_("Succeed with style")}


def _result(task) -> str:
    """A task's result, as the rules read it (an overcome tie succeeds at a minor cost)."""
    return _(_RESULTS[task_outcome(task)])
