"""User text laid out line by line without Paragraph markup: linear in the text's length,
nothing to escape, right-to-left runs put in display order, and splittable at any line so
long text continues on the next page or card instead of being cut.

reportlab's Paragraph re-parses and re-wraps the whole text for every trial size and split,
which made a megabyte of notes take close to a minute; here the text is tokenised once and
wrapped lazily, a page at a time.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache

from bidi import algorithm as bidi_algorithm
from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from .fonts import BOLD, BOLD_ITALIC, ITALIC, REGULAR, can_draw, face_runs, needs_shaping, shape
from .styles import INK, clean

_TOKEN = re.compile(r"\n|[^\S\n]+|[^\s]+")
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
_ASCII_LETTER = re.compile("[A-Za-z]")


@dataclass(frozen=True)
class Run:
    """A stretch of text in one font and colour."""

    text: str
    font: str = REGULAR
    color: object = INK


@dataclass
class _Word:
    """One word of a paragraph, in one face and colour, as line breaking places it."""
    text: str
    font: str
    color: object
    space_before: bool  # whitespace separated it from the previous word
    newline: bool = False  # a hard line break before this word
    rtl: bool = False  # its paragraph reads from the right (set for the whole paragraph)


def tokenise(runs: list[Run]) -> list[_Word]:
    """Words, each in a face that has its letters (a word mixing scripts becomes several
    pieces with no space between), Arabic words shaped, each knowing which way its paragraph
    reads."""
    words: list[_Word] = []
    space = False
    newline = False
    paragraph_start = 0
    right_to_left = False  # the paragraph holds Hebrew or Arabic: its direction is worked out
    for run in runs:
        for token in _TOKEN.findall(clean(run.text)):
            if token == "\n":
                if right_to_left:
                    _set_direction(words, paragraph_start)
                paragraph_start, right_to_left = len(words), False
                newline, space = True, False
            elif token.isspace():
                space = True
            elif token.isascii():  # most words: one piece, in the run's face, nothing to shape
                words.append(_Word(token, run.font, run.color, space and not newline, newline))
                space = newline = False
            else:
                right_to_left = right_to_left or bool(_RTL.search(token))
                first = True
                for unit in _units(token):
                    for text, face in face_runs(unit, run.font):
                        if needs_shaping(text):
                            text = shape(text, face)
                        words.append(_Word(text, face, run.color, first and space and not newline, first and newline))
                        first = False
                space = newline = False
    if right_to_left:
        _set_direction(words, paragraph_start)
    return words


# Chinese and Japanese write no spaces: a line may break between any two of their characters,
# except before closing punctuation or after opening punctuation (a comma never starts a line).
_HAN = re.compile("[\u2e80-\u2fff\u3001-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
                  "\uff01-\uff60\U00020000-\U0002fa1f]")
_NO_START = frozenset("、。，．：；！？）］｝〕〉》」』】〙〗〟’”｠»ーゝゞ々…‥・,.:;!?)]}%")
_NO_END = frozenset("（［｛〔〈《「『【〘〖〝‘“｟«([{")


def _units(token: str) -> list[str]:
    """A word cut where a line may break inside it: between Chinese or Japanese characters
    (Korean, like English, breaks at its spaces); any other word is one unit."""
    if token.isascii() or not _HAN.search(token):
        return [token]
    units: list[str] = []
    current = ""
    for ch in token:
        if current and (_HAN.match(ch) or _HAN.match(current[-1])) and ch not in _NO_START \
                and current[-1] not in _NO_END:
            units.append(current)
            current = ch
        else:
            current += ch
    units.append(current)
    return units


def _set_direction(words: list[_Word], start: int) -> None:
    """Mark the paragraph words[start:] as read from the right when most of its words are,
    or as many as read from the left and its first letter with a direction reads from the
    right: an English sentence that starts with an Arabic name stays an English sentence. (A
    word split into pieces by script counts once per piece.)"""
    ltr = rtl = 0
    first = None
    for word in words[start:]:
        if word.text.isascii():
            if _ASCII_LETTER.search(word.text):
                ltr += 1
                first = False if first is None else first
            continue
        kinds = [unicodedata.bidirectional(ch) for ch in word.text]
        is_rtl = "R" in kinds or "AL" in kinds
        ltr += "L" in kinds
        rtl += is_rtl
        if first is None and (is_rtl or "L" in kinds):
            first = next(k for k in kinds if k in ("L", "R", "AL")) != "L"
    if rtl and (rtl > ltr or (rtl == ltr and first)):
        for word in words[start:]:
            word.rtl = True


class _Widths:
    """Word widths per font and size, measured once (notes repeat their words a lot)."""

    def __init__(self) -> None:
        self.tables: dict[tuple[str, float], dict[str, float]] = {}

    def table(self, font: str, size: float) -> dict[str, float]:
        table = self.tables.get((font, size))
        if table is None or len(table) > 100_000:
            table = self.tables[(font, size)] = {}
        return table

    def __call__(self, text: str, font: str, size: float) -> float:
        table = self.table(font, size)
        width = table.get(text)
        if width is None:
            width = table[text] = stringWidth(text, font, size)
        return width


WIDTHS = _Widths()

Segment = tuple[float, str, str, object]  # x offset, text, font, colour


def _break_word(word: _Word, size: float, width: float) -> list[_Word]:
    """A word wider than the line, cut into pieces that fit (a URL, a long name), in one pass
    over its characters: measuring ever longer prefixes made a 200,000-character word take 21 s."""
    table = WIDTHS.table(word.font, size)
    pieces: list[str] = []
    start, x = 0, 0.0
    for k, ch in enumerate(word.text):
        w = table.get(ch)
        if w is None:
            w = table[ch] = stringWidth(ch, word.font, size)
        if x + w > width and k > start:
            pieces.append(word.text[start:k])
            start, x = k, 0.0
        x += w
    pieces.append(word.text[start:])
    return [_Word(text, word.font, word.color, word.space_before and n == 0, word.newline and n == 0, word.rtl)
            for n, text in enumerate(pieces)]


def wrap_lines(words: list[_Word], start: int, size: float, width: float, max_lines: int):
    """Up to `max_lines` lines from words[start:]; returns (lines, ends, words): `ends[k]` is
    the index of the first word after line k. Each line is a list of segments: neighbouring
    words in one font and colour make one string."""
    lines: list[list[Segment]] = []
    ends: list[int] = []
    i = start
    n = len(words)
    space_w: dict[str, float] = {}
    while i < n and len(lines) < max_lines:
        line_start = i
        segments: list[Segment] = []
        parts: list[str] = []
        seg_x = 0.0
        seg_font = seg_color = None
        x = 0.0
        while i < n:
            word = words[i]
            started = bool(parts or segments)
            if started and word.newline:
                break
            font = word.font
            table = WIDTHS.table(font, size)
            w = table.get(word.text)
            if w is None:
                w = table[word.text] = stringWidth(word.text, font, size)
            gap = 0.0
            if started and word.space_before:
                gap = space_w.get(font) or space_w.setdefault(font, stringWidth(" ", font, size))
            if x + gap + w > width:
                pieces = _break_word(word, size, width) if not started and w > width else []
                if len(pieces) > 1:
                    words = words[:i] + pieces + words[i + 1:]  # rare
                    n = len(words)
                    continue
                # A word that will not break any further (one letter wider than the line, or
                # letters that fit one by one but not whole, by a rounding) takes its line as it
                # is: breaking it again would never end.
                if started:
                    break
            if parts and font == seg_font and word.color is seg_color:
                if gap:
                    parts.append(" ")
            else:
                if parts:
                    segments.append((seg_x, "".join(parts), seg_font, seg_color))
                parts = []
                seg_x, seg_font, seg_color = x + gap, font, word.color
            parts.append(word.text)
            x += gap + w
            i += 1
        if parts:
            segments.append((seg_x, "".join(parts), seg_font, seg_color))
        rtl = line_start < n and words[line_start].rtl
        if rtl or any(_RTL.search(seg[1]) for seg in segments):
            segments = _visual(segments, size, 1 if rtl else 0)
        lines.append(segments)
        ends.append(i)
    return lines, ends, words


def starts_right_to_left(text: str) -> bool:
    """Whether the first letter with a direction is Hebrew or Arabic (the paragraph then
    reads from the right)."""
    return next((unicodedata.bidirectional(ch) in ("R", "AL") for ch in text
                 if unicodedata.bidirectional(ch) in ("L", "R", "AL")), False)


def display_order(text: str, font: str = REGULAR) -> str:
    """One line of text in display order, for labels and names drawn as a single string:
    Arabic shaped, right-to-left runs turned round, brackets mirrored where they turn."""
    if not _RTL.search(text):
        return text
    if needs_shaping(text):
        text = "".join(shape(part, face) if needs_shaping(part) else part for part, face in face_runs(text, font))
    return "".join(entry["ch"] for entry in _bidi(text)[1])


class RightToLeftLine(list):
    """The segments of a line in a paragraph that reads from the right: drawn against the
    right edge. `width` is the line's own width."""

    width: float = 0.0


