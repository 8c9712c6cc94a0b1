"""`fate-desk schema`: print the JSON Schema of the character interchange file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fate_desk.store.atomic import write_text_atomic
from fate_desk.store.interchange import json_schema

from . import EXIT_OK, EXIT_UNREADABLE
from .output import OutputRefused, check_output

NAME = "schema"
HELP = "print the JSON Schema of the character interchange file (*.fate.json)"


def add_arguments(parser) -> None:
    parser.add_argument("--out", metavar="FILE", help="write the schema to FILE instead")
    parser.add_argument("--force", action="store_true", help="replace FILE even if it holds something else")


def run(args) -> int:
    text = json.dumps(json_schema(), indent=2) + "\n"
    if args.out is None:
        print(text, end="")
        return EXIT_OK
    try:
        out = check_output(Path(args.out), "schema", force=args.force)
        write_text_atomic(out, text)
    except OutputRefused as exc:
        print(f"fate-desk schema: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    except OSError as exc:
        print(f"fate-desk schema: {args.out}: could not be written ({exc.strerror or exc})", file=sys.stderr)
        return EXIT_UNREADABLE
    print(f"wrote {args.out}")
    return EXIT_OK
