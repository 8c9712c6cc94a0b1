"""`fate-desk rulesets`: list the rule sets on offer, and any file that had to be skipped."""

from __future__ import annotations

import sys

from fate_desk.model import ladder_label
from fate_desk.rules import default_catalog

NAME = "rulesets"
HELP = "list the rule sets and game packs on offer (shipped and your own)"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    catalog = default_catalog()
    for rid in catalog.ids():
        rs = catalog.get(rid)
        mine = " (yours)" if catalog.is_user(rid) else ""
        pack = catalog.pack_of(rid)
        shape = "skills rated through modes" if rs.modes is not None else rs.shape.describe()
        print(f"{rid}{mine}: {rs.name}: {len(rs.skills)} {rs.skill_word_plural}, "
              f"{shape}, peak {ladder_label(rs.peak)}" + (f"; game pack: {_contents(pack)}" if pack else ""))
    for pid, pack in sorted(catalog.packs.items()):
        if pack.ruleset is None:
            mine = " (yours)" if not pack.shipped else ""
            print(f"{pid}{mine}: {pack.name}: library only: {_contents(pack)}")
    for problem in catalog.problems:
        print(problem, file=sys.stderr)
    return 0


def _contents(pack) -> str:
    parts = [(len(pack.extras), "extra"), (len(pack.tracks), "track"), (len(pack.stunts), "stunt"),
             (len(pack.aspects), "example aspect"), (len(pack.sample_files) + len(pack.sample_data), "sample character")]
    return ", ".join(f"{n} {word}{'s' if n != 1 else ''}" for n, word in parts if n) or "nothing yet"
