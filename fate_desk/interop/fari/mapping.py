"""Map a Fari sheet onto a Fate Desk character; what does not map is kept in the notes.

Sections and blocks are recognised by their labels (see `fari_labels`); where no label
matches, the block types decide (Skill blocks are skills, SlotTracker blocks stress,
the main PointCounter fate points and refresh, ticked Text blocks consequences). Fari text
is HTML: tags are stripped, entities unescaped and line breaks kept. docs/fari-import.md
lists the whole mapping.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import (
    Aspect,
    AspectRole,
    Character,
    Consequence,
    RuleBreak,
    Severity,
    Stunt,
)
from fate_desk.model.character import (
    RATING_MAX,
    RATING_MIN,
    CustomTrack,
    Extra,
    ExtraCost,
)
from fate_desk.model.errors import describe
from fate_desk.rules import RuleSet, RuleSetError, get_ruleset

from fate_desk.interop.fari.reading import FariBlock, FariSection, FariSheet
from fate_desk.interop.fari.writing import BONUS, EXTRA, EXTRA_NUMBERS, RULE_SET, STUNT, SWITCHED_OFF
from fate_desk.interop.foreign_names import is_approach
from fate_desk.interop.fari.labels import (
    ASPECTS,
    CONSEQUENCES,
    DESCRIPTION,
    FATE_POINTS,
    NOTES,
    OTHER,
    REFRESH,
    RULE_BREAKS,
    SEVERITY_ORDER,
    SKILLS,
    STRESS,
    STUNTS,
    TRACK_WORDS,
    aspect_role,
    html_to_text,
    norm,
    parse_count,
    parse_rating,
    severity_of,
)
from fate_desk.interop.fco.reading import track_id_for
from fate_desk.store.interchange import FileFormatError
from fate_desk.interop.common import (
    MODES,
    SCALE,
    consequence_slot,
    names_foreign_skills,
    own_skill_name,
    pack_track,
    placeholder_name,
    restore_repeated,
    rule_break_from_label,
)

# --- choosing the rule set ----------------------------------------------------------------

def choose_ruleset(sheet: FariSheet, explicit: str | None = None,
                   fallback: str | None = None) -> tuple[str, str | None]:
    """The rule set id for a sheet, and why it was guessed (None when the file or caller said).

    `fallback` (the campaign's, for a library imported into it) stands in for a guess when the
    sheet's template names no rule set."""
    if explicit:
        return explicit, None
    recorded = recorded_ruleset(sheet)
    if recorded is not None and _known(recorded[1]):
        return recorded[1], None
    skills = [html_to_text(b.label) for s in sheet.sections for b in s.blocks if b.type == "Skill"]
    approaches = sum(1 for name in skills if is_approach(name)) >= 3
    template = norm(sheet.template)
    for word, rid in (("accelerated", "fate-accelerated"), ("core", "fate-core"), ("condensed", "fate-condensed")):
        if word in template:
            if approaches and rid != "fate-accelerated":
                # Fari's Polish Fate Accelerated template names Fate Core (FateAcceleratedPolish.json).
                return "fate-accelerated", N_("its approaches, though its template names another rule set")
            return rid, None
    if fallback:
        return fallback, None
    trackers = [b for s in sheet.sections for b in s.blocks if b.type == "SlotTracker"]
    if approaches:
        return "fate-accelerated", N_("its approaches")
    if len(skills) == 6 and len(trackers) == 1:
        return "fate-accelerated", N_("its six skills and single stress track")
    # Boxes labelled 1, 2, 3... are Fate Core's; v1 and v2 numbered every box, so skip those.
    if sheet.version >= 3 and any(_escalates(b.value) for b in trackers):
        return "fate-core", N_("its stress boxes worth 1, 2 and more")
    return "fate-condensed", N_("nothing in the file naming one (Fate Desk's default)")


def recorded_ruleset(sheet: FariSheet) -> tuple[str, str] | None:
    """(name, id) of the rule set Fate Desk's export names in a block "Rule set" (a game pack's,
    which no Fari template names), if the sheet has one."""
    for section in sheet.sections:
        for block in section.blocks:
            if block.type in ("Text", "RichText") and norm(block.label) == norm(RULE_SET) \
                    and isinstance(block.value, str) and len(block.value) <= 400:
                found = re.fullmatch(r"(.*?)\s*\(([a-z0-9][a-z0-9._-]{0,63})\)", html_to_text(block.value))
                if found:
                    return found.group(1), found.group(2)
    return None


def _known(ruleset_id: str) -> bool:
    try:
        get_ruleset(ruleset_id)
    except RuleSetError:
        return False
    return True


def _escalates(boxes: list[tuple[str, bool]]) -> bool:
    values = [parse_count(label) for label, _unused in boxes]
    if len(values) < 2 or any(v is None for v in values):
        return False
    return all(b > a for a, b in zip(values, values[1:]))


# --- the mapping --------------------------------------------------------------------------

def sheet_to_character(
    sheet: FariSheet, source: str = "", ruleset: str | None = None, fallback: str | None = None
) -> tuple[Character, list[str]]:
    """A Fate Desk character for one Fari sheet, and notes on what was guessed or kept aside."""
    rid, reason = choose_ruleset(sheet, ruleset, fallback)
    try:
        rules = get_ruleset(rid)
    except RuleSetError as exc:
        raise FileFormatError(source, f"ruleset: {exc}") from None
    mapper = _Mapper(sheet, rules, source)
    recorded = recorded_ruleset(sheet)
    if recorded is not None and recorded[1] != rules.id and not ruleset:
        mapper.warn(_("made for the rule set {name} ({id}), which is not installed; read as {ruleset}").format(
            name=recorded[0], id=recorded[1], ruleset=rules_text(rules.name)))
    if reason:
        mapper.warn(_("rule set {ruleset} guessed from {reason}; choose another when importing if it is wrong").format(
            ruleset=rules_text(rules.name), reason=_(reason)))
    return mapper.run(), mapper.warnings


class _Mapper:
    def __init__(self, sheet: FariSheet, rules: RuleSet, source: str):
        self.sheet, self.rules, self.source = sheet, rules, source
        self.name = sheet.name.strip()  # Fari keeps a name as typed: plain text, not HTML
        self.warnings: list[str] = []
        self.aspects: list[tuple[AspectRole | None, str, int]] = []  # role, text, index in section
        self.skills: dict[str, int] = {}
        self.skill_names: dict[str, str] = {}  # case-folded -> as written
        self.stunts: list[Stunt] = []
        self.stress: dict[str, list[int]] = {}
        self.consequences: list[Consequence] = []
        self.fate_points: int | None = None
        self.refresh: int | None = None
        self.refresh_from_max: int | None = None
        self.notes: list[str] = []
        self.description = ""
        self.kept: list[str] = []
        self.kept_names: list[str] = []
        self.rule_breaks: list[RuleBreak] = []
        self.scale: str | None = None
        self.extras: list[Extra] = []
        self.tracks: list[CustomTrack] = []  # the player's own trackers beyond the rule set's stress
        self.track_ids: set[str] = {t.id for t in rules.stress.tracks}
        self.modes: dict[str, int] = {}
        self.foreign = names_foreign_skills(
            [html_to_text(b.label) for s in sheet.sections for b in s.blocks if b.type == "Skill"], rules)

    def warn(self, text: str) -> None:
        self.warnings.append(_("{who}: {note}").format(who=self.name or _("unnamed character"), note=text))

    # --- walking the sheet ---

    def run(self) -> Character:
        for section in self.sheet.sections:
            found = EXTRA_SECTION.match(html_to_text(section.label).strip())
            if found and len(self.extras) < MAX_EXTRAS:
                self.extra(section, found.group(1).strip(), found.group(2) is None)
                continue
            role = section.role or classify(section)
            if role == "modes":
                self.read_modes(section)
                continue
            # Each text block's place among the section's text blocks, found in one pass: a
            # list.index per block made a section of 16,000 blocks take 19 s.
            places: dict[int, int] = {}
            for block in section.blocks:
                if block.type in ("Text", "RichText"):
                    places[id(block)] = len(places)
            for block in section.blocks:
                self.block(block, role, section, places)
        return self.build()

    def block(self, block: FariBlock, role: str | None, section: FariSection, places: dict[int, int]) -> None:
        kind, label = block.type, norm(block.label)
        if kind == "Skill":
            self.skill(block, section)
        elif kind == "SlotTracker":
            self.tracker(block, section, role)
        elif kind == "PointCounter":
            self.counter(block, section)
        elif REFRESH.search(label) and self.set_refresh(block):
            pass
        elif kind in ("Text", "RichText") and role == "aspects":
            self.aspect(block, places[id(block)])
        elif kind in ("Text", "RichText") and role == "stunts":
            self.stunt(block)
        elif kind in ("Text", "RichText") and role == "consequences":
            self.consequence(block, section, places[id(block)])
        elif kind in ("Text", "RichText") and role == "rule_breaks":
            self.rule_break(block, section)
        elif kind in ("Text", "RichText") and label == norm(RULE_SET):
            pass  # the rule set, read before the sheet (`recorded_ruleset`)
        elif kind in ("Text", "RichText") and label == norm(SCALE) and self.scale is None:
            self.scale = html_to_text(block.value) or None
        elif kind in ("Text", "RichText") and DESCRIPTION.search(label) and not self.description:
            self.description = html_to_text(block.value)
        elif kind in ("Text", "RichText") and NOTES.search(label):
            text = html_to_text(block.value)
            if text:
                self.notes.append(text)
        elif kind == "Image":
            self.image(block, section)
        else:
            self.keep(section, block)

    def keep(self, section: FariSection, block: FariBlock, shown: str | None = None) -> None:
        """Put a block that has no place on the sheet into the notes, under where it was."""
        value = shown if shown is not None else _value_text(block.value)
        if not value:
            return  # nothing was typed there
        parts = [section.page] if self.sheet.pages > 1 and section.page else []
        parts += [html_to_text(section.label), html_to_text(block.label)]
        where = " › ".join(p for p in parts if p)
        self.kept.append(f"{where}: {value}" if where else value)
        self.kept_names.append(where or block.type)

    # --- one kind of block each ---

    def aspect(self, block: FariBlock, index: int) -> None:
        text = html_to_text(block.value)
        if text:
            self.aspects.append((aspect_role(norm(block.label)), text, index))

    def stunt(self, block: FariBlock) -> None:
        name, text = html_to_text(block.label), html_to_text(block.value)
        old = EXTRA_SECTION.match(name.strip())
        if old and len(self.extras) < MAX_EXTRAS:
            # Fate Desk wrote an extra as one text block before extras had sections of their own.
            self.extras.append(Extra(name=old.group(1).strip()[:120], description=text[:4000],
                                     active=old.group(2) is None))
            self.warn(_("extra \"{extra}\" came over as an extra, its details in its description").format(
                extra=old.group(1).strip()))
            return
        if placeholder_name(name):
            name = ""  # "Stunt #1": the template's label, not a name the player gave
        if name or text:
            self.stunts.append(Stunt(name=name, text=text))

    def custom_track(self, block: FariBlock) -> CustomTrack:
        name = html_to_text(block.label).strip()
        values = []
        for label, _checked in block.value[:50]:
            value = parse_count(html_to_text(label)) if isinstance(label, str) else None
            values.append(value if value is not None and 0 <= value <= 20 else 1)
        # A game pack's own track (the Toolkit's Wounded) comes back whole from the pack.
        return pack_track(self.rules, name, values, self.track_ids) or CustomTrack(
            id=track_id_for(name, self.track_ids), name=name[:80], boxes=values)

    def extra(self, section: FariSection, name: str, active: bool) -> None:
        """A section "Extra: Jetpack" as Fate Desk writes it (or a player shaped it so): text
        blocks for its description, permission, aspects ("Aspect") and stunts ("Stunt: Name", or
        any other label), numbers for its price, skills and trackers of its own."""
        fields: dict[str, Any] = {"name": name[:120], "active": active, "aspects": [], "skills": {},
                                  "skill_bonuses": {}, "stunts": [], "tracks": []}
        cost: dict[str, int] = {}
        marks: dict[str, list[int]] = {}
        numbers = {norm(label): key for label, key in EXTRA_NUMBERS}
        for block in section.blocks:
            label = html_to_text(block.label).strip()
            key = norm(label)
            text = html_to_text(block.value) if isinstance(block.value, str) else _value_text(block.value)
            if block.type == "Skill":
                rating = parse_rating(text)
                if label and rating is not None and RATING_MIN <= rating <= RATING_MAX \
                        and len(fields["skills"]) < 20:
                    fields["skills"][label] = rating
                else:
                    self.keep(section, block)
            elif block.type == "SlotTracker" and label and len(fields["tracks"]) < 10:
                track = self.custom_track(block)
                fields["tracks"].append(track)
                marked = [i for i, (_label, checked) in enumerate(block.value) if checked and i < len(track.boxes)]
                if marked:
                    marks[track.id] = marked
            elif key in numbers:
                number = parse_count(text)
                limit = {"refresh": 10, "skill_points": 20, "stunt_slots": 10, "weapon": 8, "armor": 8}[numbers[key]]
                if number is not None and 0 <= number <= limit:
                    (cost if numbers[key] in ("refresh", "skill_points", "stunt_slots") else fields)[numbers[key]] = number
                else:
                    self.keep(section, block)
            elif label.startswith(f"{BONUS}:"):
                bonus = parse_rating(text)
                skill = label[len(BONUS) + 1:].strip()
                if skill and bonus is not None and -4 <= bonus <= 4 and len(fields["skill_bonuses"]) < 20:
                    fields["skill_bonuses"][skill] = bonus
                else:
                    self.keep(section, block)
            elif key in ("description", "permission", "notes") and key not in fields:
                fields[key] = text
            elif re.fullmatch(r"aspect( \d{1,2})?", key) and len(fields["aspects"]) < 10:
                fields["aspects"].append(text[:200])
            elif block.type in ("Text", "RichText") and len(fields["stunts"]) < 20:
                stunt = label[len(STUNT) + 1:].strip() if label.startswith(f"{STUNT}:") else label
                fields["stunts"].append(Stunt(name=stunt, text=text))
            else:
                self.keep(section, block)
        names = restore_repeated([s.name for s in fields["stunts"]])
        fields["stunts"] = [Stunt(name=n, text=s.text) for n, s in zip(names, fields["stunts"])]
        fields["description"] = fields.get("description", "")[:4000]
        fields["permission"] = fields.get("permission", "")[:200]
        fields["notes"] = fields.get("notes", "")[:4000]
        try:
            extra = Extra(**fields, cost=ExtraCost(**cost))
        except ValidationError as exc:
            self.warn(_("extra \"{extra}\" could not be read ({problem}); kept in the notes").format(
                extra=name, problem=describe(exc)))
            for block in section.blocks:
                self.keep(section, block)
            return
        self.extras.append(extra)
        self.stress.update(marks)
        self.warn(_("extra \"{extra}\" came over as an extra, with what it brings").format(extra=name))

    def read_modes(self, section: FariSection) -> None:
        """A section "Modes" as Fate Desk writes Atomic Robo's: a number per mode of the rule set."""
        known = {m.name.casefold(): m.name for m in self.rules.modes.modes} if self.rules.modes else {}
        for block in section.blocks:
            name = known.get(html_to_text(block.label).strip().casefold())
            rating = parse_rating(_value_text(block.value))
            if name is not None and rating is not None and RATING_MIN <= rating <= RATING_MAX \
                    and name not in self.modes:
                self.modes[name] = rating
            else:
                self.keep(section, block)

    def rule_break(self, block: FariBlock, section: FariSection) -> None:
        found = rule_break_from_label(html_to_text(block.label), html_to_text(block.value))
        if found is None:
            self.keep(section, block)
        elif found.text or found.kind != "custom":
            self.rule_breaks.append(found)

    def skill(self, block: FariBlock, section: FariSection) -> None:
        name = html_to_text(block.label)
        raw = html_to_text(block.value) if isinstance(block.value, str) else _value_text(block.value)
        rating = parse_rating(raw)
        if not name:
            self.keep(section, block)
            return
        key = name.casefold()
        if rating is None:
            self.warn(_("skill {skill}: {value} is not a rating; kept in the notes").format(skill=name, value=_short(raw)))
            self.keep(section, block, raw)
        elif not RATING_MIN <= rating <= RATING_MAX:
            self.warn(_("skill {skill}: {rating} is off any ladder Fate uses; kept in the notes").format(
                skill=name, rating=f"{rating:+d}"))
            self.keep(section, block, raw)
        elif key in self.skill_names:
            if self.skills.get(self.skill_names[key], 0) != rating:
                self.warn(_("skill {skill} appears twice; the second rating is kept in the notes").format(skill=name))
                self.keep(section, block, raw)
        else:
            # "ATHLETICS" (Fari 6) and "Budowa" (Polish) are the rule set's Athletics and Physique;
            # other names stay as written.
            name = own_skill_name(name, self.rules, self.skills, self.foreign)
            self.skill_names[key] = name
            if rating:
                self.skills[name] = rating

    def tracker(self, block: FariBlock, section: FariSection, role: str | None) -> None:
        boxes: list[tuple[str, bool]] = block.value
        marked = [i for i, (_unused, checked) in enumerate(boxes) if checked]
        track = self.match_track(block, section, role)
        if (track is None or track in self.stress) and html_to_text(block.label).strip() \
                and len(self.tracks) < 20:
            # A tracker of the player's own ("Wealth"): a custom track, boxes as their labels say.
            own = self.custom_track(block)
            self.tracks.append(own)
            if marked:
                self.stress[own.id] = [i for i in marked if i < len(own.boxes)]
            self.warn(_("track \"{track}\" came over as a track of its own").format(track=own.name))
            return
        if track is None or track in self.stress:
            # In the character's notes: the same in every language.
            shown = f"{len(boxes)} box{'es' if len(boxes) != 1 else ''}, " + (  # i18n: stored
                "marked " + ", ".join(str(i + 1) for i in marked) if marked else "none marked"  # i18n: stored
            )
            self.keep(section, block, shown)
            self.warn(_("stress track {track} has no match in {ruleset}; kept in the notes").format(
                track=html_to_text(block.label) or _("(no name)"), ruleset=rules_text(self.rules.name)))
            return
        self.stress[track] = marked

    def match_track(self, block: FariBlock, section: FariSection, role: str | None) -> str | None:
        tracks = self.rules.stress.tracks
        track = self.track_by_label(block.label)
        if track is not None:
            return track
        label = norm(block.label)
        in_section = [b for b in section.blocks if b.type == "SlotTracker"]
        if len(tracks) == 1 and (not label or STRESS.search(label) or (role == "stress" and len(in_section) == 1)):
            return tracks[0].id
        if role == "stress" and len(in_section) == len(tracks):
            # Labels not recognised (a translated template): Fari lists the tracks in the
            # rule set's order, physical before mental.
            if all(self.track_by_label(b.label) is None for b in in_section):
                track = tracks[in_section.index(block)].id
                self.warn(_("stress track {track} taken as {rules_track} from its place").format(
                    track=_short(html_to_text(block.label)), rules_track=track))
                return track
        return None

    def track_by_label(self, label: str) -> str | None:
        label = norm(label)
        for track in self.rules.stress.tracks:
            words = TRACK_WORDS.get(track.id)
            if label in (norm(track.id), norm(track.name)) or (words and words.search(label)):
                return track.id
        return None

    def counter(self, block: FariBlock, section: FariSection) -> None:
        label = norm(block.label)
        value, top = parse_count(block.value), parse_count(block.meta.get("max"))
        if REFRESH.search(label):
            self.set_refresh(block)
            return
        is_main = block.meta.get("isMainPointCounter") is True
        named = FATE_POINTS.search(label) or FATE_POINTS.search(norm(section.label))
        if self.fate_points is None and (is_main or named):
            if value is not None and 0 <= value <= 999:
                self.fate_points = value
            elif _value_text(block.value):
                self.warn(_("fate points {value} are not a count; kept in the notes").format(
                    value=_short(_value_text(block.value))))
                self.keep(section, block)
            if top is not None and 0 <= top <= 99:
                self.refresh_from_max = top
            return
        shown = _value_text(block.value)
        if block.meta.get("max") not in (None, ""):
            shown = f"{shown or 0} of {_value_text(block.meta.get('max'))}"
        self.keep(section, block, shown)

    def set_refresh(self, block: FariBlock) -> bool:
        value = parse_count(block.value)
        if value is None or not 0 <= value <= 99:
            return False
        self.refresh = value
        return True

    def consequence(self, block: FariBlock, section: FariSection, index: int) -> None:
        text = html_to_text(block.value)
        if not text:
            return
        label = norm(block.label)
        severity = severity_of(label)
        if severity is None and index < len(SEVERITY_ORDER):
            severity = SEVERITY_ORDER[index]
            self.warn(_("consequence {text} taken as {severity} from its place on the sheet").format(
                text=_short(text), severity=_(severity.label).lower()))
        slot = self.free_slot(severity, label) if severity else None
        if slot is None:
            self.warn(_("consequence {text} has no free slot; kept in the notes").format(text=_short(text)))
            self.keep(section, block)
            return
        self.consequences.append(Consequence(slot=slot, text=text))

    def free_slot(self, severity: Severity, label: str) -> str | None:
        return consequence_slot(self.rules, severity, label, {c.slot for c in self.consequences})

    def image(self, block: FariBlock, section: FariSection) -> None:
        value = block.value if isinstance(block.value, str) else ""
        if value.startswith("data:"):
            place = html_to_text(section.label)
            self.warn(_("an image embedded in {section} was left out").format(section=place) if place
                      else _("an image embedded in the sheet was left out"))
        else:
            self.keep(section, block)

    # --- the character ---

    def build(self) -> Character:
        sheet = self.sheet
        refresh = self.refresh
        if refresh is None:
            legacy = parse_count(sheet.refresh)
            refresh = legacy if legacy is not None and 0 <= legacy <= 99 else self.refresh_from_max
        if refresh is None:
            refresh = self.rules.refresh_start
        fate_points = self.fate_points
        if fate_points is None:
            legacy = parse_count(sheet.fate_points)
            fate_points = legacy if legacy is not None and 0 <= legacy <= 999 else refresh
        if sheet.group.strip():
            self.kept.insert(0, f"Fari group: {sheet.group.strip()}")  # i18n: stored in the notes
        notes = list(self.notes)
        if self.kept:
            heading = "Kept from Fari (no matching place on a Fate Desk sheet):\n"  # i18n: stored in the notes
            notes.append(heading + "\n".join(self.kept))
        if self.kept_names:
            shown = ", ".join(self.kept_names[:6]) + (", …" if len(self.kept_names) > 6 else "")
            self.warn(ngettext("{count} item kept in the notes: {names}", "{count} items kept in the notes: {names}",
                               len(self.kept_names)).format(count=len(self.kept_names), names=shown))
        try:
            return Character(
                **({"id": sheet.id} if sheet.id else {}),
                ruleset=self.rules.id,
                name=self.name,
                description=self.description,
                aspects=self.resolve_aspects(),
                skills=self.skills,
                # Fate Desk numbers repeated stunt names on export ("Quick Hands 2").
                stunts=[Stunt(name=n, text=s.text) for n, s in
                        zip(restore_repeated([s.name for s in self.stunts]), self.stunts)],
                refresh=refresh,
                fate_points=fate_points,
                stress=self.stress,
                consequences=self.consequences,
                notes="\n\n".join(notes),
                rule_breaks=self.rule_breaks,
                scale=self.scale,
                extras=self.extras,
                tracks=self.tracks,
                modes=self.modes,
            )
        except ValidationError as exc:
            where = sheet.path or _("(top level)")
            raise FileFormatError(self.source, _("{where}: {problem}").format(where=where, problem=describe(exc))) from None

    def resolve_aspects(self) -> list[Aspect]:
        labelled = {role for role, _text, _index in self.aspects if role is not None}
        # Unrecognised labels (a translated template): Fari's Fate sheets list the high
        # concept first and the trouble second.
        by_place = {0: AspectRole.HIGH_CONCEPT, 1: AspectRole.TROUBLE}
        taken: set[AspectRole] = set()
        aspects = []
        for role, text, index in self.aspects:
            if role is None and by_place.get(index) not in (None, *labelled):
                role = by_place[index]
                self.warn((_("aspect {text} taken as the high concept from its place on the sheet")
                           if role == AspectRole.HIGH_CONCEPT else
                           _("aspect {text} taken as the trouble from its place on the sheet")).format(text=_short(text)))
            if role is None or (role in taken and role != AspectRole.RELATIONSHIP):
                role = AspectRole.FREE  # one high concept, one trouble; relationships may repeat
            if role != AspectRole.FREE:
                taken.add(role)
            aspects.append(Aspect(role=role, text=text))
        order = [AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP, AspectRole.FREE]
        return sorted(aspects, key=lambda a: order.index(a.role))


MAX_EXTRAS = 50
# "Extra: Jetpack", "Extra – Jetpack (switched off)": an extra's own section.
EXTRA_SECTION = re.compile(rf"^{EXTRA}\s*[:\-–—]\s*(.*?)\s*({re.escape(SWITCHED_OFF)})?$", re.IGNORECASE | re.DOTALL)


def classify(section: FariSection) -> str | None:
    """What a Fari section holds: by its label, else by the types of its blocks."""
    label = norm(section.label)
    if label == norm(MODES):
        return "modes"
    for role, pattern in (
        ("rule_breaks", RULE_BREAKS), ("aspects", ASPECTS), ("stunts", STUNTS), ("consequences", CONSEQUENCES), ("skills", SKILLS),
        ("stress", STRESS), ("fate_points", FATE_POINTS), ("refresh", REFRESH), ("notes", NOTES),
        ("notes", OTHER),
    ):
        if pattern.search(label):
            return role
    types = {b.type for b in section.blocks}
    texts = [b for b in section.blocks if b.type in ("Text", "RichText")]
    if "Skill" in types:
        return "skills"
    if types == {"SlotTracker"}:
        return "stress"
    if texts and len(texts) == len(section.blocks) and all("checked" in b.meta for b in texts):
        return "consequences"  # Fari's consequence slots are the text blocks with a tick box
    if texts and len(texts) == len(section.blocks) and section.visible_on_card:
        return "aspects"  # the text section Fari shows on the character card
    return None


def _short(text: str, limit: int = 40) -> str:
    """Quoted, on one line, and cut short: user text inside a warning."""
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _value_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return html_to_text(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return json.dumps(value, ensure_ascii=False)
