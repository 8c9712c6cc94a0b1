"""Export a character as a Fari character (`*.fari.json`) that Fari imports.

The sheet follows Fari's Fate templates (lib/domains/character/character-templates/: Fate
Condensed, Fate Core, Fate Accelerated, the nearest for a game pack's rule set): Aspects, Stunts &
Extras, Other (notes), Fate Points on the left; Stress, Consequences, Skills on the right, and what
the template lacks (extras, modes, a pack's rule set) as sections and blocks of Fari's own kinds; laid out as Fari's current character version keeps pages
(rows of columns of sections, lib/domains/character/types.tsx `ICharacter`). Fari's text blocks
hold HTML, so text is escaped and line breaks become <br>.

The version is 6: current Fari ships its default character template at version 6
(lib/domains/character/character-templates/Default/Blank.json) and its migrations
(CharacterFactory.tsx through lib/domains/migration/Migrator.tsx) only touch versions 1 to 4,
so a version 6 file loads as written. Version 5 would load too, but would say the file is
older than what Fari itself writes.
"""

from __future__ import annotations

import json
import time
import uuid

from fate_desk.i18n import _, rules_text
from fate_desk.model import AspectRole, CampaignOptions, Character, Extra
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.derive import derive

from fate_desk.interop.fco.writing import consequence_track_name, extras_and_tracks_notes
from fate_desk.interop.common import (
    MODES,
    RULE_BREAK,
    SCALE,
    covering_options,
    plain_to_html,
    rule_break_label,
    rule_breaks_note,
    stunt_labels,
    unique_labels,
)
from fate_desk.interop.foreign_names import is_approach
from fate_desk.rules.creation.extras import custom_track_boxes

VERSION = 6
SUFFIX = ".fari.json"
# Fari's Fate templates by the rule set they are (lib/domains/character/character-templates/).
TEMPLATES = {"fate-condensed": "FateCondensed", "fate-core": "FateCore", "fate-accelerated": "FateAccelerated"}
RULE_SET = "Rule set"  # i18n: file format (the block naming a game pack's rule set, read back)


def nearest_template(ruleset: RuleSet) -> str:
    """Fari's template nearest a rule set: its own for the three Fate Desk ships; for a game pack's,
    Fate Accelerated when it rates approaches, Fate Core when it is built on Fate Core (its
    milestones, or stress boxes worth 1, 2, 3…), else Fate Condensed."""
    if ruleset.id in TEMPLATES:
        return TEMPLATES[ruleset.id]
    if ruleset.skill_word == "approach" or all(is_approach(s) for s in ruleset.skills):
        return TEMPLATES["fate-accelerated"]
    escalating = any(level.boxes == list(range(1, len(level.boxes) + 1)) and len(level.boxes) > 1
                     for track in ruleset.stress.tracks for level in track.levels)
    if escalating or ruleset.advancement.arc_end.value == "major":
        return TEMPLATES["fate-core"]
    return TEMPLATES["fate-condensed"]
ASPECT_LABELS = {
    # i18n: file format (the labels written into the Fari file)
    AspectRole.HIGH_CONCEPT: "High Concept", AspectRole.TROUBLE: "Trouble",  # i18n: file format
    AspectRole.RELATIONSHIP: "Relationship", AspectRole.FREE: "Other Aspect",  # i18n: file format
}


def _id() -> str:
    return str(uuid.uuid4())


def _block(kind: str, label: str, value, meta: dict | None = None) -> dict:
    return {"id": _id(), "type": kind, "label": label, "value": value, "meta": meta if meta is not None else {}}


def _section(label: str, blocks: list[dict], on_card: bool = False) -> dict:
    section = {"id": _id(), "label": label, "blocks": blocks}
    if on_card:
        section["visibleOnCard"] = True
    return section


