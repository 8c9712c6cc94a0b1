"""`fate-desk rulesets`: list the rule sets on offer, and any file that had to be skipped."""

from __future__ import annotations

import sys

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import ladder_label
from fate_desk.rules import default_catalog

NAME = "rulesets"
HELP = N_("list the rule sets and game packs on offer (shipped and your own)")


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    catalog = default_catalog()
    for rid in catalog.ids():
        rs = catalog.get(rid)
        pack = catalog.pack_of(rid)
        shape = _("skills rated through modes") if rs.modes is not None else rs.shape.describe()
        values = {"id": rid, "name": rules_text(rs.name), "count": len(rs.skills), "skills": rules_text(rs.skill_word_plural),
                  "shape": shape, "peak": ladder_label(rs.peak)}
        if catalog.is_user(rid):
            line = _("{id} (yours): {name}: {count} {skills}, {shape}, peak {peak}").format(**values)
        else:
            line = _("{id}: {name}: {count} {skills}, {shape}, peak {peak}").format(**values)
        if pack:
            line = _("{ruleset}; game pack: {contents}").format(ruleset=line, contents=_contents(pack))
        print(line)
    for pid, pack in sorted(catalog.packs.items()):
        if pack.ruleset is None:
            values = {"id": pid, "name": rules_text(pack.name), "contents": _contents(pack)}
            if not pack.shipped:
                print(_("{id} (yours): {name}: library only: {contents}").format(**values))
            else:
                print(_("{id}: {name}: library only: {contents}").format(**values))
    for problem in catalog.problems:
        print(problem, file=sys.stderr)
    return 0


def _contents(pack) -> str:
    samples = len(pack.sample_files) + len(pack.sample_data)
    # Each count its own plural message, so every language gets its forms from the catalogue.
    parts = [
        ngettext("{count} extra", "{count} extras", len(pack.extras)) if pack.extras else "",
        ngettext("{count} track", "{count} tracks", len(pack.tracks)) if pack.tracks else "",
        ngettext("{count} stunt", "{count} stunts", len(pack.stunts)) if pack.stunts else "",
        ngettext("{count} example aspect", "{count} example aspects", len(pack.aspects)) if pack.aspects else "",
        ngettext("{count} sample character", "{count} sample characters", samples) if samples else "",
    ]
    counts = [len(pack.extras), len(pack.tracks), len(pack.stunts), len(pack.aspects), samples]
    return ", ".join(text.format(count=n) for text, n in zip(parts, counts) if text) or _("nothing yet")
