"""The zone map: zones as boxes with their names, aspects and who is there, lines for the ways
between them. The GM drags boxes into place in the scene editor; the players' view only shows.

By keyboard: the arrow keys go from zone to zone (the current one is drawn with a thick ring),
Shift+F10 or the Menu key opens the "who is here" menu, Ctrl+arrows move the zone's box.
Screen readers hear a list of zones (fate_desk/gui/access.py)."""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QContextMenuEvent, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem, QGraphicsPathItem, QGraphicsRectItem, QGraphicsScene, QGraphicsTextItem, QGraphicsView, QMenu,
    QWidget,
)

from fate_desk.i18n import _, ngettext
from fate_desk.rules.encounters.scene import ViewZone

from .. import access

BOX_WIDTH = 210
ROUTE_GAP = 18  # how far a way between two zones keeps clear of a third zone's box
# The players' view spreads or packs the map (positions and box widths, never the type) by one
# of these, the largest whose map fits the window.
SPREADS = (1.6, 1.4, 1.2, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5)


class ZoneBox(QGraphicsRectItem):
    def __init__(self, zone: ViewZone, map_: "ZoneMap", spread: float = 1.0):
        super().__init__()
        self.zone = zone
        self.map = map_
        self.lines: list[tuple[QGraphicsPathItem, "ZoneBox"]] = []
        scale = map_.scale_factor
        self.title = QGraphicsTextItem(self)
        font = QFont(map_.font())
        font.setPointSizeF(font.pointSizeF() * scale * 1.15)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setPlainText(zone.name or _("(unnamed zone)"))
        self.body = QGraphicsTextItem(self)
        body_font = QFont(map_.font())
        body_font.setPointSizeF(body_font.pointSizeF() * scale)
        self.body.setFont(body_font)
        lines = [f"▸ {a.text}" + (" " + "◆" * a.free_invokes if a.free_invokes else "") for a in zone.aspects]
        lines += [f"● {name}" for name in zone.who]
        # Never narrower than its longest word: a word cut across the box's edge could not be read.
        words = [w for text in [self.title.toPlainText(), *lines] for w in text.split()]
        longest = max((QFontMetricsF(font).horizontalAdvance(w) for w in words), default=0)
        width = max(BOX_WIDTH * scale * spread, longest + 24)
        self.title.setTextWidth(width - 16)
        self.body.setTextWidth(width - 16)
        self.body.setPlainText("\n".join(lines))
        self.title.setPos(8, 6)
        self.body.setPos(8, 10 + self.title.boundingRect().height())
        height = max(70 * scale, 18 + self.title.boundingRect().height() + self.body.boundingRect().height())
        self.setRect(QRectF(0, 0, width, height))
        self.setPos(zone.x * spread, zone.y * spread)
        if map_.editable:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.recolour()

    def recolour(self) -> None:
        palette = self.map.palette()
        self.setBrush(QBrush(palette.base()))
        if self.map.current_zone == self.zone.id and self.map.hasFocus():
            # The keyboard's place: a ring three times as thick, in the highlight colour.
            self.setPen(QPen(palette.highlight().color(), 6 * self.map.scale_factor))
        else:
            self.setPen(QPen(palette.text().color(), 2))
        self.title.setDefaultTextColor(palette.text().color())
        self.body.setDefaultTextColor(palette.text().color())

    def centre(self) -> QPointF:
        return self.pos() + self.rect().center()

    def itemChange(self, change, value):  # noqa: N802 (Qt's name)
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged:
            self.map.reroute()  # a box moved into (or out of) the way of any line
        return super().itemChange(change, value)

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self.map.set_current(self.zone.id)
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().mouseReleaseEvent(event)
        if self.map.editable and (self.pos().x(), self.pos().y()) != (self.zone.x, self.zone.y):
            self.map.zoneMoved.emit(self.zone.id, self.pos().x(), self.pos().y())

    def contextMenuEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        self.map.set_current(self.zone.id)
        self.map.open_menu(self.zone.id, event.screenPos())


