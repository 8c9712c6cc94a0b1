"""Load Qt Designer forms from ui/ at run time: layout in the form, behaviour in Python."""

from __future__ import annotations

from PySide6.QtCore import QFile, QIODevice
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QWidget

from fate_desk.paths import ui_dir

_loader: QUiLoader | None = None


class FormError(RuntimeError):
    """A form is missing or broken: a packaging mistake, never the user's doing."""


def load_form(name: str, parent: QWidget | None = None) -> QWidget:
    """Build the widget described by ui/<name>.ui; children are found by objectName."""
    global _loader
    if _loader is None:
        _loader = QUiLoader()
    path = ui_dir() / f"{name}.ui"
    handle = QFile(str(path))
    if not handle.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FormError(f"cannot read form {path}")
    try:
        widget = _loader.load(handle, parent)
    finally:
        handle.close()
    if widget is None:
        raise FormError(f"form {path} is broken: {_loader.errorString()}")
    return widget


def child(form: QWidget, kind: type, name: str):
    """The child `name` of `form`, which must be a `kind` (a typo fails loudly, at once)."""
    found = form.findChild(kind, name)
    if found is None:
        raise FormError(f"form {form.objectName()!r} has no {kind.__name__} named {name!r}")
    return found
