"""The challenge panel: overcome tasks (what, skill, difficulty, who), each rolled once, and the
mix of successes, ties and failures for the GM to read."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDialog, QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QTableWidget,
    QTableWidgetItem, QVBoxLayout, QWidget,
)

from fate_desk.model import ChallengeTask, ladder_label
from fate_desk.rules.challenge import end_challenge, roll_task, start_challenge, summary, task_result
from fate_desk.rules.roll import Action, RollSetup

from ..table.common import LadderSpinBox, escape
from .common import fill_characters, fill_skills, in_scene, ok_cancel, play, scene_now, status_label
from .roll_card import RollCard, RollDialog


class TaskRow:
    def __init__(self, dialog: "StartChallengeDialog", row: int, what: str):
        self.what = QLineEdit(what)
        self.who = QComboBox()
        fill_characters(self.who, dialog.characters)
        self.skill = QComboBox()
        self.skill.setEditable(True)
        self.difficulty = LadderSpinBox(value=2)
        self.who.currentIndexChanged.connect(lambda _: fill_skills(
            self.skill, dialog.document.campaign.character(self.who.currentData()), dialog.ruleset.skills))
        fill_skills(self.skill, dialog.document.campaign.character(self.who.currentData()), dialog.ruleset.skills)
        for column, widget in enumerate((self.what, self.who, self.skill, self.difficulty)):
            dialog.table.setCellWidget(row, column, widget)

    def task(self) -> ChallengeTask:
        return ChallengeTask(what=self.what.text().strip(), who=self.who.currentData(),
                             skill=self.skill.currentText().strip(), difficulty=self.difficulty.value())


class StartChallengeDialog(QDialog):
    def __init__(self, document, scene, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Start a challenge")
        self.document = document
        self.ruleset = document.ruleset_for()
        self.characters = in_scene(document, scene)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Break into the Counting House")
        form.addRow("Challenge:", self.name)
        layout.addLayout(form)
        layout.addWidget(QLabel("One overcome task per line; each is rolled once."))
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Task", "Who", "Skill", "Difficulty"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setMinimumSize(680, 170)
        layout.addWidget(self.table)
        self.rows: list[TaskRow] = []
        add = QPushButton("Add a task")
        add.clicked.connect(self.add_task)
        layout.addWidget(add, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(ok_cancel(self, "Start the challenge"))
        self.add_task()

    def add_task(self) -> TaskRow:
        row = self.table.rowCount()
        self.table.insertRow(row)
        task = TaskRow(self, row, "")
        self.rows.append(task)
        return task

    def tasks(self) -> list[ChallengeTask]:
        return [row.task() for row in self.rows if row.what.text().strip()]


class ChallengePanel(QWidget):
    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        self.document = None
        self.dialog = None
        layout = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setWordWrap(True)
        layout.addWidget(self.header)
        self.start_button = QPushButton("Start a challenge…")
        self.start_button.clicked.connect(self.start)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["Task", "Who", "Against", "Roll", "Result"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.roll_button = QPushButton("Roll the task")
        self.roll_button.setToolTip("Roll the selected task (each task is rolled once)")
        self.end_button = QPushButton("End the challenge")
        row.addWidget(self.roll_button)
        row.addWidget(self.end_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.status = status_label()
        layout.addWidget(self.status)
        self.summary_label = QLabel()
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.summary_label)
        self.roll_button.clicked.connect(self.roll)
        self.end_button.clicked.connect(self.end)
        self.refresh()

    def set_document(self, document) -> None:
        self.document = document
        self.refresh()

    def challenge(self):
        scene = scene_now(self.document)
        return scene.play.challenge if scene is not None else None

    def refresh(self) -> None:
        scene = scene_now(self.document)
        challenge = self.challenge()
        self.start_button.setEnabled(scene is not None)
        self.start_button.setVisible(challenge is None)
        self.roll_button.setEnabled(bool(challenge and any(t.effort is None for t in challenge.tasks)))
        self.end_button.setEnabled(challenge is not None)
        row_before = self.table.currentRow()
        self.table.setRowCount(0)
        self.summary_label.clear()
        if scene is None:
            self.header.setText("No scene is being played.")
            return
        if challenge is None:
            self.header.setText(f"{scene.name}: no challenge going on.")
            return
        campaign = self.document.campaign
        self.header.setText(f"<b>{escape(challenge.name or 'Challenge')}</b>: {len(challenge.tasks)} tasks.")
        self.table.setRowCount(len(challenge.tasks))
        for row, task in enumerate(challenge.tasks):
            who = campaign.character(task.who) if task.who else None
            rolled = "—" if task.effort is None else f"{ladder_label(task.effort)} ({task.effort - task.difficulty:+d})"
            values = [task.what, f"{who.name if who else '—'}: {task.skill}", ladder_label(task.difficulty), rolled,
                      task_result(task).capitalize()]
            for column, text in enumerate(values):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, task.id)
                self.table.setItem(row, column, item)
        first_open = next((i for i, t in enumerate(challenge.tasks) if t.effort is None), -1)
        self.table.selectRow(row_before if 0 <= row_before < len(challenge.tasks)
                             and challenge.tasks[row_before].effort is None else first_open)
        self.summary_label.setText(f"<b>So far:</b> {escape(summary(campaign, challenge))}")

    def start(self):
        scene = scene_now(self.document)
        if scene is None:
            return None
        dialog = StartChallengeDialog(self.document, scene, self)
        dialog.accepted.connect(lambda: play(self.document, lambda c: start_challenge(
            c, scene.id, dialog.name.text().strip(), dialog.tasks()), "Start a challenge", self.status))
        self.dialog = dialog
        dialog.open()
        return dialog

    def roll(self) -> RollDialog | None:
        """Roll the selected task (once); invokes follow on the card; OK records it."""
        challenge = self.challenge()
        row = self.table.currentRow()
        if challenge is None or row < 0:
            return None
        task = challenge.tasks[row]
        who = self.document.campaign.character(task.who) if task.who else None
        setup = RollSetup(Action.OVERCOME, task.skill, who.rating(task.skill) if who else 0,
                          against=task.difficulty, who=who.name if who else "")
        card = RollCard(self.document, task.who, setup, self.desk.dice, task.what or "The task", "the difficulty")
        dialog = RollDialog(f"Roll “{task.what}”", [card], "Record the result", parent=self)
        sid = scene_now(self.document).id
        dialog.accepted.connect(lambda: play(self.document, lambda c: roll_task(c, sid, task.id, card.roll),
                                             f"Roll “{task.what}”", self.status))
        self.dialog = dialog
        dialog.open()
        return dialog

    def end(self) -> None:
        sid = scene_now(self.document).id
        play(self.document, lambda c: end_challenge(c, sid), "End the challenge", self.status)
