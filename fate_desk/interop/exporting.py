"""Write characters for other tools: Foundry VTT's Fate Core Official or FateX system, or Fari.

One character goes to one file; several (a campaign) to one file each in a folder. Nothing
is replaced unless the caller says so (`replace`, the command line's --force after its shared
output check): a file that already exists, or the file being exported from, stops the export
before anything is written, and a failed write removes the files this export created.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from fate_desk.i18n import N_, _
from fate_desk.model import CampaignOptions, Character
from fate_desk.rules import DEFAULT_RULESET, RuleSet, RuleSetError, get_ruleset

from fate_desk.store.atomic import write_bytes_atomic
from fate_desk.interop.fari.writing import SUFFIX as FARI_SUFFIX
from fate_desk.interop.fari.writing import export_notes as fari_notes
from fate_desk.interop.fari.writing import fari_json
from fate_desk.interop.fatex.writing import export_notes as fatex_notes
from fate_desk.interop.fatex.writing import fatex_json
from fate_desk.interop.fco.writing import export_notes as fco_notes
from fate_desk.interop.fco.writing import fco_json


class ExportRefused(Exception):
    """The export cannot go ahead; str() is one line for the user."""


@dataclass(frozen=True)
class Target:
    id: str
    label: str
    suffix: str
    render: Callable[..., bytes]  # (character, rule set, options[, language=]) -> the file
    notes: Callable[[Character, RuleSet, CampaignOptions | None], list[str]]
    # Whether the file carries captions the other tool shows as they are, in a language the
    # user picks (FateX's labels); the other tools translate their own captions.
    labelled: bool = False


TARGETS = {
    "foundry-fco": Target("foundry-fco", N_("Foundry VTT (Fate Core Official)"), ".json", fco_json, fco_notes),
    "fatex": Target("fatex", N_("Foundry VTT (FateX)"), ".json", fatex_json, fatex_notes, labelled=True),
    "fari": Target("fari", "Fari", FARI_SUFFIX, fari_json, fari_notes),
}


def summary(characters: list[Character], target_id: str, *, options: CampaignOptions | None = None,
            ruleset: str | None = None) -> list[str]:
    """What went where, one line each, for what the export could not say as the other tool does."""
    target = TARGETS[target_id]
    return [line for c in characters for line in target.notes(c, ruleset_for(c, ruleset), options)]


def safe_stem(name: str, fallback: str) -> str:
    stem = re.sub(r"[^\w\- ]+", "", name).strip().replace(" ", "-")
    return stem[:80] or fallback


def file_names(folder: Path, characters: list[Character], suffix: str) -> list[Path]:
    """One file name per character in `folder`, from its name; repeats get -2, -3..."""
    names: list[Path] = []
    taken: set[str] = set()
    next_number: dict[str, int] = {}  # per stem: where to go on counting (1,000 "Thug"s took 28 s)
    for index, character in enumerate(characters, 1):
        stem = safe_stem(character.name, f"character-{index}")
        candidate, n = f"{stem}{suffix}", next_number.get(stem, 2)
        while candidate.casefold() in taken:  # as on a file system that ignores case
            candidate, n = f"{stem}-{n}{suffix}", n + 1
        next_number[stem] = n
        taken.add(candidate.casefold())
        names.append(folder / candidate)
    return names


def plan(characters: list[Character], out: Path, target: Target, sources: tuple[Path, ...] = (),
         into_folder: bool = False, replace: bool = False) -> list[Path]:
    """Where each character goes; refuses before anything is written.

    `replace` lets existing files stand in the plan (never the file being exported from).
    """
    if not characters:
        raise ExportRefused(_("there are no characters to export"))
    if len(characters) == 1 and not out.is_dir() and not into_folder:
        if not out.name.endswith(target.suffix):
            raise ExportRefused(_("{path}: a {tool} file's name must end in {suffix}").format(
                path=out, tool=_(target.label), suffix=target.suffix))
        paths = [out]
    else:
        if out.exists() and not out.is_dir():
            raise ExportRefused(_("{path}: characters go one file each into a folder; give a folder "
                                  "(it is made if missing)").format(path=out))
        if not out.exists() and not out.parent.is_dir():
            raise ExportRefused(_("{path}: no such folder").format(path=out.parent))
        paths = file_names(out, characters, target.suffix)
    resolved_sources = {s.resolve() for s in sources if s.exists()}
    for path in paths:
        if path.exists() and path.resolve() in resolved_sources:
            raise ExportRefused(_("{path}: is the file being exported; choose another name").format(path=path))
        if path.exists() and not replace:
            raise ExportRefused(_("{path}: already exists; choose another name or folder").format(path=path))
    return paths


def ruleset_for(character: Character, fallback: str | None = None) -> RuleSet:
    for rid in (character.ruleset, fallback, DEFAULT_RULESET):
        if rid:
            try:
                return get_ruleset(rid)
            except RuleSetError:
                continue
    return get_ruleset(DEFAULT_RULESET)


def export(characters: list[Character], out: Path, target_id: str, *, options: CampaignOptions | None = None,
           ruleset: str | None = None, sources: tuple[Path, ...] = (), into_folder: bool = False,
           replace: bool = False, language: str = "en") -> list[Path]:
    """Write the characters for `target_id`; returns the files written. `language` is that of
    the captions a labelled target's tool shows (FateX's roles and severities).

    With `replace`, files already there are replaced (the caller has checked what they are);
    if the export then fails, only the files it created are removed.
    """
    target = TARGETS[target_id]
    out = Path(out)
    paths = plan(characters, out, target, sources, into_folder, replace)
    existed = {p for p in paths if p.exists()}
    extra = {"language": language} if target.labelled else {}
    data = [target.render(c, ruleset_for(c, ruleset), options, **extra) for c in characters]
    made_folder = False
    written: list[Path] = []
    try:
        if len(paths) > 1 or paths[0].parent == out:
            if not out.exists():
                out.mkdir()
                made_folder = True
        for path, body in zip(paths, data):
            if path.exists() and path not in existed:  # appeared since the plan: never replace it
                raise ExportRefused(_("{path}: already exists; choose another name or folder").format(path=path))
            write_bytes_atomic(path, body)
            if path not in existed:
                written.append(path)
    except OSError as exc:
        _undo(written, out if made_folder else None)
        raise ExportRefused(_("{path}: could not be written ({reason})").format(
            path=exc.filename or out, reason=exc.strerror or exc)) from None
    except ExportRefused:
        _undo(written, out if made_folder else None)
        raise
    return paths


def _undo(written: list[Path], folder: Path | None) -> None:
    for path in written:
        try:
            path.unlink()
        except OSError:
            pass
    if folder is not None:
        try:
            folder.rmdir()
        except OSError:
            pass
