"""A parcel of loot clears Wealth boxes: the player picks which marked boxes, worth the parcel or less.

Fate System Toolkit, "Wealth": "Acquiring a parcel of Wealth lets you clear any number of stress
boxes whose total values don't exceed the parcel's value." The dialog only collects the choice;
the sheet hands it to `rules.harm.tracks.clear_parcel` in one undo step.
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout

from fate_desk.i18n import _
from fate_desk.model import Character
from fate_desk.rules.creation.extras import custom_track_boxes


class ParcelDialog(QDialog):
    def __init__(self, character: Character, track_id: str, parent=None):
        super().__init__(parent)
        self.setObjectName("parcelDialog")
        track = next(t for t in character.all_tracks() if t.id == track_id)
        self.setWindowTitle(_("Loot for {track}").format(track=track.name))
        values = custom_track_boxes(character, track)
        layout = QVBoxLayout(self)
        intro = QLabel(_("A parcel of loot clears marked boxes whose values together are no more than the "
                         "parcel's value; a box worth more than the parcel stays marked."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.parcel = QSpinBox()
        self.parcel.setRange(1, 20)
        self.parcel.setValue(max((values[p] for p in character.stress.get(track_id, []) if p < len(values)), default=1))
        self.parcel.setAccessibleName(_("The parcel's value"))
        form.addRow(_("The parcel is &worth:"), self.parcel)
        layout.addLayout(form)
        self.boxes: dict[int, QCheckBox] = {}
        for position in character.stress.get(track_id, []):
            if position < len(values):
                box = QCheckBox(_("Box {number}, worth {value}").format(number=position + 1, value=values[position]))
                box.setProperty("value", values[position])
                box.toggled.connect(self._check)
                self.boxes[position] = box
                layout.addWidget(box)
        self.total = QLabel()
        layout.addWidget(self.total)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Clear these boxes"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.parcel.valueChanged.connect(self._check)
        self._check()

    def chosen(self) -> list[int]:
        return [p for p, box in self.boxes.items() if box.isChecked()]

    def _check(self) -> None:
        parcel = self.parcel.value()
        for box in self.boxes.values():
            fits = box.property("value") <= parcel
            box.setEnabled(fits)
            if not fits:
                box.setChecked(False)
        worth = sum(box.property("value") for box in self.boxes.values() if box.isChecked())
        self.total.setText(_("Chosen: worth {worth} of the parcel's {parcel}.").format(worth=worth, parcel=parcel))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.chosen()) and worth <= parcel)
