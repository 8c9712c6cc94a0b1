"""A minor NPC from one typed line."""

from __future__ import annotations

import pytest

from fate_desk.model import CharacterKind
from fate_desk.rules import check, get_ruleset
from fate_desk.rules.prep.quick_npc import parse_quick_npc


def test_a_bouncer_in_one_line():
    npc = parse_quick_npc("Bouncer; Built Like a Door; Fair (+2) at Getting into Bar Fights; Average Notice; 2 stress").character
    assert npc.kind == CharacterKind.MINOR_NPC and npc.name == "Bouncer"
    assert [a.text for a in npc.aspects] == ["Built Like a Door"]
    assert npc.skills == {"Getting into Bar Fights": 2, "Notice": 1}
    assert npc.stress_boxes == {"stress": [1, 1]}
    assert check(npc, get_ruleset()).problems == []


@pytest.mark.parametrize("part, skill, rating", [
    ("Good Shoot", "Shoot", 3), ("Fight +2", "Fight", 2), ("+1 Notice", "Notice", 1),
    ("great (+4) at Lying", "Lying", 4), ("Poor Athletics", "Athletics", -1),
])
def test_ratings_in_many_spellings(part, skill, rating):
    assert parse_quick_npc(f"Thug; {part}").character.skills == {skill: rating}


def test_stunts_and_default_stress():
    quick = parse_quick_npc("Cultist; stunt: +2 to Provoke when chanting")
    assert quick.character.stunts[0].text == "+2 to Provoke when chanting"
    assert quick.character.stress_boxes == {"stress": [1]} and quick.notes


def test_an_empty_line_is_explained():
    with pytest.raises(ValueError, match="at least a name"):
        parse_quick_npc("  ;  ")


def test_parts_split_by_commas_are_read_as_parts_when_there_is_no_semicolon():
    quick = parse_quick_npc("Bouncer, Built Like a Door, Fair Fight, Average Notice, 2 stress, "
                            "stunt: +2 to Overcome, when blocking a door")
    npc = quick.character
    assert npc.name == "Bouncer"
    assert [a.text for a in npc.aspects] == ["Built Like a Door"]
    assert npc.skills == {"Fight": 2, "Notice": 1} and npc.stress_boxes == {"stress": [1, 1]}
    assert npc.stunts[0].text == "+2 to Overcome, when blocking a door"
    assert any("commas" in note for note in quick.notes)


def test_with_semicolons_an_aspect_keeps_its_comma():
    npc = parse_quick_npc("Brute; Slow to Think, Quick to Swing; Good Fight").character
    assert [a.text for a in npc.aspects] == ["Slow to Think, Quick to Swing"]
