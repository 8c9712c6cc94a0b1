"""The scene editor: zones with their connections and aspects, situation aspects, who is present."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QGroupBox, QLabel, QLineEdit, QListWidget, QListWidgetItem, QPlainTextEdit, QPushButton, QSpinBox,
    QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _
from fate_desk.model import Scene
from fate_desk.rules.creation.edits import edited
from fate_desk.rules.encounters.scene import map_zones, place_zone, put_in_zone
from fate_desk.rules.prep.editing import add_zone, adjacent, remove_zone, set_adjacent, set_present, update_zone

from ..conflict.zone_map import ZoneMap
from ..forms import child, load_form
from ..icons import icon
from ..kinds import BY_KEY, display_name, kind_of
from .aspect_table import AspectTable
from .common import GmEditor, set_spin, set_text

ID_ROLE = Qt.ItemDataRole.UserRole + 1
_PRESENT_GROUPS = (
    (N_("Player characters"), ("pc",)),
    (N_("NPCs and monsters"), ("major_npc", "minor_npc", "monster")),
    (N_("Obstacles"), ("hazard", "block", "distraction")),
    (N_("Countdowns"), ("countdown",)),
)


def _merge(where: str, table: AspectTable):
    """Clicks on one free-invokes spin box merge into one step; other aspect edits stand alone."""
    return (where, "invokes") if table.invokes_edit else None


class SceneEditor(GmEditor):
    def __init__(self, document, entity_id: str, parent=None):
        super().__init__(document, entity_id, load_form("gm_scene"), parent)
        form = self.form
        self.name_edit: QLineEdit = child(form, QLineEdit, "nameEdit")
        self.session_spin: QSpinBox = child(form, QSpinBox, "sessionSpin")
        self.zone_list: QListWidget = child(form, QListWidget, "zoneList")
        self.add_zone_button: QPushButton = child(form, QPushButton, "addZoneButton")
        self.remove_zone_button: QPushButton = child(form, QPushButton, "removeZoneButton")
        self.remove_zone_button.setAccessibleName(_("Remove zone"))
        self.zone_name_edit: QLineEdit = child(form, QLineEdit, "zoneNameEdit")
        self.adjacent_list: QListWidget = child(form, QListWidget, "adjacentList")
        self.present_list: QListWidget = child(form, QListWidget, "presentList")
        self.notes_edit: QPlainTextEdit = child(form, QPlainTextEdit, "notesEdit")
        self.zone_aspects = AspectTable("zone aspect")  # i18n: not shown
        child(form, QVBoxLayout, "zoneAspectsSlot").addWidget(self.zone_aspects)
        self.aspects = AspectTable("situation aspect")  # i18n: not shown
        child(form, QVBoxLayout, "aspectsSlot").addWidget(self.aspects)
        self.add_zone_button.setIcon(icon("add"))
        self.remove_zone_button.setIcon(icon("remove"))
        self.present_list.setMinimumHeight(180)
        self._add_zone_map()

        self.name_edit.textEdited.connect(lambda t: self.edit(lambda s: edited(s, name=t), _("Rename"), ("name",)))
        self.session_spin.valueChanged.connect(lambda n: self.edit(
            lambda s: edited(s, session=n or None), _("Plan the scene for a session"), ("session",)))
        self.zone_list.currentRowChanged.connect(lambda _row: self._show_zone(self.entity))
        self.add_zone_button.clicked.connect(self.add_zone)
        self.remove_zone_button.clicked.connect(self.remove_zone)
        self.zone_name_edit.textEdited.connect(self._rename_zone)
        self.adjacent_list.itemChanged.connect(self._adjacency_changed)
        self.zone_aspects.aspectsEdited.connect(self._zone_aspects_edited)
        self.aspects.aspectsEdited.connect(
            lambda aspects, text: self.edit(lambda s: edited(s, aspects=aspects), text, _merge("aspects", self.aspects)))
        self.present_list.itemChanged.connect(self._present_changed)
        self.notes_edit.textChanged.connect(lambda: self.edit(
            lambda s: edited(s, notes=self.notes_edit.toPlainText()), _("Edit notes"), ("notes",)))
        self.refresh()
        if self.zone_list.count():
            self.zone_list.setCurrentRow(0)

    # --- showing ---------------------------------------------------------------------------

    def show_entity(self, scene: Scene) -> None:
        set_text(self.name_edit, scene.name)
        set_spin(self.session_spin, scene.session or 0)
        set_text(self.notes_edit, scene.notes)
        self._show_zones(scene)
        self.aspects.set_aspects(scene.aspects)
        self._show_present(scene)
        self._show_map(scene)

    # --- the zone map: drag boxes into place, right-click a zone to say who is there --------------

    def _add_zone_map(self) -> None:
        box = QGroupBox(_("Zone map"))
        layout = QVBoxLayout(box)
        hint = QLabel(_("Drag the zones into place; right-click a zone to say who is in it. By keyboard: arrows go "
                        "from zone to zone, Shift+F10 says who is in it, Ctrl+arrows move it."))
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.zone_map = ZoneMap(editable=True)
        self.zone_map.setMinimumHeight(300)
        layout.addWidget(self.zone_map)
        outer = child(self.form, QVBoxLayout, "outerLayout")
        outer.insertWidget(outer.indexOf(child(self.form, QWidget, "zonesBox")) + 1, box)
        self.zone_map.zoneMoved.connect(lambda zone_id, x, y: self.edit(
            lambda s: place_zone(s, zone_id, x, y), _("Move zone on the map")))
        self.zone_map.whereaboutsChanged.connect(lambda who, zone_id: self.edit(
            lambda s: put_in_zone(s, who, zone_id or None), _("Move to a zone")))

    def _show_map(self, scene: Scene) -> None:
        characters = {c.id: c for c in self.document.campaign.characters}
        self.zone_map.people = [(i, characters[i].name or _("(unnamed)")) for i in scene.present if i in characters]
        self.zone_map.show_zones(map_zones(self.document.campaign, scene))

    def current_zone_id(self) -> str | None:
        item = self.zone_list.currentItem()
        return item.data(ID_ROLE) if item is not None else None

    def _show_zones(self, scene: Scene) -> None:
        current = self.current_zone_id()
        with QSignalBlocker(self.zone_list):
            self.zone_list.clear()
            for zone in scene.zones:
                item = QListWidgetItem(zone.name.strip() or _("Unnamed zone"))
                item.setData(ID_ROLE, zone.id)
                self.zone_list.addItem(item)
            ids = [z.id for z in scene.zones]
            if ids:
                self.zone_list.setCurrentRow(ids.index(current) if current in ids else 0)
        self._show_zone(scene)

    def _show_zone(self, scene: Scene | None) -> None:
        if scene is None:
            return
        zone = next((z for z in scene.zones if z.id == self.current_zone_id()), None)
        for widget in (self.zone_name_edit, self.adjacent_list, self.zone_aspects, self.remove_zone_button):
            widget.setEnabled(zone is not None)
        set_text(self.zone_name_edit, zone.name if zone else "")
        self.zone_aspects.set_aspects(zone.aspects if zone else [])
        with QSignalBlocker(self.adjacent_list):
            self.adjacent_list.clear()
            for other in scene.zones:
                if zone is None or other.id == zone.id:
                    continue
                item = QListWidgetItem(other.name.strip() or _("Unnamed zone"))
                item.setData(ID_ROLE, other.id)
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                linked = adjacent(scene, zone.id, other.id)
                item.setCheckState(Qt.CheckState.Checked if linked else Qt.CheckState.Unchecked)
                self.adjacent_list.addItem(item)
            if zone is not None and self.adjacent_list.count() == 0:
                hint = QListWidgetItem(_("Add another zone to connect this one to it."))
                hint.setFlags(Qt.ItemFlag.NoItemFlags)
                self.adjacent_list.addItem(hint)

    def _show_present(self, scene: Scene) -> None:
        scroll = self.present_list.verticalScrollBar().value()
        with QSignalBlocker(self.present_list):
            self.present_list.clear()
            entities = self.document.entities()
            for title, kinds in _PRESENT_GROUPS:
                members = [e for e in entities if kind_of(e) in kinds]
                if not members:
                    continue
                header = QListWidgetItem(_(title))
                font = QFont(header.font())
                font.setBold(True)
                header.setFont(font)
                header.setFlags(Qt.ItemFlag.ItemIsEnabled)
                self.present_list.addItem(header)
                for entity in members:
                    kind = kind_of(entity)
                    item = QListWidgetItem(icon(BY_KEY[kind].icon), display_name(entity))
                    item.setToolTip(_(BY_KEY[kind].singular))
                    item.setData(ID_ROLE, entity.id)
                    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                    on = entity.id in scene.present
                    item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
                    self.present_list.addItem(item)
        self.present_list.verticalScrollBar().setValue(scroll)

    def _others_changed(self, entity_id: str) -> None:
        scene = self.entity
        if scene is not None:
            self._show_present(scene)  # names, new and deleted entries

    # --- editing ---------------------------------------------------------------------------

    def add_zone(self) -> None:
        if self.edit(add_zone, _("Add zone")):
            self.zone_list.setCurrentRow(self.zone_list.count() - 1)
            self.zone_name_edit.setFocus()
            self.zone_name_edit.selectAll()

    def remove_zone(self) -> None:
        zone_id = self.current_zone_id()
        if zone_id:
            self.edit(lambda s: remove_zone(s, zone_id), _("Remove zone"))

    def _rename_zone(self, text: str) -> None:
        zone_id = self.current_zone_id()
        if zone_id:
            self.edit(lambda s: update_zone(s, zone_id, name=text), _("Rename zone"), ("zone-name", zone_id))

    def _adjacency_changed(self, item: QListWidgetItem) -> None:
        zone_id, other = self.current_zone_id(), item.data(ID_ROLE)
        if not zone_id or not other:
            return
        on = item.checkState() == Qt.CheckState.Checked
        self.edit(lambda s: set_adjacent(s, zone_id, other, on), _("Connect zones") if on else _("Separate zones"))

    def _zone_aspects_edited(self, aspects: list, text: str) -> None:
        zone_id = self.current_zone_id()
        if zone_id:
            self.edit(lambda s: update_zone(s, zone_id, aspects=aspects), text, _merge(zone_id, self.zone_aspects))

    def _present_changed(self, item: QListWidgetItem) -> None:
        entity_id = item.data(ID_ROLE)
        if not entity_id:
            return
        on = item.checkState() == Qt.CheckState.Checked
        name = item.text()
        self.edit(lambda s: set_present(s, entity_id, on),
                  (_("Bring {name} into the zone") if on else _("Move {name} out of the zone")).format(name=name))

    def present_item(self, entity_id: str) -> QListWidgetItem | None:
        for i in range(self.present_list.count()):
            if self.present_list.item(i).data(ID_ROLE) == entity_id:
                return self.present_list.item(i)
        return None
