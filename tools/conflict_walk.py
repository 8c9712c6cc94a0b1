"""A conflict walked through in each rule set, with a screenshot at every step (offscreen).

For Fate Condensed, Fate Core and Fate Accelerated in turn: the sample campaign switched to the
rule set (in Accelerated the player characters get the six approaches), a physical conflict
started, Maren's attack thrown in the conflict panel's attack dialog, a three-shift hit on her
offered by Take a hit, and her sheet afterwards. Run it and look at every picture: the stress
boxes offered, the consequence slots and what the sheet says about recovery differ by book.
Usage: QT_QPA_PLATFORM=offscreen python tools/conflict_walk.py OUT_FOLDER
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

APPROACHES = {"Careful": 1, "Clever": 2, "Flashy": 1, "Forceful": 3, "Quick": 2, "Sneaky": 0}


def _switch(campaign, ruleset: str):
    campaign = campaign.model_copy(deep=True)
    campaign.ruleset = ruleset
    for character in campaign.characters:
        character.ruleset = ruleset
        if ruleset == "fate-accelerated":
            character.skills = dict(APPROACHES)
            character.stunts = character.stunts[:3]
    return campaign


def walk(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from fate_desk.gui.app import start
    from fate_desk.gui.opening import create_sample_campaign
    from fate_desk.model import ConflictKind
    from fate_desk.rules.encounters.conflict import participant, start_conflict
    from fate_desk.rules.play.dice import Dice

    app = QApplication.instance() or QApplication(sys.argv[:1])
    shots: list[Path] = []

    def grab(widget, name: str) -> None:
        for _ in range(3):
            app.processEvents()
        path = out / f"{name}.png"
        widget.grab().save(str(path))
        shots.append(path)

    for ruleset in ("fate-condensed", "fate-core", "fate-accelerated"):
        folder = Path(tempfile.mkdtemp(prefix=f"walk-{ruleset}-"))
        window = start(app, str(create_sample_campaign(folder)))
        window.resize(1280, 800)
        window.show()
        document = window.document
        document.edit_campaign(lambda c, r=ruleset: _switch(c, r), f"Play by {ruleset}")
        rules = document.ruleset_for()
        sid = document.campaign.scenes[0].id

        def fight(c, rules=rules, sid=sid):
            sides = [participant(c, "Player characters", ["pc-maren"]), participant(c, "Opposition", ["npc-bruiser"])]
            return start_conflict(c, sid, rules, ConflictKind.PHYSICAL, sides, first=sides[0].id)

        document.edit_campaign(fight, "Start a conflict")
        desk = window.encounters
        desk.dice = Dice(5)
        window.sheets.open_entity("pc-maren")
        window.actions["conflict_panel"].trigger()
        grab(window, f"walk-{ruleset}-1-conflict")
        desk.conflict.attack()
        attack = desk.conflict.dialog
        attack.roll()
        attack.show()
        grab(attack, f"walk-{ruleset}-2-attack")
        attack.reject()
        sheet = window.tabs.current_editor()
        hit = sheet.play.take_hit()
        hit.shifts.setValue(3)
        hit.show()
        grab(hit, f"walk-{ruleset}-3-take-a-hit-of-3")
        hit.reject()
        grab(window, f"walk-{ruleset}-4-sheet")
        window.close()
    return shots


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: conflict_walk.py OUT_FOLDER", file=sys.stderr)
        return 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-walk-"))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["FATE_DESK_DATA_DIR"] = str(scratch / "data")
    os.environ["XDG_CONFIG_HOME"] = str(scratch / "config")
    shots = walk(out)
    print(f"{len(shots)} screenshots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
