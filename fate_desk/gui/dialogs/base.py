"""A QDialog wrapped around a Designer form."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QVBoxLayout, QWidget

from ..forms import load_form


class FormDialog(QDialog):
    def __init__(self, form_name: str, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.form = load_form(form_name, self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.addWidget(self.form)
        self.form.layout().setContentsMargins(0, 0, 0, 0)

    def fit(self, width: int) -> None:
        """As tall as the content needs, at least `width` wide."""
        self.resize(max(width, self.sizeHint().width()), self.sizeHint().height())
