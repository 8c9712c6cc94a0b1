"""Named paragraph styles, safe markup for our own words, and one-line labels fitted to a width."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.lib.styles import ParagraphStyle

from fate_desk.markup import escape

from .fonts import BOLD, ITALIC, REGULAR, register_fonts, text_width

INK = Color(0, 0, 0)
# Captions and writing lines dark enough to survive a 1-bit photocopy (threshold around 60%).
GREY = Color(0.28, 0.28, 0.28)
RULE = Color(0.35, 0.35, 0.35)

# Control characters break PDF strings and lone surrogates break UTF-8; neither is printable.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def clean(text: str | None) -> str:
    """User text normalised to NFC, tabs as spaces, unprintable characters dropped."""
    text = unicodedata.normalize("NFC", text or "")
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ")
    return _UNPRINTABLE.sub("", text)


def markup(text: str | None) -> str:
    """User text made safe for Paragraph markup: '<b>' and '&' print as typed."""
    return escape(clean(text)).replace("\n", "<br/>")


def one_line(text: str | None) -> str:
    """User text for a single line: line breaks become spaces."""
    return " ".join(clean(text).split())


def _style(name: str, font: str, size: float, leading: float | None = None, color=INK, **kw) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=font, fontSize=size, leading=leading or size * 1.2, textColor=color, **kw)


class Styles:
    """The named styles every renderer shares (fonts registered on first use)."""

    def __init__(self) -> None:
        register_fonts()
        self.body = _style("body", REGULAR, 8.5, 10.4)
        self.small = _style("small", REGULAR, 7, 8.6, GREY)
        self.label = _style("label", BOLD, 6.5, 8, GREY)
        self.aspect = _style("aspect", BOLD, 10, 12)
        self.name = _style("name", BOLD, 20, 23)
        self.card_body = _style("card_body", REGULAR, 9.5, 11.6)
        self.heading = _style("heading", BOLD, 8.5, 10.4)
        self.italic = _style("italic", ITALIC, 8, 9.6, GREY)


@lru_cache(maxsize=512)
def scaled(style: ParagraphStyle, size: float) -> ParagraphStyle:
    """The same style at another font size, leading kept in proportion."""
    ratio = style.leading / style.fontSize
    return ParagraphStyle(f"{style.name}@{size:g}", parent=style, fontSize=size, leading=size * ratio)


def fit_line(text: str, font: str, size: float, width: float, min_size: float = 6.0) -> tuple[str, float]:
    """Plain text for one line (a name, a label): the font size that fits `width`, never below
    `min_size`; only beyond that is it cut with '…'."""
    text = one_line(text)
    needed = text_width(text, font, size)
    if needed <= width:
        return text, size
    fitted = size * width / needed
    if fitted >= min_size:
        return text, fitted
    lo, hi = 0, len(text)
    while lo < hi:  # the longest start that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + "…", font, min_size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…", min_size
