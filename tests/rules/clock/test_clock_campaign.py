"""The campaign clock: ending scenes, sessions and arcs, and the log of what happened."""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, charles, npc, ruth

from fate_desk.model import (
    Campaign,
    CharacterKind,
    ClockStamp,
    Consequence,
    Scene,
    SituationAspect,
    Stunt,
    Zone,
)
from fate_desk.rules.advancement.milestones import BreakthroughChoice, RewriteAspect, SwapSkills
from fate_desk.rules.clock.timeline import (
    EndScene,
    describe_timeline,
    end_arc,
    end_scene,
    end_session,
    gm_pool,
    timeline,
)
from fate_desk.rules.creation.history import Refused, revert_last
from fate_desk.rules.harm.recovery import treat

AT = "2024-05-01T20:00:00+00:00"


def pc(name: str, **changes):
    return charles(id=name.lower(), name=name, **changes)


def table(**changes) -> Campaign:
    """Four PCs (Charles, Ruth, Cassandra, Ethan) and Alice Westforth, in arc 1, session 3, scene 2."""
    alice = npc("Alice Westforth")
    scene = Scene(
        id="lab",
        name="The Wrecked Lab",
        aspects=[
            SituationAspect(id="fire", text="On Fire"),
            SituationAspect(id="boost", text="Off Balance", boost=True),
            SituationAspect(id="dark", text="Pitch Dark", keep=True),
        ],
        zones=[Zone(name="Basement", aspects=[SituationAspect(id="flooded", text="Knee-Deep Water")])],
    )
    base = Campaign(
        characters=[pc("Charles"), ruth(), pc("Cassandra"), pc("Ethan"), alice],
        scenes=[scene],
        clock=ClockStamp(arc=1, session=3, scene=2),
    )
    return base.model_copy(update=changes)


def by_id(campaign: Campaign, cid: str):
    return campaign.character(cid)


def test_end_of_scene_clears_stress_for_everyone():
    camp = table()
    camp.characters[0] = camp.characters[0].model_copy(update={"stress": {"physical": [0, 1]}})
    camp.characters[4] = camp.characters[4].model_copy(update={"stress": {"mental": [0]}})
    result = end_scene(camp, at=AT)
    assert all(c.stress == {} for c in result.campaign.characters)
    assert result.report("charles").lines == ["Stress cleared."]
    entry = by_id(result.campaign, "charles").advancement[-1]
    assert entry.kind == "clock" and entry.when == ClockStamp(arc=1, session=3, scene=2)
    assert result.campaign.clock == ClockStamp(arc=1, session=3, scene=3)
    assert result.report("ethan") is None  # nothing changed for him, nothing recorded


def test_situation_aspects_and_boosts_go_unless_the_gm_keeps_them():
    result = end_scene(table(), EndScene(keep_aspects=frozenset({"fire"})))
    scene = result.campaign.scenes[0]
    assert [a.text for a in scene.aspects] == ["On Fire", "Pitch Dark"]
    assert scene.zones[0].aspects == [] and scene.ended and scene.session == 3
    assert "aspects gone: Off Balance and Knee-Deep Water" in result.events[0]


def test_gm_pool_is_one_per_pc_plus_points_npcs_carry():
    # The book: four PCs, and Alice conceded after a moderate consequence: six points.
    camp = table()
    camp.characters[4] = camp.characters[4].model_copy(update={"carried_fate_points": 2})
    points, lines, carriers = gm_pool(camp)
    assert points == 6 and carriers == ["alice-westforth"]
    result = end_scene(camp)
    assert result.campaign.gm_fate_points == 6
    assert by_id(result.campaign, "alice-westforth").carried_fate_points == 0
    assert (
        "GM fate points for the next scene: 6 (4 for the player characters and 2 carried in by Alice Westforth)."
        in result.events
    )


