"""Aspects: the rule set's slots (High Concept, Trouble, ...) as lines to write on, each with its
free invokes as boxes. High concept and trouble sit in the banner under the name."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QToolButton

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import AspectRole, Character
from fate_desk.model.limits import MAX_ASPECTS
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.checker import aspect_slots
from fate_desk.rules.creation.edits import set_aspect, update_aspect

from .. import access
from .common import scaled, set_text
from .skills_model import capitalised

_PLACEHOLDERS = {
    AspectRole.HIGH_CONCEPT: N_("Who they are, in one phrase"),
    AspectRole.TROUBLE: N_("What keeps dragging them into trouble"),
    AspectRole.RELATIONSHIP: N_("Someone they are tied to (fine to fill in last)"),
    AspectRole.FREE: N_("Anything else that makes them who they are"),
}
_IN_BANNER = (AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE)


class InvokeBoxes(QFrame):
    """Free invokes waiting on an aspect, as boxes: one filled box per invoke and a dashed one
    to add another. A click on a filled box takes the invokes from there on away. With the
    keyboard (it is a Tab stop): + or ↑ adds one, − or ↓ takes one away, a digit sets the count."""

    valueChanged = Signal(int)

    def __init__(self, parent=None):
        access.install()  # heard as a spin button: the factory must be in before Qt asks
        super().__init__(parent)
        self.setObjectName("invokeBoxes")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.on = ""  # the aspect the boxes belong to, as heard: "Trouble"
        self.setAccessibleName(_("Free invokes"))
        self.setToolTip(_("Free invokes waiting on this aspect: + or click the dashed box to add one, "
                          "− or click a filled box to take them away"))
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(2, 2, 2, 2)
        self._layout.setSpacing(3)
        self.boxes: list[QToolButton] = []
        self._value = 0
        self.read_only = False
        self._show()

    def setAccessibleName(self, name: str) -> None:  # noqa: N802 (Qt's name)
        """The boxes inside are named after it too: "Add a free invoke on Trouble". A caller that
        names the frame in English ("Free invokes on aspect 2") gets boxes named after it;
        set_aspect() does it in any language."""
        super().setAccessibleName(name)
        english = "Free invokes on "  # i18n: not shown (read from a caller's English name)
        if name.startswith(english):
            self.on = name[len(english):]
        if hasattr(self, "boxes"):  # not while __init__ is still making them
            self._show()

    def set_aspect(self, heard: str) -> None:
        """Name the frame and its boxes after their aspect, as heard: "Trouble", "Aspect 4"."""
        self.on = heard
        QFrame.setAccessibleName(self, _("Free invokes on {aspect}").format(aspect=heard))
        self._show()

    def set_read_only(self, read_only: bool) -> None:
        """A read-only campaign: the boxes show the count and take no click or key."""
        self.read_only = read_only
        for box in self.boxes:
            box.setEnabled(not read_only)

    def value(self) -> int:
        return self._value

    def setValue(self, value: int) -> None:  # noqa: N802 (Qt's name)
        """Show `value` without telling anyone (the document's state, redrawn)."""
        value = max(0, min(99, value))
        if value != self._value:
            self._value = value
            self._show()

    def _choose(self, value: int) -> None:
        if self.read_only:
            return
        value = max(0, min(99, value))
        if value != self._value:
            self.setValue(value)
            self.valueChanged.emit(value)

    def _show(self) -> None:
        while len(self.boxes) < self._value + 1:
            box = QToolButton()
            box.setCheckable(True)
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the frame is the one Tab stop
            position = len(self.boxes)
            box.clicked.connect(lambda *_args, p=position: self._clicked(p))
            box.setEnabled(not self.read_only)
            self._layout.addWidget(box)
            self.boxes.append(box)
        for position, box in enumerate(self.boxes):
            box.setVisible(position <= self._value)
            spare = position == self._value
            box.setChecked(not spare)
            box.setProperty("spare", spare)
            box.setAccessibleName(self._box_name(spare, position + 1))
            box.style().unpolish(box)
            box.style().polish(box)
        words = _("no free invokes") if not self._value else \
            ngettext("{count} free invoke", "{count} free invokes", self._value).format(count=self._value)
        self.setAccessibleDescription(words)

    def _box_name(self, spare: bool, number: int) -> str:
        if self.on:
            return (_("Add a free invoke on {aspect}").format(aspect=self.on) if spare
                    else _("Free invoke {number} on {aspect}").format(number=number, aspect=self.on))
        return _("Add a free invoke") if spare else _("Free invoke {number}").format(number=number)

    def _clicked(self, position: int) -> None:
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self._choose(position + 1 if position == self._value else position)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        key, text = event.key(), event.text()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Up, Qt.Key.Key_Right) or text == "+":
            self._choose(self._value + 1)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Backspace,
                     Qt.Key.Key_Delete) or text == "-":
            self._choose(self._value - 1)
        elif text.isdigit():
            self._choose(int(text))
        else:
            super().keyPressEvent(event)


