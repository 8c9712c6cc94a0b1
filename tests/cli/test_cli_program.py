"""`fate-desk` as a program (the installed command, `python -m fate_desk`): a command's process
ends as soon as its work is done, without Python's tear-down (cli.program), and still says
everything, keeps its exit code, writes its whole file and runs exit handlers. Real processes,
compared with the same command run through main() in this process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pypdf
from builders import legal_pc

from fate_desk.cli import main
from fate_desk.model import Character
from fate_desk.store.interchange import write_character_file

ROOT = Path(__file__).resolve().parents[2]
# Buffered output as a user's shell has it, so output left unflushed at the end would be lost.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"} | {"PYTHONPATH": str(ROOT),
                                                                         "FATE_DESK_LANGUAGE": "en"}


def program(*argv: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "fate_desk", *argv], capture_output=True, text=True,
                          env=ENV, cwd=cwd, timeout=120)


def in_process(capsys, monkeypatch, *argv: str, cwd: Path) -> tuple[int, str, str]:
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("FATE_DESK_LANGUAGE", "en")
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_each_command_says_the_same_and_exits_the_same_as_run_in_process(tmp_path, capsys, monkeypatch):
    good, bad = tmp_path / "good.fate.json", tmp_path / "bad.fate.json"
    write_character_file(good, legal_pc())
    write_character_file(bad, Character(name="Too Many Stunts", ruleset="fate-condensed",
                                        stunts=[{"name": f"Stunt {n}", "text": "x"} for n in range(9)]))
    runs = [
        ("rulesets",),
        ("check", str(good)),
        ("check", str(bad)),  # problems: exit 1
        ("check", "--json", str(bad)),
        ("check", str(tmp_path / "missing.fate.json")),  # unreadable: exit 2
        ("exprot",),  # a usage error: exit 2
    ]
    codes = set()
    for argv in runs:
        proc = program(*argv, cwd=tmp_path)
        code, out, err = in_process(capsys, monkeypatch, *argv, cwd=tmp_path)
        assert (proc.returncode, proc.stdout, proc.stderr) == (code, out, err), argv
        codes.add(code)
    assert codes == {0, 1, 2}
    assert json.loads(program("check", "--json", str(bad), cwd=tmp_path).stdout)  # whole, not cut short


def test_an_export_writes_its_whole_pdf_before_the_process_ends(tmp_path):
    sheet = tmp_path / "ruth.fate.json"
    sheet.write_bytes((ROOT / "docs" / "examples" / "ruth.fate.json").read_bytes())
    proc = program("export", str(sheet), "--what", "sheets", "--out", "ruth.pdf", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "ruth.pdf: 1 page"
    reader = pypdf.PdfReader(tmp_path / "ruth.pdf")
    assert "Ruth" in reader.pages[0].extract_text()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_exit_handlers_still_run_when_a_command_ends(tmp_path):
    said = tmp_path / "said.txt"
    code = ("import atexit, sys\n"
            f"atexit.register(lambda: open({str(said)!r}, 'w').write('bye'))\n"
            "sys.argv = ['fate-desk', 'rulesets']\n"
            "from fate_desk.cli import program\n"
            "program()\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=120)
    assert proc.returncode == 0 and "fate-condensed" in proc.stdout
    assert said.read_text() == "bye"


def test_a_reader_that_stops_early_gets_one_line_never_a_traceback(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "fate_desk", "rulesets"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=ENV, cwd=tmp_path)
    proc.stdout.close()  # like `fate-desk rulesets | head -0`
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 2
    assert "Traceback" not in err and "Exception ignored" not in err
    assert err.strip().splitlines() == ["fate-desk rulesets: Broken pipe"]
