"""The conflict panel: turn order, each participant's stress, consequences, fate points and state,
and the buttons of a turn (attack, take a hit, concede, hand over, end the conflict)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QHeaderView, QInputDialog, QLabel, QMessageBox, QPushButton, QWidget,
)

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import CharacterKind, ConflictKind, TurnOrder, ladder_label
from fate_desk.rules.encounters.big_bads import minion_takes_hit, true_form_of
from fate_desk.rules.encounters.big_bads import reveal_true_form as reveal_big_bad
from fate_desk.rules.encounters.conflict import (
    action_refusal, action_taken, concede_participant, declare_full_defense, defended, end_conflict, end_turn,
    full_defense_bonus, hazard_of, hit_group, note, order_skills, start_conflict, waiting,
)
from fate_desk.rules.creation.derive import derive_stress
from fate_desk.rules.play.actions import RollResult, apply_roll

from ..widgets import escape
from .common import play, scene_now
from .conflict_dialogs import AttackDialog, ConflictHitDialog, SplitAttackDialog, StartConflictDialog
from .panel_base import PanelBase

COLUMNS = (N_("Participant"), N_("Side"), N_("Turn"), N_("Stress"), N_("Consequences"), N_("Fate points"))


class ConflictPanel(PanelBase):
    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(desk, _("Start a conflict…"), [_(c) for c in COLUMNS], [
            (_("Attack…"), _("The one acting now attacks: both sides roll, the target takes the hit")),
            (_("Take a hit…"), _("The selected participant absorbs a hit with stress and consequences")),
            (_("Concede"), _("The selected participant concedes: 1 fate point plus 1 per consequence taken in this "
                             "conflict")),
        ], parent)
        self.attack_button, self.hit_button, self.concede_button = self.buttons
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        row = self.button_row
        self.next_label = QLabel(_("Next:"))
        self.next_combo = QComboBox()
        self.next_combo.setMinimumContentsLength(14)
        self.next_combo.setAccessibleName(_("Who acts next"))
        self.end_turn_button = QPushButton(_("End turn"))
        self.end_conflict_button = QPushButton(_("End the conflict"))
        for widget in (self.next_label, self.next_combo, self.end_turn_button, self.end_conflict_button):
            row.addWidget(widget)
        # The campaign's optional rules that act in a conflict, beside Concede (each shown only where
        # the campaign uses it: Table ▸ Optional rules).
        self.full_defense_button = QPushButton(_("Full defense…"))
        self.full_defense_button.setToolTip(_("The one acting gives its turn to defending: +2 to defend until its "
                                              "next turn, a boost then if nothing came at it"))
        self.split_button = QPushButton(_("Split attack…"))
        self.split_button.setToolTip(_("The one acting splits its attack among several targets, or attacks a zone"))
        self.true_form_button = QPushButton(_("Reveal true form…"))
        self.true_form_button.setToolTip(_("The selected big bad, taken out, reveals its true form"))
        place = row.indexOf(self.concede_button) + 1
        for offset, widget in enumerate((self.full_defense_button, self.split_button, self.true_form_button)):
            row.insertWidget(place + offset, widget)
        self.full_defense_button.clicked.connect(self.full_defense)
        self.split_button.clicked.connect(self.split_attack)
        self.true_form_button.clicked.connect(self.reveal_true_form)
        self.table.itemSelectionChanged.connect(self._option_buttons)
        self.log = self.add_log()
        self.attack_button.clicked.connect(self.attack)
        self.hit_button.clicked.connect(lambda: self.take_hit())
        self.concede_button.clicked.connect(self.concede)
        self.end_turn_button.clicked.connect(self.end_turn)
        self.end_conflict_button.clicked.connect(self.end)
        self.refresh()

    # --- showing ----------------------------------------------------------------------------

    state_name = "conflict"

    def state(self):
        conflict = super().state()
        return conflict if conflict is not None and not conflict.ended else None

    def conflict(self):
        return self.state()

    def refresh(self) -> None:
        scene, conflict = self.begin_refresh()
        running = conflict is not None
        for widget in (self.attack_button, self.hit_button, self.concede_button, self.next_label, self.next_combo,
                       self.end_turn_button, self.end_conflict_button):
            widget.setEnabled(running)
        self._option_buttons()
        self.log.clear()
        if scene is None:
            self.header.setText(_("No scene is being played. Add a scene (Edit ▸ Add ▸ Scene) to run a conflict in "
                                  "it."))
            return
        past = scene.play.conflict
        if not running:
            self.header.setText(_("<b>{scene}</b>: no conflict going on.").format(scene=_esc(scene.name)))
            if past is not None:
                self.log.addItems(past.log)
            return
        current = next((p.name for p in conflict.participants if p.id == conflict.current), None)
        values = dict(scene=_esc(scene.name), exchange=conflict.exchange,
                      current=_esc(current) if current is not None else _("nobody"),
                      skill=_esc(rules_text(order_skills(self.document.ruleset_for(), conflict.kind)[0])))
        if conflict.order == TurnOrder.ELECTIVE:
            header = (_("<b>{scene}</b>: physical conflict in elective order. <b>Exchange {exchange}</b>; "
                        "acting now: <b>{current}</b>.") if conflict.kind == ConflictKind.PHYSICAL else
                      _("<b>{scene}</b>: mental conflict in elective order. <b>Exchange {exchange}</b>; "
                        "acting now: <b>{current}</b>."))
        else:
            header = (_("<b>{scene}</b>: physical conflict in {skill} order. <b>Exchange {exchange}</b>; "
                        "acting now: <b>{current}</b>.") if conflict.kind == ConflictKind.PHYSICAL else
                      _("<b>{scene}</b>: mental conflict in {skill} order. <b>Exchange {exchange}</b>; "
                        "acting now: <b>{current}</b>."))
        self.header.setText(header.format(**values))
        # One action a turn: once the one acting has attacked, only the end of the turn is left.
        refusal = action_refusal(conflict)
        self.attack_button.setEnabled(not refusal)
        self.attack_button.setToolTip(refusal or _("The one acting now attacks: both sides roll, the target takes "
                                                   "the hit"))
        self._fill_table(conflict)
        self._fill_next(conflict)
        self.log.addItems(conflict.log)
        self.log.scrollToBottom()

    def _fill_table(self, conflict) -> None:
        campaign = self.document.campaign
        self.table.setRowCount(len(conflict.participants))
        for row, p in enumerate(conflict.participants):
            state = (_("Conceded") if p.conceded else _("Taken out") if p.taken_out else
                     _("Has acted, picks next") if p.id == conflict.current and p.acted else
                     _("Acting now") if p.id == conflict.current else _("Has acted") if p.acted else _("To act"))
            if p.full_defense is not None and p.active:
                state = _("{state}, on full defense (+2 to defend)").format(state=state)
            stress, consequences, points = [], [], []
            for member in p.members:
                character = campaign.character(member)
                if character is None:
                    continue
                out = member in p.out_members
                tracks, names = derive_stress(character, self.document.ruleset_for(character))
                boxes = " ".join(
                    f"{rules_text(names[t])[:1]} " + "".join("☒" if i in character.stress.get(t, []) else "☐"
                                                              for i in range(len(values)))
                    for t, values in tracks.items())
                if len(p.members) == 1:
                    stress.append(_("{boxes} (out)").format(boxes=boxes) if out else boxes)
                else:
                    stress.append(_("{name}: {boxes} (out)").format(name=character.name, boxes=boxes) if out
                                  else _("{name}: {boxes}").format(name=character.name, boxes=boxes))
                consequences += [c.text or c.slot for c in character.consequences]
                points.append(_points_text(character))
            hazard = hazard_of(campaign, p)
            if hazard is not None:  # no stress to show: it cannot be attacked
                stress = [_("Hazard {rating}, Weapon:{weapon}").format(rating=ladder_label(hazard.rating),
                                                                        weapon=hazard.weapon)]
            # A group's members each get a line of their own in the cell, never cut off.
            values = [p.name, _(p.side) if p.side else p.side, state, "\n".join(stress), ", ".join(consequences) or "—",
                      points[0] if len(points) == 1 else "—"]
            self.fill_row(row, values, p.id)
            if p.id == conflict.current:
                self.table.selectRow(row)
        self._fit_rows()

    def _option_buttons(self) -> None:
        """The optional rules' buttons: shown where the campaign uses the rule, enabled when it applies."""
        if self.document is None:
            for button in (self.full_defense_button, self.split_button, self.true_form_button):
                button.hide()
            return
        options = self.document.campaign.options
        conflict = self.conflict()
        self.full_defense_button.setVisible(options.full_defense)
        self.split_button.setVisible(options.split_attacks)
        self.true_form_button.setVisible(options.true_form)
        current = next((p for p in conflict.participants if p.id == conflict.current), None) if conflict else None
        # Full defense and a split attack are each the turn's one action, as an attack is.
        refusal = action_refusal(conflict) if conflict else ""
        self.full_defense_button.setEnabled(current is not None and not refusal and not current.hazard
                                            and current.full_defense is None)
        self.split_button.setEnabled(current is not None and not refusal)
        selected = self.selected() if conflict else None
        self.true_form_button.setEnabled(selected is not None and selected.taken_out
                                         and true_form_of(self.document.campaign, selected) is not None)

    def _fit_rows(self) -> None:
        """Rows as tall as their lines, and the table tall enough for every participant (up to a
        screenful, then it scrolls): three rows and a cut group cell hid who was in the fight."""
        table = self.table
        table.setWordWrap(True)
        table.resizeRowsToContents()
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        wanted = table.horizontalHeader().height() + rows + 2 * table.frameWidth() + 4
        table.setMinimumHeight(max(90, min(wanted, 420)))

    def _fill_next(self, conflict) -> None:
        self.next_combo.clear()
        left = waiting(conflict)
        if not left:  # the last to act picks who starts the next exchange
            left = [p for p in conflict.participants if p.active]
        for p in left:
            self.next_combo.addItem(p.name, p.id)
        elective = conflict.order == TurnOrder.ELECTIVE
        self.next_combo.setVisible(elective)
        self.next_label.setVisible(elective)

    def selected(self):
        conflict = self.conflict()
        row = self.table.currentRow()
        item = self.table.item(row, 0) if row >= 0 else None
        pid = item.data(Qt.ItemDataRole.UserRole) if item else conflict.current if conflict else None
        return next((p for p in conflict.participants if p.id == pid), None) if conflict else None

    def select(self, name: str) -> None:
        for row in range(self.table.rowCount()):
            if self.table.item(row, 0).text() == name:
                self.table.selectRow(row)
                return
        raise LookupError(name)

    # --- actions (each one undo step) ----------------------------------------------------------

    def _scene_id(self) -> str:
        return scene_now(self.document).id

    def start(self) -> StartConflictDialog | None:
        scene = scene_now(self.document)
        if scene is None:
            return None
        dialog = StartConflictDialog(self.document, scene, self)
        return self.open_dialog(dialog, lambda: self._started(dialog))

    def _started(self, dialog: StartConflictDialog) -> None:
        participants = dialog.participants()
        first = dialog.first_participant(participants)
        ruleset = self.document.ruleset_for()
        play(self.document, lambda c: start_conflict(
            c, self._scene_id(), ruleset, dialog.kind.currentData(), participants, first,
            dialog.npcs_at_best.isChecked()), _("Start a conflict"), self.status)

    def _free_to_act(self):
        """(conflict, the one acting) when that one may still take the turn's action; else None,
        with the rules' reason in the status line (one action a turn)."""
        conflict = self.conflict()
        acting = next((p for p in conflict.participants if p.id == conflict.current), None) if conflict else None
        if acting is None:
            return None
        refusal = action_refusal(conflict)
        if refusal:
            self.status.setText(_esc(refusal))
            return None
        return conflict, acting

    def attack(self) -> AttackDialog | None:
        free = self._free_to_act()
        if free is None:
            return None
        conflict, attacker = free
        dialog = AttackDialog(self.document, conflict, attacker, self.desk.dice, self)
        return self.open_dialog(dialog, lambda: self._attacked(dialog))

    def _attacked(self, dialog: AttackDialog) -> None:
        """Settle both rolls (fate points, free invokes, boosts, the roll log), then the hit."""
        target = dialog.target_participant()
        if target is None or dialog.attack_card is None:
            return
        attack, defence = dialog.attack_card, dialog.defence_card
        hit, lines, sid = dialog.hit.shifts, dialog.lines(), self._scene_id()
        attacker_id = attack.character_id
        lethal = dialog.is_lethal()
        landing = self._fresh(dialog.hit_target()) or target  # a minion forced into the path takes it
        standing = [m for m in landing.members if m not in landing.out_members]

        def settle(campaign):
            # The hit after Weapon and Armor decides the attacker's boost (a tie with a Weapon
            # hits instead; Armor that stops the hit gives one); the players name the boosts.
            campaign = apply_roll(campaign, attacker_id, attack.roll, RollResult(boost=attack.boost_name(),
                                                                                 boost_given=dialog.hit.boost))
            campaign = apply_roll(campaign, defence.character_id, defence.roll, RollResult(boost=defence.boost_name()))
            campaign = note(campaign, sid, lines)
            if full_defense_bonus(scene_now_of(campaign, sid), target.id):
                campaign = defended(campaign, sid, target.id)  # it had to defend: no boost at its next turn
            if landing.id != target.id and hit > 0:
                campaign = minion_takes_hit(campaign, sid, target.id, landing.id)
            if hit > 0 and len(standing) > 1:
                campaign = hit_group(campaign, sid, self.document.ruleset_for, landing.id, hit, attacker_id, lethal)
            return action_taken(campaign, sid)  # one action a turn: the attacker is done

        text = _("{attacker} attacks {target}").format(attacker=dialog.attacker.name, target=target.name)
        if not play(self.document, settle, text, self.status):
            return
        if hit > 0 and len(standing) == 1:
            self.take_hit(self._fresh(landing.id), hit, attacker_id, lethal)

    def full_defense(self):
        """The one acting goes on full defense, naming its focus (empty: itself); one undo step."""
        conflict = self.conflict()
        current = next((p for p in conflict.participants if p.id == conflict.current), None) if conflict else None
        if current is None:
            return None
        dialog = QInputDialog(self)
        dialog.setObjectName("fullDefenseDialog")
        dialog.setWindowTitle(_("Full defense"))
        dialog.setLabelText(_("{name} gives this turn to defending: +2 to every defend roll for its focus until "
                              "its next turn. Whom or what does it protect? (Leave empty for itself.)").format(
            name=current.name))
        sid, pid = self._scene_id(), current.id
        dialog.textValueSelected.connect(lambda focus: play(
            self.document, lambda c: declare_full_defense(c, sid, pid, focus),
            _("{name} goes on full defense").format(name=current.name), self.status))
        self.dialog = dialog
        dialog.open()
        return dialog

    def split_attack(self) -> SplitAttackDialog | None:
        free = self._free_to_act()
        if free is None:
            return None
        conflict, attacker = free
        dialog = SplitAttackDialog(self.document, conflict, attacker, self.desk.dice, self)
        return self.open_dialog(dialog, lambda: self._split(dialog))

    def _split(self, dialog: SplitAttackDialog) -> None:
        """Settle the attack and every defence, then each hit: a group's at once, one person's
        through Take a hit, one after another."""
        if dialog.attack_card is None or not dialog.defence_cards:
            return
        sid, attack, lines = self._scene_id(), dialog.attack_card, dialog.lines()
        attacker_id = attack.character_id
        hits = dict(dialog.hits)
        targets = {p.id: p for p, _share in dialog.chosen()}

        def settle(campaign):
            campaign = apply_roll(campaign, attacker_id, attack.roll, RollResult(boost=attack.boost_name()))
            for pid, card in dialog.defence_cards.items():
                campaign = apply_roll(campaign, card.character_id, card.roll, RollResult(boost=card.boost_name()))
                if full_defense_bonus(scene_now_of(campaign, sid), pid):
                    campaign = defended(campaign, sid, pid)
            campaign = note(campaign, sid, lines)
            for pid, hit in hits.items():
                p = targets[pid]
                if hit > 0 and len([m for m in p.members if m not in p.out_members]) > 1:
                    campaign = hit_group(campaign, sid, self.document.ruleset_for, pid, hit, attacker_id)
            return action_taken(campaign, sid)  # one action a turn, however many it was split among

        text = _("{attacker} attacks several targets").format(attacker=dialog.attacker.name)
        if not play(self.document, settle, text, self.status):
            return
        self._queued = [(pid, hit) for pid, hit in hits.items()
                        if hit > 0 and len([m for m in targets[pid].members if m not in targets[pid].out_members]) == 1]
        self._attacker_of_queue = attacker_id
        self._next_hit()

    def _next_hit(self) -> None:
        """The split attack's hits on single characters, each through its own Take a hit."""
        while getattr(self, "_queued", []):
            pid, hit = self._queued.pop(0)
            target = self._fresh(pid)
            if target is not None and target.active:
                dialog = self.take_hit(target, hit, self._attacker_of_queue)
                if dialog is not None:
                    dialog.finished.connect(lambda *_args: self._next_hit())
                return

    def reveal_true_form(self):
        """The selected big bad, taken out, becomes its true form; asks whether its consequences
        carry over (the book's gentler way)."""
        target = self.selected()
        campaign = self.document.campaign
        form = true_form_of(campaign, target)
        if target is None or form is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, _("Reveal true form"),
                          _("{name} is taken out and reveals its true form: {form}, fresh, in its place in the "
                            "conflict.").format(name=target.name, form=form.name or _("(unnamed)")),
                          QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("trueFormBox")
        carry = QCheckBox(_("Carry its consequences over (mild ones dismissed, the others one step lighter)"))
        carry.setChecked(True)
        box.setCheckBox(carry)
        reveal = box.addButton(_("Reveal"), QMessageBox.ButtonRole.AcceptRole)
        sid, pid = self._scene_id(), target.id
        reveal.clicked.connect(lambda: play(self.document, lambda c: reveal_big_bad(c, sid, pid, carry.isChecked()),
                                            _("{name} reveals its true form").format(name=target.name), self.status))
        self.dialog = box
        box.open()
        return box

    def _fresh(self, pid: str):
        conflict = self.conflict()
        return next((p for p in conflict.participants if p.id == pid), None) if conflict else None

    def take_hit(self, target=None, hit: int = 1, attacker: str | None = None,
                 lethal: bool = False) -> ConflictHitDialog | None:
        """The selected participant (its first character standing) takes a hit, one undo step."""
        conflict = self.conflict()
        target = target or self.selected()
        if conflict is None or target is None or not target.active or target.hazard:
            return None  # a hazard cannot be hit
        dialog = ConflictHitDialog(self.document, conflict, target, hit, attacker, self, lethal=lethal)
        self.dialog = dialog
        dialog.open()
        return dialog

    def concede(self) -> None:
        target = self.selected()
        if target is not None:
            play(self.document, lambda c: concede_participant(c, self._scene_id(), target.id),
                 _("{name} concedes").format(name=target.name), self.status)

    def end_turn(self) -> None:
        next_id = self.next_combo.currentData()
        play(self.document, lambda c: end_turn(c, self._scene_id(), next_id), _("End the turn"), self.status)

    def choose_next(self, name: str) -> None:
        index = self.next_combo.findText(name)
        if index < 0:
            raise LookupError(name)
        self.next_combo.setCurrentIndex(index)

    def end(self) -> None:
        sid = self._scene_id()
        self.summary: list[str] = []

        def operation(campaign):
            campaign, self.summary = end_conflict(campaign, sid)
            return campaign

        play(self.document, operation, _("End the conflict"), self.status)


def scene_now_of(campaign, scene_id: str):
    """The conflict of this scene in `campaign` (the copy an operation is working on)."""
    scene = next((s for s in campaign.scenes if s.id == scene_id), None)
    return scene.play.conflict if scene is not None else None


def _points_text(character) -> str:
    """The fate points its sheet shows (PCs and major NPCs hold their own), and what it carries
    into the GM's pool for a later scene."""
    own = str(character.fate_points) if character.kind in (CharacterKind.PC, CharacterKind.MAJOR_NPC) else "—"
    carried = character.carried_fate_points
    return _("{own} (+{carried} for the GM's pool later)").format(own=own, carried=carried) if carried else own


def _esc(text: str) -> str:
    return escape(text)
