"""Reading widgets as a screen reader does, in-process: through QAccessible.queryAccessibleInterface."""

from __future__ import annotations

from PySide6.QtGui import QAccessible

Name = QAccessible.Text.Name


def tree(widget):
    """(interface, path) for every node under `widget`'s accessible interface, depth first."""
    out, stack = [], [(QAccessible.queryAccessibleInterface(widget), "0")]
    while stack:
        iface, path = stack.pop()
        if iface is None or not iface.isValid():
            continue
        out.append((iface, path))
        for i in reversed(range(iface.childCount())):
            stack.append((iface.child(i), f"{path}.{i}"))
    return out


def name(iface) -> str:
    return iface.text(Name)


def heard(widget) -> dict[str, object]:
    """Name -> interface for every showing node under `widget` (later duplicates win)."""
    return {name(i): i for i, _ in tree(widget) if not i.state().invisible}


def named(widget, text: str):
    """The accessible interface under `widget` whose name is `text`."""
    found = [i for i, _ in tree(widget) if name(i) == text]
    assert found, f"nothing under {widget!r} is called {text!r}"
    return found[0]
