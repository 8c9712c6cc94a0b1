"""Properties the rules must hold for every character, not just the examples."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builders import legal_pc, stunts
from fate_desk.model import Character
from fate_desk.rules import check, derive, get_ruleset

CONDENSED = get_ruleset("fate-condensed")
RULESETS = [get_ruleset(r) for r in ("fate-condensed", "fate-core", "fate-accelerated")]
PYRAMID_RATINGS = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]


@settings(max_examples=150, deadline=None)
@given(st.permutations(CONDENSED.skills))
def test_any_assignment_of_a_valid_pyramid_is_valid(order):
    skills = dict(zip(order, PYRAMID_RATINGS))
    result = check(legal_pc(skills=skills), CONDENSED)
    assert [p for p in result.problems if p.code.startswith("skills.")] == []


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=6, max_value=12))
def test_at_refresh_three_a_sixth_stunt_always_breaks_minimum_refresh(n):

    assert "refresh.minimum" in [p.code for p in check(legal_pc(stunts=stunts(n)), CONDENSED).problems]


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=5))
def test_up_to_five_stunts_never_break_minimum_refresh(n):

    assert "refresh.minimum" not in [p.code for p in check(legal_pc(stunts=stunts(n)), CONDENSED).problems]


other_skills = st.dictionaries(
    st.sampled_from([s for s in CONDENSED.skills if s not in ("Physique", "Will")]),
    st.integers(min_value=-2, max_value=8),
)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(RULESETS),
    st.integers(-2, 8),
    st.integers(-2, 8),
    other_skills,
    other_skills,
    st.integers(0, 8),
    st.text(max_size=20),
)
def test_derived_stress_depends_only_on_rule_set_physique_and_will(rs, physique, will, a, b, n, name):
    first = Character(name=name, skills=a | {"Physique": physique, "Will": will}, stunts=stunts(n))
    second = Character(skills=b | {"Physique": physique, "Will": will}, refresh=1, fate_points=9)
    assert derive(first, rs).stress == derive(second, rs).stress
