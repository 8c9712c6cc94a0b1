"""The roll panel shared by the roll dialog and the dice dock: set up, see the odds, roll, invoke.

The panel only holds a `roll.Roll` value while the player works on it; nothing touches the
campaign until the owner applies the finished roll (one undo step, `rules.play.apply_roll`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QPushButton,
    QSpinBox, QVBoxLayout, QWidget,
)

from fate_desk.model import Character, ladder_label, signed
from fate_desk.rules.play.fate_points import holder, holder_name, points_of
from fate_desk.rules.play.actions import Invokable, RollResult, existing_targets, invokables, stunts_for, unknown
from fate_desk.rules.play.roll import (
    SCALES, THROWS, Action, Dice, DiceSource, Invoke, InvokeKind, Odds, Outcome, Roll, RollSetup, ScaleUse,
    StuntBonus, faces_text, opposed_odds, percent, scale_difference, teamwork_bonus,
)

from ..table.common import LadderSpinBox, escape
from .roll_card import RollCard
from ..theme import status_colour

FACES = {-1: "−", 0: "&nbsp;", 1: "+"}
PLAIN = "(a plain rating)"
DIFFICULTY = "__difficulty__"


def odds_text(odds: Odds, base: int = THROWS) -> str:
    """The four chances as 'n/81 (p%)', fail first; `base` is 81 throws, or 6561 pairs of throws
    when both sides roll."""
    parts = []
    for outcome in Outcome:
        chance = odds.of(outcome)
        parts.append(f"{outcome.label}: {chance.numerator * base // chance.denominator}/{base} ({percent(chance)})")
    return " · ".join(parts)


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A form label whose mnemonic focuses `widget` (rows holding a layout get no buddy of their own)."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label


def _select_invokable(combo: QComboBox, label: str) -> None:
    """Pick the aspect whose text is `label` in a combo of invokables."""
    for i in range(combo.count()):
        if combo.itemData(i).label == label:
            combo.setCurrentIndex(i)
            return
    raise LookupError(label)


def _existing_text(done) -> str:
    """What a create an advantage on an existing aspect does, in a line."""
    if done.free_invokes:
        return f"<small>You place {done.free_invokes} free invoke{'s' if done.free_invokes != 1 else ''} on it.</small>"
    if done.boost:
        return "<small>The aspect stays unknown, but you get a boost.</small>"
    if done.to_opposition:
        return "<small>The opposition gets a free invoke on it.</small>"
    return "<small>Nothing comes of it.</small>"


class RollPanel(QWidget):
    """Who rolls what against what; after the roll, invokes one at a time; the outcome."""

    rolled = Signal()  # the dice fell, or an invoke changed the roll

    def __init__(self, document, dice: DiceSource | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.document = document
        self.dice = dice or Dice()
        self.roll: Roll | None = None
        self.opposing: Roll | None = None  # the opponent's defence roll, when opposed by a character
        self._build()

    # --- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        setup = QGroupBox("The roll")
        form = QFormLayout(setup)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.who = QComboBox()
        self.who.setAccessibleName("Who rolls")
        self.skill = QComboBox()
        self.skill.setAccessibleName("Skill rolled")
        self.rating = LadderSpinBox(self, -4, 12, 0)
        self.rating.setAccessibleName("Rating rolled")
        self.rating.setMinimumWidth(0)
        skill_row = QHBoxLayout()
        skill_row.addWidget(self.skill, 1)
        skill_row.addWidget(self.rating)
        self.action = QComboBox()
        for action in Action:
            self.action.addItem(action.label, action.value)
        self.opponent = QComboBox()
        self.opponent.setAccessibleName("Opposition")
        self.difficulty = LadderSpinBox(self, -4, 14, 2)
        self.difficulty.setAccessibleName("Difficulty")
        self.difficulty.setMinimumWidth(0)
        self.opponent_skill = QComboBox()
        self.opponent_skill.setAccessibleName("Opponent's skill")
        against_row = QVBoxLayout()  # stacked, so the panel fits a narrow dock
        against_row.addWidget(self.opponent)
        against_row.addWidget(self.difficulty)
        against_row.addWidget(self.opponent_skill)
        self.stunts_box = QWidget()
        self.stunts_layout = QVBoxLayout(self.stunts_box)
        self.stunts_layout.setContentsMargins(0, 0, 0, 0)
        self.stunt_checks: list[QCheckBox] = []
        self.no_stunt = QLabel("<small>No stunt of this character gives +2 to this skill and action.</small>")
        self.no_stunt.setWordWrap(True)
        self.stunts_layout.addWidget(self.no_stunt)
        self.helpers = QSpinBox()
        self.helpers.setRange(0, 20)
        self.helpers.setAccessibleName("Helpers")
        self.helpers.setToolTip("Each helper with Average (+1) or better in the skill adds +1, "
                                "up to the roller's rating")
        self.scale_use = QComboBox()
        for use in ScaleUse:
            self.scale_use.addItem(use.label, use.value)
        self.scale_label = QLabel()
        self.opposition_scale = QComboBox()  # against a difficulty: the scale of what opposes
        self.opposition_scale.setAccessibleName("Scale of the opposition")
        for name in SCALES:
            self.opposition_scale.addItem(f"against {name}", name)
        scale_row = QHBoxLayout()
        scale_row.addWidget(self.opposition_scale)
        scale_row.addWidget(self.scale_label)
        scale_row.addWidget(self.scale_use, 1)
        self.scale_row = QWidget()
        self.scale_row.setLayout(scale_row)
        scale_row.setContentsMargins(0, 0, 0, 0)
        form.addRow("&Who:", self.who)
        form.addRow(_buddy("&Skill:", self.skill), skill_row)
        form.addRow("&Action:", self.action)
        form.addRow(_buddy("A&gainst:", self.opponent), against_row)
        form.addRow("Stunts:", self.stunts_box)
        form.addRow("&Helpers:", self.helpers)
        form.addRow("Scale:", self.scale_row)
        self.form = form
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.odds_label.setObjectName("oddsLabel")
        form.addRow("Odds:", self.odds_label)
        self.roll_button = QPushButton("&Roll 4dF")
        self.roll_button.setDefault(True)
        form.addRow("", self.roll_button)
        layout.addWidget(setup)

        result = QGroupBox("Result")
        result_layout = QVBoxLayout(result)
        self.dice_label = QLabel()
        self.dice_label.setTextFormat(Qt.TextFormat.RichText)
        self.effort_label = QLabel()
        self.effort_label.setWordWrap(True)
        self.outcome_label = QLabel("Not rolled yet")
        big = self.outcome_label.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.outcome_label.setFont(big)
        self.outcome_label.setTextFormat(Qt.TextFormat.PlainText)
        self.meaning_label = QLabel()
        self.meaning_label.setWordWrap(True)
        self.meaning_label.setTextFormat(Qt.TextFormat.PlainText)
        for widget in (self.dice_label, self.effort_label, self.outcome_label, self.meaning_label):
            result_layout.addWidget(widget)

        invoke_row = QHBoxLayout()
        self.aspect = QComboBox()
        self.aspect.setAccessibleName("Aspect to invoke")
        self.free = QCheckBox("Use a &free invoke")
        self.plus_two = QPushButton("Invoke for &+2")
        self.reroll = QPushButton("Invoke to re&roll")
        invoke_row.addWidget(self.plus_two)
        invoke_row.addWidget(self.reroll)
        invoke_row.addStretch(1)
        heading = QLabel("<b>After the roll, invoke aspects one at a time:</b>")
        heading.setWordWrap(True)
        result_layout.addWidget(heading)
        result_layout.addWidget(self.aspect)
        result_layout.addWidget(self.free)
        result_layout.addLayout(invoke_row)
        self.invoked = QListWidget()
        self.invoked.setAccessibleName("Invokes on this roll")
        self.invoked.setMaximumHeight(90)
        self.invoked.setWordWrap(True)
        result_layout.addWidget(self.invoked)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setObjectName("statusLabel")
        self.cost_label = QLabel()
        self.cost_label.setWordWrap(True)
        result_layout.addWidget(self.cost_label)
        result_layout.addWidget(self.status)

        # The other side invokes too: on its own defence roll, or +2 to a passive difficulty.
        self.defence_holder = QVBoxLayout()
        result_layout.addLayout(self.defence_holder)
        self.defence_card: RollCard | None = None
        self.against_box = QGroupBox("Invoke against the roll")
        against_layout = QVBoxLayout(self.against_box)  # stacked, so it fits a narrow dock
        hint = QLabel("<small>Anyone may invoke an aspect to add +2 to the difficulty, paying for it "
                      "themselves. Who invokes, and which aspect:</small>")
        hint.setWordWrap(True)
        self.opposer = QComboBox()
        self.opposer.setAccessibleName("Who invokes against the roll")
        self.opposer_aspect = QComboBox()
        self.opposer_aspect.setAccessibleName("Aspect invoked against the roll")
        self.opposer_free = QCheckBox("Use a free invoke")
        self.oppose_button = QPushButton("+2 to the &difficulty")
        self.oppose_status = QLabel()
        self.oppose_status.setWordWrap(True)
        for widget in (hint, self.opposer, self.opposer_aspect, self.opposer_free, self.oppose_button,
                       self.oppose_status):
            against_layout.addWidget(widget)
        result_layout.addWidget(self.against_box)

        self.created_row = QWidget()
        created = QFormLayout(self.created_row)
        created.setContentsMargins(0, 0, 0, 0)
        self.advantage = QLineEdit()
        self.advantage.setPlaceholderText("Name the aspect you created")
        self.advantage.setAccessibleName("Advantage created")
        self.advantage_on = QComboBox()
        self.advantage_on.setAccessibleName("Put the advantage on")
        self.boost = QLineEdit()
        self.boost.setPlaceholderText("Name the boost")
        self.boost.setAccessibleName("Boost")
        self.advantage_target = QComboBox()
        self.advantage_target.setAccessibleName("Create the advantage on")
        self.unknown_box = QCheckBox("It was unknown until now (hidden from the players)")
        self.existing_label = QLabel()
        self.existing_label.setWordWrap(True)
        created.addRow("Wor&k on:", self.advantage_target)
        created.addRow("", self.unknown_box)
        created.addRow("", self.existing_label)
        self.created_form = created
        created.addRow("Ad&vantage:", self.advantage)
        created.addRow("Put it on:", self.advantage_on)
        created.addRow("&Boost:", self.boost)
        result_layout.addWidget(self.created_row)
        layout.addWidget(result)
        layout.addStretch(1)

        for combo in self.findChildren(QComboBox):
            # combos shrink to a narrow dock; their popups still show the whole text
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        self.who.currentIndexChanged.connect(lambda *_: self._fill_skills())
        self.skill.currentIndexChanged.connect(lambda *_: self._skill_chosen())
        self.action.currentIndexChanged.connect(lambda *_: self._fill_stunts())
        self.opponent.currentIndexChanged.connect(lambda *_: self._opponent_chosen())
        for signal in (self.rating.valueChanged, self.difficulty.valueChanged, self.helpers.valueChanged,
                       self.scale_use.currentIndexChanged, self.opponent_skill.currentIndexChanged,
                       self.opposition_scale.currentIndexChanged):
            signal.connect(lambda *_: self._update_odds())
        self.aspect.currentIndexChanged.connect(lambda *_: self._aspect_chosen())
        self.advantage_target.currentIndexChanged.connect(lambda *_: self._target_chosen())
        self.opposer.currentIndexChanged.connect(lambda *_: self._fill_opposer_aspects())
        self.opposer_aspect.currentIndexChanged.connect(lambda *_: self._opposer_aspect_chosen())
        self.oppose_button.clicked.connect(lambda: self.oppose())
        self.unknown_box.toggled.connect(lambda *_: self._show())
        self.roll_button.clicked.connect(self.throw)
        self.plus_two.clicked.connect(lambda: self.invoke(reroll=False))
        self.reroll.clicked.connect(lambda: self.invoke(reroll=True))
        self.fill()
        self._show()  # nothing to invoke, and nothing created, before the dice

    # --- filling from the document ------------------------------------------------------------

    @property
    def campaign(self):
        return self.document.campaign

    def fill(self) -> None:
        """Refill the character lists (after the campaign changed), keeping the choices."""
        chosen, against = self.who.currentData(), self.opponent.currentData()
        for combo in (self.who, self.opponent, self.advantage_on):
            combo.blockSignals(True)
            combo.clear()
        self.who.addItem("Nobody in particular", None)
        self.opponent.addItem("a difficulty", DIFFICULTY)
        self.advantage_on.addItem("the scene", None)
        for c in self.campaign.characters:
            label = f"{c.name or '(unnamed)'} — {c.kind.label}"
            self.who.addItem(label, c.id)
            self.opponent.addItem(f"{c.name or '(unnamed)'}'s roll", c.id)
            self.advantage_on.addItem(c.name or "(unnamed)", c.id)
        self.who.setCurrentIndex(max(0, self.who.findData(chosen)))
        self.opponent.setCurrentIndex(max(0, self.opponent.findData(against)))
        for combo in (self.who, self.opponent, self.advantage_on):
            combo.blockSignals(False)
        self._fill_skills()
        self._opponent_chosen()

    def character(self) -> Character | None:
        cid = self.who.currentData()
        return self.campaign.character(cid) if cid else None

    def select_character(self, character_id: str | None) -> None:
        self.who.setCurrentIndex(max(0, self.who.findData(character_id)))

    def select_skill(self, name: str) -> None:
        self.skill.setCurrentIndex(max(0, self.skill.findData(name)))

    def select_action(self, action: Action) -> None:
        self.action.setCurrentIndex(max(0, self.action.findData(Action(action).value)))

    def set_difficulty(self, value: int) -> None:
        self.opponent.setCurrentIndex(0)
        self.difficulty.setValue(value)

    def _skill_names(self, character: Character) -> list[str]:
        ruleset = self.document.ruleset_for(character)
        names = sorted(character.skills, key=lambda n: (-character.rating(n), n))
        return names + [n for n in ruleset.skills if n not in character.skills]

    def _fill_skills(self) -> None:
        character = self.character()
        chosen = self.skill.currentData()
        self.skill.blockSignals(True)
        self.skill.clear()
        self.skill.addItem(PLAIN, None)
        if character is not None:
            for name in self._skill_names(character):
                self.skill.addItem(f"{name} — {ladder_label(character.rating(name))}", name)
            index = self.skill.findData(chosen)
            self.skill.setCurrentIndex(index if index > 0 else (1 if self.skill.count() > 1 else 0))
        self.skill.blockSignals(False)
        self._skill_chosen()

    def _skill_chosen(self) -> None:
        name, character = self.skill.currentData(), self.character()
        self.rating.setVisible(name is None)  # a skill's rating is in its name; a plain rating is typed
        if name is not None and character is not None:
            self.rating.setValue(character.rating(name))
        self._fill_stunts()

    def _fill_stunts(self) -> None:
        for box in self.stunt_checks:
            box.hide()
            box.deleteLater()
        self.stunt_checks = []
        character = self.character()
        found = stunts_for(character, self.skill.currentData() or "", self.action.currentData()) if character else []
        for stunt in found:
            box = QCheckBox(f"+2 from “{stunt.name or 'a stunt'}”")
            box.setToolTip(stunt.text)
            box.setProperty("stunt", stunt.name or "a stunt")
            box.toggled.connect(lambda *_: self._update_odds())
            self.stunts_layout.addWidget(box)
            self.stunt_checks.append(box)
        self.no_stunt.setVisible(not found)
        self._update_odds()

    def _opponent_chosen(self) -> None:
        cid = self.opponent.currentData()
        opposed = cid not in (None, DIFFICULTY)
        self.difficulty.setVisible(not opposed)
        self.opponent_skill.setVisible(opposed)
        self.opponent_skill.blockSignals(True)
        self.opponent_skill.clear()
        if opposed:
            other = self.campaign.character(cid)
            for name in self._skill_names(other):
                self.opponent_skill.addItem(f"{name} — {ladder_label(other.rating(name))}", name)
            # Defence against most attacks is Athletics; a sensible start the player can change.
            self.opponent_skill.setCurrentIndex(max(0, self.opponent_skill.findData("Athletics")))
        self.opponent_skill.blockSignals(False)
        self._update_odds()

    # --- the setup and its odds ----------------------------------------------------------------

    def opponent_id(self) -> str | None:
        cid = self.opponent.currentData()
        return None if cid in (None, DIFFICULTY) else cid

    def _scale(self) -> int:
        if not self.campaign.options.scale:
            return 0
        me, other = self.character(), self.campaign.character(self.opponent_id() or "")
        theirs = other.scale if other else self.opposition_scale.currentData()
        return scale_difference(me.scale if me else None, theirs)

    def setup(self, against: int | None = None) -> RollSetup:
        character = self.character()
        rating = self.rating.value()
        stunts = tuple(StuntBonus(box.property("stunt")) for box in self.stunt_checks if box.isChecked())
        other = self.campaign.character(self.opponent_id() or "")
        if against is None:
            against = (other.rating(self.opponent_skill.currentData() or "") + max(0, -self._scale()) if other
                       else self.difficulty.value())
        return RollSetup(
            action=self.action.currentData(), skill=self.skill.currentData() or "", rating=rating,
            against=against, opposed=other is not None, stunts=stunts,
            teamwork=teamwork_bonus(rating, [1] * self.helpers.value(), self.document.ruleset_for(character).teamwork_cap),
            scale=self._scale(),
            scale_use=self.scale_use.currentData(), who=(character.name or "(unnamed)") if character else "",
        )

    def _update_odds(self) -> None:
        levels = self._scale()
        self.form.setRowVisible(self.scale_row, bool(self.campaign.options.scale))
        self.scale_use.setEnabled(levels > 0)
        self.opposition_scale.setVisible(self.opponent_id() is None)
        below = (f"{-levels} below: the defence gets +{-levels}" if self.opponent_id()
                 else f"{-levels} below: no benefit")
        self.scale_label.setText(f"{levels} level{'s' if levels != 1 else ''} above" if levels > 0 else
                                 "no benefit on this roll" if not levels else below)
        setup = self.setup()
        if self.opponent_id():
            # Against a rolled defence both sides roll: the chance compares two throws, not one.
            chances = opposed_odds(setup.modifier, setup.against)
            self.odds_label.setText(f"<small>Both sides roll ({escape(self.opponent.currentText())} at "
                                    f"{ladder_label(setup.against)}): "
                                    f"{escape(odds_text(chances, THROWS * THROWS))}</small>")
        else:
            self.odds_label.setText(f"<small>{escape(odds_text(setup.odds()))}</small>")

    # --- rolling and invoking ------------------------------------------------------------------

    def throw(self) -> Roll:
        """Roll the dice (and the opponent's defence); invokes come afterwards."""
        other = self.campaign.character(self.opponent_id() or "")
        self.opposing = None
        against = None
        if other is not None:
            skill = self.opponent_skill.currentData() or ""
            # The defender carries its own scale's benefit when it is the higher side (+1 a level).
            defence = RollSetup(Action.DEFEND, skill, other.rating(skill), 0, scale=-self._scale(),
                                who=other.name or "(unnamed)")
            self.opposing = Roll.throw(defence, self.dice)
            against = self.opposing.effort
        self.roll = Roll.throw(self.setup(against), self.dice)
        self.invoked.clear()
        self.status.clear()
        self.advantage.clear()
        self.boost.clear()
        self._fill_aspects()
        self._fill_targets()
        self._defence(other)
        self._fill_opposers()
        self._show()
        self.rolled.emit()
        return self.roll

    # --- the other side's invokes ----------------------------------------------------------------

    def _defence(self, other: Character | None) -> None:
        """The defender's roll on a card: it invokes after the dice like the roller does."""
        if self.defence_card is not None:
            self.defence_card.hide()
            self.defence_card.deleteLater()
            self.defence_card = None
        if other is None or self.opposing is None:
            return
        name = other.name or "(unnamed)"
        self.defence_card = RollCard(self.document, other.id, self.opposing.setup, self.dice,
                                     f"{name} defends", "the roll", roll=self.opposing)
        self.defence_card.setObjectName("defenceCard")
        self.defence_card.changed.connect(self._defence_changed)
        self.defence_holder.addWidget(self.defence_card)
        self._sync_defence()

    def _defence_changed(self) -> None:
        self.opposing = self.defence_card.roll
        self.roll = self.roll.against(self.opposing.effort)
        self._sync_defence()
        self._show()
        self.rolled.emit()

    def _sync_defence(self) -> None:
        if self.defence_card is not None and self.roll is not None:
            self.defence_card.set_against(self.roll.effort)

    def _fill_opposers(self) -> None:
        """Anyone but the roller may invoke against a passive difficulty; the GM pays for NPCs."""
        self.opposer.blockSignals(True)
        self.opposer.clear()
        self.opposer.addItem("The GM", None)
        for c in self.campaign.characters:
            if c.id != self.who.currentData():
                self.opposer.addItem(c.name or "(unnamed)", c.id)
        self.opposer.blockSignals(False)
        self.oppose_status.clear()
        self._fill_opposer_aspects()

    def select_opposer(self, name: str) -> None:
        self.opposer.setCurrentIndex(self.opposer.findText(name))

    def _fill_opposer_aspects(self) -> None:
        self.opposer_aspect.blockSignals(True)
        self.opposer_aspect.clear()
        for item in invokables(self.campaign, self.opposer.currentData()):
            self.opposer_aspect.addItem(item.describe(), item)
        self.opposer_aspect.blockSignals(False)
        self._opposer_aspect_chosen()

    def select_opposer_aspect(self, label: str) -> None:
        _select_invokable(self.opposer_aspect, label)

    def _opposer_free_left(self, item: Invokable) -> int:
        if self.roll is None:
            return 0
        on_roll = self.roll.free_invokes_used.get(item.key, 0) if item.kind != InvokeKind.CONSEQUENCE else 0
        against = sum(1 for i in self.roll.opposition if i.free and i.key == item.key)
        return item.free - on_roll - against

    def _opposer_aspect_chosen(self) -> None:
        item = self.opposer_aspect.currentData()
        left = self._opposer_free_left(item) if item else 0
        self.opposer_free.setEnabled(left > 0)
        self.opposer_free.setChecked(left > 0)
        self.opposer_free.setText(f"Use a free invoke ({left} left)" if left else "Use a free invoke")

    def _opposer_points_left(self, by: str | None) -> int:
        """The invoker's fate points less what this roll already spends from the same purse."""
        who = holder(self.campaign, by)
        spent = sum(1 for i in self.roll.opposition if not i.free and holder(self.campaign, i.by) == who)
        if holder(self.campaign, self.who.currentData()) == who:
            spent += self.roll.fate_points_spent
        return points_of(self.campaign, who) - spent

    def oppose(self) -> bool:
        """Invoke the chosen aspect against the roll: +2 to the difficulty, paid by the invoker."""
        item, by = self.opposer_aspect.currentData(), self.opposer.currentData()
        if self.roll is None or item is None:
            return False
        free = self.opposer_free.isChecked() and self._opposer_free_left(item) > 0
        if not free and self._opposer_points_left(by) < 1:
            name = holder_name(self.campaign, holder(self.campaign, by))
            self._refuse(self.oppose_status, f"{name} has no fate point left to pay for an invoke.")
            return False
        invoke = Invoke(item.key, item.label, free=free, kind=item.kind, owner=item.owner, by=by)
        reason = self.roll.opposition_refusal(invoke)
        if reason:
            self._refuse(self.oppose_status, reason)
            return False
        self.roll = self.roll.oppose(invoke)
        payer = self.opposer.currentText()
        self.invoked.addItem(f"Against the roll, by {payer}: {invoke.describe()}")
        self.oppose_status.clear()
        self._opposer_aspect_chosen()
        self._show()
        self.rolled.emit()
        return True

    def _fill_aspects(self) -> None:
        self.aspect.blockSignals(True)
        self.aspect.clear()
        for item in invokables(self.campaign, self.who.currentData()):
            self.aspect.addItem(item.describe(), item)
        self.aspect.blockSignals(False)
        self._aspect_chosen()

    def _fill_targets(self) -> None:
        """A create an advantage may make a new aspect or work on one already in play."""
        self.advantage_target.blockSignals(True)
        self.advantage_target.clear()
        self.advantage_target.addItem("a new aspect", "")
        for item in existing_targets(self.campaign, self.who.currentData()):
            self.advantage_target.addItem(f"existing: {item.label} ({item.where})", item.key)
        self.advantage_target.blockSignals(False)
        self._target_chosen()

    def select_target(self, label: str) -> None:
        """Pick the existing aspect (by its text) a create an advantage works on."""
        index = next(i for i in range(self.advantage_target.count())
                     if self.advantage_target.itemText(i).startswith(f"existing: {label} ("))
        self.advantage_target.setCurrentIndex(index)

    def _target_chosen(self) -> None:
        key = self.advantage_target.currentData() or ""
        self.unknown_box.blockSignals(True)
        self.unknown_box.setChecked(bool(key) and unknown(self.campaign, key))
        self.unknown_box.blockSignals(False)
        self._show()

    def invokable(self) -> Invokable | None:
        return self.aspect.currentData()

    def select_aspect(self, label: str) -> None:
        _select_invokable(self.aspect, label)

    def _free_left(self, item: Invokable) -> int:
        used = self.roll.free_invokes_used.get(item.key, 0) if self.roll else 0
        return item.free - used

    def _aspect_chosen(self) -> None:
        item = self.invokable()
        left = self._free_left(item) if item else 0
        self.free.setEnabled(left > 0)
        self.free.setChecked(left > 0)
        self.free.setText(f"Use a &free invoke ({left} left)" if left else "Use a &free invoke")

    def points_left(self) -> int:
        """The roller's fate points (or the GM's pool) less what this roll has already spent."""
        who = holder(self.campaign, self.who.currentData())
        return points_of(self.campaign, who) - (self.roll.fate_points_spent if self.roll else 0)

    def invoke(self, reroll: bool) -> bool:
        """Invoke the chosen aspect now: +2 or a reroll; refusals are said in the status line."""
        item = self.invokable()
        if self.roll is None or item is None:
            return False
        free = self.free.isChecked() and self._free_left(item) > 0
        if not free and self.points_left() < 1:
            who = holder_name(self.campaign, holder(self.campaign, self.who.currentData()))
            self._refuse(self.status, f"{who} has no fate point left to pay for an invoke; "
                                      "use a free invoke or stop here.")
            return False
        invoke = Invoke(item.key, item.label, reroll=reroll, free=free, kind=item.kind, owner=item.owner)
        reason = self.roll.refusal(invoke)
        if reason:
            self._refuse(self.status, reason)
            return False
        self.roll = self.roll.invoke(invoke, self.dice)
        self._sync_defence()
        self.invoked.addItem(invoke.describe())
        self.status.clear()
        self._aspect_chosen()
        self._show()
        self.rolled.emit()
        return True

    @staticmethod
    def _refuse(label: QLabel, message: str) -> None:
        label.setText(f"<span style='color:{status_colour('error')}'><b>Not invoked:</b> {escape(message)}</span>")

    def result(self) -> RollResult:
        return RollResult(advantage=self.advantage.text(), advantage_on=self.advantage_on.currentData(),
                          boost=self.boost.text(), existing=self._existing(),
                          existing_known=not self.unknown_box.isChecked())

    def _existing(self) -> str:
        """The existing aspect a create an advantage works on ('' for a new aspect, or another action)."""
        if self.roll is None or self.roll.setup.action != Action.CREATE_ADVANTAGE:
            return ""
        return self.advantage_target.currentData() or ""

    # --- showing -----------------------------------------------------------------------------

    def _show(self) -> None:
        roll = self.roll
        has = roll is not None
        for widget in (self.aspect, self.plus_two, self.reroll, self.invoked):
            widget.setEnabled(has)
        self.against_box.setVisible(has and self.opposing is None)
        if not has:
            self.free.setEnabled(False)  # after the roll, the chosen aspect's free invokes decide
            self.created_row.hide()
            return
        cells = "".join(f"<td align='center' width='34'>{FACES[d]}</td>" for d in roll.dice)
        rerolled = ""
        if len(roll.throws) > 1:
            first = faces_text(roll.throws[0])
            rerolled = f"<br><small>rerolled from [{first}]</small>"
        self.dice_label.setText(
            "<table border='1' cellspacing='4' cellpadding='4' style='font-size:20pt; font-weight:bold'>"
            f"<tr>{cells}</tr></table>{rerolled}")
        s = roll.setup
        parts = [f"dice {signed(roll.dice_total)}", f"{escape(s.skill or 'rating')} {ladder_label(s.rating)}"]
        if s.stunt_bonus:
            parts.append(f"stunts +{s.stunt_bonus}")
        if s.teamwork:
            parts.append(f"teamwork +{s.teamwork}")
        if s.scale_before:
            parts.append(f"scale +{s.scale_before}")
        if roll.invoke_bonus:
            parts.append(f"invokes +{roll.invoke_bonus}")
        if roll.scale_after:
            parts.append(f"scale after success +{roll.scale_after}")
        against = (f"{escape(self.opposing.setup.who)}'s defence ({self.opposing.setup.skill} "
                   f"{ladder_label(self.opposing.setup.rating)}, dice {signed(self.opposing.dice_total)})"
                   if self.opposing else "difficulty")
        shifts = roll.shifts
        raised = f" ({ladder_label(s.against)} + {2 * len(roll.opposition)} invoked against)" if roll.opposition else ""
        self.effort_label.setText(
            f"{' + '.join(parts)} = effort <b>{ladder_label(roll.effort)}</b><br>against {against} "
            f"{ladder_label(roll.difficulty)}{raised}: <b>{signed(shifts)}</b> shift{'' if abs(shifts) == 1 else 's'}")
        self.outcome_label.setText(roll.outcome.label)
        self.meaning_label.setText(roll.meaning())
        spent = roll.fate_points_spent
        who = holder_name(self.campaign, holder(self.campaign, self.who.currentData()))
        cost = f"{spent} fate point{'s' if spent != 1 else ''}" if spent else "no fate points"
        free = sum(roll.free_invokes_used.values())
        free_text = f" and {free} free invoke{'s' if free != 1 else ''}" if free else ""
        reroll = roll.reroll_odds()
        self.cost_label.setText(
            f"<small>This roll costs {cost}{free_text} ({escape(who)} has {self.points_left()} left after it). "
            f"A reroll now would succeed {percent(reroll.success)} of the time.</small>")
        advantage = s.action == Action.CREATE_ADVANTAGE
        existing = self._existing()
        for widget in (self.advantage_target, self.unknown_box, self.existing_label):
            self.created_form.setRowVisible(widget, advantage)
        self.unknown_box.setEnabled(bool(existing))
        if existing:
            done = roll.on_existing_aspect(not self.unknown_box.isChecked(),  # the rule set's discovery table
                                           core_discovery=self.document.ruleset_for(self.character()).discovery == "core")
            self.existing_label.setText(_existing_text(done))
            made, boost = 0, done.boost
        else:
            self.existing_label.setText("")
            made, boost = roll.free_invokes_created, roll.boost
        self.created_row.setVisible(advantage or bool(made or boost))
        self.created_form.setRowVisible(self.advantage, not existing)
        self.created_form.setRowVisible(self.advantage_on, not existing)
        self.advantage.setEnabled(bool(made))
        self.advantage_on.setEnabled(bool(made))
        self.boost.setEnabled(boost)

    def reset(self) -> None:
        """Forget the roll (after it was applied): the next roll starts with no invokes."""
        self.roll = None
        self.opposing = None
        self.invoked.clear()
        self.aspect.clear()
        self.status.clear()
        self.cost_label.clear()
        self.created_row.hide()
        self._defence(None)
        self._show()
