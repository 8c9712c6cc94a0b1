"""Read a Foundry VTT actor of the FateX system, as "Export Data" writes it.

A FateX actor ("character" or "npc") keeps its fate points in `system.fatepoints` and
everything else as embedded items: aspect, skill, stunt, stress (boxes as a bit mask in
`system.value`: bit i set means box i+1 is marked), consequence (text in `system.value`;
conditions are marked by `system.active`) and extra. Names and labels are read in the
languages FateX ships (`foreign_names`, `fari.labels`). What does not map goes into the notes,
except what Fate Desk's own FateX export wrote: the `Notes`, `Scale` and `Modes` extras, `Rule
break` stunts, an extra's permission and price at the end of its description, the items flagged
as a switched-on extra's, and our flags. docs/interop.md names the FateX source file of each
field.
"""

from __future__ import annotations

import re
from typing import Any

from fate_desk.model import Aspect, AspectRole, Character, CharacterKind, Consequence, RuleBreak, Stunt
from fate_desk.model.character import MAX_BOXES, RATING_MAX, RATING_MIN, ExtraCost
from fate_desk.rules import RuleSet, RuleSetError, get_ruleset

from fate_desk.i18n import _, rules_text
from fate_desk.model.character import CustomTrack, Extra

from fate_desk.interop.fari.labels import aspect_role
from fate_desk.interop.fari.writing import SWITCHED_OFF
from fate_desk.interop.fco.reading import _costs, merge_extras, track_id_for
from fate_desk.interop.fatex.writing import COSTS, NOTES, PERMISSION, split_details
from fate_desk.interop.foundry_flags import FLAG_SCOPE, FlaggedActor
from fate_desk.interop.common import (
    MODES, SCALE, SEVERITY_BY_VALUE, Reader, actor_reader, box_values, condition_slot, export_system,
    guess_ruleset_id, html_to_text, names_foreign_skills, match_track, modes_from_text, norm, own_skill_name, pack_track, placeholder_name,
    refresh_before_costs, restore_repeated, rule_break_from_label, severity_of, shown,
)
from fate_desk.interop.fco.writing import foundry_id

SYSTEM_ID = "fatex"
SOURCE_NAME = "Foundry (FateX)"
ITEM_TYPES = ("aspect", "skill", "stunt", "stress", "consequence", "extra")
LABEL_TYPES = {0: "escalating", 1: "1"}  # core (1, 2, 3...), condensed (all 1), 2 is custom
# FateX's automation operators (Automation.ts: equals, not equals, >, <, >=, <=).
OPERATORS = {0: lambda a, b: a == b, 1: lambda a, b: a != b, 2: lambda a, b: a > b,
             3: lambda a, b: a < b, 4: lambda a, b: a >= b, 5: lambda a, b: a <= b}


