"""Screenshots of the GM prep editors and the Quick NPC dialog (called by screenshots.py per theme)."""

from __future__ import annotations


def grab_gm_editors(window, grab, theme: str) -> None:
    from fate_desk.gui.gm.actions import quick_npc
    from fate_desk.gui.kinds import kind_of

    document = window.document
    window.resize(1280, 800)
    shown: set[str] = set()
    for entity in document.entities():
        kind = kind_of(entity)
        if kind in shown or kind == "pc":
            continue
        shown.add(kind)
        window.sheets.open_entity(entity.id)
        grab(window, f"gm-{kind}-{theme}")
    # A minor NPC past the book's guidance: the card warns, it never refuses.
    bruiser = next(c for c in document.campaign.characters if c.kind.value == "minor_npc")
    card = window.sheets.open_entity(bruiser.id)
    card.stress_spin.setValue(5)
    card.consequence_check.setChecked(True)
    grab(window, f"gm-minor_npc-warnings-{theme}")
    document.undo_stack.undo()
    document.undo_stack.undo()
    # The scene with its second zone picked, to show connections and zone aspects.
    scene = window.sheets.open_entity(document.campaign.scenes[0].id)
    scene.zone_list.setCurrentRow(1)
    grab(window, f"gm-scene-zone-{theme}")
    countdown = window.sheets.open_entity(document.campaign.countdowns[0].id)
    countdown.per_box.setChecked(True)
    grab(window, f"gm-countdown-per-box-{theme}")
    countdown.per_box.setChecked(False)
    dialog = quick_npc(window)
    dialog.line_edit.setText("Bouncer; Built Like a Door; Fair (+2) at Getting into Bar Fights; 2 stress")
    grab(dialog, f"dialog-quick-npc-{theme}")
    dialog.line_edit.setText("Bouncer; 40 stress")
    grab(dialog, f"dialog-quick-npc-refused-{theme}")
    dialog.reject()
