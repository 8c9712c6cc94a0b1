"""The campaign: everything a GM keeps, with its rule set and optional rules."""

# Annotations are evaluated as the classes are made (no `from __future__ import annotations`):
# pydantic would otherwise evaluate each field's annotation from its text, which costs the
# app's start and every command a few milliseconds.

from enum import StrEnum
from typing import Annotated

from pydantic import Field

from .base import FateModel, empty_list, id_field
from .character import Character, ClockStamp
from .encounter import ScenePlay
from .obstacles import Block, Countdown, Distraction, Hazard, Obstacle


class ConditionsMode(StrEnum):
    OFF = "off"
    PLAIN = "plain"
    FURTHER_APART = "further_apart"


class CampaignOptions(FateModel):
    """The optional rules a campaign plays with; every one is off unless the GM turns it on."""

    conditions: ConditionsMode = ConditionsMode.OFF
    weapon_armor: bool = False
    extreme_consequences: bool = False
    scale: bool = False
    # Fate Condensed, "Optional Rules".
    faster_contests: bool = False  # one of roll, advantage (no teamwork) or teamwork per exchange
    full_defense: bool = False  # give up the turn for +2 to every defence until the next one
    time_shifts: bool = False  # each shift makes a task's time one step faster or slower
    split_attacks: bool = False  # split an attack's effort among targets in one zone, or hit the zone
    block_harm: bool = False  # a missed overcome against a block with a Weapon takes the miss as a hit
    solo_bonus: bool = False  # a big bad facing the group alone gets a solo bonus
    minion_armor: bool = False  # a big bad's minion takes a hit for it
    true_form: bool = False  # a big bad taken out reveals its true form
    # Two combined skill lists: a roll adds one skill from each. The second list's names, and the
    # highest rating a skill on it may have.
    combined_skills: list[Annotated[str, Field(min_length=1, max_length=60)]] = Field(
        default_factory=empty_list, max_length=40)
    combined_top: int = Field(2, ge=0, le=6)
    # War of Ashes, "Lethal Attacks": a lethal attack goes straight to consequences.
    lethal_damage: bool = False


class SituationAspect(FateModel):
    id: str = id_field()
    text: str = ""
    free_invokes: int = Field(0, ge=0, le=99)
    boost: bool = False
    keep: bool = False  # the GM keeps it when the scene ends (never a boost, save Core's option)
    on: str | None = None  # the character it was placed on (an advantage created on them), if any


class Zone(FateModel):
    id: str = id_field()
    name: str = ""
    aspects: list[SituationAspect] = Field(default_factory=empty_list)
    adjacent: list[str] = Field(default_factory=empty_list)  # ids of zones one can move to


class Scene(FateModel):
    id: str = id_field()
    name: str = ""
    session: int | None = Field(None, le=1_000_000)  # character.MAX_COUNT
    zones: list[Zone] = Field(default_factory=empty_list)
    aspects: list[SituationAspect] = Field(default_factory=empty_list)
    present: list[str] = Field(default_factory=empty_list)  # ids of characters, obstacles, countdowns
    notes: str = ""
    ended: bool = False
    play: ScenePlay = Field(default_factory=ScenePlay)  # conflict, contest, challenge, players' view


class FatePointEntry(FateModel):
    """One line of a session's fate-point ledger: who gained (+) or spent (-) points, and why."""

    who: str  # a character id, or "gm" for the GM's pool
    name: str = ""
    change: int = Field(ge=-999, le=999)
    reason: str = ""  # invoke, hostile invoke, compel accepted, compel refused, concession, refresh, ...
    note: str = ""
    scene: int = Field(0, ge=0)


class SessionLog(FateModel):
    id: str = id_field()
    number: int = Field(1, ge=1, le=1_000_000)  # character.MAX_COUNT
    arc: int = Field(1, ge=1, le=1_000_000)  # character.MAX_COUNT
    date: str = ""  # ISO date
    title: str = ""
    notes: str = ""
    ended: bool = False
    events: list[str] = Field(default_factory=empty_list)  # what happened, one line each
    fate_points: list[FatePointEntry] = Field(default_factory=empty_list)  # the session's ledger
    rolls: list[str] = Field(default_factory=empty_list)  # the session's roll log, one line per roll


