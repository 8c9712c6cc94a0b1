"""Reference cards: matched to the rule set and to the campaign's optional rules."""

from __future__ import annotations

import pytest

from export_pdf_reading import pdf_text, squash
from fate_desk.printing import ExportJob, Paper, What, export_pdf
from fate_desk.printing.reference_text import reference_cards
from fate_desk.model import LADDER, CampaignOptions, ConditionsMode, Character, ladder_label
from fate_desk.rules import derive, get_ruleset

ALL_OPTIONS = CampaignOptions(conditions=ConditionsMode.PLAIN, weapon_armor=True, extreme_consequences=True, scale=True)


def titles(ruleset_id="fate-condensed", options=None):
    return [card.title for card in reference_cards(get_ruleset(ruleset_id), options)]


def card_text(title, ruleset_id="fate-condensed", options=None) -> str:
    card = next(c for c in reference_cards(get_ruleset(ruleset_id), options) if c.title == title)
    return " ".join(p if isinstance(p, str) else " ".join(p) for p in card.paragraphs)


def test_core_cards_are_always_there():
    assert titles()[:4] == ["The ladder", "The four outcomes", "Overcome", "Create an advantage"]
    for title in ("Attack", "Defend", "Invoking aspects", "Compels and fate points", "Stress and taking a hit",
                  "Consequences and recovery", "Turn order and teamwork", "Obstacles and countdowns"):
        assert title in titles()


def test_optional_rule_cards_appear_only_when_the_campaign_uses_them():
    plain = titles()
    assert "Weapon and Armor" not in plain and "Scale" not in plain and "Conditions" not in plain
    everything = titles(options=ALL_OPTIONS)
    assert "Weapon and Armor" in everything and "Scale" in everything
    # Conditions replace consequences entirely.
    assert "Conditions" in everything and "Consequences and recovery" not in everything


def test_ladder_card_lists_every_rung():
    text = card_text("The ladder")
    for name in LADDER.values():
        assert name in text


@pytest.mark.parametrize("title", ["Overcome", "Create an advantage", "Attack", "Defend"])
def test_each_action_card_says_what_all_four_outcomes_mean(title):
    text = card_text(title)
    for outcome in ("Fail", "Tie", "Succeed", "With style"):
        assert outcome in text


def test_stress_card_follows_the_rule_set():
    condensed = card_text("Stress and taking a hit", "fate-condensed")
    core = card_text("Stress and taking a hit", "fate-core")
    fae = card_text("Stress and taking a hit", "fate-accelerated")
    assert "absorbs 1 shift" in condensed and "Mark as many" in condensed
    assert "one stress box per hit" in core and "boxes 1 2 3 4 from Good (+3)" in core
    assert "1, 2 and 3" in fae


def test_consequence_values_come_from_derive():
    ruleset = get_ruleset("fate-condensed")
    text = card_text("Consequences and recovery")
    for slot in derive(Character(), ruleset).consequences:
        assert f"{slot.label.lower()} absorbs {slot.value}" in text
    assert f"{ladder_label(ruleset.consequences.extra_mild_at)} or better adds a second mild slot" in text
    assert "Extreme" not in text
    assert "Extreme (absorbs 8)" in card_text("Consequences and recovery", options=CampaignOptions(extreme_consequences=True))


def test_severe_recovery_time_follows_the_rule_set():
    assert "the next breakthrough (severe)" in card_text("Consequences and recovery", "fate-condensed")
    assert "one whole scenario (severe)" in card_text("Consequences and recovery", "fate-core")


def test_conditions_card_lists_the_derived_conditions():
    options = CampaignOptions(conditions=ConditionsMode.FURTHER_APART)
    text = card_text("Conditions", options=options)
    for name in ("Hurt", "Scared", "Injured", "Shaken", "Wounded", "Demoralized"):
        assert name in text
    assert "2 boxes each" in text and "two boxes in a row" in text


def test_turn_order_follows_the_rule_set():
    assert "Notice" in card_text("Turn order and teamwork", "fate-core")
    assert "Quick" in card_text("Turn order and teamwork", "fate-accelerated")
    assert "picks who goes next" in card_text("Turn order and teamwork", "fate-condensed")


def test_attack_card_names_skills_or_approaches():
    assert "Provoke" in card_text("Attack", "fate-condensed")
    assert "approach" in card_text("Attack", "fate-accelerated")
    assert "Add Weapon" in card_text("Attack", options=CampaignOptions(weapon_armor=True))


def test_reference_pdf_holds_every_card(tmp_path):
    out = tmp_path / "ref.pdf"
    cards = reference_cards(get_ruleset("fate-core"), ALL_OPTIONS)
    pages = export_pdf(ExportJob(What.REFERENCE, ruleset="fate-core", options=ALL_OPTIONS, paper=Paper.A4), out)
    assert pages == -(-len(cards) // 4)
    text = pdf_text(out)
    for card in cards:
        assert squash(card.title) in text
    assert "FATE CORE" in text
