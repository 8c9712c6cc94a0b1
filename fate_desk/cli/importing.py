"""`fate-desk import`: turn a character, campaign bundle or Fari file into Fate Desk files."""

from __future__ import annotations

import sys
from pathlib import Path

from fate_desk.i18n import N_, _, ngettext
from fate_desk.model import Campaign, Character
from fate_desk.store.bundle import SUFFIX as BUNDLE_SUFFIX
from fate_desk.store.bundle import write_bundle
from fate_desk.store.filetypes import CAMPAIGN_SUFFIX
from fate_desk.store.campaign_file import CampaignFile
from fate_desk.interop.exporting import file_names
from fate_desk.interop.importing import ImportResult, import_characters, ruleset_notes
from fate_desk.store.interchange import SUFFIX as CHARACTER_SUFFIX
from fate_desk.store.interchange import FileFormatError, write_character_file

from . import EXIT_OK, EXIT_UNREADABLE
from .output import OutputRefused, check_output

NAME = "import"
HELP = N_("import characters (Fate Desk, Fari or Foundry VTT files) into a character file or a campaign file; "
          "a whole Fari library (characters and scenes) goes --into a campaign in one step")


def add_arguments(parser) -> None:
    parser.add_argument(
        "path", metavar="PATH",
        help=_("a *.fate.json character, a *.fate-campaign.json bundle, a *.fatedesk campaign, a *.fari.json file "
               "or a Foundry VTT actor exported from Fate Core Official or FateX (what went where is printed)"),
    )
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--out", metavar="OUT",
        help=_("write a *.fate.json character file (a folder when PATH holds several characters), "
               "or a *.fate-campaign.json bundle of the whole campaign"),
    )
    where.add_argument(
        "--into", metavar="CAMPAIGN",
        help=_("add the characters to this *.fatedesk campaign (made if it does not exist)"),
    )
    parser.add_argument("--ruleset", metavar="ID",
                        help=_("rule set for Fari and Foundry characters (default: guessed)"))
    parser.add_argument("--force", action="store_true", help=_("replace character files that already exist"))


def _not_written() -> str:
    return _("{file}: could not be written ({reason})")


class _Refused(Exception):
    """A problem with the command's target: one line for stderr, exit 2."""


def run(args) -> int:
    source = Path(args.path)
    try:
        if args.out is not None and not str(args.out).strip():
            raise _Refused(_("fate-desk import: the --out name is empty; give a file or folder name"))
        result = import_characters(source, args.ruleset)
        if args.out is not None:
            written = _write_out(result, Path(args.out), args.force, source)
            summary = _("wrote {files}").format(files=", ".join(str(p) for p in written))
        else:
            summary = _write_into(result, Path(args.into), source)
    except (FileFormatError, _Refused) as exc:
        print(exc, file=sys.stderr)
        return EXIT_UNREADABLE
    except OutputRefused as exc:
        print(_("fate-desk import: {problem}").format(problem=exc), file=sys.stderr)
        return EXIT_UNREADABLE
    for note in result.warnings:
        print(_("note: {note}").format(note=note))
    print(f"{args.path}: {summary}")
    return EXIT_OK


def _write_out(result: ImportResult, out: Path, force: bool, source: Path) -> list[Path]:
    if out.name.endswith(BUNDLE_SUFFIX):
        return [_write_bundle(result, out, force, source)]
    characters = result.characters
    if not characters and result.scenes:
        raise _Refused(ngettext(
            "{file}: holds {count} scene and no characters; add it to a campaign with --into CAMPAIGN",
            "{file}: holds {count} scenes and no characters; add them to a campaign with --into CAMPAIGN",
            len(result.scenes)).format(file=source, count=len(result.scenes)))
    if not characters:
        if result.source_format:
            raise _Refused(_("{format} holds no characters; nothing to write").format(format=_(result.source_format)))
        raise _Refused(_("the file holds no characters; nothing to write"))
    if result.scenes:
        count = len(result.scenes)
        result.warnings.append(ngettext(
            "{count} scene not written (character files hold characters only); use --into CAMPAIGN to keep them",
            "{count} scenes not written (character files hold characters only); use --into CAMPAIGN to keep them",
            count).format(count=count))
    if len(characters) == 1 and not out.is_dir():
        targets = [out]
    elif out.is_dir():
        targets = file_names(out, characters, CHARACTER_SUFFIX)
    else:
        raise _Refused(
            _("{file}: the file holds {count} characters; give an existing folder to --out "
              "(one file each) or use --into CAMPAIGN").format(file=out, count=len(characters))
        )
    for target in targets:
        check_output(target, "character", (source,), force, replace_same_kind=False)
    for target, character in zip(targets, characters):
        try:
            write_character_file(target, character)
        except OSError as exc:
            raise _Refused(_not_written().format(file=target, reason=exc.strerror or exc)) from None
    return targets


