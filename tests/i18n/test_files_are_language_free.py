"""What Fate Desk writes into files does not depend on the interface language (issue 29): the
other tools' files keep their own conventions, `--json` keeps its stable codes, a character
saved in one language opens in another with that language's skill names, and the checker finds
the same problems whatever language it speaks."""

from __future__ import annotations

import json
import re

import pytest

from fate_desk import i18n
from fate_desk.cli import main as cli_main
from fate_desk.rules import get_ruleset
from fate_desk.rules.creation.checker import check as check_character
from fate_desk.store.bundle import read_bundle
from fate_desk.interop.exporting import TARGETS
from fate_desk.store.interchange import character_from_dict, character_to_json

from builders import legal_pc
from pseudo_text import in_language

SPOKEN = ["de", "ru", "zh_CN", "en_XA", "ar_XB"]


@pytest.fixture(scope="module")
def sample():
    from fate_desk.gui.opening import sample_bundle_path

    return read_bundle(sample_bundle_path())



@pytest.mark.parametrize("language", SPOKEN)
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_files_for_other_tools_are_the_same_in_every_language(sample, target, language):
    render = TARGETS[target].render
    for character in sample.characters:
        ruleset = get_ruleset(character.ruleset or sample.ruleset)
        english = render(character, ruleset, sample.options)
        spoken = in_language(language, lambda c=character, r=ruleset: render(c, r, sample.options))
        # Fresh ids and the moment of writing differ; everything else is byte for byte.
        strip = lambda raw: re.sub(rb'"(_id|id|lastUpdated)": ?("[^"]*"|\d+)', b'"id": ""', raw)  # noqa: E731
        assert strip(spoken) == strip(english), character.name


@pytest.mark.parametrize("language", SPOKEN)
def test_a_saved_character_is_the_same_file_in_every_language(sample, language):
    for character in sample.characters:
        assert in_language(language, lambda c=character: character_to_json(c)) == character_to_json(character)


@pytest.mark.parametrize("language", SPOKEN)
def test_the_checker_finds_the_same_problems_in_every_language(language):
    ruleset = get_ruleset("fate-condensed")
    broken = legal_pc(skills={"Fight": 4, "Shoot": 4, "Will": 2}, refresh=0)
    english = check_character(broken, ruleset)
    spoken = in_language(language, lambda: check_character(broken, ruleset))
    assert [p.code for p in spoken.problems] == [p.code for p in english.problems]
    assert english.problems
    if language.endswith(("XA", "XB")):
        # Every message the player reads came through the catalogue.
        assert all(p.message.lstrip("\u200f").startswith("⟦") for p in spoken.problems), \
            [p.message for p in spoken.problems]


@pytest.mark.parametrize("language", ["de", "en_XA"])
def test_check_json_keeps_its_stable_codes_in_every_language(tmp_path, capsys, monkeypatch, language):
    path = tmp_path / "broken.fate.json"
    path.write_text(character_to_json(legal_pc(skills={"Fight": 4, "Shoot": 4}, refresh=0)), encoding="utf-8")
    monkeypatch.delenv("FATE_DESK_LANGUAGE", raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    cli_main(["check", "--json", str(path)])
    english = json.loads(capsys.readouterr().out)
    monkeypatch.setenv("FATE_DESK_LANGUAGE", language)
    cli_main(["check", "--json", str(path)])
    spoken = json.loads(capsys.readouterr().out)
    i18n.set_language("en")

    def codes(data):
        return json.dumps(data, sort_keys=True, default=str).count('"code"'), sorted(
            re.findall(r'"code": "([a-z_.]+)"', json.dumps(data)))

    assert codes(spoken) == codes(english)


def test_a_sheet_made_in_one_language_opens_in_another_with_its_skill_names():
    character = in_language("de", lambda: legal_pc(skills={"Fight": 2, "Notice": 1}))
    saved = character_to_json(character)
    reopened = in_language("fr", lambda: character_from_dict(json.loads(saved)))
    assert reopened.skills == {"Fight": 2, "Notice": 1}  # the rule set's own names are the keys
