"""The checker and the other creation rules in the pseudo-locale: every problem and summary
translated, rule-set words (skills, the rule set's name) through rules_text, and the checker's
codes, paths and skill keys unchanged (issue 29)."""

from __future__ import annotations

from builders import legal_pc
from pseudo_text import assert_translated, english_left, pseudo  # noqa: F401 (fixture)

from fate_desk.model import Aspect, AspectRole, Extra, ExtraCost
from fate_desk.rules import check, derive, get_ruleset
from fate_desk.rules.creation.derive import slot_text
from fate_desk.rules.creation.extra_edits import buy_extra
from fate_desk.rules.creation.history import history_lines
from fate_desk.rules.creation.stunts import bonus_stunt_text

CONDENSED = get_ruleset("fate-condensed")


def test_a_skill_above_the_peak_is_named_through_the_rule_set_words(pseudo):
    skills = {"Fight": 5, "Academics": 3, "Will": 3, "Athletics": 2, "Investigate": 2, "Notice": 2,
              "Lore": 1, "Physique": 1, "Rapport": 1, "Stealth": 1}
    result = check(legal_pc(skills=skills), CONDENSED)
    cap = next(p for p in result.problems if p.code == "skills.cap")
    assert cap.path == "skills.Fight"  # the key stays English
    assert pseudo("Fight") in cap.message and pseudo("Superb") in cap.message
    assert_translated(cap.message)


def test_every_problem_of_a_half_made_character_is_translated(pseudo):
    character = legal_pc(skills={"Fight": 4, "Lore": 4, "Notice": -1, "Bookbinding": 1},
                         aspects=[Aspect(role=AspectRole.HIGH_CONCEPT, text="")], stunts=[], refresh=7)
    problems = check(character, CONDENSED).problems
    assert {"skills.over", "skills.under", "aspects.missing", "refresh.base", "stunts.unused"} <= {
        p.code for p in problems}
    for p in problems:
        assert_translated(p.message, {"Bookbinding"})


def test_derived_refresh_explanation_and_shown_slot_labels_are_translated(pseudo):
    derived = derive(legal_pc(), CONDENSED)
    assert_translated(derived.refresh_explanation)
    for slot in derived.consequences:
        assert slot.label in ("Mild", "Moderate", "Severe")  # English: files for other tools use it
        assert_translated(slot_text(slot))


def test_buying_an_extra_records_a_translated_summary(pseudo):
    applied = buy_extra(legal_pc(), Extra(name="Hound", cost=ExtraCost(refresh=1, skill_points=2)))
    assert_translated(applied.entry.summary, {"Hound"})
    assert applied.character.extras[0].name == "Hound"
    lines = history_lines(applied.character)
    assert lines and not english_left(lines[0], {"Hound"})


def test_the_stunt_template_speaks_the_language_and_names_the_skill_through_the_rule_set(pseudo):
    text = bonus_stunt_text("know the docks", "Notice", "overcome", "")
    assert pseudo("Notice") in text and pseudo("overcome") in text
    assert_translated(text, {"know", "the", "docks"})
