"""Shared fixtures: every test gets its own user data folder and settings, never the real ones."""

from __future__ import annotations

import pytest


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


@pytest.fixture
def user_data(_isolated_user_data):
    """This test's user data folder (backups, the user's own rule sets)."""
    return _isolated_user_data
