"""Read a Foundry VTT actor of the FateX system, as "Export Data" writes it.

A FateX actor ("character" or "npc") keeps its fate points in `system.fatepoints` and
everything else as embedded items: aspect, skill, stunt, stress (boxes as a bit mask in
`system.value`: bit i set means box i+1 is marked), consequence (text in `system.value`;
conditions are marked by `system.active`) and extra. Extras, and anything that does not map,
go into the notes, except what Fate Desk's own FateX export wrote (`fatex_export`): the
`Notes` and `Scale` extras, `Rule break` stunts, and our flags. docs/interop.md names the FateX
source file of each field.
"""

from __future__ import annotations

from typing import Any

from fate_desk.model import Aspect, AspectRole, Character, CharacterKind, Consequence, RuleBreak, Stunt
from fate_desk.model.character import MAX_BOXES, RATING_MAX, RATING_MIN
from fate_desk.rules import RuleSet, RuleSetError, get_ruleset

from fate_desk.i18n import _, rules_text
from fate_desk.model.character import CustomTrack, Extra

from fate_desk.interop.fari.labels import APPROACHES
from fate_desk.interop.fco.reading import merge_extras, track_id_for
from fate_desk.interop.fatex.writing import NOTES
from fate_desk.interop.foundry_flags import FlaggedActor
from fate_desk.interop.common import (
    SCALE, SEVERITY_BY_VALUE, Reader, actor_reader, box_values, condition_slot, export_system, html_to_text,
    match_track, norm, placeholder_name, role_of, rule_break_from_label, severity_of, shown,
)

SYSTEM_ID = "fatex"
SOURCE_NAME = "Foundry (FateX)"
ITEM_TYPES = ("aspect", "skill", "stunt", "stress", "consequence", "extra")
LABEL_TYPES = {0: "escalating", 1: "1"}  # core (1, 2, 3...), condensed (all 1), 2 is custom
# FateX's automation operators (Automation.ts: equals, not equals, >, <, >=, <=).
OPERATORS = {0: lambda a, b: a == b, 1: lambda a, b: a != b, 2: lambda a, b: a > b,
             3: lambda a, b: a < b, 4: lambda a, b: a >= b, 5: lambda a, b: a <= b}


