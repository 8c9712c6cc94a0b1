"""A campaign-wide step checks what it changed, and keeps the entries it did not change as they are."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fate_desk.model import Campaign, Character, Countdown, revalidated
from fate_desk.model.obstacles import Block, Hazard


def campaign() -> Campaign:
    return Campaign(characters=[Character(name="Ada"), Character(name="Bo")], countdowns=[Countdown(name="Fuse")])


def test_entries_a_step_did_not_change_are_kept_as_the_same_objects():
    old = campaign()
    changed = old.characters[1].model_copy(update={"fate_points": 1})
    new = revalidated(old.model_copy(update={"characters": [old.characters[0], changed]}), old)
    assert new.characters[0] is old.characters[0]
    assert new.countdowns[0] is old.countdowns[0]
    assert new.characters[1].fate_points == 1


def test_a_changed_entry_that_breaks_the_model_is_refused():
    old = campaign()
    broken = old.characters[1].model_copy(update={"fate_points": -5})  # model_copy does not validate
    with pytest.raises(ValidationError):
        revalidated(old.model_copy(update={"characters": [old.characters[0], broken]}), old)


def test_campaign_fields_changed_by_a_step_are_checked_too():
    old = campaign()
    with pytest.raises(ValidationError):
        revalidated(old.model_copy(update={"gm_fate_points": 5000}), old)


def test_a_changed_obstacle_keeps_its_kind_and_a_broken_one_is_refused():
    old = Campaign(obstacles=[Hazard(name="Flood", rating=3), Block(name="Gate", rating=2)])
    risen = old.obstacles[0].model_copy(update={"rating": 4})
    new = revalidated(old.model_copy(update={"obstacles": [risen, old.obstacles[1]]}), old)
    assert isinstance(new.obstacles[0], Hazard) and new.obstacles[0].rating == 4
    assert new.obstacles[1] is old.obstacles[1]
    broken = old.obstacles[1].model_copy(update={"rating": 40})
    with pytest.raises(ValidationError):
        revalidated(old.model_copy(update={"obstacles": [old.obstacles[0], broken]}), old)


def test_every_entry_of_a_long_list_is_checked_and_kept_as_it_is():
    """The lists are checked a slice at a time (a worker lets the window in between): an entry of
    the wrong kind, or a changed entry that breaks the model, is refused wherever it stands."""
    from fate_desk.model import campaign as campaign_module

    crowd = [Character(name=f"Guard {n}") for n in range(campaign_module.CHECK_SLICE * 2 + 7)]
    old = Campaign(characters=crowd)
    last = crowd[-1].model_copy(update={"fate_points": 2})
    new = revalidated(old.model_copy(update={"characters": [*crowd[:-1], last]}), old)
    assert [c.name for c in new.characters] == [c.name for c in crowd]
    assert all(a is b for a, b in zip(new.characters[:-1], crowd[:-1])) and new.characters[-1].fate_points == 2
    with pytest.raises(ValidationError):
        revalidated(old.model_copy(update={"characters": [*crowd[:-1], Countdown(name="Fuse")]}), old)
    with pytest.raises(ValidationError):
        revalidated(old.model_copy(update={"characters": [*crowd[:-1], last.model_copy(update={"fate_points": -5})]}), old)
