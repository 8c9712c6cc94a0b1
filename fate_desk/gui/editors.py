"""Editors by entry kind, and the tab widget that holds one closable tab per open entry.

`register_editor` lets later work (minor NPCs, monsters, obstacles, countdowns, scenes,
sessions) plug in its own editor; until then those kinds open in the basic editor.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from typing import Callable, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QMoveEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFormLayout, QLabel, QLineEdit, QPlainTextEdit, QScrollArea, QStackedWidget, QStyle, QStyleOptionTabWidgetFrame,
    QTabWidget, QVBoxLayout, QWidget,
)
from shiboken6 import isValid

from fate_desk.i18n import _
from fate_desk.rules.creation.edits import edited

from .follow import HearsOwnEntry
from .icons import icon
from .kinds import BY_KEY, display_name, kind_of
from .read_only import lock_if_read_only
from .sheet import CharacterSheet
from .sheet.common import set_text
from .tab_close import ClosableTabBar


class Editor(Protocol):
    """What the tabs need from an editor widget."""

    entity_id: str

    def title(self) -> str: ...

    def refresh(self) -> None: ...

    def focus_path(self, path: str) -> bool: ...


EditorFactory = Callable[[object, str, QWidget | None], QWidget]
_EDITORS: dict[str, EditorFactory] = {}


def register_editor(kind_keys: tuple[str, ...] | str, factory: EditorFactory) -> None:
    for key in (kind_keys,) if isinstance(kind_keys, str) else kind_keys:
        _EDITORS[key] = factory


def editor_factory(kind_key: str) -> EditorFactory:
    return _EDITORS.get(kind_key, BasicEditor)


_ALL_SHOWN = object()  # what `next` gives once a sheet's last part is filled in


def _sheet(document, entity_id, parent=None, fill: bool = True, style: bool = True):
    return CharacterSheet(document, entity_id, parent, fill, style)


register_editor(("pc", "major_npc"), _sheet)


class BasicEditor(HearsOwnEntry, QWidget):
    """Name (or title) and notes for any entry, until its kind has an editor of its own."""

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(parent)
        self.document = document
        self.entity_id = entity_id
        entity = document.entity(entity_id)
        self._name_field = "title" if hasattr(entity, "title") else "name"
        layout = QVBoxLayout(self)
        self.heading = QLabel()
        layout.addWidget(self.heading)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.notes_edit = QPlainTextEdit()
        form.addRow(_("Title") if self._name_field == "title" else _("Name"), self.name_edit)
        form.addRow(_("Notes"), self.notes_edit)
        layout.addLayout(form)
        self.name_edit.textEdited.connect(
            lambda t: document.edit(entity_id, lambda e: edited(e, **{self._name_field: t}), _("Rename"), ("name",)))
        self.notes_edit.textChanged.connect(lambda: document.edit(
            entity_id, lambda e: edited(e, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))
        self.hear_own_entry(document)
        self.refresh()

    def own_entry_changed(self) -> None:
        self.refresh()

    def title(self) -> str:
        entity = self.document.entity(self.entity_id)
        return display_name(entity) if entity else _("(deleted)")

    def refresh(self) -> None:
        entity = self.document.entity(self.entity_id)
        if entity is None:
            return
        self.heading.setText(f"<h2>{_(BY_KEY[kind_of(entity)].singular)}</h2>")
        set_text(self.name_edit, getattr(entity, self._name_field))
        set_text(self.notes_edit, entity.notes)

    def focus_path(self, path: str) -> bool:
        self.name_edit.setFocus()
        return True


def lay_out_hidden(widget: QWidget, passes: int = 3) -> None:
    """Lay out a widget not in view, and every part of it that shows with it, as Qt does the
    moment it shows, so that showing it at that size finds nothing left to lay out: each part's
    layout, then the move and resize it was told of while out of sight (Qt holds those back
    until it shows, and the layouts inside the part wait for them). Parent first, as Qt goes; a
    part hidden on purpose is skipped, as Qt skips it. A part's new size can undo its parent's
    layout (a sheet rearranges its sections to its width): again, up to `passes` times, until
    nothing is left to do (a sheet's first pass is 25-30 ms, its second 10, its third 5)."""
    for _part in lay_out_hidden_in_parts(widget, passes):
        pass


def lay_out_hidden_in_parts(widget: QWidget, passes: int = 3, slice_s: float | None = None) -> Iterator[None]:
    """`lay_out_hidden`, a part at a time: each `next` goes on from where the last stopped (in
    the same order) until it has taken `slice_s` seconds of the thread's time, so that the parts
    can take turns of the event loop of their own. A part deleted meanwhile is passed over."""
    clock = [time.thread_time()]
    for _pass in range(passes):
        if not (yield from _lay_out_pass(widget, clock, slice_s)):
            return


def _lay_out_pass(widget: QWidget, clock: list[float], slice_s: float | None) -> Generator[None, None, bool]:
    """One pass of `lay_out_hidden`, from `widget` down; whether it had anything to do."""
    if slice_s is not None and time.thread_time() - clock[0] >= slice_s:
        yield  # the rest in the next part
        clock[0] = time.thread_time()
        if not isValid(widget):
            return False
    layout = widget.layout()
    done = layout is not None and layout.activate()
    if widget.testAttribute(Qt.WidgetAttribute.WA_PendingMoveEvent):
        QCoreApplication.sendEvent(widget, QMoveEvent(widget.pos(), widget.pos()))
        widget.setAttribute(Qt.WidgetAttribute.WA_PendingMoveEvent, False)
        done = True
    if widget.testAttribute(Qt.WidgetAttribute.WA_PendingResizeEvent):
        QCoreApplication.sendEvent(widget, QResizeEvent(widget.size(), QSize()))
        widget.setAttribute(Qt.WidgetAttribute.WA_PendingResizeEvent, False)
        done = True
    if isinstance(widget, QTabWidget):
        done = _place_tab_pages(widget) or done
    for child in widget.children():
        if isValid(child) and isinstance(child, QWidget) and not child.isWindow() and not child.isHidden():
            done = (yield from _lay_out_pass(child, clock, slice_s)) or done
    if not isValid(widget):  # deleted while a part of it waited for its turn
        return done
    if isinstance(widget, QScrollArea):
        # Whether its scroll bars show follows its contents' new size in a call Qt queues: made
        # now, the next pass lays the contents out at the width the scroll bar leaves them. (Not
        # for a text field: out of view it counts lines for pixels, and would show its bar.)
        QCoreApplication.sendPostedEvents(widget, QEvent.Type.MetaCall)
    return done


def _place_tab_pages(tabs: QTabWidget) -> bool:
    """Give a tab widget's pages the room it gives them when it shows (a QTabWidget places its
    pages only while in view: the sheet's skills, pyramid and list, were laid out at a made-up
    size, and again as they showed); whether that moved them. Reckoned as the tab widget
    reckons it, through its style; should it differ, the tab widget puts it right as it shows."""
    stack = _pages(tabs)
    bar = tabs.tabBar()
    if stack is None or tabs.tabPosition() not in (QTabWidget.TabPosition.North, QTabWidget.TabPosition.South):
        return False
    style = tabs.style()
    option = QStyleOptionTabWidgetFrame()
    option.initFrom(tabs)
    option.shape = bar.shape()
    option.lineWidth = (0 if tabs.documentMode()
                        else style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, tabs))
    size = bar.sizeHint() if not bar.isHidden() else QSize(0, stack.frameWidth())
    if tabs.documentMode():
        size.setWidth(tabs.width())
    option.tabBarSize = size
    option.rect = tabs.rect()
    contents = style.subElementRect(QStyle.SubElement.SE_TabWidgetTabContents, option, tabs)
    place = style.subElementRect(QStyle.SubElement.SE_TabWidgetTabBar, option, tabs)
    if stack.geometry() == contents and (bar.isHidden() or bar.geometry() == place):
        return False
    stack.setGeometry(contents)
    if not bar.isHidden():
        bar.setGeometry(place)
    return True


