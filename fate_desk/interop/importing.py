"""Import characters from any file Fate Desk reads: the GUI and `fate-desk import` call this.

Accepted: character interchange files (`*.fate.json`), campaign bundles
(`*.fate-campaign.json`), campaign files (`*.fatedesk`, read-only) and Fari files
(`*.fari.json`: single characters and "full" bundles, format versions 1 to 6) and Foundry VTT
actors exported from the Fate Core Official or FateX systems. The kind is told from the
content, not the name. Every failure is a FileFormatError with one line.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from fate_desk.collector import let_go
from fate_desk.i18n import N_, _, ngettext
from fate_desk.model import Campaign, Character, Scene, new_id
from fate_desk.model.plain import clean_surrogates
from fate_desk.rules import get_ruleset

from fate_desk.store import bundle, interchange
from fate_desk.store.campaign_file import is_campaign_file, load_campaign
from fate_desk.interop.fari.reading import fari_sheets, looks_like_fari
from fate_desk.interop.fari.library import (
    character_line,
    is_library,
    is_scene,
    library_scenes,
    not_yet_imported,
    single_scene,
)
from fate_desk.interop.fari.mapping import sheet_to_character
from fate_desk.interop.fatex.reading import fatex_to_character, looks_like_fatex
from fate_desk.interop.fco.reading import fco_to_character, looks_like_fco
from fate_desk.store.interchange import FileFormatError, parse_json, read_bytes


@dataclass
class ImportResult:
    """What a file held: its characters, and notes for the user on anything guessed or set aside.

    `campaign` is the whole campaign when the file was a campaign bundle or campaign file
    (its characters are `characters` too); `source_format` says what the file was. A Fari
    library also gives `scenes`, and `library` says that entries already in a campaign (by
    their Fari id) are left as they are instead of added again.
    """

    characters: list[Character]
    warnings: list[str] = field(default_factory=list)
    source_format: str = ""  # English, marked with N_(): show it through _()
    campaign: Campaign | None = None
    scenes: list[Scene] = field(default_factory=list)
    library: bool = False

    def entries(self) -> list:
        return [*self.characters, *self.scenes]

    def new_entries(self, taken: set[str]) -> tuple[list, list[str]]:
        """What to add to a campaign holding the ids `taken`: a library's entries already there
        are skipped (with a line each); other files' clashing ids are added as copies."""
        if self.library:
            return not_yet_imported(self.entries(), taken)
        characters, notes = with_fresh_ids(self.characters, taken)
        return [*characters, *self.scenes], notes

    def ruleset(self) -> str | None:
        """The rule set most of the characters use (the campaign's, for a campaign)."""
        if self.campaign is not None:
            return self.campaign.ruleset
        counts = Counter(c.ruleset for c in self.characters)
        return counts.most_common(1)[0][0] if counts else None


class ImportCancelled(Exception):
    """The user cancelled an import while its file was read: nothing is added."""


# done, total -> False to stop (the GUI's Cancel): called after each character of a Fari file.
Progress = Callable[[int, int], bool]


def import_into_campaign(path: Path, ruleset: str, progress: Progress | None = None) -> ImportResult:
    """What File ▸ Import reads for a campaign using `ruleset`, the file read and parsed once (on
    the app's worker): a whole Fari library's sheets take the rule set their template names (the
    campaign's when it names none); a single Fari sheet says nothing reliable about its rule set,
    so it takes the campaign's. Raises ImportCancelled if `progress` says stop."""
    path = Path(path)
    if path.exists() and not path.is_file() and not path.is_dir():
        raise FileFormatError(str(path), _("is not a regular file (a pipe or device)"))
    if is_campaign_file(path):
        return import_characters(path)
    notes: list[str] = []
    data = parse_json(read_bytes(path), str(path), notes)
    library = is_library(data)
    try:
        if library:
            result = import_document(data, str(path), fallback=ruleset, progress=progress, parsed=True)
        else:
            result = import_document(data, str(path), ruleset, progress=progress, parsed=True)
    finally:
        # A library is freed a piece at a time (1,000 sheets at once are 10-14 ms the window
        # waits for the lock), also when the read fails or is cancelled: the error handed to the
        # window would otherwise free it there, through its traceback. A file of one character
        # is freed whole: a 1.5 MB Foundry actor in 0.3 ms, where emptying it would take 5.
        if library:
            let_go(data)
    result.warnings[:0] = notes
    return result


