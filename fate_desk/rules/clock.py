"""The campaign clock: end a scene, a session or an arc.

Each function takes a Campaign and returns a `ClockResult`: the new campaign, a report per
character of what changed (with the history entries recorded on it), and the lines logged
for the session or arc. A refusal (say, an illegal milestone) changes nothing at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fate_desk.model import (
    Arc, Campaign, Character, CharacterKind, HistoryEntry, SessionLog, SituationAspect, revalidated,
)

from .advance import BreakthroughChoice, MilestoneChoice, apply_breakthrough, apply_milestone
from .checker import Level, Problem
from .derive import derive, join_words
from .history import Refused, counted, record
from .loader import get_ruleset
from .recovery import clear_severe_in_recovery, progress
from .ruleset import RuleSet


@dataclass(frozen=True)
class CharacterReport:
    """What one clock event did to one character: lines to show, entries recorded."""

    character_id: str
    name: str
    lines: list[str] = field(default_factory=list)
    entries: list[HistoryEntry] = field(default_factory=list)


@dataclass(frozen=True)
class ClockResult:
    campaign: Campaign
    reports: list[CharacterReport]
    events: list[str]  # the lines logged on the session (or arc)

    def report(self, character_id: str) -> CharacterReport | None:
        return next((r for r in self.reports if r.character_id == character_id), None)


@dataclass(frozen=True)
class EndScene:
    """The GM's choices when a scene ends."""

    scene_id: str | None = None  # default: the latest scene not yet ended
    keep_aspects: frozenset[str] = frozenset()  # ids of situation aspects and boosts to keep
    next_present: list[str] | None = None  # who is in the next scene (default: every character)
    compel_points: int = 0  # a compel ended the scene before the GM could spend its point


def _ruleset(campaign: Campaign, ruleset: RuleSet | None) -> RuleSet:
    return ruleset or get_ruleset(campaign.ruleset)


def _name(character: Character) -> str:
    return character.name or "(unnamed)"


def _refuse_for(character: Character, index: int, exc: Refused) -> list[Problem]:
    return [
        Problem(
            p.code,
            p.severity,
            f"characters[{index}].{p.path}".rstrip("."),
            f"{_name(character)}: {p.message}",
        )
        for p in exc.problems
    ]


def _unknown_ids(campaign: Campaign, ids: Mapping[str, object], what: str) -> list[Problem]:
    pcs = {c.id for c in campaign.characters if c.kind == CharacterKind.PC}
    return [
        Problem(
            f"clock.{what}",
            Level.ERROR,
            "characters",
            f"There is no player character with id {cid!r} for a {what}.",
        )
        for cid in ids
        if cid not in pcs
    ]


def session_log(campaign: Campaign, number: int | None = None) -> SessionLog:
    """The log of a session (default: the current one); a fresh one if none is written yet."""
    number = number or campaign.clock.session
    found = next((s for s in campaign.sessions if s.number == number), None)
    return found or SessionLog(number=max(1, number), arc=max(1, campaign.clock.arc))


def _with_log(campaign: Campaign, log: SessionLog) -> list[SessionLog]:
    others = [s for s in campaign.sessions if s.number != log.number]
    return sorted([*others, log], key=lambda s: s.number)


def gm_pool(
    campaign: Campaign, present: list[str] | None = None, compel_points: int = 0
) -> tuple[int, list[str], list[str]]:
    """GM fate points for a scene: one per PC present, plus points NPCs carry in, plus a compel.

    Returns (points, lines explaining them, ids of the NPCs whose carried points are used).
    """
    ids = set(present) if present is not None else {c.id for c in campaign.characters}
    here = [c for c in campaign.characters if c.id in ids]
    pcs = sum(1 for c in here if c.kind == CharacterKind.PC)
    lines = [f"{pcs} for the player character{'s' if pcs != 1 else ''}"]
    carriers = [c for c in here if c.kind != CharacterKind.PC and c.carried_fate_points]
    for c in carriers:
        lines.append(f"{c.carried_fate_points} carried in by {_name(c)}")
    if compel_points:
        lines.append(f"{compel_points} from the compel that ended the last scene")
    total = pcs + sum(c.carried_fate_points for c in carriers) + max(0, compel_points)
    return min(999, total), lines, [c.id for c in carriers]


def _clear_aspects(
    aspects: list[SituationAspect], keep: frozenset[str]
) -> tuple[list[SituationAspect], list[str]]:
    kept = [a for a in aspects if a.keep or a.id in keep]
    gone = [a.text or "(unnamed)" for a in aspects if not (a.keep or a.id in keep)]
    return kept, gone


