"""Screenshots of the conflict panel and the players' view at 1920x1080 (called by
tools/screenshots.py, per theme). Everything is undone afterwards."""

from __future__ import annotations

from fate_desk.model import ConflictKind, ContestSide, SituationAspect
from fate_desk.rules.encounters.conflict import end_turn, participant, start_conflict
from fate_desk.rules.encounters.contest import play_exchange, start_contest
from fate_desk.rules.play.dice import Dice
from fate_desk.rules.encounters.scene import place_zone, put_in_zone
from fate_desk.rules.play.table import set_hidden


def _set_up(document) -> int:
    """A fight at the lock gates, a chase beside it, people in zones: returns the undo steps."""
    campaign = document.campaign
    scene = campaign.scenes[0]
    ruleset = document.ruleset_for()
    steps = document.undo_stack.count()
    sid = scene.id

    def fight(c):
        ps = [participant(c, "Player characters", ["pc-maren"]), participant(c, "Player characters", ["pc-ines"]),
              participant(c, "Player characters", ["pc-tobias"]), participant(c, "Opposition", ["npc-bruiser"]),
              participant(c, "Opposition", ["monster-lockthing"])]
        c = start_conflict(c, sid, ruleset, ConflictKind.PHYSICAL, ps, first=ps[1].id)
        c = end_turn(c, sid, ps[3].id)
        return c

    document.edit_campaign(fight, "Start a conflict")

    def chase(c):
        # Passive opposition: each boat races the flood gates' own difficulty.
        a = ContestSide(name="Player characters", members=["pc-maren"], skill="Drive", difficulty=3)
        b = ContestSide(name="Hale's smugglers", members=["npc-hale"], skill="Drive", difficulty=2)
        c = start_contest(c, sid, "Race the Tide", [a, b], 3)
        return play_exchange(c, sid, {a.id: 6, b.id: 2})[0]

    document.edit_campaign(chase, "Start a contest")

    def zones(s):
        for i, (x, y) in enumerate(((40, 40), (420, 200), (40, 360))):
            if i < len(s.zones):
                s = place_zone(s, s.zones[i].id, x, y)
        for who, z in (("pc-maren", 0), ("pc-ines", 1), ("pc-tobias", 0), ("npc-bruiser", 1)):
            s = put_in_zone(s, who, s.zones[z].id)
        boost = SituationAspect(text="Cornered on the Grating", free_invokes=1, boost=True)
        return s.model_copy(update={"present": [*s.present, campaign.countdowns[0].id],
                                    "aspects": [*s.aspects, boost]})

    document.edit(sid, zones, "Place the zones")
    document.edit_campaign(lambda c: set_hidden(c, sid, "npc-bruiser", True), "Hide the bruiser")
    return document.undo_stack.count() - steps


def conflict_shots(window, grab, theme: str) -> None:
    document = window.document
    desk = window.encounters
    desk.dice = Dice(3)
    steps = _set_up(document)
    window.resize(1920, 1080)
    window.sheets.open_entity("sc-lock")
    window.actions["conflict_panel"].trigger()
    grab(window, f"table-conflict-panel-1920x1080-{theme}")
    desk.tabs.setCurrentWidget(desk.contest)
    grab(window, f"table-contest-panel-1920x1080-{theme}")
    desk.tabs.setCurrentWidget(desk.visibility)
    grab(window, f"table-players-see-1920x1080-{theme}")
    desk.tabs.setCurrentWidget(desk.conflict)
    desk.conflict.attack()
    attack = desk.conflict.dialog
    attack.roll()
    attack.show()
    grab(attack, f"dialog-conflict-attack-{theme}")
    attack.reject()
    view = desk.open_players_view()
    view.set_theme(theme)
    view.resize(1920, 1080)
    grab(view, f"players-view-1920x1080-{theme}")
    view.close()
    desk.dock.hide()
    window.resize(1280, 800)
    editor = window.sheets.open_entity("sc-lock")
    editor.scroll.ensureWidgetVisible(editor.zone_map)
    grab(window, f"gm-scene-zone-map-{theme}")
    for _ in range(steps):
        document.undo_stack.undo()
