"""Take a hit: the core lists the legal ways to absorb it; the player picks one and names it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QSpinBox,
    QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, rules_text
from fate_desk.model import AspectRole, Severity
from fate_desk.rules.creation.derive import derive_stress, slot_text
from fate_desk.rules.creation.extras import extra_totals
from fate_desk.rules.harm.absorb import AbsorbOption, shifts_text, slots_of
from fate_desk.rules.encounters.conflict import taken_out_in_play
from fate_desk.rules.play.hits import attacker_boost, hit_plan, take_hit
from fate_desk.rules.creation.history import Refused

from .. import access
from ..table_mode.reach import phone_play
from ..widgets import escape
from ..theme import status_colour


class TakeHitDialog(QDialog):
    """Shifts (and attacker, Weapon, Armor) in; one absorb option out, applied as one undo step."""

    def __init__(self, document, character_id: str, shifts: int = 1, attacker: str | None = None,
                 parent: QWidget | None = None, lethal: bool = False):
        super().__init__(parent)
        self.setWindowTitle(_("Take a hit"))
        self.setObjectName("takeHitDialog")
        self.document, self.character_id = document, character_id
        character = self.character
        self.ruleset = document.ruleset_for(character)
        options = document.campaign.options
        layout = QVBoxLayout(self)
        heading = QLabel(_("<b>{name}</b> takes a hit <small>({ruleset}: {marking})</small>").format(
            name=escape(character.name or _("(unnamed)")), ruleset=escape(rules_text(self.ruleset.name)),
            marking=self._marking_text()))
        heading.setWordWrap(True)
        layout.addWidget(heading)
        form = QFormLayout()
        self.shifts = QSpinBox()
        self.shifts.setRange(0, 40)
        self.shifts.setValue(max(0, shifts))
        self.shifts.setAccessibleName(_("Shifts of the hit"))
        self.track = QComboBox()
        self.track.setAccessibleName(_("Kind of harm"))
        own = {t.id for t in character.all_tracks()}
        for track_id, name in derive_stress(character, self.ruleset)[1].items():
            # The rule set's tracks in the interface language (the character's own as typed); the id is the key.
            self.track.addItem(name if track_id in own else rules_text(name), track_id)
        if not self.track.count():
            self.track.addItem(_("Harm"), "physical")
        self.attacker = QComboBox()
        self.attacker.setAccessibleName(_("Attacker"))
        self.attacker.addItem(_("Nobody in particular"), None)
        for c in document.campaign.characters:
            if c.id != character_id:
                self.attacker.addItem(c.name or _("(unnamed)"), c.id)
        self.attacker.setCurrentIndex(max(0, self.attacker.findData(attacker)))
        self.boost_only = False
        self.weapon = QSpinBox()
        self.weapon.setRange(0, 4)
        self.weapon.setPrefix(_("Weapon:"))
        self.armor = QSpinBox()
        self.armor.setRange(0, 4)
        self.armor.setPrefix(_("Armor:"))
        form.addRow(_("&Shifts:"), self.shifts)
        form.addRow(_("&Harm:"), self.track)
        form.addRow(_("&From:"), self.attacker)
        # War of Ashes' lethal damage (the campaign's option): the hit skips stress entirely.
        self.lethal = QCheckBox(_("&Lethal: straight to consequences, no stress"))
        self.lethal.setToolTip(_("A lethal attack bypasses the stress track entirely; a minion without "
                                 "consequences is taken out"))
        self.lethal.setChecked(lethal and options.lethal_damage)
        if options.lethal_damage:
            form.addRow("", self.lethal)
        if options.weapon_armor:
            form.addRow(_("&Weapon:"), self.weapon)
            form.addRow(_("A&rmor:"), self.armor)
            # Extras carry Weapon and Armor ratings (Fate Core SRD, Extras, "Weapon And Armor Ratings"):
            # the defender's armour, and the chosen attacker's weapon, start filled in.
            self.armor.setValue(min(4, extra_totals(character).armor))
            self.attacker.currentIndexChanged.connect(lambda *_args: self._attacker_weapon())
            self._attacker_weapon()
        layout.addLayout(form)
        self.hit_label = QLabel()
        self.hit_label.setWordWrap(True)
        layout.addWidget(self.hit_label)
        self.options = QListWidget()
        self.options.setAccessibleName(_("Ways to absorb the hit"))
        self.options.setMinimumHeight(110)
        # Long ways ("Mark one stress box, take a mild and a moderate consequence…") wrap, never cut.
        self.options.setWordWrap(True)
        self.options.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.options.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.options.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.options.setSpacing(2)
        layout.addWidget(self.options)
        self.names_box = QWidget()
        self.names = QFormLayout(self.names_box)
        self.names.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.names_box)
        self.name_edits: dict[str, QLineEdit] = {}
        self.extreme_slot: str | None = None
        self.extreme_aspect = QComboBox()
        self.extreme_aspect.setAccessibleName(_("Aspect the extreme consequence replaces"))
        self.status = QLabel()
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.take_button = self.buttons.addButton(_("&Take the hit"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.out_button = self.buttons.addButton(_("Taken &out"), QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.out_button.clicked.connect(self.take_out)
        # The player is at the table with a phone that may act: the choice can be theirs.
        self.asked_phone = False
        self.phone_button = None
        if phone_play(document, character_id) is not None:
            self.phone_button = self.buttons.addButton(
                _("Ask {name}’s &phone").format(name=character.name or _("(unnamed)")),
                QDialogButtonBox.ButtonRole.ActionRole)
            self.phone_button.setObjectName("askPhoneButton")
            self.phone_button.setToolTip(_("The player chooses how to take the hit on their phone, with these same "
                                           "choices; the Requests panel lets you answer for them"))
            self.phone_button.clicked.connect(self.ask_phone)
        layout.addWidget(self.buttons)
        for signal in (self.shifts.valueChanged, self.track.currentIndexChanged, self.weapon.valueChanged,
                       self.armor.valueChanged, self.attacker.currentIndexChanged, self.lethal.toggled):
            signal.connect(lambda *_args: self._plan())
        self.options.currentRowChanged.connect(lambda *_args: self._option_chosen())
        self._plan()
        self.resize(max(560, self.sizeHint().width()), self.sizeHint().height())

    def _attacker_weapon(self) -> None:
        attacker = self.document.campaign.character(self.attacker.currentData()) if self.attacker.currentData() else None
        self.weapon.setValue(min(4, extra_totals(attacker).weapon) if attacker is not None else 0)

    @property
    def character(self):
        return self.document.campaign.character(self.character_id)

    def _marking_text(self) -> str:
        one = self.ruleset.stress.marking.value != "any"
        return _("one stress box per hit") if one else _("any number of stress boxes")

    # --- the plan --------------------------------------------------------------------------

    def _plan(self) -> None:
        self.options.clear()
        try:
            self.hit, self.plan = hit_plan(self.document.campaign, self.ruleset, self.character_id,
                                           self.shifts.value(), self.track.currentData(), self.weapon.value(),
                                           self.armor.value(), lethal=self.lethal.isChecked())
        except Refused as refused:
            self.plan = None
            self.hit_label.setText(escape(refused.problems[0].message))
            self.take_button.setEnabled(False)
            self.out_button.setEnabled(False)
            return
        self.hit_label.setText(f"{escape(self.hit.note)} {escape(self.plan.message)}")
        for option in self.plan.options:
            item = QListWidgetItem(option.description)
            item.setData(Qt.ItemDataRole.UserRole, option)
            self.options.addItem(item)
        if self.options.count():
            self.options.setCurrentRow(0)
        # Nothing to absorb, but the attacker earned a boost (Armor took the hit to 0, or a tie).
        self.boost_only = self.hit.boost and self.hit.shifts <= 0 and self.attacker.currentData() is not None
        self.take_button.setText(_("&Give the attacker the boost") if self.boost_only else _("&Take the hit"))
        self.take_button.setEnabled(bool(self.plan.options) or self.boost_only)
        self.out_button.setEnabled(self.plan.taken_out)
        if self.phone_button is not None:
            self.phone_button.setEnabled((bool(self.plan.options) or self.plan.taken_out) and not self.boost_only)
        self._option_chosen()

    def option(self) -> AbsorbOption | None:
        item = self.options.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def option_texts(self) -> list[str]:
        return [self.options.item(i).text() for i in range(self.options.count())]

    def choose(self, description: str) -> None:
        self.options.setCurrentRow(self.option_texts().index(description))

    def _option_chosen(self) -> None:
        while self.names.rowCount():
            self.names.removeRow(0)
        self.name_edits = {}
        self.extreme_slot = None
        option = self.option()
        if option is None:
            return
        slots = slots_of(self.character, self.ruleset, self.document.campaign.options)
        for slot_id, _count in option.consequences:
            slot = slots[slot_id]
            if slot.condition:
                continue
            edit = QLineEdit()
            edit.setPlaceholderText(_("What did the hit do?"))
            edit.setAccessibleName(_("Name of the {severity} consequence").format(severity=_(slot.severity.label).lower()))
            self.names.addRow(_("{slot} consequence:").format(
                slot=slot_text(slot)), edit)
            self.name_edits[slot_id] = edit
            if slot.severity == Severity.EXTREME:
                self.extreme_slot = slot_id
                self.extreme_aspect = QComboBox()
                self.extreme_aspect.setAccessibleName(_("Aspect the extreme consequence replaces"))
                for i, aspect in enumerate(self.character.aspects):
                    if aspect.role != AspectRole.HIGH_CONCEPT:
                        self.extreme_aspect.addItem(aspect.text or aspect.role.label, i)
                self.names.addRow(_("It replaces:"), self.extreme_aspect)
        self._order_focus()

    def _order_focus(self) -> None:
        """Tab goes from the ways to absorb to the names they ask for, then to the buttons: the
        name fields are made after the buttons, which Tab otherwise reached first."""
        chain = [self.options, *self.name_edits.values()]
        if self.extreme_slot is not None:
            chain.insert(chain.index(self.name_edits[self.extreme_slot]) + 1, self.extreme_aspect)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        chain += [self.take_button, self.out_button, cancel]
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)

    # --- applying -----------------------------------------------------------------------------

    def accept(self) -> None:
        """Gather the chosen option and its names, and hand them to `apply_hit` (one undo step)."""
        option = self.option()
        if option is None:
            if self.boost_only:
                attacker, hit = self.attacker.currentData(), self.hit
                self.document.edit_campaign(lambda c: attacker_boost(c, self.character_id, attacker, hit),
                                            _("Give the attacker the boost"))
                QDialog.accept(self)
            return
        texts = {sid: edit.text() for sid, edit in self.name_edits.items()}
        extreme = self.extreme_aspect.currentData() if self.extreme_slot else None
        if self.apply_hit(option, texts, extreme):
            QDialog.accept(self)

    def apply_hit(self, option: AbsorbOption | None, texts: dict[str, str], extreme: int | None) -> bool:
        """Apply the hit (None: taken out) as one undo step; a refusal stays in the dialog."""
        attacker, hit = self.attacker.currentData(), self.hit.shifts
        name = self.character.name or _("(unnamed)")
        heard_by = self.parentWidget() or self  # the dialog closes; the sheet under it says what happened
        if option is None:
            ruleset = self.ruleset
            self.document.edit_campaign(lambda c: taken_out_in_play(c, ruleset, self.character_id, hit, attacker),
                                        _("Taken out"))
            access.announce(heard_by, _("{name} is taken out.").format(name=name))
            return True
        try:
            take_hit(self.document.campaign, self.ruleset, self.character_id, option, texts, attacker=attacker,
                     extreme_aspect=extreme)
        except Refused as refused:
            self.status.setText(f"<span style='color:{status_colour('error')}'>✖ {escape(refused.problems[0].message)}</span>")  # i18n: markup only
            access.announce(self, refused.problems[0].message)
            return False
        self.document.edit_campaign(
            lambda c: take_hit(c, self.ruleset, self.character_id, option, texts, attacker=attacker,
                               extreme_aspect=extreme),
            _("Take a hit of {shifts}").format(shifts=shifts_text(option.hit)))
        access.announce(heard_by, _("{name} took the hit: {way}.").format(name=name, way=option.description))
        return True

    def ask_phone(self) -> bool:
        """Hand the hit to the player's phone (nothing changes until they choose there)."""
        play = phone_play(self.document, self.character_id)
        if play is None or self.plan is None:
            self.status.setText(escape(_("The player's phone is no longer at the table: take the hit here.")))
            return False
        play.ask_hit(self.character_id, self.shifts.value(), self.track.currentData(), self.attacker.currentData(),
                     self.weapon.value(), self.armor.value())
        self.asked_phone = True
        name = self.character.name or _("(unnamed)")
        access.announce(self.parentWidget() or self, _("{name} chooses on their phone how to take the hit.").format(
            name=name))
        QDialog.reject(self)  # nothing is applied here: the phone's answer is
        return True

    def take_out(self) -> None:
        if self.apply_hit(None, {}, None):
            QDialog.accept(self)
