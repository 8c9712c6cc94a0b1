"""Every kind of PDF, read back as a player or GM would use it: no word lost, nothing too small
to read, lines that survive a photocopier, bookmarks, and the new printables."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from export_pdf_reading import (
    glyphs_missing,
    outline_titles, page_texts, pdf_text, smallest_text, squash, strokes, text_fields, text_runs,
)
from fate_desk.printing import (
    ExportJob, Paper, What, campaign_job, character_job, export_pdf, unprintable_characters,
)
from fate_desk.printing import samples
from fate_desk.model import CampaignOptions, Character
from fate_desk.rules import get_ruleset


def write(tmp_path, job, name="out.pdf"):
    out = tmp_path / name
    export_pdf(job, out)
    return out


def words_of(character: Character) -> list[str]:
    """Every word of every skill, aspect, stunt and rule break."""
    texts = list(character.skills) + [a.text for a in character.aspects]
    texts += [s.name for s in character.stunts] + [s.text for s in character.stunts]
    texts += [b.text for b in character.rule_breaks]
    return [w for t in texts for w in t.split()]


EVERYONE = [samples.ruth, samples.zoe, samples.long_winded, samples.core_pc, samples.fae_pc, samples.monster,
            samples.overloaded_monster, samples.normal_monster, samples.nine_average_npc, *[lambda i=i: samples.minor_npcs()[i]
                                                                              for i in range(2)]]


@pytest.mark.parametrize("make", EVERYONE)
@pytest.mark.parametrize("what", [What.SHEETS, What.CARDS])
def test_no_skill_aspect_stunt_or_rule_break_word_is_ever_dropped(tmp_path, make, what):
    character = make()
    out = write(tmp_path, character_job(character, what, Paper.LETTER))
    text = pdf_text(out)
    missing = [w for w in words_of(character) if w not in text]
    assert not missing
    assert "…" not in text  # nothing cut short


@pytest.mark.parametrize("make", EVERYONE)
@pytest.mark.parametrize("what", [What.SHEETS, What.CARDS])
def test_nothing_prints_below_six_points_and_card_body_text_not_below_seven(tmp_path, make, what):
    character = make()
    out = write(tmp_path, character_job(character, what, Paper.LETTER))
    size, text = smallest_text(out)
    assert size >= 6, f"{text!r} prints at {size} pt"
    if what == What.CARDS:
        body = [(s, t) for t, s in text_runs(out) if any(a.text in t for a in character.aspects if a.text)]
        assert body and min(body)[0] >= 7


def every_kind_jobs() -> dict[str, ExportJob]:
    campaign = samples.sample_campaign()
    return {
        "pack": campaign_job(campaign, What.PACK, paper=Paper.LETTER),
        "session pack": campaign_job(campaign, What.PACK, session=2, paper=Paper.A4),
        "sheets": campaign_job(campaign, What.SHEETS),
        "cards": campaign_job(campaign, What.CARDS),
        "reference": ExportJob(What.REFERENCE, options=CampaignOptions(weapon_armor=True, scale=True)),
        "scene": campaign_job(campaign, What.SCENE, scene="The Bridge"),
        "aspect cards": campaign_job(campaign, What.ASPECT_CARDS, scene="The Bridge"),
        "trackers": campaign_job(campaign, What.TRACKERS),
        **{f"blank {r}": ExportJob(What.BLANK, ruleset=r) for r in ("fate-condensed", "fate-core", "fate-accelerated")},
        **{f"cheat sheet {r}": ExportJob(What.CHEAT_SHEET, ruleset=r) for r in ("fate-condensed", "fate-core")},
        **{f"skill card {r}": ExportJob(What.SKILL_CARD, ruleset=r) for r in ("fate-condensed", "fate-accelerated")},
        "blank cards": ExportJob(What.BLANK_CARDS),
    }


@pytest.mark.parametrize("kind", list(every_kind_jobs()))
def test_every_kind_prints_nothing_below_six_points_with_bookmarks_and_dark_lines(tmp_path, kind):
    out = write(tmp_path, every_kind_jobs()[kind])
    size, text = smallest_text(out)
    assert size >= 6, f"{text!r} prints at {size} pt"
    assert outline_titles(out), "no bookmarks"
    # Every stroked line is dark and wide enough to survive a cheap 1-bit copier.
    light = [(g, w) for g, w in strokes(out) if g > 0.45 or w < 0.5]
    assert not light, light[:5]
    assert "CC BY 3.0 (faterpg.com/licensing)." in pdf_text(out)
    assert glyphs_missing(out) == []  # no character printed as an empty box (.notdef)


def test_the_whole_campaign_pack_has_major_npcs_a_cover_and_a_bookmark_per_entry(tmp_path):
    campaign = samples.sample_campaign()
    out = write(tmp_path, campaign_job(campaign, What.PACK, paper=Paper.LETTER))
    titles = outline_titles(out)
    assert "Dean Whitlock (Major NPC)" in titles
    assert titles[0] == "Cover and contents"
    for character in campaign.characters:
        assert any(t.startswith(character.name) for t in titles), character.name
    assert "Scene: The Bridge" in titles
    first_page = pdf_text(out).split("page 1 of", 1)[0]
    assert "The Forbidden Index" in first_page and "CONTENTS" in first_page


def test_card_pages_are_filled_across_kinds_not_one_deck_per_page(tmp_path):
    campaign = samples.sample_campaign()
    job = campaign_job(campaign, What.PACK, session=2, paper=Paper.LETTER)
    out = write(tmp_path, job)
    texts = [squash(t) for t in page_texts(out)]
    shoggoth_page = next(t for t in texts if "The Shoggoth" in t and "MONSTER" in t)
    # the monster does not sit alone on its page: the reference cards fill the rest of it
    assert "The ladder" in shoggoth_page


def test_the_licence_notice_prints_whole_even_with_a_very_long_title(tmp_path):
    job = ExportJob(What.SHEETS, sheets=[samples.ruth()], title="A " + "very " * 60 + "long campaign name")
    text = pdf_text(write(tmp_path, job))
    assert ("Based on Fate Core, Fate Accelerated and Fate Condensed by Evil Hat Productions, LLC, "
            "licensed under CC BY 3.0 (faterpg.com/licensing).") in text


def test_a_table_copy_is_the_default_and_state_prints_as_page_content_when_asked(tmp_path):
    zoe = samples.zoe()
    table = pdf_text(write(tmp_path, ExportJob(What.SHEETS, sheets=[zoe]), "table.pdf"))
    assert "Pulled Shoulder" not in table and "pencil it in" in table
    inked = write(tmp_path, ExportJob(What.SHEETS, sheets=[zoe], state=True), "inked.pdf")
    text = pdf_text(inked)
    assert "Pulled Shoulder" in text and "Cracked Rib" in text
    # marked stress boxes are crossed in the page content itself, not only in form fields
    from pypdf import PdfReader

    content = PdfReader(str(inked)).pages[0].get_contents().get_data().decode("latin1")
    assert content.count(" l\n") + content.count(" l ") >= 2 * sum(len(v) for v in zoe.stress.values())


def test_a_rule_set_word_cannot_inject_markup_into_cards(tmp_path, monkeypatch):
    condensed = get_ruleset("fate-condensed")
    hostile = condensed.model_copy(update={"skill_word_plural_form": '<font size=200>big</font><img src="/etc/passwd"/>'})
    from fate_desk.printing import document

    monkeypatch.setattr(document, "get_ruleset", lambda rid: hostile)
    out = write(tmp_path, ExportJob(What.CARDS, cards=[samples.minor_npcs()[0]]))
    text = pdf_text(out)
    assert '<font size=200>big</font><img src="/etc/passwd"/>' in text.replace("' ", "'")
    assert smallest_text(out)[0] >= 6 and max(s for _, s in text_runs(out)) < 30


def test_an_npc_with_two_hundred_thousand_boxes_prints_and_says_how_many_more(tmp_path):
    npc = samples.monster().model_copy(update={"stress_boxes": {"physical": [1] * 200_000}})
    text = pdf_text(write(tmp_path, ExportJob(What.SHEETS, sheets=[npc])))
    assert "and 199,940 more boxes" in text


def test_characters_the_font_cannot_draw_are_named_and_rtl_prints_in_reading_order(tmp_path):
    pc = samples.ruth().model_copy(update={"notes": "漢字 ก and שלום עולם", "name": "Ruth בת שבע"})
    job = ExportJob(What.SHEETS, sheets=[pc])
    assert unprintable_characters(job) == ["ก"]  # Chinese prints in the bundled CJK face; Thai has none
    text = pdf_text(write(tmp_path, job))
    # Hebrew is drawn in display order; a PDF reader (pypdf here) turns display order back into
    # reading order, so text drawn in the wrong order would come out reversed ("םלוע םולש").
    assert "and שלום עולם" in text
    assert "Ruth בת שבע" in text  # a name drawn as one line too


def test_unprintable_characters_are_named_once_each_in_the_order_the_cards_hold_them():
    """Across many entries the warning names each character once, in the order the PDF meets
    them, including in a skill's name (a key of the character's skills)."""
    first, second = samples.minor_npcs()[:2]
    first = first.model_copy(update={"skills": {**first.skills, "Fight ก": 2}})
    second = second.model_copy(update={"name": "ខ and ก", "notes": "ก again, then ខ"})
    job = ExportJob(What.CARDS, cards=[first, second, first])
    assert unprintable_characters(job) == ["ก", "ខ"]


def test_cli_names_unprintable_characters_before_printing(tmp_path, capsys):
    from fate_desk.cli import main

    path = tmp_path / "ruth.fate.json"
    from fate_desk.store.interchange import write_character_file

    write_character_file(path, samples.ruth().model_copy(update={"name": "Ruth ก"}))
    code = main(["export", str(path), "--out", str(tmp_path / "r.pdf")])
    err = capsys.readouterr().err
    assert code == 0
    assert "cannot draw ก (U+0E01)" in err and err.count("\n") == 1


def test_pdf_metadata_language_keywords_and_actual_size_for_cards(tmp_path):
    from pypdf import PdfReader

    out = write(tmp_path, ExportJob(What.CARDS, cards=samples.deck(3)))
    reader = PdfReader(str(out))
    root = reader.trailer["/Root"]
    assert root.get("/Lang") == "en"
    assert root["/ViewerPreferences"]["/PrintScaling"] == "/None"
    assert "Fate" in reader.metadata.get("/Keywords", "")


# --- blanks --------------------------------------------------------------------------------

def test_blank_sheets_have_a_superb_row_core_extras_and_fae_approaches(tmp_path):
    condensed = pdf_text(write(tmp_path, ExportJob(What.BLANK, ruleset="fate-condensed"), "c.pdf"))
    core = write(tmp_path, ExportJob(What.BLANK, ruleset="fate-core"), "core.pdf")
    fae = pdf_text(write(tmp_path, ExportJob(What.BLANK, ruleset="fate-accelerated"), "fae.pdf"))
    assert "Superb (+5)" in condensed
    assert "EXTRAS" in pdf_text(core) and any(n.startswith("blank-extras-") for n in text_fields(core))
    assert all(a in fae for a in ("Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky"))
    # the blank conditions sheet says which boxes need Superb
    conditions = ExportJob(What.BLANK, ruleset="fate-condensed", options=CampaignOptions(conditions="plain"))
    assert "needs Superb+" in pdf_text(write(tmp_path, conditions, "cond.pdf"))


def test_blank_stress_boxes_are_5_mm_and_earned_ones_are_dashed_with_their_rating(tmp_path):
    from pypdf import PdfReader

    out = write(tmp_path, ExportJob(What.BLANK, ruleset="fate-condensed"))
    reader = PdfReader(str(out))
    sizes = [float(f["/Rect"][2]) - float(f["/Rect"][0]) for f in
             (a.get_object() for a in reader.pages[0]["/Annots"]) if f.get("/FT") == "/Btn"]
    assert sizes and min(sizes) >= 14.1  # 5 mm
    text = pdf_text(out)
    assert "Average+" in text and "Good+" in text


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_a_one_bit_copy_of_a_blank_keeps_its_writing_lines(tmp_path):
    out = write(tmp_path, ExportJob(What.BLANK, ruleset="fate-condensed", paper=Paper.LETTER))
    subprocess.run(["pdftoppm", "-r", "100", "-gray", "-singlefile", str(out), str(tmp_path / "page")], check=True)
    data = (tmp_path / "page.pgm").read_bytes()
    header, pixels = _pgm(data)
    width, height = header
    # Threshold at 60 %: a cheap copier keeps what is darker than that.
    dark_rows = []
    for y in range(height // 2, height - 60):  # the lower half: stunts and notes lines
        row = pixels[y * width:(y + 1) * width]
        dark = sum(1 for v in row[40:width // 2] if v < 0.6 * 255)
        if dark > width // 4:
            dark_rows.append(y)
    lines = [y for i, y in enumerate(dark_rows) if i == 0 or y - dark_rows[i - 1] > 2]
    assert len(lines) >= 8  # the stunt box's writing lines survive


def _pgm(data: bytes):
    parts = data.split(maxsplit=4)
    width, height = int(parts[1]), int(parts[2])
    return (width, height), parts[4][-width * height:] if len(parts) > 4 else b""


# --- new printables ---------------------------------------------------------------------------

def test_scene_sheet_shows_zones_connections_aspects_and_who_is_there(tmp_path):
    campaign = samples.scene_campaign()
    text = pdf_text(write(tmp_path, campaign_job(campaign, What.SCENE, scene="The Bridge")))
    for words in ("Scene: The Bridge", "The Dock", "Bell Tower", "connects to: Bell Tower", "connects to: The Dock",
                  "Thick Fog", "Off Balance", "Slick With Rain", "Narrow Stairs", "Free invokes", "WHO IS HERE",
                  "Dean Whitlock", "The Shoggoth"):
        assert words in text, words


def test_aspect_cards_give_each_aspect_and_boost_a_card_with_invoke_boxes(tmp_path):
    campaign = samples.scene_campaign()
    text = pdf_text(write(tmp_path, campaign_job(campaign, What.ASPECT_CARDS, scene="The Bridge")))
    for aspect in ("Thick Fog", "Off Balance", "Slick With Rain", "Narrow Stairs"):
        assert aspect in text
    assert "Boost: invoke once" in text and text.count("Free invokes") == 3
    assert text.count("fold here to stand it up") == 4  # tent cards: the aspect twice, one upside down
    assert text.count("Thick Fog") >= 2


def test_trackers_cheat_sheet_skill_card_and_blank_cards_hold_what_the_table_needs(tmp_path):
    campaign = samples.sample_campaign()
    trackers = pdf_text(write(tmp_path, campaign_job(campaign, What.TRACKERS), "t.pdf"))
    assert "GM's fate points" in trackers and "Ruth" in trackers and "Zoë «Ζωή» Петрова" in trackers
    cheat = ExportJob(What.CHEAT_SHEET, ruleset="fate-core")
    out = write(tmp_path, cheat, "cheat.pdf")
    text = pdf_text(out)
    for words in ("Legendary", "OVERCOME", "CREATE AN ADVANTAGE", "ATTACK", "DEFEND", "With style",
                  "SETTING DIFFICULTIES", "QUICK NPCS", "TURN ORDER", "Notice"):
        assert words in text, words
    from export_pdf_reading import page_sizes

    assert len(page_sizes(out)) == 1  # one page
    skills = pdf_text(write(tmp_path, ExportJob(What.SKILL_CARD, ruleset="fate-condensed"), "s.pdf"))
    assert all(s in skills for s in get_ruleset("fate-condensed").skills)
    assert "Overcome:" in skills and "Defend:" in skills
    approaches = pdf_text(write(tmp_path, ExportJob(What.SKILL_CARD, ruleset="fate-accelerated"), "a.pdf"))
    assert all(s in approaches for s in get_ruleset("fate-accelerated").skills)
    blanks = pdf_text(write(tmp_path, ExportJob(What.BLANK_CARDS), "b.pdf"))
    for kind in ("Blank NPC card", "Blank monster card", "Blank obstacle card", "Blank countdown card"):
        assert kind.upper() in blanks


def test_reference_wording_follows_the_rule_set(tmp_path):
    fae = pdf_text(write(tmp_path, ExportJob(What.REFERENCE, ruleset="fate-accelerated",
                                             options=CampaignOptions(extreme_consequences=True))))
    assert "breakthrough" not in fae.lower()
