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

from fate_desk.safefile import read_regular
from fate_desk.store.campaign_file import SQLITE_HEADER, SUFFIX as CAMPAIGN_SUFFIX

# What each kind is called in messages.
KINDS = {
    "pdf": "a PDF",
    "character": "a character file",
    "bundle": "a campaign bundle",
    "campaign": "a campaign file",
    "schema": "a JSON Schema",
    "fari": "a Fari file",
    "foundry": "a Foundry actor",
    "json": "a JSON file",
    "other": "a file Fate Desk does not write",
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
        raise OutputRefused("the output name is empty; give a file name")
    out = Path(out)
    folder = out.parent
    if not folder.is_dir():
        raise OutputRefused(f"{out}: the folder {folder} does not exist")
    # Files are written beside their name first (".NAME.XXXXXXXX.tmp"), then renamed.
    max_name = _name_max(folder) - _TEMP_EXTRA
    if len(os.fsencode(out.name)) > max_name:
        raise OutputRefused(f"{short_name(out)}: the file name is too long (at most {max_name} bytes here)")
    try:
        info = out.stat()
    except FileNotFoundError:
        return out
    except OSError as exc:
        raise OutputRefused(f"{out}: cannot be written ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise OutputRefused(f"{out}: is a folder; give a file name")
    if not stat.S_ISREG(info.st_mode):
        raise OutputRefused(f"{out}: is not an ordinary file (a pipe or a device); give a file name")
    for source in inputs:
        try:
            same = os.path.samefile(out, source)
        except OSError:
            same = False
        if same:
            raise OutputRefused(f"{out}: is the file being read; choose another name")
    if out.name.endswith(CAMPAIGN_SUFFIX):
        raise OutputRefused(f"{out}: is a campaign file; Fate Desk never writes over a campaign from here")
    try:
        found = file_kind(out)
    except OSError as exc:
        raise OutputRefused(f"{out}: cannot be read to see what it is ({exc.strerror or exc})") from None
    if found == "campaign":
        raise OutputRefused(f"{out}: is a campaign file; Fate Desk never writes over a campaign from here")
    if not info.st_mode & 0o222 or not os.access(out, os.W_OK):  # mode bits too: root passes access()
        raise OutputRefused(f"{out}: is read-only; make it writable or choose another name")
    if force or found is None:
        return out
    if found != kind:
        raise OutputRefused(f"{out}: is {KINDS.get(found, KINDS['other'])}, not {KINDS[kind]}; "
                            "use --force to replace it")
    if not replace_same_kind:
        raise OutputRefused(f"{out}: already exists; use --force to replace it")
    return out


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def short_name(path) -> str:
    """A path cut to a readable length for a one-line message."""
    text = str(path)
    return text if len(text) <= 100 else f"{text[:60]}...{text[-30:]}"
