"""Generate Python code from the Qt Designer forms in ui/ (fate_desk/gui/_forms/, git-ignored).

`pyside6-uic` turns each `ui/NAME.ui` into `fate_desk/gui/_forms/NAME.py`; the app builds its
windows from that code instead of parsing the XML at run time with QUiLoader (which also loads
the QtUiTools library before the first window). Each generated module records the SHA-1 of the
form it came from, and `fate_desk.gui.forms` uses it only while the form is unchanged, so an
edited form is never shown stale: it is loaded from the XML until the code is made again.

The imports pyside6-uic writes are cut to the Qt classes each form uses (`only_used_imports`).

Run by `make` (run, test, bundle) whenever a form or this tool changed; the wheel packs the code
it made (pyproject.toml's artifacts). Usage: python tools/build_forms.py [--check]
"""

from __future__ import annotations

import ast
import hashlib
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
OUT = ROOT / "fate_desk" / "gui" / "_forms"


def uic_command() -> list[str]:
    """pyside6-uic beside this Python (a venv's bin/), else on PATH."""
    here = Path(sys.executable).parent / "pyside6-uic"
    found = str(here) if here.exists() else shutil.which("pyside6-uic")
    if found is None:
        raise SystemExit("build_forms: pyside6-uic not found (it comes with PySide6)")
    return [found]


def root_of(form: Path) -> tuple[str, str]:
    """The form's top-level widget: its Qt class and its object name."""
    widget = ET.parse(form).getroot().find("widget")
    if widget is None:
        raise SystemExit(f"build_forms: {form.name} has no top-level widget")
    return widget.get("class"), widget.get("name")


def only_used_imports(code: str) -> str:
    """The generated code with its `from PySide6.X import (...)` lists cut to the names it uses.

    pyside6-uic imports the same long lists into every form (gradients, QFontDatabase, QImage,
    QPainter, ...). PySide6 makes a class, with Python enums for all of its enums, when it is first
    imported, so the names a form never uses cost the first window several milliseconds."""
    tree = ast.parse(code)
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    lines = code.splitlines(keepends=True)
    for node in reversed(tree.body):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("PySide6."):
            names = [alias.name for alias in node.names if alias.asname is None and alias.name in used]
            kept = f"from {node.module} import {', '.join(names)}\n" if names else ""
            lines[node.lineno - 1:node.end_lineno] = [kept]
    return "".join(lines)


def generate(form: Path, target: Path) -> None:
    code = subprocess.run([*uic_command(), str(form)], check=True, capture_output=True, text=True).stdout
    code = only_used_imports(code)
    cls, name = root_of(form)
    digest = hashlib.sha1(form.read_bytes()).hexdigest()
    target.write_text(
        code + "\n\n# Written by tools/build_forms.py; fate_desk.gui.forms reads these three names.\n"
        f"ROOT_CLASS = {cls!r}\nFORM_CLASS = {'Ui_' + name!r}\nSOURCE_SHA1 = {digest!r}\n",
        encoding="utf-8",
    )


def main(argv: list[str]) -> int:
    OUT.mkdir(exist_ok=True)
    init = OUT / "__init__.py"
    if not init.exists():
        init.write_text('"""Code generated from ui/*.ui by tools/build_forms.py (not in git)."""\n')
    made = 0
    for form in sorted(UI.glob("*.ui")):
        target = OUT / f"{form.stem}.py"
        if target.exists() and target.stat().st_mtime >= max(form.stat().st_mtime, Path(__file__).stat().st_mtime):
            continue
        generate(form, target)
        made += 1
    names = {f.stem for f in UI.glob("*.ui")}
    for old in OUT.glob("*.py"):  # a form that was removed leaves no code behind
        if old.stem not in names and old.name != "__init__.py":
            old.unlink()
    if "--check" not in argv:
        print(f"build_forms: {made} form(s) generated, {len(names)} in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
