"""The File and Help menu commands: new, open, save a copy, import, export, about."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from fate_desk.model import Character, new_id
from fate_desk.paths import user_data_dir
from fate_desk.store.interchange import FileFormatError, write_character_file

from .kinds import display_name

if TYPE_CHECKING:
    from .mainwindow import MainWindow

CAMPAIGN_FILTER = "Fate Desk campaigns (*.fatedesk *.fate-campaign.json)"
COPY_FILTERS = "Fate Desk campaign (*.fatedesk);;Campaign bundle for sharing (*.fate-campaign.json)"
CHARACTER_FILTER = "Fate Desk characters (*.fate.json)"
IMPORT_FILTER = "Characters (*.fate.json *.fari.json *.fate-campaign.json *.json)"

class FileActions:
    """Each command has a dialog front (`*_dialog`) and a plain method taking a path, for scripts and tests."""

    def __init__(self, window: "MainWindow"):
        self.window = window

    # --- campaigns ------------------------------------------------------------------------

    def new_campaign(self) -> None:
        from .dialogs.new_campaign import NewCampaignDialog

        dialog = NewCampaignDialog(self.window.catalog, user_data_dir(), self.window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.create(dialog.campaign(), dialog.path())

    def create(self, campaign, path: Path) -> bool:
        from .document import CampaignDocument
        from .opening import create_campaign  # the campaign file code loads after the first paint

        try:
            handle = create_campaign(path, campaign)
        except FileFormatError as exc:
            self.window.show_error("The campaign could not be created", str(exc))
            return False
        self.window.set_document(CampaignDocument(handle, self.window.catalog))
        self.window.statusBar().showMessage(f"Created {handle.path.name}", 6000)
        return True

    def open_dialog(self) -> None:
        start = str(self.window.document.path.parent) if self.window.document else str(user_data_dir())
        path, _ = QFileDialog.getOpenFileName(self.window, "Open a campaign", start, CAMPAIGN_FILTER)
        if path:
            self.window.open_path(path)

    def save_copy_dialog(self) -> None:
        document = self.window.document
        if document is None:
            return
        from .opening import safe_file_name

        suggested = document.path.parent / f"{safe_file_name(document.campaign.name)} copy.fatedesk"
        path, chosen = QFileDialog.getSaveFileName(self.window, "Save a copy as", str(suggested), COPY_FILTERS)
        if path:
            if "fate-campaign.json" in chosen and not path.endswith(".fate-campaign.json"):
                path += ".fate-campaign.json"
            self.save_copy(Path(path))

    def save_copy(self, path: Path) -> Path | None:
        try:
            from .opening import save_copy

            written = save_copy(self.window.document.file, path)
        except (FileFormatError, OSError) as exc:
            self.window.show_error("The copy could not be saved", str(exc))
            return None
        self.window.statusBar().showMessage(f"Saved a copy as {written}", 6000)
        return written

    # --- characters ------------------------------------------------------------------------

    def import_dialog(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self.window, "Import characters", str(Path.home()),
                                                f"{IMPORT_FILTER};;All files (*)")
        for path in paths:
            self.import_file(Path(path))

    def import_file(self, path: Path) -> list[Character]:
        """Add the characters in a file; a character whose id is taken gets a new one."""
        try:
            characters, warnings = _read_characters(path, self.window.document.campaign.ruleset)
        except FileFormatError as exc:
            self.window.show_error("Nothing was imported", str(exc))
            return []
        document = self.window.document
        added = []
        document.undo_stack.beginMacro(f"Import {Path(path).name}")
        for character in characters:
            if document.entity(character.id) is not None:
                character = character.model_copy(update={"id": new_id()})
            document.add(character, f"Import {display_name(character)}")
            added.append(character)
        document.undo_stack.endMacro()
        if added:
            self.window.open_entity(added[-1].id)
        self.window.statusBar().showMessage(
            f"Imported {len(added)} character{'s' if len(added) != 1 else ''} from {Path(path).name}", 6000)
        if warnings:
            QMessageBox.information(
                self.window, "Imported, with notes",
                "Some of what the file held had no place on the sheet and was kept in the notes:\n\n"
                + "\n".join(f"• {w}" for w in warnings[:12]),
            )
        return added

    def export_dialog(self) -> None:
        character = self.window.current_character()
        if character is None:
            return
        from .opening import safe_file_name

        suggested = Path.home() / f"{safe_file_name(display_name(character))}.fate.json"
        path, _ = QFileDialog.getSaveFileName(self.window, "Export character", str(suggested), CHARACTER_FILTER)
        if path:
            if not path.endswith(".fate.json"):
                path += ".fate.json"
            self.export_character(Path(path))

    def export_character(self, path: Path) -> bool:
        character = self.window.current_character()
        if character is None:
            return False
        try:
            write_character_file(path, character)
        except OSError as exc:
            self.window.show_error("The character could not be exported", f"{path}: {exc.strerror or exc}")
            return False
        self.window.statusBar().showMessage(f"Exported {display_name(character)} to {path}", 6000)
        return True

    # --- printing (issue 6) ---------------------------------------------------------------

    def print_pdf_dialog(self):
        """Open the Print to PDF dialog (non-blocking); fate_desk.export loads only now."""
        from .dialogs.export_pdf import ExportPdfDialog

        window = self.window
        if window.document is None:
            return None
        dialog = ExportPdfDialog(window.document.campaign, window.settings,
                                 current_id=window.selected_entity(), parent=window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.exported.connect(lambda path, pages: window.statusBar().showMessage(
            f"Saved {Path(path).name} ({pages} page{'s' if pages != 1 else ''})", 8000))
        dialog.open()
        return dialog

    # --- help ----------------------------------------------------------------------------

    def show_user_guide(self) -> None:
        from .about import open_user_guide

        open_user_guide(self.window)

    def about(self) -> None:
        from .about import show_about

        show_about(self.window)


def _read_characters(path: Path, ruleset: str) -> tuple[list[Character], list[str]]:
    """The characters in a *.fate.json, Fari (*.fari.json) or campaign bundle file, with notes.

    Fari sheets say nothing reliable about their rule set, so they take the campaign's.
    """
    from fate_desk.store.importing import import_characters  # the importers load when used

    result = import_characters(path, ruleset)
    return result.characters, result.warnings
