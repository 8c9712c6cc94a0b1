"""Work Python does at every start, done once at build time: regular expressions, the methods of
dataclasses, annotations written as text and PySide6's support modules, compiled.

Python compiles each regular expression from its text when a process first uses it, in pure
Python (`re._parser`, `re._compiler`); `dataclasses` writes the source of each dataclass's
`__init__`, `__repr__`, `__eq__`, ... and compiles it when the class is made; `typing` compiles
each annotation written as text (pydantic-core's schema types have hundreds). Starting the app
compiles about fifty patterns (PySide6's signature parser builds a large one; pydantic's, the
standard library's, ours), the methods of some sixty dataclasses (pydantic's, annotated-types',
ours) and those annotations: about 18, 18 and 4 ms of every start. shiboken6 compiles its own
support modules from source at each start too (about 15 ms; see `compiling_support_modules`).

`tools/build_precompiled.py` (run by `make`) records what the app's start and its commands
compile and writes the results to `fate_desk/_precompiled/` (git-ignored): for a pattern's text
and flags, the program `re` would make; for a method's or an annotation's source text, its code
object (marshal, as in a .pyc). `install()` lets `re`, `dataclasses` and `typing` take those
instead of compiling, and all three compile everything else as before.

The tables are only used by the Python that wrote them (the same version and build): a compiled
program and a code object are tied to both. Each is looked up by its exact text, so anything
edited, or missing, is simply compiled. `tests/cli/test_cli_precompiled.py` checks every entry
of the generated tables against what Python itself compiles.
"""

from __future__ import annotations

import sys


def engine() -> tuple:
    """What compiled programs and code objects depend on besides their text."""
    import _sre
    from importlib.util import MAGIC_NUMBER

    return (sys.version, sys.implementation.cache_tag, MAGIC_NUMBER, _sre.MAGIC, _sre.CODESIZE,
            _sre.MAXREPEAT, _sre.MAXGROUPS)


def install() -> bool:
    """Use the generated tables, when they were written by this Python; True when they are."""
    try:
        from fate_desk._precompiled import methods, regexes
    except Exception:  # not built (a plain checkout), or damaged: everything compiles as usual
        return False
    here = engine()
    installed = False
    if regexes.ENGINE == here:
        installed = install_regexes(regexes.PATTERNS, here) or installed
    if methods.ENGINE == here:
        installed = install_methods(methods.SOURCES, here, methods.EXPRESSIONS) or installed
    return installed


# --- regular expressions -----------------------------------------------------------------


def regex_entry(pattern: str | bytes, flags: int) -> tuple:
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


def regex_from_entry(pattern: str | bytes, data: tuple):
    """The pattern object for `pattern` from its table entry."""
    import _sre

    flags, program, groups, groupindex, indexgroup = data
    return _sre.compile(pattern, flags, list(program), groups, dict(groupindex), indexgroup)


def install_regexes(table: dict, table_engine: tuple) -> bool:
    """Let `re` take the patterns in `table` as compiled (nothing changes for a table written
    by another Python, or an empty one)."""
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


# --- dataclass methods and forward references ---------------------------------------------


def method_code(source: str):
    """The code `dataclasses` runs for a method's source text: compiled as its own `exec` of the
    text compiles it (file name "<string>"; the dataclasses module has no __future__ imports)."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def expression_code(source: str):
    """The code `typing` keeps for a forward reference (an annotation written as text), compiled
    as its own `compile(source, "<string>", "eval")` compiles it."""
    return compile(source, "<string>", "eval", dont_inherit=True)


def install_methods(table: dict, table_engine: tuple, expressions: dict | None = None) -> bool:
    """Let `dataclasses` take the methods in `table` (source text -> marshalled code) as
    compiled, and `typing` the forward references in `expressions` (nothing changes for tables
    written by another Python, or empty ones).

    `dataclasses` runs each method's source with `exec(source, globals, namespace)`, and
    `typing.ForwardRef` compiles its text with `compile(text, "<string>", "eval")`: module names
    looked up before the built-ins, so giving each module its own changes nothing else."""
    if table_engine != engine() or not (table or expressions):
        return False
    import dataclasses
    import marshal
    import typing

    if table:
        def exec_(source, globals=None, locals=None):  # noqa: A002 (exec's own names)
            if globals is None:  # what the built-in does: the caller's (dataclasses passes both)
                caller = sys._getframe(1)
                globals = caller.f_globals
                locals = caller.f_locals if locals is None else locals
            if type(source) is str:
                data = table.get(source)
                source = marshal.loads(data) if data is not None else method_code(source)
            return exec(source, globals, locals)

        exec_.precompiled = True
        dataclasses.exec = exec_
    if expressions:
        def compile_(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **options):
            if (type(source) is str and filename == "<string>" and mode == "eval" and not flags
                    and optimize == -1 and not options):
                data = expressions.get(source)
                if data is not None:
                    return marshal.loads(data)
            # typing has no __future__ imports: nothing to inherit from its frame
            return compile(source, filename, mode, flags, True, optimize, **options)

        compile_.precompiled = True
        typing.compile = compile_
    return True


# --- PySide6's support modules -------------------------------------------------------------

def _inherited_features() -> int:
    """The __future__ features a call to the built-in compile() takes from its caller's code
    unless told not to (CPython's PyCF_MASK: every feature but nested scopes and generators)."""
    import __future__

    names = ("division", "absolute_import", "with_statement", "print_function", "unicode_literals",
             "barry_as_FLUFL", "generator_stop", "annotations")
    flags = 0
    for name in names:
        flags |= getattr(__future__, name).compiler_flag
    return flags


_INHERITED = _inherited_features()


def support_key(source: bytes, filename: str, mode: str, flags: int, optimize: int) -> tuple:
    return (source, filename, mode, flags, optimize)


def compiling_support_modules():
    """While PySide6 is imported, its support modules compiled at build time.

    shiboken6 carries its Python support modules (`shibokensupport`: the signature parser, the
    feature switch, ...) in a zip inside its library and compiles each from source, with the
    built-in `compile`, every time it is imported: about 15 ms of every start. Until the returned
    function is called, the built-in `compile` takes the code for a source it knows from the
    table (the same text, file name, mode, flags and optimisation level, the flags including
    those the caller's code passes on, as the built-in's own) and compiles anything else as the
    built-in would. Returns None, changing nothing, without a table for this Python."""
    try:
        from fate_desk._precompiled import support
    except Exception:  # not built, or damaged
        return None
    if support.ENGINE != engine() or not support.MODULES:
        return None
    import builtins
    import marshal

    builtin, table = builtins.compile, support.MODULES

    def compile_(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **options):
        if not dont_inherit:
            flags |= sys._getframe(1).f_code.co_flags & _INHERITED
        if type(source) is bytes and not options:
            data = table.get(support_key(source, filename, mode, flags, optimize))
            if data is not None:
                return marshal.loads(data)
        return builtin(source, filename, mode, flags, True, optimize, **options)

    builtins.compile = compile_

    def restore() -> None:
        if builtins.compile is compile_:
            builtins.compile = builtin

    return restore
