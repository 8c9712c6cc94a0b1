"""End scene, End session, End arc: the GM's choices, then the core clock step as one undo step."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QDate, QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDateEdit, QDialogButtonBox, QGridLayout, QGroupBox, QLabel, QLineEdit, QListView,
    QPlainTextEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import CharacterKind
from fate_desk.rules.advancement.milestones import BreakthroughChoice
from fate_desk.rules.clock.timeline import (
    ClockResult, EndScene, end_arc, end_scene, end_session, gm_pool, milestone_choices, more_than_a_change,
    scene_open, session_log, take_milestone,
)
from fate_desk.rules.creation.derive import join_words
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.creation.ruleset import MilestoneLevel
from fate_desk.rules.play.table import current_scene

from ..campaign_op import CampaignOp
from ..check_list import CheckList
from ..dialogs.base import FormDialog
from ..forms import child
from ..advancement.breakthrough import BreakthroughDialog
from ..widgets import escape, refusal_html
from ..advancement.milestone import MilestoneDialog
from ..table_mode.reach import table_play


class ClockDialog(FormDialog):
    """Runs its clock step when accepted, on a worker against the campaign as it is (see
    gui/campaign_op.py): the dialog waits, the window keeps answering, and the step is installed
    as one undo step. A refusal keeps the dialog open and says why."""

    step_text = ""
    stepInstalled = Signal(object)  # noqa: N815 - Qt's naming: the step is installed, `accepted` comes a turn later

    def __init__(self, form: str, title: str, document, parent: QWidget | None = None):
        super().__init__(form, title, parent)
        self.document = document
        self.result: ClockResult | None = None
        self.op: CampaignOp | None = None  # the step under way
        self.sub_dialog = None  # the milestone or breakthrough dialog open on top, if any
        self.error: QLabel = child(self.form, QLabel, "errorLabel")
        self.button_box: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok = self.button_box.button(QDialogButtonBox.StandardButton.Ok)
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)

    @property
    def campaign(self):
        return self.document.campaign

    @property
    def ruleset(self):
        return self.document.ruleset_for()

    def step(self) -> Callable:
        """The clock step with the choices made here (read now, on the GUI thread): a function
        of the campaign, run on the worker."""
        raise NotImplementedError

    def accept(self) -> None:
        if self.op is not None and self.op.running:
            return
        self.op = CampaignOp(self.document, self.step(), self.step_text, self)
        self.op.done.connect(self._done)
        self.op.failed.connect(self._refused)
        self.op.installed.connect(self.stepInstalled)
        self.error.setText(_("Working through the whole campaign…"))
        self.button_box.setEnabled(False)
        self.op.start()

    def reject(self) -> None:
        if self.op is not None and self.op.running:
            return  # the step is under way: it ends the dialog when it is installed
        super().reject()

    def _done(self, result) -> None:
        self.button_box.setEnabled(True)
        self.error.setText("")
        if result is None:  # the campaign was closed meanwhile
            super().reject()
            return
        self.result = result
        super().accept()

    def _refused(self, exc) -> None:
        self.button_box.setEnabled(True)
        if isinstance(exc, Refused):
            self.error.setText(refusal_html(exc.problems))
        else:  # a step that failed otherwise: said here, the campaign unchanged
            self.error.setText(escape(_("That step could not be worked out: {problem}").format(problem=exc)))

    def _pcs(self):
        return [c for c in self.campaign.characters if c.kind == CharacterKind.PC]


def _present_text(c) -> str:
    words = {"name": c.name or _("(unnamed)"), "kind": c.kind.label, "count": c.carried_fate_points}
    if c.carried_fate_points:
        return ngettext("{name} — {kind} (carries {count} fate point)",
                        "{name} — {kind} (carries {count} fate points)", c.carried_fate_points).format(**words)
    return _("{name} — {kind}").format(**words)


class EndSceneDialog(ClockDialog):
    """Ends `scene` (the one on screen) if given, else the scene being played."""

    def __init__(self, document, parent: QWidget | None = None, scene=None):
        super().__init__("table_end_scene", _("End the scene"), document, parent)
        clock = self.campaign.clock
        self.scene = scene if scene is not None else current_scene(self.campaign)
        self.step_text = _("End scene {number}").format(number=clock.scene)
        words = {"scene": clock.scene, "session": clock.session}
        if self.scene and self.scene.name:
            heading = _("<b>Scene {scene} of session {session} — {name}</b> ends: everyone's stress clears, "
                        "situation aspects and boosts go unless you keep them, and consequences in recovery move "
                        "on a scene.").format(name=escape(self.scene.name), **words)
        else:
            heading = _("<b>Scene {scene} of session {session}</b> ends: everyone's stress clears, "
                        "situation aspects and boosts go unless you keep them, and consequences in recovery move "
                        "on a scene.").format(**words)
        child(self.form, QLabel, "headingLabel").setText(heading)
        self.ok.setText(_("End the scene"))
        self.keep: dict[str, QCheckBox] = {}
        aspects: QVBoxLayout = child(self.form, QVBoxLayout, "aspectsLayout")
        carry = document.ruleset_for().boosts_carry_over
        for label, aspect in self._aspects():
            box = QCheckBox(label)
            box.setChecked(aspect.keep and (carry or not aspect.boost))
            if aspect.boost and not carry:  # Condensed: a boost never outlives its scene
                box.setEnabled(False)
                box.setToolTip(_("A boost is gone when its scene ends"))
            aspects.addWidget(box)
            self.keep[aspect.id] = box
        if not self.keep:
            aspects.addWidget(QLabel(_("This scene has no situation aspects.")))
        here = set(self.scene.present) if self.scene else set()
        # The player characters first, each list in the campaign's order; one pass over thousands
        # of characters (a row's character is looked up by id, in the document's index, when it shows).
        characters = self.campaign.characters
        pcs, others = [], []
        for c in characters:
            (pcs if c.kind == CharacterKind.PC else others).append(c.id)

        def describe(character_id: str) -> tuple[str, str]:
            character = document.entity(character_id)
            if character is None:  # gone from the document meanwhile: as the dialog opened
                character = next(c for c in characters if c.id == character_id)
            return _present_text(character), ""

        # A row per character, its words made when it shows: thousands of characters open at once.
        self.present = CheckList(self)
        self.present.set_rows(pcs + others, describe, here.union(pcs))
        self.present.ticksChanged.connect(self._pool)
        self.present_view = QListView()
        self.present_view.setObjectName("presentList")
        self.present_view.setAccessibleName(_("Who is in the next scene"))
        self.present_view.setUniformItemSizes(True)  # rows are asked for only when they show
        self.present_view.setModel(self.present)
        self.present_view.setMinimumHeight(120)
        child(self.form, QVBoxLayout, "presentLayout").addWidget(self.present_view)
        self.compel: QSpinBox = child(self.form, QSpinBox, "compelSpin")
        self.compel.valueChanged.connect(lambda *_args: self._pool())
        self.pool_label: QLabel = child(self.form, QLabel, "poolLabel")
        self._pool()
        self.fit(600)

    def _aspects(self):
        if self.scene is None:
            return []
        def text(aspect) -> str:
            name = aspect.text or _("(unnamed)")
            return _("{aspect} (boost)").format(aspect=name) if aspect.boost else name

        out = [(text(a), a) for a in self.scene.aspects]
        for zone in self.scene.zones:
            out += [(_("{zone}: {aspect}").format(zone=zone.name, aspect=text(a)), a) for a in zone.aspects]
        return out

    def choice(self) -> EndScene:
        return EndScene(
            scene_id=self.scene.id if self.scene else None,
            keep_aspects=frozenset(i for i, box in self.keep.items() if box.isChecked()),
            next_present=self.present.ticked(),
            compel_points=self.compel.value(),
        )

    def _pool(self) -> None:
        choice = self.choice()
        points, lines, _present = gm_pool(self.campaign, choice.next_present, choice.compel_points)
        self.pool_label.setText(ngettext("The GM starts the next scene with <b>{count} fate point</b>: {reasons}.",
                                         "The GM starts the next scene with <b>{count} fate points</b>: {reasons}.",
                                         points).format(count=points, reasons=escape(join_words(lines))))

    def step(self) -> Callable:
        choice, ruleset = self.choice(), self.ruleset
        return lambda campaign: end_scene(campaign, choice, ruleset)


class _PerPcDialog(ClockDialog):
    """A row per PC: what they chose so far, and a button opening their dialog. The milestone
    combo offers what the rule set grants at this end (the GM picks where it leaves it open)."""

    event = "session"

    def _levels(self) -> None:
        self.level_combo: QComboBox = child(self.form, QComboBox, "milestoneCombo")
        for level, text in milestone_choices(self.ruleset, self.event):
            self.level_combo.addItem(text, level)
        self.level_combo.setEnabled(self.level_combo.count() > 1)
        self.level_combo.setToolTip(
            "" if self.level_combo.count() > 1
            else _("{ruleset} sets which milestone this end grants.").format(ruleset=rules_text(self.ruleset.name)))
        self.level_combo.currentIndexChanged.connect(lambda *_args: self._level_changed())

    @property
    def level(self) -> MilestoneLevel | None:
        data = self.level_combo.currentData()  # Qt hands the enum back as its text
        return MilestoneLevel(data) if data else None

    def level_label(self) -> str:
        level = self.level
        # The rule set's own label for the milestone ("Significant milestone"), in the interface language.
        return rules_text(self.ruleset.advancement.grants[level].label) if level is not None else ""

    def _rows(self, layout_name: str) -> None:
        grid: QGridLayout = child(self.form, QGridLayout, layout_name)
        grid.setColumnStretch(1, 1)
        self.labels: dict[str, QLabel] = {}
        self.buttons: dict[str, QPushButton] = {}
        for row, c in enumerate(self._pcs()):
            name = QLabel(f"<b>{escape(c.name or _('(unnamed)'))}</b>")
            status = QLabel()
            status.setWordWrap(True)
            button = QPushButton()
            button.setObjectName(f"choose_{c.id}")
            button.clicked.connect(lambda _checked=False, cid=c.id: self.choose(cid))
            grid.addWidget(name, row, 0)
            grid.addWidget(status, row, 1)
            grid.addWidget(button, row, 2)
            self.labels[c.id] = status
            self.buttons[c.id] = button
        if not self.labels:
            grid.addWidget(QLabel(_("There are no player characters in this campaign.")), 0, 0)

    def _level_changed(self) -> None:
        """A different milestone: every PC's choice so far is for the old one, so it starts over."""
        label = self.level_label()
        for cid in self.labels:
            self.choices[cid] = None if self.event == "session" and not self._large() else BreakthroughChoice()
            self.labels[cid].setText(self._default_text())
            self.buttons[cid].setText(_("Choose {milestone}…").format(milestone=label.lower()) if label
                                      else _("Nothing to choose"))
            self.buttons[cid].setEnabled(bool(label))
        self._heading()

    def _large(self) -> bool:
        return self.level is not None and more_than_a_change(self.ruleset, self.level)

    def _default_text(self) -> str:
        if self.level is None:
            return _("No milestone at this end.")
        if not self._large():
            return _("No change (the milestone passes)")
        points = self.ruleset.advancement.total(self.level).skill_points
        milestone = self.level_label().lower()
        if points:
            return _("Takes the {milestone} and saves the skill point").format(milestone=milestone)
        return _("Takes the {milestone}").format(milestone=milestone)

    def _dialog_for(self, character):
        rules = self.document.ruleset_for(character)
        if self._large():
            return BreakthroughDialog(character, rules, self.campaign.options, self.campaign.clock, self,
                                      level=self.level)
        return MilestoneDialog(character, rules, self.campaign.options, self.campaign.clock, self)

    def _chosen(self, character_id: str, dialog) -> None:
        choice = dialog.choice()
        self.choices[character_id] = choice
        character = self.campaign.character(character_id)
        if choice is None:
            self.labels[character_id].setText(self._default_text())
            return
        rules = self.document.ruleset_for(character)
        applied = take_milestone(character, self.level, choice, rules, self.campaign.options)
        self.labels[character_id].setText(applied.entry.summary)

    def accept(self) -> None:
        super().accept()
        if self.result is None:
            return
        play = table_play(self.document)
        if play is not None:  # a player's proposal from the phone is spent once their milestone is taken
            for character_id, choice in self.choices.items():
                if choice is not None:
                    play.milestone_taken(character_id)

    def choose(self, character_id: str):
        """Open the PC's dialog on top (not blocking); returns it so a test can fill it in."""
        dialog = self._dialog_for(self.campaign.character(character_id))
        play = table_play(self.document)
        if play is not None and character_id in play.milestones and hasattr(dialog, "picker"):
            dialog.picker.propose(play.milestones[character_id])  # what the player proposed from the phone
        dialog.accepted.connect(lambda: self._chosen(character_id, dialog))
        self.sub_dialog = dialog
        dialog.open()
        return dialog


