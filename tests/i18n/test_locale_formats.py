"""Dates are written the way each language writes them (issue 29, "Locale-aware everything")."""

from __future__ import annotations

import pytest

from fate_desk import i18n


@pytest.mark.parametrize(
    ("language", "day", "moment"),
    [
        ("en", "Nov 26, 2026", "Nov 26, 2026, 12:30:00"),
        ("de", "26.11.2026", "26.11.2026, 12:30:00"),
        ("zh_CN", "2026年11月26日", "2026年11月26日 12:30:00"),
        ("ko", "2026. 11. 26.", "2026. 11. 26."),
        ("ru", "26 нояб. 2026\u202fг.", "26 нояб. 2026\u202fг., 12:30:00"),  # a narrow no-break space
    ],
)
def test_a_date_from_a_file_reads_as_the_language_writes_it(language, day, moment):
    i18n.set_language(language)
    assert i18n.format_iso("2026-11-26") == day
    assert i18n.format_iso("2026-11-26T12:30:00", with_time=True).startswith(moment)


def test_text_that_is_not_a_date_comes_back_as_it_is():
    i18n.set_language("de")
    assert i18n.format_iso("the spring before the flood") == "the spring before the flood"
    assert i18n.format_iso("") == ""


def test_lists_are_joined_as_the_language_joins_them():
    from fate_desk.rules.creation.derive import join_words

    assert join_words(["Fight", "Shoot", "Will"]) == "Fight, Shoot and Will"
    i18n.set_language("de")
    assert join_words(["A", "B", "C"]) == "A, B und C"
    assert join_words(["A", "B"], "or") == "A oder B"
    i18n.set_language("zh_CN")
    assert join_words(["甲", "乙", "丙"]) == "甲、乙和丙"
