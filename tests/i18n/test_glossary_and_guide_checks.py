"""The checks that keep a language whole (issue 42): an edition's own words held to that
edition's glossary term, the one-word rule (a game word the English writes alone reads the same
wherever it is shown), and the user guide's translations kept in step with the English guide
paragraph by paragraph (docs/translating.md)."""

from __future__ import annotations

import importlib.util
import sys
import textwrap
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / "tools"))
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return _load("i18n")


@pytest.fixture(scope="module")
def lint():
    return _load("glossary_lint")


GLOSSARY = textwrap.dedent("""\
    language = "fr"
    name = "Français"
    sources = ["test"]

    [[term]]
    en = "Physique"
    en_forms = ["Physique"]
    term = "Physique"
    match = "Physique"
    scope = "rules"
    source = "Fate Core's word"

    [term.editions.fate-condensed]
    term = "Vigueur"
    match = "Vigueur"
    source = "Fate Condensed's word"

    [[term]]
    en = "physical"
    en_forms = ["physical"]
    term = "physique"
    match = "physique"
    scope = "all"
    labels = ["Physical"]
    source = "test"

    [[term]]
    en = "arc"
    en_forms = ["arc", "arcs"]
    term = "arc"
    match = "arc"
    scope = "all"
    source = "test"

    [[term]]
    en = "Good"
    en_forms = ["Good"]
    term = "Bon"
    match = "Bon"
    scope = "rules"
    source = "test"
""")


def _po(folder: Path, body: str) -> Path:
    header = textwrap.dedent("""\
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Language: fr\\n"
        "Plural-Forms: nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;\\n"

    """)
    path = folder / "fr.po"
    path.write_text(header + textwrap.dedent(body), encoding="utf-8")
    return path


GOOD = """\
    msgctxt "rules"
    msgid "Physique"
    msgstr "Physique"

    msgctxt "rules:fate-condensed"
    msgid "Physique"
    msgstr "Vigueur"

    msgid "Physical"
    msgstr "Physique"

    msgctxt "rules"
    msgid "Physical"
    msgstr "Physique"

    # not the game word "arc": the axe's swing
    msgctxt "rules"
    msgid "My axe swings in a great arc, good and wide."
    msgstr "Ma hache décrit une grande courbe, bien large."
"""


@pytest.fixture
def french(tool, tmp_path, monkeypatch):
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    monkeypatch.setattr(tool, "GLOSSARY", tmp_path / "glossary")
    (tmp_path / "glossary").mkdir()
    (tmp_path / "glossary" / "fr.toml").write_text(GLOSSARY, encoding="utf-8")
    pot = Catalog(domain="fate-desk")
    pot.add("Physique", context="rules")
    pot.add("Physique", context="rules:fate-condensed")
    pot.add("Physical")
    pot.add("Physical", context="rules")
    pot.add("My axe swings in a great arc, good and wide.", context="rules")
    return tool, pot, tmp_path


def test_each_edition_and_core_pass_with_their_own_words(french):
    tool, pot, folder = french
    _po(folder, GOOD)
    assert tool.check_language("fr", pot) == []


def test_an_editions_context_with_cores_word_fails_naming_the_editions_word(french):
    tool, pot, folder = french
    _po(folder, GOOD.replace('msgstr "Vigueur"', 'msgstr "Physique"'))
    problems = tool.check_language("fr", pot)
    assert any("fate-condensed's 'Vigueur'" in line for line in problems), problems


def test_a_waived_word_and_a_lower_case_ladder_word_are_not_game_words(french):
    """"a great arc, good and wide" is neither the arc of a campaign (the translator's comment
    says so) nor the ladder's Good, which a rule set writes with its capital."""
    tool, pot, folder = french
    _po(folder, GOOD.replace('# not the game word "arc": the axe\'s swing\n', ""))
    assert any("'arc'" in line for line in tool.check_language("fr", pot))
    _po(folder, GOOD)
    assert not any("'Bon'" in line for line in tool.check_language("fr", pot))


def test_the_one_word_rule_fails_a_game_word_translated_two_ways(lint, tmp_path):
    import tomllib

    glossary = tomllib.loads(GLOSSARY)
    assert lint.one_word_problems("fr", glossary, _po(tmp_path, GOOD)) == []
    # The conflict dialog says one word for "Physical", the sheet's track another.
    po = _po(tmp_path, GOOD.replace('msgid "Physical"\n    msgstr "Physique"', 'msgid "Physical"\n    msgstr "Corporel"', 1))
    problems = lint.one_word_problems("fr", glossary, po)
    assert len(problems) == 1 and "'physical' is one game word, translated 2 ways" in problems[0], problems
    po = _po(tmp_path, GOOD.replace('msgstr "Vigueur"', 'msgstr "Force"'))
    assert any("that edition's word" in line for line in lint.one_word_problems("fr", glossary, po))


def test_an_access_key_is_not_part_of_the_word(lint, tmp_path):
    import tomllib

    glossary = tomllib.loads(GLOSSARY)
    po = _po(tmp_path, GOOD.replace('msgid "Physical"\n    msgstr "Physique"', 'msgid "&Physical"\n    msgstr "&Physique"', 1))
    assert lint.one_word_problems("fr", glossary, po) == []


