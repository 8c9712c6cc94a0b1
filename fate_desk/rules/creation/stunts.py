"""The two stunt templates of the book, filled in from the parts a player picks."""

from __future__ import annotations

from fate_desk.i18n import N_, _, rules_text

# The four actions, in English (the keys); shown with _() where offered.
ACTIONS = (N_("overcome"), N_("create an advantage"), N_("attack"), N_("defend"))


def _clean(part: str) -> str:
    return " ".join(part.split()).rstrip(".")


def bonus_stunt_text(because: str, skill: str, action: str, when: str) -> str:
    """'Because I …, I get +2 when I use [skill] to [action] when …'."""
    values = {
        "because": _clean(because) or "…",
        "skill": rules_text(skill),
        "action": _(action) if action in ACTIONS else action,
        "when": _clean(when),
    }
    if values["when"]:
        return _("Because I {because}, I get +2 when I use {skill} to {action} when {when}.").format(**values)
    return _("Because I {because}, I get +2 when I use {skill} to {action}.").format(**values)


def rule_stunt_text(because: str, can: str, only: str) -> str:
    """'Because I …, I can …, but only …' (a stunt that bends a rule once in a while)."""
    values = {"because": _clean(because) or "…", "can": _clean(can) or "…", "only": _clean(only)}
    if values["only"]:
        return _("Because I {because}, I can {can}, but only {only}.").format(**values)
    return _("Because I {because}, I can {can}.").format(**values)
