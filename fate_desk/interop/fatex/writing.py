"""Export a character as a Foundry VTT actor for the FateX system.

The shape follows FateX's `system/template.json` (anvil-vtt/FateX, commit 8f5ce44): the actor
(type `character`) holds `biography.value` and `fatepoints` {current, refresh}; everything else
is an embedded item of one of the types `aspect`, `skill`, `stunt`, `stress`, `consequence` and
`extra`, each with the base template's `description` and `disabled`. FateX's sheets show
`description`, aspect and consequence values as HTML, so text is escaped (line breaks as <br>).
Stress boxes are a size with a bit mask of marked boxes (`system/module/item/stress/
StressItem.js`); boxes a high skill adds are FateX's automation references
(`flags.fatex.skillReferences`, `system/module/components/Automation/Automation.js`), so FateX
grows the track itself when the skill changes. docs/interop.md lists every field.
"""

from __future__ import annotations

import json
import re
import secrets

from fate_desk.i18n import _, edition, speaking
from fate_desk.model import AspectRole, CampaignOptions, Character, CharacterKind, Extra
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.derive import SlotInfo, derive, slot_text

from fate_desk.interop.fari.writing import STUNT, SWITCHED_OFF
from fate_desk.interop.fco.writing import (
    consequence_track_name,
    costs_text,
    extras_and_tracks_notes,
    fate_desk_flags,
    foundry_id,
    unique_names,
)
from fate_desk.interop.foundry_flags import FLAG_SCOPE
from fate_desk.interop.common import (
    MODES,
    RULE_BREAK,
    SCALE,
    aspect_labels,
    covering_options,
    modes_line,
    plain_to_html,
    rule_break_label,
    rule_breaks_note,
    stunt_labels,
)

SYSTEM_ID = "fatex"
SUFFIX = ".json"
NOTES = "Notes"  # the extra that carries the character's notes: a FateX actor has no notes field
# The words of an extra's details in its description (file format, read back in any language).
PERMISSION, ASPECT, SKILL, COSTS = "Permission", "Aspect", "Skill", "Costs"  # i18n: file format
LABEL_ESCALATING, LABEL_ONES, LABEL_CUSTOM = 0, 1, 2  # StressItem's label types
CONDITION = 1  # ConsequenceItem.TYPE_CONDITION (0 is a consequence)
AT_LEAST = 4  # Automation's "greater or equal" operator
BOXES = 1  # Automation's reference type that adds boxes


def _item(kind: str, name: str, **system) -> dict:
    # Foundry keeps 16-character ids; a fresh one per item, as Foundry makes on creation.
    return {
        "_id": secrets.token_hex(8), "name": name, "type": kind, "img": "icons/svg/item-bag.svg",
        "system": {"description": "", "disabled": False, **system}, "effects": [], "sort": 0, "flags": {},
    }


class Labels:
    """The words FateX shows as captions: an aspect's role above it and a consequence's
    severity (or a condition's name) beside its box (system/templates/components/aspects.hbs,
    consequences.hbs). FateX prints `label` as it is, so they are written in the language the
    user chose for the table that will read them, in the words of the character's edition. The
    item names stay in the file's own words (read back in any language); only the captions move,
    and the same choice always makes the same file, whatever language Fate Desk speaks."""

    def __init__(self, language: str, ruleset: RuleSet):
        self.language, self.ruleset = language, ruleset
        with speaking(language), edition(ruleset):
            self.roles = {role: role.label_in(ruleset) for role in AspectRole}

    def slot(self, slot: SlotInfo) -> str:
        with speaking(self.language), edition(self.ruleset):
            return slot_text(slot) if slot.condition else _(slot.severity.label)


def character_to_fatex(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None,
                       language: str = "en") -> dict:
    """The FateX actor; `language` is the language of the captions FateX shows (see Labels)."""
    options = covering_options(character, options)
    derived = derive(character, ruleset, options)
    labels = Labels(language, ruleset)
    items = [
        _item("aspect", label, label=labels.roles[a.role], value=plain_to_html(a.text), corrupted=False)
        for label, a in zip(aspect_labels(character), character.aspects) if a.text.strip()
    ]
    items += [_item("skill", name, rank=rating) for name, rating in character.skills.items()]
    items += [_item("stunt", label, description=plain_to_html(s.text), shortDescription="", collapsed=False)
              for label, s in zip(stunt_labels(character), character.stunts)]
    items += [_item("stunt", rule_break_label(b), description=plain_to_html(b.text), shortDescription="",
                    collapsed=False) for b in character.rule_breaks]
    items += _stress(character, ruleset, derived)
    items += unique_names(_harm(character, derived, labels))
    if character.scale:
        items.append(_item("extra", SCALE, description=plain_to_html(character.scale), shortDescription="",
                           collapsed=False))
    if character.modes:
        items.append(_item("extra", MODES, description=plain_to_html(modes_line(character.modes)),
                           shortDescription="", collapsed=False))
    for extra in character.extras:
        items.append(extra_item(extra))
        if extra.active:
            items += extra_parts(extra, character)
    if character.notes:
        items.append(_item("extra", NOTES, description=plain_to_html(character.notes), shortDescription="",
                           collapsed=False))
    return {
        "name": character.name,
        # FateX's template has one actor type, `character`; an NPC's kind rides in our flags.
        "type": "character",
        "img": "icons/svg/mystery-man.svg",
        "system": {
            "biography": {"value": plain_to_html(character.description)},
            # Like FCO's, FateX's refresh is what fate points refresh to, after stunt costs.
            "fatepoints": {"current": character.fate_points, "refresh": derived.refresh},
        },
        "items": items,
        "effects": [],
        "flags": {FLAG_SCOPE: fate_desk_flags(character)},
        "_stats": {"systemId": SYSTEM_ID},
    }


