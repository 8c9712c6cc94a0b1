"""Every kind of campaign entry the app knows: its label, icon, group and how to make one."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Callable

from fate_desk.i18n import N_, _

# The game models load with the first campaign, not with the window: the window's Add menu
# needs only the kinds' names and icons, so the model classes are imported where they are used.
if TYPE_CHECKING:
    from fate_desk.model import Arc, Campaign
    from fate_desk.rules import RuleSet


def _model(name: str):
    # Deferred: model loads with the campaign, after the window's first paint.
    import fate_desk.model

    return getattr(fate_desk.model, name)


@dataclass(frozen=True)
class Kind:
    key: str
    singular: str  # labels are marked with N_() and shown through _()
    plural: str
    icon: str
    group: str | None  # the navigator folder it sits in (marked, a key too), or None for a top-level list
    make: Callable[[Campaign, RuleSet], object]


def _character(kind: str, name: str):
    def make(campaign: Campaign, ruleset: RuleSet):
        # Deferred: model loads with the campaign, after the window's first paint.
        from fate_desk.model import Character, CharacterKind

        return Character(
            kind=CharacterKind(kind), ruleset=ruleset.id, name=_(name), refresh=ruleset.refresh_start,
            fate_points=ruleset.refresh_start,
        )
    return make


def _session(campaign: Campaign, ruleset: RuleSet):
    # Deferred: model loads with the campaign, after the window's first paint.
    from fate_desk.model import SessionLog

    number = max((s.number for s in campaign.sessions), default=0) + 1
    return SessionLog(number=number, arc=max(1, campaign.clock.arc), title=_("Session {number}").format(number=number))


def _arc(campaign: Campaign) -> Arc:
    # Deferred: model loads with the campaign, after the window's first paint.
    from fate_desk.model import Arc

    number = max((a.number for a in campaign.arcs), default=0) + 1
    return Arc(number=number, name=_("Arc {number}").format(number=number))


NPCS, OBSTACLES = N_("NPCs"), N_("Obstacles")  # the navigator's folders
# A new entry's name is written in the language the app speaks when it is made (it is the
# user's to change), so it is translated then, never at import time.
KINDS: tuple[Kind, ...] = (
    Kind("pc", N_("Player character"), N_("Player characters"), "pc", None, _character("pc", N_("New character"))),
    Kind("major_npc", N_("Major NPC"), N_("Major NPCs"), "major_npc", NPCS,
         _character("major_npc", N_("New major NPC"))),
    Kind("minor_npc", N_("Minor NPC"), N_("Minor NPCs"), "minor_npc", NPCS,
         _character("minor_npc", N_("New minor NPC"))),
    Kind("monster", N_("Monster"), N_("Monsters"), "monster", NPCS, _character("monster", N_("New monster"))),
    Kind("hazard", N_("Hazard"), N_("Hazards"), "hazard", OBSTACLES,
         lambda c, r: _model("Hazard")(name=_("New hazard"))),
    Kind("block", N_("Block"), N_("Blocks"), "block", OBSTACLES, lambda c, r: _model("Block")(name=_("New block"))),
    Kind("distraction", N_("Distraction"), N_("Distractions"), "distraction", OBSTACLES,
         lambda c, r: _model("Distraction")(name=_("New distraction"))),
    Kind("countdown", N_("Countdown"), N_("Countdowns"), "countdown", None,
         lambda c, r: _model("Countdown")(name=_("New countdown"))),
    Kind("scene", N_("Scene"), N_("Scenes"), "scene", None,
         lambda c, r: _model("Scene")(name=_("New scene"), zones=[_model("Zone")(name=_("Here"))])),
    Kind("session", N_("Session"), N_("Sessions"), "session", None, _session),
    Kind("arc", N_("Arc"), N_("Arcs"), "arc", None, lambda c, r: _arc(c)),
)
BY_KEY = {kind.key: kind for kind in KINDS}
GROUP_ICONS = {NPCS: "major_npc", OBSTACLES: "block"}
# Whole sentences per kind (a word glued into a sentence cannot be declined or placed).
ADD_TEXT = {
    "pc": N_("Add player character"), "major_npc": N_("Add major NPC"), "minor_npc": N_("Add minor NPC"),
    "monster": N_("Add monster"), "hazard": N_("Add hazard"), "block": N_("Add block"),
    "distraction": N_("Add distraction"), "countdown": N_("Add countdown"), "scene": N_("Add scene"),
    "session": N_("Add session"), "arc": N_("Add arc"),
}
UNNAMED = {
    "pc": N_("Unnamed player character"), "major_npc": N_("Unnamed major NPC"),
    "minor_npc": N_("Unnamed minor NPC"), "monster": N_("Unnamed monster"), "hazard": N_("Unnamed hazard"),
    "block": N_("Unnamed block"), "distraction": N_("Unnamed distraction"), "countdown": N_("Unnamed countdown"),
    "scene": N_("Unnamed scene"), "session": N_("Unnamed session"), "arc": N_("Unnamed arc"),
}


def add_text(kind_key: str) -> str:
    """"Add major NPC": the menu item and undo step that adds an entry of this kind."""
    return _(ADD_TEXT[kind_key])


@cache
def _models() -> SimpleNamespace:
    """The model classes `kind_of` and `display_name` tell entries apart by, imported once on
    first use. These two run for every row of the navigator; an import statement inside them
    costs 10-20 us a call even when the module is loaded (PySide6 hooks every import)."""
    # Deferred: model loads with the campaign, after the window's first paint.
    from fate_desk.model import Arc, Block, Character, Distraction, Hazard, SessionLog
    # Here, not at the top: the window's Add menu needs the kinds before the campaign file code loads.
    # Deferred: store.campaign_file loads with the campaign, after the window's first paint.
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
        raise TypeError(f"not a campaign entry: {type(entity).__name__}") from None  # i18n: not shown


def display_name(entity) -> str:
    models = _models()
    if isinstance(entity, models.session):
        return entity.title.strip() or _("Session {number}").format(number=entity.number)
    if isinstance(entity, models.arc):
        return entity.name.strip() or _("Arc {number}").format(number=entity.number)
    name = getattr(entity, "name", "").strip()
    return name or _(UNNAMED[kind_of(entity)])


def all_entities(campaign: Campaign) -> list:
    return [*campaign.characters, *campaign.obstacles, *campaign.countdowns, *campaign.scenes, *campaign.sessions,
            *campaign.arcs]
