"""The dice roller dock: 4dF, a character's skill or a plain rating, invokes, stunt bonus, outcome."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDockWidget, QHBoxLayout, QLabel, QListWidget, QPushButton, QSpinBox, QToolButton,
    QVBoxLayout, QWidget,
)

from fate_desk.model import Character, ladder_label, signed
from fate_desk.rules.dice import Action, Dice, Invoke, Roll
from fate_desk.rules.history import Refused
from fate_desk.rules.table import current_scene, pay_fate_points, payer

from ..forms import child, load_form
from .common import LadderSpinBox, escape

FACES = {-1: "−", 0: "&nbsp;", 1: "+"}
PLAIN = "(a plain rating)"


class InvokeRow(QWidget):
    """One aspect invoked on the roll: +2 or a reroll, free or for a fate point."""

    def __init__(self, aspects: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.aspect = QComboBox()
        self.aspect.setEditable(True)
        self.aspect.addItems(aspects)
        self.aspect.setMinimumContentsLength(12)
        self.aspect.setAccessibleName("Aspect invoked")
        self.kind = QComboBox()
        self.kind.addItems(["+2", "Reroll"])
        self.free = QCheckBox("Free")
        self.free.setToolTip("A free invoke (from creating an advantage or a boost) costs no fate point")
        self.remove = QToolButton()
        self.remove.setText("✕")
        self.remove.setToolTip("Take this invoke off the roll")
        layout.addWidget(self.aspect, 1)
        layout.addWidget(self.kind)
        layout.addWidget(self.free)
        layout.addWidget(self.remove)

    def invoke(self) -> Invoke:
        return Invoke(self.aspect.currentText().strip(), self.kind.currentIndex() == 1, self.free.isChecked())


class DiceDock(QDockWidget):
    """Rolls with a seedable Dice; paid invokes are paid through the undo stack before the dice fall."""

    def __init__(self, parent: QWidget | None = None, dice: Dice | None = None):
        super().__init__("Dice", parent)
        self.setObjectName("diceDock")
        self.dice = dice or Dice()
        self.form = load_form("table_dice")
        self.setWidget(self.form)
        self.character_combo: QComboBox = child(self.form, QComboBox, "characterCombo")
        self.skill_combo: QComboBox = child(self.form, QComboBox, "skillCombo")
        self.action_combo: QComboBox = child(self.form, QComboBox, "actionCombo")
        self.against_combo: QComboBox = child(self.form, QComboBox, "againstCombo")
        self.stunt: QSpinBox = child(self.form, QSpinBox, "stuntSpin")
        self.rating = LadderSpinBox(self, -4, 12, 0)
        self.rating.setAccessibleName("Rating rolled")
        child(self.form, QHBoxLayout, "ratingHolder").addWidget(self.rating)
        self.against = LadderSpinBox(self, -4, 14, 2)
        self.against.setAccessibleName("Difficulty or opposition")
        child(self.form, QHBoxLayout, "againstHolder").addWidget(self.against, 1)
        child(self.form, QLabel, "ratingLabel").setBuddy(self.rating)
        child(self.form, QLabel, "againstLabel").setBuddy(self.against_combo)
        self.invokes_layout: QVBoxLayout = child(self.form, QVBoxLayout, "invokesLayout")
        self.pay_label: QLabel = child(self.form, QLabel, "payLabel")
        self.dice_label: QLabel = child(self.form, QLabel, "diceLabel")
        self.effort_label: QLabel = child(self.form, QLabel, "effortLabel")
        self.outcome_label: QLabel = child(self.form, QLabel, "outcomeLabel")
        self.meaning_label: QLabel = child(self.form, QLabel, "meaningLabel")
        self.log: QListWidget = child(self.form, QListWidget, "logList")
        self.roll_button: QPushButton = child(self.form, QPushButton, "rollButton")
        big = self.outcome_label.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.outcome_label.setFont(big)
        self.meaning_label.setTextFormat(Qt.TextFormat.PlainText)
        self.outcome_label.setTextFormat(Qt.TextFormat.PlainText)
        for action in Action:
            self.action_combo.addItem(action.label, action)
        self.against_combo.addItem("a difficulty", False)
        self.against_combo.addItem("an opposing roll", True)
        self.invoke_rows: list[InvokeRow] = []
        self.logs: dict[str, list[str]] = {}  # per open campaign (by file), for this run of the app
        self.document = None
        self.character_combo.currentIndexChanged.connect(lambda *_: self._fill_skills())
        self.skill_combo.currentIndexChanged.connect(lambda *_: self._skill_chosen())
        child(self.form, QPushButton, "addInvokeButton").clicked.connect(lambda: self.add_invoke())
        child(self.form, QPushButton, "clearLogButton").clicked.connect(self.clear_log)
        self.roll_button.clicked.connect(lambda: self.roll())
        self.set_document(None)

    # --- the document ---------------------------------------------------------------

    def set_document(self, document) -> None:
        self.document = document
        if document is not None:
            document.entityAdded.connect(lambda *_: self._fill_characters())
            document.entityRemoved.connect(lambda *_: self._fill_characters())
            document.entityChanged.connect(lambda *_: self._update_pay())
            document.campaignChanged.connect(self._update_pay)
        self.form.setEnabled(document is not None)
        self._fill_characters()
        self._show_log()

    def _key(self) -> str:
        return str(self.document.path) if self.document is not None else ""

    def _fill_characters(self) -> None:
        chosen = self.character_combo.currentData()
        self.character_combo.blockSignals(True)
        self.character_combo.clear()
        self.character_combo.addItem("Nobody in particular", None)
        for c in self.document.campaign.characters if self.document else []:
            self.character_combo.addItem(f"{c.name or '(unnamed)'} — {c.kind.label}", c.id)
        index = self.character_combo.findData(chosen) if chosen else 0
        self.character_combo.setCurrentIndex(max(index, 0))
        self.character_combo.blockSignals(False)
        self._fill_skills()

    def character(self) -> Character | None:
        cid = self.character_combo.currentData()
        return self.document.campaign.character(cid) if self.document and cid else None

    def select_character(self, character_id: str | None) -> None:
        self.character_combo.setCurrentIndex(max(0, self.character_combo.findData(character_id)))

    def _fill_skills(self) -> None:
        character = self.character()
        self.skill_combo.blockSignals(True)
        self.skill_combo.clear()
        self.skill_combo.addItem(PLAIN, None)
        if character is not None:
            ruleset = self.document.ruleset_for(character)
            names = sorted(character.skills, key=lambda n: (-character.rating(n), n))
            names += [n for n in ruleset.skills if n not in character.skills]
            for name in names:
                self.skill_combo.addItem(f"{name} — {ladder_label(character.rating(name))}", name)
            self.skill_combo.setCurrentIndex(1 if names else 0)
        self.skill_combo.blockSignals(False)
        self._skill_chosen()
        self._update_pay()

    def select_skill(self, name: str) -> None:
        self.skill_combo.setCurrentIndex(max(0, self.skill_combo.findData(name)))

    def _skill_chosen(self) -> None:
        name = self.skill_combo.currentData()
        character = self.character()
        self.rating.setEnabled(name is None)
        if name is not None and character is not None:
            self.rating.setValue(character.rating(name))

    # --- invokes --------------------------------------------------------------------

    def _aspects(self) -> list[str]:
        names = []
        character = self.character()
        if character is not None:
            names += [a.text for a in character.aspects if a.text]
        scene = current_scene(self.document.campaign) if self.document else None
        if scene is not None:
            names += [a.text for a in scene.aspects if a.text]
            names += [a.text for z in scene.zones for a in z.aspects if a.text]
        return list(dict.fromkeys(names))

    def add_invoke(self, aspect: str = "", reroll: bool = False, free: bool = False) -> InvokeRow:
        row = InvokeRow(self._aspects(), self)
        if aspect:
            row.aspect.setCurrentText(aspect)
        row.kind.setCurrentIndex(1 if reroll else 0)
        row.free.setChecked(free)
        row.free.toggled.connect(lambda *_: self._update_pay())
        row.remove.clicked.connect(lambda: self._remove_invoke(row))
        self.invokes_layout.addWidget(row)
        self.invoke_rows.append(row)
        self._update_pay()
        return row

    def _remove_invoke(self, row: InvokeRow) -> None:
        self.invoke_rows.remove(row)
        row.hide()
        row.deleteLater()
        self._update_pay()

    def _paid(self) -> int:
        return sum(1 for row in self.invoke_rows if not row.free.isChecked())

    def _update_pay(self) -> None:
        if self.document is None:
            self.pay_label.setText("")
            return
        paid = self._paid()
        campaign = self.document.campaign
        character = self.character()
        if payer(campaign, character.id if character else None) == "pc":
            who, have = f"by {character.name or '(unnamed)'}", character.fate_points
        else:
            who, have = "from the GM's pool", campaign.gm_fate_points
        cost = f"costs {paid} fate point{'s' if paid != 1 else ''}" if paid else "costs nothing"
        self.pay_label.setText(f"<small>This roll {cost}, paid {escape(who)} ({have} left).</small>")

    # --- rolling --------------------------------------------------------------------

    def roll(self) -> Roll | None:
        """Pay for the paid invokes (one undo step), roll, show the result and log it."""
        if self.document is None:
            return None
        character = self.character()
        cid = character.id if character else None
        invokes = [row.invoke() for row in self.invoke_rows]
        paid = self._paid()
        if paid:
            try:
                pay_fate_points(self.document.campaign, cid, paid)
            except Refused as refused:
                self.dice_label.setText("")
                self.effort_label.setText("")
                self.outcome_label.setText("Not rolled")
                self.meaning_label.setText(refused.problems[0].message)
                return None
            self.document.edit_campaign(lambda c: pay_fate_points(c, cid, paid)[0],
                                        f"Pay {paid} fate point{'s' if paid != 1 else ''} for invokes")
        skill = self.skill_combo.currentData() or ""
        result = self.dice.roll(Action(self.action_combo.currentData()), skill, self.rating.value(),
                                self.against.value(), invokes, self.stunt.value(),
                                bool(self.against_combo.currentData()))
        self._show(result)
        who = f"{character.name or '(unnamed)'}: " if character else ""
        extras = [f"invoked “{i.aspect or 'an aspect'}” ({'reroll' if i.reroll else '+2'}, "
                  f"{'free' if i.free else 'paid'})" for i in invokes]
        if result.stunt_bonus:
            extras.append(f"stunt +{result.stunt_bonus}")
        line = who + result.summary() + (f" ({'; '.join(extras)})" if extras else "")
        self.logs.setdefault(self._key(), []).append(line)
        self.log.insertItem(0, line)
        return result

    def _show(self, result: Roll) -> None:
        cells = "".join(f"<td align='center' width='34'>{FACES[d]}</td>" for d in result.dice)
        rerolled = ""
        if len(result.rolls) > 1:
            first = " ".join({-1: "−", 0: "0", 1: "+"}[d] for d in result.rolls[0])
            rerolled = f"<br><small>rerolled from [{first}]</small>"
        self.dice_label.setText(
            f"<table border='1' cellspacing='4' cellpadding='4' style='font-size:20pt; font-weight:bold'>"
            f"<tr>{cells}</tr></table>{rerolled}")
        against = "opposition" if result.opposed else "difficulty"
        self.effort_label.setText(
            f"Dice {signed(sum(result.dice))} + {ladder_label(result.rating)}"
            + (f" + {result.bonus} bonus" if result.bonus else "")
            + f" = effort <b>{ladder_label(result.effort)}</b><br>against {against} "
              f"{ladder_label(result.against)}: <b>{signed(result.shifts)}</b> "
              f"shift{'' if abs(result.shifts) == 1 else 's'}")
        self.outcome_label.setText(result.outcome.label)
        self.meaning_label.setText(result.meaning())

    def _show_log(self) -> None:
        self.log.clear()
        for line in reversed(self.logs.get(self._key(), [])):
            self.log.addItem(line)

    def log_lines(self) -> list[str]:
        return list(self.logs.get(self._key(), []))

    def clear_log(self) -> None:
        self.logs[self._key()] = []
        self.log.clear()
