"""Write a PDF beside its destination and rename it over the destination only on success.

(fate_desk.store.atomic does the same for text; export and store stay independent layers.)
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from fate_desk.i18n import _
from fate_desk.leftovers import host_tag, remove_leftovers
from fate_desk.paths import mode_for_new_file


class ExportError(Exception):
    """An export that could not be written; str() is one readable line."""


class ExportCancelled(Exception):
    """The progress callback asked to stop; the destination was left untouched."""


@contextmanager
def replace_on_success(out_path: Path) -> Iterator[Path]:
    """Yield a temporary path next to `out_path`; on a clean exit, rename it over `out_path`."""
    out_path = Path(out_path)
    folder = out_path.parent if str(out_path.parent) else Path(".")
    if not folder.is_dir():
        raise ExportError(_("{file}: the folder {folder} does not exist").format(file=out_path, folder=folder))
    if out_path.is_dir():
        raise ExportError(_("{file}: is a folder, not a file").format(file=out_path))
    _refuse_read_only(out_path)
    remove_dead_exports(out_path)  # what exports killed half-way left here (their process gone) goes first
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{out_path.name}.{host_tag()}.{os.getpid()}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ExportError(_("{file}: cannot write in {folder} ({reason})").format(
            file=out_path, folder=folder, reason=exc.strerror or exc)) from None
    os.close(fd)
    try:
        yield Path(tmp)
        _fsync(tmp)
        os.chmod(tmp, mode_for_new_file(out_path))
        os.replace(tmp, out_path)
    except OSError as exc:
        _discard(tmp)
        raise ExportError(_("{file}: cannot be written ({reason})").format(
            file=out_path, reason=exc.strerror or exc)) from None
    except BaseException:
        _discard(tmp)
        raise


def remove_dead_exports(out_path: Path) -> None:
    """Remove the temporary files of exports to `out_path` whose process is gone (killed half-way)."""
    out_path = Path(out_path)
    leftover = re.escape(f".{out_path.name}.") + r"(?P<host>[A-Za-z0-9-]+)\.(?P<pid>\d+)\.[^.]+\.tmp"
    remove_leftovers(out_path.parent if str(out_path.parent) else Path("."), re.compile(leftover))


def _refuse_read_only(out_path: Path) -> None:
    """A PDF the user made read-only is kept, not silently replaced (the rename would allow it)."""
    try:
        mode = out_path.stat().st_mode
    except OSError:
        return
    if not mode & 0o222:
        raise ExportError(_("{file}: is read-only; make it writable or choose another name").format(file=out_path))


def _fsync(path: str) -> None:
    with open(path, "rb+") as handle:
        os.fsync(handle.fileno())


def _discard(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


Progress = Callable[[int, int], object]
