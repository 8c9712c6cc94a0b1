"""What the checker works out once (a rule set's skill list, the refresh explanation) still
follows a rule set given new parts and a change of language."""

from __future__ import annotations

from builders import legal_pc, stunts
from pseudo_text import in_language
from fate_desk.rules import check, get_ruleset
from fate_desk.rules.creation.ruleset import Shape, ShapeKind


def test_a_skill_added_to_a_rule_set_after_a_check_is_known_to_the_next_check():
    ruleset = get_ruleset("fate-condensed").model_copy(deep=True)
    ruleset.allow_custom_skills = False
    ruth = legal_pc(skills=legal_pc().skills | {"Piloting": 1})
    assert "skills.unknown" in [p.code for p in check(ruth, ruleset).problems]

    ruleset.skills = [*ruleset.skills, "Piloting"]

    assert "skills.unknown" not in [p.code for p in check(ruth, ruleset).problems]
    assert "skills.unknown" not in [p.code for p in check(legal_pc(skills={"piloting": 1}), ruleset).problems]


def test_a_new_shape_given_to_a_rule_set_after_a_check_is_the_one_checked():
    ruleset = get_ruleset("fate-condensed").model_copy(deep=True)
    assert check(legal_pc(), ruleset).problems == []

    ruleset.shape = Shape(kind=ShapeKind.COUNTS, counts={4: 1, 3: 2, 2: 3, 1: 5})

    under = [p for p in check(legal_pc(), ruleset).problems if p.code == "skills.under"]
    assert [(p.path, p.message) for p in under] == [
        ("skills@1", "One slot at Average (+1) still empty: the shape asks for five. Raise a skill to Average (+1).")
    ]


def test_the_refresh_explanation_follows_the_language_back_and_forth():
    ruleset = get_ruleset("fate-condensed")
    ruth = legal_pc(stunts=stunts(4))

    english = check(ruth, ruleset).derived.refresh_explanation
    german = in_language("de", lambda: check(ruth, ruleset).derived.refresh_explanation)
    again = check(ruth, ruleset).derived.refresh_explanation

    assert english == again == "3 − 1 for a fourth stunt"
    assert german != english and "Stunt" in german
