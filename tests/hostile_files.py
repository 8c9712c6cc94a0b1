"""Hostile and careless files, made fresh in a folder: each is something a user or an attacker
could hand to a command or to the app, and each must be refused with one line, untouched."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

from fate_desk.model import Campaign, Character, FieldChange, HistoryEntry
from fate_desk.store.campaign_file import APPLICATION_ID, CampaignFile
from fate_desk.store.interchange import character_to_dict


def _character_text(**changes) -> str:
    body = character_to_dict(Character(id="ruth", name="Ruth"))
    body.update(changes)
    return json.dumps(body)


def _nested(depth: int):
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def _campaign(path: Path) -> Path:
    CampaignFile.create(path, Campaign(name="Crafted", characters=[
        Character(id=f"c{i}", name=f"Hero {i}") for i in range(12)])).close()
    return path


def _sql(path: Path, *statements: str) -> Path:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path


def _nested_cards(depth: int) -> dict:
    card: dict = {"title": "x"}
    for _ in range(depth):
        card = {"title": "x", "subCards": [card]}
    return card


def make_json_files(folder: Path) -> dict[str, Path]:
    """Character files whose content is hostile (regular files: their bytes must stay the same)."""
    history = HistoryEntry(kind="harm", changes=[FieldChange(field="notes", before="a", after="b")])
    deep_history = character_to_dict(Character(name="Deep", advancement=[history]))
    deep_history["advancement"][0]["changes"][0]["after"] = _nested(300)
    nan_history = json.dumps(character_to_dict(Character(name="NaN", advancement=[history]))).replace(
        '"after": "b"', '"after": NaN')
    texts = {
        "deep-history.fate.json": json.dumps(deep_history),
        "deep-arrays.fate.json": "[" * 100_000 + "]" * 100_000,
        "huge-integer.fate.json": _character_text().replace('"refresh": 3', '"refresh": ' + "9" * 5000),
        "long-integer.fate.json": _character_text().replace('"refresh": 3', '"refresh": ' + "9" * 40),
        "nan-history.fate.json": nan_history,
        "infinity.fate.json": _character_text().replace('"refresh": 3', '"refresh": 1e999'),
        "duplicate-keys.fate.json": _character_text().replace('"name": "Ruth"', '"name": "Ruth", "name": "Nell"'),
        "many-boxes.fate.json": _character_text(kind="minor_npc", stress_boxes={"physical": [1] * 200_000}),
        "far-box.fate.json": _character_text(stress={"physical": [10**9]}),
        "empty.fate.json": "",
        "not-json.fate.json": "{not json",
        "a-list.fate.json": "[1, 2, 3]",
        # Fari libraries (issue 26): a scene's cards nested past the parser's depth, a card that is
        # no object, a scene list that is a number.
        "deep-cards.fari.json": json.dumps({"fariType": "full", "characters": [], "scenes": [
            {"indexCards": [_nested_cards(300)]}]}),
        "card-not-object.fari.json": json.dumps({"fariType": "full", "characters": [], "scenes": [
            {"indexCards": {"public": [7]}}]}),
        "scenes-a-number.fari.json": json.dumps({"fariType": "full", "characters": [], "scenes": 10**30}),
    }
    files = {}
    for name, text in texts.items():
        path = folder / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        files[name] = path
    binary = folder / "binary.fate.json"
    binary.write_bytes(bytes(range(256)) * 4)
    files["binary.fate.json"] = binary
    big = folder / "too-big.fate.json"
    with open(big, "wb") as handle:  # sparse: 65 MB on paper, nothing on disk
        handle.truncate(65 * 1024 * 1024)
    files["too-big.fate.json"] = big
    return files


def make_campaign_files(folder: Path) -> dict[str, Path]:
    """Crafted campaign files (SQLite): each must be refused before anything is written."""
    files = {}
    trigger = _campaign(folder / "trigger.fatedesk")
    files["trigger.fatedesk"] = _sql(
        trigger, "CREATE TRIGGER wipe AFTER UPDATE ON entities BEGIN DELETE FROM entities WHERE id <> new.id; END")
    view = _campaign(folder / "view.fatedesk")
    files["view.fatedesk"] = _sql(view, "CREATE VIEW everyone AS SELECT * FROM entities")
    dupes = _campaign(folder / "duplicate-ids.fatedesk")
    files["duplicate-ids.fatedesk"] = _sql(
        dupes,
        "CREATE TABLE e2 (id TEXT, kind TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0, data TEXT NOT NULL)",
        "INSERT INTO e2 SELECT * FROM entities", "INSERT INTO e2 SELECT * FROM entities WHERE id = 'c1'",
        "DROP TABLE entities", "ALTER TABLE e2 RENAME TO entities",
    )
    mismatch = _campaign(folder / "id-mismatch.fatedesk")
    files["id-mismatch.fatedesk"] = _sql(mismatch, "UPDATE entities SET id = 'other' WHERE id = 'c3'")
    surrogate = _campaign(folder / "surrogate-meta.fatedesk")
    files["surrogate-meta.fatedesk"] = _sql(
        surrogate, "UPDATE meta SET value = '{\"name\": \"Bad \\ud800\"}' WHERE key = 'campaign'")
    old = folder / "layout0-bad.fatedesk"
    conn = sqlite3.connect(old)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("CREATE TABLE campaign (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL)")
    conn.execute("INSERT INTO campaign (id, data) VALUES (1, ?)",
                 (json.dumps({"name": "Old", "characters": [{"id": "x", "refresh": -5}]}),))
    conn.commit()
    conn.close()
    files["layout0-bad.fatedesk"] = old
    return files


def make_special_files(folder: Path) -> dict[str, Path]:
    """Things that are not regular files at all (their 'bytes' cannot be compared)."""
    files = {}
    for name in ("fifo.fate.json", "fifo.fatedesk"):
        os.mkfifo(folder / name)
        files[name] = folder / name
    for name in ("zero.fate.json", "zero.fatedesk"):
        os.symlink("/dev/zero", folder / name)
        files[name] = folder / name
    os.mkdir(folder / "folder.fate.json")
    files["folder.fate.json"] = folder / "folder.fate.json"
    return files


def make_surrogate_files(folder: Path) -> dict[str, Path]:
    """Character files with lone surrogates (JSON escapes no file can store): cleaned, not refused."""
    texts = {
        "lone-surrogate.fate.json": _character_text(name="Ruth \ud800"),
        "surrogate-key.fate.json": _character_text(skills={"Fight\udc00": 2}),
    }
    files = {}
    for name, text in texts.items():
        files[name] = folder / name
        files[name].write_text(text, encoding="utf-8")  # json.dumps wrote them as \\udXXX escapes
    return files


def _foundry(name: str) -> dict:
    return json.loads((Path(__file__).parent / "data" / "foundry" / name).read_text(encoding="utf-8"))


def make_foundry_files(folder: Path) -> dict[str, Path]:
    """Foundry actors (FCO and FateX) with hostile parts: each is refused with one line or comes
    in clean, and stays byte-identical either way."""
    fco, fatex = _foundry("fco-wren.json"), _foundry("fatex-bram.json")
    texts: dict[str, str] = {}

    deep = json.loads(json.dumps(fco))
    deep["system"]["details"]["notes"] = {"value": _nested(300)}
    texts["fco-deep-system.json"] = json.dumps(deep)
    deeper = json.loads(json.dumps(fco))
    deeper["system"]["tracks"] = "@"
    texts["fco-deeper-system.json"] = json.dumps(deeper).replace('"@"', "{\"a\": " * 5000 + "1" + "}" * 5000)

    boxes = json.loads(json.dumps(fco))
    track = next(iter(boxes["system"]["tracks"].values()))
    track["boxes"] = "@"
    texts["fco-huge-box-count.json"] = json.dumps(boxes).replace('"@"', "9" * 5000)
    fatex_boxes = json.loads(json.dumps(fatex))
    next(i for i in fatex_boxes["items"] if i["type"] == "stress")["system"]["size"] = "@"
    texts["fatex-huge-box-count.json"] = json.dumps(fatex_boxes).replace('"@"', "9" * 5000)

    wide = json.loads(json.dumps(fatex))
    stress = next(i for i in wide["items"] if i["type"] == "stress")
    stress["system"].update(value=2**63 + 5, size=10**15)  # within the digit cap, absurd all the same
    texts["fatex-wide-bit-mask.json"] = json.dumps(wide)
    many = json.loads(json.dumps(fco))
    for track in many["system"]["tracks"].values():
        track["boxes"] = 10**15
    texts["fco-absurd-box-count.json"] = json.dumps(many)

    mask = json.loads(json.dumps(fatex))
    next(i for i in mask["items"] if i["type"] == "stress")["system"]["value"] = 10**30
    texts["fatex-huge-bit-mask.json"] = json.dumps(mask)

    fco_names = json.loads(json.dumps(fco))
    for group in ("aspects", "skills", "stunts", "tracks"):
        for entry in fco_names["system"][group].values():
            entry["name"] = entry["name"] + " \ud800"
    fco_names["items"] = [{"name": "Sword \udfff", "type": "Extra", "system": {"description": {"value": "x"}}}]
    texts["fco-lone-surrogates.json"] = json.dumps(fco_names)
    fatex_names = json.loads(json.dumps(fatex))
    for item in fatex_names["items"]:
        item["name"] = item["name"] + " \udc80"
    texts["fatex-lone-surrogates.json"] = json.dumps(fatex_names)

    deep_fatex = json.loads(json.dumps(fatex))
    deep_fatex["items"][0]["system"] = {"value": _nested(400), "description": _nested(400)}
    texts["fatex-deep-item.json"] = json.dumps(deep_fatex)

    files = {}
    for name, text in texts.items():
        files[name] = folder / name
        files[name].write_text(text, encoding="utf-8")  # surrogates are \\udXXX escapes here
    return files
