"""One roll on a card, with the core roll model: the dice are thrown first, then aspects are
invoked one at a time (+2 or a reroll, free or for a fate point) while the result shows.

Conflicts, contests and challenges put their rolls on cards; the roll dialog shows the
defender's roll on one, so the defending side can invoke after the dice too."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout

from fate_desk.i18n import _, pgettext, rules_text
from fate_desk.model import ladder_label
from fate_desk.rules.play.fate_points import holder_name, payer, points_of
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.actions import Invokable, invokables, stunts_for
from fate_desk.rules.play.roll import Invoke, InvokeKind, Roll, RollSetup, StuntBonus

from .. import access
from ..widgets import escape
from .roll_outcome import spoken_against, spoken_invoke, spoken_refusal


def invoker_index(combo: QComboBox, name: str) -> int:
    """The row of a combo of invokers for a character's name, or for the GM ("The GM", in English
    or as shown): the GM's row carries no character id, whatever language its text is in."""
    if name == "The GM":  # i18n: not shown (a caller's English name for the GM's row)
        return combo.findData(None) if combo.findData(None) >= 0 else 0
    return combo.findText(name)


def opposer_free_left(roll: Roll, item: Invokable) -> int:
    """Free invokes left on `item` for an invoke against `roll` (those spent on it already count)."""
    on_roll = roll.free_invokes_used.get(item.key, 0) if item.kind != InvokeKind.CONSEQUENCE else 0
    against = sum(1 for i in roll.opposition if i.free and i.key == item.key)
    return item.free - on_roll - against


def opposer_points_left(campaign, roll: Roll, roller: str | None, by: str | None) -> int:
    """The invoker's fate points less what this roll already spends from the same purse."""
    who = payer(campaign, by)
    spent = sum(1 for i in roll.opposition if not i.free and payer(campaign, i.by) == who)
    if payer(campaign, roller) == who:
        spent += roll.fate_points_spent
    return points_of(campaign, who) - spent


