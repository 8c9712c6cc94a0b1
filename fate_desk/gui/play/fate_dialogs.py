"""Fate points with a reason, compels on an aspect, and conceding a conflict."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QMessageBox, QPushButton, QSpinBox,
    QVBoxLayout, QWidget,
)

from fate_desk.rules.play.fate_points import (
    GM, Reason, change_points, compel, compel_targets, holder, holder_name, points_of,
)
from fate_desk.rules.encounters.conflict import concede_in_play, concession_refusal
from fate_desk.rules.play.hits import conflict_id
from fate_desk.rules.creation.history import Refused
from fate_desk.model import CharacterKind

from ..widgets import escape
from ..theme import status_colour


class _PlayDialog(QDialog):
    def __init__(self, title: str, document, character_id: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.document, self.character_id = document, character_id
        self.layout_ = QVBoxLayout(self)
        self.form = QFormLayout()
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.layout_.addWidget(self.heading)
        self.layout_.addLayout(self.form)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.rejected.connect(self.reject)

    def finish(self) -> None:
        self.layout_.addWidget(self.status)
        self.layout_.addWidget(self.buttons)
        self.resize(max(460, self.sizeHint().width()), self.sizeHint().height())

    def run(self, operation, text: str) -> bool:
        """Try the core operation first; a refusal is shown and nothing is pushed."""
        try:
            operation(self.document.campaign)
        except Refused as refused:
            self.status.setText(f"<span style='color:{status_colour('error')}'>{escape(refused.problems[0].message)}</span>")
            return False
        self.document.edit_campaign(operation, text)
        self.accept()
        return True

    @property
    def character(self):
        return self.document.campaign.character(self.character_id)


class FatePointsDialog(_PlayDialog):
    """Spend or gain fate points with a reason; an NPC's come from (or go to) the GM's pool."""

    def __init__(self, document, character_id: str, parent: QWidget | None = None):
        super().__init__("Fate points", document, character_id, parent)
        campaign = document.campaign
        self.who = QComboBox()
        self.who.setAccessibleName("Whose fate points")
        own = holder(campaign, character_id)
        if own != GM:
            self.who.addItem(f"{holder_name(campaign, own)} ({points_of(campaign, own)})", own)
        self.who.addItem(f"The GM's pool ({campaign.gm_fate_points})", GM)
        self.reason = QComboBox()
        self.reason.setAccessibleName("Reason")
        for reason in Reason.ALL:
            self.reason.addItem(reason.capitalize(), reason)
        self.amount = QSpinBox()
        self.amount.setRange(1, 20)
        self.note = QLineEdit()
        self.note.setPlaceholderText("What for (optional)")
        self.form.addRow("&Whose:", self.who)
        self.form.addRow("&Reason:", self.reason)
        self.form.addRow("&Points:", self.amount)
        self.form.addRow("&Note:", self.note)
        pending = self.character.pending_fate_points if self.character else 0
        self.heading.setText(
            f"<b>{escape(self.character.name or '(unnamed)')}</b>" +
            (f" — {pending} more from hostile invokes, to spend after this scene" if pending else ""))
        self.spend_button = QPushButton("&Spend")
        self.gain_button = QPushButton("&Gain")
        self.buttons.addButton(self.spend_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.gain_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.spend_button.clicked.connect(lambda: self.change(-1))
        self.gain_button.clicked.connect(lambda: self.change(+1))
        self.finish()

    def change(self, sign: int) -> bool:
        who, reason, note = self.who.currentData(), self.reason.currentData(), self.note.text().strip()
        step = sign * self.amount.value()
        verb = "Spend" if step < 0 else "Gain"
        return self.run(lambda c: change_points(c, who, step, reason, note),
                        f"{verb} {abs(step)} fate point{'s' if abs(step) != 1 else ''} ({reason})")


class CompelDialog(_PlayDialog):
    """A compel on any aspect affecting the character (its own, a consequence, the scene's):
    accept (+1) or refuse (−1, not at 0). A player proposing it on another character pays one."""

    def __init__(self, document, character_id: str, parent: QWidget | None = None):
        super().__init__("Compel", document, character_id, parent)
        character = self.character
        campaign = document.campaign
        self.aspect = QComboBox()
        self.aspect.setAccessibleName("Aspect compelled")
        for text in compel_targets(campaign, character_id):
            self.aspect.addItem(text, text)
        self.form.addRow("&Aspect:", self.aspect)
        self.proposer = QComboBox()
        self.proposer.setAccessibleName("Who proposes the compel")
        self.proposer.addItem("The GM (free)", None)
        for pc in campaign.characters:
            if pc.kind == CharacterKind.PC and pc.id != character_id:
                self.proposer.addItem(f"{pc.name or '(unnamed)'} (pays one of their fate points)", pc.id)
        self.form.addRow("&Proposed by:", self.proposer)
        who = holder(document.campaign, character_id)
        self.heading.setText(
            f"<b>{escape(character.name or '(unnamed)')}</b> is compelled. Accept and "
            f"{'they gain' if who != GM else 'the GM gains'} a fate point; refuse and "
            f"{'they pay' if who != GM else 'the GM pays'} one "
            f"({escape(holder_name(document.campaign, who))} has {points_of(document.campaign, who)}).")
        self.accept_button = QPushButton("A&ccept (+1)")
        self.refuse_button = QPushButton("&Refuse (−1)")
        self.buttons.addButton(self.accept_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.refuse_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.accept_button.clicked.connect(lambda: self.decide(True))
        self.refuse_button.clicked.connect(lambda: self.decide(False))
        self.finish()

    def decide(self, accept: bool) -> bool:
        aspect = self.aspect.currentData() or ""
        proposer = self.proposer.currentData()
        return self.run(lambda c: compel(c, self.character_id, aspect, accept, proposer),
                        "Accept a compel" if accept else "Refuse a compel")


def concede(parent: QWidget, document, character_id: str) -> QMessageBox:
    """Ask, then concede the running conflict (before the roll): 1 point plus 1 per consequence
    taken in it. Refused, with the reason, outside a conflict, a second time, or once taken out.

    The question opens without blocking; its Concede button concedes through the conflict (one
    undo step, the same as the conflict panel's Concede).
    """
    campaign = document.campaign
    character = campaign.character(character_id)
    reason = concession_refusal(campaign, character_id)
    if reason:
        box = QMessageBox(QMessageBox.Icon.Information, "Concede", reason, QMessageBox.StandardButton.Close, parent)
        box.setObjectName("concedeBox")
        box.open()
        return box
    taken = sum(1 for c in character.consequences if c.conflict == conflict_id(campaign))
    points = 1 + taken
    box = QMessageBox(QMessageBox.Icon.Question, "Concede",
                      f"{character.name or '(unnamed)'} concedes the conflict before the next roll: "
                      f"they leave the fight on their own terms and gain {points} fate point"
                      f"{'s' if points != 1 else ''} (1, plus {taken} for consequences taken in this conflict).",
                      QMessageBox.StandardButton.Cancel, parent)
    box.setObjectName("concedeBox")
    yes = box.addButton("Concede", QMessageBox.ButtonRole.AcceptRole)
    yes.clicked.connect(lambda: _concede(document, character_id, parent))
    box.open()
    return box


def _concede(document, character_id: str, parent: QWidget) -> None:
    """Concede through the core; a refusal (the conflict changed meanwhile) is said, nothing changes."""
    try:
        document.edit_campaign(lambda c: concede_in_play(c, character_id), "Concede the conflict")
    except Refused as refused:
        QMessageBox.information(parent, "Concede", refused.problems[0].message)
