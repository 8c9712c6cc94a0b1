"""Counts meet their nouns in the right number in harm's messages."""

from fate_desk.rules.harm.absorb import absorb_options, resolve_hit, shifts_text
from fate_desk.rules.creation.loader import get_ruleset


def test_one_shift_is_singular_and_two_are_plural():
    assert shifts_text(1) == "one shift"
    assert shifts_text(2) == "2 shifts"
    assert resolve_hit(1).note == "A hit of one shift."
    assert resolve_hit(2).note == "A hit of 2 shifts."


def test_a_one_shift_plan_says_one_shift():
    from fate_desk.model import Character

    ruleset = get_ruleset("fate-condensed")
    character = Character(name="Ruth", skills={"Physique": 1})
    plan = absorb_options(character, ruleset, 1, "physical")
    assert "absorb one shift" in plan.message
    assert "1 shifts" not in plan.message
