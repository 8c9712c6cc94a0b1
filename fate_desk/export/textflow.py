"""User text laid out line by line without Paragraph markup: linear in the text's length,
nothing to escape, right-to-left runs put in display order, and splittable at any line so
long text continues on the next page or card instead of being cut.

reportlab's Paragraph re-parses and re-wraps the whole text for every trial size and split,
which made a megabyte of notes take close to a minute; here the text is tokenised once and
wrapped lazily, a page at a time.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from bidi import get_display
from reportlab.pdfbase.pdfmetrics import stringWidth

from .fonts import REGULAR
from .styles import INK, clean

_TOKEN = re.compile(r"\n|[^\S\n]+|[^\s]+")
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


@dataclass(frozen=True)
class Run:
    """A stretch of text in one font and colour."""

    text: str
    font: str = REGULAR
    color: object = INK


@dataclass
class _Word:
    text: str
    font: str
    color: object
    space_before: bool  # whitespace separated it from the previous word
    newline: bool = False  # a hard line break before this word


def tokenise(runs: list[Run]) -> list[_Word]:
    words: list[_Word] = []
    space = False
    newline = False
    for run in runs:
        for token in _TOKEN.findall(clean(run.text)):
            if token == "\n":
                newline, space = True, False
            elif token.isspace():
                space = True
            else:
                words.append(_Word(token, run.font, run.color, space and not newline, newline))
                space = newline = False
    return words


class _Widths:
    """Word widths per font and size, measured once (notes repeat their words a lot)."""

    def __init__(self) -> None:
        self.cache: dict[tuple[str, str, float], float] = {}

    def __call__(self, text: str, font: str, size: float) -> float:
        key = (text, font, size)
        width = self.cache.get(key)
        if width is None:
            if len(self.cache) > 200_000:
                self.cache.clear()
            width = self.cache[key] = stringWidth(text, font, size)
        return width


WIDTHS = _Widths()

Segment = tuple[float, str, str, object]  # x offset, text, font, colour


def _break_word(word: _Word, size: float, width: float) -> list[_Word]:
    """A word wider than the line, cut into pieces that fit (a URL, a long name)."""
    pieces = []
    text = word.text
    first = True
    while text:
        lo, hi = 1, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if stringWidth(text[:mid], word.font, size) <= width:
                lo = mid
            else:
                hi = mid - 1
        pieces.append(_Word(text[:lo], word.font, word.color, word.space_before and first, word.newline and first))
        text = text[lo:]
        first = False
    return pieces


def wrap_lines(words: list[_Word], start: int, size: float, width: float, max_lines: int):
    """Up to `max_lines` lines from words[start:]; returns (lines, next start)."""
    lines: list[list[Segment]] = []
    i = start
    n = len(words)
    space_w: dict[str, float] = {}
    while i < n and len(lines) < max_lines:
        line: list[Segment] = []
        x = 0.0
        while i < n:
            word = words[i]
            if line and word.newline:
                break
            w = WIDTHS(word.text, word.font, size)
            gap = 0.0
            if line and word.space_before:
                gap = space_w.get(word.font) or space_w.setdefault(word.font, stringWidth(" ", word.font, size))
            if x + gap + w > width:
                if not line and w > width:
                    pieces = _break_word(word, size, width)
                    words = words[:i] + pieces + words[i + 1:]  # rare: a single over-long word
                    n = len(words)
                    continue
                if line:
                    break
            line.append((x + gap, word.text, word.font, word.color))
            x += gap + w
            i += 1
        lines.append(_merge(line, size))
    return lines, i, words


def _merge(line: list[Segment], size: float) -> list[Segment]:
    """Neighbouring words in one font and colour drawn as one string (fewer operators), with
    right-to-left text put in display order."""
    merged: list[Segment] = []
    for x, text, font, color in line:
        if merged and merged[-1][2] == font and merged[-1][3] == color:
            px, ptext, _, _ = merged[-1]
            merged[-1] = (px, ptext + " " * _spaces(x, px, ptext, font, size) + text, font, color)
        else:
            merged.append((x, text, font, color))
    if any(_RTL.search(seg[1]) for seg in merged):
        merged = _visual(merged, size)
    return merged


def _spaces(x: float, px: float, ptext: str, font: str, size: float) -> int:
    return 1 if x > px + WIDTHS(ptext, font, size) + 0.01 else 0


def _visual(line: list[Segment], size: float) -> list[Segment]:
    """Display order for a line holding right-to-left text: each segment reordered by the
    Unicode bidi algorithm; a line that starts right-to-left also runs its segments from the
    right."""
    texts = [get_display(text) for _, text, _, _ in line]
    first_strong = next((unicodedata.bidirectional(ch) for _, t, _, _ in line for ch in t
                         if unicodedata.bidirectional(ch) in ("L", "R", "AL")), "L")
    order = list(range(len(line)))
    if first_strong in ("R", "AL"):
        order.reverse()
    out: list[Segment] = []
    x = 0.0
    for k in order:
        _, _, font, color = line[k]
        if out:
            x += WIDTHS(" ", font, size)
        out.append((x, texts[k], font, color))
        x += WIDTHS(texts[k], font, size)
    return out


@dataclass
class RichText:
    """A flow item: runs of plain text at `size` with `leading`, wrapped to the flow's width,
    split between pages at any line. `min_size` is the smallest the flow may shrink it to."""

    runs: list[Run]
    size: float
    leading_ratio: float = 1.22
    space_after: float = 3.0
    min_size: float = 7.0
    words: list[_Word] = field(default_factory=list)
    start: int = 0
    _cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.words and self.runs:
            self.words = tokenise(self.runs)

    def sized(self, scale: float) -> float:
        return max(self.min_size, round(self.size * scale * 4) / 4)

    def _lines(self, scale: float, width: float, max_lines: int):
        size = self.sized(scale)
        key = (size, round(width, 2))
        cached = self._cache.get(key)
        if cached is not None and (len(cached[0]) >= max_lines or cached[1] >= len(self.words)):
            return cached[0][:max_lines], size
        lines, end, self.words = wrap_lines(self.words, self.start, size, width, max_lines)
        self._cache = {key: (lines, end)}
        return lines, size

    def height(self, scale: float, width: float, limit: float) -> float:
        """The full height, or something above `limit` once it is clear the text is taller."""
        size = self.sized(scale)
        leading = size * self.leading_ratio
        max_lines = int(limit // leading) + 2
        lines, _ = self._lines(scale, width, max_lines)
        return len(lines) * leading + self.space_after * scale

    def split(self, scale: float, width: float, room: float):
        """(head, tail): the lines that fit in `room`, and the rest as a new item."""
        size = self.sized(scale)
        leading = size * self.leading_ratio
        fit = int(room // leading)
        if fit < 1:
            return None, self
        lines, _ = self._lines(scale, width, fit + 1)
        if len(lines) <= fit:
            return self, None
        _, end, self.words = wrap_lines(self.words, self.start, size, width, fit)
        head = _DrawnLines(lines[:fit], size, leading, 0.0)
        tail = RichText(self.runs, self.size, self.leading_ratio, self.space_after, self.min_size,
                        self.words, end)
        return head, tail

    def draw(self, c, x: float, top: float, width: float, scale: float) -> None:
        size = self.sized(scale)
        lines, _ = self._lines(scale, width, len(self.words) + 1)
        _DrawnLines(lines, size, size * self.leading_ratio, 0.0).draw(c, x, top, width, scale)

    @property
    def empty(self) -> bool:
        return self.start >= len(self.words)


@dataclass
class _DrawnLines:
    """Lines already wrapped (the head of a split)."""

    lines: list
    size: float
    leading: float
    space_after: float

    def height(self, scale: float, width: float, limit: float) -> float:
        return len(self.lines) * self.leading + self.space_after

    def split(self, scale: float, width: float, room: float):
        fit = int(room // self.leading)
        if fit >= len(self.lines):
            return self, None
        if fit < 1:
            return None, self
        return (_DrawnLines(self.lines[:fit], self.size, self.leading, 0.0),
                _DrawnLines(self.lines[fit:], self.size, self.leading, self.space_after))

    def draw(self, c, x: float, top: float, width: float, scale: float) -> None:
        y = top - self.size
        current = None
        for line in self.lines:
            for dx, text, font, color in line:
                if (font, color) != current:
                    c.setFont(font, self.size)
                    c.setFillColor(color)
                    current = (font, color)
                c.drawString(x + dx, y, text)
            y -= self.leading
        c.setFillColor(INK)


def missing_glyphs(texts, font: str = REGULAR) -> list[str]:
    """Characters in `texts` the bundled font has no glyph for, each once, in order met."""
    from reportlab.pdfbase.pdfmetrics import getFont

    covered = getFont(font).face.charToGlyph
    seen: dict[str, None] = {}
    for text in texts:
        for ch in clean(text):
            if ch in seen or ord(ch) in covered or ch.isspace():
                continue
            if unicodedata.category(ch) in ("Cf", "Mn") and ord(ch) in covered:
                continue
            seen[ch] = None
    return list(seen)
