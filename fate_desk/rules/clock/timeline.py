"""The campaign clock: end a scene, a session or an arc.

Each function takes a Campaign and returns a `ClockResult`: the new campaign, a report per
character of what changed (with the history entries recorded on it), and the lines logged
for the session or arc. A refusal (say, an illegal milestone) changes nothing at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from fate_desk.i18n import _, rules_text
from fate_desk.model import (
    Arc,
    Campaign,
    Character,
    CharacterKind,
    ClockStamp,
    FatePointEntry,
    HistoryEntry,
    SessionLog,
    SituationAspect,
    revalidated,
)

from fate_desk.rules.advancement.milestones import (
    BreakthroughChoice,
    MilestoneChoice,
    apply_advance,
    apply_milestone,
    arc_level,
)
from fate_desk.rules.creation.checker import Level, Problem
from fate_desk.rules.creation.derive import derive, join_words
from fate_desk.rules.creation.history import Refused, counted, record
from fate_desk.rules.creation.loader import get_ruleset
from fate_desk.rules.harm.recovery import clear_severe_in_recovery, progress
from fate_desk.rules.harm.tracks import clear_on_time, stress_kept_at
from fate_desk.rules.creation.ruleset import MilestoneLevel, RuleSet
from fate_desk.rules.clock.pool import gm_pool


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
    # Characters who got no chance to rest (Fate Accelerated: their mild consequences stay).
    no_rest: frozenset[str] = frozenset()


def _ruleset(campaign: Campaign, ruleset: RuleSet | None) -> RuleSet:
    return ruleset or get_ruleset(campaign.ruleset)


def _name(character: Character) -> str:
    return character.name or _("(unnamed)")


def _refuse_for(character: Character, index: int, exc: Refused) -> list[Problem]:
    return [
        Problem(
            p.code,
            p.severity,
            f"characters[{index}].{p.path}".rstrip("."),
            _("{name}: {message}").format(name=_name(character), message=p.message),
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
            _("There is no player character with id {cid} for a {what}.").format(cid=repr(cid), what=what),
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


def _clear_aspects(
    aspects: list[SituationAspect], keep: frozenset[str], boosts_carry_over: bool = False
) -> tuple[list[SituationAspect], list[str]]:
    """Situation aspects go unless kept; boosts never outlive their scene, save where the rule
    set lets the GM carry one into a directly connected scene (Fate Core)."""

    def stays(a: SituationAspect) -> bool:
        return (a.keep or a.id in keep) and (not a.boost or boosts_carry_over)

    kept = [a for a in aspects if stays(a)]
    gone = [a.text or "(unnamed)" for a in aspects if not stays(a)]
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
            work, cleared = clear_on_time(work, clock, "scene")
            kept = stress_kept_at(work, "scene")
            if kept != work.stress:
                work = work.model_copy(update={"stress": kept})
                lines.append(_("Stress cleared."))
            lines += cleared
        work, recovered = progress(work, rules, campaign.options, clock, "scene", c.id not in choice.no_rest)
        lines += recovered
        if c.pending_fate_points:
            # Hostile invokes' points become spendable once the scene they were earned in ends.
            lines.append(_("{points} from hostile invokes can now be spent.").format(points=counted(c.pending_fate_points, 'fate point', words=False)))  # i18n: not shown (a key)
            work = work.model_copy(update={"fate_points": min(999, work.fate_points + c.pending_fate_points),
                                           "pending_fate_points": 0})
        if c.id in carriers:
            lines.append(_("Brought {points} into the GM's pool.").format(points=counted(c.carried_fate_points, 'fate point', words=False)))  # i18n: not shown (a key)
            work = work.model_copy(update={"carried_fate_points": 0})
        if work is c:
            characters.append(c)
            continue
        applied = record(c, work, "clock", _("End of scene {scene}: {text}").format(scene=clock.scene, text=' '.join(lines)), clock, at)
        characters.append(applied.character)
        reports.append(CharacterReport(c.id, _name(c), lines, [applied.entry]))
    scenes, scene_line = _end_scene_object(campaign, choice, rules.boosts_carry_over)
    events = [_("Scene {scene} ended{scene_line}.").format(scene=clock.scene, scene_line=scene_line)]
    for r in reports:
        events.append(_("{name}: {lines}").format(name=r.name, lines=" ".join(r.lines)))
    events.append(_("GM fate points for the next scene: {pool} ({names}).").format(pool=pool, names=join_words(pool_lines)))
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


def _end_scene_object(campaign: Campaign, choice: EndScene, boosts_carry_over: bool = False):
    scenes = list(campaign.scenes)
    if choice.scene_id is not None:
        index = next((i for i, s in enumerate(scenes) if s.id == choice.scene_id), None)
        if index is None:
            raise Refused(
                [Problem("clock.scene", Level.ERROR, "scenes", _("That scene is not in this campaign."))]
            )
    else:
        index = next((i for i in reversed(range(len(scenes))) if not scenes[i].ended), None)
    if index is None:
        return scenes, ""
    scene = scenes[index]
    aspects, gone = _clear_aspects(scene.aspects, choice.keep_aspects, boosts_carry_over)
    zones = []
    for zone in scene.zones:
        kept, lost = _clear_aspects(zone.aspects, choice.keep_aspects, boosts_carry_over)
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
    line = _(" ({scene})").format(scene=scene.name) if scene.name else ""
    if gone:
        line += _("; aspects gone: {names}").format(names=join_words(gone))
    return scenes, line


def end_session(
    campaign: Campaign,
    milestones: Mapping[str, MilestoneChoice | BreakthroughChoice | None] | None = None,
    *,
    level: MilestoneLevel | None = None,
    date: str = "",
    title: str = "",
    notes: str = "",
    ruleset: RuleSet | None = None,
    at: str | None = None,
) -> ClockResult:
    """Milestones for the PCs who take one (id -> choice, None to pass), fate points back up to
    refresh, recovery moves on a session, and the session is logged with its date and notes.

    `level` is the milestone this end grants (default: the rule set's session end; pass its
    scenario end when the session closes a scenario). A milestone that grants more than one
    change takes a BreakthroughChoice, and every PC gets it (saving any skill point)."""
    milestones = dict(milestones or {})
    rules = _ruleset(campaign, ruleset)
    level = session_level(rules, level)
    large = level is not None and _more_than_a_change(rules, level)
    if large:
        pcs = [c.id for c in campaign.characters if c.kind == CharacterKind.PC]
        milestones = {cid: milestones.get(cid) for cid in [*pcs, *milestones]}
    scene_result = None
    if scene_open(campaign):
        # The session's last scene ends first, with all a scene's end does (stress clears).
        scene_result = end_scene(campaign, ruleset=rules, at=at)
        campaign = scene_result.campaign
    clock = campaign.clock
    problems = _unknown_ids(campaign, milestones, "milestone")
    characters, reports, ledger = [], [], []
    for i, c in enumerate(campaign.characters):
        lines, entries, work = [], [], c
        if c.id in milestones and level is not None:
            try:
                applied = take_milestone(c, level, milestones[c.id], rules, campaign.options, clock, at)
            except Refused as exc:
                problems += _refuse_for(c, i, exc)
                characters.append(c)
                continue
            work = applied.character
            entries.append(applied.entry)
            lines.append(_("{milestone}: {summary}").format(
                milestone=rules_text(rules.advancement.grants[level].label), summary=applied.entry.summary))
        before = work
        changes = []
        if c.kind == CharacterKind.PC:
            refresh = derive(work, rules, campaign.options).refresh
            if work.fate_points < refresh:
                changes.append(_("Fate points {fate_points} → {refresh} (refresh).").format(fate_points=work.fate_points, refresh=refresh))
                # The ledger is the one record of every fate point; the refresh belongs in it.
                ledger.append(FatePointEntry(who=c.id, name=_name(c), change=refresh - work.fate_points,
                                             reason="refresh", note=_("back up to {refresh}").format(refresh=refresh), scene=clock.scene))
                work = work.model_copy(update={"fate_points": refresh})
        work, recovered = progress(work, rules, campaign.options, clock, "session")
        changes += recovered
        work, cleared = clear_on_time(work, clock, "session")
        changes += cleared
        if work is not before:
            applied = record(
                before, work, "clock", _("End of session {session}: {text}").format(session=clock.session, text=' '.join(changes)), clock, at
            )
            work = applied.character
            entries.append(applied.entry)
        lines += changes
        characters.append(work)
        if entries:
            reports.append(CharacterReport(c.id, _name(c), lines, entries))
    if problems:
        raise Refused(problems)
    events = [_("Session {session} ended.").format(session=clock.session)] + [_("{name}: {lines}").format(name=r.name, lines=" ".join(r.lines)) for r in reports]
    log = session_log(campaign)
    log = log.model_copy(
        update={
            "date": date or log.date,
            "title": title or log.title,
            "notes": notes or log.notes,
            "ended": True,
            "events": [*log.events, *events],
            "fate_points": [*log.fate_points, *ledger],
        }
    )
    new = campaign.model_copy(
        update={
            "characters": characters,
            "sessions": _with_log(campaign, log),
            "clock": clock.model_copy(update={"session": clock.session + 1, "scene": 1}),
        }
    )
    if scene_result is not None:  # the scene's lines are in the log already
        reports = _merge_reports(scene_result.reports, reports)
        events = scene_result.events + events
    return ClockResult(revalidated(new, campaign), reports, events)


def session_level(rules: RuleSet, level: MilestoneLevel | None = None) -> MilestoneLevel | None:
    """The milestone a session's end grants (None: none). 'choose' left open falls to the smallest."""
    dials = rules.advancement
    level = level or dials.session_end
    if level == MilestoneLevel.NONE:
        return None
    if level == MilestoneLevel.CHOOSE or level not in dials.grants:
        return dials.levels()[0]
    return level


