"""Stress tracks (boxes, derived live) and consequence slots.

The sheet shows harm; it never writes it. Stress, consequences and conditions change only
through play (Take a hit…, treatment, the end of a scene), which go through the rules core;
clicking a box opens Take a hit… for its track.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QLineEdit, QSizePolicy, QToolButton, QWidget

from fate_desk.rules.creation.derive import slot_text
from fate_desk.i18n import _, ngettext, pgettext, rules_text
from fate_desk.model import Character, ladder_label
from fate_desk.rules import Derived, RuleSet, SlotInfo
from fate_desk.rules.harm.marking import condition_box_limit
from fate_desk.rules.creation.extras import effective_rating
from fate_desk.rules.harm.recovery import clears_when
from fate_desk.rules.harm.tracks import clears_text

from .common import scaled, set_text, style_hint

BOX_STYLE = """
QToolButton { border: 2px solid palette(window-text); border-radius: 4px; font-weight: bold;
              background: palette(base); color: palette(text); }
QToolButton:checked { background: palette(window-text); color: palette(window);
                      border-color: palette(window-text); }
"""


def stress_box_name(track: str, position: int, count: int, value: int, marked: bool, worth: bool) -> str:
    """What a screen reader says for a box: "Physical stress, box 2 of 4, marked" (`track` as shown)."""
    words = {"track": f"{track[:1].upper()}{track[1:]}", "number": position + 1, "count": count, "value": value}
    if worth and marked:
        return _("{track} stress, box {number} of {count}, worth {value}, marked").format(**words)
    if worth:
        return _("{track} stress, box {number} of {count}, worth {value}").format(**words)
    if marked:
        return _("{track} stress, box {number} of {count}, marked").format(**words)
    return _("{track} stress, box {number} of {count}").format(**words)


def skill_shown(character: Character, ruleset: RuleSet, name: str) -> str:
    """A skill's name as the sheet shows it: the rule set's translated, a custom one as typed."""
    return rules_text(name, ruleset) if name in ruleset.skills else name


class StressSection:
    """One track a line, as on paper: its name (and the skill that sets its length), then its boxes."""

    def __init__(self, sheet, layout: QGridLayout):
        self.sheet = sheet
        self.layout = layout
        self.layout.setColumnStretch(1, 1)
        self.rows: dict[str, tuple[QLabel, QWidget, list[QToolButton]]] = {}

    def update(self, character: Character, ruleset: RuleSet, derived: Derived) -> None:
        for track_id in list(self.rows):
            if track_id not in derived.stress:
                label, holder, _boxes = self.rows.pop(track_id)
                for widget in (label, holder):  # gone at once, not when the event loop next turns
                    self.layout.removeWidget(widget)
                    widget.hide()
                    widget.deleteLater()
        specs = {t.id: t for t in ruleset.stress.tracks}
        custom = {t.id: t for t in character.all_tracks()}
        for row, (track_id, values) in enumerate(derived.stress.items()):
            if track_id not in self.rows:
                label = QLabel()
                holder = QWidget()
                # Once for the row, not once a box: a style sheet of each of a thousand boxes
                # was parsed a thousand times (a row holds its boxes and nothing else).
                holder.setStyleSheet(BOX_STYLE)
                box_layout = QHBoxLayout(holder)
                box_layout.setContentsMargins(0, 0, 0, 0)
                box_layout.setSpacing(4)
                box_layout.addStretch(1)
                self.rows[track_id] = (label, holder, [])
            label, holder, boxes = self.rows[track_id]
            self.layout.addWidget(label, row, 0)
            self.layout.addWidget(holder, row, 1)
            name = derived.track_names.get(track_id, track_id)
            spec = specs.get(track_id)
            track = custom.get(track_id)
            # The rule set's track names in the interface language; the character's own as typed.
            name = name if track is not None else rules_text(name, ruleset)
            if spec and spec.skills and character.stress_boxes is None:
                skill = max(spec.skills, key=lambda s: effective_rating(character, s, ruleset))
                rating = effective_rating(character, skill, ruleset)
                label.setText(f"<b>{name}</b><br><small>{skill_shown(character, ruleset, skill)} "  # i18n: markup only
                              f"{ladder_label(rating)}</small>")
            elif track is not None and track.skill:
                rating = effective_rating(character, track.skill, ruleset)
                label.setText(f"<b>{name}</b><br><small>{skill_shown(character, ruleset, track.skill)} "  # i18n: markup only
                              f"{ladder_label(rating)}</small>")
            else:
                label.setText(f"<b>{name}</b>")
            clears = clears_text(track) if track is not None else _("Stress clears at the end of the scene.")
            self._fit_boxes(track_id, name, holder, boxes, values, character.stress.get(track_id, []), clears)

    def _fit_boxes(self, track_id, name: str, holder, boxes: list[QToolButton], values: list[int], marked: list[int],
                   clears: str) -> None:
        layout = holder.layout()
        while len(boxes) < len(values):
            position = len(boxes)
            box = QToolButton()
            box.setCheckable(True)
            box.setMinimumSize(32, 32)  # and larger with the text (View ▸ Zoom)
            box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no Tab stop: Take a hit… in the play bar
            box.clicked.connect(lambda *_args, t=track_id: _open_hit(self.sheet, t))
            layout.insertWidget(position, box)
            boxes.append(box)
        while len(boxes) > len(values):
            box = boxes.pop()
            box.hide()
            box.deleteLater()
        for position, (box, value) in enumerate(zip(boxes, values)):
            box.setText(f"✕{value}" if position in marked else str(value))  # marked: a cross, not a colour alone
            box.setAccessibleName(stress_box_name(name, position, len(values), value, position in marked,
                                                  any(v != 1 for v in values)))
            box.setToolTip(ngettext("Box {number}: absorbs {count} shift. Marked through Take a hit…. {clears}",
                                    "Box {number}: absorbs {count} shifts. Marked through Take a hit…. {clears}",
                                    value).format(number=position + 1, count=value, clears=clears))
            with QSignalBlocker(box):
                box.setChecked(position in marked)

    def boxes(self, track_id: str) -> list[QToolButton]:
        return list(self.rows[track_id][2]) if track_id in self.rows else []


class ConsequencesSection:
    """One slot a consequence, as on paper: the shifts it absorbs in a box, then a line that
    only play writes on (Take a hit…, treatment), a Recovering mark once treated, and Treat…."""

    ROWS = 3  # grid rows a slot takes: its line, its caption (and condition boxes), when it clears

    def __init__(self, sheet, layout: QGridLayout):
        self.sheet = sheet
        self.layout = layout
        self.layout.setColumnStretch(1, 1)
        self.rows: dict[str, tuple[QLabel, QLineEdit, QLabel, QLabel]] = {}
        self.values: dict[str, QLabel] = {}  # the box with the shifts a slot absorbs
        self.treat_buttons: dict[str, QToolButton] = {}  # "Treat…" per slot (fate_desk/gui/play/treatment.py)
        self.condition_boxes: dict[str, list[QToolButton]] = {}  # optional rule: conditions
        self._order: list[str] = []

    def update(self, character: Character, derived: Derived) -> None:
        slots = derived.consequences
        ids = [s.id for s in slots]
        if ids != self._order:
            for widgets in self.rows.values():
                for widget in widgets:
                    widget.deleteLater()
            for widget in [*self.treat_buttons.values(), *self.values.values()]:
                widget.deleteLater()
            for strip in self.condition_boxes.values():
                if strip:
                    strip[0].parentWidget().deleteLater()
            self.rows, self.treat_buttons, self.condition_boxes, self.values = {}, {}, {}, {}
            for row, slot in enumerate(slots):
                self.rows[slot.id] = self._make_row(row, slot)
            self._order = ids
        filled = {c.slot: c for c in character.consequences}
        for slot in slots:
            label, edit, recovering, when = self.rows[slot.id]
            name = slot_name(slot)
            label.setText(_("{slot} · absorbs {value}").format(slot=name.upper(), value=slot.value))
            self.values[slot.id].setText(str(slot.value))
            current = filled.get(slot.id)
            self.treat_buttons[slot.id].setEnabled(current is not None)
            if not self.sheet.ruleset.treatment:  # Fate Accelerated: no treatment roll, only time
                self.treat_buttons[slot.id].setText(_("Clear…"))
                self.treat_buttons[slot.id].setToolTip(
                    _("{ruleset} has no treatment roll: consequences clear with time. "
                      "The GM may clear one here.").format(ruleset=rules_text(self.sheet.ruleset.name)))
            set_text(edit, current.text if current else "")
            recovering.setVisible(bool(current and current.recovering))
            when_text = self._when(slot, current)
            when.setText(when_text)
            when.setVisible(bool(when_text))
            if slot.condition:
                self._update_condition_boxes(character, slot, current)

    def _update_condition_boxes(self, character: Character, slot: SlotInfo, current) -> None:
        options = self.sheet.document.campaign.options
        limit = condition_box_limit(character, self.sheet.ruleset, slot.id, options)
        marked = current.boxes_marked if current else 0
        for position, box in enumerate(self.condition_boxes[slot.id]):
            with QSignalBlocker(box):
                box.setChecked(position < marked)
            count = len(self.condition_boxes[slot.id])
            box.setText(f"✕{slot.value}" if position < marked else str(slot.value))
            words = {"slot": rules_text(slot.label, self.sheet.ruleset), "number": position + 1, "count": count, "value": slot.value}
            box.setAccessibleName(_("{slot}, box {number} of {count}, marked").format(**words) if position < marked
                                  else _("{slot}, box {number} of {count}").format(**words))
            # boxes past the rules' limit cannot take harm now (the row's cutoff, say)
            box.setEnabled(position < limit or position < marked)
            box.setToolTip(
                _("{slot} box {number}: absorbs {value}. Marked through Take a hit…").format(**words)
                if box.isEnabled() else _("The {severity} row has reached its cutoff").format(
                    severity=_(slot.severity.label).lower())
            )

    def _when(self, slot: SlotInfo, current) -> str:
        """How to treat a filled consequence, or when a recovering one clears (core rules)."""
        if current is None or not (current.text.strip() or current.recovering):
            return ""
        campaign = self.sheet.document.campaign
        text = clears_when(self.sheet.character, self.sheet.ruleset, slot.id, campaign.options, campaign.clock)
        return f"<small>{text}</small>"

    def _make_row(self, row: int, slot: SlotInfo):
        name = slot_name(slot)
        top = self.ROWS * row
        value = QLabel()
        value.setObjectName("slotValue")
        value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        value.setToolTip(ngettext("A {slot} consequence absorbs {count} shift",
                                  "A {slot} consequence absorbs {count} shifts", slot.value).format(
            slot=name.lower(), count=slot.value))
        edit = QLineEdit()
        edit.setReadOnly(True)  # filled by Take a hit…, renamed by treatment and advancement
        edit.setPlaceholderText(pgettext("consequence slot", "Free"))
        edit.setAccessibleName(_("{slot} consequence").format(slot=name))
        edit.setToolTip(_("Taken through Take a hit…; treated or cleared through Treat…"))
        label = QLabel()
        label.setBuddy(edit)
        scaled(label, 0.8, bold=True, spaced=True)
        recovering = QLabel(_("Recovering"))
        recovering.setObjectName("recoveringBadge")
        recovering.setToolTip(_("Treatment succeeded: the consequence is on its way out (set by Treat…)"))
        recovering.setAccessibleName(_("{slot} consequence recovering").format(slot=name))
        recovering.hide()
        when = QLabel()
        when.setWordWrap(True)  # a long "needs treatment" hint must never widen the column
        style_hint(when)
        treat = QToolButton()  # treatment and the GM's clear: fate_desk/gui/play/treatment.py
        treat.setText(_("Treat…"))
        treat.setAccessibleName(_("Treat the {slot} consequence").format(slot=name.lower()))
        treat.setObjectName(f"treat_{slot.id}")
        treat.setToolTip(_("Record a roll to treat this consequence, or clear it (GM)"))
        slot_id = slot.id
        treat.clicked.connect(lambda: _open_treatment(self.sheet, slot_id))
        self.layout.addWidget(value, top, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        self.layout.addWidget(edit, top, 1)
        self.layout.addWidget(recovering, top, 2)
        self.layout.addWidget(treat, top, 3)
        self.layout.addWidget(label, top + 1, 1, 1, 3, Qt.AlignmentFlag.AlignTop)
        self.layout.addWidget(when, top + 2, 1, 1, 3)
        self.values[slot_id] = value
        self.treat_buttons[slot_id] = treat
        if slot.condition:
            self.condition_boxes[slot_id] = self._condition_strip(row, slot)
        return label, edit, recovering, when

    def _condition_strip(self, row: int, slot: SlotInfo) -> list[QToolButton]:
        """A condition's boxes, under its name: click to mark up to that box, again to clear it."""
        strip = QWidget()
        line = QHBoxLayout(strip)
        line.setContentsMargins(0, 0, 0, 0)
        line.setSpacing(4)
        boxes = []
        for position in range(slot.boxes):
            box = QToolButton()
            box.setCheckable(True)
            box.setMinimumSize(26, 26)
            box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # as the stress boxes
            box.setStyleSheet(BOX_STYLE)
            box.setText(str(slot.value))
            box.clicked.connect(lambda *_args, only=slot.only: _open_hit(self.sheet, only))
            line.addWidget(box)
            boxes.append(box)
        line.addStretch(1)
        self.layout.addWidget(strip, self.ROWS * row + 1, 1, 1, 3, Qt.AlignmentFlag.AlignRight)
        return boxes

    def focus_chain(self) -> list[QWidget]:
        """Each slot's field and Treat…, top to bottom (condition boxes take no Tab stop)."""
        chain: list[QWidget] = []
        for slot_id in self._order:
            _label, edit, _recovering, _when = self.rows[slot_id]
            chain += [edit, self.treat_buttons[slot_id]]
        return chain

    def field(self, slot_id: str | None = None) -> QLineEdit | None:
        if slot_id and slot_id in self.rows:
            return self.rows[slot_id][1]
        return next(iter(self.rows.values()))[1] if self.rows else None


def slot_name(slot: SlotInfo) -> str:
    """A consequence slot's name as shown: the rule set's label translated, else its severity."""
    return slot_text(slot)


def _open_treatment(sheet, slot_id: str):
    # Deferred: gui.play.treatment (~5 ms, 3 modules) is not loaded at start-up, only on first use.
    from ..play.treatment import open_treatment  # the table's dialogs load only when asked for

    return open_treatment(sheet, slot_id)


def _open_hit(sheet, track: str | None):
    """A click on a box: put its state back (the sheet never writes harm) and open Take a hit…."""
    sheet.refresh()
    dialog = sheet.play.take_hit()
    if track:
        dialog.track.setCurrentIndex(max(0, dialog.track.findData(track)))
    return dialog
