"""The roll panel's outcome: the dice, the effort against the opposition, what the result
means and costs, and what a create an advantage makes (a new aspect, a boost, or work on an
aspect already in play)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from fate_desk.i18n import _, ngettext
from fate_desk.model import ladder_label, signed
from fate_desk.rules.play.actions import RollResult, existing_targets, unknown
from fate_desk.rules.play.fate_points import holder_name, payer
from fate_desk.rules.play.roll import Action, Outcome, faces_text, percent
from fate_desk.rules.play.time_shifts import time_line

from ..widgets import escape
from .roll_setup import skill_shown

FACES = {-1: "−", 0: "&nbsp;", 1: "+"}
TARGET_LABEL = Qt.ItemDataRole.UserRole + 1  # an existing aspect's own text, to find it by (not the shown text)


def _existing_text(done) -> str:
    """What a create an advantage on an existing aspect does, in a line."""
    if done.free_invokes:
        text = ngettext("You place {count} free invoke on it.", "You place {count} free invokes on it.",
                        done.free_invokes).format(count=done.free_invokes)
    elif done.boost:
        text = _("The aspect stays unknown, but you get a boost.")
    elif done.to_opposition:
        text = _("The opposition gets a free invoke on it.")
    else:
        text = _("Nothing comes of it.")
    return f"<small>{text}</small>"


def spoken(roll) -> str:
    """A thrown roll in one breath, for screen readers: dice, total, outcome and the odds it had."""
    shifts = roll.shifts
    chance = roll.setup.odds()
    return ngettext("Dice {dice}, total {total}. Effort {effort} against {difficulty}: {outcome}, {shifts} shift. "
                    "Odds were {succeed} to succeed, {tie} to tie.",
                    "Dice {dice}, total {total}. Effort {effort} against {difficulty}: {outcome}, {shifts} shifts. "
                    "Odds were {succeed} to succeed, {tie} to tie.", abs(shifts)).format(
        dice=faces_text(roll.dice), total=signed(roll.dice_total), effort=ladder_label(roll.effort),
        difficulty=ladder_label(roll.difficulty), outcome=roll.outcome.label, shifts=signed(shifts),
        succeed=percent(chance.succeed + chance.style), tie=percent(chance.tie))


def spoken_invoke(roll, invoke, who: str, left: int) -> str:
    """An invoke just added, in one breath: what it did, where the roll stands now, and what it
    cost (`who` pays and has `left` fate points after it)."""
    shifts, aspect = roll.shifts, invoke.label or invoke.key
    words = {"aspect": aspect, "effort": ladder_label(roll.effort), "difficulty": ladder_label(roll.difficulty),
             "outcome": roll.outcome.label, "shifts": signed(shifts)}
    if invoke.reroll:
        said = ngettext("“{aspect}” invoked to reroll. Dice {dice}, total {total}. Effort now {effort} against "
                        "{difficulty}: {outcome}, {shifts} shift.",
                        "“{aspect}” invoked to reroll. Dice {dice}, total {total}. Effort now {effort} against "
                        "{difficulty}: {outcome}, {shifts} shifts.", abs(shifts)).format(
            dice=faces_text(roll.dice), total=signed(roll.dice_total), **words)
    else:
        said = ngettext("“{aspect}” invoked for +2. Effort now {effort} against {difficulty}: {outcome}, {shifts} shift.",
                        "“{aspect}” invoked for +2. Effort now {effort} against {difficulty}: {outcome}, {shifts} shifts.",
                        abs(shifts)).format(**words)
    return " ".join((said, _paid(invoke, who, left)))


def spoken_against(roll, invoke, who: str, left: int) -> str:
    """An invoke against the roll (+2 to its difficulty), in one breath, with what it cost."""
    shifts = roll.shifts
    said = ngettext("“{aspect}” invoked against the roll: the difficulty is now {difficulty}. Effort {effort}: "
                    "{outcome}, {shifts} shift.",
                    "“{aspect}” invoked against the roll: the difficulty is now {difficulty}. Effort {effort}: "
                    "{outcome}, {shifts} shifts.", abs(shifts)).format(
        aspect=invoke.label or invoke.key, difficulty=ladder_label(roll.difficulty), effort=ladder_label(roll.effort),
        outcome=roll.outcome.label, shifts=signed(shifts))
    return " ".join((said, _paid(invoke, who, left)))


def _paid(invoke, who: str, left: int) -> str:
    if invoke.free:
        return _("Paid with a free invoke.")
    return ngettext("{who} has {count} fate point left.", "{who} has {count} fate points left.", left).format(
        who=who, count=left)


def spoken_refusal(reason: str) -> str:
    """A refused invoke, as said aloud (the status line shows the same words)."""
    return _("Not invoked: {reason}").format(reason=reason)


class RollOutcomePart:
    """Builds the result labels and the created-aspect rows, and shows the roll; mixed into `RollPanel`."""

    def _build_outcome(self, result_layout: QVBoxLayout) -> None:
        self.dice_label = QLabel()
        self.dice_label.setTextFormat(Qt.TextFormat.RichText)
        self.effort_label = QLabel()
        self.effort_label.setWordWrap(True)
        self.outcome_label = QLabel(_("Not rolled yet"))
        big = self.outcome_label.font()
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.outcome_label.setFont(big)
        self.outcome_label.setTextFormat(Qt.TextFormat.PlainText)
        self.meaning_label = QLabel()
        self.meaning_label.setWordWrap(True)
        self.meaning_label.setTextFormat(Qt.TextFormat.PlainText)
        # Time shifts (the campaign's option): how long the task took, from its base time and the shifts.
        self.time_label = QLabel()
        self.time_label.setWordWrap(True)
        self.time_label.setTextFormat(Qt.TextFormat.PlainText)
        for widget in (self.dice_label, self.effort_label, self.outcome_label, self.meaning_label, self.time_label):
            result_layout.addWidget(widget)
        # The choices the books give after the dice, offered only where they apply.
        self.style_boost_box = QCheckBox(_("Hit for one shift less and take a boost"))
        self.style_boost_box.setToolTip(_("An attack that succeeds with style may trade one shift of its hit for a boost"))
        self.tie_failure_box = QCheckBox(_("Take the tie as a failure with a boost"))
        self.tie_failure_box.setToolTip(_("Instead of success at a minor cost, fail and take a boost"))
        self.reveal_box = QCheckBox(_("The opposition reveals the aspect for its free invoke"))
        self.reveal_box.setToolTip(_("A failed create an advantage on an unknown aspect: the opposition may reveal it "
                                     "to take a free invoke on it, or leave it hidden"))
        for box in (self.style_boost_box, self.tie_failure_box, self.reveal_box):
            box.hide()
            result_layout.addWidget(box)
        self.style_boost_box.toggled.connect(lambda *_args: self._choose_outcome())
        self.tie_failure_box.toggled.connect(lambda *_args: self._choose_outcome())
        self.reveal_box.toggled.connect(lambda *_args: self._show())

    def _tie_boost_allowed(self) -> bool:
        return self.document.ruleset_for(self.character()).overcome_tie_boost

    def _choose_outcome(self) -> None:
        """Take (or drop) the outcome choices ticked; the rules refuse one that does not apply."""
        if self.roll is None:
            return
        style, tie = self.style_boost_box.isChecked(), self.tie_failure_box.isChecked()
        if self.roll.choice_refusal(style, tie, self._tie_boost_allowed()):
            style = tie = False
        self.roll = self.roll.choose(style_boost=style, tie_as_failure=tie, tie_boost_allowed=self._tie_boost_allowed())
        self._show()
        self.rolled.emit()

    def _show_choices(self, roll) -> None:
        """Offer each outcome choice while the roll allows it; a choice that no longer applies
        (an invoke changed the outcome) is dropped."""
        allowed = self._tie_boost_allowed()
        offers = {self.style_boost_box: not roll.choice_refusal(style_boost=True),
                  self.tie_failure_box: not roll.choice_refusal(tie_as_failure=True, tie_boost_allowed=allowed)}
        if (roll.style_boost and not offers[self.style_boost_box]) or (roll.tie_as_failure and not offers[self.tie_failure_box]):
            self.roll = roll = roll.choose()
        for box, offered in offers.items():
            box.setVisible(offered)
            box.blockSignals(True)
            box.setChecked(offered and (roll.style_boost if box is self.style_boost_box else roll.tie_as_failure))
            box.blockSignals(False)

    def _build_created(self, result_layout: QVBoxLayout) -> None:
        self.created_row = QWidget()
        created = QFormLayout(self.created_row)
        created.setContentsMargins(0, 0, 0, 0)
        self.advantage = QLineEdit()
        self.advantage.setPlaceholderText(_("Name the aspect you created"))
        self.advantage.setAccessibleName(_("Advantage created"))
        self.advantage_on = QComboBox()
        self.advantage_on.setAccessibleName(_("Put the advantage on"))
        self.boost = QLineEdit()
        self.boost.setPlaceholderText(_("Name the boost you got (needed)"))
        self.boost.setAccessibleName(_("Boost"))
        self.advantage_target = QComboBox()
        self.advantage_target.setAccessibleName(_("Create the advantage on"))
        self.unknown_box = QCheckBox(_("It was unknown until now (hidden from the players)"))
        self.existing_label = QLabel()
        self.existing_label.setWordWrap(True)
        created.addRow(_("Wor&k on:"), self.advantage_target)
        created.addRow("", self.unknown_box)
        created.addRow("", self.existing_label)
        self.created_form = created
        created.addRow(_("Ad&vantage:"), self.advantage)
        created.addRow(_("Put it on:"), self.advantage_on)
        created.addRow(_("&Boost:"), self.boost)
        result_layout.addWidget(self.created_row)

        self.advantage_target.currentIndexChanged.connect(lambda *_args: self._target_chosen())
        self.unknown_box.toggled.connect(lambda *_args: self._show())

    def _fill_targets(self) -> None:
        """A create an advantage may make a new aspect or work on one already in play."""
        self.advantage_target.blockSignals(True)
        self.advantage_target.clear()
        self.advantage_target.addItem(_("a new aspect"), "")
        for item in existing_targets(self.campaign, self.who.currentData()):
            self.advantage_target.addItem(_("existing: {aspect} ({where})").format(aspect=item.label, where=item.where),
                                          item.key)
            self.advantage_target.setItemData(self.advantage_target.count() - 1, item.label, TARGET_LABEL)
        self.advantage_target.blockSignals(False)
        self._target_chosen()

    def select_target(self, label: str) -> None:
        """Pick the existing aspect (by its text) a create an advantage works on."""
        index = next(i for i in range(self.advantage_target.count())
                     if self.advantage_target.itemData(i, TARGET_LABEL) == label)
        self.advantage_target.setCurrentIndex(index)

    def _target_chosen(self) -> None:
        key = self.advantage_target.currentData() or ""
        self.unknown_box.blockSignals(True)
        self.unknown_box.setChecked(bool(key) and unknown(self.campaign, key))
        self.unknown_box.blockSignals(False)
        self._show()

    def result(self) -> RollResult:
        return RollResult(advantage=self.advantage.text(), advantage_on=self.advantage_on.currentData(),
                          boost=self.boost.text(), existing=self._existing(),
                          existing_known=not self.unknown_box.isChecked(),
                          reveal_on_failure=self.reveal_box.isVisible() and self.reveal_box.isChecked(),
                          time=self.task_time())

    def _existing(self) -> str:
        """The existing aspect a create an advantage works on ('' for a new aspect, or another action)."""
        if self.roll is None or self.roll.setup.action != Action.CREATE_ADVANTAGE:
            return ""
        return self.advantage_target.currentData() or ""

    def _show(self) -> None:
        roll = self.roll
        has = roll is not None
        self.setup_box.setEnabled(not has)  # thrown once: no second throw until applied or set aside
        for widget in (self.aspect, self.plus_two, self.reroll, self.invoked):
            widget.setEnabled(has)
        self.against_box.setVisible(has and self.opposing is None)
        if not has:
            self.free.setEnabled(False)  # after the roll, the chosen aspect's free invokes decide
            self.created_row.hide()
            self.time_label.clear()
            for box in (self.style_boost_box, self.tie_failure_box, self.reveal_box):
                box.hide()
                box.setChecked(False)
            return
        self._show_choices(roll)
        roll = self.roll
        self.dice_label.setAccessibleName(_("Dice: {dice}, total {total}").format(
            dice=faces_text(roll.dice), total=signed(roll.dice_total)))
        self.outcome_label.setAccessibleName(_("Outcome: {outcome}").format(outcome=roll.outcome.label))
        cells = "".join(f"<td align='center' width='34'>{FACES[d]}</td>" for d in roll.dice)  # i18n: markup only
        rerolled = ""
        if len(roll.throws) > 1:
            first = faces_text(roll.throws[0])
            rerolled = "<br><small>{}</small>".format(_("rerolled from [{dice}]").format(dice=first))
        self.dice_label.setText(
            "<table border='1' cellspacing='4' cellpadding='4' style='font-size:20pt; font-weight:bold'>"  # i18n: markup only
            f"<tr>{cells}</tr></table>{rerolled}")
        s = roll.setup
        skill = escape(skill_shown(self.document, s.skill, self.who.currentData()) if s.skill else _("rating"))
        parts = [_("dice {total}").format(total=signed(roll.dice_total)), f"{skill} {ladder_label(s.rating)}"]
        if s.second_skill:  # two combined skill lists: the second list's skill too
            parts.append(f"{escape(s.second_skill)} {ladder_label(s.second_rating)}")
        if s.stunt_bonus:
            parts.append(_("stunts +{bonus}").format(bonus=s.stunt_bonus))
        if s.teamwork:
            parts.append(_("teamwork +{bonus}").format(bonus=s.teamwork))
        if s.scale_before:
            parts.append(_("scale +{bonus}").format(bonus=s.scale_before))
        if roll.invoke_bonus:
            parts.append(_("invokes +{bonus}").format(bonus=roll.invoke_bonus))
        if roll.scale_after:
            parts.append(_("scale after success +{bonus}").format(bonus=roll.scale_after))
        if self.opposing:
            other = self.opposing.setup
            against = _("{who}'s defence ({skill} {rating}, dice {total})").format(
                who=escape(other.who), skill=escape(skill_shown(self.document, other.skill, self.opponent_id())),
                rating=ladder_label(other.rating), total=signed(self.opposing.dice_total))
        else:
            against = _("difficulty")
        shifts = roll.shifts
        raised = (" " + _("({rating} + {bonus} invoked against)").format(
            rating=ladder_label(s.against), bonus=2 * len(roll.opposition)) if roll.opposition else "")
        self.effort_label.setText(ngettext(
            "{sum} = effort <b>{effort}</b><br>against {against} {difficulty}{raised}: <b>{shifts}</b> shift",
            "{sum} = effort <b>{effort}</b><br>against {against} {difficulty}{raised}: <b>{shifts}</b> shifts",
            abs(shifts)).format(sum=" + ".join(parts), effort=ladder_label(roll.effort), against=against,
                                difficulty=ladder_label(roll.difficulty), raised=raised, shifts=signed(shifts)))
        self.effort_label.setAccessibleName(_("Effort {effort} against {difficulty}").format(
            effort=ladder_label(roll.effort), difficulty=ladder_label(roll.difficulty)))
        self.outcome_label.setText(roll.outcome.label)
        self.meaning_label.setText(roll.meaning())
        time = self.task_time()
        self.time_label.setText(time_line(time, roll.shifts) if time is not None else "")
        self.time_label.setVisible(time is not None)
        spent = roll.fate_points_spent
        who = holder_name(self.campaign, payer(self.campaign, self.who.currentData()))
        cost = (ngettext("{count} fate point", "{count} fate points", spent).format(count=spent) if spent
                else _("no fate points"))
        free = sum(roll.free_invokes_used.values())
        if free:
            cost = _("{points} and {invokes}").format(points=cost, invokes=ngettext(
                "{count} free invoke", "{count} free invokes", free).format(count=free))
        reroll = roll.reroll_odds()
        text = _("This roll costs {cost} ({who} has {left} left after it). "
                 "A reroll now would succeed {percent} of the time.").format(
            cost=cost, who=escape(who), left=self.points_left(), percent=percent(reroll.success))
        self.cost_label.setText(f"<small>{text}</small>")  # i18n: markup only
        advantage = s.action == Action.CREATE_ADVANTAGE
        existing = self._existing()
        for widget in (self.advantage_target, self.unknown_box, self.existing_label):
            self.created_form.setRowVisible(widget, advantage)
        self.unknown_box.setEnabled(bool(existing))
        rules = self.document.ruleset_for(self.character())
        # Fate Accelerated: a failure gives the opposition nothing, so there is nothing to reveal for.
        to_opposition = rules.advantage_failure != "nothing"
        unknown_failure = bool(existing) and self.unknown_box.isChecked() and roll.outcome == Outcome.FAIL
        self.reveal_box.setVisible(unknown_failure and to_opposition)
        if existing:
            done = roll.on_existing_aspect(not self.unknown_box.isChecked(),  # the rule set's discovery table
                                           core_discovery=rules.discovery == "core",
                                           reveal_on_failure=unknown_failure and self.reveal_box.isChecked(),
                                           failure_to_opposition=to_opposition)
            self.existing_label.setText(_existing_text(done))
            made, boost = 0, done.boost
        else:
            self.existing_label.setText("")
            made, boost = roll.free_invokes_created, roll.boost
        self.created_row.setVisible(advantage or bool(made or boost))
        # Only a create an advantage makes an aspect; an overcome's style asks for the boost alone.
        self.created_form.setRowVisible(self.advantage, advantage and not existing)
        self.created_form.setRowVisible(self.advantage_on, advantage and not existing)
        self.advantage.setEnabled(bool(made))
        self.advantage_on.setEnabled(bool(made))
        self.boost.setEnabled(boost)
