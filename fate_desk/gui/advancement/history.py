"""The History dock for the character in front of the user, and spending saved skill points."""

from __future__ import annotations

import json

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import (
    QBoxLayout, QDialogButtonBox, QDockWidget, QHeaderView, QLabel, QMessageBox, QPushButton, QStyledItemDelegate, QTreeWidget,
    QTreeWidgetItem, QVBoxLayout,
    QWidget,
)

from fate_desk.i18n import N_, _, ngettext, format_iso
from fate_desk.model import Character
from fate_desk.rules.advancement.milestones import spend_skill_points
from fate_desk.rules.creation.grants import record_power_up, refresh_granted, unrecorded_power_ups
from fate_desk.rules.creation.history import Refused, describe_field, revert_last, when_label

from ..dialogs.base import FormDialog
from ..follow import FollowsEntry
from ..forms import child, load_form
from ..undo_notice import short_step
from ..widgets import StackWhenNarrow, escape, refusal_html
from .preview import preview_html
from .raises import RaisesPicker


def _value(value) -> str:
    if value is None:
        return _("(none)")
    if isinstance(value, str):
        return _("“{text}”").format(text=value)
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (dict, list)) else str(value)


# History entries by the kind the file keeps, as the dock names them.
_KINDS = {"milestone": N_("Milestone"), "significant milestone": N_("Significant milestone"),  # i18n: not shown
          "major milestone": N_("Major milestone"), "breakthrough": N_("Breakthrough"),  # i18n: not shown
          "skill points": N_("Skill points"), "recovery": N_("Recovery"), "harm": N_("Harm"), "clock": N_("Clock"),  # i18n: not shown
          "edit": N_("Edit"), "creation": N_("Creation"), "custom": N_("Custom")}  # i18n: not shown


def _kind(kind: str) -> str:
    return _(_KINDS[kind]) if kind in _KINDS else kind.capitalize()