class RollCard(QGroupBox):
    """`roll` is the current Roll (thrown here, or one already thrown); `changed` fires after
    every invoke. Paid invokes come from the character's fate points, or the GM's pool."""

    changed = Signal()

    def __init__(self, document, character_id: str | None, setup: RollSetup, dice, title: str, against_text: str = "",
                 roll: Roll | None = None, difficulty: bool = False, boosts: bool = True):
        super().__init__(title)
        self.document, self.character_id, self.dice = document, character_id, dice
        self.against_text = against_text
        self.difficulty = difficulty and not setup.opposed  # a passive difficulty others may raise
        self.boosts = boosts  # False in a contest: style there marks victories, not a boost
        self.roll = roll if roll is not None else Roll.throw(setup, dice)
        layout = QVBoxLayout(self)
        self.result = QLabel()
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        self.aspect = QComboBox()
        # The aspect sits on a line of its own, so a card fits a narrow dock as well as a dialog.
        self.aspect.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.aspect.setMinimumContentsLength(12)
        self.aspect.setAccessibleName(_("Aspect to invoke"))
        self.options = invokables(document.campaign, character_id)
        for option in self.options:
            self.aspect.addItem(option.describe(), option.key)
        self.kind = QComboBox()
        self.kind.addItems(["+2", _("Reroll")])  # read by position: 0 is +2, 1 a reroll
        self.free = QCheckBox(pgettext("invoke", "Free"))
        self.free.setToolTip(_("Spend a free invoke on the aspect instead of a fate point"))
        self.invoke_button = QPushButton(_("Invoke"))
        layout.addWidget(self.aspect)
        row = QHBoxLayout()
        for widget in (self.kind, self.free, self.invoke_button):
            row.addWidget(widget)
        row.addStretch(1)
        layout.addLayout(row)
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.boost = QLineEdit()  # a boost the roll gives is named by the player, never "Boost"
        self.boost.setPlaceholderText(_("Name the boost you got (needed)"))
        self.boost.setAccessibleName(_("Boost"))
        layout.addWidget(self.boost)
        self._build_stunts(layout)
        self._build_against(layout)
        self.aspect.currentIndexChanged.connect(self._aspect_changed)
        self.invoke_button.clicked.connect(lambda: self.invoke())
        self.aspect.setEnabled(bool(self.options))
        self.invoke_button.setEnabled(bool(self.options))
        self._aspect_changed()
        self.show_roll()

    # --- the same stunts and invokes as the roll dialog ------------------------------------------

    def _build_stunts(self, layout: QVBoxLayout) -> None:
        """The roller's stunts that give +2 to this skill and action, ticked as they apply."""
        character = self.document.campaign.character(self.character_id or "")
        found = stunts_for(character, self.roll.setup.skill, self.roll.setup.action) if character else []
        self.stunt_checks: list[QCheckBox] = []
        for stunt in found:
            box = QCheckBox(_("+2 from “{stunt}”").format(stunt=stunt.name or _("a stunt")))
            box.setToolTip(stunt.text)
            box.setProperty("stunt", stunt.name or "a stunt")  # i18n: not shown (the roll log keeps it)
            box.toggled.connect(lambda *_args: self._stunts_changed())
            layout.addWidget(box)
            self.stunt_checks.append(box)

    def _stunts_changed(self) -> None:
        stunts = tuple(StuntBonus(box.property("stunt")) for box in self.stunt_checks if box.isChecked())
        self.roll = replace(self.roll, setup=replace(self.roll.setup, stunts=stunts))
        self.show_roll()
        self.changed.emit()

    def _build_against(self, layout: QVBoxLayout) -> None:
        """Against a passive difficulty anyone but the roller may invoke for +2 to it, paying."""
        self.against_box = QGroupBox(_("Invoke against the roll (+2 to the difficulty)"))
        box = QVBoxLayout(self.against_box)
        self.opposer = QComboBox()
        self.opposer.setAccessibleName(_("Who invokes against the roll"))
        self.opposer.addItem(_("The GM"), None)
        for c in self.document.campaign.characters:
            if c.id != self.character_id:
                self.opposer.addItem(c.name or _("(unnamed)"), c.id)
        self.opposer_aspect = QComboBox()
        self.opposer_aspect.setAccessibleName(_("Aspect invoked against the roll"))
        self.opposer_aspect.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.opposer_aspect.setMinimumContentsLength(12)
        self.opposer_free = QCheckBox(pgettext("invoke", "Free"))
        self.oppose_button = QPushButton(_("+2 to the difficulty"))
        row = QHBoxLayout()
        for widget in (self.opposer, self.opposer_free, self.oppose_button):
            row.addWidget(widget)
        box.addWidget(self.opposer_aspect)
        box.addLayout(row)
        layout.addWidget(self.against_box)
        self.against_box.setVisible(self.difficulty)
        self.opposer.currentIndexChanged.connect(lambda *_args: self._fill_opposer_aspects())
        self.opposer_aspect.currentIndexChanged.connect(lambda *_args: self._opposer_aspect_changed())
        self.oppose_button.clicked.connect(lambda: self.oppose())
        self._fill_opposer_aspects()

    def _fill_opposer_aspects(self) -> None:
        self.opposer_aspect.blockSignals(True)
        self.opposer_aspect.clear()
        for item in invokables(self.document.campaign, self.opposer.currentData()):
            self.opposer_aspect.addItem(item.describe(), item)
        self.opposer_aspect.blockSignals(False)
        self._opposer_aspect_changed()

    def _opposer_aspect_changed(self) -> None:
        item = self.opposer_aspect.currentData()
        left = opposer_free_left(self.roll, item) if item else 0
        self.opposer_free.setEnabled(left > 0)
        self.opposer_free.setChecked(left > 0)

    def oppose(self, by_name: str | None = None, label: str | None = None) -> bool:
        """Invoke an aspect against the roll: +2 to its difficulty, paid by whoever invokes."""
        if by_name is not None:
            self.opposer.setCurrentIndex(invoker_index(self.opposer, by_name))
        if label is not None:
            index = next(i for i in range(self.opposer_aspect.count())
                         if self.opposer_aspect.itemData(i).label.startswith(label))
            self.opposer_aspect.setCurrentIndex(index)
        item, by = self.opposer_aspect.currentData(), self.opposer.currentData()
        if item is None:
            return False
        campaign = self.document.campaign
        free = self.opposer_free.isChecked() and opposer_free_left(self.roll, item) > 0
        if not free and opposer_points_left(campaign, self.roll, self.character_id, by) < 1:
            return self._refuse(_("{who} has no fate point left to pay for an invoke.").format(
                who=holder_name(campaign, payer(campaign, by))))
        invoke = Invoke(item.key, item.label, free=free, kind=item.kind, owner=item.owner, by=by)
        reason = self.roll.opposition_refusal(invoke)
        if reason:
            return self._refuse(reason)
        self.roll = self.roll.oppose(invoke)
        self.status.setText("")
        self._opposer_aspect_changed()
        self.show_roll()
        access.announce(self, spoken_against(self.roll, invoke, holder_name(campaign, payer(campaign, by)),
                                              opposer_points_left(campaign, self.roll, self.character_id, by)))
        self.changed.emit()
        return True

    def _refuse(self, reason: str) -> bool:
        """Say why an invoke was refused, on the card and aloud; the roll stays as it was."""
        self.status.setText(escape(reason))
        access.announce(self, spoken_refusal(reason))
        return False

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
            return self._refuse(_("“{aspect}” has no free invoke left on this roll.").format(aspect=option.label))
        who = payer(self.document.campaign, self.character_id)
        if not invoke.free and points_of(self.document.campaign, who) - self.roll.fate_points_spent < 1:
            return self._refuse(_("{who} has no fate point left to pay for an invoke; "
                                  "use a free invoke or stop here.").format(who=holder_name(self.document.campaign, who)))
        try:
            self.roll = self.roll.invoke(invoke, self.dice)
        except Refused as exc:
            return self._refuse(str(exc))
        self.status.setText("")
        for i, o in enumerate(self.options):  # the free invokes left, not the ones already spent
            self.aspect.setItemText(i, replace(o, free=max(0, self._free_left(o))).describe())
        self._aspect_changed()
        self.show_roll()
        access.announce(self, spoken_invoke(self.roll, invoke, holder_name(self.document.campaign, who),
                                            points_of(self.document.campaign, who) - self.roll.fate_points_spent))
        self.changed.emit()
        return True

    def boost_name(self) -> str:
        return self.boost.text().strip()

    def missing_boost(self) -> bool:
        """The roll gives a boost and the player has not named it yet."""
        return self.boosts and self.roll.boost and not self.boost_name()

    def show_roll(self) -> None:
        roll = self.roll
        self.boost.setVisible(self.boosts and roll.boost)
        invokes = "".join(f"<br>+ {escape(i.describe())}" for i in roll.invokes)
        invokes += "".join("<br>" + _("+2 against the roll: {invoke}").format(invoke=escape(i.describe()))
                           for i in roll.opposition)
        invokes += "".join("<br>" + _("+{bonus} from “{stunt}”").format(bonus=s.bonus, stunt=escape(s.name))
                           for s in roll.setup.stunts)
        against = (_("Against {what} {rating}").format(what=escape(self.against_text), rating=ladder_label(roll.difficulty))
                   if self.against_text else _("Result"))
        skill = roll.setup.skill
        if skill:
            character = self.document.campaign.character(self.character_id or "")
            shown = rules_text(skill) if skill in self.document.ruleset_for(character).skills else skill
        else:
            shown = _("no skill")
        rolled = f"{escape(shown)} {ladder_label(roll.setup.rating)}"
        if roll.setup.second_skill:  # two combined skill lists: one skill from each
            rolled = _("{rolled} + {second} {rating}").format(rolled=rolled, second=escape(roll.setup.second_skill),
                                                              rating=ladder_label(roll.setup.second_rating))
        if roll.setup.teamwork:
            rolled = _("{rolled} +{teamwork} teamwork").format(rolled=rolled, teamwork=roll.setup.teamwork)
        outcome = _("{against}: {outcome} ({shifts})").format(against=against, outcome=roll.outcome.label.lower(),
                                                             shifts=f"{roll.shifts:+d}")
        self.result.setText(f"[{roll.faces()}] {rolled} → <b>{ladder_label(roll.effort)}</b><br>{outcome}{invokes}")  # i18n: markup only
