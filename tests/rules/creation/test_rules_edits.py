"""Plain edit operations the sheet's undo commands use; each returns a validated copy."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from fate_desk.model import AspectRole, Character, Countdown, SessionLog, Stunt
from fate_desk.rules import get_ruleset
from fate_desk.rules.creation.edits import (
    add_stunt, duplicated, remove_stunt, set_aspect, set_fate_points, set_skill, update_stunt,
)
from fate_desk.rules.harm.marking import set_consequence, set_stress_box
from fate_desk.rules.creation.stunts import bonus_stunt_text, rule_stunt_text

CONDENSED = get_ruleset("fate-condensed")


def test_edits_never_change_the_original():
    original = Character(name="Ash")
    changed = set_skill(original, "Fight", 4)
    assert original.skills == {} and changed.skills == {"Fight": 4}
    assert set_skill(changed, "Fight", 0).skills == {}  # Mediocre drops out


def test_set_aspect_fills_the_rule_set_slot_with_its_role():
    character = set_aspect(Character(), CONDENSED, 2, text="Owes Maren")
    assert [(a.role, a.text) for a in character.aspects] == [(AspectRole.RELATIONSHIP, "Owes Maren")]
    character = set_aspect(character, CONDENSED, 0, text="Pilot")
    character = set_aspect(character, CONDENSED, 2, text="Owes Tobias", free_invokes=1)
    assert character.aspect_text(AspectRole.RELATIONSHIP) == "Owes Tobias"
    assert character.aspects[0].free_invokes == 1
    # the fourth and fifth slots are both free aspects: each gets its own
    character = set_aspect(set_aspect(character, CONDENSED, 3, text="One"), CONDENSED, 4, text="Two")
    assert [a.text for a in character.aspects if a.role == AspectRole.FREE] == ["One", "Two"]


def test_stunts_add_update_remove():
    character = add_stunt(Character(), Stunt(name="A"))
    character = add_stunt(character, Stunt(name="B"), index=0)
    character = update_stunt(character, 1, text="Because I can.")
    assert [(s.name, s.text) for s in character.stunts] == [("B", ""), ("A", "Because I can.")]
    assert [s.name for s in remove_stunt(character, 0).stunts] == ["A"]


def test_stress_boxes_and_fate_points():
    character = set_stress_box(Character(), "physical", 2, True)
    character = set_stress_box(character, "physical", 0, True)
    assert character.stress == {"physical": [0, 2]}
    assert set_stress_box(character, "physical", 2, False).stress == {"physical": [0]}
    assert set_fate_points(character, -1).fate_points == 0


def test_a_consequence_slot_is_freed_when_emptied_and_healthy():
    character = set_consequence(Character(), "mild", text="Bruised")
    character = set_consequence(character, "mild", recovering=True)
    assert [(c.slot, c.text, c.recovering) for c in character.consequences] == [("mild", "Bruised", True)]
    assert set_consequence(set_consequence(character, "mild", recovering=False), "mild", text="").consequences == []


def test_invalid_values_are_refused_not_stored():
    with pytest.raises(ValidationError):
        set_skill(Character(), "Fight", 99)


def test_duplicated_entities_get_a_new_id_and_a_copy_name():
    pc = Character(name="Ash")
    copy = duplicated(pc)
    assert copy.id != pc.id and copy.name == "Ash (copy)"
    assert duplicated(SessionLog(title="Opening night")).title == "Opening night (copy)"
    assert duplicated(Countdown(name="")).name == "Untitled (copy)"


def test_stunt_templates_read_like_the_book():
    assert bonus_stunt_text("grew up on the docks", "Athletics", "overcome", "I climb rigging.") == (
        "Because I grew up on the docks, I get +2 when I use Athletics to overcome when I climb rigging."
    )
    assert bonus_stunt_text("", "Fight", "defend", "") == "Because I …, I get +2 when I use Fight to defend."
    assert rule_stunt_text("know the tunnels", "appear in any cellar", "once per session") == (
        "Because I know the tunnels, I can appear in any cellar, but only once per session."
    )




def test_condition_boxes_mark_up_to_the_further_apart_row_cutoff():
    from fate_desk.model import CampaignOptions, ConditionsMode
    from fate_desk.rules.harm.marking import condition_box_limit, set_condition_boxes

    options = CampaignOptions(conditions=ConditionsMode.FURTHER_APART)
    pc = Character(name="Ines")
    hurt = set_condition_boxes(pc, CONDENSED, "hurt", 1, options)
    assert [(c.slot, c.text, c.boxes_marked) for c in hurt.consequences] == [("hurt", "Hurt", 1)]
    both = set_condition_boxes(hurt, CONDENSED, "scared", 2, options)
    # Hurt already has one box on the mild row, whose cutoff is two: Scared may take only one more
    assert [c.boxes_marked for c in both.consequences] == [1, 1]
    assert condition_box_limit(both, CONDENSED, "scared", options) == 1
    cleared = set_condition_boxes(both, CONDENSED, "hurt", 0, options)
    assert [c.slot for c in cleared.consequences] == ["scared"]


def test_plain_conditions_fill_their_own_boxes():
    from fate_desk.model import CampaignOptions, ConditionsMode
    from fate_desk.rules.harm.marking import set_condition_boxes

    options = CampaignOptions(conditions=ConditionsMode.PLAIN)
    strong = Character(skills={"Physique": 5})
    marked = set_condition_boxes(strong, CONDENSED, "hurt", 5, options)
    assert marked.consequences[0].boxes_marked == 3  # one box plus two from Superb Physique
