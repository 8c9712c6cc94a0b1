"""Fate Desk's catalogues: extract, update, compile and check (docs/translating.md).

    python tools/i18n.py extract          locale/fate-desk.pot from the code, forms and rule sets
    python tools/i18n.py update [CODE]    extract, then bring every (or one) locale/<code>.po up to date
    python tools/i18n.py compile          fate_desk/_locale/<code>.mo (run by make)
    python tools/i18n.py check            what `make i18n-check` fails on (exit 1, one line each)
    python tools/i18n.py unmarked [FILE]  user-visible strings in code not marked for translation
    python tools/i18n.py stats            how much of each language is translated
    python tools/i18n.py check-language CODE   the check, for one language's catalogue only
    python tools/i18n.py todo CODE [N]    the next N (all) untranslated or fuzzy entries, as JSON
    python tools/i18n.py fill CODE FILE   take translations from a JSON file written like todo's
    python tools/i18n.py guide [CODE]     the user guide's paragraphs a translation lacks (new or changed)
    python tools/i18n.py guide-mark CODE FILE   write docs/user-guide.CODE.md from FILE, a translation
                                          with the English guide's paragraphs, in order; each gets its mark

Strings come from three places: Python code (`_`, `N_`, `ngettext`, `pgettext`, `npgettext`),
the Qt Designer forms (the `translate()` calls pyside6-uic writes for them, made in memory
here), and the rule sets' and packs' data (names, descriptions, labels, skill lists), which
carry the context "rules" and are shown through `fate_desk.i18n.rules_text`.

The user guide (docs/user-guide.md) is translated whole, one file per language
(docs/user-guide.<code>.md). Each translated paragraph follows a mark naming the English
paragraph it translates by a hash of its words, `<!-- en:1a2b3c4d5e -->`; the check fails when
an English paragraph has no translation with its mark (it is new, or it changed), naming it.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
import tomllib
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import DEFAULT_KEYWORDS, extract  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from fate_desk.i18n import DOMAIN, LANGUAGES, source_hash  # noqa: E402

LOCALE = ROOT / "locale"
POT = LOCALE / f"{DOMAIN}.pot"
GLOSSARY = LOCALE / "glossary"
COMPILED = ROOT / "fate_desk" / "_locale"
CODE = ROOT / "fate_desk"
KEYWORDS = dict(DEFAULT_KEYWORDS)
FIXED_DATE = datetime(2026, 11, 26, tzinfo=timezone.utc)  # keeps the .pot's header still
SHIPPED = [code for code in LANGUAGES if code != "en"]

# Rule-set data keys whose text a user reads.
_RULES_TEXT_KEYS = {"name", "description", "label", "skill_word", "skill_word_plural", "title", "summary"}
_RULES_LIST_KEYS = {"skills", "approaches"}


# Sample characters for the printing previews: game content, like a user's own sheets.
_CONTENT_FILES = {"fate_desk/printing/samples.py"}


def python_files() -> list[Path]:
    return sorted(
        p for p in CODE.rglob("*.py")
        if "_forms" not in p.parts and p.name != "i18n.py"  # generated: never shown
        and p.relative_to(ROOT).as_posix() not in _CONTENT_FILES
    )


def _add(catalog: Catalog, message, location: tuple[str, int], context=None, comments=()) -> None:
    flags = set()
    text = message if isinstance(message, str) else message[0]
    if text and not any(ch.isalpha() for ch in text):
        return  # a sign or a number ("+", "−", "…") reads the same in every language
    if re.search(r"\{[a-zA-Z_][a-zA-Z0-9_]*\}", "".join(message if not isinstance(message, str) else [message])):
        flags.add("python-brace-format")
    catalog.add(message, locations=[location], context=context, auto_comments=list(comments), flags=flags)
    if not text:
        raise SystemExit(f"i18n: an empty message is marked at {location[0]}:{location[1]}")


def extract_python(catalog: Catalog) -> None:
    for path in python_files():
        rel = path.relative_to(ROOT).as_posix()
        with path.open("rb") as handle:
            for lineno, message, comments, context in extract(
                "python", handle, keywords=KEYWORDS, comment_tags=("Translators:",)
            ):
                if isinstance(message, tuple) and any(part is None for part in message):
                    raise SystemExit(f"i18n: {rel}:{lineno}: a marked message must be a literal string")
                if message is None:
                    raise SystemExit(f"i18n: {rel}:{lineno}: a marked message must be a literal string")
                _add(catalog, message, (rel, lineno), context, comments)


def _uic(form: Path) -> str:
    here = Path(sys.executable).parent / "pyside6-uic"
    command = str(here) if here.exists() else "pyside6-uic"
    return subprocess.run([command, str(form)], check=True, capture_output=True, text=True).stdout


def extract_forms(catalog: Catalog) -> None:
    """What Qt will ask the translator for: the `translate()` calls uic writes for each form."""
    for form in sorted((ROOT / "ui").glob("*.ui")):
        code = _uic(form)
        rel = form.relative_to(ROOT).as_posix()
        for _lineno, message, comments, _context in extract(
            "python", io.BytesIO(code.encode()), keywords={"translate": (2,)}
        ):
            if message:
                _add(catalog, message, (rel, 0), None, comments)


def _walk_rules(node, path: str, out: list[str], key: str | None = None) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _walk_rules(v, path, out, k)
    elif isinstance(node, list):
        for item in node:
            if key in _RULES_LIST_KEYS and isinstance(item, str):
                out.append(item)
            else:
                _walk_rules(item, path, out, key)
    elif isinstance(node, str) and key in _RULES_TEXT_KEYS and node.strip():
        out.append(node)


def rules_files() -> list[Path]:
    files = sorted((ROOT / "rules").glob("*.toml"))
    files += sorted((ROOT / "packs").glob("*/ruleset.toml"))
    return files


def pack_files() -> list[Path]:
    """Every shipped pack's own file: a folder's pack.toml, or a one-file pack."""
    return sorted((ROOT / "packs").glob("*/pack.toml")) + sorted((ROOT / "packs").glob("*.fatepack.toml"))


# What a pack says in words a player reads (its licence stays in the words the licence asks for,
# and its sample characters are game content, like a user's own sheets).
_PACK_TEXT_KEYS = {"name", "description", "text", "note", "notes", "event", "permission"}
_PACK_LIST_KEYS = {"aspects"}
_PACK_PARTS = ("stunts", "extras", "tracks", "aspects")


def _walk_pack(node, out: list[str], key: str | None = None) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            _walk_pack(v, out, k)
    elif isinstance(node, list):
        for item in node:
            if key in _PACK_LIST_KEYS and isinstance(item, str):
                out.append(item)
            else:
                _walk_pack(item, out, key)
    elif isinstance(node, str) and key in _PACK_TEXT_KEYS and node.strip():
        out.append(node)


def pack_texts(data: dict) -> list[str]:
    """A pack's texts shown through `rules_text`: its name and description, and the stunts,
    extras, tracks and example aspects of its library."""
    texts = [data[k] for k in ("name", "description") if isinstance(data.get(k), str) and data[k].strip()]
    for part in _PACK_PARTS:
        _walk_pack(data.get(part, []), texts, part if part == "aspects" else None)
    return texts


def ruleset_texts(data: dict) -> list[str]:
    texts: list[str] = []
    _walk_rules(data, "", texts)
    if data.get("skill_word") and not data.get("skill_word_plural"):
        texts.append(data["skill_word"] + "s")  # the plural the rule set makes for itself
    return texts


# The rule set whose words are the fallback: Fate Core's, under the context "rules".
CORE = "fate-core"


def edition_messages() -> dict[str, list[str]]:
    """For each other edition Fate Desk ships, the words it shares with Fate Core, which its
    translation may say differently: its rule set's names, and the aspects' roles."""
    from fate_desk.model.character import ASPECT_ROLE_NAMES

    core_file = ROOT / "rules" / f"{CORE}.toml"
    core = set(ruleset_texts(tomllib.loads(core_file.read_text(encoding="utf-8"))))
    out: dict[str, list[str]] = {}
    for path in sorted((ROOT / "rules").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if data.get("id") in (None, CORE):
            continue
        words = [t for t in ruleset_texts(data) if t in core]
        words += [name for role, name in ASPECT_ROLE_NAMES.items() if role != "free"]
        out[data["id"]] = list(dict.fromkeys(words))
    return out


def extract_rules(catalog: Catalog) -> None:
    for path in rules_files():
        rel = path.relative_to(ROOT).as_posix()
        for text in ruleset_texts(tomllib.loads(path.read_text(encoding="utf-8"))):
            catalog.add(text, locations=[(rel, 0)], context="rules")
    for path in pack_files():
        rel = path.relative_to(ROOT).as_posix()
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for text in pack_texts(data):
            catalog.add(text, locations=[(rel, 0)], context="rules")
        if isinstance(data.get("ruleset"), dict):  # a one-file pack's rule set
            for text in ruleset_texts(data["ruleset"]):
                catalog.add(text, locations=[(rel, 0)], context="rules")
    for ruleset_id, words in edition_messages().items():
        for text in words:
            catalog.add(text, locations=[(f"rules/{ruleset_id}.toml", 0)], context=f"rules:{ruleset_id}",
                        auto_comments=[f"Translators: this word as {ruleset_id}'s own translation prints it; "
                                       "write the Fate Core word again where the editions agree."])


def template() -> Catalog:
    catalog = Catalog(project="Fate Desk", domain=DOMAIN, creation_date=FIXED_DATE, revision_date=FIXED_DATE,
                      msgid_bugs_address="", copyright_holder="Fate Desk developers", fuzzy=False)
    extract_python(catalog)
    extract_forms(catalog)
    extract_rules(catalog)
    return catalog


def _write(catalog: Catalog, path: Path, **options) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, include_lineno=False, **options)
    path.write_bytes(out.getvalue())


def cmd_extract() -> Catalog:
    LOCALE.mkdir(exist_ok=True)
    catalog = template()
    _write(catalog, POT, omit_header=False)
    print(f"i18n: {len(catalog)} messages in {POT.relative_to(ROOT)}")
    return catalog


def read_catalogue(code: str, strict: bool = False) -> Catalog:
    path = LOCALE / f"{code}.po"
    if not path.exists():
        return Catalog(locale=code, domain=DOMAIN)
    with path.open("rb") as handle:
        return read_po(handle, locale=code, abort_invalid=strict)


def cmd_update(only: list[str] | None = None) -> None:
    pot = cmd_extract()
    for code in only or SHIPPED:
        catalog = read_catalogue(code)
        catalog.update(pot, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.fuzzy = False
        catalog.project, catalog.version = "Fate Desk", ""
        catalog.copyright_holder = "Fate Desk developers"
        catalog.language_team = f"{LANGUAGES[code]} <https://github.com/fatedesk>"
        catalog.last_translator = "Fate Desk developers"
        catalog.revision_date = FIXED_DATE
        catalog.creation_date = FIXED_DATE
        _write(catalog, LOCALE / f"{code}.po", omit_header=False, include_previous=False)
        print(f"i18n: locale/{code}.po updated")


def cmd_compile() -> None:
    import hashlib

    from fate_desk.i18n import catalogue_data_problem, compile_po

    COMPILED.mkdir(exist_ok=True)
    made = 0
    for code in SHIPPED:
        po = LOCALE / f"{code}.po"
        if not po.exists():
            continue
        stamp = COMPILED / f"{code}.sha1"
        digest = source_hash(po)
        if stamp.exists() and len(stamp.read_text().split()) == 2 and stamp.read_text().split()[0] == digest \
                and (COMPILED / f"{code}.mo").exists():
            continue
        data = compile_po(po)
        # Checked once here, as the app would check it; the stamp's second hash tells the app
        # these bytes were checked, so an intact catalogue costs it nothing at start.
        problem = catalogue_data_problem(data)
        if problem:
            raise SystemExit(f"i18n: locale/{code}.po: {problem}")
        (COMPILED / f"{code}.mo").write_bytes(data)
        stamp.write_text(f"{digest}\n{hashlib.sha1(data).hexdigest()}\n")
        made += 1
    print(f"i18n: {made} catalogue(s) compiled")


# -- checks ----------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)(?:[!:][^{}]*)?\}|%\(([a-z_]+)\)[sd]|%[sd]")
_TAG = re.compile(r"</?([a-zA-Z]+)[^<>]*>")


def placeholders(text: str) -> set[str]:
    return {m.group(0) if m.group(0) in ("%s", "%d") else (m.group(1) or m.group(2)) for m in _PLACEHOLDER.finditer(text)}


def tags(text: str) -> list[str]:
    return sorted(m.group(0).lower().split()[0].rstrip(">") for m in _TAG.finditer(text))


def load_glossary(code: str) -> list[dict]:
    path = GLOSSARY / f"{code}.toml"
    if not path.exists():
        return []
    return tomllib.loads(path.read_text(encoding="utf-8")).get("term", [])


def check_language(code: str, pot: Catalog) -> list[str]:
    problems: list[str] = []
    po_path = LOCALE / f"{code}.po"
    if not po_path.exists():
        return [f"locale/{code}.po: missing"]
    where = f"locale/{code}.po"
    try:
        catalog = read_catalogue(code, strict=True)
    except Exception as error:  # babel's PoFileError: more plural forms than the header says, bad syntax
        if "num_plurals" in str(error):
            return [f"{where}: more plural forms than the language has ({error})"]
        return [f"{where}: {error}"]
    nplurals = catalog.num_plurals
    expected = Catalog(locale=code).num_plurals
    if nplurals != expected:
        problems.append(f"{where}: the header gives {nplurals} plural forms, the language has {expected}")
    glossary = load_glossary(code)
    if not glossary:
        problems.append(f"locale/glossary/{code}.toml: missing or empty")
    term_patterns = [
        # Whole words; a key name such as Shift+F10 is not the game word "shift". A name that is
        # also an ordinary word (scope "rules": Good, Will, Quick) counts only written as the
        # name is, so "a good meal" in a pack's stunt is not the ladder's Good.
        (t, re.compile(r"(?<![\w+])(" + "|".join(re.escape(f) for f in t.get("en_forms", [t["en"]])) + r")(?![\w+])",
                       0 if t.get("scope") == "rules" else re.I))
        for t in glossary
    ]
    for message in pot:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        label = message.id if isinstance(message.id, str) else message.id[0]
        label = label.replace("\n", " ")[:60]
        if found is None:
            problems.append(f"{where}: not translated: {label!r}")
            continue
        if found.fuzzy:
            problems.append(f"{where}: fuzzy: {label!r}")
            continue
        source_forms = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [found.string] if isinstance(found.string, str) else list(found.string)
        if isinstance(message.id, tuple):
            if len(strings) != nplurals:
                problems.append(f"{where}: {len(strings)} plural forms, the language has {nplurals}: {label!r}")
                continue
        if any(not s for s in strings):
            problems.append(f"{where}: not translated: {label!r}")
            continue
        wanted = set().union(*(placeholders(s) for s in source_forms))
        got = set().union(*(placeholders(s) for s in strings))
        if wanted != got or any(not placeholders(s) <= wanted for s in strings):
            problems.append(f"{where}: placeholders {sorted(got)} instead of {sorted(wanted)}: {label!r}")
        if any(tags(s) != tags(source_forms[0]) for s in strings):
            problems.append(f"{where}: markup differs from the English: {label!r}")
        if any(s.count("&") - 2 * s.count("&&") > 1 for s in strings):
            problems.append(f"{where}: more than one mnemonic (&): {label!r}")
        # An access key's "&" may sit inside a game word ("Éta&pe"); "&&" is a written ampersand.
        joined = re.sub(r"&(?!&)", "", " ".join(strings)).lower()
        # A placeholder's name ({skill}, {stunt}) is not a game word the translation must show.
        source_text = re.sub(r"\{[^{}]*\}", " ", " ".join(source_forms))
        context = message.context or ""
        # A translator's comment `not the game word "arc"` says the English uses the word
        # plainly here ("the axe swings in a great arc"), so the glossary's term is not wanted.
        waived = {w.casefold() for c in found.user_comments for w in re.findall(r'not the game word "([^"]+)"', c)}
        # "rules:fate-condensed": an edition's own words, held to that edition's terms.
        edition = context.split(":", 1)[1] if context.startswith("rules:") else None
        for term, pattern in term_patterns:
            if term.get("scope", "all") == "rules" and context.split(":")[0] != "rules":
                continue
            if term["en"].casefold() in waived:
                continue
            wanted = term.get("editions", {}).get(edition, term) if edition else term
            if pattern.search(source_text) and wanted["match"].lower() not in joined:
                whose = f"{edition}'s" if wanted is not term else "the glossary's"
                problems.append(
                    f"{where}: {whose} {wanted['term']!r} (for {term['en']!r}) is not used: {label!r}"
                )
    for message in catalog:
        if message.id and pot.get(message.id, context=message.context) is None:
            label = message.id if isinstance(message.id, str) else message.id[0]
            problems.append(f"{where}: not in the code any more (run make i18n): {label[:60]!r}")
    return problems


# -- the user guide in every language -----------------------------------------------------------

DOCS = ROOT / "docs"
GUIDE = DOCS / "user-guide.md"
_MARK = re.compile(r"^<!-- en:([0-9a-f]{10}) -->$")
_ANCHOR_LINK = re.compile(r"\]\(#([^)\s]+)\)")


def guide_path(code: str) -> Path:
    return DOCS / f"user-guide.{code}.md"


def paragraph_hash(text: str) -> str:
    """A paragraph's mark: its words, however the lines wrap."""
    import hashlib

    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()[:10]