class EndSessionDialog(_PerPcDialog):
    event = "session"

    def __init__(self, document, parent: QWidget | None = None):
        super().__init__("table_end_session", _("End the session"), document, parent)
        clock = self.campaign.clock
        log = session_log(self.campaign)
        self.step_text = _("End session {number}").format(number=clock.session)
        self.ok.setText(_("End the session"))
        self.date: QDateEdit = child(self.form, QDateEdit, "dateEdit")
        # Tab leaves the date (it would step day → month → year and then take the title's letters).
        self.date.installEventFilter(self)
        self.date.setDate(QDate.fromString(log.date, "yyyy-MM-dd") if log.date else QDate.currentDate())
        self.title_edit: QLineEdit = child(self.form, QLineEdit, "titleEdit")
        self.title_edit.setText(log.title)
        self.notes: QPlainTextEdit = child(self.form, QPlainTextEdit, "notesEdit")
        self.notes.setPlainText(log.notes)
        self.choices: dict = {c.id: None for c in self._pcs()}
        self._levels()
        self._rows("milestonesLayout")
        self._level_changed()
        self.fit(640)

    @property
    def milestones(self) -> dict:
        return self.choices

    def eventFilter(self, watched, event) -> bool:
        if watched is self.date and event.type() == QEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.focusNextPrevChild(event.key() == Qt.Key.Key_Tab)
            return True
        return super().eventFilter(watched, event)

    def _heading(self) -> None:
        clock = self.campaign.clock
        label = self.level_label().lower()
        words = {"session": clock.session, "scene": clock.scene, "milestone": label}
        if scene_open(self.campaign):
            heading = (_("<b>Session {session}</b> ends: scene {scene}, still open, ends first; each player character "
                         "reaches a {milestone}, fate points come back up to refresh, and consequences in recovery "
                         "move on a session.") if label else
                       _("<b>Session {session}</b> ends: scene {scene}, still open, ends first; no milestone is "
                         "reached, fate points come back up to refresh, and consequences in recovery move on a "
                         "session."))
        else:
            heading = (_("<b>Session {session}</b> ends: each player character reaches a {milestone}, fate points "
                         "come back up to refresh, and consequences in recovery move on a session.") if label else
                       _("<b>Session {session}</b> ends: no milestone is reached, fate points come back up to "
                         "refresh, and consequences in recovery move on a session."))
        child(self.form, QLabel, "headingLabel").setText(heading.format(**words))

    def step(self) -> Callable:
        choices, level, ruleset = dict(self.choices), self.level, self.ruleset
        date, title = self.date.date().toString("yyyy-MM-dd"), self.title_edit.text().strip()
        notes = self.notes.toPlainText().strip()
        return lambda campaign: end_session(campaign, choices, level=level, date=date, title=title, notes=notes,
                                            ruleset=ruleset)


