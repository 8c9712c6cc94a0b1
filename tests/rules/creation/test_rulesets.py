"""Rule sets are data: the shipped files load, broken files are named and skipped."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fate_desk.paths import packs_dir, rules_dir
from fate_desk.rules import RuleSetError, ShapeKind, get_ruleset, load_catalog
from fate_desk.rules.creation.loader import load_ruleset_file


def test_three_rule_sets_ship_with_condensed_first():
    catalog = load_catalog()
    assert catalog.ids()[0] == "fate-condensed"
    # The game packs (packs/) bring rule sets of their own; rules/ holds the three books.
    assert {rid for rid in catalog.ids() if catalog.pack_of(rid) is None} == {
        "fate-condensed", "fate-core", "fate-accelerated"}
    assert catalog.problems == []


def test_condensed_numbers_match_the_digest():
    rs = get_ruleset("fate-condensed")
    assert len(rs.skills) == 19 and "Physique" in rs.skills and "Will" in rs.skills
    assert rs.shape.kind == ShapeKind.PYRAMID and rs.shape.counts == {4: 1, 3: 2, 2: 3, 1: 4}
    assert (rs.peak, rs.refresh_start, rs.refresh_minimum, rs.free_stunts, rs.stunt_cost) == (4, 3, 1, 3, 1)
    assert [t.id for t in rs.stress.tracks] == ["physical", "mental"]
    assert rs.consequences.extra_mild_at == 5


def test_accelerated_uses_approaches():
    rs = get_ruleset("fate-accelerated")
    assert rs.skills == ["Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky"]
    assert rs.skill_word_plural == "approaches"
    assert [t.id for t in rs.stress.tracks] == ["stress"]


def test_unknown_rule_set_names_the_known_ones():
    with pytest.raises(RuleSetError, match="unknown rule set 'fate-xyz'.*fate-condensed"):
        load_catalog().get("fate-xyz")


def _user_copy(tmp_path: Path, text: str, name: str = "mine.toml") -> Path:
    user = tmp_path / "user-rules"
    user.mkdir(exist_ok=True)
    (user / name).write_text(text, encoding="utf-8")
    return user


def test_a_users_own_rule_set_is_offered_beside_the_shipped_ones(tmp_path):
    text = (rules_dir() / "fate-condensed.toml").read_text(encoding="utf-8")
    text = text.replace('id = "fate-condensed"', 'id = "pulp-diamond"').replace(
        'kind = "pyramid"\ncounts = { 4 = 1, 3 = 2, 2 = 3, 1 = 4 }',
        'kind = "diamond"\ncounts = { 4 = 1, 3 = 2, 2 = 3, 1 = 2 }',
    )
    catalog = load_catalog(user=_user_copy(tmp_path, text))
    assert "pulp-diamond" in catalog.ids()
    assert catalog.get("pulp-diamond").shape.kind == ShapeKind.DIAMOND
    assert catalog.is_user("pulp-diamond") and not catalog.is_user("fate-core")


@pytest.mark.parametrize(
    "text, expected",
    [
        ("id = [", "is not valid TOML"),
        ('id = "x"\nname = "X"', "is missing"),
        ("", "is missing"),
    ],
)
def test_a_broken_user_file_is_reported_and_skipped(tmp_path, text, expected):
    catalog = load_catalog(user=_user_copy(tmp_path, text, "broken.toml"))
    assert len(catalog.problems) == 1
    assert "broken.toml" in catalog.problems[0] and expected in catalog.problems[0]
    assert {rid for rid in catalog.ids() if catalog.pack_of(rid) is None} == {
        "fate-condensed", "fate-core", "fate-accelerated"}


def test_a_wrong_field_is_named(tmp_path):
    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8").replace("peak = 4", 'peak = "high"')
    path = _user_copy(tmp_path, text.replace('id = "fate-core"', 'id = "x"')) / "mine.toml"
    with pytest.raises(RuleSetError, match=r"mine.toml: peak"):
        load_ruleset_file(path)


def test_a_user_file_cannot_take_over_a_shipped_id(tmp_path):
    user = tmp_path / "u"
    user.mkdir()
    shutil.copy(rules_dir() / "fate-core.toml", user / "fate-core.toml")
    catalog = load_catalog(user=user)
    assert any("already taken" in p for p in catalog.problems)
    assert not catalog.is_user("fate-core")


def test_budget_shape_checks_points(tmp_path):
    from fate_desk.model import Character
    from fate_desk.rules import check

    text = (rules_dir() / "fate-condensed.toml").read_text(encoding="utf-8")
    text = text.replace('id = "fate-condensed"', 'id = "free-cap"').replace(
        'kind = "pyramid"\ncounts = { 4 = 1, 3 = 2, 2 = 3, 1 = 4 }', 'kind = "budget"\npoints = 20'
    )
    rs = load_catalog(user=_user_copy(tmp_path, text)).get("free-cap")
    over = check(Character(skills={"Fight": 4, "Shoot": 4, "Will": 4, "Notice": 4, "Lore": 4, "Drive": 1}), rs)
    assert [p.code for p in over.problems if p.severity.value == "error"] == ["skills.budget"]
    assert "21 points" in next(p.message for p in over.problems if p.code == "skills.budget")
    under = check(Character(skills={"Fight": 4}), rs)
    assert "skills.under" in [p.code for p in under.problems]


def test_user_rule_sets_reach_the_command_line(tmp_path):
    import os
    import subprocess
    import sys

    rules = tmp_path / "data" / "rules"
    rules.mkdir(parents=True)
    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8")
    (rules / "grim.toml").write_text(text.replace('id = "fate-core"', 'id = "grim"').replace('name = "Fate Core"', 'name = "Grim Fate"'))
    (rules / "oops.toml").write_text("name = 3\n")
    env = os.environ | {"FATE_DESK_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.run([sys.executable, "-m", "fate_desk", "rulesets"], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0
    assert "grim (yours): Grim Fate" in proc.stdout
    assert "Ignored your rule set oops.toml (in " in proc.stderr


def test_advancement_dials_are_read_from_the_rule_set_file(tmp_path):
    from fate_desk.rules.clock.timeline import milestone_choices
    from fate_desk.rules.creation.ruleset import MilestoneLevel

    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8").replace('id = "fate-core"', 'id = "open"')
    text = text.replace('session_end = "minor"', 'session_end = "choose"').replace("skill_cap = 4", "skill_cap = 6")
    catalog = load_catalog(user=_user_copy(tmp_path, text))
    dials = catalog.get("open").advancement
    assert dials.skill_cap == 6 and dials.session_end == MilestoneLevel.CHOOSE
    # The rule set leaves a session's end open: the GM picks any of its milestones.
    labels = [text for _, text in milestone_choices(catalog.get("open"), "session")]
    assert labels == ["Minor milestone (the GM's choice)", "Significant milestone (the GM's choice)",
                      "Major milestone (the GM's choice)"]
    assert [lv for lv, _ in milestone_choices(get_ruleset("fate-condensed"), "arc")] == [MilestoneLevel.BREAKTHROUGH]


def test_a_clock_dial_naming_an_undefined_milestone_is_refused(tmp_path):
    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8").replace('id = "fate-core"', 'id = "bad"')
    text = text.replace('arc_end = "major"', 'arc_end = "breakthrough"')
    catalog = load_catalog(user=_user_copy(tmp_path, text, "bad.toml"))
    assert "bad" not in catalog.ids()
    assert "bad.toml" in catalog.problems[0] and "breakthrough" in catalog.problems[0]


def test_each_shipped_rule_set_file_is_named_by_its_id():
    # get_ruleset reads a shipped rule set from "<id>.toml" alone until the catalog is needed.
    for path in sorted(rules_dir().glob("*.toml")):
        assert load_ruleset_file(path).id == path.stem


def test_a_rule_set_asked_for_first_is_the_one_the_catalog_then_gives(tmp_path):
    """In a fresh program: a shipped rule set read on its own is the very object the catalog
    holds afterwards; users' and packs' rule sets are still found; an id is never a path."""
    import os
    import subprocess
    import sys

    rules = tmp_path / "data" / "rules"
    rules.mkdir(parents=True)
    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8")
    (rules / "grim.toml").write_text(text.replace('id = "fate-core"', 'id = "grim"'), encoding="utf-8")
    (rules / "fate-core.toml").write_text(text.replace('name = "Fate Core"', 'name = "Not Fate Core"'), encoding="utf-8")
    script = """
