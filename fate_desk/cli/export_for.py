"""`fate-desk export PATH --to foundry-fco|fatex|fari --out OUT`: characters for another tool."""

from __future__ import annotations

import sys
from pathlib import Path

from fate_desk.i18n import N_, _, ngettext
from fate_desk.store.interchange import FileFormatError

from . import EXIT_OK, EXIT_UNREADABLE
from .output import OutputRefused, check_output

# What each target writes, as the shared output check names kinds of file; its keys are the
# choices of --to (the store's TARGETS, whose writers a PDF export does not import).
KIND = {"foundry-fco": "foundry", "fatex": "foundry", "fari": "fari"}

TO_HELP = N_("write for another tool instead of a PDF: foundry-fco (a Foundry VTT actor for Fate Core "
             "Official), fatex (a Foundry VTT actor for FateX) or fari (a .fari.json character); a campaign "
             "goes to a folder, one file per character; what went where is printed")
PDF_ONLY = ("what", "scene", "session", "blank", "reference", "ruleset", "paper")


def run_for(args) -> int:
    # Deferred: cli/export.py imports this module, and a PDF export must not load the other tools'
    # writers (tests/cli/test_cli_commands.py::test_exporting_a_sheet_loads_no_other_command_nor_the_other_tools_writers).
    from fate_desk.interop.exporting import TARGETS, ExportRefused, export, plan, summary
    from fate_desk.interop.importing import import_characters

    try:
        used = [f"--{name}" for name in PDF_ONLY if getattr(args, name, None)]
        if getattr(args, "options", None):
            used.append("--with")
        if used:
            raise ExportRefused(ngettext("{options} goes with PDF export, not --to",
                                         "{options} go with PDF export, not --to", len(used)).format(
                options=", ".join(used)))
        if getattr(args, "labels", None) and not TARGETS[args.to].labelled:
            raise ExportRefused(_("--labels-in goes with --to fatex: {tool} translates its own captions").format(
                tool=_(TARGETS[args.to].label)))
        if not args.path:
            raise ExportRefused(_("give the character or campaign file to export"))
        source = Path(args.path)
        result = import_characters(source)  # the input's problems first, then the target's
        campaign = result.campaign
        out = _target(args.out)
        # Every file the export would write goes through the same check as every other
        # command's --out (never the input, a campaign, a folder, a pipe or a device, or a
        # read-only file; another kind of file only with --force). On top of that an existing
        # export is not replaced without --force either: `export` refuses it.
        for path in plan(result.characters, out, TARGETS[args.to], (source,), replace=True):
            if path.parent.is_dir():  # else the export makes the folder: nothing in it yet
                check_output(path, KIND[args.to], (source,), args.force, replace_same_kind=False)
        written = export(result.characters, out, args.to,
                         options=campaign.options if campaign else None,
                         ruleset=campaign.ruleset if campaign else None, sources=(source,),
                         replace=args.force, language=getattr(args, "labels", None) or "en")
    except (FileFormatError, ExportRefused, OutputRefused) as exc:
        print(_("fate-desk export: {problem}").format(problem=exc), file=sys.stderr)
        return EXIT_UNREADABLE
    label = _(TARGETS[args.to].label)
    for note in summary(result.characters, args.to, options=campaign.options if campaign else None,
                        ruleset=campaign.ruleset if campaign else None):
        print(_("note: {note}").format(note=note))
    for path in written:
        print(f"{path}: {label}")
    print(ngettext("{file}: {count} character written for {target}", "{file}: {count} characters written for {target}",
                   len(written)).format(file=args.path, count=len(written), target=label))
    return EXIT_OK


def _target(text: str) -> Path:
    """The --out path; an empty name is refused (Path("") would mean the current folder)."""
    if not text.strip():
        raise OutputRefused(_("the output name is empty; give a file or folder name"))
    return Path(text)
