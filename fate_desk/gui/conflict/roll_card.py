"""A dialog of rolls already thrown, on cards (contests and challenges): invoke on any, then settle."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QMessageBox, QVBoxLayout

from fate_desk.i18n import _
from fate_desk.rules.play.actions import set_aside

from ..play.roll_card import RollCard
from ..play.roll_dialog import ask_set_aside, invokes_on
from ..theme import status_colour
from .common import ok_cancel

__all__ = ["RollCard", "RollDialog", "SetsAsideCards", "ask_boost_names"]


class SetsAsideCards:
    """Cancel (or Escape) on a dialog of thrown cards: their dice go into the roll log unapplied
    (nothing is paid), so closing and rolling again is never a free reroll; with invokes on
    them, only after asking. Mixed into the dialogs of contests, challenges and attacks."""

    question: QMessageBox | None = None

    def thrown_cards(self) -> list[RollCard]:
        return [card for card in getattr(self, "cards", []) if card is not None]

    def reject(self) -> None:
        cards = self.thrown_cards()
        count = invokes_on(*(card.roll for card in cards))
        if not cards:
            QDialog.reject(self)
        elif count:
            self.question = ask_set_aside(self, count, self._set_aside_cards)
        else:
            self._set_aside_cards()

    def _set_aside_cards(self) -> None:
        rolls = [card.roll for card in self.thrown_cards()]

        def operation(campaign):
            for roll in rolls:
                campaign = set_aside(campaign, roll)
            return campaign

        self.thrown_cards()[0].document.edit_campaign(operation, _("Set rolls aside"))
        QDialog.reject(self)


class RollDialog(SetsAsideCards, QDialog):
    """Rolls already thrown, on cards: invoke on any of them, then accept to settle them."""

    def __init__(self, title: str, cards: list[RollCard], ok_text: str, note: str = "", parent=None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.cards = cards
        layout = QVBoxLayout(self)
        if note:
            label = QLabel(note)
            label.setWordWrap(True)
            layout.addWidget(label)
        for card in cards:
            layout.addWidget(card)
        self.result = QLabel()
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        layout.addWidget(ok_cancel(self, ok_text))
        self.setMinimumWidth(620)

    def accept(self) -> None:
        """Settle only once every boost the dice gave has the player's name for it."""
        if ask_boost_names(self.cards, self.result):
            super().accept()


def ask_boost_names(cards, label: QLabel) -> bool:
    """True when no card still needs its boost named; else say so and focus the first one."""
    missing = [card for card in cards if card.missing_boost()]
    if missing:
        message = _("<b>Name the boost first:</b> a roll gave a boost; type what it is on its card.")
        label.setText(f"<span style='color:{status_colour('error')}'>{message}</span>")  # i18n: not shown (markup)
        missing[0].boost.setFocus()
        return False
    return True
