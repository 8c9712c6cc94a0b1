"""Flow items of the character sheet: aspect rows, skill rows with room to write, and
consequence or condition slots (dashed while the character has not earned them)."""

from __future__ import annotations

from functools import lru_cache
from dataclasses import dataclass, replace

from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas

from fate_desk.rules.creation.derive import slot_text
from fate_desk.i18n import _, language, ngettext, rules_text
from fate_desk.model import LADDER, AspectRole, Severity, ladder_label, ladder_name
from fate_desk.rules import RuleSet, SlotInfo

from .draw import (
    BOX_MIN,
    LABEL_MIN,
    PENCIL_LINE,
    box,
    checkbox,
    dashed_box,
    line_text,
    rule,
    text_field,
)
from .fonts import BOLD, ITALIC, REGULAR, text_width
from .geometry import Rect
from .styles import GREY, INK
from .textflow import RichText, Run

CELL_GAP = 6.0  # between one cell's writing line and the next
CELL_MIN = 1 * inch + CELL_GAP  # a writing line of at least an inch: room to write a skill name by hand
SKILL_LINE = 20.0
LADDER_W = 66.0


def ladder_width() -> float:
    """The ladder column: room for the longest rung's name in the interface language ("Durch-
    schnittlich (+1)" is half as long again as "Average (+1)"), the same on every row."""
    return _ladder_width(language())


@lru_cache(maxsize=16)
def _ladder_width(_language: str) -> float:
    """Measured once per language (every skill row asks, twice)."""
    widest = max(text_width(ladder_label(v), BOLD, 8) for v in range(-2, 9)) + 6
    return min(max(LADDER_W, widest), 120.0)
CONSEQUENCE_LINE = 2.5 * inch


def rating_word(at: int | None) -> str:
    """'Good+' for 3: the short form printed beside a box a rating earns."""
    if at is None:
        return ""
    return f"{ladder_name(at) or ladder_label(at)}+"


def needs_for_track(ruleset: RuleSet, track_id: str, total: int, have: int) -> list[str]:
    """Per box of the longest track: "" for boxes the character has, else the rating that earns it."""
    track = next((t for t in ruleset.stress.tracks if t.id == track_id), None)
    needs = [""] * total
    if track is None:
        return needs
    for i in range(have, total):
        level = next((lv for lv in track.levels if len(lv.boxes) > i), None)
        needs[i] = rating_word(level.at if level else None)
    return needs


# A slot's severity in its caption.
_SEVERITY_WORD = {
    Severity.MILD: lambda: _("mild"),
    Severity.MODERATE: lambda: _("moderate"),
    Severity.SEVERE: lambda: _("severe"),
    Severity.EXTREME: lambda: _("extreme"),
}

@dataclass
class AspectItem:
    """A role label, then the aspect in bold (wrapped) or a line to write it on."""

    label: str
    text: str
    free_invokes: int
    field: str  # a form field over the line, or ""
    cont: bool = False
    body: RichText | None = None

    LABEL_H = 9.0

    def _body(self) -> RichText:
        if self.body is None:
            runs = [Run(self.text, BOLD)]
            if self.free_invokes:
                n = self.free_invokes
                runs.append(Run(" " + ngettext("({count} free invoke)", "({count} free invokes)", n).format(count=n),
                                ITALIC, GREY))
            # The high concept is who the character is: it is set large. (The label and the role's
            # label are in the same language: both are AspectRole labels.)
            high = self.label.casefold() == AspectRole.HIGH_CONCEPT.label.casefold()
            self.body = RichText(runs, 13 if high else 10, space_after=0)
        return self.body

    def height(self, scale: float, width: float, limit: float) -> float:
        text_h = self._body().height(1.0, width, limit) if self.text.strip() else 0.0
        return self.LABEL_H + max(text_h, 16.0) + 6

    def split(self, scale: float, width: float, room: float):
        if not self.text.strip() or room < self.LABEL_H + 20:
            return None, self
        head, tail = self._body().split(1.0, width, room - self.LABEL_H - 6)
        if head is None or tail is None:
            return (self, None) if tail is None else (None, self)
        return (replace(self, body=head), replace(self, body=tail, cont=True))

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        label = (_("{section} (continued)").format(section=self.label) if self.cont else self.label).upper()
        line_text(c, label, x, top - 7, width, BOLD, 6.5, GREY)
        bottom = top - self.height(scale, width, 10_000) + 3
        if self.field:
            text_field(c, self.field, Rect(x, bottom, width, 16), self.label)
        else:
            rule(c, x, bottom, width)
        if self.text.strip():
            self._body().draw(c, x, top - self.LABEL_H, width, 1.0)


