"""What the Foundry (FCO, FateX) and Fari converters share: labels for aspects and harm, text
as HTML and back, defensive readers that name the field, and the import summary for the user.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from fate_desk.i18n import _, ngettext
from fate_desk.model import (
    AspectRole,
    CampaignOptions,
    Character,
    ConditionsMode,
    CustomTrack,
    RuleBreak,
    Severity,
)
from fate_desk.rules.prep.editing import FORMER_RULE_BREAK_NAMES, NAMED_RULE_BREAKS, SCALES

from fate_desk.interop.fari.reading import (
    _kind,  # the Fari reader's way of naming a wrong value, for the same messages
)
from fate_desk.interop.fari.labels import (
    PLACEHOLDER, STRESS, TRACK_WORDS, aspect_role, html_to_text, norm, severity_of,
)
from fate_desk.interop.foreign_names import is_academics, is_approach, rule_set_skill
from fate_desk.rules.creation.loader import pack_of
from fate_desk.store.interchange import FileFormatError

__all__ = [
    "ImportLog", "actor_reader", "aspect_labels", "covering_options", "html_to_text", "norm", "plain_to_html",
    "restore_repeated", "role_of", "rule_break_from_label", "rule_break_label", "scale_from_text",
    "severity_of", "stunt_labels", "unique_labels",
]

ROLE_LABELS = {
    AspectRole.HIGH_CONCEPT: "High Concept",  # i18n: file format
    AspectRole.TROUBLE: "Trouble",
    AspectRole.RELATIONSHIP: "Relationship",
    AspectRole.FREE: "Aspect",
}


def plain_to_html(text: str) -> str:
    """Plain text for an HTML field: escaped, line breaks kept as <br>."""
    return html.escape(text, quote=False).replace("\r\n", "\n").replace("\n", "<br>")


def unique_labels(labels: list[str]) -> list[str]:
    """The labels, with ' 2', ' 3'... added where one repeats (FCO keys entries by name)."""
    seen: dict[str, int] = {}
    out = []
    taken = set()
    for label in labels:
        candidate, n = label, seen.get(label, 1)
        while candidate in taken:
            n += 1
            candidate = f"{label} {n}"
        seen[label] = n
        taken.add(candidate)
        out.append(candidate)
    return out


def aspect_labels(character: Character, free_label: str = "Aspect") -> list[str]:
    labels = [ROLE_LABELS[a.role] if a.role != AspectRole.FREE else free_label for a in character.aspects]
    return unique_labels(labels)


def stunt_labels(character: Character) -> list[str]:
    """Stunt names, with 'Stunt 1'... for unnamed ones (read back as unnamed)."""
    labels = [s.name.strip() or f"Stunt {i}" for i, s in enumerate(character.stunts, 1)]
    return unique_labels(labels)


_NUMBERED = re.compile(r"^(.*\S) ([2-9]|[1-9]\d{1,2})$")


def restore_repeated(names: list[str]) -> list[str]:
    """Undo `unique_labels`: 'Quick Hands 2' after a 'Quick Hands' is a repeat of that name.

    A name is taken back only when the name it would repeat came earlier, so 'Round 2' on its
    own stays as written.
    """
    out: list[str] = []
    for name in names:
        found = _NUMBERED.match(name)
        out.append(found.group(1) if found and found.group(1) in out else name)
    return out


def covering_options(character: Character, options: CampaignOptions | None) -> CampaignOptions | None:
    """The campaign options to export with: when no campaign says (a single character file),
    the ones its filled slots need, so an Extreme consequence or a condition keeps its value."""
    if options is not None or character.consequence_slots is not None:
        return options
    slots = {c.slot for c in character.consequences}
    conditions = ConditionsMode.PLAIN if slots & set(CONDITION_NAMES) else ConditionsMode.OFF
    if conditions == ConditionsMode.OFF and "extreme" not in slots:
        return None
    return CampaignOptions(conditions=conditions, extreme_consequences="extreme" in slots)


# --- monster rule breaks and scale, as the other tools' users read them --------------------

RULE_BREAK = "Rule break"  # i18n: file format
SCALE = "Scale"


def rule_break_label(rule_break: RuleBreak) -> str:
    """'Rule break: Solo bonus' for the book's named ones, 'Rule break' for the GM's own."""
    named = NAMED_RULE_BREAKS.get(rule_break.kind)
    return f"{RULE_BREAK}: {named}" if named else RULE_BREAK


def rule_break_from_label(label: str, text: str) -> RuleBreak | None:
    """The rule break a plain label written by `rule_break_label` (numbered or not) stands for."""
    plain = _NUMBERED.sub(r"\1", label.strip())
    if not plain.casefold().startswith(RULE_BREAK.casefold()):
        return None
    rest = plain[len(RULE_BREAK):].lstrip(" :")
    names = [*NAMED_RULE_BREAKS.items(), *((v, k) for k, v in FORMER_RULE_BREAK_NAMES.items())]
    kind = next((k for k, v in names if norm(v) == norm(rest, html=False)), "custom")
    return RuleBreak(kind=kind, text=text)


def rule_breaks_note(character: Character, where: str) -> list[str]:
    """The export summary's line for a monster's rule breaks, saying where they went."""
    n = len(character.rule_breaks)
    if not n:
        return []
    who = character.name or _("unnamed character")
    return [ngettext("{who}: {count} rule break written {where}", "{who}: {count} rule breaks written {where}",
                     n).format(who=who, count=n, where=where)]


def scale_line(scale: str | None) -> str:
    return f"{SCALE}: {scale}" if scale else ""


def scale_from_text(text: str) -> tuple[str | None, str]:
    """A 'Scale: Supernatural' line taken out of a text, and the text without it."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        name, _sep, value = line.partition(":")
        if _ and norm(name) == norm(SCALE) and value.strip().casefold() in {s.casefold() for s in SCALES}:
            scale = next(s for s in SCALES if s.casefold() == value.strip().casefold())
            rest = "\n".join(lines[:i] + lines[i + 1:]).strip()
            return scale, rest
    return None, text


