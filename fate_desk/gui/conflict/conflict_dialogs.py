"""Dialogs of a conflict: who takes part on which side, an attack roll, taking a hit."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHeaderView, QLabel, QPushButton, QSpinBox,
    QTableWidget, QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _
from fate_desk.model import CharacterKind, ConflictKind, Participant, TurnOrder
from fate_desk.rules.encounters.conflict import hazard_of, hazard_participant, participant, take_hit, track_for
from fate_desk.rules.harm.absorb import resolve_hit, shifts_text
from fate_desk.rules.play.actions import attack_skill, defence_skill
from fate_desk.rules.play.roll import Action, RollSetup, scale_difference

from ..play.hit_dialog import TakeHitDialog
from .common import fill_characters, fill_skills, in_scene, ok_cancel, play, scene_now, select_skill, skill_key
from ..play.roll_card import RollCard
from .roll_card import SetsAsideCards, ask_boost_names

# Kinds of character as a row names them (the model keeps the kind's value).
_KIND_NAMES = {CharacterKind.PC: N_("Player character"), CharacterKind.MAJOR_NPC: N_("Major NPC"),
               CharacterKind.MINOR_NPC: N_("Minor NPC"), CharacterKind.MONSTER: N_("Monster")}
# The sides by the names the conflict keeps (the same in every language); shown translated.
SIDES = (N_("Not taking part"), N_("Player characters"), N_("Opposition"))


class StartConflictDialog(QDialog):
    """Sides for everyone in the scene; minor NPCs given the same group number act as one."""

    def __init__(self, document, scene, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Start a conflict"))
        self.document = document
        self.ruleset = document.ruleset_for()
        self.characters = in_scene(document, scene)
        # Hazards in the scene act in turn order too (and cannot be attacked).
        self.hazards = [o for o in document.campaign.obstacles if o.kind == "hazard"
                        and (not scene.present or o.id in scene.present)]
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.kind = QComboBox()
        self.kind.addItem(_("Physical"), ConflictKind.PHYSICAL)
        self.kind.addItem(_("Mental"), ConflictKind.MENTAL)
        form.addRow(_("Kind of conflict:"), self.kind)
        layout.addLayout(form)
        layout.addWidget(QLabel(_("Who takes part, and on which side. Minor NPCs with the same group number "
                                  "act together: the first rolls, the others add teamwork.")))
        self.table = QTableWidget(len(self.characters) + len(self.hazards), 3)
        self.table.setHorizontalHeaderLabels([_("Who or what"), _("Side"), _("Group")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.side_boxes: list[QComboBox] = []
        self.group_spins: list[QSpinBox] = []
        for row, entry in enumerate([*self.characters, *self.hazards]):
            is_character = row < len(self.characters)
            kind = _(_KIND_NAMES.get(entry.kind, entry.kind.label)) if is_character else _("Hazard")
            self.table.setCellWidget(row, 0, QLabel(_("{name} — {kind}").format(name=entry.name or _("(unnamed)"),
                                                                                  kind=kind)))
            side = QComboBox()
            for side_name in SIDES:
                side.addItem(_(side_name), side_name)
            side.setCurrentIndex(1 if is_character and entry.kind == CharacterKind.PC else 2)
            group = QSpinBox()
            group.setRange(0, 20)
            group.setSpecialValueText(_("alone"))
            group.setEnabled(is_character and entry.kind == CharacterKind.MINOR_NPC)
            self.table.setCellWidget(row, 1, side)
            self.table.setCellWidget(row, 2, group)
            self.side_boxes.append(side)
            self.group_spins.append(group)
        self.table.resizeColumnsToContents()
        self.table.setMinimumSize(560, 260)
        layout.addWidget(self.table)
        order = QFormLayout()
        self.first = QComboBox()
        fill_characters(self.first, self.characters)
        self.npcs_at_best = QCheckBox(_("Every NPC acts at the best NPC's place"))
        if self.ruleset.turn_order == TurnOrder.ELECTIVE:
            order.addRow(_("Acts first:"), self.first)
            self.npcs_at_best.hide()
            note = _("Elective order: whoever acts picks who goes next.")
        else:
            self.first.hide()
            order.addRow("", self.npcs_at_best)
            note = _("Turn order by Notice (physical) or Empathy (mental); Athletics and Physique, or Rapport and "
                     "Will, break ties.")
        layout.addLayout(order)
        layout.addWidget(QLabel(note))
        layout.addWidget(ok_cancel(self, _("Start the conflict")))

    def set_side(self, character_id: str, side: int, group: int = 0) -> None:
        """Pick a side (an index of SIDES) and a group for one character's row."""
        row = next(i for i, c in enumerate([*self.characters, *self.hazards]) if c.id == character_id)
        self.side_boxes[row].setCurrentIndex(side)
        self.group_spins[row].setValue(group)

    def participants(self) -> list[Participant]:
        groups: dict[tuple, list[str]] = {}
        for row, character in enumerate(self.characters):
            side = self.side_boxes[row].currentIndex()
            if side == 0:
                continue
            group = self.group_spins[row].value()
            key = (side, group) if group else (side, "alone", character.id)  # i18n: not shown
            groups.setdefault(key, []).append(character.id)
        campaign = self.document.campaign
        out = [participant(campaign, SIDES[key[0]], members) for key, members in groups.items()]
        for row, hazard in enumerate(self.hazards, start=len(self.characters)):
            side = self.side_boxes[row].currentIndex()
            if side:
                out.append(hazard_participant(campaign, SIDES[side], hazard.id))
        return out

    def first_participant(self, participants: list[Participant]) -> str | None:
        wanted = self.first.currentData()
        return next((p.id for p in participants if wanted in p.members), participants[0].id if participants else None)


