"""File ▸ Restore from backup…: the rolling backups of the open campaign, with dates and contents."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QPushButton

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
        when = time.strftime("%d %b %Y, %H:%M", time.localtime(self.made))
        return (f"{when} — {self.entries} entr{'ies' if self.entries != 1 else 'y'}, "
                f"{self.pcs} player character{'s' if self.pcs != 1 else ''}")


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
        super().__init__("restore_backup", "Restore from backup", parent)
        self.list: QListWidget = child(self.form, QListWidget, "backupList")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.restore_button: QPushButton = buttons.addButton("Restore", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        folder = Path(folder) if folder is not None else default_backup_dir()
        child(self.form, QLabel, "folderLabel").setText(f"<small>Backups are kept in {folder}</small>")
        self.backups = read_backups(source, folder)
        for backup in self.backups:
            item = QListWidgetItem(backup.describe())
            item.setData(PATH_ROLE, str(backup.path))
            item.setToolTip(backup.path.name)
            self.list.addItem(item)
        if not self.backups:
            self.list.addItem("No backups of this campaign yet: one is made each time it is opened.")
            self.list.setEnabled(False)
        self.list.setCurrentRow(0)
        self.restore_button.setEnabled(bool(self.backups))
        self.list.itemActivated.connect(lambda _item: self.accept())
        self.fit(560)

    def chosen(self) -> Path | None:
        item = self.list.currentItem()
        return Path(item.data(PATH_ROLE)) if item is not None and item.data(PATH_ROLE) else None
