"""Model text in the pseudo-locale: ladder words, kind and role labels, validation messages,
and the plain words for a file that cannot be read (issue 29)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from pseudo_text import assert_translated, pseudo  # noqa: F401 (fixture)

from fate_desk import i18n
from fate_desk.model import AspectRole, Character, CharacterKind, Severity, ladder_label, ladder_name
from fate_desk.model.errors import describe
from fate_desk.model.plain import plain_data_problem
from fate_desk.safefile import NotARegularFile, problem, read_regular


def test_the_ladder_shows_its_words_in_the_language_and_keeps_the_number(pseudo):
    label = ladder_label(4)
    assert_translated(label)
    assert pseudo("Great") in label and "(+4)" in label
    assert ladder_name(-2) == pseudo("Terrible")
    assert ladder_label(9) == "+9"  # off the ladder: a number needs no words


def test_the_ladder_is_not_frozen_in_the_language_it_was_first_used_in(pseudo):
    assert pseudo("Great") in ladder_label(4)
    i18n.set_language("en")
    assert ladder_label(4) == "Great (+4)"


def test_labels_of_kinds_roles_and_severities_are_translated(pseudo):
    for text in (CharacterKind.MAJOR_NPC.label, AspectRole.HIGH_CONCEPT.label, i18n._(Severity.MODERATE.label)):
        assert_translated(text)
    assert Severity.MODERATE.label == "Moderate"  # English: files for other tools use it
    assert CharacterKind.MAJOR_NPC.value == "major_npc"  # the stored value stays


def test_a_refused_sheet_says_why_in_the_language(pseudo):
    with pytest.raises(ValidationError) as info:
        Character(name="Ruth", skills={"Fight": 99})
    text = describe(info.value)
    assert pseudo("{name} is rated {rating}, off any ladder Fate uses").format(name="Fight", rating=99) in text


def test_data_that_cannot_be_saved_again_is_named_in_the_language(pseudo):
    text = plain_data_problem({"notes": float("nan")})
    assert_translated(text, {"notes", "nan"})


def test_a_file_that_is_a_folder_or_missing_is_named_in_the_language(pseudo, tmp_path):
    with pytest.raises(NotARegularFile) as info:
        read_regular(tmp_path)
    assert_translated(str(info.value))
    assert_translated(problem(FileNotFoundError()))
