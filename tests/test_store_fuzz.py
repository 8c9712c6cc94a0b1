"""Fuzzing the JSON importers: random and mutated documents import, or are refused with one
readable line (a FileFormatError); nothing else ever escapes."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fate_desk.model import Character
from fate_desk.store.bundle import campaign_from_dict
from fate_desk.store.importing import import_characters, import_document
from fate_desk.store.interchange import FileFormatError, character_from_dict, character_to_json, parse_json

DATA = Path(__file__).parent / "data"
SEEDS = {
    "interchange": json.loads((Path(__file__).parents[1] / "docs" / "examples" / "ruth.fate.json").read_text()),
    "bundle": json.loads((DATA / "sample.fate-campaign.json").read_text()),
    **{p.name: json.loads(p.read_text()) for p in sorted((DATA / "fari").glob("*.fari.json"))},
}

scalars = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats() | st.text(max_size=20)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=25,
)
# Keys the importers look at, so random documents get past the first checks now and then.
keys = st.sampled_from([
    "format", "version", "fariType", "pages", "rows", "columns", "sections", "blocks", "type", "label",
    "value", "meta", "characters", "aspects", "skills", "stressTracks", "name", "id", "left", "right",
])
shaped = st.recursive(
    scalars | st.sampled_from(["fate-desk/character", "fate-desk/campaign", "character", "full", "Skill",
                               "SlotTracker", "PointCounter", "Text", 1, 2, 3, 4, 5, 6]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=30,
)


def refused_or_imported(call) -> None:
    try:
        result = call()
    except FileFormatError as exc:
        message = str(exc)
        assert message and "\n" not in message and "Traceback" not in message
        # "<file>: <field>: <what is wrong>", or "<file>: is ..." about the file as a whole.
        assert exc.problem.startswith(("is ", "no such")) or ": " in exc.problem, message
        return
    for character in result.characters:
        assert isinstance(character, Character)
        Character.model_validate(character.model_dump())  # what was imported is valid
        # ... and can be saved again, in a campaign file and as a character file
        character.model_dump_json().encode("utf-8")
        character_to_json(character).encode("utf-8")


settings_ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings_
@given(doc=json_values | shaped)
def test_random_documents_never_crash_any_importer(doc):
    refused_or_imported(lambda: import_document(doc, "fuzz.json"))
    refused_or_imported(lambda: import_document({"fariType": "character", "pages": doc}, "fuzz.json"))
    refused_or_imported(lambda: import_document({"fariType": "full", "characters": [doc]}, "fuzz.json"))
    refused_or_imported(lambda: import_document({"format": "fate-desk/character", "version": 1,
                                                 **(doc if isinstance(doc, dict) else {})}, "fuzz.json"))


def all_paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from all_paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from all_paths(value, prefix + (index,))


def mutate(doc, data):
    """Apply a few random changes: drop a field, swap in a random value, change a value's type."""
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        paths = [p for p in all_paths(doc) if p]
        if not paths:
            return data.draw(json_values)
        path = data.draw(st.sampled_from(paths), label="path")
        parent = doc
        for step in path[:-1]:
            parent = parent[step]
        key = path[-1]
        action = data.draw(st.sampled_from(["drop", "replace", "retype", "duplicate"]), label="action")
        if action == "drop":
            del parent[key]
        elif action == "replace":
            parent[key] = data.draw(json_values, label="value")
        elif action == "retype":
            old = parent[key]
            parent[key] = {str: lambda v: len(v), int: str, float: str, bool: str, list: lambda v: {"0": v},
                           dict: lambda v: list(v.values()), type(None): lambda v: ""}[type(old)](old)
        elif isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[key + "_copy" if isinstance(key, str) else key] = copy.deepcopy(parent[key])
    return doc


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
