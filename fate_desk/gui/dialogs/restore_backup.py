"""File ▸ Restore from backup…: the rolling backups of the open campaign, with dates and contents."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QPushButton

from fate_desk.i18n import _, format_datetime, ngettext
from fate_desk.model import CharacterKind
from fate_desk.store.backups import default_backup_dir, list_backups
from fate_desk.store.campaign_file import CampaignFileError, load_campaign
from fate_desk.store.interchange import FileFormatError

from ..forms import child
from ..kinds import all_entities
from .base import FormDialog

PATH_ROLE = Qt.ItemDataRole.UserRole + 1


@dataclass(frozen=True)
class Backup:
    path: Path
    made: float  # seconds since the epoch
    entries: int
    pcs: int

    def describe(self) -> str:
        when = format_datetime(datetime.fromtimestamp(self.made), "dd MMM yyyy, HH:mm")  # i18n: a date pattern (the month in the language)
        return _("{when} — {entries}, {characters}").format(
            when=when, entries=ngettext("{count} entry", "{count} entries", self.entries).format(count=self.entries),
            characters=ngettext("{count} player character", "{count} player characters", self.pcs).format(
                count=self.pcs))


def read_backups(source: Path, folder: Path | None = None) -> list[Backup]:
    """The readable backups of `source`, newest first (a damaged one is left out, not fatal)."""
    found = []
    for path in list_backups(source, folder):
        try:
            campaign = load_campaign(path)
            made = path.stat().st_mtime
        except (CampaignFileError, FileFormatError, OSError, ValueError):
            continue
        pcs = sum(1 for c in campaign.characters if c.kind == CharacterKind.PC)
        found.append(Backup(path, made, len(all_entities(campaign)), pcs))
    return found


class RestoreBackupDialog(FormDialog):
    """Lists the backups; `chosen()` is the one to restore once the dialog is accepted."""

    def __init__(self, source: Path, folder: Path | None = None, parent=None):
        super().__init__("restore_backup", _("Restore from backup"), parent)
        self.list: QListWidget = child(self.form, QListWidget, "backupList")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.restore_button: QPushButton = buttons.addButton(_("Restore"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        folder = Path(folder) if folder is not None else default_backup_dir()
        child(self.form, QLabel, "folderLabel").setText("<small>{}</small>".format(_("Backups are kept in {folder}").format(folder=folder)))  # i18n: markup only (its words are translated)
        self.backups = read_backups(source, folder)
        for backup in self.backups:
            item = QListWidgetItem(backup.describe())
            item.setData(PATH_ROLE, str(backup.path))
            item.setToolTip(backup.path.name)
            self.list.addItem(item)
        if not self.backups:
            self.list.addItem(_("No backups of this campaign yet: one is made each time it is opened."))
            self.list.setEnabled(False)
        self.list.setCurrentRow(0)
        self.restore_button.setEnabled(bool(self.backups))
        self.list.itemActivated.connect(lambda _item: self.accept())
        self.fit(560)

    def chosen(self) -> Path | None:
        item = self.list.currentItem()
        return Path(item.data(PATH_ROLE)) if item is not None and item.data(PATH_ROLE) else None
