"""The rule-set schema: every number the checker uses comes from one of these files."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from pydantic import Field, model_validator

from fate_desk.model import AspectRole, FateModel, Severity, ladder_label

# The most boxes one stress level may have: far past any published game, far short of a hang.
MAX_BOXES = 50


class ShapeKind(StrEnum):
    PYRAMID = "pyramid"  # counts per rating, each rating with more skills than the one above
    DIAMOND = "diamond"  # counts per rating, broad in the middle
    COUNTS = "counts"  # any explicit counts per rating
    COLUMN = "column"  # no rating may have more skills than the one below it
    BUDGET = "budget"  # free + cap: a point budget and a top rating, no shape

    @property
    def label(self) -> str:
        return {"budget": "point budget", "counts": "shape"}.get(self.value, self.value)


class Shape(FateModel):
    kind: ShapeKind
    # How many skills at each rating (pyramid, diamond, counts). Ratings not listed allow none.
    counts: dict[Annotated[int, Field(ge=-10, le=20)], Annotated[int, Field(le=100)]] = Field(default_factory=dict)
    # Total skill points (budget; optional for column).
    points: int | None = Field(None, ge=0, le=1000)

    @model_validator(mode="after")
    def _consistent(self) -> "Shape":
        if self.kind in (ShapeKind.PYRAMID, ShapeKind.DIAMOND, ShapeKind.COUNTS):
            if not self.counts:
                raise ValueError(f"a {self.kind.value} shape needs counts per rating")
            if any(n < 0 for n in self.counts.values()):
                raise ValueError("counts per rating cannot be negative")
        if self.kind == ShapeKind.BUDGET and self.points is None:
            raise ValueError("a budget shape needs points")
        return self

    def describe(self) -> str:
        if self.counts:
            rows = ", ".join(
                f"{n} at {ladder_label(r)}" for r, n in sorted(self.counts.items(), reverse=True)
            )
            return f"{self.kind.label}: {rows}"
        if self.kind == ShapeKind.BUDGET:
            return f"{self.points} skill points to spend freely"
        return "column: no rating may have more skills than the one below it"


class StressLevel(FateModel):
    """From rating `at` upwards (until the next level), the track has these boxes."""

    # Bounded so that a hand-written rule set cannot ask for a million boxes or a rating of 1e18.
    at: int = Field(ge=-100, le=100)
    boxes: list[Annotated[int, Field(ge=0, le=20)]] = Field(default_factory=list, max_length=MAX_BOXES)


class TrackSpec(FateModel):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    # The skills that lengthen the track (the highest counts); empty: a fixed track.
    skills: list[str] = Field(default_factory=list)
    levels: list[StressLevel] = Field(min_length=1, max_length=50)

    @model_validator(mode="after")
    def _sorted(self) -> "TrackSpec":
        ats = [level.at for level in self.levels]
        if ats != sorted(ats) or len(set(ats)) != len(ats):
            raise ValueError(f"stress levels of track {self.id!r} must rise without repeats")
        return self


class StressMarking(StrEnum):
    ANY = "any"  # one-point boxes, mark as many as you like (Fate Condensed)
    ONE_PER_HIT = "one_per_hit"  # one box per hit, worth at least the hit (Fate Core, FAE)


class StressRules(FateModel):
    marking: StressMarking = StressMarking.ANY
    tracks: list[TrackSpec] = Field(min_length=1, max_length=20)


class SlotRule(FateModel):
    id: str = Field(min_length=1)
    severity: Severity
    value: int = Field(ge=1, le=20)


class ConsequenceRules(FateModel):
    slots: list[SlotRule] = Field(min_length=1, max_length=20)
    # A track's skill at this rating or above earns an extra mild slot for that harm only.
    extra_mild_at: int | None = Field(None, ge=-10, le=20)


class RuleSet(FateModel):
    id: str = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9._-]*$")
    name: str = Field(min_length=1)
    description: str = ""
    skill_word: str = "skill"  # "approach" in Fate Accelerated
    skill_word_plural_form: str = Field("", alias="skill_word_plural")
    skills: list[str] = Field(min_length=1, max_length=200)
    allow_custom_skills: bool = True
    shape: Shape
    peak: int = Field(4, ge=0, le=12)
    # After the first breakthrough, raises follow the column rule (Fate Condensed, Fate Core).
    column_rule: bool = True
    aspects: list[AspectRole] = Field(min_length=1)
    refresh_start: int = Field(3, ge=0)
    refresh_minimum: int = Field(1, ge=0)
    free_stunts: int = Field(3, ge=0)
    stunt_cost: int = Field(1, ge=0)
    stress: StressRules
    consequences: ConsequenceRules

    @model_validator(mode="after")
    def _consistent(self) -> "RuleSet":
        if len(set(self.skills)) != len(self.skills):
            raise ValueError("the skill list names a skill twice")
        ids = [t.id for t in self.stress.tracks]
        if len(set(ids)) != len(ids):
            raise ValueError("two stress tracks share an id")
        for track in self.stress.tracks:
            for skill in track.skills:
                if skill not in self.skills:
                    raise ValueError(f"stress track {track.id!r} uses {skill!r}, not in the skill list")
        if self.shape.counts and max(self.shape.counts) > self.peak:
            raise ValueError("the shape has a rating above the peak")
        return self

    @property
    def skill_word_plural(self) -> str:
        return self.skill_word_plural_form or self.skill_word + "s"
