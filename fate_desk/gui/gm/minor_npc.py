"""The minor NPC editor, laid out like an index card: aspects, a skill or two, a stunt, stress."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QSpinBox, QVBoxLayout

from fate_desk.i18n import _, ngettext
from fate_desk.model import Character, Severity, SlotSpec
from fate_desk.rules.creation.edits import edited
from fate_desk.rules.prep.editing import minor_npc_box_count, minor_npc_stress

from ..forms import child, load_form
from ..sheet.common import scaled
from ..sheet.style import style_as_sheet
from .common import GmEditor, set_checked, set_spin, set_text, show_problems
from .rows import AspectRows, BoxRow, HarmRow, SkillRows, StuntRows

MILD_ONLY = [SlotSpec(id="mild", severity=Severity.MILD, value=2)]


class MinorNpcEditor(GmEditor):
    """Warnings where the card goes beyond the book's guidance; nothing is ever refused."""

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, load_form("gm_minor_npc"), parent)
        form = self.form
        self.name_edit: QLineEdit = child(form, QLineEdit, "nameEdit")
        self.description_edit: QLineEdit = child(form, QLineEdit, "descriptionEdit")
        self.notes_edit: QPlainTextEdit = child(form, QPlainTextEdit, "notesEdit")
        self.stress_spin: QSpinBox = child(form, QSpinBox, "stressSpin")
        self.consequence_check: QCheckBox = child(form, QCheckBox, "consequenceCheck")
        self.problems_label: QLabel = child(form, QLabel, "problemsLabel")
        style_as_sheet(form)  # the character sheet's look: section bars, invoke boxes, the name as a banner
        scaled(self.name_edit, 1.8, bold=True)
        self.aspects = AspectRows(self, child(form, QGridLayout, "aspectsLayout"), min_rows=3,
                                  add_button=child(form, QPushButton, "addAspectButton"))
        self.skills = SkillRows(self, child(form, QGridLayout, "skillsLayout"),
                                child(form, QPushButton, "addSkillButton"))
        self.stunts = StuntRows(self, child(form, QVBoxLayout, "stuntsLayout"),
                                child(form, QPushButton, "addStuntButton"))
        self.boxes = BoxRow()
        self.harm = HarmRow(self)  # play: harm goes through the rules, as on a PC's sheet
        boxes_layout = child(form, QVBoxLayout, "boxesLayout")
        boxes_layout.addWidget(self.boxes)
        boxes_layout.addWidget(self.harm)

        self.name_edit.textEdited.connect(lambda t: self.edit(lambda c: edited(c, name=t), _("Rename"), ("name",)))
        self.description_edit.textEdited.connect(
            lambda t: self.edit(lambda c: edited(c, description=t), _("Edit description"), ("description",)))
        self.notes_edit.textChanged.connect(
            lambda: self.edit(lambda c: edited(c, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))
        self.stress_spin.valueChanged.connect(self._stress_count)
        self.consequence_check.toggled.connect(self._consequence)
        self.refresh()

    @property
    def track(self) -> str:
        """The NPC's one stress track: the one it has, else the rule set's first."""
        boxes = self.entity.stress_boxes or {}
        if boxes:
            return next(iter(boxes))
        tracks = self.document.ruleset_for(self.entity).stress.tracks
        return tracks[0].id if tracks else "stress"

    def show_entity(self, character: Character) -> None:
        set_text(self.name_edit, character.name)
        set_text(self.description_edit, character.description)
        set_text(self.notes_edit, character.notes)
        ruleset = self.document.ruleset_for(character)
        self.aspects.update(character)
        self.skills.update(character, list(ruleset.skills))
        self.stunts.update(character)
        set_spin(self.stress_spin, minor_npc_box_count(character))
        values = (character.stress_boxes or {}).get(self.track, [])
        self.boxes.show_boxes(values, character.stress.get(self.track, []))
        self.harm.show_character(character, self.document.campaign)
        set_checked(self.consequence_check, bool(character.consequence_slots))
        show_problems(self.problems_label, self.document.check(self.entity_id).problems)

    def _stress_count(self, count: int) -> None:
        track = self.track
        self.edit(lambda c: minor_npc_stress(c, count, track),
                  ngettext("Set stress to {count} box", "Set stress to {count} boxes", count).format(count=count),
                  ("stress-count",))

    def _consequence(self, on: bool) -> None:
        slots = [s.model_copy() for s in MILD_ONLY] if on else None
        self.edit(lambda c: edited(c, consequence_slots=slots),
                  _("Allow a mild consequence") if on else _("Take away the consequence slot"))

    def focus_path(self, path: str) -> bool:
        head = path.split(".", 1)[0].split("[", 1)[0]
        target = {
            "aspects": self.aspects.edits[0] if self.aspects.edits else None,
            "skills": self.skills.names[0] if self.skills.names else None,
            "stunts": self.stunts.names[0] if self.stunts.names else None,
            "stress": self.stress_spin,
            "consequences": self.consequence_check,
        }.get(head, self.name_edit)
        if target is None:
            target = self.name_edit
        target.setFocus()
        return True
