"""The View menu: panels and docks (shown, hidden, gone round with F6), text size, theme, language."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QActionGroup
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget

from fate_desk.i18n import _

from . import access, language_menu, zoom
from .desk import Desk
from .settings import Preferences, WindowState
from .theme import LABELS, THEMES, apply_theme


class ViewDesk(Desk):
    def __init__(self, window):
        super().__init__(window)
        self._dock_actions: dict[str, tuple] = {}

    def handlers(self) -> dict:
        app = QApplication.instance
        return {
            "next_panel": lambda: self.cycle_panel(1),
            "previous_panel": lambda: self.cycle_panel(-1),
            "zoom_in": lambda: self.set_text_size(zoom.step(zoom.current(app()), 1)),
            "zoom_out": lambda: self.set_text_size(zoom.step(zoom.current(app()), -1)),
            "zoom_reset": lambda: self.set_text_size(100),
        }

    def install(self) -> None:
        window = self.window
        self._fill_theme_menu()
        language_menu.fill(window, window.actions["language"].menu())
        size = zoom.current(QApplication.instance())
        window.actions["zoom_in"].setEnabled(size < zoom.STEPS[-1])
        window.actions["zoom_out"].setEnabled(size > zoom.STEPS[0])
        self.bind_toggle("toggle_problems", window.problems)
        self.bind_toggle("toggle_navigator", window.navigator_dock)

    # --- docks ------------------------------------------------------------------------------

    def shown_last_time(self, dock_name: str) -> bool:
        """Whether a dock built on first use was open when the app last quit (so it comes back now)."""
        return dock_name in self.window.settings.get(WindowState.SHOWN_DOCKS)

    def bind_toggle(self, action_id: str, dock) -> None:
        """The menu item (and its shortcut) shows a dock, or brings it to the front, or hides it.

        The dock's real state decides, never the tick: a dock closed with its ×, restored hidden
        after a restart or tabbed behind another must still come back on the first try. `dock`
        may be a function that builds the dock when it is first asked for (see watch_dock).
        """
        window = self.window
        action = window.actions[action_id]
        action.setCheckable(True)
        get = dock if callable(dock) else (lambda: dock)

        def toggle(_checked: bool = False) -> None:
            target = get()
            if target.isHidden():
                target.show()
                target.raise_()
            elif window.isVisible() and not target.isVisible():  # tabbed behind another dock
                target.raise_()
            else:
                target.hide()
            action.setChecked(not target.isHidden())

        action.triggered.connect(toggle)
        if callable(dock):
            action.setChecked(False)  # not built yet: watch_dock ticks it once it exists
        else:
            self.watch_dock(action_id, dock)

    def watch_dock(self, action_id: str, dock: QDockWidget) -> None:
        """Keep the menu item's tick on the dock's real state."""
        action = self.window.actions[action_id]
        self._dock_actions[action_id] = (action, dock)
        dock.visibilityChanged.connect(lambda _visible: action.setChecked(not dock.isHidden()))
        action.setChecked(not dock.isHidden())

    def sync_dock_actions(self) -> None:
        """Ticks after a restart; docks not built yet are hidden and unticked already."""
        for action, dock in self._dock_actions.values():
            action.setChecked(not dock.isHidden())

    # --- panels and the keyboard ------------------------------------------------------------

    def panels(self) -> list[QWidget]:
        """What F6 goes round: the open tabs, then each dock on screen, in reading order."""
        window = self.window
        docks = [d for d in window.findChildren(QDockWidget) if d.isVisible() and not d.visibleRegion().isEmpty()]
        area = Qt.DockWidgetArea
        order = {area.LeftDockWidgetArea: 0, area.TopDockWidgetArea: 1, area.RightDockWidgetArea: 2,
                 area.BottomDockWidgetArea: 3}
        docks.sort(key=lambda d: (order.get(window.dockWidgetArea(d), 4), d.mapTo(window, d.rect().topLeft()).y(),
                                  d.mapTo(window, d.rect().topLeft()).x()))
        central = [window.tabs] if window.tabs is not None and window.tabs.isVisible() else []
        return central + docks

    def cycle_panel(self, step: int) -> QWidget | None:
        """F6 / Shift+F6: the keyboard to the next (or previous) panel's first control."""
        panels = self.panels()
        if not panels:
            return None
        focus = QApplication.focusWidget()
        here = next((i for i, p in enumerate(panels) if focus is not None and (p is focus or p.isAncestorOf(focus))), -1)
        for offset in range(1, len(panels) + 1):
            panel = panels[(here + step * offset) % len(panels)] if here >= 0 else panels[0 if step > 0 else -1]
            target = _first_stop(panel)
            if target is not None:
                target.setFocus(Qt.FocusReason.TabFocusReason)
                title = panel.windowTitle() if isinstance(panel, QDockWidget) else _("Open entries")
                access.announce(target, _("{title} panel").format(title=title.replace("&", "")))
                return target
        return None

    # --- text size and theme ----------------------------------------------------------------

    def set_text_size(self, percent: int) -> None:
        """View ▸ Zoom: every window's text at `percent` (100 to 200), remembered for next time."""
        window = self.window
        percent = zoom.apply_zoom(QApplication.instance(), percent)
        window.settings.set(Preferences.TEXT_SIZE, percent)
        window.actions["zoom_in"].setEnabled(percent < zoom.STEPS[-1])
        window.actions["zoom_out"].setEnabled(percent > zoom.STEPS[0])
        said = _("Text size {percent}%").format(percent=percent)
        window.statusBar().showMessage(said, 4000)
        access.announce(window, said)

    def _fill_theme_menu(self) -> None:
        window = self.window
        menu = window.actions["theme"].menu()
        group = QActionGroup(window)
        current = window.settings.get(Preferences.THEME)
        for theme in THEMES:
            action = menu.addAction(_(LABELS[theme]))
            action.setObjectName(f"theme_{theme}")
            action.setCheckable(True)
            action.setChecked(theme == current)
            group.addAction(action)
            action.triggered.connect(lambda _checked=False, t=theme: self.set_theme(t))

    def set_theme(self, theme: str) -> None:
        self.window.settings.set(Preferences.THEME, theme)
        apply_theme(QApplication.instance(), theme)


def _first_stop(panel: QWidget) -> QWidget | None:
    """The first control in `panel` that Tab would stop at."""
    widget = panel.nextInFocusChain()
    for _unused in range(2000):  # the chain is a ring through the whole window
        if widget is panel:
            break
        if (panel.isAncestorOf(widget) and widget.isVisible() and widget.isEnabled()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus and not widget.visibleRegion().isEmpty()):
            return widget
        widget = widget.nextInFocusChain()
    return None
