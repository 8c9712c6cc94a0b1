"""How much one character may hold: far past any character a table makes, and short of what would
make the app slow to show it or print it. Enforced where characters come in (import, `check`,
`export`, a pack's samples) and on every edit; docs/file-format.md says why each is where it is.

The counts come from the rule sets: a rule set may list at most 200 skills and 50 aspect slots
(fate_desk.rules.creation.ruleset), and a character has at most one rating per skill; the books'
characters have 5 aspects, 3 to 5 stunts, a handful of extras. A character's own tracks and its
extras' share the sheet's track area, which holds 20 (the printed sheet lays out that many).
"""

from __future__ import annotations

from typing import Any

from fate_desk.i18n import _, format_count, ngettext

MAX_SKILLS = 200  # the most a rule set may list; custom skills count too
MAX_ASPECTS = 50  # the most aspect slots a rule set may have (the books' characters have 5)
MAX_STUNTS = 40  # eight times the five a Fate Core or Condensed PC can buy; NPCs pay nothing, but no GM writes forty
MAX_EXTRAS = 50  # as Character.extras allows
MAX_TRACKS = 20  # the character's own and its extras', together
MAX_TRACK_BOXES = 200  # in all those tracks at their longest: the Toolkit's six conditions have 14
MAX_CONSEQUENCES = 50  # as Character.consequences allows
MAX_HISTORY = 10_000  # milestones, harm and recovery over years of weekly play are a few hundred

MAX_NAME = 200  # a name, a stunt's name
MAX_LINE = 1_000  # an aspect, a consequence, the description (one line on the sheet)
MAX_STUNT_TEXT = 2_000  # a stunt's rules text: a paragraph or two, as a pack's may be
MAX_NOTES = 200_000  # about 80 printed pages: backstory, session notes and whatever an import kept
MAX_SKILL_NAME = 80  # as a rule set's skill names


_COUNTED = {"skills": MAX_SKILLS, "aspects": MAX_ASPECTS, "stunts": MAX_STUNTS, "extras": MAX_EXTRAS,
            "tracks": MAX_TRACKS, "boxes": MAX_TRACK_BOXES, "consequences": MAX_CONSEQUENCES,
            "advancement": MAX_HISTORY}


def _too_many(what: str, count: int) -> str:
    """"this character has {count} skills; Fate Desk keeps at most {limit}", for `what`."""
    if what == "skills":
        message = ngettext("this character has {count} skill; Fate Desk keeps at most {limit}",
                           "this character has {count} skills; Fate Desk keeps at most {limit}", count)
    elif what == "aspects":
        message = ngettext("this character has {count} aspect; Fate Desk keeps at most {limit}",
                           "this character has {count} aspects; Fate Desk keeps at most {limit}", count)
    elif what == "stunts":
        message = ngettext("this character has {count} stunt; Fate Desk keeps at most {limit}",
                           "this character has {count} stunts; Fate Desk keeps at most {limit}", count)
    elif what == "extras":
        message = ngettext("this character has {count} extra; Fate Desk keeps at most {limit}",
                           "this character has {count} extras; Fate Desk keeps at most {limit}", count)
    elif what == "tracks":
        message = ngettext("this character has {count} track counting its extras'; Fate Desk keeps at most {limit}",
                           "this character has {count} tracks counting its extras'; Fate Desk keeps at most {limit}",
                           count)
    elif what == "boxes":
        message = ngettext("this character's tracks have {count} box in all; Fate Desk keeps at most {limit}",
                           "this character's tracks have {count} boxes in all; Fate Desk keeps at most {limit}", count)
    elif what == "consequences":
        message = ngettext("this character has {count} consequence; Fate Desk keeps at most {limit}",
                           "this character has {count} consequences; Fate Desk keeps at most {limit}", count)
    else:
        message = ngettext("this character has {count} entry in its history; Fate Desk keeps at most {limit}",
                           "this character has {count} entries in its history; Fate Desk keeps at most {limit}", count)
    return message.format(count=format_count(count), limit=format_count(_COUNTED[what]))


