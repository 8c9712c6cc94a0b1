"""Check the game-term glossaries in locale/glossary/ and print a table of key terms.

Each shipped language has one TOML file naming, for every Fate word Fate Desk uses, the term
that language's edition of Fate prints and the stem a translation must contain, and where
another edition's translation prints another word (Fate Condensed in French says "Tir" where
Fate Core says "Combat à distance"), that edition's word and its source. This tool checks the
files are complete and self-consistent, and holds the catalogues to one word per term: a game
word the English writes alone ("Physical", "Milestone") reads the same wherever it is shown
(a dialog, a menu, the sheet), apart from an edition's own word. Whether each translation uses
the glossary's words is the catalogue check's job (tools/i18n.py check), which uses these files.

    python tools/glossary_lint.py            # check, print the table, exit 1 on any problem
    python tools/glossary_lint.py --quiet    # check only
    python tools/glossary_lint.py --no-catalogues   # the glossary files only

Exit status: 0 when every file passes, 1 when any problem was found, 2 when the glossary
folder cannot be read.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY_DIR = ROOT / "locale" / "glossary"
LOCALE_DIR = ROOT / "locale"

# The editions whose translations may print their own word for a term, beside Fate Core's (the
# fallback): the rule set ids, which name their catalogue context "rules:<id>".
EDITIONS = ("fate-condensed", "fate-accelerated")
EDITION_FIELDS = ("term", "match", "source")

# The languages Fate Desk ships (gettext codes); each must have a glossary.
LANGUAGES = ("de", "fr", "es", "pt_BR", "it", "ru", "zh_CN", "ko")

# Every English game word each glossary must cover, with the scope it must have.
# "rules": names that are also ordinary English words, checked only in rule-set data.
_ALL = (
    "aspect", "high concept", "trouble", "relationship", "free invoke", "invoke", "compel", "boost",
    "situation aspect", "consequence", "mild consequence", "moderate consequence", "severe consequence",
    "extreme consequence", "stress", "stress box", "physical stress", "mental stress", "skill",
    "approach", "stunt", "refresh", "fate point", "milestone", "minor milestone",
    "significant milestone", "major milestone", "breakthrough", "session", "scenario", "arc",
    "overcome", "create an advantage", "attack", "defend", "fail", "tie", "succeed",
    "succeed with style", "shift", "conflict", "contest", "challenge", "concede", "taken out", "zone",
    "scene", "teamwork", "scale", "Weapon", "Armor", "permission", "GM", "player character", "NPC",
    "nameless NPC", "supporting NPC", "main NPC", "Fate dice", "ladder",
    "Fate Core", "Fate Condensed", "Fate Accelerated",
    # the two kinds of harm: one word each for the track, its consequences, attacks and conflicts
    "physical", "mental",
)
_RULES = (
    "extra", "cost",
    # the ladder
    "Legendary", "Epic", "Fantastic", "Superb", "Great", "Good", "Fair", "Average", "Mediocre",
    "Poor", "Terrible",
    # Fate Core's skills and Fate Condensed's addition
    "Athletics", "Burglary", "Contacts", "Crafts", "Deceive", "Drive", "Empathy", "Fight",
    "Investigate", "Lore", "Notice", "Physique", "Provoke", "Rapport", "Resources", "Shoot",
    "Stealth", "Will", "Academics",
    # Fate Accelerated's approaches
    "Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky",
)
REQUIRED: dict[str, str] = {**{en: "all" for en in _ALL}, **{en: "rules" for en in _RULES}}

TERM_FIELDS = ("en", "en_forms", "term", "match", "scope", "source")
# Optional: "labels", English words naming the term alone ("Physical" for physical stress), held
# to the one-word rule with its forms; "editions", a table of an edition's own word.

# Shown in the table, in this order.
KEY_TERMS = ("aspect", "high concept", "trouble", "invoke", "compel", "boost", "stunt", "refresh",
             "fate point", "consequence", "succeed with style", "shift", "taken out", "GM", "Fair",
             "Lore", "Careful", "Fate Accelerated")

# A source saying this marks a term no stored source confirmed.
UNCONFIRMED_MARK = "proposed term"


def _is_wide(text: str) -> bool:
    """True for Han and Hangul text, where two characters already make a word."""
    return any(unicodedata.east_asian_width(ch) in ("W", "F") for ch in text)


def check_file(path: Path) -> tuple[dict | None, list[str]]:
    """Load one glossary and return it with the problems found (empty when it passes)."""
    problems: list[str] = []
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        return None, [f"{path.name}: cannot be read as TOML ({error})"]

    code = path.stem
    if data.get("language") != code:
        problems.append(f"{path.name}: language is {data.get('language')!r}, the file name says {code!r}")
    if not isinstance(data.get("name"), str) or not data.get("name", "").strip():
        problems.append(f"{path.name}: name (the language's own name) is missing")
    sources = data.get("sources")
    if not isinstance(sources, list) or not sources or not all(isinstance(s, str) and s for s in sources):
        problems.append(f"{path.name}: sources must be a non-empty list of strings")

    terms = data.get("term")
    if not isinstance(terms, list) or not terms:
        return data, problems + [f"{path.name}: no [[term]] entries"]

    seen: set[str] = set()
    for index, entry in enumerate(terms, start=1):
        where = f"{path.name} term {index}"
        if not isinstance(entry, dict):
            problems.append(f"{where}: not a table")
            continue
        missing = [field for field in TERM_FIELDS if field not in entry]
        if missing:
            problems.append(f"{where} ({entry.get('en', '?')}): missing {', '.join(missing)}")
            continue
        en = entry["en"]
        where = f"{path.name} {en!r}"
        if en in seen:
            problems.append(f"{where}: listed twice")
        seen.add(en)
        for field in ("term", "match", "source"):
            if not isinstance(entry[field], str) or not entry[field].strip():
                problems.append(f"{where}: {field} is empty")
        forms = entry["en_forms"]
        if not isinstance(forms, list) or not forms or not all(isinstance(f, str) and f.strip() for f in forms):
            problems.append(f"{where}: en_forms must be a non-empty list of words")
        if entry["scope"] not in ("all", "rules"):
            problems.append(f"{where}: scope must be \"all\" or \"rules\", not {entry['scope']!r}")
        elif en in REQUIRED and entry["scope"] != REQUIRED[en]:
            problems.append(f"{where}: scope should be {REQUIRED[en]!r}")
        term, match = entry["term"], entry["match"]
        if isinstance(term, str) and isinstance(match, str) and match.strip():
            if match.casefold() not in term.casefold():
                problems.append(f"{where}: match {match!r} is not part of term {term!r}, "
                                "so a translation using the term would fail the check")
            shortest = 2 if _is_wide(match) else 3
            if len(match) < shortest and match.casefold() != term.casefold():
                problems.append(f"{where}: match {match!r} is too short to mean anything")
        problems += _edition_problems(where, entry)

    for en in REQUIRED:
        if en not in seen:
            problems.append(f"{path.name}: no entry for {en!r}")
    for en in sorted(seen - set(REQUIRED)):
        problems.append(f"{path.name}: {en!r} is not a word the glossaries cover (add it to REQUIRED first)")
    return data, problems


def _edition_problems(where: str, entry: dict) -> list[str]:
    """An edition's own word: a known edition, its term, match and source, and not Core's word."""
    editions = entry.get("editions", {})
    if not isinstance(editions, dict):
        return [f"{where}: editions must be a table of editions"]
    problems = []
    for edition, own in editions.items():
        at = f"{where} in {edition}"
        if edition not in EDITIONS:
            problems.append(f"{at}: not an edition Fate Desk ships ({', '.join(EDITIONS)})")
            continue
        if not isinstance(own, dict) or any(not isinstance(own.get(f), str) or not own[f].strip()
                                            for f in EDITION_FIELDS):
            problems.append(f"{at}: needs {', '.join(EDITION_FIELDS)}")
            continue
        if own["match"].casefold() not in own["term"].casefold():
            problems.append(f"{at}: match {own['match']!r} is not part of term {own['term']!r}")
        if own["term"].casefold() == str(entry.get("term", "")).casefold():
            problems.append(f"{at}: the same word as Fate Core's; list an edition only where its word differs")
    return problems


# A translation's access key, "&Milestone" or "里程碑(&M)", is not part of the word.
_MNEMONIC = re.compile(r"\(&?[A-Za-z0-9]\)|&(?=\S)")


def _plain(text: str) -> str:
    return _MNEMONIC.sub("", text).strip().rstrip(".:…").strip().casefold()


def one_word_problems(code: str, glossary: dict, po_path: Path) -> list[str]:
    """The one-word rule: an English message that is a game word alone ("Physical", "Milestone")
    is translated by the same word in every context it is shown in; a context of an edition with
    a word of its own for that term ("rules:fate-condensed") is held to that word instead."""
    from babel.messages.pofile import read_po

    words: dict[str, dict] = {}
    for entry in glossary.get("term", []):
        if isinstance(entry, dict):
            for form in [*entry.get("en_forms", []), *entry.get("labels", [])]:
                if isinstance(form, str):
                    words.setdefault(form.casefold(), entry)
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=code)
    problems: list[str] = []
    seen: dict[str, dict[str | None, str]] = {}
    for message in catalog:
        if not message.id or not isinstance(message.id, str) or not isinstance(message.string, str):
            continue
        english = _plain(message.id)
        if english not in words or not message.string:
            continue
        term, context = words[english], message.context
        edition = context[len("rules:"):] if context and context.startswith("rules:") else None
        own = term.get("editions", {}).get(edition) if edition else None
        if isinstance(own, dict):
            if own.get("match", "").casefold() not in message.string.casefold():
                problems.append(f"{po_path.name}: {message.id!r} in {context} is not {own.get('term')!r}, "
                                "that edition's word")
            continue
        seen.setdefault(english, {})[context] = message.string
    for english, by_context in sorted(seen.items()):
        if len({_plain(t) for t in by_context.values()}) > 1:
            said = "; ".join(f"{ctx or 'the interface'}: {text!r}" for ctx, text in by_context.items())
            problems.append(f"{po_path.name}: {english!r} is one game word, translated {len(by_context)} ways ({said})")
    return problems


def _cell(text: str, width: int) -> str:
    """Pad to a display width (one column kept as a gap), Han and Hangul counting double."""
    width -= 1
    used = sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)
    if used > width:
        kept, used = "", 0
        for ch in text:
            step = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
            if used + step > width - 1:
                break
            kept, used = kept + ch, used + step
        return kept + "…" + " " * (width - used - 1) + " "
    return text + " " * (width - used) + " "


def print_table(glossaries: dict[str, dict]) -> None:
    codes = [code for code in LANGUAGES if code in glossaries]
    by_lang = {code: {t["en"]: t for t in glossaries[code].get("term", []) if isinstance(t, dict)}
               for code in codes}
    width = 18
    print(_cell("English", width) + "".join(_cell(code, width) for code in codes))
    for en in KEY_TERMS:
        row = _cell(en, width)
        for code in codes:
            entry = by_lang[code].get(en)
            row += _cell(entry["term"] if entry else "—", width)
        print(row)
    print()
    for code in codes:
        entries = list(by_lang[code].values())
        unconfirmed = sum(UNCONFIRMED_MARK in str(e.get("source", "")) for e in entries)
        print(f"{code:6} {glossaries[code].get('name', '?')}: {len(entries)} terms, "
              f"{len(entries) - unconfirmed} from a stored source, {unconfirmed} proposed (to confirm)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check the game-term glossaries in locale/glossary/.")
    parser.add_argument("--quiet", action="store_true", help="print problems only, not the table")
    parser.add_argument("--dir", type=Path, default=GLOSSARY_DIR, help="the glossary folder")
    parser.add_argument("--locale", type=Path, default=LOCALE_DIR, help="the catalogues' folder")
    parser.add_argument("--no-catalogues", action="store_true", help="check the glossary files only")
    args = parser.parse_args(argv)

    if not args.dir.is_dir():
        print(f"glossary_lint: no glossary folder at {args.dir}", file=sys.stderr)
        return 2

    glossaries: dict[str, dict] = {}
    problems: list[str] = []
    for code in LANGUAGES:
        path = args.dir / f"{code}.toml"
        if not path.is_file():
            problems.append(f"{code}: no glossary file {path.name}")
            continue
        data, found = check_file(path)
        problems += found
        if data is not None:
            glossaries[code] = data
    for path in sorted(args.dir.glob("*.toml")):
        if path.stem not in LANGUAGES:
            data, found = check_file(path)  # a language being added: check it too
            problems += found
            if data is not None:
                glossaries[path.stem] = data

    if not args.no_catalogues:
        for code, data in glossaries.items():
            po = args.locale / f"{code}.po"
            if po.is_file():
                problems += one_word_problems(code, data, po)

    if not args.quiet:
        print_table(glossaries)
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    if problems:
        print(f"glossary_lint: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"glossary_lint: {len(glossaries)} glossaries, all complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
