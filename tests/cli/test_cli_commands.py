"""`fate-desk COMMAND`: every command still runs through main() now that only the command given
is loaded, `fate-desk --help` still lists them all, and a sheet's export leaves the rest alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from builders import legal_pc

from fate_desk.cli import COMMANDS, main
from fate_desk.i18n import _
from fate_desk.store.interchange import write_character_file


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _help_of(name: str) -> str:
    import importlib

    return _(importlib.import_module(f"fate_desk.cli.{COMMANDS[name]}").HELP)


def test_help_lists_every_command_with_its_help_line(capsys):
    try:
        main(["--help"])
    except SystemExit as exc:
        assert exc.code == 0
    out = capsys.readouterr().out
    listed = " ".join(out.split())  # argparse wraps long help lines
    for name in ("check", "import", "export", "schema", "rulesets"):
        assert f"{name} {' '.join(_help_of(name).split())}" in listed, name


def test_a_commands_own_help_and_usage_errors_name_the_command(capsys):
    for name in COMMANDS:
        try:
            main([name, "--help"])
        except SystemExit as exc:
            assert exc.code == 0
        out = capsys.readouterr().out
        assert out.startswith(f"usage: fate-desk {name}"), out[:80]
    code, _out, err = run(capsys, "export", "ruth.fate.json")
    assert code == 2 and err == "fate-desk export: the following arguments are required: --out (see fate-desk export --help)\n"
    code, _out, err = run(capsys, "check", "--bogus")
    assert code == 2 and err == "fate-desk: unrecognized arguments: --bogus (see fate-desk --help)\n"


def test_a_misspelt_command_is_still_answered_with_the_one_meant(capsys):
    code, _out, err = run(capsys, "exprot", "ruth.fate.json")
    assert code == 2 and "did you mean 'export'?" in err and "check, import, export, schema, rulesets" in err


def test_every_command_runs_through_main(capsys, tmp_path):
    ruth = tmp_path / "ruth.fate.json"
    write_character_file(ruth, legal_pc())

    code, out, _err = run(capsys, "check", str(ruth))
    assert code == 0 and "Ruth: no problems" in out

    campaign = tmp_path / "table.fatedesk"
    code, out, err = run(capsys, "import", str(ruth), "--into", str(campaign))
    assert code == 0 and campaign.exists(), err

    code, out, _err = run(capsys, "schema")
    assert code == 0 and json.loads(out)["properties"]["format"]["const"] == "fate-desk/character"

    code, out, _err = run(capsys, "rulesets")
    assert code == 0 and "fate-core" in out

    code, out, err = run(capsys, "export", str(ruth), "--out", str(tmp_path / "ruth.pdf"))
    assert code == 0 and (tmp_path / "ruth.pdf").read_bytes().startswith(b"%PDF-"), err

    fari = tmp_path / "ruth.fari.json"
    code, out, err = run(capsys, "export", str(ruth), "--to", "fari", "--out", str(fari))
    assert code == 0 and json.loads(fari.read_text()), err


def test_export_offers_every_tool_the_store_can_write_for():
    from fate_desk.cli.export_for import KIND
    from fate_desk.interop.exporting import TARGETS

    assert set(KIND) == set(TARGETS)


def test_exporting_a_sheet_loads_no_other_command_nor_the_other_tools_writers(tmp_path):
    """What keeps `fate-desk export` quick (issue 28): the other commands, the Foundry and Fari
    writers, the campaign file's database, the card and printable renderers and reportlab's paragraph
    machinery stay unloaded, and so do the game packs (the rule set is a shipped one)."""
    ruth = tmp_path / "ruth.fate.json"
    write_character_file(ruth, legal_pc())
    script = ("import sys\nfrom fate_desk.cli import main\n"
              f"code = main(['export', {str(ruth)!r}, '--out', {str(tmp_path / 'ruth.pdf')!r}])\n"
              "print('loaded:', code, *sorted(sys.modules))\n")
    env = os.environ | {"FATE_DESK_DATA_DIR": str(tmp_path / "data")}  # a user without packs of their own
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False,
                          env=env)
    code, *loaded = proc.stdout.split("loaded:")[-1].split()
    assert code == "0", proc.stderr
    unwanted = {"fate_desk.cli.check", "fate_desk.cli.importing", "fate_desk.cli.schema", "fate_desk.cli.rulesets",
                "fate_desk.interop.exporting", "fate_desk.interop.fco.writing", "fate_desk.interop.fari.writing",
                "fate_desk.printing.cards", "fate_desk.printing.printables", "reportlab.platypus", "urllib.request",
                "fate_desk.store.campaign_file", "sqlite3", "fate_desk.rules.creation.packs"}
    assert not unwanted & set(loaded)


def test_the_apps_usual_command_lines_read_as_the_parser_reads_them(capsys):
    """`fate-desk`, `fate-desk FILE` and `--smoke` are read without argparse (it is a few ms of the
    app's start); they must mean what the parser says they mean, and all else goes to it."""
    from fate_desk.cli import UsageError, _app_arguments, _gui_parser

    usual = [[], ["camp.fatedesk"], ["--smoke"], ["--smoke", "camp.fatedesk"], ["camp.fatedesk", "--smoke"],
             [""], ["Ruth Okafor.fate.json"], ["dir/with space/x.fatedesk"]]
    for argv in usual:
        parsed = _gui_parser().parse_args(argv)
        assert _app_arguments(argv) == (parsed.file, parsed.smoke), argv
    for argv in (["-h"], ["--help"], ["--version"], ["--smo"], ["--smoke", "--smoke"], ["a", "b"], ["-"],
                 ["--", "-odd.fatedesk"], ["--smoke", "-x"], ["--unknown"]):
        assert _app_arguments(argv) is None, argv  # the parser's to answer (help, errors, odd names)
    capsys.readouterr()
    assert main(["a.fatedesk", "b.fatedesk"]) == 2  # one readable line from the parser, as before
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "b.fatedesk" in err and "Traceback" not in err
