"""What a screen reader hears from the widgets Fate Desk draws itself, and what it is told.

Qt describes ordinary widgets on its own; the skill pyramid and the zone map are painted, so
they get accessible interfaces here: the pyramid is a table of rating rows holding skill
cells ("Fight, Good (+3)"), the map a list of zones saying who is in each and where it leads.
`install` registers the factory once per application; `announce` speaks a result (a roll, a
problem found) without moving the focus.
"""

from __future__ import annotations

from typing import Callable

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from PySide6.QtWidgets import (
    QAbstractButton, QAbstractItemView, QAccessibleWidget, QApplication, QDockWidget, QMainWindow, QTabBar, QWidget,
)

from fate_desk.i18n import _, ngettext, rules_text

try:  # Qt 6.8 and later
    from PySide6.QtGui import QAccessibleAnnouncementEvent
except ImportError:  # pragma: no cover - older Qt: the live status labels carry the words alone
    QAccessibleAnnouncementEvent = None


# Interfaces handed to Qt stay alive for the whole run: Qt's accessibility cache keeps raw
# pointers to them (and the bridge caches their ids), so Python must never free one under it.
_KEPT: list[QAccessibleInterface] = []


class Part(QAccessibleInterface):
    """One drawn part of a widget (a pyramid row, a skill, a zone): a role, a name, a place."""

    def __init__(self, owner: "DrawnWidget", parent: QAccessibleInterface, role: Role):
        super().__init__()
        self.owner = owner
        self._parent = parent
        self._role = role
        self.name = ""
        self.description = ""
        self.area = QRect()  # in the widget's coordinates
        self.parts: list[Part] = []
        self.selected = False
        self.focused = False
        self.told: tuple[str, str] | None = None  # the name and description screen readers were last told
        _KEPT.append(self)

    def isValid(self) -> bool:  # noqa: N802 (Qt's names throughout)
        return self.owner.alive

    def object(self):
        return None

    def window(self):
        return self.owner.window() if self.owner.alive else None

    def parent(self):
        return self._parent

    def child(self, index: int):
        return self.parts[index] if 0 <= index < len(self.parts) else None

    def childCount(self) -> int:
        return len(self.parts)

    def indexOfChild(self, child) -> int:
        return next((i for i, part in enumerate(self.parts) if part is child), -1)

    def childAt(self, x: int, y: int):
        return next((p for p in self.parts if p.rect().contains(x, y)), None)

    def text(self, kind) -> str:
        if kind == QAccessible.Text.Name:
            return self.name
        if kind == QAccessible.Text.Description:
            return self.description
        return ""

    def setText(self, kind, text: str) -> None:
        pass

    def rect(self) -> QRect:
        widget = self.owner.widget_
        if not self.owner.alive or self.area.isNull():
            return QRect()
        return QRect(widget.mapToGlobal(self.area.topLeft()), self.area.size())

    def role(self):
        return self._role

    def state(self):
        state = QAccessible.State()
        state.selectable = self._role in (QAccessible.Role.Cell, QAccessible.Role.ListItem)
        state.selected = self.selected
        state.focused = self.focused and self.owner.alive and self.owner.widget_.hasFocus()
        state.invisible = self.area.isNull()
        return state


class DrawnWidget(QAccessibleWidget):
    """A painted widget's interface: its parts, rebuilt from `describe` whenever it changes."""

    def __init__(self, widget: QWidget, role: Role, describe: Callable[["DrawnWidget"], list[Part]]):
        super().__init__(widget, role, "")
        self.widget_ = widget
        self.alive = True
        self.describe = describe
        self.parts: list[Part] = []
        self._pool: dict[tuple, Part] = {}
        widget.destroyed.connect(self._gone)
        _KEPT.append(self)

    def _gone(self, *_args) -> None:
        self.alive = False
        self.parts = []

    def part(self, key: tuple, parent: QAccessibleInterface, role: Role) -> Part:
        """The part for `key`, the same object each time (the bridge may hold on to it)."""
        part = self._pool.get(key)
        if part is None:
            part = self._pool[key] = Part(self, parent, role)
        part._parent = parent  # a skill's cell moves from row to row with its rating
        part.parts = []
        return part

    def refresh(self) -> None:
        self.parts = self.describe(self) if self.alive else []

    def retold(self) -> list[tuple[Part, bool, bool]]:
        """The parts whose name or description changed since screen readers were last told,
        with which of the two changed; each is marked told. A part never told before is new to
        them: they read it whole when they come to it."""
        out = []
        for part in self.parts:
            for inner in [part, *part.parts]:
                now = (inner.name, inner.description)
                if inner.told is not None and inner.told != now:
                    out.append((inner, inner.told[0] != now[0], inner.told[1] != now[1]))
                inner.told = now
        return out

    def childCount(self) -> int:  # noqa: N802
        self.refresh()
        return len(self.parts)

    def child(self, index: int):
        if not self.parts:
            self.refresh()
        return self.parts[index] if 0 <= index < len(self.parts) else None

    def indexOfChild(self, child) -> int:  # noqa: N802
        return next((i for i, part in enumerate(self.parts) if part is child), -1)

    def childAt(self, x: int, y: int):  # noqa: N802
        self.refresh()
        for part in self.parts:
            inner = part.childAt(x, y)
            if inner is not None:
                return inner
            if part.rect().contains(x, y):
                return part
        return None

    def focusChild(self):  # noqa: N802
        self.refresh()
        for part in self.parts:
            for inner in [part, *part.parts]:
                if inner.focused:
                    return inner
        return None


