"""The window's dialogs in the pseudo-locale: every line they write is translated, and what the
user picks in a translated list is still stored by its key (a rule set's English skill name,
a paper size, a conditions mode), so a campaign made in one language opens in any other."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel

from fate_desk import i18n
from fate_desk.printing import Paper, What
from fate_desk.gui.about import AboutDialog, UserGuideWindow
from fate_desk.gui.dialogs.export_choices import scopes
from fate_desk.gui.dialogs.export_for import ExportForDialog
from fate_desk.gui.dialogs.export_pdf import ExportPdfDialog
from fate_desk.gui.dialogs.extra_editor import ExtraDialog, TrackDialog
from fate_desk.gui.dialogs.library import LibraryDialog, packs_for
from fate_desk.gui.dialogs.new_campaign import NewCampaignDialog
from fate_desk.gui.dialogs.restore_backup import Backup, RestoreBackupDialog
from fate_desk.gui.dialogs.stunt_helper import StuntHelperDialog
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.gui.settings import Settings
from fate_desk.model import Character, ConditionsMode
from fate_desk.rules import default_catalog, get_ruleset
from fate_desk.store.bundle import read_bundle

PSEUDO = "⟦"


pytestmark = pytest.mark.usefixtures("pseudo")  # the pseudo-locale: tests/i18n/conftest.py


def _translated(text: str) -> bool:
    return PSEUDO in text


def _combo_texts(combo) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_new_campaign_is_translated_and_stores_keys(qtbot, tmp_path):
    catalog = default_catalog()
    dialog = NewCampaignDialog(catalog, tmp_path)
    qtbot.addWidget(dialog)
    assert _translated(dialog.windowTitle())
    assert all(_translated(t) for t in _combo_texts(dialog.conditions))
    assert all(_translated(t) for t in _combo_texts(dialog.ruleset_combo))  # rule set names via rules_text
    assert _translated(dialog.description.text())
    dialog.conditions.setCurrentIndex(1)
    dialog.ruleset_combo.setCurrentIndex(dialog.ruleset_combo.findData("fate-accelerated"))
    dialog.name_edit.clear()
    campaign = dialog.campaign()
    assert campaign.ruleset == "fate-accelerated" and campaign.options.conditions == ConditionsMode.PLAIN
    assert _translated(campaign.name)  # an unnamed campaign is named in the user's language
    assert _translated(dialog.file_edit.text())  # the file of an unnamed campaign is named in the language too
    (tmp_path / "Taken.fatedesk").write_text("")
    dialog.file_edit.setText(str(tmp_path / "Taken.fatedesk"))
    assert _translated(dialog.error.text()) and "Taken" in dialog.error.text()


def test_print_to_pdf_is_translated_and_prints_what_was_chosen(qtbot, tmp_path):
    campaign = read_bundle(sample_bundle_path())
    dialog = ExportPdfDialog(campaign, Settings(), folder=tmp_path, open_url=lambda url: None)
    qtbot.addWidget(dialog)
    assert _translated(dialog.windowTitle()) and _translated(dialog.ok_button.text())
    assert all(_translated(t) for t in _combo_texts(dialog.what_combo))
    assert all(_translated(t) for t in _combo_texts(dialog.scope_combo)), _combo_texts(dialog.scope_combo)
    assert all(_translated(t) for t in _combo_texts(dialog.paper_combo))
    dialog.what_combo.setCurrentIndex(dialog.what_combo.findData(What.SHEETS.value))
    assert dialog.what() == What.SHEETS and _translated(dialog.what_hint.text())
    assert _translated(dialog.count_label.text())
    tips = [dialog.entries.tooltip(r) for r in range(dialog.entries.rowCount())]
    assert tips and all(_translated(t) for t in tips)
    dialog.paper_combo.setCurrentIndex(dialog.paper_combo.findData(Paper.A4.value))
    assert dialog.paper() == Paper.A4
    dialog.what_combo.setCurrentIndex(dialog.what_combo.findData(What.BLANK.value))
    assert _translated(dialog.entries.text(0))
    assert _translated(dialog.file_edit.text())  # the suggested file name says what it holds
    dialog.file_edit.setText(str(tmp_path / "no such folder" / "x.pdf"))
    assert _translated(dialog.message.text())
    # A scope chosen in the translated list is still the same scope.
    assert scopes(campaign)[0] == dialog.scopes[0] and dialog.scopes[0].kind == ""


def test_export_for_is_translated(qtbot, tmp_path):
    campaign = read_bundle(sample_bundle_path())
    dialog = ExportForDialog(campaign, campaign.characters[0], tmp_path)
    qtbot.addWidget(dialog)
    assert _translated(dialog.windowTitle()) and _translated(dialog.save_button.text())
    assert _translated(dialog.hint.text())
    assert all(_translated(t) for t in _combo_texts(dialog.scope_combo))
    dialog.file_edit.setText("")
    dialog.accept()
    assert _translated(dialog.error.text())


def test_a_track_chosen_in_the_language_keeps_the_rule_sets_skill(qtbot):
    ruleset = get_ruleset("fate-condensed")
    dialog = TrackDialog(ruleset, lambda name: "wealth")
    qtbot.addWidget(dialog)
    fields = dialog.fields
    assert _translated(dialog.windowTitle())
    labels = [w.text() for w in dialog.findChildren(QLabel) if w.text()]
    assert labels and all(_translated(t) for t in labels), labels
    assert all(_translated(t) for t in _combo_texts(fields.skill))
    assert all(_translated(t) for t in _combo_texts(fields.clears))
    assert all(_translated(b.text()) for b in fields.absorbs.values())
    fields.name.setText("Wealth")
    fields.skill.setCurrentIndex(fields.skill.findData("Resources"))
    assert fields.skill.currentText() != "Resources"  # shown translated...
    dialog.accept()
    assert dialog.result_track is not None and dialog.result_track.skill == "Resources"  # ...stored in English
    again = TrackDialog(ruleset, lambda name: "x")
    qtbot.addWidget(again)
    again.accept()
    assert _translated(again.status.text())  # "Name the track."


def test_an_extra_typed_in_the_language_stores_the_rule_sets_skill(qtbot):
    ruleset = get_ruleset("fate-condensed")
    dialog = ExtraDialog(ruleset, lambda name: "x")
    qtbot.addWidget(dialog)
    assert _translated(dialog.windowTitle()) and _translated(dialog.track_box.title())
    labels = [w.text() for w in dialog.findChildren(QLabel) if w.text()]
    assert labels and all(_translated(t) for t in labels), labels
    dialog.name.setText("Familiar")
    # The player writes the skill as the sheet shows it, in the interface language.
    dialog.skills.setPlainText(f"{i18n.rules_text('Lore')} 2")
    dialog.bonuses.setPlainText("Physique +1")
    dialog.accept()
    extra = dialog.result_extra
    assert extra is not None and extra.skills == {"Lore": 2} and extra.skill_bonuses == {"Physique": 1}
    wrong = ExtraDialog(ruleset, lambda name: "x")
    qtbot.addWidget(wrong)
    wrong.name.setText("Familiar")
    wrong.skills.setPlainText("Lore lots")
    wrong.accept()
    assert wrong.result_extra is None and _translated(wrong.status.text())


def test_the_stunt_helper_offers_skills_in_the_language(qtbot):
    ruleset = get_ruleset("fate-condensed")
    character = Character(name="Maren", refresh=3, fate_points=3)
    dialog = StuntHelperDialog(ruleset, character)
    qtbot.addWidget(dialog)
    assert _translated(dialog.windowTitle()) and _translated(dialog.ok.text()) and _translated(dialog.cost.text())
    assert all(_translated(t) for t in _combo_texts(dialog.skill))
    assert all(_translated(t) for t in _combo_texts(dialog.action))
    assert dialog.skill.findData("Fight") >= 0  # the rule set's names stay the data


def test_library_and_backups_are_translated(qtbot, tmp_path):
    catalog = default_catalog()
    library = LibraryDialog(packs_for(catalog, "fate-condensed"))
    qtbot.addWidget(library)
    assert _translated(library.windowTitle()) and _translated(library.words.placeholderText())
    assert all(_translated(t) for t in _combo_texts(library.kind))
    library.kind.setCurrentIndex(library.kind.findData("stunt"))
    entry = library.entry()
    assert entry is None or entry.kind == "stunt"
    if entry is not None:
        assert _translated(library.results.item(0).text())
    library.words.setText("zzzz no such word")
    assert _translated(library.detail.text())
    backups = RestoreBackupDialog(tmp_path / "none.fatedesk", folder=tmp_path)
    qtbot.addWidget(backups)
    assert _translated(backups.windowTitle()) and _translated(backups.list.item(0).text())
    assert _translated(backups.restore_button.text())
    line = Backup(tmp_path, 0.0, 3, 1).describe()
    assert _translated(line) and "3" in line


def test_about_and_the_guide_are_translated(qtbot):
    about = AboutDialog()
    qtbot.addWidget(about)
    assert _translated(about.windowTitle())
    versions = about.findChild(QLabel, "versionsLabel").text()
    assert _translated(versions)
    guide = UserGuideWindow()
    qtbot.addWidget(guide)
    assert _translated(guide.windowTitle())
    QApplication.processEvents()
