"""Read Fari files (`*.fari.json`): every format version becomes one list of sections of blocks.

Fari (fari.app) keeps sheets as generic pages, sections and blocks. Versions 1 and 2 were
flat lists of {name, value}; version 3 has pages of sections placed left or right; version 4
pages of {left, right} section lists; versions 5 and 6 pages of rows of columns of sections
(6 writes many labels in capitals). A file holds one character (`fariType: "character"`) or
a bundle (`fariType: "full"`, with characters, scenes and index cards). Mapping the sections
onto a Fate Desk character is `fari_mapping`'s job.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from fate_desk.i18n import _, ngettext

from fate_desk.store.interchange import FileFormatError

NEWEST_VERSION = 6


@dataclass
class FariBlock:
    type: str
    label: str
    value: Any
    meta: dict
    path: str  # where it sits in the file, for messages


@dataclass
class FariSection:
    label: str
    blocks: list[FariBlock]
    path: str
    page: str = ""
    visible_on_card: bool = False
    role: str | None = None  # known for versions 1 and 2, where each list has one meaning


@dataclass
class FariSheet:
    """One Fari character, whatever its format version."""

    name: str
    id: str | None
    version: int
    sections: list[FariSection]
    path: str
    group: str = ""
    template: str = ""
    pages: int = 1
    refresh: Any = None  # versions 1 and 2 kept these outside the lists
    fate_points: Any = None
    extras: dict[str, Any] = field(default_factory=dict)


def looks_like_fari(data: Any) -> bool:
    """A Fari export, or a Fari sheet without its fariType (templates are saved that way)."""
    if not isinstance(data, dict):
        return False
    if "fariType" in data:
        return True
    return "pages" in data or ("aspects" in data and "stressTracks" in data)


def fari_sheets(data: Any, source: str = "") -> tuple[list[FariSheet], list[str]]:
    """The characters of a Fari file, and what in the file was left aside."""
    if not isinstance(data, dict):
        raise FileFormatError(source, _("is not a Fari file (expected a JSON object)"))
    kind = data.get("fariType", "character")
    if kind == "character":
        return [read_sheet(data, "", source)], []
    if kind == "full":
        chars = data.get("characters")
        if chars is None:
            raise FileFormatError(source, _("characters: is missing (a Fari library lists its characters there)"))
        if not isinstance(chars, list):
            raise FileFormatError(source, _("characters: expected a list, got {found}").format(found=_kind(chars)))
        sheets = [read_sheet(c, f"characters[{i}]", source) for i, c in enumerate(chars)]
        left: list[str] = []
        # Scenes are read by fari_library; index card collections (Fari's card templates) have
        # no place in a campaign.
        items = data.get("indexCardCollections")
        if isinstance(items, list) and items:
            left.append(ngettext(
                "the Fari library also holds {count} index card collection "
                "(card templates), which Fate Desk does not import",
                "the Fari library also holds {count} index card collections "
                "(card templates), which Fate Desk does not import",
                len(items)).format(count=len(items)))
        return sheets, left
    if kind == "scene":
        return [], []  # a single scene: `fari_library` reads it
    raise FileFormatError(source, _("fariType: expected 'character', 'scene' or 'full', got {found}").format(
        found=_shown(kind)))


def read_sheet(data: Any, path: str, source: str) -> FariSheet:
    """Normalise one Fari character of any version."""
    where = path or _("(top level)")
    if not isinstance(data, dict):
        raise FileFormatError(source, _("{where}: expected a Fari character (a JSON object), got {found}").format(where=where, found=_kind(data)))
    version = data.get("version")
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        raise FileFormatError(source, _("{where}: expected a whole number, got {found}").format(
            where=_at(path, 'version'), found=_shown(version)))
    if isinstance(version, int) and not 1 <= version <= NEWEST_VERSION:
        raise FileFormatError(
            source,
            _("{where}: Fari format version {version} is not one this importer reads "
              "(1 to {newest})").format(where=_at(path, 'version'), version=version, newest=NEWEST_VERSION),
        )
    name = _text(data.get("name"), _at(path, "name"), source)
    group = _text(data.get("group"), _at(path, "group"), source)
    template = data.get("template") if isinstance(data.get("template"), str) else ""
    char_id = fari_id(data.get("id"))
    if "pages" in data:
        sections, pages, layout = _pages(data["pages"], _at(path, "pages"), source)
        return FariSheet(name, char_id, version or layout, sections, path, group, template, pages)
    if "aspects" in data or "skills" in data or "stressTracks" in data:
        return _flat_sheet(data, path, source, name, char_id, version, group, template)
    raise FileFormatError(source, _("{where}: is missing (not a Fari character sheet)").format(where=_at(path, 'pages')))


def fari_id(raw: Any) -> str | None:
    """A Fari entry's id as a Fate Desk id: as it is up to 64 characters; a longer one (Fari
    accepts any text) as a digest of it, the same on every import, so importing the same file
    again finds the entry already there."""
    if not isinstance(raw, str) or not raw:
        return None
    if len(raw) <= 64:
        return raw
    return "fari-" + hashlib.sha256(raw.encode("utf-8", "replace")).hexdigest()[:48]


# --- versions 1 and 2: flat lists ---------------------------------------------------------

_FLAT_LISTS = (
    # key, label key, default label, role, block type
    ("aspects", "aspectsLabel", "Aspects", "aspects", "Text"),
    ("stunts", "stuntsLabel", "Stunts & Extras", "stunts", "Text"),
    ("skills", "skillsLabel", "Skills", "skills", "Skill"),
    ("stressTracks", "stressTracksLabel", "Stress", "stress", "SlotTracker"),
    ("consequences", "consequencesLabel", "Consequences", "consequences", "Text"),
)


def _flat_sheet(data, path, source, name, char_id, version, group, template) -> FariSheet:
    sections: list[FariSection] = []
    for key, label_key, default, role, block_type in _FLAT_LISTS:
        items = data.get(key)
        if items is None:
            continue
        where = _at(path, key)
        if not isinstance(items, list):
            raise FileFormatError(source, _("{where}: expected a list, got {found}").format(where=where, found=_kind(items)))
        label = _text(data.get(label_key), _at(path, label_key), source) or default
        blocks = []
        for i, item in enumerate(items):
            item_at = f"{where}[{i}]"
            if not isinstance(item, dict):
                raise FileFormatError(source, _("{where}: expected {{name, value}}, got {found}").format(where=item_at, found=_kind(item)))
            item_label = _text(item.get("name"), f"{item_at}.name", source)
            value = item.get("value")
            if block_type == "SlotTracker":
                value = _boxes(value, f"{item_at}.value", source)
            else:
                value = _scalar(value, f"{item_at}.value", source)
            blocks.append(FariBlock(block_type, item_label, value, {}, item_at))
        sections.append(FariSection(label, blocks, where, role=role))
    notes = data.get("notes")
    if notes is not None:
        label = _text(data.get("notesLabel"), _at(path, "notesLabel"), source) or "Notes"
        value = _scalar(notes, _at(path, "notes"), source)
        sections.append(FariSection(label, [FariBlock("Text", "Notes", value, {}, _at(path, "notes"))],
                                    _at(path, "notes"), role="notes"))
    # A v1 stress track is a list of booleans; v2 turned them into {label, checked} boxes.
    tracks = data.get("stressTracks") or []
    inferred = 1 if any(isinstance(t, dict) and isinstance(t.get("value"), list)
                        and any(isinstance(b, bool) for b in t["value"]) for t in tracks) else 2
    return FariSheet(
        name, char_id, version or inferred, sections, path, group, template,
        refresh=data.get("refresh"), fate_points=data.get("fatePoints"),
    )


# --- versions 3 to 6: pages of sections of blocks -----------------------------------------

def _pages(pages: Any, where: str, source: str) -> tuple[list[FariSection], int, int]:
    """Sections of every page, the page count, and the version the layout belongs to."""
    if not isinstance(pages, list):
        raise FileFormatError(source, _("{where}: expected a list of pages, got {found}").format(where=where, found=_kind(pages)))
    sections: list[FariSection] = []
    layout = NEWEST_VERSION
    for p, page in enumerate(pages):
        page_at = f"{where}[{p}]"
        if not isinstance(page, dict):
            raise FileFormatError(source, _("{where}: expected a page (a JSON object), got {found}").format(where=page_at, found=_kind(page)))
        page_label = _text(page.get("label"), f"{page_at}.label", source)
        if "rows" not in page:
            layout = 4 if isinstance(page.get("sections"), dict) else 3
        for raw, at in _page_sections(page, page_at, source):
            sections.append(_section(raw, at, page_label, source))
    return sections, len(pages), layout


def _page_sections(page: dict, page_at: str, source: str) -> list[tuple[Any, str]]:
    """The raw sections of a page in reading order, whichever layout the version used."""
    found: list[tuple[Any, str]] = []
    if "rows" in page:  # versions 5 and 6
        rows = _list(page["rows"], f"{page_at}.rows", source)
        for r, row in enumerate(rows):
            row_at = f"{page_at}.rows[{r}]"
            columns = _list(_field(row, "columns", row_at, source), f"{row_at}.columns", source)
            for c, column in enumerate(columns):
                col_at = f"{row_at}.columns[{c}]"
                items = _list(_field(column, "sections", col_at, source), f"{col_at}.sections", source)
                found += [(s, f"{col_at}.sections[{i}]") for i, s in enumerate(items)]
        return found
    sections = page.get("sections")
    if isinstance(sections, dict):  # version 4: {left: [...], right: [...]}
        for side in ("left", "right"):
            items = _list(sections.get(side, []), f"{page_at}.sections.{side}", source)
            found += [(s, f"{page_at}.sections.{side}[{i}]") for i, s in enumerate(items)]
        return found
    if isinstance(sections, list):  # version 3: one list, each section placed Left or Right
        def on_right(section: Any) -> bool:
            return isinstance(section, dict) and section.get("position") in ("Right", 1)

        order = [i for i, s in enumerate(sections) if not on_right(s)]
        order += [i for i, s in enumerate(sections) if on_right(s)]
        return [(sections[i], f"{page_at}.sections[{i}]") for i in order]
    if sections is None:
        raise FileFormatError(source, _("{where}.rows: is missing (a page needs rows or sections)").format(where=page_at))
    raise FileFormatError(source, _("{where}.sections: expected a list, got {found}").format(where=page_at, found=_kind(sections)))


def _section(raw: Any, at: str, page_label: str, source: str) -> FariSection:
    if not isinstance(raw, dict):
        raise FileFormatError(source, _("{where}: expected a section (a JSON object), got {found}").format(where=at, found=_kind(raw)))
    label = _text(raw.get("label"), f"{at}.label", source)
    blocks_raw = _list(raw.get("blocks", []), f"{at}.blocks", source)
    blocks = [_block(b, f"{at}.blocks[{i}]", source) for i, b in enumerate(blocks_raw)]
    return FariSection(label, blocks, at, page_label, raw.get("visibleOnCard") is True)


def _block(raw: Any, at: str, source: str) -> FariBlock:
    if not isinstance(raw, dict):
        raise FileFormatError(source, _("{where}: expected a block (a JSON object), got {found}").format(where=at, found=_kind(raw)))
    block_type = raw.get("type")
    if not isinstance(block_type, str) or not block_type:
        shown = _("missing") if block_type is None else _shown(block_type)
        raise FileFormatError(source, _("{where}.type: expected a block type such as 'Text', got {found}").format(where=at, found=shown))
    label = _text(raw.get("label"), f"{at}.label", source)
    meta = raw.get("meta", {})
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise FileFormatError(source, _("{where}.meta: expected a JSON object, got {found}").format(where=at, found=_kind(meta)))
    value = raw.get("value")
    if block_type == "SlotTracker":
        value = _boxes(value, f"{at}.value", source)
    elif block_type in _TEXT_TYPES:
        value = _scalar(value, f"{at}.value", source)
    # Other block types (images, links, moves...) keep their raw value for the notes.
    return FariBlock(block_type, label, value, meta, at)


_TEXT_TYPES = {"Text", "RichText", "Numeric", "Skill", "PointCounter", "DicePool", "Link", "Image"}


# --- small readers that name the field when something is off ------------------------------

def _boxes(value: Any, at: str, source: str) -> list[tuple[str, bool]]:
    """Stress boxes as (label, checked): v1 stored booleans, later versions {label, checked}."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise FileFormatError(source, _("{where}: expected a list of boxes, got {found}").format(where=at, found=_kind(value)))
    boxes = []
    for i, box in enumerate(value):
        if isinstance(box, bool):
            boxes.append((str(i + 1), box))
        elif isinstance(box, dict):
            label = box.get("label", "")
            label = label if isinstance(label, str) else _scalar(label, f"{at}[{i}].label", source)
            boxes.append((label, box.get("checked") is True))
        elif box is None:
            boxes.append((str(i + 1), False))
        else:
            raise FileFormatError(source, _("{where}[{index}]: expected a stress box, got {found}").format(where=at, index=i, found=_kind(box)))
    return boxes


