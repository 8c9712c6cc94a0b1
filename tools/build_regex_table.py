"""Write fate_desk/_regex_table.py (git-ignored): the regular expressions that starting the app and
running its commands compile, compiled once here (see fate_desk/regex_table.py).

It runs, each in a process of its own with user folders of its own: the app's first start on
the sample (`--smoke`), a second start that reopens it, and the commands `check`, `export` and
`rulesets` on the sample campaign and an example sheet; each records every pattern `re`
compiles. All of it is done twice, in two scratch folders: a pattern built from a file's path
(the backups' names) differs between them and is left out. Every entry written is compared
with what `re` compiles.

Run by `make` when the dependencies or this tool change. Usage: python tools/build_regex_table.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fate_desk import regex_table  # noqa: E402

OUT = ROOT / "fate_desk" / "_regex_table.py"
EXAMPLE_SHEET = ROOT / "docs" / "examples" / "ruth.fate.json"

# Runs in each child: the table switched off, every compiled pattern written to argv[1].
RECORDER = r"""
import atexit, json, sys
sys.modules["fate_desk._regex_table"] = None  # record what compiles without a table
from re import _compiler
out, argv = sys.argv[1], sys.argv[2:]
seen = []
original = _compiler.compile
def compile(pattern, flags=0):
    if type(pattern) in (str, bytes) and not flags & _compiler.SRE_FLAG_DEBUG:
        text = pattern.decode("latin-1") if isinstance(pattern, bytes) else pattern
        seen.append([text, isinstance(pattern, bytes), int(flags)])
    return original(pattern, flags)
_compiler.compile = compile
def save():
    with open(out, "w", encoding="utf-8") as f:
        json.dump(seen, f)
atexit.register(save)
from fate_desk.cli import main
sys.exit(main(argv))
"""


def record(scratch: Path) -> set[tuple]:
    """The patterns compiled by every workload, run in user folders under `scratch`."""
    home = scratch / "home"
    for sub in ("data", "config", "runtime", "out"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    (home / "runtime").chmod(0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_RUNTIME_DIR=str(home / "runtime"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    workloads = [["--smoke"], ["--smoke"]]  # the first start copies the sample, the second reopens it
    found: set[tuple] = set()
    for number, argv in enumerate(workloads):
        found |= _run(scratch / f"run{number}.json", argv, env)
    campaigns = sorted((home / "data").glob("*.fatedesk"))
    if not campaigns:
        raise SystemExit("build_regex_table: the app's start made no campaign to run the commands on")
    commands = [["check", str(campaigns[0])],
                ["export", str(EXAMPLE_SHEET), "--out", str(home / "out" / "sheet.pdf")],
                ["export", str(campaigns[0]), "--out", str(home / "out" / "campaign.pdf")],
                ["rulesets"]]
    for number, argv in enumerate(commands, start=len(workloads)):
        found |= _run(scratch / f"run{number}.json", argv, env)
    return found


def _run(out: Path, argv: list[str], env: dict) -> set[tuple]:
    done = subprocess.run([sys.executable, "-c", RECORDER, str(out), *argv], env=env, cwd=ROOT,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0 or not out.exists():
        raise SystemExit(f"build_regex_table: fate-desk {' '.join(argv)} failed ({done.returncode}):\n"
                         f"{done.stderr[-2000:]}")
    return {(text, is_bytes, flags) for text, is_bytes, flags in json.loads(out.read_text(encoding="utf-8"))}


def build() -> dict:
    with tempfile.TemporaryDirectory(prefix="fate-desk-regex-a-") as a, \
            tempfile.TemporaryDirectory(prefix="fate-desk-regex-b-") as b:
        both = record(Path(a)) & record(Path(b))
    table = {}
    from re import _compiler

    for text, is_bytes, flags in sorted(both):
        pattern = text.encode("latin-1") if is_bytes else text
        data = regex_table.entry(pattern, flags)
        if regex_table.compiled(pattern, data) != _compiler.compile(pattern, flags):
            raise SystemExit(f"build_regex_table: {pattern!r} compiles differently from re's own")
        table[(pattern, flags)] = data
    return table


def main() -> int:
    table = build()
    text = (
        '"""Written by tools/build_regex_table.py (not in git); read by fate_desk/regex_table.py."""\n\n'
        f"ENGINE = {regex_table.engine()!r}\n\n"
        f"PATTERNS = {table!r}\n"
    )
    temporary = OUT.with_suffix(".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, OUT)
    print(f"build_regex_table: {len(table)} patterns in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