def _pyramid_parts(iface: DrawnWidget) -> list[Part]:
    """Rows of the ladder, each with its skills: "Good (+3)" row, "Fight, Good (+3)" cells."""
    # Deferred: model loads with the campaign, after the window's first paint.
    from fate_desk.model import ladder_label

    view = iface.widget_
    rows = []
    for row in view.rows:
        rating = ladder_label(row.rating)
        line = iface.part(("row", row.rating), iface, QAccessible.Role.Row)
        line.name = rating
        slots = ""
        if row.expected is not None and row.rating > 0:
            if row.over:
                slots = ngettext("{count} of {expected} slot filled, too many skills",
                                 "{count} of {expected} slots filled, too many skills", row.expected)
            else:
                slots = ngettext("{count} of {expected} slot filled", "{count} of {expected} slots filled",
                                 row.expected)
            slots = slots.format(count=len(row.names), expected=row.expected)
        line.description = slots
        line.area = QRect(row.rect)
        for name, rect in row.chips:
            # A cell per skill and rating: at each step up or down the ladder the focus goes to a
            # new cell, which screen readers read afresh (one that only renamed itself is not
            # spoken again by Orca, and a reader's cache could keep its old rating).
            cell = iface.part(("skill", name, row.rating), line, QAccessible.Role.Cell)
            cell.name = _("{skill}, {rating}").format(skill=rules_text(name), rating=rating)
            played = view.played_words(name).replace("\n", "; ")
            if played:
                cell.name = _("{skill}, {rating}, {played}").format(skill=rules_text(name), rating=rating, played=played)
            problem = view.problem_text(name)
            cell.description = problem
            cell.area = QRect(rect)
            cell.selected = cell.focused = name == view.selected
            line.parts.append(cell)
        rows.append(line)
    return rows


def _zone_parts(iface: DrawnWidget) -> list[Part]:
    """One list item per zone: "Pump House: Maren Voss here", described by its aspects and links."""
    view = iface.widget_
    zones = []
    for zone_id, box in view.boxes.items():
        item = iface.part(("zone", zone_id), iface, QAccessible.Role.ListItem)
        item.name, item.description = view.zone_words(zone_id)
        area = view.mapFromScene(box.sceneBoundingRect()).boundingRect()
        item.area = area
        item.selected = item.focused = zone_id == view.current_zone
        zones.append(item)
    return zones


class CountWidget(QAccessibleWidget):
    """A count kept in boxes (free invokes on an aspect) heard as a spin button: its name says
    what is counted, its value how many."""

    def __init__(self, widget: QWidget):
        super().__init__(widget, QAccessible.Role.SpinBox, "")
        self.widget_ = widget

    def text(self, kind):  # noqa: D102 (Qt's name)
        if kind == QAccessible.Text.Value:
            return str(self.widget_.value())
        return super().text(kind)


def _factory(key: str, obj: QObject):
    # Deferred: gui.conflict.zone_map (~12 ms, 2 modules) is not loaded at start-up, only on first use; the
    # sheet's widgets load with the campaign, after the window's first paint.
    from .conflict.zone_map import ZoneMap
    from .sheet.aspects import InvokeBoxes
    from .sheet.pyramid import PyramidView

    if isinstance(obj, PyramidView):
        return DrawnWidget(obj, QAccessible.Role.Table, _pyramid_parts)
    if isinstance(obj, ZoneMap):
        return DrawnWidget(obj, QAccessible.Role.List, _zone_parts)
    if isinstance(obj, InvokeBoxes):
        return CountWidget(obj)
    return None


_installed = False


def install() -> None:
    """Register the interfaces for the painted widgets (once; safe to call again)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


def changed(widget: QWidget) -> None:
    """Tell screen readers a painted widget's parts changed: each part whose words changed
    says so (their caches of names follow these events alone), and the part picked (a skill,
    a zone) is announced as the focus, as a list's current item is."""
    if not QAccessible.isActive():
        return
    iface = QAccessible.queryAccessibleInterface(widget)
    if not isinstance(iface, DrawnWidget):
        return
    iface.refresh()
    QAccessible.updateAccessibility(QAccessibleEvent(widget, QAccessible.Event.NameChanged))
    for part, name, description in iface.retold():
        if name:
            QAccessible.updateAccessibility(QAccessibleEvent(part, QAccessible.Event.NameChanged))
        if description:
            QAccessible.updateAccessibility(QAccessibleEvent(part, QAccessible.Event.DescriptionChanged))
    current = iface.focusChild()
    if current is not None and widget.hasFocus():
        QAccessible.updateAccessibility(QAccessibleEvent(current, QAccessible.Event.Focus))


