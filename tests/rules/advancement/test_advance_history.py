"""History: every change recorded exactly, listed, and the latest one reverted."""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, charles, ruth

from fate_desk.model import ClockStamp, FieldChange
from fate_desk.rules.advancement.milestones import (
    BreakthroughChoice,
    BuyStunt,
    ReplaceSkill,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
)
from fate_desk.rules.harm.absorb import absorb, absorb_options
from fate_desk.rules.creation.history import (
    Refused,
    apply_changes,
    diff_values,
    history_lines,
    join_path,
    revert_last,
    split_path,
)
from fate_desk.store.interchange import read_character_file, write_character_file


def test_a_swap_records_both_ratings_before_and_after():
    _, entry = apply_milestone(ruth(), SwapSkills("Fight", "Lore"), CONDENSED)
    assert entry.changes == [
        FieldChange(field="skills.Fight", before=4, after=1),
        FieldChange(field="skills.Lore", before=1, after=4),
    ]


def test_a_replacement_records_the_skill_leaving_and_the_one_arriving():
    _, entry = apply_milestone(ruth(), ReplaceSkill("Lore", "Empathy"), CONDENSED)
    assert entry.changes == [
        FieldChange(field="skills.Lore", before=1, after=None),
        FieldChange(field="skills.Empathy", before=None, after=1),
    ]


def test_a_bought_stunt_is_recorded_as_one_new_list_item():
    _, entry = apply_milestone(ruth(), BuyStunt("Bookbinder", "Because ..."), CONDENSED)
    assert entry.changes == [
        FieldChange(field="stunts[3]", before=None, after={"name": "Bookbinder", "text": "Because ..."})
    ]


@pytest.mark.parametrize(
    "step",
    [
        lambda c: apply_milestone(c, SwapSkills("Fight", "Lore"), CONDENSED),
        lambda c: apply_milestone(c, ReplaceSkill("Stealth", "Empathy"), CONDENSED),
        lambda c: apply_milestone(c, BuyStunt("New", "Because"), CONDENSED),
        lambda c: apply_breakthrough(
            c, BreakthroughChoice(raises=("Empathy",), gm_refresh=True, high_concept="X"), CONDENSED
        ),
        lambda c: absorb(
            c, CONDENSED, absorb_options(c, CONDENSED, 5, "physical").options[0], {"mild": "Cracked Rib"}
        ),
    ],
)
def test_revert_restores_the_exact_previous_state(step):
    before = ruth()
    after, entry = step(before)
    assert after.advancement[-1] == entry
    restored, reverted = revert_last(after)
    assert reverted == entry
    assert restored.model_dump() == before.model_dump()


def test_revert_of_a_removed_item_puts_it_back_in_place():
    start = charles()
    wounded = start.model_copy(update={"stunts": start.stunts[:1] + start.stunts[2:]})
    changes: list[FieldChange] = []
    diff_values(
        start.model_dump(mode="json")["stunts"], wounded.model_dump(mode="json")["stunts"], "stunts", changes
    )
    assert [c.field for c in changes] == ["stunts[1]"] and changes[0].after is None
    data = {"stunts": wounded.model_dump(mode="json")["stunts"]}
    assert apply_changes(data, changes, backwards=True)["stunts"] == start.model_dump(mode="json")["stunts"]


def test_nothing_to_revert_is_refused():
    with pytest.raises(Refused) as info:
        revert_last(ruth())
    assert info.value.problems[0].message == "There is nothing in the history to revert."


def test_revert_refuses_to_throw_away_a_later_edit_unless_forced():
    after, _ = apply_milestone(ruth(), SwapSkills("Fight", "Lore"), CONDENSED)
    edited = after.model_copy(update={"skills": {**after.skills, "Lore": 3}})
    with pytest.raises(Refused) as info:
        revert_last(edited)
    assert info.value.problems[0].path == "skills.Lore"
    assert "Lore was edited after" in info.value.problems[0].message
    forced, _ = revert_last(edited, force=True)
    assert forced.skills["Lore"] == 1 and forced.skills["Fight"] == 4


def test_paths_with_awkward_skill_names_round_trip():
    for key in ["Lore", "St. Elmo's Fire", "Fair (+2) at [Bar] Fights", 'Say "Hi"', " padded "]:
        path = join_path("skills", key)
        assert split_path(path) == ["skills", key]
    assert split_path("consequences[2].recovery_started.scene") == [
        "consequences",
        2,
        "recovery_started",
        "scene",
    ]
    odd = ruth()
    odd.skills = {**odd.skills, "Lore": 0, "St. Elmo's Fire": 1}
    after, entry = apply_milestone(odd, SwapSkills("St. Elmo's Fire", "Fight"), CONDENSED)
    assert 'skills["St. Elmo\'s Fire"]' in [c.field for c in entry.changes]
    assert revert_last(after).character.model_dump() == odd.model_dump()


def test_history_lists_when_and_what():
    when = ClockStamp(arc=1, session=3, scene=2)
    after, _ = apply_milestone(ruth(), SwapSkills("Fight", "Lore"), CONDENSED, when=when)
    assert history_lines(after) == [
        "Arc 1, session 3, scene 2: milestone — Swapped Fight (Great (+4)) and Lore (Average (+1))."
    ]


def test_history_survives_the_interchange_file(tmp_path):
    after, _ = apply_breakthrough(ruth(), BreakthroughChoice(raises=("Empathy",)), CONDENSED)
    after, _ = apply_milestone(after, ReplaceSkill("Empathy", "Drive"), CONDENSED)
    path = tmp_path / "ruth.fate.json"
    write_character_file(path, after)
    loaded = read_character_file(path)
    assert loaded.model_dump() == after.model_dump()
    once, _ = revert_last(loaded)
    twice, _ = revert_last(once)
    assert "Empathy" not in twice.skills and "Drive" not in twice.skills and twice.advancement == []


def test_a_recorded_step_is_exactly_what_checking_the_whole_character_again_gives():
    """`record` puts the new entry in place without checking the character a second time; the
    result must still be the character a full check of it would give, entries and all, and
    share nothing with the character before that a later change could reach through."""
    from fate_desk.model import Character
    from fate_desk.rules.creation.history import record

    before = charles()
    for step in range(3):
        after = before.model_copy(update={"fate_points": step, "notes": f"after step {step}"})
        applied = record(before, after, "clock", f"Step {step}")
        checked = Character.model_validate(applied.character.model_dump())
        assert checked == applied.character
        assert applied.character.advancement[-1] is applied.entry
        assert applied.character.advancement[:-1] == before.advancement
        assert applied.character.advancement is not before.advancement
        before = applied.character
    assert [e.summary for e in before.advancement][-3:] == ["Step 0", "Step 1", "Step 2"]