def extra_item(extra: Extra) -> dict:
    """An extra as FateX's own extra item. FateX's sheet shows an extra's name and description
    only (system/templates/actor/tabs/extras.hbs), so the description ends with what else the
    player must see: the permission, the price, and for a switched-off extra what it would bring;
    a switched-off extra says so after its name. The permission is also the short description,
    switched off also FateX's `disabled`."""
    name = extra.name if extra.active else f"{extra.name} {SWITCHED_OFF}".strip()
    item = _item("extra", name, description=_extra_description(extra),
                 shortDescription=plain_to_html(extra.permission), collapsed=False)
    item["_id"] = foundry_id(extra.id)  # the same id each time, so our flags find it again
    item["system"]["disabled"] = not extra.active
    return item


def _extra_description(extra: Extra) -> str:
    lines = []
    if extra.permission:
        lines.append(f"{PERMISSION}: {' '.join(extra.permission.split())}")
    if not extra.cost.is_free():
        lines.append(costs_text(extra.cost))
    if not extra.active:
        lines += [f"{ASPECT}: {' '.join(text.split())}" for text in extra.aspects if text.strip()]
        lines += [f"{SKILL}: {' '.join(name.split())} {rating:+d}" for name, rating in extra.skills.items()]
        lines += [f"{STUNT}: {' '.join(stunt.name.split())}" for stunt in extra.stunts if stunt.name.strip()]
    text = plain_to_html(extra.description)
    if not lines:
        return text
    details = "".join(f"<p>{plain_to_html(line)}</p>" for line in lines)
    return f"<p>{text}</p><p></p>{details}" if text else details


_DETAIL = re.compile(rf"(?:{PERMISSION}|{ASPECT}|{SKILL}|{STUNT}): .*|Costs .*")  # i18n: file format


def split_details(text: str) -> tuple[str, dict[str, str]]:
    """An extra's description as FateX holds it (plain text), split into the description itself
    and the details Fate Desk's export writes after it: {"Permission": …, "Costs": …}."""
    head, sep, last = text.rpartition("\n\n")
    lines = last.split("\n")
    if not last or not all(_DETAIL.fullmatch(line) for line in lines):
        return text, {}
    details: dict[str, str] = {}
    for line in lines:
        if line.startswith(f"{PERMISSION}: "):
            details[PERMISSION] = line[len(PERMISSION) + 2:]
        elif line.startswith("Costs "):  # i18n: file format
            details[COSTS] = line
    return head, details


def extra_parts(extra: Extra, character: Character) -> list[dict]:
    """What a switched-on extra brings, as FateX's own aspect, skill and stunt items (as Fate Core
    Official copies them onto the sheet), each flagged with the extra it comes from; an aspect's
    caption is the extra's name, a skill the character has already is named after the extra too."""
    tag = foundry_id(extra.id)
    parts = []
    for text in extra.aspects:
        parts.append(_item("aspect", ASPECT, label=extra.name, value=plain_to_html(text), corrupted=False))
    for name, rating in extra.skills.items():
        shown = f"{name} ({extra.name})" if character.skill_name(name) is not None else name
        parts.append(_item("skill", shown, rank=rating))
        parts[-1]["flags"] = {FLAG_SCOPE: {"extra": tag, "name": name}}
    for stunt in extra.stunts:
        parts.append(_item("stunt", stunt.name or STUNT, description=plain_to_html(stunt.text),
                           shortDescription=plain_to_html(extra.name), collapsed=False))
        parts[-1]["flags"] = {FLAG_SCOPE: {"extra": tag, "name": stunt.name}}
    for item in parts:
        item["flags"].setdefault(FLAG_SCOPE, {"extra": tag})
    return parts


