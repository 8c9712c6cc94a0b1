"""Read a Foundry VTT actor of the Fate Core Official system (FCO), as "Export Data" writes it.

Aspects, skills and stunts map by name (in the languages FCO's defaults and FateX ship too);
tracks map by what they are: boxes without an aspect are stress (matched to the rule set's
tracks by name), tracks whose aspect is written when marked are consequences (severity from the
name or the harm they absorb), Hurt, Scared and the rest with such an aspect are conditions, a
PC's other tracks are tracks of its own (growing with a skill as their linked skills say).
Extras are FCO's Extra items. What else has no place (the biography, linked skills of stunts) is
kept in the notes, and the summary says so. docs/interop.md lists the mapping.
"""

from __future__ import annotations

import re
from typing import Any

from fate_desk.i18n import _, rules_text
from fate_desk.model import (
    Aspect,
    AspectRole,
    Character,
    CharacterKind,
    Consequence,
    CustomTrack,
    Extra,
    Stunt,
)
from fate_desk.model.character import (
    MAX_BOXES,
    RATING_MAX,
    RATING_MIN,
    ExtraCost,
    RuleBreak,
    TrackClears,
    TrackLevel,
)
from fate_desk.rules import RuleSet, RuleSetError, get_ruleset

from fate_desk.interop.fco.writing import SYSTEM_ID, foundry_id
from fate_desk.interop.foundry_flags import FlaggedActor
from fate_desk.interop.common import (
    SEVERITY_BY_VALUE,
    Reader,
    actor_reader,
    box_values,
    condition_slot,
    export_system,
    guess_ruleset_id,
    html_to_text,
    match_track,
    modes_from_text,
    norm,
    names_foreign_skills,
    own_skill_name,
    refresh_before_costs,
    placeholder_name,
    restore_repeated,
    role_of,
    rule_break_from_label,
    scale_from_text,
    severity_of,
    shown,
)

SOURCE_NAME = "Foundry (Fate Core Official)"  # i18n: file format (a tool's name, also in the notes)
MAX_EXTRAS = 50
# FCO's recovery types for a track, as Fate Desk says when a custom track clears; FCO's Brazilian
# defaults write the types in Portuguese (lang/pb.json: "Momentâneo", "Duradouro").
_CLEARS = {"fleeting": TrackClears.SCENE, "sticky": TrackClears.EVENT, "lasting": TrackClears.RECOVERY,
           "momentaneo": TrackClears.SCENE, "duradouro": TrackClears.RECOVERY}


def _clears(recovery_type: Any) -> TrackClears:
    """How a track clears from FCO's recovery type (fleeting, like stress, when unknown)."""
    return _CLEARS.get(norm(recovery_type, html=False), TrackClears.SCENE) if isinstance(recovery_type, str) \
        else TrackClears.SCENE


def _small(value: Any) -> int | None:
    """A whole number of a sane size (a rank, a count of boxes), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not float(value).is_integer():
        return None
    return int(value) if -20 <= value <= 50 else None


def _extra_tag(entry: dict) -> str | None:
    """The id of the extra an entry on the sheet was copied from: `extra_id`, or the `extra_tag`
    FCO wrote before it migrated to `extra_id` (fcoActor.migrateData)."""
    tag = entry.get("extra_id")
    if tag is None and isinstance(entry.get("extra_tag"), dict):
        tag = entry["extra_tag"].get("extra_id")
    return tag if isinstance(tag, str) and tag else None


def _costs(text: str) -> dict[str, int]:
    """Skill points and stunt slots from the words of an extra's price ("Costs 2 skill points")."""
    cost = {}
    # i18n: file format (the words FCO's users write)
    for key, pattern in (("skill_points", r"(\d{1,2}) skill points?"), ("stunt_slots", r"(\d{1,2}) stunt slots?")):  # i18n: file format
        found = re.search(pattern, text, re.IGNORECASE)
        limit = 20 if key == "skill_points" else 10
        if found and int(found.group(1)) <= limit:
            cost[key] = int(found.group(1))
    return cost


