"""What a scene holds while it is played: a conflict, a contest or a challenge, the zone map and
what the players' view may show. Kept inside the Scene, so it is saved with it."""

# Annotations are evaluated as the classes are made (no `from __future__ import annotations`):
# pydantic would otherwise evaluate each field's annotation from its text, which costs the
# app's start and every command a few milliseconds.

from enum import StrEnum

from pydantic import Field

from .base import FateModel, empty_dict, empty_list, id_field


class ConflictKind(StrEnum):
    PHYSICAL = "physical"
    MENTAL = "mental"


class TurnOrder(StrEnum):
    ELECTIVE = "elective"  # Fate Condensed: whoever acted picks who acts next
    SKILL = "skill"  # Fate Core: by Notice (physical) or Empathy (mental), with tie-breakers


class Participant(FateModel):
    """One place in the turn order: a character, or a group of minor NPCs acting together.

    In a group the first member leads and rolls; the others add the teamwork bonus.
    """

    id: str = id_field()
    name: str = ""
    side: str = "PCs"
    members: list[str] = Field(default_factory=empty_list)  # character ids
    out_members: list[str] = Field(default_factory=empty_list)  # members taken out (groups lose them one by one)
    hazard: str | None = None  # a hazard (obstacle id) acting in turn order instead of characters
    acted: bool = False
    taken_out: bool = False
    conceded: bool = False
    # Full defense (Fate Condensed's optional rule): declared on its turn, +2 to every defend roll
    # for its focus until its next turn; a boost then if it never had to defend.
    full_defense: str | None = Field(None, max_length=200)  # the declared focus ("" for itself)
    defended: bool = False  # it rolled to defend while on full defense

    @property
    def active(self) -> bool:
        return not (self.taken_out or self.conceded)


class Conflict(FateModel):
    id: str = id_field()
    kind: ConflictKind = ConflictKind.PHYSICAL
    order: TurnOrder = TurnOrder.ELECTIVE
    participants: list[Participant] = Field(default_factory=empty_list)  # in turn order for SKILL
    exchange: int = Field(1, ge=1, le=999)
    current: str | None = None  # the participant whose turn it is
    npcs_at_best: bool = False  # Core: every NPC acts at the best NPC's place
    ended: bool = False
    log: list[str] = Field(default_factory=empty_list)
    # Fate points owed to characters who conceded: collected when the conflict ends.
    concessions: dict[str, int] = Field(default_factory=empty_dict)


class ContestSide(FateModel):
    id: str = id_field()
    name: str = ""
    members: list[str] = Field(default_factory=empty_list)  # character ids; the first rolls
    skill: str = ""
    victories: int = Field(0, ge=0, le=99)
    # Passive opposition: the side faces a set difficulty instead of an active roll.
    difficulty: int | None = Field(None, ge=-4, le=12)


class Contest(FateModel):
    id: str = id_field()
    name: str = ""
    sides: list[ContestSide] = Field(default_factory=empty_list)
    goal: int = Field(3, ge=1, le=5)
    exchange: int = Field(1, ge=1, le=999)
    winner: str | None = None  # side id
    forfeits: list[str] = Field(default_factory=empty_list)  # sides giving up this exchange's roll
    # Characters who created an advantage this exchange (faster contests: they neither roll nor
    # help), and helpers whose help a failed advantage lost this exchange (Fate Core).
    advantaged: list[str] = Field(default_factory=empty_list)
    no_help: list[str] = Field(default_factory=empty_list)
    twist_due: bool = False  # the last exchange tied: the GM owes a twist
    log: list[str] = Field(default_factory=empty_list)


class ChallengeTask(FateModel):
    id: str = id_field()
    what: str = ""
    skill: str = ""
    difficulty: int = Field(2, ge=-4, le=12)
    who: str | None = None  # character id
    effort: int | None = None  # None until rolled (each task is rolled once)
    dice: list[int] = Field(default_factory=empty_list)


class Challenge(FateModel):
    id: str = id_field()
    name: str = ""
    tasks: list[ChallengeTask] = Field(default_factory=empty_list)


class ZonePlace(FateModel):
    """Where a zone's box sits on the map (scene coordinates, in points)."""

    x: float = Field(0.0, ge=-100_000, le=100_000)
    y: float = Field(0.0, ge=-100_000, le=100_000)


class ScenePlay(FateModel):
    conflict: Conflict | None = None
    contest: Contest | None = None
    challenge: Challenge | None = None
    # Ids (aspects, zones, countdowns, "conflict", "contest", "challenge") the players must not see.
    hidden: list[str] = Field(default_factory=empty_list)
    places: dict[str, ZonePlace] = Field(default_factory=empty_dict)  # zone id -> place on the map
    whereabouts: dict[str, str] = Field(default_factory=empty_dict)  # character id -> zone id