def _scalar(value: Any, at: str, source: str) -> str:
    """Text or a number, as text; missing is empty."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"  # i18n: file format (the value a Fari block held)
    if isinstance(value, (int, float)):
        return _number_text(value)
    raise FileFormatError(source, _("{where}: expected text, got {found}").format(where=at, found=_kind(value)))


def _number_text(value: int | float) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _text(value: Any, at: str, source: str) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _number_text(value)
    raise FileFormatError(source, _("{where}: expected text, got {found}").format(where=at, found=_kind(value)))


def _list(value: Any, at: str, source: str) -> list:
    if not isinstance(value, list):
        raise FileFormatError(source, _("{where}: expected a list, got {found}").format(where=at, found=_kind(value)))
    return value


def _field(container: Any, key: str, at: str, source: str) -> Any:
    if not isinstance(container, dict):
        raise FileFormatError(source, _("{where}: expected a JSON object, got {found}").format(where=at, found=_kind(container)))
    if key not in container:
        raise FileFormatError(source, _("{where}.{key}: is missing").format(where=at, key=key))
    return container[key]


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return _("true or false")
    if isinstance(value, (int, float)):
        return _("the number {number}").format(number=_number_text(value))[:40]
    if isinstance(value, str):
        return _shown(value)
    if isinstance(value, list):
        return _("a list")
    return _("a JSON object")


def _shown(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
