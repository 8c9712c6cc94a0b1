"""Ways to handle multiple targets (Fate Condensed's optional rule): split an attack's effort among
several targets, or attack everyone in a zone.

"If you wish to be selective about your targets, you may split your effort. Roll your skill, and if
the resulting total is positive, you can split that total up however you like among the targets,
who each get to defend against the effort you assigned to them. You must assign at least one point
of effort to a target, or you didn't target them at all." A zone attack: "you don't split your
effort; every target must defend against your total roll."
"""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import ladder_label


def split_refusal(effort: int, shares: dict[str, int]) -> str:
    """Why this split of an attack's effort is not allowed ('' when it is)."""
    if effort <= 0:
        return _("Only a positive effort can be split among targets; this attack's is {effort}.").format(
            effort=ladder_label(effort))
    if len(shares) < 2:
        return _("A split attack has at least two targets.")
    if any(share < 1 for share in shares.values()):
        return _("Each target needs at least one point of the effort, or it was not targeted at all.")
    if sum(shares.values()) != effort:
        return _("The shares add up to {total}; split the whole effort, {effort}, among the targets.").format(
            total=sum(shares.values()), effort=effort)
    return ""


def even_split(effort: int, targets: list[str]) -> dict[str, int]:
    """A starting split: the effort shared as evenly as it goes, the first targets taking the rest."""
    if not targets or effort <= 0:
        return {t: 0 for t in targets}
    base, rest = divmod(effort, len(targets))
    return {t: base + (1 if i < rest else 0) for i, t in enumerate(targets)}


def split_hits(shares: dict[str, int], defences: dict[str, int]) -> dict[str, int]:
    """Shifts against each target: the effort assigned to it less its own defence (below 0: a miss)."""
    return {t: share - defences.get(t, 0) for t, share in shares.items()}


def zone_hits(effort: int, defences: dict[str, int]) -> dict[str, int]:
    """A zone attack: every target defends against the whole effort."""
    return {t: effort - defence for t, defence in defences.items()}
