"""File ▸ Import characters… (and a drop) of a whole Fari library: its characters and scenes in
one step and one undo step, with a summary line per entry; what an earlier import already
brought (same Fari id) is left as it is, so importing the library again adds only what is new.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from fate_desk.i18n import _, ngettext
from fate_desk.interop.importing import ruleset_notes
from fate_desk.model import Character

SHOWN = 12  # summary lines in the box; the rest behind "Show Details…"


def add_library(window, path: Path, result, saved=None) -> list[Character]:
    """Add what a Fari library held (read, and written out as `saved`, on a worker: see
    FileActions.import_file) as one step; the characters added. The last one's sheet is built and
    shown in the next turns of the event loop, then the summary (see FileActions.in_turns)."""
    document = window.document
    entries, skipped = result.new_entries(document.ids())
    name = Path(path).name
    lines = result.warnings + skipped + ruleset_notes(
        [e for e in entries if isinstance(e, Character)], document.campaign.ruleset)
    if entries and not document.add_many(entries, _("Import {file}").format(file=name), saved):
        return []  # add_many reported the failed save; nothing changed
    characters = [e for e in entries if isinstance(e, Character)]
    scenes = len(entries) - len(characters)
    if entries:
        window.statusBar().showMessage(_("Imported {characters} and {scenes} from {file}").format(
            characters=ngettext("{count} character", "{count} characters", len(characters)).format(
                count=len(characters)),
            scenes=ngettext("{count} scene", "{count} scenes", scenes).format(count=scenes), file=name), 8000)
        title, head = _("Imported, with notes"), _("What {file} held and where it went:").format(file=name)
    else:
        window.statusBar().showMessage(
            _("Nothing new in {file}: everything in it is already in the campaign").format(file=name), 8000)
        title, head = _("Nothing new to import"), _("Everything in {file} is already in the campaign:").format(file=name)
    more = len(lines) - SHOWN
    shown = lines[:SHOWN] + ([ngettext("…and {count} more (Show Details…)", "…and {count} more (Show Details…)",
                                       more).format(count=more)] if more > 0 else [])

    def summary() -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, head + "\n\n" + "\n".join(f"• {w}" for w in shown),
                          QMessageBox.StandardButton.Ok, window)
        if len(lines) > SHOWN:
            box.setDetailedText("\n".join(lines))
        box.setObjectName("importSummary")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # not exec(): never block the event loop

    sheet = window.files.first_sheet(characters[-1].id) if characters else ()
    window.files.in_turns(document, *sheet, summary)
    return characters
