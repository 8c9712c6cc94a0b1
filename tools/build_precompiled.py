"""Write fate_desk/_precompiled/ (git-ignored): the regular expressions, dataclass methods,
annotations and PySide6 support modules that starting the app and running its commands
compile, compiled once here (see fate_desk/precompiled.py).

It runs, each in a process of its own with user folders of its own: the app's first start on
the sample (`--smoke`), a second start that reopens it, and the commands `check`, `export` and
`rulesets` on the sample campaign and an example sheet; each records every pattern `re`
compiles, every method source `dataclasses` runs, every annotation `typing` compiles and the
source of each PySide6 support module shiboken compiles. All of it is done twice, in two scratch
folders: a pattern built from a file's path (the backups' names) differs between them and is
left out. Every entry written is compared with what Python compiles.

Run by `make` when the dependencies or this tool change. Usage: python tools/build_precompiled.py
"""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fate_desk import precompiled  # noqa: E402

OUT = ROOT / "fate_desk" / "_precompiled"
EXAMPLE_SHEET = ROOT / "docs" / "examples" / "ruth.fate.json"

# Runs in each child: the tables switched off; every pattern compiled, every dataclass method's
# and annotation's source and every PySide6 support module compiled is written to argv[1].
RECORDER = r"""
import atexit, dataclasses, json, sys
sys.modules["fate_desk._precompiled"] = None  # record what compiles without the tables
from re import _compiler
out, argv = sys.argv[1], sys.argv[2:]
patterns, methods = [], []
original = _compiler.compile
def compile_pattern(pattern, flags=0):
    if type(pattern) in (str, bytes) and not flags & _compiler.SRE_FLAG_DEBUG:
        text = pattern.decode("latin-1") if isinstance(pattern, bytes) else pattern
        patterns.append([text, isinstance(pattern, bytes), int(flags)])
    return original(pattern, flags)
_compiler.compile = compile_pattern
def run_method(source, globals, locals):
    methods.append(source)
    return exec(compile(source, "<string>", "exec", dont_inherit=True), globals, locals)
dataclasses.exec = run_method
import builtins
from fate_desk import precompiled
support, builtin_compile = [], builtins.compile
def compile_module(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **options):
    caller = sys._getframe(1)
    if not dont_inherit:
        flags |= caller.f_code.co_flags & precompiled._INHERITED
    if type(source) is bytes and not options and caller.f_globals.get("__name__") == "signature_bootstrap":
        support.append([source.decode("latin-1"), filename, mode, flags, optimize])
    return builtin_compile(source, filename, mode, flags, True, optimize, **options)
builtins.compile = compile_module
import typing
expressions = []
def compile_expression(source, filename, mode, flags=0, dont_inherit=False, optimize=-1):
    if type(source) is str and filename == "<string>" and mode == "eval" and not flags and optimize == -1:
        expressions.append(source)
    return compile(source, filename, mode, flags, True, optimize)
typing.compile = compile_expression
def save():
    with open(out, "w", encoding="utf-8") as f:
        json.dump({"patterns": patterns, "methods": methods, "expressions": expressions, "support": support}, f)
atexit.register(save)
from fate_desk.cli import main
sys.exit(main(argv))
"""


