"""What the conflict, contest and challenge panels share: a header, a Start button, a table,
a row of buttons, a status line and a log of what happened."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout, QHeaderView, QLabel, QListWidget, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout,
    QWidget,
)

from fate_desk.i18n import N_, _

from .common import scene_now, status_label

# By the ScenePlay field a panel runs (accessible names, heard by screen readers).
_TAKES_PART = {"conflict": N_("Who takes part in the conflict"), "contest": N_("Who takes part in the contest"),
               "challenge": N_("Who takes part in the challenge"), "": N_("Who takes part in the scene")}
_HAPPENED = {"conflict": N_("What happened in the conflict"), "contest": N_("What happened in the contest"),
             "challenge": N_("What happened in the challenge"), "": N_("What happened in the scene")}


class PanelBase(QWidget):
    """Subclasses give the texts and fill `refresh`; `buttons` are the row's buttons, in order."""

    def __init__(self, desk, start_text: str, columns: list[str], buttons: list[tuple[str, str]],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        self.document = None
        self.dialog = None  # the dialog opened last (tests accept it through its buttons)
        layout = QVBoxLayout(self)
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.header.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.header)
        self.start_button = QPushButton(start_text)
        self.start_button.clicked.connect(self.start)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.table = QTableWidget(0, len(columns))
        self.table.setHorizontalHeaderLabels(columns)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumHeight(90)
        self.table.setAccessibleName(_(_TAKES_PART.get(self.state_name, _TAKES_PART[""])))
        layout.addWidget(self.table, 3)
        self.button_row = QHBoxLayout()
        self.buttons: list[QPushButton] = []
        for text, tip in buttons:
            button = QPushButton(text)
            button.setToolTip(tip)
            self.button_row.addWidget(button)
            self.buttons.append(button)
        self.button_row.addStretch(1)
        layout.addLayout(self.button_row)
        self.status = status_label()
        layout.addWidget(self.status)
        self.lower = QVBoxLayout()  # the log, or a summary
        layout.addLayout(self.lower, 1)

    def add_log(self) -> QListWidget:
        self.lower.addWidget(QLabel(_("What happened:")))
        log = QListWidget()
        log.setWordWrap(True)
        log.setMinimumHeight(60)
        log.setMaximumHeight(160)  # the table comes first; the log scrolls
        log.setAccessibleName(_(_HAPPENED.get(self.state_name, _HAPPENED[""])))
        self.lower.addWidget(log, 1)
        return log

    state_name = ""  # the ScenePlay field the panel runs: conflict, contest or challenge

    def state(self):
        """The conflict, contest or challenge of the scene being played, or None."""
        scene = scene_now(self.document)
        return getattr(scene.play, self.state_name) if scene is not None else None

    def begin_refresh(self):
        """Start button and an empty table for a refresh; returns the scene and the state."""
        scene, state = scene_now(self.document), self.state()
        self.start_button.setEnabled(scene is not None)
        self.start_button.setVisible(state is None)
        self.table.setRowCount(0)
        return scene, state

    def set_document(self, document) -> None:
        self.document = document
        self.refresh()

    def refresh(self) -> None:
        raise NotImplementedError

    def start(self):
        raise NotImplementedError

    def open_dialog(self, dialog, on_accept):
        """Open a dialog without blocking; `on_accept` runs when it is accepted."""
        dialog.accepted.connect(on_accept)
        self.dialog = dialog
        dialog.open()
        return dialog

    def fill_row(self, row: int, values: list[str], key: str | None = None) -> None:
        for column, text in enumerate(values):
            item = QTableWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, key)
            self.table.setItem(row, column, item)
