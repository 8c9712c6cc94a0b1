"""`fate-desk export`: print sheets, cards, reference cards or a campaign pack to PDF."""

from __future__ import annotations

import sys
from pathlib import Path

from fate_desk.printing import (
    LARGE_PRINT,
    ExportError,
    ExportJob,
    Paper,
    SelectionError,
    What,
    campaign_job,
    character_job,
    describe_characters,
    export_pdf,
    unprintable_characters,
)
from fate_desk.i18n import LANGUAGES, N_, _, ngettext, rules_text
from fate_desk.model import CampaignOptions, ConditionsMode
from fate_desk.rules import DEFAULT_RULESET, RuleSetError, get_ruleset
from fate_desk.store.bundle import SUFFIX as BUNDLE_SUFFIX
from fate_desk.store.bundle import read_bundle
from fate_desk.store.filetypes import CAMPAIGN_SUFFIX
from fate_desk.store.interchange import FileFormatError, read_character_file, refuse_over_limits

from . import EXIT_OK, EXIT_UNREADABLE
from .export_for import KIND, TO_HELP, run_for
from .output import OutputRefused, check_output

NAME = "export"
HELP = N_("print character sheets, GM cards, reference cards or a campaign pack to PDF")

FILE_WHATS = (What.SHEETS, What.CARDS, What.REFERENCE, What.PACK, What.SCENE, What.ASPECT_CARDS, What.TRACKERS)
# What a character file can print: its sheet, its card, the reference cards for its rule set,
# a pack of those, or a fate-point tracker.
CHARACTER_WHATS = (What.SHEETS, What.CARDS, What.REFERENCE, What.PACK, What.TRACKERS)
RULESET_WHATS = (What.CHEAT_SHEET, What.SKILL_CARD, What.BLANK_CARDS, What.TRACKERS, What.ASPECT_CARDS)

OPTIONS = ("conditions", "further-apart", "weapon-armor", "extreme", "scale")


def add_arguments(parser) -> None:
    parser.add_argument("path", nargs="?", metavar="PATH",
                        help=_("a character file (*.fate.json: its sheet) or a campaign (*.fatedesk or "
                               "*.fate-campaign.json: its pack)"))
    parser.add_argument("--out", required=True, metavar="OUT.pdf",
                        help=_("the PDF to write (with --to: the file or folder)"))
    parser.add_argument("--to", choices=sorted(KIND), help=_(TO_HELP))
    parser.add_argument("--what", choices=[w.value for w in FILE_WHATS],
                        help=_("what to print from PATH (default: a character's sheet, a campaign's pack); "
                               "scene and aspect-cards take a campaign's scenes (or --scene), trackers its players"))
    parser.add_argument("--with-state", dest="state", action="store_true",
                        help=_("print fate points, marked stress and consequences in ink (default: a table copy "
                               "to fill in with a pencil)"))
    parser.add_argument("--scene", metavar="NAME",
                        help=_("campaign: only the cards (and NPC sheets) of this scene"))
    parser.add_argument("--session", type=int, metavar="N",
                        help=_("campaign: only the cards of session N's scenes"))
    parser.add_argument("--blank", action="store_true", help=_("a blank fillable sheet instead of PATH"))
    parser.add_argument("--print", dest="printable", choices=[w.value for w in RULESET_WHATS],
                        help=_("a printable for a rule set instead of PATH: the GM cheat sheet, the skill "
                               "(approach) card, blank NPC/monster/obstacle/countdown cards, fate-point trackers"))
    parser.add_argument("--reference", action="store_true", help=_("the reference cards instead of PATH"))
    parser.add_argument("--ruleset", metavar="ID",
                        help=_("with --blank or --reference (default {ruleset})").format(ruleset=DEFAULT_RULESET))
    parser.add_argument("--with", dest="options", action="append", choices=OPTIONS, default=[],
                        help=_("an optional rule to cover (repeatable): {options}").format(options=", ".join(OPTIONS)))
    parser.add_argument("--paper", choices=[p.value for p in Paper],
                        help=_("paper size (default from your locale: Letter in the Americas, else A4)"))
    parser.add_argument("--large-print", dest="large_print", action="store_true",
                        help=_("large print for low vision: everything 150%%, the same content on more pages "
                               "(cards one to a page)"))
    parser.add_argument("--labels-in", dest="labels", metavar="LANG", choices=sorted(LANGUAGES),
                        help=_("with --to fatex: the language of the captions FateX shows as they are "
                               "(aspect roles, consequences), one of {codes} (default en)").format(
                            codes=", ".join(sorted(LANGUAGES))))
    parser.add_argument("--force", action="store_true",
                        help=_("replace OUT even if it holds something other than a PDF; with --to, replace "
                               "existing exports (never the input, a campaign file or a read-only file)"))


class _Usage(Exception):
    pass


