"""Translations: one gettext catalogue for every string Fate Desk writes (no Qt here).

Code marks a user-visible string with `_()` where it is used, as a whole sentence with named
placeholders, and fills them after translating:

    _("{name} takes {shifts} shifts.").format(name=name, shifts=shifts)
    ngettext("{count} box", "{count} boxes", count).format(count=count)

A string built at import time (a module constant, a table of labels) is marked with `N_()`,
which only lets the extractor find it, and translated with `_()` where it is shown. Text that
comes from a rule set's data (skill and approach names, track names, descriptions, milestone
labels) is translated with `rules_text()`; the files keep the rule set's own English names, so
a sheet made in one language opens in any other.

Editions of Fate were translated apart, and their words differ where their translators chose
differently (Fate Condensed in French says "Tir" where Fate Core says "Combat à distance"). The
catalogue holds such words under a context per rule set, "rules:fate-condensed", beside the Core
word under "rules", which is the fallback. `rules_text(text, ruleset)` and `edition_text()` answer
in the words of a rule set's edition: the one named, else the one set with `edition()` for a piece
of work (a printout), else the open campaign's (`set_edition`).

The catalogues are `locale/<code>.po` (sources, edited by translators) compiled to `.mo` by
`tools/build_catalogues.py` (run by make); a `.mo` older than its `.po` is never used: the
`.po` is then read directly. The GUI's Qt translator (gui/translator.py) answers Qt's own
`translate()` calls (the forms) from the same catalogue. docs/translating.md says more.
"""

from __future__ import annotations

import gettext as _gettext
import hashlib
import io
import os
import re
import struct
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from fate_desk.paths import data_dir

__all__ = [
    "LANGUAGES", "PSEUDO_LANGUAGES", "N_", "_", "ngettext", "pgettext", "npgettext",
    "rules_text", "edition_text", "edition", "set_edition", "edition_context", "set_language", "language",
    "is_rtl", "from_environment", "match_language", "babel_locale", "format_date", "format_count",
    "catalogue_problem", "speaking",
]

DOMAIN = "fate-desk"

# Every shipped language by its own name, English first (the source language).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
    "ru": "Русский",
    "zh_CN": "简体中文",
    "ko": "한국어",
}

# Made from the English text at run time, to test layouts: accented and 40% longer, and the
# same shown right to left with the whole window mirrored. Never offered to users.
PSEUDO_LANGUAGES: dict[str, str] = {
    "en_XA": "Pseudo: accented and long",
    "ar_XB": "Pseudo: right to left",
}

_RTL = {"ar", "he", "fa", "ur", "ar_XB"}

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"
# Whose words rule-set text is shown in: the open campaign's rule set, and (per thread, for a
# piece of work such as a printout of another rule set's character) one set for a while.
_edition_default: str | None = None
_edition_scope: ContextVar[str | None] = ContextVar("fate_desk_edition", default=None)
RULES_CONTEXT = "rules"
# A language spoken for a while on one thread only (see `speaking`): table mode writes each
# player's page in that player's language while the window keeps the GM's.
class _Spoken(threading.local):
    """What `speaking` set on this thread; None where it set nothing. Defaults on the class: a
    thread that never set one finds None at once (a missing attribute of a plain local raises
    inside, and `_()` asks at every message: a third of checking 1,000 characters)."""

    translations: _gettext.NullTranslations | None = None
    code: str | None = None


_spoken = _Spoken()
_catalogues: dict[str, _gettext.NullTranslations] = {}


def _active() -> _gettext.NullTranslations:
    override = _spoken.translations
    return _translations if override is None else override


def N_(message: str) -> str:
    """Mark `message` for the catalogue without translating it (translate it where shown)."""
    return message


