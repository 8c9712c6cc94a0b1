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


def section(c: Canvas, rect: Rect, title: str, note: str = "") -> Rect:
    """A ruled box headed by a black band with its title in white capitals (found at arm's
    length, and kept by any photocopier); returns the space inside, below the band."""
    c.setStrokeColor(INK)
    c.setLineWidth(BOX_LINE)
    c.setFillColor(INK)
    c.rect(rect.x, rect.top - TITLE_BAND, rect.width, TITLE_BAND, stroke=0, fill=1)
    c.rect(rect.x, rect.y, rect.width, rect.height)
    c.setFillColor(white)
    title_text = title.upper()
    title_w = min(text_width(title_text, BOLD, TITLE_SIZE), rect.width - 10)
    line_text(c, title_text, rect.x + 5, rect.top - TITLE_BAND + 4, title_w + 0.5, BOLD, TITLE_SIZE, white)
    if note:
        start = rect.x + 5 + title_w + 8
        line_text(c, note, start, rect.top - TITLE_BAND + 4.5, rect.right - 5 - start, REGULAR, 7, white)
    c.setFillColor(INK)
    return Rect(rect.x + 5, rect.y + 4, rect.width - 10, rect.height - TITLE_BAND - 4)


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


def writing_lines(c: Canvas, rect: Rect, spacing: float = 16.0, name: str = "", tooltip: str = "") -> None:
    """Ruled lines to write on by hand; with `name`, each line is also a one-line form field,
    so typed text sits on the lines instead of floating in one auto-sized box."""
    y = rect.top - spacing
    n = 0
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
    dashed with the rating they need. Many boxes wrap onto more rows (and split between
    pages by rows)."""

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

    FONT = 7.0
    MAX_BOXES = 60  # a track longer than this is absurd at the table; the rest is counted, not drawn

    def __post_init__(self) -> None:
        if len(self.values) > self.MAX_BOXES:
            self.more += len(self.values) - self.MAX_BOXES
            self.values = self.values[: self.MAX_BOXES]
            self.names = self.names[: self.MAX_BOXES]

    def _geometry(self, width: float):
        font = self.FONT
        label_w = max(self.label_width, stringWidth(self.label, BOLD, font) + 6) if self.first == 0 else self.label_width
        label_w = min(label_w, width * 0.45)
        step = max(self.natural_step(), self.step_min)
        per_row = max(1, int((width - label_w + step - self.size) // step))
        value_h = (font + 1.5) if self.show_values else 0.0
        need_h = (LABEL_MIN + 2) if any(self.needs) else 0.0
        row_h = value_h + self.size + need_h + 2
        return font, label_w, step, per_row, value_h, row_h

    def natural_step(self) -> float:
        """The distance from one box to the next this track needs on its own."""
        step = self.size + max(3.0, self.size * 0.3)
        if any(self.needs):
            step = max(step, max(stringWidth(n, REGULAR, LABEL_MIN) for n in self.needs) + 4)
        return step

    def _rows(self, width: float) -> int:
        per_row = self._geometry(width)[3]
        return max(1, -(-(len(self.values) - self.first) // per_row))

    def height(self, scale: float, width: float, limit: float) -> float:
        more = LABEL_MIN + 4 if self.more else 0.0
        return self._rows(width) * self._geometry(width)[5] + more + self.space_after

    def split(self, scale: float, width: float, room: float):
        _a, _b, _c, per_row, _d, row_h = self._geometry(width)
        # A head that ends the box needs neither the space after the track nor the gap of 2 under
        # its last row: counting them, a box a few points short fitted no row at all, and the
        # whole track was then drawn over the box's "continued" line.
        fit_rows = int((room + 2) // row_h)
        if fit_rows >= self._rows(width):
            return self, None
        if fit_rows < 1:
            return None, self
        cut = self.first + fit_rows * per_row
        head = replace(self, values=self.values[:cut], space_after=0.0, more=0)
        tail = replace(self, first=cut, label=self.label)
        return head, tail

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        font, label_w, step, per_row, value_h, row_h = self._geometry(width)
        if self.first == 0:
            line_text(c, self.label, x, top - value_h - self.size / 2 - font / 3, label_w - 4, BOLD, font)
        for i in range(self.first, len(self.values)):
            row, col = divmod(i - self.first, per_row)
            left = x + label_w + col * step
            row_top = top - row * row_h
            if self.show_values:
                c.setFont(REGULAR, font)
                c.setFillColor(INK)
                c.drawCentredString(left + self.size / 2, row_top - font, str(self.values[i]))
            need = self.needs[i] if i < len(self.needs) else ""
            y = row_top - value_h - self.size
            needs = f"{self.need_prefix} {need}".strip()
            if need:
                tip = _("{track} box {number} (needs {rating})").format(track=self.tooltip or self.label, number=i + 1,
                                                                       rating=needs)
            else:
                tip = _("{track} box {number}").format(track=self.tooltip or self.label, number=i + 1)
            name = self.names[i] if i < len(self.names) else ""
            if need:
                dashed_box(c, left, y, self.size)
                line_text(c, need, left - 1, y - LABEL_MIN - 1, step, REGULAR, LABEL_MIN, INK)
                if name:
                    checkbox(c, name, left, y, self.size, i in self.marked, tip, frame=False)
            elif name:
                checkbox(c, name, left, y, self.size, i in self.marked, tip)
            else:
                box(c, left, y, self.size, i in self.marked)
        if self.more:
            rows = self._rows(width)
            line_text(c, _("and {count} more boxes (see the app)").format(count=f"{self.more:,}"), x + label_w, top - rows * row_h - LABEL_MIN,
                      width - label_w, ITALIC, 7, GREY)


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
        return min(width - self.line_width, stringWidth(self.label, BOLD, self.size) + 6) if width > self.line_width else \
            min(width * 0.4, stringWidth(self.label, BOLD, self.size) + 6)

    def _text(self) -> RichText:
        return RichText([Run(self.text)], self.size, space_after=0.0)

    def height(self, scale: float, width: float, limit: float) -> float:
        label_w = self._label_w(width)
        text_h = self._text().height(1.0, width - label_w - 2, 10_000) if self.text.strip() else 0.0
        label_h = stringWidth(self.label, BOLD, self.size) + 6 > label_w and self.size * 2.4 or self.size * 1.3
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


PENCIL_LINE = 7 * mm  # the least spacing of writing lines meant for a pencil


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
             next_height: float | None = None) -> tuple[Placed, "Flow | None"]:
        """`scales`: the sizes it may try to fit whole (a continuation passes (1.0,) so it
        prints as large as the part before it). `next_height`: the box the rest goes to; an
        item that would fit there whole is moved there instead of being split, so a break
        falls between items (a label stays with its text)."""
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
            if head is None and not placed and room >= height:
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
