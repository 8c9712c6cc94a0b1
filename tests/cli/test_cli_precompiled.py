"""Regular expressions, dataclass methods and annotations compiled at build time
(fate_desk/precompiled.py): every entry is what Python itself compiles, anything the tables lack is compiled as before, and
tables written by another Python are never used."""

from __future__ import annotations

import dataclasses
import marshal
import re
from re import _compiler

import pytest

from fate_desk import precompiled

SAMPLES = [
    (r"(?P<year>\d{4})-(?P<month>\d{2})", 0),
    (r"fate\s+point", re.IGNORECASE),
    (r"""
        (?P<sign>[+-])?   # an optional sign
        (?P<rung>\d+)     # the ladder's rung
     """, re.VERBOSE),
    (rb"\x00[^\x00]*\x00", 0),
    (r"^Great \(\+4\)$", re.MULTILINE),
]


def _from_scratch():
    return getattr(_compiler.compile, "compiles_from_scratch", _compiler.compile)


def _same(a, b) -> bool:
    # Pattern objects compare their text, flags and compiled program.
    return a == b and a.groupindex == b.groupindex and a.groups == b.groups


def _tables():
    try:
        from fate_desk._precompiled import methods, regexes
    except ImportError:
        pytest.fail("fate_desk/_precompiled/ is missing: `make test` writes it (tools/build_precompiled.py)")
    assert regexes.ENGINE == methods.ENGINE == precompiled.engine(), "written by another Python: run make"
    return regexes, methods


def test_every_pattern_in_the_generated_table_is_what_re_compiles():
    regexes, _methods = _tables()
    assert len(regexes.PATTERNS) > 40  # PySide6's, pydantic's, the standard library's and ours
    scratch = _from_scratch()
    for (pattern, flags), data in regexes.PATTERNS.items():
        assert _same(precompiled.regex_from_entry(pattern, data), scratch(pattern, flags)), pattern


def test_every_method_in_the_generated_table_is_what_dataclasses_would_compile():
    _regexes, methods = _tables()
    assert len(methods.SOURCES) > 100  # pydantic's, annotated-types' and ours
    for source, data in methods.SOURCES.items():
        assert source.startswith("def __create_fn__(")
        # Code objects compare their instructions, constants, names and positions.
        assert marshal.loads(data) == compile(source, "<string>", "exec", dont_inherit=True), source


def test_every_annotation_in_the_generated_table_is_what_typing_would_compile():
    _regexes, methods = _tables()
    assert len(methods.EXPRESSIONS) > 50  # pydantic-core's schema types write theirs as text
    for source, data in methods.EXPRESSIONS.items():
        assert marshal.loads(data) == compile(source, "<string>", "eval", dont_inherit=True), source


def test_forward_references_made_with_a_table_behave_as_without_one(monkeypatch):
    import typing

    monkeypatch.setattr(typing, "compile", compile, raising=False)
    texts = ["list[Aspect]", "dict[str, int] | None", "'Aspect'"]
    expressions = {text: marshal.dumps(precompiled.expression_code(text)) for text in texts}
    assert precompiled.install_methods({}, precompiled.engine(), expressions)
    assert getattr(typing.compile, "precompiled", False)

    class Aspect:
        pass

    namespace = {"Aspect": Aspect}
    for text in texts:
        ref = typing.ForwardRef(text)
        assert ref.__forward_code__ == compile(text, "<string>", "eval", dont_inherit=True)  # as typing does
        assert eval(ref.__forward_code__, namespace) == eval(text, namespace)
    assert typing.ForwardRef("Aspect | None") == typing.ForwardRef("Aspect | None")  # not in the table
    with pytest.raises(SyntaxError, match="Forward reference must be an expression"):
        typing.ForwardRef("not an expression(")


def test_the_command_line_installs_the_tables_before_anything_else():
    # fate_desk.cli installs them before its other imports, so the app's whole start uses them.
    import fate_desk.cli

    regexes, _methods = _tables()
    assert hasattr(_compiler.compile, "compiles_from_scratch")
    assert getattr(dataclasses.exec, "precompiled", False)
    import typing

    assert getattr(typing.compile, "precompiled", False)
    source = open(fate_desk.cli.__file__, encoding="utf-8").read()
    assert source.index("precompiled.install()") < source.index("\nimport ")
    (pattern, flags), _data = next(iter(regexes.PATTERNS.items()))
    assert _same(_compiler.compile(pattern, flags), _from_scratch()(pattern, flags))


