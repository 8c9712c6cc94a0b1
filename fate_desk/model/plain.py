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


def plain_data_problem(value, max_depth: int = MAX_DEPTH) -> str | None:
    """The first thing in `value` that could not be saved again, as 'where: what'; else None."""
    stack = [(value, 0, "")]
    while stack:
        item, depth, where = stack.pop()
        if depth > max_depth:
            shown = where if len(where) <= 60 else where[:50] + "…"
            return _("{where}: nested more than {depth} levels deep").format(where=shown or _("the file"), depth=max_depth)
        if isinstance(item, str):
            if not _encodable(item):
                return _("{where}: holds a broken character (a lone UTF-16 surrogate)").format(where=where or _("the file"))
        elif isinstance(item, float):
            if not math.isfinite(item):
                return _("{where}: {number} is not a number Fate Desk can keep").format(where=where or _("the file"), number=item)
        elif isinstance(item, dict):
            for key, child in item.items():
                key_text = str(key)
                if not _encodable(key_text):
                    return _("{where}: a field name holds a broken character (a lone UTF-16 surrogate)").format(
                        where=where or _("the file"))
                stack.append((child, depth + 1, f"{where}.{key_text}" if where else key_text))
        elif isinstance(item, (list, tuple)):
            for index, child in enumerate(item):
                stack.append((child, depth + 1, f"{where}[{index}]"))
    return None


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
