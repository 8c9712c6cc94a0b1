"""The contest panel: sides, an exchange of rolls, victories to the rule set's number, twists on
ties, passive opposition and creating an advantage inside the contest."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QMenu, QPushButton, QSpinBox, QToolButton,
    QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import CharacterKind, ContestSide, ladder_label
from fate_desk.rules.encounters.contest import add_twist, contest_advantage, end_contest, settle_exchange, start_contest
from fate_desk.rules.encounters.conflict import group_roller, members_teamwork
from fate_desk.rules.play.roll import Action, RollSetup

from ..widgets import LadderSpinBox, escape
from .common import in_scene, ok_cancel, play, scene_now, skill_key, who_and_skill
from .panel_base import PanelBase
from .roll_card import RollCard, RollDialog, SetsAsideCards
from .rows_dialog import RowsDialog

NO_DIFFICULTY = -5  # the passive-difficulty spin's "none": the side rolls against the others


class SideRow:
    def __init__(self, dialog: RowsDialog, name: str):
        self.name = QLineEdit(name or _("Side {number}").format(number=len(dialog.rows) + 1))
        self.who, self.skill = who_and_skill(dialog.document, dialog.characters, dialog.ruleset)
        self.against = LadderSpinBox(minimum=NO_DIFFICULTY, maximum=12, value=NO_DIFFICULTY)
        self.against.setSpecialValueText(_("the other sides"))
        # Allies on the side add teamwork to the roll: a menu of ticks.
        self.helpers = QToolButton()
        self.helpers.setText(_("None"))
        self.helpers.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.helpers.setAccessibleName(_("Helpers"))
        menu = QMenu(self.helpers)
        for character in dialog.characters:
            action = menu.addAction(character.name or _("(unnamed)"))
            action.setCheckable(True)
            action.setData(character.id)
            action.toggled.connect(lambda _on: self._show_helpers())
        self.helpers.setMenu(menu)

    def widgets(self) -> list[QWidget]:
        return [self.name, self.who, self.skill, self.helpers, self.against]

    def set_helpers(self, ids: list[str]) -> None:
        for action in self.helpers.menu().actions():
            action.setChecked(action.data() in ids)

    def helper_ids(self) -> list[str]:
        who = self.who.currentData()
        return [a.data() for a in self.helpers.menu().actions() if a.isChecked() and a.data() != who]

    def _show_helpers(self) -> None:
        names = [a.text() for a in self.helpers.menu().actions() if a.isChecked()]
        self.helpers.setText(", ".join(names) or _("None"))

    def side(self) -> ContestSide:
        difficulty = self.against.value()
        who = self.who.currentData()
        return ContestSide(name=self.name.text().strip() or _("A side"),
                           members=([who] if who else []) + self.helper_ids(), skill=skill_key(self.skill),
                           difficulty=None if difficulty == NO_DIFFICULTY else difficulty)


class StartContestDialog(RowsDialog):
    def __init__(self, document, scene, parent: QWidget | None = None):
        super().__init__(document, scene, _("Start a contest"), _("Contest:"), _("e.g. Chase through the Market"),
                         _("Each side rolls one overcome action per exchange, against the other sides, or against "
                           "a set difficulty (passive opposition)."),
                         [_("Side"), _("Who rolls"), _("Skill"), _("Helpers"), _("Against")],
                         _("Add a side"), _("Start the contest"), SideRow, parent)
        self.goal = QSpinBox()
        self.goal.setRange(1, 5)
        self.goal.setValue(self.ruleset.contest_victories)
        self.goal.setSuffix(_(" victories"))
        self.form.addRow(_("First to:"), self.goal)
        pcs, opposition = self.add_row(_("Player characters")), self.add_row(_("Opposition"))
        # Each side starts with someone of its own: a PC for the PCs, an NPC (or at least someone
        # else) for the opposition, never the same character on both sides.
        players = [c.id for c in self.characters if c.kind == CharacterKind.PC]
        others = [c.id for c in self.characters if c.kind != CharacterKind.PC]
        if players:
            pcs.who.setCurrentIndex(pcs.who.findData(players[0]))
        rest = [cid for cid in [*others, *players] if cid != pcs.who.currentData()]
        if rest:
            opposition.who.setCurrentIndex(opposition.who.findData(rest[0]))

    def sides(self) -> list[ContestSide]:
        return [row.side() for row in self.rows]


class AdvantageDialog(SetsAsideCards, QDialog):
    """Create an advantage inside the contest, before the side's overcome roll."""

    def __init__(self, document, contest, dice, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("Create an advantage in the contest"))
        self.document, self.dice, self.card = document, dice, None
        ruleset = document.ruleset_for()
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.side = QComboBox()
        for side in contest.sides:
            self.side.addItem(side.name, side.id)
        self.who, self.skill = who_and_skill(document, in_scene(document, scene_now(document)), ruleset)
        self.against = LadderSpinBox(value=2)
        self.aspect = QLineEdit()
        self.aspect.setPlaceholderText(_("The aspect, e.g. Shortcut through the Alley"))
        self.on_failure = QComboBox()
        self.on_failure.addItem(_("Succeed at a cost: the other side holds the free invoke"), "cost")
        self.on_failure.addItem(_("Give up this exchange's overcome roll"), "forfeit")
        for label, widget in ((_("For side:"), self.side), (_("Who:"), self.who), (_("Skill:"), self.skill),
                              (_("Against:"), self.against), (_("Aspect:"), self.aspect),
                              (_("If it fails:"), self.on_failure)):
            form.addRow(label, widget)
        layout.addLayout(form)
        self.roll_button = QPushButton(_("Roll"))
        self.roll_button.clicked.connect(self.roll)
        layout.addWidget(self.roll_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.cards = QVBoxLayout()
        layout.addLayout(self.cards)
        self.setMinimumWidth(640)
        self.buttons = ok_cancel(self, _("Put it into play"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        layout.addWidget(self.buttons)

    def thrown_cards(self) -> list[RollCard]:
        return [self.card] if self.card is not None else []

    def roll(self) -> None:
        """Throw the dice; invokes may follow on the card before it is put into play."""
        if self.card is not None:
            return
        who = self.document.campaign.character(self.who.currentData())
        skill = skill_key(self.skill)
        setup = RollSetup(Action.CREATE_ADVANTAGE, skill, self.document.rating_of(who, skill) if who else 0,
                          against=self.against.value(), who=who.name if who else "", contest=True)
        # A tie's boost takes the advantage's words the player typed above.
        self.card = RollCard(self.document, who.id if who else None, setup, self.dice, _("The roll"), _("the difficulty"),
                             difficulty=True, boosts=False)
        self.cards.addWidget(self.card)
        for widget in (self.side, self.who, self.skill, self.against, self.roll_button):
            widget.setEnabled(False)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        self.adjustSize()


class TwistDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(_("An unexpected twist"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("The tie changes the scene: name the new situation aspect (one free invoke).")))
        self.aspect = QLineEdit()
        self.aspect.setMinimumWidth(420)
        layout.addWidget(self.aspect)
        layout.addWidget(ok_cancel(self, _("Add the twist")))


class ContestPanel(PanelBase):
    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(desk, _("Start a contest…"), [_("Side"), _("Rolls"), _("Against"), _("Victories")], [
            (_("Roll the exchange"), _("Every side rolls its overcome action; the highest effort marks a victory")),
            (_("Create an advantage…"), _("Before a side's roll: an aspect for the side, with the contest's risk")),
            (_("Add the twist…"), _("A tie for the highest effort changes the scene: a new situation aspect")),
            (_("End the contest"), _("Close the contest")),
        ], parent)
        self.roll_button, self.advantage_button, self.twist_button, self.end_button = self.buttons
        self.log = self.add_log()
        self.roll_button.clicked.connect(self.roll_exchange)
        self.advantage_button.clicked.connect(self.advantage)
        self.twist_button.clicked.connect(self.twist)
        self.end_button.clicked.connect(self.end)
        self.refresh()

    state_name = "contest"

    def contest(self):
        return self.state()

    def refresh(self) -> None:
        scene, contest = self.begin_refresh()
        running = contest is not None and contest.winner is None
        self.roll_button.setEnabled(running and not contest.twist_due)
        self.advantage_button.setEnabled(running)
        self.twist_button.setEnabled(bool(contest and contest.twist_due))
        self.end_button.setEnabled(contest is not None)
        self.log.clear()
        if scene is None:
            self.header.setText(_("No scene is being played."))
            return
        if contest is None:
            self.header.setText(_("{scene}: no contest going on.").format(scene=scene.name))
            return
        campaign = self.document.campaign
        winner = next((s.name for s in contest.sides if s.id == contest.winner), "")
        state = (_("The contest goes to {winner}.").format(winner=escape(winner)) if winner
                 else _("Exchange {number}.").format(number=contest.exchange))
        if contest.twist_due:
            state = _("{state} A tie: add the twist before the next exchange.").format(state=state)
        self.header.setText(ngettext("<b>{name}</b>: first to {goal} victory. {state}",
                                     "<b>{name}</b>: first to {goal} victories. {state}", contest.goal).format(
            name=escape(contest.name or _("Contest")), goal=contest.goal, state=state))
        self.table.setRowCount(len(contest.sides))
        for row, side in enumerate(contest.sides):
            who = campaign.character(group_roller(campaign, side.members, side.skill) or "")
            rating = self.document.rating_of(who, side.skill) if who else 0
            rolls = dict(who=who.name if who else "—", skill=rules_text(side.skill), rating=ladder_label(rating),
                         helping=len(side.members) - 1)
            values = [side.name,
                      _("{who}: {skill} {rating} (+{helping} helping)").format(**rolls) if len(side.members) > 1
                      else _("{who}: {skill} {rating}").format(**rolls),
                      _("the other sides") if side.difficulty is None else ladder_label(side.difficulty),
                      "●" * side.victories + "○" * max(0, contest.goal - side.victories)]
            self.fill_row(row, values, side.id)
        self.log.addItems(contest.log)
        self.log.scrollToBottom()

    def _scene_id(self) -> str:
        return scene_now(self.document).id

    def start(self):
        scene = scene_now(self.document)
        if scene is None:
            return None
        dialog = StartContestDialog(self.document, scene, self)
        return self.open_dialog(dialog, lambda: play(self.document, lambda c: start_contest(
            c, scene.id, dialog.name.text().strip(), dialog.sides(), dialog.goal.value()),
            _("Start a contest"), self.status))

    def roll_exchange(self) -> RollDialog | None:
        """Every side rolls its overcome; invokes follow on the cards; OK scores the exchange."""
        contest = self.contest()
        if contest is None:
            return None
        campaign = self.document.campaign
        cards: dict[str, RollCard] = {}
        for side in contest.sides:
            if side.id in contest.forfeits:
                continue
            who = campaign.character(group_roller(campaign, side.members, side.skill) or "")
            setup = RollSetup(Action.OVERCOME, side.skill, self.document.rating_of(who, side.skill) if who else 0,
                              against=side.difficulty or 0, opposed=side.difficulty is None,
                              teamwork=members_teamwork(campaign, side.members, side.skill), contest=True,
                              who=_("{side} ({who})").format(side=side.name, who=who.name if who else _("nobody")))
            against = _("the other sides") if side.difficulty is None else _("the difficulty")
            cards[side.id] = RollCard(self.document, who.id if who else None, setup, self.desk.dice, side.name, against,
                                      difficulty=side.difficulty is not None, boosts=False)
        dialog = RollDialog(_("Exchange {number}").format(number=contest.exchange), list(cards.values()),
                            _("Score the exchange"),
                            _("Invoke aspects after the dice if you want to; the highest effort marks a victory."), self)

        def settle() -> None:  # active sides roll against the best of the others' efforts
            for side in contest.sides:
                if side.id in cards and side.difficulty is None:
                    others = [c.roll.effort for k, c in cards.items() if k != side.id]
                    cards[side.id].set_against(max(others, default=0))
        for card in cards.values():
            card.changed.connect(settle)
        settle()
        sid = self._scene_id()
        return self.open_dialog(dialog, lambda: play(self.document, lambda c: settle_exchange(
            c, sid, {k: (card.character_id, card.roll) for k, card in cards.items()})[0],
            _("Roll the contest exchange"), self.status))

    def advantage(self):
        contest = self.contest()
        if contest is None:
            return None
        dialog = AdvantageDialog(self.document, contest, self.desk.dice, self)
        return self.open_dialog(dialog, lambda: self._advantage(dialog))

    def _advantage(self, dialog: AdvantageDialog) -> None:
        if dialog.card is None:
            return
        sid, side, text, choice = self._scene_id(), dialog.side.currentData(), dialog.aspect.text(), \
            dialog.on_failure.currentData()
        who, roll = dialog.card.character_id, dialog.card.roll
        play(self.document, lambda c: contest_advantage(c, sid, side, who, roll, text, choice),
             _("Create an advantage in the contest"), self.status)

    def twist(self):
        dialog = TwistDialog(self)
        sid = self._scene_id()
        return self.open_dialog(dialog, lambda: play(self.document, lambda c: add_twist(c, sid, dialog.aspect.text()),
                                                     _("Add the contest's twist"), self.status))

    def end(self) -> None:
        sid = self._scene_id()
        play(self.document, lambda c: end_contest(c, sid), _("End the contest"), self.status)

