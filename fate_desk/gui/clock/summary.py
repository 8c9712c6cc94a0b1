"""What a clock step changed, per character: stress cleared, consequences, fate points, GM pool."""

from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox, QLabel, QTextBrowser, QWidget

from fate_desk.rules.clock.timeline import ClockResult

from ..dialogs.base import FormDialog
from ..forms import child
from ..widgets import escape


def summary_html(result: ClockResult) -> str:
    """One section per character that changed, then what was logged."""
    parts = []
    for report in result.reports:
        lines = "".join(f"<li>{escape(line)}</li>" for line in report.lines if line)
        parts.append(f"<h3>{escape(report.name)}</h3><ul>{lines or '<li>Recorded in the history.</li>'}</ul>")
    if not result.reports:
        parts.append("<p>No character changed.</p>")
    parts.append(f"<h3>GM fate points</h3><p>{result.campaign.gm_fate_points} in the pool now.</p>")
    logged = "".join(f"<li>{escape(line)}</li>" for line in result.events)
    parts.append(f"<h3>Logged</h3><ul>{logged}</ul>")
    return "".join(parts)


class SummaryDialog(FormDialog):
    def __init__(self, title: str, result: ClockResult, parent: QWidget | None = None):
        super().__init__("table_summary", title, parent)
        child(self.form, QLabel, "headingLabel").setText(
            f"<b>{escape(title)}</b> — done. Edit ▸ Undo takes it all back in one step.")
        self.browser: QTextBrowser = child(self.form, QTextBrowser, "summaryBrowser")
        self.browser.setHtml(summary_html(result))
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        self.resize(600, 480)

    def text(self) -> str:
        return self.browser.toPlainText()
