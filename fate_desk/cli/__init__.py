"""`fate-desk`: with no subcommand it opens the app; with one it runs on the command line.

Each subcommand lives in a module of this package with `NAME`, `HELP`, `add_arguments(parser)`
and `run(args) -> int`. Usage errors and unreadable files exit 2 with one readable line.
"""

from __future__ import annotations

import argparse
import atexit
import contextlib
import gc
import importlib
import os
import sys
from typing import NoReturn

from fate_desk import __version__, i18n
from fate_desk.i18n import _

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

# The app prints in a child process of its own executable started with this option (not listed in
# --help: a person has no use for it); fate_desk.printing.child.FLAG.
PRINT_JOB = "--print-job"


class UsageError(Exception):
    pass


def _parser_class():
    """An argparse parser whose errors are one line, never a usage dump and a traceback.

    Made when a command line needs parsing: the app's usual start does not (`_app_arguments`).
    argparse itself is imported at the top: every command parses with it, and the app's start
    loads it anyway (PySide6's signature support imports it)."""
    class Parser(argparse.ArgumentParser):
        def error(self, message: str):  # noqa: D401 - argparse API
            raise UsageError(_("{prog}: {message} (see {prog} --help)").format(prog=self.prog, message=message))

    return Parser


def _commands(only: str | None = None) -> dict[str, object]:
    """The subcommands' modules: all of them (for `fate-desk --help`), or just `only`, so running
    one command imports none of the others (nor what they build on)."""
    names = [only] if only else list(COMMANDS)
    return {name: importlib.import_module(f"{__name__}.{COMMANDS[name]}") for name in names}


def build_parser(commands: dict[str, object]):
    Parser = _parser_class()  # noqa: N806 (a class)
    parser = Parser(
        prog="fate-desk",
        description=_("Fate Desk: character sheets and campaign prep for Fate. "
                      "Run with no command to open the app."),
    )
    parser.add_argument("--version", action="version", version=_version_text(),
                        help=_("show program's version number and exit"))
    subs = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, mod in commands.items():
        sub = subs.add_parser(name, help=_(mod.HELP), description=_(mod.HELP))
        mod.add_arguments(sub)
    return parser


def _gui_parser():
    parser = _parser_class()(prog="fate-desk", description=_("Open Fate Desk."))
    parser.add_argument("file", nargs="?", help=_("a campaign or character file to open"))
    parser.add_argument(
        "--smoke", action="store_true", help=_("start, show a sheet, report the start-up time and exit")
    )
    parser.add_argument("--version", action="version", version=_version_text(),
                        help=_("show program's version number and exit"))
    return parser


def _app_arguments(argv: list[str]) -> tuple[str | None, bool] | None:
    """(FILE, smoke) for the app's usual command lines, read without a parser: none, `FILE`,
    `--smoke`, `--smoke FILE` or `FILE --smoke`. None for anything else (help, version, a
    mistake, a name that starts with a dash), which goes to `_gui_parser` as before."""
    smoke = argv.count("--smoke")
    rest = [arg for arg in argv if arg != "--smoke"]
    if smoke > 1 or len(rest) > 1 or (rest and rest[0].startswith("-")):
        return None
    return (rest[0] if rest else None), bool(smoke)


def _version_text() -> str:
    return _("Fate Desk {version}").format(version=__version__)


def _not_a_command(argv: list[str]) -> str | None:
    """A usage error for `fate-desk exprot`: a word that is neither a command nor a file."""
    if not argv or argv[0].startswith("-") or argv[0] in COMMANDS:
        return None
    word = argv[0]
    if os.path.lexists(word) or os.sep in word or "." in word:
        return None  # a file for the app to open (it says so itself if it cannot)
    # Deferred: difflib is only for a mistyped command; other commands never load it.
    import difflib  # only for a mistyped command

    close = difflib.get_close_matches(word, COMMANDS, n=1)
    if close:
        return _("fate-desk: {word} is not a command nor a file; did you mean {close}? "
                 "commands: {commands} (see fate-desk --help)").format(
            word=repr(word), close=repr(close[0]), commands=", ".join(COMMANDS))
    return _("fate-desk: {word} is not a command nor a file; commands: {commands} "
             "(see fate-desk --help)").format(word=repr(word), commands=", ".join(COMMANDS))


# Control characters (but line ends and tabs) from file names and file contents would move the
# cursor, clear the screen or retitle the terminal: they print as escapes such as \x1b.
_CONTROLS = {code: f"\\x{code:02x}" for code in [*range(0x20), 0x7F, *range(0x80, 0xA0)] if code not in (0x09, 0x0A)}


