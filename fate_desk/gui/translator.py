"""The interface language in Qt: our catalogue answers Qt's translate(), Qt's own words come
from the translations PySide6 ships, and a right-to-left language mirrors the window.

The language is chosen once, before the first window is built: `FATE_DESK_LANGUAGE` (for tests
and screenshots), else the user's choice in View ▸ Language, else the system's locale. A new
choice applies at the next start (the menu says so), so no window ever shows two languages.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, Qt, QTranslator
from PySide6.QtGui import QFontDatabase

from fate_desk import i18n
from fate_desk.paths import resources_dir

from .settings import Preferences


class CatalogueTranslator(QTranslator):
    """Answers Qt's translate() calls (the forms' retranslateUi) from the gettext catalogue.

    No answer (None) lets Qt ask the next translator (Qt's own, for its dialogs and buttons), so
    only messages our catalogue knows are answered here.
    """

    def translate(self, context, source_text, disambiguation=None, n=-1):  # noqa: D401 - Qt API
        if not source_text:
            return None
        # None reaches Qt as a null string ("no answer"); an empty string would be taken as the
        # translation, blanking Qt's own buttons and messages.
        return i18n.lookup(source_text, disambiguation or None)

    def isEmpty(self) -> bool:  # noqa: N802 - Qt API
        return False


_installed: list[QTranslator] = []
_applied: str | None = None  # the language the Qt side speaks now
_SYSTEM_LOCALE = QLocale()  # what Qt formats with when the language is English or a pseudo-locale


_cjk_font_added = False


def _add_cjk_font() -> None:
    """The CJK font the printouts use, offered to Qt too: a system without Chinese or Korean
    fonts (a fresh Linux install, a container) would otherwise show empty boxes."""
    global _cjk_font_added
    if _cjk_font_added:
        return
    _cjk_font_added = QFontDatabase.addApplicationFont(str(resources_dir() / "fonts" / "DroidSansFallback.ttf")) >= 0


def choose_language(settings=None, environ=None) -> str:
    """The code of the language this run speaks (see the module's docstring)."""
    environ = os.environ if environ is None else environ
    forced = i18n.match_language(environ.get("FATE_DESK_LANGUAGE", ""))
    if forced:
        return forced
    if settings is not None:
        chosen = i18n.match_language(settings.get(Preferences.LANGUAGE))
        if chosen:
            return chosen
    for tag in QLocale.system().uiLanguages():
        found = i18n.match_language(tag)
        if found:
            return found
    return "en"


def apply_language(app, code: str) -> str:
    """Speak `code` from now on: the catalogue, Qt's own words, the layout's direction and the
    locale Qt formats numbers with. Returns the code in use."""
    global _applied
    code = i18n.set_language(code)
    if code == _applied and _installed:
        return code  # already spoken (the tests ask for English again after each one)
    for old in _installed:
        QCoreApplication.removeTranslator(old)
        old.deleteLater()  # children of the app: without this each switch left two behind
    _installed.clear()
    if code != "en" and code not in i18n.PSEUDO_LANGUAGES:
        qt_own = QTranslator(app)
        if qt_own.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            QCoreApplication.installTranslator(qt_own)
            _installed.append(qt_own)
        else:
            qt_own.deleteLater()
    ours = CatalogueTranslator(app)
    QCoreApplication.installTranslator(ours)  # installed last, asked first
    _installed.append(ours)
    app.setLayoutDirection(Qt.LayoutDirection.RightToLeft if i18n.is_rtl(code) else Qt.LayoutDirection.LeftToRight)
    if code in ("zh_CN", "ko"):
        _add_cjk_font()
    QLocale.setDefault(QLocale(code) if code != "en" and code not in i18n.PSEUDO_LANGUAGES else _SYSTEM_LOCALE)
    _applied = code
    return code
