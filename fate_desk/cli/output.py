"""Where a command may write: the one check every `--out` (and a new `--into`) goes through.

Never over an input of the command, never over a campaign file, never over a read-only file,
a folder, a pipe or a device; over a file of another kind than the one being written (a
character file where a PDF goes) only with --force. Each refusal is one line, exit 2.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from fate_desk.i18n import N_, _
from fate_desk.safefile import read_regular
from fate_desk.store.filetypes import CAMPAIGN_SUFFIX, SQLITE_HEADER

# What each kind is called in messages.
KINDS = {
    "pdf": N_("a PDF"),
    "character": N_("a character file"),
    "bundle": N_("a campaign bundle"),
    "campaign": N_("a campaign file"),
    "schema": N_("a JSON Schema"),
    "fari": N_("a Fari file"),
    "foundry": N_("a Foundry actor"),
    "json": N_("a JSON file"),
    "other": N_("a file Fate Desk does not write"),
}

_SNIFF_BYTES = 64 * 1024 * 1024
_TEMP_EXTRA = 16


class OutputRefused(Exception):
    """The target may not be written; str() is the one line for stderr."""


def file_kind(path: Path) -> str | None:
    """What an existing regular file holds, by its content; None for an empty file."""
    head = read_regular(path, size=len(SQLITE_HEADER))
    if not head:
        return None
    if head.startswith(SQLITE_HEADER):
        return "campaign"
    if head.startswith(b"%PDF-"):
        return "pdf"
    try:
        data = json.loads(read_regular(path, limit=_SNIFF_BYTES).decode("utf-8-sig"))
    except (OSError, ValueError, RecursionError):
        return "other"
    if not isinstance(data, dict):
        return "json"
    if data.get("format") == "fate-desk/character":
        return "character"
    if data.get("format") == "fate-desk/campaign":
        return "bundle"
    if "$schema" in data:
        return "schema"
    if "fariType" in data:
        return "fari"
    if data.get("type") == "fate-core-official":
        return "foundry"
    return "json"


def check_output(out: Path, kind: str, inputs: tuple[Path, ...] = (), force: bool = False,
                 replace_same_kind: bool = True) -> Path:
    """`out` if `kind` may be written there, else OutputRefused with one line naming it.

    `replace_same_kind` False makes even a file of the same kind need --force (characters
    imported over character files).
    """
    text = str(out)
    if not text.strip():
        raise OutputRefused(_("the output name is empty; give a file name"))
    out = Path(out)
    folder = out.parent
    if not folder.is_dir():
        raise OutputRefused(_("{file}: the folder {folder} does not exist").format(file=out, folder=folder))
    # Files are written beside their name first (".NAME.XXXXXXXX.tmp"), then renamed.
    max_name = _name_max(folder) - _TEMP_EXTRA
    if len(os.fsencode(out.name)) > max_name:
        raise OutputRefused(_("{file}: the file name is too long (at most {count} bytes here)").format(
            file=short_name(out), count=max_name))
    try:
        info = out.stat()
    except FileNotFoundError:
        return out
    except OSError as exc:
        raise OutputRefused(_("{file}: cannot be written ({reason})").format(
            file=out, reason=exc.strerror or exc)) from None
    if stat.S_ISDIR(info.st_mode):
        raise OutputRefused(_("{file}: is a folder; give a file name").format(file=out))
    if not stat.S_ISREG(info.st_mode):
        raise OutputRefused(_("{file}: is not an ordinary file (a pipe or a device); give a file name").format(
            file=out))
    for source in inputs:
        try:
            same = os.path.samefile(out, source)
        except OSError:
            same = False
        if same:
            raise OutputRefused(_("{file}: is the file being read; choose another name").format(file=out))
    if out.name.endswith(CAMPAIGN_SUFFIX):
        raise OutputRefused(_campaign_refused().format(file=out))
    try:
        found = file_kind(out)
    except OSError as exc:
        raise OutputRefused(_("{file}: cannot be read to see what it is ({reason})").format(
            file=out, reason=exc.strerror or exc)) from None
    if found == "campaign":
        raise OutputRefused(_campaign_refused().format(file=out))
    if not info.st_mode & 0o222 or not os.access(out, os.W_OK):  # mode bits too: root passes access()
        raise OutputRefused(_("{file}: is read-only; make it writable or choose another name").format(file=out))
    if force or found is None:
        return out
    if found != kind:
        raise OutputRefused(_("{file}: is {found}, not {wanted}; use --force to replace it").format(
            file=out, found=_(KINDS.get(found, KINDS["other"])), wanted=_(KINDS[kind])))
    if not replace_same_kind:
        raise OutputRefused(_("{file}: already exists; use --force to replace it").format(file=out))
    return out


def _campaign_refused() -> str:
    return _("{file}: is a campaign file; Fate Desk never writes over a campaign from here")


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def short_name(path) -> str:
    """A path cut to a readable length for a one-line message."""
    text = str(path)
    return text if len(text) <= 100 else f"{text[:60]}...{text[-30:]}"
