"""What a seat's page shows: the player's own sheet and the public scene, as plain data (no Qt).

The GUI thread calls these when the campaign changes, once per seat and language in use, and
hands the result to the server thread. Every text is written here, in the seat's language
(`fate_desk.i18n.speaking`), with the desktop's own words: the sheet's labels, the rule set's
and the pack's terms, the ladder ("Great (+4)"). The scene is the players' view exactly
(`fate_desk.rules.encounters.scene`): nothing the GM hid, no NPC sheet, no GM note is ever
looked at, so none can leave the GM's machine.

A page is sections of items. An item has a stable `key` (its place, never an id from the
campaign), a `label`, a `text`, optionally a `note`, more `lines` and `boxes`
(`{"value": 2, "marked": true}`); the page draws them all the same way and announces the
items that changed.
"""

from __future__ import annotations

from fate_desk.i18n import LANGUAGES, _, is_rtl, ngettext, pgettext, rules_text, speaking
from fate_desk.model import Campaign, Character, CharacterKind, ladder_label
from fate_desk.rules import RuleSet, derive
from fate_desk.rules.creation.checker import aspect_slots
from fate_desk.rules.creation.derive import real_stunts, slot_text
from fate_desk.rules.creation.extras import effective_rating
from fate_desk.rules.encounters.scene import (
    aspect_line, challenge_lines, contest_lines, countdown_line, players_view, turn_line, turns_title,
)
from fate_desk.rules.harm.tracks import clears_text
from fate_desk.rules.play.scene_now import current_scene

from .play import ledger_lines, notes_view

PROTOCOL = 1  # the page and the app speak the same version of the messages


def _item(key: str, label: str = "", text: str = "", note: str = "", lines: list[str] | None = None,
          boxes: list[dict] | None = None) -> dict:
    item: dict = {"key": key}
    for name, value in (("label", label), ("text", text), ("note", note), ("lines", lines), ("boxes", boxes)):
        if value:
            item[name] = value
    return item


def _section(key: str, title: str, items: list[dict]) -> dict:
    return {"key": key, "title": title, "items": items}


# --- the player's own sheet ------------------------------------------------------------------


def sheet_snapshot(campaign: Campaign, character: Character, ruleset: RuleSet, language: str = "en") -> dict:
    """The character's sheet as its player's page shows it, in `language`."""
    with speaking(language):
        derived = derive(character, ruleset, campaign.options)
        sections = [
            _section("aspects", _("Aspects"), _aspects(character, ruleset)),
            _section("skills", rules_text(ruleset.skill_word_plural).capitalize(), _skills(character, ruleset, derived)),
            _section("stunts", _("Stunts"), [_item(f"stunt-{i}", s.name, s.text) for i, s in
                                             enumerate(real_stunts(character))]),
            _section("extras", _("Extras"), _extras(character, ruleset)),
            _section("stress", _("Stress"), _stress(character, ruleset, derived)),
            _section("consequences", _("Consequences"), _consequences(character, ruleset, derived)),
        ]
        points = str(character.fate_points)
        pending = ""
        if character.pending_fate_points:
            pending = ngettext("{count} more at the end of the scene", "{count} more at the end of the scene",
                               character.pending_fate_points).format(count=character.pending_fate_points)
        return {
            "name": character.name.strip() or _("(unnamed)"),
            "kind": _("{ruleset} · {kind}").format(ruleset=rules_text(ruleset.name), kind=character.kind.label),
            "stats": [_item("refresh", _("Refresh"), str(derived.refresh)),
                      _item("fate-points", _("Fate points"), points, pending)],
            "sections": [s for s in sections if s["items"]],
            "ledger": ledger_lines(campaign, character),
            "notes": notes_view(character),
        }


def _aspects(character: Character, ruleset: RuleSet) -> list[dict]:
    rows: list[tuple[str, object]] = []
    if character.kind == CharacterKind.PC:
        slots = aspect_slots(character, ruleset)
        rows = [(role.label, character.aspects[i] if i is not None else None) for role, i in slots]
        used = {i for _role, i in slots if i is not None}
        rows += [(a.role.label, a) for i, a in enumerate(character.aspects) if i not in used]
    else:
        rows = [(a.role.label, a) for a in character.aspects]
    items = []
    for i, (label, aspect) in enumerate(rows):
        if aspect is None or not aspect.text.strip():
            continue
        note = ngettext("{count} free invoke", "{count} free invokes", aspect.free_invokes).format(
            count=aspect.free_invokes) if aspect.free_invokes else ""
        items.append(_item(f"aspect-{i}", label, aspect.text, note))
    return items


def _skill_name(ruleset: RuleSet, name: str) -> str:
    return rules_text(name) if name in ruleset.skills else name


