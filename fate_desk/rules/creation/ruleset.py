"""The rule-set schema: every number the checker uses comes from one of these files."""

# Annotations are evaluated as the classes are made (no `from __future__ import annotations`):
# pydantic would otherwise evaluate each field's annotation from its text, which costs the
# app's start and every command a few milliseconds.

from enum import StrEnum
from typing import Annotated

from pydantic import Field, model_validator

from fate_desk.i18n import N_, _
from fate_desk.model import AspectRole, FateModel, Severity, TurnOrder, ladder_label
from fate_desk.model.character import RATING_MAX, RATING_MIN
from fate_desk.model.base import empty_dict, empty_list

# The most boxes one stress level may have: far past any published game, far short of a hang.
MAX_BOXES = 50
# Lengths of a rule set's words, as a character's own are bounded (fate_desk.model.limits): a
# name or label is a few words on a sheet and a reference card, a description a paragraph. A
# 500 KB track name kept the reference cards printing for minutes.
MAX_NAME = 80
MAX_DESCRIPTION = 4000
_Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME)]


class ShapeKind(StrEnum):
    PYRAMID = "pyramid"  # counts per rating, each rating with more skills than the one above
    DIAMOND = "diamond"  # counts per rating, broad in the middle
    COUNTS = "counts"  # any explicit counts per rating
    COLUMN = "column"  # no rating may have more skills than the one below it
    BUDGET = "budget"  # free + cap: a point budget and a top rating, no shape

    @property
    def label(self) -> str:
        names = {
            "pyramid": N_("pyramid"),
            "diamond": N_("diamond"),
            "counts": N_("shape"),
            "column": N_("column"),
            "budget": N_("point budget"),
        }  # marked here, translated below (a dict inside _() would be read as its first key)
        return _(names.get(self.value, self.value))


class Shape(FateModel):
    kind: ShapeKind
    # How many skills at each rating (pyramid, diamond, counts). Ratings not listed allow none.
    counts: dict[Annotated[int, Field(ge=-10, le=20)], Annotated[int, Field(le=100)]] = Field(default_factory=empty_dict)
    # Total skill points (budget; optional for column).
    points: int | None = Field(None, ge=0, le=1000)

    @model_validator(mode="after")
    def _consistent(self) -> "Shape":
        if self.kind in (ShapeKind.PYRAMID, ShapeKind.DIAMOND, ShapeKind.COUNTS):
            if not self.counts:
                raise ValueError(_("a {kind} shape needs counts per rating").format(kind=self.kind.value))
            if any(n < 0 for n in self.counts.values()):
                raise ValueError(_("counts per rating cannot be negative"))
        if self.kind == ShapeKind.BUDGET and self.points is None:
            raise ValueError(_("a budget shape needs points"))
        return self

    def describe(self) -> str:
        if self.counts:
            rows = ", ".join(
                _("{count} at {rating}").format(count=n, rating=ladder_label(r))
                for r, n in sorted(self.counts.items(), reverse=True)
            )
            return _("{shape}: {rows}").format(shape=self.kind.label, rows=rows)
        if self.kind == ShapeKind.BUDGET:
            return _("{points} skill points to spend freely").format(points=self.points)
        return _("column: no rating may have more skills than the one below it")


class StressLevel(FateModel):
    """From rating `at` upwards (until the next level), the track has these boxes."""

    # Bounded so that a hand-written rule set cannot ask for a million boxes or a rating of 1e18;
    # a rating is on the ladder a character's skills use, or no character could ever reach it.
    at: int = Field(ge=RATING_MIN, le=RATING_MAX)
    boxes: list[Annotated[int, Field(ge=0, le=20)]] = Field(default_factory=empty_list, max_length=MAX_BOXES)


class TrackSpec(FateModel):
    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=MAX_NAME)
    # The skills that lengthen the track (the highest counts); empty: a fixed track.
    skills: list[_Name] = Field(default_factory=empty_list, max_length=20)
    levels: list[StressLevel] = Field(min_length=1, max_length=50)

    @model_validator(mode="after")
    def _sorted(self) -> "TrackSpec":
        ats = [level.at for level in self.levels]
        if ats != sorted(ats) or len(set(ats)) != len(ats):
            raise ValueError(_("stress levels of track {id} must rise without repeats").format(id=repr(self.id)))
        return self


class StressMarking(StrEnum):
    ANY = "any"  # one-point boxes, mark as many as you like (Fate Condensed)
    ONE_PER_HIT = "one_per_hit"  # one box per hit, worth at least the hit (Fate Core, FAE)


class StressRules(FateModel):
    marking: StressMarking = StressMarking.ANY
    # One box per hit: the box equal to the hit is checked when it is free, a higher one only
    # when it is taken (Fate Core). Without this any free box as large as the hit will do (FAE).
    exact_box_first: bool = False
    tracks: list[TrackSpec] = Field(min_length=1, max_length=20)


