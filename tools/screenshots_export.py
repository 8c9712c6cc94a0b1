"""Screenshots of the Print to PDF dialog and its progress (called by screenshots.py per theme)."""

from __future__ import annotations

from pathlib import Path


def grab_print_dialog(window, grab, theme: str, scratch: Path) -> None:
    from PySide6.QtCore import QTimer

    from fate_desk.gui.dialogs.export_pdf import ExportPdfDialog
    from fate_desk.printing.job import What

    document = window.document
    window.sheets.open_entity(document.campaign.characters[0].id)
    # Opened from a sheet: that character's sheet is ticked.
    dialog = ExportPdfDialog(document.campaign, window.settings, current_id=document.campaign.characters[0].id,
                             folder=scratch, open_url=lambda url: None, parent=window)
    dialog.show()
    grab(dialog, f"dialog-print-pdf-{theme}")
    # A campaign pack narrowed to the first scene: its entries ticked.
    dialog.what_combo.setCurrentIndex(dialog.what_combo.findData(What.PACK.value))
    dialog.scope_combo.setCurrentIndex(1)
    grab(dialog, f"dialog-print-pdf-scene-{theme}")
    dialog.what_combo.setCurrentIndex(dialog.what_combo.findData(What.REFERENCE.value))
    grab(dialog, f"dialog-print-pdf-reference-{theme}")
    # The progress dialog, caught while a real export runs (the timer fires from its callback).
    dialog.what_combo.setCurrentIndex(dialog.what_combo.findData(What.PACK.value))
    dialog.open_check.setChecked(False)
    QTimer.singleShot(0, lambda: dialog.progress and grab(dialog.progress, f"dialog-print-pdf-progress-{theme}"))
    dialog.export()
    dialog.close()
    dialog.deleteLater()
