"""The in-app user guide tells a person how to start and only promises shortcuts that work."""

from __future__ import annotations

import re

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from fate_desk.paths import docs_dir

from gui_keys import window  # noqa: F401  (the app as started, a fixture)


def _guide_window(window, qtbot):
    window.actions["user_guide"].trigger()
    guide = next(w for w in QApplication.topLevelWidgets() if w.windowTitle() == "Fate Desk user guide")
    qtbot.addWidget(guide)
    return guide


def test_the_guide_speaks_to_users_not_developers(window, qtbot):
    text = _guide_window(window, qtbot).browser.toPlainText()
    assert "Restore from backup" in text
    assert "make run" not in text and "`make" not in text


def _advertised() -> list[tuple[str, str]]:
    """(action, shortcut) for each shortcut in the guide's keyboard table (Windows-only ones aside)."""
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]*Ctrl[^|]*|F1) \|$", (docs_dir() / "user-guide.md").read_text(), re.M)
    pairs = []
    for names, keys in rows:
        keys = re.sub(r"\(.*?\)", "", keys)
        names_list = [n.strip() for n in names.split(" / ")]
        keys_list = [k.strip() for k in keys.split(" / ")]
        pairs += list(zip(names_list, keys_list)) if len(names_list) == len(keys_list) else \
            [(names.strip(), k) for k in keys_list]
    return pairs


def test_every_shortcut_the_guide_lists_is_bound_to_a_menu_item(window):
    bound = {}
    for action in window.findChildren(type(window.actions["undo"])):
        for sequence in action.shortcuts():
            bound[sequence.toString()] = action.text().replace("&", "")
    advertised = _advertised()
    assert len(advertised) >= 15
    for name, key in advertised:
        sequence = QKeySequence(key).toString()
        assert sequence in bound, f"the guide promises {key} for {name}, but nothing is bound to it"
