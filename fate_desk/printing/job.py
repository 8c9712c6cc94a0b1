"""What to print: an export job, the paper it goes on, and the default paper for the locale.

No reportlab here, so the GUI can build jobs without paying for the PDF library at start-up.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Union

from fate_desk.i18n import N_, _
from fate_desk.model import (
    Block,
    CampaignOptions,
    Character,
    Countdown,
    Distraction,
    Hazard,
    Scene,
)


class What(StrEnum):
    SHEETS = "sheets"  # one page per character
    CARDS = "cards"  # index cards for GM prep
    REFERENCE = "reference"  # rules reference cards
    PACK = "pack"  # sheets, then cards, then reference cards
    BLANK = "blank"  # a fillable blank sheet for the rule set
    SCENE = "scene"  # a scene sheet per scene: zones, situation aspects, who is there
    ASPECT_CARDS = "aspect-cards"  # a card per situation aspect or boost, with free-invoke boxes
    TRACKERS = "trackers"  # the GM's fate-point pool and a card per player
    CHEAT_SHEET = "cheat-sheet"  # one page of rules for the GM
    SKILL_CARD = "skill-card"  # what each skill (or approach) does for each action
    BLANK_CARDS = "blank-cards"  # blank NPC, monster, obstacle and countdown cards

    @property
    def label(self) -> str:
        return _(WHAT_TITLES[self])


# What prints the chosen entries' sheets, and what their cards (the job's lists, the renderer's pages).
PRINTS_SHEETS = (What.SHEETS, What.PACK)
PRINTS_CARDS = (What.CARDS, What.PACK)

WHAT_TITLES = {
    What.SHEETS: N_("Character sheets"), What.CARDS: N_("GM cards"), What.REFERENCE: N_("Reference cards"),
    What.PACK: N_("Campaign pack"), What.BLANK: N_("Blank sheet"), What.SCENE: N_("Scene sheets"),
    What.ASPECT_CARDS: N_("Aspect and boost cards"), What.TRACKERS: N_("Fate-point trackers"),
    What.CHEAT_SHEET: N_("GM cheat sheet"), What.SKILL_CARD: N_("Skill card"), What.BLANK_CARDS: N_("Blank cards"),
}


class Paper(StrEnum):
    LETTER = "letter"
    A4 = "a4"

    @property
    def label(self) -> str:
        return {"letter": _("Letter"), "a4": _("A4")}[self.value]


# Countries whose locales default to US Letter (as glibc's LC_PAPER data has it).
LETTER_COUNTRIES = frozenset(
    {"US", "CA", "MX", "PH", "CL", "CO", "VE", "PR", "CR", "GT", "SV", "NI", "PA", "DO", "BZ"}
)

CardEntry = Union[Character, Hazard, Block, Distraction, Countdown]


def locale_country(env: Mapping[str, str] | None = None) -> str | None:
    """The country of the paper locale: LC_ALL, then LC_PAPER, then LANG ('en_US.UTF-8' -> 'US')."""
    env = os.environ if env is None else env
    for key in ("LC_ALL", "LC_PAPER", "LANG"):
        value = env.get(key, "")
        if not value:
            continue
        base = value.split(".", 1)[0].split("@", 1)[0]
        if "_" in base:
            return base.split("_", 1)[1].upper() or None
        return None  # "C", "POSIX" or a bare language: no country
    return None


def default_paper(env: Mapping[str, str] | None = None) -> Paper:
    """Letter where the locale's country uses it, A4 everywhere else."""
    return Paper.LETTER if locale_country(env) in LETTER_COUNTRIES else Paper.A4


LARGE_PRINT = 1.5  # large-print sheets and cards for low vision: text, boxes and lines at 150%


@dataclass
class ExportJob:
    """Everything one PDF holds.

    `sheets` get a page each (more when they overflow); `cards` share pages four at a time; `ruleset` None means each
    character's own rule set (a campaign sets its own for all). Reference cards and blank
    sheets use `ruleset` or the default rule set.
    """

    what: What
    sheets: list[Character] = field(default_factory=list)
    cards: list[CardEntry] = field(default_factory=list)
    ruleset: str | None = None
    options: CampaignOptions = field(default_factory=CampaignOptions)
    paper: Paper | None = None  # None: from the locale
    title: str = ""
    scenes: list[Scene] = field(default_factory=list)  # for scene sheets and aspect cards
    names: dict[str, str] = field(default_factory=dict)  # id -> name of who or what a scene holds
    players: list[str] = field(default_factory=list)  # names for the fate-point trackers
    state: bool = False  # print fate points, marks and consequences; False: a table copy
    language: str = ""  # the language the labels print in ("de", "pt_BR"); "" for the interface's
    scale: float = 1.0  # LARGE_PRINT: everything 150%, the same content on more pages
    refresh: dict[str, int] = field(default_factory=dict)  # player name -> refresh, for the trackers
    scope: str = ""  # what part of the campaign it holds, for the pack's cover ("Session 2")
    label: str = ""  # what the PDF is called when not `what.label` ("Character pack")

    def kind_label(self) -> str:
        return self.label or self.what.label

    def resolved_paper(self) -> Paper:
        return self.paper or default_paper()