def import_characters(path: Path, ruleset: str | None = None, fallback: str | None = None) -> ImportResult:
    """Read every character in `path`; `ruleset` overrides the guess for Fari sheets, `fallback`
    is taken only for Fari sheets whose template names no rule set (instead of a guess)."""
    path = Path(path)
    source = str(path)
    if path.exists() and not path.is_file() and not path.is_dir():
        # A FIFO or device would block the read (or never end): no character file is one.
        raise FileFormatError(source, _("is not a regular file (a pipe or device)"))
    if is_campaign_file(path):
        campaign = load_campaign(path)
        interchange.refuse_over_limits(campaign.characters, source)
        return ImportResult(list(campaign.characters), [], N_("Fate Desk campaign file"), campaign)
    notes: list[str] = []
    data = parse_json(read_bytes(path), source, notes)
    result = import_document(data, source, ruleset, fallback, parsed=True)
    result.warnings[:0] = notes
    return result


def import_document(data: Any, source: str = "", ruleset: str | None = None,
                    fallback: str | None = None, progress: Progress | None = None,
                    parsed: bool = False) -> ImportResult:
    """Characters from an already parsed JSON document (any of the JSON formats above).
    `parsed`: it came from interchange.parse_json, which has already replaced its lone
    surrogates (a second walk over a 1.5 MB Foundry actor was 30-40 ms of the import's worker,
    each millisecond of it taken from the window's turns: the two share the interpreter's lock)."""
    broken = 0
    if not parsed:
        data, broken = clean_surrogates(data)
    result = _import_document(data, source, ruleset, fallback, progress)
    # No character is taken in that the app could not then show at once (fate_desk.model.limits).
    interchange.refuse_over_limits(result.characters, source)
    if broken:
        result.warnings.append(ngettext(
            "{count} piece of text held broken characters (lone surrogates), shown as \ufffd",
            "{count} pieces of text held broken characters (lone surrogates), shown as \ufffd",
            broken).format(count=broken))
    return result


def _import_document(data: Any, source: str, ruleset: str | None, fallback: str | None = None,
                     progress: Progress | None = None) -> ImportResult:
    if isinstance(data, dict) and data.get("format") == interchange.FORMAT:
        return ImportResult([interchange.character_from_dict(data, source)], [], N_("Fate Desk character"))
    if isinstance(data, dict) and data.get("format") == bundle.FORMAT:
        campaign = bundle.campaign_from_dict(data, source)
        return ImportResult(list(campaign.characters), [], N_("Fate Desk campaign bundle"), campaign)
    if looks_like_fari(data):
        return import_fari(data, source, ruleset, fallback, progress)
    foundry = _foundry_reader(data)
    if foundry is not None:
        read, kind = foundry
        character, notes = read(data, source, ruleset)
        return ImportResult([character], notes, kind)
    refused = fco_settings_refusal(data)
    if refused:
        raise FileFormatError(source, refused)
    if isinstance(data, dict) and "format" in data:
        got = repr(data.get("format"))
        got = got if len(got) <= 40 else got[:37] + "..."
        raise FileFormatError(source, _("format: expected {one} or {other}, got {found}").format(
            one=repr(interchange.FORMAT), other=repr(bundle.FORMAT), found=got))
    if isinstance(data, dict) and isinstance(data.get("system"), dict) and "type" in data:
        raise FileFormatError(source, _("type: a Foundry document of a system Fate Desk does not read "
                                        "(it reads Fate Core Official and FateX actors)"))
    raise FileFormatError(
        source,
        _("is neither a Fate Desk file nor a Fari file, nor a Foundry actor (no 'format', 'fariType' or 'type' field)"),
    )


