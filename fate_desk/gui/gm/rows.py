"""Row lists built from data, shared by the minor NPC card and the monster editor.

Each list syncs its rows to the character on every refresh and turns typing into undoable edits
through the owning editor's `edit(operation, text, merge_key)`.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QSizePolicy, QToolButton,
    QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, ngettext, pgettext, rules_text
from fate_desk.model import Aspect, Character, Severity, Stunt, ladder_label
from fate_desk.rules.creation.edits import add_stunt, edited, remove_stunt, update_stunt
from fate_desk.rules.harm.absorb import slots_of
from fate_desk.rules.prep.editing import add_skill_row, remove_skill_row, set_skill_row, skill_rows

from ..icons import icon
from ..play.hit_dialog import TakeHitDialog
from ..sheet.common import mark, set_text
from ..sheet.aspects import InvokeBoxes
from ..sheet.harm import BOX_STYLE
from .common import LadderCombo


# Consequence severities by name (the model keeps the severity's value).
SEVERITY_NAMES = {Severity.MILD: N_("Mild"), Severity.MODERATE: N_("Moderate"), Severity.SEVERE: N_("Severe"),
                  Severity.EXTREME: N_("Extreme")}


def severity_name(severity: Severity) -> str:
    return _(SEVERITY_NAMES[severity]) if severity in SEVERITY_NAMES else _(severity.label)


def _remove_button(tip: str, name: str) -> QToolButton:
    """A row's remove button: `tip` its tooltip ("Remove this stunt"), `name` what it is heard as."""
    button = QToolButton()
    button.setIcon(icon("remove"))
    button.setToolTip(tip)
    button.setAccessibleName(name)
    return button


def _clear(layout) -> None:
    while layout.count():
        item = layout.takeAt(0)
        if item.widget() is not None:
            item.widget().hide()
            item.widget().deleteLater()


# --- aspects --------------------------------------------------------------------------------

def _aspect_text(character: Character, index: int, text: str) -> Character:
    aspects = [a.model_copy() for a in character.aspects]
    while len(aspects) <= index:
        aspects.append(Aspect())
    aspects[index].text = text
    while aspects and not aspects[-1].text.strip() and not aspects[-1].free_invokes:
        aspects.pop()  # blank lines at the end are just unused space on the card
    return edited(character, aspects=aspects)


def _aspect_invokes(character: Character, index: int, value: int) -> Character:
    aspects = [a.model_copy() for a in character.aspects]
    aspects[index].free_invokes = value
    return edited(character, aspects=aspects)


def _remove_aspect(character: Character, index: int) -> Character:
    return edited(character, aspects=[a.model_copy() for i, a in enumerate(character.aspects) if i != index])


class AspectRows:
    """Aspect lines with free invokes; at least `min_rows` lines are shown to type into."""

    def __init__(self, editor, layout: QGridLayout, min_rows: int = 0, add_button: QPushButton | None = None):
        self.editor = editor
        self.layout = layout
        self.min_rows = min_rows
        self.edits: list[QLineEdit] = []
        self.invokes: list[InvokeBoxes] = []
        self.removes: list[QToolButton] = []
        layout.setColumnStretch(0, 1)
        if add_button is not None:
            add_button.clicked.connect(self.add)

    def _ensure(self, count: int) -> None:
        while len(self.edits) < count:
            row = len(self.edits)
            edit = QLineEdit()
            edit.setPlaceholderText(_("An aspect: a phrase that is true about them"))
            edit.setAccessibleName(_("Aspect {number}").format(number=row + 1))
            edit.setClearButtonEnabled(True)
            spin = InvokeBoxes()  # boxes, as on the character sheet
            spin.setAccessibleName(_("Free invokes on aspect {number}").format(number=row + 1))
            remove = _remove_button(_("Remove this aspect"), _("Remove aspect"))
            self.layout.addWidget(edit, row, 0)
            self.layout.addWidget(spin, row, 1)
            self.layout.addWidget(remove, row, 2)
            edit.textEdited.connect(lambda text, r=row: self.editor.edit(
                lambda c: _aspect_text(c, r, text), _("Edit aspect"), ("aspect", r)))
            spin.valueChanged.connect(lambda value, r=row: self.editor.edit(
                lambda c: _aspect_invokes(c, r, value), _("Change free invokes"), ("invokes", r)))
            remove.clicked.connect(lambda _checked=False, r=row: self.editor.edit(
                lambda c: _remove_aspect(c, r), _("Remove aspect")))
            self.edits.append(edit)
            self.invokes.append(spin)
            self.removes.append(remove)

    def update(self, character: Character) -> None:
        count = max(self.min_rows, len(character.aspects))
        self._ensure(count)
        for row, (edit, spin, remove) in enumerate(zip(self.edits, self.invokes, self.removes)):
            exists = row < len(character.aspects)
            for widget in (edit, spin, remove):
                widget.setVisible(row < count)
            spin.setEnabled(exists)
            remove.setEnabled(exists)
            set_text(edit, character.aspects[row].text if exists else "")
            spin.setValue(character.aspects[row].free_invokes if exists else 0)

    def add(self) -> None:
        character = self.editor.entity
        blank = next((i for i, a in enumerate(character.aspects) if not a.text.strip()), None)
        if blank is None and len(character.aspects) >= self.min_rows:
            new = _("New aspect")
            self.editor.edit(lambda c: edited(c, aspects=[*c.aspects, Aspect(text=new)]), _("Add aspect"))
            blank = len(self.editor.entity.aspects) - 1
        elif blank is None:
            blank = len(character.aspects)
        self.edits[blank].setFocus()
        self.edits[blank].selectAll()


