"""Screenshots of the table's dialogs and docks (called by tools/screenshots.py, per theme)."""

from __future__ import annotations

from fate_desk.gui.clock.dialogs import EndArcDialog, EndSceneDialog, EndSessionDialog
from fate_desk.gui.advancement.history import SpendPointsDialog
from fate_desk.gui.clock.summary import SummaryDialog
from fate_desk.gui.play.treatment import TreatmentDialog
from fate_desk.rules.clock.timeline import end_scene
from fate_desk.rules.play.roll import Dice
from fate_desk.rules.harm.recovery import treat


def table_shots(window, grab, theme: str) -> None:
    document = window.document
    table = window.table
    window.resize(1280, 800)
    window.sheets.open_entity("pc-ines")
    dock = table.dice_dock
    dock.dice = Dice(4)
    dock.show()
    dock.follow("pc-ines")
    dock.panel.select_skill("Fight")
    dock.panel.throw()
    dock.apply()  # one roll in the log
    dock.panel.action.setCurrentIndex(2)
    dock.panel.throw()
    dock.panel.select_aspect("Pitch Dark and Pouring Rain")
    dock.panel.invoke(reroll=False)
    grab(window, f"table-dice-dock-{theme}")
    dock.panel.reset()
    document.undo_stack.undo()
    ruleset = document.ruleset_for()
    document.edit("pc-ines", lambda c: treat(c, ruleset, "mild", 1, when=document.campaign.clock).character,
                  "Treat")  # a failed roll: an entry to list, undone below
    table.history_dock.show()
    table.history_dock.raise_()
    table.history_dock.tree.expandAll()
    grab(window, f"table-history-dock-{theme}")
    document.undo_stack.undo()
    table.history_dock.hide()
    table.dice_dock.hide()

    scene = EndSceneDialog(document, window)
    scene.show()
    grab(scene, f"dialog-end-scene-{theme}")
    scene.close()
    summary = SummaryDialog("The end of scene 1", end_scene(document.campaign), window)
    summary.show()
    grab(summary, f"dialog-table-summary-{theme}")
    summary.close()

    session = EndSessionDialog(document, window)
    session.show()
    milestone = session.choose("pc-tobias")
    milestone.picker.select("swap_skills")
    grab(milestone, f"dialog-milestone-{theme}")
    milestone.ok.click()
    grab(session, f"dialog-end-session-{theme}")
    session.close()

    arc = EndArcDialog(document, window)
    arc.show()
    breakthrough = arc.choose("pc-ines")
    breakthrough.skill_point_check.setChecked(True)
    breakthrough.raises.add("Lore")
    breakthrough.refresh_check.setChecked(True)
    grab(breakthrough, f"dialog-breakthrough-{theme}")
    breakthrough.close()
    grab(arc, f"dialog-end-arc-{theme}")
    arc.close()

    treatment = TreatmentDialog(document, "pc-ines", "mild", window)
    treatment.new_name.setText("Bandaged Knuckles")
    treatment.show()
    grab(treatment, f"dialog-treatment-{theme}")
    treatment.close()

    spend = SpendPointsDialog(document, "pc-maren", window)
    spend.raises.set_points(2)  # as if Maren had saved two points
    spend.raises.add("Lore")
    spend.show()
    grab(spend, f"dialog-spend-points-{theme}")
    spend.close()
