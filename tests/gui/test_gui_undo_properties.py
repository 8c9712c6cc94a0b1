"""Any sequence of sheet edits, undone, gives back the original character, in memory and on disk."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.gui.document import CampaignDocument
from fate_desk.model import Stunt
from fate_desk.rules import get_ruleset
from fate_desk.rules.creation.edits import (
    add_stunt, edited, remove_stunt, set_aspect, set_fate_points, set_skill, update_stunt,
)
from fate_desk.rules.harm.marking import set_consequence, set_stress_box
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile, load_campaign
from fate_desk.gui.opening import sample_bundle_path

RULESET = get_ruleset("fate-condensed")
SKILLS = st.sampled_from(list(RULESET.skills) + ["Sailing"])
TEXT = st.text(alphabet="abc XYZ-'", max_size=12)


def _stunt_edit(c, i, name):
    return update_stunt(c, i % len(c.stunts), name=name) if c.stunts else c


def _stunt_remove(c, i):
    return remove_stunt(c, i % len(c.stunts)) if c.stunts else c


EDITS = st.one_of(
    st.tuples(st.just("skill"), SKILLS, st.integers(-2, 6)).map(lambda t: (lambda c: set_skill(c, t[1], t[2]), None)),
    st.tuples(st.just("aspect"), st.integers(0, 4), TEXT).map(
        lambda t: (lambda c: set_aspect(c, RULESET, t[1], text=t[2]), ("aspect", t[1]))),
    st.tuples(st.just("stunt"), TEXT).map(lambda t: (lambda c: add_stunt(c, Stunt(name=t[1])), None)),
    st.tuples(st.just("stunt name"), st.integers(0, 9), TEXT).map(
        lambda t: (lambda c: _stunt_edit(c, t[1], t[2]), ("stunt", t[1]))),
    st.tuples(st.just("unstunt"), st.integers(0, 9)).map(lambda t: (lambda c: _stunt_remove(c, t[1]), None)),
    st.tuples(st.just("box"), st.sampled_from(["physical", "mental"]), st.integers(0, 5), st.booleans()).map(
        lambda t: (lambda c: set_stress_box(c, t[1], t[2], t[3]), None)),
    st.tuples(st.just("fp"), st.integers(-3, 3)).map(
        lambda t: (lambda c: set_fate_points(c, c.fate_points + t[1]), None)),
    st.tuples(st.just("cons"), st.sampled_from(["mild", "moderate", "severe"]), TEXT, st.booleans()).map(
        lambda t: (lambda c: set_consequence(c, t[1], text=t[2], recovering=t[3]), None)),
    st.tuples(st.just("notes"), TEXT).map(lambda t: (lambda c: edited(c, notes=t[1]), ("notes",))),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(EDITS, min_size=1, max_size=12))
def test_any_edits_undone_give_back_the_original(qapp, edits):
    with tempfile.TemporaryDirectory() as folder:
        handle = CampaignFile.create(Path(folder) / "c.fatedesk", read_bundle(sample_bundle_path()))
        document = CampaignDocument(handle)
        original = document.entity("pc-maren")
        for operation, key in edits:
            document.edit("pc-maren", operation, "edit", key)
        stack = document.undo_stack
        while stack.canUndo():
            stack.undo()
        assert document.entity("pc-maren") == original
        assert load_campaign(handle.path).character("pc-maren") == original
        while stack.canRedo():
            stack.redo()
        final = document.entity("pc-maren")
        assert load_campaign(handle.path).character("pc-maren") == final
        document.close()
