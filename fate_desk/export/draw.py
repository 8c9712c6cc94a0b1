"""Drawing pieces every renderer shares: section boxes, check boxes, form fields, the footer,
and a small top-down flow whose fonts shrink together until it fits its box."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reportlab.lib.colors import white
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from fate_desk import ATTRIBUTION_SHORT

from .fonts import BOLD, REGULAR
from .geometry import FOOTER, Page, Rect
from .styles import FAINT, GREY, INK, RULE, fit_line, fit_paragraph, scaled

BOX_LINE = 0.8
TITLE_SIZE = 7.5
TITLE_BAND = 13.0


def field_name(*parts: object) -> str:
    """A form field name from parts; PDF field names may not contain dots."""
    return "-".join(re.sub(r"[^A-Za-z0-9_]+", "_", str(p)) for p in parts)


def section(c: Canvas, rect: Rect, title: str, note: str = "") -> Rect:
    """A ruled box with its title in the top band; returns the space inside, below the title."""
    c.setStrokeColor(INK)
    c.setLineWidth(BOX_LINE)
    c.rect(rect.x, rect.y, rect.width, rect.height)
    c.setFillColor(INK)
    c.setFont(BOLD, TITLE_SIZE)
    title_text = title.upper()
    c.drawString(rect.x + 5, rect.top - 9.5, title_text)
    if note:
        start = rect.x + 5 + c.stringWidth(title_text, BOLD, TITLE_SIZE) + 6
        text, size = fit_line(note, REGULAR, 6.5, rect.right - 5 - start)
        c.setFillColor(GREY)
        c.setFont(REGULAR, size)
        c.drawString(start, rect.top - 9.5, text)
        c.setFillColor(INK)
    return Rect(rect.x + 5, rect.y + 4, rect.width - 10, rect.height - TITLE_BAND - 4)


def line_text(c: Canvas, text: str, x: float, y: float, width: float, font: str, size: float, color=INK) -> None:
    """One line of plain text at baseline y, shrunk (or cut) to `width`."""
    shown, fitted = fit_line(text, font, size, width)
    c.setFillColor(color)
    c.setFont(font, fitted)
    c.drawString(x, y, shown)
    c.setFillColor(INK)


def rule(c: Canvas, x: float, y: float, width: float) -> None:
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.line(x, y, x + width, y)
    c.setStrokeColor(INK)


def checkbox(c: Canvas, name: str, x: float, y: float, size: float, checked: bool, tooltip: str = "") -> None:
    """A PDF check box, with its square also drawn as page content so it prints everywhere."""
    c.setStrokeColor(INK)
    c.setLineWidth(BOX_LINE)
    c.rect(x, y, size, size)
    c.acroForm.checkbox(
        name=name, tooltip=tooltip or None, checked=checked, x=x, y=y, size=size,
        buttonStyle="cross", borderColor=INK, fillColor=white, textColor=INK, borderWidth=BOX_LINE,
        forceBorder=True, fieldFlags="",
    )


def text_field(c: Canvas, name: str, rect: Rect, tooltip: str = "", multiline: bool = False) -> None:
    """A fillable text field over a writing line (the line prints even when left empty)."""
    if not multiline:
        rule(c, rect.x, rect.y + 1, rect.width)
    c.acroForm.textfield(
        name=name, tooltip=tooltip or None, x=rect.x, y=rect.y, width=rect.width, height=rect.height,
        borderWidth=0, borderColor=None, fillColor=None, textColor=INK,
        fontName="Helvetica", fontSize=0 if multiline else min(10, max(6, int(rect.height - 4))),
        fieldFlags="multiline" if multiline else "", maxlen=0 if multiline else 200,
    )


def writing_lines(c: Canvas, rect: Rect, spacing: float = 14.0) -> None:
    """Faint ruled lines to write on by hand."""
    c.setStrokeColor(FAINT)
    c.setLineWidth(0.4)
    y = rect.top - spacing
    while y > rect.y + 2:
        c.line(rect.x, y, rect.right, y)
        y -= spacing
    c.setStrokeColor(INK)


def footer(c: Canvas, page: Page, left: str, number: int, total: int) -> None:
    """The attribution notice and a page count, in the band below the content."""
    y = page.footer_y + 4
    width = page.width - 2 * page.margin
    c.setFillColor(GREY)
    right = f"{left} · page {number} of {total}" if left else f"page {number} of {total}"
    c.setFont(REGULAR, 5.8)
    right_w = c.stringWidth(right, REGULAR, 5.8)
    c.drawRightString(page.width - page.margin, y, right)
    line_text(c, ATTRIBUTION_SHORT, page.margin, y, width - right_w - 12, REGULAR, 5.8, GREY)
    c.setFillColor(INK)


# --- a flow that shrinks as a whole ------------------------------------------------------

@dataclass
class Text:
    """A paragraph of safe markup."""

    markup: str
    style: object
    space_after: float = 2.0

    def build(self, scale: float, width: float):
        para = Paragraph(self.markup, scaled(self.style, round(self.style.fontSize * scale * 4) / 4))
        height = para.wrap(width, 10_000)[1]
        return height + self.space_after * scale, lambda c, x, top: para.drawOn(c, x, top - height)


@dataclass
class Boxes:
    """A row of check boxes with their values above them, after a label."""

    label: str
    values: list[int]
    marked: set[int]
    names: list[str]
    size: float = 11.0
    show_values: bool = True
    note: str = ""
    space_after: float = 3.0
    label_width: float = 0.0  # 0: as wide as the label needs

    def build(self, scale: float, width: float):
        size = max(7.0, self.size * scale)
        font = max(5.0, 7.0 * scale)
        gap = size * 0.35
        value_h = font + 1 if self.show_values else 0
        height = size + value_h + self.space_after * scale

        def draw(c: Canvas, x: float, top: float) -> None:
            label_w = max(self.label_width * scale, c.stringWidth(self.label, BOLD, font) + 6)
            baseline = top - value_h - size + (size - font) / 2 + 1
            line_text(c, self.label, x, baseline, label_w - 4, BOLD, font)
            bx = x + label_w
            room = width - label_w
            step = min(size + gap, room / max(1, len(self.values)))
            box = min(size, step - 1.5)
            for i, value in enumerate(self.values):
                left = bx + i * step
                if self.show_values:
                    c.setFont(REGULAR, font * 0.9)
                    c.setFillColor(GREY)
                    c.drawCentredString(left + box / 2, top - font * 0.9, str(value))
                    c.setFillColor(INK)
                checkbox(c, self.names[i], left, top - value_h - box, box, i in self.marked)
            if self.note:
                end = bx + len(self.values) * step + 4
                if width - (end - x) > 30:
                    line_text(c, self.note, end, baseline, width - (end - x), REGULAR, font * 0.9, GREY)

        return height, draw


@dataclass
class Table:
    """Rows of cells (safe markup) in columns whose widths are fractions of the flow's width."""

    rows: list[tuple[str, ...]]
    style: object
    fractions: tuple[float, ...]
    space_after: float = 3.0
    row_gap: float = 1.5

    def build(self, scale: float, width: float):
        style = scaled(self.style, round(self.style.fontSize * scale * 4) / 4)
        built = []
        total = 0.0
        for row in self.rows:
            cells = []
            height = 0.0
            for text, fraction in zip(row, self.fractions):
                para = Paragraph(text, style)
                h = para.wrap(width * fraction - 4, 10_000)[1]
                cells.append((para, h))
                height = max(height, h)
            built.append((cells, height))
            total += height + self.row_gap * scale

        def draw(c: Canvas, x: float, top: float) -> None:
            y = top
            for cells, height in built:
                left = x
                for (para, h), fraction in zip(cells, self.fractions):
                    para.drawOn(c, left, y - h)
                    left += width * fraction
                y -= height + self.row_gap * scale

        return total + self.space_after * scale, draw