class Arc(FateModel):
    id: str = id_field()
    number: int = Field(1, ge=1, le=1_000_000)  # character.MAX_COUNT
    name: str = ""
    notes: str = ""
    ended: bool = False
    events: list[str] = Field(default_factory=empty_list)  # what happened, one line each


class Campaign(FateModel):
    id: str = id_field()
    name: str = "New campaign"  # i18n: not shown (a stored default; the dialog names campaigns)
    ruleset: str = "fate-condensed"
    options: CampaignOptions = Field(default_factory=CampaignOptions)
    characters: list[Character] = Field(default_factory=empty_list)
    obstacles: list[Obstacle] = Field(default_factory=empty_list)
    countdowns: list[Countdown] = Field(default_factory=empty_list)
    scenes: list[Scene] = Field(default_factory=empty_list)
    sessions: list[SessionLog] = Field(default_factory=empty_list)
    arcs: list[Arc] = Field(default_factory=empty_list)
    clock: ClockStamp = Field(default_factory=lambda: ClockStamp(arc=1, session=1, scene=1))
    gm_fate_points: int = Field(0, ge=0, le=999)
    notes: str = ""

    def character(self, character_id: str) -> Character | None:
        return next((c for c in self.characters if c.id == character_id), None)


ENTRY_LISTS = ("characters", "obstacles", "countdowns", "scenes", "sessions", "arcs")


def build_parts_first() -> None:
    """Build the validators of the models a campaign holds before the campaign's own, which then
    takes theirs as they are (pydantic builds a model's validator when it is first used). The
    other way round, the campaign builds each part's schema inside its own, and each part then
    builds it all again when it is first used alone (an entry saved, a scene's play made from
    its default): 20-25 ms of a first start, which reads the sample from its bundle first
    (bench_startup.py). The parts within a part come before it: a scene holds its play. A
    built model returns at once."""
    for model in (ScenePlay, ClockStamp, CampaignOptions, Character, Hazard, Block, Distraction, Countdown, Scene,
                  SessionLog, Arc):
        model.model_rebuild()


def revalidated(new: Campaign, old: Campaign) -> Campaign:
    """`new` validated as a whole campaign, without validating again the entries it shares with
    `old` (a valid campaign): those very objects are taken as they are.

    Steps over a whole campaign build `new` with model_copy(update=...), which skips validation;
    dumping and validating every entry again made one step over 10,000 entries take seconds.
    Each new entry is validated on its own, and the campaign then takes them as they are: a step
    run on a worker thread holds the interpreter's lock for the whole of one validation call, and
    one call over 4,000 changed characters held the window still for a quarter of a second.
    For the same reason each entry list is checked (every item of its field's type) in slices
    of CHECK_SLICE, and the campaign's own fields on their own: one call over 10,000 entries held
    the lock for 6 ms on a quiet machine (13-17 ms under load), a wait of the window's when it
    fell in one of its turns.
    """
    kept = {id(entry) for name in ENTRY_LISTS for entry in getattr(old, name)}
    data = new.model_dump(exclude=set(ENTRY_LISTS))
    lists = {}
    for name in ENTRY_LISTS:
        # Each entry's own class: an obstacle's is the kind its discriminator would choose.
        lists[name] = _checked(name, [entry if id(entry) in kept else type(entry).model_validate(entry.model_dump())
                                      for entry in getattr(new, name)])
    # The lists are checked already; they are the campaign's as the field's validation returns them.
    return Campaign.model_validate(data).model_copy(update=lists)


CHECK_SLICE = 500  # entries an entry list's check takes in one call (the lock is let go between)


def _checked(name: str, entries: list) -> list:
    """`entries` checked as Campaign's field `name` checks them (by that very field's
    validation: a campaign holding that slice alone), a slice at a time."""
    out: list = []
    for start in range(0, len(entries), CHECK_SLICE):
        out += getattr(Campaign.model_validate({name: entries[start:start + CHECK_SLICE]}), name)
    return out
