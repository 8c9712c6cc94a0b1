"""Game packs on disk: their sample characters, and installing a pack into the user's folder."""

from __future__ import annotations

import errno
import os
import re
import shutil
import tempfile
import time
import tomllib
from pathlib import Path

from fate_desk.i18n import _
from fate_desk.leftovers import LEFTOVER_AGE_S, process_alive
from fate_desk.model import Character
from fate_desk.paths import user_packs_dir
from fate_desk.rules import load_catalog
from fate_desk.rules.creation.pack_files import is_pack_path  # noqa: F401 (the store's callers ask it here)
from fate_desk.rules.creation.loader import MAX_RULESET_BYTES
from fate_desk.rules.creation.packs import (
    MAX_PACK_BYTES,
    MAX_SAMPLE_BYTES,
    PACK_FILE,
    SINGLE_SUFFIX,
    Pack,
    PackError,
    load_pack,
)
from fate_desk.safefile import problem as file_problem
from fate_desk.safefile import read_open, read_regular

from .atomic import fsync_dir
from .interchange import FileFormatError, character_from_dict, parse_json


def pack_samples(pack: Pack) -> list[Character]:
    """The pack's sample characters (from their files and from the pack itself)."""
    out = []
    for path in pack.sample_files:
        try:
            data = parse_json(read_regular(path, limit=MAX_SAMPLE_BYTES), path.name)
            out.append(character_from_dict(data, path.name))
        except OSError as exc:
            raise PackError(_("{pack}: samples: {file}: {reason}").format(
                pack=pack.path.name, file=path.name, reason=exc.strerror or exc)) from None
        except FileFormatError as exc:
            raise PackError(_("{pack}: samples: {problem}").format(pack=pack.path.name, problem=exc)) from None
    for i, data in enumerate(pack.sample_data):
        try:
            out.append(character_from_dict(data, f"{pack.path.name} samples[{i}]"))
        except FileFormatError as exc:
            raise PackError(_("{pack}: samples[{number}]: {problem}").format(pack=pack.path.name, number=i, problem=exc)) from None
    return out


# An unfinished install's private folder in the packs folder: hidden, so never taken for a pack,
# and named after its process, so the next install knows when it was left by one that died.
_STAGING = re.compile(r"\.installing-(?P<pid>\d+)-[A-Za-z0-9_]+")
_OLD_PART = re.compile(r"\.[a-z0-9][a-z0-9._-]{0,63}\.part")  # what installs before issue 45 left
_REPLACED = "replaced"


def install_pack(source: Path, target: Path | None = None, taken: set[str] | None = None) -> Pack:
    """Install a pack into the user's packs folder, all or nothing: every file the pack names is
    read once, into a private folder beside the packs, and that copy is what is checked (its
    rule set, library and samples) and then moved in, replacing an older copy of the same id.
    A pack that does not check out, or whose id is `taken` (by default: the ids of the rule
    sets and packs that ship with Fate Desk), is refused with a PackError and leaves nothing
    behind. Nothing is read from the source twice, so a file changed while it is read (by
    another user who owns it) cannot slip past the check."""
    source = Path(source)
    target = target or user_packs_dir()
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PackError(_("{folder}: {problem}").format(folder=target, problem=exc.strerror or exc)) from None
    tidy_unfinished_installs(target)
    staging = Path(tempfile.mkdtemp(prefix=f".installing-{os.getpid()}-", dir=target))  # only we may enter
    try:
        staged = _stage(source, staging)
        pack = load_pack(staged, shipped=False)
        pack_samples(pack)  # a pack whose samples do not read is refused whole
        if pack.id in (shipped_ids() if taken is None else taken):
            where = pack.path.name if pack.path.name != PACK_FILE else f"{pack.folder.name}/{PACK_FILE}"
            raise PackError(_("{pack}: id: {id} is the id of a rule set or pack that comes with "
                              "Fate Desk; give your copy an id of its own").format(pack=where, id=repr(pack.id)))
        folder = staged.is_dir()
        dest = target / (pack.id if folder else f"{pack.id}{SINGLE_SUFFIX}")
        other = target / (f"{pack.id}{SINGLE_SUFFIX}" if folder else pack.id)  # the same id in the other form
        _move_in(staged, dest, other, staging)
    except OSError as exc:
        raise PackError(_("{pack}: {problem}").format(pack=source.name, problem=exc.strerror or exc)) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return load_pack(dest, shipped=False)


def _stage(source: Path, staging: Path) -> Path:
    """Copy the pack at `source` into `staging`, each file read once; the staged pack's path."""
    if source.name == PACK_FILE:
        source = source.parent
    if not source.is_dir():  # a single-file pack: what the user chose, read once
        staged = staging / source.name
        staged.write_bytes(_read_source(lambda: read_regular(source, limit=MAX_PACK_BYTES), source.name))
        return staged
    staged = staging / source.name
    staged.mkdir()
    with _Folder(source) as folder:
        where = f"{source.name}/{PACK_FILE}"
        data = folder.read(PACK_FILE, MAX_PACK_BYTES, where)
        (staged / PACK_FILE).write_bytes(data)
        # The names come from the copy just made, never from a second reading of the source.
        for what, name, limit in _named_files(data):
            _inside_name(name, where, what)
            path = staged / name
            if path.exists():
                continue  # named twice (a sample that is also the rule set): copied once
            path.parent.mkdir(parents=True, exist_ok=True)  # files in a sub-folder of the pack
            path.write_bytes(folder.read(name, limit, where, what))
    return staged