def _skills(character: Character, ruleset: RuleSet, derived) -> list[dict]:
    if ruleset.modes is not None:  # Atomic Robo: skills follow the modes the character rated
        ratings = dict(derived.skills)
    else:
        ratings = dict(character.skills)
    if len(ruleset.skills) <= 6:  # approaches: every one, Mediocre (+0) too, as the sheet shows them
        for name in ruleset.skills:
            if character.skill_name(name) is None:
                ratings.setdefault(name, 0)
    rungs: dict[int, list[str]] = {}
    for name, rating in ratings.items():
        rungs.setdefault(rating, []).append(_skill_name(ruleset, name))
    order = {name: i for i, name in enumerate(ruleset.skills)}
    items = []
    for rating in sorted(rungs, reverse=True):
        names = sorted(rungs[rating], key=lambda n: (order.get(n, len(order)), n.casefold()))
        items.append(_item(f"rung-{rating}", ladder_label(rating), ", ".join(names)))
    if ruleset.modes is not None and character.modes:
        modes = ", ".join(f"{rules_text(name)} {ladder_label(r)}" for name, r in
                          sorted(character.modes.items(), key=lambda kv: -kv[1]))
        items.insert(0, _item("modes", _("Modes"), modes))
    return items


def _extras(character: Character, ruleset: RuleSet) -> list[dict]:
    items = []
    for i, extra in enumerate(character.active_extras()):
        lines = [_("Aspect: {aspect}").format(aspect=a) for a in extra.aspects if a.strip()]
        lines += [_("{skill} {rating}").format(skill=_skill_name(ruleset, s), rating=ladder_label(r))
                  for s, r in extra.skills.items()]
        lines += [_("{stunt}: {text}").format(stunt=s.name, text=s.text) if s.text.strip() else s.name
                  for s in extra.stunts if s.name.strip() or s.text.strip()]
        if extra.weapon:
            lines.append(_("Weapon {rating}").format(rating=extra.weapon))
        if extra.armor:
            lines.append(_("Armor {rating}").format(rating=extra.armor))
        items.append(_item(f"extra-{i}", extra.name or _("(unnamed)"), extra.description, lines=lines))
    return items


def _stress(character: Character, ruleset: RuleSet, derived) -> list[dict]:
    specs = {t.id: t for t in ruleset.stress.tracks}
    custom = {t.id: t for t in character.all_tracks()}
    items = []
    for i, (track_id, values) in enumerate(derived.stress.items()):
        track = custom.get(track_id)
        name = derived.track_names.get(track_id, track_id)
        name = name if track is not None else rules_text(name)  # the character's own tracks as typed
        marked = set(character.stress.get(track_id, []))
        boxes = [{"value": v, "marked": n in marked} for n, v in enumerate(values)]
        count = sum(b["marked"] for b in boxes)
        text = ngettext("{marked} of {count} box marked", "{marked} of {count} boxes marked", len(values)).format(
            marked=count, count=len(values))
        spec = specs.get(track_id)
        note = ""
        if spec is not None and spec.skills and character.stress_boxes is None:
            skill = max(spec.skills, key=lambda s: effective_rating(character, s, ruleset))
            note = _("{skill} {rating}").format(skill=_skill_name(ruleset, skill),
                                                rating=ladder_label(effective_rating(character, skill, ruleset)))
        elif track is not None:
            note = clears_text(track)
        items.append(_item(f"track-{i}", name, text, note, boxes=boxes))
    return items


def _consequences(character: Character, ruleset: RuleSet, derived) -> list[dict]:
    filled = {c.slot: c for c in character.consequences}
    items = []
    for i, slot in enumerate(derived.consequences):
        current = filled.get(slot.id)
        label = _("{slot} · absorbs {value}").format(slot=slot_text(slot), value=slot.value)
        text = current.text.strip() if current is not None else ""
        notes = []
        if current is not None and current.recovering:
            notes.append(_("Recovering"))
        if current is not None and current.free_invokes:
            notes.append(ngettext("{count} free invoke", "{count} free invokes", current.free_invokes).format(
                count=current.free_invokes))
        boxes = None
        if slot.condition:
            marked = current.boxes_marked if current is not None else 0
            boxes = [{"value": slot.value, "marked": n < marked} for n in range(slot.boxes)]
            if not text:
                text = ngettext("{marked} of {count} box marked", "{marked} of {count} boxes marked",
                                slot.boxes).format(marked=marked, count=slot.boxes)
        items.append(_item(f"slot-{i}", label, text or pgettext("consequence slot", "Free"), ", ".join(notes),
                           boxes=boxes))
    return items


# --- the scene, as the players' view shows it -----------------------------------------------------


