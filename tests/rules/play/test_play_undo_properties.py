"""Any sequence of play actions (rolls with invokes, hits, concessions, compels, fate points),
each one undo step, undone, gives back the original campaign on disk, save the roll log: it
keeps every roll thrown, an undone one marked set aside."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.gui.document import CampaignDocument
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.rules import get_ruleset
from fate_desk.rules.play.fate_points import GM, Reason, change_points, compel
from fate_desk.rules.play.hits import concede_conflict, hit_plan, take_hit
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.actions import RollResult, apply_roll, invokables
from fate_desk.rules.play.roll import Action, Dice, Invoke, Roll, RollSetup
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile, load_campaign

from table_helpers import apart_from_throws, assert_throws_kept

RULES = get_ruleset("fate-condensed")
WHO = st.sampled_from(["pc-maren", "pc-ines", "npc-hale", "npc-bruiser"])


def _roll(who, seed, picks, action):
    def op(campaign):
        setup = RollSetup(Action(action), "Fight", campaign.character(who).rating("Fight"), 2, who=who)
        dice = Dice(seed)
        roll = Roll.throw(setup, dice)
        choices = invokables(campaign, who)
        for pick, reroll in picks:
            if choices:
                item = choices[pick % len(choices)]
                invoke = Invoke(item.key, item.label, reroll, item.free > 0, item.kind, item.owner)
                if not roll.refusal(invoke):
                    roll = roll.invoke(invoke, dice)
        return apply_roll(campaign, who, roll, RollResult(advantage="Opening", boost="Edge"))
    return op


def _hit(who, shifts, pick):
    def op(campaign):
        _, plan = hit_plan(campaign, RULES, who, shifts, "physical")
        if not plan.options:
            raise Refused([])
        option = plan.options[pick % len(plan.options)]
        texts = {sid: f"Hurt {sid}" for sid, _ in option.consequences}
        return take_hit(campaign, RULES, who, option, texts, attacker="npc-bruiser")
    return op


ACTIONS = st.one_of(
    st.tuples(WHO, st.integers(0, 999), st.lists(st.tuples(st.integers(0, 30), st.booleans()), max_size=3),
              st.sampled_from([a.value for a in Action])).map(lambda t: _roll(*t)),
    st.tuples(WHO, st.integers(1, 8), st.integers(0, 5)).map(lambda t: _hit(*t)),
    WHO.map(lambda who: (lambda c: concede_conflict(c, who))),
    st.tuples(WHO, st.booleans()).map(lambda t: (lambda c: compel(c, t[0], "an aspect", t[1]))),
    st.tuples(st.sampled_from(["pc-maren", GM]), st.integers(-2, 2)).map(
        lambda t: (lambda c: change_points(c, t[0], t[1], Reason.OTHER))),
)


@given(st.lists(ACTIONS, min_size=1, max_size=6))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_play_sequence_undone_gives_back_the_original(actions):
    with tempfile.TemporaryDirectory() as folder:
        document = CampaignDocument(CampaignFile.create(Path(folder) / "t.fatedesk", read_bundle(sample_bundle_path())))
        original = load_campaign(document.path)
        steps = 0
        for action in actions:
            try:
                action(document.campaign)
            except Refused:
                continue
            if document.edit_campaign(action, "Play"):
                steps += 1
        assert document.undo_stack.count() == steps
        played = document.campaign
        while document.undo_stack.canUndo():
            document.undo_stack.undo()
        assert apart_from_throws(load_campaign(document.path)) == apart_from_throws(original)
        assert_throws_kept(played, load_campaign(document.path))
        document.close()
