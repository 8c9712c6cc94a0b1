"""What the Print to PDF dialog offers: the kinds of PDF, scenes and sessions, the entries to tick.

Plain functions over the campaign (no widgets), so the dialog only shows and reads choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from fate_desk.printing import Entry, What, campaign_entries, chosen_ids
from fate_desk.i18n import N_, _
from fate_desk.model import Campaign, Scene
from fate_desk.printing.select import SHEET_KINDS

from ..opening import safe_file_name

WHAT_LABELS: dict[What, str] = {
    What.SHEETS: N_("Character sheets"),
    What.CARDS: N_("GM cards"),
    What.REFERENCE: N_("Reference cards"),
    What.PACK: N_("Campaign pack"),
    What.BLANK: N_("Blank sheet"),
    What.SCENE: N_("Scene sheets"),
    What.ASPECT_CARDS: N_("Aspect and boost cards"),
    What.TRACKERS: N_("Fate-point trackers"),
    What.CHEAT_SHEET: N_("GM cheat sheet"),
    What.SKILL_CARD: N_("Skill card"),
    What.BLANK_CARDS: N_("Blank cards"),
}

WHAT_HINTS: dict[What, str] = {
    What.SHEETS: N_("A page for each player character or major NPC you tick."),
    What.CARDS: N_("Index cards, four to a page, for the minor NPCs, monsters, obstacles and countdowns you tick."),
    What.REFERENCE: N_("Cards that sum up the rules, following this campaign's rule set and optional rules."),
    What.PACK: N_("A cover with the contents, the ticked sheets, the scene sheets, then the ticked cards, "
                  "aspect cards and reference cards filling card pages, in one PDF with bookmarks."),
    What.BLANK: N_("An empty, fillable sheet for this campaign's rule set."),
    What.SCENE: N_("A page per scene: zones and how they connect, situation aspects with free-invoke boxes, "
                   "room to note who is where."),
    What.ASPECT_CARDS: N_("A card per situation aspect and boost of the scenes, with boxes to tick free invokes."),
    What.TRACKERS: N_("A card for the GM's fate-point pool and one for each player."),
    What.CHEAT_SHEET: N_("One page for the GM: the ladder, the four actions and outcomes, difficulties, "
                         "quick NPCs and turn order."),
    What.SKILL_CARD: N_("What each skill (or approach) of this rule set does for each action."),
    What.BLANK_CARDS: N_("Cards to fill in by hand: an NPC, a monster, an obstacle and a countdown."),
}

NO_ENTRIES: dict[What, str] = {
    What.REFERENCE: N_("Nothing to tick: reference cards follow the campaign's rules, not particular entries."),
    What.BLANK: N_("Nothing to tick: a blank sheet is for anyone."),
    What.SCENE: N_("Nothing to tick: choose a scene or session above (or print every scene still open)."),
    What.ASPECT_CARDS: N_("Nothing to tick: choose a scene or session above."),
    What.TRACKERS: N_("Nothing to tick: one card for each player character."),
    What.CHEAT_SHEET: N_("Nothing to tick: the cheat sheet follows the campaign's rule set."),
    What.SKILL_CARD: N_("Nothing to tick: the card follows the campaign's rule set."),
    What.BLANK_CARDS: N_("Nothing to tick: blank cards are for anyone."),
}

# Only these print chosen entries; reference cards and blank sheets print no one in particular.
WITH_ENTRIES = (What.SHEETS, What.CARDS, What.PACK)
# Only these can be narrowed to a scene or session.
WITH_SCOPE = (What.CARDS, What.PACK, What.SCENE, What.ASPECT_CARDS)


@dataclass(frozen=True)
class Scope:
    """The whole campaign (kind ""), one scene (value: its id) or one session (value: its number)."""

    label: str = field(compare=False)  # shown, in the interface language; never a key
    kind: str = ""  # "", "scene" or "session"
    value: str | int | None = None
    short: str = ""  # for the file name: the scene's name, "Session 2"

    def job_arguments(self) -> dict:
        return {self.kind: self.value} if self.kind else {}


WHOLE_CAMPAIGN = Scope(N_("Whole campaign"))  # scopes() lists it with its label translated


def scopes(campaign: Campaign) -> list[Scope]:
    """The whole campaign, each scene, then each session that has scenes."""
    out = [Scope(_(WHOLE_CAMPAIGN.label))]
    out += [scene_scope(scene) for scene in campaign.scenes]
    titles = {s.number: s.title for s in campaign.sessions}
    for number in sorted({s.session for s in campaign.scenes if s.session is not None}):
        out.append(session_scope(number, titles.get(number, "")))
    return out


def scene_scope(scene: Scene) -> Scope:
    name = scene.name or _("(unnamed)")
    if scene.session is not None:
        label = _("Scene: {name} (session {number})").format(name=name, number=scene.session)
    else:
        label = _("Scene: {name}").format(name=name)
    return Scope(label, "scene", scene.id, scene.name or _("Scene"))


def session_scope(number: int, title: str) -> Scope:
    short = _("Session {number}").format(number=number)
    label = _("Session {number}: {title}").format(number=number, title=title) if title else short
    return Scope(label, "session", number, short)


class Listing(NamedTuple):
    """What the dialog lists, made on a worker as it opens: at 10,000 entries and 1,500 scenes
    the entries and scopes took the window's thread 50 ms."""

    entries: list[Entry]
    scopes: list[Scope]


