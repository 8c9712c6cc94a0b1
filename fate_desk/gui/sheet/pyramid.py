"""The skill pyramid: the rule set's shape as rows of slots, filled with skill names.

A second view of the SkillsModel. Empty slots are drawn dashed, skills beyond a row's
slots are drawn red, and a skill can be dragged to another row (or picked and moved with
the arrow keys). Mediocre skills wait in the bottom row.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QSizePolicy, QToolTip, QWidget

from fate_desk.i18n import _, language, ngettext
from fate_desk.model import CharacterKind, ladder_label
from fate_desk.rules import Level, ShapeKind

from .. import access
from ..theme import is_dark, muted, readable_fill, status_colour
from .skills_model import SkillRole, SkillsModel

MARGIN, GAP = 6, 6


@dataclass
class PyramidRow:
    rating: int
    expected: int | None  # slots the shape asks for; None when the shape has no counts
    names: list[str]
    rect: QRect = field(default_factory=QRect)
    chips: list[tuple[str, QRect]] = field(default_factory=list)
    empty: list[QRect] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.expected is not None and self.rating > 0 and len(self.names) > self.expected

    @property
    def missing(self) -> int:
        if self.expected is None or self.rating <= 0:
            return 0
        return max(0, self.expected - len(self.names))


def creation_limits(character) -> bool:
    """Only PCs are built to the rule set's shape; NPCs and monsters are not."""
    return character is None or character.kind == CharacterKind.PC


def advanced(character) -> bool:
    """Past creation: a breakthrough has reshaped the skills, so the creation counts are history."""
    return character is not None and character.has_breakthrough()


def pyramid_rows(model: SkillsModel) -> list[PyramidRow]:
    """The rows to draw, best rating first, the Mediocre pool (and any negatives) last."""
    ruleset = model.ruleset
    if ruleset is None:
        return []
    by_rating: dict[int, list[str]] = {}
    for name in model.skill_names():
        by_rating.setdefault(model.rating(name), []).append(name)
    counts = ruleset.shape.counts if ruleset.shape.kind != ShapeKind.BUDGET else {}
    if ruleset.shape.kind == ShapeKind.COLUMN or not creation_limits(model.character) or advanced(model.character) \
            or ruleset.modes is not None:
        # Major NPCs have no creation shape, and after a breakthrough the checker holds a PC to the
        # column rule only: no slot counts, no "too many" in red that the checker would not back.
        # Skills rated through modes (Atomic Robo) follow their modes, not a pyramid or column.
        counts = {}
    positive = [r for r in list(counts) + list(by_rating) + [ruleset.peak] if r > 0]
    top = max(positive, default=1)
    rows = []
    for rating in range(top, 0, -1):
        expected = counts.get(rating, 0) if counts else None
        rows.append(PyramidRow(rating, expected, sorted(by_rating.get(rating, []), key=str.casefold)))
    rows.append(PyramidRow(0, None, sorted(by_rating.get(0, []), key=str.casefold)))
    for rating in sorted((r for r in by_rating if r < 0), reverse=True):
        rows.append(PyramidRow(rating, None, sorted(by_rating[rating], key=str.casefold)))
    return rows


def row_fill(palette: QPalette, rating: int, wrong: bool, flash: bool) -> QColor:
    """The colour a rung is painted in: the field's, a tint when a rule is broken on it, the
    highlight's for a moment after a skill lands on it; the rung's words (its rating, its count
    in the warning or error colour) read on each at 4.5:1, 7:1 in high contrast."""
    dark = is_dark(palette)
    texts = [palette.color(QPalette.ColorRole.WindowText), *row_text_colours(palette)]
    if flash:
        return readable_fill(palette.color(QPalette.ColorRole.Highlight).lighter(170 if not dark else 60), palette, texts)
    if wrong:
        return readable_fill(QColor("#5a2a2a") if dark else QColor("#fdecea"), palette, texts)
    return palette.color(QPalette.ColorRole.AlternateBase if rating > 0 else QPalette.ColorRole.Base)


def row_text_colours(palette: QPalette) -> list[QColor]:
    """The colours of a rung's count: too many skills on it, or a slot still empty."""
    return [QColor(status_colour("error", palette)), QColor(status_colour("warning", palette))]


