"""The roll panel's invokes after the dice: the roller's aspects one at a time, for +2 or a
reroll, paid with a free invoke or a fate point, and what the roll costs."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QListWidget, QPushButton, QVBoxLayout

from fate_desk.i18n import _
from fate_desk.rules.play.actions import Invokable, invokables
from fate_desk.rules.play.fate_points import holder_name, payer, points_of
from fate_desk.rules.play.roll import Invoke

from .. import access
from ..theme import status_colour
from ..widgets import escape
from .roll_outcome import spoken_invoke, spoken_refusal


def select_invokable(combo: QComboBox, label: str) -> None:
    """Pick the aspect whose text is `label` in a combo of invokables."""
    for i in range(combo.count()):
        if combo.itemData(i).label == label:
            combo.setCurrentIndex(i)
            return
    raise LookupError(label)


def relabel(combo: QComboBox, free_left) -> None:
    """Each aspect's text with the free invokes left on it now (spent ones are not offered)."""
    for i in range(combo.count()):
        item = combo.itemData(i)
        combo.setItemText(i, replace(item, free=max(0, free_left(item))).describe())


class RollInvokesPart:
    """Builds the invoke controls of the result group and invokes; mixed into `RollPanel`."""

    def _build_invokes(self, result_layout: QVBoxLayout) -> None:
        invoke_row = QHBoxLayout()
        self.aspect = QComboBox()
        self.aspect.setAccessibleName(_("Aspect to invoke"))
        self.free = QCheckBox(_("Use a &free invoke"))
        self.plus_two = QPushButton(_("Invoke for &+2"))
        self.reroll = QPushButton(_("Invoke to r&eroll"))
        invoke_row.addWidget(self.plus_two)
        invoke_row.addWidget(self.reroll)
        invoke_row.addStretch(1)
        heading = QLabel("<b>{}</b>".format(_("After the roll, invoke aspects one at a time:")))
        heading.setWordWrap(True)
        self.status = QLabel()  # refusals, above the invokes so they are seen
        self.status.setWordWrap(True)
        self.status.setObjectName("statusLabel")
        result_layout.addWidget(self.status)
        result_layout.addWidget(heading)
        result_layout.addWidget(self.aspect)
        result_layout.addWidget(self.free)
        result_layout.addLayout(invoke_row)
        self.invoked = QListWidget()
        self.invoked.setAccessibleName(_("Invokes on this roll"))
        self.invoked.setMaximumHeight(90)
        self.invoked.setWordWrap(True)
        result_layout.addWidget(self.invoked)
        self.cost_label = QLabel()
        self.cost_label.setWordWrap(True)
        result_layout.addWidget(self.cost_label)

        self.aspect.currentIndexChanged.connect(lambda *_args: self._aspect_chosen())
        self.plus_two.clicked.connect(lambda: self.invoke(reroll=False))
        self.reroll.clicked.connect(lambda: self.invoke(reroll=True))

    def _fill_aspects(self) -> None:
        self.aspect.blockSignals(True)
        self.aspect.clear()
        for item in invokables(self.campaign, self.who.currentData()):
            self.aspect.addItem(item.describe(), item)
        self.aspect.blockSignals(False)
        self._aspect_chosen()

    def invokable(self) -> Invokable | None:
        return self.aspect.currentData()

    def select_aspect(self, label: str) -> None:
        select_invokable(self.aspect, label)

    def _free_left(self, item: Invokable) -> int:
        used = self.roll.free_invokes_used.get(item.key, 0) if self.roll else 0
        return item.free - used

    def _aspect_chosen(self) -> None:
        item = self.invokable()
        left = self._free_left(item) if item else 0
        self.free.setEnabled(left > 0)
        self.free.setChecked(left > 0)
        self.free.setText(_("Use a &free invoke ({count} left)").format(count=left) if left else _("Use a &free invoke"))

    def points_left(self) -> int:
        """The roller's fate points (or the GM's pool) less what this roll has already spent."""
        who = payer(self.campaign, self.who.currentData())
        return points_of(self.campaign, who) - (self.roll.fate_points_spent if self.roll else 0)

    def invoke(self, reroll: bool) -> bool:
        """Invoke the chosen aspect now: +2 or a reroll; refusals are said in the status line."""
        item = self.invokable()
        if self.roll is None or item is None:
            return False
        free = self.free.isChecked() and self._free_left(item) > 0
        if not free and self.points_left() < 1:
            who = holder_name(self.campaign, payer(self.campaign, self.who.currentData()))
            self._refuse(self.status, _("{who} has no fate point left to pay for an invoke; "
                                        "use a free invoke or stop here.").format(who=who))
            return False
        invoke = Invoke(item.key, item.label, reroll=reroll, free=free, kind=item.kind, owner=item.owner)
        reason = self.roll.refusal(invoke)
        if reason:
            self._refuse(self.status, reason)
            return False
        self.roll = self.roll.invoke(invoke, self.dice)
        self._sync_defence()
        self.invoked.addItem(invoke.describe())
        self._invoked()
        self._show()
        who = holder_name(self.campaign, payer(self.campaign, self.who.currentData()))
        access.announce(self, spoken_invoke(self.roll, invoke, who, self.points_left()))
        self.rolled.emit()
        return True

    def _invoked(self) -> None:
        """After an invoke succeeds: old refusals go, and the lists say the free invokes left."""
        self.status.clear()
        self.oppose_status.clear()
        self._aspect_chosen()
        self._opposer_aspect_chosen()
        relabel(self.aspect, self._free_left)
        relabel(self.opposer_aspect, self._opposer_free_left)

    def _refuse(self, label: QLabel, message: str) -> None:
        said = _("<b>Not invoked:</b> {reason}").format(reason=escape(message))
        label.setText(f"<span style='color:{status_colour('error')}'>{said}</span>")  # i18n: markup only
        access.announce(self, spoken_refusal(message))  # the roll stays as it was: say why
        self.refused.emit()