from fate_desk.rules import RuleSetError, default_catalog, get_ruleset
first = get_ruleset("fate-core")
assert first.name == "Fate Core", first.name  # the user's file never replaces a shipped one
for bad in ("../rules/fate-core", "fate-core.toml", "/etc/passwd", ""):
    try:
        get_ruleset(bad)
    except RuleSetError as exc:
        assert "unknown rule set" in str(exc)
    else:
        raise AssertionError(bad)
assert default_catalog().get("fate-core") is first and get_ruleset("fate-core") is first
print(get_ruleset("grim").id, get_ruleset("atomic-robo").id)
"""
    env = os.environ | {"FATE_DESK_DATA_DIR": str(tmp_path / "data")}
    for code in (script, script.replace('get_ruleset("fate-core")\n', 'get_ruleset("grim") and get_ruleset("fate-core")\n', 1)):
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60,
                              check=False)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.split() == ["grim", "atomic-robo"]


def test_no_shipped_pack_takes_a_shipped_rule_sets_id():
    # pack_of answers None for a shipped rule set without reading the packs (unless the user has some).
    catalog = load_catalog()
    shipped = {path.stem for path in rules_dir().glob("*.toml")}
    assert shipped and not shipped & set(catalog.packs)


def test_a_users_pack_never_takes_a_shipped_rule_sets_id(tmp_path):
    """A pack is known by its id: a library pack of the user's placed by hand with the id
    `fate-condensed` is set aside with a line, and no Fate Condensed sheet, blank or not, gets
    its track, whether or not the catalog was read before (issue 45)."""
    import os
    import subprocess
    import sys

    folder = tmp_path / "data" / "packs" / "mine"
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(
        'format = "fate-desk/pack"\nversion = 1\nid = "fate-condensed"\nname = "My additions"\n'
        'licence = "Mine, all mine, to share as anyone likes."\n'
        '[[tracks]]\nid = "luck"\nname = "Luck"\nboxes = [1, 2]\n', encoding="utf-8")
    script = """
