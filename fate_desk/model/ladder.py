"""The adjective ladder: every rating the user sees is written with its name."""

from __future__ import annotations

from fate_desk.i18n import N_, _

# The ladder's words, marked for the catalogue and translated where shown (ladder_name).
LADDER: dict[int, str] = {
    8: N_("Legendary"),
    7: N_("Epic"),
    6: N_("Fantastic"),
    5: N_("Superb"),
    4: N_("Great"),
    3: N_("Good"),
    2: N_("Fair"),
    1: N_("Average"),
    0: N_("Mediocre"),
    -1: N_("Poor"),
    -2: N_("Terrible"),
}


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def ladder_name(value: int) -> str | None:
    """The ladder word for `value` in the interface language, or None off the ladder."""
    name = LADDER.get(value)
    return _(name) if name else None


def ladder_label(value: int) -> str:
    """'Great (+4)'; off the ladder just the signed number, e.g. '+9'."""
    name = LADDER.get(value)
    if not name:
        return signed(value)
    return _("{word} ({rating})").format(word=_(name), rating=signed(value))
