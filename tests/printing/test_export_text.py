"""User text on the page: escaped, normalised, wrapped and split between pages, never cut."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from export_pdf_reading import pdf_text
from fate_desk.printing import ExportJob, Paper, What, export_pdf
from fate_desk.printing import samples
from fate_desk.printing.styles import Styles, clean, fit_line, markup
from fate_desk.printing.textflow import RichText, Run
from fate_desk.model import Aspect, Hazard, Stunt

STYLES = Styles()


def test_markup_escapes_what_reportlab_would_read_as_tags():
    assert markup("<b>Bold</b> & co") == "&lt;b&gt;Bold&lt;/b&gt; &amp; co"
    assert markup("line one\nline two") == "line one<br/>line two"


def test_clean_normalises_to_nfc_and_drops_unprintable_characters():
    assert clean("Cafe\u0301") == unicodedata.normalize("NFC", "Café")
    assert clean("a\x00b\x07c\td\ud800") == "abc d"
    assert clean(None) == ""


def test_long_text_wraps_at_full_size_and_splits_between_pages_without_losing_a_word():
    text = "An aspect that goes on far longer than any aspect should. " * 40
    item = RichText([Run(text)], 10)
    assert item.height(1.0, 250, 10_000) > 100  # it wraps instead of shrinking
    head, tail = item.split(1.0, 250, 60)
    assert head is not None and tail is not None and head.height(1.0, 250, 60) <= 60
    words = []
    for lines in (head.lines, tail._lines(1.0, 250, 10_000)[0]):
        words += [w for line in lines for _, seg, _, _ in line for w in seg.split()]
    assert words == text.split()


def test_a_word_longer_than_the_line_is_broken_not_dropped():
    item = RichText([Run("x" * 500)], 9)
    lines = item._lines(1.0, 100, 1000)[0]
    assert "".join(seg for line in lines for _, seg, _, _ in line) == "x" * 500


def test_fit_line_shrinks_then_cuts():
    text, size = fit_line("A name", "FateDeskSans", 20, 500)
    assert (text, size) == ("A name", 20)
    text, size = fit_line("A much longer name than the line allows", "FateDeskSans", 20, 150)
    assert 6 <= size < 20 and text.startswith("A much")  # never below 6 pt
    text, size = fit_line("x" * 5000, "FateDeskSans", 20, 100)
    assert text.endswith("…") and len(text) < 100


any_text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=any_text, aspect=any_text, stunt=any_text, notes=any_text)
def test_any_text_prints_without_crashing(tmp_path, name, aspect, stunt, notes):
    character = samples.ruth().model_copy(update={
        "name": name, "aspects": [Aspect(text=aspect)], "stunts": [Stunt(name=stunt, text=stunt)], "notes": notes,
    })
    job = ExportJob(What.PACK, sheets=[character], cards=[character, Hazard(name=name, notes=notes)],
                    ruleset="fate-condensed", paper=Paper.A4)
    assert export_pdf(job, tmp_path / "any.pdf") > 0


def test_printable_text_round_trips(tmp_path):
    name = "Ἀθηνᾶ & <Ярослава> O'Brien \"Ñandú\""
    out = tmp_path / "x.pdf"
    export_pdf(ExportJob(What.SHEETS, sheets=[samples.ruth().model_copy(update={"name": name})]), out)
    assert name in pdf_text(out)


def test_markup_escapes_as_the_standard_library_does():
    from xml.sax.saxutils import escape as standard

    from fate_desk.printing.styles import escape

    for text in ("<b>bold</b> & more", "a &amp; b", "x > y < z", "&lt;", "plain", "", "«»&<>\"'"):
        assert escape(text) == standard(text)


# --- one text path (issue 44) -------------------------------------------------------------------

def _lines(text: str, width: float, size: float = 9.0) -> list[list]:
    return RichText([Run(text)], size)._lines(1.0, width, 10_000)[0]


def test_a_wrapped_english_sentence_that_starts_with_an_arabic_name_reads_left_to_right():
    from fate_desk.printing.textflow import RightToLeftLine

    sentence = "مرحبا is how Layla greets every sailor who walks into the harbour office before dawn"
    lines = _lines(sentence, 160)
    assert len(lines) >= 3
    assert not any(isinstance(line, RightToLeftLine) for line in lines)  # every line from the left
    second = " ".join(seg[1] for seg in lines[1])
    words = sentence.split()
    assert second.split() == words[words.index(second.split()[0]):][:len(second.split())]  # in reading order


def test_a_hebrew_paragraph_with_an_english_word_still_reads_from_the_right():
    from fate_desk.printing.textflow import RightToLeftLine

    lines = _lines("שלום עולם ושלום לכל מי שקורא את המשפט הזה ב-Fate בכל יום", 90)
    assert len(lines) >= 2 and all(isinstance(line, RightToLeftLine) for line in lines)


def test_our_own_words_print_chinese_and_korean_in_the_face_that_has_them():
    """The reference texts' markup is read into runs, so bold and colour survive and each
    letter goes to a face that has it."""
    from fate_desk.printing.fonts import BOLD, CJK, REGULAR
    from fate_desk.printing.textflow import markup_runs, tokenise

    runs = markup_runs("<b>失败</b> 级差 &lt;0 &amp; <font color=\"#474747\">무료</font><br/>next")
    assert [r.text for r in runs] == ["失败", " 级差 <0 & ", "무료", "\n", "next"]
    assert runs[0].font == BOLD and runs[1].font == REGULAR
    faces = {word.text: word.font for word in tokenise(list(runs))}
    assert faces["失"] == CJK and faces["무료"] == CJK and faces["<0"] == REGULAR


def test_chinese_breaks_between_characters_but_never_before_a_comma():
    text = "在场景、盟友或敌人身上制造一个新特征，敌人可以防御。" * 3
    lines = _lines(text, 120)
    assert len(lines) > 2
    joined = ["".join(seg[1] for seg in line) for line in lines]
    assert "".join(joined) == text
    assert not any(line[0] in "，。、" for line in joined)
    assert all(RichText([Run(line)], 9.0).height(1.0, 120, 100) <= 9.0 * 1.22 + 3.01 for line in joined)
