"""The players' view of a scene (what the GM lets players see), its zone map, and who is where."""

from __future__ import annotations

from dataclasses import dataclass, field

from fate_desk.i18n import N_, _, ngettext
from fate_desk.model import Campaign, Scene, ZonePlace
from fate_desk.rules.encounters.challenge import task_result

from fate_desk.rules.play.table import name_of


# --- the players' view ----------------------------------------------------------------------------


@dataclass
class ViewAspect:
    text: str
    free_invokes: int
    boost: bool


@dataclass
class ViewZone:
    id: str
    name: str
    x: float
    y: float
    adjacent: list[str]
    aspects: list[ViewAspect]
    who: list[str]


@dataclass
class ViewCountdown:
    name: str  # empty when the GM shows the boxes only: a name says what it counts down to
    boxes: int
    marked: int
    meaning: str  # empty when the GM shows the boxes only


@dataclass
class PlayersView:
    """Everything the players may see of a scene; nothing hidden, no NPC sheet, no GM note."""

    scene: str = ""
    zones: list[ViewZone] = field(default_factory=list)
    aspects: list[ViewAspect] = field(default_factory=list)
    countdowns: list[ViewCountdown] = field(default_factory=list)
    turns: list[tuple[str, str]] = field(default_factory=list)  # (name, state)
    exchange: int = 0
    contest: list[tuple[str, int]] = field(default_factory=list)  # (side, victories)
    contest_goal: int = 0
    contest_winner: str = ""
    challenge: list[tuple[str, str]] = field(default_factory=list)  # (task, result)


def _aspects(items, hidden: set[str]) -> list[ViewAspect]:
    return [ViewAspect(a.text, a.free_invokes, a.boost) for a in items if a.id not in hidden and a.text.strip()]


def map_zones(campaign: Campaign, scene: Scene, hidden: set[str] = frozenset()) -> list[ViewZone]:
    """The zone map: boxes where the GM put them (a row by default), connections, who is where."""
    shown = [z for z in scene.zones if z.id not in hidden]
    ids = {z.id for z in shown}
    zones = []
    for index, zone in enumerate(shown):
        place = scene.play.places.get(zone.id)
        who = [name_of(campaign, c) for c, z in scene.play.whereabouts.items() if z == zone.id and c not in hidden]
        zones.append(ViewZone(
            zone.id, zone.name, place.x if place else 40.0 + 240 * index, place.y if place else 40.0,
            [a for a in zone.adjacent if a in ids], _aspects(zone.aspects, hidden), who,
        ))
    return zones


def players_view(campaign: Campaign, scene: Scene | None) -> PlayersView:
    if scene is None:
        return PlayersView()
    hidden = set(scene.play.hidden)
    view = PlayersView(scene=scene.name, zones=map_zones(campaign, scene, hidden))
    view.aspects = _aspects(scene.aspects, hidden)
    for countdown in campaign.countdowns:
        if countdown.id in scene.present and countdown.id not in hidden:
            # Fate Condensed, "Countdowns": the GM may "reveal the existence of a countdown track to
            # players without telling them what it represents": neither its outcome nor its name.
            if countdown.players_see_boxes_only:
                view.countdowns.append(ViewCountdown("", countdown.boxes, countdown.marked, ""))
            else:
                view.countdowns.append(ViewCountdown(countdown.name, countdown.boxes, countdown.marked,
                                                     countdown.outcome))
    play = scene.play
    if play.conflict is not None and not play.conflict.ended and "conflict" not in hidden:
        view.exchange = play.conflict.exchange
        for p in play.conflict.participants:
            # A state key, not words: the players' view shows each state its own way.
            state = ("conceded" if p.conceded else "taken out" if p.taken_out else  # i18n: not shown
                     "acting now" if p.id == play.conflict.current else "has acted" if p.acted else "to act")  # i18n: not shown
            view.turns.append((p.name, state))
    if play.contest is not None and "contest" not in hidden:
        view.contest = [(s.name, s.victories) for s in play.contest.sides]
        view.contest_goal = play.contest.goal
        winner = next((s.name for s in play.contest.sides if s.id == play.contest.winner), "")
        view.contest_winner = winner
    if play.challenge is not None and "challenge" not in hidden:
        view.challenge = [(t.what or _("A task"), task_result(t)) for t in play.challenge.tasks]
    return view


# --- the players' view in words: the window on a second screen and the players' phones ----------

