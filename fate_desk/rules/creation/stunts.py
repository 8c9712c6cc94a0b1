"""The two stunt templates of the book, filled in from the parts a player picks."""

from __future__ import annotations

ACTIONS = ("overcome", "create an advantage", "attack", "defend")


def _clean(part: str) -> str:
    return " ".join(part.split()).rstrip(".")


def bonus_stunt_text(because: str, skill: str, action: str, when: str) -> str:
    """'Because I …, I get +2 when I use [skill] to [action] when …'."""
    text = f"Because I {_clean(because) or '…'}, I get +2 when I use {skill} to {action}"
    when = _clean(when)
    return f"{text} when {when}." if when else f"{text}."


def rule_stunt_text(because: str, can: str, only: str) -> str:
    """'Because I …, I can …, but only …' (a stunt that bends a rule once in a while)."""
    text = f"Because I {_clean(because) or '…'}, I can {_clean(can) or '…'}"
    only = _clean(only)
    return f"{text}, but only {only}." if only else f"{text}."
