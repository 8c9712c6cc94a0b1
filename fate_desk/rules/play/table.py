"""Bookkeeping at the table: the current scene and its play state, the GM's fate-point pool,
paying for invokes.

Pure functions over a Campaign, like the clock: each returns a new campaign (the input is
never changed) or raises `Refused`.
"""

from __future__ import annotations

from typing import Callable

from fate_desk.i18n import _
from fate_desk.model import Campaign, CharacterKind, Scene, ScenePlay, revalidated

from fate_desk.rules.clock.pool import gm_pool
from fate_desk.rules.creation.derive import join_words
from fate_desk.rules.creation.history import counted, refuse
from fate_desk.rules.play.scene_now import current_scene


def scene_present(campaign: Campaign) -> list[str] | None:
    """Who is in the current scene; None (everyone) when no scene is being played."""
    scene = current_scene(campaign)
    return list(scene.present) if scene is not None and scene.present else None


def start_scene_pool(campaign: Campaign, present: list[str] | None = None) -> tuple[Campaign, str]:
    """Set the GM's pool for the scene now starting: one per PC present plus carried points.

    NPCs who bring carried points in hand them over (they are spent from the NPC), exactly as
    when a scene ends. Returns the new campaign and a line saying how the pool was made up.
    """
    if present is None:
        present = scene_present(campaign)
    points, lines, carriers = gm_pool(campaign, present)
    characters = [
        c.model_copy(update={"carried_fate_points": 0}) if c.id in carriers else c for c in campaign.characters
    ]
    new = campaign.model_copy(update={"characters": characters, "gm_fate_points": points})
    return revalidated(new, campaign), _("GM fate points: {points} ({names}).").format(points=points, names=join_words(lines))


def change_gm_pool(campaign: Campaign, step: int) -> Campaign:
    """Spend (negative step) or gain GM fate points; the pool never goes below nothing."""
    after = campaign.gm_fate_points + step
    if after < 0:
        raise refuse(
            "table.gm_pool",
            "gm_fate_points",
            _("The GM has {points} left; spending {value2} is more than that.").format(points=counted(campaign.gm_fate_points, 'fate point', words=False), value2=-step),  # i18n: not shown (a key)
        )
    return campaign.model_copy(update={"gm_fate_points": min(999, after)})


def payer(campaign: Campaign, character_id: str | None) -> str:
    """Who pays a fate point for this character's invoke: 'pc' (its own) or 'gm' (the GM's pool)."""
    character = campaign.character(character_id) if character_id else None
    return "pc" if character is not None and character.kind == CharacterKind.PC else "gm"


def pay_fate_points(campaign: Campaign, character_id: str | None, points: int) -> tuple[Campaign, str]:
    """Pay for paid invokes: a PC from their own fate points, anyone else from the GM's pool.

    Refused (nothing paid) when there are not enough points. Returns the campaign and a line.
    """
    if points <= 0:
        return campaign, ""
    if payer(campaign, character_id) == "gm":
        new = change_gm_pool(campaign, -points)
        return new, _("The GM paid {points} from the pool.").format(points=counted(points, 'fate point', words=False))  # i18n: not shown (a key)
    character = campaign.character(character_id)
    name = character.name or "(unnamed)"
    if character.fate_points < points:
        raise refuse(
            "table.fate_points",
            "fate_points",
            _("{name} has {points2}; the invokes cost {points}.").format(name=name, points2=counted(character.fate_points, 'fate point', words=False), points=points),  # i18n: not shown (a key)
        )
    changed = character.model_copy(update={"fate_points": character.fate_points - points})
    characters = [changed if c.id == character.id else c for c in campaign.characters]
    return (
        campaign.model_copy(update={"characters": characters}),
        _("{name} paid {points}.").format(name=name, points=counted(points, 'fate point', words=False)),  # i18n: not shown (a key)
    )


__all__ = [
    "change_gm_pool",
    "current_scene",
    "pay_fate_points",
    "payer",
    "scene_present",
    "start_scene_pool",
]


def scene_of(campaign: Campaign, scene_id: str) -> Scene:
    scene = next((s for s in campaign.scenes if s.id == scene_id), None)
    if scene is None:
        raise refuse("scene.none", "scenes", _("That scene is not in the campaign."))
    return scene


def with_play(campaign: Campaign, scene_id: str, change: Callable[[ScenePlay], ScenePlay]) -> Campaign:
    """The campaign with one scene's play state changed (the input is never changed)."""
    scene = scene_of(campaign, scene_id)
    new_scene = scene.model_copy(update={"play": change(scene.play)})
    scenes = [new_scene if s.id == scene_id else s for s in campaign.scenes]
    return campaign.model_copy(update={"scenes": scenes})


def name_of(campaign: Campaign, character_id: str) -> str:
    character = campaign.character(character_id)
    return (character.name.strip() or "(unnamed)") if character else "(gone)"


def set_hidden(campaign: Campaign, scene_id: str, item_id: str, hidden: bool) -> Campaign:
    """The GM's switch: hide an item from the players' view, or show it."""
    def change(play: ScenePlay) -> ScenePlay:
        rest = [i for i in play.hidden if i != item_id]
        return play.model_copy(update={"hidden": rest + [item_id] if hidden else rest})
    return with_play(campaign, scene_id, change)
