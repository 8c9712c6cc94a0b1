"""Read a Foundry VTT actor of the Fate Core Official system (FCO), as "Export Data" writes it.

Aspects, skills and stunts map by name; tracks map by what they are: boxes without an aspect
are stress (matched to the rule set's tracks by name), tracks whose aspect is written when
marked are consequences (severity from the name or the harm they absorb), Hurt, Scared and the
rest are conditions. Everything else (biography, extras, other tracks, linked skills of
stunts) is kept in the notes, and the summary says so. docs/interop.md lists the mapping.
"""

from __future__ import annotations

from typing import Any

from fate_desk.model import (
    Aspect,
    AspectRole,
    Character,
    CharacterKind,
    Consequence,
    Stunt,
)
from fate_desk.model.character import RATING_MAX, RATING_MIN, RuleBreak
from fate_desk.rules import RuleSet, RuleSetError, get_ruleset

from .fari_labels import APPROACHES
from .foundry_fco import SYSTEM_ID
from .foundry_flags import FlaggedActor
from .interop_common import (
    SEVERITY_BY_VALUE,
    Reader,
    actor_reader,
    box_values,
    condition_slot,
    export_system,
    html_to_text,
    match_track,
    norm,
    placeholder_name,
    role_of,
    rule_break_from_label,
    scale_from_text,
    severity_of,
    shown,
)

SOURCE_NAME = "Foundry (Fate Core Official)"
OLD_TYPES = ("ModularFate", "FateCoreOfficial")  # names FCO itself still migrates


