"""Characters of every kind: PCs, major and minor NPCs, monsters."""

# Annotations are evaluated as the classes are made (no `from __future__ import annotations`):
# pydantic would otherwise evaluate each field's annotation from its text, which costs the
# app's start and every command a few milliseconds.

from enum import StrEnum
from typing import Annotated, Any

from pydantic import Field, Strict, field_validator, model_validator

from fate_desk.i18n import N_, _, edition_text

from .base import FateModel, empty_dict, empty_list, id_field
from .plain import plain_data_problem

RATING_MIN = -10
RATING_MAX = 20

# A rating is a whole number (a JSON integer) everywhere: text such as "4" or "Great" and
# true/false are refused alike, so a file means the same to every reader of it.
Rating = Annotated[int, Strict(), Field(description="a whole number on the ladder, e.g. 4 for Great (+4); text is refused")]  # i18n: not shown


class CharacterKind(StrEnum):
    PC = "pc"
    MAJOR_NPC = "major_npc"
    MINOR_NPC = "minor_npc"
    MONSTER = "monster"

    @property
    def label(self) -> str:
        names = {
            "pc": N_("Player character"),
            "major_npc": N_("Major NPC"),
            "minor_npc": N_("Minor NPC"),
            "monster": N_("Monster"),
        }  # marked here, translated below (a dict inside _() would be read as its first key)
        return _(names[self.value])


class AspectRole(StrEnum):
    HIGH_CONCEPT = "high_concept"
    TROUBLE = "trouble"
    RELATIONSHIP = "relationship"
    FREE = "free"

    @property
    def label(self) -> str:
        """The role's name in the words of the open campaign's edition (see `label_in`)."""
        return self.label_in(None)

    def label_in(self, ruleset) -> str:
        """The role's name in the words of `ruleset`'s edition: Fate Condensed in French says
        "Relation" where Fate Core says "Parenté"."""
        return edition_text(ASPECT_ROLE_NAMES[self.value], ruleset)


# Marked here, translated where shown (each edition may name a role its own way).
ASPECT_ROLE_NAMES = {
    "high_concept": N_("High Concept"),
    "trouble": N_("Trouble"),
    "relationship": N_("Relationship"),
    "free": N_("Aspect"),
}


class Severity(StrEnum):
    MILD = "mild"
    MODERATE = "moderate"
    SEVERE = "severe"
    EXTREME = "extreme"

    @property
    def label(self) -> str:
        """'Mild', in English: files for other tools use it. Shown with _() (marked here)."""
        return {
            "mild": N_("Mild"),
            "moderate": N_("Moderate"),
            "severe": N_("Severe"),
            "extreme": N_("Extreme"),
        }[self.value]


# Bounds on counts a file may claim: far past any real campaign, far short of a hang.
MAX_COUNT = 1_000_000
MAX_BOXES = 50


# The boxes of one stress track an NPC sets by hand: each box's value, at most MAX_BOXES of them.
_BoxValues = Annotated[list[Annotated[int, Field(ge=0, le=20)]], Field(max_length=MAX_BOXES)]


class ClockStamp(FateModel):
    """A moment on the campaign clock: which arc, session and scene."""

    arc: int = Field(0, ge=0, le=MAX_COUNT)
    session: int = Field(0, ge=0, le=MAX_COUNT)
    scene: int = Field(0, ge=0, le=MAX_COUNT)


class Aspect(FateModel):
    role: AspectRole = AspectRole.FREE
    text: str = ""
    free_invokes: int = Field(0, ge=0, le=99)
    # True when an extreme consequence replaced this aspect: permanent, renamed only at a
    # breakthrough. None (left out of files) for every other aspect.
    extreme: bool | None = None


class Stunt(FateModel):
    name: str = ""
    text: str = ""


