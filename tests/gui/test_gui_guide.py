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


def _menu_items(window) -> dict[str, list[str]]:
    """Each menu's item texts as a person reads them (no & markers, no trailing …)."""
    def texts(menu):
        for action in menu.actions():
            if action.isSeparator():
                continue
            yield action.text().replace("&", "").rstrip("…").strip()

    return {name: list(texts(menu)) for name, menu in window.menus.items()}


def test_every_menu_item_the_guide_names_is_in_that_menu(window):
    guide = re.sub(r"\s+", " ", (docs_dir() / "user-guide.md").read_text(encoding="utf-8")).replace("**", "")
    items = _menu_items(window)
    named = re.findall(r"\b(File|Edit|View|Table|Help) ▸ ([^▸]{1,60})", guide)
    assert len(named) >= 15
    missing = [f"{menu} ▸ {rest[:30]}" for menu, rest in named
               if not any(rest.startswith(item) for item in items[menu])]
    assert missing == []


def test_the_file_menu_items_the_guide_lists_are_in_the_file_menu(window):
    text = (docs_dir() / "user-guide.md").read_text(encoding="utf-8")
    section = text.split("The **File** menu has everything about files:", 1)[1].split("\n\n", 2)[1]
    listed = [name.rstrip("…") for line in section.splitlines() if line.startswith("- ")
              for name in re.findall(r"\*\*([^*]+)\*\*", line.split(" – ", 1)[0])]
    assert len(listed) >= 9
    assert [name for name in listed if name not in _menu_items(window)["File"]] == []
