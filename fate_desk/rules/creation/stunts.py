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


# Fate Accelerated, "Stunts": the bonus template says how you act, an approach as an adverb
# ("when I Quickly overcome"), and the action in the book's words; the other template works once
# per game session. One whole sentence per action, each with and without its circumstance.
_ADVERBS = {"Careful": N_("Carefully"), "Clever": N_("Cleverly"), "Flashy": N_("Flashily"),
            "Forceful": N_("Forcefully"), "Quick": N_("Quickly"), "Sneaky": N_("Sneakily")}
_APPROACH_TEMPLATES = {
    "overcome": (N_("Because I {because}, I get a +2 when I {how} overcome when {when}."),
                 N_("Because I {because}, I get a +2 when I {how} overcome.")),
    "create an advantage": (N_("Because I {because}, I get a +2 when I {how} create advantages when {when}."),
                            N_("Because I {because}, I get a +2 when I {how} create advantages.")),
    "attack": (N_("Because I {because}, I get a +2 when I {how} attack when {when}."),
               N_("Because I {because}, I get a +2 when I {how} attack.")),
    "defend": (N_("Because I {because}, I get a +2 when I {how} defend when {when}."),
               N_("Because I {because}, I get a +2 when I {how} defend.")),
}


def uses_approaches(skill_word: str) -> bool:
    """Fate Accelerated's stunts are written with approaches (how you act), not skills."""
    return skill_word == "approach"


def approach_stunt_text(because: str, approach: str, action: str, when: str) -> str:
    """'Because I …, I get a +2 when I Quickly overcome when …' (Fate Accelerated, "Stunts"); an
    approach the book gives no adverb for is written with the other template's words."""
    if approach not in _ADVERBS or action not in _APPROACH_TEMPLATES:
        return bonus_stunt_text(because, approach, action, when)
    values = {"because": _clean(because) or "…", "how": _(_ADVERBS[approach]), "when": _clean(when)}
    with_when, alone = _APPROACH_TEMPLATES[action]
    return _(with_when if values["when"] else alone).format(**values)


def session_stunt_text(because: str, can: str) -> str:
    """'Because I …, once per game session I can …' (Fate Accelerated, "Stunts")."""
    values = {"because": _clean(because) or "…", "can": _clean(can) or "…"}
    return _("Because I {because}, once per game session I can {can}.").format(**values)