class PyramidView(QWidget):
    """Draws the pyramid and turns drags (and arrow keys) into rating changes on the model."""

    skillSelected = Signal(str)
    rollRequested = Signal(str)  # double-click or Enter on a skill: roll it

    def __init__(self, model: SkillsModel, parent=None):
        access.install()  # before Qt makes this view's interface: it is asked for on the first event
        super().__init__(parent)
        self.model = model
        self.rows: list[PyramidRow] = []
        self.row_problems: dict[int, str] = {}  # rating -> severity of a problem on that row
        self.selected: str | None = None
        self.flash_rating: int | None = None
        self._press: tuple[str, QPoint] | None = None
        self._dragging: str | None = None
        self._drag_pos = QPoint()
        self.read_only = False  # a campaign open read-only: skills are picked and rolled, never moved
        self._measured: tuple | None = None  # (what was measured, the metrics): see _metrics
        self._texts: tuple | None = None  # (language, rule set, every chip's words): see _chip_texts
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setAccessibleName(_("Skill pyramid"))
        self.setAccessibleDescription(_("A table of ratings and skills. Left and Right pick a skill, Up and Down "
                                        "move it a step on the ladder, Enter rolls it."))
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        model.modelReset.connect(self._reload)
        model.dataChanged.connect(self._reload)
        self._reload()

    # --- layout -------------------------------------------------------------------------

    def _metrics(self) -> tuple[int, int, int]:
        # Asked on every layout pass and paint; measured again only when what it measures changes:
        # the font (text size), the language, the skills or the rule set that names them.
        key = (self.font().key(), self._chip_texts())
        if self._measured is not None and self._measured[0] == key:
            return self._measured[1]
        self._measured = (key, self._measure())
        return self._measured[1]

    def _chip_texts(self) -> tuple[str, ...]:
        """Every chip's words, worked out again only when the skills change (`_reload`), or the
        language or the rule set that names them: a layout pass asks for them several times."""
        stamp = (language(), id(self.model.ruleset))
        if self._texts is None or self._texts[0] != stamp:
            self._texts = (stamp, tuple(self.chip_text(n) for n in self.model.skill_names()))
        return self._texts[1]

    def _measure(self) -> tuple[int, int, int]:
        fm = QFontMetrics(self.font())
        # The widest rung a row label shows (in the interface language; bold, as rungs above
        # Mediocre are drawn), and room for the "2/3" count in its smaller type: a fixed 52 px
        # let "Average (+1)" run into its count at 200%.
        bold = QFont(self.font())
        bold.setBold(True)
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.8))
        count_w = QFontMetrics(small).horizontalAdvance("10/10")
        label_w = max(QFontMetrics(bold).horizontalAdvance(ladder_label(r)) for r in range(-2, 7)) + count_w + 24
        longest = max((fm.horizontalAdvance(text) for text in self._chip_texts()), default=60)
        slot_w = max(longest + fm.horizontalAdvance(" ✖") + 20, 90)
        slot_h = fm.height() + 12
        return label_w, slot_w, slot_h

    def _layout(self, width: int, store: bool = True) -> int:
        """Place rows, chips and empty slots for `width` (kept only if `store`); returns the height."""
        label_w, slot_w, slot_h = self._metrics()
        per_line = max(1, (width - label_w - 2 * MARGIN + GAP) // (slot_w + GAP))
        y = MARGIN
        for row in self.rows:
            slots = len(row.names) + row.missing
            if row.expected is None and row.rating > 0:
                slots = len(row.names) + 1  # always a place to drop onto
            lines = max(1, -(-slots // per_line))
            height = lines * (slot_h + GAP) + GAP
            if not store:
                y += height + 2
                continue
            row.rect = QRect(MARGIN, y, width - 2 * MARGIN, height)
            row.chips, row.empty = [], []
            for i in range(max(slots, 1)):
                line, col = divmod(i, per_line)
                rect = QRect(MARGIN + label_w + col * (slot_w + GAP), y + GAP + line * (slot_h + GAP), slot_w, slot_h)
                if i < len(row.names):
                    row.chips.append((row.names[i], rect))
                elif i < slots or row.rating <= 0:
                    row.empty.append(rect)
            y += height + 2
        return y + MARGIN

    def _reload(self, *args) -> None:
        self._texts = None  # the skills, or what an extra adds to them, may have changed
        self.rows = pyramid_rows(self.model)
        if self.selected not in self.model.skill_names():
            self.selected = None
        self._layout(max(self.width(), 300))
        self.updateGeometry()
        self.update()
        access.changed(self)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._layout(width, store=False)

    def sizeHint(self) -> QSize:
        return QSize(400, self._layout(400, store=False))

    def minimumSizeHint(self) -> QSize:
        label_w, slot_w, _slot_h = self._metrics()
        return QSize(label_w + slot_w + 2 * MARGIN, 80)

    def resizeEvent(self, event) -> None:
        self._layout(self.width())
        super().resizeEvent(event)

    # --- hit testing ---------------------------------------------------------------------

    def chip_at(self, pos: QPoint) -> str | None:
        for row in self.rows:
            for name, rect in row.chips:
                if rect.contains(pos):
                    return name
        return None

    def row_at(self, pos: QPoint) -> PyramidRow | None:
        return next((row for row in self.rows if row.rect.contains(pos)), None)

    def chip_rect(self, name: str) -> QRect:
        for row in self.rows:
            for chip, rect in row.chips:
                if chip == name:
                    return QRect(rect)
        return QRect()

    def row_rect(self, rating: int) -> QRect:
        return next((QRect(r.rect) for r in self.rows if r.rating == rating), QRect())

    # --- mouse and keys ------------------------------------------------------------------

    def mousePressEvent(self, event) -> None:
        name = self.chip_at(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and name:
            self._press = (name, event.position().toPoint())
            self.select(name)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        pos = event.position().toPoint()
        if self._press and event.buttons() & Qt.MouseButton.LeftButton and not self.read_only:
            if self._dragging or (pos - self._press[1]).manhattanLength() >= QApplication.startDragDistance():
                self._dragging = self._press[0]
                self._drag_pos = pos
                self.setCursor(Qt.CursorShape.ClosedHandCursor)
                self.update()
        elif not event.buttons():
            over = self.chip_at(pos)
            self.setCursor(Qt.CursorShape.OpenHandCursor if over else Qt.CursorShape.ArrowCursor)

    def mouseReleaseEvent(self, event) -> None:
        dragged, self._dragging, self._press = self._dragging, None, None
        self.unsetCursor()
        if dragged:
            row = self.row_at(event.position().toPoint())
            if row is not None and row.rating != self.model.rating(dragged):
                self.model.set_rating(dragged, row.rating)
            self.update()

    def mouseDoubleClickEvent(self, event) -> None:
        name = self.chip_at(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and name:
            self.rollRequested.emit(name)
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event) -> None:
        key = event.key()
        if self.selected and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.rollRequested.emit(self.selected)
        elif self.read_only and key in (Qt.Key.Key_Up, Qt.Key.Key_Plus, Qt.Key.Key_Down, Qt.Key.Key_Minus):
            event.ignore()
        elif self.selected and key in (Qt.Key.Key_Up, Qt.Key.Key_Plus):
            self.model.set_rating(self.selected, self.model.rating(self.selected) + 1)
        elif self.selected and key in (Qt.Key.Key_Down, Qt.Key.Key_Minus):
            self.model.set_rating(self.selected, self.model.rating(self.selected) - 1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and self.model.skill_names():
            order = [name for row in self.rows for name in row.names]
            at = order.index(self.selected) if self.selected in order else -1
            step = 1 if key == Qt.Key.Key_Right else -1
            self.select(order[(at + step) % len(order)])
        else:
            super().keyPressEvent(event)

    def set_read_only(self, read_only: bool) -> None:
        self.read_only = read_only

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Arriving by Tab picks the first skill, so the focus shows at once (before, nothing
        showed it until an arrow key was pressed)."""
        super().focusInEvent(event)
        reasons = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
        if self.selected is None and event.reason() in reasons:
            first = next((name for row in self.rows for name in row.names), None)
            if first:
                self.select(first)
        # Qt tells screen readers the view has the focus once this returns: the picked skill is
        # told after that, so it is what they read (not the table's name alone).
        QTimer.singleShot(0, self, lambda: access.changed(self))

    def select(self, name: str | None) -> None:
        self.selected = name
        if name:
            self.skillSelected.emit(name)
        self.update()
        access.changed(self)

    def chip_text(self, name: str) -> str:
        """A chip's words: the skill, and what an extra adds when the dice use more than its row
        ("Shoot +1" in the Great (+4) row rolls at Superb (+5))."""
        badge = self.model.badge(name)
        shown = self.model.shown_name(name)
        return _("{skill} {bonus}").format(skill=shown, bonus=badge) if badge else shown

    def played_words(self, name: str) -> str:
        """How the skill is rated and rolled, in words, beyond its row: its mode, an extra's part."""
        return "\n".join(t for t in (self.model.mode_text(name), self.model.bonus_text(name)) if t)

    def problem_text(self, name: str) -> str:
        """What the checker says about a skill, in words (drawn as a red edge)."""
        problem = self.model.index(self.model.row_of(name), 0).data(SkillRole.PROBLEM)
        return problem.message if problem else ""

    def event(self, event) -> bool:
        if event.type() == event.Type.ToolTip:
            self._tooltip(event)
            return True
        return super().event(event)

    def _tooltip(self, event) -> None:
        pos = event.pos()
        name = self.chip_at(pos)
        text = ""
        if name:
            problem = self.model.index(self.model.row_of(name), 0).data(SkillRole.PROBLEM)
            shown, rating = self.model.shown_name(name), ladder_label(self.model.rating(name))
            played = self.played_words(name)
            if played:
                rating = _("{rating}\n{played}").format(rating=rating, played=played)
            if problem:
                text = _("{skill}: {rating}\n{problem}").format(skill=shown, rating=rating, problem=problem.message)
            else:
                text = _("{skill}: {rating}\nDrag to another row to change the rating.").format(
                    skill=shown, rating=rating)
        elif (row := self.row_at(pos)) is not None:
            text = ladder_label(row.rating)
            if row.expected is not None:
                text = ngettext("{rating}: {filled} of {count} slot filled", "{rating}: {filled} of {count} slots filled",
                                row.expected).format(rating=text, filled=len(row.names), count=row.expected)
        if text:
            QToolTip.showText(event.globalPos(), text, self)
        else:
            QToolTip.hideText()

    # --- painting ------------------------------------------------------------------------

    def paintEvent(self, event) -> None:
        # Ended when the paint ends, whoever still holds this frame (a traceback, a profiler).
        with QPainter(self) as painter:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            palette = self.palette()
            dark = is_dark(palette)
            label_w, _slot_w, _slot_h = self._metrics()
            for row in self.rows:
                self._paint_row(painter, row, palette, dark, label_w)
            if self._dragging:
                row = self.row_at(self._drag_pos)
                if row is not None:
                    painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRoundedRect(QRectF(row.rect).adjusted(1, 1, -1, -1), 6, 6)
                rect = QRect(self.chip_rect(self._dragging))
                rect.moveCenter(self._drag_pos)
                painter.setOpacity(0.85)
                self._paint_chip(painter, self._dragging, rect, palette, dark, lifted=True)
                painter.setOpacity(1.0)

    def _paint_row(self, painter: QPainter, row: PyramidRow, palette: QPalette, dark: bool, label_w: int) -> None:
        base = row_fill(palette, row.rating, row.over or self.row_problems.get(row.rating) == Level.ERROR.value,
                        self.flash_rating == row.rating)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(base)
        painter.drawRoundedRect(QRectF(row.rect), 6, 6)
        text_colour = palette.color(QPalette.ColorRole.WindowText)
        painter.setPen(text_colour)
        font = painter.font()
        font.setBold(row.rating > 0)
        painter.setFont(font)
        label_rect = QRect(row.rect.left() + 8, row.rect.top(), label_w - 12, row.rect.height())
        painter.drawText(label_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, ladder_label(row.rating))
        font.setBold(False)
        painter.setFont(font)
        if row.expected is not None and row.rating > 0:
            count = f"{len(row.names)}/{row.expected}"
            small = QRect(label_rect.left(), row.rect.top() + 3, label_w - 16, row.rect.height() - 6)
            colour = QColor(status_colour("error", palette)) if row.over else (
                QColor(status_colour("warning", palette)) if row.missing else muted(palette, base))
            painter.setPen(colour)
            f = painter.font()
            f.setPointSizeF(max(6.0, f.pointSizeF() * 0.8))
            painter.setFont(f)
            painter.drawText(small, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, count)
            painter.setFont(font)
        dash = QColor(status_colour("warning", palette)) if row.missing else QColor(140, 140, 140)
        for rect in row.empty:
            painter.setPen(QPen(dash, 1.2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
            if row.rating == 0 and not row.names:
                painter.setPen(muted(palette, base))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, _("drop here"))
        expected = row.expected if row.expected is not None else len(row.names)
        for i, (name, rect) in enumerate(row.chips):
            if name == self._dragging:
                painter.setPen(QPen(QColor(140, 140, 140), 1, Qt.PenStyle.DotLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(QRectF(rect), 5, 5)
                continue
            self._paint_chip(painter, name, rect, palette, dark, extra=row.rating > 0 and i >= expected)

    def _paint_chip(self, painter, name, rect, palette, dark, extra=False, lifted=False) -> None:
        problem = self.model.index(self.model.row_of(name), 0).data(SkillRole.PROBLEM)
        fill = palette.color(QPalette.ColorRole.Button)
        border = palette.color(QPalette.ColorRole.Mid)
        if extra:
            fill = QColor("#7a2e2e") if dark else QColor("#f8d0cc")
        if problem is not None and problem.severity == Level.ERROR:
            border = QColor("#c62828")
        if name == self.selected:
            border = palette.color(QPalette.ColorRole.Highlight)
        painter.setPen(QPen(border, 2 if (name == self.selected or extra or lifted) else 1))
        painter.setBrush(fill)
        painter.drawRoundedRect(QRectF(rect).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5)
        painter.setPen(palette.color(QPalette.ColorRole.ButtonText))
        # Not by colour alone: a skill with a rule error, or beyond its row's slots, carries a sign.
        sign = " ✖" if (problem is not None and problem.severity == Level.ERROR) or extra else ""
        # The rule set's skill in the interface language; the chip stays keyed by the English name.
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.chip_text(name) + sign)