def _stress(character: Character, ruleset: RuleSet, derived) -> list[dict]:
    items = []
    specs = {t.id: t for t in ruleset.stress.tracks}
    for track_id, values in derived.stress.items():
        marked = set(character.stress.get(track_id, []))
        # Boxes from modes (Atomic Robo) follow no skill FateX knows: the track is written whole.
        spec = specs.get(track_id) if character.stress_boxes is None and ruleset.modes is None else None
        size, refs = len(values), []
        # FateX's automation reads the character's own skill; when a switched-on extra raises it,
        # the track is written with all its boxes instead.
        if spec is not None and spec.skills and derived.skills.get(spec.skills[0], 0) == character.rating(spec.skills[0]):
            # The first level's boxes, and FateX's automation adding the later levels' boxes
            # at their rating, so the marks land where FateX draws the boxes.
            size = previous = len(spec.levels[0].boxes)
            for level in spec.levels[1:]:
                refs.append({"skill": spec.skills[0], "type": BOXES, "condition": level.at,
                             "operator": AT_LEAST, "argument": len(level.boxes) - previous})
                previous = len(level.boxes)
        if values == list(range(1, len(values) + 1)) and len(values) > 1:
            label_type, custom = LABEL_ESCALATING, ""
        elif all(v == 1 for v in values):
            label_type, custom = LABEL_ONES, ""
        else:
            label_type, custom = LABEL_CUSTOM, " ".join(str(v) for v in values)
        # A rule set's track by its name ("Physical"); an NPC's own track ("Guard") as the GM named it.
        # A custom track ("Wealth", an extra's "Hull") by its name too.
        name = specs[track_id].name if track_id in specs else derived.track_names.get(track_id, track_id)
        item = _item("stress", name, size=size, value=sum(1 << i for i in marked if i < len(values)),
                     labelType=label_type, customLabel=custom)
        if refs:
            item["flags"] = {"fatex": {"skillReferences": refs}}
        items.append(item)
    return items


def _harm(character: Character, derived, labels: Labels) -> list[dict]:
    filled = {c.slot: c for c in character.consequences}
    items = []
    for slot in derived.consequences:
        held = filled.pop(slot.id, None)
        text = plain_to_html(held.text) if held is not None else ""
        note = "In recovery" if held is not None and held.recovering else ""  # i18n: file format
        if slot.condition:
            marked = held.boxes_marked if held is not None else 0
            items.append(_item("consequence", consequence_track_name(slot), description=note,
                               label=labels.slot(slot),
                               value=text, icon=str(slot.value), type=CONDITION, active=held is not None,
                               boxAmount=slot.boxes, boxValues=(1 << marked) - 1))
        else:
            items.append(_item("consequence", consequence_track_name(slot), description=note,
                               label=labels.slot(slot), value=text, icon=str(slot.value), type=0,
                               active=held is not None,
                               boxAmount=1, boxValues=0))
    for slot_id, held in filled.items():  # a filled slot the character no longer has: keep it anyway
        items.append(_item("consequence", slot_id.replace("_", " ").title(), label="",
                           value=plain_to_html(held.text),
                           icon="", type=0, active=True, boxAmount=1, boxValues=0))
    return items


def fatex_json(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None,
               language: str = "en") -> bytes:
    text = json.dumps(character_to_fatex(character, ruleset, options, language), indent=2,
                      ensure_ascii=False) + "\n"
    return text.encode("utf-8", "replace")


def export_notes(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> list[str]:
    """What the user should know about this export (the summary)."""
    who = character.name or _("unnamed character")
    notes = []
    if character.kind != CharacterKind.PC:
        notes.append(_("{who}: FateX has one kind of actor; written as a character (Fate Desk's own flags "
                       "keep the kind for the way back)").format(who=who))
    if character.notes:
        notes.append(_("{who}: the notes written as an extra named \"{label}\"").format(who=who, label=NOTES))
    notes += rule_breaks_note(character, _("as stunts named \"{label}\"").format(label=RULE_BREAK))
    if character.scale:
        notes.append(_("{who}: scale {scale} written as an extra named \"{label}\"").format(
            who=who, scale=character.scale, label=SCALE))
    if character.modes:
        notes.append(_("{who}: the modes written as an extra named \"{label}\"").format(who=who, label=MODES))
    notes += extras_and_tracks_notes(character, _("a FateX extra, with FateX's own items for its aspects, skills "
                                                  "and stunts while it is switched on"),
                                     _("a FateX stress track"), lost=fatex_lost)
    return notes


def fatex_lost(extra: Extra) -> list[str]:
    """What of an extra FateX cannot show, which only our flags carry: its sheet has no place for
    an extra's skill bonuses, Weapon, Armor, consequence slots or notes, and a switched-off extra's
    aspects, skills, stunts and tracks are only named in its description."""
    parts = []
    if not extra.active and (extra.aspects or extra.skills or extra.stunts):
        parts.append(_("its aspects, skills and stunts (named in its description while it is switched off)"))
    if extra.tracks and not extra.active:
        parts.append(_("its tracks (written as stress tracks while it is switched on)"))
    if extra.skill_bonuses:
        parts.append(_("skill bonuses"))
    if extra.weapon or extra.armor:
        parts.append(_("Weapon and Armor"))
    if extra.consequences:
        parts.append(_("consequence slots"))
    if extra.notes:
        parts.append(_("notes"))
    return parts
