"""The GM's fate-point pool for the scene, in the status bar: − and + spend and gain, undoably."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QToolButton, QVBoxLayout, QWidget

from fate_desk.i18n import _, language, ngettext
from fate_desk.model import Scene
from fate_desk.rules.clock.pool import gm_pool
from fate_desk.rules.creation.derive import join_words
from fate_desk.rules.play.table import change_gm_pool, current_scene, scene_present, start_scene_pool

from ..forms import child, load_form
from ..turns import later
from ..widgets import escape


class GmPoolWidget(QWidget):
    """`scene_on_screen` (set by the table) names the scene the GM is looking at, if any."""

    said = Signal(str)  # what a button did, for the status bar

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.scene_on_screen: Callable[[], Scene | None] = lambda: None
        self.setObjectName("gmPool")
        self.form = load_form("table_pool", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.form)
        self.points: QLabel = child(self.form, QLabel, "pointsLabel")
        font = self.points.font()
        font.setBold(True)
        self.points.setFont(font)
        self.minus: QToolButton = child(self.form, QToolButton, "minusButton")
        self.plus: QToolButton = child(self.form, QToolButton, "plusButton")
        self.reset: QToolButton = child(self.form, QToolButton, "resetButton")
        self.minus.setAccessibleName(_("Spend a GM fate point"))
        self.plus.setAccessibleName(_("Add a GM fate point"))
        self.minus.clicked.connect(lambda: self.step(-1))
        self.plus.clicked.connect(lambda: self.step(+1))
        self.reset.clicked.connect(self.start_scene)
        self.document = None
        self._seen: dict[str, tuple] = {}  # character id -> what of it the pool shows
        self._said: tuple | None = None  # what the tooltip was worked out from
        self._explain_due = False  # the tooltip is worked out again in the next turn of the event loop
        self.set_document(None)

    def set_document(self, document) -> None:
        self.document = document
        if document is not None:
            document.campaignChanged.connect(self._campaign_changed)
            # A step over many entries says campaignChanged once, not entityChanged for each.
            document.entityChanged.connect(self._entity_changed)
        self.refresh()

    def step(self, step: int) -> bool:
        if self.document is None:
            return False
        text = _("Spend a GM fate point") if step < 0 else _("Add a GM fate point")
        return self.document.edit_campaign(lambda c: change_gm_pool(c, step), text)

    def start_scene(self) -> bool:
        """Start the scene on screen (else the one being played): the GM's pool from who is in it,
        and the scene placed in the current session; the status bar says what happened."""
        if self.document is None:
            return False
        campaign = self.document.campaign
        scene = self.scene_on_screen() or current_scene(campaign)
        present = list(scene.present) if scene is not None and scene.present else None
        line = start_scene_pool(campaign, present)[1]

        def start(c):
            if scene is not None:
                session = c.clock.session
                c = c.model_copy(update={"scenes": [s.model_copy(update={"session": s.session or session})
                                                    if s.id == scene.id else s for s in c.scenes]})
            return start_scene_pool(c, present)[0]

        if scene is not None and scene.name:
            step = _("Start “{scene}”").format(scene=scene.name)
            started, going = _("Started “{scene}”. {pool}"), _("“{scene}” is under way. {pool}")
        else:
            step = _("Start the scene")
            started, going = _("Started the scene. {pool}"), _("The scene is under way. {pool}")
        changed = self.document.edit_campaign(start, step)
        scene_name = scene.name if scene is not None else ""
        self.said.emit((started if changed else going).format(scene=scene_name, pool=line))
        return changed

    def _entity_changed(self, entity_id: str) -> None:
        # A keystroke in a sheet changes a character; the pool needs redoing (a pass over every
        # character) only when that character's part in it changed.
        entity = self.document.entity(entity_id)
        if entity_id in self._seen and _part(entity) == self._seen[entity_id]:
            return
        self.refresh()

    def _campaign_changed(self) -> None:
        """The count and the buttons at once; the tooltip (a pass over every character) in the
        next turn of the event loop: an import of 1,000 characters, or its undo, is a wait of
        its own already."""
        if self._show_count() and not self._explain_due:
            self._explain_due = True
            later(self, self._explain_now)

    def _explain_now(self) -> None:
        if self._explain_due and self._show_count():
            self._explain()

    def refresh(self) -> None:
        if self._show_count():
            self._explain()

    def _show_count(self) -> bool:
        """The points and the buttons; False if no campaign is open."""
        document = self.document
        self.setEnabled(document is not None)
        if document is None:
            self._explain_due = False
            self.points.setText("–")  # i18n: not shown (a dash, no words)
            return False
        campaign = document.campaign
        self.points.setText(str(campaign.gm_fate_points))
        editable = not document.readonly  # a read-only campaign shows the pool but cannot change it
        self.minus.setEnabled(editable and campaign.gm_fate_points > 0)
        self.plus.setEnabled(editable)
        self.reset.setEnabled(editable)
        return True

    def _explain(self) -> None:
        """The tooltip: what starting the scene would give, and why."""
        self._explain_due = False
        campaign = self.document.campaign
        self._seen = {c.id: _part(c) for c in campaign.characters}
        scene = current_scene(campaign)
        # The tooltip is worked out again only when what it says can have changed: a step over
        # every entry (ending a scene) often leaves it as it was, and at 10,000 entries working
        # it out is a good part of the window's turn.
        said = (self._seen, campaign.gm_fate_points, scene.name if scene else None,
                scene_present(campaign), language())
        if said == self._said:
            return
        self._said = said
        points, lines, _present = gm_pool(campaign, said[3])
        held = ngettext("{count} fate point in the GM's pool.", "{count} fate points in the GM's pool.",
                        campaign.gm_fate_points).format(count=campaign.gm_fate_points)
        if scene and scene.name:
            starting = _("Starting “{scene}” would give {points}: {reasons}.")
        else:
            starting = _("Starting this scene would give {points}: {reasons}.")
        starting = starting.format(scene=scene.name if scene else "", points=points, reasons=join_words(lines))
        tip = f"{held} {starting}"  # two sentences
        self.setToolTip(tip)
        self.reset.setToolTip(escape(tip))


def _part(character) -> tuple | None:
    """What of a character the pool's count and tooltip use (None for other entries)."""
    if character is None or not hasattr(character, "carried_fate_points"):
        return None
    # The name shows only for those who carry points in; typing a name is a keystroke each.
    carried = character.carried_fate_points
    return character.kind, carried, character.name if carried else None
