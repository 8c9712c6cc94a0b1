"""Screenshots of the four kinds of sheet (player character, major NPC, monster, minor NPC) at
1024x700, 1280x800 and 1920x1080, plus a PC in play (free invokes, a consequence recovering)
and a PC beside the conflict panel. Called by screenshots.py per theme."""

from __future__ import annotations

SIZES = ((1024, 700), (1280, 800), (1920, 1080))


def grab_sheets(window, grab, theme: str) -> None:
    from fate_desk.model import Consequence

    document = window.document
    characters = document.campaign.characters
    first_of = {kind: next(c.id for c in characters if c.kind.value == kind)
                for kind in ("major_npc", "monster", "minor_npc")}
    sheets = {"pc": "pc-tobias", **first_of}
    for width, height in SIZES:
        window.resize(width, height)
        for kind, entity_id in sheets.items():
            window.sheets.open_entity(entity_id)
            grab(window, f"sheet-{kind}-{width}x{height}-{theme}")
    # In play: a free invoke on the high concept and a treated consequence, as the GM sees them.
    def in_play(character):
        aspects = [a.model_copy(update={"free_invokes": 2 if i == 0 else a.free_invokes})
                   for i, a in enumerate(character.aspects)]
        hurt = [Consequence(slot="mild", text="Rope Burns", recovering=True),
                Consequence(slot="moderate", text="Cracked Ribs")]
        return character.model_copy(update={"aspects": aspects, "consequences": hurt,
                                            "stress": {"physical": [0]}})

    document.edit("pc-maren", in_play, "Screenshot: in play")
    window.resize(1280, 800)
    sheet = window.sheets.open_entity("pc-maren")
    sheet.scroll.ensureWidgetVisible(sheet.boxes["consequences"])
    grab(window, f"sheet-pc-in-play-1280x800-{theme}")
    window.actions["conflict_panel"].trigger()
    sheet.scroll.verticalScrollBar().setValue(0)
    grab(window, f"sheet-pc-conflict-dock-1280x800-{theme}")
    window.encounters.dock.hide()
    document.undo_stack.undo()
