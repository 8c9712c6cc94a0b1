"""`fate-desk export PATH --to foundry-fco|fari --out OUT`: characters for another tool."""

from __future__ import annotations

import sys
from pathlib import Path

from fate_desk.store.exporting import TARGETS, ExportRefused, export
from fate_desk.store.importing import import_characters
from fate_desk.store.interchange import FileFormatError

from . import EXIT_OK, EXIT_UNREADABLE

TO_HELP = ("write for another tool instead of a PDF: foundry-fco (a Foundry VTT actor for Fate Core "
           "Official, one file per character) or fari (a .fari.json character); a campaign goes to "
           "a folder, one file per character")
PDF_ONLY = ("what", "scene", "session", "blank", "reference", "ruleset", "paper")


def run_for(args) -> int:
    try:
        used = [f"--{name}" for name in PDF_ONLY if getattr(args, name, None)]
        if getattr(args, "options", None):
            used.append("--with")
        if used:
            raise ExportRefused(f"{', '.join(used)} go{'es' if len(used) == 1 else ''} with PDF export, not --to")
        if not args.path:
            raise ExportRefused("give the character or campaign file to export")
        source = Path(args.path)
        result = import_characters(source)
        campaign = result.campaign
        written = export(result.characters, Path(args.out), args.to,
                         options=campaign.options if campaign else None,
                         ruleset=campaign.ruleset if campaign else None, sources=(source,))
    except (FileFormatError, ExportRefused) as exc:
        print(f"fate-desk export: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    label = TARGETS[args.to].label
    for path in written:
        print(f"{path}: {label}")
    print(f"{args.path}: {len(written)} character{'s' if len(written) != 1 else ''} written for {label}")
    return EXIT_OK