class SlotRule(FateModel):
    id: str = Field(min_length=1, max_length=40)
    severity: Severity
    value: int = Field(ge=1, le=20)


class ConsequenceRules(FateModel):
    slots: list[SlotRule] = Field(min_length=1, max_length=20)
    # A track's skill at this rating or above earns an extra mild slot for that harm only.
    extra_mild_at: int | None = Field(None, ge=-10, le=20)


class MilestoneLevel(StrEnum):
    """The kinds of advancement a rule set may have, and what a clock event grants."""

    NONE = "none"
    MINOR = "minor"  # Fate Core and Accelerated; Fate Condensed's plain "milestone"
    SIGNIFICANT = "significant"
    MAJOR = "major"
    BREAKTHROUGH = "breakthrough"  # Fate Condensed's end of an arc
    CHOOSE = "choose"  # the rule set leaves it to the GM at the table

    @property
    def history_kind(self) -> str:
        """The history entry's kind: 'milestone', 'significant milestone', 'breakthrough', ..."""
        if self in (MilestoneLevel.MINOR, MilestoneLevel.NONE, MilestoneLevel.CHOOSE):
            return "milestone"
        if self == MilestoneLevel.BREAKTHROUGH:
            return "breakthrough"
        return f"{self.value} milestone"


class ChangeKind(StrEnum):
    """The one change a milestone allows."""

    SWAP_SKILLS = "swap_skills"
    REPLACE_SKILL = "replace_skill"
    REWRITE_STUNT = "rewrite_stunt"
    BUY_STUNT = "buy_stunt"
    REWRITE_ASPECT = "rewrite_aspect"


class MilestoneGrant(FateModel):
    """What one kind of milestone gives, on top of the kinds it includes."""

    label: str = Field(min_length=1, max_length=MAX_NAME)
    includes: list[MilestoneLevel] = Field(default_factory=empty_list)  # their benefits come too
    change: bool = True  # one of the rule set's milestone changes (or none)
    skill_points: int = Field(0, ge=0, le=5)
    refresh: int = Field(0, ge=0, le=5)  # + refresh, which may buy a stunt at once
    high_concept: bool = False  # the high concept may be rewritten
    raise_cap: bool = False  # one skill may go a step above the skill cap, raising the cap
    gm_power_up: bool = False  # the GM may add +1 refresh and/or a second skill point
    # Severities that may be renamed to begin recovery; severities in recovery that clear.
    begin_recovery: list[Severity] = Field(default_factory=empty_list)
    clear_recovering: list[Severity] = Field(default_factory=empty_list)
    # Severity -> sessions held: such a consequence may be cleared (Fate Accelerated).
    clear_held: dict[Severity, int] = Field(default_factory=empty_dict)
    rename_extreme: bool = False  # an extreme consequence may be renamed (frees the slot)


def _condensed_grants() -> dict[MilestoneLevel, MilestoneGrant]:
    return {
        MilestoneLevel.MINOR: MilestoneGrant(label="Milestone"),
        MilestoneLevel.BREAKTHROUGH: MilestoneGrant(
            label="Breakthrough",
            skill_points=1,
            high_concept=True,
            gm_power_up=True,
            begin_recovery=[Severity.MODERATE, Severity.SEVERE],
            clear_recovering=[Severity.MODERATE, Severity.SEVERE],
            rename_extreme=True,
        ),
    }


def _circle(graph: dict) -> list | None:
    """A path that comes back to where it started (its first node repeated at the end), or None."""
    done: set = set()
    for start in graph:
        path: list = []
        on_path: set = set()

        def walk(node) -> list | None:
            if node in on_path:
                return path[path.index(node):] + [node]
            if node in done:
                return None
            path.append(node)
            on_path.add(node)
            for nxt in graph.get(node, ()):
                found = walk(nxt)
                if found:
                    return found
            path.pop()
            on_path.discard(node)
            done.add(node)
            return None

        found = walk(start)
        if found:
            return found
    return None


