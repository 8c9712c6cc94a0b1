"""The character sheet editor for PCs and major NPCs, laid out like a Fate sheet."""

from __future__ import annotations

import re
from collections.abc import Iterator

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication, QBoxLayout, QFrame, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit,
    QScrollArea, QSizePolicy, QToolButton, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, rules_text
from fate_desk.model import Character, CharacterKind
from fate_desk.model.limits import limit_problem
from fate_desk.rules import Level, Problem, derive
from fate_desk.rules.creation.edits import edited, set_fate_points
from fate_desk.rules.creation.history import Refused

from .. import access, zoom
from ..follow import HearsOwnEntry
from ..forms import child, load_form
from ..kinds import display_name
from ..play.bar import PlayBar
from ..read_only import lock_if_read_only
from .aspects import AspectsSection
from .common import mark, scaled, set_text
from .long_text import LongTextGate
from .extras import ExtrasSection, ModesSection
from .harm import ConsequencesSection, StressSection
from .skills import SkillsSection
from .skills_model import capitalised
from .stunts import StuntsSection
from .style import style_as_sheet

_ASPECT_PATH = re.compile(r"^aspects\[(\d+)\]$")
_RANK = {Level.ERROR.value: 0, Level.WARNING.value: 1}
# Below this width (the sheet's, in pixels) two columns would squeeze aspects and stunts.
TWO_COLUMNS_FROM = 900
# Below this width high concept and trouble, side by side, would each be shorter than 250 pixels.
CONCEPTS_BESIDE_FROM = 620
# Fields typed into as free text; no section of the sheet below the identity shows them.
_TEXT_FIELDS = frozenset({"name", "description", "notes"})