@dataclass
class RuledLine:
    """A bold label and a writing line after it, with any text already written on the line."""

    label: str
    text_markup: str
    style: object
    space_after: float = 3.0

    def build(self, scale: float, width: float):
        size = round(self.style.fontSize * scale * 4) / 4
        style = scaled(self.style, size)
        label_w = stringWidth(self.label, BOLD, size) + 6
        para = Paragraph(self.text_markup or "&nbsp;", style)
        text_h = para.wrap(width - label_w, 10_000)[1]
        height = max(text_h, style.leading) + 2

        def draw(c: Canvas, x: float, top: float) -> None:
            line_text(c, self.label, x, top - size, label_w, BOLD, size)
            rule(c, x + label_w, top - height + 1, width - label_w)
            para.drawOn(c, x + label_w + 1, top - text_h)

        return height + self.space_after * scale, draw


@dataclass
class Gap:
    height: float

    def build(self, scale: float, width: float):
        return self.height * scale, lambda c, x, top: None


SCALES = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55)


@dataclass
class Flow:
    """Items stacked top-down; all fonts shrink together until the whole flow fits."""

    items: list = field(default_factory=list)

    def add(self, item) -> "Flow":
        self.items.append(item)
        return self

    def layout(self, width: float, height: float):
        """(scale, built items, fits) for the largest scale that fits."""
        built = []
        for scale in SCALES:
            built = [item.build(scale, width) for item in self.items]
            if sum(h for h, _ in built) <= height:
                return scale, built, True
        return SCALES[-1], built, False

    def draw(self, c: Canvas, rect: Rect) -> float:
        """Draw inside `rect`; returns the scale used. Never draws outside the rect."""
        scale, built, fits = self.layout(rect.width, rect.height)
        c.saveState()
        if not fits:
            # Clip so the overflow cannot spill onto a neighbour, and say that text was cut.
            path = c.beginPath()
            path.rect(rect.x, rect.y + 8, rect.width, rect.height - 8)
            c.clipPath(path, stroke=0, fill=0)
        top = rect.top
        for item, (height, draw) in zip(self.items, built):
            if not fits and top - height < rect.y + 8:
                # The first paragraph that does not fit is cut to the room left, so its
                # start still prints; anything after it is left to the app.
                room = top - rect.y - 8
                if isinstance(item, Text) and room > 6:
                    size = round(item.style.fontSize * scale * 4) / 4
                    para = fit_paragraph(item.markup, scaled(item.style, size), rect.width, room, min_size=size)
                    para.drawOn(c, rect.x, top - para.wrap(rect.width, room)[1])
                break
            draw(c, rect.x, top)
            top -= height
        c.restoreState()
        if not fits:
            c.setFont(BOLD, 6)
            c.setFillColor(GREY)
            c.drawRightString(rect.right, rect.y + 1, "… (more than fits: see the app)")
            c.setFillColor(INK)
        return scale
