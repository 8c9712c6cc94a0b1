"""The players' view: a second window for a projector, a second monitor or full screen, showing
only what the GM lets the players see of the scene being played. Large type, dark or light;
by choice larger still (one and a half times) and in high contrast (white and yellow on black).
By keyboard: Tab between the buttons and the map, Page Up / Page Down scroll, F11 full screen."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QGridLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _
from fate_desk.rules.encounters.scene import (
    PlayersView, aspect_line, challenge_lines, contest_lines, countdown_line, players_view, turn_line, turns_title,
)

from .common import scene_now
from .zone_map import ZoneMap

# Large type, readable from across a table, sized to the window (TYPE_SIZES) so a small second
# screen shows it all; the zone map's type is the same size as the side panel's.
# Colours: background, text, box edge, box title, map box fill.
COLOURS = {
    "dark": ("#15161a", "#f2f2f2", "#4a4d55", "#f2f2f2", "#23252b"),
    "light": ("#fbfaf6", "#111111", "#9a9a9a", "#111111", "#ffffff"),
    "high-contrast": ("#000000", "#ffffff", "#ffffff", "#ffff00", "#000000"),  # 21:1 and 19.6:1
}
LARGER = 1.5  # "Larger text": one and a half times the usual large type
TYPE_SIZES = (12, 20)  # points: the smallest and the largest the players' text takes
PIXELS_PER_POINT = 40  # of the window's height: 800 pixels give 20-point type


def type_size(height: int) -> int:
    """The players' text size for a window `height` pixels tall."""
    return max(TYPE_SIZES[0], min(TYPE_SIZES[1], height // PIXELS_PER_POINT))


def style(theme: str, size: float = TYPE_SIZES[1], scale: float = 1.0) -> str:
    back, text, edge, title, _fill = COLOURS[theme]
    width = 3 if theme == "high-contrast" else 2

    def pt(points: float) -> str:
        return f"{round(points * scale)}pt"

    return (f"QWidget#playersView, QWidget#playersBody {{ background: {back}; color: {text}; }}"  # i18n: not shown (markup)
            f" QGroupBox {{ color: {title}; border: {width}px solid {edge}; border-radius: 8px; margin-top: 1.2em; }}"
            " QGroupBox::title { subcontrol-origin: margin; left: 12px; padding: 0 6px; }"
            f" QLabel#playersTitle {{ font-size: {pt(size * 1.5)}; font-weight: bold; }}"
            f" QLabel {{ color: {text}; font-size: {pt(size)}; }} QGroupBox {{ font-size: {pt(size * 0.75)}; font-weight: bold; }}"
            f" QPushButton {{ font-size: {pt(12)}; }}")


class Section(QGroupBox):
    """A titled box of lines; hidden when it has nothing to say."""

    def __init__(self, title: str):
        super().__init__(title)
        self.lines = QVBoxLayout(self)
        self.lines.setContentsMargins(16, 22, 16, 12)
        self.labels: list[QLabel] = []

    def show_lines(self, lines: list[str]) -> None:
        """Reuse the labels there are; spare ones go at once, so no stale line is ever painted."""
        while len(self.labels) > len(lines):
            label = self.labels.pop()
            self.lines.removeWidget(label)
            label.hide()
            label.deleteLater()
        while len(self.labels) < len(lines):
            label = QLabel()
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            self.lines.addWidget(label)
            self.labels.append(label)
        for label, text in zip(self.labels, lines):
            label.setText(text)
        self.setVisible(bool(lines))


class PlayersViewWindow(QWidget):
    def __init__(self, document=None, theme: str = "dark"):
        super().__init__(None, Qt.WindowType.Window)
        self.setObjectName("playersView")
        self.setWindowTitle(_("Fate Desk — Players' view"))
        self.document = None
        outer = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = QLabel()
        self.title.setObjectName("playersTitle")
        top.addWidget(self.title, 1)
        self.theme_button = QPushButton()
        self.theme_button.clicked.connect(lambda: self.set_theme("light" if self.theme == "dark" else "dark"))
        self.full_button = QPushButton(_("Full screen"))
        self.full_button.setCheckable(True)
        self.full_button.toggled.connect(self.set_full_screen)
        self.contrast = QPushButton(_("High contrast"))
        self.contrast.setCheckable(True)
        self.contrast.setToolTip(_("White and yellow on black (Ctrl+H)"))
        self.contrast.toggled.connect(lambda _on: self.set_theme(self.theme))
        self.large = QPushButton(_("Larger text"))
        self.large.setCheckable(True)
        self.large.setToolTip(_("Everything one and a half times larger (Ctrl+L)"))
        self.large.toggled.connect(lambda _on: self.set_theme(self.theme))
        top.addWidget(self.theme_button)
        top.addWidget(self.contrast)
        top.addWidget(self.large)
        top.addWidget(self.full_button)
        outer.addLayout(top)
        body = QWidget()
        body.setObjectName("playersBody")
        grid = QGridLayout(body)
        self.map = ZoneMap(editable=False, fit=True)
        self.map.setFrameShape(ZoneMap.Shape.NoFrame)
        self.type_size = TYPE_SIZES[1]
        self.aspects = Section(_("Situation aspects"))
        self.countdowns = Section(_("Countdowns"))
        self.turns = Section(_("Turn order"))
        self.contest = Section(_("Contest"))
        self.challenge = Section(_("Challenge"))
        side = QVBoxLayout()
        for section in (self.aspects, self.turns, self.contest, self.challenge, self.countdowns):
            side.addWidget(section)
        side.addStretch(1)
        grid.addWidget(self.map, 0, 0)
        grid.addLayout(side, 0, 1)
        grid.setColumnStretch(0, 3)
        grid.setColumnStretch(1, 2)
        self.scroll = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # reached through its fields: it scrolls to the focused one
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        outer.addWidget(scroll, 1)
        QShortcut(QKeySequence("F11"), self, activated=self.full_button.toggle)
        QShortcut(QKeySequence("Escape"), self, activated=lambda: self.full_button.setChecked(False))
        QShortcut(QKeySequence("Ctrl+H"), self, activated=self.contrast.toggle)
        QShortcut(QKeySequence("Ctrl+L"), self, activated=self.large.toggle)
        bar = scroll.verticalScrollBar()
        QShortcut(QKeySequence("PgDown"), self, activated=lambda: bar.triggerAction(bar.SliderAction.SliderPageStepAdd))
        QShortcut(QKeySequence("PgUp"), self, activated=lambda: bar.triggerAction(bar.SliderAction.SliderPageStepSub))
        self.theme = theme
        self.set_theme(theme)
        self.resize(1280, 800)
        if document is not None:
            self.set_document(document)

    # --- following the campaign --------------------------------------------------------------

    def set_document(self, document) -> None:
        if self.document is not None:
            for signal in (self.document.campaignChanged, self.document.entityChanged,
                           self.document.entityAdded, self.document.entityRemoved):
                signal.disconnect(self._changed)
        self.document = document
        # Every change arrives as a signal, emitted as the change is saved: the view follows at once.
        # None while a big campaign loads: no scene until it is whole.
        for signal in ((document.campaignChanged, document.entityChanged, document.entityAdded,
                        document.entityRemoved) if document is not None else ()):
            signal.connect(self._changed)
        self.refresh()

    def _changed(self, *_args) -> None:
        self.refresh()

    def view(self) -> PlayersView:
        return players_view(self.document.campaign, scene_now(self.document)) if self.document else PlayersView()

    def refresh(self) -> None:
        view = self.view()
        self.title.setText(view.scene or _("No scene is being played"))
        self.map.show_zones(view.zones)
        self.map.setVisible(bool(view.zones))
        self.aspects.show_lines([aspect_line(a) for a in view.aspects])
        self.countdowns.show_lines([countdown_line(c) for c in view.countdowns])
        self.turns.setTitle(turns_title(view))
        self.turns.show_lines([turn_line(name, state) for name, state in view.turns])
        self.contest.show_lines(contest_lines(view))
        self.challenge.show_lines(challenge_lines(view))

    # --- presentation ------------------------------------------------------------------------------

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        size = type_size(event.size().height())
        if size != self.type_size:
            self.type_size = size
            self.set_theme(self.theme)

    def set_theme(self, theme: str) -> None:
        """Dark or light (the button); high contrast and larger text are the GM's choice on top."""
        self.theme = theme
        shown = "high-contrast" if self.contrast.isChecked() else theme
        scale = LARGER if self.large.isChecked() else 1.0
        self.setStyleSheet(style(shown, self.type_size, scale))
        map_font = self.map.font()
        map_font.setPointSize(round(self.type_size * scale))  # the side panel's size: the map never reads smaller
        self.map.setFont(map_font)
        self.theme_button.setText(_("Light") if theme == "dark" else _("Dark"))
        self.theme_button.setAccessibleName(_("Switch to light colours") if theme == "dark"
                                            else _("Switch to dark colours"))
        self.theme_button.setEnabled(not self.contrast.isChecked())
        self.map.setBackgroundBrush(Qt.GlobalColor.white if shown == "light" else Qt.GlobalColor.black)
        _back, text, _edge, title, fill = COLOURS[shown]
        palette = self.map.palette()
        palette.setColor(QPalette.ColorRole.Base, QColor(fill))
        palette.setColor(QPalette.ColorRole.Text, QColor(text))
        palette.setColor(QPalette.ColorRole.Highlight, QColor(title if shown == "high-contrast" else "#4a78c2"))
        self.map.setPalette(palette)  # the map keeps its font: it is scaled to fill its space anyway
        if self.document is not None:
            self.refresh()

    def set_full_screen(self, on: bool) -> None:
        self.showFullScreen() if on else self.showNormal()
        self.full_button.setText(_("Leave full screen") if on else _("Full screen"))

    def texts(self) -> list[str]:
        """Every text the players can read in this window (the map's too)."""
        labels = [self.title.text()]
        for section in (self.aspects, self.countdowns, self.turns, self.contest, self.challenge):
            if section.isVisibleTo(self):
                labels.append(section.title())
                labels += [label.text() for label in section.labels]
        if self.map.isVisibleTo(self):
            labels += self.map.texts()
        return labels
