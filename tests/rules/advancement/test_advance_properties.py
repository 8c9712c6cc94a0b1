"""Properties: no sequence of valid operations makes a legal character illegal, and every
operation can be reverted to the exact previous state."""

from __future__ import annotations

from advance_support import CONDENSED, CORE, charles, ruth
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from fate_desk.model import CampaignOptions, ClockStamp, ConditionsMode, HistoryEntry, Stunt
from fate_desk.rules import check
from fate_desk.rules.advancement.milestones import (
    BreakthroughChoice,
    BuyStunt,
    MilestoneKind,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
    aspect_options,
    breakthrough_options,
    milestone_options,
    replacement_candidates,
    spend_skill_points,
)
from fate_desk.rules.creation.derive import derive_stress
from fate_desk.rules.harm.absorb import absorb, absorb_options, clear_stress, concede
from fate_desk.rules.creation.history import Refused, revert_last
from fate_desk.rules.advancement.raises import BREAKTHROUGH_MARK, raise_options
from fate_desk.rules.harm.recovery import clear_consequence, treat


def advanced_ruth():
    """Ruth after one breakthrough, with two more skill points saved."""
    earlier = [HistoryEntry(kind="breakthrough", summary="point saved")]
    saver = ruth().model_copy(update={"saved_skill_points": 1, "advancement": earlier})
    return apply_breakthrough(
        saver, BreakthroughChoice(), CONDENSED, when=ClockStamp(arc=0, session=0)
    ).character


STARTS = [
    ("ruth", lambda: ruth(), CONDENSED),
    ("ruth-advanced", advanced_ruth, CONDENSED),
    ("charles", lambda: charles(), CONDENSED),
    ("charles-core", lambda: charles(ruleset="fate-core"), CORE),
]
OPTIONS = [
    CampaignOptions(),
    CampaignOptions(extreme_consequences=True, weapon_armor=True),
    CampaignOptions(conditions=ConditionsMode.PLAIN),
    CampaignOptions(conditions=ConditionsMode.FURTHER_APART),
]
WORDS = st.text(alphabet="abcdefghij .'[]\"", min_size=1, max_size=12)


def milestone_choice(data, character, ruleset, options):
    offered = [s.value for s in milestone_options(character, ruleset, options) if s.available]
    kind = data.draw(st.sampled_from([None, *offered]))
    rated = sorted(n for n, r in character.skills.items() if r)
    if kind == MilestoneKind.SWAP_SKILLS:
        return SwapSkills(data.draw(st.sampled_from(rated)), data.draw(st.sampled_from(rated)))
    if kind == MilestoneKind.REPLACE_SKILL:
        olds, news = replacement_candidates(character, ruleset)
        return ReplaceSkill(data.draw(st.sampled_from(olds)), data.draw(st.sampled_from(news) | WORDS))
    if kind == MilestoneKind.REWRITE_STUNT:
        return RewriteStunt(data.draw(st.integers(0, len(character.stunts) - 1)), data.draw(WORDS), "text")
    if kind == MilestoneKind.BUY_STUNT:
        return BuyStunt(data.draw(WORDS), "Because I can.")
    if kind == MilestoneKind.REWRITE_ASPECT:
        free = [s.value for s in aspect_options(character) if s.available]
        return RewriteAspect(data.draw(st.sampled_from(free)), data.draw(WORDS))
    return None


def skills_to_raise(data, character, ruleset):
    """Any skills (often refused by the column rule), or one the rules offer on its own."""
    names = sorted(set(ruleset.skills) | set(character.skills))
    marked = character.model_copy(update={"advancement": [*character.advancement, BREAKTHROUGH_MARK]})
    legal = [s.value for s in raise_options(marked, ruleset) if s.available]
    offered = st.lists(st.sampled_from(legal), max_size=1) if legal else st.just([])
    return data.draw(st.lists(st.sampled_from(names), max_size=3) | offered)


def step(data, character, ruleset, options, when):
    """Draw one operation with plausible arguments and apply it (it may be refused)."""
    op = data.draw(
        st.sampled_from(["milestone", "breakthrough", "spend", "harm", "treat", "clear", "concede", "rest"])
    )
    if op == "milestone":
        return apply_milestone(
            character, milestone_choice(data, character, ruleset, options), ruleset, options, when
        )
    if op == "breakthrough":
        offer = breakthrough_options(character, ruleset, options)
        refresh = data.draw(st.booleans())
        choice = BreakthroughChoice(
            milestone=milestone_choice(data, character, ruleset, options),
            high_concept=data.draw(st.none() | WORDS),
            recoveries={s.value: "healing" for s in offer.begin_recovery if data.draw(st.booleans())},
            raises=tuple(skills_to_raise(data, character, ruleset)),
            gm_refresh=refresh,
            gm_skill_point=data.draw(st.booleans()),
            new_stunt=Stunt(name="Power") if refresh and data.draw(st.booleans()) else None,
            extreme_renames={i: "at peace" for i in offer.extreme_aspects if data.draw(st.booleans())},
        )
        return apply_breakthrough(character, choice, ruleset, options, when)
    if op == "spend":
        return spend_skill_points(
            character, skills_to_raise(data, character, ruleset), ruleset, options, when
        )
    if op == "harm":
        track = data.draw(st.sampled_from(sorted(derive_stress(character, ruleset)[0])))
        plan = absorb_options(character, ruleset, data.draw(st.integers(1, 12)), track, options)
        if not plan.options:
            raise Refused([])
        option = data.draw(st.sampled_from(plan.options))
        texts = {sid: data.draw(WORDS) for sid, _ in option.consequences}
        aspect = data.draw(st.integers(0, len(character.aspects) - 1))
        return absorb(
            character,
            ruleset,
            option,
            texts,
            options=options,
            conflict="fight",
            extreme_aspect=aspect,
            when=when,
        )
    if op in ("treat", "clear") and character.consequences:
        slot = data.draw(st.sampled_from([c.slot for c in character.consequences]))
        if op == "clear":
            return clear_consequence(character, ruleset, slot, options=options, when=when)
        result = treat(
            character,
            ruleset,
            slot,
            data.draw(st.integers(-2, 10)),
            data.draw(WORDS),
            self_treatment=data.draw(st.booleans()),
            options=options,
            when=when,
        )
        return result.character, result.entry
    if op == "concede":
        return concede(character, "fight", when)
    return clear_stress(character, when)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), start=st.sampled_from(STARTS), options=st.sampled_from(OPTIONS))
def test_valid_operations_keep_a_legal_character_legal_and_revert_exactly(data, start, options):
    _, make, ruleset = start
    character = make()
    assert check(character, ruleset, options).ok
    for number in range(data.draw(st.integers(1, 8))):
        when = ClockStamp(arc=number // 3 + 1, session=number + 1, scene=1)
        before = character.model_dump()
        try:
            character, entry = step(data, character, ruleset, options, when)
        except Refused:
            event("refused")
            continue
        event(f"applied {entry.kind}")
        errors = check(character, ruleset, options).errors
        assert not errors, [p.message for p in errors]
        assert character.advancement[-1] == entry
        assert revert_last(character).character.model_dump() == before