class Advancement(FateModel):
    """The advancement dials; the defaults are Fate Condensed's milestones and breakthroughs."""

    session_end: MilestoneLevel = MilestoneLevel.MINOR
    scenario_end: MilestoneLevel = MilestoneLevel.NONE  # Condensed has no scenarios
    arc_end: MilestoneLevel = MilestoneLevel.BREAKTHROUGH
    changes: list[ChangeKind] = Field(default_factory=lambda: list(ChangeKind))
    # The highest rating a skill may reach after creation (None: no cap); `raise_cap` grants
    # lift it one step each (Fate Core's major milestone).
    skill_cap: int | None = Field(None, ge=0, le=12)
    grants: dict[MilestoneLevel, MilestoneGrant] = Field(default_factory=_condensed_grants)

    @model_validator(mode="after")
    def _known(self) -> "Advancement":
        for when in (self.session_end, self.scenario_end, self.arc_end):
            if when not in (MilestoneLevel.NONE, MilestoneLevel.CHOOSE) and when not in self.grants:
                raise ValueError(_("the clock grants a {value} milestone, but [advancement.grants] has none").format(value=when.value))
        for level, grant in self.grants.items():
            for inner in grant.includes:
                if inner not in self.grants:
                    raise ValueError(_("the {value} milestone includes {value2}, which is not defined").format(value=level.value, value2=inner.value))
        circle = _circle({level: grant.includes for level, grant in self.grants.items()})
        if circle:
            # A typo such as minor → major → minor: totalling a milestone would never end.
            raise ValueError(_("the milestones include one another in a circle ({circle})").format(
                circle=" → ".join(level.value for level in circle)))
        return self

    def levels(self) -> list[MilestoneLevel]:
        """The kinds of milestone this rule set has, smallest first."""
        order = list(MilestoneLevel)
        return sorted(self.grants, key=order.index)

    def total(self, level: MilestoneLevel) -> MilestoneGrant:
        """A milestone's whole benefit: its own grant merged with every kind it includes."""
        grant = self.grants[level]
        parts = [grant] + [self.total(inner) for inner in grant.includes]
        held: dict[Severity, int] = {}
        for part in parts:
            for sev, n in part.clear_held.items():
                held[sev] = min(n, held.get(sev, n))
        return MilestoneGrant(
            label=grant.label,
            change=any(p.change for p in parts),
            skill_points=sum(p.skill_points for p in parts),
            refresh=sum(p.refresh for p in parts),
            high_concept=any(p.high_concept for p in parts),
            raise_cap=any(p.raise_cap for p in parts),
            gm_power_up=any(p.gm_power_up for p in parts),
            begin_recovery=sorted({s for p in parts for s in p.begin_recovery}, key=list(Severity).index),
            clear_recovering=sorted({s for p in parts for s in p.clear_recovering}, key=list(Severity).index),
            clear_held=held,
            rename_extreme=any(p.rename_extreme for p in parts),
        )

    def by_history_kind(self, kind: str) -> MilestoneLevel | None:
        """The milestone level a history entry of this kind records, if it is one of ours."""
        return next((lv for lv in self.levels() if lv.history_kind == kind), None)

    def clock_level(self, event: str) -> MilestoneLevel:
        return {"session": self.session_end, "scenario": self.scenario_end, "arc": self.arc_end}[event]


class ContestScoring(StrEnum):
    """How a contest's exchange is won when every side rolls against a passive difficulty."""

    EFFORT = "effort"  # the highest effort (Fate Condensed)
    SHIFTS = "shifts"  # the most shifts over one's own difficulty (Fate Core, "Contests")


class Discovery(StrEnum):
    """Create an advantage on an aspect already in play that the players did not know of."""

    CONDENSED = "condensed"  # a tie: a boost, the aspect stays hidden; success reveals it
    CORE = "core"  # Fate Core: a tie or better reveals it with a free invoke


class ExtremeRule(StrEnum):
    """The extreme consequence: an option the campaign turns on, or every PC's last resort."""

    OPTIONAL = "optional"  # Fate Condensed: only with the campaign option, once between breakthroughs
    STANDARD = "standard"  # Fate Core: every PC has it, once between major milestones
    NONE = "none"  # Fate Accelerated has none


class ModeSpec(FateModel):
    """A mode: a named group of skills rated together (Atomic Robo, "Modes")."""

    name: str = Field(min_length=1, max_length=60)
    skills: list[str] = Field(min_length=1, max_length=60)
    # What taking the mode costs out of the character points (the sum of its skills' costs).
    cost: int = Field(0, ge=0, le=100)


class ModeRules(FateModel):
    """Skills rated through modes: each PC rates some modes, and its skills follow the mode."""

    modes: list[ModeSpec] = Field(min_length=1, max_length=20)
    # The ratings a PC gives its modes, one each (Atomic Robo: Good, Fair and Average).
    ratings: list[Annotated[int, Field(ge=0, le=8)]] = Field(default_factory=lambda: [3, 2, 1], min_length=1, max_length=6)
    # Character points: the chosen modes' costs come out of them, and what is left focuses (1)
    # and specializes (2 more) skills above their mode.
    character_points: int = Field(0, ge=0, le=200)
    # A mode at these ratings holding a track's skill adds this many boxes to the track.
    stress_boxes: dict[Annotated[int, Field(ge=0, le=8)], Annotated[int, Field(ge=0, le=5)]] = Field(
        default_factory=lambda: {2: 1, 3: 2}
    )

    def improvement_points(self, chosen: list[str]) -> int:
        return self.character_points - sum(m.cost for name in chosen if (m := self.find(name)) is not None)

    def find(self, name: str) -> ModeSpec | None:
        return next((m for m in self.modes if m.name.casefold() == name.strip().casefold()), None)


