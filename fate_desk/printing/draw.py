"""Drawing pieces every renderer shares: section boxes, check boxes, form fields, the footer,
and a small top-down flow whose fonts shrink together until it fits its box."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from reportlab.lib.colors import white
from reportlab.lib.units import inch, mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from fate_desk import ATTRIBUTION_SHORT
from fate_desk.i18n import _

from .fonts import BOLD, ITALIC, REGULAR, face_runs, text_width
from .geometry import Page, Rect
from .styles import GREY, INK, RULE, fit_line
from .textflow import RichText, Run, display_order, markup_runs, starts_right_to_left

BOX_LINE = 0.8
TITLE_SIZE = 10.0
TITLE_BAND = 15.0
LINE_WIDTH = 0.6  # writing lines: dark and thick enough to survive a cheap photocopier


def field_name(*parts: object) -> str:
    """A form field name from parts; PDF field names may not contain dots."""
    return "-".join(re.sub(r"[^A-Za-z0-9_]+", "_", str(p)) for p in parts)


NOTE_SIZE = 7.0  # the note beside a section's title, in the band
NOTE_LEADING = NOTE_SIZE * 1.22


def _band_note(note: str) -> RichText:
    return RichText([Run(note, REGULAR, white)], NOTE_SIZE, 1.22, 0.0, min_size=NOTE_SIZE)


def _band_layout(width: float, title: str, note: str) -> tuple[float, bool]:
    """(band height, whether the note shares the title's line): a note too long for the rest
    of the title's line wraps below the title and the band grows; it is never cut."""
    if not note:
        return TITLE_BAND, True
    title_w = min(text_width(title.upper(), BOLD, TITLE_SIZE), width - 10)
    if title_w + 8 + text_width(note, REGULAR, NOTE_SIZE) <= width - 10:
        return TITLE_BAND, True
    lines = _band_note(note).height(1.0, width - 10, 10_000) / NOTE_LEADING
    return TITLE_BAND + round(lines) * NOTE_LEADING, False


def band_height(width: float, title: str, note: str = "") -> float:
    """The height of a section's black band for this title and note at this width."""
    return _band_layout(width, title, note)[0]


def label_width(text: str, font: str, size: float) -> float:
    """The width of a label as drawn, measured on at most its first 300 characters: enough to
    know it is wider than any column (a label that long wraps), without measuring a pasted page."""
    return text_width(text[:300], font, size)


def section(c: Canvas, rect: Rect, title: str, note: str = "") -> Rect:
    """A ruled box headed by a black band with its title in white capitals (found at arm's
    length, and kept by any photocopier), the note beside the title or, when it is long,
    wrapped under it; returns the space inside, below the band."""
    band, beside = _band_layout(rect.width, title, note)
    c.setStrokeColor(INK)
    c.setLineWidth(BOX_LINE)
    c.setFillColor(INK)
    c.rect(rect.x, rect.top - band, rect.width, band, stroke=0, fill=1)
    c.rect(rect.x, rect.y, rect.width, rect.height)
    c.setFillColor(white)
    title_text = title.upper()
    title_w = min(text_width(title_text, BOLD, TITLE_SIZE), rect.width - 10)
    line_text(c, title_text, rect.x + 5, rect.top - TITLE_BAND + 4, title_w + 0.5, BOLD, TITLE_SIZE, white)
    if note and beside:
        start = rect.x + 5 + title_w + 8
        line_text(c, note, start, rect.top - TITLE_BAND + 4.5, rect.right - 5 - start, REGULAR, NOTE_SIZE, white)
    elif note:
        _band_note(note).draw(c, rect.x + 5, rect.top - TITLE_BAND + 1.5, rect.width - 10, 1.0)
    c.setFillColor(INK)
    return Rect(rect.x + 5, rect.y + 4, rect.width - 10, rect.height - band - 4)


def line_text(c: Canvas, text: str, x: float, y: float, width: float, font: str, size: float, color=INK) -> None:
    """One line of plain text at baseline y, shrunk to `width` (never below 6 pt as printed:
    large print draws its pages enlarged, so its floor is 6 pt on paper too, and nothing is cut
    that the ordinary print shows whole), each letter in a face that has it; text that reads
    from the right is set against the right edge."""
    shown, fitted = fit_line(text, font, size, width, 6.0 / getattr(c, "page_scale", 1.0))
    runs = face_runs(display_order(shown, font), font)
    widths = [stringWidth(part, face, fitted) for part, face in runs]
    if starts_right_to_left(shown) and sum(widths) < width:
        x += width - sum(widths)
    c.setFillColor(color)
    for (part, face), w in zip(runs, widths):
        c.setFont(face, fitted)
        c.drawString(x, y, part)
        x += w
    c.setFillColor(INK)


def rule(c: Canvas, x: float, y: float, width: float) -> None:
    c.setStrokeColor(RULE)
    c.setLineWidth(LINE_WIDTH)
    c.line(x, y, x + width, y)
    c.setStrokeColor(INK)


def box(c: Canvas, x: float, y: float, size: float, marked: bool = False) -> None:
    """A square drawn as page content; a mark is a cross, also page content, so it prints
    from every viewer (form-field appearances vanish when a viewer hides annotations)."""
    c.setStrokeColor(INK)
    c.setLineWidth(BOX_LINE)
    c.rect(x, y, size, size)
    if marked:
        inset = size * 0.2
        c.setLineWidth(1.2)
        c.line(x + inset, y + inset, x + size - inset, y + size - inset)
        c.line(x + inset, y + size - inset, x + size - inset, y + inset)
        c.setLineWidth(BOX_LINE)


def dashed_box(c: Canvas, x: float, y: float, size: float) -> None:
    """A box the character may earn later: dashed, so it reads as 'not yet'."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(BOX_LINE)
    c.setDash(2.2, 1.8)
    c.rect(x, y, size, size)
    c.restoreState()


def checkbox(c: Canvas, name: str, x: float, y: float, size: float, checked: bool, tooltip: str = "",
             frame: bool = True) -> None:
    """A PDF check box over a square drawn as page content (marked as content too)."""
    if frame:
        box(c, x, y, size, checked)
    c.acroForm.checkbox(
        name=name, tooltip=tooltip or None, checked=checked, x=x, y=y, size=size,
        buttonStyle="cross", borderColor=None, fillColor=None, textColor=INK, borderWidth=0,
        forceBorder=False, fieldFlags="",
    )


FIELD_FONT = 10  # typed text in form fields: fixed, so it sits on the ruled line


def text_field(c: Canvas, name: str, rect: Rect, tooltip: str = "", line: bool = True) -> None:
    """A one-line fillable text field over a writing line (the line prints even when empty)."""
    if line:
        rule(c, rect.x, rect.y + 1, rect.width)
    c.acroForm.textfield(
        name=name, tooltip=tooltip or None, x=rect.x, y=rect.y, width=rect.width, height=rect.height,
        borderWidth=0, borderColor=None, fillColor=None, textColor=INK,
        fontName="Helvetica", fontSize=max(7, min(FIELD_FONT, int(rect.height - 3))), fieldFlags="", maxlen=0,
    )


PENCIL_LINE = 7 * mm  # the least spacing of writing lines meant for a pencil


def writing_lines(c: Canvas, rect: Rect, spacing: float = PENCIL_LINE, name: str = "", tooltip: str = "",
                  first: int = 0) -> None:
    """Ruled lines to write on by hand, a pencil's line apart; with `name`, each line is also a
    one-line form field, so typed text sits on the lines instead of floating in one auto-sized
    box (`first`: the number of the first field, when lines of one box go on another page)."""
    y = rect.top - spacing
    n = first
    while y > rect.y + 2:
        if name:
            text_field(c, f"{name}-{n}", Rect(rect.x, y, rect.width, spacing - 2), tooltip)
        else:
            rule(c, rect.x, y, rect.width)
        y -= spacing
        n += 1


def footer(c: Canvas, page: Page, left: str, number: int, total: int) -> None:
    """The attribution notice, whole, and a page count in the band below the content; the
    document title gives way (or the notice takes two lines) when the band is short. The
    title is set apart from the count, in its own reading order."""
    y = page.footer_y + 4
    width = page.width - 2 * page.margin
    size = LABEL_MIN
    count = _("page {number} of {total}").format(number=number, total=total)
    title = f"{left} · " if left else ""
    notice_w = stringWidth(ATTRIBUTION_SHORT, REGULAR, size)
    count_w = text_width(count, REGULAR, size)  # each letter in the face that draws it
    title_w = text_width(title, REGULAR, size)
    if notice_w + count_w + title_w + 12 > width:
        title, title_w = "", 0.0
    right = page.width - page.margin
    line_text(c, count, right - count_w, y, count_w + 0.5, REGULAR, size, GREY)
    c.setFillColor(GREY)
    c.setFont(REGULAR, size)
    if title:
        line_text(c, left, right - count_w - title_w, y, title_w - text_width(" · ", REGULAR, size), REGULAR, size,
                  GREY)
        c.setFillColor(GREY)
        c.setFont(REGULAR, size)
        c.drawString(right - count_w - text_width(" · ", REGULAR, size), y, " · ")
    room = width - count_w - title_w - 12
    if notice_w <= room:
        c.drawString(page.margin, y, ATTRIBUTION_SHORT)
    else:
        words = ATTRIBUTION_SHORT.split(" ")
        cut = len(words)
        while cut > 1 and stringWidth(" ".join(words[:cut]), REGULAR, size) > room:
            cut -= 1
        c.drawString(page.margin, y + size + 1, " ".join(words[:cut]))
        c.drawString(page.margin, y, " ".join(words[cut:]))
    c.setFillColor(INK)


# --- flows that continue instead of cutting ------------------------------------------------
#
# Every item answers three questions: how tall it is at a scale and width (it may stop
# counting once it is taller than `limit`), how to split it so a head fits a given room,
# and how to draw itself. A flow that does not fit its box leaves a tail flow, which the
# caller prints on the next page or card, marked as a continuation. Nothing is ever cut.

BODY_MIN = 7.0  # the smallest body text anywhere (the issue: "at least 7 pt on cards")
LABEL_MIN = 6.5  # the smallest label, caption or footer (a "+" survives a 150 dpi copy)
BOX_MIN = 5 * mm  # stress, condition and countdown boxes: room for a pencil mark


def sized(size: float, scale: float, floor: float = BODY_MIN) -> float:
    return max(floor, round(size * scale * 4) / 4)


def Text(markup: str, style, space_after: float = 2.0) -> RichText:  # noqa: N802 - a flow item, named like one
    """A paragraph of our own words in safe markup (bold, italic, colour), laid out by the same
    path as the user's text: every letter in a face that has it (Chinese and Korean too),
    split at any line, never through reportlab's Paragraph."""
    return RichText(list(markup_runs(markup, style.fontName, style.textColor)), style.fontSize,
                    style.leading / style.fontSize, space_after)


@dataclass
class Heading:
    """A bold label that starts a group (on a continuation: 'STUNTS (CONTINUED)')."""

    text: str
    size: float = 8.0
    space_after: float = 3.0
    keep_with_next = True

    def height(self, scale: float, width: float, limit: float) -> float:
        return sized(self.size, scale) + 2 + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        size = sized(self.size, scale)
        line_text(c, self.text, x, top - size, width, BOLD, size)


@dataclass
class Boxes:
    """Check boxes after a label, values above them; boxes that need a higher rating are
    dashed, with the rating they need written once under each run of such boxes. A track, its
    label and its boxes stay together; only a track longer than a whole box splits, by rows
    (`loosened`), and each part carries the label. A label too long for its column wraps."""

    label: str
    values: list[int]
    marked: set[int]
    names: list[str]
    size: float = BOX_MIN
    show_values: bool = True
    needs: list[str] = field(default_factory=list)  # per box: "" or what earns it ("Good+")
    space_after: float = 3.0
    label_width: float = 0.0
    first: int = 0  # index of the first box this item draws (after a split)
    tooltip: str = ""
    need_prefix: str = ""  # the skill a dashed box's rating is of, for its tooltip ("Physique")
    more: int = 0  # boxes beyond MAX_BOXES, counted in words instead of drawn
    step_min: float = 0.0  # tracks in one box share a step, so their boxes line up
    loose: bool = False  # may split between rows (only a track taller than a whole box)
    keep_with_next: bool = False  # a heading-like item: it never ends a box alone
    caption: str = ""  # how the track clears and its notes: beside the boxes where they leave room

    FONT = 7.0
    LEADING = FONT * 1.22
    CAPTION = LABEL_MIN + 1.5  # a line of "needs" captions under the boxes
    MAX_BOXES = 60  # a track longer than this is absurd at the table; the rest is counted, not drawn

    def __post_init__(self) -> None:
        if len(self.values) > self.MAX_BOXES:
            self.more += len(self.values) - self.MAX_BOXES
            self.values = self.values[: self.MAX_BOXES]
            self.names = self.names[: self.MAX_BOXES]

    def loosened(self) -> "Boxes":
        return replace(self, loose=True)

    def label_column(self, width: float) -> float:
        """The width of the label column: the label's own width (or the width given to every
        track of its box), at most 45% of the line; a longer label wraps."""
        label_w = max(self.label_width, label_width(self.label, BOLD, self.FONT) + 6)
        return min(label_w, width * 0.45)

    MAX_LABEL_LINES = 4  # an absurdly long track name (a pasted page) is cut, marked, after these

    def _label(self, width: float = 0.0) -> RichText:
        """The label as wrapped beside the boxes; beyond MAX_LABEL_LINES lines of the column
        (only a name no table would use), cut with '…'."""
        text = self.label
        if width and label_width(text, BOLD, self.FONT) > (width - 4) * self.MAX_LABEL_LINES * 0.8:
            text = fit_line(text[:1000], BOLD, self.FONT, (width - 4) * self.MAX_LABEL_LINES * 0.8, self.FONT)[0]
        return RichText([Run(text, BOLD)], self.FONT, 1.22, 0.0, min_size=self.FONT)

    def _label_h(self, width: float) -> float:
        column = self.label_column(width)
        return self._label(column).height(1.0, column - 4, 10_000) if self.label.strip() else 0.0

    def natural_step(self) -> float:
        """The distance from one box to the next this track needs on its own."""
        return self.size + max(3.0, self.size * 0.3)

    def _layout(self, width: float):
        """(label width, step, boxes per row, value height, rows); each row is (first box,
        end, its captions as (x offset, text, caption line), its height)."""
        label_w = self.label_column(width)
        step = max(self.natural_step(), self.step_min)
        per_row = max(1, int((width - label_w + step - self.size) // step))
        value_h = (self.FONT + 1.5) if self.show_values else 0.0
        right = width - label_w  # the room the captions may use, from the first box
        rows = []
        for start in range(self.first, max(len(self.values), self.first + 1), per_row):
            end = min(start + per_row, len(self.values))
            captions, line_ends = [], []
            i = start
            while i < end:
                need = self.needs[i] if i < len(self.needs) else ""
                j = i + 1
                while j < end and j < len(self.needs) and self.needs[j] == need:
                    j += 1
                if need:
                    w = text_width(need, REGULAR, LABEL_MIN)
                    cx = max(0.0, min((i - start) * step - 1, right - w))
                    if line_ends and cx < line_ends[0] + 3 <= (j - start) * step - w:
                        cx = line_ends[0] + 3  # moved right, still under its own boxes
                    line = next((k for k, e in enumerate(line_ends) if cx >= e + 3), len(line_ends))
                    if line == len(line_ends):
                        line_ends.append(0.0)
                    line_ends[line] = cx + w
                    captions.append((cx, need, line))
                i = j
            row_h = value_h + self.size + len(line_ends) * self.CAPTION + 2
            rows.append((start, end, captions, row_h))
        return label_w, step, per_row, value_h, rows

    def _rows_height(self, rows) -> float:
        return sum(row[3] for row in rows)

    CAPTION_BESIDE = 90.0  # the least width beside the boxes that takes the caption

    def _caption(self) -> RichText:
        return RichText([Run(self.caption, ITALIC, GREY)], LABEL_MIN, 1.22, 0.0, min_size=LABEL_MIN)

    def _caption_place(self, width: float, label_w: float, step: float, rows) -> tuple[float, float, float]:
        """(x offset, width, height below the boxes) of the caption: beside the first row's boxes
        when it fits there (a one-box condition), else under the track across its width."""
        if not self.caption.strip() or self.first:
            return 0.0, 0.0, 0.0
        start, end, _captions, row_h = rows[0]
        x = label_w + (end - start - 1) * step + self.size + 8
        if len(rows) == 1 and width - x >= self.CAPTION_BESIDE:
            if self._caption().height(1.0, width - x, 10_000) <= row_h - 1:
                return x, width - x, 0.0
        return 0.0, width, self._caption().height(1.0, width, 10_000) + 2

    def height(self, scale: float, width: float, limit: float) -> float:
        more = LABEL_MIN + 4 if self.more else 0.0
        label_w, step, _per_row, _value_h, rows = self._layout(width)
        below = self._caption_place(width, label_w, step, rows)[2]
        return max(self._rows_height(rows), self._label_h(width) + 2) + below + more + self.space_after

    def split(self, scale: float, width: float, room: float):
        if self.height(scale, width, room) <= room:
            return self, None
        if not self.loose:
            return None, self  # kept whole: it goes on to the next box with its label
        rows = self._layout(width)[4]
        # A head that ends the box needs neither the space after the track nor the gap of 2 under
        # its last row.
        used, fit = 0.0, 0
        for row in rows:
            if used + row[3] - 2 > room:
                break
            used += row[3]
            fit += 1
        if fit < 1:
            return None, self
        cut = rows[fit - 1][1]
        head = replace(self, values=self.values[:cut], space_after=0.0, more=0)
        tail = replace(self, first=cut)
        return head, tail

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        label_w, step, per_row, value_h, rows = self._layout(width)
        font = self.FONT
        label = self._label(label_w)
        label_h = label.height(1.0, label_w - 4, 10_000)
        if self.label.strip():
            # Beside the first row's boxes, centred on them; a wrapped label starts at the row's top.
            box_mid = top - value_h - self.size / 2
            label_top = min(top, box_mid + label_h / 2 + 1)
            label.draw(c, x, label_top, label_w - 4, 1.0)
        row_top = top
        for start, end, captions, row_h in rows:
            for i in range(start, end):
                left = x + label_w + (i - start) * step
                if self.show_values:
                    c.setFont(REGULAR, font)
                    c.setFillColor(INK)
                    c.drawCentredString(left + self.size / 2, row_top - font, str(self.values[i]))
                need = self.needs[i] if i < len(self.needs) else ""
                y = row_top - value_h - self.size
                needs = f"{self.need_prefix} {need}".strip()
                track = (self.tooltip or self.label)[:200]
                if need:
                    tip = _("{track} box {number} (needs {rating})").format(track=track, number=i + 1, rating=needs)
                else:
                    tip = _("{track} box {number}").format(track=track, number=i + 1)
                name = self.names[i] if i < len(self.names) else ""
                if need:
                    dashed_box(c, left, y, self.size)
                    if name:
                        checkbox(c, name, left, y, self.size, i in self.marked, tip, frame=False)
                elif name:
                    checkbox(c, name, left, y, self.size, i in self.marked, tip)
                else:
                    box(c, left, y, self.size, i in self.marked)
            below = row_top - value_h - self.size
            for cx, need, line in captions:
                w = text_width(need, REGULAR, LABEL_MIN)
                line_text(c, need, x + label_w + cx, below - (line + 1) * self.CAPTION + 0.5, w + 0.5, REGULAR,
                          LABEL_MIN, INK)
            row_top -= row_h
        bottom = top - max(self._rows_height(rows), label_h + 2)
        cap_x, cap_w, below = self._caption_place(width, label_w, step, rows)
        if cap_w:
            if below:
                self._caption().draw(c, x, bottom, cap_w, 1.0)
            else:  # beside the boxes, level with them
                cap_h = self._caption().height(1.0, cap_w, 10_000)
                mid = top - value_h - self.size / 2
                self._caption().draw(c, x + cap_x, min(top, mid + cap_h / 2), cap_w, 1.0)
            bottom -= below
        if self.more:
            line_text(c, _("and {count} more boxes (see the app)").format(count=f"{self.more:,}"), x + label_w,
                      bottom - LABEL_MIN, width - label_w, ITALIC, 7, GREY)


@dataclass
class RuledLine:
    """A bold label and a writing line after it, with any text already written on the line
    (user text, wrapped, never cut)."""

    label: str
    text: str
    size: float = 8.5
    space_after: float = 3.0
    line_width: float = 2.5 * inch  # room to write a consequence by hand

    def _label_w(self, width: float) -> float:
        own = text_width(self.label, BOLD, self.size) + 6
        return min(width - self.line_width, own) if width > self.line_width else min(width * 0.4, own)

    def _text(self) -> RichText:
        return RichText([Run(self.text)], self.size, space_after=0.0)

    def height(self, scale: float, width: float, limit: float) -> float:
        label_w = self._label_w(width)
        text_h = self._text().height(1.0, width - label_w - 2, 10_000) if self.text.strip() else 0.0
        label_h = RichText([Run(self.label, BOLD)], self.size, space_after=0.0, min_size=LABEL_MIN).height(
            1.0, label_w - 4, 10_000)
        return max(text_h, label_h, self.size * 1.9) + 3 + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        label_w = self._label_w(width)
        height = self.height(scale, width, 10_000) - self.space_after
        RichText([Run(self.label, BOLD)], self.size, space_after=0.0, min_size=LABEL_MIN).draw(
            c, x, top, label_w - 4, 1.0)
        rule(c, x + label_w, top - height + 1, width - label_w)
        if self.text.strip():
            self._text().draw(c, x + label_w + 1, top, width - label_w - 2, 1.0)


@dataclass
class Table:
    """Rows of cells (safe markup) in columns whose widths are fractions of the width;
    splits between rows. Cells are laid out as every other text is (textflow)."""

    rows: list[tuple[str, ...]]
    style: object
    fractions: tuple[float, ...]
    space_after: float = 3.0
    row_gap: float = 1.5
    _cells: list = field(default_factory=list, repr=False)

    def _row_cells(self) -> list[list[RichText]]:
        if not self._cells:
            style = self.style
            self._cells = [[RichText(list(markup_runs(text, style.fontName, style.textColor)), style.fontSize,
                                     style.leading / style.fontSize, 0.0) for text in row] for row in self.rows]
        return self._cells

    def _built(self, scale: float, width: float):
        out = []
        for row in self._row_cells():
            cells = [(cell, cell.height(scale, width * fraction - 4, 10_000) if cell.words else 0.0)
                     for cell, fraction in zip(row, self.fractions)]
            out.append((cells, max((h for _cell, h in cells), default=0.0)))
        return out

    def height(self, scale: float, width: float, limit: float) -> float:
        return sum(h + self.row_gap for _cell, h in self._built(scale, width)) + self.space_after

    def split(self, scale: float, width: float, room: float):
        used, n = 0.0, 0
        for _cell, h in self._built(scale, width):
            if used + h + self.row_gap > room:
                break
            used += h + self.row_gap
            n += 1
        if n == len(self.rows):
            return self, None
        if n == 0:
            return None, self
        cells = self._row_cells()
        return (Table(self.rows[:n], self.style, self.fractions, 0.0, self.row_gap, cells[:n]),
                Table(self.rows[n:], self.style, self.fractions, self.space_after, self.row_gap, cells[n:]))

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        y = top
        for cells, height in self._built(scale, width):
            left = x
            for (cell, _h), fraction in zip(cells, self.fractions):
                if cell.words:
                    cell.draw(c, left, y, width * fraction - 4, scale)
                left += width * fraction
            y -= height + self.row_gap


@dataclass
class Gap:
    """Empty space between two pieces of a flowing section."""
    size: float

    def height(self, scale, width, limit) -> float:
        return self.size

    def split(self, scale, width, room):
        return None, None  # a gap at a page break is dropped

    def draw(self, c, x, top, width, scale) -> None:
        pass


SCALES = (1.0, 0.9, 0.8)


@dataclass
class Lines:
    """Empty writing lines for a pencil, `spacing` apart; with `name`, each is a one-line form
    field. Splits between lines (the fields keep counting on)."""

    count: int
    name: str = ""
    tooltip: str = ""
    spacing: float = PENCIL_LINE
    space_after: float = 2.0
    first: int = 0

    def height(self, scale: float, width: float, limit: float) -> float:
        return self.count * self.spacing + self.space_after

    def split(self, scale: float, width: float, room: float):
        fit = int(room // self.spacing)
        if fit >= self.count:
            return self, None
        if fit < 1:
            return None, self
        return (replace(self, count=fit, space_after=0.0),
                replace(self, count=self.count - fit, first=self.first + fit))

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        writing_lines(c, Rect(x, top - self.count * self.spacing - 3, width, self.count * self.spacing + 3),
                      self.spacing, self.name, self.tooltip, self.first)


@dataclass
class Columns:
    """Flows side by side (a card template in two columns); kept whole."""

    flows: list
    gap: float = 12.0
    space_after: float = 0.0

    def _width(self, width: float) -> float:
        return (width - self.gap * (len(self.flows) - 1)) / len(self.flows)

    def height(self, scale: float, width: float, limit: float) -> float:
        w = self._width(width)
        return max(sum(i.height(scale, w, limit) for i in f.items) for f in self.flows) + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        w = self._width(width)
        for k, flow in enumerate(self.flows):
            Placed(flow.items, scale).draw(c, Rect(x + k * (w + self.gap), top - 10_000, w, 10_000))


@dataclass
class Placed:
    """The part of a flow that fits one box, at one scale."""

    items: list
    scale: float

    def draw(self, c: Canvas, rect: Rect) -> None:
        top = rect.top
        for item in self.items:
            item.draw(c, rect.x, top, rect.width, self.scale)
            top -= item.height(self.scale, rect.width, 10_000)


@dataclass
class Flow:
    """Items stacked top-down. `fill` places what fits a box (shrinking a little first, never
    below 7-pt body text) and returns the rest as another flow, or None."""

    items: list = field(default_factory=list)

    def add(self, item) -> "Flow":
        self.items.append(item)
        return self

    def fill(self, width: float, height: float, scales: tuple[float, ...] = SCALES,
             next_height: float | None = None, forced: bool = True) -> tuple[Placed, "Flow | None"]:
        """`scales`: the sizes it may try to fit whole (a continuation passes (1.0,) so it
        prints as large as the part before it). `next_height`: the box the rest goes to; an
        item that would fit there whole is moved there instead of being split, so a break
        falls between items (a label stays with its text). `forced`: the box is as large as
        any the rest could go to, so an item too tall for it is split or placed anyway; a box
        with a larger one to come (a section of a sheet's first page) places nothing then."""
        for scale in scales:
            total = 0.0
            for item in self.items:
                total += item.height(scale, width, 2 * height - total)
                if total > height:
                    break
            else:
                return Placed(list(self.items), scale), None
            if total > 2 * height:
                break  # far too much to fit by shrinking a little: go straight to continuing
        # It does not fit: keep full size and continue the rest elsewhere (wrap, don't shrink).
        scale = 1.0
        placed: list = []
        room = height
        items = list(self.items)
        while items:
            item = items[0]
            h = item.height(scale, width, room)
            if h <= room:
                placed.append(items.pop(0))
                room -= h
                continue
            whole_fits_next = next_height is not None and h <= next_height
            if placed and whole_fits_next:
                head, tail = None, item  # break before it rather than through it
            else:
                head, tail = item.split(scale, width, room)
            if head is None and not placed and room >= height and forced:
                loosened = getattr(item, "loosened", None)  # a box too small to keep lines together
                if loosened is not None:
                    head, tail = loosened().split(scale, width, room)
                if head is None:
                    head, tail = item, None  # taller than a whole box and unsplittable: it gets one to itself
            if head is not None:
                placed.append(head)
            items[0:1] = [tail] if tail is not None else []
            break
        # A heading never ends a box: it goes on with what it heads.
        while items and len(placed) > 1 and getattr(placed[-1], "keep_with_next", False):
            items.insert(0, placed.pop())
        return Placed(placed, scale), (Flow(items) if items else None)

    def draw(self, c: Canvas, rect: Rect) -> "Flow | None":
        placed, rest = self.fill(rect.width, rect.height)
        placed.draw(c, rect)
        return rest
