"""Windows are built from code generated from ui/*.ui, and never from code older than the form.

`make` runs tools/build_forms.py before the tests, so the generated code is there; each test
that needs it makes sure of that itself too, so a test run by hand finds it as well.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from fate_desk.gui import forms
from fate_desk.paths import ui_dir

ROOT = Path(__file__).resolve().parents[2]
FORMS = sorted(p.stem for p in (ROOT / "ui").glob("*.ui"))


@pytest.fixture(scope="module", autouse=True)
def _generated():
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_forms.py"), "--check"], check=True)


def _tree(widget: QWidget) -> list[tuple[str, str, str]]:
    """Every named object under the widget: its name, its class, and a visible text if it has one."""
    out = []
    for obj in widget.findChildren(QObject):
        if not obj.objectName():
            continue
        text = ""
        for getter in ("text", "title", "windowTitle", "placeholderText"):
            if hasattr(obj, getter):
                try:
                    value = getattr(obj, getter)()
                except TypeError:
                    continue
                if isinstance(value, str):
                    text = value
                    break
        out.append((obj.objectName(), type(obj).__name__, text))
    return sorted(out)


@pytest.mark.parametrize("name", FORMS)
def test_every_form_builds_the_same_window_from_its_code_as_from_its_xml(qtbot, name):
    path = ui_dir() / f"{name}.ui"
    assert forms.generated_code(name, path) is not None, f"no current generated code for {name}.ui"
    from_code = forms.load_form(name)
    from_xml = forms._load_xml(path, None)
    qtbot.addWidget(from_code)
    qtbot.addWidget(from_xml)
    assert type(from_code) is type(from_xml)
    assert from_code.objectName() == from_xml.objectName()
    assert from_code.windowTitle() == from_xml.windowTitle()
    assert _tree(from_code) == _tree(from_xml)


@pytest.mark.parametrize("name", FORMS)
def test_a_forms_code_imports_only_the_qt_classes_it_uses(name):
    """Each Qt class imported is made (with Python enums for all its enums) on import: the
    generated code names only those it uses (tools/build_forms.py cuts pyside6-uic's lists)."""
    import ast

    tree = ast.parse((ROOT / "fate_desk" / "gui" / "_forms" / f"{name}.py").read_text(encoding="utf-8"))
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    imported = {alias.name for node in tree.body if isinstance(node, ast.ImportFrom)
                and (node.module or "").startswith("PySide6.") for alias in node.names}
    assert imported, name
    assert imported <= used, sorted(imported - used)


def test_a_form_edited_after_its_code_was_made_is_shown_as_edited(qtbot, tmp_path, monkeypatch):
    edited = tmp_path / "ui"
    shutil.copytree(ui_dir(), edited)
    form = edited / "about.ui"
    form.write_text(form.read_text(encoding="utf-8").replace('name="About"', 'name="AboutEdited"'),
                    encoding="utf-8")
    monkeypatch.setattr(forms, "ui_dir", lambda: edited)
    assert forms.generated_code("about", form) is None
    widget = forms.load_form("about")
    qtbot.addWidget(widget)
    assert widget.objectName() == "AboutEdited"


def test_the_first_window_is_built_without_the_form_loader_library(tmp_path):
    code = '''
import sys
from PySide6.QtWidgets import QApplication
from fate_desk.gui.app import start
app = QApplication([])
window = start(app, None)
print("sheet:", type(window.tabs.current_editor()).__name__)
print("form loader loaded:", "PySide6.QtUiTools" in sys.modules)
window.close()
'''
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "sheet: CharacterSheet" in done.stdout
    assert "form loader loaded: False" in done.stdout


def test_a_bundle_never_falls_back_to_the_form_loader(tmp_path, monkeypatch):
    # A bundle leaves the loader's library out: a form without current code is a packaging
    # mistake there, reported as such, not an import error.
    edited = tmp_path / "ui"
    shutil.copytree(ui_dir(), edited)
    form = edited / "about.ui"
    form.write_text(form.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    monkeypatch.setattr(forms, "ui_dir", lambda: edited)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    with pytest.raises(forms.FormError, match="no current generated code"):
        forms.load_form("about")