def _bidi(text: str, base: int | None = None) -> tuple[int, list[dict]]:
    """The Unicode bidi algorithm (python-bidi's pure-Python one, which mirrors brackets):
    the paragraph level (1: right to left; by default from the first letter with a direction)
    and the characters in display order, each with `at`, its place in `text`. A character
    with no bidi class (unassigned) is neutral."""
    storage = bidi_algorithm.get_empty_storage()
    if base is None:
        base = bidi_algorithm.get_base_level(text)
    storage["base_level"], storage["base_dir"] = base, ("L", "R")[base]
    bidi_algorithm.get_embedding_levels(text, storage)
    for i, entry in enumerate(storage["chars"]):
        entry["at"] = i  # which character it was, so it keeps its face and colour once moved
        if not entry["type"]:
            entry["type"] = entry["orig"] = "ON"
    for step in (bidi_algorithm.explicit_embed_and_overrides, bidi_algorithm.resolve_weak_types,
                 bidi_algorithm.resolve_neutral_types, bidi_algorithm.resolve_implicit_levels,
                 bidi_algorithm.reorder_resolved_levels, bidi_algorithm.apply_mirroring):
        step(storage, False)
    return base, storage["chars"]


def _visual(line: list[Segment], size: float, base: int) -> list[Segment]:
    """Display order for a line holding right-to-left text: the Unicode bidi algorithm run over
    the whole line (so a Hebrew phrase after Chinese stays in the line's order) at the
    paragraph's level `base`, each character keeping its face and colour, brackets mirrored;
    a line of a paragraph that reads from the right is set against the right edge."""
    chars: list[str] = []
    looks: list[tuple[str, object]] = []
    for k, (x, text, font, color) in enumerate(line):
        if k:
            _first, before, before_font, _last = line[k - 1]
            if x - line[k - 1][0] - WIDTHS(before, before_font, size) > 0.01:  # a space as typed
                chars.append(" ")
                looks.append((font, color))
        chars.extend(text)
        looks.extend([(font, color)] * len(text))
    base, entries = _bidi("".join(chars), base)
    out: list[Segment] = RightToLeftLine() if base == 1 else []
    x = 0.0
    part: list[str] = []
    look = None
    for entry in entries:
        this = looks[entry["at"]]
        if part and this != look:
            piece = "".join(part)
            out.append((x, piece, look[0], look[1]))
            x += WIDTHS(piece, look[0], size)
            part = []
        look = this
        part.append(entry["ch"])
    if part:
        piece = "".join(part)
        out.append((x, piece, look[0], look[1]))
        x += WIDTHS(piece, look[0], size)
    if base == 1:
        out.width = x
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
    keep_lines: bool = True  # no first line alone at a foot, no last line alone at a top

    def loosened(self) -> "RichText":
        """The same text split anywhere, for a box that cannot hold two lines of it."""
        return replace(self, keep_lines=False, _cache={})

    def __post_init__(self) -> None:
        if not self.words and self.runs:
            self.words = tokenise(self.runs)

    def sized(self, scale: float) -> float:
        return max(self.min_size, round(self.size * scale * 4) / 4)

    def _wrapped(self, size: float, width: float, max_lines: int) -> tuple[list, list[int]]:
        """At least `max_lines` lines (or all), wrapping on from where the cache stops, so a
        long text is wrapped about once however many pages it runs to."""
        key = (size, round(width, 2))
        lines, ends = self._cache.get(key, ([], []))
        done = bool(ends) and ends[-1] >= len(self.words) or (not ends and self.start >= len(self.words))
        if len(lines) < max_lines and not done:
            start = ends[-1] if ends else self.start
            before = len(self.words)
            more, more_ends, self.words = wrap_lines(self.words, start, size, width, max_lines - len(lines))
            lines, ends = lines + more, ends + more_ends
            if len(self.words) != before or (key not in self._cache and len(self._cache) > 4):
                self._cache.clear()  # an over-long word was cut: other widths' word indices moved
            self._cache[key] = (lines, ends)
        return lines, ends

    def _lines(self, scale: float, width: float, max_lines: int):
        size = self.sized(scale)
        lines, _unused = self._wrapped(size, width, max_lines)
        return lines[:max_lines], size

    def height(self, scale: float, width: float, limit: float) -> float:
        """The full height, or something above `limit` once it is clear the text is taller."""
        size = self.sized(scale)
        leading = size * self.leading_ratio
        max_lines = int(limit // leading) + 2
        lines, _unused = self._lines(scale, width, max_lines)
        return len(lines) * leading + self.space_after * scale

    def split(self, scale: float, width: float, room: float):
        """(head, tail): the lines that fit in `room`, and the rest as a new item that keeps
        the lines already wrapped."""
        size = self.sized(scale)
        leading = size * self.leading_ratio
        fit = int(room // leading)
        if fit < 1:
            return None, self
        lines, ends = self._wrapped(size, width, fit + 2)
        if len(lines) <= fit:
            return self, None
        if self.keep_lines and len(lines) == fit + 1 and fit >= 3:
            fit -= 1  # no last line alone at the top of the next page or card
        if self.keep_lines and fit < 2 and len(lines) > 2:
            return None, self  # no first line (a bold head) alone at the foot
        head = _DrawnLines(lines[:fit], size, leading, 0.0)
        tail = RichText(self.runs, self.size, self.leading_ratio, self.space_after, self.min_size,
                        self.words, ends[fit - 1], keep_lines=self.keep_lines)
        tail._cache[(size, round(width, 2))] = (lines[fit:], ends[fit:])
        return head, tail

    def draw(self, c, x: float, top: float, width: float, scale: float) -> None:
        size = self.sized(scale)
        lines, _unused = self._lines(scale, width, len(self.words) + 1)
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
        color_now = None
        for line in self.lines:
            shift = width - line.width if isinstance(line, RightToLeftLine) else 0.0
            for dx, text, font, color in line:
                dx += shift
                if color is not color_now:
                    c.setFillColor(color)
                    color_now = color
                draw_text(c, x + dx, y, text, font, self.size)
            y -= self.leading
        c.setFillColor(INK)


def draw_text(c, x: float, y: float, text: str, font_name: str, size: float) -> None:
    """One string of an embedded TrueType font at (x, y): the text operators written
    directly. canvas.drawString measures every string again in pure Python on its way (it
    prepares bidi shaping we do not use), which made that half the time of a long export;
    the width is not needed here, the glyphs advance the text position themselves."""
    font = getFont(font_name)
    doc = c._doc
    ops = [f"BT 1 0 0 1 {fp_str(x)} {fp_str(y)} Tm"]
    for subset, chunk in font.splitString(text, doc):
        ops.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(size)} Tf ({c._escape(chunk)}) Tj")
    ops.append("ET")
    c._code.append(" ".join(ops))


def missing_glyphs(texts, font: str = REGULAR) -> list[str]:
    """Characters in `texts` that no bundled face (the family in every style, the CJK face)
    can draw, each once, in order met."""
    covered = getFont(font).face.charToGlyph
    met: dict[str, None] = {}
    for text in texts:
        met.update(dict.fromkeys(clean(text)))  # each character once, in order met, at C's speed
    return [ch for ch in met if ord(ch) not in covered and not ch.isspace() and not can_draw(ch)]


# --- our own words: the little markup the reference texts use, read into runs ----------------

_TAG = re.compile(r"<(/?)(b|i|strong|em|font|br)\b([^>]*?)/?>", re.IGNORECASE)
_COLOR = re.compile(r"""color\s*=\s*["']?(#[0-9a-fA-F]{6})""")
_FACES = {(False, False): REGULAR, (True, False): BOLD, (False, True): ITALIC, (True, True): BOLD_ITALIC}


@lru_cache(maxsize=64)
def _hex_color(value: str):
    """One colour object per value: lines join neighbouring words of the same colour by identity."""
    return HexColor(value)


@lru_cache(maxsize=2048)
def markup_runs(markup: str, font: str = REGULAR, color=INK) -> tuple[Run, ...]:
    """Our own words in their small markup (<b>, <i>, <font color>, <br/> and entities, as the
    reference texts and the catalogue write them) as runs of plain text, so they are laid out,
    and each letter given a face that has it, exactly as the user's text is. Anything else
    that looks like a tag prints as written."""
    bold, italic = font in (BOLD, BOLD_ITALIC), font in (ITALIC, BOLD_ITALIC)
    colors = [color]
    state = [bold, italic]
    runs: list[Run] = []
    at = 0

    def text(piece: str) -> None:
        if piece:
            runs.append(Run(html.unescape(piece), _FACES[(state[0], state[1])], colors[-1]))

    for match in _TAG.finditer(markup):
        text(markup[at:match.start()])
        at = match.end()
        closing, tag = match.group(1) == "/", match.group(2).lower()
        if tag == "br":
            runs.append(Run("\n", _FACES[(state[0], state[1])], colors[-1]))
        elif tag in ("b", "strong"):
            state[0] = bold if closing else True
        elif tag in ("i", "em"):
            state[1] = italic if closing else True
        elif tag == "font":
            if closing:
                if len(colors) > 1:
                    colors.pop()
            else:
                found = _COLOR.search(match.group(3))
                colors.append(_hex_color(found.group(1).lower()) if found else colors[-1])
    text(markup[at:])
    return tuple(runs)
