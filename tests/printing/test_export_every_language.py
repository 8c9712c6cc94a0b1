"""Every printable kind in every shipped language prints whole (issue 44): every letter in a
face that has it (Chinese and Korean reference cards, cheat sheets, trackers and blank cards
too), no label cut with "…", and the PDF tagged with the language its labels are printed in.

Each language is one test: its PDFs are printed and read back once, and every check looks at
what was read; the languages run side by side on the test workers."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pytest
from pypdf import PdfReader

from export_pdf_reading import squash
from fate_desk import i18n
from fate_desk.model import (
    Aspect, CampaignOptions, Character, CharacterKind, ConditionsMode, CustomTrack, Extra, SituationAspect,
)
from fate_desk.printing import ExportJob, LARGE_PRINT, Paper, What, campaign_job, export_pdf
from fate_desk.printing import samples
from fate_desk.rules import load_catalog
from fate_desk.store.packs import pack_samples

SHIPPED = [code for code in i18n.LANGUAGES if code != "en"]
# What the user wrote may hold an ellipsis of its own: it prints as written.
USER_ELLIPSIS = "Wait for it…"


def _campaign():
    """The sample campaign, with a user-written ellipsis and an NPC whose extra and track
    carry what a card must show."""
    campaign = samples.scene_campaign()
    campaign.characters[0].aspects[3] = Aspect(text=USER_ELLIPSIS)
    # One PC and one major NPC are enough to show every label a sheet has: fewer pages to read.
    campaign.characters = [c for c in campaign.characters if c.name not in ("Zoë «Ζωή» Петрова", "Dean Whitlock")]
    campaign.scenes[1].aspects.append(SituationAspect(text="Sirens " * 60, free_invokes=1))
    npc = Character(kind=CharacterKind.MAJOR_NPC, name="Captain Vos", skills={"Drive": 3, "Rapport": 4},
                    extras=[Extra(name="The Night Heron", aspects=["Fastest Cutter in the Quays"],
                                  skill_bonuses={"Drive": 1}, notes="Hides a false bottom.")],
                    tracks=[CustomTrack(id="favours", name="Favours Owed", boxes=[1, 1, 1],
                                        notes="The Guild calls them in.")])
    campaign.characters.append(npc)
    campaign.scenes[1].present.append(npc.id)
    return campaign


# A campaign pack prints these kinds too: sheets, scene sheets, cards, aspect cards, reference cards.
PACK_HOLDS = {What.SHEETS, What.SCENE, What.CARDS, What.ASPECT_CARDS, What.REFERENCE}


@lru_cache(maxsize=1)
def _pack_characters() -> tuple[Character, Character]:
    catalog = load_catalog()
    return (pack_samples(catalog.packs["toolkit-conditions"])[0], pack_samples(catalog.packs["frontier-spirit"])[0])


def _jobs(turn: int) -> dict[str, ExportJob]:
    """One PDF of every kind; `turn` (the language's place in the list) picks the rule set and
    options of the kinds that depend on them, so the languages between them print all three."""
    conditions, frontier = _pack_characters()
    campaign = _campaign()
    every_option = CampaignOptions(conditions=ConditionsMode.PLAIN, weapon_armor=True, extreme_consequences=True,
                                   scale=True)
    campaign.options = every_option if turn % 2 else campaign.options
    ruleset = samples.RULESETS[turn % 3]
    return {
        # The pack holds sheets, scene sheets, GM cards, aspect cards and reference cards (with every
        # optional rule's card on every other language).
        "pack": campaign_job(campaign, What.PACK, session=2, paper=Paper.A4),
        "cards": ExportJob(What.CARDS, cards=[campaign.characters[-1], samples.fae_pc(), conditions],
                           paper=Paper.A4),
        "sheet": ExportJob(What.SHEETS, sheets=[(conditions, frontier)[turn % 2]], paper=Paper.A4),
        "cheat-sheet": ExportJob(What.CHEAT_SHEET, ruleset=ruleset, options=campaign.options, paper=Paper.A4),
        "skill-card": ExportJob(What.SKILL_CARD, ruleset=ruleset, paper=Paper.A4),
        "blank": ExportJob(What.BLANK, ruleset=ruleset, paper=Paper.A4),
        "blank-cards": ExportJob(What.BLANK_CARDS, ruleset=ruleset, paper=Paper.A4),
        "aspect-cards": ExportJob(What.ASPECT_CARDS, paper=Paper.A4),
        "trackers": ExportJob(What.TRACKERS, paper=Paper.A4),
        "large-print": ExportJob(What.SHEETS, sheets=[samples.ruth()], scale=LARGE_PRINT, paper=Paper.A4),
    }


@dataclass
class ReadBack:
    """What one PDF says when read back."""

    lang: str
    pages: list[str]  # each page's text
    missing: list[tuple[str, str]]  # (character, face) drawn in a face without it


@lru_cache(maxsize=8)
def _cmap(base: str) -> frozenset | None:
    """The characters a bundled face has glyphs for, by the PDF's name of its subset."""
    from reportlab.pdfbase.ttfonts import TTFont

    from fate_desk.paths import resources_dir

    name = base.lstrip("/").split("+", 1)[-1]
    file = resources_dir() / "fonts" / f"{name}.ttf"
    return frozenset(TTFont(f"check-{name}", str(file)).face.charToGlyph) if file.exists() else None


def _read(path) -> ReadBack:
    cmap = _cmap
    reader = PdfReader(str(path))
    missing: list[tuple[str, str]] = []
    pages = []
    for page in reader.pages:
        def visit(text, cm, tm, font, size):
            if not text.strip() or font is None:
                return
            table = cmap(str(font.get("/BaseFont", "")))
            if table is not None:
                missing.extend((ch, str(font.get("/BaseFont"))) for ch in text
                               if not ch.isspace() and ord(ch) not in table)

        pages.append(squash(page.extract_text(visitor_text=visit) or ""))
    return ReadBack(str(reader.trailer["/Root"].get("/Lang", "")), pages, missing)


def _print_all(language: str, folder) -> dict[str, ReadBack]:
    """Every job printed in `language`, each read back once."""
    turn = SHIPPED.index(language)
    out = {}
    i18n.set_language(language)
    try:
        for name, job in _jobs(turn).items():
            path = folder / f"{language}-{name}.pdf"
            export_pdf(job, path)
            out[name] = _read(path)
        # What the checks below look for, in the language printed.
        words = [i18n._("The ladder"), i18n._("Overcome"), i18n._("Create an advantage")]
    finally:
        i18n.set_language("en")
    out["words"] = words
    return out


@pytest.mark.parametrize("language", SHIPPED)
def test_every_printable_kind_prints_whole_in_the_language(language, tmp_path):
    """One language per test (the languages print side by side on the test workers); every
    assertion reads the same PDFs."""
    printed = _print_all(language, tmp_path)
    words = printed.pop("words")
    # Every kind the app prints is here (a campaign pack holds five of them).
    assert {job.what for job in _jobs(SHIPPED.index(language)).values()} | PACK_HOLDS == set(What)
    pack = " ".join(printed["pack"].pages)
    assert "The Bridge" in pack and "Thick Fog" in pack  # its scene sheet and aspect cards

    # Every letter in a face that has it: no empty boxes, in Chinese and Korean neither.
    missing = {name: sorted(set(read.missing))[:5] for name, read in printed.items() if read.missing}
    assert missing == {}
    cheat = " ".join(printed["cheat-sheet"].pages)
    for word in words:  # the reference cards' and cheat sheet's own words, in the language
        assert squash(word) in pack, word
    assert squash(words[1]).upper() in cheat.upper()

    # No label loses letters to "…"; what the user wrote keeps its own.
    cut = {}
    for name, read in printed.items():
        for number, page in enumerate(read.pages, 1):
            rest = page.replace(USER_ELLIPSIS, "")
            if "…" in rest:
                at = rest.index("…")
                cut.setdefault(name, []).append((number, rest[max(0, at - 30):at + 1]))
    assert not cut, "\n".join(f"{name}: {cuts}" for name, cuts in cut.items())
    assert any(USER_ELLIPSIS in page for page in printed["pack"].pages)

    # Tagged with the language its labels are printed in.
    assert {read.lang for read in printed.values()} == {language.replace("_", "-")}


def test_an_english_export_is_tagged_english(tmp_path):
    out = tmp_path / "ruth.pdf"
    export_pdf(ExportJob(What.SHEETS, sheets=[samples.ruth()]), out)
    assert PdfReader(str(out)).trailer["/Root"]["/Lang"] == "en"
