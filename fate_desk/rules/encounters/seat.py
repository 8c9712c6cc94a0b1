"""What a player may do from their own seat at the table (table mode), by the same rules the
desktop uses: which aspects they may invoke (their own, the scene's the players can see, and
boosts), whether a roll is theirs to make now in a running conflict, and what that roll does
to the conflict's turn.

Nothing here changes a campaign but `seat_roll_done` and `seat_roll_set_aside`; the GUI applies it in the same undo
step as the roll itself (`rules/play/actions.apply_roll`).
"""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import Campaign
from fate_desk.rules.encounters.conflict import action_refusal, action_taken
from fate_desk.rules.encounters.standing import place_in_conflict
from fate_desk.rules.play.actions import Invokable, invokables, set_aside
from fate_desk.rules.play.roll import Action, InvokeKind, Roll
from fate_desk.rules.play.table import current_scene, name_of

SEAT_KINDS = (InvokeKind.OWN, InvokeKind.SITUATION, InvokeKind.BOOST)


def seat_invokables(campaign: Campaign, character_id: str) -> list[Invokable]:
    """The aspects a player may invoke from their seat: their character's own, and the scene's
    situation aspects and boosts as the players' view shows them (never one the GM hid, nor
    one in a hidden zone). Hostile invokes and consequences stay with the GM's desk."""
    scene = current_scene(campaign)
    hidden = set(scene.play.hidden) if scene is not None else set()
    if scene is not None:
        hidden |= {a.id for z in scene.zones if z.id in hidden for a in z.aspects}
    out = []
    for item in invokables(campaign, character_id):
        if item.kind not in SEAT_KINDS:
            continue
        kind, _sep, rest = item.key.partition(":")
        if kind == "scene" and rest in hidden:
            continue
        out.append(item)
    return out


def seat_roll_refusal(campaign: Campaign, character_id: str, action: Action) -> str:
    """Why this character may not make this roll now ('' when they may). In a running conflict
    a character takes one overcome, create an advantage or attack on their own turn (Fate
    Condensed, "Turn Order"); defending answers someone else's action and is never limited. Once
    taken out or conceded, a character takes no more actions in the conflict."""
    if Action(action) == Action.DEFEND:
        return ""
    place = place_in_conflict(campaign, character_id)
    if place is None:
        return ""
    scene_id, p = place
    name = name_of(campaign, character_id)
    if p.conceded or p.taken_out or character_id in p.out_members:
        return _("{name} is out of this conflict: no more actions in it.").format(name=name)
    conflict = current_scene(campaign).play.conflict
    if conflict.current != p.id:
        acting = next((q.name for q in conflict.participants if q.id == conflict.current), "")
        if acting:
            return _("It is {acting}'s turn, not {name}'s: an action waits for its turn (a defence does not).").format(
                acting=acting, name=name)
        return _("Nobody is acting now: the GM picks who goes next.")
    return action_refusal(conflict)


def _own_turn(campaign: Campaign, character_id: str, action: Action) -> str | None:
    """The scene of the running conflict in which this roll is the character's turn's action:
    an action (never a defence) on their own turn; None otherwise."""
    if Action(action) == Action.DEFEND:
        return None
    place = place_in_conflict(campaign, character_id)
    if place is None:
        return None
    scene_id, p = place
    return scene_id if current_scene(campaign).play.conflict.current == p.id else None


def seat_roll_done(campaign: Campaign, character_id: str, action: Action) -> Campaign:
    """A roll taken on the character's own turn in a running conflict is that turn's action
    (as the conflict panel's Attack is); any other roll leaves the conflict as it is."""
    scene_id = _own_turn(campaign, character_id, action)
    return campaign if scene_id is None else action_taken(campaign, scene_id)


def seat_roll_set_aside(campaign: Campaign, character_id: str, roll: Roll) -> Campaign:
    """A roll set aside from a seat still was rolled: its dice go into the roll log, and on the
    character's own turn in a running conflict it is that turn's action as a finished roll would
    be, so setting a poor roll aside and rolling again is never a free reroll (Fate Condensed,
    "Turn Order": one overcome, create an advantage or attack a turn)."""
    campaign = set_aside(campaign, roll)
    scene_id = _own_turn(campaign, character_id, roll.setup.action)
    if scene_id is None or action_refusal(current_scene(campaign).play.conflict):
        return campaign  # the turn moved on (or was spent at the desk) since the roll was made
    return action_taken(campaign, scene_id)


__all__ = ["SEAT_KINDS", "seat_invokables", "seat_roll_done", "seat_roll_refusal", "seat_roll_set_aside"]
