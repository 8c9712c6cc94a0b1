"""The contest panel: sides, an exchange of rolls, victories to the rule set's number, twists on
ties, passive opposition and creating an advantage inside the contest."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QListWidget, QPushButton,
    QSpinBox, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from fate_desk.model import ContestSide, ladder_label
from fate_desk.rules.contest import add_twist, contest_advantage, end_contest, settle_exchange, start_contest
from fate_desk.rules.roll import Action, RollSetup

from ..table.common import LadderSpinBox, escape
from .common import fill_characters, fill_skills, in_scene, ok_cancel, play, scene_now, status_label
from .roll_card import RollCard, RollDialog

NO_DIFFICULTY = -5  # the passive-difficulty spin's "none": the side rolls against the others


class SideRow:
    def __init__(self, dialog: "StartContestDialog", row: int, name: str):
        self.name = QLineEdit(name)
        self.who = QComboBox()
        fill_characters(self.who, dialog.characters)
        self.skill = QComboBox()
        self.skill.setEditable(True)
        self.against = LadderSpinBox(minimum=NO_DIFFICULTY, maximum=12, value=NO_DIFFICULTY)
        self.against.setSpecialValueText("the other sides")
        self.who.currentIndexChanged.connect(
            lambda _: fill_skills(self.skill, dialog.document.campaign.character(self.who.currentData()),
                                  dialog.ruleset.skills))
        fill_skills(self.skill, dialog.document.campaign.character(self.who.currentData()), dialog.ruleset.skills)
        for column, widget in enumerate((self.name, self.who, self.skill, self.against)):
            dialog.table.setCellWidget(row, column, widget)

    def side(self) -> ContestSide:
        difficulty = self.against.value()
        who = self.who.currentData()
        return ContestSide(name=self.name.text().strip() or "A side", members=[who] if who else [],
                           skill=self.skill.currentText().strip(),
                           difficulty=None if difficulty == NO_DIFFICULTY else difficulty)


class StartContestDialog(QDialog):
    def __init__(self, document, scene, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Start a contest")
        self.document = document
        self.ruleset = document.ruleset_for()
        self.characters = in_scene(document, scene)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. Chase through the Market")
        self.goal = QSpinBox()
        self.goal.setRange(1, 5)
        self.goal.setValue(self.ruleset.contest_victories)
        self.goal.setSuffix(" victories")
        form.addRow("Contest:", self.name)
        form.addRow("First to:", self.goal)
        layout.addLayout(form)
        layout.addWidget(QLabel("Each side rolls one overcome action per exchange, against the other sides, "
                                "or against a set difficulty (passive opposition)."))
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Side", "Who rolls", "Skill", "Against"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setMinimumSize(640, 150)
        layout.addWidget(self.table)
        self.rows: list[SideRow] = []
        add = QPushButton("Add a side")
        add.clicked.connect(lambda: self.add_side(f"Side {len(self.rows) + 1}"))
        layout.addWidget(add, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(ok_cancel(self, "Start the contest"))
        self.add_side("Player characters")
        self.add_side("Opposition")

    def add_side(self, name: str) -> SideRow:
        row = self.table.rowCount()
        self.table.insertRow(row)
        side = SideRow(self, row, name)
        self.rows.append(side)
        return side

    def sides(self) -> list[ContestSide]:
        return [row.side() for row in self.rows]


class AdvantageDialog(QDialog):
    """Create an advantage inside the contest, before the side's overcome roll."""

    def __init__(self, document, contest, dice, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Create an advantage in the contest")
        self.document, self.dice, self.card = document, dice, None
        ruleset = document.ruleset_for()
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.side = QComboBox()
        for side in contest.sides:
            self.side.addItem(side.name, side.id)
        self.who = QComboBox()
        fill_characters(self.who, in_scene(document, scene_now(document)))
        self.skill = QComboBox()
        self.skill.setEditable(True)
        self.who.currentIndexChanged.connect(
            lambda _: fill_skills(self.skill, document.campaign.character(self.who.currentData()), ruleset.skills))
        fill_skills(self.skill, document.campaign.character(self.who.currentData()), ruleset.skills)
        self.against = LadderSpinBox(value=2)
        self.aspect = QLineEdit()
        self.aspect.setPlaceholderText("The aspect, e.g. Shortcut through the Alley")
        self.on_failure = QComboBox()
        self.on_failure.addItem("Succeed at a cost: the other side holds the free invoke", "cost")
        self.on_failure.addItem("Give up this exchange's overcome roll", "forfeit")
        for label, widget in (("For side:", self.side), ("Who:", self.who), ("Skill:", self.skill),
                              ("Against:", self.against), ("Aspect:", self.aspect), ("If it fails:", self.on_failure)):
            form.addRow(label, widget)
        layout.addLayout(form)
        self.roll_button = QPushButton("Roll")
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.cards = QVBoxLayout()
        layout.addLayout(self.cards)
        self.setMinimumWidth(640)
        self.buttons = ok_cancel(self, "Put it into play")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        layout.addWidget(self.buttons)

    def roll(self) -> None:
        """Throw the dice; invokes may follow on the card before it is put into play."""
        if self.card is not None:
            return
        who = self.document.campaign.character(self.who.currentData())
        skill = self.skill.currentText().strip()
        setup = RollSetup(Action.CREATE_ADVANTAGE, skill, who.rating(skill) if who else 0,
                          against=self.against.value(), who=who.name if who else "")
        self.card = RollCard(self.document, who.id if who else None, setup, self.dice, "The roll", "the difficulty")
        self.cards.addWidget(self.card)
        for widget in (self.side, self.who, self.skill, self.against, self.roll_button):
            widget.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        self.adjustSize()


class TwistDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("An unexpected twist")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The tie changes the scene: name the new situation aspect (one free invoke)."))
        self.aspect = QLineEdit()
        self.aspect.setMinimumWidth(420)
        layout.addWidget(self.aspect)
        layout.addWidget(ok_cancel(self, "Add the twist"))


class ContestPanel(QWidget):
    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        self.document = None
        self.dialog = None
        layout = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setWordWrap(True)
        layout.addWidget(self.header)
        self.start_button = QPushButton("Start a contest…")
        self.start_button.clicked.connect(self.start)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Side", "Rolls", "Against", "Victories"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.roll_button = QPushButton("Roll the exchange")
        self.advantage_button = QPushButton("Create an advantage…")
        self.twist_button = QPushButton("Add the twist…")
        self.end_button = QPushButton("End the contest")
        for button in (self.roll_button, self.advantage_button, self.twist_button, self.end_button):
            row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        self.status = status_label()
        layout.addWidget(self.status)
        layout.addWidget(QLabel("What happened:"))
        self.log = QListWidget()
        self.log.setWordWrap(True)
        layout.addWidget(self.log, 1)
        self.roll_button.clicked.connect(self.roll_exchange)
        self.advantage_button.clicked.connect(self.advantage)
        self.twist_button.clicked.connect(self.twist)
        self.end_button.clicked.connect(self.end)
        self.refresh()

    def set_document(self, document) -> None:
        self.document = document
        self.refresh()

    def contest(self):
        scene = scene_now(self.document)
        return scene.play.contest if scene is not None else None

    def refresh(self) -> None:
        scene = scene_now(self.document)
        contest = self.contest()
        self.start_button.setEnabled(scene is not None)
        self.start_button.setVisible(contest is None)
        running = contest is not None and contest.winner is None
        self.roll_button.setEnabled(running and not contest.twist_due)
        self.advantage_button.setEnabled(running)
        self.twist_button.setEnabled(bool(contest and contest.twist_due))
        self.end_button.setEnabled(contest is not None)
        self.table.setRowCount(0)
        self.log.clear()
        if scene is None:
            self.header.setText("No scene is being played.")
            return
        if contest is None:
            self.header.setText(f"{scene.name}: no contest going on.")
            return
        campaign = self.document.campaign
        winner = next((s.name for s in contest.sides if s.id == contest.winner), "")
        state = f"{escape(winner)} wins." if winner else f"Exchange {contest.exchange}."
        self.header.setText(f"<b>{escape(contest.name or 'Contest')}</b>: first to {contest.goal} victories. {state}"
                            + (" A tie: add the twist before the next exchange." if contest.twist_due else ""))
        self.table.setRowCount(len(contest.sides))
        for row, side in enumerate(contest.sides):
            who = campaign.character(side.members[0]) if side.members else None
            rating = who.rating(side.skill) if who else 0
            values = [side.name, f"{who.name if who else '—'}: {side.skill} {ladder_label(rating)}",
                      "the other sides" if side.difficulty is None else ladder_label(side.difficulty),
                      "●" * side.victories + "○" * max(0, contest.goal - side.victories)]
            for column, text in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.log.addItems(contest.log)
        self.log.scrollToBottom()

    def _scene_id(self) -> str:
        return scene_now(self.document).id

    def start(self):
        scene = scene_now(self.document)
        if scene is None:
            return None
        dialog = StartContestDialog(self.document, scene, self)
        dialog.accepted.connect(lambda: play(self.document, lambda c: start_contest(
            c, scene.id, dialog.name.text().strip(), dialog.sides(), dialog.goal.value()),
            "Start a contest", self.status))
        self.dialog = dialog
        dialog.open()
        return dialog

    def roll_exchange(self) -> RollDialog | None:
        """Every side rolls its overcome; invokes follow on the cards; OK scores the exchange."""
        contest = self.contest()
        if contest is None:
            return None
        campaign = self.document.campaign
        cards: dict[str, RollCard] = {}
        for side in contest.sides:
            if side.id in contest.forfeits:
                continue
            who = campaign.character(side.members[0]) if side.members else None
            setup = RollSetup(Action.OVERCOME, side.skill, who.rating(side.skill) if who else 0,
                              against=side.difficulty or 0, opposed=side.difficulty is None,
                              who=f"{side.name} ({who.name if who else 'nobody'})")
            against = "the other sides" if side.difficulty is None else "the difficulty"
            cards[side.id] = RollCard(self.document, who.id if who else None, setup, self.desk.dice, side.name, against)
        dialog = RollDialog(f"Exchange {contest.exchange}", list(cards.values()), "Score the exchange",
                            "Invoke aspects after the dice if you want to; the highest effort marks a victory.", self)

        def settle() -> None:  # active sides roll against the best of the others' efforts
            for side in contest.sides:
                if side.id in cards and side.difficulty is None:
                    others = [c.roll.effort for k, c in cards.items() if k != side.id]
                    cards[side.id].set_against(max(others, default=0))
        for card in cards.values():
            card.changed.connect(settle)
        settle()
        sid = self._scene_id()
        dialog.accepted.connect(lambda: play(self.document, lambda c: settle_exchange(
            c, sid, {k: (card.character_id, card.roll) for k, card in cards.items()})[0],
            "Roll the contest exchange", self.status))
        self.dialog = dialog
        dialog.open()
        return dialog

    def advantage(self):
        contest = self.contest()
        if contest is None:
            return None
        dialog = AdvantageDialog(self.document, contest, self.desk.dice, self)
        dialog.accepted.connect(lambda: self._advantage(dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _advantage(self, dialog: AdvantageDialog) -> None:
        if dialog.card is None:
            return
        sid, side, text, choice = self._scene_id(), dialog.side.currentData(), dialog.aspect.text(), \
            dialog.on_failure.currentData()
        who, roll = dialog.card.character_id, dialog.card.roll
        play(self.document, lambda c: contest_advantage(c, sid, side, who, roll, text, choice),
             "Create an advantage in the contest", self.status)

    def twist(self):
        dialog = TwistDialog(self)
        sid = self._scene_id()
        dialog.accepted.connect(lambda: play(self.document, lambda c: add_twist(c, sid, dialog.aspect.text()),
                                             "Add the contest's twist", self.status))
        self.dialog = dialog
        dialog.open()
        return dialog

    def end(self) -> None:
        sid = self._scene_id()
        play(self.document, lambda c: end_contest(c, sid), "End the contest", self.status)

