"""A damaged catalogue for the chosen language (issue 45: 24 tracebacks and 3 hangs in 104 runs)
is found when it is read, never in the middle of whatever shows one of its translations: it is
refused with a line naming the file, and Fate Desk speaks English instead."""

from __future__ import annotations

import random
import re
import shutil
import time
from pathlib import Path

import pytest

from fate_desk import i18n
from fate_desk.i18n import CatalogueError, catalogue_sources, compiled_dir, load_catalogue

_FIELD = re.compile(r"\{([a-zA-Z_][a-zA-Z0-9_]*)[:!}]")


@pytest.fixture(scope="module")
def english_fields():
    """Each English message of the German catalogue with the placeholders a caller fills in."""
    from babel.messages.pofile import read_po

    with (catalogue_sources() / "de.po").open("rb") as handle:
        catalog = read_po(handle)
    out = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        names = {name for text in ids for name in _FIELD.findall(text)}
        if names and "{{" not in "".join(ids):
            out.append((message.context, ids, names))
    return out


@pytest.fixture
def folders(tmp_path):
    """A copy of the German catalogue, source and compiled, to damage."""
    sources, compiled = tmp_path / "locale", tmp_path / "_locale"
    sources.mkdir()
    compiled.mkdir()
    shutil.copy(catalogue_sources() / "de.po", sources / "de.po")
    for name in ("de.mo", "de.sha1"):
        shutil.copy(compiled_dir() / name, compiled / name)
    return sources, compiled


def _every_translation_formats(translations, english_fields) -> None:
    for context, ids, names in english_fields:
        values = dict.fromkeys(names, 7)
        if len(ids) == 2:
            texts = [translations.npgettext(context, ids[0], ids[1], n) if context else translations.ngettext(ids[0], ids[1], n)
                     for n in (1, 2, 5)]
        else:
            texts = [translations.pgettext(context, ids[0]) if context else translations.gettext(ids[0])]
        for text in texts:
            assert len(text.format(**values)) < 10_000


def test_the_shipped_catalogues_are_whole():
    for code in i18n.LANGUAGES:
        if code != "en":
            load_catalogue(code)  # raises if damaged


def test_an_intact_copy_loads_and_every_translation_formats(folders, english_fields):
    _every_translation_formats(load_catalogue("de", *folders), english_fields)


@pytest.mark.parametrize("damage,said", [
    (lambda data: data[: len(data) // 2], "it is cut short"),
    (lambda data: b"\x00\x00\x00\x00" + data[4:], "it is not a compiled catalogue"),
    (lambda data: data.replace(b"{id} (eigenes): {name}", b"{id} (eigenes): {nome}", 1), "does not keep its placeholders"),
    (lambda data: data.replace(b"{count}", b"{count:>999999999}", 1), "does not keep its placeholders"),
    (lambda data: data.replace(b"{name}", b"{name", 3), "does not keep its placeholders"),
    # In a word, not the first ä's two bytes anywhere: they can be part of an offset in the tables.
    (lambda data: data.replace("später".encode(), b"sp\xff\xfeter", 1), "is not UTF-8 text"),
    (lambda data: data.replace(b"plural=(n != 1);", b"plural=(n % 0) ;", 1), "modulo by zero"),
])
def test_a_damaged_compiled_catalogue_is_refused_naming_the_file(folders, damage, said):
    sources, compiled = folders
    mo = compiled / "de.mo"
    whole = mo.read_bytes()
    assert damage(whole) != whole
    mo.write_bytes(damage(whole))
    with pytest.raises(CatalogueError) as caught:
        load_catalogue("de", sources, compiled)
    assert str(caught.value).startswith(f"{mo}: is damaged (") and said in str(caught.value)


def test_random_damage_is_refused_or_harmless(folders, english_fields):
    """Bytes changed anywhere, as a bad disk or a bad copy does: the catalogue is refused, or
    every translation it gives still fills in its English placeholders (quickly)."""
    sources, compiled = folders
    mo = compiled / "de.mo"
    whole = mo.read_bytes()
    rng = random.Random(45)
    refused = 0
    for _run in range(12):
        data = bytearray(whole)
        for _flip in range(rng.randint(1, 40)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        mo.write_bytes(bytes(data))
        try:
            translations = load_catalogue("de", sources, compiled)
        except CatalogueError as exc:
            assert str(exc).startswith(str(mo)) and "\n" not in str(exc)
            refused += 1
            continue
        began = time.monotonic()
        _every_translation_formats(translations, english_fields)
        assert time.monotonic() - began < 30  # a hang, not a timing: formatting all takes milliseconds
    assert refused


def test_a_damaged_source_is_refused_when_the_compiled_one_is_stale(folders):
    sources, compiled = folders
    po = sources / "de.po"
    text = po.read_text(encoding="utf-8")
    po.write_text(text.replace('msgstr "{name}', 'msgstr "{nam', 1), encoding="utf-8")  # the stamp no longer matches
    with pytest.raises(CatalogueError) as caught:
        load_catalogue("de", sources, compiled)
    assert str(caught.value).startswith(f"{po}: is damaged (the translation of ")


def test_a_source_that_cannot_be_read_is_refused(folders):
    sources, compiled = folders
    (compiled / "de.mo").unlink()
    (sources / "de.po").write_bytes(b'msgid "x"\nmsgstr "' + b"\xff" * 10 + b'"\n')
    with pytest.raises(CatalogueError) as caught:
        load_catalogue("de", sources, compiled)
    assert str(caught.value).startswith(str(sources / "de.po"))


def test_an_intact_catalogue_is_not_checked_again():
    # The stamp records the compiled bytes that were checked when they were made.
    stamp = (compiled_dir() / "de.sha1").read_text().split()
    import hashlib

    assert len(stamp) == 2 and stamp[1] == hashlib.sha1((compiled_dir() / "de.mo").read_bytes()).hexdigest()


def test_speaking_a_language_whose_catalogue_is_damaged_falls_back_to_english(folders):
    """`set_language` takes the catalogue from the installation; here that is a damaged copy."""
    sources, compiled = folders
    (compiled / "de.mo").write_bytes((compiled / "de.mo").read_bytes()[:1000])
    assert i18n.set_language("de", folders=(sources, compiled)) == "en"
    assert i18n.language() == "en" and i18n._("Fate Desk") == "Fate Desk"
    said = i18n.catalogue_problem()
    assert said.startswith("The Deutsch translation was set aside and Fate Desk speaks English: ")
    assert str(compiled / "de.mo") in said and "\n" not in said
    i18n.set_language("en")
    assert i18n.catalogue_problem() is None
