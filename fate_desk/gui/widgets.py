"""Small widgets and helpers shared by the table dialogs and docks."""

from __future__ import annotations

import html

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

from fate_desk.model import ladder_label
from fate_desk.rules import Problem

from .theme import status_colour


def escape(text: str, quote: bool = False) -> str:
    """Escape user text for rich-text labels; apostrophes stay as they are (labels show them)."""
    return html.escape(text, quote=quote)


class LadderSpinBox(QSpinBox):
    """A rating picker that reads like the ladder: 'Great (+4)'."""

    def __init__(self, parent: QWidget | None = None, minimum: int = -4, maximum: int = 12, value: int = 0):
        super().__init__(parent)
        self.setRange(minimum, maximum)
        self.setValue(value)
        self.setMinimumWidth(130)

    def textFromValue(self, value: int) -> str:  # noqa: N802 (Qt's name)
        return ladder_label(value)

    def valueFromText(self, text: str) -> int:  # noqa: N802 (Qt's name)
        # Accept "Great (+4)", "+4" or "4": the number is what counts.
        digits = text[text.find("(") + 1 : text.find(")")] if "(" in text else text
        try:
            return int(digits.replace("+", "").strip())
        except ValueError:
            return self.value()

    def validate(self, text: str, pos: int):  # any text; valueFromText makes sense of it
        return QValidator.State.Acceptable, text, pos


def problems_html(problems: list[Problem], heading: str = "") -> str:
    """Problems as a short list in the player's words (errors first)."""
    if not problems:
        return ""
    ordered = sorted(problems, key=lambda p: p.severity.value != "error")
    items = "".join(
        f"<li>{'✖' if p.severity.value == 'error' else '⚠'} {escape(p.message)}</li>" for p in ordered
    )
    return (f"<p><b>{escape(heading)}</b></p>" if heading else "") + f"<ul>{items}</ul>"


def refusal_html(problems: list[Problem]) -> str:
    return (
        f"<p style='color:{status_colour('error')}'><b>This cannot be done as it stands:</b></p>"
        + problems_html(problems)
    )

