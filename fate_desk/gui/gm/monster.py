"""The monster and threat editor: any mix of aspects, skills, stunts, stress and consequences, plus
the rules it breaks (the book's named ones and any in the GM's own words)."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import (
    QBoxLayout, QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QSpinBox, QToolButton,
    QVBoxLayout, )

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import Character, CharacterKind, Severity, SlotSpec
from fate_desk.rules.creation.derive import derive_consequences, derive_stress, slot_text
from fate_desk.rules.creation.edits import edited
from fate_desk.rules.prep.editing import (
    NAMED_RULE_BREAKS, RULE_BREAK_HINTS, SCALES, add_slot, boxes_text, custom_rule_breaks, new_track_name, own_stress, parse_boxes,
    remove_slot, remove_track, rename_track, set_custom_rule_breaks, set_named_rule_break, set_scale, set_slot,
    set_track,
)

from ..forms import child, load_form
from ..sheet.common import mark, scaled
from ..sheet.style import style_as_sheet
from .common import GmEditor, LinesEditor, set_checked, set_spin, set_text
from .rows import AspectRows, BoxRow, HarmRow, SkillRows, StuntRows, _remove_button, severity_name

_SEVERITIES = [s for s in Severity]
# The book's named rule breaks (Fate Condensed, "Ways to Break the Rules for Big Bads") as undo texts;
# their names and hints live with the rules (rules.prep.editing).
_BREAK_STEPS = {
    "immunity": (N_("Add challenge or contest immunity"), N_("Remove challenge or contest immunity")),
    "minion_armor": (N_("Add expendable minion armor"), N_("Remove expendable minion armor")),
    "true_form": (N_("Add reveal true form"), N_("Remove reveal true form")),
    "solo_bonus": (N_("Add solo bonus"), N_("Remove solo bonus")),
    "solo_soak": (N_("Add shrugging off hits"), N_("Remove shrugging off hits")),
    "scale": (N_("Add scale"), N_("Remove scale")),
}


MONSTER_TWO_COLUMNS_FROM = 900


class MonsterEditor(GmEditor):
    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, load_form("gm_monster"), parent)
        form = self.form
        self.name_edit: QLineEdit = child(form, QLineEdit, "nameEdit")
        self.description_edit: QLineEdit = child(form, QLineEdit, "descriptionEdit")
        self.notes_edit: QPlainTextEdit = child(form, QPlainTextEdit, "notesEdit")
        style_as_sheet(form)  # the character sheet's look: section bars, invoke boxes, the name as a banner
        scaled(self.name_edit, 1.8, bold=True)
        self.columns = child(form, QHBoxLayout, "columns")
        self.aspects = AspectRows(self, child(form, QGridLayout, "aspectsLayout"),
                                  add_button=child(form, QPushButton, "addAspectButton"))
        self.skills = SkillRows(self, child(form, QGridLayout, "skillsLayout"),
                                child(form, QPushButton, "addSkillButton"), low=-2, high=12)
        self.stunts = StuntRows(self, child(form, QVBoxLayout, "stuntsLayout"),
                                child(form, QPushButton, "addStuntButton"))
        self.own_stress: QCheckBox = child(form, QCheckBox, "ownStressCheck")
        self.derived_stress: QLabel = child(form, QLabel, "derivedStressLabel")
        self.tracks_layout: QGridLayout = child(form, QGridLayout, "tracksLayout")
        self.add_track_button: QPushButton = child(form, QPushButton, "addTrackButton")
        self.own_slots: QCheckBox = child(form, QCheckBox, "ownSlotsCheck")
        self.derived_slots: QLabel = child(form, QLabel, "derivedSlotsLabel")
        self.slots_layout: QGridLayout = child(form, QGridLayout, "slotsLayout")
        self.add_slot_button: QPushButton = child(form, QPushButton, "addSlotButton")
        self.tracks: list[tuple[QLineEdit, QLineEdit, BoxRow, QToolButton]] = []
        self.slots: list[tuple[QComboBox, QSpinBox, QLineEdit, QToolButton]] = []
        self.named: dict[str, tuple[QCheckBox, QLineEdit]] = {}
        self.scale_combo = QComboBox()
        self.harm = HarmRow(self)  # play: harm goes through the rules, as on a PC's sheet
        child(form, QVBoxLayout, "stressBoxLayout").addWidget(self.harm)
        self.custom_breaks = LinesEditor(_("Add rule break"), _("Remove rule break"),
                                         _("What it does that others cannot"))
        child(form, QVBoxLayout, "customBreaksSlot").addWidget(self.custom_breaks)
        self._build_named(child(form, QGridLayout, "namedBreaksLayout"))

        self.name_edit.textEdited.connect(lambda t: self.edit(lambda c: edited(c, name=t), _("Rename"), ("name",)))
        self.description_edit.textEdited.connect(
            lambda t: self.edit(lambda c: edited(c, description=t), _("Edit description"), ("description",)))
        self.notes_edit.textChanged.connect(
            lambda: self.edit(lambda c: edited(c, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))
        self.own_stress.toggled.connect(self._own_stress_toggled)
        self.add_track_button.clicked.connect(self._add_track)
        self.own_slots.toggled.connect(self._own_slots_toggled)
        self.add_slot_button.clicked.connect(lambda: self.edit(add_slot, _("Add consequence slot")))
        self.custom_breaks.linesEdited.connect(
            lambda lines: self.edit(lambda c: set_custom_rule_breaks(c, lines), _("Edit rule breaks")))
        self.refresh()

    # --- building --------------------------------------------------------------------------

    def _build_named(self, grid: QGridLayout) -> None:
        for row, (kind, label) in enumerate(NAMED_RULE_BREAKS.items()):
            label = _(label)
            check = QCheckBox(label)
            check.setToolTip(_(RULE_BREAK_HINTS[kind]))
            detail = QLineEdit()
            detail.setPlaceholderText(_(RULE_BREAK_HINTS[kind]))
            detail.setToolTip(_(RULE_BREAK_HINTS[kind]))
            detail.setAccessibleName(_("{rule_break}: details").format(rule_break=label))
            grid.addWidget(check, row, 0)
            grid.addWidget(detail, row, 1 if kind != "scale" else 2)
            check.toggled.connect(lambda on, k=kind, d=detail: self._named_toggled(k, on, d.text()))
            detail.textEdited.connect(lambda text, k=kind: self.edit(
                lambda c: set_named_rule_break(c, k, True, text), _("Describe rule break"), ("break", k)))
            self.named[kind] = (check, detail)
        scale_row = list(NAMED_RULE_BREAKS).index("scale")
        self.scale_combo.addItem(_("no scale"), None)
        for scale in SCALES:
            self.scale_combo.addItem(rules_text(scale), scale)  # the scale's name is kept, shown translated
        self.scale_combo.setAccessibleName(_("Scale"))
        self.scale_combo.activated.connect(lambda i: self.edit(
            lambda c: set_scale(c, self.scale_combo.itemData(i)), _("Set scale")))
        grid.addWidget(self.scale_combo, scale_row, 1)
        # Reveal true form: the character the big bad becomes once taken out.
        form_row = list(NAMED_RULE_BREAKS).index("true_form")
        self.form_combo = QComboBox()
        self.form_combo.setAccessibleName(_("True form: the character it becomes"))
        self.form_combo.activated.connect(lambda i: self.edit(
            lambda c: set_named_rule_break(c, "true_form", True, form=self.form_combo.itemData(i) or ""),
            _("Choose the true form")))
        grid.addWidget(self.form_combo, form_row, 1)
        for row, kind in enumerate(NAMED_RULE_BREAKS):
            if kind not in ("scale", "true_form"):
                grid.addWidget(self.named[kind][1], row, 1, 1, 2)
        grid.addWidget(self.named["true_form"][1], form_row, 2)
        grid.setColumnStretch(2, 1)

    def _ensure_tracks(self, count: int) -> None:
        while len(self.tracks) < count:
            row = len(self.tracks)
            name, values = QLineEdit(), QLineEdit()
            name.setAccessibleName(_("Track {number} name").format(number=row + 1))
            name.setMaximumWidth(120)
            values.setAccessibleName(_("Track {number} box values").format(number=row + 1))
            values.setPlaceholderText("1 1 2")
            values.setToolTip(_("Box values from first to last, e.g. 1 1 1 or 1 2 3"))
            values.setMaximumWidth(110)
            boxes = BoxRow()
            boxes.empty.setText("")
            remove = _remove_button(_("Remove this stress track"), _("Remove stress track"))
            for col, widget in enumerate((name, values, boxes, remove)):
                self.tracks_layout.addWidget(widget, row, col)
            name.editingFinished.connect(lambda r=row: self._rename_track(r))
            values.textEdited.connect(lambda text, r=row: self._track_values(r, text))
            remove.clicked.connect(lambda _checked=False, r=row: self.edit(
                lambda c: remove_track(c, self._track_id(r)), _("Remove stress track")))
            self.tracks.append((name, values, boxes, remove))
        self.tracks_layout.setColumnStretch(2, 1)

    def _ensure_slots(self, count: int) -> None:
        while len(self.slots) < count:
            row = len(self.slots)
            severity = QComboBox()
            for s in _SEVERITIES:
                severity.addItem(severity_name(s), s.value)
            severity.setAccessibleName(_("Slot {number} severity").format(number=row + 1))
            value = QSpinBox()
            value.setRange(0, 20)
            value.setPrefix(_("absorbs "))
            value.setAccessibleName(_("Slot {number} shifts absorbed").format(number=row + 1))
            only = QLineEdit()
            only.setPlaceholderText(_("any harm"))
            only.setToolTip(_("Leave empty, or name the one stress track this slot is for (e.g. physical)"))
            only.setAccessibleName(_("Slot {number} only for").format(number=row + 1))
            remove = _remove_button(_("Remove this consequence slot"), _("Remove consequence slot"))
            for col, widget in enumerate((severity, value, only, remove)):
                self.slots_layout.addWidget(widget, row, col)
            severity.activated.connect(lambda i, r=row, w=severity: self.edit(
                lambda c: set_slot(c, r, severity=Severity(w.itemData(i))), _("Change slot severity")))
            value.valueChanged.connect(lambda v, r=row: self.edit(
                lambda c: set_slot(c, r, value=v), _("Change slot value"), ("slot-value", r)))
            only.textEdited.connect(lambda t, r=row: self.edit(
                lambda c: set_slot(c, r, only=self._track_key(t) or None), _("Limit slot"), ("slot-only", r)))
            remove.clicked.connect(lambda _checked=False, r=row: self.edit(lambda c: remove_slot(c, r), _("Remove slot")))
            self.slots.append((severity, value, only, remove))
        self.slots_layout.setColumnStretch(2, 1)

    # --- showing ---------------------------------------------------------------------------

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """Two columns when there is room, else one: beside the campaign list at 1024 pixels the
        two columns scrolled sideways."""
        super().resizeEvent(event)
        direction = (QBoxLayout.Direction.LeftToRight if self.width() >= MONSTER_TWO_COLUMNS_FROM
                     else QBoxLayout.Direction.TopToBottom)
        if self.columns.direction() != direction:
            self.columns.setDirection(direction)

    def show_entity(self, character: Character) -> None:
        ruleset = self.document.ruleset_for(character)
        set_text(self.name_edit, character.name)
        set_text(self.description_edit, character.description)
        set_text(self.notes_edit, character.notes)
        self.aspects.update(character)
        self.skills.update(character, list(ruleset.skills))
        self.stunts.update(character)
        self._show_stress(character, ruleset)
        self._show_slots(character, ruleset)
        self.harm.show_character(character, self.document.campaign, _marked_text(character, ruleset))
        kinds = {b.kind: b.text for b in character.rule_breaks}
        for kind, (check, detail) in self.named.items():
            set_checked(check, kind in kinds)
            detail.setEnabled(kind in kinds)
            set_text(detail, kinds.get(kind, ""))
        with QSignalBlocker(self.scale_combo):
            self.scale_combo.setCurrentIndex(max(0, self.scale_combo.findData(character.scale)))
        form = next((b.form for b in character.rule_breaks if b.kind == "true_form"), None)
        with QSignalBlocker(self.form_combo):
            self.form_combo.clear()
            self.form_combo.addItem(_("becomes: not chosen yet"), "")
            for other in self.document.campaign.characters:
                if other.id != character.id and other.kind != CharacterKind.PC:
                    self.form_combo.addItem(_("becomes: {name}").format(name=other.name or _("(unnamed)")), other.id)
            self.form_combo.setCurrentIndex(max(0, self.form_combo.findData(form or "")))
        self.form_combo.setEnabled("true_form" in kinds)
        self.custom_breaks.set_lines(custom_rule_breaks(character))

    def _show_stress(self, character: Character, ruleset) -> None:
        own = character.stress_boxes is not None
        set_checked(self.own_stress, own)
        self.add_track_button.setVisible(own)
        tracks = list((character.stress_boxes or {}).items())
        if not own:
            derived, names = derive_stress(character, ruleset)
            text = "; ".join(_("{track}: {boxes}").format(track=rules_text(names[k]), boxes=boxes_text(v))
                             for k, v in derived.items()) or _("none")
            self.derived_stress.setText(_("From {ruleset}: {stress}").format(ruleset=rules_text(ruleset.name), stress=text))
        self.derived_stress.setVisible(not own)
        self._ensure_tracks(len(tracks))
        for row, widgets in enumerate(self.tracks):
            for widget in widgets:
                widget.setVisible(row < len(tracks))
        for row, (track_id, values) in enumerate(tracks):
            name, edit, boxes, _remove = self.tracks[row]
            if not name.hasFocus():
                set_text(name, self._track_shown(track_id))
            if edit.property("problem") != "error" or not edit.hasFocus():
                mark(edit, None)
                if parse_or_none(edit.text()) != values:
                    set_text(edit, boxes_text(values))
            boxes.show_boxes(values, character.stress.get(track_id, []))

    def _show_slots(self, character: Character, ruleset) -> None:
        own = character.consequence_slots is not None
        set_checked(self.own_slots, own)
        self.add_slot_button.setVisible(own)
        if not own:
            slots = derive_consequences(character, ruleset, self.document.campaign.options)
            text = ", ".join(_("{slot} {value}").format(slot=slot_text(s), value=s.value) for s in slots) or _("none")
            self.derived_slots.setText(_("From {ruleset}: {slots}").format(ruleset=rules_text(ruleset.name), slots=text))
        self.derived_slots.setVisible(not own)
        specs = character.consequence_slots or []
        self._ensure_slots(len(specs))
        for row, widgets in enumerate(self.slots):
            for widget in widgets:
                widget.setVisible(row < len(specs))
        for row, spec in enumerate(specs):
            severity, value, only, _remove = self.slots[row]
            with QSignalBlocker(severity):
                severity.setCurrentIndex(severity.findData(spec.severity.value))
            set_spin(value, spec.value)
            if not only.hasFocus():
                set_text(only, self._track_shown(spec.only) if spec.only else "")

    # --- editing ---------------------------------------------------------------------------

    def _track_id(self, row: int) -> str:
        return list((self.entity.stress_boxes or {}))[row]

    def _own_stress_toggled(self, on: bool) -> None:
        character = self.entity
        start = derive_stress(character, self.document.ruleset_for(character))[0] if on else None
        self.edit(lambda c: own_stress(c, start), _("Give it its own stress") if on else _("Use the rule set's stress"))

    def _own_slots_toggled(self, on: bool) -> None:
        character = self.entity
        start = None
        if on:
            derived = derive_consequences(character, self.document.ruleset_for(character), self.document.campaign.options)
            start = [SlotSpec(id=s.id, severity=s.severity, value=s.value, only=s.only) for s in derived]
        self.edit(lambda c: edited(c, consequence_slots=start),
                  _("Give it its own consequence slots") if on else _("Use the rule set's consequences"))

    def _add_track(self) -> None:
        name = new_track_name(self.entity)
        self.edit(lambda c: set_track(c, name, [1, 1]), _("Add stress track"))

    def _track_shown(self, track_id: str) -> str:
        """A track's name as the editor shows it: a rule-set track (physical, mental) by its name in
        the interface language ("Körperlich"); the GM's own tracks as typed."""
        ruleset = self.document.ruleset_for(self.entity)
        track = next((t for t in ruleset.stress.tracks if t.id == track_id), None)
        return rules_text(track.name) if track is not None else track_id

    def _track_key(self, typed: str) -> str:
        """The track a typed name means: a rule-set track typed by its shown name keeps its id
        (a conflict's hits and a slot's limit find it by it); any other name as typed."""
        typed = typed.strip()
        ruleset = self.document.ruleset_for(self.entity)
        folded = typed.casefold()
        return next((t.id for t in ruleset.stress.tracks if folded in (t.id.casefold(), rules_text(t.name).casefold())),
                    typed)

    def _rename_track(self, row: int) -> None:
        edit = self.tracks[row][0]
        old = self._track_id(row)
        new = self._track_key(edit.text())
        if new == old:
            return
        try:
            rename_track(self.entity, old, new)
        except ValueError as exc:
            mark(edit, "error", str(exc).capitalize() + ".")
            return
        mark(edit, None)
        self.edit(lambda c: rename_track(c, old, new), _("Rename track to {name}").format(name=new))

    def _track_values(self, row: int, text: str) -> None:
        edit = self.tracks[row][1]
        try:
            values = parse_boxes(text)
        except ValueError as exc:
            mark(edit, "error", str(exc)[:1].upper() + str(exc)[1:] + ".")
            return
        mark(edit, None)
        track = self._track_id(row)
        self.edit(lambda c: set_track(c, track, values), _("Change stress boxes"), ("track-values", row))

    def _named_toggled(self, kind: str, on: bool, text: str) -> None:
        if kind == "scale" and not on:
            self.edit(lambda c: set_scale(c, None), _("Remove scale"))
            return
        add, remove = _BREAK_STEPS.get(kind, (N_("Add rule break"), N_("Remove rule break")))
        self.edit(lambda c: set_named_rule_break(c, kind, on, text), _(add if on else remove))


def _marked_text(character: Character, ruleset) -> str:
    """Marked boxes of the rule set's tracks (its own tracks draw their boxes instead)."""
    if character.stress_boxes is not None:
        return ""
    values, names = derive_stress(character, ruleset)
    parts = []
    for track, marked in character.stress.items():
        worth = [values.get(track, [])[i] for i in marked if i < len(values.get(track, []))]
        if worth:
            parts.append(_("{track}: boxes worth {values} marked").format(
                track=rules_text(names.get(track, track)), values=", ".join(map(str, worth))))
    return _("Stress marked — {tracks}").format(tracks="; ".join(parts)) if parts else ""


def parse_or_none(text: str) -> list[int] | None:
    try:
        return parse_boxes(text)
    except ValueError:
        return None


__all__ = ["MonsterEditor"]
