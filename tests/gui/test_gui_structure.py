"""The GUI package's modules import one way: a command never needs its document, nor the file
commands their window (circles make modules impossible to load, test or reuse alone)."""

from __future__ import annotations

import grimp
import pytest


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("fate_desk")


@pytest.mark.parametrize("low, high", [("fate_desk.gui.commands", "fate_desk.gui.document"),
                                       ("fate_desk.gui.file_actions", "fate_desk.gui.mainwindow")])
def test_lower_module_never_imports_the_one_that_uses_it(graph, low, high):
    assert graph.find_shortest_chain(importer=low, imported=high) is None
    assert graph.find_shortest_chain(importer=high, imported=low) is not None
