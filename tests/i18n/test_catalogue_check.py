"""`make i18n-check` catches what would show wrong in a language: a missing or fuzzy translation,
a placeholder that differs, a wrong number of plural forms, markup that differs, a glossary term
not used, and a string in the code that nobody marked (docs/translating.md)."""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def world(tool, tmp_path, monkeypatch):
    """A template of four messages and a German catalogue and glossary in a folder of our own."""
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    monkeypatch.setattr(tool, "GLOSSARY", tmp_path / "glossary")
    (tmp_path / "glossary").mkdir()
    (tmp_path / "glossary" / "de.toml").write_text(textwrap.dedent("""\
        language = "de"
        [[term]]
        en = "aspect"
        en_forms = ["aspect", "aspects"]
        term = "Aspekt"
        match = "Aspekt"
        scope = "all"
        source = "test"
        [[term]]
        en = "Fight"
        en_forms = ["Fight"]
        term = "Kämpfen"
        match = "Kämpfen"
        scope = "rules"
        source = "test"
    """), encoding="utf-8")
    pot = Catalog(domain="fate-desk")
    pot.add("Invoke the aspect {name}?")
    pot.add(("{count} box", "{count} boxes"))
    pot.add("<b>Fate points</b>")
    pot.add("Fight", context="rules")
    pot.add("Fight them off")  # an ordinary word: the rules-only term does not apply here
    return tool, pot, tmp_path


def _write(tmp_path, body: str) -> None:
    header = textwrap.dedent("""\
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Language: de\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

    """)
    (tmp_path / "de.po").write_text(header + textwrap.dedent(body), encoding="utf-8")


GOOD = """\
    msgid "Invoke the aspect {name}?"
    msgstr "Den Aspekt {name} einsetzen?"

    msgid "{count} box"
    msgid_plural "{count} boxes"
    msgstr[0] "{count} Kästchen"
    msgstr[1] "{count} Kästchen"

    msgid "<b>Fate points</b>"
    msgstr "<b>Schicksalspunkte</b>"

    msgctxt "rules"
    msgid "Fight"
    msgstr "Kämpfen"

    msgid "Fight them off"
    msgstr "Wehrt sie ab"
"""


def test_a_complete_catalogue_passes(world):
    tool, pot, folder = world
    _write(folder, GOOD)
    assert tool.check_language("de", pot) == []


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("Den Aspekt {name} einsetzen?", ""), "not translated"),
        (("Den Aspekt {name} einsetzen?", "Den Aspekt {nom} einsetzen?"), "placeholders"),
        (("Den Aspekt {name} einsetzen?", "Den Vorteil {name} einsetzen?"), "glossary's 'Aspekt'"),
        (('msgstr[1] "{count} Kästchen"\n', 'msgstr[1] "{count} Kästchen"\nmsgstr[2] "{count} Kästchen"\n'),
         "plural forms"),
        (('msgstr[1] "{count} Kästchen"\n', ""), "not translated"),
        (("<b>Schicksalspunkte</b>", "Schicksalspunkte"), "markup"),
        (('msgstr "Kämpfen"', 'msgstr "Kampf"'), "glossary's 'Kämpfen'"),
    ],
)
def test_each_fault_is_named(world, change, said):
    tool, pot, folder = world
    _write(folder, GOOD.replace(*change))
    problems = tool.check_language("de", pot)
    assert problems and any(said in line for line in problems), problems


def test_a_fuzzy_entry_and_a_left_over_entry_fail(world):
    tool, pot, folder = world
    _write(folder, GOOD.replace('msgid "<b>Fate points</b>"', '#, fuzzy\nmsgid "<b>Fate points</b>"')
           + '\nmsgid "Gone from the code"\nmsgstr "Weg"\n')
    problems = tool.check_language("de", pot)
    assert any("fuzzy" in line for line in problems)
    assert any("not in the code any more" in line for line in problems)


def test_strings_a_user_reads_must_be_marked(tool, tmp_path):
    source = tmp_path / "dialog.py"
    source.write_text(textwrap.dedent('''\
        """A docstring is not shown."""
        from fate_desk.i18n import _

        def build(label, name, log):
            label.setText("Roll the dice")
            label.setToolTip(_("Roll the dice"))
            label.setText(f"{name} is taken out")
            label.setObjectName("rollButton")
            log.debug("opened the dialog for %s", name)
            if name == "Take a hit":
                pass
            label.setText("Choose a skill to roll")  # i18n: not shown
            return {"some key": 1}
    '''), encoding="utf-8")
    found = tool.unmarked([source])
    assert len(found) == 2, found
    assert "'Roll the dice'" in found[0] and ":5:" in found[0]
    assert "f-string" in found[1] and ":7:" in found[1]


def test_nothing_is_translated_while_a_module_loads(tool, tmp_path):
    """A translation made at import time is made in whatever language is set then; the window
    imports its modules before it applies the user's language, so only N_() may run at load,
    and the text is translated where it is used."""
    source = tmp_path / "labels.py"
    source.write_text(textwrap.dedent('''\
        from fate_desk.i18n import N_, _

        TITLE = _("Campaign pack")
        KINDS = {"pc": N_("Player character")}

        class Card:
            heading = _("Scene")

            def draw(self, label=_("Contents"), when=None):
                return _("Drawn {label}").format(label=label)

        def later(kind):
            return _(KINDS[kind])
    '''), encoding="utf-8")
    found = tool.translated_on_load([source])
    assert [line.split(":")[1] for line in found] == ["3", "7", "9"], found


def test_the_shipped_code_translates_nothing_while_loading(tool):
    assert tool.translated_on_load(tool.python_files()) == []


def test_the_shipped_code_has_no_unmarked_string(tool):
    """Every user-visible string in fate_desk/ is marked (the same check make i18n-check runs)."""
    assert tool.unmarked(tool.python_files()) == []
