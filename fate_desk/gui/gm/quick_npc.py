"""The Quick NPC dialog: one typed line becomes a minor NPC, with a live preview of what was understood."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QDialogButtonBox, QLabel, QLineEdit

from fate_desk.i18n import _, rules_text
from fate_desk.model import Character, ladder_label
from fate_desk.rules.prep.quick_npc import parse_quick_npc

from ..dialogs.base import FormDialog
from ..forms import child


def describe_npc(character: Character, notes: list[str]) -> str:
    """The preview, as rich text: every part of the line and what it became."""
    def row(title: str, value: str) -> str:
        return f"<tr><td><b>{title}</b>&nbsp;&nbsp;</td><td>{value}</td></tr>"

    boxes = sum(len(v) for v in (character.stress_boxes or {}).values())
    none = _("<i>none</i>")
    rows = [row(_("Name"), escape(character.name))]
    rows.append(row(_("Aspects"), "<br>".join(escape(a.text) for a in character.aspects) or none))
    skills = [_("{rating} at {skill}").format(rating=ladder_label(r), skill=escape(rules_text(n)))
              for n, r in character.skills.items()]
    rows.append(row(_("Skills"), "<br>".join(skills) or none))
    if character.stunts:
        rows.append(row(_("Stunt"), "<br>".join(escape(s.text) for s in character.stunts)))
    rows.append(row(_("Stress"), _("{boxes} ({count})").format(boxes=("☐ " * boxes).strip(), count=boxes) if boxes
                    else _("none: one hit takes them out")))
    text = "<table>" + "".join(rows) + "</table>"
    if notes:
        text += "".join(f"<p><small>{escape(n)}</small></p>" for n in notes)
    return text


class QuickNpcDialog(FormDialog):
    """Enter (or Create) adds the NPC; nothing is made while the line cannot be read."""

    def __init__(self, track: str = "stress", ruleset_id: str = "fate-condensed", parent=None):
        super().__init__("gm_quick_npc", _("Quick NPC"), parent)
        self.track = track
        self.ruleset_id = ruleset_id
        self.line_edit: QLineEdit = child(self.form, QLineEdit, "lineEdit")
        self.preview: QLabel = child(self.form, QLabel, "previewLabel")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(_("Create NPC"))
        self.ok.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.line_edit.textChanged.connect(self._update)
        self._character: Character | None = None
        self._update("")
        self.fit(560)

    def _update(self, line: str) -> None:
        if not line.strip():
            self._character = None
            self.preview.setText(_("<i>Nothing typed yet.</i>"))
        else:
            try:
                parsed = parse_quick_npc(line, self.track)
            except ValueError as exc:
                self._character = None
                self.preview.setText(f"⚠ {escape(str(exc))}")
            else:
                self._character = parsed.character.model_copy(update={"ruleset": self.ruleset_id})
                self.preview.setText(describe_npc(self._character, parsed.notes))
        self.ok.setEnabled(self._character is not None)
        if self.isVisible() or line:
            self.fit(max(560, self.width()))  # the preview grows with the line: never clip it

    def accept(self) -> None:
        if self._character is not None:  # Enter on a line that cannot be read does nothing
            super().accept()

    def character(self) -> Character | None:
        return self._character
