"""The campaign clock in the pseudo-locale: the reports of a scene's, a session's and an arc's
end, the milestone choices and the timeline listing are translated (issue 29)."""

from __future__ import annotations

from advance_support import CONDENSED, charles, ruth
from pseudo_text import assert_translated, pseudo  # noqa: F401 (fixture)

from fate_desk.model import Campaign, ClockStamp, Scene, SituationAspect
from fate_desk.rules.clock.timeline import describe_timeline, end_scene, end_session, milestone_choices

NAMES = {"Charles", "Ruth", "Docks", "Fog"}


def _campaign() -> Campaign:
    scene = Scene(id="docks", name="Docks", aspects=[SituationAspect(id="fog", text="Fog")])
    charles_hurt = charles(id="charles", name="Charles", stress={"physical": [0]})
    return Campaign(characters=[charles_hurt, ruth()], scenes=[scene], clock=ClockStamp(arc=1, session=1, scene=1))


def test_the_end_of_a_scene_and_a_session_are_reported_in_the_language(pseudo):
    result = end_scene(_campaign())
    for line in result.events:
        assert_translated(line, NAMES)
    assert_translated(result.report("charles").lines[0])
    after = end_session(result.campaign)
    for line in after.events:
        assert_translated(line, NAMES)


def test_milestone_choices_and_the_timeline_are_translated(pseudo):
    for _level, text in milestone_choices(CONDENSED, "session"):
        assert_translated(text)
    for line in describe_timeline(end_scene(_campaign()).campaign):
        assert_translated(line.strip(), NAMES)
