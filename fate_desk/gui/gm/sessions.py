"""Session and arc editors: dates, titles, notes, and what happened (events and character history)."""

from __future__ import annotations

from datetime import date

from PySide6.QtWidgets import (
    QAbstractItemView, QHeaderView, QLabel, QLineEdit, QListWidget, QPlainTextEdit, QPushButton, QSpinBox,
    QTableWidget, QTableWidgetItem, QVBoxLayout,
)

from fate_desk.i18n import _, pgettext, format_iso
from fate_desk.model import Arc, SessionLog
from fate_desk.rules.clock.timeline import timeline
from fate_desk.rules.creation.edits import edited
from fate_desk.rules.creation.history import when_label
from fate_desk.rules.prep.editing import session_history

from ..forms import child, load_form
from ..sheet.common import mark
from .common import GmEditor, LinesEditor, set_spin, set_text


def valid_date(text: str) -> bool:
    """An ISO date such as 2024-05-01 (or nothing at all)."""
    if not text:
        return True
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return len(text) == 10


class _LogEditor(GmEditor):
    """What sessions and arcs share: a number, notes, an events list and a status line."""

    form_name = ""

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, load_form(self.form_name), parent)
        self.number_spin: QSpinBox = child(self.form, QSpinBox, "numberSpin")
        self.status: QLabel = child(self.form, QLabel, "statusLabel")
        self.notes_edit: QPlainTextEdit = child(self.form, QPlainTextEdit, "notesEdit")
        self.events = LinesEditor(_("Add event"), _("Remove event"), _("Something that happened"))
        child(self.form, QVBoxLayout, "eventsSlot").addWidget(self.events)
        self.number_spin.valueChanged.connect(
            lambda n: self.edit(lambda e: edited(e, number=n), _("Renumber as {number}").format(number=n), ("number",)))
        self.notes_edit.textChanged.connect(lambda: self.edit(
            lambda e: edited(e, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))
        self.events.linesEdited.connect(lambda lines: self.edit(lambda e: edited(e, events=lines), _("Edit events")))

    def _others_changed(self, entity_id: str) -> None:
        self.refresh()  # history entries and sessions of other entries show here


class SessionEditor(_LogEditor):
    form_name = "gm_session"

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, parent)
        self.arc_spin: QSpinBox = child(self.form, QSpinBox, "arcSpin")
        self.date_edit: QLineEdit = child(self.form, QLineEdit, "dateEdit")
        self.today_button: QPushButton = child(self.form, QPushButton, "todayButton")
        self.title_edit: QLineEdit = child(self.form, QLineEdit, "titleEdit")
        self.history: QListWidget = child(self.form, QListWidget, "historyList")
        self.history.setWordWrap(True)
        self.name_edit = self.title_edit  # what the window focuses on a fresh entry
        self.arc_spin.valueChanged.connect(
            lambda n: self.edit(lambda s: edited(s, arc=n), _("Move to arc {number}").format(number=n), ("arc",)))
        self.date_edit.textEdited.connect(self._date_typed)
        self.today_button.clicked.connect(lambda: self._set_date(date.today().isoformat()))
        self.title_edit.textEdited.connect(
            lambda t: self.edit(lambda s: edited(s, title=t), _("Edit title"), ("title",)))
        self.refresh()

    def show_entity(self, log: SessionLog) -> None:
        set_spin(self.number_spin, log.number)
        set_spin(self.arc_spin, log.arc)
        if self.date_edit.property("problem") != "warning":
            set_text(self.date_edit, log.date)
        set_text(self.title_edit, log.title)
        set_text(self.notes_edit, log.notes)
        self.events.set_lines(list(log.events))
        campaign = self.document.campaign
        clash = [s for s in campaign.sessions if s.number == log.number and s.id != log.id]
        state = _("Ended.") if log.ended else (
            _("In play now.") if campaign.clock.session == log.number else _("Not played yet."))
        if clash:
            state = _("{state} ⚠ Another session is also number {number}; history is matched by number.").format(
                state=state, number=log.number)
        self.status.setText(state)
        self.history.clear()
        entries = session_history(campaign, log.number)
        for event in entries:
            self.history.addItem(_("{when} — {event}").format(when=when_label(event.entry.when), event=event.line()))
        if not entries:
            self.history.addItem(_("Nothing recorded on any character in this session yet."))

    def _date_typed(self, text: str) -> None:
        text = text.strip()
        if not valid_date(text):
            mark(self.date_edit, "warning", _("Write the date as year-month-day, e.g. 2024-05-01."))
            return
        mark(self.date_edit, None)
        self._set_date(text)

    def _set_date(self, text: str) -> None:
        mark(self.date_edit, None)
        self.edit(lambda s: edited(s, date=text), _("Set the date"), ("date",))
        set_text(self.date_edit, text)


class ArcEditor(_LogEditor):
    """An arc's name and notes, its sessions with their dates, and its events."""

    form_name = "gm_arc"

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, parent)
        self.name_edit: QLineEdit = child(self.form, QLineEdit, "nameEdit")
        self.sessions: QTableWidget = child(self.form, QTableWidget, "sessionsTable")
        self.sessions.setColumnCount(4)
        self.sessions.setHorizontalHeaderLabels([_("Session"), _("Date"), _("Title"), _("Status")])
        self.sessions.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.sessions.verticalHeader().hide()
        self.sessions.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.sessions.setMinimumHeight(140)
        self.name_edit.textEdited.connect(lambda t: self.edit(lambda a: edited(a, name=t), _("Rename"), ("name",)))
        self.refresh()

    def show_entity(self, arc: Arc) -> None:
        set_spin(self.number_spin, arc.number)
        set_text(self.name_edit, arc.name)
        set_text(self.notes_edit, arc.notes)
        self.events.set_lines(list(arc.events))
        campaign = self.document.campaign
        self.status.setText(_("Ended.") if arc.ended else (
            _("In play now.") if campaign.clock.arc == arc.number else _("Not played yet.")))
        line = next((t for t in timeline(campaign) if t.number == arc.number), None)
        sessions = line.sessions if line else []
        self.sessions.setRowCount(len(sessions))
        for row, log in enumerate(sessions):
            status = (pgettext("session", "ended") if log.ended else pgettext("session", "in play")
                      if campaign.clock.session == log.number else pgettext("session", "planned"))
            for column, text in enumerate((str(log.number), format_iso(log.date) if log.date else "—", log.title, status)):
                self.sessions.setItem(row, column, QTableWidgetItem(text))
        self.sessions.resizeColumnsToContents()
        self.sessions.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