# --- skills ---------------------------------------------------------------------------------

class SkillRows:
    """'Fair (+2) at [skill]' rows: a ladder combo and a skill picked from the list or typed freely."""

    def __init__(self, editor, layout: QGridLayout, add_button: QPushButton, low: int = -2, high: int = 8):
        self.editor = editor
        self.layout = layout
        self.low, self.high = low, high
        self.combos: list[LadderCombo] = []
        self.names: list[QComboBox] = []
        self.removes: list[QToolButton] = []
        self.ats: list[QLabel] = []
        self.skill_list: list[str] = []
        layout.setColumnStretch(2, 1)
        add_button.clicked.connect(self.add)

    def _ensure(self, count: int) -> None:
        while len(self.combos) < count:
            row = len(self.combos)
            combo = LadderCombo(self.low, self.high, skip_mediocre=True)
            combo.setAccessibleName(_("Rating of skill {number}").format(number=row + 1))
            at = QLabel(pgettext("rating at skill", "at"))
            name = QComboBox()
            name.setEditable(True)
            name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            name.setAccessibleName(_("Skill {number}").format(number=row + 1))
            name.setToolTip(_("Pick a skill from the list, or type anything, e.g. Getting into Bar Fights"))
            name.setMinimumContentsLength(16)
            remove = _remove_button(_("Remove this skill"), _("Remove skill"))
            self.layout.addWidget(combo, row, 0)
            self.layout.addWidget(at, row, 1)
            self.layout.addWidget(name, row, 2)
            self.layout.addWidget(remove, row, 3)
            combo.ratingChosen.connect(lambda value, r=row: self._rate(r, value))
            name.lineEdit().textEdited.connect(lambda text, r=row: self._rename(r, text))
            name.activated.connect(lambda i, r=row, n=name: self._rename(r, n.itemData(i) or n.itemText(i)))
            remove.clicked.connect(lambda _checked=False, r=row: self.editor.edit(
                lambda c: remove_skill_row(c, r), _("Remove skill")))
            self.combos.append(combo)
            self.ats.append(at)
            self.names.append(name)
            self.removes.append(remove)

    def update(self, character: Character, skill_list: list[str]) -> None:
        rows = skill_rows(character)
        self._ensure(len(rows))
        for row, widgets in enumerate(zip(self.combos, self.ats, self.names, self.removes)):
            for widget in widgets:
                widget.setVisible(row < len(rows))
        for row, (skill, rating) in enumerate(rows):
            self.combos[row].set_value(rating)
            name = self.names[row]
            if self.skill_list != skill_list or name.count() != len(skill_list):
                with QSignalBlocker(name):
                    name.clear()
                    for listed in skill_list:  # shown translated; the rule set's name is the item's data
                        name.addItem(rules_text(listed), listed)
            typing_a_clash = name.lineEdit().hasFocus() and name.lineEdit().property("problem") == "error"
            if not typing_a_clash:
                mark(name.lineEdit(), None)
                shown = rules_text(skill) if skill in skill_list else skill
                if name.currentText() != shown:
                    with QSignalBlocker(name):
                        name.setEditText(shown)
        self.skill_list = list(skill_list)

    def _rate(self, row: int, value: int) -> None:
        name = skill_rows(self.editor.entity)[row][0]
        self.editor.edit(lambda c: set_skill_row(c, row, rating=value),
                         _("Set {skill} to {rating}").format(skill=rules_text(name), rating=ladder_label(value)))

    def _rename(self, row: int, text: str) -> None:
        character = self.editor.entity
        text = self._skill_key(row, text.strip())
        old = skill_rows(character)[row][0]
        if not text or (text != old and text in character.skills):
            # Not an edit yet: say why on the field and wait for the user to finish typing.
            why = (_("A skill needs a name.") if not text
                   else _("{skill} is already on this sheet.").format(skill=rules_text(text)))
            mark(self.names[row].lineEdit(), "error", why)
            return
        mark(self.names[row].lineEdit(), None)
        self.editor.edit(lambda c: set_skill_row(c, row, name=text), _("Rename skill"), ("skill", row))

    def _skill_key(self, row: int, text: str) -> str:
        """A listed skill typed or picked by its shown (translated) name is kept by the rule
        set's own name; any other text is a skill of the GM's own, kept as typed."""
        if text in self.skill_list:
            return text
        index = self.names[row].findText(text)
        return self.names[row].itemData(index) if index >= 0 else text

    def add(self) -> None:
        self.editor.edit(lambda c: add_skill_row(c, 2), _("Add skill"))
        rows = skill_rows(self.editor.entity)
        if rows and len(self.names) >= len(rows):
            edit = self.names[len(rows) - 1].lineEdit()
            edit.setFocus()
            edit.selectAll()


