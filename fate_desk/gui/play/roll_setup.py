"""The roll panel's first part: who rolls which skill, for which action, against what, with
which stunts, helpers and scale; and the odds of that setup before the dice."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton, QSpinBox, QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import Character, ladder_label
from fate_desk.rules.play.actions import defence_skill, stunts_for
from fate_desk.rules.play.table import current_scene
from fate_desk.rules.play.time_shifts import QUANTITIES, UNITS, TaskTime
from fate_desk.rules.play.scale_names import SCALES
from fate_desk.rules.play.roll import (
    THROWS, Action, Odds, Outcome, RollSetup, ScaleUse, StuntBonus, opposed_odds, percent,
    scale_difference, teamwork_bonus,
)

from ..widgets import LadderSpinBox, escape, wrapping_check
from .scales import scale_text

PLAIN = N_("(a plain rating)")  # shown through _()
DIFFICULTY = "__difficulty__"
BLOCK = "block:"  # the opposition's data for a block in the scene: "block:<obstacle id>"


def odds_text(odds: Odds, base: int = THROWS) -> str:
    """The four chances as 'n/81 (p%)', fail first; `base` is 81 throws, or 6561 pairs of throws
    when both sides roll."""
    parts = []
    for outcome in Outcome:
        chance = odds.of(outcome)
        parts.append(_("{outcome}: {count}/{base} ({percent})").format(
            outcome=outcome.label, count=chance.numerator * base // chance.denominator, base=base,
            percent=percent(chance)))
    return " · ".join(parts)


def skill_shown(document, skill: str, character_id: str | None) -> str:
    """A rolled skill's name as shown: the rule set's translated, a custom one as typed (the roll
    and the files keep the English name)."""
    character = document.campaign.character(character_id) if character_id else None
    return rules_text(skill) if skill in document.ruleset_for(character).skills else skill


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A form label whose mnemonic focuses `widget` (rows holding a layout get no buddy of their own)."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label


class RollSetupPart:
    """Builds and reads the setup group ("The roll"); mixed into `RollPanel`."""

    def _build_setup(self) -> QGroupBox:
        setup = QGroupBox(_("The roll"))
        self.setup_box = setup  # locked while a thrown roll is on the table
        form = QFormLayout(setup)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)  # a narrow dock puts fields under labels
        self.who = QComboBox()
        self.who.setAccessibleName(_("Who rolls"))
        self.skill = QComboBox()
        self.skill.setAccessibleName(_("Skill rolled"))
        self.rating = LadderSpinBox(self, -4, 12, 0)
        self.rating.setAccessibleName(_("Rating rolled"))
        self.rating.setMinimumWidth(0)
        skill_row = QHBoxLayout()
        skill_row.addWidget(self.skill, 1)
        skill_row.addWidget(self.rating)
        self.action = QComboBox()
        for action in Action:
            self.action.addItem(action.label, action.value)
        self.opponent = QComboBox()
        self.opponent.setAccessibleName(_("Opposition"))
        self.difficulty = LadderSpinBox(self, -4, 14, 2)
        self.difficulty.setAccessibleName(_("Difficulty"))
        self.difficulty.setMinimumWidth(0)
        self.opponent_skill = QComboBox()
        self.opponent_skill.setAccessibleName(_("Opponent's skill"))
        against_row = QVBoxLayout()  # stacked, so the panel fits a narrow dock
        against_row.addWidget(self.opponent)
        against_row.addWidget(self.difficulty)
        against_row.addWidget(self.opponent_skill)
        self.stunts_box = QWidget()
        self.stunts_layout = QVBoxLayout(self.stunts_box)
        self.stunts_layout.setContentsMargins(0, 0, 0, 0)
        self.stunt_checks: list[QCheckBox] = []
        self.stunt_rows: list[QWidget] = []
        self.no_stunt = QLabel("<small>{}</small>".format(  # i18n: markup only
            _("No stunt of this character gives +2 to this skill and action.")))
        self.no_stunt.setWordWrap(True)
        self.stunts_layout.addWidget(self.no_stunt)
        self.helpers = QSpinBox()
        self.helpers.setRange(0, 20)
        self.helpers.setAccessibleName(_("Helpers"))
        self.helpers.setToolTip(_("Each helper with {average} or better in the skill adds +1, "
                                  "up to the roller's rating").format(average=ladder_label(1)))
        self.scale_use = QComboBox()
        for use in ScaleUse:
            self.scale_use.addItem(use.label, use.value)
        self.scale_label = QLabel()
        self.opposition_scale = QComboBox()  # against a difficulty: the scale of what opposes
        self.opposition_scale.setAccessibleName(_("Scale of the opposition"))
        for name in SCALES:
            self.opposition_scale.addItem(_("against {scale}").format(scale=scale_text(name)), name)
        scale_row = QHBoxLayout()
        scale_row.addWidget(self.opposition_scale)
        scale_row.addWidget(self.scale_label)
        scale_row.addWidget(self.scale_use, 1)
        self.scale_row = QWidget()
        self.scale_row.setLayout(scale_row)
        scale_row.setContentsMargins(0, 0, 0, 0)
        # Two combined skill lists (the campaign's option): a second skill, added to the first.
        self.second_skill = QComboBox()
        self.second_skill.setAccessibleName(_("Skill from the second list"))
        # Time shifts (the campaign's option): how long the task takes at a simple success.
        self.time_quantity = QComboBox()
        self.time_quantity.setAccessibleName(_("How long: quantity"))
        for index, quantity in enumerate(QUANTITIES):
            self.time_quantity.addItem(_(quantity), index)
        self.time_quantity.setCurrentIndex(2)  # "a few"
        self.time_unit = QComboBox()
        self.time_unit.setAccessibleName(_("How long: unit of time"))
        for index, unit in enumerate(UNITS):
            self.time_unit.addItem(_(unit), index)
        self.time_unit.setCurrentIndex(2)  # hours
        time_row = QHBoxLayout()
        time_row.addWidget(self.time_quantity)
        time_row.addWidget(self.time_unit, 1)
        self.time_row = QWidget()
        self.time_row.setLayout(time_row)
        time_row.setContentsMargins(0, 0, 0, 0)
        self.time_row.setToolTip(_("Time shifts: how long the task takes at a simple success; each shift of the "
                                   "roll makes it a step faster, each shift short a step slower"))
        form.addRow(_("&Who:"), self.who)
        form.addRow(_buddy(_("&Skill:"), self.skill), skill_row)
        form.addRow(_("A&nd:"), self.second_skill)
        form.addRow(_("&Action:"), self.action)
        form.addRow(_buddy(_("A&gainst:"), self.opponent), against_row)
        form.addRow(_("Stunts:"), self.stunts_box)
        form.addRow(_("&Helpers:"), self.helpers)
        form.addRow(_("Scale:"), self.scale_row)
        form.addRow(_buddy(_("How &long:"), self.time_quantity), self.time_row)
        self.form = form
        self.odds_label = QLabel()
        self.odds_label.setWordWrap(True)
        self.odds_label.setObjectName("oddsLabel")
        form.addRow(_("Odds:"), self.odds_label)
        self.roll_button = QPushButton(_("&Roll 4dF"))
        self.roll_button.setDefault(True)
        form.addRow("", self.roll_button)

        self.who.currentIndexChanged.connect(lambda *_args: self._who_chosen())
        self.skill.currentIndexChanged.connect(lambda *_args: self._skill_chosen())
        self.action.currentIndexChanged.connect(lambda *_args: self._fill_stunts())
        self.action.currentIndexChanged.connect(lambda *_args: self._pick_defence())
        self.opponent.currentIndexChanged.connect(lambda *_args: self._opponent_chosen())
        for signal in (self.rating.valueChanged, self.difficulty.valueChanged, self.helpers.valueChanged,
                       self.scale_use.currentIndexChanged, self.opponent_skill.currentIndexChanged,
                       self.opposition_scale.currentIndexChanged, self.second_skill.currentIndexChanged,
                       self.action.currentIndexChanged):
            signal.connect(lambda *_args: self._update_odds())
        self.roll_button.clicked.connect(self.throw)
        return setup

    def fill(self) -> None:
        """Refill the character lists (after the campaign changed), keeping the choices."""
        chosen, against = self.who.currentData(), self.opponent.currentData()
        for combo in (self.who, self.opponent, self.advantage_on):
            combo.blockSignals(True)
        for combo in (self.who, self.advantage_on):
            combo.clear()
        self.who.addItem(_("Nobody in particular"), None)
        self.advantage_on.addItem(_("the scene"), None)
        for c in self.campaign.characters:
            label = _("{name} — {kind}").format(name=c.name or _("(unnamed)"), kind=c.kind.label)
            self.who.addItem(label, c.id)
            self.advantage_on.addItem(c.name or _("(unnamed)"), c.id)
        self.who.setCurrentIndex(max(0, self.who.findData(chosen)))
        self._fill_opponents(against)
        for combo in (self.who, self.opponent, self.advantage_on):
            combo.blockSignals(False)
        self._fill_skills()
        self._fill_second()
        self._opponent_chosen()

    def _fill_opponents(self, against: str | None) -> None:
        """Anyone but the roller may oppose the roll: nobody rolls against, attacks or hits itself.
        With harmful blocks (the campaign's option) the scene's blocks are passive opposition too."""
        me = self.who.currentData()
        blocked = self.opponent.blockSignals(True)
        self.opponent.clear()
        self.opponent.addItem(_("a difficulty"), DIFFICULTY)
        for block in self._blocks():
            self.opponent.addItem(_("the block {name} ({rating})").format(
                name=block.name or _("(unnamed)"), rating=ladder_label(block.rating)), BLOCK + block.id)
        for c in self.campaign.characters:
            if c.id != me:
                self.opponent.addItem(_("{name}'s roll").format(name=c.name or _("(unnamed)")), c.id)
        self.opponent.setCurrentIndex(max(0, self.opponent.findData(against)))
        self.opponent.blockSignals(blocked)

    def _blocks(self) -> list:
        """The blocks of the scene being played, where the campaign uses harmful blocks."""
        if not self.campaign.options.block_harm:
            return []
        scene = current_scene(self.campaign)
        present = set(scene.present) if scene is not None else set()
        return [o for o in self.campaign.obstacles if o.kind == "block" and o.id in present]

    def block_id(self) -> str | None:
        """The block the roll is against (a passive difficulty at its rating), if any."""
        data = self.opponent.currentData() or ""
        return data[len(BLOCK):] if data.startswith(BLOCK) else None

    def task_time(self) -> TaskTime | None:
        """How long the task takes at a simple success, where the campaign uses time shifts."""
        if not self.campaign.options.time_shifts or self.action.currentData() not in ("overcome", "create_advantage"):
            return None
        return TaskTime(self.time_quantity.currentData(), self.time_unit.currentData())

    def _who_chosen(self) -> None:
        against = self.opponent.currentData()
        self._fill_opponents(against)
        self._fill_skills()
        self._fill_second()
        if self.opponent.currentData() != against:
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
        ratings = self.document.ratings_of(character)
        names = sorted(ratings, key=lambda n: (-ratings[n], n))
        return names + [n for n in ruleset.skills if n not in ratings]

    def _skill_text(self, character: Character, name: str) -> str:
        """"Fight — Good (+3)": the rule set's skill translated (a custom one as typed), and its rating."""
        shown = skill_shown(self.document, name, character.id)
        return _("{skill} — {rating}").format(skill=shown, rating=ladder_label(self.document.rating_of(character, name)))

    def _fill_skills(self) -> None:
        character = self.character()
        chosen = self.skill.currentData()
        self.skill.blockSignals(True)
        self.skill.clear()
        self.skill.addItem(_(PLAIN), None)
        if character is not None:
            for name in self._skill_names(character):
                # Shown in the interface language; the item's data is the English name rolled.
                self.skill.addItem(self._skill_text(character, name), name)
            # The chosen skill stays only if this character has it: an NPC rolls its own skills.
            index = self.skill.findData(chosen) if chosen in character.skills else -1
            self.skill.setCurrentIndex(index if index > 0 else (1 if self.skill.count() > 1 else 0))
        self.skill.blockSignals(False)
        self._skill_chosen()

    def _fill_second(self) -> None:
        """The second list's skills with the roller's ratings (two combined skill lists)."""
        names = self.campaign.options.combined_skills
        self.form.setRowVisible(self.second_skill, bool(names))
        chosen = self.second_skill.currentData()
        character = self.character()
        self.second_skill.blockSignals(True)
        self.second_skill.clear()
        for name in names:
            rating = character.rating(name) if character is not None else 0
            self.second_skill.addItem(_("{skill} — {rating}").format(skill=name, rating=ladder_label(rating)), name)
        self.second_skill.setCurrentIndex(max(0, self.second_skill.findData(chosen)))
        self.second_skill.blockSignals(False)

    def _skill_chosen(self) -> None:
        name, character = self.skill.currentData(), self.character()
        self.rating.setVisible(name is None)  # a skill's rating is in its name; a plain rating is typed
        if name is not None and character is not None:
            self.rating.setValue(self.document.rating_of(character, name))
        self._fill_stunts()
        self._pick_defence()

    def _fill_stunts(self) -> None:
        for row in self.stunt_rows:
            row.hide()
            row.deleteLater()
        self.stunt_checks, self.stunt_rows = [], []
        character = self.character()
        found = stunts_for(character, self.skill.currentData() or "", self.action.currentData()) if character else []
        for stunt in found:
            row, box = wrapping_check(_("+2 from “{stunt}”").format(stunt=stunt.name or _("a stunt")))  # wraps
            box.setToolTip(stunt.text)
            box.setProperty("stunt", stunt.name or "a stunt")  # i18n: not shown (the roll log keeps it)
            box.toggled.connect(lambda *_args: self._update_odds())
            self.stunts_layout.addWidget(row)
            self.stunt_checks.append(box)
            self.stunt_rows.append(row)
        self.no_stunt.setVisible(not found)
        self._update_odds()

    def _opponent_chosen(self) -> None:
        cid = self.opponent.currentData()
        block = next((o for o in self.campaign.obstacles if o.id == self.block_id()), None)
        if block is not None:  # a block stands in the way at its rating (Fate Condensed, "Blocks")
            self.difficulty.setValue(block.rating)
        opposed = cid not in (None, DIFFICULTY) and block is None
        self.difficulty.setVisible(not opposed)
        self.opponent_skill.setVisible(opposed)
        self.opponent_skill.blockSignals(True)
        self.opponent_skill.clear()
        if opposed:
            other = self.campaign.character(cid)
            for name in self._skill_names(other):
                self.opponent_skill.addItem(self._skill_text(other, name), name)
        self.opponent_skill.blockSignals(False)
        self._pick_defence()

    def _pick_defence(self) -> None:
        """The defender starts with its best skill against this skill and action (Athletics or
        Fight against Fight, Will against Provoke...); the player can change it."""
        other = self.campaign.character(self.opponent_id() or "")
        if other is not None:
            best = defence_skill(other, self.skill.currentData() or "", self.action.currentData(),
                                 known=self.document.ruleset_for(other).skills)
            self.opponent_skill.setCurrentIndex(max(0, self.opponent_skill.findData(best)))
        self._update_odds()

    def opponent_id(self) -> str | None:
        cid = self.opponent.currentData()
        return None if cid in (None, DIFFICULTY) or cid.startswith(BLOCK) else cid

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
            against = (self.document.rating_of(other, self.opponent_skill.currentData() or "") + max(0, -self._scale()) if other
                       else self.difficulty.value())
        second = self.second_skill.currentData() if self.campaign.options.combined_skills else None
        return RollSetup(
            action=self.action.currentData(), skill=self.skill.currentData() or "", rating=rating,
            second_skill=second or "", second_rating=character.rating(second) if second and character else 0,
            against=against, opposed=other is not None, stunts=stunts,
            teamwork=teamwork_bonus(rating, [1] * self.helpers.value(), self.document.ruleset_for(character).teamwork_cap,
                                    self.document.ruleset_for(character).teamwork_needs_skill),
            scale=self._scale(),
            scale_use=self.scale_use.currentData(),
            who=(character.name or "(unnamed)") if character else "",  # i18n: not shown (kept in the roll log)
        )

    def _update_odds(self) -> None:
        levels = self._scale()
        self.form.setRowVisible(self.scale_row, bool(self.campaign.options.scale))
        self.form.setRowVisible(self.time_row, self.campaign.options.time_shifts
                                and self.action.currentData() in ("overcome", "create_advantage"))
        self.form.setRowVisible(self.second_skill, bool(self.campaign.options.combined_skills))
        self.scale_use.setEnabled(levels > 0)
        self.opposition_scale.setVisible(self.opponent_id() is None)
        below = (_("{levels} below: the defence gets +{levels}").format(levels=-levels) if self.opponent_id()
                 else _("{levels} below: no benefit").format(levels=-levels))
        self.scale_label.setText(ngettext("{count} level above", "{count} levels above", levels).format(count=levels)
                                 if levels > 0 else _("no benefit on this roll") if not levels else below)
        setup = self.setup()
        if self.opponent_id():
            # Against a rolled defence both sides roll: the chance compares two throws, not one.
            chances = opposed_odds(setup.modifier, setup.against)
            text = _("Both sides roll ({opponent} at {rating}): {odds}").format(
                opponent=escape(self.opponent.currentText()), rating=ladder_label(setup.against),
                odds=escape(odds_text(chances, THROWS * THROWS)))
            self.odds_label.setText(f"<small>{text}</small>")  # i18n: markup only
        else:
            self.odds_label.setText(f"<small>{escape(odds_text(setup.odds()))}</small>")  # i18n: markup only
