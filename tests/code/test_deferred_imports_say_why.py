"""Issue 40, "Rooms that say what they hold": an import inside a function (deferred, for start-up
or to break a cycle) says why in a comment, so the next maintainer can tell one worth keeping
from one left over. The comment begins "Deferred" and stands above the import in its function
(one comment may speak for a function's imports together)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).parents[2] / "fate_desk"


def deferred_without_a_reason() -> list[str]:
    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_forms" in path.parts:
            continue  # generated from the .ui files
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(ast.parse("\n".join(lines), str(path))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    continue
                above = lines[function.lineno - 1:node.lineno]
                if not any(line.strip().startswith("#") and "Deferred" in line or "# Deferred" in line
                           for line in above):
                    found.add(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    return sorted(found)


def test_every_deferred_import_says_why():
    assert deferred_without_a_reason() == []


def test_the_check_finds_an_import_that_gives_no_reason(tmp_path, monkeypatch):
    package = tmp_path / "fate_desk"
    package.mkdir()
    (package / "one.py").write_text("def a():\n    # Deferred: a cycle.\n    import json\n\n\ndef b():\n    import csv\n",
                                    encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", package)
    assert deferred_without_a_reason() == ["fate_desk/one.py:7: import csv"]