class Consequence(FateModel):
    """A filled consequence (or condition) slot; `slot` is the id of a derived slot."""

    slot: str = Field(min_length=1)
    text: str = ""
    recovering: bool = False
    # When treatment succeeded, and how much full recovery time has passed since.
    recovery_started: ClockStamp | None = None
    scenes_recovered: int = Field(0, ge=0, le=MAX_COUNT)
    sessions_recovered: int = Field(0, ge=0, le=MAX_COUNT)
    # Fate Core: the recovery has run since a scenario began, so it clears at that scenario's end.
    scenario_started: bool = False
    # The conflict it was taken in (for conceding: 1 fate point per consequence taken).
    conflict: str | None = None
    boxes_marked: int = Field(1, ge=0, le=20)
    # Whoever inflicted it holds free invokes on it (one when it is taken); the character id.
    free_invokes: int = Field(0, ge=0, le=99)
    inflicted_by: str | None = None


class RuleBreak(FateModel):
    """Something a monster or threat does that breaks the usual rules."""

    kind: str = "custom"  # immunity, minion_armor, true_form, solo_bonus, scale, custom
    text: str = ""


class SlotSpec(FateModel):
    """An explicit consequence slot for NPCs and monsters, which need not follow the rule set."""

    id: str = Field(min_length=1)
    severity: Severity
    value: int = Field(ge=0, le=20)
    only: str | None = None


class TrackClears(StrEnum):
    """When a custom track's marked boxes clear (the System Toolkit's fleeting, sticky, lasting)."""

    SCENE = "scene"  # fleeting: at the end of the scene, like stress
    SESSION = "session"  # at the end of the session
    EVENT = "event"  # sticky: only when the named event happens in the story
    RECOVERY = "recovery"  # lasting: treated, then recovers over time like a consequence

    @property
    def label(self) -> str:
        names = {
            "scene": N_("clears at the end of the scene"),
            "session": N_("clears at the end of the session"),
            "event": N_("clears only when something happens"),
            "recovery": N_("recovers like a consequence"),
        }  # marked here, translated below (a dict inside _() would be read as its first key)
        return _(names[self.value])


class TrackLevel(FateModel):
    """Boxes a linked skill adds once it reaches `at` (Physique and Will do this for stress)."""

    at: int = Field(ge=RATING_MIN, le=RATING_MAX)
    add: list[Annotated[int, Field(ge=0, le=20)]] = Field(default_factory=empty_list, max_length=10)


_TRACK_ID = r"^[a-z0-9][a-z0-9_-]{0,39}$"


class CustomTrack(FateModel):
    """A named track of boxes beyond the rule set's stress: Wealth, Hunger, a condition, a ship's hull.

    Marked boxes are kept with the other stress, in `Character.stress[id]`.
    """

    id: str = Field(pattern=_TRACK_ID, description="a short id: lower-case letters, digits, - and _")  # i18n: not shown
    name: str = Field(min_length=1, max_length=80)
    boxes: list[Annotated[int, Field(ge=0, le=20)]] = Field(default_factory=empty_list, max_length=MAX_BOXES)
    # The skill (or approach) whose rating adds boxes by `levels`, e.g. Wealth from Resources.
    skill: str | None = Field(None, max_length=80)
    levels: list[TrackLevel] = Field(default_factory=empty_list, max_length=20)
    # Other kinds of harm it may absorb besides hits aimed at it (track ids such as "physical").
    absorbs: list[Annotated[str, Field(max_length=40)]] = Field(default_factory=empty_list, max_length=10)
    clears: TrackClears = TrackClears.SCENE
    event: str = Field("", max_length=200)  # what clears a sticky track
    # A lasting track recovers over the time a consequence of this severity takes.
    recovers_as: Severity = Severity.MODERATE
    recovering: bool = False
    recovery_started: ClockStamp | None = None
    notes: str = Field("", max_length=2000)

    @field_validator("levels")
    @classmethod
    def _rising(cls, value: list[TrackLevel]) -> list[TrackLevel]:
        ats = [level.at for level in value]
        if ats != sorted(ats) or len(set(ats)) != len(ats):
            raise ValueError(_("the levels of a track must rise without repeats"))
        return value


