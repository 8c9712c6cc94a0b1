"""User text shown in rich-text labels and printed paragraphs is escaped exactly as
`html.escape` escapes it (fate_desk/markup.py spares the first sheet importing `html`)."""

from __future__ import annotations

import html
from xml.sax.saxutils import escape as sax_escape

from hypothesis import given
from hypothesis import strategies as st

from fate_desk.gui.widgets import escape
# Imported here, not in the test: its first import (reportlab) under load outran hypothesis's
# deadline for the first example.
from fate_desk.printing.styles import escape as print_escape


@given(st.text(), st.booleans())
def test_escape_is_html_escape(text, quote):
    assert escape(text, quote=quote) == html.escape(text, quote=quote)


@given(st.text())
def test_printed_markup_escapes_as_the_standard_library(text):
    assert print_escape(text) == sax_escape(text)


def test_a_name_with_markup_shows_as_typed():
    assert escape('<b>Ruth</b> & "Gus" \'O\'') == "&lt;b&gt;Ruth&lt;/b&gt; &amp; \"Gus\" 'O'"
