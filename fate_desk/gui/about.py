"""Help menu pieces: the About dialog and the user guide window.

The main window wires them in: `show_about(parent)` for Help > About Fate Desk and
`open_user_guide(parent)` for Help > User guide.
"""

from __future__ import annotations

import html
import platform
import re
from dataclasses import dataclass
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, QUrl, qVersion
from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QApplication, QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QPushButton, QTabWidget,
    QTextBrowser, QVBoxLayout, QWidget,
)

from fate_desk import ATTRIBUTION, __version__
from fate_desk.collector import no_collection
from fate_desk.i18n import _, language
from fate_desk.paths import docs_dir, resources_dir

from .dialogs.base import FormDialog
from .forms import child
from .identity import app_icon

USER_GUIDE = "user-guide.md"


def user_guide_path(code: str | None = None, folder: Path | None = None) -> Path:
    """The user guide in the interface language (docs/user-guide.<code>.md), else in English."""
    folder = folder or docs_dir()
    translated = folder / f"user-guide.{code or language()}.md"
    return translated if translated.is_file() else folder / USER_GUIDE
_URL = re.compile(r"https?://[^\s)]+")


@dataclass(frozen=True)
class FontLicence:
    family: str
    files: tuple[str, ...]
    text: str


def font_licences(fonts_dir: Path) -> list[FontLicence]:
    """Each licence file in the fonts folder (LICENSE-<Family>.txt) with the fonts it covers."""
    if not fonts_dir.is_dir():
        return []
    fonts = sorted(p.name for p in fonts_dir.iterdir() if p.suffix.lower() in (".ttf", ".otf"))
    found = []
    for path in sorted(fonts_dir.glob("LICEN[CS]E*")):
        family = re.sub(r"^LICEN[CS]E[-_ ]?", "", path.stem) or "Bundled"
        covered = tuple(f for f in fonts if f.lower().startswith(family.lower()))
        found.append(FontLicence(family, covered, path.read_text(encoding="utf-8", errors="replace")))
    return found


def attribution_html(text: str = ATTRIBUTION) -> str:
    """The attribution notice word for word, its addresses made into links."""
    escaped = html.escape(text)
    return "<p>" + _URL.sub(lambda m: f'<a href="{m.group(0)}">{m.group(0)}</a>', escaped) + "</p>"


def fonts_html(licences: list[FontLicence]) -> str:
    if not licences:
        return "<p>{}</p>".format(html.escape(_("This copy of Fate Desk carries no fonts of its own.")))
    parts = ["<p>{}</p>".format(html.escape(_("PDF sheets and cards embed these fonts, shipped under their own licences.")))]
    for lic in licences:
        files = ", ".join(lic.files) or _("no font files found")
        parts.append(f"<h3>{html.escape(lic.family)}</h3><p>{html.escape(files)}</p>"  # i18n: markup only (its words are translated)
                     f"<pre style=\"white-space: pre-wrap\">{html.escape(lic.text)}</pre>")
    return "".join(parts)


class AboutDialog(FormDialog):
    """Version, licence, the Fate attribution, the fonts' licences and a way to the user guide."""

    def __init__(self, parent: QWidget | None = None, fonts_dir: Path | None = None):
        super().__init__("about", _("About Fate Desk"), parent)
        child(self.form, QLabel, "iconLabel").setPixmap(app_icon().pixmap(64, 64))
        child(self.form, QLabel, "titleLabel").setText("<h2>{}</h2>".format(html.escape(_("Fate Desk {version}").format(version=__version__))))
        child(self.form, QLabel, "versionsLabel").setText(
            _("Version {version}; Python {python}, Qt {qt}, PySide6 {pyside}, {system}").format(
                version=__version__, python=platform.python_version(), qt=qVersion(), pyside=pyside_version,
                system=platform.system())
        )
        child(self.form, QLabel, "guideLabel").linkActivated.connect(lambda _link: open_user_guide(self))
        self.attribution = child(self.form, QTextBrowser, "attributionText")
        self.attribution.setHtml(attribution_html())
        self.fonts = child(self.form, QTextBrowser, "fontsText")
        self.fonts.setHtml(fonts_html(font_licences(fonts_dir or resources_dir() / "fonts")))
        self.tabs = child(self.form, QTabWidget, "tabs")

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        about_qt = QPushButton(_("About &Qt"), buttons)
        buttons.addButton(about_qt, QDialogButtonBox.ButtonRole.HelpRole)
        about_qt.clicked.connect(lambda: QApplication.aboutQt())
        buttons.rejected.connect(self.reject)
        self.layout().addWidget(buttons)
        self.resize(600, 520)