@dataclass
class SkillRowItem:
    """A rung of the ladder and its skills, one cell of at least an inch per skill (empty
    slots too); cells wrap onto more lines instead of shrinking or joining names."""

    label: str
    names: tuple[str, ...]
    slots: int
    field: str  # prefix of form fields for the empty cells, or ""
    approach: bool = False
    tooltip: str = ""
    skip: int = 0  # lines already printed elsewhere (after a split)
    take: int | None = None

    SIZE = 8.5

    def _cells(self, width: float) -> list[list[tuple[float, str | None, float]]]:
        """Lines of cells: (width, name or None for an empty slot, height)."""
        room = width - ladder_width()
        cells = []
        for name in self.names:
            w = max(CELL_MIN, text_width(name, REGULAR, self.SIZE) + 10)
            h = SKILL_LINE
            if w > room:
                lines = RichText([Run(name)], self.SIZE).height(1.0, room - 10, 10_000)
                w, h = room, max(SKILL_LINE, lines + 8)
            cells.append((w, name, h))
        empty = 1 if self.approach else max(0, self.slots - len(self.names))
        cells += [(CELL_MIN, None, SKILL_LINE)] * empty
        lines: list[list] = [[]]
        used = 0.0
        for cell in cells:
            if lines[-1] and used + cell[0] > room:
                lines.append([])
                used = 0.0
            lines[-1].append(cell)
            used += cell[0]
        # Stretch each line's cells to share the row evenly when they all fit.
        return lines

    def _shown(self, width: float):
        lines = self._cells(width)
        end = None if self.take is None else self.skip + self.take
        return lines[self.skip:end]

    def height(self, scale: float, width: float, limit: float) -> float:
        return sum(max((h for _w, _n, h in line), default=SKILL_LINE) for line in self._shown(width)) + 1

    def split(self, scale: float, width: float, room: float):
        lines = self._shown(width)
        used, n = 1.0, 0
        for line in lines:
            h = max((h for _w, _n, h in line), default=SKILL_LINE)
            if used + h > room:
                break
            used += h
            n += 1
        if n >= len(lines):
            return self, None
        if n == 0:
            return None, self
        return replace(self, take=n), replace(self, skip=self.skip + n, take=None)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        y = top
        ladder = ladder_width()
        for n, line in enumerate(self._shown(width)):
            h = max((h for _w, _n, h in line), default=SKILL_LINE)
            if n == 0 and self.skip == 0:
                line_text(c, self.label, x, y - 13, ladder - 4, BOLD, 8.5 if self.approach else 8)
            spare = (width - ladder - sum(w for w, _name, _unused in line)) / max(1, len(line))
            cx = x + ladder
            for i, (w, name, _unused) in enumerate(line):
                w = w + spare if len(line) > 1 and spare > 0 and all(nm is None for _width, nm, _unused in line) else w
                if name is None and self.field:
                    tip = _("{approach} rating").format(approach=self.tooltip or self.label) if self.approach else self.tooltip
                    text_field(c, f"{self.field}-{self.skip + n}-{i}", Rect(cx + 2, y - h + 2, w - CELL_GAP, h - 5), tip)
                else:
                    rule(c, cx + 2, y - h + 3, w - CELL_GAP)
                if name is not None:
                    RichText([Run(name)], self.SIZE, space_after=0).draw(c, cx + 4, y - 5, w - 10, 1.0)
                cx += w
            y -= h


