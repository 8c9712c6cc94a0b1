"""The start dialogs of contests and challenges: a name, a few more fields, and a table of rows
(one per side or per task), each row a set of editors."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFormLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from .common import in_scene, ok_cancel, rows_table


class RowsDialog(QDialog):
    """`make_row(dialog, text)` builds a row object whose `widgets()` fill the table's columns."""

    def __init__(self, document, scene, title: str, what: str, placeholder: str, note: str,
                 headers: list[str], add_text: str, ok_text: str, make_row: Callable, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.document = document
        self.ruleset = document.ruleset_for()
        self.characters = in_scene(document, scene)
        self.make_row = make_row
        layout = QVBoxLayout(self)
        self.form = QFormLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText(placeholder)
        self.form.addRow(what, self.name)
        layout.addLayout(self.form)
        label = QLabel(note)
        label.setWordWrap(True)
        layout.addWidget(label)
        self.table = rows_table(headers, 680, 160)
        layout.addWidget(self.table)
        self.rows: list = []
        add = QPushButton(add_text)
        add.clicked.connect(lambda: self.add_row(""))
        layout.addWidget(add, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(ok_cancel(self, ok_text))

    def add_row(self, text: str):
        row = self.table.rowCount()
        self.table.insertRow(row)
        made = self.make_row(self, text)
        for column, widget in enumerate(made.widgets()):
            self.table.setCellWidget(row, column, widget)
        self.rows.append(made)
        return made
