"""Printed text in the user's language (issue 29): the labels, headings, captions and rules
summaries of sheets, cards, reference cards and blanks are marked; what the user wrote (names,
aspects, stunts, notes) prints exactly as written."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from export_pdf_reading import pdf_text
from fate_desk import i18n
from fate_desk.printing import ExportJob, What, campaign_job, export_pdf, samples
from fate_desk.printing.reference_text import reference_cards
from fate_desk.model import CampaignOptions
from fate_desk.rules import get_ruleset


@pytest.fixture
def pseudo():
    i18n.set_language("en_XA")
    yield
    i18n.set_language("en")


def _export(job: ExportJob, path) -> str:
    export_pdf(job, path)
    return pdf_text(path)


def test_a_sheet_prints_its_labels_translated_and_the_characters_words_as_written(pseudo, tmp_path):
    ruth = samples.ruth()
    text = _export(ExportJob(What.SHEETS, sheets=[ruth]), tmp_path / "ruth.pdf")
    # The character's own words, untouched.
    for own in (ruth.name, ruth.aspects[0].text, ruth.stunts[0].text, "Owes the Miskatonic archive"):
        assert own in text
    # The sheet's own labels, translated.
    for label in ("ASPECTS", "STUNTS", "STRESS", "NOTES", "REFRESH", "FATE POINTS"):
        assert "⟦" + _accented(label) in text, label
    assert _accented("page 1 of 1") in text
    # Rule-set data (skill names, track names) through rules_text, not as stored.
    assert "⟦" + _accented("Fight") in text and "⟦" + _accented("Physical") in text
    for english in ("ASPECTS", "STUNTS", "NOTES", "page 1 of 1", "each more costs", "at least refresh each session"):
        assert english not in text


def test_the_same_sheet_in_english_is_unchanged(tmp_path):
    text = _export(ExportJob(What.SHEETS, sheets=[samples.ruth()]), tmp_path / "ruth.pdf")
    assert "⟦" not in text
    assert "ASPECTS" in text and "STUNTS" in text and "page 1 of 1" in text


def test_pdf_metadata_and_bookmarks_are_translated(pseudo, tmp_path):
    out = tmp_path / "ref.pdf"
    export_pdf(ExportJob(What.REFERENCE, ruleset="fate-condensed", title="Table copy"), out)
    reader = PdfReader(str(out))
    assert reader.metadata.title == "Table copy"  # the user's own title
    assert "⟦" in reader.metadata.subject
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    assert outline and all("⟦" in title for title in outline)


def test_reference_cards_are_translated_whole(pseudo):
    cards = reference_cards(get_ruleset("fate-condensed"), CampaignOptions(weapon_armor=True, scale=True))
    for card in cards:
        assert card.title.startswith("⟦"), card.title
        for part in card.paragraphs:
            cells = part if isinstance(part, tuple) else (part,)
            for cell in cells:
                plain = re.sub(r"<[^>]+>|⟦[^⟧]*⟧|\([+−-]?\d+\)", "", cell)
                # No English sentence slipped through: at most a lone rating word outside brackets.
                assert not re.search(r"[a-z]{3,} [a-z]{3,}", plain), (card.title, cell)


def _accented(english: str) -> str:
    """How the pseudo-locale writes a marked string's letters (without its brackets)."""
    return i18n.pseudo(english)[1:].split(" ~")[0]


def test_gm_cards_blanks_and_the_cheat_sheet_print_translated(pseudo, tmp_path):
    blank_cards = _export(ExportJob(What.BLANK_CARDS, ruleset="fate-condensed"), tmp_path / "blank.pdf")
    assert _accented("Blank NPC card").upper() in blank_cards  # the kind prints in capitals
    assert "Blank NPC card" not in blank_cards and "When the last box is marked" not in blank_cards

    cheat = _export(ExportJob(What.CHEAT_SHEET, ruleset="fate-condensed"), tmp_path / "cheat.pdf")
    assert _accented("THE LADDER") in cheat
    assert "Match the difficulty to the story" not in cheat and "Players spend" not in cheat

    campaign = samples.sample_campaign()
    pack = _export(campaign_job(campaign, What.PACK), tmp_path / "pack.pdf")
    for npc in campaign.characters:
        if npc.name:
            assert npc.name in pack  # names print as written
    for english in ("Cover and contents", "Campaign pack", "It cannot be attacked", "Never acts.",
                    "continued on the next card", "The four outcomes"):
        assert english not in pack
    assert _accented("Hazard").upper() in pack or _accented("Hazard") in pack


def test_export_errors_are_said_in_the_users_language(pseudo, tmp_path):
    from fate_desk.printing import ExportError

    with pytest.raises(ExportError) as refused:
        export_pdf(ExportJob(What.SHEETS, sheets=[samples.ruth()]), tmp_path / "missing" / "x.pdf")
    assert str(refused.value).count("⟦") == 1 and "does not exist" not in str(refused.value)
