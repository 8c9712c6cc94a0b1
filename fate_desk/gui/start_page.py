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
        layout = QHBoxLayout(self)
        text = _NarrowableLabel(_("<b>Welcome to Fate Desk.</b> This is the sample campaign, <i>The Drowned Lantern</i>: "
                        "three finished player characters, NPCs and a prepared scene to look around in. "
                        "Every change is saved as you make it, and Edit ▸ Undo takes it back."))
        text.setWordWrap(True)
        layout.addWidget(text, 1)
        self.text = text
        text.installEventFilter(self)
        self.buttons = [_button(actions["new_campaign"], _("Start my own campaign…")), _button(actions["user_guide"])]
        for button in self.buttons:
            layout.addWidget(button)
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setToolTip(_("Close the welcome"))
        self.close_button.setAccessibleName(_("Close the welcome"))
        self.close_button.clicked.connect(self.hide)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if watched is self.text and event.type() == QEvent.Type.Resize:
            # The wrapped text's real height is its minimum: the window then counts it when it
            # shares the height out, and a bottom dock cannot squeeze the sheet's header.
            self.text.setMinimumHeight(0)  # a label's height for a width counts its minimum in
            self.text.setMinimumHeight(max(self.text.heightForWidth(event.size().width()), 0))
        return super().eventFilter(watched, event)