def character_to_fari(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> dict:
    options = covering_options(character, options)
    derived = derive(character, ruleset, options)
    # Empty aspects are left out, and a repeated label is numbered ("Other Aspect 2"): Fari's
    # own import into Foundry keys aspects by label and would keep only one of them.
    shown = [a for a in character.aspects if a.text.strip()]
    labels = unique_labels([ASPECT_LABELS[a.role] for a in shown])
    aspects = [_block("Text", label, plain_to_html(a.text)) for label, a in zip(labels, shown)]
    stunts = [_block("Text", plain_to_html(label), plain_to_html(s.text))
              for label, s in zip(stunt_labels(character), character.stunts)]
    extras = [extra_section(e, character, derived) for e in character.extras]
    other = [_block("Text", "Description", plain_to_html(character.description)),
             _block("Text", "Notes", plain_to_html(character.notes))]
    if character.scale:
        other.append(_block("Text", SCALE, plain_to_html(character.scale)))
    # A monster's rule breaks: one text block each, labelled with the kind, where Fari's
    # user reads them (and where Fate Desk's Fari import finds them again).
    breaks = [_block("Text", plain_to_html(label), plain_to_html(b.text))
              for label, b in zip(unique_labels([rule_break_label(b) for b in character.rule_breaks]),
                                  character.rule_breaks)]
    extra_track_ids = {t.id for e in character.extras for t in e.tracks}
    points = [_block("PointCounter", "Fate Points", str(character.fate_points),  # i18n: file format
                     {"isMainPointCounter": True, "max": str(derived.refresh)})]
    if derived.refresh != character.refresh:
        # The counter's maximum is what fate points refresh to; Fate Desk also keeps the
        # refresh before stunt costs, which comes back from this block.
        points.append(_block("Numeric", "Refresh before stunts", str(character.refresh)))  # i18n: file format
    stress = [
        _block("SlotTracker", plain_to_html(derived.track_names.get(track_id, track_id)),
               [{"label": str(v), "checked": i in set(character.stress.get(track_id, []))}
                for i, v in enumerate(values)])
        for track_id, values in derived.stress.items()
        if track_id not in extra_track_ids  # an extra's tracks are in its own section
    ]
    filled = {c.slot: c for c in character.consequences}
    harm = []
    for slot in derived.consequences:
        held = filled.pop(slot.id, None)
        label = consequence_track_name(slot).replace(" Consequence", "")
        if slot.only and not slot.condition:
            label = f"{slot.severity.label} ({slot.only.replace('_', ' ').capitalize()})"
        harm.append(_block("Text", label, plain_to_html(held.text) if held else "",
                           {"checked": held is not None}))
    harm += [_block("Text", slot_id.replace("_", " ").capitalize(), plain_to_html(c.text), {"checked": True})
             for slot_id, c in filled.items()]
    skills = [_block("Skill", plain_to_html(name), str(rating), {"commands": ["4dF"]})
              for name, rating in sorted(character.skills.items(), key=lambda kv: (-kv[1], kv[0]))]
    template = nearest_template(ruleset)
    if TEMPLATES.get(ruleset.id) != template:
        # A game pack's rule set, which no Fari template names: said in a block of its own, which
        # Fate Desk's Fari import reads back (and Fari's user sees).
        other.append(_block("Text", RULE_SET, plain_to_html(f"{ruleset.name} ({ruleset.id})")))
    left = [_section("Aspects", aspects, on_card=True), _section("Stunts & Extras", stunts), *extras,
            _section("Other", other), _section("Fate Points", points)]  # i18n: file format
    if breaks:
        left.insert(2, _section(f"{RULE_BREAK}s", breaks))
    right = [_section("Stress", stress), _section("Consequences", harm)]
    if character.modes:
        # Atomic Robo's modes, each a number, above the skills they rate.
        right.append(_section(MODES, [_block("Numeric", plain_to_html(name), str(rating))
                                      for name, rating in character.modes.items()], on_card=True))
    right.append(_section(ruleset.skill_word_plural.capitalize(), skills, on_card=True))
    return {
        "id": character.id,
        # Fari keeps names as typed, as plain text (its other texts are HTML).
        "name": character.name,
        "template": template,
        "lastUpdated": int(time.time()),
        "wide": False,
        "pages": [{"id": _id(), "label": "CHARACTER",
                   "rows": [{"columns": [{"sections": left}, {"sections": right}]}]}],
        "playedDuringTurn": False,
        "version": VERSION,
        "fariType": "character",
    }


EXTRA = "Extra"  # an extra's section is "Extra: Jetpack", "(switched off)" after it when it is off
SWITCHED_OFF = "(switched off)"  # i18n: file format, read back by the importer in any language
STUNT = "Stunt"  # an extra's stunt is a text block "Stunt: Rocket Jump"
BONUS = "Bonus"  # a bonus to one of the character's skills is a number "Bonus: Physique"
# An extra's numbers, each a Numeric block when it is not 0 (labels of the file, in any language).
EXTRA_NUMBERS = (("Refresh cost", "refresh"), ("Skill points", "skill_points"),  # i18n: file format
                 ("Stunt slots", "stunt_slots"), ("Weapon", "weapon"), ("Armor", "armor"))  # i18n: file format


def extra_section(extra: Extra, character: Character, derived) -> dict:
    """An extra as a section of its own, in blocks Fari shows and Fate Desk reads back: its
    description, permission, price, aspects, skills, stunts, tracks (with their marks) and group."""
    label = f"{EXTRA}: {extra.name}" + ("" if extra.active else f" {SWITCHED_OFF}")
    blocks = [_block("Text", "Description", plain_to_html(extra.description)),
              _block("Text", "Permission", plain_to_html(extra.permission))]
    numbers = {**extra.cost.model_dump(), "weapon": extra.weapon, "armor": extra.armor}
    blocks += [_block("Numeric", name, str(numbers[key])) for name, key in EXTRA_NUMBERS if numbers[key]]
    blocks += [_block("Text", label_, plain_to_html(text))
               for label_, text in zip(unique_labels(["Aspect"] * len(extra.aspects)), extra.aspects)]
    blocks += [_block("Skill", plain_to_html(name), str(rating), {"commands": ["4dF"]})
               for name, rating in extra.skills.items()]
    blocks += [_block("Numeric", plain_to_html(f"{BONUS}: {name}"), str(bonus))
               for name, bonus in extra.skill_bonuses.items()]
    names = unique_labels([s.name for s in extra.stunts])
    blocks += [_block("Text", plain_to_html(f"{STUNT}: {name}"), plain_to_html(s.text))
               for name, s in zip(names, extra.stunts)]
    for track in extra.tracks:
        values = derived.stress.get(track.id) or custom_track_boxes(character, track)
        marked = set(character.stress.get(track.id, []))
        blocks.append(_block("SlotTracker", plain_to_html(track.name),
                             [{"label": str(v), "checked": i in marked} for i, v in enumerate(values)]))
    if extra.notes:
        blocks.append(_block("Text", "Notes", plain_to_html(extra.notes)))
    if extra.group:  # the kind a rule set limits (Frontier Spirit's one piece of high tech)
        blocks.append(_block("Text", "Group", plain_to_html(extra.group)))
    return _section(plain_to_html(label), blocks)


def fari_json(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> bytes:
    text = json.dumps(character_to_fari(character, ruleset, options), indent=2, ensure_ascii=False) + "\n"
    return text.encode("utf-8", "replace")


def export_notes(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> list[str]:
    """What the user should know about this export (the summary)."""
    who = character.name or _("unnamed character")
    notes = []
    if character.kind.value != "pc":
        notes.append(_("{who}: Fari has no kinds of character; it comes back from Fari as a PC").format(who=who))
    if character.stress_boxes is not None or character.consequence_slots is not None:
        notes.append(_("{who}: its own stress boxes and consequence slots are written as Fari trackers and "
                       "slots, but come back from Fari as the rule set's").format(who=who))
    template = nearest_template(ruleset)
    if TEMPLATES.get(ruleset.id) != template:
        notes.append(_("{who}: written on Fari's {template} sheet; the rule set {ruleset} is named in a block "
                       "\"{label}\" under Other, so the character comes back into it").format(
            who=who, template=template, ruleset=rules_text(ruleset.name), label=RULE_SET))
    if character.modes:
        notes.append(_("{who}: the modes written as a section \"{section}\"").format(who=who, section=MODES))
    notes += rule_breaks_note(character, _("in a section \"{section}\"").format(section=f"{RULE_BREAK}s"))
    if character.scale:
        notes.append(_("{who}: scale {scale} written as a block \"{label}\" under Other").format(
            who=who, scale=character.scale, label=SCALE))
    notes += extras_and_tracks_notes(character, _("a Fari section of its own"), _("a Fari stress tracker"),
                                     lost=fari_lost, lost_line=_("{who}: extra \"{extra}\": {parts} not written "
                                                                 "(Fari has no place for them)"))
    return notes


def fari_lost(extra: Extra) -> list[str]:
    """What of an extra a Fari sheet cannot hold (docs/interop.md)."""
    parts = [_("consequence slots")] if extra.consequences else []
    if any(t.skill or t.absorbs or t.clears.value != "scene" or t.event or t.notes for t in extra.tracks):
        parts.append(_("how its tracks clear, link to skills and their notes"))
    return parts
