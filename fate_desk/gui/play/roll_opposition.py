"""The roll panel's other side: a defender's own roll on a card (it invokes too), and anyone
invoking against a passive difficulty for +2, paying for it themselves."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QGroupBox, QLabel, QPushButton, QVBoxLayout

from fate_desk.i18n import _
from fate_desk.model import Character
from fate_desk.rules.play.actions import Invokable, invokables
from fate_desk.rules.play.fate_points import holder_name, payer
from fate_desk.rules.play.roll import Invoke

from .. import access
from .roll_card import RollCard, invoker_index, opposer_free_left, opposer_points_left
from .roll_invokes import select_invokable
from .roll_outcome import spoken_against


class RollOppositionPart:
    """Builds the defence card holder and the "Invoke against the roll" group; mixed into `RollPanel`."""

    def _build_opposition(self, result_layout: QVBoxLayout) -> None:
        # The other side invokes too: on its own defence roll, or +2 to a passive difficulty.
        self.defence_holder = QVBoxLayout()
        result_layout.addLayout(self.defence_holder)
        self.defence_card: RollCard | None = None
        self.against_box = QGroupBox(_("Invoke against the roll"))
        against_layout = QVBoxLayout(self.against_box)  # stacked, so it fits a narrow dock
        hint = QLabel("<small>{}</small>".format(_("Anyone may invoke an aspect to add +2 to the difficulty, paying "  # i18n: markup only
                                                   "for it themselves. Who invokes, and which aspect:")))
        hint.setWordWrap(True)
        self.opposer = QComboBox()
        self.opposer.setAccessibleName(_("Who invokes against the roll"))
        self.opposer_aspect = QComboBox()
        self.opposer_aspect.setAccessibleName(_("Aspect invoked against the roll"))
        self.opposer_free = QCheckBox(_("Use a free invoke"))
        self.oppose_button = QPushButton(_("+2 to the diffic&ulty"))
        self.oppose_status = QLabel()
        self.oppose_status.setWordWrap(True)
        for widget in (hint, self.opposer, self.opposer_aspect, self.opposer_free, self.oppose_button,
                       self.oppose_status):
            against_layout.addWidget(widget)
        result_layout.addWidget(self.against_box)

        self.opposer.currentIndexChanged.connect(lambda *_args: self._fill_opposer_aspects())
        self.opposer_aspect.currentIndexChanged.connect(lambda *_args: self._opposer_aspect_chosen())
        self.oppose_button.clicked.connect(lambda: self.oppose())

    def _defence(self, other: Character | None) -> None:
        """The defender's roll on a card: it invokes after the dice like the roller does."""
        if self.defence_card is not None:
            self.defence_card.hide()
            self.defence_card.deleteLater()
            self.defence_card = None
        if other is None or self.opposing is None:
            return
        name = other.name or _("(unnamed)")
        self.defence_card = RollCard(self.document, other.id, self.opposing.setup, self.dice,
                                     _("{name} defends").format(name=name), _("the roll"), roll=self.opposing)
        self.defence_card.setObjectName("defenceCard")
        self.defence_card.changed.connect(self._defence_changed)
        self.defence_holder.addWidget(self.defence_card)
        self._sync_defence()

    def _defence_changed(self) -> None:
        self.opposing = self.defence_card.roll
        self.roll = self.roll.against(self.opposing.effort)
        self._sync_defence()
        self._show()
        self.rolled.emit()

    def _sync_defence(self) -> None:
        if self.defence_card is not None and self.roll is not None:
            self.defence_card.set_against(self.roll.effort)

    def _fill_opposers(self) -> None:
        """Anyone but the roller may invoke against a passive difficulty; the GM pays for NPCs."""
        self.opposer.blockSignals(True)
        self.opposer.clear()
        self.opposer.addItem(_("The GM"), None)
        for c in self.campaign.characters:
            if c.id != self.who.currentData():
                self.opposer.addItem(c.name or _("(unnamed)"), c.id)
        self.opposer.blockSignals(False)
        self.oppose_status.clear()
        self._fill_opposer_aspects()

    def select_opposer(self, name: str) -> None:
        self.opposer.setCurrentIndex(invoker_index(self.opposer, name))

    def _fill_opposer_aspects(self) -> None:
        self.opposer_aspect.blockSignals(True)
        self.opposer_aspect.clear()
        for item in invokables(self.campaign, self.opposer.currentData()):
            self.opposer_aspect.addItem(item.describe(), item)
        self.opposer_aspect.blockSignals(False)
        self._opposer_aspect_chosen()

    def select_opposer_aspect(self, label: str) -> None:
        select_invokable(self.opposer_aspect, label)

    def _opposer_free_left(self, item: Invokable) -> int:
        return opposer_free_left(self.roll, item) if self.roll is not None else 0

    def _opposer_aspect_chosen(self) -> None:
        item = self.opposer_aspect.currentData()
        left = self._opposer_free_left(item) if item else 0
        self.opposer_free.setEnabled(left > 0)
        self.opposer_free.setChecked(left > 0)
        self.opposer_free.setText(_("Use a free invoke ({count} left)").format(count=left) if left
                                  else _("Use a free invoke"))

    def _opposer_points_left(self, by: str | None) -> int:
        return opposer_points_left(self.campaign, self.roll, self.who.currentData(), by)

    def oppose(self) -> bool:
        """Invoke the chosen aspect against the roll: +2 to the difficulty, paid by the invoker."""
        item, by = self.opposer_aspect.currentData(), self.opposer.currentData()
        if self.roll is None or item is None:
            return False
        free = self.opposer_free.isChecked() and self._opposer_free_left(item) > 0
        if not free and self._opposer_points_left(by) < 1:
            name = holder_name(self.campaign, payer(self.campaign, by))
            self._refuse(self.oppose_status, _("{who} has no fate point left to pay for an invoke.").format(who=name))
            return False
        invoke = Invoke(item.key, item.label, free=free, kind=item.kind, owner=item.owner, by=by)
        reason = self.roll.opposition_refusal(invoke)
        if reason:
            self._refuse(self.oppose_status, reason)
            return False
        self.roll = self.roll.oppose(invoke)
        self.invoked.addItem(_("Against the roll, by {who}: {invoke}").format(
            who=self.opposer.currentText(), invoke=invoke.describe()))
        self._invoked()
        self._show()
        who = holder_name(self.campaign, payer(self.campaign, by))
        access.announce(self, spoken_against(self.roll, invoke, who, self._opposer_points_left(by)))
        self.rolled.emit()
        return True