def _too_long(what: str, length: int, limit: int, **values) -> str:
    """"its notes are 1,000,000 characters long; Fate Desk keeps at most 200,000", for `what`."""
    if what == "name":
        message = _("its name is {count} characters long; Fate Desk keeps at most {limit}")
    elif what == "description":
        message = _("its description is {count} characters long; Fate Desk keeps at most {limit}")
    elif what == "notes":
        message = _("its notes are {count} characters long; Fate Desk keeps at most {limit}")
    elif what == "aspect":
        message = _("aspect {number} is {count} characters long; Fate Desk keeps at most {limit}")
    elif what == "stunt_name":
        message = _("the name of stunt {number} is {count} characters long; Fate Desk keeps at most {limit}")
    elif what == "stunt":
        message = _("stunt {number} is {count} characters long; Fate Desk keeps at most {limit}")
    elif what == "consequence":
        message = _("consequence {number} is {count} characters long; Fate Desk keeps at most {limit}")
    else:
        message = _("the skill name {name} is {count} characters long; Fate Desk keeps at most {limit}")
    return message.format(count=format_count(length), limit=format_count(limit), **values)


def limit_problem(character) -> str | None:
    """What the character holds past the limits, as a sentence ("this character has 100,000
    skills; Fate Desk keeps at most 200"), or None."""
    counts = _counts(character)
    for what, count in counts.items():
        if count > _COUNTED[what]:
            return _too_many(what, count)
    for what, text, limit, values in _texts(character):
        if len(text) > limit:
            return _too_long(what, len(text), limit, **values)
    return None


def raw_limit_problem(data: Any) -> str | None:
    """The same for a character not yet read (a file's JSON), for what costs most to read:
    100,000 skills are refused before they are validated one by one."""
    if not isinstance(data, dict):
        return None
    for what in ("skills", "aspects", "stunts", "advancement"):
        value = data.get(what)
        if isinstance(value, (dict, list)) and len(value) > _COUNTED[what]:
            return _too_many(what, len(value))
    notes = data.get("notes")
    if isinstance(notes, str) and len(notes) > MAX_NOTES:
        return _too_long("notes", len(notes), MAX_NOTES)
    return None


def grew_past_limits(before, after) -> str | None:
    """What an edit would take past a limit, or None. A character already past one (kept from an
    older file) may still be edited in every way that does not take it further past: its notes
    may be shortened bit by bit, though not lengthened."""
    problem = limit_problem(after)
    if problem is None:
        return None
    was = _over(before)
    for key, amount in _over(after).items():
        if amount > was.get(key, 0):
            return problem
    return None


def _over(character) -> dict:
    """Each count and text past its limit, by what it is, with how big it is."""
    out = {}
    counts = _counts(character)
    for what, count in counts.items():
        if count > _COUNTED[what]:
            out[what] = count
    for what, text, limit, values in _texts(character):
        if len(text) > limit:
            out[(what, *values.values())] = len(text)
    return out


def _counts(character) -> dict:
    tracks = all_tracks(character)
    boxes = sum(len(t.boxes) + sum(len(level.add) for level in t.levels) for t in tracks)
    return {"skills": len(character.skills), "aspects": len(character.aspects), "stunts": len(character.stunts),
            "extras": len(character.extras), "tracks": len(tracks), "boxes": boxes,
            "consequences": len(character.consequences), "advancement": len(character.advancement)}


def all_tracks(character) -> list:
    tracks = list(character.tracks)
    for extra in character.extras:
        tracks += extra.tracks
    return tracks


def _texts(character):
    yield "name", character.name, MAX_NAME, {}
    yield "description", character.description, MAX_LINE, {}
    yield "notes", character.notes, MAX_NOTES, {}
    for number, aspect in enumerate(character.aspects, 1):
        yield "aspect", aspect.text, MAX_LINE, {"number": number}
    for number, stunt in enumerate(character.stunts, 1):
        yield "stunt_name", stunt.name, MAX_NAME, {"number": number}
        yield "stunt", stunt.text, MAX_STUNT_TEXT, {"number": number}
    for number, consequence in enumerate(character.consequences, 1):
        yield "consequence", consequence.text, MAX_LINE, {"number": number}
    for name in character.skills:
        yield "skill_name", name, MAX_SKILL_NAME, {"name": repr(name[:40])}
