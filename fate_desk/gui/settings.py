"""One typed registry over QSettings: user preferences apart from saved window state.

Preferences live under "preferences/", things the app remembers by itself (geometry, docks,
recent files, open tabs) under "state/". Tests point QSettings at a temporary folder.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QByteArray, QSettings

T = TypeVar("T")

ORGANIZATION = "fate-desk"  # i18n: not shown
APPLICATION = "Fate Desk"  # i18n: not shown


@dataclass(frozen=True)
class Setting(Generic[T]):
    """A named setting with a default; `kind` decides how the stored value is read back."""

    key: str
    default: T
    kind: type
    doc: str = ""


class Preferences:
    """What the user chooses (shown in menus)."""

    THEME = Setting("preferences/theme", "system", str, "system, light, dark or high-contrast palette")  # i18n: not shown
    TEXT_SIZE = Setting("preferences/text_size", 100, int, "text size in percent, 100 to 200 (View ▸ Zoom)")  # i18n: not shown
    LANGUAGE = Setting("preferences/language", "", str, "interface language code; empty: the system's")  # i18n: not shown
    TAB_LIMIT = Setting("preferences/tab_limit", 12, int, "at most this many tabs open; 0: no limit (View ▸ Tabs kept open)")  # i18n: not shown
    REOPEN_LAST = Setting("preferences/reopen_last", True, bool, "reopen the last campaign on start")  # i18n: not shown
    # Print to PDF (issue 6)
    PDF_PAPER = Setting("preferences/pdf_paper", "", str, "letter or a4; empty: the locale's paper")  # i18n: not shown
    PDF_OPEN_WHEN_DONE = Setting("preferences/pdf_open_when_done", True, bool, "open an exported PDF")  # i18n: not shown
    PDF_LARGE_PRINT = Setting("preferences/pdf_large_print", False, bool, "PDFs in large print (150%)")  # i18n: not shown


class WindowState:
    """What the app remembers on its own between runs."""

    GEOMETRY = Setting("state/geometry", QByteArray(), QByteArray, "main window geometry")  # i18n: not shown
    DOCKS = Setting("state/window_state", QByteArray(), QByteArray, "docks and toolbars")  # i18n: not shown
    LAST_CAMPAIGN = Setting("state/last_campaign", "", str, "path of the campaign open last")  # i18n: not shown
    RECENT = Setting("state/recent_campaigns", [], list, "recently opened campaign paths")  # i18n: not shown
    OPEN_TABS = Setting("state/open_tabs", {}, dict, "per campaign path: open entity ids and the current one")  # i18n: not shown
    PDF_FOLDER = Setting("state/pdf_folder", "", str, "the folder the last PDF was written to")  # i18n: not shown
    SHOWN_DOCKS = Setting("state/shown_docks", [], list, "docks open at quit (those built on first use come back)")  # i18n: not shown


MAX_RECENT = 8


class Settings:
    """Typed access to QSettings; pass one instance to whatever needs it."""

    def __init__(self, qsettings: QSettings | None = None):
        self._q = qsettings or QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, "fate-desk")

    def get(self, setting: Setting[T]) -> T:
        raw = self._q.value(setting.key)
        if raw is None:
            return _fresh(setting.default)
        try:
            return _read(raw, setting.kind)
        except (TypeError, ValueError):
            # A hand-edited or stale settings file never stops the app from starting.
            return _fresh(setting.default)

    def set(self, setting: Setting[T], value: T) -> None:
        if setting.kind in (list, dict):
            value = json.dumps(value)
        self._q.setValue(setting.key, value)

    def sync(self) -> None:
        self._q.sync()

    # --- conveniences over the registry ------------------------------------------------

    def add_recent(self, path: str) -> list[str]:
        recent = [p for p in self.get(WindowState.RECENT) if p != path]
        recent.insert(0, path)
        del recent[MAX_RECENT:]
        self.set(WindowState.RECENT, recent)
        return recent

    def open_tabs(self, campaign_path: str) -> tuple[list[str], str]:
        entry = self.get(WindowState.OPEN_TABS).get(campaign_path) or {}
        ids = [i for i in entry.get("ids", []) if isinstance(i, str)]
        current = entry.get("current") if isinstance(entry.get("current"), str) else ""
        return ids, current

    def set_open_tabs(self, campaign_path: str, ids: list[str], current: str) -> None:
        tabs = self.get(WindowState.OPEN_TABS)
        tabs[campaign_path] = {"ids": ids, "current": current}
        self.set(WindowState.OPEN_TABS, tabs)


def _fresh(default):
    return type(default)(default) if isinstance(default, (list, dict)) else default


def _read(raw: Any, kind: type):
    if kind is bool:
        return raw if isinstance(raw, bool) else str(raw).lower() in ("true", "1", "yes")
    if kind in (list, dict):
        value = json.loads(raw) if isinstance(raw, str) else raw
        if not isinstance(value, kind):
            raise TypeError("wrong shape")  # i18n: not shown
        return value
    if kind is QByteArray:
        return raw if isinstance(raw, QByteArray) else QByteArray(raw)
    return kind(raw)
