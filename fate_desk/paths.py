"""Where Fate Desk finds its data folders and keeps the user's files (no Qt here)."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_DATA_NAMES = ("rules", "packs", "ui", "resources", "docs", "locale")


def data_dir(name: str) -> Path:
    """A shipped data folder: inside the installed wheel, or beside the package in a checkout."""
    if name not in _DATA_NAMES:
        raise ValueError(f"unknown data folder {name!r}")  # i18n: not shown
    installed = _PACKAGE / "_data" / name
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / name


def rules_dir() -> Path:
    return data_dir("rules")


def packs_dir() -> Path:
    return data_dir("packs")


def ui_dir() -> Path:
    return data_dir("ui")


def resources_dir() -> Path:
    return data_dir("resources")


def docs_dir() -> Path:
    return data_dir("docs")


def user_data_dir() -> Path:
    """The user's own folder (custom rule sets, backups); FATE_DESK_DATA_DIR overrides it."""
    override = os.environ.get("FATE_DESK_DATA_DIR")
    if override:
        return Path(override)
    # Deferred: platformdirs (~30 ms) loads after the window's first paint, and never when
    # FATE_DESK_DATA_DIR is set.
    from platformdirs import user_data_path

    return user_data_path("fate-desk", appauthor=False)


def user_rules_dir() -> Path:
    return user_data_dir() / "rules"


def user_packs_dir() -> Path:
    """Game packs the user installed (copied here when they open or drop one)."""
    return user_data_dir() / "packs"


def mode_for_new_file(path: Path) -> int:
    """The permissions a file written in place of `path` should get.

    An existing file keeps its own; a new one gets what the user's umask allows, as an ordinary
    open() would give it (temporary files start as owner-only).
    """
    try:
        return Path(path).stat().st_mode & 0o7777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
