"""What the conflict, contest and challenge panels share: one undo step per play action, the
current scene, rolls with the desk's dice, and character pickers."""

from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QHeaderView, QLabel, QTableWidget, QWidget

from fate_desk.i18n import _, rules_text
from fate_desk.model import Campaign, Character, ladder_label
from fate_desk.rules.play.dice import Dice
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.play.roll import faces_text
from fate_desk.rules.play.table import current_scene

from ..widgets import escape
from ..theme import status_colour


def play(document, operation: Callable[[Campaign], Campaign], text: str, status: QLabel | None = None) -> bool:
    """Apply a core operation to the campaign as one undo step; a refusal is shown, nothing changes."""
    try:
        done = document.edit_campaign(operation, text)
    except Refused as exc:
        if status is not None:
            status.setText(f"<span style='color:{status_colour('error')}'>{escape(str(exc))}</span>")  # i18n: not shown (markup)
        return False
    if status is not None:
        status.setText("")
    return done


def scene_now(document):
    """The scene being played (the latest not yet ended), or None."""
    return current_scene(document.campaign) if document is not None else None


def throw(dice: Dice, rating: int, bonus: int = 0) -> tuple[tuple[int, ...], int]:
    """Four Fate dice and the effort they make with a rating and a bonus (teamwork, stunts)."""
    faces = dice.throw()
    return faces, sum(faces) + rating + bonus




def roll_text(name: str, skill: str, rating: int, faces, effort: int, bonus: int = 0) -> str:
    values = dict(name=name, skill=rules_text(skill) if skill else _("no skill"), rating=ladder_label(rating),
                  bonus=bonus, faces=faces_text(faces), effort=ladder_label(effort))
    if bonus:
        return _("{name}: {skill} {rating} +{bonus} teamwork, [{faces}] → {effort}").format(**values)
    return _("{name}: {skill} {rating}, [{faces}] → {effort}").format(**values)


def fill_characters(combo: QComboBox, characters: list[Character], none: str | None = None) -> None:
    combo.clear()
    if none is not None:
        combo.addItem(none, None)
    for character in characters:
        combo.addItem(character.name or _("(unnamed)"), character.id)


def skill_key(combo: QComboBox) -> str:
    """The skill chosen in a skill combo, by the rule set's own (English) name kept in the item's
    data; in an editable combo, a name typed that is no item's comes back as typed."""
    text = combo.currentText().strip()
    index = combo.currentIndex()
    if index < 0 or combo.itemText(index).strip() != text:
        index = combo.findText(text)  # the shown (translated) name typed or set by hand
    if index >= 0:
        key = combo.itemData(index)
        return key if isinstance(key, str) and key else text
    return text


def select_skill(combo: QComboBox, key: str | None) -> bool:
    """Choose the item whose data is the skill `key`; False when the combo has no such skill."""
    index = combo.findData(key) if key else -1
    if index >= 0:
        combo.setCurrentIndex(index)
    return index >= 0


def add_skills(combo: QComboBox, names) -> None:
    """Skills shown in the interface language; the rule set's name stays in the item's data."""
    for name in names:
        combo.addItem(rules_text(name), name)


def fill_skills(combo: QComboBox, character: Character | None, ruleset_skills: list[str]) -> None:
    """The character's skills first (best first), then the rest of the rule set's list."""
    current = skill_key(combo) if combo.count() or combo.isEditable() else ""
    combo.clear()
    own = sorted((character.skills if character else {}).items(), key=lambda kv: -kv[1])
    names = [name for name, _rating in own] + [s for s in ruleset_skills if not character or s not in character.skills]
    add_skills(combo, names)
    if current in names:
        select_skill(combo, current)


def in_scene(document, scene) -> list[Character]:
    """The characters present in the scene, or every character when nobody is marked present."""
    characters = document.campaign.characters
    if scene is not None and scene.present:
        present = [c for c in characters if c.id in scene.present]
        if present:
            return present
    return list(characters)


def status_label(parent: QWidget | None = None) -> QLabel:
    label = QLabel(parent)
    label.setWordWrap(True)
    return label


def ok_cancel(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    """OK (named for what it does) and Cancel, wired to the dialog."""
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.button(QDialogButtonBox.StandardButton.Ok).setText(ok_text)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


def who_and_skill(document, characters: list[Character], ruleset) -> tuple[QComboBox, QComboBox]:
    """A character picker and a skill picker that follows it (the character's skills first)."""
    who = QComboBox()
    fill_characters(who, characters)
    skill = QComboBox()
    skill.setEditable(True)

    def refill() -> None:
        fill_skills(skill, document.campaign.character(who.currentData()), ruleset.skills)

    who.currentIndexChanged.connect(lambda _index: refill())
    refill()
    return who, skill


def rows_table(headers: list[str], width: int, height: int) -> QTableWidget:
    """The table of a start dialog: one row of editors per side or task."""
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().hide()
    table.setMinimumSize(width, height)
    return table
