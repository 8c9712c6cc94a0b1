"""Build windows from the Qt Designer forms in ui/: layout in the form, behaviour in Python.

Each form is built from the code `tools/build_forms.py` generated from it at build time
(`fate_desk/gui/_forms/`), which spares the start-up QUiLoader's library and its XML parsing.
A form without generated code, or whose file changed since the code was made, is read from its
XML with QUiLoader, so what shows is always the form as it is now.
"""

from __future__ import annotations

import hashlib
import importlib
import sys

from PySide6 import QtWidgets
from PySide6.QtWidgets import QWidget

from fate_desk.paths import ui_dir

_loader = None  # QUiLoader, made only when a form has no current generated code


class FormError(RuntimeError):
    """A form is missing or broken: a packaging mistake, never the user's doing."""


def load_form(name: str, parent: QWidget | None = None) -> QWidget:
    """Build the widget described by ui/<name>.ui; children are found by objectName."""
    path = ui_dir() / f"{name}.ui"
    code = generated_code(name, path)
    if code is not None:
        widget = getattr(QtWidgets, code.ROOT_CLASS)(parent)
        getattr(code, code.FORM_CLASS)().setupUi(widget)
        return widget
    return _load_xml(path, parent)


def generated_code(name: str, path):
    """The module generated from the form, if there is one and the form has not changed since."""
    try:
        code = importlib.import_module(f"fate_desk.gui._forms.{name}")
        source = path.read_bytes()
    except (ImportError, OSError):
        return None
    if getattr(code, "SOURCE_SHA1", None) != hashlib.sha1(source).hexdigest():
        return None
    return code


def _load_xml(path, parent: QWidget | None) -> QWidget:
    global _loader
    if getattr(sys, "frozen", False):
        # A bundle is built with the code of every form and leaves the loader's library out.
        raise FormError(f"form {path} has no current generated code in this bundle")  # i18n: not shown
    if _loader is None:
        # Deferred: PySide6.QtUiTools (~2 ms, 1 module) is not loaded at start-up, only on first use.
        from PySide6.QtUiTools import QUiLoader

        _loader = QUiLoader()
    # Deferred: only a form without current generated code is read from its file; imported at the
    # top, these Qt classes and their enums were built before a first start's sheet took a key
    # (bench_startup.py).
    from PySide6.QtCore import QFile, QIODevice

    handle = QFile(str(path))
    if not handle.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FormError(f"cannot read form {path}")  # i18n: not shown
    try:
        widget = _loader.load(handle, parent)
    finally:
        handle.close()
    if widget is None:
        raise FormError(f"form {path} is broken: {_loader.errorString()}")  # i18n: not shown
    return widget


def child(form: QWidget, kind: type, name: str):
    """The child `name` of `form`, which must be a `kind` (a typo fails loudly, at once)."""
    found = form.findChild(kind, name)
    if found is None:
        raise FormError(f"form {form.objectName()!r} has no {kind.__name__} named {name!r}")  # i18n: not shown
    return found
