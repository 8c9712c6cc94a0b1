"""Dialogs of a conflict: who takes part on which side, an attack roll, taking a hit."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QHeaderView, QLabel, QLineEdit, QListWidget,
    QListWidgetItem, QSpinBox, QTableWidget, QVBoxLayout, QWidget,
)

from fate_desk.model import CharacterKind, ConflictKind, Participant, TurnOrder
from fate_desk.rules.conflict import participant, track_for
from fate_desk.rules.derive import derive_consequences
from fate_desk.rules.harm import absorb_options, resolve_hit

from .common import fill_characters, fill_skills, in_scene, roll_text, throw

SIDES = ("Not taking part", "Player characters", "Opposition")


def _buttons(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class StartConflictDialog(QDialog):
    """Sides for everyone in the scene; minor NPCs given the same group number act as one."""

    def __init__(self, document, scene, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Start a conflict")
        self.document = document
        self.ruleset = document.ruleset_for()
        self.characters = in_scene(document, scene)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.kind = QComboBox()
        self.kind.addItem("Physical", ConflictKind.PHYSICAL)
        self.kind.addItem("Mental", ConflictKind.MENTAL)
        form.addRow("Kind of conflict:", self.kind)
        layout.addLayout(form)
        layout.addWidget(QLabel("Who takes part, and on which side. Minor NPCs with the same group number "
                                "act together: the first rolls, the others add teamwork."))
        self.table = QTableWidget(len(self.characters), 3)
        self.table.setHorizontalHeaderLabels(["Character", "Side", "Group"])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.side_boxes: list[QComboBox] = []
        self.group_spins: list[QSpinBox] = []
        for row, character in enumerate(self.characters):
            self.table.setCellWidget(row, 0, QLabel(f"{character.name or '(unnamed)'} — {character.kind.label}"))
            side = QComboBox()
            side.addItems(SIDES)
            side.setCurrentIndex(1 if character.kind == CharacterKind.PC else 2)
            group = QSpinBox()
            group.setRange(0, 20)
            group.setSpecialValueText("alone")
            group.setEnabled(character.kind == CharacterKind.MINOR_NPC)
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
        self.npcs_at_best = QCheckBox("Every NPC acts at the best NPC's place")
        if self.ruleset.turn_order == TurnOrder.ELECTIVE:
            order.addRow("Acts first:", self.first)
            self.npcs_at_best.hide()
            note = "Elective order: whoever acts picks who goes next."
        else:
            self.first.hide()
            order.addRow("", self.npcs_at_best)
            note = "Turn order by Notice (physical) or Empathy (mental); Athletics and Physique, or Rapport and Will, break ties."
        layout.addLayout(order)
        layout.addWidget(QLabel(note))
        layout.addWidget(_buttons(self, "Start the conflict"))

    def set_side(self, character_id: str, side: int, group: int = 0) -> None:
        """Pick a side (an index of SIDES) and a group for one character's row."""
        row = next(i for i, c in enumerate(self.characters) if c.id == character_id)
        self.side_boxes[row].setCurrentIndex(side)
        self.group_spins[row].setValue(group)

    def participants(self) -> list[Participant]:
        groups: dict[tuple, list[str]] = {}
        for row, character in enumerate(self.characters):
            side = self.side_boxes[row].currentIndex()
            if side == 0:
                continue
            group = self.group_spins[row].value()
            key = (side, group) if group else (side, "alone", character.id)
            groups.setdefault(key, []).append(character.id)
        campaign = self.document.campaign
        return [participant(campaign, SIDES[key[0]], members) for key, members in groups.items()]

    def first_participant(self, participants: list[Participant]) -> str | None:
        wanted = self.first.currentData()
        return next((p.id for p in participants if wanted in p.members), participants[0].id if participants else None)