# --- stunts ---------------------------------------------------------------------------------

class StuntRows:
    """A name and a text per stunt."""

    def __init__(self, editor, layout: QVBoxLayout, add_button: QPushButton, text_lines: int = 2):
        self.editor = editor
        self.layout = layout
        self.text_lines = text_lines
        self.names: list[QLineEdit] = []
        self.texts: list[QPlainTextEdit] = []
        self.holders: list[QWidget] = []
        add_button.clicked.connect(self.add)

    def _ensure(self, count: int) -> None:
        while len(self.names) < count:
            row = len(self.names)
            holder = QWidget()
            holder.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
            grid = QGridLayout(holder)
            grid.setContentsMargins(0, 0, 0, 4)
            grid.setVerticalSpacing(2)
            name = QLineEdit()
            name.setPlaceholderText(_("Stunt name"))
            name.setAccessibleName(_("Stunt {number} name").format(number=row + 1))
            font = name.font()
            font.setBold(True)
            name.setFont(font)
            text = QPlainTextEdit()
            text.setPlaceholderText(_("What it lets them do, e.g. +2 to Fight when outnumbered"))
            text.setAccessibleName(_("Stunt {number} text").format(number=row + 1))
            text.setTabChangesFocus(True)
            text.setFixedHeight(text.fontMetrics().lineSpacing() * self.text_lines + 14)
            remove = _remove_button(_("Remove this stunt"), _("Remove stunt"))
            grid.addWidget(name, 0, 0)
            grid.addWidget(remove, 0, 1)
            grid.addWidget(text, 1, 0, 1, 2)
            name.textEdited.connect(lambda t, r=row: self.editor.edit(
                lambda c: update_stunt(c, r, name=t), _("Edit stunt name"), ("stunt", r, "name")))
            text.textChanged.connect(lambda r=row, w=text: self.editor.edit(
                lambda c: update_stunt(c, r, text=w.toPlainText()), _("Edit stunt text"), ("stunt", r, "text")))
            remove.clicked.connect(lambda _checked=False, r=row: self.editor.edit(
                lambda c: remove_stunt(c, r), _("Remove stunt")))
            self.layout.addWidget(holder)
            self.names.append(name)
            self.texts.append(text)
            self.holders.append(holder)

    def update(self, character: Character) -> None:
        self._ensure(len(character.stunts))
        for row, holder in enumerate(self.holders):
            holder.setVisible(row < len(character.stunts))
        for row, stunt in enumerate(character.stunts):
            set_text(self.names[row], stunt.name)
            set_text(self.texts[row], stunt.text)

    def add(self) -> None:
        self.editor.edit(lambda c: add_stunt(c, Stunt()), _("Add stunt"))
        count = len(self.editor.entity.stunts)
        if 0 < count <= len(self.names):
            self.names[count - 1].setFocus()