def scene_snapshot(campaign: Campaign, language: str = "en") -> dict:
    """The scene being played as the players' view shows it (what the GM lets them see)."""
    with speaking(language):
        view = players_view(campaign, current_scene(campaign))
        zones = []
        names = {z.id: z.name for z in view.zones}
        for i, zone in enumerate(view.zones):
            lines = [aspect_line(a) for a in zone.aspects]
            if zone.who:
                lines.append(_("Here: {names}").format(names=", ".join(zone.who)))
            near = [names[a] for a in zone.adjacent if names.get(a)]
            if near:
                lines.append(_("Next to: {zones}").format(zones=", ".join(near)))
            zones.append(_item(f"zone-{i}", zone.name or _("(unnamed)"), lines=lines))
        sections = [
            _section("aspects", _("Situation aspects"), [_item(f"aspect-{i}", text=aspect_line(a))
                                                         for i, a in enumerate(view.aspects)]),
            _section("zones", _("Zones"), zones),
            _section("turns", turns_title(view), [_item(f"turn-{i}", text=turn_line(name, state))
                                                  for i, (name, state) in enumerate(view.turns)]),
            _section("contest", _("Contest"), [_item(f"contest-{i}", text=line)
                                               for i, line in enumerate(contest_lines(view))]),
            _section("challenge", _("Challenge"), [_item(f"task-{i}", text=line)
                                                   for i, line in enumerate(challenge_lines(view))]),
            _section("countdowns", _("Countdowns"), [_item(f"countdown-{i}", text=countdown_line(c))
                                                     for i, c in enumerate(view.countdowns)]),
        ]
        return {"title": view.scene or _("No scene is being played"),
                "sections": [s for s in sections if s["items"]]}


# --- the page's own words -----------------------------------------------------------------------


def page_words(language: str) -> dict:
    """Everything the page says besides the snapshots, in `language`, and the languages offered."""
    with speaking(language) as code:
        words = {
            "title": _("Fate Desk: your sheet at the table"),
            "connected": _("Connected"),
            "notConnected": _("Not connected"),
            "connecting": _("Connecting…"),
            "language": _("Language"),
            "scene": _("The scene"),
            "waiting": _("Waiting for the GM to let this device in…"),
            "refused": _("The GM did not let this device in. Ask your GM, then reload this page."),
            "invalid": _("This link is no longer valid: ask your GM for a new one."),
            "disconnected": _("The GM disconnected this device. Reload this page to ask to join again."),
            "noLink": _("Open this page with the link or QR code your GM gives you for your character."),
            "closed": _("The GM closed the table. This page connects again by itself when the table opens."),
            "full": _("Too many devices are at the table right now. This page tries again by itself."),
            "changed": _("Your sheet changed: {changes}"),
            "changedItem": _("{label}: {text}"),
            "boxMarked": _("box {number} of {count}, absorbs {value}, marked"),
            "boxEmpty": _("box {number} of {count}, absorbs {value}, empty"),
            "viewOnly": _("View only"),
            "viewOnlyRefused": _("Not done: the GM lets players only look at their sheets for now."),
            # acting from the page
            "play": _("Play"),
            "said": _("What the app said"),
            "roll": _("Roll"),
            "skill": _("Skill"),
            "action": _("Action"),
            "rollDice": _("Roll the dice"),
            "ownDice": _("I threw my own dice"),
            "die": _("Die {number}"),
            "enterDice": _("Use these dice"),
            "yourRoll": _("Your roll"),
            "dice": _("Dice"),
            "invoke": _("Invoke an aspect"),
            "aspect": _("Aspect"),
            "plusTwo": _("+2"),
            "reroll": _("Reroll"),
            "useFree": _("Use a free invoke"),
            "freeLeft": _("{aspect}: {count} free"),
            "invokeButton": _("Invoke"),
            "rerollDice": _("The dice of your reroll"),
            "styleBoost": _("Hit for one shift less and take a boost"),
            "tieAsFailure": _("Take the tie as a failure with a boost"),
            "boostName": _("Name the boost you got"),
            "advantageName": _("Name the aspect you created"),
            "finish": _("Done"),
            "setAside": _("Set aside"),
            "table": _("At the table"),
            "compel": _("A compel"),
            "accept": _("Accept"),
            "refuse": _("Refuse"),
            "hit": _("Take a hit"),
            "takeHit": _("Take the hit"),
            "extreme": _("The aspect the extreme consequence replaces"),
            "concede": _("Concede"),
            "concedeSure": _("Concede now? You leave the conflict on your own terms."),
            "concedeYes": _("Yes, concede"),
            "no": _("No"),
            "more": _("Ask the GM"),
            "selfCompel": _("Propose a compel on your own aspect"),
            "why": _("What complicates things (optional)"),
            "send": _("Send to the GM"),
            "propose": _("Propose a change to your sheet"),
            "proposeWhat": _("What"),
            "newAspect": _("An aspect"),
            "milestone": _("A milestone choice"),
            "where": _("Where"),
            "aspectText": _("The aspect"),
            "change": _("Change"),
            "details": _("Details"),
            "waitingFor": _("Waiting for the GM"),
            "pause": _("Pause the game"),
            "pauseNote": _("Only the GM sees that someone pressed it, not who."),
            "paused": _("Paused"),
            "ledger": _("Fate points this session"),
            "noLedger": _("No fate points gained or spent this session yet."),
            "notes": _("Notes"),
            "saveNotes": _("Save the notes"),
            "notesLong": _("Your notes are longer than this page can edit: the GM's computer edits them."),
            "sending": _("Sending…"),
            "notDone": _("Not done: {reason}"),
            "lost": _("Not done: the connection dropped. Look at your sheet, then try again."),
        }
        return {
            "protocol": PROTOCOL,
            "code": code,
            "dir": "rtl" if is_rtl(code) else "ltr",
            "words": words,
            "languages": [[c, name] for c, name in LANGUAGES.items()],
        }