class ZoneMap(QGraphicsView):
    """Draws zones from the core's map_zones; `editable` lets the GM drag them and place people."""

    zoneMoved = Signal(str, float, float)
    whereaboutsChanged = Signal(str, str)  # character id, zone id ("" for nowhere)

    def __init__(self, editable: bool = False, scale_factor: float = 1.0, parent: QWidget | None = None,
                 fit: bool = False):
        access.install()  # before Qt makes this view's interface: it is asked for on the first event
        super().__init__(parent)
        self.editable = editable
        self.scale_factor = scale_factor
        self.fit = fit  # the players' view: the whole map fills the view, however big that is
        self.people: list[tuple[str, str]] = []  # (character id, name) the GM may place
        self.menu: QMenu | None = None  # the zone's "who is here" menu, when open
        self.boxes: dict[str, ZoneBox] = {}
        self.current_zone: str | None = None  # the zone the keyboard is on
        self.zones: list[ViewZone] = []
        self.setScene(QGraphicsScene(self))
        if fit:  # the map from the top of its space, never floating in the middle of it
            self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(int(160 * scale_factor))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setFocusProxy(self)
        self.setAccessibleName(_("Zone map"))
        self.setAccessibleDescription(
            _("Arrow keys go from zone to zone. Shift+F10 or the Menu key says who is here; Ctrl with an arrow moves "
              "the zone.") if editable else _("Arrow keys go from zone to zone."))

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A change of theme: the boxes, their words and the ways between them take its colours
        (the lines kept the old theme's: black on the high-contrast black)."""
        super().changeEvent(event)
        if event.type() in (event.Type.PaletteChange, event.Type.StyleChange):
            self.recolour()

    def line_pen(self) -> QPen:
        """The ways between zones: the text colour, three pixels wide (scaled with the map)."""
        return QPen(QColor(self.palette().text().color()), 3 * self.scale_factor)

    def recolour(self) -> None:
        pen = self.line_pen()
        for box in self.boxes.values():
            box.recolour()
            for line, _other in box.lines:
                line.setPen(pen)

    def show_zones(self, zones: list[ViewZone]) -> None:
        self.zones = list(zones)
        if self.fit:
            self._fit()
        else:
            self._draw(1.0)

    def _draw(self, spread: float) -> None:
        scene = self.scene()
        scene.clear()
        self.boxes = {z.id: ZoneBox(z, self, spread) for z in self.zones}
        pen = self.line_pen()
        drawn = set()
        for box in self.boxes.values():
            scene.addItem(box)
        for box in self.boxes.values():
            for other_id in box.zone.adjacent:
                key = frozenset((box.zone.id, other_id))
                other = self.boxes.get(other_id)
                if other is None or key in drawn:
                    continue
                drawn.add(key)
                line = scene.addPath(self.route(box, other), pen)
                line.setZValue(-1)
                box.lines.append((line, other))
                other.lines.append((line, box))
        if self.zones:
            scene.setSceneRect(scene.itemsBoundingRect().adjusted(-20, -20, 20, 20))
        if self.current_zone not in self.boxes:
            self.current_zone = None
        self._current_changed()

    # --- the keyboard --------------------------------------------------------------------

    def set_current(self, zone_id: str | None) -> None:
        if zone_id != self.current_zone:
            self.current_zone = zone_id
            self._current_changed()

    def _current_changed(self) -> None:
        for box in self.boxes.values():
            box.recolour()
        box = self.boxes.get(self.current_zone or "")
        if box is not None and not self.fit:
            self.ensureVisible(box)
        access.changed(self)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusInEvent(event)
        if self.current_zone is None and self.boxes:
            self.current_zone = next(iter(self.boxes))
        self._current_changed()

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().focusOutEvent(event)
        self._current_changed()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        steps = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
        key = event.key()
        box = self.boxes.get(self.current_zone or "")
        if key in steps and box is not None and self.editable and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            dx, dy = steps[key]
            box.setPos(box.pos() + QPointF(dx * 20, dy * 20))
            self.zoneMoved.emit(box.zone.id, box.pos().x(), box.pos().y())
        elif key in steps and self.boxes:
            self.set_current(self._neighbour(*steps[key]) if box is not None else next(iter(self.boxes)))
        elif box is not None and self.editable and (
                key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Menu)
                or (key == Qt.Key.Key_F10 and event.modifiers() & Qt.KeyboardModifier.ShiftModifier)):
            self.open_menu(box.zone.id, self._menu_place(box))
        else:
            super().keyPressEvent(event)

    def _neighbour(self, dx: int, dy: int) -> str:
        """The nearest zone that way from the current one (the current one if none is)."""
        here = self.boxes[self.current_zone].centre()
        best, best_cost = self.current_zone, None
        for zone_id, box in self.boxes.items():
            offset = box.centre() - here
            along = offset.x() * dx + offset.y() * dy
            if zone_id == self.current_zone or along <= 0:
                continue
            across = abs(offset.x() * dy) + abs(offset.y() * dx)
            cost = along + 2 * across  # straight ahead beats a long way to the side
            if best_cost is None or cost < best_cost:
                best, best_cost = zone_id, cost
        return best

    def _menu_place(self, box: ZoneBox) -> QPoint:
        return self.viewport().mapToGlobal(self.mapFromScene(box.sceneBoundingRect().center()))

    def contextMenuEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        box = self.boxes.get(self.current_zone or "")
        if event.reason() == QContextMenuEvent.Reason.Keyboard:
            if box is not None:
                self.open_menu(box.zone.id, self._menu_place(box))
            return
        super().contextMenuEvent(event)

    def open_menu(self, zone_id: str, at: QPoint) -> QMenu | None:
        """Who is in this zone, as check marks the GM ticks to place people (the drag's equal)."""
        zone = self.boxes[zone_id].zone
        if not (self.editable and self.people):
            return None
        menu = QMenu(self)
        menu.setAccessibleName(_("Who is in {zone}").format(zone=zone.name) if zone.name
                               else _("Who is in this zone"))
        self.menu = menu  # kept, so the menu lives while open (and tests can reach it)
        for character_id, name in self.people:
            action = menu.addAction(_("{name} is here").format(name=name))
            action.setCheckable(True)
            action.setChecked(name in zone.who)
            action.triggered.connect(lambda checked, c=character_id: self.whereaboutsChanged.emit(
                c, zone.id if checked else ""))
        menu.popup(at)  # not exec(): the event loop keeps running
        return menu

    def zone_words(self, zone_id: str) -> tuple[str, str]:
        """A zone as a screen reader says it: name and who is there; then its aspects and links."""
        zone = self.boxes[zone_id].zone
        name = zone.name or _("Unnamed zone")
        said = (_("{zone}: {who} here").format(zone=name, who=", ".join(zone.who)) if zone.who
                else _("{zone}: nobody here").format(zone=name))
        names = {z: b.zone.name or _("Unnamed zone") for z, b in self.boxes.items()}
        links = [names[z] for z in zone.adjacent if z in names]
        details = []
        if zone.aspects:
            details.append(_("Aspects: {aspects}").format(aspects="; ".join(
                ngettext("{aspect} ({count} free invoke)", "{aspect} ({count} free invokes)", a.free_invokes).format(
                    aspect=a.text, count=a.free_invokes) if a.free_invokes else a.text for a in zone.aspects)))
        details.append(_("Leads to {zones}").format(zones=", ".join(links)) if links else _("Leads nowhere"))
        return said, ". ".join(details)

    def reroute(self) -> None:
        for box in self.boxes.values():
            for line, other in box.lines:
                line.setPath(self.route(box, other))

    def route(self, box: ZoneBox, other: ZoneBox) -> QPainterPath:
        """The way between two zones: straight when no third zone's box is in the way, else round
        the boxes in the way (above them, or below when above is blocked too), so a line never
        runs under a box and seems to pass through that zone."""
        start, end = box.centre(), other.centre()
        path = QPainterPath(start)
        others = [b.sceneBoundingRect() for b in self.boxes.values() if b is not box and b is not other]
        if not any(_crosses(QLineF(start, end), rect) for rect in others):
            path.lineTo(end)
            return path
        span = QRectF(start, end).normalized()
        in_the_way = [rect for rect in others if rect.left() < span.right() and rect.right() > span.left()]
        ends = (box.sceneBoundingRect(), other.sceneBoundingRect())
        above = min(r.top() for r in (*in_the_way, *ends)) - ROUTE_GAP
        below = max(r.bottom() for r in (*in_the_way, *ends)) + ROUTE_GAP
        for level, (here, there) in ((above, (ends[0].top(), ends[1].top())),
                                     (below, (ends[0].bottom(), ends[1].bottom()))):
            points = [QPointF(start.x(), here), QPointF(start.x(), level), QPointF(end.x(), level),
                      QPointF(end.x(), there)]
            legs = [QLineF(a, b) for a, b in zip(points, points[1:])]
            if not any(_crosses(leg, rect) for leg in legs for rect in others):
                break
        path = QPainterPath(points[0])
        for point in points[1:]:
            path.lineTo(point)
        return path

    def _fit(self) -> None:
        """The players' view: the largest spread whose map fits the view at the map's own type
        size; only when none does is the whole map scaled down to fit."""
        if not self.fit:
            return
        self.resetTransform()
        room = self.viewport().size()
        for spread in SPREADS:
            self._draw(spread)
            size = self.scene().sceneRect().size()
            if size.width() <= room.width() and size.height() <= room.height():
                return
        if self.boxes:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        if self.fit and event.oldSize() != event.size():
            self._fit()

    def texts(self) -> list[str]:
        """Everything the map says, for tests and screen readers."""
        out = []
        for box in self.boxes.values():
            out += [box.title.toPlainText(), *box.body.toPlainText().splitlines()]
        return out


def _crosses(line: QLineF, rect: QRectF) -> bool:
    """Whether `line` runs through `rect` (ending inside it counts)."""
    if rect.contains(line.p1()) or rect.contains(line.p2()):
        return True
    corners = [rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()]
    return any(line.intersects(QLineF(a, b))[0] == QLineF.IntersectionType.BoundedIntersection
               for a, b in zip(corners, corners[1:] + corners[:1]))
