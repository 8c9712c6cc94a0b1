"""The zone map: zones as boxes with their names, aspects and who is there, lines for the ways
between them. The GM drags boxes into place in the scene editor; the players' view only shows."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem, QGraphicsLineItem, QGraphicsRectItem, QGraphicsScene, QGraphicsTextItem, QGraphicsView, QMenu,
    QWidget,
)

from fate_desk.rules.encounters.scene import ViewZone

BOX_WIDTH = 210


class ZoneBox(QGraphicsRectItem):
    def __init__(self, zone: ViewZone, map_: "ZoneMap"):
        super().__init__()
        self.zone = zone
        self.map = map_
        self.lines: list[tuple[QGraphicsLineItem, "ZoneBox"]] = []
        scale = map_.scale_factor
        self.title = QGraphicsTextItem(self)
        font = QFont(map_.font())
        font.setPointSizeF(font.pointSizeF() * scale * 1.15)
        font.setBold(True)
        self.title.setFont(font)
        self.title.setPlainText(zone.name or "(unnamed zone)")
        self.body = QGraphicsTextItem(self)
        body_font = QFont(map_.font())
        body_font.setPointSizeF(body_font.pointSizeF() * scale)
        self.body.setFont(body_font)
        width = BOX_WIDTH * scale
        self.title.setTextWidth(width - 16)
        self.body.setTextWidth(width - 16)
        lines = [f"▸ {a.text}" + (" " + "◆" * a.free_invokes if a.free_invokes else "") for a in zone.aspects]
        lines += [f"● {name}" for name in zone.who]
        self.body.setPlainText("\n".join(lines))
        self.title.setPos(8, 6)
        self.body.setPos(8, 10 + self.title.boundingRect().height())
        height = max(70 * scale, 18 + self.title.boundingRect().height() + self.body.boundingRect().height())
        self.setRect(QRectF(0, 0, width, height))
        self.setPos(zone.x, zone.y)
        if map_.editable:
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
            self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges)
            self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.recolour()

    def recolour(self) -> None:
        palette = self.map.palette()
        self.setBrush(QBrush(palette.base()))
        self.setPen(QPen(palette.text().color(), 2))
        self.title.setDefaultTextColor(palette.text().color())
        self.body.setDefaultTextColor(palette.text().color())

    def centre(self) -> QPointF:
        return self.pos() + self.rect().center()

    def itemChange(self, change, value):  # noqa: N802 (Qt's name)
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged:
            for line, other in self.lines:
                line.setLine(self.centre().x(), self.centre().y(), other.centre().x(), other.centre().y())
        return super().itemChange(change, value)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().mouseReleaseEvent(event)
        if self.map.editable and (self.pos().x(), self.pos().y()) != (self.zone.x, self.zone.y):
            self.map.zoneMoved.emit(self.zone.id, self.pos().x(), self.pos().y())

    def contextMenuEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if self.map.editable and self.map.people:
            menu = QMenu(self.map)
            self.map.menu = menu  # kept, so the menu lives while open (and tests can reach it)
            for character_id, name in self.map.people:
                action = menu.addAction(f"{name} is here")
                action.setCheckable(True)
                action.setChecked(name in self.zone.who)
                action.triggered.connect(lambda checked, c=character_id: self.map.whereaboutsChanged.emit(
                    c, self.zone.id if checked else ""))
            menu.popup(event.screenPos())  # not exec(): the event loop keeps running


class ZoneMap(QGraphicsView):
    """Draws zones from the core's map_zones; `editable` lets the GM drag them and place people."""

    zoneMoved = Signal(str, float, float)
    whereaboutsChanged = Signal(str, str)  # character id, zone id ("" for nowhere)

    def __init__(self, editable: bool = False, scale_factor: float = 1.0, parent: QWidget | None = None,
                 fit: bool = False):
        super().__init__(parent)
        self.editable = editable
        self.scale_factor = scale_factor
        self.fit = fit  # the players' view: the whole map fills the view, however big that is
        self.people: list[tuple[str, str]] = []  # (character id, name) the GM may place
        self.menu: QMenu | None = None  # the zone's "who is here" menu, when open
        self.boxes: dict[str, ZoneBox] = {}
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setMinimumHeight(int(160 * scale_factor))
        self.setAccessibleName("Zone map")

    def show_zones(self, zones: list[ViewZone]) -> None:
        scene = self.scene()
        scene.clear()
        self.boxes = {z.id: ZoneBox(z, self) for z in zones}
        pen = QPen(QColor(self.palette().text().color()), 3 * self.scale_factor)
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
                line = scene.addLine(box.centre().x(), box.centre().y(), other.centre().x(), other.centre().y(), pen)
                line.setZValue(-1)
                box.lines.append((line, other))
                other.lines.append((line, box))
        if zones:
            scene.setSceneRect(scene.itemsBoundingRect().adjusted(-20, -20, 20, 20))
        self._fit()

    def _fit(self) -> None:
        if self.fit and self.boxes:
            self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._fit()

    def texts(self) -> list[str]:
        """Everything the map says, for tests and screen readers."""
        out = []
        for box in self.boxes.values():
            out += [box.title.toPlainText(), *box.body.toPlainText().splitlines()]
        return out