def _write_bundle(result: ImportResult, out: Path, force: bool, source: Path) -> Path:
    """A whole campaign (or the characters of any other file) as one campaign bundle."""
    check_output(out, "bundle", (source,), force, replace_same_kind=False)
    campaign = result.campaign or Campaign(
        name=out.name[: -len(BUNDLE_SUFFIX)] or _("Imported characters"),
        ruleset=result.ruleset() or "fate-condensed",
        characters=result.characters,
        scenes=result.scenes,
    )
    try:
        write_bundle(out, campaign)
    except OSError as exc:
        raise _Refused(_not_written().format(file=out, reason=exc.strerror or exc)) from None
    return out


def _write_into(result: ImportResult, target: Path, source: Path) -> str:
    if target.exists() and target.resolve() == source.resolve():
        raise _Refused(_("{file}: is the file being imported; choose another campaign").format(file=target))
    if target.exists() or target.is_symlink():
        with CampaignFile.open(target) as handle:
            if handle.backup_error:
                print(_("note: {file}: {note}").format(file=target, note=handle.backup_error))
            if handle.lock_warning:
                print(_("note: {file}: {note}").format(file=target, note=handle.lock_warning))
            taken = {e.id for attr in ("characters", "obstacles", "countdowns", "scenes", "sessions", "arcs")
                     for e in getattr(handle.campaign, attr)}
            entries, notes = result.new_entries(taken)
            result.warnings += notes
            characters = [e for e in entries if isinstance(e, Character)]
            result.warnings += ruleset_notes(characters, handle.campaign.ruleset)
            if result.campaign is not None and _has_more_than_characters(result.campaign):
                result.warnings.append(
                    _("only the bundle's characters were added; import it into a new campaign file to keep "
                      "its obstacles, countdowns, scenes, sessions and arcs")
                )
            handle.put_many(entries)  # one transaction: all of them, or none
        if not entries and result.entries():
            return _("nothing new for {file}: every entry was already there").format(file=target)
        return _("added {entries} to {file}").format(entries=_added(entries), file=target)
    if not target.name.endswith(CAMPAIGN_SUFFIX):
        raise _Refused(_("{file}: a new campaign file's name must end in {suffix}").format(
            file=target, suffix=CAMPAIGN_SUFFIX))
    check_output(target, "campaign", (source,))
    if result.campaign is not None:
        campaign = result.campaign
    else:
        campaign = Campaign(
            name=target.name[: -len(CAMPAIGN_SUFFIX)] or _("Imported campaign"),
            ruleset=result.ruleset() or "fate-condensed",
            characters=result.characters,
            scenes=result.scenes,
        )
        result.warnings += ruleset_notes(result.characters, campaign.ruleset)
    try:
        CampaignFile.create(target, campaign).close()
    except OSError as exc:  # e.g. a read-only file system: said about the file asked for, not a temp name
        raise _Refused(_("fate-desk import: {file}: could not be written ({reason})").format(
            file=target, reason=exc.strerror or exc)) from None
    return _("created {file} with {entries} (rule set {ruleset})").format(
        file=target, entries=_added([*campaign.characters, *campaign.scenes]), ruleset=campaign.ruleset)


def _has_more_than_characters(campaign: Campaign) -> bool:
    return any(getattr(campaign, a) for a in ("obstacles", "countdowns", "scenes", "sessions", "arcs"))


def _added(entries: list) -> str:
    """'2 characters (Bram, Dara)', with ' and 1 scene' when scenes came too; '0 characters' if none."""
    characters = [e for e in entries if isinstance(e, Character)]
    scenes = len(entries) - len(characters)
    text = _count(characters)
    if not scenes:
        return text
    return ngettext("{characters} and {count} scene", "{characters} and {count} scenes", scenes).format(
        characters=text, count=scenes)


def _count(characters: list[Character]) -> str:
    count = len(characters)
    if not characters:
        return ngettext("{count} character", "{count} characters", count).format(count=count)
    names = ", ".join(c.name or _("unnamed") for c in characters)
    return ngettext("{count} character ({names})", "{count} characters ({names})", count).format(
        count=count, names=names)
