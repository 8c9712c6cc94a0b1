"""Regular expressions compiled at build time, so that starting the app does not compile them.

Python compiles each regular expression from its text when it is first used in a process, in
pure Python (`re._parser`, `re._compiler`). Starting the app compiles about fifty of them:
PySide6's own (its signature parser builds a large one), pydantic's, the standard library's
(`platform`, `tomllib`, `textwrap`, ...) and a few of ours, about 18 ms of every start.

`tools/build_regex_table.py` (run by `make`) records the patterns compiled while the app starts
and while the commands run, and writes `fate_desk/_regex_table.py` (git-ignored): for each
pattern text and flags, the compiled program that `re` would make. `install()` lets `re` take a
pattern from that table instead of compiling it, and compiles everything else as before.

The table is only used by the Python that wrote it (the same version, the same regular
expression engine): a compiled program is tied to both. A pattern is looked up by its exact
text and flags, so an edited pattern, or one the table lacks, is simply compiled. Each entry is
what `re` itself compiles, and `tests/test_regex_table.py` checks that against `re` for every
entry of the generated table.
"""

from __future__ import annotations

import sys

# What a compiled program depends on besides the pattern's text and flags.
ENGINE = (sys.version, sys.implementation.cache_tag)


def engine() -> tuple:
    import _sre

    return (*ENGINE, _sre.MAGIC, _sre.CODESIZE, _sre.MAXREPEAT, _sre.MAXGROUPS)


def entry(pattern: str | bytes, flags: int) -> tuple:
    """What `re` compiles `pattern` with `flags` to, as plain data: (flags, program, groups,
    group index, index group), the arguments `_sre.compile` takes after the pattern."""
    from re import _compiler, _parser

    parsed = _parser.parse(pattern, flags)
    program = tuple(int(op) for op in _compiler._code(parsed, flags))
    groupindex = dict(parsed.state.groupdict)
    indexgroup = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (flags | parsed.state.flags, program, parsed.state.groups - 1, groupindex, tuple(indexgroup))


def compiled(pattern: str | bytes, data: tuple):
    """The pattern object for `pattern` from its table entry."""
    import _sre

    flags, program, groups, groupindex, indexgroup = data
    return _sre.compile(pattern, flags, list(program), groups, dict(groupindex), indexgroup)


def install(table: dict | None = None, table_engine: tuple | None = None) -> bool:
    """Let `re` take the patterns in `table` (by default the generated one) as compiled; True
    when it does. Nothing changes without a table, or with one written by another Python."""
    if table is None:
        try:
            from fate_desk import _regex_table
        except ImportError:
            return False
        table, table_engine = _regex_table.PATTERNS, _regex_table.ENGINE
    if table_engine != engine() or not table:
        return False
    import _sre
    from re import _compiler

    original = getattr(_compiler.compile, "compiles_from_scratch", _compiler.compile)
    debug = _compiler.SRE_FLAG_DEBUG

    def compile(pattern, flags=0):  # noqa: A001 (re._compiler's own name)
        if type(pattern) in (str, bytes) and not flags & debug:
            data = table.get((pattern, flags))
            if data is not None:
                final_flags, program, groups, groupindex, indexgroup = data
                return _sre.compile(pattern, final_flags, list(program), groups, dict(groupindex), indexgroup)
        return original(pattern, flags)

    compile.compiles_from_scratch = original
    _compiler.compile = compile
    return True