class CharacterSheet(HearsOwnEntry, QWidget):
    """Shows one character from the document and turns every edit into an undoable step."""

    def __init__(self, document, entity_id: str, parent=None, fill: bool = True, style: bool = True):
        """`fill`: show the character at once; without it the sheet is empty until `refresh`
        (a sheet built ahead of its tab is filled in a turn of the event loop of its own).
        `style`: give it the sheet's look at once; without it, at `apply_style` or when it is
        first filled in, whichever comes first (a turn of its own for a sheet built ahead)."""
        super().__init__(parent)
        self.document = document
        self.entity_id = entity_id
        self.form = load_form("sheet")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.form)
        # The banner (name, high concept, trouble, refresh, fate points) stays put; the body scrolls.
        self.scroll: QScrollArea = child(self.form, QScrollArea, "bodyScroll")
        self.play = PlayBar(self)  # play at the table: every action goes through the core
        # In line with the header frame below it, so bar and sheet read as one piece.
        self.play.layout().setContentsMargins(12, 6, 12, 0)
        layout.insertWidget(0, self.play)
        layout.insertWidget(1, self.play.banner)  # "Taken out", between the play bar and the sheet

        self.name_edit: QLineEdit = child(self.form, QLineEdit, "nameEdit")
        self.description_edit: QLineEdit = child(self.form, QLineEdit, "descriptionEdit")
        self.kind_label: QLabel = child(self.form, QLabel, "kindLabel")
        self.ruleset_label: QLabel = child(self.form, QLabel, "rulesetLabel")
        self.refresh_value: QLabel = child(self.form, QLabel, "refreshValue")
        self.refresh_explanation: QLabel = child(self.form, QLabel, "refreshExplanation")
        self.fate_points_value: QLabel = child(self.form, QLabel, "fatePointsValue")
        self.fate_minus: QToolButton = child(self.form, QToolButton, "fatePointsMinus")
        self.fate_plus: QToolButton = child(self.form, QToolButton, "fatePointsPlus")
        self.notes_edit: QPlainTextEdit = child(self.form, QPlainTextEdit, "notesEdit")
        self.boxes = {name: child(self.form, QGroupBox, f"{name}Box")
                      for name in ("aspects", "skills", "stunts", "stress", "consequences", "notes")}
        self._style_identity()

        self.aspects = AspectsSection(self, child(self.form, QGridLayout, "aspectsLayout"),
                                      child(self.form, QGridLayout, "conceptLayout"))
        self.skills = SkillsSection(self, child(self.form, QVBoxLayout, "skillsLayout"))
        self.stunts = StuntsSection(self, child(self.form, QVBoxLayout, "stuntsLayout"))
        self.stress = StressSection(self, child(self.form, QGridLayout, "stressLayout"))
        self.consequences = ConsequencesSection(self, child(self.form, QGridLayout, "consequencesLayout"))
        self._add_extras_box()
        self.identity_layout = child(self.form, QGridLayout, "identityLayout")
        self.identity_layout.setColumnStretch(0, 1)
        self.header_frame: QFrame = child(self.form, QFrame, "identityFrame")
        self.columns = child(self.form, QHBoxLayout, "columnsLayout")
        self.columns.setStretch(0, 1)  # two equal columns, like a printed sheet
        self.columns.setStretch(1, 1)
        self.notes_edit.setTabChangesFocus(True)  # Tab leaves the notes; it never types a tab
        notes_layout = child(self.form, QVBoxLayout, "notesLayout")
        self.notes_gate = LongTextGate(self.notes_edit, _("Show the notes"))
        notes_layout.insertWidget(notes_layout.indexOf(self.notes_edit), self.notes_gate)
        # What a sheet kept from an older file past Fate Desk's limits leaves out, said at its top.
        self.limits_note = QLabel()
        self.limits_note.setObjectName("limitsNote")
        self.limits_note.setWordWrap(True)
        self.limits_note.hide()
        body = child(self.form, QVBoxLayout, "bodyLayout")
        body.insertWidget(0, self.limits_note)

        self.name_edit.textEdited.connect(lambda t: self.edit(lambda c: edited(c, name=t), _("Rename"), ("name",)))
        self.description_edit.textEdited.connect(
            lambda t: self.edit(lambda c: edited(c, description=t), _("Edit description"), ("description",)))
        self.notes_edit.textChanged.connect(
            lambda: self.edit(lambda c: edited(c, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))
        self.fate_minus.clicked.connect(lambda: self._fate_points(-1))
        self.fate_plus.clicked.connect(lambda: self._fate_points(+1))
        self._marked: set[QWidget] = set()
        self._shown: tuple | None = None  # (character, rule set id, check result) last drawn
        self.hear_own_entry(document)
        # Once every section has its widgets: a widget given a parent with a style sheet is
        # styled there and then, so each one added after it was styled on its own.
        self._styled = False
        if style:
            self.apply_style()
        if fill:
            self.refresh()

    def apply_style(self) -> None:
        """The sheet's look (see `style_as_sheet`), once."""
        if not self._styled:
            self._styled = True
            style_as_sheet(self.form)

    def _add_extras_box(self) -> None:
        """Extras and custom tracks: a box of the left column, under the stunts (built in code,
        as the sections are, so the form keeps only the fixed parts of the sheet)."""
        box = QGroupBox(_("Extras and tracks"))
        box.setObjectName("extrasBox")
        inner = QVBoxLayout(box)
        column = child(self.form, QVBoxLayout, "leftColumn")
        column.insertWidget(column.indexOf(self.boxes["stunts"]) + 1, box)
        self.boxes["extras"] = box
        self.boxes["tracks"] = box
        self.extras = ExtrasSection(self, inner)
        # Modes (Atomic Robo) sit above the skills they rate; hidden for every other rule set.
        modes_box = QGroupBox(_("Modes"))
        modes_box.setObjectName("modesBox")
        body = child(self.form, QVBoxLayout, "bodyLayout")
        body.insertWidget(body.indexOf(self.boxes["skills"]), modes_box)
        self.boxes["modes"] = modes_box
        self.modes = ModesSection(self, modes_box)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._arrange(self.width())

    def changeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """A new text size (View ▸ Zoom) lays the banner out again at once, as a resize does:
        high concept and trouble go one above the other when the larger text needs it."""
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            # The banner's layouts measured at the old size: measure again, then arrange.
            self.aspects.banner.invalidate()
            self.header_frame.layout().invalidate()
            self._arrange(self.width())
            QTimer.singleShot(0, self, self._keep_banner_whole)  # once the note has its new width

    def _arrange(self, width: int) -> None:
        """Two columns under the skills like a printed sheet when there is room (aspects and
        stunts beside stress and consequences), else one. Only the width decides: the banner
        above never changes shape while the body scrolls."""
        # Larger text (View ▸ Zoom) needs more room for the same arrangement; and two columns only
        # where both fit side by side, so the body never scrolls sideways.
        grown = max(1.0, zoom.current(QApplication.instance()) / 100)
        left, right = child(self.form, QVBoxLayout, "leftColumn"), child(self.form, QVBoxLayout, "rightColumn")
        beside = left.minimumSize().width() + right.minimumSize().width() + self.columns.spacing() + 40
        direction = (QBoxLayout.Direction.LeftToRight if width >= max(TWO_COLUMNS_FROM * grown, beside)
                     else QBoxLayout.Direction.TopToBottom)
        if self.columns.direction() != direction:
            self.columns.setDirection(direction)
        if self.aspects.set_stacked(width < CONCEPTS_BESIDE_FROM * grown):
            self._order_focus()
        self._keep_banner_whole()

    def _keep_banner_whole(self) -> None:
        """The wrapped refresh note beside the name is never shorter than its lines at its width:
        with larger text it wraps to more lines, and the window, not counting them, gave the
        high concept and trouble under it less than their height."""
        for label in (self.refresh_explanation,):
            needed = label.heightForWidth(label.width()) if label.width() > 0 else -1
            if needed > 0 and label.minimumHeight() != needed:
                label.setMinimumHeight(needed)

    def _style_identity(self) -> None:
        scaled(self.name_edit, 2.0, bold=True)  # the banner: the sheet's largest type
        for label in (self.refresh_value, self.fate_points_value):
            scaled(label, 1.6, bold=True)
        for name in ("refreshTitle", "fatePointsTitle"):
            scaled(child(self.form, QLabel, name), 0.8, bold=True)
        scaled(self.refresh_explanation, 0.85)
        # "3 − 2 for a fourth and fifth stunt" wraps rather than widening the banner.
        self.refresh_explanation.setWordWrap(True)
        self.refresh_explanation.setMinimumWidth(110)
        self.refresh_explanation.setMaximumWidth(150)
        for button in (self.fate_minus, self.fate_plus):  # Tab stops after the banner's aspects: see _order_focus
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            # As large as their sign at the text size in use (a fixed 24x22 cut the + at 200%).
            button.setMinimumSize(24, 22)
            button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        # The body is reached through its fields (it scrolls to the focused one); as a Tab stop
        # of its own it only swallowed a Tab press with nothing to show for it.
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # --- reading the document ------------------------------------------------------------

    @property
    def character(self) -> Character:
        return self.document.entity(self.entity_id)

    @property
    def ruleset(self):
        return self.document.ruleset_for(self.character)

    def title(self) -> str:
        character = self.character
        return display_name(character) if character else _("(deleted)")

    def own_entry_changed(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        for _part in self.refresh_in_parts():
            pass

    def refresh_in_parts(self) -> Iterator[None]:
        """`refresh`, a part at a time: each `next` shows some of the sheet (the banner and the
        aspects, then the skills and stunts, then the rest), so that a sheet built out of sight
        can be filled in over turns of the event loop of their own (a whole sheet at 10,000
        entries was one turn of 25-40 ms). Each part works from the character as it was when the
        first ran; should the sheet be refreshed whole meanwhile (an edit, an undo), that showed
        everything anew and the rest of the parts are left undone."""
        character = self.character
        if character is None:
            return
        self.apply_style()  # never shown without it
        ruleset = self.ruleset
        result = self.document.check(self.entity_id)
        derived = result.derived
        set_text(self.name_edit, character.name)
        set_text(self.description_edit, character.description)
        self.notes_gate.show_text(character.notes)
        shown, self._shown = self._shown, None  # noted again once every part is shown
        if shown is not None and shown[1:] == (ruleset.id, result) and _only_text_changed(shown[0], character):
            # A keystroke in the name, description or notes: every section would be set to what
            # it shows already, and repainting them all made typing slow.
            self._shown = (character, ruleset.id, result)
            return
        self.kind_label.setText(f"<b>{character.kind.label}</b>")
        self.ruleset_label.setText(_("Rule set: {name}").format(name=rules_text(ruleset.name)))
        self.refresh_value.setText(str(derived.refresh))
        pays = character.kind == CharacterKind.PC
        self.refresh_explanation.setText(derived.refresh_explanation if pays else _("no cost for NPC stunts"))
        self.fate_points_value.setText(str(character.fate_points))
        self._name_the_numbers(derived.refresh, character.fate_points)
        self.play.show_character(character)
        self.fate_minus.setEnabled(character.fate_points > 0)
        self.aspects.update(character, ruleset)
        self.aspects.set_stacked(self.width() < CONCEPTS_BESIDE_FROM)
        yield
        if self._shown is not None:  # refreshed whole meanwhile
            return
        self.skills.update(character, ruleset, result.problems)
        self.stunts.update(character, ruleset, derived, pays)
        yield
        if self._shown is not None:
            return
        self.stress.update(character, ruleset, derived)
        self.consequences.update(character, derived)
        self.extras.update(character, ruleset, derived)
        self.modes.update(character, ruleset)
        self.boxes["skills"].setTitle(capitalised(rules_text(ruleset.skill_word_plural, ruleset)))
        self._mark_problems(result.problems)
        self._say_limits(character)
        self._order_focus()
        lock_if_read_only(self.document, self)  # a redraw re-enables buttons (fate point −, Treat…)
        self._shown = (character, ruleset.id, result)

    def _name_the_numbers(self, refresh: int, points: int) -> None:
        """Refresh and fate points are heard with their numbers (a name alone hid them), and the
        − and + beside the points say how many there are now."""
        self.refresh_value.setAccessibleName(_("Refresh: {count}").format(count=refresh))
        self.refresh_value.setAccessibleDescription(self.refresh_explanation.text())
        held = _("Fate points: {count}").format(count=points)
        self.fate_points_value.setAccessibleName(held)
        for button in (self.fate_minus, self.fate_plus):
            button.setAccessibleDescription(held)

    def _say_limits(self, character: Character) -> None:
        """A character past Fate Desk's limits (kept from an older file): the sheet shows what
        fits in them, costing no more than a full sheet, and says so; nothing is changed."""
        problem = limit_problem(character)
        hidden = self.aspects.hidden or self.stunts.hidden or self.skills.model.hidden
        if problem and hidden:
            self.limits_note.setText(_("{problem}. The sheet shows what fits in that; the rest stays in the file "
                                       "as it was.").format(problem=capitalised(problem)))
        elif problem:
            self.limits_note.setText(_("{problem}.").format(problem=capitalised(problem)))
        self.limits_note.setVisible(bool(problem))

    def _order_focus(self) -> None:
        """Tab follows the eye: the play bar, the banner (name, high concept, trouble), the skills
        across the top of the body, then the left column (aspects, stunts), the right column
        (consequences) and the description and notes. The quick fate point − and + come after the
        banner's aspects, never straight after a field typed into, so a space typed after a stray
        Tab never spends a point; stress boxes take no Tab stop (Take a hit… marks them)."""
        play = self.play
        # The scale choice is part of the bar (hidden where the campaign has no scale, and then skipped).
        chain: list[QWidget] = [play.roll_button, play.hit_button, play.concede_button, play.compel_button,
                                play.points_button, play.scale, self.name_edit]
        banner = self.aspects.rows_in_banner()
        for row in banner:
            chain += [self.aspects.edits[row], self.aspects.invokes[row]]
        chain += [self.fate_minus, self.fate_plus]
        if self.ruleset.modes is not None:
            chain += list(self.modes.combos.values())  # modes before the skills they rate
        chain += self.skills.focus_chain()
        for row, (edit, invokes) in enumerate(zip(self.aspects.edits, self.aspects.invokes)):
            if row not in banner:
                chain += [edit, invokes]
        for card in self.stunts.cards:
            chain += [card.name, card.text]
        chain += [self.stunts.add_button, self.stunts.template_button, *self.extras.focus_chain()]
        chain += self.consequences.focus_chain()
        chain += [self.description_edit, self.notes_gate.button, self.notes_edit]
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)

    # --- editing -----------------------------------------------------------------------

    def edit(self, operation, text: str, merge_key: object = None) -> bool:
        return self.document.edit(self.entity_id, self._fate_points_follow_refresh(operation), text, merge_key)

    def _fate_points_follow_refresh(self, operation):
        """While a PC is being made (no milestone or breakthrough yet) and holds a full set of
        fate points, an edit that changes refresh (a fourth stunt) changes the fate points with it."""
        ruleset, options = self.ruleset, self.document.campaign.options

        def run(character: Character) -> Character:
            after = operation(character)
            if character.kind != CharacterKind.PC or character.advancement or after is character:
                return after
            before_refresh = derive(character, ruleset, options).refresh
            after_refresh = derive(after, ruleset, options).refresh
            if after_refresh != before_refresh and character.fate_points == before_refresh == after.fate_points:
                return set_fate_points(after, after_refresh)
            return after

        return run

    def _fate_points(self, step: int) -> None:
        """The quick − and + beside the fate points: a spend or gain in the ledger, reason "other"."""
        # The fate-point rules (and the clock's, which they log to) load at the first press, not
        # with the first sheet.
        # Deferred: rules.play.fate_points (~31 ms, 5 modules) is not loaded at start-up, only on first use.
        from fate_desk.rules.play.fate_points import Reason, change_points

        cid = self.entity_id
        try:
            change_points(self.document.campaign, cid, step, Reason.OTHER)
        except Refused:
            return  # the − button is disabled at 0; nothing to say here
        self.document.edit_campaign(lambda c: change_points(c, cid, step, Reason.OTHER),
                                    _("Spend a fate point") if step < 0 else _("Gain a fate point"))
        if self.character is not None:  # pressed from the keyboard: the number is heard at once
            access.announce(self, _("Fate points: {count}").format(count=self.character.fate_points))

    def open_stunt_helper(self):
        """The stunt templates, opened without blocking; Add stunt adds the stunt (one undo step)."""
        # Deferred: gui.dialogs.stunt_helper (~3 ms, 4 modules) is not loaded at start-up, only on first use.
        from ..dialogs.stunt_helper import StuntHelperDialog  # only when asked for

        dialog = StuntHelperDialog(self.ruleset, self.character, self)
        dialog.accepted.connect(lambda: self.stunts.add(dialog.stunt(), _("Add stunt from template")))
        self.stunt_helper = dialog
        dialog.open()
        return dialog

    # --- problems -------------------------------------------------------------------------

    def widgets_for(self, path: str) -> list[QWidget]:
        """The fields a checker path names (used to mark them and to focus them)."""
        if found := _ASPECT_PATH.match(path):
            edit = self.aspects.field(int(found.group(1)))
            return [edit] if edit else []
        head = path.split(".", 1)[0].split("@", 1)[0].split("[", 1)[0]
        if head == "refresh":
            return [self.refresh_value]
        if head == "stunts":
            return [self.boxes["stunts"], self.stunts.summary]
        if head == "name":
            return [self.name_edit]
        if head == "description":
            return [self.description_edit]
        if head in self.boxes:
            return [self.boxes[head]]
        return []

    def _mark_problems(self, problems: list[Problem]) -> None:
        marks: dict[QWidget, tuple[str, str]] = {}
        for problem in problems:
            severity = problem.severity.value
            if severity not in _RANK:
                continue
            widgets = self.widgets_for(problem.path)
            if problem.code.startswith("refresh."):  # however the checker words it, refresh is the number at fault
                widgets += [self.refresh_value, child(self.form, QFrame, "refreshFrame")]
            for widget in widgets:
                old = marks.get(widget)
                if old is None or _RANK[severity] < _RANK[old[0]]:
                    marks[widget] = (severity, problem.message)
        for widget in self._marked - set(marks):
            mark(widget, None)
        for widget, (severity, message) in marks.items():
            mark(widget, severity, message)
        self._marked = set(marks)

    def focus_path(self, path: str) -> bool:
        """Bring the field a problem names into view and give it the keyboard focus."""
        if path.startswith("skills."):
            self.skills.focus_skill(path[len("skills."):])
            self.scroll.ensureWidgetVisible(self.boxes["skills"])
            return True
        if path.startswith("skills@"):
            try:
                self.skills.focus_row(int(path.split("@", 1)[1]))
            except ValueError:
                return False
            self.scroll.ensureWidgetVisible(self.boxes["skills"])
            return True
        if path == "stunts":
            target = self.stunts.cards[-1].name if self.stunts.cards else self.stunts.add_button
        elif path.startswith("consequences"):
            target = self.consequences.field(path.split(".", 1)[1] if "." in path else None)
        elif path.startswith("stress"):
            target = next((b for t in self.stress.rows for b in self.stress.boxes(t)), None)
        else:
            widgets = self.widgets_for(path)
            target = widgets[0] if widgets else None
        if target is None:
            return False
        self.scroll.ensureWidgetVisible(target, 50, 80)
        target.setFocus(Qt.FocusReason.OtherFocusReason)
        return True


def _only_text_changed(before: Character, after: Character) -> bool:
    """True when a text field changed and nothing else did (an unchanged character is redrawn
    in full: a refresh then puts back what a refused edit left in a field)."""
    fields = type(after).model_fields
    return (any(getattr(before, name) != getattr(after, name) for name in _TEXT_FIELDS)
            and all(getattr(before, name) == getattr(after, name) for name in fields if name not in _TEXT_FIELDS))