def merge_extras(found: list[tuple[str, Extra, dict]], flagged: list[Extra], stress: dict[str, list[int]]) -> list[Extra]:
    """The Foundry actor's extras in its order: each as our flags keep it when they name the same
    item (they hold what the system has no field for), else as read from the system's fields.
    Extras added in Foundry come over; extras deleted there stay deleted. `found` holds (the
    item's id, the extra read, its tracks' marks by the ids just given)."""
    ours = {foundry_id(e.id): e for e in flagged}
    out = []
    for item_id, extra, marks in found:
        kept = ours.get(item_id)
        if kept is None:
            out.append(extra)
            stress.update(marks)
            continue
        out.append(kept)
        # The marks the system holds, moved to the ids our flags give the same tracks.
        same = len(kept.tracks) == len(extra.tracks)
        for n, track in enumerate(kept.tracks):
            read = extra.tracks[n] if same else next((t for t in extra.tracks if t.name == track.name), None)
            if read is not None and read.id in marks:
                stress[track.id] = marks[read.id]
    return out


def track_id_for(name: str, taken: set[str]) -> str:
    """A track id from a track's name ("Ship's Hull" -> "ship-s-hull"), unique on the sheet."""
    base = re.sub(r"[^a-z0-9]+", "-", name.casefold().encode("ascii", "ignore").decode()).strip("-")[:32] or "track"
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    taken.add(candidate)
    return candidate
OLD_TYPES = ("ModularFate", "FateCoreOfficial")  # names FCO itself still migrates