def _small_int(value: Any) -> int | None:
    """A whole number of a sane size from automation data, else None (never raises)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 6:
        value = int(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value if isinstance(value, int) and abs(value) < 10_000 else None


def looks_like_fatex(data: Any) -> bool:
    if not isinstance(data, dict):
        return False
    if export_system(data) == SYSTEM_ID:
        return True
    items = data.get("items")
    return (data.get("type") in ("character", "npc") and isinstance(items, list) and bool(items)
            and all(isinstance(i, dict) and i.get("type") in ITEM_TYPES for i in items))


def fatex_to_character(data: Any, source: str = "", ruleset: str | None = None) -> tuple[Character, list[str]]:
    r = actor_reader(data, source)
    if data.get("type") not in ("character", "npc"):
        raise r.fail("type", _("expected a FateX character or npc, got {found}").format(
            found=shown(data.get('type')) or _("nothing")))
    return _FatexActor(data, r, ruleset).run()


class _FatexActor(FlaggedActor):
    source_name = SOURCE_NAME

    def __init__(self, data: dict, r: Reader, ruleset: str | None):
        super().__init__(data, r)
        self.values: dict[str, list[int]] = {}  # box values of each stress track found
        self.found_extras: list[tuple[str, Extra, dict]] = []  # FateX's extra items: (id, extra, marks)
        self.own_tracks: list[CustomTrack] = []  # the player's own stress tracks beyond the rule set's
        self.items = [(f"items[{i}]", r.obj(item, f"items[{i}]", missing_ok=False))
                      for i, item in enumerate(r.items(data.get("items"), "items"))]
        self.rules = self._ruleset(ruleset)
        self.taken: set[str] = {t.id for t in self.rules.stress.tracks}  # track ids given out

    def _ruleset(self, explicit: str | None) -> RuleSet:
        flagged = self.ours.get("ruleset")
        rid = explicit or (flagged if isinstance(flagged, str) and flagged else None) or self._guess()
        try:
            rules = get_ruleset(rid)
        except RuleSetError:
            if explicit or rid != flagged:
                raise self.r.fail("ruleset", _("{ruleset} is not a rule set Fate Desk knows").format(ruleset=repr(rid))) from None
            rules, flagged = get_ruleset(self._guess()), None
        if not explicit and rid != flagged:
            self.log.note(_("rule set {ruleset} guessed from the actor's skills and stress tracks").format(
                ruleset=rules_text(rules.name)))
        return rules

    def _guess(self) -> str:
        names = {norm(str(i.get("name", ""))) for _unused, i in self.items if i.get("type") == "skill"}
        if len(names & APPROACHES) >= 3:
            return "fate-accelerated"
        stress = [self._sys(i, at) for at, i in self.items if i.get("type") == "stress"]
        if any(s.get("labelType") == 0 for s in stress):
            return "fate-core"
        return "fate-condensed"

    def _sys(self, item: dict, at: str) -> dict:
        return self.r.obj(item.get("system", item.get("data")), f"{at}.system")

    def run(self) -> tuple[Character, list[str]]:
        aspects: list[Aspect] = []
        skills: dict[str, int] = {}
        stunts: list[Stunt] = []
        stress: dict[str, list[int]] = {}
        seen_tracks: set[str] = set()
        consequences: list[Consequence] = []
        rule_breaks: list[RuleBreak] = []
        extras: dict[str, str] = {}
        self.kind = self._kind(CharacterKind.PC if self.data.get("type") == "character" else CharacterKind.MAJOR_NPC)
        known = {s.casefold(): s for s in self.rules.skills}
        taken: set[AspectRole] = set()
        for at, item in self.items:
            kind = item.get("type")
            name = self.r.text(item.get("name"), f"{at}.name").strip()
            system = self._sys(item, at)
            description = html_to_text(self.r.text(system.get("description"), f"{at}.system.description"))
            if kind == "aspect":
                text = html_to_text(self.r.text(system.get("value"), f"{at}.system.value"))
                if text:
                    role = role_of(name)
                    if role in taken and role in (AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE):
                        role = AspectRole.FREE
                    taken.add(role)
                    aspects.append(Aspect(role=role, text=text))
                    self.log.count("aspect")
                if description:
                    self.log.keep(f"Aspect {text or name} (description)", description)
            elif kind == "skill":
                rank = self.r.number(system.get("rank"), f"{at}.system.rank") or 0
                name = known.get(name.casefold(), name)
                if not name or name in skills or not RATING_MIN <= rank <= RATING_MAX:
                    self.log.keep(f"Skill {name}", f"{rank:+d}")
                    continue
                skills[name] = rank
                self.log.count("skill") if rank else None
            elif kind == "stunt" and rule_break_from_label(name, description) is not None:
                # Written by Fate Desk for a monster: "Rule break: Solo bonus".
                rule_breaks.append(rule_break_from_label(name, description))
            elif kind == "stunt":
                if placeholder_name(name):
                    name = ""
                if name or description:
                    stunts.append(Stunt(name=name, text=description))
                    self.log.count("stunt")
            elif kind == "stress":
                system = {**system, "size": (self.r.number(system.get("size"), f"{at}.system.size") or 0)
                          + self._automation_boxes(item)}
                self._stress(at, name, system, stress, seen_tracks)
            elif kind == "consequence":
                self._consequence(at, name, system, consequences, description)
            elif kind == "extra" and name in (NOTES, SCALE) and name not in extras:
                extras[name] = description  # Fate Desk's notes and a monster's scale
            elif kind == "extra" and len(self.found_extras) < 50:
                permission = html_to_text(self.r.text(system.get("shortDescription"), f"{at}.system.shortDescription"))
                self.found_extras.append((item.get("_id") if isinstance(item.get("_id"), str) else "", Extra(
                    name=name[:120], description=description[:4000], permission=permission[:200],
                    active=system.get("disabled") is not True), {}))
                self.log.count("extra")
                self.log.note(_("extra \"{extra}\" came over as an extra").format(extra=name or _("(unnamed)")))
            else:
                self.log.keep(f"{'Extra' if kind == 'extra' else str(kind or 'Item')} {name}".strip(),
                              description or "(no description)")  # i18n: stored in the notes
        return self._build(aspects, skills, self._stunt_names(stunts), stress, consequences, rule_breaks, extras)

    def _automation_boxes(self, item: dict) -> int:
        """Boxes FateX's automation adds to a track for a high skill.

        FateX (src/module/components/Automation/Automation.ts, `getBoxAmountModifier`) keeps
        them in the item's `flags.fatex.skillReferences`: a reference of type 1 (boxes) adds
        `argument` boxes when the named skill's rank meets `condition` under `operator` (the
        default is "at least"). Without them the marks on those boxes would be lost.
        """
        flags = item.get("flags")
        fatex = flags.get("fatex") if isinstance(flags, dict) else None
        refs = fatex.get("skillReferences") if isinstance(fatex, dict) else None
        if not isinstance(refs, list):
            return 0
        extra = 0
        for ref in refs[:MAX_BOXES]:
            if not isinstance(ref, dict) or ref.get("type") != 1:
                continue
            rank, condition, argument = (self._skill_ranks.get(str(ref.get("skill", "")).casefold()),
                                         _small_int(ref.get("condition")), _small_int(ref.get("argument")))
            if rank is None or condition is None or argument is None:
                continue
            operator = ref.get("operator")
            test = OPERATORS.get(4 if operator is None else _small_int(operator))
            if test and test(rank, condition):
                extra += argument
        return max(-MAX_BOXES, min(extra, MAX_BOXES))

    @property
    def _skill_ranks(self) -> dict[str, int]:
        if not hasattr(self, "_ranks"):
            self._ranks = {}
            for _unused, item in self.items:
                if item.get("type") == "skill" and isinstance(item.get("name"), str):
                    system = item.get("system", item.get("data"))
                    rank = _small_int(system.get("rank")) if isinstance(system, dict) else None
                    self._ranks.setdefault(item["name"].strip().casefold(), rank or 0)
        return self._ranks

    def _stress(self, at: str, name: str, system: dict, stress: dict, seen: set) -> None:
        size = self.r.number(system.get("size"), f"{at}.system.size") or 0
        mask = self.r.number(system.get("value"), f"{at}.system.value") or 0
        if size > MAX_BOXES:
            self.log.keep(f"Stress {name} (size)", f"{size} boxes; Fate Desk keeps the first {MAX_BOXES}")  # i18n: stored
        size = max(0, min(size, MAX_BOXES))
        marked = [i for i in range(size) if mask >= 0 and mask >> i & 1]
        flagged = self._custom_track(name)
        if flagged is not None and flagged not in seen:  # a custom track our flags keep: its marks
            seen.add(flagged)
            if marked:
                stress[flagged] = marked
            return
        track = match_track(self.rules, name)
        if track is None or track in seen:
            track = self._own_track(name, self.kind, seen) or track
        if (track is None or track in seen) and name and self.kind == CharacterKind.PC and len(self.own_tracks) < 20:
            # A track of the player's own beyond the rule set's stress ("Wealth").
            own = CustomTrack(id=track_id_for(name, self.taken), name=name[:80], boxes=self._box_values(at, system, size))
            self.own_tracks.append(own)
            if marked:
                stress[own.id] = marked
            self.log.note(_("track \"{track}\" came over as a track of its own").format(track=name))
            return
        if track is None or track in seen:
            self.log.keep(f"Stress {name}", f"{len(marked)} of {size} boxes marked")  # i18n: stored in the notes
            return
        seen.add(track)
        self.values[track] = self._box_values(at, system, size)
        if marked:
            stress[track] = marked
        self.log.count("stress track")  # i18n: not shown (a key of counted())

    def _extras_for_refresh(self) -> list[Extra]:
        """The extras as they will come back (our flags' for the items they name), for their price."""
        from fate_desk.interop.fco.writing import foundry_id

        kept = self.ours.get("kept")
        flagged = kept.get("extras") if isinstance(kept, dict) else None
        ours = {}
        for extra in flagged if isinstance(flagged, list) else []:
            try:
                model = Extra.model_validate(extra)
            except (ValueError, TypeError):
                continue
            ours[foundry_id(model.id)] = model
        return [ours.get(item_id, extra) for item_id, extra, marks in self.found_extras]

    def _box_values(self, at: str, system: dict, size: int) -> list[int]:
        label_type = system.get("labelType")
        # Only the numbers FateX writes mean anything; a list or an object is not a label type.
        label = LABEL_TYPES.get(label_type, "") if isinstance(label_type, int) else ""
        values = None
        if label_type == 2:
            custom = self.r.text(system.get("customLabel"), f"{at}.system.customLabel").split()
            label = custom[0] if custom and len(set(custom)) == 1 else ""
            if len(custom) == size and all(c.isdigit() and 0 < int(c) <= 20 for c in custom):
                values = [int(c) for c in custom]  # one value per box, as Fate Desk writes them
        return values or box_values(label, 1, size)

    def _consequence(self, at: str, name: str, system: dict, consequences: list, description: str = "") -> None:
        text = html_to_text(self.r.text(system.get("value"), f"{at}.system.value"))
        active = system.get("active") is True
        used = {c.slot for c in consequences}
        condition = condition_slot(name)
        recovering = "recover" in norm(description)
        if system.get("type") == 1 or condition:
            if condition and condition not in used:
                if active or text:
                    mask = _small_int(system.get("boxValues")) or 0
                    marked = max(1, min(bin(mask).count("1") if mask > 0 else 1, 20))
                    consequences.append(Consequence(slot=condition, text=text, boxes_marked=marked,
                                                    recovering=recovering))
                    self.log.count("consequence")
            elif active or text:
                self.log.keep(f"Condition {name}", text or "marked")
            return
        if not text:
            return  # an empty slot: Fate Desk derives the slots
        icon = system.get("icon")  # FateX draws the slot's value as its icon
        harm = icon if isinstance(icon, int) and not isinstance(icon, bool) else (
            int(icon) if isinstance(icon, str) and icon.strip().isdigit() and len(icon) < 4 else None)
        severity = severity_of(norm(name)) or SEVERITY_BY_VALUE.get(harm or 0)
        slot = self._slot(severity, name, used) if severity else None
        if slot is None:
            self.log.keep(f"Consequence {name}", text)
            return
        consequences.append(Consequence(slot=slot, text=text, recovering=recovering))
        self.log.count("consequence")

    def _build(self, aspects, skills, stunts, stress, consequences, rule_breaks, extras) -> tuple[Character, list[str]]:
        points = self.r.obj(self.system.get("fatepoints"), "system.fatepoints")
        refresh = self.r.number(points.get("refresh"), "system.fatepoints.refresh")
        current = self.r.number(points.get("current"), "system.fatepoints.current")
        kind = self.kind
        if kind == CharacterKind.MAJOR_NPC and "kind" not in self.ours:
            self.log.note(_("a FateX NPC; taken as a major NPC"))
        on = [e for e in self._extras_for_refresh() if e.active]
        if refresh is not None and kind == CharacterKind.PC:
            # Like FCO's, FateX's refresh is after stunt costs and what switched-on extras cost
            # (our flags say those); Fate Desk keeps it before them.
            slots = sum(e.cost.stunt_slots for e in on)
            refresh += max(0, len(stunts) + slots - self.rules.free_stunts) * self.rules.stunt_cost
            refresh += sum(e.cost.refresh for e in on)
        if refresh is None or not 0 <= refresh <= 99:
            if refresh is not None:
                self.log.keep("Refresh", str(refresh))
            refresh = self.rules.refresh_start
        if current is None or not 0 <= current <= 999:
            if current is not None:
                self.log.keep("Fate points", str(current))  # i18n: stored in the notes
            current = refresh
        description = self.system.get("description")
        description = html_to_text(description if isinstance(description, str) else "")
        biography = self.system.get("biography")
        if isinstance(biography, dict):
            text = shown(biography.get("value"))
            if description:
                self.log.keep("Biography", text)
            else:
                description = text
        if rule_breaks:
            self.log.count("rule break", len(rule_breaks))  # i18n: not shown (a key of counted())
        scale = extras.get(SCALE) or None
        notes = "\n\n".join(p for p in (extras.get(NOTES, ""), self.log.kept_block()) if p)
        body: dict[str, Any] = dict(
            id=self._id(), kind=kind, ruleset=self.rules.id, name=self.name, description=description,
            aspects=aspects, skills={k: v for k, v in skills.items() if v}, stunts=stunts, refresh=refresh,
            fate_points=current, stress=stress, consequences=consequences, notes=notes, rule_breaks=rule_breaks,
            scale=scale, extras=[extra for item_id, extra, marks in self.found_extras], tracks=self.own_tracks)
        fresh = body["extras"]
        self._restore_kept(body)
        body["extras"] = merge_extras(self.found_extras, body["extras"] if body["extras"] is not fresh else [],
                                      stress)
        if body["tracks"] is not self.own_tracks:
            flagged_names = {t.name for t in body["tracks"]} | {t.name for e in body["extras"] for t in e.tracks}
            body["tracks"] = body["tracks"] + [t for t in self.own_tracks if t.name not in flagged_names]
        character = self._validate(body)
        character = self._own_boxes(character, self.values)
        return character, self.log.lines()
