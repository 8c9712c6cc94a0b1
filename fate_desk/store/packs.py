"""Game packs on disk: their sample characters, and installing a pack into the user's folder."""

from __future__ import annotations

import shutil
from pathlib import Path

from fate_desk.i18n import _
from fate_desk.model import Character
from fate_desk.paths import user_packs_dir
from fate_desk.rules.creation.pack_files import is_pack_path  # noqa: F401 (the store's callers ask it here)
from fate_desk.rules.creation.packs import (
    MAX_SAMPLE_BYTES,
    PACK_FILE,
    SINGLE_SUFFIX,
    Pack,
    PackError,
    load_pack,
)
from fate_desk.safefile import read_regular

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


def install_pack(source: Path, target: Path | None = None, taken: set[str] = frozenset()) -> Pack:
    """Check the pack, then copy it into the user's packs folder (replacing an older copy of the
    same id there); a pack that does not load, or whose id is `taken` by a rule set or pack that
    ships with Fate Desk, is refused and nothing is copied."""
    source = Path(source)
    folder = source if source.is_dir() else (source.parent if source.name == PACK_FILE else None)
    pack = load_pack(folder or source)
    pack_samples(pack)  # a pack whose samples do not read is refused whole
    if pack.id in taken:
        raise PackError(_("{pack}: id: {id} is the id of a rule set or pack that comes with "
                          "Fate Desk; give your copy an id of its own").format(pack=pack.path.name, id=repr(pack.id)))
    target = target or user_packs_dir()
    target.mkdir(parents=True, exist_ok=True)
    if folder is None:
        dest = target / f"{pack.id}{SINGLE_SUFFIX}"
        tmp = dest.with_name(dest.name + ".part")
        shutil.copyfile(source, tmp)
        tmp.replace(dest)
    else:
        dest = target / pack.id
        tmp = target / f".{pack.id}.part"
        shutil.rmtree(tmp, ignore_errors=True)
        # Only the files the pack names travel, never links: the copy holds no surprises.
        tmp.mkdir()
        names = [PACK_FILE] + [p.name for p in pack.sample_files]
        if isinstance(_ruleset_name(pack), str):
            names.append(_ruleset_name(pack))
        for name in dict.fromkeys(names):
            shutil.copyfile(folder / name, tmp / name, follow_symlinks=True)
        if dest.exists():
            shutil.rmtree(dest)
        tmp.replace(dest)
    return load_pack(dest, shipped=False)


def _ruleset_name(pack: Pack) -> str | None:
    import tomllib

    data = tomllib.loads(read_regular(pack.path, limit=2 * 1024 * 1024).decode("utf-8"))
    value = data.get("ruleset")
    return value if isinstance(value, str) else None
