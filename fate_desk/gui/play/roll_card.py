"""One roll on a card, with the core roll model: the dice are thrown first, then aspects are
invoked one at a time (+2 or a reroll, free or for a fate point) while the result shows.

Conflicts, contests and challenges put their rolls on cards; the roll dialog shows the
defender's roll on one, so the defending side can invoke after the dice too."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QGroupBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from fate_desk.model import ladder_label
from fate_desk.rules.play.fate_points import holder_name, payer, points_of
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.actions import invokables
from fate_desk.rules.play.roll import Invoke, Roll, RollSetup

from ..widgets import escape


class RollCard(QGroupBox):
    """`roll` is the current Roll (thrown here, or one already thrown); `changed` fires after
    every invoke. Paid invokes come from the character's fate points, or the GM's pool."""

    changed = Signal()

    def __init__(self, document, character_id: str | None, setup: RollSetup, dice, title: str, against_text: str = "",
                 roll: Roll | None = None):
        super().__init__(title)
        self.document, self.character_id, self.dice = document, character_id, dice
        self.against_text = against_text
        self.roll = roll if roll is not None else Roll.throw(setup, dice)
        layout = QVBoxLayout(self)
        self.result = QLabel()
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        self.aspect = QComboBox()
        # The aspect sits on a line of its own, so a card fits a narrow dock as well as a dialog.
        self.aspect.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.aspect.setMinimumContentsLength(12)
        self.aspect.setAccessibleName("Aspect to invoke")
        self.options = invokables(document.campaign, character_id)
        for option in self.options:
            self.aspect.addItem(option.describe(), option.key)
        self.kind = QComboBox()
        self.kind.addItems(["+2", "Reroll"])
        self.free = QCheckBox("Free")
        self.free.setToolTip("Spend a free invoke on the aspect instead of a fate point")
        self.invoke_button = QPushButton("Invoke")
        layout.addWidget(self.aspect)
        row = QHBoxLayout()
        for widget in (self.kind, self.free, self.invoke_button):
            row.addWidget(widget)
        row.addStretch(1)
        layout.addLayout(row)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.aspect.currentIndexChanged.connect(self._aspect_changed)
        self.invoke_button.clicked.connect(lambda: self.invoke())
        self.aspect.setEnabled(bool(self.options))
        self.invoke_button.setEnabled(bool(self.options))
        self._aspect_changed()
        self.show_roll()

    def _free_left(self, option) -> int:
        return option.free - self.roll.free_invokes_used.get(option.key, 0)

    def _aspect_changed(self) -> None:
        option = self.option()
        left = self._free_left(option) if option else 0
        self.free.setEnabled(left > 0)
        self.free.setChecked(left > 0)

    def option(self):
        index = self.aspect.currentIndex()
        return self.options[index] if 0 <= index < len(self.options) else None

    def set_against(self, against: int, text: str = "") -> None:
        self.roll = self.roll.against(against)
        self.against_text = text or self.against_text
        self.show_roll()

    def invoke(self, label: str | None = None, reroll: bool | None = None, free: bool | None = None) -> bool:
        """Invoke the chosen aspect (or the one whose text starts with `label`); False if refused."""
        if label is not None:
            index = next(i for i, o in enumerate(self.options) if o.label.startswith(label))
            self.aspect.setCurrentIndex(index)
        if reroll is not None:
            self.kind.setCurrentIndex(1 if reroll else 0)
        if free is not None:
            self.free.setChecked(free)
        option = self.option()
        if option is None:
            return False
        invoke = Invoke(option.key, option.label, reroll=self.kind.currentIndex() == 1,
                        free=self.free.isChecked(), kind=option.kind, owner=option.owner)
        used = self.roll.free_invokes_used.get(option.key, 0)
        if invoke.free and used >= option.free:
            self.status.setText(f"“{option.label}” has no free invoke left on this roll.")
            return False
        who = payer(self.document.campaign, self.character_id)
        if not invoke.free and points_of(self.document.campaign, who) - self.roll.fate_points_spent < 1:
            self.status.setText(f"{escape(holder_name(self.document.campaign, who))} has no fate point left to pay "
                                "for an invoke; use a free invoke or stop here.")
            return False
        try:
            self.roll = self.roll.invoke(invoke, self.dice)
        except Refused as exc:
            self.status.setText(escape(str(exc)))
            return False
        self.status.setText("")
        for i, o in enumerate(self.options):  # the free invokes left, not the ones already spent
            self.aspect.setItemText(i, replace(o, free=max(0, self._free_left(o))).describe())
        self._aspect_changed()
        self.show_roll()
        self.changed.emit()
        return True

    def show_roll(self) -> None:
        roll = self.roll
        invokes = "".join(f"<br>+ {escape(i.describe())}" for i in roll.invokes)
        against = f"Against {escape(self.against_text)} {ladder_label(roll.setup.against)}" if self.against_text else "Result"
        self.result.setText(
            f"[{roll.faces()}] {escape(roll.setup.skill or 'no skill')} {ladder_label(roll.setup.rating)}"
            + (f" +{roll.setup.teamwork} teamwork" if roll.setup.teamwork else "")
            + f" → <b>{ladder_label(roll.effort)}</b>"
            + f"<br>{against}: {roll.outcome.label.lower()} ({roll.shifts:+d}){invokes}")
