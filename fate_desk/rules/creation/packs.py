"""Game packs: a rule set with its extras, track templates, a library of stunts, extras and
example aspects, sample characters, and the licence statement of the game it comes from.

A pack is a folder holding `pack.toml` (which may name a `ruleset` file and `samples` beside it)
or one file named `*.fatepack.toml` with everything inline. Pack files are read like any file a
user hands us: every way one can be wrong is a PackError naming the file and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError

from fate_desk.i18n import _, rules_text
from fate_desk.model import CustomTrack, Extra, FateModel, Stunt
from fate_desk.model.base import empty_list
from fate_desk.model.errors import describe
from fate_desk.safefile import problem as file_problem
from fate_desk.safefile import read_regular

from fate_desk.rules.creation.loader import (
    MAX_RULESET_BYTES, RuleSetCatalog, RuleSetError, ruleset_from_data, split_problem, unexpected,
)
from fate_desk.rules.creation.ruleset import RuleSet

from fate_desk.rules.creation.pack_files import PACK_FILE, SINGLE_SUFFIX  # noqa: F401 (offered here too)

MAX_PACK_BYTES = 1024 * 1024
MAX_SAMPLE_BYTES = 1024 * 1024
_SLUG = r"^[a-z0-9][a-z0-9._-]{0,63}$"


class PackError(Exception):
    """A pack that cannot be used: one line naming the file and the field."""


class PackStunt(FateModel):
    name: str = Field(min_length=1, max_length=120)
    text: str = Field("", max_length=2000)
    skill: str | None = Field(None, max_length=80)


class PackAspect(FateModel):
    text: str = Field(min_length=1, max_length=200)
    note: str = Field("", max_length=500)


class ExtraTemplate(Extra):
    """An extra as a pack offers it; `includes` names other extras of the pack bought with it."""

    id: str = Field(pattern=_SLUG)
    includes: list[Annotated[str, Field(max_length=64)]] = Field(default_factory=empty_list, max_length=10)

    def as_extra(self) -> Extra:
        return Extra.model_validate(self.model_dump(exclude={"includes"}))


class PackFile(FateModel):
    """The contents of `pack.toml` (or a single-file pack)."""

    format: Literal["fate-desk/pack"]
    version: Literal[1]
    id: str = Field(pattern=_SLUG)
    name: str = Field(min_length=1, max_length=120)
    description: str = Field("", max_length=4000)
    # The licence and attribution statement the game's SRD asks for; a pack without one is refused.
    licence: str = Field(min_length=20, max_length=4000)
    source: str = Field("", max_length=500)
    ruleset: str | dict | None = None
    samples: list[str | dict] = Field(default_factory=empty_list, max_length=10)
    extras: list[ExtraTemplate] = Field(default_factory=empty_list, max_length=300)
    tracks: list[CustomTrack] = Field(default_factory=empty_list, max_length=100)
    stunts: list[PackStunt] = Field(default_factory=empty_list, max_length=1000)
    aspects: list[PackAspect] = Field(default_factory=empty_list, max_length=1000)


@dataclass
class Pack:
    """A loaded pack, ready to use."""

    id: str
    name: str
    description: str
    licence: str
    source: str
    path: Path  # pack.toml or the single file
    ruleset: RuleSet | None
    extras: list[ExtraTemplate] = field(default_factory=list)
    tracks: list[CustomTrack] = field(default_factory=list)
    stunts: list[PackStunt] = field(default_factory=list)
    aspects: list[PackAspect] = field(default_factory=list)
    sample_files: list[Path] = field(default_factory=list)
    sample_data: list[dict] = field(default_factory=list)
    shipped: bool = True

    @property
    def folder(self) -> Path:
        return self.path.parent

    def extra(self, extra_id: str) -> ExtraTemplate | None:
        return next((e for e in self.extras if e.id == extra_id), None)

    def bundle(self, extra_id: str) -> list[Extra]:
        """The extra and every extra it includes (each once), as extras for a sheet."""
        seen: list[str] = []

        def walk(eid: str) -> None:
            if eid in seen:
                return
            seen.append(eid)
            template = self.extra(eid)
            for inner in template.includes if template else []:
                walk(inner)

        walk(extra_id)
        return [t.as_extra() for eid in seen if (t := self.extra(eid)) is not None]


# --- reading ----------------------------------------------------------------------------------


def _toml(path: Path, limit: int) -> dict:
    try:
        text = read_regular(path, limit=limit).decode("utf-8-sig")  # a byte-order mark is read past
        return tomllib.loads(text)
    except OSError as exc:
        raise PackError(f"{path.name}: {file_problem(exc)}") from None
    except UnicodeDecodeError:
        raise PackError(_("{name}: is not UTF-8 text").format(name=path.name)) from None
    except tomllib.TOMLDecodeError as exc:
        raise PackError(_("{name}: is not valid TOML ({exc})").format(name=path.name, exc=exc)) from None
    except (RecursionError, ValueError) as exc:
        raise PackError(_("{name}: is not usable TOML ({kind})").format(name=path.name, kind=type(exc).__name__)) from None


def _inside(folder: Path, name: str, where: str, what: str) -> Path:
    """A file the pack names, which must be a plain relative path that stays in its folder
    (a symlink leading out of it is refused like `../` is)."""
    if isinstance(name, str) and any(ch < " " or ch == "\x7f" for ch in name):
        # A NUL is no file name at all (every file call refuses it); other control characters
        # are no name anyone meant.
        raise PackError(_("{where}: {what}: {name} is not a file name (it holds a control character)").format(
            where=where, what=what, name=repr(name)))
    if not isinstance(name, str) or not name or Path(name).is_absolute() or ".." in Path(name).parts:
        raise PackError(_("{where}: {what}: {name} must be a file name inside the pack's folder").format(where=where, what=what, name=repr(name)))
    path = folder / name
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise PackError(_("{where}: {what}: {name} is not in the pack's folder").format(where=where, what=what, name=name)) from None
    if not real.is_relative_to(folder.resolve()):
        raise PackError(_("{where}: {what}: {name} leads out of the pack's folder").format(where=where, what=what, name=name))
    return path


def load_pack(path: Path, shipped: bool = False) -> Pack:
    """A pack from a folder (holding pack.toml), its pack.toml, or a single `*.fatepack.toml`."""
    if path.is_dir():
        path = path / PACK_FILE
    where = path.name if path.name != PACK_FILE else f"{path.parent.name}/{PACK_FILE}"
    if path.name == PACK_FILE:
        _inside(path.parent, PACK_FILE, where, "pack.toml")  # a pack.toml linked from elsewhere is refused too
    data = _toml(path, MAX_PACK_BYTES)
    try:
        spec = PackFile.model_validate(data)
    except ValidationError as exc:
        raise PackError(f"{where}: {describe(exc)}") from None
    except RecursionError:
        raise PackError(_("{where}: is nested too deeply to be a pack").format(where=where)) from None
    folder = path.parent
    ruleset = None
    if isinstance(spec.ruleset, str):
        rpath = _inside(folder, spec.ruleset, where, "ruleset")
        try:
            ruleset = ruleset_from_data(_toml(rpath, MAX_RULESET_BYTES), _("{where}: ruleset {ruleset}").format(where=where, ruleset=spec.ruleset))
        except RuleSetError as exc:
            raise PackError(str(exc)) from None
    elif isinstance(spec.ruleset, dict):
        try:
            ruleset = ruleset_from_data(spec.ruleset, where, "ruleset.")
        except RuleSetError as exc:
            raise PackError(str(exc)) from None
    if ruleset is not None and ruleset.id != spec.id:
        raise PackError(_("{where}: ruleset.id: {id} must be the pack's id {id2}").format(where=where, id=repr(ruleset.id), id2=repr(spec.id)))
    files, inline = [], []
    for i, sample in enumerate(spec.samples):
        if isinstance(sample, str):
            files.append(_inside(folder, sample, where, f"samples[{i}]"))
        else:
            inline.append(sample)
    problem = _library_problem(spec, ruleset)
    if problem:
        raise PackError(f"{where}: {problem}")
    return Pack(spec.id, spec.name, spec.description, spec.licence, spec.source, path, ruleset,
                list(spec.extras), list(spec.tracks), list(spec.stunts), list(spec.aspects), files, inline, shipped)


def _library_problem(spec: PackFile, ruleset: RuleSet | None) -> str | None:
    """Duplicate ids, extras that include themselves (directly or round a circle), unknown skills."""
    ids = [e.id for e in spec.extras]
    dup = next((i for i in ids if ids.count(i) > 1), None)
    if dup:
        return _("extras: two extras have the id {dup}").format(dup=repr(dup))
    track_ids = [t.id for t in spec.tracks]
    dup = next((i for i in track_ids if track_ids.count(i) > 1), None)
    if dup:
        return _("tracks: two track templates have the id {dup}").format(dup=repr(dup))
    known = set(ids)
    for i, extra in enumerate(spec.extras):
        for inner in extra.includes:
            if inner not in known:
                return _("extras[{i}].includes: {id} includes {inner}, which the pack does not have").format(i=i, id=repr(extra.id), inner=repr(inner))
    cycle = _cycle({e.id: e.includes for e in spec.extras})
    if cycle:
        return _("extras.includes: the extras include one another in a circle ({value})").format(value=' → '.join(cycle))
    if ruleset is None:
        return None
    skills = {s.casefold() for s in ruleset.skills}

    def unknown(name: str | None) -> bool:
        return bool(name) and name.strip().casefold() not in skills

    def not_ours(where: str, name: str) -> str:
        return _("{where}: {name} is not one of the {ruleset} {skills}").format(
            where=where, name=repr(name), ruleset=rules_text(ruleset.name), skills=rules_text(ruleset.skill_word_plural))

    for i, extra in enumerate(spec.extras):
        for key in ("skills", "skill_bonuses"):
            for name in getattr(extra, key):
                if unknown(name) and not ruleset.allow_custom_skills:
                    return not_ours(f"extras[{i}].{key}", name)
        for j, track in enumerate(extra.tracks):
            if unknown(track.skill):
                return not_ours(f"extras[{i}].tracks[{j}].skill", track.skill)
    for i, track in enumerate(spec.tracks):
        if unknown(track.skill):
            return not_ours(f"tracks[{i}].skill", track.skill)
    for i, stunt in enumerate(spec.stunts):
        if unknown(stunt.skill):
            return not_ours(f"stunts[{i}].skill", stunt.skill)
    return None


def _cycle(graph: dict[str, list[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if state.get(nxt) is None:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in graph:
        if state.get(node) is None:
            found = visit(node)
            if found:
                return found
    return None


def pack_paths(folder: Path, problems: list[str] | None = None) -> list[Path]:
    """The packs in a folder: sub-folders holding pack.toml, and single-file packs. An entry that
    cannot be looked into (a folder nobody may read) is one line in `problems`; the others are
    still found. Hidden names are left alone: ours are unfinished installs, the rest a system's."""
    out = []
    for child in sorted(folder.iterdir()):
        if child.name.startswith("."):
            continue
        try:
            if child.name.endswith(SINGLE_SUFFIX) or (child.is_dir() and (child / PACK_FILE).exists()):
                out.append(child)
        except OSError as exc:
            if problems is not None:
                problems.append(_("{name}: cannot be read ({reason})").format(name=child.name, reason=exc.strerror or exc))
    return out


