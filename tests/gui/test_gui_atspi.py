"""What a screen reader hears: Fate Desk run under Xvfb with a D-Bus session and the AT-SPI
registry, its windows read through libatspi as Orca reads them (tests/atspi/).

One app start for the whole walk: the main window with a PC sheet, the roll dialog, Take a
hit, the conflict panel, the zone map and the players' view, each opened in turn. Skipped with
one message where the desktop cannot start (tools/a11y-deps.sh installs what it needs).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

HERE = Path(__file__).parents[1]
sys.path.insert(0, str(HERE / "atspi"))
from session import SYSTEM_PYTHON, Unavailable, desktop, missing  # noqa: E402

SKIPPED = "AT-SPI walk skipped: {} (run tools/a11y-deps.sh as root to install the desktop)"
if (_reason := missing()) is not None:
    pytest.skip(SKIPPED.format(_reason), allow_module_level=True)  # one line, not one per test

STAGES = ("main", "roll", "hit", "conflict", "zone_map", "players")
# What each focusable thing may be; a focusable "filler" or "panel" is a control nobody can name.
FITTING = {"push button", "toggle button", "check box", "radio button", "combo box", "spin button", "text",
           "password text", "entry", "list", "list item", "table", "table cell", "tree", "tree table",
           "page tab", "page tab list", "slider", "menu item", "scroll bar", "row header", "column header",
           "tree item", "link", "document text", "document frame"}
LADDER = re.compile(r"^(Legendary|Epic|Fantastic|Superb|Great|Good|Fair|Average|Mediocre|Poor|Terrible|Abysmal"
                    r"|Catastrophic|Horrifying|[A-Za-z ]+) \([+−-]?\d+\)$")


class Walk:
    """The running app and the screen reader's side, driven stage by stage."""

    def __init__(self, env, data):
        env = dict(env, FATE_DESK_DATA_DIR=str(data / "user"), XDG_CONFIG_HOME=str(data / "config"))
        root = HERE.parent
        env["PYTHONPATH"] = os.pathsep.join([str(root), env.get("PYTHONPATH", "")])
        self.app = subprocess.Popen([sys.executable, str(HERE / "atspi" / "driver.py")], cwd=root, env=env, text=True,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.reader = subprocess.Popen([SYSTEM_PYTHON, str(HERE / "atspi" / "walker.py")], env=env, text=True,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        if self.app.stdout.readline().strip() != "started":
            raise Unavailable("the app did not start on the throwaway desktop")
        self.trees: dict[str, list[dict]] = {}
        self.titles: dict[str, str] = {}
        self.pressed: dict[str, str] = {}

    def _ask(self, process, line: str) -> str:
        process.stdin.write(line + "\n")
        process.stdin.flush()
        return process.stdout.readline().strip()

    def open(self, stage: str) -> str:
        answer = self._ask(self.app, stage)
        assert answer.startswith(f"ready {stage} "), answer
        self.titles[stage] = answer.split(" ", 2)[2]
        return self.titles[stage]

    def read(self, stage: str) -> list[dict]:
        nodes = json.loads(self._ask(self.reader, f"walk {self.titles[stage]}"))
        if nodes is None:
            raise Unavailable(f"the AT-SPI registry never listed the window {self.titles[stage]!r}")
        return nodes

    def press(self, stage: str, name: str) -> dict:
        return json.loads(self._ask(self.reader, f"press {self.titles[stage]}|{name}"))

    def close(self) -> None:
        for process in (self.app, self.reader):
            try:
                process.stdin.write("quit\n")
                process.stdin.flush()
                process.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()


@pytest.fixture(scope="module")
def heard(tmp_path_factory):
    """Every stage's tree as the screen reader got it, plus what it heard after pressing things."""
    try:
        with desktop() as env:
            walk = Walk(env, tmp_path_factory.mktemp("atspi"))
            try:
                for stage in STAGES:
                    if stage == "roll":  # the play bar's button, pressed by its AT-SPI action as Orca's Enter does
                        walk.pressed["open roll"] = walk.press("main", "Roll…")
                        walk.titles["roll"] = "Roll"
                    elif stage == "hit":
                        walk.pressed["cancel roll"] = walk.press("roll", "Cancel")
                        walk.pressed["open hit"] = walk.press("main", "Take a hit…")
                        walk.titles["hit"] = "Take a hit"
                    else:
                        walk.open(stage)
                    walk.trees[stage] = walk.read(stage)
                    if stage == "roll":  # throw the dice, read what the dialog shows then
                        walk.pressed["roll"] = walk.press(stage, "Roll 4dF")
                        walk.trees["rolled"] = walk.read(stage)
                    if stage == "hit":
                        walk.pressed["hit"] = walk.press(stage, "Take the hit")
            finally:
                walk.close()
    except Unavailable as reason:
        pytest.skip(SKIPPED.format(reason))
    return walk


def focusable(nodes):
    return [n for n in nodes if "focusable" in n["states"]]


@pytest.mark.parametrize("stage", STAGES)
def test_every_focusable_control_has_a_name_and_a_fitting_role(heard, stage):
    nodes = focusable(heard.trees[stage])
    assert nodes, stage
    nameless = [n for n in nodes if not n["name"].strip() and n["role"] != "table cell"]
    assert not nameless, [(n["path"], n["role"]) for n in nameless]
    unfit = [n for n in nodes if n["role"] not in FITTING]
    assert not unfit, [(n["path"], n["role"], n["name"]) for n in unfit]


@pytest.mark.parametrize("stage", ["main", "roll", "hit", "players"])
def test_controls_a_listener_cannot_tell_apart_are_none(heard, stage):
    controls = [n for n in heard.trees[stage] if n["role"] in {"push button", "check box", "spin button", "text",
                                                              "combo box", "toggle button"}]
    twice = {name: count for name, count in Counter(n["name"] for n in controls).items() if count > 1}
    assert not twice, twice


def test_stress_boxes_are_check_boxes_that_say_whether_they_are_marked(heard):
    boxes = [n for n in heard.trees["main"] if re.match(r"(Physical|Mental) stress, box \d of \d", n["name"])]
    assert len(boxes) == 8, [n["name"] for n in boxes]  # Maren: four physical, four mental
    for box in boxes:
        assert box["role"] == "check box" and "checkable" in box["states"]
        assert box["name"].endswith(", marked") == ("checked" in box["states"]), box


@pytest.mark.parametrize("stage", STAGES)
def test_every_check_box_reports_that_it_can_be_ticked_and_whether_it_is(heard, stage):
    boxes = [n for n in heard.trees[stage] if n["role"] in ("check box", "toggle button")]
    assert all("checkable" in n["states"] for n in boxes), [n["name"] for n in boxes if "checkable" not in n["states"]]


def test_the_pyramid_reads_as_a_table_of_ratings_and_skills(heard):
    table = next(n for n in heard.trees["main"] if n["name"] == "Skill pyramid")
    assert table["role"] == "table"
    cells = [n["name"] for n in heard.trees["main"] if n["path"].startswith(table["path"] + ".")]
    assert "Fight, Average (+1)" in cells or any(c.startswith("Fight, ") for c in cells)
    skills = [c for c in cells if LADDER.match(c.split(", ", 1)[-1])]
    assert len(skills) >= 10, cells  # every skill Maren has, each with its rating on the ladder


def test_ratings_read_as_the_ladder(heard):
    spins = [n for n in heard.trees["roll"] if n["role"] == "spin button" and n["name"] == "Difficulty"]
    assert spins and LADDER.match(spins[0].get("text", "")), spins
    skill = next(n for n in heard.trees["roll"] if n["role"] == "combo box" and " — " in n["name"]
                 and "character" not in n["name"])
    assert LADDER.match(skill["name"].split(" — ", 1)[1]), skill["name"]
    rows = [n["name"] for n in heard.trees["main"] if n["role"] == "table row"]
    assert rows and all(LADDER.match(r) for r in rows), rows


def test_a_roll_thrown_by_the_button_action_reads_dice_total_outcome_and_odds(heard):
    assert heard.pressed["open roll"]["done"]  # the dialog was opened by AT-SPI too, no mouse anywhere
    assert heard.pressed["roll"]["done"]
    announced = heard.pressed["roll"]["announced"]
    assert len(announced) == 1, announced  # said once, as thrown
    assert re.match(r"Dice [+−0 ]+, total [+−-]?\d+\. Effort .+ \([+−-]?\d+\) against .+: "
                    r"(Fail|Tie|Succeed|Succeed with style), [+−-]?\d+ shifts?\. Odds were \d+% to succeed", announced[0]), announced
    said = " | ".join(n["name"] + " " + n.get("text", "") for n in heard.trees["rolled"])
    assert re.search(r"Dice: [+−0 ]+", said), said
    assert re.search(r"Dice: [+−0 ]+, total [+−-]?\d", said), said
    assert re.search(r"Outcome: (Fail|Tie|Succeed|Succeed with style)", said), said
    assert "Odds" in said or "/81" in said


def test_take_a_hit_lists_its_absorb_options(heard):
    options = next(n for n in heard.trees["hit"] if n["role"] == "list" and n["name"] == "Ways to absorb the hit")
    items = [n for n in heard.trees["hit"] if n["path"].startswith(options["path"] + ".") and n["role"] == "list item"]
    assert items and all(i["name"].startswith("Mark ") or "consequence" in i["name"] for i in items)
    assert heard.pressed["cancel roll"]["done"] and heard.pressed["open hit"]["done"]
    assert heard.pressed["hit"]["done"]
    assert heard.pressed["hit"]["announced"] == ["Maren Voss took the hit: Mark one physical stress box."]


def test_the_zone_map_is_a_list_of_zones_with_who_is_there_and_the_ways_out(heard):
    zone_map = next(n for n in heard.trees["zone_map"] if n["name"] == "Zone map" and "focusable" in n["states"])
    assert zone_map["role"] == "list"
    zones = [n for n in heard.trees["zone_map"] if n["path"].startswith(zone_map["path"] + ".")]
    assert {z["role"] for z in zones} == {"list item"}
    walkway = next(z for z in zones if z["name"].startswith("Lock Gate Walkway"))
    assert walkway["name"].endswith(" here") and "Leads to " in walkway["description"]


def test_the_players_view_names_its_map_and_aspects(heard):
    nodes = heard.trees["players"]
    assert any(n["name"] == "Zone map" and n["role"] == "list" for n in nodes)
