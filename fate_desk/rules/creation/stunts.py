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


# Fate Accelerated, "Stunts": the bonus template picks an approach as an adverb ("when I Quickly
# overcome") and an action in the book's words; the other template works once per game session.
_ADVERBS = {"Careful": N_("Carefully"), "Clever": N_("Cleverly"), "Flashy": N_("Flashily"),
            "Forceful": N_("Forcefully"), "Quick": N_("Quickly"), "Sneaky": N_("Sneakily")}
APPROACH_ACTIONS = {"overcome": N_("overcome"), "create an advantage": N_("create advantages"),
                     "attack": N_("attack"), "defend": N_("defend")}


def uses_approaches(skill_word: str) -> bool:
    """Fate Accelerated's stunts are written with approaches (how you act), not skills."""
    return skill_word == "approach"


def approach_stunt_text(because: str, approach: str, action: str, when: str) -> str:
    """'Because I …, I get a +2 when I Quickly overcome when …' (Fate Accelerated, "Stunts")."""
    how = _(_ADVERBS[approach]) if approach in _ADVERBS else None
    values = {
        "because": _clean(because) or "…",
        "how": how or rules_text(approach),
        "action": _(APPROACH_ACTIONS[action]) if action in APPROACH_ACTIONS else action,
        "when": _clean(when),
    }
    if how is None:  # an approach the book gives no adverb for: said with its name
        if values["when"]:
            return _("Because I {because}, I get a +2 when I use {how} to {action} when {when}.").format(**values)
        return _("Because I {because}, I get a +2 when I use {how} to {action}.").format(**values)
    if values["when"]:
        return _("Because I {because}, I get a +2 when I {how} {action} when {when}.").format(**values)
    return _("Because I {because}, I get a +2 when I {how} {action}.").format(**values)


def session_stunt_text(because: str, can: str) -> str:
    """'Because I …, once per game session I can …' (Fate Accelerated, "Stunts")."""
    values = {"because": _clean(because) or "…", "can": _clean(can) or "…"}
    return _("Because I {because}, once per game session I can {can}.").format(**values)
