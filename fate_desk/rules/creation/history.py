"""Recording operations on a character's history, and reverting the most recent one.

Every operation works on a copy, then `record` diffs the copy against the original and appends
a HistoryEntry whose FieldChanges say exactly what changed. `revert_last` applies those
changes backwards. Field paths look like `skills.Lore`, `stunts[3]`, `consequences[0].text`;
a dict key that holds `.`, `[`, `]` or `"` is written `skills["St. Elmo's Fire"]`.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from typing import Any, NamedTuple

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import Character, ClockStamp, FieldChange, HistoryEntry

from fate_desk.rules.creation.checker import Level, Problem
from fate_desk.rules.creation.derive import count_word

# Absent dict keys and list items are written as None: no dict or list in a Character holds None.
ABSENT = None
_SIMPLE_KEY = re.compile(r'^[^.\[\]"\s][^.\[\]"]*$')
_SKIPPED = frozenset({"advancement"})


class Refused(Exception):
    """An operation that would break a rule; nothing was changed. `problems` say why."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__(" ".join(p.message for p in self.problems))


class Applied(NamedTuple):
    """The new character and the history entry the operation appended to it."""

    character: Character
    entry: HistoryEntry


def refuse(code: str, path: str, message: str) -> Refused:
    return Refused([Problem(code, Level.ERROR, path, message)])


# The nouns counted() is asked for, each a whole message in both forms for the catalogue.
_COUNTED = {
    "shift": lambda n: ngettext("{count} shift", "{count} shifts", n),
    "success": lambda n: ngettext("{count} success", "{count} successes", n),
    "failure": lambda n: ngettext("{count} failure", "{count} failures", n),
    "task": lambda n: ngettext("{count} task", "{count} tasks", n),
    "other": lambda n: ngettext("{count} other", "{count} others", n),
    "exchange": lambda n: ngettext("{count} exchange", "{count} exchanges", n),
    "fate point": lambda n: ngettext("{count} fate point", "{count} fate points", n),
    "raise": lambda n: ngettext("{count} raise", "{count} raises", n),
    "skill point": lambda n: ngettext("{count} skill point", "{count} skill points", n),
    "session": lambda n: ngettext("{count} session", "{count} sessions", n),
}


def counted(n: int, noun: str, many: str | None = None, words: bool = True) -> str:
    """'one skill point', 'two raises', '3 fate points' (digits with words=False)."""
    number = count_word(n) if words else str(n)
    if noun in _COUNTED:
        return _COUNTED[noun](n).format(count=number)
    return f"{number} {noun if n == 1 else (many or noun + 's')}"


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# --- paths ------------------------------------------------------------------------------------


