"""The sheet's play bar: roll, take a hit, concede, compel, fate points — each through the core."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox, QLabel, QPushButton, QWidget

from fate_desk.i18n import _, ngettext
from fate_desk.model import CharacterKind
from fate_desk.rules.creation.edits import edited
from fate_desk.rules.encounters.standing import taken_out_now
from fate_desk.rules.play.scale_names import SCALES

from ..widgets import FlowLayout, escape
from .scales import scale_text

if TYPE_CHECKING:
    from fate_desk.rules.play.roll import DiceSource  # the play bar only hands it on


class PlayBar(QWidget):
    """Buttons for play at the table on a character's sheet; `dice` may be set (seeded in tests)."""

    def __init__(self, sheet, parent: QWidget | None = None):
        super().__init__(parent)
        self.sheet = sheet
        self.setObjectName("playBar")
        self.dice: DiceSource | None = None
        self.dialog = None  # the play dialog opened last
        # The buttons wrap onto a second line when the sheet is narrow or the words are long.
        layout = FlowLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        self.roll_button = QPushButton(_("Roll…"))
        self.roll_button.setToolTip(_("Roll the chosen skill (or double-click a skill, or press Enter on it)"))
        self.hit_button = QPushButton(_("Take a hit…"))
        self.hit_button.setToolTip(_("Absorb a hit with stress and consequences, the ways the rules allow"))
        self.concede_button = QPushButton(_("Concede…"))
        self.concede_button.setToolTip(_("Concede the conflict before the next roll, for fate points"))
        self.compel_button = QPushButton(_("Compel…"))
        self.compel_button.setToolTip(_("Accept (+1 fate point) or refuse (−1) a compel on an aspect"))
        self.points_button = QPushButton(_("Fate points…"))
        self.points_button.setToolTip(_("Spend or gain fate points with a reason"))
        self.pending = QLabel()
        # Shown over the sheet while the character is taken out (in the conflict, or this scene).
        self.banner = QLabel()
        self.banner.setObjectName("takenOutBanner")
        self.banner.setWordWrap(True)
        self.banner.setAccessibleName(_("Taken out"))
        # Dark red with white text in both palettes (6.5:1); the word "Taken out" says it without colour.
        self.banner.setStyleSheet("QLabel#takenOutBanner { background: #b71c1c; color: white; "
                                  "padding: 6px; border-radius: 3px; }")
        self.banner.hide()
        for button in (self.roll_button, self.hit_button, self.concede_button, self.compel_button,
                       self.points_button):
            layout.addWidget(button)
        layout.addWidget(self.pending)
        # Scale (an optional rule): a character's level, which rolls compare with the other side's.
        # Monsters set theirs in the monster editor, with their other rule breaks.
        self.scale_label = QLabel(_("Sc&ale:"))
        self.scale = QComboBox()
        self.scale.setAccessibleName(_("Scale"))
        self.scale.setToolTip(_("How far beyond the mundane this character is; a roll against a lower "
                                "scale gains a benefit per level of difference"))
        for name in SCALES:  # shown translated; the item's data is what the character keeps
            self.scale.addItem(scale_text(name), None if name == SCALES[0] else name)
        self.scale_label.setBuddy(self.scale)
        layout.addWidget(self.scale_label)
        layout.addWidget(self.scale)
        self.scale.activated.connect(self._scale_chosen)
        # The campaign's options (scale on or off) live outside the character: follow them too.
        sheet.document.campaignChanged.connect(self._campaign_changed)
        self.roll_button.clicked.connect(lambda: self.roll())
        self.hit_button.clicked.connect(self.take_hit)
        self.concede_button.clicked.connect(self.concede)
        self.compel_button.clicked.connect(self.compel)
        self.points_button.clicked.connect(self.fate_points)

    def _campaign_changed(self) -> None:
        character = self.sheet.character
        if character is not None:
            self.show_character(character)

    def _scale_chosen(self, index: int) -> None:
        value = self.scale.itemData(index)
        self.sheet.edit(lambda c: edited(c, scale=value), _("Set scale"))

    def show_character(self, character) -> None:
        used = bool(self.sheet.document.campaign.options.scale) and character.kind != CharacterKind.MONSTER
        self.scale_label.setVisible(used)
        self.scale.setVisible(used)
        with QSignalBlocker(self.scale):
            # By the item's data, never its (translated) text: the lowest scale's data is None.
            found = self.scale.findData(character.scale) if character.scale and character.scale != SCALES[0] else 0
            self.scale.setCurrentIndex(max(0, found))
        self._show_taken_out(character)
        pending = character.pending_fate_points
        text = ngettext("+{count} fate point after this scene", "+{count} fate points after this scene",
                        pending).format(count=pending)
        self.pending.setText(f"<small>{text}</small>" if pending else "")  # i18n: markup only

    def _show_taken_out(self, character) -> None:
        """A banner over the sheet while the character is taken out, and a line in the status bar
        when it happens."""
        out = taken_out_now(self.sheet.document.campaign, character.id)
        was = self.banner.isVisibleTo(self.sheet)
        name = character.name or _("(unnamed)")
        self.banner.setText(_("<b>Taken out.</b> {name} is out of this conflict: the side that took them "
                              "out says how they leave the scene. They can no longer act or concede.").format(
            name=escape(name)))
        self.banner.setVisible(out)
        window = self.sheet.window()
        if out and not was and hasattr(window, "statusBar"):
            window.statusBar().showMessage(_("{name} is taken out.").format(name=name), 10000)

    def _show(self, dialog):
        self.dialog = dialog
        dialog.open()
        return dialog

    def roll(self, skill: str | None = None):
        # Deferred: gui.play.roll_dialog (~105 ms, 16 modules) is not loaded at start-up, only on first use.
        from .roll_dialog import RollDialog

        sheet = self.sheet
        skill = skill or sheet.skills.pyramid.selected
        return self._show(RollDialog(sheet.document, sheet.entity_id, skill, self.dice, sheet))

    def take_hit(self):
        # Deferred: gui.play.hit_dialog (~85 ms, 12 modules) is not loaded at start-up, only on first use.
        from .hit_dialog import TakeHitDialog

        return self._show(TakeHitDialog(self.sheet.document, self.sheet.entity_id, parent=self.sheet))

    def concede(self):
        # Deferred: gui.play.fate_dialogs (~126 ms, 12 modules) is not loaded at start-up, only on first use.
        from .fate_dialogs import concede

        self.dialog = concede(self.sheet, self.sheet.document, self.sheet.entity_id)
        return self.dialog

    def compel(self):
        # Deferred: gui.play.fate_dialogs (~126 ms, 12 modules) is not loaded at start-up, only on first use.
        from .fate_dialogs import CompelDialog

        return self._show(CompelDialog(self.sheet.document, self.sheet.entity_id, self.sheet))

    def fate_points(self):
        # Deferred: gui.play.fate_dialogs (~126 ms, 12 modules) is not loaded at start-up, only on first use.
        from .fate_dialogs import FatePointsDialog

        return self._show(FatePointsDialog(self.sheet.document, self.sheet.entity_id, self.sheet))
