"""`fate-desk check`: exit codes, the JSON report, and one readable line for bad files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from builders import legal_pc, stunts
from fate_desk.cli import main
from fate_desk.store.interchange import character_to_dict, write_character_file


@pytest.fixture
def ruth(tmp_path):
    path = tmp_path / "ruth.fate.json"
    write_character_file(path, legal_pc())
    return path


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_legal_character_exits_zero(capsys, ruth):
    code, out, _ = run(capsys, "check", str(ruth))
    assert code == 0
    assert "Ruth: no problems" in out


def test_rule_error_exits_one_and_explains(capsys, tmp_path):
    path = tmp_path / "greedy.fate.json"
    write_character_file(path, legal_pc(name="Greedy", stunts=stunts(6)))
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert "refresh.minimum" in out and "never drop below 1" in out


def test_warnings_alone_exit_zero(capsys, tmp_path):
    path = tmp_path / "draft.fate.json"
    write_character_file(path, legal_pc(aspects=[]))
    code, out, _ = run(capsys, "check", str(path))
    assert code == 0 and "aspects.missing" in out


def test_json_report_has_the_documented_shape(capsys, ruth, tmp_path):
    superb = tmp_path / "strong.fate.json"
    write_character_file(superb, legal_pc(name="Strong", skills={"Physique": 5}, stunts=stunts(4)))
    code, out, _ = run(capsys, "check", "--json", str(ruth), str(superb))
    report = json.loads(out)
    assert [r["name"] for r in report] == ["Ruth", "Strong"]
    first = report[0]
    assert set(first) == {"file", "name", "problems", "derived"}
    assert first["derived"] == {
        "stress": {"physical": [1, 1, 1, 1], "mental": [1, 1, 1, 1, 1, 1]},
        "consequences": [
            {"severity": "mild", "value": 2, "only": None},
            {"severity": "moderate", "value": 4, "only": None},
            {"severity": "severe", "value": 6, "only": None},
        ],
        "refresh": 3,
        "free_stunts_left": 0,
    }
    strong = report[1]
    assert {"severity": "mild", "value": 2, "only": "physical"} in strong["derived"]["consequences"]
    assert strong["derived"]["refresh"] == 2
    problem = next(p for p in strong["problems"] if p["code"] == "skills.cap")
    assert set(problem) == {"code", "severity", "path", "message"}
    assert code == 1


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"", "is empty"),
        (b"{not json", "is not valid JSON"),
        (b"[1, 2]", "expected a JSON object"),
        (json.dumps(character_to_dict(legal_pc()) | {"refresh": "lots"}).encode(), "refresh"),
        (json.dumps(character_to_dict(legal_pc()) | {"ruleset": "fate-2099"}).encode(), "unknown rule set 'fate-2099'"),
        (b"\xff\xfe\x00garbage", "not UTF-8"),
    ],
    ids=["empty", "not-json", "wrong-top", "wrong-type", "unknown-ruleset", "binary"],
)
def test_bad_files_exit_two_with_one_line_naming_the_file(capsys, tmp_path, content, expected):
    path = tmp_path / "bad.fate.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "check", str(path))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(str(path)) and expected in lines[0]


def test_missing_file_and_usage_errors_exit_two(capsys, tmp_path):
    code, _, err = run(capsys, "check", str(tmp_path / "nope.fate.json"))
    assert code == 2 and "no such file" in err
    code, _, err = run(capsys, "check")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_installed_entry_point_never_prints_a_traceback(tmp_path):
    path = tmp_path / "bad.fate.json"
    path.write_text('{"format": "fate-desk/character", "version": 1, "skills": {"Fight": []}}')
    proc = subprocess.run(
        [sys.executable, "-m", "fate_desk", "check", str(path)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "skills.Fight" in proc.stderr


def test_schema_command_prints_json(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0 and json.loads(out)["properties"]["format"]["const"] == "fate-desk/character"
