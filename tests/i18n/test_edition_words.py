"""Each edition's own words (issue 42): where a language's Fate Condensed and Fate Core were
translated with different words, a sheet speaks its own edition's. Fate Condensed in French says
Éducation, Bricolage, Tir and Vigueur, and makes the third aspect a Relation
(FateX continued's system/data/fr/systems/condensed.json); Fate Core says Métiers, Combat à
distance and Physique (system/data/fr/systems/core.json). Core's word is the fallback."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from fate_desk import i18n
from fate_desk.gui.document import CampaignDocument
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import AspectRole, Campaign, Character
from fate_desk.rules import get_ruleset
from fate_desk.store.campaign_file import CampaignFile

from builders import FULL_ASPECTS


def _sheet(qtbot, tmp_path, language: str, ruleset: str, skills: dict[str, int]):
    """A sheet, in `language`, on a PC of `ruleset` in a campaign of that rule set."""
    i18n.set_language(language)
    character = Character(name="Odile", ruleset=ruleset, skills=skills,
                          aspects=[a.model_copy() for a in FULL_ASPECTS])
    campaign = Campaign(name="Édition", ruleset=ruleset, characters=[character])
    document = CampaignDocument(CampaignFile.create(tmp_path / f"{ruleset}.fatedesk", campaign))
    sheet = CharacterSheet(document, character.id)
    qtbot.addWidget(sheet)
    sheet.show()
    return document, sheet


def _skills_shown(sheet) -> dict[str, str]:
    """Each skill's English key and the name the sheet's skill list shows for it."""
    model = sheet.skills.model
    return {model.data(model.index(row, 0), Qt.ItemDataRole.EditRole): model.data(model.index(row, 0))
            for row in range(model.rowCount())}


def _aspect_titles(sheet) -> list[str]:
    return [label.text() for label in sheet.aspects.labels]


@pytest.fixture
def french_condensed(qtbot, tmp_path):
    document, sheet = _sheet(qtbot, tmp_path, "fr", "fate-condensed",
                             {"Academics": 4, "Shoot": 3, "Physique": 3, "Crafts": 2, "Stealth": 2, "Fight": 2})
    yield sheet
    document.close()


@pytest.fixture
def french_core(qtbot, tmp_path):
    document, sheet = _sheet(qtbot, tmp_path, "fr", "fate-core",
                             {"Shoot": 4, "Physique": 3, "Crafts": 3, "Stealth": 2, "Fight": 2})
    yield sheet
    document.close()


def test_a_french_condensed_sheet_says_the_condensed_editions_words(french_condensed):
    shown = _skills_shown(french_condensed)
    assert shown["Academics"] == "Éducation"  # no source names the skill "Académie"
    assert shown["Crafts"] == "Bricolage"
    assert shown["Shoot"] == "Tir"
    assert shown["Physique"] == "Vigueur"
    assert shown["Stealth"] == "Discrétion" and shown["Fight"] == "Combat"  # the editions agree
    assert "RELATION" in _aspect_titles(french_condensed)


def test_a_french_core_sheet_says_the_core_editions_words(french_core):
    shown = _skills_shown(french_core)
    assert shown["Crafts"] == "Métiers"
    assert shown["Shoot"] == "Combat à distance"
    assert shown["Physique"] == "Physique"
    assert "RELATION" not in _aspect_titles(french_core)


def test_a_german_condensed_sheet_sneaks_and_a_core_sheet_keeps_heimlichkeit(qtbot, tmp_path):
    document, sheet = _sheet(qtbot, tmp_path, "de", "fate-condensed", {"Stealth": 2})
    assert _skills_shown(sheet)["Stealth"] == "Schleichen"
    document.close()
    document, sheet = _sheet(qtbot, tmp_path, "de", "fate-core", {"Stealth": 2})
    assert _skills_shown(sheet)["Stealth"] == "Heimlichkeit"
    document.close()


@pytest.mark.parametrize(("language", "ruleset", "word", "expected"), [
    ("it", "fate-condensed", "Lore", "Folclore"),
    ("it", "fate-core", "Lore", "Conoscenze"),
    ("ko", "fate-condensed", "Lore", "신비학"),
    ("ko", "fate-core", "Lore", "학식"),
])
def test_lore_in_italian_and_korean_follows_the_edition(language, ruleset, word, expected):
    i18n.set_language(language)
    assert i18n.rules_text(word, ruleset) == expected
    assert i18n.rules_text(word, get_ruleset(ruleset)) == expected  # a rule set or its id


def test_the_chinese_high_concept_is_the_editions():
    i18n.set_language("zh_CN")
    assert AspectRole.HIGH_CONCEPT.label_in("fate-condensed") == "概念"
    assert AspectRole.HIGH_CONCEPT.label_in("fate-core") == "核心概念"


def test_core_words_are_the_fallback_for_any_other_rule_set_and_for_words_the_editions_share():
    i18n.set_language("fr")
    assert i18n.rules_text("Shoot", "atomic-robo") == "Combat à distance"  # a pack built on Core
    assert i18n.rules_text("Shoot") == "Combat à distance"  # no edition named or set
    assert i18n.rules_text("Notice", "fate-condensed") == "Observation"
    assert i18n.rules_text("Sailing", "fate-condensed") == "Sailing"  # a name the user typed


def test_the_open_campaigns_edition_is_spoken_where_none_is_named_and_a_piece_of_work_may_name_another():
    i18n.set_language("fr")
    i18n.set_edition("fate-condensed")
    assert i18n.rules_text("Physique") == "Vigueur"
    assert AspectRole.RELATIONSHIP.label == "Relation"
    with i18n.edition("fate-core"):  # printing a Core character while a Condensed campaign is open
        assert i18n.rules_text("Physique") == "Physique"
        with i18n.edition(None):  # naming none keeps the one in force
            assert i18n.rules_text("Physique") == "Physique"
    assert i18n.rules_text("Physique") == "Vigueur"


def test_opening_a_campaign_sets_its_edition_for_the_whole_window(qtbot, tmp_path):
    from fate_desk.gui.mainwindow import MainWindow
    from fate_desk.gui.settings import Settings

    i18n.set_language("fr")
    window = MainWindow(Settings())
    qtbot.addWidget(window)
    for ruleset, word in (("fate-condensed", "Bricolage"), ("fate-core", "Métiers")):
        campaign = Campaign(name=ruleset, ruleset=ruleset)
        window.set_document(CampaignDocument(CampaignFile.create(tmp_path / f"{ruleset}.fatedesk", campaign)))
        assert i18n.rules_text("Crafts") == word  # the roll dialog, the checker, the conflict panel


def test_a_french_condensed_character_prints_in_the_condensed_editions_words(tmp_path, monkeypatch):
    from pypdf import PdfReader

    from fate_desk.cli import main as cli_main
    from fate_desk.store.interchange import character_to_json

    from builders import legal_pc

    character = tmp_path / "ruth.fate.json"
    character.write_text(character_to_json(legal_pc(skills={"Academics": 4, "Shoot": 3, "Physique": 3})),
                         encoding="utf-8")
    out = tmp_path / "ruth.pdf"
    monkeypatch.setenv("FATE_DESK_LANGUAGE", "fr")
    assert cli_main(["export", str(character), "--out", str(out)]) == 0
    text = " ".join(page.extract_text() for page in PdfReader(out).pages).upper()
    assert "VIGUEUR" in text and "TIR" in text and "ÉDUCATION" in text
    assert "COMBAT À DISTANCE" not in text