def _named_files(data: bytes) -> list[tuple[str, str, int]]:
    """The files a pack.toml names (its rule set and samples); a file that is no TOML names none,
    and the check of the copy says what is wrong with it."""
    try:
        spec = tomllib.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError):
        return []
    out = []
    if isinstance(spec.get("ruleset"), str):
        out.append(("ruleset", spec["ruleset"], MAX_RULESET_BYTES))
    samples = spec.get("samples")
    for i, sample in enumerate(samples if isinstance(samples, list) else []):
        if isinstance(sample, str):
            out.append((f"samples[{i}]", sample, MAX_SAMPLE_BYTES))
    return out[:11]  # pack.toml allows ten samples; the check of the copy refuses more


def _inside_name(name: str, where: str, what: str) -> None:
    """A name the pack's folder can hold: relative, without `..` or control characters."""
    if any(ch < " " or ch == "\x7f" for ch in name):
        raise PackError(_("{where}: {what}: {name} is not a file name (it holds a control character)").format(
            where=where, what=what, name=repr(name)))
    parts = Path(name).parts
    if not name or Path(name).is_absolute() or ".." in parts or "." in parts or not parts:
        raise PackError(_("{where}: {what}: {name} must be a file name inside the pack's folder").format(
            where=where, what=what, name=repr(name)))


class _Folder:
    """The pack's folder, held open while it is copied: every file is opened from it, one folder
    at a time and never through a link, so swapping the folder, or a file for a link, while
    the copy is made reaches nothing outside it."""

    def __init__(self, path: Path):
        self.path = path
        self.fd: int | None = None

    def __enter__(self) -> "_Folder":
        if os.open in os.supports_dir_fd:
            self.fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
        return self

    def __exit__(self, *exc) -> None:
        if self.fd is not None:
            os.close(self.fd)

    def read(self, name: str, limit: int, where: str, what: str = PACK_FILE) -> bytes:
        if self.fd is None:  # no folder handles here (Windows): by name, still only once
            path = self.path / name
            if path.is_symlink():
                raise PackError(_("{where}: {what}: {name} is a link; a pack to install holds its own files").format(
                    where=where, what=what, name=name))
            return _read_source(lambda: read_regular(path, limit=limit), f"{where}: {what}: {name}")
        parts = Path(name).parts
        opened: list[int] = []
        try:
            fd = self.fd
            for part in parts[:-1]:
                fd = os.open(part, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=fd)
                opened.append(fd)
            try:
                fd = os.open(parts[-1], os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.EMLINK):
                    raise PackError(_("{where}: {what}: {name} is a link; a pack to install holds its own files").format(
                        where=where, what=what, name=name)) from None
                raise
            opened.append(fd)
            return _read_source(lambda: read_open(fd, limit), f"{where}: {what}: {name}")
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.EMLINK, errno.ENOTDIR):
                raise PackError(_("{where}: {what}: {name} is not in the pack's folder").format(
                    where=where, what=what, name=name)) from None
            raise PackError(_("{where}: {what}: {name}: {problem}").format(
                where=where, what=what, name=name, problem=file_problem(exc))) from None
        finally:
            for each in opened:
                os.close(each)


def _read_source(read, where: str) -> bytes:
    try:
        return read()
    except OSError as exc:
        raise PackError(_("{where}: {problem}").format(where=where, problem=file_problem(exc))) from None


def _move_in(staged: Path, dest: Path, other: Path, staging: Path) -> None:
    """Put the checked copy in place. An older copy (in either form) goes into the private folder
    first, and comes back if the new one cannot be put in its place; the private folder, with
    what it replaced, is then removed."""
    replaced = staging / _REPLACED
    replaced.mkdir()
    moved: list[Path] = []
    for old in (dest, other):
        if old.is_symlink() or old.exists():
            os.rename(old, replaced / old.name)
            moved.append(old)
    try:
        os.rename(staged, dest)
    except OSError:
        for old in moved:
            os.rename(replaced / old.name, old)
        raise
    fsync_dir(dest.parent)


def tidy_unfinished_installs(target: Path) -> None:
    """Remove what an install that died left in the packs folder: its private folder (putting
    back a copy it had moved aside and not yet replaced), and the `.ID.part` folders older
    versions left. Only what is ours, and only once its process is gone."""
    try:
        entries = list(Path(target).iterdir())
    except OSError:
        return
    for entry in entries:
        found = _STAGING.fullmatch(entry.name)
        try:
            if found and not process_alive(int(found["pid"])) and entry.is_dir() and not entry.is_symlink():
                replaced = entry / _REPLACED
                for old in (list(replaced.iterdir()) if replaced.is_dir() else []):
                    if not (target / old.name).exists() and not (target / old.name).is_symlink():
                        os.rename(old, target / old.name)
                shutil.rmtree(entry, ignore_errors=True)
            elif (_OLD_PART.fullmatch(entry.name) and entry.is_dir() and not entry.is_symlink()
                  and time.time() - entry.lstat().st_mtime > LEFTOVER_AGE_S):
                shutil.rmtree(entry, ignore_errors=True)
        except OSError:
            continue


def shipped_ids() -> set[str]:
    """The ids of the rule sets and packs that ship with Fate Desk: no pack of the user's takes one."""
    catalog = load_catalog(user=Path(os.devnull), user_packs=Path(os.devnull))
    return set(catalog.rulesets) | set(catalog.packs)
