"""`fate-desk check`: check character files against their rule set."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fate_desk.i18n import N_, _, ngettext, pgettext, rules_text
from fate_desk.rules.creation.derive import slot_text
from fate_desk.model import CampaignOptions, Character
from fate_desk.rules import CheckResult, RuleSetError, check, default_catalog, get_ruleset
from fate_desk.rules.creation.packs import PackError, load_pack
from fate_desk.store import bundle
from fate_desk.store.campaign_file import is_campaign_file, load_campaign
from fate_desk.store.interchange import (
    FileFormatError,
    character_from_dict,
    parse_json,
    read_bytes,
    refuse_over_limits,
)
from fate_desk.store.packs import is_pack_path, pack_samples

from . import EXIT_ERRORS, EXIT_OK, EXIT_UNREADABLE

NAME = "check"
HELP = N_("check character files against the rules of their rule set")


def add_arguments(parser) -> None:
    parser.add_argument(
        "paths", nargs="*", metavar="PATH",
        help=_("character files (*.fate.json), campaign files (*.fatedesk), bundles (*.fate-campaign.json) "
               "or game packs (a pack folder, its pack.toml, or a *.fatepack.toml): a pack's sample characters"),
    )
    parser.add_argument("--packs", action="store_true",
                        help=_("check the sample characters of every installed pack"))
    parser.add_argument("--json", action="store_true", help=_("print the results as JSON"))


def load_targets(path: Path) -> list[tuple[Character, str | None, CampaignOptions | None]]:
    """The characters a file holds, with the campaign's rule set and options for campaigns.

    A campaign file (*.fatedesk, opened read-only) or a campaign bundle checks every
    character against the campaign's rule set and optional rules; a character file against
    its own rule set.
    """
    source = str(path)
    if is_campaign_file(path):
        campaign = load_campaign(path)
    else:
        data = parse_json(read_bytes(path), source)
        if not (isinstance(data, dict) and data.get("format") == bundle.FORMAT):
            return [(character_from_dict(data, source), None, None)]
        campaign = bundle.campaign_from_dict(data, source)
    return [(c, campaign.ruleset, campaign.options) for c in campaign.characters]


def check_pack(path: Path) -> list[tuple[Character, CheckResult]]:
    """A pack's sample characters, each against the pack's own rule set (or its named one)."""
    try:
        pack = load_pack(path)
        samples = pack_samples(pack)
    except PackError as exc:
        raise FileFormatError("", str(exc)) from None
    results = []
    for character in samples:
        try:
            own = pack.ruleset is not None and character.ruleset == pack.id
            ruleset = pack.ruleset if own else get_ruleset(character.ruleset)
        except RuleSetError as exc:
            raise FileFormatError(str(path), _("samples: ruleset: {problem}").format(problem=exc)) from None
        results.append((character, check(character, ruleset)))
    return results


def check_file(path: Path) -> list[tuple[Character, CheckResult]]:
    if is_pack_path(path):
        return check_pack(path)
    results = []
    targets = load_targets(path)
    # A character past the limits is refused before it is checked: checking is what took minutes.
    refuse_over_limits([character for character, _ruleset, _options in targets], str(path))
    for character, ruleset_id, options in targets:
        rid = ruleset_id or character.ruleset
        try:
            ruleset = get_ruleset(rid)
        except RuleSetError as exc:
            raise FileFormatError(str(path), _("ruleset: {problem}").format(problem=exc)) from None
        results.append((character, check(character, ruleset, options)))
    return results


# How many problems of each severity a character has: "1 error", "2 warnings".
def _tally(severity: str, count: int) -> str:
    if severity == "error":
        return ngettext("{count} error", "{count} errors", count).format(count=count)
    if severity == "warning":
        return ngettext("{count} warning", "{count} warnings", count).format(count=count)
    if severity == "info":
        return ngettext("{count} info", "{count} infos", count).format(count=count)
    return f"{count} {severity}{'s' if count != 1 else ''}"  # i18n: not shown (no other severity exists)


# A problem's severity as its line shows it.
SEVERITY_WORDS = {"error": N_("error"), "warning": N_("warning"), "info": N_("info")}


def _severity_word(severity: str) -> str:
    return pgettext("severity", SEVERITY_WORDS[severity]) if severity in SEVERITY_WORDS else severity


def format_text(path: Path, character: Character, result: CheckResult) -> str:
    name = character.name or _("(unnamed)")
    none = pgettext("nothing", "none")
    counts = {}
    for p in result.problems:
        counts[p.severity.value] = counts.get(p.severity.value, 0) + 1
    tally = ", ".join(_tally(sev, n) for sev, n in counts.items()) or _("no problems")
    lines = [_("{file}: {name}: {tally}").format(file=path, name=name, tally=tally)]
    for p in result.problems:
        lines.append(f"  {_severity_word(p.severity.value):<7} {p.code:<16} {p.message}")
    d = result.derived
    stress = "; ".join(f"{rules_text(d.track_names.get(k, k))} {' '.join(map(str, v)) or none}" for k, v in d.stress.items())
    slots = ", ".join(f"{slot_text(s)} {s.value}" for s in d.consequences)
    lines.append("  " + _("refresh {refresh} = {explanation}; stress: {stress}").format(
        refresh=d.refresh, explanation=d.refresh_explanation, stress=stress or none))
    lines.append("  " + _("consequence slots: {slots}").format(slots=slots or none))
    return "\n".join(lines)


def run(args) -> int:
    exit_code = EXIT_OK
    report = []
    paths = list(args.paths)
    if args.packs:
        catalog = default_catalog()
        paths += [str(pack.path) for pack in catalog.packs.values()]
        for problem in catalog.problems:  # a pack set aside is one that could not be checked
            print(problem, file=sys.stderr)
            exit_code = EXIT_UNREADABLE
    if not paths:
        print(_("fate-desk check: name a file to check, or pass --packs"), file=sys.stderr)
        return EXIT_UNREADABLE
    for raw in paths:
        path = Path(raw)
        try:
            results = check_file(path)
        except FileFormatError as exc:
            print(exc, file=sys.stderr)
            exit_code = EXIT_UNREADABLE
            continue
        if not results and not args.json:
            print(_("{file}: no characters to check").format(file=path))
        for character, result in results:
            if not result.ok and exit_code == EXIT_OK:
                exit_code = EXIT_ERRORS
            if args.json:
                report.append({
                    "file": str(path),
                    "name": character.name,
                    "problems": [p.as_json() for p in result.problems],
                    "derived": result.derived.as_json(),
                })
            else:
                print(format_text(path, character, result))
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    return exit_code
