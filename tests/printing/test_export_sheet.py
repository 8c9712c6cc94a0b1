"""Character sheets and blank forms, read back from the PDF."""

from __future__ import annotations

import pytest

from reportlab.lib.units import mm

from export_pdf_reading import (
    checkbox_tooltips, checkboxes, field_rects, horizontal_lines, page_fonts, page_sizes, pdf_text, placed_runs, squash,
    text_fields,
)
from fate_desk.printing import LARGE_PRINT, ExportJob, Paper, What, export_pdf
from fate_desk.printing import samples
from fate_desk.model import AspectRole, CampaignOptions, ConditionsMode, ladder_label
from fate_desk.rules import derive, get_ruleset


def sheet_pdf(tmp_path, character, options=None, paper=Paper.LETTER, state=True):
    """The sheet with its state in ink (fate points, marks, consequences) unless state=False."""
    out = tmp_path / "sheet.pdf"
    job = ExportJob(What.SHEETS, sheets=[character], paper=paper, options=options or CampaignOptions(), state=state)
    assert export_pdf(job, out) >= 1
    return out


def test_sheet_prints_name_description_aspects_skills_and_stunts(tmp_path):
    ruth = samples.ruth()
    text = pdf_text(sheet_pdf(tmp_path, ruth))
    assert ruth.name in text
    assert squash(ruth.description) in text
    for aspect in ruth.aspects:
        assert squash(aspect.text) in text
    for skill in ruth.skills:
        assert skill in text
    for stunt in ruth.stunts:
        assert stunt.name in text
        assert squash(stunt.text) in text
    for line in ruth.notes.splitlines():
        assert squash(line) in text


def test_skill_rows_use_ladder_labels(tmp_path):
    ruth = samples.ruth()
    text = pdf_text(sheet_pdf(tmp_path, ruth))
    for rating in set(ruth.skills.values()):
        assert ladder_label(rating) in text  # "Great (+4)", never a bare "+4" row


def test_aspect_role_labels_are_printed(tmp_path):
    text = pdf_text(sheet_pdf(tmp_path, samples.ruth()))
    for label in ("HIGH CONCEPT", "TROUBLE", "RELATIONSHIP"):
        assert label in text


def test_effective_refresh_is_printed_with_its_explanation(tmp_path):
    ruth = samples.ruth()  # four stunts: the fourth costs 1 refresh
    derived = derive(ruth, get_ruleset(ruth.ruleset))
    text = pdf_text(sheet_pdf(tmp_path, ruth))
    assert derived.refresh == ruth.refresh - 1
    assert squash(derived.refresh_explanation) in text


@pytest.mark.parametrize("make", [samples.ruth, samples.zoe, samples.core_pc, samples.fae_pc, samples.monster,
                                  samples.overloaded_monster])
def test_stress_check_boxes_match_the_derived_boxes_and_marks(tmp_path, make):
    character = make()
    derived = derive(character, get_ruleset(character.ruleset))
    boxes = checkboxes(sheet_pdf(tmp_path, character), "-stress-")
    for track, values in derived.stress.items():
        mine = {name: ticked for name, ticked in boxes.items() if f"-stress-{track}-" in name}
        assert len(mine) >= len(values)  # PCs also get dashed boxes they can earn later
        ticked = {int(name.rsplit("-", 1)[1]) for name, on in mine.items() if on}
        assert ticked == set(character.stress.get(track, []))


def test_average_physique_gives_four_solid_physical_boxes_and_good_will_six(tmp_path):
    ruth = samples.ruth()  # Physique Average (+1), Will Good (+3)
    fields = checkbox_tooltips(sheet_pdf(tmp_path, ruth), "-stress-")
    physical = [tip for name, tip in fields.items() if "-physical-" in name]
    mental = [tip for name, tip in fields.items() if "-mental-" in name]
    assert sum("needs" not in tip for tip in physical) == 4
    assert [tip for tip in physical if "needs" in tip] == ["Physical stress box 5 (needs Physique Good+)",
                                                        "Physical stress box 6 (needs Physique Good+)"]
    assert len(mental) == 6 and not any("needs" in tip for tip in mental)