def test_npcs_keep_their_points_until_they_appear():
    camp = table()
    camp.characters[4] = camp.characters[4].model_copy(update={"carried_fate_points": 2})
    result = end_scene(camp, EndScene(next_present=["charles", "ruth"], compel_points=1))
    assert result.campaign.gm_fate_points == 3
    assert by_id(result.campaign, "alice-westforth").carried_fate_points == 2


def test_recovery_moves_on_with_each_scene():
    camp = table()
    hero = camp.characters[0].model_copy(update={"consequences": [Consequence(slot="mild", text="Cut Lip")]})
    camp.characters[0] = treat(hero, CONDENSED, "mild", 3, "Scabbed Lip", when=camp.clock).character
    first = end_scene(camp).campaign  # treated during this scene: not a full scene yet
    assert by_id(first, "charles").consequences[0].text == "Scabbed Lip"
    second = end_scene(first)
    assert by_id(second.campaign, "charles").consequences == []
    assert "“Scabbed Lip” cleared after a full scene of recovery." in second.report("charles").lines


def test_end_of_session_restores_fate_points_to_refresh():
    # The book: Charles ends with 5 and refresh 2, keeps 5; Ethan ends with 1 and refresh 3, gets 3.
    camp = table()
    camp.characters[0] = camp.characters[0].model_copy(update={"fate_points": 5})  # four stunts: refresh 2
    camp.characters[3] = camp.characters[3].model_copy(
        update={"fate_points": 1, "stunts": [Stunt(name="One")]}
    )
    result = end_session(camp, date="2024-05-01", title="The Basement", notes="Ghoul!", at=AT)
    assert by_id(result.campaign, "charles").fate_points == 5
    assert by_id(result.campaign, "ethan").fate_points == 3
    assert result.report("ethan").lines == ["Fate points 1 → 3 (refresh)."]
    assert by_id(result.campaign, "alice-westforth").fate_points == camp.characters[4].fate_points
    log = result.campaign.sessions[0]
    assert (log.number, log.arc, log.date, log.title, log.notes, log.ended) == (
        3,
        1,
        "2024-05-01",
        "The Basement",
        "Ghoul!",
        True,
    )
    assert result.campaign.clock == ClockStamp(arc=1, session=4, scene=1)


def test_each_pc_may_take_a_milestone_at_the_end_of_a_session():
    result = end_session(table(), {"ruth": SwapSkills("Fight", "Lore"), "charles": None})
    ruth_now = by_id(result.campaign, "ruth")
    assert ruth_now.skills["Lore"] == 4
    assert ruth_now.advancement[0].kind == "milestone"
    assert ruth_now.advancement[0].when.session == 3
    assert result.report("ruth").lines[0].startswith("Milestone: Swapped Fight")
    assert by_id(result.campaign, "charles").advancement[0].summary == "Milestone passed without a change."


def test_one_refused_milestone_refuses_the_whole_end_of_session():
    camp = table()
    snapshot = camp.model_dump()
    with pytest.raises(Refused) as info:
        end_session(camp, {"ruth": SwapSkills("Fight", "Lore"), "charles": RewriteAspect(0, "New Concept")})
    problem = info.value.problems[0]
    assert problem.message.startswith("Charles: The high concept can only be rewritten at a breakthrough")
    assert problem.path.startswith("characters[0].aspects")
    assert camp.model_dump() == snapshot


def test_milestones_only_for_player_characters():
    with pytest.raises(Refused) as info:
        end_session(table(), {"alice-westforth": None})
    assert "no player character with id 'alice-westforth'" in info.value.problems[0].message


def test_a_moderate_consequence_clears_after_a_full_session():
    camp = table()
    hero = camp.characters[0].model_copy(
        update={"consequences": [Consequence(slot="moderate", text="Broken Ribs")]}
    )
    camp.characters[0] = treat(hero, CONDENSED, "moderate", 4, "Taped Ribs", when=camp.clock).character
    session_3 = end_session(camp).campaign
    assert by_id(session_3, "charles").consequences[0].text == "Taped Ribs"
    session_4 = end_session(session_3)
    assert by_id(session_4.campaign, "charles").consequences == []