def add_packs(catalog: RuleSetCatalog, shipped: Path, user: Path) -> None:
    """Load every pack into the catalog; a broken pack is one line in `problems`, the rest load.
    A pack's id is its identity: one that another rule set or pack (a shipped one above all) has
    already is refused, library-only packs too, so a pack never joins a rule set not its own."""
    for folder, is_user in ((shipped, False), (user, True)):
        unreadable: list[str] = []
        try:
            if not folder.is_dir():
                continue
            paths = pack_paths(folder, unreadable)
        except OSError as exc:
            catalog.problems.append(_("Skipped the packs in {folder}: {reason}").format(folder=folder, reason=exc.strerror or exc))
            continue
        for problem in unreadable:
            catalog.problems.append(_skipped(problem, folder, is_user))
        for path in paths:
            try:
                if path.is_symlink() and not path.resolve().is_relative_to(folder.resolve()):
                    raise PackError(_("{name}: is a link leading out of the packs folder").format(name=path.name))
                pack = load_pack(path, shipped=not is_user)
            except PackError as exc:
                catalog.problems.append(_skipped(str(exc), folder, is_user))
                continue
            except OSError as exc:
                catalog.problems.append(_skipped(f"{path.name}: {file_problem(exc)}", folder, is_user))
                continue
            except Exception as exc:  # noqa: BLE001 - one pack, whatever is wrong with it, never stops the rest
                catalog.problems.append(_skipped(str(unexpected(path.name, exc)), folder, is_user))
                continue
            if pack.id in catalog.packs or pack.id in catalog.rulesets:
                if is_user and not catalog.is_user(pack.id):
                    catalog.problems.append(_skipped(
                        _("{name}: id: {id} is the id of a rule set or pack that comes with Fate Desk; "
                          "give your copy an id of its own").format(name=path.name, id=repr(pack.id)), folder, True))
                else:
                    catalog.problems.append(_skipped(
                        _("{name}: the id {id} is already taken").format(name=path.name, id=repr(pack.id)), folder, is_user))
                continue
            catalog.packs[pack.id] = pack
            if pack.ruleset is not None:
                catalog.rulesets[pack.id] = pack.ruleset
                catalog.origins[pack.id] = pack.path


