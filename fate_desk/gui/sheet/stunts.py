"""Stunts: a card per stunt (name and text), free slots and what each extra stunt costs."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame, QGridLayout, QLabel, QLineEdit, QPushButton, QToolButton, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, ngettext, pgettext
from fate_desk.model import Character, Stunt
from fate_desk.model.limits import MAX_STUNTS
from fate_desk.rules import Derived, RuleSet
from fate_desk.rules.creation.derive import count_word
from fate_desk.rules.creation.edits import add_stunt, remove_stunt, update_stunt
from fate_desk.rules.creation.extras import extra_totals

from ..icons import icon
from ..widgets import FlowLayout
from .common import GrowingTextEdit, set_text, style_hint
from .skills_model import capitalised


class StuntCard(QFrame):
    def __init__(self, section: "StuntsSection", index: int):
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.index = index
        layout = QGridLayout(self)
        layout.setContentsMargins(8, 6, 6, 6)
        layout.setVerticalSpacing(4)
        self.name = QLineEdit()
        self.name.setPlaceholderText(_("Stunt name"))
        self.name.setAccessibleName(_("Stunt {number} name").format(number=index + 1))
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.text = GrowingTextEdit(min_lines=3)
        self.text.setPlaceholderText(_("Because I …, I get +2 when I use [skill] to [action] when …"))
        self.text.setAccessibleName(_("Stunt {number} text").format(number=index + 1))
        self.remove = QToolButton()
        self.remove.setIcon(icon("remove"))
        self.remove.setToolTip(_("Remove this stunt (Alt+Delete in its fields)"))
        self.remove.setAccessibleName(_("Remove stunt {number}").format(number=index + 1))
        # Out of the Tab chain: a Tab then a space typed into the name must never delete the stunt.
        self.remove.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        shortcut = QShortcut(QKeySequence("Alt+Delete"), self, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(lambda: section.remove(self.index))
        self.cost = QLabel()
        self.cost.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout.addWidget(self.name, 0, 0)
        layout.addWidget(self.cost, 0, 1)
        layout.addWidget(self.remove, 0, 2)
        layout.addWidget(self.text, 1, 0, 1, 3)
        self.name.textEdited.connect(lambda text: section.edit_stunt(self.index, name=text))
        self.text.textChanged.connect(lambda: section.edit_stunt(self.index, text=self.text.toPlainText()))
        self.remove.clicked.connect(lambda: section.remove(self.index))


class StuntsSection:
    def __init__(self, sheet, layout: QVBoxLayout):
        self.sheet = sheet
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(_("Stunt slots"))
        layout.addWidget(self.summary)
        self.cards_layout = QVBoxLayout()
        self.cards_layout.setSpacing(6)
        layout.addLayout(self.cards_layout)
        self.empty = QLabel(_("No stunts yet. Stunts are the special tricks only this character can pull off."))
        self.empty.setWordWrap(True)
        style_hint(self.empty)
        layout.addWidget(self.empty)
        # Below the cards: Tab from the last stunt's text reaches "Add stunt" for the next one.
        footer_row = QWidget()
        footer = FlowLayout(footer_row)  # wraps when the words run long
        footer.setContentsMargins(0, 0, 0, 0)
        self.add_button = QPushButton(icon("add"), _("Add stunt"))
        self.template_button = QPushButton(icon("template"), _("New stunt from template…"))
        self.add_button.clicked.connect(self.add_blank)
        self.template_button.clicked.connect(sheet.open_stunt_helper)
        footer.addWidget(self.add_button)
        footer.addWidget(self.template_button)
        layout.addWidget(footer_row)
        self.cards: list[StuntCard] = []
        self.hidden = 0  # stunts past the limit of what a sheet shows

    def update(self, character: Character, ruleset: RuleSet, derived: Derived, pays_refresh: bool) -> None:
        # At most what Fate Desk keeps (fate_desk.model.limits); the sheet says how many it leaves out.
        shown = character.stunts[:MAX_STUNTS]
        self.hidden = len(character.stunts) - len(shown)
        while len(self.cards) < len(shown):
            card = StuntCard(self, len(self.cards))
            self.cards_layout.addWidget(card)
            self.cards.append(card)
        while len(self.cards) > len(shown):
            card = self.cards.pop()
            card.hide()
            card.deleteLater()
        # Blank entries are not stunts (the checker's rule): they cost nothing yet. Stunt slots an
        # extra costs fill the free slots first (fate_desk.rules.creation.derive).
        written = extra_totals(character).stunt_slots
        for card, stunt in zip(self.cards, shown):
            set_text(card.name, stunt.name)
            set_text(card.text, stunt.text)
            if not (stunt.name.strip() or stunt.text.strip()):
                card.cost.setText(f"<small>{_('blank: no cost until written')}</small>")  # i18n: markup only
                continue
            paid = pays_refresh and written >= ruleset.free_stunts
            written += 1
            cost = (_("costs {cost} refresh").format(cost=ruleset.stunt_cost) if paid
                    else pgettext("stunt cost", "free"))
            card.cost.setText(f"<small>{cost}</small>")  # i18n: markup only
        self.empty.setVisible(not character.stunts)
        self.summary.setText(self._summary(character, ruleset, derived, pays_refresh))

    @staticmethod
    def _summary(character: Character, ruleset: RuleSet, derived: Derived, pays_refresh: bool) -> str:
        if not pays_refresh:
            return _("NPCs pay no refresh for stunts.")
        free = ruleset.free_stunts
        left = derived.free_stunts_left
        first = ngettext("{count} free stunt", "{count} free stunts", free).format(count=capitalised(count_word(free)))
        second = _("{count} left").format(count=count_word(left)) if left else _("all used")
        slots = extra_totals(character).stunt_slots
        if slots:
            second = _("{left} ({count} by extras)").format(left=second, count=count_word(slots))
        cost = _("each further stunt costs {cost} refresh (refresh never below {minimum})").format(
            cost=ruleset.stunt_cost, minimum=ruleset.refresh_minimum)
        return _("{free}, {left}; {cost}.").format(free=first, left=second, cost=cost)

    def add_blank(self) -> None:
        self.add(Stunt(), _("Add stunt"))
        if self.cards:
            self.cards[-1].name.setFocus()

    def add(self, stunt: Stunt, text: str | None = None) -> None:
        self.sheet.edit(lambda c: add_stunt(c, stunt), text or _("Add stunt"))

    def edit_stunt(self, index: int, name: str | None = None, text: str | None = None) -> None:
        what = "name" if name is not None else "text"  # i18n: not shown (the merge key)
        said = _("Edit stunt name") if name is not None else _("Edit stunt text")
        self.sheet.edit(lambda c: update_stunt(c, index, name=name, text=text), said, ("stunt", index, what))

    def remove(self, index: int) -> None:
        self.sheet.edit(lambda c: remove_stunt(c, index), _("Remove stunt"))
