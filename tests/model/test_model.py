"""The domain model validates every assignment and names the field that is wrong."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fate_desk.model import Block, Campaign, Character, Countdown, Hazard, ladder_label
from fate_desk.model.errors import describe


@pytest.mark.parametrize(
    "value, label",
    [(8, "Legendary (+8)"), (4, "Great (+4)"), (1, "Average (+1)"), (0, "Mediocre (+0)"),
     (-1, "Poor (-1)"), (-2, "Terrible (-2)"), (9, "+9"), (-3, "-3")],
)
def test_ratings_are_written_on_the_ladder(value, label):
    assert ladder_label(value) == label


def test_assignment_is_validated_and_the_message_names_the_field():
    pc = Character(name="Ruth")
    with pytest.raises(ValidationError) as info:
        pc.fate_points = -2
    assert describe(info.value).startswith("fate_points:")
    assert pc.fate_points == 3  # the bad value never landed


def test_skill_ratings_off_every_ladder_are_refused():
    with pytest.raises(ValidationError, match="off any ladder"):
        Character(skills={"Fight": 40})


def test_marked_stress_boxes_are_kept_sorted_and_unique():
    assert Character(stress={"physical": [2, 0, 2], "mental": []}).stress == {"physical": [0, 2]}


def test_hazard_weapon_is_one_to_four_and_blocks_may_have_none():
    with pytest.raises(ValidationError, match="weapon"):
        Hazard(name="Fire", weapon=0)
    assert Block(name="Portcullis").weapon == 0
    with pytest.raises(ValidationError):
        Block(name="Spikes", weapon=5)


def test_a_countdown_cannot_mark_more_boxes_than_it_has():
    with pytest.raises(ValidationError, match="more than the 3 boxes"):
        Countdown(name="Ritual", boxes=3, marked=4)


def test_campaign_obstacles_are_told_apart_by_kind():
    campaign = Campaign.model_validate(
        {"obstacles": [{"kind": "hazard", "name": "Fire", "rating": 4, "weapon": 2}, {"kind": "distraction", "name": "Child"}]}
    )
    assert [type(o).__name__ for o in campaign.obstacles] == ["Hazard", "Distraction"]