def _price(text: str) -> dict[str, int]:
    """An extra's price from the words Fate Desk's export writes ("Costs 1 refresh and 2 skill
    points"), as Fate Core Official's `costs` reads them."""
    cost = _costs(text)
    found = re.search(r"(\d{1,2}) refresh", text)  # i18n: file format
    if found and int(found.group(1)) <= 10:
        cost["refresh"] = int(found.group(1))
    return cost


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
        # What Fate Desk wrote as FateX's own items for each switched-on extra (by the extra's id).
        self.extra_parts: dict[str, dict] = {}
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
        names = [str(i.get("name", "")) for _unused, i in self.items if i.get("type") == "skill"]
        stress = [(str(i.get("name", "")), self._sys(i, at).get("labelType") == 0)
                  for at, i in self.items if i.get("type") == "stress"]
        # FateX's Brazilian Condensed calls Academics "Conhecimentos" (system/data/pt-BR/systems/
        # condensed.json), a word Fate Core Official's Brazilian defaults give Lore.
        return guess_ruleset_id(names, stress, academics=("Conhecimentos",))

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
        taken: set[AspectRole] = set()
        self.foreign = names_foreign_skills(
            [str(i.get("name", "")) for _unused, i in self.items if i.get("type") == "skill"], self.rules)
        for at, item in self.items:
            kind = item.get("type")
            name = self.r.text(item.get("name"), f"{at}.name").strip()
            system = self._sys(item, at)
            description = html_to_text(self.r.text(system.get("description"), f"{at}.system.description"))
            part_of = self._part_of(item)
            if part_of is not None and kind in ("aspect", "skill", "stunt"):
                self._extra_part(part_of, kind, at, item, name, system, description)
                continue
            if kind == "aspect":
                text = html_to_text(self.r.text(system.get("value"), f"{at}.system.value"))
                if text:
                    # The item's name says the role ("High Concept", "Konzept"), else the label
                    # FateX shows as its caption.
                    role = aspect_role(norm(name, html=False)) or aspect_role(
                        norm(self.r.text(system.get("label"), f"{at}.system.label"))) or AspectRole.FREE
                    if role in taken and role in (AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE):
                        role = AspectRole.FREE
                    taken.add(role)
                    aspects.append(Aspect(role=role, text=text))
                    self.log.count("aspect")
                if description:
                    self.log.keep(f"Aspect {text or name} (description)", description)
            elif kind == "skill":
                rank = self.r.number(system.get("rank"), f"{at}.system.rank") or 0
                name = own_skill_name(name, self.rules, skills, self.foreign) if name else name
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
            elif kind == "extra" and name in (NOTES, SCALE, MODES) and name not in extras:
                extras[name] = description  # Fate Desk's notes, a monster's scale, the modes
            elif kind == "extra" and len(self.found_extras) < 50:
                self._extra(item, at, name, system, description)
            else:
                self.log.keep(f"{'Extra' if kind == 'extra' else str(kind or 'Item')} {name}".strip(),
                              description or "(no description)")  # i18n: stored in the notes
        return self._build(aspects, skills, self._stunt_names(stunts), stress, consequences, rule_breaks, extras)

    def _extra(self, item: dict, at: str, name: str, system: dict, description: str) -> None:
        """One of FateX's extra items: its name ("(switched off)" after it when off), its text, and
        the permission and price Fate Desk's export writes at the end of its description."""
        off = name.endswith(SWITCHED_OFF)
        if off:
            name = name[: -len(SWITCHED_OFF)].strip()
        description, details = split_details(description)
        permission = html_to_text(self.r.text(system.get("shortDescription"), f"{at}.system.shortDescription"))
        cost = _price(details.get(COSTS, ""))
        try:
            price = ExtraCost(**cost)
        except ValueError:
            price = ExtraCost()
        item_id = item.get("_id") if isinstance(item.get("_id"), str) else ""
        extra = Extra(name=name[:120], description=description[:4000],
                      permission=(permission or details.get(PERMISSION, ""))[:200], cost=price,
                      active=system.get("disabled") is not True and not off)
        self.found_extras.append((item_id, extra, {}))
        self.log.count("extra")
        self.log.note(_("extra \"{extra}\" came over as an extra").format(extra=name or _("(unnamed)")))

    def _part_of(self, item: dict) -> str | None:
        """The id of the extra an item was written for (our flag on the item), if any."""
        flags = item.get("flags")
        ours = flags.get(FLAG_SCOPE) if isinstance(flags, dict) else None
        extra = ours.get("extra") if isinstance(ours, dict) else None
        return extra if isinstance(extra, str) and extra else None

    def _extra_part(self, extra_id: str, kind: str, at: str, item: dict, name: str, system: dict,
                    description: str) -> None:
        """An aspect, skill or stunt Fate Desk wrote for a switched-on extra: the extra's again."""
        flags = item["flags"][FLAG_SCOPE]
        original = flags.get("name") if isinstance(flags.get("name"), str) else name
        parts = self.extra_parts.setdefault(extra_id, {"aspects": [], "skills": {}, "stunts": []})
        if kind == "aspect":
            text = html_to_text(self.r.text(system.get("value"), f"{at}.system.value"))
            if text and len(parts["aspects"]) < 10:
                parts["aspects"].append(text[:200])
        elif kind == "skill":
            rank = self.r.number(system.get("rank"), f"{at}.system.rank") or 0
            if original.strip() and RATING_MIN <= rank <= RATING_MAX and len(parts["skills"]) < 20:
                parts["skills"][original.strip()] = rank
        elif len(parts["stunts"]) < 20:
            parts["stunts"].append(Stunt(name=original, text=description))

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
            values = self._box_values(at, system, size)
            # A game pack's own track (the Toolkit's Wounded) comes back whole from the pack.
            own = pack_track(self.rules, name, values, self.taken) or CustomTrack(
                id=track_id_for(name, self.taken), name=name[:80], boxes=values)
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
            # A condition is marked by its tick (`active`, ConsequenceItem's toggle) or its boxes;
            # the text stays when FateX's player clears it, so the text alone marks nothing.
            mask = _small_int(system.get("boxValues")) or 0
            if not active and mask <= 0:
                if text:
                    self.log.keep(f"Condition {name} (cleared)", text)  # i18n: stored in the notes
                return
            if condition and condition not in used:
                marked = max(1, min(bin(mask).count("1") if mask > 0 else 1, 20))
                consequences.append(Consequence(slot=condition, text=text, boxes_marked=marked,
                                                recovering=recovering))
                self.log.count("consequence")
            else:
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
        self._attach_parts()
        on = [e for e in self._extras_for_refresh() if e.active]
        if refresh is not None and kind == CharacterKind.PC:
            # Like FCO's, FateX's refresh is after stunt costs and what switched-on extras cost
            # (our flags, or the price in an extra's description, say those); Fate Desk keeps it
            # before them.
            slots = sum(e.cost.stunt_slots for e in on)
            paid = sum(e.cost.refresh for e in on)
            flagged = self.ours.get("refresh")
            stunt_cost = max(0, len(stunts) + slots - self.rules.free_stunts) * self.rules.stunt_cost
            if isinstance(flagged, int) and not isinstance(flagged, bool) and flagged - stunt_cost - paid == refresh:
                # Our own export, its refresh untouched in Foundry: the base it was written from,
                # also where the costs alone cannot tell (a refresh above the start, a free stunt
                # slot unused, an extra paid in refresh).
                refresh = flagged
            else:
                refresh = refresh_before_costs(refresh, len(stunts) + slots, paid, self.rules, self.rules.stunt_cost)
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
        modes, unread = modes_from_text(extras.get(MODES, ""), self.rules)
        if unread:
            self.log.keep(MODES, unread)
        self.own_notes = extras.get(NOTES, "")
        notes = "\n\n".join(p for p in (self.own_notes, self.log.kept_block()) if p)
        body: dict[str, Any] = dict(
            id=self._id(), kind=kind, ruleset=self.rules.id, name=self.name, description=description,
            aspects=aspects, skills={k: v for k, v in skills.items() if v}, stunts=stunts, refresh=refresh,
            fate_points=current, stress=stress, consequences=consequences, notes=notes, rule_breaks=rule_breaks,
            scale=scale, extras=[extra for item_id, extra, marks in self.found_extras], tracks=self.own_tracks,
            modes=modes)
        fresh = body["extras"]
        self._restore_kept(body)
        body["extras"] = merge_extras(self.found_extras, body["extras"] if body["extras"] is not fresh else [],
                                      stress)
        if body["tracks"] is not self.own_tracks:
            flagged_names = {t.name for t in body["tracks"]} | {t.name for e in body["extras"] for t in e.tracks}
            body["tracks"] = body["tracks"] + [t for t in self.own_tracks if t.name not in flagged_names]
        character = self._validate(body)
        character = self._own_boxes(character, self.values)
        character = self._marks_beyond(character)
        return character, self.log.lines()

    def _attach_parts(self) -> None:
        """A switched-on extra's aspects, skills and stunts that Fate Desk wrote as FateX's own items
        (each flagged with the extra's id), given back to the extra read from its item."""
        for n, (item_id, extra, marks) in enumerate(self.found_extras):
            parts = self.extra_parts.get(item_id)
            if parts is None:
                continue
            names = restore_repeated([s.name for s in parts["stunts"]])
            stunts = [Stunt(name=name, text=s.text) for name, s in zip(names, parts["stunts"])]
            try:
                extra = Extra.model_validate({**extra.model_dump(), "aspects": parts["aspects"],
                                             "skills": parts["skills"], "stunts": stunts})
            except ValueError:
                continue
            self.found_extras[n] = (item_id, extra, marks)
