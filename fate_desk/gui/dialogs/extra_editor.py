"""Add or change an extra, or a custom track: plain fields in, a validated model out.

The dialogs only build an Extra or a CustomTrack; the sheet hands it to a core operation
(fate_desk.rules.creation.extra_edits) inside an undo step.
"""

from __future__ import annotations

import re

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QPlainTextEdit,
    QSpinBox, QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import CustomTrack, Extra, ExtraCost, Severity, Stunt, TrackClears, TrackLevel
from fate_desk.model.errors import describe
from fate_desk.rules import RuleSet

from ..screen_fit import fit_dialog, scrolling_body
from ..widgets import escape
from ..theme import status_colour

_CLEARS = [
    (TrackClears.SCENE, N_("At the end of the scene (fleeting)")),
    (TrackClears.SESSION, N_("At the end of the session")),
    (TrackClears.EVENT, N_("Only when something happens (sticky)")),
    (TrackClears.RECOVERY, N_("After treatment, like a consequence (lasting)")),
]


class InputError(ValueError):
    """A line the player typed that cannot be read; the message says which and how to write it."""


def _numbers(text: str, what: str) -> list[int]:
    parts = text.replace(",", " ").split()
    try:
        values = [int(p) for p in parts]
    except ValueError:
        raise InputError(_("{what}: write the box values as numbers, e.g. “1 2 3”.").format(what=what)) from None
    if any(v < 0 or v > 20 for v in values):
        raise InputError(_("{what}: each box is worth 0 to 20.").format(what=what))
    return values


def _rated_lines(text: str, what: str, signed: bool) -> dict[str, int]:
    """'Physique +2' or 'Sorcery: 3', one a line."""
    out = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        found = re.match(r"^\s*(.+?)\s*:?\s*([+-]?\d+)\s*$", line)
        if not found:
            example = _("Physique +2") if signed else _("Sorcery 3")
            raise InputError(_("{what}: write one a line as “{example}” (not “{line}”).").format(
                what=what, example=example, line=line.strip()))
        out[found.group(1).strip()] = int(found.group(2))
    return out


def _stunt_lines(text: str) -> list[Stunt]:
    stunts = []
    for line in text.splitlines():
        if line.strip():
            name, _colon, body = line.partition(":")
            stunts.append(Stunt(name=name.strip(), text=body.strip()))
    return stunts


def _status(label: QLabel, message: str) -> None:
    label.setText(f"<span style='color:{status_colour('error')}'>{escape(message)}</span>")  # i18n: markup only (its words are translated)


def _status_and_buttons(dialog: QDialog, layout: QVBoxLayout) -> tuple[QLabel, QDialogButtonBox]:
    """What both dialogs end with: a line for refusals, then OK and Cancel."""
    status = QLabel()
    status.setWordWrap(True)
    layout.addWidget(status)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    return status, buttons


