"""Screenshots of play from the sheet: the roll dialog after invokes, Take a hit, compel, fate points."""

from __future__ import annotations

from PySide6.QtCore import Qt

from fate_desk.gui.play.fate_dialogs import CompelDialog, FatePointsDialog
from fate_desk.gui.play.hit_dialog import TakeHitDialog
from fate_desk.gui.play.roll_dialog import RollDialog
from fate_desk.rules.play.roll import Action, Dice


def play_shots(window, grab, theme: str) -> None:
    document = window.document
    window.resize(1280, 800)
    sheet = window.sheets.open_entity("pc-ines")
    grab(window, f"main-play-bar-{theme}")

    roll = RollDialog(document, "pc-ines", "Fight", Dice(3), window)
    panel = roll.panel
    # Chosen by value, not by its words: the shots are taken in every language and pseudo-locale.
    panel.action.setCurrentIndex(panel.action.findData(Action.ATTACK.value))
    panel.opponent.setCurrentIndex(panel.opponent.findData("npc-hale"))
    roll.show()
    grab(roll, f"dialog-roll-before-{theme}")
    panel.throw()
    panel.select_aspect("Pitch Dark and Pouring Rain")
    panel.invoke(reroll=False)
    panel.select_aspect("Built Like a Mooring Post")
    panel.invoke(reroll=False)
    panel.invoke(reroll=False)  # the same aspect twice: refused, and the dialog says why
    grab(roll, f"dialog-roll-{theme}")
    roll.close()

    hit = TakeHitDialog(document, "pc-maren", shifts=5, attacker="npc-bruiser", parent=window)
    hit.show()
    hit.options.setCurrentRow(next(i for i in range(hit.options.count())
                                   if dict(hit.options.item(i).data(Qt.ItemDataRole.UserRole).consequences).get("moderate")))
    hit.name_edits["moderate"].setText("Cracked Ribs")
    grab(hit, f"dialog-take-hit-{theme}")
    hit.close()

    compel = CompelDialog(document, "pc-ines", window)
    compel.show()
    grab(compel, f"dialog-compel-{theme}")
    compel.close()
    points = FatePointsDialog(document, "pc-ines", window)
    points.show()
    grab(points, f"dialog-fate-points-{theme}")
    points.close()
    sheet.refresh()