class AspectsSection:
    """One line per rule-set slot, plus lines for aspects beyond the slots (NPCs may have more).
    High concept and trouble go to `banner` (beside each other under the name), the rest to `layout`."""

    def __init__(self, sheet, layout: QGridLayout, banner: QGridLayout):
        self.sheet = sheet
        self.layout = layout
        self.banner = banner
        self.edits: list[QLineEdit] = []
        self.invokes: list[InvokeBoxes] = []
        self.labels: list[QLabel] = []
        self._places: list[tuple[str, int]] = []  # where each row sits: ("banner", column) or ("body", line)
        self._targets: list[tuple[str, int]] = []  # ("slot", i) or ("extra", aspect index)
        self.layout.setColumnStretch(0, 1)
        self.hidden = 0  # aspects past the limit of what a sheet shows
        self.stacked = False  # high concept over trouble (a narrow sheet) or beside it

    def set_stacked(self, stacked: bool) -> bool:
        """Put trouble under high concept (narrow sheets) or beside it; only the width decides.
        True when the lines moved."""
        if stacked == self.stacked:
            return False
        self.stacked = stacked
        for row in self.rows_in_banner():
            where, self._places[row] = self._places[row], ("", -1)
            self._place(row, where)
        return True

    def _make_row(self) -> None:
        row = len(self.edits)
        edit = QLineEdit()
        edit.setClearButtonEnabled(True)
        label = QLabel()
        label.setBuddy(edit)
        invokes = InvokeBoxes()
        edit.textEdited.connect(lambda text, r=row: self._text_edited(r, text))
        invokes.valueChanged.connect(lambda value, r=row: self._invokes_changed(r, value))
        self.labels.append(label)
        self.edits.append(edit)
        self.invokes.append(invokes)
        self._places.append(("", -1))

    def _place(self, row: int, where: tuple[str, int]) -> None:
        """The line on top, its caption under it and the invoke boxes at the line's end, as on paper."""
        if self._places[row] == where:
            return
        placed, self._places[row] = self._places[row], where
        edit, label, invokes = self.edits[row], self.labels[row], self.invokes[row]
        if placed[0]:  # a row not placed yet is in no layout: looking for it there costs a scan of each
            for widget in (edit, label, invokes):
                (self.banner if placed[0] == "banner" else self.layout).removeWidget(widget)
        kind, at = where
        if kind == "banner":
            top, column = (2 * at, 0) if self.stacked else (0, 2 * at)
            self.banner.addWidget(edit, top, column)
            self.banner.addWidget(invokes, top, column + 1, Qt.AlignmentFlag.AlignVCenter)
            self.banner.addWidget(label, top + 1, column, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.banner.setColumnStretch(column, 1)
            self.banner.setColumnStretch(2, 0 if self.stacked else 1)
        else:
            self.layout.addWidget(edit, 2 * at, 0)
            self.layout.addWidget(invokes, 2 * at, 1, Qt.AlignmentFlag.AlignVCenter)
            self.layout.addWidget(label, 2 * at + 1, 0, 1, 2, Qt.AlignmentFlag.AlignTop)
            self.layout.setRowMinimumHeight(2 * at + 1, 22)
        scaled(edit, 1.22 if kind == "banner" else 1.08)
        scaled(label, 0.8, bold=True, spaced=True)

    def update(self, character: Character, ruleset: RuleSet) -> None:
        slots = aspect_slots(character, ruleset)
        used = {index for _role, index in slots if index is not None}
        extras = [i for i in range(len(character.aspects)) if i not in used]
        # At most what Fate Desk keeps (fate_desk.model.limits): one kept from an older file past
        # it shows its first ones, and the sheet says how many it leaves out.
        room = max(0, MAX_ASPECTS - len(slots))
        self.hidden = max(0, len(extras) - room)
        self._targets = [("slot", i) for i in range(len(slots))] + [("extra", i) for i in extras[:room]]
        while len(self.edits) < len(self._targets):
            self._make_row()
        banner_column, body_line = 0, 0
        for row, (kind, where) in enumerate(self._targets):
            if kind == "slot":
                role, index = slots[where]
                aspect = character.aspects[index] if index is not None else None
            else:
                aspect = character.aspects[where]
                role = aspect.role
            if role in _IN_BANNER and kind == "slot" and banner_column < 2:
                self._place(row, ("banner", banner_column))
                banner_column += 1
            else:
                self._place(row, ("body", body_line))
                body_line += 1
            caption = ruleset.caption(where) if kind == "slot" else None
            title = role.label_in(ruleset) if role != AspectRole.FREE else _("Aspect")
            placeholder = _(_PLACEHOLDERS[role])
            if caption is not None:  # the rule set's own words: Fate Core's "Phase one: your adventure"
                title = rules_text(caption.label, ruleset)
                placeholder = capitalised(rules_text(caption.description, ruleset)) or placeholder
            self.labels[row].setText(title.upper())
            self.edits[row].setPlaceholderText(placeholder)
            # Heard by name: "Aspect 4" and "Free invokes on Trouble" tell the rows apart by ear.
            heard = title if role != AspectRole.FREE or caption is not None else \
                _("Aspect {number}").format(number=row + 1)
            self.edits[row].setAccessibleName(heard)
            self.invokes[row].set_aspect(heard)
            set_text(self.edits[row], aspect.text if aspect else "")
            self.invokes[row].setValue(aspect.free_invokes if aspect else 0)
        for row in range(len(self.edits)):
            for widget in (self.labels[row], self.edits[row], self.invokes[row]):
                widget.setVisible(row < len(self._targets))
        self.sheet.boxes["aspects"].setVisible(body_line > 0)

    def rows_in_banner(self) -> list[int]:
        return [row for row in range(len(self._targets)) if self._places[row][0] == "banner"]

    def _operation(self, row: int, text: str | None = None, invokes: int | None = None):
        kind, where = self._targets[row]
        if kind == "slot":
            return lambda c, r=self.sheet.ruleset: set_aspect(c, r, where, text=text, free_invokes=invokes)
        return lambda c: update_aspect(c, where, text=text, free_invokes=invokes)

    def _text_edited(self, row: int, text: str) -> None:
        label = self.edits[row].accessibleName()
        self.sheet.edit(self._operation(row, text=text), _("Edit {aspect}").format(aspect=label), ("aspect", row))

    def _invokes_changed(self, row: int, value: int) -> None:
        self.sheet.edit(self._operation(row, invokes=value), _("Change free invokes"), ("invokes", row))

    def field(self, slot: int) -> QLineEdit | None:
        return self.edits[slot] if 0 <= slot < len(self._targets) else None

