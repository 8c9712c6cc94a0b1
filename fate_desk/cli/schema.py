"""`fate-desk schema`: print the JSON Schema of the character interchange file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fate_desk.i18n import N_, _
from fate_desk.store.atomic import write_text_atomic
from fate_desk.store.interchange import json_schema

from . import EXIT_OK, EXIT_UNREADABLE
from .output import OutputRefused, check_output

NAME = "schema"
HELP = N_("print the JSON Schema of the character interchange file (*.fate.json)")


def add_arguments(parser) -> None:
    parser.add_argument("--out", metavar="FILE", help=_("write the schema to FILE instead"))
    parser.add_argument("--force", action="store_true", help=_("replace FILE even if it holds something else"))


def run(args) -> int:
    text = json.dumps(json_schema(), indent=2) + "\n"
    if args.out is None:
        print(text, end="")
        return EXIT_OK
    try:
        out = check_output(Path(args.out), "schema", force=args.force)
        write_text_atomic(out, text)
    except OutputRefused as exc:
        print(_("fate-desk schema: {problem}").format(problem=exc), file=sys.stderr)
        return EXIT_UNREADABLE
    except OSError as exc:
        print(_("fate-desk schema: {file}: could not be written ({reason})").format(
            file=args.out, reason=exc.strerror or exc), file=sys.stderr)
        return EXIT_UNREADABLE
    print(_("wrote {file}").format(file=args.out))
    return EXIT_OK
