"""The conflict panel: turn order, each participant's stress, consequences, fate points and state,
and the buttons of a turn (attack, take a hit, concede, hand over, end the conflict)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHeaderView, QLabel, QPushButton, QWidget

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import CharacterKind, ConflictKind, TurnOrder, ladder_label
from fate_desk.rules.encounters.conflict import (
    ORDER_SKILLS, action_refusal, action_taken, concede_participant, end_conflict, end_turn, hazard_of, hit_group, note,
    start_conflict, waiting,
)
from fate_desk.rules.creation.derive import derive_stress
from fate_desk.rules.play.actions import RollResult, apply_roll

from .common import play, scene_now
from .conflict_dialogs import AttackDialog, ConflictHitDialog, StartConflictDialog
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
                      skill=_esc(rules_text(ORDER_SKILLS[conflict.kind][0])))
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

    def attack(self) -> AttackDialog | None:
        conflict = self.conflict()
        attacker = next((p for p in conflict.participants if p.id == conflict.current), None) if conflict else None
        if attacker is None:
            return None
        refusal = action_refusal(conflict)
        if refusal:
            self.status.setText(_esc(refusal))
            return None
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
        standing = [m for m in target.members if m not in target.out_members]

        def settle(campaign):
            # The hit after Weapon and Armor decides the attacker's boost (a tie with a Weapon
            # hits instead; Armor that stops the hit gives one); the players name the boosts.
            campaign = apply_roll(campaign, attacker_id, attack.roll, RollResult(boost=attack.boost_name(),
                                                                                 boost_given=dialog.hit.boost))
            campaign = apply_roll(campaign, defence.character_id, defence.roll, RollResult(boost=defence.boost_name()))
            campaign = note(campaign, sid, lines)
            if hit > 0 and len(standing) > 1:
                campaign = hit_group(campaign, sid, self.document.ruleset_for, target.id, hit, attacker_id)
            return action_taken(campaign, sid)  # one action a turn: the attacker is done

        text = _("{attacker} attacks {target}").format(attacker=dialog.attacker.name, target=target.name)
        if not play(self.document, settle, text, self.status):
            return
        if hit > 0 and len(standing) == 1:
            self.take_hit(self._fresh(target.id), hit, attacker_id)

    def _fresh(self, pid: str):
        conflict = self.conflict()
        return next((p for p in conflict.participants if p.id == pid), None) if conflict else None

    def take_hit(self, target=None, hit: int = 1, attacker: str | None = None) -> ConflictHitDialog | None:
        """The selected participant (its first character standing) takes a hit, one undo step."""
        conflict = self.conflict()
        target = target or self.selected()
        if conflict is None or target is None or not target.active or target.hazard:
            return None  # a hazard cannot be hit
        dialog = ConflictHitDialog(self.document, conflict, target, hit, attacker, self)
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


def _points_text(character) -> str:
    """The fate points its sheet shows (PCs and major NPCs hold their own), and what it carries
    into the GM's pool for a later scene."""
    own = str(character.fate_points) if character.kind in (CharacterKind.PC, CharacterKind.MAJOR_NPC) else "—"
    carried = character.carried_fate_points
    return _("{own} (+{carried} for the GM's pool later)").format(own=own, carried=carried) if carried else own


def _esc(text: str) -> str:
    from ..widgets import escape

    return escape(text)
