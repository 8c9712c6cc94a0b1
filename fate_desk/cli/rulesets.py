"""`fate-desk rulesets`: list the rule sets on offer, and any file that had to be skipped."""

from __future__ import annotations

import sys

from fate_desk.model import ladder_label
from fate_desk.rules import default_catalog

NAME = "rulesets"
HELP = "list the rule sets on offer (shipped and your own)"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    catalog = default_catalog()
    for rid in catalog.ids():
        rs = catalog.get(rid)
        mine = " (yours)" if catalog.is_user(rid) else ""
        print(f"{rid}{mine}: {rs.name}: {len(rs.skills)} {rs.skill_word_plural}, "
              f"{rs.shape.describe()}, peak {ladder_label(rs.peak)}")
    for problem in catalog.problems:
        print(problem, file=sys.stderr)
    return 0