def _pages(tabs: QTabWidget) -> QStackedWidget | None:
    """The stack a QTabWidget keeps its pages in (its own, not one of a page's)."""
    return tabs.findChild(QStackedWidget, "qt_tabwidget_stackedwidget", Qt.FindChildOption.FindDirectChildrenOnly)


class _Pending(QWidget):
    """Stands in for a restored tab until the user looks at it (keeps start-up quick)."""

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(parent)
        self.document = document
        self.entity_id = entity_id

    def title(self) -> str:
        entity = self.document.entity(self.entity_id)
        return display_name(entity) if entity else _("(deleted)")

    def refresh(self) -> None:
        pass

    def focus_path(self, path: str) -> bool:
        return False


class EditorTabs(QTabWidget):
    """One closable tab per open entry; closes tabs of deleted entries, renames on edits."""

    currentEntityChanged = Signal(str)  # "" when no tab is open
    tabOpened = Signal(str)  # an entry got a tab of its own (not a stand-in restored at start-up)

    def __init__(self, document, parent=None):
        super().__init__(parent)
        self.document = document
        self.setTabBar(ClosableTabBar(self))  # each tab with our close button from the start
        self.setTabsClosable(True)
        self.setMovable(True)
        self.setDocumentMode(True)
        self.setElideMode(Qt.TextElideMode.ElideNone)  # whole names; scroll buttons when many
        self.setUsesScrollButtons(True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab reaches the tab bar itself; a second stop said nothing
        self.preview_id: str | None = None  # the entry in the one tab a single click reuses
        self._prepared: QWidget | None = None  # an editor built ahead of its tab (see `prepare`)
        self._filling = None  # ...and the parts of it still to fill in (see `fill_prepared`)
        self.tabCloseRequested.connect(self.close_tab)
        self.currentChanged.connect(self._current_changed)
        document.entityChanged.connect(self._retitle)
        document.entityChanged.connect(self._keep_if_edited)
        document.entriesChanged.connect(self._changed_many)
        self._removed: dict[str, None] = {}  # removed by a step over many entries, in their order
        document.entityRemoved.connect(self.close_entity)
        document.entriesRemoved.connect(self._removed_many)
        document.campaignChanged.connect(self._close_removed)

    def editors(self) -> list[QWidget]:
        return [self.widget(i) for i in range(self.count())]

    def open_ids(self) -> list[str]:
        return [editor.entity_id for editor in self.editors()]

    def current_editor(self):
        return self.currentWidget()

    def current_entity_id(self) -> str | None:
        editor = self.currentWidget()
        return editor.entity_id if editor is not None else None

    def open(self, entity_id: str, lazy: bool = False) -> QWidget | None:
        """Show the entry's tab, opening an editor for it if needed.

        With `lazy`, add the tab without showing it; its editor is built when first shown.
        """
        for i, editor in enumerate(self.editors()):
            if editor.entity_id == entity_id:
                if not lazy:
                    self.setCurrentIndex(i)
                    if isinstance(self.widget(i), _Pending):  # it was current already
                        self._current_changed(i)
                    return self.widget(i)
                return editor
        entity = self.document.entity(entity_id)
        if entity is None:
            return None
        kind = kind_of(entity)
        if lazy:
            editor = _Pending(self.document, entity_id, self)
        else:
            editor = self._take_prepared(entity_id) or editor_factory(kind)(self.document, entity_id, self)
            lock_if_read_only(self.document, editor)
        index = self.addTab(editor, icon(BY_KEY[kind].icon), editor.title())
        self.setTabToolTip(index, _(BY_KEY[kind].singular))
        if not lazy:
            self.setCurrentIndex(index)
            self.tabOpened.emit(entity_id)
        return editor

    def prepare(self, entity_id: str, style_later: bool = False) -> None:
        """Build the entry's editor now, out of sight, for `fill_prepared` and an `open` in later
        turns of the event loop: an import's first sheet, built, filled in, laid out and shown
        in one turn, was one long wait where each part alone is short. One editor at a time is
        kept so; it follows edits as any open editor does. `style_later`: a sheet takes its look
        in `style_prepared`, in a turn of its own (else with its first part filled in)."""
        held = self._prepared
        tab = next((editor for editor in self.editors() if editor.entity_id == entity_id), None)
        # A tab brought back from last time holds a stand-in until it is shown: its editor is
        # built here all the same (else it was built, filled in and laid out in the turn that put
        # it in view, 50-80 ms at 10,000 entries).
        if (tab is not None and not isinstance(tab, _Pending)) or (held is not None and held.entity_id == entity_id):
            return
        entity = self.document.entity(entity_id)
        if entity is None:
            return
        if held is not None:
            held.deleteLater()
        factory = editor_factory(kind_of(entity))
        self._filling = None
        if factory is _sheet:  # filled in by `fill_prepared`, in turns of its own
            editor = self._prepared = _sheet(self.document, entity_id, self, fill=False, style=not style_later)
            self._filling = editor.refresh_in_parts()
        else:
            editor = self._prepared = factory(self.document, entity_id, self)
        editor.hide()  # a child of the tabs until a tab takes it

    def style_prepared(self, entity_id: str) -> None:
        """Give the sheet `prepare` built for the entry without its look that look."""
        held = self._prepared
        if held is not None and held.entity_id == entity_id and isinstance(held, CharacterSheet):
            held.apply_style()

    def fill_prepared(self, entity_id: str, parts: int | None = None) -> None:
        """Show the entry in the editor `prepare` built for it (a sheet is built empty): the
        next `parts` parts of it (see CharacterSheet.refresh_in_parts), or all that are left."""
        held = self._prepared
        if held is None or held.entity_id != entity_id or self._filling is None:
            return
        shown = 0
        while parts is None or shown < parts:
            if next(self._filling, _ALL_SHOWN) is _ALL_SHOWN:
                self._filling = None
                return
            shown += 1

    def lay_out_prepared(self, entity_id: str, passes: int = 3) -> None:
        """Polish and lay out the entry's editor out of sight (the one `prepare` built, or its tab
        while the tabs are not in view) at the size its tab will give it, so that showing it is
        only the painting: laid out as it showed, a sheet was 15-25 ms of that turn. `passes`:
        see `lay_out_hidden` (a caller may give the first pass a turn, the others the next)."""
        for _part in self.lay_out_prepared_in_parts(entity_id, passes):
            pass

    def lay_out_prepared_in_parts(self, entity_id: str, passes: int = 3,
                                  slice_s: float | None = None) -> Iterator[None]:
        """`lay_out_prepared` a part at a time (see `lay_out_hidden_in_parts`), for turns of the
        event loop of their own; it stops if the editor is shown or deleted meanwhile (showing
        it lays out the rest)."""
        editor = self._prepared
        if editor is None or editor.entity_id != entity_id or self._filling is not None:
            editor = next((e for e in self.editors() if e.entity_id == entity_id), None)
            if editor is None or isinstance(editor, _Pending) or editor.isVisible():
                return
        editor.ensurePolished()
        stack = self.parentWidget()
        if not self.isVisible() and stack is not None:
            # Out of view (a campaign still loading): the tabs take the whole of the stack they are
            # a page of when they come into view, and their pages what they leave them. Given those
            # sizes now, showing them lays nothing out again (else the sheet was laid out at the
            # size the tabs had before, then again at theirs).
            self.setGeometry(stack.contentsRect())
            _place_tab_pages(self)
        editor.resize(self.page_size())
        for _part in lay_out_hidden_in_parts(editor, passes, slice_s):
            yield
            if not isValid(editor) or editor.isVisible():
                return

    def page_size(self) -> QSize:
        """The size of a page of these tabs (out of view: the size it will have in view)."""
        current = self.currentWidget()
        if current is not None and current.isVisible():
            return current.size()
        pages = _pages(self)
        return pages.contentsRect().size() if pages is not None else self.size()

    def _take_prepared(self, entity_id: str) -> QWidget | None:
        """The editor `prepare` built for the entry, filled in (opened before its turn came)."""
        editor = self._prepared
        if editor is None or editor.entity_id != entity_id:
            return None
        self.fill_prepared(entity_id)
        self._prepared = None
        return editor

    def preview(self, entity_id: str) -> QWidget | None:
        """Show an entry in the preview tab: a single click in the navigator looks without piling
        up tabs; the next single click replaces it, an edit or a double-click keeps it."""
        if entity_id in self.open_ids():
            return self.open(entity_id)
        old = self.preview_id
        editor = self.open(entity_id)
        if editor is None:
            return None
        if old is not None and old in self.open_ids():
            self.close_entity(old)
        self.preview_id = entity_id
        self._mark_preview()
        return editor

    def keep(self, entity_id: str) -> None:
        if entity_id == self.preview_id:
            self.preview_id = None
            self._mark_preview()

    def _keep_if_edited(self, entity_id: str) -> None:
        self.keep(entity_id)

    def _changed_many(self, entity_ids: list[str]) -> None:
        """A step over many entries changed these: their tabs named again and a preview among
        them kept, as for each alone, in one look over the tabs (a look per entry was 400 of
        them in End the scene's turn)."""
        changed = set(entity_ids)
        for i, editor in enumerate(self.editors()):
            if editor.entity_id in changed:
                self.setTabText(i, editor.title())
        if self.preview_id in changed:
            self.keep(self.preview_id)

    def _mark_preview(self) -> None:
        for i, editor in enumerate(self.editors()):
            kind = _(BY_KEY[kind_of(self.document.entity(editor.entity_id))].singular)
            preview = editor.entity_id == self.preview_id
            self.setTabToolTip(i, _("{kind} — preview: the next entry clicked in the campaign list replaces it; "
                                    "edit it or double-click it there to keep it").format(kind=kind)
                               if preview else kind)

    def _current_changed(self, index: int) -> None:
        widget = self.widget(index)
        if isinstance(widget, _Pending):
            kind = kind_of(self.document.entity(widget.entity_id))
            editor = (self._take_prepared(widget.entity_id)  # built ahead, out of sight
                      or editor_factory(kind)(self.document, widget.entity_id, self))
            lock_if_read_only(self.document, editor)
            self.blockSignals(True)  # swapping the stand-in is not a change of entry
            self.insertTab(index, editor, icon(BY_KEY[kind].icon), editor.title())
            self.setTabToolTip(index, _(BY_KEY[kind].singular))
            self.removeTab(index + 1)
            self.setCurrentIndex(index)
            self.blockSignals(False)
            widget.deleteLater()
        self.currentEntityChanged.emit(self.current_entity_id() or "")

    def close_tab(self, index: int) -> None:
        editor = self.widget(index)
        if editor is not None and editor.entity_id == self.preview_id:
            self.preview_id = None
        self.removeTab(index)
        if editor is not None:
            editor.deleteLater()

    def move_current(self, step: int) -> None:
        """View ▸ Move tab left/right: the keyboard's way to reorder tabs (the mouse drags them)."""
        index = self.currentIndex()
        target = index + step
        if index >= 0 and 0 <= target < self.count():
            self.tabBar().moveTab(index, target)

    def close_current(self) -> None:
        if self.count():
            self.close_tab(self.currentIndex())

    def close_entity(self, entity_id: str) -> None:
        self._drop_prepared({entity_id})
        for i, editor in enumerate(self.editors()):
            if editor.entity_id == entity_id:
                self.close_tab(i)
                return

    def _removed_many(self, entity_ids: list[str]) -> None:
        # A step over many entries (the undo of an import of 1,000 characters): their tabs close
        # together at the campaignChanged that follows, in one look over the tabs (a look per
        # entry was a thousand of them in one turn).
        self._removed.update(dict.fromkeys(entity_ids))

    def _close_removed(self) -> None:
        removed, self._removed = self._removed, {}
        if not removed:
            return
        self._drop_prepared(removed)
        open_editors = {editor.entity_id: editor for editor in self.editors()}
        for entity_id in removed:  # in the order they were removed, as one by one
            editor = open_editors.get(entity_id)
            if editor is not None:
                self.close_tab(self.indexOf(editor))

    def _drop_prepared(self, entity_ids) -> None:
        """The editor built ahead, thrown away unfilled and unshown if its entry is among
        `entity_ids` (gone from the campaign)."""
        if self._prepared is not None and self._prepared.entity_id in entity_ids:
            self._prepared.deleteLater()
            self._prepared = self._filling = None

    def close_all(self) -> None:
        while self.count():
            self.close_tab(0)

    def _retitle(self, entity_id: str) -> None:
        for i, editor in enumerate(self.editors()):
            if editor.entity_id == entity_id:
                self.setTabText(i, editor.title())