def listing(campaign: Campaign) -> Listing:
    return Listing(campaign_entries(campaign), scopes(campaign))


def shown_entries(campaign: Campaign, what: What, entries: list[Entry] | None = None) -> list[Entry]:
    """The entries the list offers: sheets for sheets, cards for cards, both for a pack.
    `entries`: the campaign's (campaign_entries), when they were listed already."""
    entries = campaign_entries(campaign) if entries is None else entries
    if what == What.SHEETS:
        return [e for e in entries if e.as_sheet]
    if what == What.CARDS:
        return [e for e in entries if not e.as_sheet]
    if what == What.PACK:
        return entries
    return []


def preselected(campaign: Campaign, what: What, scope: Scope = WHOLE_CAMPAIGN,
                current_id: str | None = None, entries: list[Entry] | None = None) -> set[str]:
    """The entries ticked when a choice is made: what the command line would print for it,
    except that the entry the user was looking at is printed on its own."""
    if what not in WITH_ENTRIES:
        return set()
    shown = {e.id: e for e in shown_entries(campaign, what, entries)}
    current = shown.get(current_id or "")
    if current is not None and not scope.kind and what != What.PACK:
        return {current.id}
    if not scope.kind:
        # The whole campaign prints every entry the list offers (chosen_ids without a scene or
        # session: the sheets for sheets, the cards for cards), found without walking it again.
        return set(shown)
    ids = chosen_ids(campaign, what, **scope.job_arguments())
    if current is not None and what == What.PACK and current.as_sheet:
        ids.add(current.id)
    return ids & set(shown)


def initial_choice(campaign: Campaign, current_id: str | None) -> tuple[What, Scope]:
    """What to offer first: the open sheet, card or scene, else the campaign pack. Without the
    listing (a look for one id), so the dialog shows the choice as it opens."""
    whole = Scope(_(WHOLE_CAMPAIGN.label))
    if current_id is None:
        return What.PACK, whole
    for character in campaign.characters:
        if character.id == current_id:
            return (What.SHEETS if character.kind in SHEET_KINDS else What.CARDS), whole
    if any(item.id == current_id for items in (campaign.obstacles, campaign.countdowns) for item in items):
        return What.CARDS, whole
    scene = next((s for s in campaign.scenes if s.id == current_id), None)
    if scene is not None:
        return What.CARDS, scene_scope(scene)
    session = next((s for s in campaign.sessions if s.id == current_id), None)
    if session is not None and any(s.session == session.number for s in campaign.scenes):
        return What.CARDS, session_scope(session.number, session.title)
    return What.PACK, whole


def suggested_name(campaign: Campaign, what: What, scope: Scope = WHOLE_CAMPAIGN) -> str:
    """'<campaign> - <what>.pdf', with the scene or session when one is chosen."""
    parts = [campaign.name.strip() or _("Campaign"), _(WHAT_LABELS[what])]
    if scope.kind and what in WITH_SCOPE:
        parts.append(scope.short)
    return safe_file_name(" - ".join(parts)) + ".pdf"


def with_pdf_suffix(text: str) -> Path:
    """The typed path with ".pdf" added; a bare folder ("/", "..") stays as typed, to be refused."""
    path = Path(text.strip()).expanduser()
    if path.name in ("", ".", "..") or path.is_dir():
        return path
    return path if path.suffix.lower() == ".pdf" else path.with_name(path.name + ".pdf")
