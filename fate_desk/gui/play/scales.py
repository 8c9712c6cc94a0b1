"""The scales' names as play shows them. The core's SCALES (fate_desk/rules/play/scale_names.py,
where they are marked for the catalogue) keeps the English names: a character's file stores them."""

from __future__ import annotations

from fate_desk.i18n import _


def scale_text(name: str) -> str:
    """A scale's name in the interface language (a name the catalogue lacks comes back as it is)."""
    return _(name)
