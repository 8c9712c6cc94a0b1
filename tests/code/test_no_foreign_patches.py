"""No code of ours changes a module it does not own: the standard library, PySide6, pydantic,
reportlab or any other library keeps every attribute it was imported with (DEVELOPERS.md,
"Standards"; issue 40). Read from the source, so a patch on any path, run or not, is found."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "fate_desk"


def _foreign_names(tree: ast.AST) -> set[str]:
    """Names bound by an import of something that is not ours (a module, a class, a function)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if not alias.name.startswith("fate_desk"):
                    names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and not (node.module or "").startswith("fate_desk"):
                names.update(alias.asname or alias.name for alias in node.names)
    return names


def _root(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def patches(source: str) -> list[tuple[int, str]]:
    """Each line that assigns to, deletes or setattr()s an attribute of something imported
    from outside the package, or writes to `sys.modules`."""
    tree = ast.parse(source)
    foreign = _foreign_names(tree)
    found: list[tuple[int, str]] = []

    def target(node: ast.AST, lineno: int) -> None:
        if isinstance(node, (ast.Tuple, ast.List)):
            for element in node.elts:
                target(element, lineno)
        elif isinstance(node, ast.Attribute) and _root(node) in foreign:
            found.append((lineno, ast.unparse(node)))
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) in ("sys.modules", "builtins.__dict__"):
            found.append((lineno, ast.unparse(node)))

    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for each in node.targets:
                target(each, node.lineno)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            target(node.target, node.lineno)
        elif isinstance(node, ast.Delete):
            for each in node.targets:
                target(each, node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("setattr", "delattr"):
            if node.args and _root(node.args[0]) in foreign:
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_module_of_ours_assigns_to_a_module_it_does_not_own():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_forms" in path.parts:  # generated from the Designer forms
            continue
        for lineno, what in patches(path.read_text(encoding="utf-8")):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{lineno}: {what}")
    assert not found, "code of ours replaces what a library owns:\n" + "\n".join(found)


def test_the_check_finds_the_patches_this_project_once_carried():
    """The shapes the removed start-up patches and the font swap had are all caught."""
    once = '''
import builtins, sys, types
import re._compiler as _compiler
import reportlab.pdfbase.ttfonts as ttfonts
from PySide6.QtWidgets import QApplication
def f(loader, mine):
    builtins.compile = mine
    _compiler.compile = mine
    ttfonts.TTFontFace = mine
    sys.modules["pydantic.plugin._loader"] = loader
    setattr(QApplication, "notify", mine)
    sys.modules["shibokensupport.feature"]._mod_uses_pyside = mine
'''
    assert sorted(line for line, _what in patches(once)) == [7, 8, 9, 10, 11, 12]


def test_the_check_leaves_our_own_objects_alone():
    ours = '''
from reportlab.pdfbase.ttfonts import TTFont
from fate_desk import i18n
def f(font: TTFont, name):
    font.fontName = name
    i18n.current = name
    self = object()
'''
    assert patches(ours) == []