def record(scratch: Path) -> tuple[set[tuple], set[str], set[str], set[tuple]]:
    """The patterns, dataclass methods, annotations and PySide6 support modules every workload
    compiled, run in user folders under `scratch`."""
    home = scratch / "home"
    for sub in ("data", "config", "runtime", "cache", "state", "share", "out"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    (home / "runtime").chmod(0o700)
    # Folders of its own for everything the app keeps: the user's own are never touched.
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_RUNTIME_DIR=str(home / "runtime"),
               XDG_CACHE_HOME=str(home / "cache"), XDG_STATE_HOME=str(home / "state"),
               XDG_DATA_HOME=str(home / "share"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    patterns: set[tuple] = set()
    methods: set[str] = set()
    expressions: set[str] = set()
    support: set[tuple] = set()

    def run(number: int, argv: list[str]) -> None:
        out = scratch / f"run{number}.json"
        done = subprocess.run([sys.executable, "-c", RECORDER, str(out), *argv], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0 or not out.exists():
            raise SystemExit(f"build_precompiled: fate-desk {' '.join(argv)} failed ({done.returncode}):\n"
                             f"{done.stderr[-2000:]}")
        found = json.loads(out.read_text(encoding="utf-8"))
        patterns.update((text, is_bytes, flags) for text, is_bytes, flags in found["patterns"])
        methods.update(found["methods"])
        expressions.update(found["expressions"])
        support.update(tuple(call) for call in found["support"])

    run(0, ["--smoke"])  # the first start copies the sample
    run(1, ["--smoke"])  # the second reopens it
    campaigns = sorted((home / "data").glob("*.fatedesk"))
    if not campaigns:
        raise SystemExit("build_precompiled: the app's start made no campaign to run the commands on")
    for number, argv in enumerate([["check", str(campaigns[0])],
                                   ["export", str(EXAMPLE_SHEET), "--out", str(home / "out" / "sheet.pdf")],
                                   ["export", str(campaigns[0]), "--out", str(home / "out" / "campaign.pdf")],
                                   ["rulesets"]], start=2):
        run(number, argv)
    return patterns, methods, expressions, support


def build() -> tuple[dict, dict, dict, dict]:
    with tempfile.TemporaryDirectory(prefix="fate-desk-precompiled-a-") as a, \
            tempfile.TemporaryDirectory(prefix="fate-desk-precompiled-b-") as b:
        patterns_a, methods_a, expressions_a, support_a = record(Path(a))
        patterns_b, methods_b, expressions_b, support_b = record(Path(b))
    from re import _compiler

    regexes = {}
    for text, is_bytes, flags in sorted(patterns_a & patterns_b):
        pattern = text.encode("latin-1") if is_bytes else text
        data = precompiled.regex_entry(pattern, flags)
        if precompiled.regex_from_entry(pattern, data) != _compiler.compile(pattern, flags):
            raise SystemExit(f"build_precompiled: {pattern!r} compiles differently from re's own")
        regexes[(pattern, flags)] = data
    methods = {}
    for source in sorted(methods_a & methods_b):
        code = precompiled.method_code(source)
        if marshal.loads(marshal.dumps(code)) != code:
            raise SystemExit(f"build_precompiled: a method does not survive marshal:\n{source}")
        methods[source] = marshal.dumps(code)
    expressions = {}
    for source in sorted(expressions_a & expressions_b):
        try:
            code = precompiled.expression_code(source)
        except SyntaxError:
            continue  # typing says so itself, each time
        expressions[source] = marshal.dumps(code)
    modules = {}
    for text, filename, mode, flags, optimize in sorted(support_a & support_b):
        source = text.encode("latin-1")
        code = compile(source, filename, mode, flags, True, optimize)
        modules[precompiled.support_key(source, filename, mode, flags, optimize)] = marshal.dumps(code)
    if not modules:
        raise SystemExit("build_precompiled: no PySide6 support module was seen compiling")
    return regexes, methods, expressions, modules


def write(name: str, doc: str, body: str) -> None:
    target = OUT / f"{name}.py"
    temporary = target.with_suffix(".tmp")
    temporary.write_text(f'"""{doc} Written by tools/build_precompiled.py (not in git); read by '
                         f'fate_desk/precompiled.py."""\n\nENGINE = {precompiled.engine()!r}\n\n{body}\n',
                         encoding="utf-8")
    os.replace(temporary, target)


def main() -> int:
    regexes, methods, expressions, modules = build()
    OUT.mkdir(exist_ok=True)
    init = OUT / "__init__.py"
    if not init.exists():
        init.write_text('"""Compiled at build time by tools/build_precompiled.py (not in git)."""\n')
    write("regexes", "Regular expressions: (text, flags) -> what re compiles them to.", f"PATTERNS = {regexes!r}")
    write("methods", "Dataclass methods and annotations written as text: source -> marshalled code.",
          f"SOURCES = {methods!r}\n\nEXPRESSIONS = {expressions!r}")
    write("support", "PySide6's support modules: (source, file name, mode, flags, optimize) -> marshalled code.",
          f"MODULES = {modules!r}")
    print(f"build_precompiled: {len(regexes)} patterns, {len(methods)} dataclass methods, "
          f"{len(expressions)} annotations and {len(modules)} PySide6 support modules in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