class _WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their wrapped text at the column's present width (the stock size hint
    measures one line, so a long summary was cut off with "…")."""

    def sizeHint(self, option, index) -> QSize:
        size = super().sizeHint(option, index)
        view = self.parent()
        width = view.columnWidth(index.column()) - 10
        if index.column() == 0:
            depth, parent = 0, index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= view.indentation() * (depth + 1)
        text = index.data() or ""
        rect = option.fontMetrics.boundingRect(QRect(0, 0, max(width, 20), 100_000),
                                               int(Qt.TextFlag.TextWordWrap), text)
        return QSize(size.width(), max(size.height(), rect.height() + 6))


class HistoryDock(FollowsEntry, QDockWidget):
    """Lists the current character's history, newest first; 'Revert last' goes through the undo stack."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(_("History"), parent)
        self.setObjectName("historyDock")
        self.form = load_form("table_history")
        self.setWidget(self.form)
        self.heading: QLabel = child(self.form, QLabel, "headingLabel")
        self.tree: QTreeWidget = child(self.form, QTreeWidget, "historyTree")
        self.tree.setAccessibleName(_("Character history"))
        # Both columns wrap onto more lines rather than being cut; "What happened" gets the room.
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(0, self.tree.fontMetrics().horizontalAdvance(_("Arc 10, session 10,")) + 30)
        header.setStretchLastSection(True)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.tree.setItemDelegate(_WrappingDelegate(self.tree))
        # Row heights are measured once; measure again when the dock (and so the column) resizes.
        header.sectionResized.connect(lambda *_args: self.tree.doItemsLayout())
        self.form.setMinimumWidth(300)  # room for a readable summary beside the "When" column
        self.revert_button: QPushButton = child(self.form, QPushButton, "revertButton")
        self.spend_button: QPushButton = child(self.form, QPushButton, "spendButton")
        self.revert_button.clicked.connect(lambda: self.revert())
        self.spend_button.clicked.connect(self.spend)
        row = child(self.form, QBoxLayout, "buttonRow")
        # A breakthrough written by hand that took the GM's refresh power-up without recording it:
        # the checker says the base refresh is off, and this records the power-up in that entry.
        self.power_up_button = QPushButton(_("Record the refresh power-up"))
        self.power_up_button.setToolTip(_("Add the GM's +1 refresh to the breakthrough it came with, so the "
                                          "base refresh adds up"))
        self.power_up_button.clicked.connect(lambda: self.record_power_up())
        self.power_up_button.hide()
        row.addWidget(self.power_up_button)
        self.button_row = StackWhenNarrow(row, self.form)
        self.document = None
        self.entity_id: str | None = None
        self.confirm: QMessageBox | None = None
        self.dialog = None

    @property
    def character(self) -> Character | None:
        entity = self.document.entity(self.entity_id) if self.document and self.entity_id else None
        return entity if isinstance(entity, Character) else None

    def refresh(self) -> None:
        self.tree.clear()
        character = self.character
        # A read-only campaign cannot take the revert or the spend: offer neither (a click ended
        # in "could not be saved").
        writable = self.document is not None and not self.document.readonly
        self.revert_button.setEnabled(writable and bool(character and character.advancement))
        self.spend_button.setEnabled(writable and bool(character and character.saved_skill_points))
        entry = self._unrecorded_power_up(character)
        self.power_up_button.setVisible(writable and entry is not None)
        if entry is not None:
            self.power_up_button.setAccessibleName(
                _("Record the GM's refresh power-up in the breakthrough of {when}").format(when=when_label(entry.when)))
        if character is None:
            self.heading.setText(_("Open a character to see its history."))
            return
        saved = character.saved_skill_points
        count, name = len(character.advancement), escape(character.name or _("(unnamed)"))
        entries = ngettext("<b>{name}</b>: {count} entry", "<b>{name}</b>: {count} entries", count).format(
            name=name, count=count)
        if saved:
            entries = ngettext("{entries}; {saved} saved skill point", "{entries}; {saved} saved skill points",
                               saved).format(entries=entries, saved=saved)
        self.heading.setText(entries)
        for entry in reversed(character.advancement):
            item = QTreeWidgetItem([when_label(entry.when), _("{kind}: {summary}").format(
                kind=_kind(entry.kind), summary=entry.summary)])
            item.setToolTip(1, entry.summary)
            if entry.at:
                item.setToolTip(0, format_iso(entry.at, with_time=True))
            for change in entry.changes:
                item.addChild(QTreeWidgetItem(
                    ["", _("{field}: {before} → {after}").format(field=describe_field(change.field),
                                                               before=_value(change.before),
                                                               after=_value(change.after))]))
            self.tree.addTopLevelItem(item)

    def entries(self) -> list[str]:
        return [self.tree.topLevelItem(i).text(1) for i in range(self.tree.topLevelItemCount())]

    def revert(self, force: bool = False) -> bool:
        """Revert the newest entry; if a field was edited since, ask first (without blocking)."""
        character = self.character
        if character is None or not character.advancement:
            return False
        summary = character.advancement[-1].summary
        try:
            revert_last(character, force)
        except Refused as refused:
            if refused.problems[0].code != "history.edited":
                return False
            self.confirm = QMessageBox(QMessageBox.Icon.Question, _("Revert anyway?"),
                                       _("{problem}\n\nRevert anyway and lose that edit?").format(
                                           problem=refused.problems[0].message),
                                       QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
            self.confirm.accepted.connect(lambda: self.revert(True))
            self.confirm.open()
            return False
        return self.document.edit(self.entity_id, lambda c: revert_last(c, force).character,
                                  short_step(_("Revert “{summary}”").format(summary=summary), 48))

    def _unrecorded_power_up(self, character: Character | None):
        """The newest breakthrough that could hold the GM's refresh power-up but records none,
        when the base refresh is one or more above what the history grants; else None."""
        if character is None or self.document is None:
            return None
        ruleset = self.document.ruleset_for(character)
        if character.refresh <= ruleset.refresh_start + refresh_granted(character, ruleset):
            return None
        pending = unrecorded_power_ups(character, ruleset)
        return pending[-1] if pending else None

    def record_power_up(self) -> bool:
        """Record the power-up in its breakthrough, as one undo step."""
        character = self.character
        entry = self._unrecorded_power_up(character)
        if entry is None:
            return False
        ruleset = self.document.ruleset_for(character)
        return self.document.edit(self.entity_id, lambda c: record_power_up(c, ruleset, entry.id),
                                  _("Record the refresh power-up"))

    def spend(self):
        character = self.character
        if character is None or not character.saved_skill_points:
            return None
        self.dialog = SpendPointsDialog(self.document, self.entity_id, self)
        self.dialog.open()
        return self.dialog


class SpendPointsDialog(FormDialog):
    """Spend saved skill points now; raises chosen together land together."""

    def __init__(self, document, character_id: str, parent: QWidget | None = None):
        character = document.entity(character_id)
        super().__init__("table_spend_points", _("Spend saved skill points — {name}").format(
            name=character.name or _("(unnamed)")), parent)
        self.document, self.character_id = document, character_id
        self.character = character
        self.ruleset = document.ruleset_for(character)
        saved = character.saved_skill_points
        child(self.form, QLabel, "headingLabel").setText(ngettext(
            "<b>{name}</b> has saved {count} skill point. Spend some now; the rest stay saved.",
            "<b>{name}</b> has saved {count} skill points. Spend some now; the rest stay saved.", saved).format(
            name=escape(character.name or _("(unnamed)")), count=saved))
        self.raises = RaisesPicker(character, self.ruleset, character.saved_skill_points, self)
        child(self.form, QVBoxLayout, "raisesHolder").addWidget(self.raises)
        self.preview: QLabel = child(self.form, QLabel, "previewLabel")
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(_("Spend them"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.raises.changed.connect(self._update)
        self._update()
        self.resize(900, 560)

    def _spend(self, character):
        campaign = self.document.campaign
        return spend_skill_points(character, list(self.raises.raises()), self.ruleset, campaign.options,
                                  campaign.clock)

    def _update(self) -> None:
        if not self.raises.raises():
            self.preview.setText(_("Choose the skills to raise: each + spends one point."))
            self.ok.setEnabled(False)
            return
        try:
            applied = self._spend(self.character)
        except Refused as refused:
            self.preview.setText(refusal_html(refused.problems))
            self.ok.setEnabled(False)
            return
        self.preview.setText(preview_html(self.character, applied.character, self.ruleset,
                                          self.document.campaign.options))
        self.ok.setEnabled(True)

    def accept(self) -> None:
        self.document.edit(self.character_id, lambda c: self._spend(c).character, _("Spend saved skill points"))
        super().accept()
