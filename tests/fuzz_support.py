"""Hypothesis strategies and checks shared by the fuzz tests of every importer: random JSON,
JSON shaped like the formats we read, random mutations of real files, and the rule that an
importer either refuses with one readable line or imports valid characters."""

from __future__ import annotations

import copy

from hypothesis import strategies as st

from fate_desk.model import Character
from fate_desk.store.interchange import FileFormatError, character_to_json

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
