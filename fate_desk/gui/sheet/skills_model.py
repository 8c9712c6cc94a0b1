"""The skills of one character as a Qt item model, shared by the table and the pyramid."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QFont

from fate_desk.i18n import _, rules_text
from fate_desk.model import Character, ladder_label
from fate_desk.model.limits import MAX_SKILLS
from fate_desk.rules import Level, Problem, RuleSet
from fate_desk.rules.creation.extras import SkillParts, skill_parts

from ..icons import icon


class SkillRole(IntEnum):
    NAME = Qt.ItemDataRole.UserRole + 1  # str: the skill's name
    RATING = Qt.ItemDataRole.UserRole + 2  # int: its rating (0 when Mediocre)
    CUSTOM = Qt.ItemDataRole.UserRole + 3  # bool: not on the rule set's list
    PROBLEM = Qt.ItemDataRole.UserRole + 4  # Problem | None: the worst problem naming this skill
    SORT = Qt.ItemDataRole.UserRole + 5  # name (column 0) or rating (column 1), for sorting


NAME_COLUMN, RATING_COLUMN = 0, 1


def capitalised(text: str) -> str:
    """`text` with its first letter made a capital (the rest left as it is, unlike str.capitalize)."""
    return text[:1].upper() + text[1:]
_ORDER = {Level.ERROR: 0, Level.WARNING: 1, Level.INFO: 2}


class SkillsModel(QAbstractTableModel):
    """Rows: the rule set's skills in list order, then the character's custom skills.

    A skill's rating is the sheet's (through its mode where the rule set rates skills by modes:
    Atomic Robo); where a switched-on extra grants it higher or adds a bonus, the rating as
    played is shown beside it with its source, so the sheet agrees with the dice.

    The model never changes the character itself: `ratingEdited(name, rating)` asks the sheet
    to make the change through the undo stack, and `set_character` brings the result back.
    """

    ratingEdited = Signal(str, int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.character: Character | None = None
        self.ruleset: RuleSet | None = None
        self._rows: list[str] = []
        self._row_of: dict[str, int] = {}
        self._problems: dict[str, Problem] = {}
        self._parts: dict[str, SkillParts] = {}
        self._ratings: dict[str, int] = {}  # by name regardless of case: a lookup, never a search
        self._listed: frozenset[str] = frozenset()
        self.hidden = 0  # custom skills past the limit of what a sheet shows (fate_desk.model.limits)

    def set_character(self, character: Character, ruleset: RuleSet, problems: list[Problem] = ()) -> None:
        listed = list(ruleset.skills)
        self._listed = frozenset(listed)
        self._parts = skill_parts(character, ruleset) if character.extras or ruleset.modes is not None else {}
        own = [*character.skills, *(k for k, p in self._parts.items() if p.played)]
        custom = sorted({s for s in own if s not in self._listed}, key=str.casefold)
        # A sheet shows at most what Fate Desk keeps; one kept from an older file past that shows
        # the first ones (the sheet says so), and costs no more to show than a full one.
        room = max(0, MAX_SKILLS - len(listed))
        self.hidden = max(0, len(custom) - room)
        rows = listed + custom[:room]
        self._ratings = {}
        for name, rating in character.skills.items():
            self._ratings.setdefault(name.casefold(), rating)
        self.character, self.ruleset = character, ruleset
        self._problems = {}
        for problem in sorted(problems, key=lambda p: _ORDER[p.severity]):
            if problem.path.startswith("skills."):
                self._problems.setdefault(problem.path[len("skills."):], problem)
        if rows != self._rows:
            self.beginResetModel()
            self._rows = rows
            self._row_of = {name: row for row, name in enumerate(rows)}
            self.endResetModel()
        elif rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, 1))

    # --- reading ----------------------------------------------------------------------

    def skill_names(self) -> list[str]:
        return list(self._rows)

    def rating(self, name: str) -> int:
        """The sheet's rating (its mode's, where modes rate skills): the pyramid's row. From a table
        made once per change, never a search (the pyramid asks per chip)."""
        part = self._parts.get(name)
        if part is not None:
            return part.sheet
        if self.character is None:
            return 0
        found = self.character.skills.get(name)
        return found if found is not None else self._ratings.get(name.strip().casefold(), 0)

    def played(self, name: str) -> int:
        """The rating the dice use: the sheet's, with what switched-on extras grant or add."""
        part = self._parts.get(name)
        return part.played if part is not None else self.rating(name)

    def bonus_text(self, name: str) -> str:
        """'' when the dice use the sheet's rating; else what they use and why, in words:
        "rolled at Superb (+5): +1 from Arc Gauntlets"."""
        part = self._parts.get(name)
        if part is None or not part.from_extras:
            return ""
        sources = []
        if part.granted is not None:
            sources.append(_("{rating} from {extra}").format(rating=ladder_label(part.granted[1]),
                                                             extra=part.granted[0] or _("an extra")))
        for extra, bonus in part.bonuses:
            sources.append(_("{bonus:+d} from {extra}").format(bonus=bonus, extra=extra or _("an extra")))
        return _("rolled at {rating}: {sources}").format(rating=ladder_label(part.played), sources=", ".join(sources))

    def badge(self, name: str) -> str:
        """What the pyramid adds to a skill's chip when the dice use more (or less) than its row."""
        part = self._parts.get(name)
        if part is None or not part.from_extras or part.played == part.sheet:
            return ""
        return f"{part.played - part.sheet:+d}"

    def mode_text(self, name: str) -> str:
        """The mode that trains a skill (Atomic Robo), in words; '' for other rule sets."""
        part = self._parts.get(name)
        if part is None or part.mode is None:
            return ""
        return _("trained by the {mode} mode").format(mode=rules_text(part.mode))

    def row_of(self, name: str) -> int:
        return self._row_of.get(name, -1)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else 2

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            word = capitalised(rules_text(self.ruleset.skill_word, self.ruleset)) if self.ruleset else _("Skill")
            return (word, _("Rating"))[section]
        return None

    def flags(self, index):
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.column() == RATING_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.character is None:
            return None
        name = self._rows[index.row()]
        rating = self.rating(name)
        problem = self._problems.get(name)
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == NAME_COLUMN:
                # Shown in the interface language; the English name stays the key (EditRole, NAME).
                own = self.character is not None and name in self.character.skills  # not only an extra's
                return _("{name} (custom)").format(name=name) if self._custom(name) and own else self.shown_name(name)
            bonus = self.bonus_text(name)
            return _("{rating}, {bonus}").format(rating=ladder_label(rating), bonus=bonus) if bonus \
                else ladder_label(rating)
        if role == Qt.ItemDataRole.EditRole:
            return name if column == NAME_COLUMN else rating
        if role == Qt.ItemDataRole.DecorationRole and column == NAME_COLUMN and problem:
            return icon(problem.severity.value)
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [text for text in (problem.message if problem else "", self.mode_text(name),
                                       self.bonus_text(name)) if text]
            return "\n".join(lines) or None
        if role == Qt.ItemDataRole.FontRole and column == RATING_COLUMN and rating == 0:
            font = QFont()  # set apart by italics, not a pale grey that fails contrast
            font.setItalic(True)
            return font
        if role == SkillRole.NAME:
            return name
        if role == SkillRole.RATING:
            return rating
        if role == SkillRole.CUSTOM:
            return self._custom(name)
        if role == SkillRole.PROBLEM:
            return problem
        if role == SkillRole.SORT:
            return self.shown_name(name).casefold() if column == NAME_COLUMN else rating
        return None

    def shown_name(self, name: str) -> str:
        """A skill's name as the sheet shows it: the rule set's names translated, the user's own
        (custom) names as typed."""
        return name if self._custom(name) else rules_text(name, self.ruleset)

    def _custom(self, name: str) -> bool:
        return self.ruleset is not None and name not in self._listed

    # --- editing ------------------------------------------------------------------------

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or index.column() != RATING_COLUMN or self.character is None:
            return False
        try:
            rating = int(value)
        except (TypeError, ValueError):
            return False
        name = self._rows[index.row()]
        if rating == self.rating(name):
            return False
        self.ratingEdited.emit(name, rating)
        return True

    def set_rating(self, name: str, rating: int) -> bool:
        row = self.row_of(name)
        return row >= 0 and self.setData(self.index(row, RATING_COLUMN), rating)