class TrackFields(QWidget):
    """The fields of one custom track (used alone, and inside the extra dialog)."""

    def __init__(self, ruleset: RuleSet, track: CustomTrack | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.ruleset = ruleset
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.name = QLineEdit()
        self.name.setAccessibleName(_("Track name"))
        self.name.setPlaceholderText(_("Wealth, Hunger, Hull…"))
        self.boxes = QLineEdit("1 1")
        self.boxes.setAccessibleName(_("Box values"))
        skill_word = rules_text(ruleset.skill_word)
        self.skill = QComboBox()
        self.skill.setAccessibleName(_("Linked {skill_word}").format(skill_word=skill_word))
        self.skill.addItem(_("None"), None)
        for name in ruleset.skills:  # shown translated; the rule set's name is the data kept
            self.skill.addItem(rules_text(name), name)
        self.levels = QLineEdit()
        self.levels.setAccessibleName(_("Boxes the linked skill adds"))
        self.levels.setPlaceholderText(_("e.g. 1:3 3:4 — at Average (+1) a 3 box, at Good (+3) a 4 box"))
        self.absorbs = {t.id: QCheckBox(_("Also takes {track} hits").format(track=rules_text(t.name).lower()))
                        for t in ruleset.stress.tracks}
        self.clears = QComboBox()
        self.clears.setAccessibleName(_("How the track clears"))
        for value, label in _CLEARS:
            self.clears.addItem(_(label), value)
        self.event = QLineEdit()
        self.event.setAccessibleName(_("What clears it"))
        self.event.setPlaceholderText(_("e.g. you eat a proper meal"))
        self.recovers = QComboBox()
        self.recovers.setAccessibleName(_("Recovers like a consequence of"))
        for severity in (Severity.MILD, Severity.MODERATE, Severity.SEVERE):
            self.recovers.addItem(_("{severity} consequence").format(severity=_(severity.label)), severity)
        form.addRow(_("Track &name:"), self.name)
        form.addRow(_("&Boxes (values):"), self.boxes)
        form.addRow(_("Linked {skill_word}:").format(skill_word=skill_word), self.skill)
        form.addRow(_("It adds boxes:"), self.levels)
        for box in self.absorbs.values():
            form.addRow("", box)
        form.addRow(_("&Clears:"), self.clears)
        form.addRow(_("Clears when:"), self.event)
        form.addRow(_("Recovers as a:"), self.recovers)
        if track is not None:
            self.show_track(track)
        self.track_id = track.id if track else None

    def show_track(self, track: CustomTrack) -> None:
        self.name.setText(track.name)
        self.boxes.setText(" ".join(map(str, track.boxes)))
        self.skill.setCurrentIndex(max(0, self.skill.findData(track.skill)))
        self.levels.setText(" ".join(f"{lv.at}:{','.join(map(str, lv.add))}" for lv in track.levels))
        for track_id, box in self.absorbs.items():
            box.setChecked(track_id in track.absorbs)
        self.clears.setCurrentIndex(max(0, self.clears.findData(track.clears)))
        self.event.setText(track.event)
        self.recovers.setCurrentIndex(max(0, self.recovers.findData(track.recovers_as)))

    def track(self, track_id: str) -> CustomTrack:
        name = self.name.text().strip()
        if not name:
            raise InputError(_("Name the track."))
        levels = []
        for part in self.levels.text().split():
            at, _colon, add = part.partition(":")
            try:
                levels.append(TrackLevel(at=int(at), add=_numbers(add, _("Boxes the skill adds"))))
            except (ValueError, ValidationError):
                raise InputError(_("Boxes the skill adds: write “rating:box values”, e.g. “1:3 3:4”.")) from None
        try:
            return CustomTrack(
                id=self.track_id or track_id, name=name, boxes=_numbers(self.boxes.text(), _("Boxes")),
                skill=self.skill.currentData(), levels=levels,
                absorbs=[tid for tid, box in self.absorbs.items() if box.isChecked()],
                clears=self.clears.currentData(), event=self.event.text().strip(),
                recovers_as=self.recovers.currentData(),
            )
        except ValidationError as exc:
            raise InputError(describe(exc)) from None


class TrackDialog(QDialog):
    """Add a custom track to a sheet (or change one)."""

    def __init__(self, ruleset: RuleSet, new_id, track: CustomTrack | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("trackDialog")
        self.setWindowTitle(_("Change a track") if track else _("Add a track"))
        self.new_id = new_id
        outer = QVBoxLayout(self)
        self.fields = TrackFields(ruleset, track)
        scrolling_body(outer).addWidget(self.fields)
        self.status, self.buttons = _status_and_buttons(self, outer)
        self.result_track: CustomTrack | None = None
        fit_dialog(self)

    def accept(self) -> None:
        try:
            self.result_track = self.fields.track(self.new_id(self.fields.name.text()))
        except InputError as exc:
            _status(self.status, str(exc))
            return
        super().accept()


class ExtraDialog(QDialog):
    """Add an extra to a sheet, or change one: permission, costs and what it grants."""

    def __init__(self, ruleset: RuleSet, new_id, extra: Extra | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("extraDialog")
        self.setWindowTitle(_("Change an extra") if extra else _("Add an extra"))
        self.ruleset, self.new_id, self.original = ruleset, new_id, extra
        outer = QVBoxLayout(self)
        layout = scrolling_body(outer)  # a laptop's screen is shorter than every field: they scroll, OK stays
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setAccessibleName(_("Extra name"))
        self.permission = QLineEdit()
        self.permission.setAccessibleName(_("Permission: the aspect that justifies it"))
        self.description = QPlainTextEdit()
        self.description.setAccessibleName(_("Description"))
        self.description.setMaximumHeight(70)
        self.refresh = QSpinBox()
        self.refresh.setRange(0, 10)
        self.refresh.setAccessibleName(_("Costs refresh"))
        self.skill_points = QSpinBox()
        self.skill_points.setRange(0, 20)
        self.skill_points.setAccessibleName(_("Costs skill points"))
        self.stunt_slots = QSpinBox()
        self.stunt_slots.setRange(0, 10)
        self.stunt_slots.setAccessibleName(_("Costs stunt slots"))
        self.aspects = QPlainTextEdit()
        self.aspects.setAccessibleName(_("Aspects it grants, one a line"))
        self.aspects.setMaximumHeight(60)
        self.skills = QPlainTextEdit()
        skill_words = rules_text(ruleset.skill_word_plural)
        self.skills.setAccessibleName(_("{skill_words} it grants, one a line").format(
            skill_words=skill_words.capitalize()))
        self.skills.setPlaceholderText(_("Sorcery 3"))
        self.skills.setMaximumHeight(60)
        self.bonuses = QPlainTextEdit()
        self.bonuses.setAccessibleName(_("Bonuses to {skill_words}, one a line").format(skill_words=skill_words))
        self.bonuses.setPlaceholderText(_("Physique +2"))
        self.bonuses.setMaximumHeight(60)
        self.stunts = QPlainTextEdit()
        self.stunts.setAccessibleName(_("Stunts it grants: name: text, one a line"))
        self.stunts.setMaximumHeight(70)
        self.weapon = QSpinBox()
        self.weapon.setRange(0, 8)
        self.weapon.setAccessibleName(_("Weapon rating"))
        self.armor = QSpinBox()
        self.armor.setRange(0, 8)
        self.armor.setAccessibleName(_("Armor rating"))
        self.notes = QLineEdit()
        self.notes.setAccessibleName(_("Notes"))
        form.addRow(_("&Name:"), self.name)
        form.addRow(_("&Permission:"), self.permission)
        form.addRow(_("&Description:"), self.description)
        form.addRow(_("Costs &refresh:"), self.refresh)
        form.addRow(_("Costs {skill_word} points:").format(skill_word=rules_text(ruleset.skill_word)),
                    self.skill_points)
        form.addRow(_("Costs stunt slots:"), self.stunt_slots)
        form.addRow(_("Grants &aspects:"), self.aspects)
        form.addRow(_("Grants {skill_words}:").format(skill_words=skill_words), self.skills)
        form.addRow(_("&Bonuses:"), self.bonuses)
        form.addRow(_("Grants &stunts:"), self.stunts)
        form.addRow(_("Weapon:"), self.weapon)
        form.addRow(_("Armor:"), self.armor)
        form.addRow(_("N&otes:"), self.notes)
        layout.addLayout(form)
        self.track_box = QGroupBox(_("It has a track of its own"))
        self.track_box.setCheckable(True)
        self.track_box.setChecked(False)
        inner = QVBoxLayout(self.track_box)
        existing = extra.tracks[0] if extra and extra.tracks else None
        self.track_fields = TrackFields(ruleset, existing)
        inner.addWidget(self.track_fields)
        layout.addWidget(self.track_box)
        self.status, self.buttons = _status_and_buttons(self, outer)
        self.result_extra: Extra | None = None
        if extra is not None:
            self._show(extra)
        fit_dialog(self)

    def _show(self, extra: Extra) -> None:
        self.name.setText(extra.name)
        self.permission.setText(extra.permission)
        self.description.setPlainText(extra.description)
        self.refresh.setValue(extra.cost.refresh)
        self.skill_points.setValue(extra.cost.skill_points)
        self.stunt_slots.setValue(extra.cost.stunt_slots)
        self.aspects.setPlainText("\n".join(extra.aspects))
        # Skill names shown in the interface language; build() reads them back to the rule set's names.
        self.skills.setPlainText("\n".join(f"{rules_text(k)} {v}" for k, v in extra.skills.items()))
        self.bonuses.setPlainText("\n".join(f"{rules_text(k)} {v:+d}" for k, v in extra.skill_bonuses.items()))
        self.stunts.setPlainText("\n".join(f"{s.name}: {s.text}" for s in extra.stunts))
        self.weapon.setValue(extra.weapon)
        self.armor.setValue(extra.armor)
        self.notes.setText(extra.notes)
        self.track_box.setChecked(bool(extra.tracks))

    def build(self) -> Extra:
        name = self.name.text().strip()
        if not name:
            raise InputError(_("Name the extra."))
        tracks = list(self.original.tracks[1:]) if self.original else []
        if self.track_box.isChecked():
            tracks.insert(0, self.track_fields.track(self.new_id(self.track_fields.name.text())))
        data = dict(
            name=name, permission=self.permission.text().strip(), description=self.description.toPlainText().strip(),
            cost=ExtraCost(refresh=self.refresh.value(), skill_points=self.skill_points.value(),
                           stunt_slots=self.stunt_slots.value()),
            aspects=[a.strip() for a in self.aspects.toPlainText().splitlines() if a.strip()],
            skills=self._skill_keys(_rated_lines(self.skills.toPlainText(), _("{skill_words} it grants").format(
                skill_words=rules_text(self.ruleset.skill_word_plural).capitalize()), False)),
            skill_bonuses=self._skill_keys(_rated_lines(self.bonuses.toPlainText(), _("Bonuses"), True)),
            stunts=_stunt_lines(self.stunts.toPlainText()), tracks=tracks,
            weapon=self.weapon.value(), armor=self.armor.value(), notes=self.notes.text().strip(),
        )
        try:
            if self.original is not None:
                return Extra.model_validate({**self.original.model_dump(), **data,
                                             "cost": data["cost"].model_dump(),
                                             "stunts": [s.model_dump() for s in data["stunts"]],
                                             "tracks": [t.model_dump() for t in tracks]})
            return Extra(**data)
        except ValidationError as exc:
            raise InputError(describe(exc)) from None

    def _skill_keys(self, rated: dict[str, int]) -> dict[str, int]:
        """Typed skill names back to the rule set's own (the key the files keep): a name as the
        interface shows it, or as the rule set has it, in any case; any other name is kept as typed."""
        known = {}
        for skill in self.ruleset.skills:
            known.setdefault(skill.casefold(), skill)
            known.setdefault(rules_text(skill).casefold(), skill)
        return {known.get(name.casefold(), name): value for name, value in rated.items()}

    def accept(self) -> None:
        try:
            self.result_extra = self.build()
        except InputError as exc:
            _status(self.status, str(exc))
            return
        super().accept()
