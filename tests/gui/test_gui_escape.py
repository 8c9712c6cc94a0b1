"""User text shown in rich-text labels is escaped exactly as `html.escape` escapes it (the app's
own copy spares the first sheet importing `html`)."""

from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st

from fate_desk.gui.widgets import escape


@given(st.text(), st.booleans())
def test_escape_is_html_escape(text, quote):
    assert escape(text, quote=quote) == html.escape(text, quote=quote)


def test_a_name_with_markup_shows_as_typed():
    assert escape('<b>Ruth</b> & "Gus" \'O\'') == "&lt;b&gt;Ruth&lt;/b&gt; &amp; \"Gus\" 'O'"
