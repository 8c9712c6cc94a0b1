"""Choosing skill raises: each +1 is offered only while it is legal together with those chosen."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QToolButton, QVBoxLayout, QWidget

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import Character, ladder_label
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.grants import skill_cap
from fate_desk.rules.advancement.raises import raise_problems

from ..sheet.common import style_hint
from ..widgets import escape


class RaisesPicker(QWidget):
    """A row per skill with + and −; the points on hand, and why a raise cannot be added now."""

    changed = Signal()

    def __init__(self, character: Character, ruleset: RuleSet, points: int, parent: QWidget | None = None,
                 cap: int | None = None, above_cap: int = 0, scrolls: bool = True):
        super().__init__(parent)
        self.character = character
        self.ruleset = ruleset
        self.points = points
        # The rule set's skill cap (by default the character's current one), and how many may pass it.
        self.cap = cap if cap is not None else skill_cap(character, ruleset)
        self.above_cap = above_cap
        self.chosen: list[str] = []
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        outer.addWidget(self.summary)
        body = QWidget()
        self.grid = QGridLayout(body)
        self.grid.setContentsMargins(0, 0, 6, 0)
        self.grid.setHorizontalSpacing(8)
        self.grid.setVerticalSpacing(2)
        self.grid.setColumnStretch(4, 1)
        if scrolls:
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # reached through its fields: it scrolls to the focused one
            scroll.setFrameShape(QFrame.Shape.StyledPanel)
            scroll.setWidget(body)
            scroll.setMinimumHeight(180)
            outer.addWidget(scroll)
        else:  # inside a dialog that scrolls already: one scrollbar, never one inside another
            outer.addWidget(body)
        self.rows: dict[str, tuple[QLabel, QLabel, QToolButton, QToolButton, QLabel]] = {}
        names = list(ruleset.skills) + sorted(n for n in character.skills if n not in ruleset.skills)
        order = {n: i for i, n in enumerate(names)}
        names.sort(key=lambda n: (-character.rating(n), order[n]))
        for row, name in enumerate(names):
            label, rating = QLabel(rules_text(name)), QLabel()
            label.setTextFormat(Qt.TextFormat.PlainText)
            minus, plus = QToolButton(), QToolButton()
            minus.setText("−")
            plus.setText("+")
            minus.setAccessibleName(_("Take back a raise of {skill}").format(skill=rules_text(name)))
            plus.setAccessibleName(_("Raise {skill}").format(skill=rules_text(name)))
            plus.setObjectName(f"raise_{name}")
            minus.setObjectName(f"lower_{name}")
            reason = QLabel()
            reason.setWordWrap(True)
            style_hint(reason)  # readable, not disabled-grey
            # The buttons sit before the rating, whose text grows with a raise ("Fair (+2) →
            # Good (+3)"): after it they moved, and a second click landed elsewhere.
            for col, widget in enumerate((label, minus, plus, rating, reason)):
                self.grid.addWidget(widget, row, col, Qt.AlignmentFlag.AlignVCenter)
            plus.clicked.connect(lambda _checked=False, n=name: self.add(n))
            minus.clicked.connect(lambda _checked=False, n=name: self.take_back(n))
            self.rows[name] = (label, rating, minus, plus, reason)
        self._update()

    def set_points(self, points: int) -> None:
        self.points = points
        while len(self.chosen) > points:
            self.chosen.pop()
        self._update()

    def can_add(self, name: str) -> tuple[bool, str]:
        if len(self.chosen) >= self.points:
            return False, ""
        problems = raise_problems(self.character, self.ruleset, [*self.chosen, name], self.cap, self.above_cap)
        return not problems, " ".join(p.message for p in problems)

    def add(self, name: str) -> bool:
        ok, _why = self.can_add(name)
        if ok:
            self.chosen.append(name)
            self._update()
        return ok

    def take_back(self, name: str) -> None:
        if name in self.chosen:
            # The last raise of that skill goes: the order of the others is kept.
            index = len(self.chosen) - 1 - self.chosen[::-1].index(name)
            del self.chosen[index]
            self._update()

    def raises(self) -> tuple[str, ...]:
        return tuple(self.chosen)

    def problems(self):
        if not self.chosen:
            return []
        return raise_problems(self.character, self.ruleset, list(self.chosen), self.cap, self.above_cap)

    def _update(self) -> None:
        # Rows keep the height they are shown at: a reason that goes (no point left to spend)
        # must not pull the rows below it up under the pointer.
        for *_widgets, reason in self.rows.values():
            if reason.isVisible() and reason.height() > reason.minimumHeight():
                reason.setMinimumHeight(reason.height())
        left = self.points - len(self.chosen)
        points = ngettext("<b>{count} skill point</b> to spend", "<b>{count} skill points</b> to spend",
                          self.points).format(count=self.points)
        saved = ngettext("{left} is saved for later", "{left} are saved for later", left).format(left=left)
        self.summary.setText(_("{points}: {chosen} chosen, {saved}. Raises land together, so a raise that needs "
                               "another one becomes possible once that one is chosen.").format(
            points=points, chosen=len(self.chosen), saved=saved))
        for name, (label, rating, minus, plus, reason) in self.rows.items():
            now = self.character.rating(name)
            steps = self.chosen.count(name)
            text = ladder_label(now) if not steps else f"{ladder_label(now)} → <b>{ladder_label(now + steps)}</b>"
            rating.setText(text)
            minus.setEnabled(steps > 0)
            ok, why = self.can_add(name)
            plus.setEnabled(ok)
            plus.setToolTip(why or _("Raise {skill} to {rating}").format(skill=rules_text(name),
                                                                          rating=ladder_label(now + steps + 1)))
            reason.setText(f"<small>{escape(_short(why))}</small>" if why else "")  # i18n: not shown (markup)
            reason.setToolTip(why)
        self.changed.emit()


def _short(message: str) -> str:
    """The gist of a refusal for a narrow row ('Superb (+5) would outnumber Great (+4).'); the
    whole message stays in the tooltip."""
    parts = message.split(": ")
    if len(parts) > 1 and "outnumber" in parts[1]:  # i18n: not shown
        return parts[1].split(". ")[0].rstrip(".") + "."
    return message
