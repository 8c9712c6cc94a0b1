"""What the tab area shows when no entry is open, and the welcome on the very first start."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QToolButton, QVBoxLayout, QWidget

from fate_desk.i18n import _


def _button(action: QAction, text: str | None = None) -> QPushButton:
    """A button that runs a window action (so it does what the menu item does, and no more)."""
    button = QPushButton(action.icon(), text or action.text().replace("&", "").rstrip("…") + ("…" if action.text().endswith("…") else ""))
    button.setToolTip(action.toolTip())
    button.clicked.connect(action.trigger)
    return button


class StartPage(QWidget):
    """Shown instead of the tabs when nothing is open: the first things to do in this campaign."""

    def __init__(self, actions: dict[str, QAction], add_scene: QAction, parent: QWidget | None = None):
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(20, 20, 20, 20)
        outer.addStretch(1)
        box = QVBoxLayout()
        self.heading = QLabel()
        self.heading.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.heading.setFont(font)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        box.addWidget(self.heading)
        box.addWidget(self.text)
        row = QHBoxLayout()
        grid = QGridLayout()  # two by two: narrow enough to sit beside the docks at 1024 px
        self.buttons = [_button(actions["add_pc"]), _button(actions["quick_npc"]), _button(add_scene, _("New scene")),
                        _button(actions["user_guide"])]
        for i, button in enumerate(self.buttons):
            grid.addWidget(button, i // 2, i % 2)
        row.addStretch(1)
        row.addLayout(grid)
        row.addStretch(1)
        box.addSpacing(12)
        box.addLayout(row)
        outer.addLayout(box)
        outer.addStretch(2)

    def show_for(self, campaign) -> None:
        empty = not (campaign.characters or campaign.obstacles or campaign.countdowns or campaign.scenes)
        if empty:
            self.heading.setText(_("{name} is empty").format(name=campaign.name) if campaign.name
                                 else _("This campaign is empty"))
            self.text.setText(_("Start with the player characters, or jot down an NPC or the first scene. "
                                "Everything you add is saved at once."))
        else:
            self.heading.setText(_("Nothing is open"))
            self.text.setText(_("Pick an entry in the campaign list on the left, or add a new one."))


class _NarrowableLabel(QLabel):
    """A wrapped label that asks for at most 400 pixels of width: Qt asks room for a long line,
    and in a wordier language that alone widened the window past the screen."""

    def minimumSizeHint(self):  # noqa: N802 (Qt's name)
        hint = super().minimumSizeHint()
        hint.setWidth(min(hint.width(), 400))
        return hint


class WelcomeBanner(QFrame):
    """The first start: what the sample campaign is and where to go next; closed with its ×."""

    def __init__(self, actions: dict[str, QAction], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("welcomeBanner")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.grid = QGridLayout(self)
        self.grid.setColumnStretch(0, 1)
        text = _NarrowableLabel(_("<b>Welcome to Fate Desk.</b> This is the sample campaign, <i>The Drowned Lantern</i>: "
                        "three finished player characters, NPCs and a prepared scene to look around in. "
                        "Every change is saved as you make it, and Edit ▸ Undo takes it back."))
        text.setWordWrap(True)
        self.grid.addWidget(text, 0, 0)
        self.text = text
        text.installEventFilter(self)
        self.buttons = [_button(actions["new_campaign"], _("Start my own campaign…")), _button(actions["user_guide"])]
        self.button_row = QWidget()
        row = QHBoxLayout(self.button_row)
        row.setContentsMargins(0, 0, 0, 0)
        for button in self.buttons:
            row.addWidget(button)
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setToolTip(_("Close the welcome"))
        self.close_button.setAccessibleName(_("Close the welcome"))
        self.close_button.clicked.connect(self.hide)
        self.grid.addWidget(self.close_button, 0, 2, Qt.AlignmentFlag.AlignTop)
        self.beside: bool | None = None
        self._place(True)

    def _place(self, beside: bool) -> None:
        """The buttons beside the words, or under them when beside them the words would run to
        more than three lines (large text on a laptop: seven lines left the sheet 105 px)."""
        if beside == self.beside:
            return
        self.beside = beside
        self.grid.removeWidget(self.button_row)
        if beside:
            self.grid.addWidget(self.button_row, 0, 1, Qt.AlignmentFlag.AlignVCenter)
        else:
            self.grid.addWidget(self.button_row, 1, 0, 1, 2, Qt.AlignmentFlag.AlignRight)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        margins = self.grid.contentsMargins()
        spacing = max(self.grid.horizontalSpacing(), 0)
        room = (event.size().width() - margins.left() - margins.right() - self.close_button.sizeHint().width()
                - self.button_row.sizeHint().width() - 2 * spacing)
        lines = self.text.heightForWidth(max(room, 1)) / max(self.text.fontMetrics().lineSpacing(), 1)
        self._place(room > 0 and lines <= 3.5)
        super().resizeEvent(event)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.text and event.type() == QEvent.Type.Resize:
            # The wrapped text's real height is its minimum: the window then counts it when it
            # shares the height out, and a bottom dock cannot squeeze the sheet's header.
            self.text.setMinimumHeight(0)  # a label's height for a width counts its minimum in
            self.text.setMinimumHeight(max(self.text.heightForWidth(event.size().width()), 0))
        return super().eventFilter(watched, event)
