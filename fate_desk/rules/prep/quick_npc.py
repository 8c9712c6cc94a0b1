"""Build a minor NPC from one typed line, for the GM's "quick NPC" action.

Parts are separated by semicolons, or by commas in a line with no semicolon (what people type):
the first is the name; a part that gives a rating is a skill ("Fair (+2) at Getting into Bar
Fights", "Good Shoot", "Fight +2", "+1 Notice"); "2 stress" sets stress boxes; "stunt: ..." (or
"stunt: Name: ...") adds a stunt; anything else is an aspect. Split at commas, a stunt keeps the
pieces after it up to the next part that is a rating, stress or another stunt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fate_desk.i18n import _
from fate_desk.model import LADDER, Aspect, Character, CharacterKind, Stunt

_NAMES = {name.lower(): value for value, name in LADDER.items()}
_WORD = "|".join(sorted(_NAMES, key=len, reverse=True))
_RATING_FIRST = re.compile(
    rf"^(?:(?P<word>{_WORD})\s*(?:\((?P<paren>[+-]?\d+)\))?|(?P<num>[+-]\d+))\s*(?:at\s+)?(?P<skill>.+)$",
    re.IGNORECASE,
)
_RATING_LAST = re.compile(r"^(?P<skill>.+?)\s+(?P<num>[+-]\d+)$")
_STRESS = re.compile(r"^(?P<n>\d+)\s*(?:stress|boxes|stress boxes?)$", re.IGNORECASE)  # i18n: not shown
_STUNT = re.compile(r"^stunt\s*:\s*(?P<text>.+)$", re.IGNORECASE)


@dataclass
class QuickNpc:
    character: Character
    notes: list[str] = field(default_factory=list)  # what was understood, or guessed


def _stunt(typed: str) -> Stunt:
    """"stunt: Name: what it does" names the stunt; without a name the text stands alone
    (copying the text into the name made every card print it twice)."""
    name, colon, text = typed.partition(":")
    if colon and name.strip() and text.strip() and len(name) <= 40:
        return Stunt(name=name.strip(), text=text.strip())
    return Stunt(text=typed.strip())


def _known(part: str) -> bool:
    """A part that is a stress count, a stunt or a rated skill (not an aspect's words)."""
    return bool(_STRESS.match(part) or _STUNT.match(part) or _RATING_FIRST.match(part)
                or _RATING_LAST.match(part))


def _split(line: str) -> tuple[list[str], str]:
    """The parts of a line, and a note when they were split at commas."""
    if ";" in line or "," not in line:
        return [p.strip() for p in line.split(";") if p.strip()], ""
    parts: list[str] = []
    for piece in (p.strip() for p in line.split(",")):
        if not piece:
            continue
        if parts and _STUNT.match(parts[-1]) and not _known(piece):
            parts[-1] += f", {piece}"  # "stunt: +2 to Provoke, when chanting" stays one stunt
        else:
            parts.append(piece)
    return parts, (_(
"Parts were split at commas; use semicolons between parts when an aspect "
                   "itself has a comma."))


def parse_quick_npc(line: str, track: str = "stress") -> QuickNpc:
    parts, split_note = _split(line)
    if not parts:
        raise ValueError(_("Type at least a name, e.g. \"Bouncer; Built Like a Door; Fair (+2) Fight\"."))
    name, rest = parts[0], parts[1:]
    aspects: list[Aspect] = []
    skills: dict[str, int] = {}
    stunts: list[Stunt] = []
    boxes: int | None = None
    notes: list[str] = [split_note] if split_note and rest else []
    for part in rest:
        if m := _STRESS.match(part):
            boxes = int(m["n"])
        elif m := _STUNT.match(part):
            stunts.append(_stunt(m["text"]))
        elif m := _RATING_FIRST.match(part):
            value = int(m["paren"]) if m["paren"] else _NAMES[m["word"].lower()] if m["word"] else int(m["num"])
            skills[m["skill"].strip()] = value
        elif m := _RATING_LAST.match(part):
            skills[m["skill"].strip()] = int(m["num"])
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
