"""File ▸ Import frees a Fari library it parsed a piece at a time on its worker (collector.let_go):
freed at once, 1,000 sheets were one call of 10-14 ms that kept the interpreter's lock from the
window. What the import gives back must not lose anything to that emptying."""

from __future__ import annotations

from pathlib import Path

import pytest

from fate_desk.collector import let_go
from fate_desk.interop.importing import ImportCancelled, import_document, import_into_campaign
from fate_desk.store.interchange import parse_json, read_bytes

DATA = Path(__file__).parents[1] / "data"


def test_let_go_empties_what_it_is_given_and_leaves_whole_what_something_else_still_holds():
    kept_by_an_entry = {"flags": ["held", {"deep": [1, 2]}]}
    also_held = [kept_by_an_entry, "text"]
    graph = {"sheets": [{"name": "Wren", "aspects": ["High Concept"]}, also_held], "more": [[1], [2]],
             "kept": kept_by_an_entry}
    let_go(graph)
    assert graph == {}
    assert kept_by_an_entry == {"flags": ["held", {"deep": [1, 2]}]}
    assert also_held == [kept_by_an_entry, "text"]


def test_let_go_takes_a_list_and_leaves_plain_values_alone():
    entries = [{"a": 1}, "plain", 3, None, [4, [5]]]
    let_go(entries)
    assert entries == []
    let_go("not a container")  # nothing to empty: no error


@pytest.mark.parametrize("name", ["fari/library.fari.json", "fari/full-bundle.fari.json", "fari/v6-nell.fari.json",
                                  "foundry/fco-wren.json", "foundry/fatex-bram.json"])
def test_an_import_gives_back_the_same_entries_and_notes_as_a_read_of_the_file_kept_whole(name):
    path = DATA / name
    imported = import_into_campaign(path, "fate-core")
    data = parse_json(read_bytes(path), str(path), [])
    fallback = {"fallback": "fate-core"} if data.get("fariType") == "full" else {"ruleset": "fate-core"}
    whole = import_document(data, str(path), parsed=True, **fallback)

    def without_ids(value):  # ids made afresh on each read (an aspect's, and the hidden ones') differ
        if isinstance(value, dict):
            return {k: len(v) if k == "hidden" else without_ids(v) for k, v in value.items() if k != "id"}
        if isinstance(value, list):
            return [without_ids(v) for v in value]
        return value

    assert imported.source_format == whole.source_format and imported.warnings == whole.warnings
    assert without_ids([e.model_dump() for e in imported.entries()]) == without_ids([e.model_dump() for e in whole.entries()])
    assert [e.name for e in imported.entries()]
    assert data  # the read kept whole is still whole: only the import's own read was emptied


def test_a_cancelled_import_still_says_so(tmp_path):
    with pytest.raises(ImportCancelled):
        import_into_campaign(DATA / "fari" / "library.fari.json", "fate-core", progress=lambda done, total: False)
