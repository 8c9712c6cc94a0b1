"""Build a minor NPC from one typed line, for the GM's "quick NPC" action.

Parts are separated by semicolons, or by commas in a line with no semicolon (what people type):
the first is the name; a part that gives a rating is a skill ("Fair (+2) at Getting into Bar
Fights", "Good Shoot", "Fight +2", "+1 Notice"); "2 stress" sets stress boxes; "stunt: Name",
"stunt: Name: what it does" or "stunt: what it does" adds a stunt; anything else is an aspect. Split at commas, a stunt keeps the
pieces after it up to the next part that is a rating, stress or another stunt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fate_desk.i18n import _, language, pgettext, rules_text
from fate_desk.model import LADDER, Aspect, Character, CharacterKind, Stunt
from fate_desk.rules.creation.loader import get_ruleset

class _Grammar:
    """The words a quick NPC line is read with: English always, and the interface language's
    (its ladder words, "stunt", "stress", "at" and the rule sets' skill names) too."""

    def __init__(self) -> None:
        self.names = {name.lower(): value for value, name in LADDER.items()}
        self.names.update({_(name).lower(): value for value, name in LADDER.items()})
        word = "|".join(re.escape(w) for w in sorted(self.names, key=len, reverse=True))
        # Translators: a word a GM types in a quick NPC line, as in "Fair (+2) at Fight"; lower case.
        at = "|".join(re.escape(w) for w in {"at", pgettext("quick NPC line", "at").lower()})
        self.rating_first = re.compile(
            rf"^(?:(?P<word>{word})\s*(?:\((?P<paren>[+-]?\d+)\))?|(?P<num>[+-]\d+))\s*(?:(?:{at})\s+)?(?P<skill>.+)$",
            re.IGNORECASE,
        )
        # Translators: words a GM types in a quick NPC line, as in "2 stress" or "3 boxes"; lower case.
        stress = {"stress", "boxes", "stress box", "stress boxes",  # i18n: English always works
                  pgettext("quick NPC line", "stress").lower(),
                  pgettext("quick NPC line", "boxes").lower()}
        stress_words = "|".join(re.escape(w) for w in sorted(stress, key=len, reverse=True))
        self.stress = re.compile(rf"^(?P<n>\d+)\s*(?:{stress_words})$", re.IGNORECASE)
        # Translators: the word that starts a stunt in a quick NPC line, as in "stunt: ..."; lower case.
        stunt = "|".join(re.escape(w) for w in {"stunt", pgettext("quick NPC line", "stunt").lower()})
        self.stunt = re.compile(rf"^(?:{stunt})\s*:\s*(?P<text>.+)$", re.IGNORECASE)
        # A skill typed by the name the sheet shows is kept by the rule set's own name.
        self.skills: dict[str, str] = {}
        for ruleset_id in ("fate-condensed", "fate-core", "fate-accelerated"):
            for skill in get_ruleset(ruleset_id).skills:
                self.skills[rules_text(skill).lower()] = skill

    def skill(self, typed: str) -> str:
        return self.skills.get(typed.strip().lower(), typed.strip())


_GRAMMARS: dict[str, _Grammar] = {}


def _grammar() -> _Grammar:
    code = language()
    if code not in _GRAMMARS:
        _GRAMMARS[code] = _Grammar()
    return _GRAMMARS[code]


_RATING_LAST = re.compile(r"^(?P<skill>.+?)\s+(?P<num>[+-]\d+)$")


@dataclass
class QuickNpc:
    character: Character
    notes: list[str] = field(default_factory=list)  # what was understood, or guessed


_RULE_WORDS = re.compile(r"[\d+−-]")  # a bonus or a number: what a stunt does, not what it is called


def _stunt(typed: str) -> Stunt:
    """"stunt: Name: what it does" names the stunt; "stunt: Sucker Punch", a few words with no
    bonus or number in them, is its name; anything longer is what it does, without a name
    (copying the text into the name made every card print it twice)."""
    name, colon, text = typed.partition(":")
    if colon and name.strip() and text.strip() and len(name) <= 40:
        return Stunt(name=name.strip(), text=text.strip())
    typed = typed.strip()
    if len(typed) <= 40 and len(typed.split()) <= 6 and not _RULE_WORDS.search(typed):
        return Stunt(name=typed)
    return Stunt(text=typed)


def _known(part: str) -> bool:
    """A part that is a stress count, a stunt or a rated skill (not an aspect's words)."""
    grammar = _grammar()
    return bool(grammar.stress.match(part) or grammar.stunt.match(part) or grammar.rating_first.match(part)
                or _RATING_LAST.match(part))


def _split(line: str) -> tuple[list[str], str]:
    """The parts of a line, and a note when they were split at commas."""
    if ";" in line or "," not in line:
        return [p.strip() for p in line.split(";") if p.strip()], ""
    parts: list[str] = []
    for piece in (p.strip() for p in line.split(",")):
        if not piece:
            continue
        if parts and _grammar().stunt.match(parts[-1]) and not _known(piece):
            parts[-1] += f", {piece}"  # "stunt: +2 to Provoke, when chanting" stays one stunt
        else:
            parts.append(piece)
    return parts, (_(
"Parts were split at commas; use semicolons between parts when an aspect "
                   "itself has a comma."))


# Chinese, Japanese and Korean keyboards type these by default; they separate parts just as well.
_FULL_WIDTH = str.maketrans({"；": ";", "，": ",", "：": ":", "（": "(", "）": ")", "＋": "+", "－": "-"})


def parse_quick_npc(line: str, track: str = "stress") -> QuickNpc:
    parts, split_note = _split(line.translate(_FULL_WIDTH))
    if not parts:
        raise ValueError(_("Type at least a name, e.g. \"Bouncer; Built Like a Door; Fair (+2) Fight\"."))
    name, rest = parts[0], parts[1:]
    aspects: list[Aspect] = []
    skills: dict[str, int] = {}
    stunts: list[Stunt] = []
    boxes: int | None = None
    notes: list[str] = [split_note] if split_note and rest else []
    grammar = _grammar()
    for part in rest:
        if m := grammar.stress.match(part):
            boxes = int(m["n"])
        elif m := grammar.stunt.match(part):
            stunts.append(_stunt(m["text"]))
        elif m := grammar.rating_first.match(part):
            value = int(m["paren"]) if m["paren"] else grammar.names[m["word"].lower()] if m["word"] else int(m["num"])
            skills[grammar.skill(m["skill"])] = value
        elif m := _RATING_LAST.match(part):
            skills[grammar.skill(m["skill"])] = int(m["num"])
        else:
            aspects.append(Aspect(text=part))
    if boxes is None:
        boxes = 1
        notes.append(_("No stress given: one box, as for a nameless minor NPC."))
    if boxes > 20:
        raise ValueError(_("{boxes} stress boxes is more than Fate Desk allows (20).").format(boxes=boxes))
    character = Character(
        kind=CharacterKind.MINOR_NPC,
        name=name,
        aspects=aspects,
        skills=skills,
        stunts=stunts,
        refresh=0,
        fate_points=0,
        stress_boxes={track: [1] * boxes},
    )
    return QuickNpc(character, notes)
