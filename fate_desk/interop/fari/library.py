"""A whole Fari library (Fari's export of everything, `fariType: "full"`) in one step.

Fari's "full" export lists its `characters`, `scenes` and `indexCardCollections`. Characters
go through the Fari character reader; each scene becomes a Fate Desk scene: its index cards
are its situation aspects (the card's title), with what a card says beyond its title (its
content, its blocks, its sub-cards) in the scene's notes. Private cards are aspects the
players do not see. Fari's scene shapes, from farirpgs/fari-app `lib/hooks/useScene/IScene.ts`:

- current: `indexCards: {public: [...], private: [...]}`, each card `{id, titleLabel, title,
  contentLabel, content, color, playedDuringTurn, blocks, pinned, subCards, sub}`;
- before that: `indexCards: [...]` with `type` (`AspectType`: 0 aspect, 1 boost, 2 bad guy,
  3 NPC, 4 index card) and `isPrivate`;
- the first: `aspects: {id: {title, content, type, tracks, consequences, isPrivate}}`.

Every entry keeps Fari's id, so importing the same library again finds what is already there
(`not_yet_imported`) and adds only what is new.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from fate_desk.i18n import _, rules_text
from fate_desk.model import Character, Scene, SituationAspect
from fate_desk.model.errors import describe

from fate_desk.interop.fari.reading import _kind, _scalar, _text, fari_id
from fate_desk.interop.fari.labels import html_to_text
from fate_desk.store.interchange import FileFormatError
from fate_desk.interop.common import counted

BOOST = 1  # Fari's AspectType.Boost
MAX_DEPTH = 8  # sub-cards of sub-cards: deeper nesting is read as text no further


def is_library(data: Any) -> bool:
    return isinstance(data, dict) and data.get("fariType") == "full"


def is_scene(data: Any) -> bool:
    """A single Fari scene, as Fari exports one (its IScene with `fariType` "scene")."""
    return isinstance(data, dict) and data.get("fariType") == "scene"


def single_scene(data: dict, source: str) -> tuple[list[Scene], list[str]]:
    """The scene of a Fari scene file, and its line for the summary."""
    if "indexCards" not in data and "aspects" not in data:
        raise FileFormatError(source, _("fariType: says a scene, but the file holds none of a scene's index "
                                        "cards"))
    scene = _scene(data, "", source)
    return [scene], [_scene_line(scene.name or _("unnamed"), len(scene.aspects), len(scene.play.hidden),
                                 bool(scene.notes))]


def library_scenes(data: dict, source: str) -> tuple[list[Scene], list[str]]:
    """Fate Desk scenes for the scenes of a Fari library, and one line per scene for the summary."""
    raw = data.get("scenes")
    if raw is None:
        return [], []
    if not isinstance(raw, list):
        raise FileFormatError(source, _("scenes: expected a list, got {found}").format(found=_kind(raw)))
    scenes, lines, seen = [], [], set()
    for i, item in enumerate(raw):
        scene = _scene(item, f"scenes[{i}]", source)
        if scene.id in seen:
            scene = scene.model_copy(update={"id": Scene().id})
        seen.add(scene.id)
        scenes.append(scene)
        hidden = len(scene.play.hidden)
        lines.append(_scene_line(scene.name or _("unnamed"), len(scene.aspects), hidden, bool(scene.notes)))
    return scenes, lines


def _scene(item: Any, at: str, source: str) -> Scene:
    if not isinstance(item, dict):
        raise FileFormatError(source, _("{where}: expected a Fari scene (a JSON object), got {found}").format(
            where=at, found=_kind(item)))
    where = (lambda key: f"{at}.{key}" if at else key)
    # Fari keeps a scene's name and group as typed (plain text); its cards' texts are HTML.
    name = _text(item.get("name"), where("name"), source).strip()
    cards = _cards(item, at, source)
    aspects: list[SituationAspect] = []
    hidden: list[str] = []
    notes: list[str] = []
    for card, private, card_at in cards:
        title = html_to_text(_text(card.get("title"), f"{card_at}.title", source))
        said = _card_text(card, card_at, source, 0)
        if title:
            aspect = SituationAspect(text=title, boost=card.get("type") == BOOST)
            aspects.append(aspect)
            if private:
                hidden.append(aspect.id)
        if said:
            # In the scene's notes: the same in every language, like the rest of the scene.
            notes.append(f"Index card {title or '(no title)'}{' (private)' if private else ''}:\n{said}")  # i18n: stored
    scene_notes = html_to_text(_text(item.get("notes"), where("notes"), source))
    group = _text(item.get("group"), where("group"), source).strip()
    parts = [p for p in (scene_notes, "\n\n".join(notes), f"Fari group: {group}" if group else "") if p]  # i18n: stored
    body: dict[str, Any] = {"name": name, "aspects": aspects, "notes": "\n\n".join(parts),
                            "play": {"hidden": hidden}}
    scene_id = fari_id(item.get("id"))
    if scene_id is not None:
        body["id"] = scene_id
    try:
        return Scene.model_validate(body)
    except ValidationError as exc:
        raise FileFormatError(source, _("{where}: {problem}").format(where=at or _("(top level)"),
                                                                    problem=describe(exc))) from None


def _cards(item: dict, at: str, source: str) -> list[tuple[dict, bool, str]]:
    """(card, private, where) for each index card, whichever shape the scene was saved in."""
    found: list[tuple[dict, bool, str]] = []
    at = f"{at}." if at else ""  # a scene file's own fields are at its top level
    cards = item.get("indexCards")
    if isinstance(cards, dict):  # current: {public: [...], private: [...]}
        for side in ("public", "private"):
            found += [(c, side == "private", f"{at}indexCards.{side}[{i}]")
                      for i, c in enumerate(_list(cards.get(side), f"{at}indexCards.{side}", source))]
    elif cards is not None:  # a list of cards, each saying if it is private
        found += [(c, c.get("isPrivate") is True if isinstance(c, dict) else False, f"{at}indexCards[{i}]")
                  for i, c in enumerate(_list(cards, f"{at}indexCards", source))]
    aspects = item.get("aspects")
    if isinstance(aspects, dict):  # the first shape: a record of aspects by id
        found += [(c, c.get("isPrivate") is True if isinstance(c, dict) else False, f"{at}aspects.{key}")
                  for key, c in aspects.items()]
    elif aspects is not None:
        raise FileFormatError(source, _("{where}: expected a JSON object, got {found}").format(
            where=f"{at}aspects", found=_kind(aspects)))
    for card, _unused, card_at in found:
        if not isinstance(card, dict):
            raise FileFormatError(source, _("{where}: expected an index card (a JSON object), got {found}").format(
                where=card_at, found=_kind(card)))
    return found


def _card_text(card: dict, at: str, source: str, depth: int) -> str:
    """What a card says besides its title: content, blocks, tracks, consequences, sub-cards."""
    lines = []
    content = html_to_text(_text(card.get("content"), f"{at}.content", source))
    if content:
        lines.append(content)
    for i, block in enumerate(_list(card.get("blocks", []), f"{at}.blocks", source)):
        if not isinstance(block, dict):
            raise FileFormatError(source, _("{where}.blocks[{index}]: expected a block (a JSON object), got {found}").format(
                where=at, index=i, found=_kind(block)))
        label = html_to_text(_text(block.get("label"), f"{at}.blocks[{i}].label", source))
        value = block.get("value")
        if isinstance(value, list):  # a slot tracker
            marked = sum(1 for b in value if isinstance(b, dict) and b.get("checked") is True)
            shown = f"{marked} of {len(value)} boxes marked"  # i18n: stored in the scene's notes
        elif isinstance(value, (str, int, float)) or value is None:
            shown = html_to_text(_scalar(value, f"{at}.blocks[{i}].value", source))
        else:
            shown = ""
        if shown:
            lines.append(f"{label}: {shown}" if label else shown)
    for key in ("tracks", "consequences"):  # the first shape's card fields
        for i, entry in enumerate(_list(card.get(key, []), f"{at}.{key}", source)):
            if isinstance(entry, dict):
                value = entry.get("value")
                if isinstance(value, list):
                    marked = sum(1 for b in value if isinstance(b, dict) and b.get('checked') is True)
                    shown = f"{marked} of {len(value)} boxes marked"  # i18n: stored in the scene's notes
                else:
                    shown = html_to_text(
                        _scalar(value, f"{at}.{key}[{i}].value", source) if not isinstance(value, dict) else "")
                name = html_to_text(_text(entry.get("name"), f"{at}.{key}[{i}].name", source))
                if shown:
                    lines.append(f"{name}: {shown}" if name else shown)
    if depth < MAX_DEPTH:
        for i, sub in enumerate(_list(card.get("subCards", []), f"{at}.subCards", source)):
            if not isinstance(sub, dict):
                continue
            title = html_to_text(_text(sub.get("title"), f"{at}.subCards[{i}].title", source))
            said = _card_text(sub, f"{at}.subCards[{i}]", source, depth + 1)
            if title or said:
                lines.append("- " + ": ".join(p for p in (title, said.replace("\n", " ")) if p))
    return "\n".join(lines)


def _list(value: Any, at: str, source: str) -> list:
    if value is None:
        return []
    if not isinstance(value, list):
        raise FileFormatError(source, _("{where}: expected a list, got {found}").format(where=at, found=_kind(value)))
    return value


def _scene_line(name: str, aspects: int, hidden: int, noted: bool) -> str:
    """The summary line of one imported Fari scene."""
    found = counted("aspect", aspects)
    if hidden:
        found = _("{aspects} ({hidden} only the GM sees)").format(aspects=found, hidden=hidden)
    if noted:
        return _("scene {name}: from Fari, {aspects}, index cards kept in its notes").format(name=name, aspects=found)
    return _("scene {name}: from Fari, {aspects}").format(name=name, aspects=found)


def character_line(character: Character, rules_name: str) -> str:
    """The summary line of one imported Fari character."""
    return _("character {name}: from Fari ({ruleset}), {aspects}, {skills}, {stunts}").format(
        name=character.name or _("unnamed"), ruleset=rules_text(rules_name),
        aspects=counted("aspect", len(character.aspects)), skills=counted("skill", len(character.skills)),
        stunts=counted("stunt", len(character.stunts)))


def not_yet_imported(entries: list, taken: set[str]) -> tuple[list, list[str]]:
    """The entries whose ids the campaign does not hold yet, and a line for each one it does:
    a library imported again adds only what is new, and leaves what is there as it is."""
    new, skipped = [], []
    for entry in entries:
        if entry.id in taken:
            name = entry.name or _("unnamed")
            skipped.append(
                _("scene {name}: already in the campaign (imported before); left as it is").format(name=name)
                if isinstance(entry, Scene) else
                _("character {name}: already in the campaign (imported before); left as it is").format(name=name))
        else:
            new.append(entry)
    return new, skipped