def looks_like_fco(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    return data.get("type") in (SYSTEM_ID, *OLD_TYPES) or export_system(data) == SYSTEM_ID


def fco_to_character(data: Any, source: str = "", ruleset: str | None = None) -> tuple[Character, list[str]]:
    r = actor_reader(data, source)
    kind = data.get("type")
    if kind not in (SYSTEM_ID, *OLD_TYPES):
        what = "an item container (a Thing)" if kind == "Thing" else f"of type {shown(kind) or 'unknown'}"
        raise r.fail("type", f"this Fate Core Official document is {what}, not a character")
    return _FcoActor(data, r, ruleset).run()


class _FcoActor(FlaggedActor):
    source_name = SOURCE_NAME

    def __init__(self, data: dict, r: Reader, ruleset: str | None):
        super().__init__(data, r)
        self.rules = self._ruleset(ruleset)

    def _ruleset(self, explicit: str | None) -> RuleSet:
        rid, guessed = explicit or self.ours.get("ruleset"), False
        if not isinstance(rid, str) or not rid:
            rid, guessed = self._guess_ruleset(), True
        try:
            rules = get_ruleset(rid)
        except RuleSetError:
            if explicit:
                raise self.r.fail("ruleset", f"{explicit!r} is not a rule set Fate Desk knows") from None
            rules, guessed = get_ruleset("fate-condensed"), True
        if guessed:
            self.log.note(f"rule set {rules.name} guessed from the actor's tracks and skills")
        return rules

    def _guess_ruleset(self) -> str:
        tracks = self.system.get("tracks")
        tracks = [t for t in tracks.values() if isinstance(t, dict)] if isinstance(tracks, dict) else []
        skills = self.system.get("skills")
        names = {norm(str(s.get("name", ""))) for s in skills.values() if isinstance(s, dict)} \
            if isinstance(skills, dict) else set()
        if len(names & APPROACHES) >= 3:
            return "fate-accelerated"
        if any(t.get("label") == "escalating" and not isinstance(t.get("aspect"), dict) for t in tracks):
            return "fate-core"
        return "fate-condensed"

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
        if biography:
            self.log.keep("Biography", biography)
        aspects = self._aspects()
        skills = self._skills()
        stunts, cost, rule_breaks = self._stunts()
        kind = self._kind()
        stress, values, consequences = self._tracks(kind)
        self._items()
        refresh, fate_points = self._points(details, kind, cost)
        if rule_breaks:
            self.log.count("rule break", len(rule_breaks))
        body: dict[str, Any] = dict(
            id=self._id(), kind=kind, ruleset=self.rules.id, name=self.name, description=description,
            aspects=aspects, skills=skills, stunts=stunts, refresh=refresh, fate_points=fate_points,
            stress=stress, consequences=consequences, rule_breaks=rule_breaks, scale=scale,
            notes="\n\n".join(p for p in (notes, self.log.kept_block()) if p),
        )
        self._restore_kept(body)
        character = self._validate(body)
        character = self._own_boxes(character, values)
        return character, self.log.lines()

    def _html(self, details: dict, key: str) -> str:
        entry = self.r.obj(details.get(key), f"system.details.{key}")
        return html_to_text(self.r.text(entry.get("value"), f"system.details.{key}.value"))

    def _entries(self, key: str) -> list[tuple[str, dict]]:
        block = self.system.get(key)
        if isinstance(block, list):  # some exports hold an empty list where an object belongs
            block = {str(i): v for i, v in enumerate(block)}
        block = self.r.obj(block, f"system.{key}")
        out = []
        for entry_key, entry in block.items():
            at = f"system.{key}.{entry_key}"
            out.append((at, self.r.obj(entry, at, missing_ok=False)))
        return out

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
        known = {s.casefold(): s for s in self.rules.skills}
        skills: dict[str, int] = {}
        for at, entry in self._entries("skills"):
            name = self.r.text(entry.get("name"), f"{at}.name").strip()
            rank = self.r.number(entry.get("rank"), f"{at}.rank") or 0
            if not name:
                continue
            if not RATING_MIN <= rank <= RATING_MAX:
                self.log.keep(f"Skill {name}", f"{rank:+d} (off any ladder Fate uses)")
                continue
            name = known.get(name.casefold(), name)
            if name in skills:
                self.log.keep(f"Skill {name} (listed twice)", f"{rank:+d}")
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
                self.log.keep(f"Stunt {name}", f"linked to {skill or 'no skill'}, bonus {bonus:+d}")
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
        for at, entry in self._entries("tracks"):
            name = self.r.text(entry.get("name"), f"{at}.name").strip()
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
            if (track is None or track in values) and not isinstance(aspect, dict) and boxes \
                    and not condition_slot(name):
                track = self._own_track(name, kind, values) or track
            if track is not None and track not in values:
                values[track] = box_values(label, harm, len(boxes))
                if marked:
                    stress[track] = marked
                self.log.count("stress track")
                continue
            used = {c.slot for c in consequences}
            recovering = "recover" in norm(self.r.text(entry.get("notes"), f"{at}.notes"))
            condition = condition_slot(name)
            if condition and condition not in used:
                if marked or text:
                    consequences.append(Consequence(slot=condition, text=text, boxes_marked=max(1, len(marked)),
                                                    recovering=recovering))
                    self.log.count("consequence")
                continue
            severity = severity_of(norm(name)) or SEVERITY_BY_VALUE.get(harm or 0)
            if isinstance(aspect, dict) and severity is not None:
                if not text:
                    continue  # an empty consequence slot: Fate Desk derives the slots itself
                slot = self._slot(severity, name, used)
                if slot is not None:
                    consequences.append(Consequence(slot=slot, text=text, recovering=recovering))
                    self.log.count("consequence")
                    continue
            shown_boxes = f"{len(marked)} of {len(boxes)} boxes marked" if boxes else ""
            self.log.keep(f"Track {name}", "; ".join(p for p in (text, shown_boxes) if p))
        return stress, values, consequences

    def _custom_track(self, name: str) -> str | None:
        """The id of the custom track (the character's or an extra's) our flags name so."""
        kept = self.ours.get("kept")
        if not isinstance(kept, dict):
            return None
        tracks = list(kept.get("tracks") or [])
        for extra in kept.get("extras") or []:
            if isinstance(extra, dict) and extra.get("active", True):
                tracks += extra.get("tracks") or []
        wanted = name.strip().casefold()
        return next((t["id"] for t in tracks if isinstance(t, dict) and isinstance(t.get("id"), str)
                     and str(t.get("name", "")).strip().casefold() == wanted), None)

    def _items(self) -> None:
        for i, item in enumerate(self.r.items(self.data.get("items"), "items")):
            item = self.r.obj(item, f"items[{i}]", missing_ok=False)
            name = self.r.text(item.get("name"), f"items[{i}].name")
            system = item.get("system") if isinstance(item.get("system"), dict) else {}
            description = system.get("description")
            text = shown(description.get("value")) if isinstance(description, dict) else shown(description)
            self.log.keep(f"Extra {name}".strip(), text or "(no description)")

    def _points(self, details: dict, kind: CharacterKind, cost: int) -> tuple[int, int]:
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
            refresh += max(0, cost - self.rules.free_stunts)
        if refresh is None or not 0 <= refresh <= 99:
            if refresh is not None:
                self.log.keep("Refresh", str(refresh))
            refresh = self.rules.refresh_start
        if current is None:
            current = refresh
        elif not 0 <= current <= 999:
            self.log.keep("Fate points", str(current))
            current = refresh
        return refresh, current