def test_patterns_in_a_table_match_as_re_would_and_others_compile_as_before(monkeypatch):
    # Each pattern from the table is taken as it is, never compiled.
    scratch = _from_scratch()
    monkeypatch.setattr(_compiler, "compile", scratch)
    table = {(p, int(f)): precompiled.regex_entry(p, int(f)) for p, f in SAMPLES}
    compiled_anew = []

    def counting(p, f=0):
        compiled_anew.append(p)
        return scratch(p, f)

    monkeypatch.setattr(_compiler, "compile", counting)
    assert precompiled.install_regexes(table, precompiled.engine())
    re.purge()
    for pattern, flags in SAMPLES:
        assert _same(re.compile(pattern, flags), scratch(pattern, int(flags)))
    assert compiled_anew == []
    date = re.compile(SAMPLES[0][0]).fullmatch("2026-11")
    assert date.group("year", "month") == ("2026", "11")
    assert re.compile(SAMPLES[1][0], re.IGNORECASE).search("spend a FATE  Point") is not None
    assert re.compile(SAMPLES[2][0], re.VERBOSE).fullmatch("+4").group("sign", "rung") == ("+", "4")
    assert re.compile(SAMPLES[3][0]).findall(b"\x00ab\x00c\x00") == [b"\x00ab\x00"]
    # Not in the table (other text, other flags): compiled as before, and right.
    assert re.compile(r"Good \(\+3\)").fullmatch("Good (+3)") is not None
    assert re.compile(SAMPLES[1][0]).search("FATE POINT") is None  # without IGNORECASE
    assert compiled_anew == [r"Good \(\+3\)", SAMPLES[1][0]]
    re.purge()


def test_dataclasses_made_with_a_table_behave_as_without_one(monkeypatch):
    """A dataclass whose methods come from the table and one made from scratch: the same
    construction, defaults, comparison, hashing, repr and frozenness."""

    def make(name):
        @dataclasses.dataclass(frozen=True, order=True)
        class Rung:
            rating: int
            name: str = "Average"
            tags: tuple = dataclasses.field(default_factory=tuple)

        Rung.__qualname__ = name
        return Rung

    recorded = []

    def recording(source, globals, locals):
        recorded.append(source)
        return exec(compile(source, "<string>", "exec", dont_inherit=True), globals, locals)

    monkeypatch.setattr(dataclasses, "exec", recording, raising=False)
    plain = make("Rung")
    assert len(recorded) >= 5  # __init__, __repr__, __eq__, the order methods, __hash__, frozen set/del
    table = {source: marshal.dumps(precompiled.method_code(source)) for source in recorded}
    assert precompiled.install_methods(table, precompiled.engine())
    loads = []
    real_loads = marshal.loads
    monkeypatch.setattr(marshal, "loads", lambda data: loads.append(data) or real_loads(data))
    tabled = make("Rung")
    assert len(loads) == len(recorded)  # every method taken from the table
    for cls in (plain, tabled):
        great = cls(4, "Great")
        assert (great.rating, great.name, great.tags) == (4, "Great", ())
        assert cls(1) == cls(1, "Average", ()) and cls(1) < great and hash(cls(1)) == hash(cls(1))
        assert repr(great) == "Rung(rating=4, name='Great', tags=())"
        with pytest.raises(dataclasses.FrozenInstanceError):
            great.rating = 5
        with pytest.raises(TypeError):
            cls()  # the rating is required


def test_a_method_the_table_lacks_is_compiled_as_before(monkeypatch):
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    assert precompiled.install_methods({"def __create_fn__():\n pass": b"never used"}, precompiled.engine())

    @dataclasses.dataclass
    class Aspect:
        text: str
        free_invokes: int = 0

    assert Aspect("On Fire", 1) == Aspect("On Fire", 1) and Aspect("On Fire").free_invokes == 0


def test_tables_from_another_python_are_not_used(monkeypatch):
    scratch = _from_scratch()
    monkeypatch.setattr(_compiler, "compile", scratch)
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    table = {(p, int(f)): precompiled.regex_entry(p, int(f)) for p, f in SAMPLES}
    other = ("3.99.0 (elsewhere)", *precompiled.engine()[1:])
    assert not precompiled.install_regexes(table, other)
    assert _compiler.compile is scratch
    assert not precompiled.install_regexes({}, precompiled.engine())
    assert not precompiled.install_methods({"def __create_fn__():\n pass": b""}, other, {"int": b""})
    assert dataclasses.exec is exec


def test_a_wrong_entry_would_be_seen():
    """The comparisons the build and the first tests rely on tell programs and code apart."""
    pattern = SAMPLES[1][0]
    right, wrong = precompiled.regex_entry(pattern, 0), precompiled.regex_entry(r"fate\s+points", 0)
    scratch = _from_scratch()
    assert _same(precompiled.regex_from_entry(pattern, right), scratch(pattern, 0))
    assert not _same(precompiled.regex_from_entry(pattern, wrong), scratch(pattern, 0))
    source = "def __create_fn__():\n def f(self):\n  return self.a\n return f"
    other = "def __create_fn__():\n def f(self):\n  return self.b\n return f"
    assert precompiled.method_code(source) != precompiled.method_code(other)


