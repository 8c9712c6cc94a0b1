"""The plain operations behind the prep editors: countdown boxes, zones, NPC rows, session history."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from fate_desk.model import (
    Campaign, Character, CharacterKind, ClockStamp, Countdown, HistoryEntry, Scene, Severity, SlotSpec, Zone,
)
from fate_desk.rules.prep.editing import (
    add_slot, add_zone, adjacent, click_box, mark_next, minor_npc_stress, parse_boxes, remove_slot, remove_zone,
    rename_track, session_history, set_adjacent, set_box_count, set_box_trigger, set_custom_rule_breaks,
    set_named_rule_break, set_scale, set_skill_row, set_track,
)


def test_mark_next_fills_one_box_and_stops_when_full():
    countdown = Countdown(boxes=3, marked=2)
    assert mark_next(countdown).marked == 3
    assert mark_next(mark_next(countdown)).marked == 3


def test_clicking_an_empty_box_fills_up_to_it_and_a_marked_one_clears_from_it():
    countdown = Countdown(boxes=5, marked=1)
    assert click_box(countdown, 3).marked == 4
    assert click_box(Countdown(boxes=5, marked=4), 1).marked == 1
    assert click_box(Countdown(boxes=5, marked=4), 3).marked == 3  # the last marked box clears


@settings(max_examples=100)
@given(st.integers(1, 20), st.integers(0, 20), st.integers(1, 20))
def test_fewer_boxes_never_leave_more_marks_than_boxes(boxes, marked, new):
    countdown = Countdown(boxes=boxes, marked=min(marked, boxes), box_triggers=["x"] * boxes)
    changed = set_box_count(countdown, new)
    assert changed.boxes == new and changed.marked == min(countdown.marked, new)
    assert len(changed.box_triggers) <= new


def test_per_box_triggers_pad_and_trim():
    countdown = set_box_trigger(Countdown(boxes=4), 2, "The bells ring")
    assert countdown.box_triggers == ["", "", "The bells ring"]
    assert set_box_trigger(countdown, 2, "").box_triggers == []


def test_zones_connect_both_ways_and_removing_a_zone_removes_the_ways_into_it():
    scene = Scene(zones=[Zone(id="a", name="Pier"), Zone(id="b", name="Boat")])
    scene = add_zone(scene)
    c = scene.zones[-1].id
    assert scene.zones[-1].name == "Zone 3"
    scene = set_adjacent(set_adjacent(scene, "a", "b", True), c, "a", True)
    assert adjacent(scene, "b", "a") and adjacent(scene, "a", c)
    scene = remove_zone(scene, "a")
    assert [z.adjacent for z in scene.zones] == [[], []]
    assert not set_adjacent(scene, "b", c, False).zones[0].adjacent


def test_a_skill_row_keeps_its_place_when_renamed_and_refuses_a_clash():
    npc = Character(kind=CharacterKind.MINOR_NPC, skills={"Fight": 2, "Notice": 1})
    renamed = set_skill_row(npc, 0, name="Getting into Bar Fights")
    assert list(renamed.skills.items()) == [("Getting into Bar Fights", 2), ("Notice", 1)]
    with pytest.raises(ValueError):
        set_skill_row(npc, 0, name="Notice")


def test_minor_npc_stress_is_one_row_of_one_point_boxes_and_drops_marks_past_the_end():
    npc = Character(kind=CharacterKind.MINOR_NPC, stress_boxes={"physical": [1, 1, 1]}, stress={"physical": [0, 2]})
    changed = minor_npc_stress(npc, 2, "mental")
    assert changed.stress_boxes == {"physical": [1, 1]}
    assert changed.stress == {"physical": [0]}


def test_box_values_are_read_from_plain_numbers_and_words_are_refused():
    assert parse_boxes("1 1, 2;3") == [1, 1, 2, 3]
    assert parse_boxes("  ") == []
    for bad in ("1 two", "0", "21"):
        with pytest.raises(ValueError):
            parse_boxes(bad)


def test_renaming_a_track_carries_its_marks():
    monster = set_track(Character(kind=CharacterKind.MONSTER), "stress", [1, 2])
    monster = monster.model_copy(update={"stress": {"stress": [1]}})
    renamed = rename_track(monster, "stress", "hide")
    assert renamed.stress_boxes == {"hide": [1, 2]} and renamed.stress == {"hide": [1]}


def test_named_and_custom_rule_breaks_live_side_by_side():
    monster = set_named_rule_break(Character(kind=CharacterKind.MONSTER), "true_form", True, "Silver only")
    monster = set_custom_rule_breaks(monster, ["Regrows a limb each exchange"])
    monster = set_scale(monster, "Supernatural")
    assert {b.kind for b in monster.rule_breaks} == {"true_form", "custom", "scale"}
    assert monster.scale == "Supernatural"
    cleared = set_scale(set_named_rule_break(monster, "true_form", False), None)
    assert [b.kind for b in cleared.rule_breaks] == ["custom"] and cleared.scale is None


def test_removing_a_slot_removes_the_consequence_written_in_it():
    monster = add_slot(add_slot(Character(kind=CharacterKind.MONSTER, consequence_slots=[])), Severity.MILD)
    assert [s.id for s in monster.consequence_slots] == ["mild", "mild_2"]
    from fate_desk.model import Consequence

    monster = monster.model_copy(update={"consequences": [Consequence(slot="mild_2", text="Singed")]})
    after = remove_slot(monster, 1)
    assert after.consequence_slots == [SlotSpec(id="mild", severity=Severity.MILD, value=2)]
    assert after.consequences == []


def test_session_history_gathers_every_characters_entries_of_that_session():
    def entry(session, summary):
        return HistoryEntry(kind="milestone", when=ClockStamp(arc=1, session=session, scene=1), summary=summary)

    ruth = Character(name="Ruth", advancement=[entry(1, "Swapped Fight and Lore"), entry(2, "New stunt")])
    hale = Character(name="Hale", kind=CharacterKind.MAJOR_NPC, advancement=[entry(2, "Recovered")])
    lines = [e.line() for e in session_history(Campaign(characters=[ruth, hale]), 2)]
    assert lines == ["Ruth — milestone: New stunt", "Hale — milestone: Recovered"]
