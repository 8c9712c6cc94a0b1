"""How a game pack is named on disk: a single `NAME.fatepack.toml`, or a folder with a `pack.toml`.

Apart from the packs' loader (`packs.py`), so that telling whether a path is a pack (every
file the app opens is asked) does not import it.
"""

from __future__ import annotations

from pathlib import Path

PACK_FILE = "pack.toml"
SINGLE_SUFFIX = ".fatepack.toml"


def is_pack_path(path: Path) -> bool:
    """A single-file pack, a pack.toml, or a folder holding one."""
    path = Path(path)
    if path.name.endswith(SINGLE_SUFFIX) or path.name == PACK_FILE:
        return True
    return path.is_dir() and (path / PACK_FILE).is_file()