MODES = "Modes"  # i18n: file format (Atomic Robo's mode ratings, read back by the importers)
_MODE = re.compile(r"\s*(.+?)\s+([+-]?\d{1,2})\s*")


def modes_line(modes: dict[str, int]) -> str:
    """'Modes: Action +3, Science +2': the mode ratings where the other tool's user reads them."""
    return f"{MODES}: " + ", ".join(f"{name} {rating:+d}" for name, rating in modes.items()) if modes else ""


def modes_from_text(text: str, rules) -> tuple[dict[str, int], str]:
    """The mode ratings a 'Modes: …' line of a text gives (for a rule set of modes), and the text
    without the line; a line naming modes the rule set lacks stays in the text."""
    if rules.modes is None:
        return {}, text
    known = {m.name.casefold(): m.name for m in rules.modes.modes}
    lines = text.split("\n")
    for i, line in enumerate(lines):
        name, sep, value = line.partition(":")
        if not sep or norm(name, html=False) != norm(MODES, html=False):
            continue
        modes = {}
        for part in value.split(","):
            found = _MODE.fullmatch(part) if len(part) <= 120 else None  # a mode's name is short
            if not found or found.group(1).casefold() not in known:
                break
            modes[known[found.group(1).casefold()]] = int(found.group(2))
        else:
            if modes:
                return modes, "\n".join(lines[:i] + lines[i + 1:]).strip()
    return {}, text


def role_of(label: str) -> AspectRole:
    return aspect_role(norm(label)) or AspectRole.FREE


def placeholder_name(name: str) -> bool:
    """'Stunt 2' and the like (plain text): a name the exporter or a template made up, not the
    player. A name of symbols or numbers only ("<b>", "<3", "—") is the player's."""
    plain = norm(name, html=False)
    return bool(plain) and not plain.replace(" ", "").isdigit() and bool(PLACEHOLDER.fullmatch(plain))


