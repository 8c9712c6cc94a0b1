"""The GM's fate points for a scene about to start, on its own: the table's pool shows it on
every refresh, without the rest of the clock's rules (ending scenes, milestones, recovery)
loading with it."""

from __future__ import annotations

from fate_desk.i18n import _, ngettext
from fate_desk.model import Campaign, CharacterKind


def gm_pool(
    campaign: Campaign, present: list[str] | None = None, compel_points: int = 0
) -> tuple[int, list[str], list[str]]:
    """GM fate points for a scene: one per PC present, plus points NPCs carry in, plus a compel.

    Returns (points, lines explaining them, ids of the NPCs whose carried points are used).
    """
    ids = set(present) if present is not None else {c.id for c in campaign.characters}
    here = [c for c in campaign.characters if c.id in ids]
    pcs = sum(1 for c in here if c.kind == CharacterKind.PC)
    lines = [ngettext("{count} for the player character", "{count} for the player characters", pcs).format(count=pcs)]
    carriers = [c for c in here if c.kind != CharacterKind.PC and c.carried_fate_points]
    for c in carriers:
        lines.append(_("{carried_fate_points} carried in by {who}").format(carried_fate_points=c.carried_fate_points, who=c.name or _("(unnamed)")))
    if compel_points:
        lines.append(_("{compel_points} from the compel that ended the last scene").format(compel_points=compel_points))
    total = pcs + sum(c.carried_fate_points for c in carriers) + max(0, compel_points)
    return min(999, total), lines, [c.id for c in carriers]