def apply_options(options: CampaignOptions, names: list[str]) -> CampaignOptions:
    """The options with the named optional rules switched on."""
    update: dict = {}
    if "conditions" in names:
        update["conditions"] = ConditionsMode.PLAIN
    if "further-apart" in names:
        update["conditions"] = ConditionsMode.FURTHER_APART
    if "weapon-armor" in names:
        update["weapon_armor"] = True
    if "extreme" in names:
        update["extreme_consequences"] = True
    if "scale" in names:
        update["scale"] = True
    return options.model_copy(update=update)


def build_job(args) -> ExportJob:
    paper = Paper(args.paper) if args.paper else None
    sources = sum(bool(x) for x in (args.path, args.blank, args.reference, args.printable))
    if sources != 1:
        raise _Usage(_("give one of PATH, --blank, --reference or --print"))
    if args.scene is not None and args.session is not None:
        raise _Usage(_("give --scene or --session, not both"))
    if args.blank or args.reference or args.printable:
        chosen = "--blank" if args.blank else "--reference" if args.reference else "--print"
        if args.what:
            raise _Usage(_("--what goes with a character or campaign file, not with {option}").format(option=chosen))
        if args.scene is not None or args.session is not None:
            raise _Usage(_("--scene and --session go with a campaign file, not with {option}").format(option=chosen))
        if args.state:
            raise _Usage(_("--with-state goes with a character or campaign file; {option} prints no one's state")
                         .format(option=chosen))
        rid = args.ruleset or DEFAULT_RULESET
        try:
            ruleset = get_ruleset(rid)
        except RuleSetError as exc:
            raise _Usage(str(exc)) from None
        what = What(args.printable) if args.printable else What.BLANK if args.blank else What.REFERENCE
        title = _("{what}: {ruleset}").format(what=what.label, ruleset=rules_text(ruleset.name))
        return ExportJob(what, ruleset=rid, options=apply_options(CampaignOptions(), args.options),
                         paper=paper, title=title, scale=LARGE_PRINT if args.large_print else 1.0)
    if args.ruleset:
        raise _Usage(_("--ruleset goes with --blank, --reference or --print; a file brings its own rule set"))
    path = Path(args.path)
    what = What(args.what) if args.what else None
    if path.name.endswith((CAMPAIGN_SUFFIX, BUNDLE_SUFFIX)):
        campaign = _load_campaign(path)
        refuse_over_limits(campaign.characters, str(path))  # what `check` refuses is not printed either
        job = campaign_job(campaign, what or What.PACK, scene=args.scene, session=args.session, paper=paper,
                           state=args.state)
    else:
        if args.scene is not None or args.session is not None:
            raise _Usage(_("--scene and --session go with a campaign file"))
        what = what or What.SHEETS
        if what not in CHARACTER_WHATS:
            raise _Usage(_("--what {what} goes with a campaign file (a character file prints {whats})").format(
                what=what.value, whats=", ".join(w.value for w in CHARACTER_WHATS)))
        job = character_job(read_character_file(path), what, paper, state=args.state)
    job.options = apply_options(job.options, args.options)
    if args.large_print:
        job.scale = LARGE_PRINT
    return job


def _load_campaign(path: Path):
    """A campaign file (*.fatedesk) or a shared campaign bundle (*.fate-campaign.json)."""
    if path.name.endswith(BUNDLE_SUFFIX):
        return read_bundle(path)
    # Deferred: `fate-desk export` of a sheet or a bundle never loads the campaign file's SQLite
    # (tests/cli/test_cli_commands.py::test_exporting_a_sheet_loads_no_other_command_nor_the_other_tools_writers).
    from fate_desk.store.campaign_file import load_campaign  # SQLite and all: only for a campaign file

    return load_campaign(path)


def run(args) -> int:
    if args.to:
        return run_for(args)
    if args.labels:
        print(_("fate-desk export: {problem} (see fate-desk export --help)").format(
            problem=_("--labels-in goes with --to fatex")), file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        # The input's problems first (they are what the user asked about), then the target's.
        job = build_job(args)
        inputs = (Path(args.path),) if args.path else ()
        out = check_output(Path(args.out), "pdf", inputs, args.force)
        missing = unprintable_characters(job)
        if missing:
            # Said before printing: the PDF is still written, but these print as empty boxes.
            print(_("fate-desk export: warning: the bundled font cannot draw {characters}; "
                    "they will print as empty boxes").format(characters=describe_characters(missing)),
                  file=sys.stderr)
        pages = export_pdf(job, out)
    except _Usage as exc:
        print(_("fate-desk export: {problem} (see fate-desk export --help)").format(problem=exc), file=sys.stderr)
        return EXIT_UNREADABLE
    except (FileFormatError, SelectionError, ExportError, OutputRefused) as exc:
        print(_("fate-desk export: {problem}").format(problem=exc), file=sys.stderr)
        return EXIT_UNREADABLE
    print(ngettext("{file}: {count} page", "{file}: {count} pages", pages).format(file=args.out, count=pages))
    return EXIT_OK