def guide_paragraphs(text: str) -> list[tuple[int, str]]:
    """The guide's paragraphs (blocks between blank lines; a fenced code block is one), each
    with the line it starts on."""
    out: list[tuple[int, str]] = []
    lines = text.splitlines()
    block: list[str] = []
    start = 0
    fenced = False
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            fenced = not fenced
        if not line.strip() and not fenced:
            if block:
                out.append((start, "\n".join(block)))
                block = []
            continue
        if not block:
            start = number
        block.append(line)
    if block:
        out.append((start, "\n".join(block)))
    return out


def marked_paragraphs(text: str) -> list[tuple[int, str, str]]:
    """A translated guide's paragraphs as (line, mark, text): each mark line starts one, and
    whatever stands before the first mark has none ("")."""
    out: list[tuple[int, str, str]] = []
    mark, start, block = "", 1, []
    for number, line in enumerate(text.splitlines(), 1):
        found = _MARK.match(line.strip())
        if found:
            if block or mark:
                out.append((start, mark, "\n".join(block).strip()))
            mark, start, block = found.group(1), number, []
        else:
            block.append(line)
    if block or mark:
        out.append((start, mark, "\n".join(block).strip()))
    return out


def _heading_slug(text: str) -> str:
    """The anchor a heading gets (as fate_desk.gui.about.heading_slug makes it)."""
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def guide_problems(code: str, english: Path | None = None, translated: Path | None = None) -> list[str]:
    """What keeps a translated guide from being in step with the English one: an English
    paragraph without its translation (new, or changed since), a translation of a paragraph
    the English no longer has, paragraphs out of order, an empty one, a link to a heading the
    translation does not have."""
    english = english or GUIDE
    translated = translated or guide_path(code)
    where = translated.relative_to(ROOT).as_posix() if translated.is_relative_to(ROOT) else str(translated)
    source = english.relative_to(ROOT).as_posix() if english.is_relative_to(ROOT) else str(english)
    if not translated.is_file():
        return [f"{where}: missing (the user guide in this language; `tools/i18n.py guide {code}` lists what to translate)"]
    wanted = [(line, paragraph_hash(text), text) for line, text in guide_paragraphs(english.read_text(encoding="utf-8"))]
    have = marked_paragraphs(translated.read_text(encoding="utf-8"))
    problems = []
    known = {mark for _line, mark, _text in have}
    for line, mark, text in wanted:
        if mark not in known:
            first = " ".join(text.split())[:70]
            problems.append(f"{where}: out of date: the English paragraph at {source}:{line} ({first!r}) is new or "
                            f"changed; translate it under <!-- en:{mark} -->")
    hashes = {mark for _line, mark, _text in wanted}
    for line, mark, text in have:
        if not mark:
            if text:
                problems.append(f"{where}:{line}: text before the first paragraph mark")
            continue
        if mark not in hashes:
            problems.append(f"{where}:{line}: translates a paragraph the English guide no longer has (<!-- en:{mark} -->)")
        elif not text:
            problems.append(f"{where}:{line}: the paragraph marked <!-- en:{mark} --> is empty")
    order = [mark for _line, mark, _text in have if mark in hashes]
    if [m for _line, m, _text in wanted if m in known] != order:
        problems.append(f"{where}: the paragraphs are not in the English guide's order")
    body = "\n".join(text for _line, _mark, text in have)
    slugs = {_heading_slug(m.group(1)) for m in re.finditer(r"(?m)^#+\s+(.+)$", body)}
    for found in _ANCHOR_LINK.finditer(body):
        if found.group(1) not in slugs:
            problems.append(f"{where}: the link to #{found.group(1)} leads to no heading of this translation")
    return problems


