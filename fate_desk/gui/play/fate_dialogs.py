"""Fate points with a reason, compels on an aspect, and conceding a conflict."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHBoxLayout, QLabel, QLineEdit, QMessageBox,
    QPushButton, QRadioButton, QSpinBox, QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, ngettext
from fate_desk.rules.play.fate_points import (
    GM, Reason, change_points, compel, compel_targets, compel_value, holder, holder_name, points_of, reasons_for,
)
from fate_desk.rules.encounters.conflict import concede_in_play, concession_refusal
from fate_desk.rules.play.hits import conflict_id
from fate_desk.rules.creation.history import Refused
from fate_desk.model import CharacterKind

from ..table_mode.reach import phone_play
from ..widgets import escape
from ..theme import status_colour


# The ledger's reasons as the dialog shows them (the ledger keeps the English word).
_REASONS = {
    Reason.INVOKE: N_("Invoke"),
    Reason.HOSTILE_INVOKE: N_("Hostile invoke"),
    Reason.COMPEL_ACCEPTED: N_("Compel accepted"),
    Reason.COMPEL_REFUSED: N_("Compel refused"),
    Reason.COMPEL_PROPOSED: N_("Compel proposed"),
    Reason.CONCESSION: N_("Concession"),
    Reason.REFRESH: N_("Refresh"),
    Reason.OTHER: N_("Other"),
}


def reason_text(reason: str) -> str:
    return _(_REASONS[reason]) if reason in _REASONS else reason


class _PlayDialog(QDialog):
    def __init__(self, title: str, document, character_id: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.document, self.character_id = document, character_id
        self.layout_ = QVBoxLayout(self)
        self.form = QFormLayout()
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.layout_.addWidget(self.heading)
        self.layout_.addLayout(self.form)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.rejected.connect(self.reject)

    def finish(self) -> None:
        self.layout_.addWidget(self.status)
        self.layout_.addWidget(self.buttons)
        self.resize(max(460, self.sizeHint().width()), self.sizeHint().height())

    def run(self, operation, text: str) -> bool:
        """Try the core operation first; a refusal is shown and nothing is pushed."""
        try:
            operation(self.document.campaign)
        except Refused as refused:
            message = escape(refused.problems[0].message)
            self.status.setText(f"<span style='color:{status_colour('error')}'>{message}</span>")  # i18n: markup only
            return False
        self.document.edit_campaign(operation, text)
        self.accept()
        return True

    @property
    def character(self):
        return self.document.campaign.character(self.character_id)


class FatePointsDialog(_PlayDialog):
    """Spend or gain fate points with a reason that fits the way they go (a gain is never an
    invoke); an NPC's come from (or go to) the GM's pool."""

    def __init__(self, document, character_id: str, parent: QWidget | None = None):
        super().__init__(_("Fate points"), document, character_id, parent)
        campaign = document.campaign
        self.who = QComboBox()
        self.who.setAccessibleName(_("Whose fate points"))
        own = holder(campaign, character_id)
        if own != GM:
            self.who.addItem(f"{holder_name(campaign, own)} ({points_of(campaign, own)})", own)
        self.who.addItem(_("The GM's pool ({points})").format(points=campaign.gm_fate_points), GM)
        self.spend_choice = QRadioButton(_("Sp&end"))
        self.gain_choice = QRadioButton(_("Ga&in"))
        self.direction = QButtonGroup(self)
        row = QHBoxLayout()
        for button in (self.spend_choice, self.gain_choice):
            self.direction.addButton(button)
            row.addWidget(button)
        row.addStretch(1)
        self.spend_choice.setChecked(True)
        self.reason = QComboBox()
        self.reason.setAccessibleName(_("Reason"))
        self.amount = QSpinBox()
        self.amount.setRange(1, 20)
        self.note = QLineEdit()
        self.note.setPlaceholderText(_("What for (optional)"))
        self.form.addRow(_("&Whose:"), self.who)
        self.form.addRow(_("Spend or gain:"), row)
        self.form.addRow(_("&Reason:"), self.reason)
        self.form.addRow(_("&Points:"), self.amount)
        self.form.addRow(_("&Note:"), self.note)
        pending = self.character.pending_fate_points if self.character else 0
        name = escape(self.character.name or _("(unnamed)"))
        self.heading.setText(
            _("<b>{name}</b> — {count} more from hostile invokes, to spend after this scene").format(
                name=name, count=pending) if pending else f"<b>{name}</b>")
        self.ok_button = QPushButton()
        self.ok_button.setDefault(True)
        self.buttons.addButton(self.ok_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(lambda: self.change(self.sign()))
        self.direction.buttonToggled.connect(lambda *_args: self._direction_changed())
        self._direction_changed()
        self.finish()

    def sign(self) -> int:
        return -1 if self.spend_choice.isChecked() else 1

    def _direction_changed(self) -> None:
        """The reasons that fit the way the points go, keeping the one picked when it still fits."""
        picked = self.reason.currentData()
        self.reason.clear()
        for reason in reasons_for(self.sign()):
            self.reason.addItem(reason_text(reason), reason)
        self.reason.setCurrentIndex(max(0, self.reason.findData(picked)))
        self.ok_button.setText(_("&Spend") if self.sign() < 0 else _("&Gain"))

    def change(self, sign: int) -> bool:
        who, reason, note = self.who.currentData(), self.reason.currentData(), self.note.text().strip()
        step = sign * self.amount.value()
        count = abs(step)
        if step < 0:
            text = ngettext("Spend {count} fate point ({reason})", "Spend {count} fate points ({reason})", count)
        else:
            text = ngettext("Gain {count} fate point ({reason})", "Gain {count} fate points ({reason})", count)
        return self.run(lambda c: change_points(c, who, step, reason, note),
                        text.format(count=count, reason=reason_text(reason).lower()))


class CompelDialog(_PlayDialog):
    """A compel on any aspect affecting the character (its own, a consequence, the scene's):
    accept (+1) or refuse (−1, not at 0). A player proposing it on another character pays one."""

    def __init__(self, document, character_id: str, parent: QWidget | None = None):
        super().__init__(_("Compel"), document, character_id, parent)
        character = self.character
        campaign = document.campaign
        self.aspect = QComboBox()
        self.aspect.setAccessibleName(_("Aspect compelled"))
        for text in compel_targets(campaign, character_id):
            self.aspect.addItem(text, text)
        self.form.addRow(_("&Aspect:"), self.aspect)
        self.proposer = QComboBox()
        self.proposer.setAccessibleName(_("Who proposes the compel"))
        self.proposer.addItem(_("The GM (free)"), None)
        for pc in campaign.characters:
            if pc.kind == CharacterKind.PC and pc.id != character_id:
                self.proposer.addItem(_("{name} (pays one of their fate points)").format(
                    name=pc.name or _("(unnamed)")), pc.id)
        self.form.addRow(_("&Proposed by:"), self.proposer)
        who = holder(document.campaign, character_id)
        words = {"name": escape(character.name or _("(unnamed)")), "payer": escape(holder_name(document.campaign, who)),
                 "points": points_of(document.campaign, who)}
        if who != GM:
            heading = _("<b>{name}</b> is compelled. Accept and they gain a fate point; refuse and they pay one "
                        "({payer} has {points}).")
        else:
            heading = _("<b>{name}</b> is compelled. Accept and the GM gains a fate point; refuse and the GM pays one "
                        "({payer} has {points}).")
        self.heading.setText(heading.format(**words))
        self.accept_button = QPushButton(_("A&ccept (+1)"))
        self.refuse_button = QPushButton(_("&Refuse (−1)"))
        self.buttons.addButton(self.accept_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.addButton(self.refuse_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.accept_button.clicked.connect(lambda: self.decide(True))
        self.refuse_button.clicked.connect(lambda: self.decide(False))
        self.aspect.currentIndexChanged.connect(lambda *_args: self._worth())
        self._worth()
        # The player is at the table with a phone that may act: the compel can wait for them there.
        self.phone_button = None
        if phone_play(document, character_id) is not None:
            self.phone_button = QPushButton(_("Offer on {name}’s &phone").format(name=character.name or _("(unnamed)")))
            self.phone_button.setObjectName("offerPhoneButton")
            self.phone_button.setToolTip(_("The compel waits on the player's phone for Accept or Refuse; the Requests "
                                           "panel lets you answer for them or withdraw it"))
            self.buttons.addButton(self.phone_button, QDialogButtonBox.ButtonRole.ActionRole)
            self.phone_button.clicked.connect(self.offer)
        self.finish()

    def _worth(self) -> None:
        """A signature aspect's compel offers two fate points and costs two to refuse (Atomic Robo)."""
        worth = compel_value(self.document.campaign, self.character_id, self.aspect.currentData() or "")
        self.accept_button.setText(_("A&ccept (+2)") if worth == 2 else _("A&ccept (+1)"))
        self.refuse_button.setText(_("&Refuse (−2)") if worth == 2 else _("&Refuse (−1)"))
        self.accept_button.setToolTip(_("A signature aspect: the compel offers two fate points, and refusing "
                                        "it costs two") if worth == 2 else "")

    def offer(self) -> bool:
        """Send the compel to the player's phone; nothing changes until they answer."""
        play = phone_play(self.document, self.character_id)
        aspect = self.aspect.currentData() or ""
        if play is None or not aspect:
            self.status.setText(escape(_("The player's phone is no longer at the table: decide here.")))
            return False
        play.offer_compel(self.character_id, aspect, self.proposer.currentData())
        self.reject()
        return True

    def decide(self, accept: bool) -> bool:
        aspect = self.aspect.currentData() or ""
        proposer = self.proposer.currentData()
        later = self.document.ruleset_for(self.character).compel_point_after_scene
        return self.run(lambda c: compel(c, self.character_id, aspect, accept, proposer, later),
                        _("Accept a compel") if accept else _("Refuse a compel"))


def concede(parent: QWidget, document, character_id: str) -> QMessageBox:
    """Ask, then concede the running conflict (before the roll): 1 point plus 1 per consequence
    taken in it. Refused, with the reason, outside a conflict, a second time, or once taken out.

    The question opens without blocking; its Concede button concedes through the conflict (one
    undo step, the same as the conflict panel's Concede).
    """
    campaign = document.campaign
    character = campaign.character(character_id)
    reason = concession_refusal(campaign, character_id)
    if reason:
        box = QMessageBox(QMessageBox.Icon.Information, _("Concede"), reason, QMessageBox.StandardButton.Close, parent)
        box.setObjectName("concedeBox")
        box.open()
        return box
    taken = sum(1 for c in character.consequences if c.conflict == conflict_id(campaign))
    points = 1 + taken
    box = QMessageBox(QMessageBox.Icon.Question, _("Concede"),
                      ngettext("{name} concedes the conflict before the next roll: they leave the fight on their own "
                               "terms and gain {count} fate point (1, plus {taken} for consequences taken in this "
                               "conflict).",
                               "{name} concedes the conflict before the next roll: they leave the fight on their own "
                               "terms and gain {count} fate points (1, plus {taken} for consequences taken in this "
                               "conflict).", points).format(name=character.name or _("(unnamed)"), count=points,
                                                             taken=taken),
                      QMessageBox.StandardButton.Cancel, parent)
    box.setObjectName("concedeBox")
    yes = box.addButton(_("Concede"), QMessageBox.ButtonRole.AcceptRole)
    yes.clicked.connect(lambda: _concede(document, character_id, parent))
    box.open()
    return box


def _concede(document, character_id: str, parent: QWidget) -> None:
    """Concede through the core; a refusal (the conflict changed meanwhile) is said, nothing changes."""
    try:
        document.edit_campaign(lambda c: concede_in_play(c, character_id), _("Concede the conflict"))
    except Refused as refused:
        QMessageBox.information(parent, _("Concede"), refused.problems[0].message)
