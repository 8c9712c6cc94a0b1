"""Shared by the pseudo-locale tests of the table's docks and dialogs (conflicts, the GM's
editors, advancement): the language switch and a finder of English that slipped through."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import (
    QAbstractButton, QApplication, QComboBox, QGroupBox, QLabel, QLineEdit, QListWidget, QPlainTextEdit, QTableWidget,
    QTreeWidget, QWidget,
)

from fate_desk import i18n
from fate_desk.model.ladder import LADDER

PSEUDO = "⟦"
# Qt's own button words: the Qt translator answers for them, not our catalogue.
QT_WORDS = ("&Cancel", "Cancel", "&OK", "OK", "&Close", "Close", "&Yes", "&No", "Yes", "No")


@pytest.fixture
def pseudo(qapp, monkeypatch):
    """The accented pseudo-locale for one test (the catalogue and the forms, and a window started
    in it keeps it), English again after it, pass or fail."""
    from fate_desk.gui.translator import apply_language

    monkeypatch.setenv("FATE_DESK_LANGUAGE", "en_XA")
    apply_language(qapp, "en_XA")
    try:
        yield
    finally:
        apply_language(qapp, "en")
        i18n.set_language("en")


def english_left(text: str, allowed=()) -> str | None:
    """The first English word (three letters or more) outside the pseudo brackets, once markup,
    entities and the `allowed` names (data: people, scenes, typed aspects) are taken out."""
    text = re.sub(r"⟦[^⟧]*⟧", " ", text or "")
    text = re.sub(r"<[^<>]*>|&[a-zA-Z#0-9]+;", " ", text)
    for name in sorted({*allowed, *LADDER.values()}, key=len, reverse=True):  # the ladder is marked elsewhere
        if name:
            text = text.replace(name, " ")
    found = re.search(r"[A-Za-z]{3,}", text)
    return found.group() if found else None


def widget_texts(root: QWidget, skip: tuple = ()) -> list[str]:
    """What a person reads or hears in `root`: titles, labels, buttons, tooltips, placeholders,
    accessible names, table and tree headers, combo items (not inside widgets of the `skip`
    classes: pieces another part of the program writes)."""
    out = [root.windowTitle()]

    def skipped(widget) -> bool:
        while widget is not None and widget is not root:
            if isinstance(widget, skip):
                return True
            widget = widget.parentWidget()
        return False

    for widget in [root, *root.findChildren(QWidget)]:
        if widget is not root and (not widget.isVisibleTo(root) or skipped(widget)):
            continue
        out += [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            out.append(widget.text())
        if isinstance(widget, QGroupBox):
            out.append(widget.title())
        if isinstance(widget, (QLineEdit, QPlainTextEdit)):
            out.append(widget.placeholderText())
        if isinstance(widget, QComboBox):
            out += [widget.itemText(i) for i in range(widget.count())]
        if isinstance(widget, QTableWidget):
            out += [widget.horizontalHeaderItem(c).text() for c in range(widget.columnCount())
                    if widget.horizontalHeaderItem(c) is not None]
        if isinstance(widget, QTreeWidget):
            out += [widget.headerItem().text(c) for c in range(widget.columnCount())]
        if isinstance(widget, QListWidget):
            out += [widget.item(i).text() for i in range(widget.count())]
    return [t for t in out if t]


def assert_translated(root: QWidget, allowed=(), skip: tuple = ()) -> None:
    """Every text in `root` is translated: nothing English but the data it shows."""
    leftovers = [(t, english_left(t, allowed)) for t in widget_texts(root, skip) if t not in QT_WORDS]
    leftovers = [(t, word) for t, word in leftovers if word]
    assert not leftovers, leftovers


def data_texts(campaign) -> set[str]:
    """Every text the campaign holds (names, aspects, notes: the GM's and players' own words)."""
    found: set[str] = set()

    def walk(value) -> None:
        if isinstance(value, str):
            if len(value) >= 4:
                found.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(campaign.model_dump(mode="json"))
    return found


def type_text(widget: QWidget, text: str) -> None:
    """Type `text` into a field key by key, as a keyboard in that language would (QTest's
    keyClicks knows only ASCII keys; the pseudo-locale's words are accented)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    for char in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, char))