def join_path(prefix: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{prefix}[{key}]"
    if _SIMPLE_KEY.match(key) and key == key.rstrip():
        return f"{prefix}.{key}" if prefix else key
    return f"{prefix}[{json.dumps(key, ensure_ascii=False)}]"


def split_path(path: str) -> list[str | int]:
    """'consequences[0].text' -> ['consequences', 0, 'text']; inverse of join_path."""
    parts: list[str | int] = []
    i = 0
    while i < len(path):
        ch = path[i]
        if ch == ".":
            i += 1
            continue
        if ch == "[":
            if path[i + 1] == '"':
                decoder = json.JSONDecoder()
                key, end = decoder.raw_decode(path, i + 1)
                parts.append(key)
                i = end + 1  # past the closing bracket
            else:
                end = path.index("]", i)
                parts.append(int(path[i + 1 : end]))
                i = end + 1
            continue
        end = i
        while end < len(path) and path[end] not in ".[":
            end += 1
        parts.append(path[i:end])
        i = end
    return parts


# --- diff -------------------------------------------------------------------------------------


def diff_values(before: Any, after: Any, path: str, out: list[FieldChange]) -> None:
    """Append the smallest changes that turn `before` into `after` (JSON-like values)."""
    if before == after:
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key in before:
            if key not in after:
                out.append(FieldChange(field=join_path(path, key), before=before[key], after=ABSENT))
        for key in after:
            if key not in before:
                out.append(FieldChange(field=join_path(path, key), before=ABSENT, after=after[key]))
            else:
                diff_values(before[key], after[key], join_path(path, key), out)
        return
    if isinstance(before, list) and isinstance(after, list):
        _diff_lists(before, after, path, out)
        return
    out.append(FieldChange(field=path, before=before, after=after))


def _diff_lists(before: list, after: list, path: str, out: list[FieldChange]) -> None:
    if len(before) == len(after):
        for i, (b, a) in enumerate(zip(before, after)):
            diff_values(b, a, join_path(path, i), out)
        return
    shorter = min(len(before), len(after))
    head = 0
    while head < shorter and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < shorter - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    if head + tail != shorter:
        out.append(FieldChange(field=path, before=before, after=after))
        return
    if len(after) > len(before):
        # Inserted block: recorded in ascending order so replaying inserts in turn.
        for i in range(head, len(after) - tail):
            out.append(FieldChange(field=join_path(path, i), before=ABSENT, after=after[i]))
    else:
        # Removed block: recorded from the highest index down so replaying deletes in turn.
        for i in reversed(range(head, len(before) - tail)):
            out.append(FieldChange(field=join_path(path, i), before=before[i], after=ABSENT))


def diff_characters(before: Character, after: Character) -> list[FieldChange]:
    old = before.model_dump(mode="json")
    new = after.model_dump(mode="json")
    out: list[FieldChange] = []
    for key in old:
        if key not in _SKIPPED:
            diff_values(old[key], new[key], key, out)
    return out


# --- apply ------------------------------------------------------------------------------------


def _set(data: Any, parts: list[str | int], value: Any, inserting: bool, removing: bool) -> None:
    target = data
    for part in parts[:-1]:
        target = target[part]
    last = parts[-1]
    if removing:
        del target[last]
    elif inserting and isinstance(target, list):
        target.insert(last, value)
    else:
        target[last] = value


def apply_changes(data: dict, changes: list[FieldChange], backwards: bool) -> dict:
    """Replay changes on a JSON dump (forwards: to `after`; backwards: to `before`)."""
    for change in (reversed(changes) if backwards else changes):
        parts = split_path(change.field)
        old, new = (change.after, change.before) if backwards else (change.before, change.after)
        _set(data, parts, new, inserting=old is ABSENT, removing=new is ABSENT)
    return data


def _still_holds(data: Any, parts: list[str | int], expected: Any) -> bool:
    """Does the value at `parts` still equal what the entry wrote there?"""
    target = data
    for part in parts[:-1]:
        try:
            target = target[part]
        except (KeyError, IndexError, TypeError):
            return False
    last = parts[-1]
    if isinstance(target, list):
        if expected is ABSENT:
            return last <= len(target)  # an item was removed here; the list can take it back
        return isinstance(last, int) and last < len(target) and target[last] == expected
    if isinstance(target, dict):
        return target.get(last, ABSENT) == expected
    return False


# --- record and revert ------------------------------------------------------------------------


def normalise(character: Character) -> Character:
    """Run every validator again (mutated lists and dicts skip validate_assignment)."""
    return Character.model_validate(character.model_dump())


def record(
    before: Character,
    after: Character,
    kind: str,
    summary: str,
    when: ClockStamp | None = None,
    at: str | None = None,
) -> Applied:
    """Append a history entry for the step from `before` to `after`; return both."""
    after = normalise(after)
    entry = HistoryEntry(
        kind=kind,
        when=(when or ClockStamp()).model_copy(),
        at=at if at is not None else now_iso(),
        summary=summary,
        changes=diff_characters(before, after),
    )
    # Every part is already a checked model (`after` just now, the entry when it was made, the
    # earlier entries with `before`), so the new history is put in place without checking the
    # whole character a second time: at the end of a scene that second check was a third of
    # the step's time, and it grew with every entry the history held.
    final = after.model_copy(update={"advancement": [*before.advancement, entry]})
    return Applied(final, entry)


def revert_last(character: Character, force: bool = False) -> Applied:
    """Undo the most recent history entry; returns the restored character and that entry.

    Refused when nothing is recorded, or (unless `force`) when a recorded field has been
    edited since, so a revert never silently throws away later work.
    """
    if not character.advancement:
        raise refuse("history.empty", "advancement", _("There is nothing in the history to revert."))
    entry = character.advancement[-1]
    data = character.model_dump(mode="json")
    data["advancement"] = data["advancement"][:-1]
    if not force:
        # Replaying the other entries' changes is not needed: only the last entry's own
        # fields must still hold the values it wrote.
        probe = json.loads(json.dumps(data))
        for change in reversed(entry.changes):
            parts = split_path(change.field)
            if not _still_holds(probe, parts, change.after):
                raise refuse(
                    "history.edited",
                    change.field,
                    _("{field} was edited after “{summary}”; revert that edit first, or revert anyway to "
                      "lose it.").format(field=describe_field(change.field), summary=entry.summary),
                )
            apply_changes(probe, [change], backwards=True)
    apply_changes(data, entry.changes, backwards=True)
    return Applied(Character.model_validate(data), entry)


# --- listing ----------------------------------------------------------------------------------

_FIELD_WORDS = {
    "skills": N_("skill"),
    "stunts": N_("stunt"),
    "aspects": N_("aspect"),
    "consequences": N_("consequence"),
    "stress": N_("stress"),
    "refresh": N_("refresh"),
    "fate_points": N_("fate points"),
    "saved_skill_points": N_("saved skill points"),
    "carried_fate_points": N_("fate points carried"),
}


def describe_field(path: str) -> str:
    """'skills.Lore' -> 'Lore'; 'aspects[1].text' -> 'aspect 2'; 'refresh' -> 'Refresh'."""
    parts = split_path(path)
    head = parts[0]
    if head == "skills" and len(parts) > 1:
        return rules_text(str(parts[1]))
    word = _FIELD_WORDS.get(str(head))
    word = _(word) if word else str(head).replace("_", " ")
    if len(parts) > 1 and isinstance(parts[1], int):
        return _("{field} {number}").format(field=word, number=parts[1] + 1)
    if len(parts) > 1:
        return _("{field} ({key})").format(field=word, key=rules_text(str(parts[1])))
    return word[:1].upper() + word[1:]


def when_label(when: ClockStamp) -> str:
    bits = []
    if when.arc:
        bits.append(_("arc {number}").format(number=when.arc))
    if when.session:
        bits.append(_("session {number}").format(number=when.session))
    if when.scene:
        bits.append(_("scene {number}").format(number=when.scene))
    text = ", ".join(bits)
    return text[:1].upper() + text[1:] if text else _("Outside the campaign clock")


def history_lines(character: Character) -> list[str]:
    """One line per entry, oldest first: 'Arc 1, session 4: milestone — swapped Fight and Lore.'"""
    return [
        _("{when}: {kind} — {summary}").format(when=when_label(e.when), kind=rules_text(e.kind), summary=e.summary)
        for e in character.advancement
    ]