def cmd_guide(codes: list[str]) -> int:
    """Each translation's problems, and for each new or changed English paragraph its mark and text."""
    total = 0
    for code in codes or SHIPPED:
        problems = guide_problems(code)
        total += len(problems)
        for line in problems:
            print(line)
    print(f"i18n: {total} problem(s) in the user guide's translations")
    return 1 if total else 0


def cmd_guide_mark(code: str, source: Path) -> int:
    """Write docs/user-guide.CODE.md from a translation holding the English paragraphs' translations
    in order (the same blank lines between them), each marked with its English paragraph."""
    wanted = guide_paragraphs(GUIDE.read_text(encoding="utf-8"))
    given = guide_paragraphs(source.read_text(encoding="utf-8"))
    if len(wanted) != len(given):
        for (eline, etext), (tline, ttext) in zip(wanted, given):
            if etext.lstrip()[:1] != ttext.lstrip()[:1] and (etext[:1] in "#|-`" or ttext[:1] in "#|-`"):
                print(f"i18n: the paragraphs part at English line {eline} / translated line {tline}")
                break
        print(f"i18n: {source} has {len(given)} paragraphs, the English guide {len(wanted)}")
        return 1
    out = []
    for (_eline, etext), (_tline, ttext) in zip(wanted, given):
        out.append(f"<!-- en:{paragraph_hash(etext)} -->\n{ttext}\n")
    target = guide_path(code)
    target.write_text("\n".join(out), encoding="utf-8")
    print(f"i18n: {target} written, {len(out)} paragraphs marked")
    return 0