def end_scene(
    campaign: Campaign, choice: EndScene | None = None, ruleset: RuleSet | None = None, at: str | None = None
) -> ClockResult:
    """Stress clears, boosts and situation aspects go (unless kept), recovery moves on a scene."""
    choice = choice or EndScene()
    rules = _ruleset(campaign, ruleset)
    clock = campaign.clock
    pool, pool_lines, carriers = gm_pool(campaign, choice.next_present, choice.compel_points)
    characters, reports = [], []
    for c in campaign.characters:
        lines = []
        work = c
        if c.stress:
            work = work.model_copy(update={"stress": {}})
            lines.append("Stress cleared.")
        work, recovered = progress(work, rules, campaign.options, clock, "scene")
        lines += recovered
        if c.id in carriers:
            lines.append(f"Brought {counted(c.carried_fate_points, 'fate point', words=False)} into the GM's pool.")
            work = work.model_copy(update={"carried_fate_points": 0})
        if work is c:
            characters.append(c)
            continue
        applied = record(c, work, "clock", f"End of scene {clock.scene}: {' '.join(lines)}", clock, at)
        characters.append(applied.character)
        reports.append(CharacterReport(c.id, _name(c), lines, [applied.entry]))
    scenes, scene_line = _end_scene_object(campaign, choice)
    events = [f"Scene {clock.scene} ended{scene_line}."]
    for r in reports:
        events.append(f"{r.name}: {' '.join(r.lines)}")
    events.append(f"GM fate points for the next scene: {pool} ({join_words(pool_lines)}).")
    log = session_log(campaign)
    log = log.model_copy(update={"events": [*log.events, *events]})
    new = campaign.model_copy(
        update={
            "characters": characters,
            "scenes": scenes,
            "gm_fate_points": pool,
            "clock": clock.model_copy(update={"scene": clock.scene + 1}),
            "sessions": _with_log(campaign, log),
        }
    )
    return ClockResult(revalidated(new, campaign), reports, events)


def _end_scene_object(campaign: Campaign, choice: EndScene):
    scenes = list(campaign.scenes)
    if choice.scene_id is not None:
        index = next((i for i, s in enumerate(scenes) if s.id == choice.scene_id), None)
        if index is None:
            raise Refused(
                [Problem("clock.scene", Level.ERROR, "scenes", "That scene is not in this campaign.")]
            )
    else:
        index = next((i for i in reversed(range(len(scenes))) if not scenes[i].ended), None)
    if index is None:
        return scenes, ""
    scene = scenes[index]
    aspects, gone = _clear_aspects(scene.aspects, choice.keep_aspects)
    zones = []
    for zone in scene.zones:
        kept, lost = _clear_aspects(zone.aspects, choice.keep_aspects)
        gone += lost
        zones.append(zone.model_copy(update={"aspects": kept}))
    scenes[index] = scene.model_copy(
        update={
            "aspects": aspects,
            "zones": zones,
            "ended": True,
            "session": scene.session if scene.session is not None else campaign.clock.session,
        }
    )
    line = f" ({scene.name})" if scene.name else ""
    if gone:
        line += f"; aspects gone: {join_words(gone)}"
    return scenes, line


def end_session(
    campaign: Campaign,
    milestones: Mapping[str, MilestoneChoice | None] | None = None,
    *,
    date: str = "",
    title: str = "",
    notes: str = "",
    ruleset: RuleSet | None = None,
    at: str | None = None,
) -> ClockResult:
    """Milestones for the PCs who take one (id -> choice, None to pass), fate points back up to
    refresh, recovery moves on a session, and the session is logged with its date and notes."""
    milestones = dict(milestones or {})
    rules = _ruleset(campaign, ruleset)
    clock = campaign.clock
    problems = _unknown_ids(campaign, milestones, "milestone")
    characters, reports = [], []
    for i, c in enumerate(campaign.characters):
        lines, entries, work = [], [], c
        if c.id in milestones:
            try:
                applied = apply_milestone(c, milestones[c.id], rules, campaign.options, clock, at)
            except Refused as exc:
                problems += _refuse_for(c, i, exc)
                characters.append(c)
                continue
            work = applied.character
            entries.append(applied.entry)
            lines.append(f"Milestone: {applied.entry.summary}")
        before = work
        changes = []
        if c.kind == CharacterKind.PC:
            refresh = derive(work, rules, campaign.options).refresh
            if work.fate_points < refresh:
                changes.append(f"Fate points {work.fate_points} → {refresh} (refresh).")
                work = work.model_copy(update={"fate_points": refresh})
        work, recovered = progress(work, rules, campaign.options, clock, "session")
        changes += recovered
        if work is not before:
            applied = record(
                before, work, "clock", f"End of session {clock.session}: {' '.join(changes)}", clock, at
            )
            work = applied.character
            entries.append(applied.entry)
        lines += changes
        characters.append(work)
        if entries:
            reports.append(CharacterReport(c.id, _name(c), lines, entries))
    if problems:
        raise Refused(problems)
    events = [f"Session {clock.session} ended."] + [f"{r.name}: {' '.join(r.lines)}" for r in reports]
    log = session_log(campaign)
    log = log.model_copy(
        update={
            "date": date or log.date,
            "title": title or log.title,
            "notes": notes or log.notes,
            "ended": True,
            "events": [*log.events, *events],
        }
    )
    new = campaign.model_copy(
        update={
            "characters": characters,
            "sessions": _with_log(campaign, log),
            "clock": clock.model_copy(update={"session": clock.session + 1, "scene": 1}),
        }
    )
    return ClockResult(revalidated(new, campaign), reports, events)


