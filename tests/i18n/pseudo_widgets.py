"""Helpers for the pseudo-locale tests: the words a window shows, and which of them came
through untranslated (a string the code forgot to mark)."""

from __future__ import annotations

import re

from PySide6.QtWidgets import (
    QAbstractButton, QComboBox, QDialogButtonBox, QGroupBox, QLabel, QLineEdit, QListWidget, QTabBar, QWidget,
)

PSEUDO = "⟦"
_WORD = re.compile(r"[A-Za-z]{3,}")
_QT_WORDS = {"OK", "Cancel", "Close", "Apply", "Yes", "No", "Save", "Discard", "Help", "Reset", "Open"}


def shown_texts(top: QWidget) -> list[tuple[QWidget, str, str]]:
    """(widget, what, text) for every text a person sees or hears on `top` and its children."""
    found = []
    for widget in [top, *top.findChildren(QWidget)]:
        texts = []
        if isinstance(widget, (QAbstractButton, QLabel)):
            texts.append(("text", widget.text()))
        if isinstance(widget, QGroupBox):
            texts.append(("title", widget.title()))
        if isinstance(widget, QLineEdit):
            texts.append(("placeholder", widget.placeholderText()))
        if isinstance(widget, QComboBox):
            texts += [("item", widget.itemText(i)) for i in range(widget.count())]
        if isinstance(widget, QListWidget):
            texts += [("row", widget.item(i).text()) for i in range(widget.count())]
        if isinstance(widget, QTabBar):
            texts += [("tab", widget.tabText(i)) for i in range(widget.count())]
        texts += [("tooltip", widget.toolTip()), ("name", widget.accessibleName()),
                  ("description", widget.accessibleDescription())]
        found += [(widget, what, text) for what, text in texts if text]
    return found


def qt_own(widget: QWidget) -> bool:
    """Qt's own parts (a dock's float button, a tab bar's scroll arrows, Cancel): Qt translates them."""
    name = widget.objectName()
    if name.startswith("qt_") or name.startswith("Scroll"):
        return True
    box = widget.parentWidget()
    standard = isinstance(box, QDialogButtonBox) and box.standardButton(widget) != QDialogButtonBox.StandardButton.NoButton
    # A standard button keeping Qt's own word (a text the code sets on one is the code's to mark).
    return standard and widget.text().replace("&", "") in _QT_WORDS


def untranslated(top: QWidget, allowed=(), skip=lambda widget: False) -> list[str]:
    """Texts on `top` with English words outside the pseudo brackets, less those `allowed` (the
    user's own words, and text other parts of the program own) and widgets `skip` names."""
    allowed = set(allowed) | {word.upper() for word in allowed}  # captions show in capitals
    left = []
    for widget, what, text in shown_texts(top):
        plain = re.sub(r"<[^>]*>|&[a-zA-Z#0-9]+;", "", text)  # markup and entities are no words
        if qt_own(widget) or skip(widget) or PSEUDO in text or not _WORD.search(plain):
            continue
        if text in allowed or plain in allowed:
            continue
        left.append(f"{type(widget).__name__} {widget.objectName()} {what}: {text[:90]}")
    return sorted(set(left))


def words_of_the_campaign(campaign) -> set[str]:
    """What the user (the sample's author) wrote: names, aspects, stunts, scene and zone names."""
    words: set[str] = set()
    for character in campaign.characters:
        words.add(character.name)
        words |= {a.text for a in character.aspects}
        words |= {s.text for s in character.stunts} | {s.name for s in character.stunts}
        words |= {c.text for c in character.consequences}
    for scene in campaign.scenes:
        words |= {scene.name} | {a.text for a in scene.aspects}
        for zone in scene.zones:
            words |= {zone.name} | {a.text for a in zone.aspects}
    return {w for w in words if w}


def form_widgets(*forms: str) -> set[str]:
    """Object names of the widgets the forms (ui/*.ui) make: their own text is translated
    centrally (by the Qt translator), not by the code that fills them."""
    from fate_desk.paths import ui_dir

    names: set[str] = set()
    for form in forms:
        names |= set(re.findall(r'<widget class="[^"]+" name="([^"]+)"', (ui_dir() / f"{form}.ui").read_text()))
    return names
