"""Read only what a user could mean as a file: a regular file of sane size (no Qt here).

A FIFO would block a reader for ever, /dev/zero would fill memory, and a symlink can point
at either; every file Fate Desk reads on the user's say-so goes through `read_regular`.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from fate_desk.i18n import N_, _

MAX_FILE_BYTES = 64 * 1024 * 1024


class NotARegularFile(OSError):
    """A path that is not an ordinary file, or one too big; str() says which in plain words."""


def describe_mode(mode: int, marked: bool = False) -> str:
    """What a path that is not an ordinary file is, in plain words ("is a pipe (FIFO), not a
    file"); with `marked`, the English message, for the caller to translate when it is shown."""
    if stat.S_ISDIR(mode):
        message = N_("is a folder, not a file")
    elif stat.S_ISFIFO(mode):
        message = N_("is a pipe (FIFO), not a file")
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        message = N_("is a device, not a file")
    elif stat.S_ISSOCK(mode):
        message = N_("is a socket, not a file")
    else:
        message = N_("is not an ordinary file")
    return message if marked else _(message)


def open_regular(path: Path, limit: int = MAX_FILE_BYTES) -> int:
    """An fd open for reading on a regular file of at most `limit` bytes, else NotARegularFile.

    O_NONBLOCK makes opening a FIFO return at once instead of waiting for a writer.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(path, flags)
    try:
        _check_open(fd, limit)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _check_open(fd: int, limit: int) -> None:
    """NotARegularFile unless `fd` is open on a regular file of at most `limit` bytes; then it
    reads blocking (it may have been opened with O_NONBLOCK, which a FIFO needs)."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(describe_mode(info.st_mode))
    if info.st_size > limit:
        raise NotARegularFile(
            _("is too large ({size} MB; Fate Desk reads files up to {limit} MB)").format(
                size=info.st_size // (1024 * 1024), limit=limit // (1024 * 1024))
        )
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)


def read_regular(path: Path, limit: int = MAX_FILE_BYTES, size: int | None = None) -> bytes:
    """The bytes of a regular file (the first `size` of them if given), never more than `limit`."""
    fd = open_regular(path, limit)
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(limit + 1 if size is None else size)
    if size is None and len(data) > limit:  # it grew while we read it
        raise NotARegularFile(
            _("is too large (Fate Desk reads files up to {limit} MB)").format(limit=limit // (1024 * 1024)))
    return data


def read_open(fd: int, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file open as `fd` (opened by the caller, e.g. relative to a folder
    it holds open), never more than `limit`; the caller closes `fd`."""
    _check_open(fd, limit)
    chunks, size = [], 0
    while size <= limit:
        chunk = os.read(fd, min(1024 * 1024, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:  # it grew while we read it
        raise NotARegularFile(
            _("is too large (Fate Desk reads files up to {limit} MB)").format(limit=limit // (1024 * 1024)))
    return b"".join(chunks)


def problem(exc: OSError) -> str:
    """The plain words for an OSError from reading or writing a file."""
    if isinstance(exc, NotARegularFile):
        return str(exc)
    if isinstance(exc, FileNotFoundError):
        return _("no such file")
    if isinstance(exc, IsADirectoryError):
        return _("is a folder, not a file")
    return _("cannot be read ({reason})").format(reason=exc.strerror or exc)