@dataclass
class SlotItem:
    """A consequence (a line of at least 2.5 inches to write on) or a condition (its boxes);
    a slot the character has not earned is dashed and says what earns it."""

    slot: SlotInfo
    text: str
    recovering: bool
    marked: int
    need: str  # "" when the character has the slot
    box_need: str  # for condition boxes beyond today's: the rating that earns them
    extra_boxes: int
    field: str
    box_field: str
    blank: bool = False
    free_invokes: int = 0  # held by whoever inflicted it (printed with the state in ink)
    recovery: str = ""  # how it recovers in this rule set ("recover at Fair (+2)")

    SQUARE = BOX_MIN  # the same size as a stress box: one size of box on the whole sheet

    def _text(self) -> RichText:
        runs = [Run(self.text, BOLD)]
        notes = ([_("recovering")] if self.recovering else []) + ([ngettext(
            "{count} free invoke", "{count} free invokes", self.free_invokes).format(count=self.free_invokes)]
            if self.free_invokes else [])
        if notes:
            runs.append(Run(f" ({', '.join(notes)})", ITALIC, GREY))
        return RichText(runs, 8.5, space_after=0)

    def _caption(self) -> str:
        slot = self.slot
        sub = self.recovery
        if slot.condition:
            sub = f"{_SEVERITY_WORD[slot.severity]()}, {sub}" if slot.severity in _SEVERITY_WORD else f"{slot.severity.value}, {sub}"
            if slot.row_cutoff is not None:
                sub = _("{caption}; a row closes at {count} marked").format(caption=sub, count=slot.row_cutoff)
        elif slot.only and "only" not in (slot.label or ""):
            sub = _("{track} only, {caption}").format(track=rules_text(slot.only), caption=sub)
        if self.need:
            sub = f"{self.need}; {sub}"
        return sub

    LABEL = 8.0

    def _text_w(self, width: float) -> float:
        """The room beside the square for the label and caption (a condition's boxes take the right)."""
        text_w = width - self.SQUARE - 5
        if self.slot.condition:
            text_w = width - self.slot.boxes * (BOX_MIN + 4) - 4 - self.SQUARE - 5 - 4
        return max(text_w, 40.0)

    def _label(self) -> RichText:
        return RichText([Run(slot_text(self.slot), BOLD)], self.LABEL, 1.2, 0.0, min_size=self.LABEL)

    def _caption_text(self) -> RichText:
        return RichText([Run(self._caption(), REGULAR, INK)], LABEL_MIN, 1.22, 0.0, min_size=LABEL_MIN)

    def _head_h(self, width: float) -> float:
        """The label and its caption (each wrapped, never cut), or the square if taller."""
        text_w = self._text_w(width)
        words = self._label().height(1.0, text_w, 10_000) + self._caption_text().height(1.0, text_w, 10_000)
        return max(self.SQUARE, words + 1)

    def height(self, scale: float, width: float, limit: float) -> float:
        head = self._head_h(width)
        if self.slot.condition:
            return max(head, BOX_MIN + (LABEL_MIN + 2 if self.extra_boxes else 0)) + 4
        # A pencil's line of room above the writing line (more when text is already written).
        text_h = self._text().height(1.0, width - 4, limit) if self.text.strip() else 0.0
        return head + max(text_h + 4, PENCIL_LINE) + 5

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        slot = self.slot
        sq = self.SQUARE
        y = top - sq
        if self.need:
            dashed_box(c, x, y, sq)
        else:
            box(c, x, y, sq)
        c.setFont(BOLD, 9)
        c.setFillColor(INK)
        c.drawCentredString(x + sq / 2, y + 4, str(slot.value))
        label = slot_text(slot)
        lx = x + sq + 5
        text_w = self._text_w(width)
        if slot.condition:
            step = BOX_MIN + 4
            bx = x + width - slot.boxes * step + 4
            by = top - BOX_MIN
            for b in range(slot.boxes):
                left = bx + b * step
                extra = b >= slot.boxes - self.extra_boxes
                if extra and self.box_need:
                    tip = _("{slot} box {number} (needs {rating})").format(slot=label, number=b + 1, rating=self.box_need)
                else:
                    tip = _("{slot} box {number}").format(slot=label, number=b + 1)
                if extra or self.need:
                    dashed_box(c, left, by, BOX_MIN)
                checkbox(c, f"{self.box_field}-{b}", left, by, BOX_MIN, b < self.marked, tip,
                         frame=not (extra or self.need))
            if self.extra_boxes and self.box_need:
                first = bx + (slot.boxes - self.extra_boxes) * step
                note = _("needs {rating}").format(rating=self.box_need)
                left = min(first, x + width - text_width(note, REGULAR, LABEL_MIN))
                line_text(c, note, left, by - LABEL_MIN - 1, x + width - left, REGULAR, LABEL_MIN, INK)
        head = self._label()
        head.draw(c, lx, top - 0.5, text_w, 1.0)
        self._caption_text().draw(c, lx, top - 0.5 - head.height(1.0, text_w, 10_000), text_w, 1.0)
        if slot.condition:
            return
        bottom = top - self.height(scale, width, 10_000) + 5
        line_w = max(min(width, CONSEQUENCE_LINE), width - 4)
        if self.blank:
            text_field(c, self.field, Rect(x, bottom, line_w, 14), label)
        else:
            rule(c, x, bottom, line_w)
        if self.text.strip():
            self._text().draw(c, x + 2, top - self._head_h(width) - 2, width - 4, 1.0)


