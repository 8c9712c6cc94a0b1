"""The roll panel shared by the roll dialog and the dice dock: set up, see the odds, roll, invoke.

The panel only holds a `roll.Roll` value while the player works on it; nothing touches the
campaign until the owner applies the finished roll (one undo step, `rules.play.actions.apply_roll`).
Its parts live beside it: the setup and odds (`roll_setup`), the roller's invokes
(`roll_invokes`), the other side (`roll_opposition`) and the outcome (`roll_outcome`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QApplication, QComboBox, QGroupBox, QVBoxLayout, QWidget

from fate_desk.i18n import _
from fate_desk.rules.play.roll import Action, Dice, DiceSource, Roll, RollSetup

from .. import access
from .roll_invokes import RollInvokesPart
from .roll_opposition import RollOppositionPart
from .roll_outcome import RollOutcomePart, spoken
from .roll_setup import RollSetupPart


class RollPanel(RollSetupPart, RollInvokesPart, RollOppositionPart, RollOutcomePart, QWidget):
    """Who rolls what against what; after the roll, invokes one at a time; the outcome."""

    rolled = Signal()  # the dice fell, or an invoke changed the roll
    refused = Signal()  # an invoke was refused: the reason is in a status line

    def __init__(self, document, dice: DiceSource | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.document = document
        self.dice = dice or Dice()
        self.roll: Roll | None = None
        self.opposing: Roll | None = None  # the opponent's defence roll, when opposed by a character
        self._build()

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self._build_setup())
        result = QGroupBox(_("Result"))
        result_layout = QVBoxLayout(result)
        # What the roll asks of the player (names, refusals) sits right under the outcome, in view
        # without scrolling; the invokes follow.
        self._build_outcome(result_layout)
        self._build_created(result_layout)
        self._build_invokes(result_layout)
        self._build_opposition(result_layout)
        layout.addWidget(result)
        layout.addStretch(1)
        for combo in self.findChildren(QComboBox):
            # combos shrink to a narrow dock; their popups still show the whole text
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        self.fill()
        self._show()  # nothing to invoke, and nothing created, before the dice

    @property
    def campaign(self):
        return self.document.campaign

    # --- rolling -----------------------------------------------------------------------------

    def throw(self) -> Roll:
        """Roll the dice (and the opponent's defence) once; invokes come afterwards, and only an
        invoke throws them again. The setup is locked until the roll is applied or set aside."""
        if self.roll is not None:
            return self.roll
        focus = QApplication.focusWidget()
        had_focus = focus is not None and self.setup_box.isAncestorOf(focus)
        other = self.campaign.character(self.opponent_id() or "")
        self.opposing = None
        against = None
        if other is not None:
            skill = self.opponent_skill.currentData() or ""
            # The defender carries its own scale's benefit when it is the higher side (+1 a level).
            defence = RollSetup(Action.DEFEND, skill, self.document.rating_of(other, skill), 0, scale=-self._scale(),
                                who=other.name or "(unnamed)")  # i18n: not shown (kept in the roll log)
            self.opposing = Roll.throw(defence, self.dice)
            against = self.opposing.effort
        self.roll = Roll.throw(self.setup(against), self.dice)
        self.invoked.clear()
        self.status.clear()
        self.advantage.clear()
        self.boost.clear()
        self._fill_aspects()
        self._fill_targets()
        self._defence(other)
        self._fill_opposers()
        self._show()
        if had_focus and self.aspect.isEnabled():
            # The setup (and Roll 4dF with it) is locked now: the keyboard moves on to the invokes
            # instead of being left on a disabled button, with no focus anywhere.
            self.aspect.setFocus(Qt.FocusReason.OtherFocusReason)
        access.announce(self, spoken(self.roll))
        self.rolled.emit()
        return self.roll

    def reset(self) -> None:
        """Forget the roll (after it was applied): the next roll starts with no invokes."""
        self.roll = None
        self.opposing = None
        self.invoked.clear()
        self.aspect.clear()
        self.status.clear()
        self.cost_label.clear()
        self.created_row.hide()
        self._defence(None)
        self._show()
