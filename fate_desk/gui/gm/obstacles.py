"""Hazard, block and distraction editors, each with what the rules derive from its numbers."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QSpinBox

from fate_desk.i18n import _
from fate_desk.model import Block, CharacterKind, Hazard, ladder_label
from fate_desk.rules.creation.derive import peak_skill
from fate_desk.rules.creation.edits import edited
from fate_desk.rules.prep.obstacles import cover_armor, forced_into_weapon, rating_guidance, removal_difficulty

from ..forms import child, load_form
from .common import GmEditor, LadderCombo, LinesEditor, set_checked, set_spin, set_text

LOW, HIGH = -2, 12  # the ratings an obstacle may have


def guidance_text(campaign, obstacle: Hazard | Block) -> str:
    """The rating check against the PCs' best skill, as a line for the editor (never a refusal)."""
    if not any(c.kind == CharacterKind.PC and c.skills for c in campaign.characters):
        return _("<i>Add player characters with skills to compare this rating with their best skill.</i>")
    peak = peak_skill(campaign)
    hint = rating_guidance(obstacle, peak)
    if hint:
        return f"⚠ {escape(hint, quote=False)}"
    if isinstance(obstacle, Hazard):
        return _("✔ At least as high as the PCs' best skill ({rating}), as the book suggests.").format(
            rating=ladder_label(peak))
    return _("✔ No more than one step above the PCs' best skill ({rating}), as the book suggests.").format(
        rating=ladder_label(peak))


class _ObstacleEditor(GmEditor):
    form_name = ""

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, load_form(self.form_name), parent)
        self.name_edit: QLineEdit = child(self.form, QLineEdit, "nameEdit")
        self.notes_edit: QPlainTextEdit = child(self.form, QPlainTextEdit, "notesEdit")
        self.name_edit.textEdited.connect(lambda t: self.edit(lambda o: edited(o, name=t), _("Rename"), ("name",)))
        self.notes_edit.textChanged.connect(
            lambda: self.edit(lambda o: edited(o, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))

    def _rating_combo(self, slot: str, what: str) -> LadderCombo:
        combo = LadderCombo(LOW, HIGH)
        combo.setAccessibleName(what)
        child(self.form, QHBoxLayout, slot).addWidget(combo)
        child(self.form, QHBoxLayout, slot).addStretch(1)
        return combo

    def _others_changed(self, entity_id: str) -> None:
        # A PC's skills move the guidance line.
        self.refresh()


class _RatedEditor(_ObstacleEditor):
    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, parent)
        self.rating = self._rating_combo("ratingSlot", _("Rating"))
        self.weapon_spin: QSpinBox = child(self.form, QSpinBox, "weaponSpin")
        self.guidance: QLabel = child(self.form, QLabel, "guidanceLabel")
        self.rating.ratingChosen.connect(
            lambda v: self.edit(lambda o: edited(o, rating=v), _("Set rating to {rating}").format(rating=ladder_label(v))))
        self.weapon_spin.valueChanged.connect(
            lambda v: self.edit(lambda o: edited(o, weapon=v), _("Set Weapon to {value}").format(value=v), ("weapon",)))

    def show_entity(self, obstacle) -> None:
        set_text(self.name_edit, obstacle.name)
        set_text(self.notes_edit, obstacle.notes)
        self.rating.set_value(obstacle.rating)
        set_spin(self.weapon_spin, obstacle.weapon)
        self.guidance.setText(guidance_text(self.document.campaign, obstacle))
        self.show_derived(obstacle)

    def show_derived(self, obstacle) -> None:
        raise NotImplementedError