# What the rules call a participant's state and a task's result in the players' view (the
# rules' own words, by which the view marks them), as the players read them.
_STATES = {"acting now": ("▶", N_("acting now")), "has acted": ("✓", N_("has acted")), "to act": ("·", N_("to act")),  # i18n: not shown
           "taken out": ("✗", N_("taken out")), "conceded": ("✗", N_("conceded"))}  # i18n: not shown
_RESULTS = {"not rolled yet": N_("not rolled yet"), "tie: success at a minor cost": N_("tie: success at a minor cost"),  # i18n: not shown
            "fail": N_("fail"), "succeed": N_("succeed"), "succeed with style": N_("succeed with style")}  # i18n: not shown


def result_words(result: str) -> str:
    """A result in the rules' words, translated (one the rules already translated stays as it is)."""
    return _(_RESULTS[result]) if result in _RESULTS else result


def turn_line(name: str, state: str) -> str:
    mark, words = _STATES.get(state, ("·", None))
    return _("{mark} {name} — {state}").format(mark=mark, name=name, state=_(words) if words else state)


def turns_title(view: PlayersView) -> str:
    if view.turns:
        return _("Turn order — exchange {number}").format(number=view.exchange)
    return _("Turn order")


def countdown_line(countdown: ViewCountdown) -> str:
    boxes = "☒" * countdown.marked + "☐" * (countdown.boxes - countdown.marked)
    if not countdown.name:  # boxes only: the players learn that something counts down, not what
        return _("A countdown: {boxes}").format(boxes=boxes)
    if countdown.meaning:
        return _("{name}: {boxes} — {meaning}").format(name=countdown.name, boxes=boxes, meaning=countdown.meaning)
    return _("{name}: {boxes}").format(name=countdown.name, boxes=boxes)


def aspect_line(aspect: ViewAspect) -> str:
    if aspect.free_invokes:
        text = ngettext("{aspect}  {marks} free invoke", "{aspect}  {marks} free invokes", aspect.free_invokes).format(
            aspect=aspect.text, marks="◆" * aspect.free_invokes)
    else:
        text = aspect.text
    return _("Boost: {aspect}").format(aspect=text) if aspect.boost else text


def contest_lines(view: PlayersView) -> list[str]:
    lines = [_("{side}: {marks} ({won} of {goal})").format(
        side=side, marks="●" * won + "○" * max(0, view.contest_goal - won), won=won, goal=view.contest_goal)
        for side, won in view.contest]
    if view.contest_winner:
        lines.append(_("The contest goes to {winner}!").format(winner=view.contest_winner))
    return lines


def challenge_lines(view: PlayersView) -> list[str]:
    return [_("{task}: {result}").format(task=task, result=result_words(result)) for task, result in view.challenge]


def place_zone(scene: Scene, zone_id: str, x: float, y: float) -> Scene:
    """The GM dragged a zone's box to a new place on the map."""
    places = {**scene.play.places, zone_id: ZonePlace(x=round(x), y=round(y))}
    return scene.model_copy(update={"play": scene.play.model_copy(update={"places": places})})


def put_in_zone(scene: Scene, character_id: str, zone_id: str | None) -> Scene:
    """Say which zone a character is in (None: nowhere on the map)."""
    where = {k: v for k, v in scene.play.whereabouts.items() if k != character_id}
    if zone_id:
        where[character_id] = zone_id
    return scene.model_copy(update={"play": scene.play.model_copy(update={"whereabouts": where})})


def view_items(campaign: Campaign, scene: Scene) -> list[tuple[str, str, bool]]:
    """Every item the GM can show to or hide from the players: (id, label, hidden)."""
    hidden = set(scene.play.hidden)
    items = [(a.id, _("Situation aspect: {text}").format(text=a.text), a.id in hidden) for a in scene.aspects if a.text.strip()]
    for zone in scene.zones:
        items.append((zone.id, _("Zone: {name}").format(name=zone.name or '(unnamed)'), zone.id in hidden))
        items += [(a.id, _("Zone aspect: {text} ({name})").format(text=a.text, name=zone.name), a.id in hidden) for a in zone.aspects if a.text.strip()]
    items += [(c.id, _("Countdown: {name}").format(name=c.name), c.id in hidden) for c in campaign.countdowns if c.id in scene.present]
    items += [(c, _("Who is in the zones: {who}").format(who=name_of(campaign, c)), c in hidden) for c in scene.play.whereabouts]
    for key, label in (("conflict", _("Conflict: turn order")), ("contest", _("Contest: victories")),
                       ("challenge", _("Challenge: progress"))):
        if getattr(scene.play, key) is not None:
            items.append((key, label, key in hidden))
    return items
