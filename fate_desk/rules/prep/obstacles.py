"""Numbers derived from obstacles, and rating guidance against the PCs' peak skill."""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import Block, Hazard, ladder_label


def removal_difficulty(block: Block) -> int:
    """Removing a block is an overcome at its rating + 2."""
    return block.rating + 2


def cover_armor(block: Block) -> int:
    """Used as cover, a block gives Armor of half its rating, rounded down, at least 1."""
    return max(1, block.rating // 2)


def forced_into_weapon(block: Block) -> int | None:
    """Forcing someone into a block adds half its Weapon, rounded down, at least 1."""
    return max(1, block.weapon // 2) if block.weapon else None


def rating_guidance(obstacle: Hazard | Block, peak: int) -> str | None:
    """A hint (never a refusal) when the rating strays from the book's guidance."""
    if isinstance(obstacle, Hazard) and obstacle.rating < peak:
        return (
            _("Hazards are usually rated at least as high as the PCs' best skill ({rating}); this one is {rating2}.").format(rating=ladder_label(peak), rating2=ladder_label(obstacle.rating))
        )
    if isinstance(obstacle, Block) and obstacle.rating > peak + 1:
        return (
            _("Blocks are usually at most one step above the PCs' best skill ({rating}), so no higher than {rating2}; this one is {rating3}.").format(rating=ladder_label(peak), rating2=ladder_label(peak + 1), rating3=ladder_label(obstacle.rating))
        )
    return None
