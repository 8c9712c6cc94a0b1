"""A dialog of rolls already thrown, on cards (contests and challenges): invoke on any, then settle."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

from ..play.roll_card import RollCard
from ..theme import status_colour
from .common import ok_cancel

__all__ = ["RollCard", "RollDialog", "ask_boost_names"]


class RollDialog(QDialog):
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
        label.setText(f"<span style='color:{status_colour('error')}'><b>Name the boost first:</b> "
                      "a roll gave a boost; type what it is on its card.</span>")
        missing[0].boost.setFocus()
        return False
    return True