def _more_than_a_change(rules: RuleSet, level: MilestoneLevel) -> bool:
    grant = rules.advancement.total(level)
    return any(
        (grant.skill_points, grant.refresh, grant.high_concept, grant.gm_power_up, grant.begin_recovery,
         grant.clear_recovering, grant.clear_held, grant.rename_extreme, grant.raise_cap)
    )


def more_than_a_change(rules: RuleSet, level: MilestoneLevel) -> bool:
    """Does this milestone grant anything beyond one change (a point, refresh, recovery…)?"""
    return _more_than_a_change(rules, level)


def take_milestone(c: Character, level: MilestoneLevel, choice, rules: RuleSet, options=None,
                   clock: ClockStamp | None = None, at: str | None = None):
    """Apply one PC's milestone of `level`: a plain change, or everything a larger one grants."""
    if isinstance(choice, BreakthroughChoice) or _more_than_a_change(rules, level):
        if not isinstance(choice, BreakthroughChoice):
            choice = BreakthroughChoice(milestone=choice)
        return apply_advance(c, level, choice, rules, options, clock, at)
    return apply_milestone(c, choice, rules, options, clock, at)


def milestone_choices(rules: RuleSet, event: str) -> list[tuple[MilestoneLevel | None, str]]:
    """What the end of a session (or arc) may grant, for the GM to pick from, default first.

    A fixed dial gives one entry (a session may also close a scenario: a second entry);
    'choose' offers every milestone the rule set has; 'none' offers nothing."""
    dials = rules.advancement
    label = {lv: rules_text(dials.grants[lv].label) for lv in dials.levels()}
    out: list[tuple[MilestoneLevel | None, str]] = []
    ends = _("{milestone} (end of a session)") if event == "session" else _("{milestone} (end of an arc)")
    for when, text in ((event, ends),
                       *((("scenario", _("{milestone} (this session also ends a scenario)")),)
                         if event == "session" else ())):
        level = dials.clock_level(when)
        if level == MilestoneLevel.CHOOSE:
            out += [(lv, _("{milestone} (the GM's choice)").format(milestone=label[lv])) for lv in dials.levels()
                    if all(lv != have for have, _text in out)]
        elif level != MilestoneLevel.NONE and all(level != have for have, _text in out):
            out.append((level, text.format(milestone=label[level])))
    return out or [(None, _("None ({ruleset} grants no milestone here)").format(ruleset=rules_text(rules.name)))]