def test_superb_physique_prints_the_extra_mild_slot_and_others_see_what_earns_it(tmp_path):
    zoe_text = pdf_text(sheet_pdf(tmp_path, samples.zoe()))
    ruth_text = pdf_text(sheet_pdf(tmp_path, samples.ruth()))
    assert "Mild (physical only)" in zoe_text and "needs Physique Superb+" not in zoe_text
    # Ruth has not earned it yet: the slot is there to pencil in, saying what it needs
    assert "Mild (physical only) needs Physique Superb+" in ruth_text
    for slot in ("Mild", "Moderate", "Severe"):
        assert slot in ruth_text


def test_filled_consequences_are_printed(tmp_path):
    zoe = samples.zoe()
    text = pdf_text(sheet_pdf(tmp_path, zoe))
    for consequence in zoe.consequences:
        assert squash(consequence.text) in text


def test_a_consequence_in_a_slot_the_character_lost_is_still_printed(tmp_path):
    zoe = samples.zoe()
    weaker = zoe.model_copy(update={"skills": {**zoe.skills, "Physique": 2}})  # no extra mild slot now
    text = pdf_text(sheet_pdf(tmp_path, weaker))
    assert "needs Physique Superb+" in text  # the slot is dashed again
    assert "Pulled Shoulder" in text


def test_conditions_print_as_check_boxes_per_derived_box(tmp_path):
    zoe = samples.zoe()
    options = CampaignOptions(conditions=ConditionsMode.FURTHER_APART)
    slots = derive(zoe, get_ruleset(zoe.ruleset), options).consequences
    out = sheet_pdf(tmp_path, zoe, options)
    tips = checkbox_tooltips(out, "-condition-")
    assert sum("needs" not in t for t in tips.values()) == sum(s.boxes for s in slots)
    # Will is only Average: Scared's extra two boxes are dashed, saying they need Superb
    assert sorted(t for t in tips.values() if "needs" in t) == ["Scared box 3 (needs Superb+)",
                                                                 "Scared box 4 (needs Superb+)"]
    text = pdf_text(out)
    for name in ("Hurt", "Scared", "Injured", "Shaken", "Wounded", "Demoralized"):
        assert name in text


def test_fonts_are_embedded(tmp_path):
    fonts = page_fonts(sheet_pdf(tmp_path, samples.zoe()))
    assert fonts
    assert all(embedded for _, embedded in fonts), fonts
    assert all("DejaVuSans" in name for name, _ in fonts)


def test_markup_and_non_ascii_text_print_as_typed(tmp_path):
    zoe = samples.zoe()
    text = pdf_text(sheet_pdf(tmp_path, zoe))
    assert "Zoë «Ζωή» Петрова" in text
    assert "<b>tags</b>" in text
    assert "smuggler; writes" in text and "&" in text
    assert "Ελληνικά, Русский and Street Français" in text
    assert "Cracked Rib — «ouch»" in text


def test_decomposed_text_is_normalised_to_nfc(tmp_path):
    character = samples.ruth().model_copy(update={"name": "Zoe\u0308 Cafe\u0301"})
    assert "Zoë Café" in pdf_text(sheet_pdf(tmp_path, character))


def test_far_too_long_text_continues_on_further_pages_whole(tmp_path):
    wordy = samples.long_winded()
    out = sheet_pdf(tmp_path, wordy)
    text = pdf_text(out)
    assert "Bartholomew" in text
    assert "Short Trouble" in text
    assert "continued (sheet page 2)" in text
    for stunt in wordy.stunts:
        assert squash(stunt.text) in text
    assert text.count("mysterious ferryman") >= 3 * 5 + 12 + 7  # stunts, notes, aspects: nothing cut


def test_a_monster_with_more_than_a_page_holds_continues_and_drops_nothing(tmp_path):
    hive = samples.overloaded_monster()
    out = sheet_pdf(tmp_path, hive)
    text = pdf_text(out)
    for aspect in hive.aspects:
        assert aspect.text in text
    for skill in hive.skills:
        assert skill in text
    for stunt in hive.stunts:
        assert stunt.name in text
    assert len(checkboxes(out, "-stress-")) == sum(len(v) for v in hive.stress_boxes.values())


@pytest.mark.parametrize("paper, size", [(Paper.LETTER, (612, 792)), (Paper.A4, (595, 842))])
def test_paper_size(tmp_path, paper, size):
    assert set(page_sizes(sheet_pdf(tmp_path, samples.ruth(), paper=paper))) == {size}


def test_footer_carries_the_attribution_notice(tmp_path):
    text = pdf_text(sheet_pdf(tmp_path, samples.ruth()))
    assert "Evil Hat Productions" in text
    assert "CC BY 3.0" in text


