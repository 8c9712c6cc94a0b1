"""What was set aside at start: the user's files that could not be used (settings, the
translation, rule sets, game packs), each one line that says which file, what is wrong and
where it went or that it was ignored. Said once per start, in a notice the window shows and
on the standard error, while everything else goes on working."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout

from fate_desk import i18n
from fate_desk.i18n import _, ngettext


def start_up_problems(catalog, notices=()) -> list[str]:
    """Every line about the files read at start: the settings' (checked before the language was
    chosen, so said now), the translation's, then the rule sets' and packs' (reading the whole
    catalog, which the first campaign may not have needed)."""
    lines = [str(notice) for notice in notices]
    if i18n.catalogue_problem():
        lines.append(i18n.catalogue_problem())
    lines += list(catalog.problems)
    return lines


class StartNotice(QDialog):
    """The lines, each in full and selectable (a path to copy), in a list that scrolls: any
    number of them fits the screen. Modeless: the campaign stays in use behind it."""

    def __init__(self, lines: list[str], parent=None):
        super().__init__(parent)
        self.setObjectName("startNotice")
        self.setWindowTitle(_("Some of your files were set aside"))
        layout = QVBoxLayout(self)
        said = QLabel(ngettext(
            "Fate Desk could not use one of your files. Everything else works as usual.",
            "Fate Desk could not use {count} of your files. Everything else works as usual.",
            len(lines)).format(count=len(lines)))
        said.setWordWrap(True)
        layout.addWidget(said)
        self.lines = QPlainTextEdit()
        self.lines.setReadOnly(True)
        self.lines.setAccessibleName(_("The files set aside"))
        # A path has no spaces to wrap at: lines break anywhere rather than run off the side.
        self.lines.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.lines.setPlainText("\n\n".join(lines))
        layout.addWidget(self.lines, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 320)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)


def show_start_notice(window, lines: list[str]) -> StartNotice | None:
    """The lines on the standard error and in a notice over the window; None when there is
    nothing to say."""
    if not lines:
        return None
    for line in lines:
        print(_("fate-desk: {problem}").format(problem=line), file=sys.stderr)
    notice = StartNotice(lines, window)
    notice.setModal(False)
    notice.show()
    return notice