def _skipped(problem: str, folder: Path, is_user: bool) -> str:
    """The line for a pack set aside: which file, what is wrong, and that it was ignored."""
    if is_user:
        name, problem = split_problem(problem)
        return _("Ignored your pack {name} (in {folder}): {problem}").format(name=name, folder=folder, problem=problem)
    return _("Skipped pack {problem}").format(problem=problem)


# --- the library ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LibraryEntry:
    """One thing the library offers: a stunt, an extra, a track or an example aspect. The pack's
    own (English) words are kept; `shown_title` and `shown_text` are them in the interface language."""

    kind: str  # "stunt", "extra", "track", "aspect"
    title: str
    text: str
    pack: str  # the pack's name, as shown (two packs may share one)
    item: object
    skill: str | None = None  # a stunt's skill
    pack_id: str = ""  # the pack's id: what tells it apart

    @property
    def kind_label(self) -> str:
        return {"stunt": _("Stunt"), "extra": _("Extra"), "track": _("Track"), "aspect": _("Aspect")}[self.kind]

    def shown_title(self) -> str:
        return rules_text(self.title)

    def shown_text(self) -> str:
        text = rules_text(self.text)
        if self.skill:
            return _("{skill}: {text}").format(skill=rules_text(self.skill), text=text)
        return text

    def shown_pack(self) -> str:
        return rules_text(self.pack)


