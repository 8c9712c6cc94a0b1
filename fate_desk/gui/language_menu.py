"""View ▸ Language: every shipped language by its own name, and Follow the system.

The choice is kept in the preferences and applies at the next start: a window never mixes two
languages. The menu says so, and so does the message after a choice.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QMenu, QMessageBox

from fate_desk import i18n
from fate_desk.i18n import _

from .settings import Preferences

SYSTEM = ""


def fill(window, menu: QMenu) -> QActionGroup:
    """Fill `menu` with the languages; each action's data is its code ("" follows the system)."""
    note = menu.addAction(_("Applies when Fate Desk next starts"))
    note.setEnabled(False)
    menu.addSeparator()
    group = QActionGroup(menu)
    chosen = window.settings.get(Preferences.LANGUAGE)
    entries = [(SYSTEM, _("Follow the system"))] + list(i18n.LANGUAGES.items())
    for code, name in entries:
        action = menu.addAction(name)
        action.setObjectName(f"language_{code or 'system'}")
        action.setData(code)
        action.setCheckable(True)
        action.setChecked(code == chosen)
        group.addAction(action)
        action.triggered.connect(lambda _checked=False, c=code: choose(window, c))
    return group


def choose(window, code: str) -> None:
    if window.settings.get(Preferences.LANGUAGE) == code:
        return
    window.settings.set(Preferences.LANGUAGE, code)
    window.settings.sync()
    name = i18n.LANGUAGES.get(code) or _("the system's language")
    text = _("Fate Desk will speak {language} when you next start it.").format(language=name)
    window.statusBar().showMessage(text, 8000)
    box = QMessageBox(QMessageBox.Icon.Information, _("Language"), text, QMessageBox.StandardButton.Ok, window)
    box.setObjectName("language_chosen")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()  # not exec(): the event loop keeps turning
