"""Shared fixtures: every test gets its own user data folder and settings, never the real ones."""

from __future__ import annotations

import os

import pytest

# The suite reads English whatever the developer's locale: the command line follows LANG and the
# app the system's locale (which Qt reads once, when the first QApplication is made).
for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
os.environ.pop("FATE_DESK_LANGUAGE", None)


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("FATE_DESK_DATA_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _isolated_qsettings(tmp_path_factory):
    """Point QSettings (INI, user scope) at a temporary folder when Qt is in use."""
    try:
        from PySide6.QtCore import QSettings
    except ImportError:  # the core tests run without Qt too
        yield None
        return
    folder = tmp_path_factory.mktemp("settings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))
    yield folder


@pytest.fixture(autouse=True)
def _speaks_english():
    """The suite reads English whatever the machine's locale; a test that switches language
    (tests/i18n/) leaves English behind it, and the window's direction left to right."""
    from fate_desk import i18n

    i18n.set_language("en")
    i18n.set_edition(None)
    yield
    i18n.set_edition(None)  # a window opened a campaign: its edition goes with it
    if i18n.language() != "en":
        i18n.set_language("en")
    import sys

    if "fate_desk.gui.translator" in sys.modules:
        from PySide6.QtWidgets import QApplication

        from fate_desk.gui import translator

        app = QApplication.instance()
        if app is not None:
            translator.apply_language(app, "en")


@pytest.fixture(autouse=True)
def _steps_handed_back_at_once(monkeypatch):
    """Campaign-wide steps run on a worker and are handed back at once when they are quick; in
    the suite they always are, whatever the machine's load, so an assertion right after a click
    sees the step. Tests of the window answering meanwhile set campaign_op.WAIT_S to 0."""
    try:
        from fate_desk.gui import campaign_op
    except ImportError:  # the core tests run without Qt too
        return
    monkeypatch.setattr(campaign_op, "WAIT_S", 30.0)


@pytest.fixture
def user_data(_isolated_user_data):
    """This test's user data folder (backups, the user's own rule sets)."""
    return _isolated_user_data


@pytest.fixture(autouse=True)
def _closed_windows_deleted():
    """Windows and dialogs a test made and closed are deleted when it ends, not kept for the
    rest of the process: each later change of theme, text size or language goes over every
    widget alive, and hundreds of tests' leftovers made those tests slow."""
    try:
        from PySide6.QtWidgets import QApplication
    except ImportError:  # the core tests run without Qt too
        yield
        return
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent

    def address(widget) -> int:
        return shiboken6.getCppPointer(widget)[0]

    app = QApplication.instance()
    before = set(map(address, app.topLevelWidgets())) if app is not None else set()
    yield
    app = QApplication.instance()
    if app is None:
        return

    for widget in app.topLevelWidgets():
        # Only what this test made and nobody sees any more: a window still open may hold a
        # running server or thread that its close would have stopped.
        if shiboken6.isValid(widget) and address(widget) not in before and not widget.isVisible():
            widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


@pytest.fixture(autouse=True)
def _application_looks_as_it_started():
    """A test that switched the theme or the text size (a menu walk does both) leaves the one
    QApplication as it found it: its style sheet, palette and font are shared by every later
    test in the process."""
    yield
    import sys

    if "fate_desk.gui.theme" not in sys.modules:
        return
    from PySide6.QtWidgets import QApplication

    from fate_desk.gui import zoom
    from fate_desk.gui.theme import apply_theme

    app = QApplication.instance()
    if app is None:
        return
    if app.styleSheet() or app.property("fateDeskTheme") not in (None, "system"):
        apply_theme(app, "system")
    if zoom.current(app) != 100:
        zoom.apply_zoom(app, 100)