def glossary_problems() -> list[str]:
    """The glossary files' own check and the one-word rule over the catalogues (glossary_lint)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import glossary_lint

    problems = []
    for code in SHIPPED:
        path = GLOSSARY / f"{code}.toml"
        if not path.is_file():
            continue  # check_language names a missing glossary
        data, found = glossary_lint.check_file(path)
        problems += [f"locale/glossary/{line}" for line in found]
        po = LOCALE / f"{code}.po"
        if data is not None and po.is_file():
            problems += [f"locale/{line}" for line in glossary_lint.one_word_problems(code, data, po)]
    return problems


def cmd_check() -> int:
    pot = template()
    problems = unmarked(python_files()) + translated_on_load(python_files())
    problems += glossary_problems()
    for code in SHIPPED:
        problems += check_language(code, pot)
        problems += guide_problems(code)
    for line in problems:
        print(line)
    print(f"i18n-check: {len(pot)} messages, {len(SHIPPED)} languages, {len(problems)} problem(s)")
    return 1 if problems else 0


def cmd_stats() -> None:
    pot = template()
    for code in SHIPPED:
        catalog = read_catalogue(code)
        done = sum(
            1 for m in pot if m.id and (f := catalog.get(m.id, context=m.context)) is not None and not f.fuzzy
            and all(f.string if isinstance(f.string, tuple) else [f.string])
        )
        print(f"{code:6} {done:5}/{len(pot) - 1}")


# -- strings a user reads that nobody marked ---------------------------------------------------------

_MARKERS = {"_", "N_", "ngettext", "pgettext", "npgettext", "rules_text", "gettext"}
# Qt calls (and constructors) whose string argument is shown to the user.
_UI_CALLS = {
    "setText", "setWindowTitle", "setToolTip", "setStatusTip", "setWhatsThis", "setPlaceholderText",
    "setAccessibleName", "setAccessibleDescription", "setTitle", "addTab", "insertTab", "setTabText",
    "setTabToolTip", "addAction", "addMenu", "showMessage", "setHeaderLabels", "setHorizontalHeaderLabels",
    "setVerticalHeaderLabels", "addItem", "addItems", "insertItem", "setSpecialValueText", "setSuffix",
    "setPrefix", "setLabelText", "setOkButtonText", "setCancelButtonText", "setInformativeText",
    "setDetailedText", "setWindowIconText", "QLabel", "QPushButton", "QToolButton", "QCheckBox",
    "QRadioButton", "QGroupBox", "QAction", "QMenu", "QDockWidget", "information", "warning",
    "critical", "question", "getText", "getItem", "getInt", "getOpenFileName", "getSaveFileName",
    "getExistingDirectory", "setNameFilter", "setNameFilters", "addButton", "setButtonText", "setFormat",
}
_TECHNICAL = re.compile(
    r"^\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|BEGIN|COMMIT|ALTER|DROP|WITH)\b"
    r"|^[a-z0-9_.\-/]+$|^[A-Z0-9_]+$|^\s*$|^[\W\d_]+$|^https?://|^#[0-9a-fA-F]{3,8}$|^\.[a-z]+$"
    r"|^[a-z]+(\.[a-z_]+)+$|^[A-Za-z]+[A-Z][a-z]+$|\{[^}]*:[^}]*\}$"
)
_PROSE = re.compile(r"[A-Za-z]{2,}[ ,;:'’]+[A-Za-z]{2,}")


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _is_user_text(text: str, in_ui_call: bool) -> bool:
    if _TECHNICAL.search(text):
        return False
    if _PROSE.search(text):
        return True
    return in_ui_call and bool(re.search(r"[A-Za-z]{2,}", text))


def unmarked(paths: list[Path]) -> list[str]:
    found: list[str] = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        parents: dict[int, ast.AST] = {}
        docstrings: set[int] = set()
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                body = node.body
                if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                    docstrings.add(id(body[0].value))
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and _call_name(node) in _MARKERS and node.args
                    and isinstance(node.args[0], (ast.Dict, ast.List, ast.Set, ast.Tuple))):
                found.append(f"{rel}:{node.lineno}: a table inside {_call_name(node)}() is extracted as its first "
                             "string; mark each entry with N_() and translate the one chosen")
                continue
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in docstrings or isinstance(parents.get(id(node)), ast.JoinedStr):
                    continue
                text = node.value
            else:
                continue
            line = lines[node.lineno - 1] if node.lineno <= len(lines) else ""
            end_line = lines[node.end_lineno - 1] if node.end_lineno and node.end_lineno <= len(lines) else ""
            if "# i18n:" in line or "# i18n:" in end_line:  # "# i18n: not shown", or another reason
                continue
            marked, in_ui, skip = False, False, False
            child, parent = node, parents.get(id(node))
            while parent is not None:
                if isinstance(parent, ast.Call):
                    name = _call_name(parent)
                    if name in _MARKERS and child in parent.args:
                        marked = True
                        break
                    if name in _UI_CALLS and (child in parent.args or any(k.value is child for k in parent.keywords)):
                        in_ui = True
                    if name and (name.startswith(("log", "debug")) or name in {"getLogger", "warn", "exception"}
                                 or (isinstance(parent.func, ast.Attribute) and isinstance(parent.func.value, ast.Name)
                                     and parent.func.value.id in {"log", "logger", "logging", "re", "os", "json", "sql"})):
                        skip = True
                        break
                    if name in {"execute", "executemany", "executescript", "compile", "match", "search", "fullmatch",
                                "sub", "split", "strftime", "strptime", "startswith", "endswith", "setObjectName",
                                "setProperty", "property", "findChild", "findChildren", "setStyleSheet", "getenv",
                                "setdefault", "get", "pop", "encode", "decode", "Path", "open", "joinpath", "with_suffix"}:
                        skip = True
                        break
                if isinstance(parent, ast.Subscript) and child is parent.slice:
                    skip = True
                    break
                if isinstance(parent, ast.Compare):
                    skip = True
                    break
                if isinstance(parent, ast.Dict) and child in parent.keys:
                    skip = True
                    break
                if isinstance(parent, (ast.Assert,)):
                    skip = True
                    break
                if isinstance(parent, ast.Call) and _call_name(parent) in _MARKERS:
                    marked = True  # e.g. _("...").format(...) is handled above; format's args below
                if isinstance(parent, (ast.stmt,)):
                    break
                child, parent = parent, parents.get(id(parent))
            if marked or skip:
                continue
            if isinstance(node, ast.JoinedStr):
                if _PROSE.search(text) or (in_ui and re.search(r"[A-Za-z]{2,}", text)):
                    found.append(f"{rel}:{node.lineno}: f-string shown to a user (use _() with named placeholders): {text[:50]!r}")
                continue
            if _is_user_text(text, in_ui):
                found.append(f"{rel}:{node.lineno}: not marked for translation: {text[:60]!r}")
    return found


# Calls that translate at once (N_ only marks): never while a module loads.
_TRANSLATING = _MARKERS - {"N_"}


def translated_on_load(paths: list[Path]) -> list[str]:
    """Translations made while a module loads (at module or class level, or as a default
    argument): they are made in whatever language is set then, which may not be the user's
    (the window's modules are imported before the user's language is applied, and modules
    stay loaded while tests switch languages). Mark with N_() and translate where the text
    is used."""
    found: list[str] = []
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)

        def visit(node: ast.AST) -> None:
            """Everything that runs when `node` runs at load time; function bodies do not."""
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                    args = child.args
                    at_load = [d for d in [*args.defaults, *args.kw_defaults] if d is not None]
                    if not isinstance(child, ast.Lambda):
                        at_load += child.decorator_list
                    for expr in at_load:
                        visit(ast.Expression(body=expr))
                    continue
                if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id in _TRANSLATING:
                    found.append(f"{rel}:{child.lineno}: translated while the module loads, before the user's "
                                 "language is set; mark it with N_() and translate where it is used")
                visit(child)

        visit(tree)
    return sorted(set(found))


def _key(message) -> str:
    return message.id if isinstance(message.id, str) else message.id[0]


def cmd_todo(code: str, limit: int | None) -> None:
    """Untranslated entries for a translator working in batches: one JSON object per line with
    id (a string, or [singular, plural]), context, notes (comments and where it is used)."""
    import json

    catalog = read_catalogue(code)
    print(json.dumps({"language": code, "plural_forms": catalog.plural_forms, "num_plurals": catalog.num_plurals},
                     ensure_ascii=False))
    shown = 0
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.fuzzy and all(strings):
            continue
        entry = {"id": message.id if isinstance(message.id, str) else list(message.id), "context": message.context}
        notes = [*message.auto_comments, *message.user_comments]
        where = sorted({loc for loc, _line in message.locations})[:3]
        if notes:
            entry["notes"] = notes
        entry["where"] = where
        print(json.dumps(entry, ensure_ascii=False))
        shown += 1
        if limit is not None and shown >= limit:
            break


def cmd_fill(code: str, source: Path) -> int:
    """Each line (or a list) of {"id", "context", "str"}: str a string, or a list of plural forms."""
    import json

    text = source.read_text(encoding="utf-8").strip()
    entries = json.loads(text) if text.startswith("[") else [json.loads(line) for line in text.splitlines() if line.strip()]
    catalog = read_catalogue(code)
    taken, unknown = 0, []
    for entry in entries:
        if "str" not in entry:
            continue
        msgid = entry["id"] if isinstance(entry["id"], str) else tuple(entry["id"])
        message = catalog.get(msgid, context=entry.get("context"))
        if message is None:
            unknown.append(msgid if isinstance(msgid, str) else msgid[0])
            continue
        value = entry["str"]
        if isinstance(message.id, tuple):
            value = tuple(value) if isinstance(value, list) else (value,) * catalog.num_plurals
            if len(value) != catalog.num_plurals:
                unknown.append(f"{message.id[0]} (needs {catalog.num_plurals} plural forms)")
                continue
        message.string = value
        message.flags.discard("fuzzy")
        taken += 1
    _write(catalog, LOCALE / f"{code}.po", omit_header=False, include_previous=False)
    for line in unknown:
        print(f"i18n: not taken: {line[:70]!r}")
    print(f"i18n: {taken} translation(s) taken into locale/{code}.po, {len(unknown)} not")
    return 1 if unknown else 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"extract", "update", "compile", "check", "unmarked", "stats", "todo", "fill",
                                          "check-language", "guide", "guide-mark"}:
        print(__doc__)
        return 2
    command = argv[0]
    if command == "extract":
        cmd_extract()
    elif command == "update":
        cmd_update(argv[1:] or None)
    elif command == "compile":
        cmd_compile()
    elif command == "check":
        return cmd_check()
    elif command == "stats":
        cmd_stats()
    elif command == "check-language":
        problems = check_language(argv[1], template()) + guide_problems(argv[1])
        for line in problems:
            print(line)
        print(f"i18n: {len(problems)} problem(s) in locale/{argv[1]}.po")
        return 1 if problems else 0
    elif command == "todo":
        cmd_todo(argv[1], int(argv[2]) if len(argv) > 2 else None)
    elif command == "fill":
        return cmd_fill(argv[1], Path(argv[2]))
    elif command == "guide":
        return cmd_guide(argv[1:])
    elif command == "guide-mark":
        return cmd_guide_mark(argv[1], Path(argv[2]))
    elif command == "unmarked":
        paths = [Path(p).resolve() for p in argv[1:]] or python_files()
        problems = unmarked(paths)
        for line in problems:
            print(line)
        print(f"i18n: {len(problems)} unmarked string(s) in {len(paths)} file(s)")
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
