"""Helpers for the pseudo-locale tests: a marked string shows accented and bracketed (⟦…⟧);
whatever is left outside the brackets came from data (names the user typed) or was not marked."""

from __future__ import annotations

import re

import pytest

from fate_desk import i18n

_BRACKETED = re.compile(r"\u200f?⟦[^⟦⟧]*⟧\u200f?")
_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def pseudo():
    """The accented pseudo-locale for the test; English again afterwards."""
    i18n.set_language("en_XA")
    try:
        yield i18n.pseudo
    finally:
        i18n.set_language("en")


def unbracketed(text: str) -> str:
    """`text` with every bracketed (translated) piece taken out, innermost first."""
    while True:
        shorter = _BRACKETED.sub(" ", text)
        if shorter == text:
            return text
        text = shorter


def english_left(text: str, allowed: set[str] = frozenset()) -> list[str]:
    """Plain English words outside every translated piece, less the data words in `allowed`."""
    return [w for w in _WORD.findall(unbracketed(text)) if w not in allowed]


def assert_translated(text: str, allowed: set[str] = frozenset()) -> None:
    assert "⟦" in text, f"not translated: {text!r}"
    left = english_left(text, allowed)
    assert not left, f"English left in {text!r}: {left}"


def in_language(language: str, make):
    """What `make()` returns with the interface in `language`; English again afterwards."""
    i18n.set_language(language)
    try:
        return make()
    finally:
        i18n.set_language("en")