class ExtraCost(FateModel):
    """What an extra costs from the sheet's budgets (Fate Core, Extras: "Permissions And Costs")."""

    refresh: int = Field(0, ge=0, le=10)
    skill_points: int = Field(0, ge=0, le=20)
    stunt_slots: int = Field(0, ge=0, le=10)

    def is_free(self) -> bool:
        return not (self.refresh or self.skill_points or self.stunt_slots)


class Extra(FateModel):
    """Gear, a power, a vehicle, an organisation: something the character owns that the rules
    treat specially. Switched off, it grants nothing and costs nothing."""

    id: str = id_field()
    name: str = Field("", max_length=120)
    description: str = Field("", max_length=4000)
    permission: str = Field("", max_length=200)  # the aspect that justifies having it
    cost: ExtraCost = Field(default_factory=ExtraCost)
    active: bool = True
    aspects: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=empty_list, max_length=10)
    # Skills the extra brings at a rating (used where higher than the character's own).
    skills: dict[str, Rating] = Field(default_factory=empty_dict, max_length=20)
    # Bonuses to skills the character already has, e.g. +2 to raw-strength Physique.
    skill_bonuses: dict[str, Annotated[int, Strict(), Field(ge=-4, le=4)]] = Field(
        default_factory=empty_dict, max_length=20
    )
    stunts: list[Stunt] = Field(default_factory=empty_list, max_length=20)
    tracks: list[CustomTrack] = Field(default_factory=empty_list, max_length=10)
    consequences: list[SlotSpec] = Field(default_factory=empty_list, max_length=5)
    weapon: int = Field(0, ge=0, le=8)
    armor: int = Field(0, ge=0, le=8)
    notes: str = Field("", max_length=4000)

    @field_validator("skills", "skill_bonuses")
    @classmethod
    def _named(cls, value: dict[str, int]) -> dict[str, int]:
        for name, rating in value.items():
            if not name.strip():
                raise ValueError(_("a skill needs a name"))
            if not RATING_MIN <= rating <= RATING_MAX:
                raise ValueError(_("{name} is rated {rating}, off any ladder Fate uses").format(name=name, rating=rating))
        return value


class FieldChange(FateModel):
    """One field before and after a recorded change; `field` is a dotted path."""

    field: str
    before: Any = None
    after: Any = None

    @field_validator("before", "after")
    @classmethod
    def _savable(cls, value: Any) -> Any:
        # Any value is allowed here, so make sure it can be written back (depth, NaN, surrogates).
        problem = plain_data_problem(value, max_depth=32)
        if problem:
            raise ValueError(problem)
        return value


class HistoryEntry(FateModel):
    """An advancement, recovery or clock event recorded on the character."""

    id: str = id_field()
    kind: str  # milestone, breakthrough, recovery, harm, clock, ...
    when: ClockStamp = Field(default_factory=ClockStamp)
    at: str = ""  # ISO timestamp, for the user's eyes only
    summary: str = ""
    changes: list[FieldChange] = Field(default_factory=empty_list)


