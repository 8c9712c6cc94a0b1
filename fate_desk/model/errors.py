"""Turn pydantic's validation errors into one readable line that names the field."""

from __future__ import annotations

import reprlib

from pydantic import ValidationError

from fate_desk.i18n import _, ngettext


def field_path(loc: tuple) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        else:
            # pydantic adds the member's tag for unions; the user never typed it
            if item in ("hazard", "block", "distraction") and parts:
                continue
            parts.append(("." if parts else "") + str(item))
    return "".join(parts) or _("(top level)")


def describe(err: ValidationError, limit: int = 1) -> str:
    """'skills.Fight: Input should be a valid integer (got 'four')' for the first error(s)."""
    lines = []
    for item in err.errors()[:limit]:
        where = field_path(tuple(item.get("loc", ())))
        msg = item.get("msg") or _("is not valid")
        got = item.get("input")
        if item.get("type") == "extra_forbidden":
            lines.append(_("{where}: is not a field Fate Desk knows").format(where=where))
            continue
        if item.get("type") == "missing":
            lines.append(_("{where}: is missing").format(where=where))
            continue
        if item.get("type") == "value_error":
            # One of our own sentences (already in the user's language): pydantic's prefix goes,
            # and a whole table or list it was about is no help to see again.
            msg = msg.removeprefix("Value error, ")  # i18n: not shown (pydantic's prefix, removed)
            if isinstance(got, (dict, list)):
                lines.append(_("{where}: {message}").format(where=where, message=msg))
                continue
        shown = reprlib.repr(got)  # never the whole of a 10 MB text or a 100,000-entry table
        if len(shown) > 40:
            shown = shown[:37] + "..."
        # pydantic's own message stays in English: it comes from pydantic, not from us
        lines.append(_("{where}: {message} (got {value})").format(where=where, message=msg, value=shown))
    more = len(err.errors()) - limit
    text = "; ".join(lines)
    if more > 0:
        text = ngettext(
            "{problems} (and {count} more problem)", "{problems} (and {count} more problems)", more,
        ).format(problems=text, count=more)
    return text
