"""Every kind of campaign entry the app knows: its label, icon, group and how to make one."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Callable

# The game models load with the first campaign, not with the window: the window's Add menu
# needs only the kinds' names and icons, so the model classes are imported where they are used.
if TYPE_CHECKING:
    from fate_desk.model import Arc, Campaign
    from fate_desk.rules import RuleSet


def _model(name: str):
    import fate_desk.model

    return getattr(fate_desk.model, name)


@dataclass(frozen=True)
class Kind:
    key: str
    singular: str
    plural: str
    icon: str
    group: str | None  # the navigator folder it sits in, or None for a top-level list
    make: Callable[[Campaign, RuleSet], object]


def _character(kind: str, name: str):
    def make(campaign: Campaign, ruleset: RuleSet):
        from fate_desk.model import Character, CharacterKind

        return Character(
            kind=CharacterKind(kind), ruleset=ruleset.id, name=name, refresh=ruleset.refresh_start,
            fate_points=ruleset.refresh_start,
        )
    return make


def _session(campaign: Campaign, ruleset: RuleSet):
    from fate_desk.model import SessionLog

    number = max((s.number for s in campaign.sessions), default=0) + 1
    return SessionLog(number=number, arc=max(1, campaign.clock.arc), title=f"Session {number}")


def _arc(campaign: Campaign) -> Arc:
    from fate_desk.model import Arc

    number = max((a.number for a in campaign.arcs), default=0) + 1
    return Arc(number=number, name=f"Arc {number}")


KINDS: tuple[Kind, ...] = (
    Kind("pc", "Player character", "Player characters", "pc", None, _character("pc", "New character")),
    Kind("major_npc", "Major NPC", "Major NPCs", "major_npc", "NPCs", _character("major_npc", "New major NPC")),
    Kind("minor_npc", "Minor NPC", "Minor NPCs", "minor_npc", "NPCs", _character("minor_npc", "New minor NPC")),
    Kind("monster", "Monster", "Monsters", "monster", "NPCs", _character("monster", "New monster")),
    Kind("hazard", "Hazard", "Hazards", "hazard", "Obstacles", lambda c, r: _model("Hazard")(name="New hazard")),
    Kind("block", "Block", "Blocks", "block", "Obstacles", lambda c, r: _model("Block")(name="New block")),
    Kind("distraction", "Distraction", "Distractions", "distraction", "Obstacles",
         lambda c, r: _model("Distraction")(name="New distraction")),
    Kind("countdown", "Countdown", "Countdowns", "countdown", None,
         lambda c, r: _model("Countdown")(name="New countdown")),
    Kind("scene", "Scene", "Scenes", "scene", None,
         lambda c, r: _model("Scene")(name="New scene", zones=[_model("Zone")(name="Here")])),
    Kind("session", "Session", "Sessions", "session", None, _session),
    Kind("arc", "Arc", "Arcs", "arc", None, lambda c, r: _arc(c)),
)
BY_KEY = {kind.key: kind for kind in KINDS}
GROUP_ICONS = {"NPCs": "major_npc", "Obstacles": "block"}


@cache
def _models() -> SimpleNamespace:
    """The model classes `kind_of` and `display_name` tell entries apart by, imported once on
    first use. These two run for every row of the navigator; an import statement inside them
    costs 10-20 us a call even when the module is loaded (PySide6 hooks every import)."""
    from fate_desk.model import Arc, Block, Character, Distraction, Hazard, SessionLog
    # Here, not at the top: the window's Add menu needs the kinds before the campaign file code loads.
    from fate_desk.store.campaign_file import entity_kind

    return SimpleNamespace(character=Character, obstacles=(Hazard, Block, Distraction), session=SessionLog,
                           arc=Arc, entity_kind=entity_kind)


def kind_of(entity) -> str:
    """The entry kind the app shows: PCs, NPC kinds and obstacle kinds apart (unlike the file)."""
    models = _models()
    if isinstance(entity, models.character):
        return entity.kind.value
    if isinstance(entity, models.obstacles):
        return entity.kind
    try:
        return models.entity_kind(entity)
    except TypeError:
        raise TypeError(f"not a campaign entry: {type(entity).__name__}") from None


def display_name(entity) -> str:
    models = _models()
    if isinstance(entity, models.session):
        return entity.title.strip() or f"Session {entity.number}"
    if isinstance(entity, models.arc):
        return entity.name.strip() or f"Arc {entity.number}"
    name = getattr(entity, "name", "").strip()
    return name or f"Unnamed {BY_KEY[kind_of(entity)].singular.lower()}"


def all_entities(campaign: Campaign) -> list:
    return [*campaign.characters, *campaign.obstacles, *campaign.countdowns, *campaign.scenes, *campaign.sessions,
            *campaign.arcs]