def test_every_pyside6_support_module_in_the_generated_table_is_what_compile_makes():
    from fate_desk._precompiled import support

    assert support.ENGINE == precompiled.engine()
    names = {filename for (_source, filename, _mode, _flags, _optimize) in support.MODULES}
    assert "shibokensupport/signature/parser.py" in names and len(names) >= 10
    for (source, filename, mode, flags, optimize), data in support.MODULES.items():
        assert marshal.loads(data) == compile(source, filename, mode, flags, True, optimize), filename


def test_while_pyside6_is_imported_compile_takes_known_sources_and_compiles_others_as_the_builtin(monkeypatch):
    """The built-in compile is replaced only while PySide6 is imported; meanwhile a source it
    knows comes from the table and any other compiles exactly as the built-in would, with the
    __future__ features of the calling code (this module has postponed annotations)."""
    import builtins
    import types

    builtin = builtins.compile
    known = b"def rung(rating):\n    return rating + 1\n"
    key = precompiled.support_key(known, "shibokensupport/known.py", "exec", 0, -1)
    table = types.ModuleType("support")
    code = builtin(known, "shibokensupport/known.py", "exec", 0, True)
    table.ENGINE, table.MODULES = precompiled.engine(), {key: marshal.dumps(code)}
    import fate_desk._precompiled

    monkeypatch.setitem(__import__("sys").modules, "fate_desk._precompiled.support", table)
    monkeypatch.setattr(fate_desk._precompiled, "support", table, raising=False)
    loads = []
    real_loads = marshal.loads
    entry = table.MODULES[key]
    monkeypatch.setattr(marshal, "loads", lambda data: (data is entry and loads.append(data)) or real_loads(data))
    import ast

    restore = precompiled.compiling_support_modules()
    assert restore is not None and builtins.compile is not builtin
    try:
        from_table = builtins.compile(known, "shibokensupport/known.py", "exec", dont_inherit=True)
        assert len(loads) == 1
        annotated = "def f(x: Aspect) -> Rung:\n    return x\n"
        ours = compile(annotated, "<test>", "exec")  # inherits this module's postponed annotations
        ours_plain = compile(annotated, "<test>", "exec", dont_inherit=True)
        expression = compile("1 + 2", "<test>", "eval", optimize=2)
        tree = compile("x = 1", "<test>", "exec", flags=ast.PyCF_ONLY_AST)
        assert len(loads) == 1  # none of those came from the table
    finally:
        restore()
    assert builtins.compile is builtin
    assert from_table == builtin(known, "shibokensupport/known.py", "exec", 0, True)
    assert ours == compile(annotated, "<test>", "exec")
    assert ours != ours_plain  # the caller's __future__ features were passed on, as the built-in does
    assert ours_plain == compile(annotated, "<test>", "exec", dont_inherit=True)
    assert expression == compile("1 + 2", "<test>", "eval", optimize=2)
    assert type(tree).__name__ == "Module"


@pytest.mark.parametrize("damage", [SyntaxError, ValueError, ModuleNotFoundError])
def test_a_damaged_or_missing_table_leaves_everything_compiling_as_usual(monkeypatch, damage):
    """A table that does not import (a half-written file, a bad marshal, none at all) changes
    nothing: the start goes on and compiles as Python does."""
    import importlib.abc
    import importlib.util
    import sys

    import fate_desk._precompiled as package

    names = ("fate_desk._precompiled.methods", "fate_desk._precompiled.regexes", "fate_desk._precompiled.support")
    for name in names:
        monkeypatch.delitem(sys.modules, name, raising=False)
        monkeypatch.delattr(package, name.rsplit(".", 1)[1], raising=False)

    class Broken(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, fullname, path, target=None):
            return importlib.util.spec_from_loader(fullname, self) if fullname in names else None

        def exec_module(self, module):
            raise damage("damaged")

    monkeypatch.setattr(sys, "meta_path", [Broken(), *sys.meta_path])
    scratch = _from_scratch()
    monkeypatch.setattr(_compiler, "compile", scratch)
    monkeypatch.setattr(dataclasses, "exec", exec, raising=False)
    assert precompiled.install() is False
    assert precompiled.compiling_support_modules() is None
    assert _compiler.compile is scratch and dataclasses.exec is exec
    assert re.compile(r"Fair \(\+2\)", re.I).fullmatch("fair (+2)") is not None
