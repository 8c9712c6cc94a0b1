"""The scales' names as play shows them. The core's SCALES keeps the English names (a
character's file stores them); marking them here puts them in the catalogue."""

from __future__ import annotations

from fate_desk.i18n import N_, _

# The same names as fate_desk.rules.play.roll.SCALES, in the same order.
_SCALE_NAMES = (N_("Mundane"), N_("Supernatural"), N_("Otherworldly"), N_("Legendary"), N_("Godlike"))


def scale_text(name: str) -> str:
    """A scale's name in the interface language (a name the catalogue lacks comes back as it is)."""
    return _(name)
