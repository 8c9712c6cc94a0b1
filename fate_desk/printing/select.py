"""Choose what a campaign export holds: all PCs, and the cards of a scene, a session or all prep.

Player characters and major NPCs print as sheets (the whole campaign's pack includes every
major NPC); minor NPCs, monsters, obstacles and countdowns print as cards.
"""

from __future__ import annotations

from typing import NamedTuple

from fate_desk.i18n import _, pgettext
from fate_desk.model import Campaign, Character, CharacterKind, Scene
from fate_desk.rules import RuleSetError, derive, get_ruleset

from .job import PRINTS_CARDS, PRINTS_SHEETS, CardEntry, ExportJob, Paper, What

SHEET_KINDS = (CharacterKind.PC, CharacterKind.MAJOR_NPC)


class SelectionError(ValueError):
    """A scene or session the campaign does not have; str() is one readable line."""


class Entry(NamedTuple):
    """Something a campaign can print, for the export dialog's list of entries (a named tuple:
    the dialog lists 10,000 of them as it opens, on the window's thread, and a frozen dataclass
    took three times as long to make)."""

    id: str
    name: str
    kind: str  # "Player character", "Hazard", "Countdown", ...
    as_sheet: bool  # True: a page of its own; False: a card


def _kind_label(item) -> str:
    if isinstance(item, Character):
        return item.kind.label
    return {"hazard": _("Hazard"), "block": _("Block"), "distraction": _("Distraction")}.get(
        getattr(item, "kind", ""), _("Countdown"))


def campaign_entries(campaign: Campaign) -> list[Entry]:
    """Every character, obstacle and countdown, in the campaign's order."""
    # Each kind's words looked up once, not once an entry: the Print to PDF dialog lists 10,000
    # entries as it opens, on the window's thread.
    unnamed, words = _("(unnamed)"), {}

    def kind_of(item) -> str:
        key = (type(item), getattr(item, "kind", None))
        if key not in words:
            words[key] = _kind_label(item)
        return words[key]

    out = [Entry(c.id, c.name or unnamed, kind_of(c), c.kind in SHEET_KINDS) for c in campaign.characters]
    out += [Entry(o.id, o.name or unnamed, kind_of(o), False) for o in campaign.obstacles]
    countdown = _("Countdown")
    out += [Entry(c.id, c.name or unnamed, countdown, False) for c in campaign.countdowns]
    return out


def find_scene(campaign: Campaign, name: str) -> Scene:
    """A scene by name (any case) or id."""
    wanted = name.strip().casefold()
    for scene in campaign.scenes:
        if scene.id == name or scene.name.strip().casefold() == wanted:
            return scene
    known = ", ".join(repr(s.name) for s in campaign.scenes if s.name) or pgettext("nothing", "none")
    raise SelectionError(_("the campaign has no scene called {name} (scenes: {known})").format(
        name=repr(name), known=known))


def session_scenes(campaign: Campaign, session: int) -> list[Scene]:
    scenes = [s for s in campaign.scenes if s.session == session]
    if not scenes:
        numbered = sorted({s.session for s in campaign.scenes if s.session is not None})
        known = ", ".join(map(str, numbered)) or pgettext("nothing", "none")
        raise SelectionError(_("no scene belongs to session {session} (sessions with scenes: {known})").format(
            session=session, known=known))
    return scenes


def _by_id(campaign: Campaign) -> dict[str, CardEntry]:
    items: dict[str, CardEntry] = {c.id: c for c in campaign.characters}
    items.update({o.id: o for o in campaign.obstacles})
    items.update({c.id: c for c in campaign.countdowns})
    return items


def present_items(campaign: Campaign, scenes: list[Scene]) -> list[CardEntry]:
    """What the scenes' present ids point to, in order, each once; unknown ids are skipped."""
    items = _by_id(campaign)
    seen: set[str] = set()
    out: list[CardEntry] = []
    for scene in scenes:
        for item_id in scene.present:
            if item_id in seen or item_id not in items:
                continue
            seen.add(item_id)
            out.append(items[item_id])
    return out