class EndArcDialog(_PerPcDialog):
    event = "arc"

    def __init__(self, document, parent: QWidget | None = None):
        super().__init__("table_end_arc", _("End the arc"), document, parent)
        clock = self.campaign.clock
        self.step_text = _("End arc {number}").format(number=clock.arc)
        self.ok.setText(_("End the arc"))
        arc = next((a for a in self.campaign.arcs if a.number == clock.arc), None)
        self.name_edit: QLineEdit = child(self.form, QLineEdit, "nameEdit")
        self.name_edit.setText(arc.name if arc else "")
        self.notes: QPlainTextEdit = child(self.form, QPlainTextEdit, "notesEdit")
        self.notes.setPlainText(arc.notes if arc else "")
        self.choices: dict = {c.id: BreakthroughChoice() for c in self._pcs()}
        self._levels()
        self._rows("breakthroughsLayout")
        self._level_changed()
        self.fit(640)

    @property
    def breakthroughs(self) -> dict:
        return self.choices

    def _large(self) -> bool:
        return self.level is not None  # an arc's milestone is always taken whole

    def _heading(self) -> None:
        clock = self.campaign.clock
        label = self.level_label().lower()
        # The box lists each PC's choice for the milestone the arc grants.
        child(self.form, QGroupBox, "breakthroughsBox").setTitle(
            _("Each character's {milestone}").format(milestone=label) if label else _("Milestones"))
        child(self.form, QLabel, "headingLabel").setText(
            _("<b>Arc {arc}</b> ends: every player character reaches a {milestone}, and severe "
              "consequences in recovery clear. End the arc's last session first.").format(arc=clock.arc, milestone=label))

    def step(self) -> Callable:
        choices, level, ruleset = dict(self.choices), self.level, self.ruleset
        name, notes = self.name_edit.text().strip(), self.notes.toPlainText().strip()
        return lambda campaign: end_arc(campaign, choices, level=level, name=name, notes=notes, ruleset=ruleset)
