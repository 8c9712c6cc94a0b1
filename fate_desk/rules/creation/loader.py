"""Load rule-set files: the shipped ones and any the user drops into their data folder."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, get_args

from pydantic import BaseModel, ValidationError

from fate_desk.i18n import _
from fate_desk.model.errors import describe
from fate_desk.paths import packs_dir, rules_dir, user_packs_dir, user_rules_dir
from fate_desk.safefile import problem as file_problem
from fate_desk.safefile import read_regular

from fate_desk.rules.creation.ruleset import RuleSet

DEFAULT_RULESET = "fate-condensed"


class RuleSetError(Exception):
    """A rule-set file that cannot be used; the message names the file and what is wrong."""


# A rule set is a page or two of TOML; anything bigger is the wrong file.
MAX_RULESET_BYTES = 1024 * 1024


def load_ruleset_file(path: Path) -> RuleSet:
    """One rule set; every way the file can be wrong (a FIFO, /dev/zero, deep nesting, a
    5,000-digit number, absurd counts) is a RuleSetError naming it, never a hang or a crash."""
    try:
        # "utf-8-sig": a byte-order mark (Windows' Notepad writes one) is read past, not refused.
        text = read_regular(path, limit=MAX_RULESET_BYTES).decode("utf-8-sig")
        data = tomllib.loads(text)
    except OSError as exc:
        raise RuleSetError(f"{path.name}: {file_problem(exc)}") from None
    except UnicodeDecodeError:
        raise RuleSetError(_("{name}: is not UTF-8 text").format(name=path.name)) from None
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError(_("{name}: is not valid TOML ({exc})").format(name=path.name, exc=exc)) from None
    except RecursionError:
        raise RuleSetError(_("{name}: is nested too deeply to be a rule set").format(name=path.name)) from None
    except ValueError as exc:  # e.g. Python's limit on digits in a number
        raise RuleSetError(_("{name}: is not usable TOML ({exc})").format(name=path.name, exc=exc)) from None
    return ruleset_from_data(data, path.name)


def ruleset_from_data(data: object, where: str, prefix: str = "",
                      base_of: Callable[[str], RuleSet | None] | None = None) -> RuleSet:
    """A rule set from parsed TOML; `where` names the file and `prefix` the table it sits in.

    A rule set that names a `base` (a game pack built on Fate Core or Fate Accelerated) takes
    every field of that rule set it does not give itself (`inherit`); `base_of` finds the base
    by its id (the catalog's rule sets; by default the shipped ones)."""
    if isinstance(data, dict) and "base" in data:
        data = inherit(data, where, prefix, base_of)
    try:
        ruleset = RuleSet.model_validate(data)
    except ValidationError as exc:
        raise RuleSetError(f"{where}: {prefix}{describe(exc)}") from None
    except RecursionError:
        raise RuleSetError(_("{where}: is nested too deeply to be a rule set").format(where=where)) from None
    problem = _absurd(ruleset)
    if problem:
        raise RuleSetError(f"{where}: {prefix}{problem}")
    return ruleset


def inherit(data: dict, where: str, prefix: str = "",
            base_of: Callable[[str], RuleSet | None] | None = None) -> dict:
    """The rule set's fields over its base game's: a table that is a part of the rule set
    (stress, consequences, advancement, modes) is merged field by field; anything else the rule
    set gives (a number, a list, a map, the shape as a whole) replaces the base's.
    A pack that leaves a dial out plays by its base game's, so a dial added later is never
    forgotten by a pack written before it."""
    base_id = data.get("base")
    if not isinstance(base_id, str) or not base_id:
        raise RuleSetError(_("{where}: {prefix}base: name the rule set it builds on by its id, e.g. \"fate-core\"").format(
            where=where, prefix=prefix))
    base = (base_of or _shipped_alone)(base_id)
    if base is None:
        raise RuleSetError(_("{where}: {prefix}base: there is no rule set {id} to build on").format(
            where=where, prefix=prefix, id=repr(base_id)))
    merged = _merged(RuleSet, base.model_dump(mode="json", by_alias=True, exclude={"base"}), data)
    if "aspects" in data and "aspect_captions" not in data:
        # The base's captions name the slots of the base's aspects (Fate Core's phase trio), not
        # of a list the rule set gives itself.
        merged["aspect_captions"] = []
    return merged


def _merged(model: type[BaseModel], base: dict, over: dict) -> dict:
    out = dict(base)
    for key, value in over.items():
        part = _part(model, key)
        if part is not None and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merged(part, out[key], value)
        else:
            out[key] = value
    return out


def _part(model: type[BaseModel], key: str) -> type[BaseModel] | None:
    """The model of the table `key` names in `model` (None when it is not a table of fields)."""
    field = model.model_fields.get(key) or next(
        (f for f in model.model_fields.values() if f.alias == key), None)
    if field is None:
        return None
    for kind in (field.annotation, *get_args(field.annotation)):
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            return None if getattr(kind, "inherit_whole", False) else kind
    return None


# Numbers no Fate game uses; beyond them a rule set would make characters that cannot be kept.
_LIMITS = {"refresh_start": 99, "refresh_minimum": 99, "free_stunts": 99, "stunt_cost": 99}
_MAX_ASPECTS = 50


def _absurd(ruleset: RuleSet) -> str | None:
    for name, limit in _LIMITS.items():
        value = getattr(ruleset, name)
        if value > limit:
            return _("{name}: {value} is more than any game uses (at most {limit})").format(name=name, value=value, limit=limit)
    if len(ruleset.aspects) > _MAX_ASPECTS:
        return _("aspects: {count} aspects is more than any game uses (at most {max_aspects})").format(count=len(ruleset.aspects), max_aspects=_MAX_ASPECTS)
    return None


@dataclass
class RuleSetCatalog:
    """The rule sets on offer, by id, with the files that had to be skipped and why."""

    rulesets: dict[str, RuleSet] = field(default_factory=dict)
    origins: dict[str, Path] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    # Game packs by id (fate_desk.rules.creation.packs.Pack); a pack's rule set is in `rulesets`.
    packs: dict[str, object] = field(default_factory=dict)

    def get(self, ruleset_id: str) -> RuleSet:
        try:
            return self.rulesets[ruleset_id]
        except KeyError:
            known = ", ".join(sorted(self.rulesets)) or "none"
            raise RuleSetError(_("unknown rule set {ruleset_id} (known: {known})").format(ruleset_id=repr(ruleset_id), known=known)) from None

    def ids(self) -> list[str]:
        # The default first, then the rest by name.
        return sorted(self.rulesets, key=lambda i: (i != DEFAULT_RULESET, self.rulesets[i].name))

    def is_user(self, ruleset_id: str) -> bool:
        origin = self.origins.get(ruleset_id)
        if ruleset_id in self.packs:
            return not getattr(self.packs[ruleset_id], "shipped", True)
        return origin is not None and origin.parent != rules_dir()

    def reload(self) -> None:
        """Read the folders again in place (a pack was installed): everyone holding this
        catalog sees the new rule sets and packs."""
        fresh = load_catalog()
        self.rulesets, self.origins, self.problems, self.packs = (
            fresh.rulesets, fresh.origins, fresh.problems, fresh.packs)

    def pack_of(self, ruleset_id: str):
        """The game pack a rule set came with, or None."""
        return self.packs.get(ruleset_id)


def load_catalog(
    shipped: Path | None = None, user: Path | None = None,
    shipped_packs: Path | None = None, user_packs: Path | None = None,
) -> RuleSetCatalog:
    """Shipped rule sets first; a user file may add new ids but never replaces a shipped one.
    Then the game packs, shipped and the user's, each bringing its rule set."""
    catalog = RuleSetCatalog()
    for folder, is_user in ((shipped or rules_dir(), False), (user or user_rules_dir(), True)):
        try:
            if not folder.is_dir():
                continue
            # Hidden names are editors' and sync tools' (an Emacs lock `.#x.toml` is a dangling link).
            paths = sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))
        except OSError as exc:  # an unreachable user folder must not take the app down
            catalog.problems.append(_("Skipped the rule sets in {folder}: {reason}").format(folder=folder, reason=exc.strerror or exc))
            continue
        for path in paths:
            try:
                ruleset = load_ruleset_file(path)
            except RuleSetError as exc:
                catalog.problems.append(_skipped(exc, folder, is_user))
                continue
            except Exception as exc:  # noqa: BLE001 - one file, whatever is wrong with it, never stops the rest
                catalog.problems.append(_skipped(unexpected(path.name, exc), folder, is_user))
                continue
            if ruleset.id in catalog.rulesets:
                catalog.problems.append(
                    _("Ignored your rule set {name} (in {folder}): the rule set id {id} is already taken").format(
                        name=path.name, folder=folder, id=repr(ruleset.id)) if is_user else
                    _("Skipped {name}: the rule set id {id} is already taken").format(name=path.name, id=repr(ruleset.id))
                )
                continue
            catalog.rulesets[ruleset.id] = ruleset
            catalog.origins[ruleset.id] = path
    # Deferred: an import cycle (rules/creation/packs.py imports this module).
    from fate_desk.rules.creation.packs import add_packs  # packs build on the rule-set loader

    add_packs(catalog, shipped_packs or packs_dir(), user_packs or user_packs_dir())
    return catalog