class _EscapedStream:
    """A text stream whose control characters print as visible escapes."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(text.translate(_CONTROLS))

    def __getattr__(self, name):
        return getattr(self._stream, name)


def _plain_streams() -> contextlib.ExitStack:
    """File names that are not UTF-8 (or a strict stdout) print escaped, never as a traceback;
    control characters print as escapes, never reach the terminal (for as long as the returned
    context is open: contextlib's redirection, so the streams are put back after)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError):
            pass
    streams = contextlib.ExitStack()
    if not isinstance(sys.stdout, _EscapedStream):
        streams.enter_context(contextlib.redirect_stdout(_EscapedStream(sys.stdout)))
    if not isinstance(sys.stderr, _EscapedStream):
        streams.enter_context(contextlib.redirect_stderr(_EscapedStream(sys.stderr)))
    return streams


def _run_command(command, args) -> int:
    """Run a subcommand; whatever slips past its own checks still ends as one line and exit 2."""
    name = f"fate-desk {args.command}"
    try:
        return int(command.run(args) or 0)
    except OSError as exc:
        # Deferred: the app's start never loads the output helpers; only this error message needs them.
        from .output import short_name

        if exc.filename:
            print(_("{command}: {file}: {reason}").format(
                command=name, file=short_name(exc.filename), reason=exc.strerror or exc), file=sys.stderr)
        else:
            print(_("{command}: {reason}").format(command=name, reason=exc.strerror or exc), file=sys.stderr)
    except RecursionError:
        print(_("{command}: the input is nested too deeply").format(command=name), file=sys.stderr)
    except MemoryError:
        print(_("{command}: the input is too large to handle").format(command=name), file=sys.stderr)
    return EXIT_UNREADABLE


def _speak_users_language() -> None:
    """The command line speaks the language of the user's locale (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG), or FATE_DESK_LANGUAGE when that is set."""
    forced = i18n.match_language(os.environ.get("FATE_DESK_LANGUAGE", "").strip())
    i18n.set_language(forced or i18n.from_environment())


def _is_command(argv: list[str]) -> bool:
    return bool(argv) and argv[0] in COMMANDS


def program() -> NoReturn:
    """`fate-desk` as a program: the installed command, `python -m fate_desk` and the bundle.

    A command's process is short and ends when the command is done, so it skips two things
    that only cost the user time (measured in benchmarks/bench_export_cli.py): Python's cycle
    collector (a command makes almost no cyclic garbage: a 1,400-page campaign export peaks
    within 2% of the same run with it on) and the interpreter's own tear-down, which frees
    every object and module one by one (about 30 ms after a sheet's export, an eighth of the
    whole run). Exit handlers still run and both streams are flushed. The app itself (no
    command) ends as usual, so Qt and its settings close in order.
    """
    argv = sys.argv[1:]
    command = _is_command(argv) or argv[:1] == [PRINT_JOB]
    if command:
        gc.disable()
    code = main(argv)
    if not command:
        raise SystemExit(code)
    atexit._run_exitfuncs()  # what the interpreter runs first at exit: finalizers, logging
    try:
        sys.stdout.flush()
    except OSError as exc:  # the reader went away (`fate-desk rulesets | head -0`): said as a write is
        print(_("{command}: {reason}").format(command=f"fate-desk {argv[0]}", reason=exc.strerror or exc),
              file=sys.stderr)
        code = EXIT_UNREADABLE
    except ValueError:  # closed by the command
        pass
    try:
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(code)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # The app has no use for pydantic plugins; looking for them costs start-up time.
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    _speak_users_language()
    with _plain_streams():
        if _is_command(argv) and i18n.catalogue_problem():
            # A damaged catalogue: the command goes on in English, and says why once (the app
            # says it in its window).
            print(_("fate-desk: {problem}").format(problem=i18n.catalogue_problem()), file=sys.stderr)
        return _main(argv)


def _main(argv: list[str]) -> int:
    if argv[:1] == [PRINT_JOB]:
        if len(argv) > 1:
            print(_("fate-desk: {option} takes nothing more on its command line").format(option=PRINT_JOB),
                  file=sys.stderr)
            return EXIT_UNREADABLE
        # Deferred: only the app's printing process runs it.
        from fate_desk.printing.child import main as print_job

        return print_job()
    try:
        if _is_command(argv) or argv[:1] in (["-h"], ["--help"]):
            # A command's usage and errors come from its own parser, which needs no other command.
            commands = _commands(argv[0] if argv[0] in COMMANDS else None)
            args = build_parser(commands).parse_args(argv)
            return _run_command(commands[args.command], args)
        problem = _not_a_command(argv)
        if problem:
            raise UsageError(problem)
        app_arguments = _app_arguments(argv)
        if app_arguments is None:
            gui_args = _gui_parser().parse_args(argv)
            app_arguments = gui_args.file, gui_args.smoke
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return EXIT_UNREADABLE
    except KeyboardInterrupt:
        return 130
    # Deferred: the command-line tools never load Qt; only opening the app does.
    from fate_desk.gui.app import run_app

    path, smoke = app_arguments
    return run_app(path, smoke=smoke)