class HazardEditor(_RatedEditor):
    """Name (skill and aspect at once), rating and Weapon 1-4."""

    form_name = "gm_hazard"

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, parent)
        self.summary: QLabel = child(self.form, QLabel, "summaryLabel")
        self.refresh()

    def show_derived(self, hazard: Hazard) -> None:
        name = escape(hazard.name.strip() or _("the hazard"))
        rating = ladder_label(hazard.rating)
        self.summary.setText("<br>".join((  # i18n: not shown (markup)
            _("It rolls <b>{name}</b> at <b>{rating}</b> to attack or create advantages; "
              "its hits add <b>Weapon:{weapon}</b>.").format(name=name, rating=rating, weapon=hazard.weapon),
            _("<b>{name}</b> is also an aspect of the scene, open to invokes.").format(name=name),
            _("Getting past it or shutting it down is an overcome against <b>{rating}</b>.").format(rating=rating),
        )))


class BlockEditor(_RatedEditor):
    """Rating and optional Weapon 0-4, with removal difficulty, cover Armor and forced-into Weapon."""

    form_name = "gm_block"

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, parent)
        self.derived: QLabel = child(self.form, QLabel, "derivedLabel")
        self.refresh()

    def show_derived(self, block: Block) -> None:
        forced = forced_into_weapon(block)
        lines = [
            _("Removing it for good: overcome against <b>{rating}</b> (its rating + 2).").format(
                rating=ladder_label(removal_difficulty(block))),
            _("Hiding behind it as cover: <b>Armor:{armor}</b> (half its rating, at least 1).").format(
                armor=cover_armor(block)),
            _("Forcing someone into it: <b>Weapon:{weapon}</b> on that hit (half its Weapon, at least 1).").format(
                weapon=forced) if forced else _("Forcing someone into it does no extra harm (it has no Weapon)."),
        ]
        self.derived.setText("<br>".join(lines))  # i18n: not shown (markup)


class DistractionEditor(_ObstacleEditor):
    """Name, the choice it forces, its repercussions, and an optional opposition."""

    form_name = "gm_distraction"

    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, parent)
        self.choice_edit: QLineEdit = child(self.form, QLineEdit, "choiceEdit")
        self.repercussions = LinesEditor(_("Add repercussion"), _("Remove repercussion"),
                                         _("What happens if they choose the other way"))
        child(self.form, QHBoxLayout, "repercussionsSlot").addWidget(self.repercussions)
        self.opposition_check = QCheckBox(_("Opposes their efforts at"))
        self.opposition = LadderCombo(LOW, HIGH)
        self.opposition.setAccessibleName(_("Opposition"))
        slot = child(self.form, QHBoxLayout, "oppositionSlot")
        slot.addWidget(self.opposition_check)
        slot.addWidget(self.opposition)
        slot.addStretch(1)
        self.choice_edit.textEdited.connect(
            lambda t: self.edit(lambda o: edited(o, choice=t), _("Edit choice"), ("choice",)))
        self.repercussions.linesEdited.connect(
            lambda lines: self.edit(lambda o: edited(o, repercussions=lines), _("Edit repercussions")))
        self.opposition_check.toggled.connect(self._opposition_toggled)
        self.opposition.ratingChosen.connect(
            lambda v: self.edit(lambda o: edited(o, opposition=v),
                                _("Set opposition to {rating}").format(rating=ladder_label(v))))
        self.refresh()

    def _opposition_toggled(self, on: bool) -> None:
        value = self.opposition.value() if on else None
        self.edit(lambda o: edited(o, opposition=value), _("Add opposition") if on else _("Remove opposition"))

    def show_entity(self, distraction) -> None:
        set_text(self.name_edit, distraction.name)
        set_text(self.choice_edit, distraction.choice)
        set_text(self.notes_edit, distraction.notes)
        self.repercussions.set_lines(list(distraction.repercussions))
        set_checked(self.opposition_check, distraction.opposition is not None)
        self.opposition.setEnabled(distraction.opposition is not None)
        self.opposition.set_value(distraction.opposition if distraction.opposition is not None else 2)

    def _others_changed(self, entity_id: str) -> None:
        pass  # nothing here depends on other entries
