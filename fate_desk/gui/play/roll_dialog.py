"""The roll dialog: roll a skill from the sheet, invoke after the dice, apply it in one undo step."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFrame, QMessageBox, QScrollArea, QVBoxLayout, QWidget

from fate_desk.i18n import _, ngettext
from fate_desk.rules.creation.history import Refused, refuse
from fate_desk.rules.play.actions import RollResult, against_self_refusal, apply_roll, set_aside
from fate_desk.rules.play.hits import block_hit, block_missed
from fate_desk.rules.play.roll import Action, DiceSource

from ..widgets import escape
from .roll_panel import RollPanel
from .roll_setup import skill_shown
from ..theme import status_colour
from .hit_dialog import TakeHitDialog


def apply_panel(document, panel: RollPanel) -> bool:
    """Apply the panel's finished roll as one undo step; a refusal is said in the panel."""
    roll, cid, result = panel.roll, panel.who.currentData(), panel.result()
    if roll is None:
        return False
    defender, defence = panel.opponent_id(), panel.opposing
    block = panel.block_id()
    card = panel.defence_card
    if card is not None and card.missing_boost():
        said = _("<b>Not applied:</b> name the boost {who} got, on its card.").format(
            who=escape(defence.setup.who or _("the defender")))
        panel.status.setText(f"<span style='color:{status_colour('error')}'>{said}</span>")  # i18n: markup only
        card.boost.setFocus()
        return False
    defence_boost = card.boost_name() if card is not None else ""

    def both(campaign):
        reason = against_self_refusal(cid, defender)
        if reason:
            raise refuse("play.self", "opposition", reason)
        # The defender's roll first (its invokes, a boost for style), so the log ends with the roller's.
        if defender and defence is not None:
            campaign = apply_roll(campaign, defender, defence, RollResult(boost=defence_boost))
        campaign = apply_roll(campaign, cid, roll, result)
        harm = block_hit(campaign, block, roll) if cid else 0
        return block_missed(campaign, cid, block, harm) if harm else campaign

    try:
        both(document.campaign)  # refused here means nothing is pushed
    except Refused as refused:
        said = _("<b>Not applied:</b> {reason}").format(reason=escape(refused.problems[0].message))
        panel.status.setText(f"<span style='color:{status_colour('error')}'>{said}</span>")  # i18n: markup only
        return False
    skill = skill_shown(document, roll.setup.skill, cid) if roll.setup.skill else _("a plain rating")
    text = (_("Roll {skill} ({who})").format(skill=skill, who=roll.setup.who) if roll.setup.who
            else _("Roll {skill}").format(skill=skill))
    document.edit_campaign(both, text)
    return True


def block_harm(document, panel: RollPanel, roll, parent):
    """A missed overcome against a harmful block: the roller takes its hit (Take a hit opens), or None."""
    cid = panel.who.currentData()
    harm = block_hit(document.campaign, panel.block_id(), roll) if cid else 0
    if not harm:
        return None
    dialog = TakeHitDialog(document, cid, shifts=harm, parent=parent)
    dialog.open()
    return dialog


def show_what_needs_the_player(scroll: QScrollArea, panel: RollPanel) -> None:
    """Scroll so the player sees what the roll now asks of them: a refusal, and the name of the
    boost or advantage it made (focused when still empty). Done once the layout has settled."""
    QTimer.singleShot(0, scroll, lambda: _show_needs(scroll, panel))


def _show_needs(scroll: QScrollArea, panel: RollPanel) -> None:
    for field in (panel.boost, panel.advantage):
        if field.isVisibleTo(panel) and field.isEnabled() and not field.text().strip():
            scroll.ensureWidgetVisible(field, 20, 20)
            if panel.status.text():
                field.setFocus()
            break
    for label in (panel.status, panel.oppose_status):
        if label.text():
            scroll.ensureWidgetVisible(label, 20, 20)


def set_aside_panel(document, panel: RollPanel) -> None:
    """Set the panel's thrown roll aside unapplied (one undo step): its dice stay in the roll log,
    so closing and throwing again is never a free reroll; the panel starts afresh."""
    roll = panel.roll
    if roll is not None:
        document.edit_campaign(lambda c: set_aside(c, roll), _("Set a roll aside"))
    panel.reset()