class Character(FateModel):
    id: str = id_field()
    kind: CharacterKind = CharacterKind.PC
    ruleset: str = "fate-condensed"
    name: str = ""
    description: str = ""
    aspects: list[Aspect] = Field(default_factory=empty_list)
    # Rating per skill; Mediocre (+0) skills are left out. Names are unique regardless of case.
    skills: dict[str, Rating] = Field(default_factory=empty_dict)
    stunts: list[Stunt] = Field(default_factory=empty_list)
    # Base refresh: 3 at creation, +1 per refresh power-up; the effective refresh is derived.
    refresh: int = Field(3, ge=0, le=99)
    fate_points: int = Field(3, ge=0, le=999)
    # Marked stress boxes per track id, as 0-based box positions.
    stress: dict[str, list[int]] = Field(default_factory=empty_dict, max_length=100)
    consequences: list[Consequence] = Field(default_factory=empty_list, max_length=50)
    notes: str = ""
    advancement: list[HistoryEntry] = Field(default_factory=empty_list)
    saved_skill_points: int = Field(0, ge=0, le=99)
    # Fate points an NPC or monster brings into a later scene for the GM's pool
    # (from conceding or from hostile invokes against it).
    carried_fate_points: int = Field(0, ge=0, le=999)
    # Fate points a PC earned from hostile invokes in this scene: theirs to spend once it ends.
    pending_fate_points: int = Field(0, ge=0, le=999)
    # NPCs and monsters may set their own stress boxes (values per track) and slots;
    # None means "derive from the rule set", as for PCs.
    stress_boxes: Annotated[dict[str, _BoxValues], Field(max_length=20)] | None = None
    consequence_slots: list[SlotSpec] | None = Field(None, max_length=20)
    rule_breaks: list[RuleBreak] = Field(default_factory=empty_list, max_length=100)
    scale: str | None = None
    # Extras owned (Fate Core, "Extras") and tracks of the character's own beyond stress.
    extras: list[Extra] = Field(default_factory=empty_list, max_length=50)
    tracks: list[CustomTrack] = Field(default_factory=empty_list, max_length=20)
    # Mode ratings where the rule set rates skills through modes (Atomic Robo): mode -> rating.
    modes: dict[str, Rating] = Field(default_factory=empty_dict, max_length=10)

    @field_validator("skills")
    @classmethod
    def _clean_skills(cls, value: dict[str, int]) -> dict[str, int]:
        cleaned: dict[str, int] = {}
        seen: dict[str, str] = {}
        for name, rating in value.items():
            key = name.strip()
            if not key:
                raise ValueError(_("a skill needs a name"))
            if not RATING_MIN <= rating <= RATING_MAX:
                raise ValueError(_("{name} is rated {rating}, off any ladder Fate uses").format(name=key, rating=rating))
            if key.casefold() in seen:
                raise ValueError(_("{name} is listed twice (as {other} too)").format(name=key, other=seen[key.casefold()]))
            seen[key.casefold()] = key
            if rating != 0:
                cleaned[key] = rating
        return cleaned

    @field_validator("stress")
    @classmethod
    def _clean_stress(cls, value: dict[str, list[int]]) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for track, boxes in value.items():
            if any(b < 0 for b in boxes):
                raise ValueError(_("stress box positions on {track} start at 0").format(track=track))
            if any(b >= MAX_BOXES for b in boxes):
                raise ValueError(_("stress track {track} has at most {count} boxes").format(track=track, count=MAX_BOXES))
            marked = sorted(set(boxes))
            if marked:
                out[track] = marked
        return out

    @model_validator(mode="after")
    def _track_ids(self) -> "Character":
        seen: set[str] = set()
        for track in self.all_tracks(active_only=False):
            if track.id in seen:
                raise ValueError(_("two custom tracks share the id {id}").format(id=repr(track.id)))
            seen.add(track.id)
        return self

    def all_tracks(self, active_only: bool = True) -> list[CustomTrack]:
        """The character's own tracks, then those of its extras (switched-on ones only by default)."""
        tracks = list(self.tracks)
        for extra in self.extras:
            if extra.active or not active_only:
                tracks += extra.tracks
        return tracks

    def active_extras(self) -> list[Extra]:
        return [e for e in self.extras if e.active]

    def rating(self, skill: str) -> int:
        """The skill's rating; names match without regard to case or surrounding spaces."""
        if skill in self.skills:
            return self.skills[skill]
        key = skill.strip().casefold()
        return next((r for n, r in self.skills.items() if n.casefold() == key), 0)

    def skill_name(self, skill: str) -> str | None:
        """How this sheet spells `skill` (matched regardless of case), or None if not on it."""
        key = skill.strip().casefold()
        return next((n for n in self.skills if n.casefold() == key), None)

    def has_breakthrough(self) -> bool:
        return any(entry.kind == "breakthrough" for entry in self.advancement)

    def aspect_text(self, role: AspectRole) -> str:
        for aspect in self.aspects:
            if aspect.role == role:
                return aspect.text
        return ""