def _(message: str) -> str:
    """`message` in the interface language."""
    return _active().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` things, by the language's plural rules."""
    return _active().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the interface language, where the same English means different things."""
    return _active().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _active().npgettext(context, singular, plural, n)


def edition_context(ruleset) -> str:
    """The catalogue context holding a rule set's own words: "rules:fate-condensed"."""
    return f"{RULES_CONTEXT}:{_ruleset_id(ruleset)}"


def _ruleset_id(ruleset) -> str | None:
    if ruleset is None or isinstance(ruleset, str):
        return ruleset or None
    return getattr(ruleset, "id", None) or None


def _in_edition(text: str, ruleset) -> str | None:
    """`text` in the words of the rule set's edition, if the catalogue has words of its own for it."""
    rid = _ruleset_id(ruleset) or _edition_scope.get() or _edition_default
    if not rid:
        return None
    active = _active()
    if isinstance(active, _Pseudo):
        return None  # the pseudo-locales answer every context alike
    catalog = getattr(active, "_catalog", None)
    found = catalog.get(f"{edition_context(rid)}\x04{text}") if catalog else None
    return found if isinstance(found, str) and found else None


def rules_text(text: str, ruleset=None) -> str:
    """A word or sentence from a rule set's or a pack's data (a skill, a track, a description, a
    stunt), translated when the catalogue knows it; a name the user typed comes back as it is.

    `ruleset` (a rule set or its id) picks the edition whose words to use where editions differ;
    without it, the edition set by `edition()` or `set_edition()`. Core's words are the fallback."""
    if not text:
        return text
    return _in_edition(text, ruleset) or _active().pgettext(RULES_CONTEXT, text)


def edition_text(message: str, ruleset=None) -> str:
    """A program message (marked with `N_`) that names a rule-set term, such as an aspect's role,
    in the words of the rule set's edition where they differ from the interface's (Core's)."""
    return _in_edition(message, ruleset) or _active().gettext(message)


def set_edition(ruleset) -> None:
    """Speak the words of this rule set's edition where no other is named: the open campaign's."""
    global _edition_default
    _edition_default = _ruleset_id(ruleset)


@contextmanager
def edition(ruleset):
    """For a while, in this thread only, speak the words of this rule set's edition (a printout of
    a character whose rule set is not the campaign's); None keeps the edition already spoken."""
    rid = _ruleset_id(ruleset)
    token = _edition_scope.set(rid) if rid else None
    try:
        yield
    finally:
        if token is not None:
            _edition_scope.reset(token)


def lookup(message: str, context: str | None = None) -> str | None:
    """The translation of `message` if the catalogue has one, else None (Qt then asks its own
    translations); the pseudo-locales answer everything."""
    translations = _active()
    if isinstance(translations, _Pseudo):
        return translations.pgettext(context, message) if context else translations.gettext(message)
    catalog = getattr(translations, "_catalog", None)
    if not catalog:
        return None
    key = f"{context}\x04{message}" if context else message
    found = catalog.get(key)
    return found if isinstance(found, str) and found else None


# The spans of time recovery counts in, marked here so a "{unit}" is shown in the language.
_UNITS = {"scene": N_("scene"), "session": N_("session"), "scenario": N_("scenario"), "arc": N_("arc")}


def unit_text(unit: str) -> str:
    """"scene", "session", "scenario" or "arc" in the interface language (anything else as it is)."""
    return _(_UNITS[unit]) if unit in _UNITS else unit


def language() -> str:
    """The interface language's code, e.g. "de" or "pt_BR" (on this thread: see `speaking`)."""
    return _spoken.code or _language


@contextmanager
def speaking(code: str):
    """Within the block, `_()` and the rest speak `code` on this thread only (an unknown code
    speaks English); the interface language, and every other thread, are left as they were.
    Table mode writes each player's page this way, in the language chosen on the page."""
    if code not in LANGUAGES and code not in PSEUDO_LANGUAGES:
        code = "en"
    translations = _catalogues.get(code)
    if translations is None:
        if code in PSEUDO_LANGUAGES:
            translations = _Pseudo(right_to_left=code == "ar_XB")
        elif code == "en":
            translations = _gettext.NullTranslations()
        else:
            translations = load_catalogue(code)
        _catalogues[code] = translations
    before = (_spoken.translations, _spoken.code)
    _spoken.translations, _spoken.code = translations, code
    try:
        yield code
    finally:
        _spoken.translations, _spoken.code = before


def is_rtl(code: str | None = None) -> bool:
    """True for a language written right to left (the window mirrors)."""
    code = code or language()
    return code in _RTL or code.split("_")[0] in _RTL


def set_language(code: str, folders: tuple[Path, Path] | None = None) -> str:
    """Switch the interface language; an unknown code, or one whose catalogue is damaged (see
    `catalogue_problem`), falls back to English. Returns the code now in use. `folders` (the
    sources' and the compiled catalogues') default to the installation's."""
    global _translations, _language
    if code in PSEUDO_LANGUAGES:
        _translations, _language = _Pseudo(right_to_left=code == "ar_XB"), code
        return code
    global _catalogue_problem
    _catalogue_problem = None
    if code not in LANGUAGES or code == "en":
        _translations, _language = _gettext.NullTranslations(), "en"
        return "en"
    try:
        _translations, _language = load_catalogue(code, *(folders or ())), code
    except CatalogueError as exc:
        # Said in English, the language the app falls back to.
        _translations, _language = _gettext.NullTranslations(), "en"
        _catalogue_problem = _("The {language} translation was set aside and Fate Desk speaks English: "
                               "{problem}").format(language=LANGUAGES[code], problem=exc)
        return "en"
    return code


# -- choosing a language -------------------------------------------------------------------------


def match_language(tag: str | None) -> str | None:
    """The shipped language for a locale tag ("de_AT.UTF-8", "pt-BR", "zh_Hans_CN"), or None."""
    if not tag:
        return None
    tag = tag.split(".")[0].split("@")[0].replace("-", "_")
    if tag in ("C", "POSIX", ""):
        return "en"
    if tag in LANGUAGES or tag in PSEUDO_LANGUAGES:
        return tag
    parts = tag.split("_")
    base = parts[0].lower()
    if base == "zh":
        rest = {p.upper() for p in parts[1:]}
        return "zh_CN" if not rest & {"TW", "HK", "MO", "HANT"} else None
    if base == "pt":
        return "pt_BR"
    return base if base in LANGUAGES else None


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the command line speaks: LANGUAGE, LC_ALL, LC_MESSAGES, then LANG, as
    gettext reads them; English when none names a shipped language."""
    environ = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            found = match_language(tag)
            if found:
                return found
        if name != "LANGUAGE":  # the first set of LC_ALL/LC_MESSAGES/LANG decides
            return "en"
    return "en"


# -- catalogues ----------------------------------------------------------------------------------


def catalogue_sources() -> Path:
    """The folder of `.po` files: `locale/` in a checkout, inside the wheel when installed."""
    return data_dir("locale")


def compiled_dir() -> Path:
    return Path(__file__).resolve().parent / "_locale"


def source_hash(po: Path) -> str:
    return hashlib.sha1(po.read_bytes()).hexdigest()


class CatalogueError(Exception):
    """A translation catalogue that cannot be used: str() names the file and what is wrong."""


# A catalogue is a few hundred KB; a bigger file is not one.
MAX_CATALOGUE_BYTES = 16 * 1024 * 1024
_catalogue_problem: str | None = None


def catalogue_problem() -> str | None:
    """Why the chosen language's catalogue could not be used (English is spoken instead), as one
    line for the GM; None when it was fine."""
    return _catalogue_problem


def load_catalogue(code: str, sources: Path | None = None, compiled: Path | None = None) -> _gettext.NullTranslations:
    """The compiled catalogue for `code` when it matches its source (or when, as in the bundle,
    only the compiled one ships), else the source read now; English when neither exists. A
    catalogue that is damaged (cut short, bytes changed, a translation whose placeholders no
    longer match its English) is a CatalogueError naming the file: one bad translation would
    otherwise fail in the middle of whatever shows it, or hang it."""
    # Deferred: an import cycle (fate_desk/safefile.py imports this module for its messages).
    from fate_desk.safefile import read_regular

    po = (sources or catalogue_sources()) / f"{code}.po"
    mo = (compiled or compiled_dir()) / f"{code}.mo"
    stamp = mo.with_suffix(".sha1")
    data, source, checked = None, mo, []
    try:
        if mo.is_file():
            # The stamp: the source's hash, then the hash of the compiled bytes that were checked
            # when they were made (tools/i18n.py compile), so an intact file is not checked again.
            checked = stamp.read_text().split() if stamp.is_file() else []
            if not po.is_file() or checked[:1] == [source_hash(po)]:
                data = read_regular(mo, limit=MAX_CATALOGUE_BYTES)
    except (OSError, UnicodeDecodeError, ValueError):
        data = None
    if data is None:
        if not po.is_file():
            return _gettext.NullTranslations()
        source = po
        try:
            data = compile_po(po)
        except Exception as exc:  # noqa: BLE001 - whatever a damaged source does to the reader
            raise CatalogueError(_("{file}: cannot be read ({problem})").format(file=po, problem=_one_line(exc))) from None
    problem = None if checked[1:2] == [hashlib.sha1(data).hexdigest()] else catalogue_data_problem(data)
    if problem:
        raise CatalogueError(_("{file}: is damaged ({problem})").format(file=source, problem=problem))
    try:
        translations = _gettext.GNUTranslations(io.BytesIO(data))
        # The plural rule is code of a kind: one that fails ("n % 0") would fail every count shown.
        for n in (0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 111, 1000, 1_000_001):
            if not isinstance(translations.plural(n), int):
                raise ValueError("the plural rule gives no number")  # i18n: not shown (said inside the line below)
    except Exception as exc:  # noqa: BLE001 - a header the reader trips on (a bad plural rule)
        raise CatalogueError(_("{file}: is damaged ({problem})").format(file=source, problem=_one_line(exc))) from None
    return translations


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:200] or type(exc).__name__


def catalogue_data_problem(data: bytes) -> str | None:
    """What is wrong with the bytes of a compiled catalogue (a .mo file), or None: every entry
    must lie inside the file, be UTF-8, and use only the placeholders of its English text, as
    they are written there (a "{count:>999999999}" would build a gigabyte)."""
    if len(data) < 28:
        return _("it is cut short")
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if order is None:
        return _("it is not a compiled catalogue")
    count, originals, translations = struct.unpack(order + "3I", data[8:20])
    if count > len(data) // 16 or max(originals, translations) + 8 * count > len(data):
        return _("it is cut short")
    table = struct.Struct(order + "2I")
    for i in range(count):
        texts = []
        for base in (originals, translations):
            length, offset = table.unpack_from(data, base + 8 * i)
            if offset + length > len(data):
                return _("it is cut short")
            try:
                texts.append(data[offset:offset + length].decode("utf-8"))
            except UnicodeDecodeError:
                return _("entry {number} is not UTF-8 text").format(number=i + 1)
        original, translated = texts
        if "{" not in translated and "}" not in translated:
            continue
        english = original.split("\x04", 1)[-1].split("\x00")
        wanted = set()
        for text in english:
            fields = _fields(text)
            if fields is None:
                break  # English that is no format string is never formatted
            wanted |= fields
        else:
            for form in translated.split("\x00"):
                fields = _fields(form)
                if fields is None or not fields <= wanted:
                    shown = english[0] if len(english[0]) <= 60 else english[0][:57] + "…"
                    return _("the translation of {english} does not keep its placeholders").format(english=repr(shown))
    return None


_FIELD = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|([{}])")


def _fields(text: str) -> set | None:
    """The replacement fields of a format string as written ("name", "count:>3"), or None when
    it is no format string (a lone brace)."""
    out = set()
    for found in _FIELD.finditer(text):
        if found.group(2):
            return None
        if found.group(1) is not None:
            out.add(found.group(1))
    return out


def compile_po(po: Path) -> bytes:
    """The `.mo` bytes for a `.po` file (fuzzy entries left out, as msgfmt does)."""
    # Deferred: babel.messages.mofile, babel.messages.pofile (~21 ms, 20 modules) are not loaded at
    # start-up, only on first use.
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


# -- dates and numbers -----------------------------------------------------------------------------


def babel_locale(code: str | None = None) -> str:
    code = code or language()
    if code in PSEUDO_LANGUAGES:
        return "en"
    return code


def format_count(number: int) -> str:
    """A whole number as the interface language writes it, grouped ("100,000", "100.000")."""
    if _language == "en" or _language in PSEUDO_LANGUAGES:
        return f"{number:,}"
    # Deferred: babel.numbers (~9 ms, 8 modules) is not loaded at start-up, only on first use.
    from babel.numbers import format_decimal

    return format_decimal(number, locale=babel_locale())


def format_date(value, format: str = "medium") -> str:
    """A date (or the date of a datetime) as the interface language writes it."""
    # Deferred: babel.dates (~9 ms, 12 modules) is not loaded at start-up, only on first use.
    from babel.dates import format_date as babel_format_date

    return babel_format_date(value, format=format, locale=babel_locale())


def format_datetime(value, format: str = "medium") -> str:
    # Deferred: babel.dates (~9 ms, 12 modules) is not loaded at start-up, only on first use.
    from babel.dates import format_datetime as babel_format_datetime

    return babel_format_datetime(value, format=format, locale=babel_locale())


def format_iso(text: str, with_time: bool = False) -> str:
    """An ISO date or timestamp from a file, as the interface language writes it; anything that
    is not one comes back as it is (files are hand-edited too)."""
    # Deferred: datetime loads with the campaign, after the window's first paint.
    from datetime import date, datetime

    try:
        if with_time and "T" in text:
            return format_datetime(datetime.fromisoformat(text), "medium")
        return format_date(date.fromisoformat(text[:10]), "medium")
    except (TypeError, ValueError):
        return text


def format_list(items: list[str], style: str = "and") -> str | None:
    """A list joined as the interface language joins one ("a, b und c", "a、b和c"); None in
    English and the pseudo-locales, whose callers join with their own marked messages."""
    code = language()
    if code == "en" or code in PSEUDO_LANGUAGES:
        return None
    # Deferred: babel.lists (~7 ms, 8 modules) is not loaded at start-up, only on first use.
    from babel.lists import format_list as babel_format_list

    return babel_format_list(list(items), style="or" if style == "or" else "standard", locale=code)


# -- pseudo-locales ------------------------------------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥîĵķļɱñöþǫŕšŧûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŦÛṼŴẊÝŽ",
)
# What the pseudo-locale leaves alone: placeholders, printf conversions, markup, entities,
# a mnemonic's letter (so Alt+key still works) and key names after a "+".
_KEEP = re.compile(r"\{[^{}]*\}|%\([^)]*\)[-#0 +]*\d*(?:\.\d+)?[a-z]|%[-#0 +]*\d*[sdif%]|<[^<>]*>|&[a-zA-Z#0-9]+;|&.")


def pseudo(text: str, right_to_left: bool = False) -> str:
    """English made to look foreign and 40% longer, bracketed so a clipped end shows; for right
    to left, marked so the paragraph runs right to left."""
    if not any(ch.isalpha() for ch in text):
        return text  # a sign, a number or an arrow reads the same in every language
    pieces, last = [], 0
    for found in _KEEP.finditer(text):
        pieces.append(text[last:found.start()].translate(_ACCENTED))
        pieces.append(found.group())
        last = found.end()
    pieces.append(text[last:].translate(_ACCENTED))
    body = "".join(pieces)
    letters = sum(ch.isalpha() for ch in _KEEP.sub("", text))
    if not letters:  # only placeholders and signs ("{word} ({rating})"): its pieces grow already
        return ("\u200f⟦" + text + "⟧\u200f") if right_to_left else ("⟦" + text + "⟧")
    padding = "~" * max(1, round(letters * 0.4)) if letters else ""
    # Keep a trailing newline or colon where the code expects it.
    core, tail = body, ""
    while core and core[-1] in "\n:.…":
        core, tail = core[:-1], core[-1] + tail
    if right_to_left:
        return "\u200f⟦" + core + " " + padding + "⟧\u200f" + tail
    return "⟦" + core + " " + padding + "⟧" + tail


class _Pseudo(_gettext.NullTranslations):
    def __init__(self, right_to_left: bool = False):
        super().__init__()
        self.right_to_left = right_to_left

    def gettext(self, message):
        return pseudo(message, self.right_to_left)

    def ngettext(self, msgid1, msgid2, n):
        return pseudo(msgid1 if n == 1 else msgid2, self.right_to_left)

    def pgettext(self, context, message):
        return pseudo(message, self.right_to_left)

    def npgettext(self, context, msgid1, msgid2, n):
        return pseudo(msgid1 if n == 1 else msgid2, self.right_to_left)
