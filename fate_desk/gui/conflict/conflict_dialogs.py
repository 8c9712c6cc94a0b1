"""Dialogs of a conflict: who takes part on which side, an attack roll, taking a hit."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QFrame, QHeaderView, QLabel, QPushButton,
    QScrollArea, QSpinBox, QTableWidget, QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import CharacterKind, ConflictKind, Participant, TurnOrder, ladder_label
from fate_desk.rules.creation.derive import join_words
from fate_desk.rules.encounters.big_bads import breaks, minion_shields, solo_bonus, solo_note, solo_soak
from fate_desk.rules.encounters.conflict import (
    full_defense_bonus, hazard_of, hazard_participant, helpers_bonus, order_skills, participant,
    participant_roller, take_hit, track_for,
)
from fate_desk.rules.encounters.targets import even_split, split_hits, split_refusal, zone_hits
from fate_desk.rules.harm.absorb import Hit, resolve_hit, shifts_text
from fate_desk.rules.play.actions import attack_skill, defence_skill
from fate_desk.rules.play.roll import Action, RollSetup, StuntBonus, scale_difference

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
            physical, mental = (order_skills(self.ruleset, kind) for kind in (ConflictKind.PHYSICAL, ConflictKind.MENTAL))
            if len(physical) > 1:
                note = _("Turn order by {physical} (physical) or {mental} (mental); {ties}, or {ties2}, break ties.").format(
                    physical=rules_text(physical[0]), mental=rules_text(mental[0]),
                    ties=join_words([rules_text(s) for s in physical[1:]]),
                    ties2=join_words([rules_text(s) for s in mental[1:]]))
            else:  # Fate Accelerated: Quick or Careful; ties are the GM's to break
                note = _("Turn order by {physical} (physical) or {mental} (mental); the GM breaks ties.").format(
                    physical=rules_text(physical[0]), mental=rules_text(mental[0]))
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
        # Expendable minion armor: a big bad may force a minion into the attack's path.
        self.hit_to = QComboBox()
        self.hit_to.setAccessibleName(_("Who takes the hit"))
        # War of Ashes' lethal damage: the hit skips stress.
        self.lethal = QCheckBox(_("Lethal attack: straight to consequences, no stress"))
        form.addRow(_("Target:"), self.target)
        form.addRow(_("Attack with:"), self.skill)
        form.addRow(_("Target defends with:"), self.defence)
        if campaign.options.weapon_armor:
            form.addRow(_("Weapon:"), self.weapon)
            form.addRow(_("Armor:"), self.armor)
        if campaign.options.lethal_damage:
            form.addRow("", self.lethal)
        # Two combined skill lists: each side adds a skill from the second list.
        self.second, self.defence_second = QComboBox(), QComboBox()
        self.second.setAccessibleName(_("Attacker's skill from the second list"))
        self.defence_second.setAccessibleName(_("Defender's skill from the second list"))
        for combo in (self.second, self.defence_second):
            for name in campaign.options.combined_skills:
                combo.addItem(name, name)
        if campaign.options.combined_skills:
            form.addRow(_("Attack adds:"), self.second)
            form.addRow(_("Defence adds:"), self.defence_second)
        form.addRow(_("The hit lands on:"), self.hit_to)
        self.form = form
        layout.addLayout(form)
        # What the big bad rules do to this attack, said before the dice.
        self.rules_note = QLabel()
        self.rules_note.setWordWrap(True)
        layout.addWidget(self.rules_note)
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
        campaign = self.document.campaign
        character = campaign.character(_lead(target)) if target else None
        fill_skills(self.defence, character, self.ruleset.skills)
        self._pick_defence()
        self.hit_to.clear()
        if target is not None:
            self.hit_to.addItem(target.name, target.id)
            for minion in minion_shields(campaign, self.conflict, target.id):
                self.hit_to.addItem(_("{minion}, forced into the path (the defence succeeds at a cost)").format(
                    minion=minion.name), minion.id)
        self.form.setRowVisible(self.hit_to, self.hit_to.count() > 1)
        notes = []
        if breaks(character, "immunity"):
            notes.append(_("{name} has challenge or contest immunity: it cannot be affected directly until the "
                           "group beats the challenge (or wins the contest).").format(name=target.name))
        if full_defense_bonus(self.conflict, target.id if target else None):
            notes.append(_("{name} is on full defense: +2 to defend.").format(name=target.name))
        self.rules_note.setText(" ".join(notes))
        self.rules_note.setVisible(bool(notes))

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
        second, defence_second = _second(campaign, self.second), _second(campaign, self.defence_second)
        setup = RollSetup(Action.ATTACK, skill, rating, opposed=True, who=self.attacker.name, scale=levels,
                          teamwork=helpers_bonus(campaign, self.attacker, skill),
                          stunts=_solo(campaign, self.conflict, self.attacker.id, rating),
                          second_skill=second, second_rating=attacker.rating(second) if second and attacker else 0)
        self.attack_card = RollCard(self.document, attacker_id, setup, self.dice,
                                    _("{name} attacks").format(name=self.attacker.name), _("the defence"))
        rating = self.document.rating_of(defender, defence)
        # Full defense's +2 and a lone big bad's solo bonus show on the defence roll as what they are.
        bonuses = _solo(campaign, self.conflict, target.id, rating)
        if full_defense_bonus(self.conflict, target.id):
            bonuses = (*bonuses, StuntBonus(_("Full defense"), 2))
        setup = RollSetup(Action.DEFEND, defence, rating, opposed=True, who=target.name,
                          scale=-levels, teamwork=helpers_bonus(campaign, target, defence), stunts=bonuses,
                          second_skill=defence_second,
                          second_rating=defender.rating(defence_second) if defence_second and defender else 0)
        self.defence_card = RollCard(self.document, defender_id, setup, self.dice,
                                     _("{name} defends").format(name=target.name), _("the attack"))
        for card in (self.attack_card, self.defence_card):
            self.cards.addWidget(card)
            card.changed.connect(self._settle)
        for widget in (self.target, self.skill, self.defence, self.roll_button, self.lethal, self.second,
                       self.defence_second):
            widget.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        self.hit_to.currentIndexChanged.connect(lambda *_args: self._settle())
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
        target = self.target_participant()
        if self.hit_target() == (target.id if target else None):
            # A lone big bad that shrugs hits off takes less (Fate Condensed, "Solo Bonus").
            shrugged = solo_soak(self.document.campaign, self.conflict, target.id if target else None, self.hit.shifts)
            if shrugged < self.hit.shifts:
                note = _("{hit} {name} shrugs off {less}: a hit of {shifts}.").format(
                    hit=self.hit.note, name=target.name, less=shifts_text(self.hit.shifts - shrugged),
                    shifts=shifts_text(shrugged))
                self.hit = Hit(shrugged, self.hit.boost, note)
        elif self.hit.shifts > 0:
            self.hit = Hit(self.hit.shifts, self.hit.boost, _("{hit} {minion} takes it instead.").format(
                hit=self.hit.note, minion=self.hit_to.currentText().split(",")[0]))
        self.result.setText(self.hit.note)

    def hit_target(self) -> str | None:
        """The participant the hit lands on: the target, or the minion forced into its path."""
        return self.hit_to.currentData()

    def is_lethal(self) -> bool:
        return self.lethal.isChecked() and self.document.campaign.options.lethal_damage

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
                 parent: QWidget | None = None, lethal: bool = False):
        self.conflict, self.target, self.member = conflict, target, _lead(target)
        super().__init__(document, self.member, shifts, attacker, parent, lethal=lethal)
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


def _second(campaign, combo: QComboBox) -> str:
    """The second list's skill a side adds (two combined skill lists), or ''."""
    return (combo.currentData() or "") if campaign.options.combined_skills else ""