class UserGuideWindow(QDialog):
    """The user guide in the interface language (docs/user-guide.md, or its translation beside
    it) rendered in a browser; links to other docs work too."""

    def __init__(self, parent: QWidget | None = None, guide: Path | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Fate Desk user guide"))
        guide = guide or user_guide_path()
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)  # web addresses go to the user's browser
        self.browser.sourceChanged.connect(self._source_changed)
        if guide.is_file():
            self.browser.setSearchPaths([str(guide.parent)])
            self.browser.setSource(QUrl.fromLocalFile(str(guide)))
        else:  # a packaging mistake; say where the guide should be rather than show nothing
            self.browser.setMarkdown(_("# User guide missing\n\nFate Desk expected it at `{path}`.").format(path=guide))
        back = QPushButton(_("Back"), self)
        back.setEnabled(False)
        back.clicked.connect(self.browser.backward)
        self.browser.backwardAvailable.connect(back.setEnabled)
        home = QPushButton(_("Contents"), self)
        home.clicked.connect(self.browser.home)
        close = QPushButton(_("Close"), self)
        close.clicked.connect(self.close)
        row = QHBoxLayout()
        row.addWidget(back)
        row.addWidget(home)
        row.addStretch(1)
        row.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addLayout(row)
        self.resize(760, 680)

    def _source_changed(self, url: QUrl) -> None:
        # A newly loaded page gets its heading anchors only now, after Qt tried to scroll.
        if anchor_headings(self.browser.document()) and url.hasFragment():
            self.browser.scrollToAnchor(url.fragment())


def heading_slug(text: str) -> str:
    """The anchor a Markdown heading gets on code hosts: "Rule sets" -> "rule-sets"."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchor_headings(document: QTextDocument) -> bool:
    """Name every heading like a code host does, so "#section" links scroll there.

    Qt's Markdown reader makes no anchors of its own. Returns whether anything changed: a page
    already anchored is left alone, since editing it would lose the scroll position.
    """
    changed = False
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0 and block.text() and not _starts_with_anchor(block):
            cursor = QTextCursor(block)
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            mark = QTextCharFormat()
            mark.setAnchor(True)
            mark.setAnchorNames([heading_slug(block.text())])
            cursor.mergeCharFormat(mark)
            changed = True
        block = block.next()
    return changed


def _starts_with_anchor(block) -> bool:
    first = block.begin()
    return not first.atEnd() and first.fragment().charFormat().isAnchor()


def show_about(parent: QWidget | None = None) -> AboutDialog:
    """Show the About dialog for parent's window and return it."""
    # Not modal: a modal About would block the user guide it opens.
    return _show_once(AboutDialog, parent.window() if parent is not None else None)


def open_user_guide(parent: QWidget | None = None) -> UserGuideWindow:
    """Show the user guide beside the app and return it."""
    owner = parent.window() if parent is not None else None
    if isinstance(owner, AboutDialog):
        # Asked from About, the guide belongs to the window behind it, so closing About
        # (which deletes it) leaves the guide open.
        behind = owner.parentWidget()
        owner = behind.window() if behind is not None else None
    return _show_once(UserGuideWindow, owner)


def _show_once(kind: type, owner: QWidget | None):
    # One of each per main window: asking again raises the one already open.
    with no_collection():  # see no_collection: the list is read whole before anything is collected
        candidates = (owner.findChildren(kind, options=Qt.FindChildOption.FindDirectChildrenOnly)
                      if owner is not None else QApplication.topLevelWidgets())
        window = next((w for w in candidates if type(w) is kind and w.isVisible()
                       and w.parentWidget() is owner), None)
    if window is None:
        window = kind(owner)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    window.raise_()
    window.activateWindow()
    return window
