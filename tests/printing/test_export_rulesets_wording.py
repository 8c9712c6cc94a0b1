"""Each rule set printed with its own rules and wording (issue 25, items 11-15)."""

from __future__ import annotations

from export_pdf_reading import pdf_text, text_fields
from fate_desk.printing import ExportJob, Paper, What, export_pdf
from fate_desk.printing import samples
from fate_desk.printing.reference_text import reference_cards
from fate_desk.model import CampaignOptions, ConditionsMode, Stunt
from fate_desk.rules import get_ruleset


def write(tmp_path, job, name="out.pdf"):
    out = tmp_path / name
    export_pdf(job, out)
    return out


def card_text(title, ruleset_id="fate-condensed", options=None) -> str:
    card = next(c for c in reference_cards(get_ruleset(ruleset_id), options) if c.title == title)
    return " ".join(p if isinstance(p, str) else " ".join(p) for p in card.paragraphs)


# fae-srd.md, "Getting Better—Recovering from Stress and Consequences": no roll; mild clears at
# the end of the scene, moderate at the end of the next session, severe at the end of the scenario.

def test_fate_accelerated_sheets_print_its_recovery_by_time_not_a_recovery_roll(tmp_path):
    for job in (ExportJob(What.SHEETS, sheets=[samples.fae_pc()], paper=Paper.LETTER),
                ExportJob(What.BLANK, ruleset="fate-accelerated", paper=Paper.LETTER)):
        text = pdf_text(write(tmp_path, job))
        assert "clears at the end of the scene" in text
        assert "clears at the end of the next session" in text
        assert "clears at the end of the scenario" in text
        assert "recover at" not in text


def test_fate_accelerated_reference_cards_print_its_recovery_by_time(tmp_path):
    text = card_text("Consequences and recovery", "fate-accelerated")
    assert "no roll" in text and "at the end of the next session" in text and "at the end of the scenario" in text
    assert "overcome roll" not in text
    # Condensed and Core keep their recovery roll (fate-condensed.txt, "Recovering from consequences").
    assert "overcome roll against mild Fair (+2)" in card_text("Consequences and recovery", "fate-core")
    pdf = pdf_text(write(tmp_path, ExportJob(What.REFERENCE, ruleset="fate-accelerated", paper=Paper.A4)))
    assert "at the end of the scenario" in pdf and "overcome roll against mild" not in pdf


def test_fate_accelerated_blank_and_filled_sheets_give_each_approach_a_rating_box(tmp_path):
    ruleset = get_ruleset("fate-accelerated")
    blank = write(tmp_path, ExportJob(What.BLANK, ruleset="fate-accelerated", paper=Paper.LETTER), "blank.pdf")
    boxes = [f for f in text_fields(blank) if "-approach-" in f]
    assert len(boxes) == len(ruleset.skills) == 6
    ivy = samples.fae_pc()
    text = pdf_text(write(tmp_path, ExportJob(What.SHEETS, sheets=[ivy], paper=Paper.LETTER), "ivy.pdf"))
    for approach in ruleset.skills:
        assert f"{ivy.skills.get(approach, 0):+d} {approach}" in text


def test_a_fate_core_character_sheet_has_an_extras_box_like_the_blank(tmp_path):
    text = pdf_text(write(tmp_path, ExportJob(What.SHEETS, sheets=[samples.core_pc()], paper=Paper.LETTER)))
    assert "EXTRAS" in text
    condensed = pdf_text(write(tmp_path, ExportJob(What.SHEETS, sheets=[samples.ruth()], paper=Paper.LETTER), "c.pdf"))
    assert "EXTRAS" not in condensed


def test_the_refresh_explanation_prints_whole_and_a_refresh_below_one_is_flagged(tmp_path):
    # fate-condensed.txt: three stunts are free, each more costs 1 refresh, never below 1.
    eight = samples.ruth().model_copy(update={"stunts": [Stunt(name=f"S{i}", text="x") for i in range(8)]})
    text = pdf_text(write(tmp_path, ExportJob(What.SHEETS, sheets=[eight], paper=Paper.LETTER)))
    assert "3 − 5 for the fourth to eighth stunts; below 1: too many stunts" in text
    forty = samples.ruth().model_copy(update={"stunts": [Stunt(name=f"S{i}", text="x") for i in range(40)]})
    text = pdf_text(write(tmp_path, ExportJob(What.SHEETS, sheets=[forty], paper=Paper.LETTER), "40.pdf"))
    assert "-34" in text and "3 − 37 for the fourth to 40th stunts; below 1: too many stunts" in text


def test_reference_cards_leave_out_weapon_and_armor_when_the_campaign_does_not_use_them():
    plain = " ".join(card_text(t) for t in ("Attack", "Stress and taking a hit", "Invoking aspects"))
    assert "Weapon" not in plain and "Armor" not in plain
    assert "Add Weapon, subtract Armor" in card_text("Attack", options=CampaignOptions(weapon_armor=True))


def test_with_conditions_the_stress_card_speaks_of_conditions_not_consequences():
    options = CampaignOptions(conditions=ConditionsMode.PLAIN)
    for ruleset in ("fate-condensed", "fate-core", "fate-accelerated"):
        text = card_text("Stress and taking a hit", ruleset, options)
        assert "consequence" not in text.lower()
        assert "conditions" in text