def end_arc(
    campaign: Campaign,
    breakthroughs: Mapping[str, BreakthroughChoice] | None = None,
    *,
    name: str = "",
    notes: str = "",
    ruleset: RuleSet | None = None,
    at: str | None = None,
) -> ClockResult:
    """Every PC takes a breakthrough (a PC without a choice saves the skill point), severe
    consequences in recovery clear for everyone, and the arc is logged."""
    breakthroughs = dict(breakthroughs or {})
    rules = _ruleset(campaign, ruleset)
    clock = campaign.clock
    problems = _unknown_ids(campaign, breakthroughs, "breakthrough")
    characters, reports = [], []
    for i, c in enumerate(campaign.characters):
        if c.kind == CharacterKind.PC:
            try:
                applied = apply_breakthrough(
                    c, breakthroughs.get(c.id, BreakthroughChoice()), rules, campaign.options, clock, at
                )
            except Refused as exc:
                problems += _refuse_for(c, i, exc)
                characters.append(c)
                continue
            characters.append(applied.character)
            reports.append(
                CharacterReport(c.id, _name(c), [f"Breakthrough: {applied.entry.summary}"], [applied.entry])
            )
            continue
        work, lines = clear_severe_in_recovery(c, rules, campaign.options)
        if work is c:
            characters.append(c)
            continue
        applied = record(c, work, "clock", f"End of arc {clock.arc}: {' '.join(lines)}", clock, at)
        characters.append(applied.character)
        reports.append(CharacterReport(c.id, _name(c), lines, [applied.entry]))
    if problems:
        raise Refused(problems)
    events = [f"Arc {clock.arc} ended."] + [f"{r.name}: {' '.join(r.lines)}" for r in reports]
    arcs = list(campaign.arcs)
    index = next((j for j, a in enumerate(arcs) if a.number == clock.arc), None)
    arc = arcs[index] if index is not None else Arc(number=max(1, clock.arc))
    arc = arc.model_copy(
        update={
            "name": name or arc.name,
            "notes": notes or arc.notes,
            "ended": True,
            "events": [*arc.events, *events],
        }
    )
    if index is None:
        arcs.append(arc)
    else:
        arcs[index] = arc
    new = campaign.model_copy(
        update={
            "characters": characters,
            "arcs": sorted(arcs, key=lambda a: a.number),
            "clock": clock.model_copy(update={"arc": clock.arc + 1}),
        }
    )
    return ClockResult(revalidated(new, campaign), reports, events)


@dataclass(frozen=True)
class ArcTimeline:
    """An arc with its sessions, for listing what happened when."""

    number: int
    name: str
    ended: bool
    events: list[str]
    sessions: list[SessionLog]


def timeline(campaign: Campaign) -> list[ArcTimeline]:
    """Arcs in order, each with its sessions in order; the current arc and session included."""
    numbers = (
        {a.number for a in campaign.arcs} | {s.arc for s in campaign.sessions} | {max(1, campaign.clock.arc)}
    )
    sessions = {s.number: s for s in campaign.sessions}
    if campaign.clock.session >= 1 and campaign.clock.session not in sessions:
        sessions[campaign.clock.session] = session_log(campaign)
    out = []
    for n in sorted(numbers):
        arc = next((a for a in campaign.arcs if a.number == n), None)
        out.append(
            ArcTimeline(
                n,
                arc.name if arc else "",
                arc.ended if arc else False,
                list(arc.events) if arc else [],
                sorted((s for s in sessions.values() if s.arc == n), key=lambda s: s.number),
            )
        )
    return out


def describe_timeline(campaign: Campaign) -> list[str]:
    """Plain lines: 'Arc 1 (ended)', '  Session 3, 2024-05-01: The Ghoul's Lair (ended)', events."""
    lines = []
    for arc in timeline(campaign):
        title = (
            f"Arc {arc.number}" + (f": {arc.name}" if arc.name else "") + (" (ended)" if arc.ended else "")
        )
        lines.append(title)
        for s in arc.sessions:
            head = (
                f"  Session {s.number}"
                + (f", {s.date}" if s.date else "")
                + (f": {s.title}" if s.title else "")
            )
            lines.append(head + (" (ended)" if s.ended else " (in play)"))
            lines += [f"    {e}" for e in s.events]
        lines += [f"  {e}" for e in arc.events]
    return lines


__all__ = [
    "ArcTimeline",
    "CharacterReport",
    "ClockResult",
    "EndScene",
    "describe_timeline",
    "end_arc",
    "end_scene",
    "end_session",
    "gm_pool",
    "session_log",
    "timeline",
]