from fate_desk.rules import default_catalog, get_ruleset
from fate_desk.rules.creation.loader import pack_of
from fate_desk.printing.sheet import pack_tracks
before = pack_of("fate-condensed")
catalog = default_catalog()
print(before, pack_of("fate-condensed"), pack_tracks(get_ruleset("fate-condensed")), "mine" in str(catalog.packs))
print(catalog.problems[0])
"""
    env = os.environ | {"FATE_DESK_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    first, said = proc.stdout.splitlines()
    assert first.split() == ["None", "None", "[]", "False"]
    assert said.startswith("Ignored your pack mine (in ") and "'fate-condensed'" in said
    assert "comes with Fate Desk" in said


def test_fate_cores_three_remaining_aspects_are_its_phase_trio_not_a_relationship():
    """Fate Core SRD, "The Phase Trio": "The three remaining aspects on your character are made in
    phases, together called the phase trio"; a relationship aspect is Fate Condensed's."""
    from fate_desk.model import AspectRole, Character, Aspect
    from fate_desk.rules import check

    core = get_ruleset("fate-core")
    assert core.aspects == [AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.FREE, AspectRole.FREE,
                            AspectRole.FREE]
    assert [core.caption(slot).label for slot in (2, 3, 4)] == [
        "Phase one: your adventure", "Phase two: crossing paths", "Phase three: crossing paths again"]
    assert AspectRole.RELATIONSHIP in get_ruleset("fate-condensed").aspects
    pc = Character(ruleset="fate-core", aspects=[Aspect(role=AspectRole.HIGH_CONCEPT, text="Zird the Arcane"),
                                                  Aspect(role=AspectRole.TROUBLE, text="Rivals in the Collegia")])
    empty = [p for p in check(pc, core).problems if p.code == "aspects.missing"]
    assert [p.message.split(" is empty")[0] for p in empty] == [
        "The aspect “Phase one: your adventure”", "The aspect “Phase two: crossing paths”",
        "The aspect “Phase three: crossing paths again”"]
    # "It's much better to leave an aspect slot blank": a note, never a warning, and no relationship.
    assert all(p.severity.value == "info" and "Relationship" not in p.message for p in empty)
    # A sheet made under Condensed keeps its relationship aspect: it fills the first phase's place.
    moved = pc.model_copy(update={"aspects": [*pc.aspects, Aspect(role=AspectRole.RELATIONSHIP, text="Owes Finn")]})
    problems = check(moved, core).problems
    assert not [p for p in problems if p.code == "aspects.count"]
    assert [p.path for p in problems if p.code == "aspects.missing"] == ["aspects[3]", "aspects[4]"]


def test_a_users_pack_never_takes_a_shipped_packs_id(tmp_path):
    user = tmp_path / "packs"
    user.mkdir()
    text = (packs_dir() / "wealth-hack.fatepack.toml").read_text(encoding="utf-8").replace(
        'name = "Wealth (System Toolkit)"', 'name = "Not the real one"')
    (user / "copy.fatepack.toml").write_text(text, encoding="utf-8")
    catalog = load_catalog(user_packs=user)
    assert catalog.packs["wealth-hack"].name == "Wealth (System Toolkit)" and catalog.packs["wealth-hack"].shipped
    assert len(catalog.problems) == 1 and "comes with Fate Desk" in catalog.problems[0]
