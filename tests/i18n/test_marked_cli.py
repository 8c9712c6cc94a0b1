"""The command line speaks the user's language (issue 29): its messages and --help are marked,
it takes the language from FATE_DESK_LANGUAGE or the locale, and `--json` stays English."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fate_desk import i18n
from fate_desk.cli import main

ROOT = Path(__file__).resolve().parents[2]
RUTH = ROOT / "docs" / "examples" / "ruth.fate.json"
# A plain English word run: three or more letters, unaccented, outside the pseudo brackets.
ENGLISH_WORD = re.compile(r"\b[a-z]{4,}\b")


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setenv("FATE_DESK_LANGUAGE", "en_XA")
    yield
    i18n.set_language("en")


def _outside_brackets(text: str) -> str:
    """What a line says outside the pseudo-translated parts (file names, ids, option names)."""
    return re.sub(r"⟦[^⟧]*⟧", "", text)


def test_messages_are_in_the_users_language(pseudo, tmp_path, capsys):
    assert main(["check"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("⟦") and "\n" not in err
    assert "name a file to check" not in err

    out = tmp_path / "ruth.pdf"
    assert main(["export", str(RUTH), "--out", str(out)]) == 0
    said = capsys.readouterr().out.strip()
    assert said.startswith(f"⟦{out}") or "⟦" in said
    assert "page" not in _outside_brackets(said)

    # A usage error is still one line and exit 2, in the user's language.
    assert main(["export", "--blank", "--reference", "--out", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "⟦" in err
    assert not ENGLISH_WORD.search(_outside_brackets(err).replace("fate-desk", ""))


def test_a_mistyped_command_is_told_in_the_users_language(pseudo, capsys):
    assert main(["exprot"]) == 2
    err = capsys.readouterr().err
    assert "⟦" in err and "'export'" in err  # the command's own name stays as typed


def test_help_texts_are_translated_and_options_keep_their_names(pseudo, capsys):
    with pytest.raises(SystemExit) as done:
        main(["export", "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "--large-print" in text and "--with-state" in text  # options are never translated
    assert "⟦" in text
    assert "large print for low vision" not in text
    assert "print fate points, marked stress" not in text

    with pytest.raises(SystemExit):
        main(["--help"])
    top = capsys.readouterr().out
    for english in ("check character files against the rules", "list the rule sets and game packs",
                    "character sheets and campaign prep for Fate"):
        assert english not in top
    assert top.count("⟦") >= 5  # the description and every command's help


def test_check_tells_problems_in_the_users_language_but_json_is_english(pseudo, tmp_path, capsys):
    bad = tmp_path / "bad.fate.json"
    bad.write_text(json.dumps({"format": "fate-desk/character", "version": 1, "name": "Bram",
                               "skills": {"Fight": 4, "Shoot": 4}}), encoding="utf-8")
    code = main(["check", str(bad)])
    text = capsys.readouterr().out
    assert code == 1
    assert "Bram" in text  # the character's own name is printed as it is
    assert "refresh" not in _outside_brackets(text) and "consequence slots" not in text
    assert "⟦" in text

    main(["check", "--json", str(bad)])
    pseudo_json = capsys.readouterr().out
    i18n.set_language("en")
    os.environ["FATE_DESK_LANGUAGE"] = "en"
    main(["check", "--json", str(bad)])
    english_json = capsys.readouterr().out
    assert json.loads(pseudo_json)[0]["problems"]  # there are problems to compare
    # The codes, fields and severities a script reads are the same in every language.
    strip = [{k: v for k, v in p.items() if k != "message"} for p in json.loads(pseudo_json)[0]["problems"]]
    assert strip == [{k: v for k, v in p.items() if k != "message"} for p in json.loads(english_json)[0]["problems"]]
    assert json.loads(pseudo_json)[0]["derived"] == json.loads(english_json)[0]["derived"]


def test_an_unknown_language_falls_back_to_english(monkeypatch, capsys):
    monkeypatch.setenv("FATE_DESK_LANGUAGE", "tlh")
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["check"]) == 2
    assert capsys.readouterr().err.strip() == "fate-desk check: name a file to check, or pass --packs"
    assert i18n.language() == "en"


def _run(args: list[str], **env) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "FATE_DESK_LANGUAGE")}
    clean.update(env)
    clean["PYTHONPATH"] = str(ROOT) + os.pathsep + clean.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "fate_desk", *args], capture_output=True, text=True,
                          env=clean, timeout=120, cwd=ROOT)


def test_a_real_run_follows_lang_and_fate_desk_language(tmp_path):
    by_lang = _run(["check"], LANG="en_XA.UTF-8")
    assert by_lang.returncode == 2
    assert by_lang.stderr.startswith("⟦") and "Traceback" not in by_lang.stderr

    forced = _run(["schema", "--help"], LANG="C.UTF-8", FATE_DESK_LANGUAGE="en_XA")
    assert forced.returncode == 0
    assert "⟦" in forced.stdout and "write the schema to FILE instead" not in forced.stdout

    english = _run(["check"], LANG="C.UTF-8")
    assert english.stderr.strip() == "fate-desk check: name a file to check, or pass --packs"

    # --json is the same bytes whatever the language.
    jsons = [_run(["check", "--json", str(RUTH)], LANG=lang).stdout for lang in ("C.UTF-8", "en_XA.UTF-8")]
    assert jsons[0] == jsons[1] and json.loads(jsons[0])[0]["name"] == "Ruth"