class AttackDialog(QDialog):
    """The one acting attacks: both sides roll (groups add teamwork), the hit is worked out."""

    def __init__(self, document, conflict, attacker: Participant, dice, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{attacker.name} attacks")
        self.document, self.conflict, self.attacker, self.dice = document, conflict, attacker, dice
        self.ruleset = document.ruleset_for()
        campaign = document.campaign
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.target = QComboBox()
        for p in conflict.participants:
            if p.active and p.side != attacker.side:
                self.target.addItem(p.name, p.id)
        self.skill = QComboBox()
        fill_skills(self.skill, campaign.character(_lead(attacker)), self.ruleset.skills)
        self.defence = QComboBox()
        self.weapon = QSpinBox()
        self.weapon.setRange(0, 4)
        self.armor = QSpinBox()
        self.armor.setRange(0, 4)
        form.addRow("Target:", self.target)
        form.addRow("Attack with:", self.skill)
        form.addRow("Target defends with:", self.defence)
        if campaign.options.weapon_armor:
            form.addRow("Weapon:", self.weapon)
            form.addRow("Armor:", self.armor)
        layout.addLayout(form)
        self.result = QLabel("Roll to see the hit.")
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        self.buttons = _buttons(self, "Roll and apply the hit")
        layout.addWidget(self.buttons)
        self.target.currentIndexChanged.connect(self._target_changed)
        self._target_changed()
        self.hit = 0
        self.lines: list[str] = []

    def _target_changed(self) -> None:
        target = self.target_participant()
        character = self.document.campaign.character(_lead(target)) if target else None
        fill_skills(self.defence, character, self.ruleset.skills)
        kind = self.conflict.kind
        wanted = "Athletics" if kind == ConflictKind.PHYSICAL else "Will"
        if self.defence.findText(wanted) >= 0:
            self.defence.setCurrentText(wanted)

    def target_participant(self) -> Participant | None:
        pid = self.target.currentData()
        return next((p for p in self.conflict.participants if p.id == pid), None)

    def roll(self) -> int:
        """Both rolls, with the dice of the desk; returns the hit the target must absorb."""
        from fate_desk.rules.conflict import helpers_bonus

        campaign = self.document.campaign
        target = self.target_participant()
        skill, defence = self.skill.currentText(), self.defence.currentText()
        att_char = campaign.character(_lead(self.attacker))
        def_char = campaign.character(_lead(target))
        att_bonus = helpers_bonus(campaign, self.attacker, skill)
        def_bonus = helpers_bonus(campaign, target, defence)
        a_faces, attack = throw(self.dice, att_char.rating(skill), att_bonus)
        d_faces, defend = throw(self.dice, def_char.rating(defence), def_bonus)
        hit = resolve_hit(attack - defend, self.weapon.value(), self.armor.value(), campaign.options)
        self.lines = [
            roll_text(self.attacker.name, skill, att_char.rating(skill), a_faces, attack, att_bonus),
            roll_text(target.name, defence, def_char.rating(defence), d_faces, defend, def_bonus),
            hit.note,
        ]
        self.result.setText("\n".join(self.lines))
        self.hit = hit.shifts
        return hit.shifts


class TakeHitDialog(QDialog):
    """One character of a participant absorbs a hit: a way from absorb_options, or taken out."""

    def __init__(self, document, conflict, target: Participant, hit: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(f"{target.name} takes a hit")
        self.document, self.conflict, self.target = document, conflict, target
        campaign = document.campaign
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.member = QComboBox()
        fill_characters(self.member, [c for m in target.members if m not in target.out_members
                                      and (c := campaign.character(m))])
        self.shifts = QSpinBox()
        self.shifts.setRange(1, 40)
        self.shifts.setValue(max(1, hit))
        self.shifts.setSuffix(" shifts")
        form.addRow("Who:", self.member)
        form.addRow("Hit:", self.shifts)
        layout.addLayout(form)
        self.plan_label = QLabel()
        self.plan_label.setWordWrap(True)
        layout.addWidget(self.plan_label)
        self.ways = QListWidget()
        self.ways.setMinimumSize(520, 140)
        layout.addWidget(self.ways)
        self.names_form = QFormLayout()
        layout.addLayout(self.names_form)
        self.names: dict[str, QLineEdit] = {}
        layout.addWidget(_buttons(self, "Take the hit"))
        self.member.currentIndexChanged.connect(self._refresh)
        self.shifts.valueChanged.connect(self._refresh)
        self.ways.currentRowChanged.connect(self._show_names)
        self._refresh()

    def character(self):
        return self.document.campaign.character(self.member.currentData())

    def _refresh(self) -> None:
        character = self.character()
        self.ways.clear()
        self.plan = None
        if character is None:
            return
        ruleset = self.document.ruleset_for(character)
        track = track_for(character, ruleset, self.conflict.kind)
        self.plan = absorb_options(character, ruleset, self.shifts.value(), track, self.document.campaign.options)
        self.plan_label.setText(self.plan.message)
        for option in self.plan.options:
            self.ways.addItem(QListWidgetItem(option.description))
        self.ways.addItem(QListWidgetItem("Taken out"))
        self.ways.setCurrentRow(0)

    def _show_names(self, row: int) -> None:
        while self.names_form.rowCount():
            self.names_form.removeRow(0)
        self.names = {}
        option = self.option()
        if option is None:
            return
        character = self.character()
        ruleset = self.document.ruleset_for(character)
        slots = {s.id: s for s in derive_consequences(character, ruleset, self.document.campaign.options)}
        for slot_id, _ in option.consequences:
            edit = QLineEdit()
            edit.setPlaceholderText("Name the consequence, e.g. Cracked Ribs")
            self.names[slot_id] = edit
            label = slots[slot_id].label or slots[slot_id].severity.label if slot_id in slots else slot_id
            self.names_form.addRow(f"{label} consequence:", edit)

    def option(self):
        row = self.ways.currentRow()
        if self.plan is None or row < 0 or row >= len(self.plan.options):
            return None  # "Taken out"
        return self.plan.options[row]

    def texts(self) -> dict[str, str]:
        return {slot: edit.text().strip() for slot, edit in self.names.items()}


def _lead(p: Participant | None) -> str | None:
    if p is None:
        return None
    standing = [m for m in p.members if m not in p.out_members]
    return (standing or p.members)[0]