def test_end_of_arc_gives_every_pc_a_breakthrough():
    camp = table()
    # An NPC's severe consequence in recovery clears too.
    camp.characters[4] = camp.characters[4].model_copy(
        update={"consequences": [Consequence(slot="severe", text="Burned Hands", recovering=True)]}
    )
    result = end_arc(camp, {"ruth": BreakthroughChoice(raises=("Empathy",))}, name="The Antarctic Arc", at=AT)
    new = result.campaign
    assert by_id(new, "ruth").skills["Empathy"] == 1
    assert by_id(new, "charles").saved_skill_points == 1  # no choice given: the point is saved
    assert all(by_id(new, c).has_breakthrough() for c in ("charles", "ruth", "cassandra", "ethan"))
    assert by_id(new, "alice-westforth").consequences == []
    assert not by_id(new, "alice-westforth").has_breakthrough()
    assert new.arcs[0].number == 1 and new.arcs[0].ended and new.arcs[0].name == "The Antarctic Arc"
    assert new.clock.arc == 2


def test_a_refused_breakthrough_refuses_the_end_of_arc():
    camp = table()
    with pytest.raises(Refused) as info:
        end_arc(camp, {"ruth": BreakthroughChoice(raises=("Lore",))})
    assert info.value.problems[0].message.startswith("Ruth: Raising Lore to Fair (+2)")


def test_sessions_and_arcs_are_numbered_and_listed():
    camp = table()
    camp = end_scene(camp).campaign
    camp = end_session(camp, date="2024-05-01", title="The Basement").campaign
    camp = end_session(camp, date="2024-05-08", title="The Catacombs").campaign
    camp = end_arc(camp, name="Antarctica").campaign
    camp = end_session(camp, date="2024-05-15").campaign
    arcs = timeline(camp)
    assert [(a.number, a.ended) for a in arcs] == [(1, True), (2, False)]
    assert [s.number for s in arcs[0].sessions] == [3, 4]
    assert [s.number for s in arcs[1].sessions] == [5, 6]
    assert arcs[1].sessions[-1].ended is False  # session 6 is the one in play
    lines = describe_timeline(camp)
    assert lines[0] == "Arc 1: Antarctica (ended)"
    assert "  Session 3, 2024-05-01: The Basement (ended)" in lines
    assert any(line.strip().startswith("Scene 2 ended (The Wrecked Lab)") for line in lines)


def test_clock_entries_on_a_character_can_be_reverted():
    camp = table()
    camp.characters[0] = camp.characters[0].model_copy(update={"stress": {"physical": [0]}, "fate_points": 0})
    before = camp.characters[0]
    after = by_id(end_scene(camp).campaign, "charles")
    assert revert_last(after).character.model_dump() == before.model_dump()
    # Ending the session ends its open scene first: two entries, each reverted in turn.
    after = by_id(end_session(camp).campaign, "charles")
    assert [e.kind for e in after.advancement] == ["clock", "clock"]
    assert revert_last(revert_last(after).character).character.model_dump() == before.model_dump()


def test_monsters_are_not_given_fate_points_at_the_end_of_a_session():
    camp = table()
    camp.characters.append(npc("Ghoul", CharacterKind.MONSTER, fate_points=0))
    result = end_session(camp)
    assert by_id(result.campaign, "ghoul").fate_points == 0


def test_ending_a_session_ends_its_open_scene_first():
    camp = table()
    camp.characters[0] = camp.characters[0].model_copy(update={"stress": {"physical": [0, 1]}})
    result = end_session(camp)
    charles = by_id(result.campaign, "charles")
    assert charles.stress == {}  # the last scene's stress did not carry into the next session
    assert result.campaign.scenes[0].ended
    assert result.events[0].startswith("Scene 2 ended")
    assert any("Stress cleared." in line for line in result.report("charles").lines)


def test_a_session_ended_right_after_its_scene_does_not_end_another():
    camp = end_scene(table()).campaign
    lines = end_session(camp).events
    assert not any(line.startswith("Scene") for line in lines)