def test_the_glossary_names_an_editions_word_only_where_it_differs_and_with_its_source(lint, tmp_path):
    good = tmp_path / "fr.toml"
    good.write_text(GLOSSARY, encoding="utf-8")
    _data, problems = lint.check_file(good)
    assert not [p for p in problems if "edition" in p or "fate-" in p]
    same = tmp_path / "same" / "fr.toml"
    same.parent.mkdir()
    same.write_text(GLOSSARY.replace('term = "Vigueur"', 'term = "Physique"').replace('match = "Vigueur"', 'match = "Physique"'))
    assert any("the same word as Fate Core's" in p for p in lint.check_file(same)[1])
    unknown = tmp_path / "unknown" / "fr.toml"
    unknown.parent.mkdir()
    unknown.write_text(GLOSSARY.replace("[term.editions.fate-condensed]", "[term.editions.fate-turbo]"))
    assert any("not an edition Fate Desk ships" in p for p in lint.check_file(unknown)[1])
    sourceless = tmp_path / "sourceless" / "fr.toml"
    sourceless.parent.mkdir()
    sourceless.write_text(GLOSSARY.replace('source = "Fate Condensed\'s word"\n', ""))
    assert any("needs term, match, source" in p for p in lint.check_file(sourceless)[1])


def test_the_shipped_glossaries_and_catalogues_keep_one_word_per_term(lint):
    assert lint.main(["--quiet"]) == 0


# -- the user guide in every language -----------------------------------------------------------

ENGLISH = """\
# Guide

- [Starting](#starting)

## Starting

Start the app from your menu.

```
fate-desk check hero.fate.json
```

Press F1 for this guide.
"""

GERMAN = """\
# Handbuch

- [Erste Schritte](#erste-schritte)

## Erste Schritte

Starte die App aus deinem Menü.

```
fate-desk check hero.fate.json
```

Drücke F1 für dieses Handbuch.
"""


@pytest.fixture
def guides(tool, tmp_path):
    english = tmp_path / "user-guide.md"
    english.write_text(ENGLISH, encoding="utf-8")
    source = tmp_path / "de-plain.md"
    source.write_text(GERMAN, encoding="utf-8")
    return english, source, tmp_path / "user-guide.de.md"


def _mark(tool, english: Path, source: Path, target: Path, monkeypatch) -> None:
    monkeypatch.setattr(tool, "GUIDE", english)
    monkeypatch.setattr(tool, "guide_path", lambda code: target)
    assert tool.cmd_guide_mark("de", source) == 0


def test_a_translation_marked_paragraph_by_paragraph_is_in_step(tool, guides, monkeypatch):
    english, source, target = guides
    _mark(tool, english, source, target, monkeypatch)
    assert target.read_text(encoding="utf-8").count("<!-- en:") == len(tool.guide_paragraphs(ENGLISH)) == 6
    assert tool.guide_problems("de", english, target) == []


def test_a_changed_english_paragraph_marks_its_translation_out_of_date(tool, guides, monkeypatch):
    english, source, target = guides
    _mark(tool, english, source, target, monkeypatch)
    english.write_text(ENGLISH.replace("Start the app from your menu.", "Start the app from your applications menu."),
                       encoding="utf-8")
    problems = tool.guide_problems("de", english, target)
    assert any("out of date" in p and "Start the app from your applications menu." in p and ":7 " in p
               for p in problems), problems
    assert any("no longer has" in p for p in problems)  # the old translation is left over
    # Rewrapping the English lines changes nothing a translator must do.
    english.write_text(ENGLISH.replace("Press F1 for this guide.", "Press F1 for\nthis guide."), encoding="utf-8")
    assert tool.guide_problems("de", english, target) == []


def test_a_missing_translation_or_a_link_to_no_heading_is_named(tool, guides, monkeypatch):
    english, source, target = guides
    assert "missing" in tool.guide_problems("de", english, target)[0]
    source.write_text(GERMAN.replace("(#erste-schritte)", "(#starting)"), encoding="utf-8")
    _mark(tool, english, source, target, monkeypatch)
    assert any("#starting leads to no heading" in p for p in tool.guide_problems("de", english, target))


def test_every_shipped_language_has_the_whole_guide_in_step(tool):
    from fate_desk.i18n import LANGUAGES

    for code in LANGUAGES:
        if code != "en":
            assert tool.guide_problems(code) == [], code


def test_help_user_guide_opens_the_guide_in_the_interface_language(qtbot):
    from fate_desk import i18n
    from fate_desk.gui.about import UserGuideWindow, user_guide_path

    i18n.set_language("de")
    assert user_guide_path().name == "user-guide.de.md"
    guide = UserGuideWindow()
    qtbot.addWidget(guide)
    assert "Fate Desk" in guide.browser.toPlainText() and "Kampagne" in guide.browser.toPlainText()
    i18n.set_language("en_XA")  # a pseudo-locale reads the English guide
    assert user_guide_path().name == "user-guide.md"