def looks_like_fco(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    return data.get("type") in (SYSTEM_ID, *OLD_TYPES) or export_system(data) == SYSTEM_ID


def fco_to_character(data: Any, source: str = "", ruleset: str | None = None) -> tuple[Character, list[str]]:
    r = actor_reader(data, source)
    kind = data.get("type")
    if kind not in (SYSTEM_ID, *OLD_TYPES):
        if kind == "Thing":
            raise r.fail("type", _("this Fate Core Official document is an item container (a Thing), not a character"))
        raise r.fail("type", _("this Fate Core Official document is of type {found}, not a character").format(
            found=shown(kind) or _("unknown")))
    return _FcoActor(data, r, ruleset).run()


class _FcoActor(FlaggedActor):
    source_name = SOURCE_NAME

    def __init__(self, data: dict, r: Reader, ruleset: str | None):
        super().__init__(data, r)
        self.rules = self._ruleset(ruleset)
        # The marked boxes of switched-on extras' tracks, from FCO's copies on the sheet.
        self.extra_marks: dict[tuple[str, str], dict] = {}
        self.own_tracks: list[CustomTrack] = []  # the player's own tracks found among FCO's
        self.taken: set[str] = {t.id for t in self.rules.stress.tracks}  # track ids given out

    def _ruleset(self, explicit: str | None) -> RuleSet:
        rid, guessed = explicit or self.ours.get("ruleset"), False
        if not isinstance(rid, str) or not rid:
            rid, guessed = self._guess_ruleset(), True
        try:
            rules = get_ruleset(rid)
        except RuleSetError:
            if explicit:
                raise self.r.fail("ruleset", _("{ruleset} is not a rule set Fate Desk knows").format(
                    ruleset=repr(explicit))) from None
            rules, guessed = get_ruleset("fate-condensed"), True
        if guessed:
            self.log.note(_("rule set {ruleset} guessed from the actor's tracks and skills").format(
                ruleset=rules_text(rules.name)))
        return rules

    def _guess_ruleset(self) -> str:
        tracks = self.system.get("tracks")
        tracks = [t for t in tracks.values() if isinstance(t, dict)] if isinstance(tracks, dict) else []
        skills = self.system.get("skills")
        names = [str(s.get("name", "")) for s in skills.values() if isinstance(s, dict)] \
            if isinstance(skills, dict) else []
        # Stress: tracks with boxes and no aspect that clear at the end of the scene (FCO's own
        # defaults); a condition or a track of the player's own (Indebted) is no stress track.
        stress = [(str(t.get("name", "")), t.get("label") == "escalating") for t in tracks
                  if not isinstance(t.get("aspect"), dict) and t.get("extra_id") is None
                  and _clears(t.get("recovery_type")) == TrackClears.SCENE and t.get("boxes")]
        return guess_ruleset_id(names, stress)

    # --- the parts ---

    def run(self) -> tuple[Character, list[str]]:
        details = self.r.obj(self.system.get("details"), "system.details")
        description = self._html(details, "description")
        notes = self._html(details, "notes")
        biography = self._html(details, "biography")
        pronouns = self._html(details, "pronouns")
        if pronouns:
            self.log.keep("Pronouns", pronouns)
        scale, biography = scale_from_text(biography)
        modes, biography = modes_from_text(biography, self.rules)
        if biography:
            self.log.keep("Biography", biography)
        aspects = self._aspects()
        skills = self._skills()
        stunts, cost, rule_breaks = self._stunts()
        kind = self._kind()
        stress, values, consequences = self._tracks(kind)
        self.taken |= set(values)
        found = self._items()
        extras = [extra for item_id, extra, marks in found]
        on = [e for e in extras if e.active]
        refresh, fate_points = self._points(details, kind, cost, sum(e.cost.stunt_slots for e in on),
                                            sum(e.cost.refresh for e in on))
        if rule_breaks:
            self.log.count("rule break", len(rule_breaks))  # i18n: not shown (a key of counted())
        body: dict[str, Any] = dict(
            id=self._id(), kind=kind, ruleset=self.rules.id, name=self.name, description=description,
            aspects=aspects, skills=skills, stunts=stunts, refresh=refresh, fate_points=fate_points,
            stress=stress, consequences=consequences, rule_breaks=rule_breaks, scale=scale,
            notes="\n\n".join(p for p in (notes, self.log.kept_block()) if p), extras=extras,
            tracks=self.own_tracks, modes=modes,
        )
        self.own_notes = notes
        self._restore_kept(body)
        if body["tracks"] is not self.own_tracks:  # our flags gave the tracks back: add Foundry's new ones
            body["tracks"] = body["tracks"] + self.own_tracks
        body["extras"] = merge_extras(found, body["extras"] if body["extras"] is not extras else [], stress)
        character = self._validate(body)
        character = self._own_boxes(character, values)
        character = self._marks_beyond(character)
        return character, self.log.lines()

    def _html(self, details: dict, key: str) -> str:
        entry = self.r.obj(details.get(key), f"system.details.{key}")
        return html_to_text(self.r.text(entry.get("value"), f"system.details.{key}.value"))

    def _entries(self, key: str, own: bool = False) -> list[tuple[str, dict]]:
        block = self.system.get(key)
        if isinstance(block, list):  # some exports hold an empty list where an object belongs
            block = {str(i): v for i, v in enumerate(block)}
        block = self.r.obj(block, f"system.{key}")
        out = []
        for entry_key, entry in block.items():
            at = f"system.{key}.{entry_key}"
            entry = self.r.obj(entry, at, missing_ok=False)
            tag = _extra_tag(entry)
            if tag is not None and not own:
                # FCO's copy of what an extra brings (fcoActor.updateFromExtra): the extra itself
                # is read from the actor's items; only a track's marks live on the copy.
                if key == "tracks":
                    self.extra_marks[tag, self._copy_name(entry, at)] = entry
                continue
            out.append((at, entry))
        return out

    def _copy_name(self, entry: dict, at: str) -> str:
        return (self.r.text(entry.get("original_name"), f"{at}.original_name")
                or self.r.text(entry.get("name"), f"{at}.name")).strip()

    def _aspects(self) -> list[Aspect]:
        aspects, taken = [], set()
        for at, entry in self._entries("aspects"):
            label = self.r.text(entry.get("name"), f"{at}.name")
            text = self.r.text(entry.get("value"), f"{at}.value").strip()
            for extra in ("description", "notes"):
                value = html_to_text(self.r.text(entry.get(extra), f"{at}.{extra}"))
                if value and text:
                    self.log.keep(f"Aspect {label or text} ({extra})", value)
            if not text:
                continue
            role = role_of(label)
            if role in taken and role in (AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE):
                role = AspectRole.FREE
            taken.add(role)
            aspects.append(Aspect(role=role, text=text))
            self.log.count("aspect")
        return aspects

    def _skills(self) -> dict[str, int]:
        skills: dict[str, int] = {}
        self.foreign = names_foreign_skills(
            [self.r.text(e.get("name"), f"{at}.name") for at, e in self._entries("skills")], self.rules)
        for at, entry in self._entries("skills"):
            name = self.r.text(entry.get("name"), f"{at}.name").strip()
            rank = self.r.number(entry.get("rank"), f"{at}.rank") or 0
            if not name:
                continue
            if not RATING_MIN <= rank <= RATING_MAX:
                self.log.keep(f"Skill {name}", f"{rank:+d} (off any ladder Fate uses)")  # i18n: stored in the notes
                continue
            name = own_skill_name(name, self.rules, skills, self.foreign)
            if name in skills:
                self.log.keep(f"Skill {name} (listed twice)", f"{rank:+d}")  # i18n: stored in the notes
                continue
            skills[name] = rank
            if rank:
                self.log.count("skill")
        return {k: v for k, v in skills.items() if v}

    def _stunts(self) -> tuple[list[Stunt], int, list[RuleBreak]]:
        stunts, cost, rule_breaks = [], 0, []
        for at, entry in self._entries("stunts"):
            name = self.r.text(entry.get("name"), f"{at}.name").strip()
            text = html_to_text(self.r.text(entry.get("description"), f"{at}.description"))
            cost += max(0, self.r.number(entry.get("refresh_cost"), f"{at}.refresh_cost") or 0)
            found = rule_break_from_label(name, text)
            if found is not None:  # written by Fate Desk for a monster: "Rule break: Solo bonus"
                rule_breaks.append(found)
                continue
            skill = self.r.text(entry.get("linked_skill"), f"{at}.linked_skill")
            bonus = self.r.number(entry.get("bonus"), f"{at}.bonus") or 0
            if skill and skill != "None" or bonus:
                self.log.keep(f"Stunt {name}", f"linked to {skill or 'no skill'}, bonus {bonus:+d}")  # i18n: stored
            notes = html_to_text(self.r.text(entry.get("notes"), f"{at}.notes"))
            if notes:
                self.log.keep(f"Stunt {name} (notes)", notes)
            if placeholder_name(name):
                name = ""
            if name or text:
                stunts.append(Stunt(name=name, text=text))
                self.log.count("stunt")
        return self._stunt_names(stunts), cost, rule_breaks

    def _tracks(self, kind: CharacterKind) -> tuple[dict[str, list[int]], dict[str, list[int]], list[Consequence]]:
        stress: dict[str, list[int]] = {}
        values: dict[str, list[int]] = {}
        consequences: list[Consequence] = []
        for at, entry in self._entries("tracks", own=True):
            name = self.r.text(entry.get("name"), f"{at}.name").strip()
            tag = _extra_tag(entry)
            if tag is not None:  # a switched-on extra's track: read with the extra
                self.extra_marks[tag, self._copy_name(entry, at)] = entry
                continue
            boxes = [v is True for v in self.r.items(entry.get("box_values"), f"{at}.box_values")]
            harm = self.r.number(entry.get("harm_can_absorb"), f"{at}.harm_can_absorb")
            label = self.r.text(entry.get("label"), f"{at}.label")
            aspect = entry.get("aspect")
            text = ""
            if isinstance(aspect, dict):
                text = self.r.text(aspect.get("name"), f"{at}.aspect.name").strip()
            marked = [i for i, v in enumerate(boxes) if v]
            own = self._custom_track(name)
            if own is not None and not isinstance(aspect, dict):
                if marked:  # a custom track of ours (kept in our flags): its marks come home
                    stress[own] = marked
                continue
            track = match_track(self.rules, name) if not isinstance(aspect, dict) and boxes else None
            if (track is None or track in values) and not isinstance(aspect, dict) and boxes:
                track = self._own_track(name, kind, values) or track
            if track is not None and track not in values:
                values[track] = box_values(label, harm, len(boxes))
                if marked:
                    stress[track] = marked
                self.log.count("stress track")  # i18n: not shown (a key of counted())
                continue
            used = {c.slot for c in consequences}
            recovering = "recover" in norm(self.r.text(entry.get("notes"), f"{at}.notes"))
            # A condition has an aspect written when marked (FCO's Condensed conditions, and Fate
            # Desk's); a track of boxes alone named so is the player's own (the Toolkit's Wounded).
            condition = condition_slot(name) if isinstance(aspect, dict) else None
            if condition and condition not in used:
                if marked or text:
                    consequences.append(Consequence(slot=condition, text=text, boxes_marked=max(1, len(marked)),
                                                    recovering=recovering))
                    self.log.count("consequence")
                continue
            severity = severity_of(norm(name)) or SEVERITY_BY_VALUE.get(harm or 0)
            if isinstance(aspect, dict) and severity is not None:
                if not text and not marked:
                    continue  # an empty consequence slot: Fate Desk derives the slots itself
                if not text and not severity_of(norm(name)):
                    # Marked without an aspect written: a condition of the game's own (Dresden Files
                    # Accelerated's Doomed, In Peril) taken as the consequence it absorbs like.
                    text = name
                    self.log.note(_("track \"{track}\" was marked without an aspect; taken as a {severity} "
                                    "consequence named for the track").format(
                        track=name, severity=_(severity.label).lower()))
                slot = self._slot(severity, name, used)
                if slot is not None:
                    consequences.append(Consequence(slot=slot, text=text, recovering=recovering))
                    self.log.count("consequence")
                    continue
            if not isinstance(aspect, dict) and name and kind == CharacterKind.PC and len(self.own_tracks) < 20 \
                    and (boxes or not severity_of(norm(name))):
                # A track of the player's own beyond the rule set's stress ("Indebted", "Wealth").
                own_track = self._read_track(entry, entry, at, name)
                self.own_tracks.append(own_track)
                if marked:
                    stress[own_track.id] = marked
                self.log.note(_("track \"{track}\" came over as a track of its own").format(track=name))
                continue
            shown_boxes = f"{len(marked)} of {len(boxes)} boxes marked" if boxes else ""  # i18n: stored in the notes
            self.log.keep(f"Track {name}", "; ".join(p for p in (text, shown_boxes) if p))
        return stress, values, consequences

    def _read_track(self, entry: dict, copy: dict, at: str, name: str) -> CustomTrack:
        """An FCO track as a custom track: its boxes (FCO's labels say their values), how it
        recovers, what clears it and its notes; `copy` is where its marks and notes are kept."""
        boxes = self.r.items(copy.get("box_values"), f"{at}.box_values")
        label = self.r.text(entry.get("label"), f"{at}.label")
        harm = self.r.number(entry.get("harm_can_absorb"), f"{at}.harm_can_absorb")
        recovery = self.r.text(entry.get("recovery_type"), f"{at}.recovery_type")
        base, skill, levels = self._linked_levels(entry, at, len(boxes))
        values = box_values(label, harm, base + sum(n for _at, n in levels))
        grown: dict = {}
        if skill is not None:
            start, steps = base, []
            for rank, count in levels:
                steps.append(TrackLevel(at=rank, add=values[start:start + count]))
                start += count
            grown = {"skill": skill, "levels": steps}
        return CustomTrack(
            id=track_id_for(name, self.taken), name=name[:80], boxes=values[:base], **grown,
            clears=_clears(recovery),
            event=html_to_text(self.r.text(entry.get("recovery_conditions"), f"{at}.recovery_conditions"))[:200],
            notes=html_to_text(self.r.text(copy.get("notes"), f"{at}.notes"))[:2000])

    def _linked_levels(self, entry: dict, at: str, count: int) -> tuple[int, str | None, list[tuple[int, int]]]:
        """A track that grows with a skill (FCO's `linked_skills`, which `setupTracks` in
        scripts/fcoActor.js adds to `boxes` when the skill reaches each rank): its first boxes, the
        skill, and (rank, boxes added) for each step. A track whose links name several skills, or
        only switch it on, keeps the boxes it has now."""
        links = entry.get("linked_skills")
        base = self.r.number(entry.get("boxes"), f"{at}.boxes")
        steps: dict[int, int] = {}
        skills = set()
        for link in links if isinstance(links, list) else []:
            if not isinstance(link, dict) or link.get("enables") is True:
                continue
            rank, added = _small(link.get("rank")), _small(link.get("boxes"))
            if isinstance(link.get("linked_skill"), str) and rank is not None and RATING_MIN <= rank <= RATING_MAX \
                    and added and 0 < added <= 10:
                skills.add(link["linked_skill"].strip())
                steps[rank] = steps.get(rank, 0) + added
        if len(skills) != 1 or base is None or not 0 <= base <= count or len(steps) > 10 \
                or base + sum(steps.values()) > MAX_BOXES or any(n > 10 for n in steps.values()):
            return count, None, []
        skill = next(iter(skills))
        skill = own_skill_name(skill, self.rules, [], getattr(self, "foreign", True)) if skill else None
        if not skill:
            return count, None, []
        return base, skill[:80], sorted(steps.items())

    def _items(self) -> list[tuple[str, Extra, dict[str, list[int]]]]:
        """FCO's Extra items as extras: (the item's id, the extra, its tracks' marks)."""
        extras: list[tuple[str, Extra, dict[str, list[int]]]] = []
        for i, item in enumerate(self.r.items(self.data.get("items"), "items")):
            item = self.r.obj(item, f"items[{i}]", missing_ok=False)
            name = self.r.text(item.get("name"), f"items[{i}].name")
            if item.get("type") == "Extra" and len(extras) < MAX_EXTRAS:
                extra, marks = self._extra(item, f"items[{i}]", name.strip())
                extras.append((item["_id"] if isinstance(item.get("_id"), str) else "", extra, marks))
                self.log.count("extra")
                self.log.note(_("extra \"{extra}\" came over as an extra, with what it brings").format(
                    extra=extra.name or _("(unnamed)")))
                continue
            system = item.get("system") if isinstance(item.get("system"), dict) else {}
            description = system.get("description")
            text = shown(description.get("value")) if isinstance(description, dict) else shown(description)
            self.log.keep(f"Extra {name}".strip(), text or "(no description)")  # i18n: stored in the notes
        return extras

    def _extra(self, item: dict, at: str, name: str) -> tuple[Extra, dict[str, list[int]]]:
        """One of FCO's Extra items (fcoExtraModel): its text, price, and what it brings."""
        system = self.r.obj(item.get("system"), f"{at}.system")
        active = system.get("active") is not False
        extra_id = item.get("_id") if isinstance(item.get("_id"), str) else ""
        description = self.r.obj(system.get("description"), f"{at}.system.description")
        cost = _costs(html_to_text(self.r.text(system.get("costs"), f"{at}.system.costs")))
        refresh = self.r.number(system.get("refresh"), f"{at}.system.refresh") or 0
        cost["refresh"] = refresh if 0 <= refresh <= 10 else 0
        if cost["refresh"] != refresh:
            self.log.keep(f"Extra {name} (refresh)", str(refresh))
        aspects = [self.r.text(e.get("value"), f"{a}.value").strip() for a, e in self._block(system, "aspects", at)]
        skills: dict[str, int] = {}
        for a, entry in self._block(system, "skills", at):
            skill = self.r.text(entry.get("name"), f"{a}.name").strip()
            rank = self.r.number(entry.get("rank"), f"{a}.rank") or 0
            if skill and skill.casefold() not in {k.casefold() for k in skills} and RATING_MIN <= rank <= RATING_MAX \
                    and len(skills) < 20:
                skills[skill] = rank
            elif skill or rank:
                self.log.keep(f"Extra {name}: skill {skill}", f"{rank:+d}")  # i18n: stored in the notes
        stunts = []
        for a, entry in self._block(system, "stunts", at):
            stunt = self.r.text(entry.get("name"), f"{a}.name").strip()
            stunts.append(Stunt(name="" if placeholder_name(stunt) else stunt,
                                text=html_to_text(self.r.text(entry.get("description"), f"{a}.description"))))
        stunts = [Stunt(name=n, text=s.text) for n, s in zip(restore_repeated([s.name for s in stunts]), stunts)]
        tracks, marks = [], {}
        for a, entry in self._block(system, "tracks", at):
            track_name = self.r.text(entry.get("name"), f"{a}.name").strip()
            if not track_name or len(tracks) >= 10:
                boxes = self.r.items(entry.get("box_values"), f"{a}.box_values")
                self.log.keep(f"Extra {name}: track {track_name}", f"{len(boxes)} boxes")  # i18n: stored in the notes
                continue
            # A switched-on extra's marks are on FCO's copy of the track on the sheet.
            copy = self.extra_marks.get((extra_id, track_name), entry) if active else entry
            track = self._read_track(entry, copy, a, track_name)
            tracks.append(track)
            boxes = self.r.items(copy.get("box_values"), f"{a}.box_values")
            marked = [i for i, v in enumerate(boxes) if v is True and i < len(track.boxes)]
            if marked:
                marks[track.id] = marked
        extra = Extra(
            name=name[:120], description=html_to_text(self.r.text(description.get("value"), f"{at}.system.description.value"))[:4000],
            permission=html_to_text(self.r.text(system.get("permissions"), f"{at}.system.permissions"))[:200],
            cost=ExtraCost(**cost), active=active, aspects=[a[:200] for a in aspects][:10], skills=skills,
            stunts=stunts[:20], tracks=tracks)
        for stunt in stunts[20:]:
            self.log.keep(f"Extra {name}: stunt {stunt.name}", stunt.text or "-")  # i18n: stored in the notes
        for text in aspects[10:]:
            self.log.keep(f"Extra {name}: aspect", text)  # i18n: stored in the notes
        return extra, marks

    def _block(self, system: dict, key: str, at: str) -> list[tuple[str, dict]]:
        block = system.get(key)
        if isinstance(block, list):
            block = {str(i): v for i, v in enumerate(block)}
        block = self.r.obj(block, f"{at}.system.{key}")
        return [(f"{at}.system.{key}.{k}", self.r.obj(v, f"{at}.system.{key}.{k}", missing_ok=False))
                for k, v in block.items()]

    def _points(self, details: dict, kind: CharacterKind, cost: int, slots: int = 0,
                extras_refresh: int = 0) -> tuple[int, int]:
        points = self.r.obj(details.get("fatePoints"), "system.details.fatePoints")
        refresh = self.r.number(points.get("refresh"), "system.details.fatePoints.refresh")
        current = self.r.number(points.get("current"), "system.details.fatePoints.current")
        override = self.system.get("override")
        overridden = override.get("refresh") if isinstance(override, dict) and override.get("active") is True else None
        if isinstance(overridden, int) and not isinstance(overridden, bool) and 0 < overridden <= 99 \
                and kind == CharacterKind.PC:
            # FCO's refresh override is the game's refresh for this character: before stunts.
            refresh = overridden
        elif refresh is not None and kind == CharacterKind.PC:
            # FCO's refresh is after stunt costs; Fate Desk keeps it before them.
            refresh = refresh_before_costs(refresh, cost + slots, extras_refresh, self.rules)
        if refresh is None or not 0 <= refresh <= 99:
            if refresh is not None:
                self.log.keep("Refresh", str(refresh))
            refresh = self.rules.refresh_start
        if current is None:
            current = refresh
        elif not 0 <= current <= 999:
            self.log.keep("Fate points", str(current))  # i18n: stored in the notes
            current = refresh
        return refresh, current
