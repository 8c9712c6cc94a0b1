"""Half-written files a killed process left behind, found by the process id in their names and
removed once that process is gone (no Qt here; the store and the export share it)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

# A leftover younger than this may belong to a process still running on another computer.
LEFTOVER_AGE_S = 600


def process_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or cannot tell: leave its file alone
    return True


def host_tag() -> str:
    """This computer's name as it goes into a leftover's name (letters, digits and dashes)."""
    return re.sub(r"[^A-Za-z0-9-]", "-", computer_name())[:40] or "here"


def computer_name() -> str:
    """The name socket.gethostname() gives, without loading the socket module (a few ms of
    every export's start) where the system answers it directly."""
    try:
        return os.uname().nodename
    except AttributeError:  # Windows has no uname
        # Deferred: only Windows (no os.uname) comes here, and socket loads after the window's first paint.
        import socket

        return socket.gethostname()


def remove_leftovers(folder: Path, pattern: re.Pattern, min_age_s: float = LEFTOVER_AGE_S) -> list[Path]:
    """Remove the regular files in `folder` whose whole name matches `pattern` (with a `pid`
    group) when that process is gone and the file is at least `min_age_s` old. With a `host`
    group naming this computer, a gone process is known gone: no age is needed. A pattern with
    no `pid` group (a name made without one) goes by age alone."""
    removed = []
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return removed
    now = time.time()
    for path in entries:
        match = pattern.fullmatch(path.name)
        if not match or ("pid" in pattern.groupindex and process_alive(int(match["pid"]))):
            continue
        try:
            here = "host" in pattern.groupindex and match["host"] == host_tag() and "pid" in pattern.groupindex
            if (not here and now - path.lstat().st_mtime < min_age_s) or not path.is_file():
                continue
            path.unlink()
            removed.append(path)
        except OSError:
            continue
    return removed
