"""The dice dock: the roll panel for whoever's sheet is open, and the session's roll log.

It follows the open character ("Who" defaults to it). A roll is applied with Apply (one undo
step) and the panel then starts afresh, with no invokes. The log is the current session's,
kept in the campaign file, and every session's log can be exported as text.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QDockWidget, QFileDialog, QFrame, QHBoxLayout, QLabel, QListWidget, QPushButton, QScrollArea, QVBoxLayout,
    QWidget,
)

from fate_desk.i18n import _
from fate_desk.model import Character
from fate_desk.rules.play.fate_points import holder_name, ledger_totals
from fate_desk.rules.play.actions import roll_log, roll_log_text
from fate_desk.rules.play.roll import Dice, DiceSource
from fate_desk.store.atomic import write_text_atomic

from .roll_dialog import apply_panel, ask_set_aside, block_harm, invokes_on, set_aside_panel, show_what_needs_the_player
from ..widgets import StackWhenNarrow, escape
from .roll_panel import RollPanel


class _WideEnough(QObject):
    """The dock is never narrower than what its fields need: in a language with longer words (a
    German "Einsatz zum Neuwürfeln") they were cut at its right edge."""

    def __init__(self, scroll: QScrollArea):
        super().__init__(scroll)
        self.scroll = scroll
        scroll.widget().installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Show, QEvent.Type.FontChange):
            bar = self.scroll.verticalScrollBar().sizeHint().width()
            needed = watched.minimumSizeHint().width() + bar
            if self.scroll.minimumWidth() != needed:
                self.scroll.setMinimumWidth(needed)
        return False


class DiceDock(QDockWidget):
    """Roll, invoke after the dice, apply; the current session's roll log below."""

    def __init__(self, parent: QWidget | None = None, dice: DiceSource | None = None):
        super().__init__(_("Dice"), parent)
        self.setObjectName("diceDock")
        self.dice = dice or Dice()
        self.document = None
        self.panel: RollPanel | None = None
        self.export_dialog: QFileDialog | None = None
        body = QWidget()
        self.body_layout = QVBoxLayout(body)
        self.placeholder = QLabel(_("Open a campaign to roll dice."))
        self.body_layout.addWidget(self.placeholder)
        buttons = QHBoxLayout()
        self.apply_button = QPushButton(_("A&pply the roll"))
        self.apply_button.setToolTip(_("Pay the invokes, use up free invokes, put advantages and boosts on the "
                                       "scene and log the roll (one undo step)"))
        self.apply_button.setEnabled(False)
        self.aside_button = QPushButton(_("Set as&ide"))
        self.aside_button.setToolTip(_("Drop the thrown roll unapplied: nothing is paid, its dice stay in the roll log"))
        self.aside_button.setEnabled(False)
        self.question = None  # "Set the roll aside?", when the roll has invokes
        self.hit_dialog = None  # Take a hit after missing a harmful block
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.aside_button)
        buttons.addStretch(1)
        self.body_layout.addLayout(buttons)
        log_head = QHBoxLayout()
        self.log_title = QLabel("<b>{}</b>".format(_("Roll log")))
        self.log_title.setWordWrap(True)  # "Würfelprotokoll, Sitzung 2" beside its button cut the dock
        self.export_button = QPushButton(_("E&xport roll log…"))
        log_head.addWidget(self.log_title, 1)
        log_head.addWidget(self.export_button)
        self.body_layout.addLayout(log_head)
        # Rows of buttons go one under another when the dock is too narrow for them in a language
        # with longer words: nothing is cut at its right edge.
        self._narrow = [StackWhenNarrow(row, self) for row in (buttons, log_head)]
        self.log = QListWidget()
        self.log.setAccessibleName(_("Roll log"))
        self.log.setWordWrap(True)
        self.log.setMinimumHeight(120)
        self.body_layout.addWidget(self.log)
        self.ledger_label = QLabel()
        self.ledger_label.setWordWrap(True)
        self.ledger_label.setObjectName("ledgerLabel")
        self.body_layout.addWidget(self.ledger_label)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # reached through its fields: it scrolls to the focused one
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # fields wrap and shrink
        scroll.setWidget(body)
        self.scroll_area = scroll
        self.setWidget(scroll)
        self._wide_enough = _WideEnough(scroll)
        self.apply_button.clicked.connect(self.apply)
        self.aside_button.clicked.connect(self.set_aside)
        self.export_button.clicked.connect(self.ask_export)
        self.set_document(None)

    # --- the document ---------------------------------------------------------------

    def set_document(self, document) -> None:
        self.document = document
        if self.panel is not None:
            self.panel.hide()
            self.panel.deleteLater()
            self.panel = None
        self.placeholder.setVisible(document is None)
        self.export_button.setEnabled(document is not None)
        if document is not None:
            self.panel = RollPanel(document, self, self)
            self.body_layout.insertWidget(0, self.panel)
            self.panel.rolled.connect(self._rolled)
            self.panel.refused.connect(lambda: show_what_needs_the_player(self.scroll_area, self.panel))
            document.when_entries_come_or_go(self._refill)
            document.campaignChanged.connect(self._show_log)
        self._rolled()
        self._show_log()

    def _rolled(self) -> None:
        thrown = self.panel is not None and self.panel.roll is not None
        if thrown:
            show_what_needs_the_player(self.scroll_area, self.panel)
        self.apply_button.setEnabled(thrown)
        self.aside_button.setEnabled(thrown)

    def throw(self) -> tuple[int, ...]:
        """The panel throws through the dock, so a test or a screenshot can swap `dice` at any time."""
        return self.dice.throw()

    def _refill(self, *_args) -> None:
        if self.panel is not None and self.document is not None:
            self.panel.fill()

    def follow(self, entity_id: str | None) -> None:
        """The open sheet changed: roll for that character (anything else leaves Who as it is)."""
        if self.panel is None or self.document is None:
            return
        if self.panel.roll is not None:
            return  # a thrown roll stays whose it is until it is applied or set aside
        if isinstance(self.document.entity(entity_id) if entity_id else None, Character):
            self.panel.select_character(entity_id)

    def character(self) -> Character | None:
        return self.panel.character() if self.panel else None

    # --- applying and the log ----------------------------------------------------------

    def apply(self) -> bool:
        """Apply the finished roll (one undo step); the panel then starts afresh, no invokes."""
        if self.panel is None:
            return False
        roll = self.panel.roll
        if not apply_panel(self.document, self.panel):
            show_what_needs_the_player(self.scroll_area, self.panel)
            return False
        # A missed overcome against a harmful block: the roller takes its hit.
        self.hit_dialog = block_harm(self.document, self.panel, roll, self)
        self.panel.reset()
        self._rolled()
        return True

    def set_aside(self) -> None:
        """Drop the thrown roll unapplied (logged); with invokes on it, only after asking."""
        if self.panel is None or self.panel.roll is None:
            return
        if invokes_on(self.panel.roll):
            self.question = ask_set_aside(self, invokes_on(self.panel.roll), self._set_aside)
        else:
            self._set_aside()

    def _set_aside(self) -> None:
        set_aside_panel(self.document, self.panel)
        self._rolled()

    def _show_log(self) -> None:
        self.log.clear()
        if self.document is None:
            self.log_title.setText("<b>{}</b>".format(_("Roll log")))
            self.ledger_label.clear()
            return
        session = self.document.campaign.clock.session
        self.log_title.setText("<b>{}</b>".format(_("Roll log, session {number}").format(number=session)))
        for line in reversed(roll_log(self.document.campaign)):
            self.log.addItem(line)
        self.ledger_label.setText(ledger_html(self.document.campaign))

    def log_lines(self) -> list[str]:
        return roll_log(self.document.campaign) if self.document else []

    def export_log(self, path: Path) -> None:
        write_text_atomic(Path(path), roll_log_text(self.document.campaign))

    def ask_export(self) -> QFileDialog | None:
        """Ask where to write the roll log (without blocking); the chosen file is written at once."""
        if self.document is None:
            return None
        suggested = self.document.path.with_name(_("{campaign} rolls.txt").format(campaign=self.document.path.stem))
        dialog = QFileDialog(self, _("Export the roll log"), str(suggested), _("Text files (*.txt)"))
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("txt")
        dialog.selectFile(str(suggested))
        dialog.fileSelected.connect(self._export_to)
        self.export_dialog = dialog
        dialog.open()
        return dialog

    def _export_to(self, path: str) -> None:
        try:
            self.export_log(Path(path))
        except OSError as exc:
            self.log_title.setText(_("<b>Roll log</b> — not exported: {reason}").format(
                reason=escape(exc.strerror or str(exc))))
            return
        self.log_title.setText(_("<b>Roll log</b> — exported to {file}").format(file=escape(Path(path).name)))


def ledger_html(campaign) -> str:
    """The session's fate points in and out, per character and the GM's pool."""
    totals = ledger_totals(campaign)
    if not totals:
        return "<small>{}</small>".format(_("No fate points gained or spent this session yet."))
    rows = "".join(
        f"<tr><td>{escape(holder_name(campaign, who))}</td><td align='right'>+{gained}</td>"  # i18n: markup only
        f"<td align='right'>−{spent}</td></tr>"
        for who, (gained, spent) in totals.items()
    )
    head = "<tr><th align='left'>{}</th><th>{}</th><th>{}</th></tr>".format(_("Who"), _("Gained"), _("Spent"))  # i18n: markup only
    return "<b>{}</b><table cellspacing='6'>".format(_("Fate points this session")) + head + rows + "</table>"  # i18n: markup only