@dataclass
class ApproachesItem:
    """Fate Accelerated's approaches as its own sheet prints them: each named beside a box for
    its rating, in two columns; a filled sheet writes the rating in the box ("+3", with the
    ladder word beside it), a blank one makes the box a form field."""

    approaches: list[tuple[str, int | None]]  # (name, rating); None: blank
    field: str = ""  # prefix of the blank form's fields
    space_after: float = 2.0

    ROW = 24.0
    BOX_W = 30.0
    BOX_H = 19.0

    def _rows(self) -> int:
        return -(-len(self.approaches) // 2)

    def height(self, scale: float, width: float, limit: float) -> float:
        return self._rows() * self.ROW + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        rows = self._rows()
        col_w = width / 2
        for i, (name, rating) in enumerate(self.approaches):
            col, row = divmod(i, rows)
            bx = x + col * col_w
            by = top - (row + 1) * self.ROW + (self.ROW - self.BOX_H) / 2
            c.setStrokeColor(INK)
            c.setLineWidth(0.8)
            c.rect(bx, by, self.BOX_W, self.BOX_H)
            if rating is None:
                if self.field:
                    c.acroForm.textfield(name=f"{self.field}-{i}", tooltip=_("{approach} rating").format(approach=name), x=bx, y=by,
                                         width=self.BOX_W, height=self.BOX_H, borderWidth=0, borderColor=None,
                                         fillColor=None, fontName="Helvetica", fontSize=11, maxlen=3)
            else:
                c.setFont(BOLD, 11)
                c.setFillColor(INK)
                c.drawCentredString(bx + self.BOX_W / 2, by + 5.5, f"{rating:+d}")
            line_text(c, name, bx + self.BOX_W + 8, by + 5.5, col_w - self.BOX_W - 70, BOLD, 10)
            if rating is not None:
                word = ladder_name(rating) if rating in LADDER else ""  # in the sheet's language
                if word:
                    line_text(c, word, bx + col_w - 62, by + 6, 56, REGULAR, 7.5, GREY)
