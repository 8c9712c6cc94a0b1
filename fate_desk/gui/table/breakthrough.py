"""The breakthrough dialog: a milestone change, the high concept, recovery, power-ups, raises."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from fate_desk.model import AspectRole, CampaignOptions, Character, ClockStamp, Stunt
from fate_desk.rules import RuleSet
from fate_desk.rules.advance import BreakthroughChoice, apply_breakthrough, breakthrough_options

from ..dialogs.base import FormDialog
from ..forms import child
from .common import escape
from .milestone import MilestonePicker
from .preview import show_outcome
from .raises import RaisesPicker


class BreakthroughDialog(FormDialog):
    """Everything decided at a PC's breakthrough; the preview is the core operation's own result."""

    def __init__(self, character: Character, ruleset: RuleSet, options: CampaignOptions | None = None,
                 when: ClockStamp | None = None, parent: QWidget | None = None):
        name = character.name or "(unnamed)"
        super().__init__("table_breakthrough", f"Breakthrough for {name}", parent)
        self.character, self.ruleset, self.options, self.when = character, ruleset, options, when
        offer = breakthrough_options(character, ruleset, options)
        self.base_points = offer.skill_points
        arc = f" at the end of arc {when.arc}" if when and when.arc else ""
        child(self.form, QLabel, "headingLabel").setText(
            f"<b>{escape(name)}</b> reaches a breakthrough{arc}: one milestone change, a skill point, "
            "recovery for lasting harm, and whatever the GM grants.")
        self.picker = MilestonePicker(character, ruleset, options, self, none_text="No milestone change")
        child(self.form, QVBoxLayout, "pickerHolder").addWidget(self.picker)
        self.concept_check: QCheckBox = child(self.form, QCheckBox, "conceptCheck")
        self.concept_edit: QLineEdit = child(self.form, QLineEdit, "conceptEdit")
        self.concept_edit.setText(character.aspect_text(AspectRole.HIGH_CONCEPT))
        self.concept_check.toggled.connect(self.concept_edit.setEnabled)
        self.refresh_check: QCheckBox = child(self.form, QCheckBox, "refreshCheck")
        self.buy_check: QCheckBox = child(self.form, QCheckBox, "buyStuntCheck")
        self.stunt_name: QLineEdit = child(self.form, QLineEdit, "powerStuntNameEdit")
        self.stunt_text: QLineEdit = child(self.form, QLineEdit, "powerStuntTextEdit")
        self.skill_point_check: QCheckBox = child(self.form, QCheckBox, "skillPointCheck")
        self.refresh_check.setText(f"+1 refresh ({character.refresh} → {character.refresh + 1} before stunts)")
        self.refresh_check.toggled.connect(self._power_ups)
        self.buy_check.toggled.connect(self._power_ups)
        self.recoveries = self._build_recovery(offer)
        self.raises = RaisesPicker(character, ruleset, self.base_points, self)
        child(self.form, QVBoxLayout, "raisesHolder").addWidget(self.raises)
        self.skill_point_check.toggled.connect(
            lambda on: self.raises.set_points(self.base_points + (1 if on else 0)))
        self.preview: QLabel = child(self.form, QLabel, "previewLabel")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText("Take this breakthrough")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        for signal in (self.picker.changed, self.raises.changed, self.concept_check.toggled,
                       self.concept_edit.textChanged, self.refresh_check.toggled, self.buy_check.toggled,
                       self.stunt_name.textChanged, self.stunt_text.textChanged, self.skill_point_check.toggled):
            signal.connect(lambda *_: self._update())
        self._update()
        # The scroll area would squeeze its content together rather than scroll it.
        body = child(self.form, QWidget, "choicesBody")
        body.setMinimumHeight(body.sizeHint().height() + self.raises.sizeHint().height())
        # Never taller or wider than the screen (a 768-px laptop must see the buttons).
        room = self.screen().availableGeometry()
        self.resize(min(1080, room.width() - 40), min(760, room.height() - 60))

    def _build_recovery(self, offer) -> dict[str, tuple[QCheckBox, QLineEdit]]:
        layout: QVBoxLayout = child(self.form, QVBoxLayout, "recoveryLayout")
        rows = {}
        for status in offer.begin_recovery:
            check = QCheckBox(f"Begin recovery: {status.label}")
            edit = QLineEdit()
            edit.setPlaceholderText("New name (as it heals)")
            edit.setEnabled(False)
            check.toggled.connect(edit.setEnabled)
            check.toggled.connect(lambda *_: self._update())
            edit.textChanged.connect(lambda *_: self._update())
            row = QHBoxLayout()
            row.addWidget(check)
            row.addWidget(edit, 1)
            layout.addLayout(row)
            rows[status.value] = (check, edit)
        for name in offer.clears:
            layout.addWidget(QLabel(f"Clears: “{escape(name)}” (it was already recovering)"))
        self.extremes: dict[int, QLineEdit] = {}
        for index in offer.extreme_aspects:
            edit = QLineEdit()
            edit.setPlaceholderText(f"Rename “{self.character.aspects[index].text}” (optional)")
            edit.textChanged.connect(lambda *_: self._update())
            layout.addWidget(QLabel("An extreme consequence stays, but may be renamed:"))
            layout.addWidget(edit)
            self.extremes[index] = edit
        if not (rows or offer.clears or offer.extreme_aspects):
            layout.addWidget(QLabel("No moderate or severe consequence to recover from."))
        return rows

    def _power_ups(self) -> None:
        on = self.refresh_check.isChecked()
        self.buy_check.setEnabled(on)
        buying = on and self.buy_check.isChecked()
        self.stunt_name.setEnabled(buying)
        self.stunt_text.setEnabled(buying)

    def choice(self) -> BreakthroughChoice:
        buying = self.refresh_check.isChecked() and self.buy_check.isChecked()
        concept = self.concept_edit.text() if self.concept_check.isChecked() else None
        return BreakthroughChoice(
            milestone=self.picker.choice(),
            high_concept=concept,
            recoveries={slot: edit.text() for slot, (check, edit) in self.recoveries.items() if check.isChecked()},
            raises=self.raises.raises(),
            gm_refresh=self.refresh_check.isChecked(),
            gm_skill_point=self.skill_point_check.isChecked(),
            new_stunt=Stunt(name=self.stunt_name.text(), text=self.stunt_text.text()) if buying else None,
            extreme_renames={i: e.text() for i, e in self.extremes.items() if e.text().strip()},
        )

    def _update(self) -> None:
        show_outcome(
            self.preview, self.ok, self.character,
            lambda: apply_breakthrough(self.character, self.choice(), self.ruleset, self.options, self.when),
            self.ruleset, self.options,
        )
