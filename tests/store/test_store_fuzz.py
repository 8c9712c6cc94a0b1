"""Fuzzing the JSON importers: random and mutated documents import, or are refused with one
readable line (a FileFormatError); nothing else ever escapes."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.store.bundle import campaign_from_dict
from fate_desk.interop.importing import import_characters, import_document
from fate_desk.store.interchange import character_from_dict, parse_json

from fuzz_support import all_paths, json_values, mutate, refused_or_imported, shaped

DATA = Path(__file__).parents[1] / "data"
SEEDS = {
    "interchange": json.loads((Path(__file__).parents[2] / "docs" / "examples" / "ruth.fate.json").read_text()),
    "bundle": json.loads((DATA / "sample.fate-campaign.json").read_text()),
    **{p.name: json.loads(p.read_text()) for p in sorted((DATA / "fari").glob("*.fari.json"))},
}

settings_ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(doc=json_values | shaped)
def test_random_documents_never_crash_any_importer(doc):
    refused_or_imported(lambda: import_document(doc, "fuzz.json"))
    refused_or_imported(lambda: import_document({"fariType": "character", "pages": doc}, "fuzz.json"))
    refused_or_imported(lambda: import_document({"fariType": "full", "characters": [doc]}, "fuzz.json"))
    refused_or_imported(lambda: import_document({"format": "fate-desk/character", "version": 1,
                                                 **(doc if isinstance(doc, dict) else {})}, "fuzz.json"))


@pytest.mark.parametrize("seed", sorted(SEEDS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_documents_import_or_are_refused(seed, data):
    doc = mutate(SEEDS[seed], data)
    refused_or_imported(lambda: import_document(doc, "mutated.json"))
    if seed == "interchange":
        refused_or_imported(lambda: type("R", (), {"characters": [character_from_dict(doc, "m.json")]})())
    if seed == "bundle":
        refused_or_imported(lambda: type("R", (), {"characters": campaign_from_dict(doc, "m.json").characters})())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300) | st.text(max_size=200).map(str.encode))
def test_random_bytes_in_a_file_are_refused_cleanly(tmp_path, raw):
    for name in ("x.fari.json", "x.fate.json", "x.fatedesk"):
        path = tmp_path / name
        path.write_bytes(raw)
        refused_or_imported(lambda: import_characters(path))


def test_the_seeds_themselves_import():
    for name, doc in SEEDS.items():
        assert import_document(doc, name).characters, name


# Lone surrogates (U+D800-U+DFFF) and mixed text: what JSON's \\ud800 escapes decode to.
surrogate_text = st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF) | st.characters(), min_size=1,
                         max_size=12)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.sampled_from(sorted(SEEDS)))
def test_lone_surrogates_anywhere_in_a_file_are_cleaned_or_refused_never_saved_broken(data, seed):
    doc = copy.deepcopy(SEEDS[seed])
    paths = [p for p in all_paths(doc) if p]
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        path = data.draw(st.sampled_from(paths), label="path")
        parent = doc
        try:
            for step in path[:-1]:
                parent = parent[step]
            parent[path[-1]] = data.draw(surrogate_text, label="text")
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change replaced a container on this path
    raw = json.dumps(doc).encode("ascii")  # surrogates travel as \\udXXX escapes, as in a real file
    refused_or_imported(lambda: import_document(parse_json(raw, "s.json"), "s.json"))
