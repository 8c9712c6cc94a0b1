"""One typed registry over QSettings: user preferences apart from saved window state.

Preferences live under "preferences/", things the app remembers by itself (geometry, docks,
recent files, open tabs) under "state/". Tests point QSettings at a temporary folder.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QByteArray, QSettings

from fate_desk.i18n import N_, _
from fate_desk.safefile import describe_mode

T = TypeVar("T")

ORGANIZATION = "fate-desk"  # i18n: not shown
APPLICATION = "Fate Desk"  # i18n: not shown


@dataclass(frozen=True)
class Setting(Generic[T]):
    """A named setting with a default; `kind` decides how the stored value is read back, and
    `choices` (when given) are the only values it may have."""

    key: str
    default: T
    kind: type
    doc: str = ""
    choices: tuple = ()


class Preferences:
    """What the user chooses (shown in menus)."""

    THEME = Setting("preferences/theme", "system", str, "system, light, dark or high-contrast palette",  # i18n: not shown
                    ("system", "light", "dark", "high-contrast"))  # i18n: not shown
    TEXT_SIZE = Setting("preferences/text_size", 100, int, "text size in percent, 100 to 200 (View ▸ Zoom)")  # i18n: not shown
    LANGUAGE = Setting("preferences/language", "", str, "interface language code; empty: the system's")  # i18n: not shown
    TAB_LIMIT = Setting("preferences/tab_limit", 12, int, "at most this many tabs open; 0: no limit (View ▸ Tabs kept open)")  # i18n: not shown
    REOPEN_LAST = Setting("preferences/reopen_last", True, bool, "reopen the last campaign on start")  # i18n: not shown
    # Print to PDF (issue 6)
    PDF_PAPER = Setting("preferences/pdf_paper", "", str, "letter or a4; empty: the locale's paper",  # i18n: not shown
                        ("", "letter", "a4"))  # i18n: not shown
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
            return _read(raw, setting)
        except (TypeError, ValueError, RecursionError):
            # A hand-edited or stale settings file never stops the app from starting.
            return _fresh(setting.default)

    def set_aside_bad_values(self) -> list[Notice]:
        """Check every stored setting once (at start): one that cannot be used is removed, so the
        default applies from now on, with a line saying so. A hand-edited file still starts."""
        notices = []
        for setting in registered():
            raw = self._q.value(setting.key)
            if raw is None:
                continue
            try:
                _read(raw, setting)
            except (TypeError, ValueError, RecursionError):
                shown = repr(raw)
                shown = shown if len(shown) <= 40 else shown[:37] + "..."
                self._q.remove(setting.key)
                notices.append(Notice(N_(
                    "Your settings file {file}: {key} held {value}, which Fate Desk cannot use; it was removed "
                    "and the default is used"), {"file": self._q.fileName(), "key": setting.key, "value": shown}))
        return notices

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


def registered() -> list[Setting]:
    """Every setting the app keeps."""
    return [value for group in (Preferences, WindowState) for value in vars(group).values() if isinstance(value, Setting)]


def _read(raw: Any, setting: Setting):
    kind = setting.kind
    if kind is bool:
        return raw if isinstance(raw, bool) else str(raw).lower() in ("true", "1", "yes")
    if kind in (list, dict):
        value = json.loads(raw) if isinstance(raw, str) else raw
        if not isinstance(value, kind):
            raise TypeError("wrong shape")  # i18n: not shown
        # Lists hold names and paths; the one dict maps a campaign's path to its tabs.
        if kind is list and not all(isinstance(item, str) for item in value):
            raise TypeError("not a list of text")  # i18n: not shown
        if kind is dict and not all(isinstance(k, str) and isinstance(v, dict) for k, v in value.items()):
            raise TypeError("not a table of tables")  # i18n: not shown
        return value
    if kind is QByteArray:
        return raw if isinstance(raw, QByteArray) else QByteArray(raw)
    if kind in (int, str) and not isinstance(raw, (int, str)):
        raise TypeError("not a single value")  # i18n: not shown
    value = kind(raw)
    if setting.choices and value not in setting.choices:
        raise ValueError("not one of the choices")  # i18n: not shown
    return value


# -- the settings file itself, checked before Qt reads it --------------------------------------------

# Settings are a few KB; a file this large is not ours to read.
MAX_SETTINGS_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Notice:
    """A line for the GM about something set aside at start, said in the language the app then
    speaks (the files are checked before the language is chosen)."""

    message: str  # marked with N_, translated when shown
    values: dict

    def __str__(self) -> str:
        return _(self.message).format(**self.values)


def settings_files() -> list[Path]:
    """The files QSettings reads for the app (its own and the organisation's), found without
    reading them: QSettings reads every file it will use as it is made, and a pipe put in the
    place of one would stop the app there for ever."""
    probe_org = f"fate-desk-probe-{os.urandom(16).hex()}"  # i18n: not shown
    probe = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, probe_org, "probe")
    folder = Path(probe.fileName()).parent.parent
    return [folder / ORGANIZATION / "fate-desk.ini", folder / f"{ORGANIZATION}.ini"]


def _move_aside(path: Path) -> Path:
    """Rename `path` beside itself, its name ending in `.set-aside-<time>`; OSError if it cannot."""
    aside = path.with_name(f"{path.name}.set-aside-{time.strftime('%Y%m%d-%H%M%S')}")
    path.rename(aside)
    return aside


def set_aside_bad_files(files: list[Path] | None = None) -> tuple[list[Notice], bool]:
    """Move any settings file that is not an ordinary file of sane size aside, with a line saying
    so. True as the second value when one could not be moved: the app must then keep its
    settings elsewhere this time."""
    notices, stuck = [], False
    for path in settings_files() if files is None else files:
        try:
            info = path.stat()
        except FileNotFoundError:
            continue
        except OSError as exc:
            problem = Notice(N_("cannot be read ({reason})"), {"reason": exc.strerror or str(exc)})
        else:
            if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_SETTINGS_BYTES:
                continue
            problem = (Notice(N_("is too large to be a settings file"), {}) if stat.S_ISREG(info.st_mode)
                       else Notice(describe_mode(info.st_mode, marked=True), {}))
        try:
            aside = _move_aside(path)
        except OSError as exc:
            stuck = True
            notices.append(_Explained(N_(
                "Your settings file {file} {problem} and could not be moved aside ({reason}); Fate Desk starts "
                "with its default settings and keeps no changes to them this time"),
                {"file": path, "reason": exc.strerror or str(exc)}, problem))
            continue
        notices.append(_Explained(N_(
            "Your settings file {file} {problem}; it was moved to {aside} and Fate Desk starts with its "
            "default settings"), {"file": path, "aside": aside.name}, problem))
    return notices, stuck


@dataclass(frozen=True)
class _Explained(Notice):
    """A notice with a `{problem}` that is a notice of its own (both said in one language)."""

    problem: Notice = None

    def __str__(self) -> str:
        return _(self.message).format(problem=str(self.problem), **self.values)


def checked_settings() -> tuple["Settings", list[Notice]]:
    """The app's settings, with every file and value checked once: anything that cannot be used
    is set aside with a line for the GM, and the app starts with the rest."""
    notices, stuck = set_aside_bad_files()
    if stuck:
        scratch = Path(tempfile.mkdtemp(prefix="fate-desk-settings-")) / "fate-desk.ini"
        return Settings(QSettings(str(scratch), QSettings.Format.IniFormat)), notices
    settings = Settings()
    if settings._q.status() == QSettings.Status.FormatError:
        path = Path(settings._q.fileName())
        try:
            aside = _move_aside(path)
        except OSError as exc:
            notices.append(Notice(N_(
                "Your settings file {file} is not a settings file Fate Desk can read, and could not be moved aside "
                "({reason}); changes to the settings are not kept"), {"file": path, "reason": exc.strerror or str(exc)}))
            return settings, notices
        notices.append(Notice(N_(
            "Your settings file {file} is not a settings file Fate Desk can read; it was moved to {aside} and "
            "Fate Desk starts with its default settings"), {"file": path, "aside": aside.name}))
        settings = Settings()
    return settings, notices + settings.set_aside_bad_values()
