"""Every script printed right: a face with the letters for every style, right-to-left text in
reading order and set from the right, Arabic joined, Chinese, Japanese and Korean in an
embedded subset only when needed (issue 25, items 8-10)."""

from __future__ import annotations

import unicodedata

import pytest
from pypdf import PdfReader

from export_pdf_reading import card_texts, glyphs_missing, page_fonts, page_texts, pdf_text, placed_runs
from fate_desk.printing import ExportJob, Paper, What, campaign_job, export_pdf, unprintable_characters
from fate_desk.printing import samples
from fate_desk.model import Aspect, AspectRole, Character, Hazard, Stunt

ARABIC = "مرحبا بالعالم"
HEBREW = "שלום עולם"
CJK = "漢字 かな カナ 한국어"


def write(tmp_path, job, name="out.pdf"):
    out = tmp_path / name
    export_pdf(job, out)
    return out


def scripts_character() -> Character:
    return Character(
        name="מגדלור טובע", description=f"{HEBREW}. {ARABIC}.",
        aspects=[Aspect(role=AspectRole.HIGH_CONCEPT, text=ARABIC), Aspect(role=AspectRole.TROUBLE, text=HEBREW)],
        stunts=[Stunt(name="ضربة", text=f"{ARABIC} +2.")], notes=f"{CJK} and English.", skills={"Fight": 2})


def test_arabic_in_italic_is_drawn_in_a_face_that_has_its_letters(tmp_path):
    # Card notes are italic, and the oblique faces have no Arabic: it falls back to the upright face.
    hazard = Hazard(name="Sandstorm", notes=f"{ARABIC} and {HEBREW}")
    job = ExportJob(What.CARDS, cards=[hazard], paper=Paper.LETTER)
    assert unprintable_characters(job) == []
    out = write(tmp_path, job)
    assert glyphs_missing(out) == []
    assert ARABIC in unicodedata.normalize("NFKC", pdf_text(out))


def test_every_kind_with_every_script_draws_no_empty_box(tmp_path):
    who = scripts_character()
    jobs = {
        "sheet": ExportJob(What.SHEETS, sheets=[who], paper=Paper.LETTER, state=True),
        "card": ExportJob(What.CARDS, cards=[who], paper=Paper.A4),
        "pack": ExportJob(What.PACK, sheets=[who], cards=[who], title=who.name, paper=Paper.LETTER),
        "trackers": ExportJob(What.TRACKERS, players=[who.name, "张伟"], paper=Paper.LETTER),
    }
    for name, job in jobs.items():
        assert glyphs_missing(write(tmp_path, job, f"{name}.pdf")) == [], name


def test_arabic_letters_are_joined_not_printed_in_isolated_forms(tmp_path):
    out = write(tmp_path, ExportJob(What.SHEETS, sheets=[scripts_character()], paper=Paper.LETTER))
    drawn = "".join(text for page in placed_runs(out) for text, *_ in page)
    # The word's first letter joins the next (initial form) and its last closes it (final form).
    assert "\ufee3" in drawn and "\ufe8e" in drawn  # meem initial, alef final
    assert ARABIC in unicodedata.normalize("NFKC", pdf_text(out))


def test_right_to_left_footer_and_cover_read_in_order_and_are_set_from_the_right(tmp_path):
    who = scripts_character()
    out = write(tmp_path, ExportJob(What.PACK, sheets=[who], title="מגדלור טובע", paper=Paper.LETTER))
    cover = page_texts(out)[0]
    assert cover.startswith("מגדלור טובע")  # the title in reading order (reversed it would read "עבוט רולדגמ")
    assert "עבוט" not in pdf_text(out)
    title_x = next(x for text, x, y, _ in placed_runs(out)[0] if "טובע" in text and y > 700)
    assert title_x > 612 / 2  # set against the right margin
    last = page_texts(out)[-1]  # a landscape card page: room for the title in the footer
    assert "מגדלור טובע" in last
    reader = PdfReader(str(out))
    footer = {text.strip(): x for text, x, y, _ in placed_runs(out)[-1] if y < 50}
    count = next(x for t, x in footer.items() if t.startswith("page"))
    title = next(x for t, x in footer.items() if "טובע" in t or "עבוט" in t)
    assert float(reader.pages[-1].mediabox.width) / 2 < title < count  # the title, then the count, at the right


