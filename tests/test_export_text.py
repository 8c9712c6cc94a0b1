"""User text on the page: escaped, normalised, and shrunk (never spilled) into its box."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from export_pdf_reading import pdf_text
from fate_desk.export import ExportJob, Paper, What, export_pdf
from fate_desk.export import samples
from fate_desk.export.styles import Styles, clean, fit_line, fit_paragraph, markup
from fate_desk.model import Aspect, Hazard, Stunt

STYLES = Styles()


def test_markup_escapes_what_reportlab_would_read_as_tags():
    assert markup("<b>Bold</b> & co") == "&lt;b&gt;Bold&lt;/b&gt; &amp; co"
    assert markup("line one\nline two") == "line one<br/>line two"


def test_clean_normalises_to_nfc_and_drops_unprintable_characters():
    assert clean("Cafe\u0301") == unicodedata.normalize("NFC", "Café")
    assert clean("a\x00b\x07c\td\ud800") == "abc d"
    assert clean(None) == ""


def test_short_text_keeps_its_size():
    para = fit_paragraph(markup("Short Trouble"), STYLES.aspect, 200, 20)
    assert para.style.fontSize == STYLES.aspect.fontSize


def test_long_text_shrinks_until_it_fits_its_box():
    text = markup("An aspect that goes on far longer than any aspect should. " * 4)
    para = fit_paragraph(text, STYLES.aspect, 250, 24)
    assert para.wrap(250, 24)[1] <= 24
    assert para.style.fontSize < STYLES.aspect.fontSize


def test_text_too_long_even_at_the_smallest_size_is_cut_with_an_ellipsis():
    text = markup("word " * 2000)
    para = fit_paragraph(text, STYLES.body, 100, 20)
    assert para.wrap(100, 20)[1] <= 20
    assert para.getPlainText().endswith("…")


def test_fit_line_shrinks_then_cuts():
    text, size = fit_line("A name", "FateDeskSans", 20, 500)
    assert (text, size) == ("A name", 20)
    text, size = fit_line("A much longer name than the line allows", "FateDeskSans", 20, 150)
    assert 4.5 <= size < 20 and text.startswith("A much")
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
