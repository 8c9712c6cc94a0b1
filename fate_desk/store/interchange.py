"""The character interchange file (`*.fate.json`): read, validate, write."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from fate_desk.i18n import _, ngettext
from fate_desk.model import Character
from fate_desk.model.errors import describe
from fate_desk.model.limits import limit_problem, raw_limit_problem
from fate_desk.model.plain import MAX_DEPTH, clean_surrogates, plain_data_problem
from fate_desk.safefile import problem, read_regular

from .atomic import write_text_atomic

FORMAT = "fate-desk/character"
VERSION = 1
SUFFIX = ".fate.json"


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
# A JSON escape of a UTF-16 surrogate, \uD800 to \uDFFF in either case (see parse_json).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def one_line(text: str) -> str:
    """Control characters (a newline in a field name or file name) shown escaped, never raw."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


class FileFormatError(Exception):
    """A file Fate Desk cannot use; str() is one readable line naming the file and the field."""

    def __init__(self, source: str, problem: str):
        source, problem = one_line(str(source)), one_line(str(problem))
        super().__init__(f"{source}: {problem}" if source else problem)
        self.source = source
        self.problem = problem


def character_to_dict(character: Character) -> dict[str, Any]:
    body = character.model_dump(mode="json", exclude_none=True)
    return {"format": FORMAT, "version": VERSION, **body}


def character_to_json(character: Character) -> str:
    return json.dumps(character_to_dict(character), indent=2, ensure_ascii=False) + "\n"


def document_body(data: Any, source: str, fmt: str, version: int, what: str) -> dict[str, Any]:
    """Check a Fate Desk JSON document's `format` and `version`; return the rest of its fields."""
    if not isinstance(data, dict):
        raise FileFormatError(source, _("is not a Fate Desk {what} (expected a JSON object)").format(what=what))
    got = data.get("format")
    if got != fmt:
        shown = _("missing") if got is None else repr(got)
        raise FileFormatError(source, _("format: expected {expected}, got {found}").format(expected=repr(fmt), found=shown))
    found = data.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise FileFormatError(source, _("version: expected a whole number from 1, got {found}").format(found=repr(found)))
    if found > version:
        raise FileFormatError(
            source,
            _("version: written by a newer Fate Desk (format version {found}; this one reads up to {newest})").format(
                found=found, newest=version),
        )
    return {k: v for k, v in data.items() if k not in ("format", "version")}


def character_from_dict(data: Any, source: str = "") -> Character:
    """A character from a file's JSON; one past Fate Desk's limits (fate_desk.model.limits) is
    refused with the line that says which, counted before it is read when it costs most."""
    body = document_body(data, source, FORMAT, VERSION, _("character"))
    problem = raw_limit_problem(body)
    if problem:
        raise FileFormatError(source, problem)
    try:
        character = Character.model_validate(body)
    except ValidationError as exc:
        raise FileFormatError(source, describe(exc)) from None
    problem = limit_problem(character)
    if problem:
        raise FileFormatError(source, problem)
    return character


def refuse_over_limits(characters, source: str) -> None:
    """FileFormatError for the first character past Fate Desk's limits, naming it."""
    for character in characters:
        problem = limit_problem(character)
        if problem:
            raise FileFormatError(source, _("{name}: {problem}").format(
                name=character.name or _("(unnamed)"), problem=problem))


class _Refused(ValueError):
    """Raised by the JSON parser's hooks for things JSON allows but Fate Desk will not keep."""


# A whole number longer than this is no rating, count or id anyone typed.
_MAX_INT_DIGITS = 30


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_INT_DIGITS:
        raise _Refused(_("a number of {digits} digits, far too large to be meant").format(digits=len(text.lstrip('-'))))
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(_("the number {number} is too large to keep").format(number=text[:20]))
    return value


def _parse_constant(name: str):
    raise _Refused(_("{name} is not a number JSON allows").format(name=name))


def _object(pairs: list) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(_("the field {field} appears twice in one object").format(field=repr(one_line(key)[:40])))
        out[key] = value
    return out


def parse_json(raw: bytes, source: str, notes: list[str] | None = None) -> Any:
    """Parse strictly, so that what loads can always be saved again: duplicate keys, NaN and
    infinity, giant numbers and deep nesting are refused; lone surrogates (from escapes such
    as \\ud800) become U+FFFD, with a line added to `notes` when given."""
    if not raw.strip():
        raise FileFormatError(source, _("is empty"))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileFormatError(source, _("is not UTF-8 text")) from None
    try:
        data = json.loads(text, object_pairs_hook=_object, parse_int=_parse_int,
                          parse_float=_parse_float, parse_constant=_parse_constant)
    except _Refused as exc:
        raise FileFormatError(source, _("is not usable JSON ({problem})").format(problem=exc)) from None
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            source, _("is not valid JSON (line {line}, column {column}: {problem})").format(
                line=exc.lineno, column=exc.colno, problem=exc.msg)
        ) from None
    except RecursionError:
        raise FileFormatError(source, _("is not valid JSON (nested too deeply)")) from None
    except ValueError as exc:  # e.g. Python's own limit on digits in a number
        raise FileFormatError(source, _("is not usable JSON ({problem})").format(problem=exc)) from None
    # A lone surrogate can only come from an escape (\ud800): UTF-8 text cannot hold one, and
    # its decoding above refuses any that tried. No such escape, nothing to walk for (a walk over
    # a 1.5 MB Foundry actor is 20-30 ms of the import's worker, taken from the window's turns).
    broken = 0
    if _SURROGATE_ESCAPE.search(text):
        data, broken = clean_surrogates(data)
    if broken and notes is not None:
        notes.append(ngettext(
            "{count} piece of text held broken characters (lone surrogates), shown as \ufffd",
            "{count} pieces of text held broken characters (lone surrogates), shown as \ufffd",
            broken).format(count=broken))
    # Its text holds no lone surrogate now (see above), nor its numbers NaN or infinity (refused
    # as they were read): what is left to look at is how deep it nests.
    problem = plain_data_problem(data, max_depth=MAX_DEPTH, strings=False)
    if problem:
        raise FileFormatError(source, problem)
    return data


def read_bytes(path: Path) -> bytes:
    """A file's bytes: regular files only, up to MAX_FILE_BYTES (never a FIFO or a device)."""
    try:
        return read_regular(Path(path))
    except OSError as exc:
        raise FileFormatError(str(path), problem(exc)) from None


def read_character_file(path: Path) -> Character:
    return character_from_dict(parse_json(read_bytes(path), str(path)), str(path))


def write_character_file(path: Path, character: Character) -> None:
    write_text_atomic(Path(path), character_to_json(character))


def json_schema() -> dict[str, Any]:
    """JSON Schema of the interchange file, generated from the models."""
    schema = Character.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Fate Desk character interchange file"  # i18n: file format
    props = {
        "format": {"const": FORMAT, "description": "Always 'fate-desk/character'."},  # i18n: file format
        "version": {"const": VERSION, "description": "Format version of this file."},  # i18n: file format
    }
    schema["properties"] = {**props, **schema.get("properties", {})}
    schema["required"] = ["format", "version", *schema.get("required", [])]
    return schema
