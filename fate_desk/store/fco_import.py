"""Read a Foundry VTT actor of the Fate Core Official system (FCO), as "Export Data" writes it.

Aspects, skills and stunts map by name; tracks map by what they are: boxes without an aspect
are stress (matched to the rule set's tracks by name), tracks whose aspect is written when
marked are consequences (severity from the name or the harm they absorb), Hurt, Scared and the
rest are conditions. Everything else (biography, extras, other tracks, linked skills of
stunts) is kept in the notes, and the summary says so. docs/interop.md lists the mapping.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from fate_desk.model import (
    Aspect, AspectRole, Character, CharacterKind, Consequence, CustomTrack, Extra, Severity, SlotSpec, Stunt, new_id,
)
from fate_desk.model.character import RATING_MAX, RATING_MIN, HistoryEntry, RuleBreak
from fate_desk.model.errors import describe
from fate_desk.rules import RuleSet, RuleSetError, get_ruleset
from fate_desk.rules.creation.derive import derive

from .fari_labels import APPROACHES
from .foundry_fco import FLAG_SCOPE, SYSTEM_ID
from .interchange import FileFormatError
from .interop_common import (
    SEVERITY_BY_VALUE, ForeignActor, Reader, actor_reader, box_values, condition_slot, consequence_slot, export_system,
    html_to_text, match_track, norm, placeholder_name, role_of, severity_of, shown,
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


class _FcoActor(ForeignActor):
    source_name = SOURCE_NAME

    def __init__(self, data: dict, r: Reader, ruleset: str | None):
        super().__init__(data, r)
        flags = r.obj(data.get("flags"), "flags")
        ours = flags.get(FLAG_SCOPE)
        self.ours: dict = ours if isinstance(ours, dict) else {}
        self.rules = self._ruleset(ruleset)
        self.slot_specs = self._slot_specs()

    def _slot_specs(self) -> list[SlotSpec] | None:
        """An NPC's own consequence slots, from our flags (FCO only has the tracks)."""
        slots = self.ours.get("consequence_slots")
        if not isinstance(slots, list):
            return None
        try:
            return [SlotSpec.model_validate(s) for s in slots]
        except (ValidationError, TypeError):
            return None

    def _slot(self, severity: Severity, name: str, used: set[str]) -> str | None:
        if self.slot_specs is None:
            return consequence_slot(self.rules, severity, name, used)
        # The n-th track of a severity ('Mild Consequence 2') is the n-th slot of that severity.
        number = re.search(r" (\d{1,2})$", name)
        same = [spec for spec in self.slot_specs if spec.severity == severity]
        if number and 0 < int(number.group(1)) <= len(same) and same[int(number.group(1)) - 1].id not in used:
            return same[int(number.group(1)) - 1].id
        track = match_track(self.rules, name)
        for only in (track, None):
            for spec in same:
                if spec.id not in used and spec.only == only:
                    return spec.id
        return None

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
        if biography:
            self.log.keep("Biography", biography)
        aspects = self._aspects()
        skills = self._skills()
        stunts, cost = self._stunts()
        stress, values, consequences = self._tracks()
        self._items()
        kind = self._kind()
        refresh, fate_points = self._points(details, kind, cost)
        body: dict[str, Any] = dict(
            id=self._id(), kind=kind, ruleset=self.rules.id, name=self.name, description=description,
            aspects=aspects, skills=skills, stunts=stunts, refresh=refresh, fate_points=fate_points,
            stress=stress, consequences=consequences,
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

    def _stunts(self) -> tuple[list[Stunt], int]:
        stunts, cost = [], 0
        for at, entry in self._entries("stunts"):
            name = self.r.text(entry.get("name"), f"{at}.name").strip()
            text = html_to_text(self.r.text(entry.get("description"), f"{at}.description"))
            cost += max(0, self.r.number(entry.get("refresh_cost"), f"{at}.refresh_cost") or 0)
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
        return stunts, cost

    def _tracks(self) -> tuple[dict[str, list[int]], dict[str, list[int]], list[Consequence]]:
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
            own = self._own_track(name)
            if own is not None and not isinstance(aspect, dict):
                if marked:  # a custom track of ours (kept in our flags): its marks come home
                    stress[own] = marked
                continue
            track = match_track(self.rules, name) if not isinstance(aspect, dict) and boxes else None
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

    def _own_track(self, name: str) -> str | None:
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

    def _kind(self) -> CharacterKind:
        try:
            return CharacterKind(self.ours.get("kind"))
        except ValueError:
            return CharacterKind.PC

    def _points(self, details: dict, kind: CharacterKind, cost: int) -> tuple[int, int]:
        points = self.r.obj(details.get("fatePoints"), "system.details.fatePoints")
        refresh = self.r.number(points.get("refresh"), "system.details.fatePoints.refresh")
        current = self.r.number(points.get("current"), "system.details.fatePoints.current")
        if refresh is not None and kind == CharacterKind.PC:
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

    def _id(self) -> str:
        found = self.ours.get("id")
        return found if isinstance(found, str) and 0 < len(found) <= 64 else new_id()

    def _restore_kept(self, body: dict) -> None:
        """Fields only Fate Desk has (history, saved points...), from our own flags if intact."""
        kept = self.ours.get("kept")
        if not isinstance(kept, dict):
            return
        for key, model in (("advancement", HistoryEntry), ("rule_breaks", RuleBreak), ("extras", Extra),
                           ("tracks", CustomTrack)):
            try:
                body[key] = [model.model_validate(v) for v in kept.get(key, [])]
            except (ValidationError, TypeError):
                pass
        for key in ("saved_skill_points", "carried_fate_points", "scale", "modes"):
            if key in kept:
                body[key] = kept[key]
        extras = kept.get("aspect_extras")
        if isinstance(extras, list) and len(extras) == len(body["aspects"]):
            body["aspects"] = [_merged(a, e) for a, e in zip(body["aspects"], extras)]
        extras = kept.get("consequence_extras")
        if isinstance(extras, list):
            matched = {(e.get("slot"), e.get("text")): e for e in extras if isinstance(e, dict)}
            body["consequences"] = [_merged(c, matched.get((c.slot, c.text))) for c in body["consequences"]]
        if self.slot_specs is not None:
            body["consequence_slots"] = self.slot_specs

    def _validate(self, body: dict) -> Character:
        try:
            return Character.model_validate(body)
        except ValidationError:
            for key in ("advancement", "rule_breaks", "saved_skill_points", "carried_fate_points", "scale",
                        "consequence_slots", "extras", "tracks", "modes"):
                body.pop(key, None)  # our flags were edited into nonsense: leave them out
        try:
            return Character.model_validate(body)
        except ValidationError as exc:
            raise FileFormatError(self.r.source, describe(exc)) from None

    def _own_boxes(self, character: Character, values: dict[str, list[int]]) -> Character:
        """NPCs and monsters keep stress boxes the rule set would not give them."""
        if not values or character.kind == CharacterKind.PC:
            return character
        flagged = self.ours.get("stress_boxes")
        if isinstance(flagged, dict) and set(flagged) == set(values) and all(
                isinstance(v, list) and len(v) == len(values[k]) and all(isinstance(x, int) for x in v)
                for k, v in flagged.items()):
            values = flagged  # the box values FCO's labels cannot say (1, 2, 2...)
        derived = derive(character, self.rules).stress
        if all(derived.get(k) == v for k, v in values.items()) and set(derived) == set(values):
            return character
        try:
            return Character.model_validate({**character.model_dump(), "stress_boxes": values})
        except ValidationError:
            return character


def _merged(model, extra: dict | None):
    if not isinstance(extra, dict):
        return model
    try:
        return type(model).model_validate({**extra, **model.model_dump(exclude_defaults=True)})
    except ValidationError:
        return model
