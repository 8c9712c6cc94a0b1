"""Fixtures for the GM prep editor tests: the sample campaign on a throwaway file."""

from __future__ import annotations

import pytest

from fate_desk.gui.document import CampaignDocument
from fate_desk.gui.editors import editor_factory
from fate_desk.gui.kinds import all_entities, kind_of
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile, load_campaign

import fate_desk.gui.gm  # noqa: F401  (registers the editors)


@pytest.fixture
def sample(tmp_path):
    handle = CampaignFile.create(tmp_path / "sample.fatedesk", read_bundle(sample_bundle_path()))
    document = CampaignDocument(handle)
    yield document
    document.close()


def open_editor(qtbot, document, entity_id: str):
    """The editor a tab would open for this entry, shown like one."""
    editor = editor_factory(kind_of(document.entity(entity_id)))(document, entity_id, None)
    qtbot.addWidget(editor)
    editor.resize(1100, 900)
    editor.show()
    return editor


def on_disk(document, entity_id: str):
    """The entry as the file on disk holds it (what the GM finds after a restart)."""
    return next(e for e in all_entities(load_campaign(document.path)) if e.id == entity_id)


def undo_all(document) -> None:
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
