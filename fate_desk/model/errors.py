"""Turn pydantic's validation errors into one readable line that names the field."""

from __future__ import annotations

from pydantic import ValidationError


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
    return "".join(parts) or "(top level)"


def describe(err: ValidationError, limit: int = 1) -> str:
    """'skills.Fight: Input should be a valid integer (got 'four')' for the first error(s)."""
    lines = []
    for item in err.errors()[:limit]:
        where = field_path(tuple(item.get("loc", ())))
        msg = item.get("msg", "is not valid")
        got = item.get("input")
        if item.get("type") == "extra_forbidden":
            msg = "is not a field Fate Desk knows"
            lines.append(f"{where}: {msg}")
            continue
        if item.get("type") == "missing":
            lines.append(f"{where}: is missing")
            continue
        shown = repr(got)
        if len(shown) > 40:
            shown = shown[:37] + "..."
        lines.append(f"{where}: {msg} (got {shown})")
    more = len(err.errors()) - limit
    text = "; ".join(lines)
    if more > 0:
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    return text
