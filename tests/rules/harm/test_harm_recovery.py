"""Treatment and recovery: the overcome roll, renaming, and when each severity clears."""

from __future__ import annotations

import pytest
from advance_support import CONDENSED, charles

from fate_desk.model import CampaignOptions, ClockStamp, Consequence, Severity
from fate_desk.rules.creation.history import Refused, revert_last
from fate_desk.rules.harm.recovery import clear_consequence, clears_when, progress, treat, treatment_difficulty

SCENE_2 = ClockStamp(arc=1, session=3, scene=2)


def hurt(**changes):
    return charles(
        consequences=[
            Consequence(slot="mild", text="Bloody Nose"),
            Consequence(slot="moderate", text="Gaping Chest Wound"),
            Consequence(slot="severe", text="Mangled Arm"),
        ],
        **changes,
    )


@pytest.mark.parametrize(
    "severity, other, yourself", [(Severity.MILD, 2, 4), (Severity.MODERATE, 4, 6), (Severity.SEVERE, 6, 8)]
)
def test_treatment_difficulty_by_severity_plus_two_for_yourself(severity, other, yourself):
    assert treatment_difficulty(severity) == other
    assert treatment_difficulty(severity, self_treatment=True) == yourself


def test_extreme_consequences_cannot_be_treated():
    assert treatment_difficulty(Severity.EXTREME) is None
    scarred = charles(consequences=[Consequence(slot="extreme", text="Lost an Eye")])
    with pytest.raises(Refused) as info:
        treat(scarred, CONDENSED, "extreme", 9, options=CampaignOptions(extreme_consequences=True))
    assert "permanent and cannot be treated" in info.value.problems[0].message


def test_successful_treatment_renames_and_starts_recovery():
    result = treat(hurt(), CONDENSED, "moderate", effort=5, new_text="Stitched Chest", when=SCENE_2)
    assert result.success and result.difficulty == 4
    treated = next(c for c in result.character.consequences if c.slot == "moderate")
    assert treated.text == "Stitched Chest" and treated.recovering and treated.recovery_started == SCENE_2
    assert result.entry.kind == "recovery"
    assert result.entry.summary == (
        "Treated: “Gaping Chest Wound” is now “Stitched Chest”, recovering (Superb (+5) against Great (+4))."
    )


def test_a_tie_is_success_at_a_minor_cost():
    result = treat(hurt(), CONDENSED, "mild", effort=2)
    assert result.success and "a tie: success at a minor cost" in result.entry.summary


def test_a_failed_treatment_is_recorded_and_changes_nothing():
    before = hurt()
    result = treat(before, CONDENSED, "severe", effort=7, self_treatment=True)
    assert not result.success and result.difficulty == 8
    assert result.entry.changes == []
    assert result.entry.summary == (
        "Treating “Mangled Arm” failed: Epic (+7) against Legendary (+8) (treating yourself: +2)."
    )
    assert result.character.consequences == before.consequences


def test_a_consequence_already_recovering_is_not_treated_again():
    once = treat(hurt(), CONDENSED, "mild", effort=4).character
    with pytest.raises(Refused) as info:
        treat(once, CONDENSED, "mild", effort=4)
    assert info.value.problems[0].message == "“Bloody Nose” is already recovering."


def test_the_sheet_says_when_each_consequence_clears():
    clock = ClockStamp(arc=1, session=3, scene=2)
    sheet = hurt()
    assert clears_when(sheet, CONDENSED, "moderate", clock=clock) == (
        "Needs treatment: an overcome against Great (+4) (Fantastic (+6) to treat yourself)."
    )
    for slot in ("mild", "moderate", "severe"):
        sheet = treat(sheet, CONDENSED, slot, effort=8, when=clock).character
    assert (
        clears_when(sheet, CONDENSED, "mild", clock=clock)
        == "Recovering: clears at the end of the next scene."
    )
    assert clears_when(sheet, CONDENSED, "mild", clock=ClockStamp(arc=1, session=3, scene=3)) == (
        "Recovering: clears at the end of this scene."
    )
    assert clears_when(sheet, CONDENSED, "moderate", clock=clock) == (
        "Recovering: clears at the end of the next session (session 4)."
    )
    assert clears_when(sheet, CONDENSED, "severe", clock=clock) == (
        "Recovering: clears at your next breakthrough (the end of this arc)."
    )


def test_a_mild_consequence_needs_one_full_scene_after_treatment():
    treated = treat(hurt(), CONDENSED, "mild", effort=3, when=SCENE_2).character
    same_scene, lines = progress(treated, CONDENSED, None, SCENE_2, "scene")
    assert lines == [] and any(c.slot == "mild" for c in same_scene.consequences)
    next_scene, lines = progress(same_scene, CONDENSED, None, ClockStamp(arc=1, session=3, scene=3), "scene")
    assert lines == ["“Bloody Nose” cleared after a full scene of recovery."]
    assert [c.slot for c in next_scene.consequences] == ["moderate", "severe"]


def test_a_moderate_consequence_needs_one_full_session_after_treatment():
    treated = treat(hurt(), CONDENSED, "moderate", effort=4, when=SCENE_2).character
    same, lines = progress(treated, CONDENSED, None, SCENE_2, "session")
    assert lines == []
    # Scenes do not clear a moderate consequence, however many pass.
    for scene in range(3, 9):
        same, _ = progress(same, CONDENSED, None, ClockStamp(arc=1, session=3, scene=scene), "scene")
    assert any(c.slot == "moderate" for c in same.consequences)
    later, lines = progress(same, CONDENSED, None, ClockStamp(arc=1, session=4, scene=5), "session")
    assert lines == ["“Gaping Chest Wound” cleared after a full session of recovery."]


def test_the_gm_can_always_clear_by_hand():
    after, entry = clear_consequence(hurt(), CONDENSED, "severe")
    assert [c.slot for c in after.consequences] == ["mild", "moderate"]
    assert entry.summary == "“Mangled Arm” cleared by the GM."
    assert revert_last(after).character.model_dump() == hurt().model_dump()


def test_clearing_an_empty_slot_is_refused():
    with pytest.raises(Refused) as info:
        clear_consequence(charles(), CONDENSED, "mild")
    assert info.value.problems[0].message == "There is no consequence in the “mild” slot."
