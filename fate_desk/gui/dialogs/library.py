"""The library: search the game packs' stunts, extras, tracks and example aspects by word, and
put one on the sheet (each insert is one undo step, made by a core operation)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
    QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, rules_text
from fate_desk.rules.creation.packs import LibraryEntry, library, search

from ..widgets import escape

_KINDS = [(None, N_("Everything")), ("stunt", N_("Stunts")), ("extra", N_("Extras")), ("track", N_("Tracks")),
          ("aspect", N_("Aspects"))]
_KIND_LABELS = {"stunt": N_("Stunt"), "extra": N_("Extra"), "track": N_("Track"), "aspect": N_("Aspect")}


def _kind_label(entry: LibraryEntry) -> str:
    return _(_KIND_LABELS[entry.kind]) if entry.kind in _KIND_LABELS else entry.kind_label


def packs_for(catalog, ruleset_id: str) -> list:
    """The sheet's own pack first, then the packs that are only libraries, then the rest."""
    packs = list(catalog.packs.values())
    return sorted(packs, key=lambda p: (p.id != ruleset_id, p.ruleset is not None, p.name))


class LibraryDialog(QDialog):
    """Word search over the packs; Insert puts the chosen entry on the sheet."""

    def __init__(self, packs: list, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("libraryDialog")
        self.setWindowTitle(_("Library"))
        self.entries = library(packs)
        self.licences = {p.id: p.licence for p in packs}
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.words = QLineEdit()
        self.words.setPlaceholderText(_("Search stunts, extras and aspects by word"))
        self.words.setAccessibleName(_("Search the library"))
        self.kind = QComboBox()
        self.kind.setAccessibleName(_("What to look for"))
        for value, label in _KINDS:
            self.kind.addItem(_(label), value)
        self.pack = QComboBox()
        self.pack.setAccessibleName(_("Which pack"))
        self.pack.addItem(_("Every pack"), None)
        names = [pack.name for pack in packs]
        for pack in packs:
            # A pack is known by its id: two packs may share a name (a user's copy of a shipped
            # one), and then the id tells them apart in the list too.
            shown = rules_text(pack.name) if names.count(pack.name) == 1 else \
                _("{pack} ({id})").format(pack=rules_text(pack.name), id=pack.id)
            self.pack.addItem(shown, pack.id)
        row.addWidget(self.words, 1)
        row.addWidget(self.kind)
        row.addWidget(self.pack)
        layout.addLayout(row)
        self.results = QListWidget()
        self.results.setAccessibleName(_("What the library holds"))
        self.results.setMinimumSize(520, 240)
        layout.addWidget(self.results, 1)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.detail)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.insert_button = self.buttons.addButton(_("&Insert into the sheet"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.words.textChanged.connect(lambda *_: self._search())
        self.kind.currentIndexChanged.connect(lambda *_: self._search())
        self.pack.currentIndexChanged.connect(lambda *_: self._search())
        self.results.currentRowChanged.connect(lambda *_: self._show())
        self.results.itemDoubleClicked.connect(lambda *_: self.accept())
        self._search()

    def _search(self) -> None:
        found = search(self.entries, self.words.text(), self.kind.currentData())
        pack = self.pack.currentData()
        if pack:
            found = [e for e in found if e.pack_id == pack]
        self.results.clear()
        for entry in found[:500]:  # a search that matches everything still lists quickly
            item = QListWidgetItem(_("{kind}: {title} — {pack}").format(
                kind=_kind_label(entry), title=entry.shown_title(), pack=entry.shown_pack()))
            item.setData(Qt.ItemDataRole.UserRole, entry)
            self.results.addItem(item)
        if self.results.count():
            self.results.setCurrentRow(0)
        self.insert_button.setEnabled(bool(self.results.count()))
        self._show()

    def entry(self) -> LibraryEntry | None:
        item = self.results.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def _show(self) -> None:
        entry = self.entry()
        if entry is None:
            self.detail.setText("<i>{}</i>".format(escape(_("Nothing in the library matches those words."))))
            return
        self.detail.setText(f"<b>{escape(entry.shown_title())}</b> <small>({escape(_kind_label(entry))}, "  # i18n: markup only (its words are translated)
                            f"{escape(entry.shown_pack())})</small><br>{escape(entry.shown_text())}"
                            f"<br><small><i>{escape(self.licences.get(entry.pack_id, ''))}</i></small>")