def fco_settings_refusal(data: Any) -> str | None:
    """Why a Fate Core Official settings file is not imported, or None for any other file.

    FCO exports two kinds of file that are not actors (scripts/fcoConstants.js `exportSettings`;
    scripts/FateCharacterDefaults.js `exportDefaults`): a world's settings (its skill list, tracks,
    stunt database, refresh and character defaults) and its character defaults (templates: empty
    aspects, skills at Mediocre, unmarked tracks, keyed by name). Neither holds a character, and a
    Fate Desk rule set or game pack carries rules (skill shape, advancement, a licence) that they do
    not say."""
    if not isinstance(data, dict) or not data:
        return None
    if "refreshTotal" in data and isinstance(data.get("skills"), dict) and isinstance(data.get("tracks"), dict):
        return _("this is Fate Core Official's export of a world's settings (its skill list, tracks, stunts and "
                 "character defaults), not a character; Fate Desk takes a game's skills and tracks from its rule "
                 "sets and game packs, which hold more than these settings say (the skill pyramid, advancement, "
                 "the game's licence), so nothing was imported")
    if all(isinstance(v, dict) and isinstance(v.get("default_name"), str) for v in data.values()):
        names = ", ".join(str(v["default_name"])[:40] for v in list(data.values())[:5])
        return _("this is Fate Core Official's export of character defaults ({names}): templates for new "
                 "characters, with empty aspects, unrated skills and unmarked tracks, not characters; make a "
                 "character from one in Fate Core Official and export that actor instead, so nothing was "
                 "imported").format(names=names + (", …" if len(data) > 5 else ""))
    return None


def _foundry_reader(data: Any):
    """The reader for a Foundry actor export, by the system that wrote it."""
    if looks_like_fco(data):
        return fco_to_character, N_("Foundry actor (Fate Core Official)")
    if looks_like_fatex(data):
        return fatex_to_character, N_("Foundry actor (FateX)")
    return None


def import_fari(data: Any, source: str = "", ruleset: str | None = None, fallback: str | None = None,
                progress: Progress | None = None) -> ImportResult:
    sheets, warnings = fari_sheets(data, source)
    if is_scene(data):
        # One scene, as Fari exports it: like a library's, it keeps its Fari id, so importing it
        # again adds nothing.
        scenes, scene_lines = single_scene(data, source)
        return ImportResult([], scene_lines, N_("Fari scene"), scenes=scenes, library=True)
    library = is_library(data)
    scenes, scene_lines = library_scenes(data, source) if library else ([], [])
    characters: list[Character] = []
    lines: list[str] = []
    seen: set[str] = set()
    try:
        for done, sheet in enumerate(sheets):
            if progress is not None and not progress(done, len(sheets)):
                raise ImportCancelled()
            character, notes = sheet_to_character(sheet, source, ruleset, fallback)
            if character.id in seen:
                character = character.model_copy(update={"id": new_id()})
            seen.add(character.id)
            characters.append(character)
            if library:
                lines.append(character_line(character, get_ruleset(character.ruleset).name))
            lines += notes
    finally:
        let_go(sheets)  # a sheet at a time: 1,000 read sheets freed at once are 9 ms (see let_go)
    kind = N_("Fari library") if library else N_("Fari character")
    return ImportResult(characters, lines + scene_lines + warnings, kind, scenes=scenes, library=library)


def ruleset_notes(characters: list[Character], ruleset: str) -> list[str]:
    """A line for each character made for another rule set than the campaign's."""
    return [
        _("{who}: made for {ruleset}, but the campaign uses {campaign_ruleset}, which its checks will follow").format(
            who=c.name or _("unnamed character"), ruleset=c.ruleset, campaign_ruleset=ruleset)
        for c in characters if c.ruleset != ruleset
    ]


def with_fresh_ids(characters: list[Character], taken: set[str]) -> tuple[list[Character], list[str]]:
    """Characters whose ids clash with `taken` get new ids (added as copies, never replacing)."""
    out, notes = [], []
    taken = set(taken)
    for character in characters:
        if character.id in taken:
            character = character.model_copy(update={"id": new_id()})
            notes.append(_("{who}: already in the campaign; added as a copy").format(
                who=character.name or _("unnamed character")))
        taken.add(character.id)
        out.append(character)
    return out, notes