def campaign_job(
    campaign: Campaign,
    what: What,
    *,
    scene: str | None = None,
    session: int | None = None,
    ids: set[str] | None = None,
    paper: Paper | None = None,
    state: bool = False,
) -> ExportJob:
    """A job for a campaign; `scene` or `session` narrows the cards (and NPC sheets) to them,
    `ids` to the entries picked in the dialog. The PCs' refresh is worked out (a derive per PC)
    only for the fate-point trackers, the one printable that shows it."""
    pcs = [c for c in campaign.characters if c.kind == CharacterKind.PC]
    sheets, cards, shown_scenes = _chosen(campaign, pcs, scene, session)
    if ids is not None:
        sheets = [c for c in campaign.characters if c.id in ids and c.kind in SHEET_KINDS]
        # By id: comparing whole models one by one made 2,500 ticked entries take seconds.
        on_sheets = {c.id for c in sheets}
        cards = [i for i in _by_id(campaign).values() if i.id in ids and i.id not in on_sheets]
        cards = [i for i in cards if not (isinstance(i, Character) and i.kind in SHEET_KINDS)]
    if ids is not None:
        shown_scenes = [s for s in shown_scenes if s.id in ids] or shown_scenes
    if what not in PRINTS_SHEETS:
        sheets = []
    if what not in PRINTS_CARDS:
        cards = []
    if what not in (What.SCENE, What.ASPECT_CARDS, What.PACK):
        shown_scenes = []
    names = {i.id: i.name or _("(unnamed)") for i in _by_id(campaign).values()}
    players = [c.name or _("(unnamed)") for c in pcs]
    scope = ""
    if scene is not None:
        scope = _("Scene: {scene}").format(scene=find_scene(campaign, scene).name or _("(unnamed scene)"))
    elif session is not None:
        scope = _("Session {number}").format(number=session)
    return ExportJob(
        what=what,
        sheets=sheets,
        cards=cards,
        ruleset=campaign.ruleset,
        options=campaign.options.model_copy(),
        paper=paper,
        title=campaign.name,
        scenes=shown_scenes,
        names=names,
        players=players,
        state=state,
        refresh=player_refresh(pcs, campaign.ruleset) if what == What.TRACKERS else {},
        scope=scope,
    )


def _chosen(campaign: Campaign, pcs: list[Character], scene: str | None, session: int | None
            ) -> tuple[list[Character], list[CardEntry], list[Scene]]:
    """The sheets, cards and scenes a campaign's scene, session or whole prep holds."""
    if scene is not None and session is not None:
        raise SelectionError(_("choose a scene or a session, not both"))
    if scene is not None or session is not None:
        scenes = [find_scene(campaign, scene)] if scene is not None else session_scenes(campaign, session)
        present = [i for i in present_items(campaign, scenes) if not _is_pc(i)]
        npc_sheets = [i for i in present if isinstance(i, Character) and i.kind in SHEET_KINDS]
        cards = [i for i in present if not (isinstance(i, Character) and i.kind in SHEET_KINDS)]
        shown_scenes = scenes
    else:
        # The whole campaign: every major NPC gets a sheet too (they were left out before).
        npc_sheets = [c for c in campaign.characters if c.kind == CharacterKind.MAJOR_NPC]
        cards = [c for c in campaign.characters if c.kind not in SHEET_KINDS]
        cards += list(campaign.obstacles) + list(campaign.countdowns)
        shown_scenes = [s for s in campaign.scenes if not s.ended]
    return pcs + npc_sheets, cards, shown_scenes


def chosen_ids(campaign: Campaign, what: What, *, scene: str | None = None, session: int | None = None) -> set[str]:
    """The ids of the sheets and cards `campaign_job` prints for these choices, without the job:
    the Print to PDF dialog ticks them on the window's thread each time a choice changes, and
    a whole job (every entry's name, the options) took tens of milliseconds at 10,000 entries."""
    pcs = [c for c in campaign.characters if c.kind == CharacterKind.PC]
    sheets, cards, _scenes = _chosen(campaign, pcs, scene, session)
    ids = {c.id for c in sheets} if what in PRINTS_SHEETS else set()
    if what in PRINTS_CARDS:
        ids.update(i.id for i in cards)
    return ids


def player_refresh(pcs: list[Character], ruleset_id: str | None) -> dict[str, int]:
    """Each PC's refresh (after stunts), by name, for the fate-point trackers; a character
    whose rule set cannot be loaded is left for the player to write in."""
    out: dict[str, int] = {}
    for pc in pcs:
        try:
            ruleset = get_ruleset(ruleset_id or pc.ruleset)
        except RuleSetError:
            continue
        out[pc.name or _("(unnamed)")] = derive(pc, ruleset).refresh
    return out


def _is_pc(item: CardEntry) -> bool:
    return isinstance(item, Character) and item.kind == CharacterKind.PC


def character_job(character: Character, what: What = What.SHEETS, paper: Paper | None = None,
                  state: bool = False) -> ExportJob:
    """A job for one character file: its sheet or its card, with its own rule set."""
    return ExportJob(
        what=what,
        sheets=[character] if what in PRINTS_SHEETS else [],
        cards=[character] if what == What.CARDS else [],
        ruleset=character.ruleset,
        paper=paper,
        title=character.name,
        players=[character.name or _("(unnamed)")],
        state=state,
        refresh=player_refresh([character], character.ruleset) if character.kind == CharacterKind.PC else {},
        label=_("Character pack") if what == What.PACK else "",
    )
