"""What a clock step changed, per character: stress cleared, consequences, fate points, GM pool."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QLabel, QTextBrowser, QWidget

from fate_desk.i18n import _
from fate_desk.rules.clock.timeline import ClockResult

from ..dialogs.base import FormDialog
from ..forms import child
from ..widgets import escape


def summary_html(result: ClockResult) -> str:
    """One section per character that changed, then what was logged."""
    parts = []
    for report in result.reports:
        lines = "".join(f"<li>{escape(line)}</li>" for line in report.lines if line)
        lines = lines or "<li>{}</li>".format(_("Recorded in the history."))
        parts.append(f"<h3>{escape(report.name)}</h3><ul>{lines}</ul>")
    if not result.reports:
        parts.append("<p>{}</p>".format(_("No character changed.")))
    pool = _("{count} in the pool now.").format(count=result.campaign.gm_fate_points)
    parts.append("<h3>{}</h3><p>{}</p>".format(_("GM fate points"), pool))
    logged = "".join(f"<li>{escape(line)}</li>" for line in result.events)
    parts.append("<h3>{}</h3><ul>{}</ul>".format(_("Logged"), logged))
    return "".join(parts)


class SummaryDialog(FormDialog):
    def __init__(self, title: str, result: ClockResult, parent: QWidget | None = None):
        super().__init__("table_summary", title, parent)
        child(self.form, QLabel, "headingLabel").setText(
            _("<b>{step}</b> — done. Edit ▸ Undo takes it all back in one step.").format(step=escape(title)))
        self.browser: QTextBrowser = child(self.form, QTextBrowser, "summaryBrowser")
        self.browser.setHtml(summary_html(result))
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        self.resize(600, 480)

    def text(self) -> str:
        return self.browser.toPlainText()