def test_a_right_to_left_paragraph_is_set_from_the_right_with_its_full_stop_last(tmp_path):
    who = scripts_character()
    out = write(tmp_path, ExportJob(What.SHEETS, sheets=[who], paper=Paper.LETTER))
    runs = placed_runs(out)[0]
    _, x, *_ = next(r for r in runs if HEBREW in r[0] or "עולם" in r[0] and "." in r[0])
    assert x > 40  # not at the left margin: set against the right edge of the header
    assert HEBREW + ". " + ARABIC in unicodedata.normalize("NFKC", pdf_text(out))


def test_brackets_in_right_to_left_text_are_mirrored_once():
    from fate_desk.printing.styles import Styles
    from fate_desk.printing.textflow import display_order

    Styles()
    # In display order the bracket that closes the phrase is drawn on the left as "(".
    assert display_order("שלום (עולם).") == ".(םלוע) םולש"
    assert display_order("عندما (مرتين).").startswith(".(")


def test_chinese_japanese_and_korean_print_from_an_embedded_subset_only_when_needed(tmp_path):
    ordinary = write(tmp_path, ExportJob(What.SHEETS, sheets=[samples.ruth()], paper=Paper.LETTER), "plain.pdf")
    assert not any("DroidSansFallback" in name for name, _ in page_fonts(ordinary))
    assert ordinary.stat().st_size < 300_000
    who = samples.ruth().model_copy(update={"notes": CJK})
    job = ExportJob(What.SHEETS, sheets=[who], paper=Paper.LETTER)
    assert unprintable_characters(job) == []
    out = write(tmp_path, job, "cjk.pdf")
    assert ("/AAAAAA+DroidSansFallback", True) in set(page_fonts(out))  # embedded
    assert CJK in pdf_text(out)
    assert out.stat().st_size < 300_000  # a subset, not the 3 MB face
    assert card_texts(write(tmp_path, ExportJob(What.CARDS, cards=[who], paper=Paper.LETTER), "c.pdf"))


def scripts_campaign():
    """The sample campaign with its people, scenes and aspects named in Hebrew, Arabic and CJK."""
    campaign = samples.scene_campaign()
    names = ["מגדלור טובע", "مرحبا بالعالم", "漢字 かな", "한국어 이름", "Ruth (רות)", "Dean وليد"]
    for character, name in zip(campaign.characters, names):
        character.name = name
        character.description = f"{HEBREW}. {ARABIC}. {CJK}."
    campaign.name = "ספר האסור"
    bridge = campaign.scenes[1]
    bridge.name = "الجسر"
    bridge.aspects[0].text = "חושך מוחלט (Pitch Dark)"
    bridge.zones[0].name = "مرفأ"
    return campaign


@pytest.mark.parametrize("what", [What.PACK, What.SHEETS, What.CARDS, What.SCENE, What.ASPECT_CARDS, What.TRACKERS])
def test_every_kind_in_every_script_reads_back_whole_and_legible(tmp_path, what):
    from export_pdf_reading import smallest_text

    campaign = scripts_campaign()
    scene = "الجسر" if what in (What.SCENE, What.ASPECT_CARDS) else None
    out = write(tmp_path, campaign_job(campaign, what, scene=scene, paper=Paper.A4))
    assert glyphs_missing(out) == []
    size, text = smallest_text(out)
    assert size >= 6.5, f"{text!r} prints at {size} pt"
    read = unicodedata.normalize("NFKC", pdf_text(out))
    if what in (What.PACK, What.SHEETS, What.CARDS):
        assert HEBREW in read and ARABIC in read and "漢字" in read
