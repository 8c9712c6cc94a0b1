"""`fate-desk schema`: print the JSON Schema of the character interchange file."""

from __future__ import annotations

import json
from pathlib import Path

from fate_desk.store.atomic import write_text_atomic
from fate_desk.store.interchange import json_schema

NAME = "schema"
HELP = "print the JSON Schema of the character interchange file (*.fate.json)"


def add_arguments(parser) -> None:
    parser.add_argument("--out", metavar="FILE", help="write the schema to FILE instead")


def run(args) -> int:
    text = json.dumps(json_schema(), indent=2) + "\n"
    if args.out:
        write_text_atomic(Path(args.out), text)
    else:
        print(text, end="")
    return 0
