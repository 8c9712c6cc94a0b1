"""The regular expressions compiled at build time (fate_desk/regex_table.py): every entry is what
`re` itself compiles, a pattern the table lacks is compiled as before, and a table written by
another Python is never used."""

from __future__ import annotations

import re
from re import _compiler

import pytest

from fate_desk import regex_table

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


def test_every_entry_of_the_generated_table_is_what_re_compiles():
    try:
        from fate_desk import _regex_table
    except ImportError:
        pytest.fail("fate_desk/_regex_table.py is missing: `make test` writes it (tools/build_regex_table.py)")
    assert _regex_table.ENGINE == regex_table.engine(), "the table was written by another Python: run make"
    assert len(_regex_table.PATTERNS) > 40  # PySide6's, pydantic's, the standard library's and ours
    scratch = _from_scratch()
    for (pattern, flags), data in _regex_table.PATTERNS.items():
        assert _same(regex_table.compiled(pattern, data), scratch(pattern, flags)), pattern


def test_the_command_line_installs_the_generated_table_first():
    # fate_desk.cli installs it before its other imports, so the app's whole start uses it.
    import fate_desk.cli  # noqa: F401
    from fate_desk import _regex_table

    assert hasattr(_compiler.compile, "compiles_from_scratch")
    source = open(fate_desk.cli.__file__, encoding="utf-8").read()
    assert source.index("regex_table.install()") < source.index("\nimport ")
    (pattern, flags), _data = next(iter(_regex_table.PATTERNS.items()))
    assert _same(_compiler.compile(pattern, flags), _from_scratch()(pattern, flags))


def test_patterns_in_a_table_match_as_re_would_and_others_compile_as_before(monkeypatch):
    # Each pattern from the table is taken as it is, never compiled.
    scratch = _from_scratch()
    monkeypatch.setattr(_compiler, "compile", scratch)
    table = {(p, int(f)): regex_table.entry(p, int(f)) for p, f in SAMPLES}
    compiled_anew = []

    def counting(p, f=0):
        compiled_anew.append(p)
        return scratch(p, f)

    monkeypatch.setattr(_compiler, "compile", counting)
    assert regex_table.install(table, regex_table.engine())
    re.purge()
    for pattern, flags in SAMPLES:
        ours, theirs = re.compile(pattern, flags), scratch(pattern, int(flags))
        assert _same(ours, theirs)
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


def test_a_table_from_another_python_is_not_used(monkeypatch):
    scratch = _from_scratch()
    monkeypatch.setattr(_compiler, "compile", scratch)
    table = {(p, int(f)): regex_table.entry(p, int(f)) for p, f in SAMPLES}
    other = ("3.99.0 (elsewhere)", *regex_table.engine()[1:])
    assert not regex_table.install(table, other)
    assert _compiler.compile is scratch
    assert not regex_table.install({}, regex_table.engine())
    assert _compiler.compile is scratch


def test_a_wrong_entry_would_be_seen(monkeypatch):
    """The comparison the build and the first test rely on tells programs apart."""
    pattern = SAMPLES[1][0]
    right = regex_table.entry(pattern, 0)
    wrong = regex_table.entry(r"fate\s+points", 0)
    scratch = _from_scratch()
    assert _same(regex_table.compiled(pattern, right), scratch(pattern, 0))
    assert not _same(regex_table.compiled(pattern, wrong), scratch(pattern, 0))