# --- stress boxes ---------------------------------------------------------------------------

class BoxRow(QWidget):
    """A track's boxes showing their values and which are marked; with `on_click`, clicking one
    marks or clears it (a countdown). Without, they only show: stress is marked through Take a
    hit, where the rules choose the legal ways."""

    def __init__(self, on_click=None, parent=None):
        super().__init__(parent)
        self.on_click = on_click
        self.setStyleSheet(BOX_STYLE)
        self.boxes: list[QToolButton] = []
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)
        self.row.setSpacing(4)
        self.empty = QLabel(_("<i>no boxes: any hit takes them out unless a consequence absorbs it</i>"))
        self.row.addWidget(self.empty)
        self.row.addStretch(1)

    def show_boxes(self, values: list[int], marked: list[int]) -> None:
        while len(self.boxes) < len(values):
            index = len(self.boxes)
            box = QToolButton()
            box.setCheckable(True)
            box.setFixedSize(30, 30)
            if self.on_click is not None:
                box.clicked.connect(lambda checked, i=index: self.on_click(i, checked))
            else:
                box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                box.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)  # shows, never marks
            self.row.insertWidget(index, box)
            self.boxes.append(box)
        for index, box in enumerate(self.boxes):
            box.setVisible(index < len(values))
            if index < len(values):
                box.setText(str(values[index]))
                if self.on_click is not None:
                    box.setToolTip(_("Box worth {value} — click to mark or clear").format(value=values[index]))
                box.setAccessibleName((_("Box {number}, worth {value}, marked") if index in marked
                                       else _("Box {number}, worth {value}, free")).format(number=index + 1,
                                                                                         value=values[index]))
                with QSignalBlocker(box):
                    box.setChecked(index in marked)
        self.empty.setVisible(not values)


class HarmRow(QWidget):
    """Take a hit… for an NPC or a monster, as for a PC: the core lists the legal ways to absorb
    it, and a new consequence gives the attacker a free invoke. Shows the consequences taken."""

    def __init__(self, editor, parent=None):
        super().__init__(parent)
        self.editor = editor
        self.dialog = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        self.hit_button = QPushButton(_("Take a &hit…"))
        self.hit_button.setToolTip(_("Absorb a hit with stress and consequences, the ways the rules allow"))
        row.addWidget(self.hit_button)
        row.addStretch(1)
        layout.addLayout(row)
        self.taken = QLabel()
        self.taken.setWordWrap(True)
        self.taken.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.taken)
        self.hit_button.clicked.connect(self.take_hit)

    def take_hit(self):
        editor = self.editor
        self.dialog = TakeHitDialog(editor.document, editor.entity_id, parent=editor)
        self.dialog.open()
        return self.dialog

    def show_character(self, character: Character, campaign, stress: str = "") -> None:
        """List the consequences taken (and `stress`, marked boxes not drawn elsewhere)."""
        lines = []
        slots = slots_of(character, self.editor.document.ruleset_for(character), campaign.options)
        for c in character.consequences:
            if not c.text.strip():
                continue
            slot = slots.get(c.slot)
            kind = (rules_text(slot.label) if slot.label else severity_name(slot.severity)) if slot is not None else c.slot
            holder = campaign.character(c.inflicted_by) if c.inflicted_by else None
            if holder is not None and c.free_invokes:
                lines.append(ngettext("{kind}: {text}, {count} free invoke for {holder}",
                                      "{kind}: {text}, {count} free invokes for {holder}", c.free_invokes).format(
                    kind=kind, text=c.text, count=c.free_invokes, holder=holder.name or _("(unnamed)")))
            else:
                lines.append(_("{kind}: {text}").format(kind=kind, text=c.text))
        taken = _("Consequences taken: {consequences}").format(consequences="; ".join(lines)) if lines else ""
        text = "\n".join(x for x in (stress, taken) if x)
        self.taken.setText(text)
        self.taken.setVisible(bool(text))


__all__ = ["AspectRows", "BoxRow", "HarmRow", "SkillRows", "StuntRows"]