def invokes_on(*rolls) -> int:
    return sum(len(roll.invokes) + len(roll.opposition) for roll in rolls)


def ask_set_aside(parent: QWidget, count: int, on_yes) -> QMessageBox:
    """Ask before dropping a roll that has `count` invokes on it (Escape alone never drops them)."""
    box = QMessageBox(QMessageBox.Icon.Question, _("Set the roll aside?"),
                      ngettext("This roll has {count} invoke on it. Set it aside unapplied? "
                               "Nothing is paid and the invokes are dropped; its dice stay in the roll log.",
                               "This roll has {count} invokes on it. Set it aside unapplied? "
                               "Nothing is paid and the invokes are dropped; its dice stay in the roll log.",
                               count).format(count=count),
                      QMessageBox.StandardButton.NoButton, parent)
    box.setObjectName("setAsideBox")
    yes = box.addButton(_("Set it &aside"), QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton(_("&Keep the roll"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    yes.clicked.connect(on_yes)
    box.open()
    return box


class RollDialog(QDialog):
    """Roll for one character; Done applies the roll; an attack's hit goes to the defender."""

    def __init__(self, document, character_id: str | None, skill: str | None = None,
                 dice: DiceSource | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Roll"))
        self.setObjectName("rollDialog")
        self.document = document
        self.panel = RollPanel(document, dice, self)
        self.panel.select_character(character_id)
        if skill:
            self.panel.select_skill(skill)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.done_button = self.buttons.addButton(_("&Done"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.done_button.setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        scroll = QScrollArea()  # a small screen (1024x700) still reaches every field
        scroll.setWidgetResizable(True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # reached through its fields: it scrolls to the focused one
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.panel)
        self.scroll_area = scroll
        layout.addWidget(scroll)
        layout.addWidget(self.buttons)
        self.panel.rolled.connect(lambda: self.done_button.setEnabled(True))
        for signal in (self.panel.rolled, self.panel.refused):
            signal.connect(lambda: show_what_needs_the_player(self.scroll_area, self.panel))
        self.hit_dialog = None  # the defender's Take a hit, opened by an attack that hits
        self.question: QMessageBox | None = None  # "Set the roll aside?", when Cancel meets invokes
        screen = (parent.screen() if parent is not None else self.screen()).availableGeometry()
        wanted = self.panel.sizeHint().height() + self.buttons.sizeHint().height() + 40
        self.resize(max(640, self.panel.sizeHint().width() + 40), min(wanted, screen.height() - 60))

    def reject(self) -> None:
        """Cancel, Escape or closing: a thrown roll is set aside into the roll log; one with
        invokes on it is only dropped after asking."""
        roll = self.panel.roll
        if roll is None:
            super().reject()
        elif invokes_on(roll):
            self.question = ask_set_aside(self, invokes_on(roll), self._set_aside)
        else:
            self._set_aside()

    def _set_aside(self) -> None:
        set_aside_panel(self.document, self.panel)
        super().reject()

    def accept(self) -> None:
        panel = self.panel
        if not apply_panel(self.document, panel):
            show_what_needs_the_player(self.scroll_area, panel)
            return
        roll = panel.roll
        super().accept()
        self.hit_dialog = block_harm(self.document, panel, roll, self.parentWidget())
        defender = panel.opponent_id()
        # a tie hits only with a Weapon rating (the boost for a tie came with the roll itself)
        lands = roll.shifts > 0 or (roll.shifts == 0 and self.document.campaign.options.weapon_armor)
        if roll.setup.action == Action.ATTACK and defender and lands:
            # roll.hit: one shift less when the attacker took a boost for a stylish hit
            self.hit_dialog = TakeHitDialog(self.document, defender, shifts=roll.hit if roll.shifts > 0 else roll.shifts,
                                            attacker=panel.who.currentData(), parent=self.parentWidget())
            self.hit_dialog.open()

