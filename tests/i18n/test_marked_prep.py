"""Prep in the pseudo-locale: the quick NPC line still reads the English ladder and skills,
and says what it guessed in the language; obstacle guidance and editing refusals are
translated (issue 29)."""

from __future__ import annotations

import pytest
from pseudo_text import assert_translated, pseudo  # noqa: F401 (fixture)

from fate_desk.model import Character, Hazard
from fate_desk.rules.prep.editing import add_zone, parse_boxes, set_skill_row
from fate_desk.rules.prep.obstacles import rating_guidance
from fate_desk.rules.prep.quick_npc import parse_quick_npc
from fate_desk.model import Scene


def test_a_quick_npc_is_read_as_before_and_its_notes_are_translated(pseudo):
    npc = parse_quick_npc("Bouncer, Built Like a Door, Fair (+2) Fight").character
    assert npc.skills == {"Fight": 2} and npc.name == "Bouncer"
    notes = parse_quick_npc("Bouncer, Built Like a Door, Fair (+2) Fight").notes
    assert notes
    for note in notes:
        assert_translated(note)
    with pytest.raises(ValueError) as info:
        parse_quick_npc("")
    assert_translated(str(info.value), {"Bouncer", "Built", "Like", "Door", "Fair", "Fight"})


def test_guidance_refusals_and_new_names_are_translated(pseudo):
    assert_translated(rating_guidance(Hazard(name="Fire", rating=1), 4))
    with pytest.raises(ValueError) as info:
        parse_boxes("one two")
    assert_translated(str(info.value), {"one"})
    with pytest.raises(ValueError) as info:
        set_skill_row(Character(name="X", skills={"Fight": 1, "Lore": 2}), 0, "Lore")
    assert_translated(str(info.value), {"Lore"})
    assert_translated(add_zone(Scene(name="Docks")).zones[0].name)


def test_a_quick_npc_line_typed_in_the_interface_language_is_understood():
    """The GM types the ladder words, skill names and keywords the app shows them; the NPC keeps
    the rule set's own skill names, so its sheet reads right in any language."""
    from fate_desk.i18n import _, pgettext, rules_text, set_language
    from fate_desk.rules.prep.quick_npc import parse_quick_npc

    set_language("en_XA")
    try:
        fair, good = _("Fair"), _("Good")
        line = "; ".join([
            "Bouncer", "Built Like a Door",
            f"{fair} {rules_text('Fight')}",
            f"{good} (+3) {pgettext('quick NPC line', 'at')} {rules_text('Physique')}",
            f"2 {pgettext('quick NPC line', 'stress')}",
            f"{pgettext('quick NPC line', 'stunt')}: Bar Brawler: +2 to Fight in a bar",
        ])
        npc = parse_quick_npc(line).character
    finally:
        set_language("en")
    assert npc.skills == {"Fight": 2, "Physique": 3}
    assert npc.stress_boxes == {"stress": [1, 1]}
    assert [s.name for s in npc.stunts] == ["Bar Brawler"]
    assert [a.text for a in npc.aspects] == ["Built Like a Door"]
    # English always works too, whatever the language.
    assert parse_quick_npc("Thug; Fair Fight; 1 stress").character.skills == {"Fight": 2}


def test_a_quick_npc_line_typed_with_full_width_punctuation_is_read_alike():
    """A Chinese keyboard types ；，：（） by default."""
    from fate_desk.rules.prep.quick_npc import parse_quick_npc

    npc = parse_quick_npc("保镖；壮如门板；Fair（+2）Fight；2 stress").character
    assert npc.name == "保镖" and npc.skills == {"Fight": 2} and [a.text for a in npc.aspects] == ["壮如门板"]