def _solo(campaign, conflict, pid: str | None, rating: int) -> tuple[StuntBonus, ...]:
    """A lone big bad's solo bonus, as a named bonus on its roll (none where it does not apply)."""
    bonus = solo_bonus(campaign, conflict, pid, rating)
    return (StuntBonus(solo_note(bonus), bonus),) if bonus else ()


class SplitAttackDialog(SetsAsideCards, QDialog):
    """Split an attack's effort among several targets, or attack a whole zone (Fate Condensed's
    optional rule, "Ways to Handle Multiple Targets"): roll once, share the effort out (at least one
    point each), then every target defends against its share (a zone attack: the whole effort)."""

    def __init__(self, document, conflict, attacker: Participant, dice, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("{name} attacks several targets").format(name=attacker.name))
        self.document, self.conflict, self.attacker, self.dice = document, conflict, attacker, dice
        campaign = document.campaign
        self.ruleset = document.ruleset_for(campaign.character(_lead(attacker)))
        layout = QVBoxLayout(self)
        intro = QLabel(_("The targets should all be in one zone. Roll once; a positive effort is split among them, "
                         "at least one point each, and each defends against its share. A zone attack (an explosion, "
                         "say) needs the fiction or a stunt: every target defends against the whole effort."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.skill = QComboBox()
        lead = campaign.character(_lead(attacker))
        fill_skills(self.skill, lead, self.ruleset.skills)
        if lead is not None and not select_skill(self.skill, attack_skill(lead, conflict.kind, self.ruleset.skills)):
            self.skill.setCurrentIndex(0)
        self.zone = QCheckBox(_("A zone attack: every target defends against the whole effort"))
        form.addRow(_("Attack with:"), self.skill)
        form.addRow("", self.zone)
        layout.addLayout(form)
        self.targets: list[tuple[Participant, QCheckBox, QSpinBox]] = []
        grid = QFormLayout()
        for p in conflict.participants:
            if p.active and p.side != attacker.side and not p.hazard:
                check = QCheckBox(p.name)
                share = QSpinBox()
                share.setRange(0, 40)
                share.setAccessibleName(_("Effort assigned to {name}").format(name=p.name))
                share.setEnabled(False)
                share.valueChanged.connect(lambda *_args: self._check())
                check.toggled.connect(lambda *_args: self._check())
                grid.addRow(check, share)
                self.targets.append((p, check, share))
        layout.addLayout(grid)
        self.roll_button = QPushButton(_("Roll the attack"))
        self.defend_button = QPushButton(_("Roll the defences"))
        self.defend_button.setEnabled(False)
        layout.addWidget(self.roll_button)
        # Every target's card: they scroll, so the dialog fits the screen with many targets.
        holder = QWidget()
        self.cards = QVBoxLayout(holder)
        self.cards.setContentsMargins(0, 0, 0, 0)
        self.cards.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumHeight(260)
        self.scroll = scroll
        layout.addWidget(scroll, 1)
        layout.addWidget(self.defend_button)
        self.result = QLabel(_("Tick the targets, then roll."))
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        self.buttons = ok_cancel(self, _("Apply the hits"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        layout.addWidget(self.buttons)
        self.attack_card: RollCard | None = None
        self.defence_cards: dict[str, RollCard] = {}
        self.hits: dict[str, int] = {}
        self.roll_button.clicked.connect(self.roll)
        self.defend_button.clicked.connect(self.defend)
        self.zone.toggled.connect(lambda *_args: self._check())
        self.setMinimumWidth(680)
        self.resize(720, 720)

    def chosen(self) -> list[tuple[Participant, QSpinBox]]:
        return [(p, share) for p, check, share in self.targets if check.isChecked()]

    def roll(self) -> None:
        if self.attack_card is not None or len(self.chosen()) < 2:
            self.result.setText(_("Tick at least two targets: one target is an ordinary attack."))
            return
        campaign = self.document.campaign
        skill = skill_key(self.skill)
        roller = participant_roller(campaign, self.attacker, skill)
        rating = self.document.rating_of(campaign.character(roller), skill)
        setup = RollSetup(Action.ATTACK, skill, rating, opposed=True, who=self.attacker.name,
                          teamwork=helpers_bonus(campaign, self.attacker, skill),
                          stunts=_solo(campaign, self.conflict, self.attacker.id, rating))
        self.attack_card = RollCard(self.document, roller, setup, self.dice,
                                    _("{name} attacks").format(name=self.attacker.name))
        self.attack_card.changed.connect(self._share_out)
        self.cards.insertWidget(self.cards.count() - 1, self.attack_card)
        for p, check, share in self.targets:
            check.setEnabled(False)
        for widget in (self.skill, self.zone, self.roll_button):
            widget.setEnabled(False)
        self._share_out()

    def _share_out(self) -> None:
        """Once the attack's invokes are done, the effort is shared out (evenly to start)."""
        effort = self.attack_card.roll.effort
        shares = even_split(effort, [p.id for p, _share in self.chosen()])
        for p, share in self.chosen():
            share.blockSignals(True)
            share.setValue(effort if self.zone.isChecked() else shares[p.id])
            share.blockSignals(False)
            share.setEnabled(not self.zone.isChecked() and not self.defence_cards)
        self._check()

    def _check(self) -> None:
        for p, check, share in self.targets:
            share.setEnabled(check.isChecked() and self.attack_card is not None and not self.zone.isChecked()
                             and not self.defence_cards)
        if self.attack_card is None:
            return
        effort = self.attack_card.roll.effort
        reason = "" if self.zone.isChecked() and effort > 0 else split_refusal(
            effort, {p.id: share.value() for p, share in self.chosen()})
        if self.zone.isChecked() and effort <= 0:
            reason = _("The attack's effort is {effort}: nothing to land on the zone.").format(effort=ladder_label(effort))
        if not self.defence_cards:
            self.result.setText(reason or _("The effort is shared out: roll the defences."))
            self.defend_button.setEnabled(not reason)

    def defend(self) -> None:
        """Every target rolls its defence against its share (or the whole effort)."""
        campaign = self.document.campaign
        attack = skill_key(self.skill)
        for p, share in self.chosen():
            lead = campaign.character(_lead(p))
            skill = defence_skill(lead, attack, Action.ATTACK, self.conflict.kind, self.ruleset.skills) if lead else ""
            roller = participant_roller(campaign, p, skill)
            rating = self.document.rating_of(campaign.character(roller), skill)
            bonuses = _solo(campaign, self.conflict, p.id, rating)
            if full_defense_bonus(self.conflict, p.id):
                bonuses = (*bonuses, StuntBonus(_("Full defense"), 2))
            setup = RollSetup(Action.DEFEND, skill, rating, share.value(), opposed=True, who=p.name,
                              teamwork=helpers_bonus(campaign, p, skill), stunts=bonuses)
            card = RollCard(self.document, roller, setup, self.dice, _("{name} defends").format(name=p.name),
                            _("its share of the attack"))
            card.changed.connect(self._settle)
            self.defence_cards[p.id] = card
            self.cards.insertWidget(self.cards.count() - 1, card)
        self.attack_card.setEnabled(False)  # the effort is shared out: no more invokes on the attack
        self.defend_button.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        self._check()
        self._settle()

    def _settle(self) -> None:
        effort = self.attack_card.roll.effort
        defences = {pid: card.roll.effort for pid, card in self.defence_cards.items()}
        shares = {p.id: share.value() for p, share in self.chosen()}
        shifts = zone_hits(effort, defences) if self.zone.isChecked() else split_hits(shares, defences)
        lines, self.hits = [], {}
        for p, _share in self.chosen():
            self.defence_cards[p.id].set_against(shares[p.id])
            hit = resolve_hit(shifts[p.id], options=self.document.campaign.options)
            hit_shifts = solo_soak(self.document.campaign, self.conflict, p.id, hit.shifts)
            self.hits[p.id] = hit_shifts
            lines.append(_("{name}: {hit}").format(name=p.name, hit=hit.note if hit_shifts == hit.shifts else
                                                    _("a hit of {shifts} after shrugging some off.").format(
                                                        shifts=shifts_text(hit_shifts))))
        self.result.setText("\n".join(lines))

    def thrown_cards(self) -> list[RollCard]:
        return [card for card in (self.attack_card, *self.defence_cards.values()) if card is not None]

    def accept(self) -> None:
        if ask_boost_names(self.thrown_cards(), self.result):
            super().accept()

    def lines(self) -> list[str]:
        shares = ", ".join(_("{name} {share}").format(name=p.name, share=ladder_label(share.value()))
                           for p, share in self.chosen())
        head = (_("A zone attack on {targets}.").format(targets=", ".join(p.name for p, _s in self.chosen()))
                if self.zone.isChecked() else _("The attack's effort split: {shares}.").format(shares=shares))
        return [self.attack_card.roll.summary(), head,
                *(card.roll.summary() for card in self.defence_cards.values()), self.result.text()]


def _lead(p: Participant | None) -> str | None:
    if p is None or not p.members:
        return None
    standing = [m for m in p.members if m not in p.out_members]
    return (standing or p.members)[0]
