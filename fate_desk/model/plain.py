"""Checks on plain JSON-like data before it is trusted: depth, strings, numbers.

Data a file brings in must also be data Fate Desk can save again: a lone surrogate cannot be
written as UTF-8, nesting past a few hundred levels cannot be serialised, and NaN or
infinity is not JSON. Refusing them at load keeps "opens but never saves" from happening.
"""

from __future__ import annotations

import math
import re

from fate_desk.i18n import _

MAX_DEPTH = 64


def plain_data_problem(value, max_depth: int = MAX_DEPTH, strings: bool = True) -> str | None:
    """The first thing in `value` that could not be saved again, as 'where: what'; else None.
    `strings`: look for lone surrogates in its text too (not needed for data parsed from UTF-8
    whose surrogate escapes were replaced, as store.interchange.parse_json does: there the text
    of a 1.5 MB Foundry actor, 25,000 strings, was most of the walk)."""
    # Where each item is, spelled out only for the one at fault: (item, depth, parent's place, key).
    stack: list[tuple] = [(value, 0, None, None)]
    while stack:
        item, depth, parent, key = stack.pop()
        if depth > max_depth:
            where = _spelled(parent, key)
            shown = where if len(where) <= 60 else where[:50] + "…"
            return _("{where}: nested more than {depth} levels deep").format(where=shown or _("the file"), depth=max_depth)
        if isinstance(item, str):
            if strings and not _encodable(item):
                return _("{where}: holds a broken character (a lone UTF-16 surrogate)").format(
                    where=_spelled(parent, key) or _("the file"))
        elif isinstance(item, float):
            if not math.isfinite(item):
                return _("{where}: {number} is not a number Fate Desk can keep").format(
                    where=_spelled(parent, key) or _("the file"), number=item)
        elif isinstance(item, dict):
            place = (parent, key)
            # What can hold no problem is not looked at again: text when `strings` is off, whole
            # numbers, true, false and null, while deep enough to be allowed.
            skip = _NEVER_AT_FAULT if strings else _NEVER_AT_FAULT + (str,)
            allowed = depth + 1 <= max_depth
            for child_key, child in item.items():
                key_text = str(child_key)
                if strings and not _encodable(key_text):
                    return _("{where}: a field name holds a broken character (a lone UTF-16 surrogate)").format(
                        where=_spelled(parent, key) or _("the file"))
                if not (allowed and isinstance(child, skip)):
                    stack.append((child, depth + 1, place, key_text))
        elif isinstance(item, (list, tuple)):
            place = (parent, key)
            skip = _NEVER_AT_FAULT if strings else _NEVER_AT_FAULT + (str,)
            allowed = depth + 1 <= max_depth
            for index, child in enumerate(item):
                if not (allowed and isinstance(child, skip)):
                    stack.append((child, depth + 1, place, index))
    return None


_NEVER_AT_FAULT = (int, type(None))  # bool is an int


def _spelled(parent, key) -> str:
    """An item's place as `plain_data_problem` says it: "a.b[2].c" ("" for the whole)."""
    keys = []
    while key is not None:
        keys.append(key)
        parent, key = parent
    where = ""
    for key in reversed(keys):  # a list's index is an int, a field name text
        where = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}" if where else key
    return where


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_surrogates(data):
    """`data` with every lone UTF-16 surrogate (from a JSON escape such as \\ud800, which no
    file can store) replaced by U+FFFD, and how many strings changed. Walks without recursion."""
    def fix(text):
        if not isinstance(text, str):
            return text, 0
        fixed = _SURROGATE.sub("\ufffd", text)
        return fixed, int(fixed != text)

    if not isinstance(data, (dict, list)):
        return fix(data)
    count = 0
    stack = [data]
    while stack:
        node = stack.pop()
        items = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, value in items:
            new_value, changed = fix(value)
            count += changed
            if isinstance(node, dict):
                new_key, key_changed = fix(key)
                count += key_changed
                if key_changed:
                    del node[key]
                node[new_key] = new_value
            else:
                node[key] = new_value
            if isinstance(value, (dict, list)):
                stack.append(value)
    return data, count


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