# --- blank forms --------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset_id", ["fate-condensed", "fate-core", "fate-accelerated"])
def test_blank_sheet_is_a_fillable_form(tmp_path, ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    out = tmp_path / "blank.pdf"
    assert export_pdf(ExportJob(What.BLANK, ruleset=ruleset_id, paper=Paper.A4), out) == 1
    names = text_fields(out)
    assert "blank-name" in names
    # one field per writing line, so typed text sits on the printed lines, a pencil's line (7 mm) apart
    assert sum(n.startswith("blank-stunts-") for n in names) >= 8
    assert sum(n.startswith("blank-notes-") for n in names) >= 5
    for part in ("stunts", "notes"):
        tops = sorted(rect[1] for name, rect in field_rects(out).items() if name.startswith(f"blank-{part}-"))
        assert min(b - a for a, b in zip(tops, tops[1:])) >= 7 * mm - 0.01
    assert sum("-aspect-" in n for n in names) == len(ruleset.aspects)
    shape_slots = sum(n for r, n in ruleset.shape.counts.items() if r > 0)
    if ruleset_id == "fate-accelerated":  # every approach named, each with its rating box
        assert sum("-approach-" in n for n in names) == len(ruleset.skills) == 6
        assert all(a in pdf_text(out) for a in ruleset.skills)
    else:
        assert sum("-skill-" in n for n in names) >= shape_slots + 1  # and a Superb row to grow into
    assert sum("-consequence-" in n for n in names) >= len(ruleset.consequences.slots)
    # Stress: the longest track each skill can earn, as check boxes.
    boxes = checkboxes(out, "-stress-")
    assert len(boxes) == sum(len(t.levels[-1].boxes) for t in ruleset.stress.tracks)
    assert not any(boxes.values())
    assert ruleset.name.upper() in pdf_text(out)


def test_blank_condensed_sheet_offers_the_extra_mild_slots(tmp_path):
    out = tmp_path / "blank.pdf"
    export_pdf(ExportJob(What.BLANK, ruleset="fate-condensed", paper=Paper.LETTER), out)
    names = text_fields(out)
    assert "blank-consequence-mild_physical" in names
    assert "blank-consequence-mild_mental" in names
    assert "Superb (+5)" in pdf_text(out)


def test_consequence_free_invokes_print_on_the_sheet_with_the_state_in_ink(tmp_path):
    ruth = samples.ruth()
    ruth.consequences[0] = ruth.consequences[0].model_copy(update={"free_invokes": 1})
    assert "Split Knuckles (recovering, 1 free invoke)" in pdf_text(sheet_pdf(tmp_path, ruth))
    assert "free invoke" not in pdf_text(sheet_pdf(tmp_path, ruth, state=False))


def test_a_monster_sheet_carries_its_own_refresh_and_fate_points(tmp_path):
    beast = samples.monster().model_copy(update={"fate_points": 4, "refresh": 2})
    text = pdf_text(sheet_pdf(tmp_path, beast))
    assert "REFRESH 2" in text and "FATE POINTS 4" in text
    assert "NPCs pay no refresh for stunts" in text


# --- the rule set's own aspects (issue 44) ----------------------------------------------------

@pytest.mark.parametrize("make", [samples.core_pc, samples.fae_pc], ids=["fate-core", "fate-accelerated"])
def test_core_and_accelerated_sheets_have_no_relationship_aspect(tmp_path, make):
    """Fate Core SRD, "Aspects": a high concept, a trouble and the phase trio; FAE SRD: a high
    concept, a trouble and one or two more. Only Fate Condensed has a relationship."""
    character = make()  # written with a Relationship aspect, as Fate Condensed has
    assert any(a.role == AspectRole.RELATIONSHIP for a in character.aspects)
    text = pdf_text(sheet_pdf(tmp_path, character))
    assert "RELATIONSHIP" not in text
    assert "HIGH CONCEPT" in text and "TROUBLE" in text
    assert all(squash(a.text) in text for a in character.aspects)  # the aspect itself prints, as an aspect
    blank = tmp_path / "blank.pdf"
    export_pdf(ExportJob(What.BLANK, ruleset=character.ruleset), blank)
    assert "RELATIONSHIP" not in pdf_text(blank)


# --- for a pencil (issue 44) ------------------------------------------------------------------

def _lines_under(out, page: int, label: str) -> list[tuple[float, float, float]]:
    """The writing lines below the run `label` and in its column."""
    x, y = next((x, y) for text, x, y, _size in placed_runs(out)[page] if text.strip() == label)
    return sorted((line for line in horizontal_lines(out, page) if line[2] < y and line[0] <= x + 5 <= line[1]),
                  key=lambda line: -line[2])


def test_a_filled_sheet_leaves_a_spare_cell_on_every_rung_for_the_next_advance(tmp_path):
    out = sheet_pdf(tmp_path, samples.ruth())  # her pyramid is full: 1, 2, 3, 4
    cells = [name for name in text_fields(out) if "-skill-" in name]
    rungs = {name.split("-skill-")[1].split("-")[0] for name in cells}
    assert rungs == {"5", "4", "3", "2", "1"}  # Superb to grow into, and one spare on each rung


def test_a_blank_sheet_has_room_to_write_an_advanced_column(tmp_path):
    out = tmp_path / "blank.pdf"
    export_pdf(ExportJob(What.BLANK, ruleset="fate-condensed"), out)
    cells = [name for name in text_fields(out) if "-skill-" in name]
    shape = get_ruleset("fate-condensed").shape.counts
    for rating, count in shape.items():  # each rung one cell more than a new character fills
        assert sum(f"-skill-{rating}-" in name for name in cells) == count + 1, rating


def test_a_filled_sheet_has_note_lines_a_pencil_apart_under_its_notes(tmp_path):
    out = sheet_pdf(tmp_path, samples.ruth())
    lines = _lines_under(out, 0, "Suspects the dean is a cultist.")
    assert len(lines) >= 3
    gaps = [a[2] - b[2] for a, b in zip(lines, lines[1:])]
    assert min(gaps) >= 7 * mm - 0.01


def test_a_consequence_leaves_a_pencil_line_of_room_under_its_caption(tmp_path):
    out = sheet_pdf(tmp_path, samples.ruth())
    runs = placed_runs(out)[0]
    caption_y = next(y for text, x, y, _size in runs if text.strip() == "recover at Great (+4)")
    line = _lines_under(out, 0, "recover at Great (+4)")[0]
    assert caption_y - line[2] >= 7 * mm


def test_skill_cells_are_at_least_an_inch_to_write_in(tmp_path):
    out = sheet_pdf(tmp_path, samples.ruth())
    great_y = next(y for text, x, y, _size in placed_runs(out)[0] if text.strip() == "Great (+4)")
    cells = [x2 - x1 for x1, x2, y in horizontal_lines(out, 0) if great_y - 20 < y < great_y + 5]
    assert cells and min(cells) >= 72 - 0.01


def test_the_toolkit_conditions_sample_fits_one_page_with_wounded_beside_its_caption(tmp_path):
    from fate_desk.rules import load_catalog
    from fate_desk.store.packs import pack_samples

    mara = pack_samples(load_catalog().packs["toolkit-conditions"])[0]
    out = tmp_path / "mara.pdf"
    assert export_pdf(ExportJob(What.SHEETS, sheets=[mara], paper=Paper.A4), out) == 1
    text = pdf_text(out)
    assert "Wounded" in text and "Lasting: needs treatment" in text
    assert "Severe" in text and "continued" not in text


def test_a_character_beyond_what_a_file_allows_still_prints(tmp_path):
    """Thirty tracks, a box worth 99 and a track named with half a megabyte: printed, not a crash
    (the checker is where such a character is refused)."""
    from fate_desk.model import CustomTrack, Severity, TrackClears

    def track(n: int, name: str, boxes: list[int]) -> CustomTrack:
        return CustomTrack.model_construct(id=f"t{n}", name=name, boxes=boxes, skill=None, levels=[], absorbs=[],
                                           clears=TrackClears.SCENE, event="", recovers_as=Severity.MODERATE,
                                           recovering=False, recovery_started=None, notes="")

    tracks = [track(n, f"Track {n}", [1, 2]) for n in range(28)]
    tracks += [track(28, "Big", [25, 99]), track(29, "word " * 100_000, [1])]
    odd = samples.ruth().model_copy(update={"tracks": tracks})
    for job in (ExportJob(What.SHEETS, sheets=[odd]), ExportJob(What.CARDS, cards=[odd]),
                ExportJob(What.SHEETS, sheets=[odd], scale=LARGE_PRINT)):
        out = tmp_path / "odd.pdf"
        assert export_pdf(job, out) >= 1
        text = pdf_text(out)
        assert "Track 27" in text and "99" in text