class CurrentItemTold(QObject):
    """When the focus comes to a list, table or tree, its current item is told as the focus
    after the view itself, its words read again: Qt tells the item first and the view last, so
    a screen reader read the view's name alone, and a rating just typed into the skill list was
    read from the reader's cache with its old value. Installed once (`app._install_app_wide`)."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, _old, new) -> None:
        # `_old` may be half destroyed: never touch it (see focus_ring).
        if isinstance(new, QAbstractItemView) and QAccessible.isActive():
            QTimer.singleShot(0, self, lambda view=new: tell_current_item(view))


def tell_current_item(view: QAbstractItemView) -> None:
    """Tell screen readers the view's current item has the focus, with its words as they are now."""
    if not shiboken6.isValid(view) or not view.hasFocus() or not QAccessible.isActive():
        return
    index = view.currentIndex()
    area = view.visualRect(index) if index.isValid() else QRect()
    if area.isEmpty() or not view.viewport().rect().intersects(area):
        return
    point = view.viewport().mapToGlobal(area.center())
    iface = QAccessible.queryAccessibleInterface(view)
    item = iface.childAt(point.x(), point.y()) if iface is not None else None
    if item is None:
        return
    QAccessible.updateAccessibility(QAccessibleEvent(item, QAccessible.Event.NameChanged))
    QAccessible.updateAccessibility(QAccessibleEvent(item, QAccessible.Event.Focus))


def _tab_stop_when_tabs(bar: QTabBar) -> None:
    bar.setFocusPolicy(Qt.FocusPolicy.TabFocus if bar.count() else Qt.FocusPolicy.NoFocus)


def announce(widget: QWidget, text: str) -> None:
    """Speak `text` now, as a polite announcement from `widget`; the widget keeps the words in
    its "announced" property (what the app said last, for tests and for a second listen)."""
    if not text:
        return
    widget.setProperty("announced", text)
    if QAccessibleAnnouncementEvent is not None and QAccessible.isActive():
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(widget, text))


class DockTabNames(QObject):
    """Names what Qt leaves nameless around docks: the tab bars a main window makes for docks
    stacked on one another (heard only as "page tab list") and each dock's Close and Float
    buttons (five "Close" buttons nobody could tell apart). A dock gives its buttons Qt's bare
    "Close" and "Float" again whenever the style changes (a theme, a text size) or it floats or
    docks: they are named again after each."""

    # What makes a dock name its buttons afresh (QDockWidget's updateButtons).
    _RENAMED_BY = (QEvent.Type.StyleChange, QEvent.Type.ParentChange, QEvent.Type.LayoutDirectionChange)

    def __init__(self, window: QMainWindow):
        super().__init__(window)
        self.window = window
        self._pending = False
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        kind = event.type()
        # Only a widget can be a dock or a tab bar, and Qt tells the window of a widget child once
        # it is polished, as it shows (ChildPolished comes for widgets alone). Renaming gives a
        # dock's buttons new icons, for which the style adds an animation object to the dock:
        # taken for a new child, it asked for another renaming at every turn of the event loop.
        # The event's child is never asked for: wrapping a child still being made (a plain
        # QObject then) has PySide6 build some 80 Qt classes and 60 enums (bench_startup.py:
        # about 40 M instructions before a first start's sheet takes a key).
        added = kind == QEvent.Type.ChildPolished and watched is self.window
        if added or (kind in self._RENAMED_BY and watched is not self.window):
            self._name_soon()
        return False

    def _name_soon(self) -> None:
        if not self._pending:
            self._pending = True  # Qt names them after this event: name them once the event loop turns
            QTimer.singleShot(0, self, self.name_all)

    def _floated_or_docked(self, _floating: bool) -> None:
        self._name_soon()  # a dock names its buttons afresh as it floats or docks, with no event of its own

    def name_all(self) -> None:
        # Deferred: tab_close loads with the campaign's tabs, after the window's first paint.
        from .tab_close import readable_title_buttons

        self._pending = False
        for bar in self.window.findChildren(QTabBar, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if not bar.accessibleName():
                bar.setAccessibleName(_("Docked panels"))
                # Qt keeps a spare bar with no tabs, off-screen but "visible": no Tab stop there.
                bar.currentChanged.connect(lambda _i, b=bar: _tab_stop_when_tabs(b))
                _tab_stop_when_tabs(bar)
        for dock in self.window.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            dock.installEventFilter(self)  # once: Qt never installs the same filter twice
            if not dock.property("buttonsNamedWhenMoved"):
                dock.setProperty("buttonsNamedWhenMoved", True)
                dock.topLevelChanged.connect(self._floated_or_docked)
            title = dock.windowTitle().replace("&", "")
            readable_title_buttons(dock)  # the style's grey icons come back with the names
            for button in dock.findChildren(QAbstractButton, options=Qt.FindChildOption.FindDirectChildrenOnly):
                if button.objectName() == "qt_dockwidget_closebutton":
                    button.setAccessibleName(_("Close the {title} panel").format(title=title))
                elif button.objectName() == "qt_dockwidget_floatbutton":
                    button.setAccessibleName(_("Float the {title} panel").format(title=title))

