"""File ▸ Export for…: the open character or the whole campaign, for Foundry VTT (Fate Core
Official or FateX) or Fari.

The files are written by fate_desk.interop.exporting, which never replaces a file; a refusal is
shown in the dialog, which stays open so the user can pick another name.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths, Qt, Signal
from PySide6.QtWidgets import QComboBox, QDialogButtonBox, QFileDialog, QLabel, QLineEdit, QMessageBox, QPushButton

from fate_desk import i18n
from fate_desk.i18n import N_, _, ngettext
from fate_desk.model import Campaign, Character
from fate_desk.interop.exporting import TARGETS, ExportRefused, export, safe_stem, summary

from ..forms import child
from ..kinds import display_name
from ..opening import free_path
from .base import FormDialog
from ..theme import status_colour

HINTS = {
    # Two short lines each, broken by hand: a wrapped label would make the dialog guess its height.
    "foundry-fco": N_("An actor for Foundry VTT's Fate Core Official system. In Foundry, right-click<br>"
                      "an actor and choose Import Data, or paste it into the system's character import."),
    "fatex": N_("An actor for Foundry VTT's FateX system. In Foundry, right-click<br>"
                "an actor and choose Import Data."),
    "fari": N_("A character for Fari (fari.app).<br>In Fari, open My Stuff and import the file."),
}
TOOL_SUFFIX = {"foundry-fco": "-foundry", "fatex": "-fatex", "fari": "-fari"}  # i18n: not shown (file names)
ONE, ALL = "one", "all"


class ExportForDialog(FormDialog):
    """`exported(paths, notes)` is emitted after the files are written; `notes` is the summary
    of what could not be said as the other tool says it (one line each)."""

    exported = Signal(list, list)

    def __init__(self, campaign: Campaign, current: Character | None, folder: Path, parent=None):
        super().__init__("export_for", _("Export for another tool"), parent)
        self.campaign, self.current, self.folder = campaign, current, Path(folder)
        self.written: list[Path] = []
        self.target_combo: QComboBox = child(self.form, QComboBox, "targetCombo")
        self.hint: QLabel = child(self.form, QLabel, "targetHint")
        self.scope_combo: QComboBox = child(self.form, QComboBox, "scopeCombo")
        self.labels_combo: QComboBox = child(self.form, QComboBox, "labelsCombo")
        self.labels_label: QLabel = child(self.form, QLabel, "labelsLabel")
        self.file_edit: QLineEdit = child(self.form, QLineEdit, "fileEdit")
        self.error: QLabel = child(self.form, QLabel, "errorLabel")
        self.buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.save_button.setText(_("Export"))
        for target in TARGETS.values():
            self.target_combo.addItem(_(target.label), target.id)
        if current is not None:
            self.scope_combo.addItem(_("This character: {name}").format(name=display_name(current)), ONE)
        count = len(campaign.characters)
        self.scope_combo.addItem(ngettext("Every character in the campaign ({count}), one file each, into a folder",
                                          "Every character in the campaign ({count}), one file each, into a folder",
                                          count).format(count=count), ALL)
        # FateX prints its captions as the file gives them: the table's language, the one Fate
        # Desk speaks unless the GM picks another.
        for code, name in i18n.LANGUAGES.items():
            self.labels_combo.addItem(name, code)
        self.labels_combo.setCurrentIndex(max(0, self.labels_combo.findData(i18n.language())))
        self._path_touched = False
        self.target_combo.currentIndexChanged.connect(self._changed)
        self.scope_combo.currentIndexChanged.connect(self._changed)
        self.file_edit.textEdited.connect(lambda _text: setattr(self, "_path_touched", True))
        self.file_edit.textChanged.connect(lambda _text: self.error.clear())
        child(self.form, QPushButton, "browseButton").clicked.connect(self._browse)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._changed()
        self.fit(600)

    def target_id(self) -> str:
        return self.target_combo.currentData()

    def scope(self) -> str:
        return self.scope_combo.currentData()

    def labels_language(self) -> str:
        return self.labels_combo.currentData()

    def characters(self) -> list[Character]:
        return [self.current] if self.scope() == ONE and self.current is not None else list(self.campaign.characters)

    def _changed(self) -> None:
        self.hint.setText(f"<small>{_(HINTS[self.target_id()])}</small>")  # i18n: markup only (its words are translated)
        labelled = TARGETS[self.target_id()].labelled
        self.labels_label.setVisible(labelled)
        self.labels_combo.setVisible(labelled)
        if not self._path_touched:
            self.file_edit.setText(str(self._suggested()))
        self.error.clear()

    def _suggested(self) -> Path:
        suffix = TARGETS[self.target_id()].suffix
        if self.scope() == ONE and self.current is not None:
            return free_path(self.folder, safe_stem(self.current.name, _("character")), suffix)
        stem = safe_stem(self.campaign.name, _("campaign")) + TOOL_SUFFIX[self.target_id()]
        return free_path(self.folder, stem, "")

    def _browse(self) -> None:
        if self.scope() == ONE:
            target = TARGETS[self.target_id()]
            path, _filter = QFileDialog.getSaveFileName(self, _("Export to"), self.file_edit.text(),
                                                        f"{_(target.label)} (*{target.suffix})")
            if path and not path.endswith(target.suffix):
                path += target.suffix
        else:
            path = QFileDialog.getExistingDirectory(self, _("Export into folder"), str(self.folder))
        if path:
            self._path_touched = True
            self.file_edit.setText(path)

    def accept(self) -> None:
        text = self.file_edit.text().strip()
        if not text:
            self._refuse(_("Choose where to save."))
            return
        characters = self.characters()
        out = Path(text).expanduser()
        try:
            self.written = export(characters, out, self.target_id(), options=self.campaign.options,
                                  ruleset=self.campaign.ruleset, into_folder=self.scope() == ALL,
                                  language=self.labels_language())
        except ExportRefused as exc:
            self._refuse(str(exc))
            return
        notes = summary(characters, self.target_id(), options=self.campaign.options, ruleset=self.campaign.ruleset)
        self.exported.emit([str(p) for p in self.written], notes)
        super().accept()

    def _refuse(self, problem: str) -> None:
        self.error.setText(f"<span style='color:{status_colour('error')}'>{problem}</span>")  # i18n: markup only (its words are translated)


def default_folder() -> Path:
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(documents) if documents and Path(documents).is_dir() else Path.home()


def open_export_for(window, folder: Path | None = None) -> ExportForDialog | None:
    """Open the dialog for the window's campaign (non-blocking); the status bar reports the result."""
    if window.document is None:
        return None
    dialog = ExportForDialog(window.document.campaign, window.sheets.current_character(),
                             folder if folder is not None else default_folder(), parent=window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.exported.connect(lambda paths, notes: _report(window, paths, notes))
    dialog.open()
    return dialog


def _report(window, paths: list[str], notes: list[str]) -> None:
    """The status bar names the files; what went where is shown when there is something to say."""
    names = ", ".join(Path(p).name for p in paths[:3]) + ("…" if len(paths) > 3 else "")
    window.statusBar().showMessage(
        ngettext("Exported {count} file: {names}", "Exported {count} files: {names}", len(paths)).format(
            count=len(paths), names=names), 8000)
    if not notes:
        return
    lines = "\n".join(f"• {n}" for n in notes[:12])
    if len(notes) > 12:
        lines += "\n" + ngettext("…and {count} more", "…and {count} more", len(notes) - 12).format(
            count=len(notes) - 12)
    box = QMessageBox(QMessageBox.Icon.Information, _("Exported, with notes"),
                      _("What went where:\n\n{notes}").format(notes=lines),
                      QMessageBox.StandardButton.Ok, window)
    box.setObjectName("exportSummary")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()  # not exec(): never block the event loop