class AspectCaption(FateModel):
    """A rule set's own words for one aspect slot: its caption on the sheet and what to write in
    it (Fate Core's phase trio names each of the three aspects after its phase)."""

    slot: int = Field(ge=0, le=20)
    label: str = Field(min_length=1, max_length=80)
    description: str = Field("", max_length=300)


class RuleSet(FateModel):
    id: str = Field(min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9._-]*$")
    name: str = Field(min_length=1, max_length=MAX_NAME)
    description: str = Field("", max_length=MAX_DESCRIPTION)
    skill_word: str = Field("skill", max_length=40)  # "approach" in Fate Accelerated
    skill_word_plural_form: str = Field("", alias="skill_word_plural", max_length=40)
    skills: list[_Name] = Field(min_length=1, max_length=200)
    allow_custom_skills: bool = True
    shape: Shape
    peak: int = Field(4, ge=0, le=12)
    # After the first breakthrough, raises follow the column rule (Fate Condensed, Fate Core).
    column_rule: bool = True
    aspects: list[AspectRole] = Field(min_length=1)
    aspect_captions: list[AspectCaption] = Field(default_factory=empty_list, max_length=20)
    refresh_start: int = Field(3, ge=0)
    refresh_minimum: int = Field(1, ge=0)
    free_stunts: int = Field(3, ge=0)
    stunt_cost: int = Field(1, ge=0)
    # At the table: how conflicts order turns, and how many victories win a contest.
    turn_order: TurnOrder = TurnOrder.ELECTIVE
    contest_victories: int = Field(3, ge=1, le=5)
    # Fate Core lets the GM carry a boost into a directly connected scene; Condensed never does.
    boosts_carry_over: bool = False
    # Groups combining a skill: Condensed caps the helpers' bonus at the leader's rating.
    teamwork_cap: bool = True
    contest_scoring: ContestScoring = ContestScoring.EFFORT
    # An overcome tie may be taken as a failure with a boost (Condensed; Core gives no boost).
    overcome_tie_boost: bool = True
    discovery: Discovery = Discovery.CONDENSED
    extreme_consequence: ExtremeRule = ExtremeRule.OPTIONAL
    # Recovery starts with a treatment roll (Condensed, Core); without one (Fate Accelerated)
    # a consequence recovers from the moment it is taken: mild at the end of that scene, given
    # rest, moderate at the end of the next session, severe at the end of the scenario.
    treatment: bool = True
    # Fate Core: a severe consequence clears once it has recovered through one whole scenario.
    severe_whole_scenario: bool = False
    # A point for an accepted compel comes at the end of the scene instead of at once (a pack's
    # dial; every book's rule set gives it at once: Fate Condensed, "Compels").
    compel_point_after_scene: bool = False
    stress: StressRules
    consequences: ConsequenceRules
    advancement: Advancement = Field(default_factory=Advancement)
    modes: ModeRules | None = None

    @model_validator(mode="after")
    def _consistent(self) -> "RuleSet":
        if len(set(self.skills)) != len(self.skills):
            raise ValueError(_("the skill list names a skill twice"))
        ids = [t.id for t in self.stress.tracks]
        if len(set(ids)) != len(ids):
            raise ValueError(_("two stress tracks share an id"))
        for track in self.stress.tracks:
            for skill in track.skills:
                if skill not in self.skills:
                    raise ValueError(_("stress track {id} uses {skill}, not in the skill list").format(id=repr(track.id), skill=repr(skill)))
        if self.modes is not None:
            names = [m.name.casefold() for m in self.modes.modes]
            if len(set(names)) != len(names):
                raise ValueError(_("two modes share a name"))
            for mode in self.modes.modes:
                for skill in mode.skills:
                    if skill not in self.skills:
                        raise ValueError(_("mode {name} holds {skill}, not in the skill list").format(name=repr(mode.name), skill=repr(skill)))
        if any(c.slot >= len(self.aspects) for c in self.aspect_captions):
            raise ValueError(_("an aspect caption names a slot the rule set does not have"))
        if self.shape.counts and max(self.shape.counts) > self.peak:
            raise ValueError(_("the shape has a rating above the peak"))
        return self

    def caption(self, slot: int) -> AspectCaption | None:
        """The rule set's own words for an aspect slot, if it has any."""
        return next((c for c in self.aspect_captions if c.slot == slot), None)

    @property
    def skill_word_plural(self) -> str:
        return self.skill_word_plural_form or self.skill_word + "s"