def stunt_as_shown(stunt: PackStunt) -> Stunt:
    """A pack's stunt as it goes on a sheet: in the interface language, like a stunt one types."""
    return Stunt(name=rules_text(stunt.name), text=rules_text(stunt.text))


def extra_as_shown(extra: Extra) -> Extra:
    """A pack's extra as it goes on a sheet: its words in the interface language (its skills keep
    the rule set's names, which are keys)."""
    return extra.model_copy(update={
        "name": rules_text(extra.name), "description": rules_text(extra.description),
        "permission": rules_text(extra.permission), "notes": rules_text(extra.notes),
        "aspects": [rules_text(a) for a in extra.aspects],
        "stunts": [Stunt(name=rules_text(s.name), text=rules_text(s.text)) for s in extra.stunts],
        "tracks": [track_as_shown(t) for t in extra.tracks],
    })


def track_as_shown(track: CustomTrack) -> CustomTrack:
    """A pack's track as it goes on a sheet, its name and notes in the interface language."""
    return track.model_copy(update={"name": rules_text(track.name), "notes": rules_text(track.notes),
                                    "event": rules_text(track.event)})


def library(packs: list[Pack]) -> list[LibraryEntry]:
    out = []
    for pack in packs:
        out += [LibraryEntry("stunt", s.name, s.text, pack.name, s, s.skill, pack.id) for s in pack.stunts]
        out += [LibraryEntry("extra", e.name, e.description, pack.name, e, None, pack.id) for e in pack.extras]
        out += [LibraryEntry("track", t.name, t.notes, pack.name, t, None, pack.id) for t in pack.tracks]
        out += [LibraryEntry("aspect", a.text, a.note, pack.name, a, None, pack.id) for a in pack.aspects]
    return out


def search(entries: list[LibraryEntry], words: str, kind: str | None = None) -> list[LibraryEntry]:
    """Entries holding every word (in title, text, skill or pack name, in the pack's words or the
    interface language's), regardless of case."""
    terms = words.casefold().split()
    found = []
    for entry in entries:
        if kind and entry.kind != kind:
            continue
        hay = " ".join((entry.title, entry.text, entry.skill or "", entry.pack, entry.shown_title(),
                        entry.shown_text(), entry.shown_pack())).casefold()
        if all(t in hay for t in terms):
            found.append(entry)
    return found
