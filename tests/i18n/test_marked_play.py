"""Play in the pseudo-locale: actions, outcomes and what they mean, the roll log line, the fate
point ledger and the GM's pool speak the language; the ledger keeps its English reasons
(issue 29)."""

from __future__ import annotations

from pseudo_text import assert_translated, pseudo  # noqa: F401 (fixture)

from fate_desk.model import Campaign, Character
from fate_desk.rules.play.fate_points import GM, Reason, change_points
from fate_desk.rules.play.roll import Action, Invoke, Outcome, Roll, RollSetup, meaning
from fate_desk.rules.play.table import start_scene_pool


class Fixed:
    def __init__(self, *throws):
        self.throws = list(throws)

    def throw(self):
        return self.throws.pop(0)


def test_the_roll_log_line_is_translated_and_names_the_skill_through_the_rule_set(pseudo):
    roll = Roll.throw(RollSetup(Action.ATTACK, "Fight", 2, 3, who="Ruth"), Fixed((1, 0, 0, -1)))
    roll = roll.invoke(Invoke("a", "Brawler"))
    text = roll.summary()
    assert pseudo("Fight") in text and pseudo("Great") in text
    assert_translated(text, {"Ruth", "Brawler"})


def test_actions_outcomes_and_meanings_are_translated(pseudo):
    for action in Action:
        assert_translated(action.label)
        for outcome in Outcome:
            assert_translated(outcome.label)
            assert_translated(meaning(action, outcome, 2))


def test_the_ledger_speaks_the_language_and_keeps_the_reason_key(pseudo):
    camp = Campaign(characters=[Character(id="ruth", name="Ruth", fate_points=3)], gm_fate_points=2)
    camp = change_points(camp, "ruth", -1, Reason.INVOKE, "“Brawler”")
    entry = camp.sessions[-1].fate_points[-1]
    assert entry.reason == "invoke"
    assert_translated(camp.sessions[-1].events[-1], {"Ruth", "Brawler"})
    assert_translated(camp.characters[0].advancement[-1].summary, {"Brawler"})
    camp = change_points(camp, GM, -1, Reason.OTHER)
    assert_translated(camp.sessions[-1].events[-1])
    camp, line = start_scene_pool(camp)
    assert_translated(line)
