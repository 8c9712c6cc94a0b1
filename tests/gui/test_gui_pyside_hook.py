"""PySide6's look at each newly imported module is answered from the module's name
(gui/pyside_hook.py), not by reading its source: measured in a fresh process, as the app
starts."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import fate_desk

ROOT = Path(__file__).resolve().parents[2]

AFTER_START = """
import inspect, sys
import fate_desk.gui  # what every part of the app imports first
read = []
real = inspect.getsource
inspect.getsource = lambda obj: read.append(getattr(obj, "__name__", obj)) or real(obj)
import colorsys  # a module without Qt
import fate_desk.gui.kinds  # one of ours with it
feature = sys.modules["shibokensupport.feature"]
print(read, feature.pyside_feature_dict.get("colorsys"),
      feature._mod_uses_pyside(sys.modules["colorsys"]), feature._mod_uses_pyside(sys.modules["fate_desk.gui.kinds"]))
"""


def test_modules_imported_after_qt_are_not_read_for_the_word_pyside6():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", AFTER_START], capture_output=True, text=True, env=env,
                         check=True, timeout=120).stdout.split()
    # Nothing read; the answers are those Qt's own reading gives: ignore the one, not the other.
    assert out == ["[]", "-1", "False", "True"]


def test_no_module_switches_a_pyside_feature():
    # The hook's answers hold only while no module selects snake_case or true_property.
    package = Path(fate_desk.__file__).parent
    selects = re.compile(r"^\s*(from\s+__feature__\s+import|import\s+__feature__)", re.MULTILINE)
    switching = [str(p.relative_to(package)) for p in package.rglob("*.py") if selects.search(p.read_text())]
    assert switching == []
