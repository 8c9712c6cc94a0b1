"""A dialog of rolls already thrown, on cards (contests and challenges): invoke on any, then settle."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

from ..play.roll_card import RollCard
from .common import ok_cancel

__all__ = ["RollCard", "RollDialog"]


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