class AttackDialog(SetsAsideCards, QDialog):
    """The one acting attacks: both sides roll (groups add teamwork), then invoke aspects after
    the dice, one at a time, until the hit is what it is."""

    def __init__(self, document, conflict, attacker: Participant, dice, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("{name} attacks").format(name=attacker.name))
        self.document, self.conflict, self.attacker, self.dice = document, conflict, attacker, dice
        campaign = document.campaign
        self.ruleset = document.ruleset_for(campaign.character(_lead(attacker)))
        self.hazard = hazard_of(campaign, attacker)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.target = QComboBox()
        for p in conflict.participants:
            if p.active and p.side != attacker.side and not p.hazard:  # hazards cannot be attacked
                self.target.addItem(p.name, p.id)
        self.skill = QComboBox()
        if self.hazard is not None:  # a hazard's name is its skill
            self.skill.addItem(self.hazard.name or _("Hazard"), self.hazard.name or "Hazard")  # i18n: not shown
        else:
            lead = campaign.character(_lead(attacker))
            fill_skills(self.skill, lead, self.ruleset.skills)
            if lead is not None:  # physical: the better of Fight and Shoot; mental: Provoke
                if not select_skill(self.skill, attack_skill(lead, conflict.kind, self.ruleset.skills)):
                    self.skill.setCurrentIndex(0)
        self.defence = QComboBox()
        self.weapon = QSpinBox()
        self.weapon.setRange(0, 4)
        self.armor = QSpinBox()
        self.armor.setRange(0, 4)
        form.addRow(_("Target:"), self.target)
        form.addRow(_("Attack with:"), self.skill)
        form.addRow(_("Target defends with:"), self.defence)
        if campaign.options.weapon_armor:
            form.addRow(_("Weapon:"), self.weapon)
            form.addRow(_("Armor:"), self.armor)
        layout.addLayout(form)
        self.roll_button = QPushButton(_("Roll"))
        layout.addWidget(self.roll_button)
        self.cards = QVBoxLayout()
        layout.addLayout(self.cards)
        self.result = QLabel(_("Roll, then invoke aspects if you want to: the hit follows the final efforts."))
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        self.buttons = ok_cancel(self, _("Apply the hit"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        layout.addWidget(self.buttons)
        self.target.currentIndexChanged.connect(self._target_changed)
        self.skill.currentIndexChanged.connect(lambda *_args: self._pick_defence())
        self.roll_button.clicked.connect(self.roll)
        self._target_changed()
        self.attack_card: RollCard | None = None
        self.defence_card: RollCard | None = None
        self.hit = resolve_hit(-1)
        self.setMinimumWidth(680)

    def _target_changed(self) -> None:
        target = self.target_participant()
        character = self.document.campaign.character(_lead(target)) if target else None
        fill_skills(self.defence, character, self.ruleset.skills)
        self._pick_defence()

    def _pick_defence(self) -> None:
        """The target defends with its best skill against the attack's (Athletics or Fight against
        Fight, Athletics against Shoot, Will against Provoke)."""
        target = self.target_participant()
        character = self.document.campaign.character(_lead(target)) if target else None
        if character is not None:
            wanted = defence_skill(character, skill_key(self.skill), Action.ATTACK, self.conflict.kind,
                                   self.ruleset.skills)
            select_skill(self.defence, wanted)

    def target_participant(self) -> Participant | None:
        pid = self.target.currentData()
        return next((p for p in self.conflict.participants if p.id == pid), None)

    def roll(self) -> None:
        """Throw both rolls with the desk's dice; invokes may follow on either card."""
        from fate_desk.rules.encounters.conflict import helpers_bonus, participant_roller

        campaign = self.document.campaign
        target = self.target_participant()
        if target is None or self.attack_card is not None:
            return
        skill, defence = skill_key(self.skill), skill_key(self.defence)
        # A group rolls with its best member in the skill (the others help).
        attacker_id, defender_id = participant_roller(campaign, self.attacker, skill), participant_roller(campaign, target, defence)
        attacker, defender = campaign.character(attacker_id), campaign.character(defender_id)
        rating = self.hazard.rating if self.hazard is not None else self.document.rating_of(attacker, skill)
        # Scale (optional): the higher side gets +1 per level of difference on its own roll.
        levels = scale_difference(attacker.scale if attacker else None, defender.scale) if campaign.options.scale else 0
        setup = RollSetup(Action.ATTACK, skill, rating, opposed=True, who=self.attacker.name, scale=levels,
                          teamwork=helpers_bonus(campaign, self.attacker, skill))
        self.attack_card = RollCard(self.document, attacker_id, setup, self.dice,
                                    _("{name} attacks").format(name=self.attacker.name), _("the defence"))
        setup = RollSetup(Action.DEFEND, defence, self.document.rating_of(defender, defence), opposed=True, who=target.name,
                          scale=-levels, teamwork=helpers_bonus(campaign, target, defence))
        self.defence_card = RollCard(self.document, defender_id, setup, self.dice,
                                     _("{name} defends").format(name=target.name), _("the attack"))
        for card in (self.attack_card, self.defence_card):
            self.cards.addWidget(card)
            card.changed.connect(self._settle)
        for widget in (self.target, self.skill, self.defence, self.roll_button):
            widget.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        self._settle()
        self.adjustSize()

    def _settle(self) -> None:
        attack, defence = self.attack_card, self.defence_card
        attack.set_against(defence.roll.effort)
        defence.set_against(attack.roll.effort)
        if self.hazard is not None:  # a hazard always hits with its Weapon rating
            self.hit = resolve_hit(attack.roll.shifts, self.hazard.weapon, self.armor.value(),
                                   style_boost=attack.roll.style_boost)
        else:
            self.hit = resolve_hit(attack.roll.shifts, self.weapon.value(), self.armor.value(),
                                   self.document.campaign.options, style_boost=attack.roll.style_boost)
        self.result.setText(self.hit.note)

    def thrown_cards(self) -> list[RollCard]:
        return [card for card in (self.attack_card, self.defence_card) if card is not None]

    def accept(self) -> None:
        """Apply only once every boost the dice gave has the player's name for it."""
        cards = [card for card in (self.attack_card, self.defence_card) if card is not None]
        if ask_boost_names(cards, self.result):
            super().accept()

    def lines(self) -> list[str]:
        return [self.attack_card.roll.summary(), self.defence_card.roll.summary(), self.hit.note]


class ConflictHitDialog(TakeHitDialog):
    """The play issue's Take a hit dialog, for one character of a conflict's participant: the
    hit lands as one undo step that also records it in the conflict (taken out, the log)."""

    def __init__(self, document, conflict, target: Participant, shifts: int, attacker: str | None = None,
                 parent: QWidget | None = None):
        self.conflict, self.target, self.member = conflict, target, _lead(target)
        super().__init__(document, self.member, shifts, attacker, parent)
        self.setWindowTitle(_("{name} takes a hit").format(name=target.name))
        track = self.track.findData(track_for(self.character, self.ruleset, conflict.kind))
        self.track.setCurrentIndex(max(0, track))

    def apply_hit(self, option, texts, extreme) -> bool:
        """The same hit, recorded in the conflict too (a participant taken out, the log)."""
        scene = scene_now(self.document)
        pid, member, ruleset = self.target.id, self.member, self.ruleset
        attacker, hit = self.attacker.currentData(), self.hit.shifts
        text = (_("{name} takes a hit of {shifts}").format(name=self.target.name, shifts=shifts_text(option.hit))
                if option is not None else _("{name} is taken out").format(name=self.target.name))
        return play(self.document, lambda c: take_hit(c, scene.id, ruleset, pid, member, option, texts,
                                                      attacker=attacker, hit=hit, extreme_aspect=extreme),
                    text, self.status)


def _lead(p: Participant | None) -> str | None:
    if p is None or not p.members:
        return None
    standing = [m for m in p.members if m not in p.out_members]
    return (standing or p.members)[0]
