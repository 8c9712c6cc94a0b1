"""User text made safe inside markup: Qt's rich-text labels and reportlab's paragraphs.

What `html.escape` does, without importing `html` (its table of every named entity) or
`xml.sax.saxutils` (which imports urllib.request, and with it HTTP and e-mail): both on the way
to the first sheet or a sheet's export, where each costs milliseconds.
"""

from __future__ import annotations


def escape(text: str, quote: bool = False) -> str:
    """'&', '<' and '>' as entities; with `quote`, double and single quotes too (for attribute
    values), exactly as `html.escape` writes them."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text