def unexpected(name: str, exc: BaseException) -> RuleSetError:
    """What to say of a file that failed in a way no check foresaw: its name and the error's kind,
    on one line (the rest of the catalog loads all the same)."""
    detail = " ".join(str(exc).split())[:200] or type(exc).__name__
    return RuleSetError(_("{name}: could not be read ({problem})").format(name=name, problem=detail))


def _skipped(exc: Exception, folder: Path, is_user: bool) -> str:
    """The line for a rule-set file set aside: which file, what is wrong, and that it was ignored."""
    if is_user:
        name, problem = split_problem(str(exc))
        return _("Ignored your rule set {name} (in {folder}): {problem}").format(name=name, folder=folder, problem=problem)
    return _("Skipped {problem}").format(problem=exc)


def split_problem(message: str) -> tuple[str, str]:
    """A loader's message "file: what is wrong" as its two parts (every one starts with its file)."""
    name, _sep, problem = message.partition(": ")
    return (name, problem) if problem else ("", message)


@lru_cache(maxsize=1)
def default_catalog() -> RuleSetCatalog:
    """The catalog for this run of the program (shipped plus the user's folder)."""
    catalog = load_catalog()
    # A shipped rule set already read on its own (see get_ruleset) stays the one object
    # everyone holds for its id.
    for ruleset_id, ruleset in _READ_ALONE.items():
        if catalog.rulesets.get(ruleset_id) == ruleset:
            catalog.rulesets[ruleset_id] = ruleset
    return catalog


