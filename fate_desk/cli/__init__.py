"""`fate-desk`: with no subcommand it opens the app; with one it runs on the command line.

Each subcommand lives in a module of this package with `NAME`, `HELP`, `add_arguments(parser)`
and `run(args) -> int`. Usage errors and unreadable files exit 2 with one readable line.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from fate_desk import __version__

# Subcommand name -> module of this package, in the order `fate-desk --help` lists them.
# Modules are imported only when a subcommand runs, so opening the app pays for none of them.
COMMANDS = {
    "check": "check",
    "import": "importing",
    "export": "export",
    "schema": "schema",
    "rulesets": "rulesets",
}

EXIT_OK, EXIT_ERRORS, EXIT_UNREADABLE = 0, 1, 2


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """An argparse parser whose errors are one line, never a usage dump and a traceback."""

    def error(self, message: str):  # noqa: D401 - argparse API
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def _commands() -> dict[str, object]:
    return {name: importlib.import_module(f"{__name__}.{module}") for name, module in COMMANDS.items()}


def build_parser(commands: dict[str, object]) -> Parser:
    parser = Parser(
        prog="fate-desk",
        description="Fate Desk: character sheets and campaign prep for Fate. "
        "Run with no command to open the app.",
    )
    parser.add_argument("--version", action="version", version=f"Fate Desk {__version__}")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, mod in commands.items():
        sub = subs.add_parser(name, help=mod.HELP, description=mod.HELP)
        mod.add_arguments(sub)
    return parser


def _gui_parser() -> Parser:
    parser = Parser(prog="fate-desk", description="Open Fate Desk.")
    parser.add_argument("file", nargs="?", help="a campaign or character file to open")
    parser.add_argument(
        "--smoke", action="store_true", help="start, show a sheet, report the start-up time and exit"
    )
    parser.add_argument("--version", action="version", version=f"Fate Desk {__version__}")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # The app has no use for pydantic plugins; looking for them costs start-up time.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    try:
        if argv and argv[0] in COMMANDS or argv[:1] in (["-h"], ["--help"]):
            commands = _commands()
            args = build_parser(commands).parse_args(argv)
            return int(commands[args.command].run(args) or 0)
        gui_args = _gui_parser().parse_args(argv)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        return 130
    from fate_desk.gui.app import run_app

    return run_app(gui_args.file, smoke=gui_args.smoke)
