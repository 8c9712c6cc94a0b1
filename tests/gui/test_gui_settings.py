"""The typed settings registry: preferences apart from window state, bad values never stop a start."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from fate_desk.gui.settings import MAX_RECENT, Preferences, Settings, WindowState


def test_defaults_and_round_trip(qapp):
    settings = Settings()
    assert settings.get(Preferences.THEME) == "system"
    assert settings.get(Preferences.REOPEN_LAST) is True
    settings.set(Preferences.REOPEN_LAST, False)
    settings.set(WindowState.RECENT, ["a.fatedesk"])
    again = Settings()
    assert again.get(Preferences.REOPEN_LAST) is False
    assert again.get(WindowState.RECENT) == ["a.fatedesk"]


def test_preferences_and_window_state_are_kept_apart(qapp):
    settings = Settings()
    settings.set(Preferences.THEME, "dark")
    settings.set(WindowState.LAST_CAMPAIGN, "/tmp/x.fatedesk")
    raw = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "fate-desk", "fate-desk")
    assert raw.childGroups() == ["preferences", "state"]
    assert raw.value("preferences/theme") == "dark"


def test_a_mangled_value_falls_back_to_the_default(qapp):
    raw = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, "fate-desk", "fate-desk")
    raw.setValue("state/recent_campaigns", "{not json")
    raw.setValue("state/open_tabs", "[1, 2]")
    settings = Settings(raw)
    assert settings.get(WindowState.RECENT) == []
    assert settings.get(WindowState.OPEN_TABS) == {}


def test_recent_campaigns_move_to_the_front_without_repeats(qapp):
    settings = Settings()
    for i in range(MAX_RECENT + 3):
        settings.add_recent(f"{i}.fatedesk")
    recent = settings.add_recent("5.fatedesk")
    assert recent[0] == "5.fatedesk" and len(recent) == MAX_RECENT and recent.count("5.fatedesk") == 1


def test_open_tabs_are_remembered_per_campaign(qapp):
    settings = Settings()
    settings.set_open_tabs("a.fatedesk", ["x", "y"], "y")
    settings.set_open_tabs("b.fatedesk", ["z"], "z")
    assert settings.open_tabs("a.fatedesk") == (["x", "y"], "y")
    assert settings.open_tabs("c.fatedesk") == ([], "")