def scene_open(campaign: Campaign) -> bool:
    """Is a scene still under way: a scene not ended, stress marked, or play recorded in it?"""
    if any(not s.ended for s in campaign.scenes):
        return True
    clock = campaign.clock
    for c in campaign.characters:
        if c.stress and stress_kept_at(c, "scene") != c.stress:  # sticky tracks outlive scenes
            return True
        if any(e.kind != "clock" and e.when == clock for e in c.advancement):
            return True
    return False


def _merge_reports(first: list[CharacterReport], then: list[CharacterReport]) -> list[CharacterReport]:
    merged: dict[str, CharacterReport] = {}
    for r in [*first, *then]:
        old = merged.get(r.character_id)
        merged[r.character_id] = (
            r if old is None else CharacterReport(r.character_id, r.name, old.lines + r.lines, old.entries + r.entries)
        )
    return list(merged.values())


def end_arc(
    campaign: Campaign,
    breakthroughs: Mapping[str, BreakthroughChoice] | None = None,
    *,
    level: MilestoneLevel | None = None,
    name: str = "",
    notes: str = "",
    ruleset: RuleSet | None = None,
    at: str | None = None,
) -> ClockResult:
    """Every PC takes the arc's milestone (`level`, default the rule set's arc end: Condensed's
    breakthrough, Core's and Accelerated's major milestone; a PC without a choice saves any skill
    point), severe
    consequences in recovery clear for everyone, and the arc is logged."""
    breakthroughs = dict(breakthroughs or {})
    rules = _ruleset(campaign, ruleset)
    level = level or arc_level(rules)
    if level not in rules.advancement.grants:
        level = arc_level(rules)
    arc_label = rules_text(rules.advancement.grants[level].label)
    clock = campaign.clock
    problems = _unknown_ids(campaign, breakthroughs, "breakthrough")
    characters, reports = [], []
    for i, c in enumerate(campaign.characters):
        if c.kind == CharacterKind.PC:
            try:
                applied = apply_advance(
                    c, level, breakthroughs.get(c.id, BreakthroughChoice()), rules, campaign.options, clock, at
                )
            except Refused as exc:
                problems += _refuse_for(c, i, exc)
                characters.append(c)
                continue
            characters.append(applied.character)
            reports.append(
                CharacterReport(c.id, _name(c), [_("{milestone}: {summary}").format(milestone=arc_label, summary=applied.entry.summary)], [applied.entry])
            )
            continue
        work, lines = clear_severe_in_recovery(c, rules, campaign.options)
        work, cleared = clear_on_time(work, clock, "arc")
        lines = lines + cleared
        if work is c:
            characters.append(c)
            continue
        applied = record(c, work, "clock", _("End of arc {arc}: {text}").format(arc=clock.arc, text=' '.join(lines)), clock, at)
        characters.append(applied.character)
        reports.append(CharacterReport(c.id, _name(c), lines, [applied.entry]))
    if problems:
        raise Refused(problems)
    events = [_("Arc {arc} ended.").format(arc=clock.arc)] + [_("{name}: {lines}").format(name=r.name, lines=" ".join(r.lines)) for r in reports]
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
        title = (_("Arc {number}: {name}") if arc.name else _("Arc {number}")).format(number=arc.number, name=arc.name)
        if arc.ended:
            title = _("{arc} (ended)").format(arc=title)
        lines.append(title)
        for s in arc.sessions:
            head = _("Session {number}").format(number=s.number)
            if s.date:
                head = _("{session}, {date}").format(session=head, date=s.date)
            if s.title:
                head = _("{session}: {title}").format(session=head, title=s.title)
            head = (_("{session} (ended)") if s.ended else _("{session} (in play)")).format(session=head)
            lines.append("  " + head)
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