def get_ruleset(ruleset_id: str = DEFAULT_RULESET) -> RuleSet:
    """The rule set with this id. Until something needs the whole catalog, a shipped rule set
    is read from its own file alone: shipped files are named by their id and nothing replaces
    them, so printing or checking one character reads one file, not every rule set and game
    pack (the packs alone take tens of milliseconds)."""
    if default_catalog.cache_info().currsize == 0:
        ruleset = _shipped_alone(ruleset_id)
        if ruleset is not None:
            return ruleset
    return default_catalog().get(ruleset_id)


def pack_of(ruleset_id: str):
    """The game pack the rule set came with, or None (as `default_catalog().pack_of`). A shipped
    rule set came with no pack: no shipped pack takes a shipped rule set's id (a test sees to
    it) and a user's pack never may (add_packs refuses it), so the packs need not be read."""
    if ruleset_id in _READ_ALONE:
        return None
    return default_catalog().pack_of(ruleset_id)


class RunCatalog:
    """The catalog of this run (`default_catalog`) as the window holds it: a shipped rule set
    asked for by its id is read from its own file until something needs more (the list of rule
    sets, the packs, the problems), and then the whole catalog is read and answers, keeping the
    rule sets already handed out. Opening a campaign of shipped rule sets reads their files
    only, not every rule set and game pack (about 25 ms before its first sheet)."""

    def get(self, ruleset_id: str) -> RuleSet:
        return get_ruleset(ruleset_id)

    def pack_of(self, ruleset_id: str):
        return pack_of(ruleset_id)

    def __getattr__(self, name: str):
        return getattr(default_catalog(), name)


_READ_ALONE: dict[str, RuleSet] = {}
_SHIPPED_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _shipped_alone(ruleset_id: str) -> RuleSet | None:
    """The shipped rule set of this id read from its own file, or None when there is none
    (a user's or a pack's rule set, an unknown id: the catalog answers, with its reasons)."""
    if ruleset_id in _READ_ALONE:
        return _READ_ALONE[ruleset_id]
    if not isinstance(ruleset_id, str) or not _SHIPPED_NAME.fullmatch(ruleset_id):
        return None  # never a path: an id from a file must not name a file elsewhere
    path = rules_dir() / f"{ruleset_id}.toml"
    if not path.is_file():
        return None
    try:
        ruleset = load_ruleset_file(path)
    except RuleSetError:
        return None
    if ruleset.id != ruleset_id:
        return None
    _READ_ALONE[ruleset_id] = ruleset
    return ruleset
