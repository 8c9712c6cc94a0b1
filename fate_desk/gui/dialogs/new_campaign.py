"""New campaign: a name, a rule set, optional rules and where to keep the file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QDialogButtonBox, QFileDialog, QLabel, QLineEdit, QPushButton,
)

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import Campaign, CampaignOptions, ConditionsMode
from fate_desk.store.filetypes import CAMPAIGN_SUFFIX

from ..forms import child
from ..opening import free_path, safe_file_name
from .base import FormDialog
from ..theme import status_colour

_CONDITIONS = (
    (ConditionsMode.OFF, N_("Off: mild, moderate and severe consequences")),
    (ConditionsMode.PLAIN, N_("Conditions instead of consequences")),
    (ConditionsMode.FURTHER_APART, N_("Conditions, further apart")),
)


class NewCampaignDialog(FormDialog):
    def __init__(self, catalog, folder: Path, parent=None):
        super().__init__("new_campaign", _("New campaign"), parent)
        self.catalog = catalog
        self.folder = Path(folder)
        self.name_edit: QLineEdit = child(self.form, QLineEdit, "nameEdit")
        self.ruleset_combo: QComboBox = child(self.form, QComboBox, "rulesetCombo")
        self.description: QLabel = child(self.form, QLabel, "rulesetDescription")
        self.file_edit: QLineEdit = child(self.form, QLineEdit, "fileEdit")
        self.conditions: QComboBox = child(self.form, QComboBox, "conditionsCombo")
        self.weapon_armor: QCheckBox = child(self.form, QCheckBox, "weaponArmorCheck")
        self.extreme: QCheckBox = child(self.form, QCheckBox, "extremeCheck")
        self.scale: QCheckBox = child(self.form, QCheckBox, "scaleCheck")
        self.error: QLabel = child(self.form, QLabel, "errorLabel")
        self.buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        for ruleset_id in catalog.ids():
            self.ruleset_combo.addItem(rules_text(catalog.get(ruleset_id).name), ruleset_id)
        for mode, label in _CONDITIONS:
            self.conditions.addItem(_(label), mode)
        self._path_touched = False
        self.ruleset_combo.currentIndexChanged.connect(self._describe)
        self.name_edit.textChanged.connect(self._suggest_path)
        self.file_edit.textEdited.connect(lambda _text: setattr(self, "_path_touched", True))
        self.file_edit.textChanged.connect(self._validate)
        child(self.form, QPushButton, "browseButton").clicked.connect(self._browse)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._describe()
        self._suggest_path()
        self.name_edit.selectAll()
        self.fit(560)

    def _describe(self) -> None:
        ruleset = self.catalog.get(self.ruleset_combo.currentData())
        self.description.setText(f"<small>{rules_text(ruleset.description)}</small>")  # i18n: markup only (its words are translated)

    def _suggest_path(self) -> None:
        if not self._path_touched:
            self.file_edit.setText(str(free_path(self.folder, safe_file_name(self.name_edit.text()))))

    def _browse(self) -> None:
        path, _filter = QFileDialog.getSaveFileName(self, _("Where to keep the campaign"), self.file_edit.text(),
                                                    _("Fate Desk campaign (*{suffix})").format(suffix=CAMPAIGN_SUFFIX))
        if path:
            self._path_touched = True
            self.file_edit.setText(path if path.endswith(CAMPAIGN_SUFFIX) else path + CAMPAIGN_SUFFIX)

    def _validate(self) -> None:
        path = self.path()
        problem = ""
        if not self.file_edit.text().strip():
            problem = _("Choose where to keep the campaign file.")
        elif path.exists():
            problem = _("{file} already exists; choose another name.").format(file=path.name)
        self.error.setText(f"<span style='color:{status_colour('error')}'>{problem}</span>" if problem else "")  # i18n: markup only (its words are translated)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    def accept(self) -> None:
        self._validate()  # the file may have appeared since the name was typed
        if self.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled():
            super().accept()

    def path(self) -> Path:
        text = self.file_edit.text().strip()
        path = Path(text).expanduser()
        return path if path.name.endswith(CAMPAIGN_SUFFIX) else path.with_name(path.name + CAMPAIGN_SUFFIX)

    def campaign(self) -> Campaign:
        return Campaign(
            name=self.name_edit.text().strip() or _("New campaign"),
            ruleset=self.ruleset_combo.currentData(),
            options=CampaignOptions(
                conditions=self.conditions.currentData(),
                weapon_armor=self.weapon_armor.isChecked(),
                extreme_consequences=self.extreme.isChecked(),
                scale=self.scale.isChecked(),
            ),
        )
