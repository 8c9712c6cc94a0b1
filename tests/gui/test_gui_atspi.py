"""What a screen reader hears: Fate Desk run under Xvfb with a D-Bus session and the AT-SPI
registry, its windows read through libatspi as Orca reads them (tests/atspi/).

One app start for the whole walk: the main window with a PC sheet, the roll dialog, Take a
hit, the conflict panel, the zone map, the players' view and table mode's Requests dock with a
phone's roll in it, each opened in turn. Skipped with
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

# One app start and one desktop for the whole walk (half a minute): every test of it on one worker.
pytestmark = pytest.mark.xdist_group("atspi")

STAGES = ("main", "roll", "hit", "conflict", "zone_map", "players", "requests")
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
        self.pressed: dict[str, dict] = {}
        self.typed: dict[str, list[dict]] = {}  # keys typed from a stage, and what was heard after each

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

    def type(self, stage: str, keys: str) -> list[dict]:
        """Put the focus where `stage` says, then type `keys` (X key names) as a person does."""
        self.open(stage)
        return json.loads(self._ask(self.reader, f"keys {keys}"))

    def close(self) -> None:
        for process in (self.app, self.reader):
            try:
                process.stdin.write("quit\n")
                process.stdin.flush()
                process.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()


@pytest.fixture(scope="session")
def heard(tmp_path_factory):
    """Every stage's tree as the screen reader got it, plus what it heard after pressing things.
    Once a run (the desktop is gone when it returns; what it heard is data): scoped to the module,
    it was walked again, 37 s, whenever the worker came back to this module after another's tests."""
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
                        walk.titles["aside"] = "Set the roll aside?"  # it has an invoke on it
                        walk.pressed["aside"] = walk.press("aside", "Set it aside")
                        walk.pressed["open hit"] = walk.press("main", "Take a hit…")
                        walk.titles["hit"] = "Take a hit"
                    else:
                        walk.open(stage)
                    walk.trees[stage] = walk.read(stage)
                    if stage == "main":  # keys on the sheet, each change undone by the keys after it
                        walk.typed["pyramid"] = walk.type("pyramid", "Up Up Down Down")
                        walk.typed["list"] = walk.type("list", "F2 Up F2 Down")
                        walk.typed["fate"] = walk.type("fate", "Tab space Tab space")
                        walk.typed["alt+e"] = walk.type("sheet", "alt+e Escape Escape alt+e Escape Escape")
                    if stage == "roll":  # throw the dice, read what the dialog shows then
                        walk.pressed["roll"] = walk.press(stage, "Roll 4dF")
                        walk.trees["rolled"] = walk.read(stage)
                        walk.pressed["+2"] = walk.press(stage, "Invoke for +2")
                        walk.pressed["again"] = walk.press(stage, "Invoke to reroll")  # the same aspect
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


def said(step: dict) -> list[str]:
    """What a screen reader says after a key: the focus's name (and description) when the
    focus moved or its name changed, and any announcement."""
    out = [e["data"] for e in step["heard"] if e["type"] == "object:announcement"]
    focus = step["focus"] or {}
    return out + [focus.get("name", "")]


def test_each_step_of_a_skill_up_or_down_the_pyramid_is_heard_at_its_new_rating(heard):
    """Up and Down move the picked skill a rung: the cell with the focus, as the screen reader's
    cache holds it after the events, names the skill at its new rating every time."""
    steps = heard.typed["pyramid"]
    names = [step["focus"]["name"] for step in steps]
    skill, start = names[0].split(", ", 1)
    ladder = ["Average (+1)", "Fair (+2)", "Good (+3)", "Great (+4)", "Superb (+5)", "Fantastic (+6)", "Epic (+7)"]
    first = ladder.index(start)
    assert names == [f"{skill}, {ladder[first]}", f"{skill}, {ladder[first + 1]}", f"{skill}, {ladder[first]}",
                     f"{skill}, {ladder[first - 1]}"], names
    for step in steps:  # told by a focus event on the cell, not left to a stale cache
        assert any(e["type"] == "object:state-changed:focused" and e["name"] == step["focus"]["name"]
                   for e in step["heard"]), step


def test_a_rating_typed_into_the_skill_list_is_heard_with_its_new_value(heard):
    f2, up, f2_again, down = heard.typed["list"]
    assert f2["focus"]["role"] == "combo box" and f2["focus"]["name"] == "Good (+3)"  # Athletics' rating, editing
    assert up["focus"]["role"] == "table cell" and up["focus"]["name"] == "Athletics, Great (+4)", up["focus"]
    assert down["focus"]["name"] == "Athletics, Good (+3)", down["focus"]


def test_the_fate_point_minus_and_plus_are_reached_by_tab_and_say_the_new_count(heard):
    tab, minus, tab_again, plus = heard.typed["fate"]
    assert tab["focus"]["name"] == "Spend a fate point" and tab["focus"]["role"] == "push button"
    points = int(tab["focus"]["description"].removeprefix("Fate points: "))
    assert said(minus)[0] == f"Fate points: {points - 1}"
    assert minus["focus"]["description"] == f"Fate points: {points - 1}"
    assert tab_again["focus"]["name"] == "Gain a fate point"
    assert said(plus)[0] == f"Fate points: {points}"


def test_alt_e_opens_the_edit_menu_at_every_press(heard):
    first, _, _, second, _, _ = heard.typed["alt+e"]
    for step in (first, second):
        assert step["heard"][0]["role"] == "menu item" and step["heard"][0]["name"] == "Edit", step


def test_an_invoke_is_heard_with_the_new_effort_and_a_refused_one_with_why(heard):
    assert heard.pressed["+2"]["done"] and heard.pressed["again"]["done"]
    (plus_two,) = heard.pressed["+2"]["announced"]
    assert re.fullmatch(r"“.+” invoked for \+2\. Effort now \w+ \([+−]?\d+\) against Fair \(\+2\): "
                        r"(Fail|Tie|Succeed|Succeed with style), [+−]?\d+ shifts?\. "
                        r"Maren Voss has \d+ fate points? left\.", plus_two), plus_two
    (again,) = heard.pressed["again"]["announced"]
    assert again.startswith("Not invoked: ") and "already been invoked" in again, again


def test_a_phones_roll_in_the_requests_dock_is_heard_with_who_rolled_and_what_to_set(heard):
    """Table mode (issue 38): the GM hears a request as its card says it, the player's name first,
    and the opposition to set is a spin button named for whose roll it is."""
    nodes = heard.trees["requests"]
    cards = [n for n in nodes if n["name"].startswith("Maren Voss: rolled Notice to overcome")]
    assert cards, [n["name"] for n in nodes if "Maren" in n["name"]]
    against = [n for n in nodes if n["name"] == "Opposition for Maren Voss’s roll"]
    assert len(against) == 1 and against[0]["role"] == "spin button", against
    assert any(n["role"] == "push button" and n["name"] for n in nodes if n["path"].startswith(cards[0]["path"]))