# --- reading untrusted JSON ---------------------------------------------------------------

@dataclass
class Reader:
    """Reads fields of a foreign document; wrong types are one-line FileFormatErrors."""

    source: str

    def fail(self, at: str, problem: str) -> FileFormatError:
        return FileFormatError(self.source, f"{at}: {problem}")

    def obj(self, value: Any, at: str, missing_ok: bool = True) -> dict:
        if value is None and missing_ok:
            return {}
        if not isinstance(value, dict):
            raise self.fail(at, _("expected a JSON object, got {found}").format(found=_kind(value)))
        return value

    def items(self, value: Any, at: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(at, _("expected a list, got {found}").format(found=_kind(value)))
        return value

    def text(self, value: Any, at: str) -> str:
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(int(value)) if float(value).is_integer() else str(value)
        raise self.fail(at, _("expected text, got {found}").format(found=_kind(value)))

    def number(self, value: Any, at: str) -> int | None:
        """A whole number (numbers, or text holding one); None when missing or empty."""
        if value is None or value == "":
            return None
        if isinstance(value, bool):
            raise self.fail(at, _("expected a whole number, got {found}").format(found=_kind(value)))
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer() and abs(value) < 1e9:
            return int(value)
        if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d{1,6}\s*", value):
            return int(value)
        raise self.fail(at, _("expected a whole number, got {found}").format(found=_kind(value)))


def actor_reader(data: Any, source: str) -> Reader:
    """A reader for a Foundry actor export; anything but a JSON object is refused."""
    reader = Reader(source)
    if not isinstance(data, dict):
        raise reader.fail(_("(top level)"), _("expected a Foundry actor (a JSON object)"))
    return reader


class ForeignActor:
    """What the Foundry actor readers share: the document, its reader, name, system and log."""

    source_name = ""

    def __init__(self, data: dict, r: Reader):
        self.data, self.r = data, r
        self.name = r.text(data.get("name"), "name").strip()  # a plain string in Foundry
        # Foundry before 10 kept the system's fields under `data`.
        self.system = r.obj(data.get("system", data.get("data")), "system")
        self.log = ImportLog(self.name, self.source_name)


def shown(value: Any) -> str:
    """A foreign value for the notes, on one line, never a whole nested structure."""
    if isinstance(value, str):
        return html_to_text(value)
    if isinstance(value, bool):
        return "yes" if value else "no"  # i18n: stored (a foreign value kept in the notes)
    if isinstance(value, (int, float)):
        return str(value)
    return ""


# --- what went where ----------------------------------------------------------------------

@dataclass
class ImportLog:
    """Counts of what mapped and what was kept in the notes, turned into lines for the user."""

    name: str
    source_format: str
    counts: dict[str, int] = field(default_factory=dict)
    kept: list[str] = field(default_factory=list)  # "Label: value" lines for the notes
    kept_names: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # remarks on guesses and repairs

    def count(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n

    def keep(self, where: str, value: str) -> None:
        value = value.strip()
        if value:
            self.kept.append(f"{where}: {value}" if where else value)
            self.kept_names.append(where or "(unnamed)")

    def note(self, text: str) -> None:
        self.notes.append(text)

    def kept_block(self) -> str:
        if not self.kept:
            return ""
        # In the character's notes: the same in every language, like the rest of the character.
        heading = f"Kept from {self.source_format} (no matching place on a Fate Desk sheet):\n"  # i18n: stored
        return heading + "\n".join(self.kept)

    def lines(self) -> list[str]:
        who = self.name or _("unnamed character")
        parts = [counted(what, n) for what, n in self.counts.items() if n]
        found = ", ".join(parts) if parts else _("nothing that maps")
        out = [_("{who}: from {source}, {found}").format(who=who, source=self.source_format, found=found)]
        if self.kept_names:
            names = ", ".join(self.kept_names[:6]) + (", …" if len(self.kept_names) > 6 else "")
            out.append(_("{who}: kept in the notes: {names}").format(who=who, names=names))
        out += [_("{who}: {note}").format(who=who, note=n) for n in self.notes]
        return out


def counted(what: str, n: int) -> str:
    """'3 skills': how many of one kind of thing an import brought over, in the user's language."""
    forms = {
        "aspect": lambda: ngettext("{count} aspect", "{count} aspects", n),
        "skill": lambda: ngettext("{count} skill", "{count} skills", n),
        "approach": lambda: ngettext("{count} approach", "{count} approaches", n),
        "stunt": lambda: ngettext("{count} stunt", "{count} stunts", n),
        "extra": lambda: ngettext("{count} extra", "{count} extras", n),
        "stress track": lambda: ngettext("{count} stress track", "{count} stress tracks", n),
        "consequence": lambda: ngettext("{count} consequence", "{count} consequences", n),
        "rule break": lambda: ngettext("{count} rule break", "{count} rule breaks", n),
    }
    if what in forms:
        return forms[what]().format(count=n)
    plural = what if what.endswith("s") else what + "s"  # i18n: not shown (every kind counted is above)
    return f"{n} {what if n == 1 else plural}"


SEVERITY_BY_VALUE = {2: Severity.MILD, 4: Severity.MODERATE, 6: Severity.SEVERE, 8: Severity.EXTREME}


# --- harm: which Fate Desk track or slot a foreign track is -------------------------------

CONDITION_NAMES = ("hurt", "scared", "injured", "shaken", "wounded", "demoralized")


def export_system(data: dict) -> str | None:
    """The Foundry system that exported a document: `flags.exportSource.system` (before
    Foundry 12) or `_stats.exportSource.systemId` / `_stats.systemId` (12 and later)."""
    flags = data.get("flags")
    if isinstance(flags, dict) and isinstance(flags.get("exportSource"), dict):
        system = flags["exportSource"].get("system")
        if isinstance(system, str):
            return system
    stats = data.get("_stats")
    if isinstance(stats, dict):
        source = stats.get("exportSource")
        if isinstance(source, dict) and isinstance(source.get("systemId"), str):
            return source["systemId"]
        if isinstance(stats.get("systemId"), str):
            return stats["systemId"]
    return None


def refresh_before_costs(refresh: int, stunts: int, extras: int, rules, stunt_cost: int = 1) -> int:
    """A PC's refresh before stunts and extras are paid for, from the refresh a Foundry sheet shows
    after them: `stunts` counts the stunts and the stunt slots extras fill (each costing
    `stunt_cost`; FCO's own costs are summed with a cost of 1), `extras` the extras' refresh.

    Fate Desk pays for stunts beyond the free ones and for extras separately, so that is what its
    exports take off. Fate Core Official's sheet counts the free stunts off the stunts' and extras'
    cost together, so a free stunt not taken pays for an extra (scripts/fcoCharacter.js: the spent
    refresh is the stunts' cost less the free stunts, which may go below nothing, plus the extras'),
    and accepts a sheet whose refresh and spent refresh come to no more than the game's: a sheet
    that adds up only that way is taken at the game's refresh, not above it."""
    free = rules.free_stunts
    separate = refresh + max(0, stunts - free) * stunt_cost + extras
    together = refresh + max(0, (stunts - free) * stunt_cost + extras)
    if separate > rules.refresh_start >= together:
        return rules.refresh_start
    return separate


def pack_track(rules, name: str, values: list[int], taken: set[str]) -> CustomTrack | None:
    """The game pack's own track template a track of this name and these boxes is (the Toolkit
    pack's Wounded, the Wealth hack's Wealth): what the other tool cannot hold of it (how it
    clears, what it absorbs, its notes, the skill it grows with) comes back from the pack. None
    when the rule set came with no pack, or no template fits."""
    pack = pack_of(rules.id)
    for template in getattr(pack, "tracks", None) or []:
        full = list(template.boxes) + [v for level in template.levels for v in level.add]
        if norm(template.name, html=False) != norm(name, html=False) or not len(template.boxes) <= len(values) \
                or values != full[:len(values)]:
            continue
        track_id = template.id if template.id not in taken else None
        if track_id is None:
            return None
        taken.add(track_id)
        return template.model_copy(update={"id": track_id}, deep=True)
    return None


def own_skill_name(name: str, rules, taken, foreign: bool = True) -> str:
    """The rule set's name for a skill a foreign sheet names ("ATHLETICS", "Kraft", "Аккуратный"),
    unless the sheet already has that skill; else the name as written. `foreign` False for a
    sheet that names the rule set's skills in English: Fate Desk's own translations are then not
    read (they take a moment to load)."""
    found = rule_set_skill(name, rules.skills, translated=foreign)
    if found is None or (found != name and found.casefold() in {t.casefold() for t in taken}):
        return name
    return found


def names_foreign_skills(names: list[str], rules) -> bool:
    """Whether a sheet names none of the rule set's skills as the rule set does: its skill names
    are then read in other languages too."""
    own = {skill.casefold() for skill in rules.skills}
    return not any(name.strip().casefold() in own for name in names)


def guess_ruleset_id(skills: list[str], stress: list[tuple[str, bool]], academics: tuple[str, ...] = ()) -> str:
    """The shipped rule set a Foundry actor was most likely made for, from its skills' names (in any
    language the tools ship) and its stress tracks as (name, boxes worth 1, 2, 3...): approaches
    are Fate Accelerated; Academics is Fate Condensed's alone; one track named only "Stress" is
    Fate Accelerated's; boxes worth 1, 2, 3... are Fate Core's; anything else is Fate Condensed."""
    if sum(1 for name in skills if is_approach(name)) >= 3:
        return "fate-accelerated"
    also = {norm(name, html=False) for name in academics}  # the tool's own word for it, if it has one
    if any(is_academics(name) or norm(name, html=False) in also for name in skills):
        return "fate-condensed"
    labels = [norm(name, html=False) for name, _escalating in stress]
    named = [label for label in labels if any(w.search(label) for w in TRACK_WORDS.values())]
    if len(stress) == 1 and not named and STRESS.search(labels[0]):
        return "fate-accelerated"
    if any(escalating for _name, escalating in stress):
        return "fate-core"
    return "fate-condensed"


def match_track(rules, name: str) -> str | None:
    """The rule set's stress track a foreign track's name means ('Physical Stress', 'Mental')."""
    label = norm(name)
    for track in rules.stress.tracks:
        words = TRACK_WORDS.get(track.id)
        if label in (norm(track.id), norm(track.name), norm(track.name) + " stress") or (words and words.search(label)):
            return track.id
    if len(rules.stress.tracks) == 1 and STRESS.search(label):
        return rules.stress.tracks[0].id
    return None


def condition_slot(name: str) -> str | None:
    label = norm(name)
    return label if label in CONDITION_NAMES else None


def consequence_slot(rules, severity: Severity, name: str, used: set[str]) -> str | None:
    """A free consequence slot of that severity; a mild one named for a track ('Mild Physical')
    takes that track's extra mild slot. None when no such slot is free."""
    if severity == Severity.EXTREME:
        return "extreme" if "extreme" not in used else None
    if severity == Severity.MILD and len(rules.stress.tracks) > 1:
        track = match_track(rules, name)
        if track is not None and f"mild_{track}" not in used:
            return f"mild_{track}"
    for rule in rules.consequences.slots:
        if rule.severity == severity and rule.id not in used:
            return rule.id
    return None


def box_values(label: str, harm: int | None, count: int) -> list[int]:
    """Each box's value from FCO/FateX box labels: escalating 1, 2, 3... or one value for all."""
    if label == "escalating":
        return list(range(1, count + 1))
    if len(label) == 1 and label.isdigit() and label != "0":
        return [int(label)] * count
    return [harm if harm and 0 < harm <= 20 else 1] * count
