"""How a campaign comes into the window, the same way whatever its size.

The document validates the campaign's entries a slice at a time (`CampaignDocument.start_loading`):
the first slice at once, then one a turn of the event loop. A campaign that fits in the first
slice is whole at once: at start-up the window joins it in that same turn, and chosen by the user
its first sheet and the rest of the window come a turn at a time, as for a bigger one, which shows
its first sheet while the rest comes in; every edit made meanwhile is saved as it is made. Once every
entry is in, the desks that go over the whole campaign (the table, conflicts) and the navigator
join it, a step a turn. An entry found bad ends the open as a refused one: the campaign open
before comes back. (A campaign the user chose is checked on a worker and opened in a turn
before the one the window takes it in: `CampaignDesk.open_chosen`.)
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, auto

from PySide6.QtCore import QObject
from shiboken6 import isValid

from fate_desk.i18n import _

from .opening import open_sample_copy
from .turns import after_paint, later


class Loading(Enum):
    """Where an opening campaign is."""

    TABS = auto()  # entries are coming in; the tabs open when it was last closed come first
    FIRST_PC = auto()  # no tab to bring back: the first player character's sheet, as soon as it is in
    SHEET = auto()  # a sheet is up (or the user opened one) while the rest comes in
    JOINING = auto()  # every entry is in: the rest of the window joins, a step a turn
    OPEN = auto()  # whole: everything is offered
    REFUSED = auto()  # an entry turned out bad: not opened, and the campaign before comes back


class OpeningSteps(QObject):
    """Takes one opened document from its file to a whole window; the window makes one for each
    document it is handed (`MainWindow.set_document`). `previous` is (path, read-only) of the
    campaign open before, opened again if this one is refused. `in_turns`: a campaign the user
    chose in the window shows its first sheet and joins the window in turns of their own even
    when it is whole at once, as a bigger one does (at start-up, and when the app itself opens
    one, a whole campaign is taken in one turn: nothing is on screen to keep answering)."""

    def __init__(self, window, document, previous: tuple | None, in_turns: bool = False):
        super().__init__(document)
        self.window, self.document, self.previous = window, document, previous
        self.in_turns = in_turns
        self.state = Loading.TABS
        self._pc_scan = 0  # characters looked at so far for the first player character
        document.loadStepped.connect(self._stepped)
        document.loaded.connect(self._loaded)
        document.loadFailed.connect(self._failed)

    @property
    def current(self) -> bool:
        # A window closed and deleted while its steps were still to come (they belong to the
        # document, which may outlive it) is no longer anyone's.
        return isValid(self.window) and self.window.document is self.document

    def start(self) -> None:
        """The first slice now; the rest in later turns, saying so in the status bar meanwhile."""
        self.document.start_loading()
        if self.document.loading and self.current:
            self.window.statusBar().showMessage(_("Opening the campaign…"))

    @property
    def keeps_tabs(self) -> bool:
        """While the tabs of last time are still to be brought back, the tabs now are not theirs."""
        return self.state is Loading.TABS

    def user_opened_a_sheet(self) -> None:
        """The user opened an entry while the campaign loads: no sheet of ours replaces it."""
        if self.state in (Loading.TABS, Loading.FIRST_PC):
            self.state = Loading.SHEET

    # --- while the entries come in -------------------------------------------------------------

    def _stepped(self) -> None:
        """A slice was validated. The first sheet: the tabs open last time (validated out of
        turn), or else the first player character as soon as it is in (the entries come in the
        file's order); built and shown in turns of their own."""
        if not self.current:
            return
        sheets = self.window.sheets
        if self.state is Loading.TABS:
            self.state = Loading.FIRST_PC
            current = sheets.restore_tabs(show=False)
            if current:
                self.state = Loading.SHEET
                self._sheet_in_turns(current)
            return
        if self.state is Loading.FIRST_PC:
            if self.window.tabs.count():  # the user opened one meanwhile
                self.state = Loading.SHEET
                return
            characters = self.document.campaign.characters
            first = next((c for c in characters[self._pc_scan:] if c.kind.value == "pc"), None)
            self._pc_scan = len(characters)
            if first is not None:
                self.state = Loading.SHEET
                self._sheet_in_turns(first.id)

    def _sheet_in_turns(self, entity_id: str, then: Callable[[], None] | None = None) -> None:
        """An entry's sheet while its campaign loads, a turn of the event loop for each part:
        built empty, filled in, put in its tab, laid out (still out of sight, over two turns: see
        EditorTabs.lay_out_prepared), shown; the loading waits those six turns. Each part is 10-30 ms of the GUI thread on a quiet machine; built
        and filled in one turn, a sheet was a wait of 45-60 ms, over the window's 50 at 10,000
        entries, and laid out as it showed, the turn that showed it was 30-45 ms. Each part is
        put off with `turns.later`: a zero timer started by the part before may run in the same
        turn as it. `then`, if given, comes in the turn after the last part, or after the part
        that found the sheet no longer wanted."""
        if self.document.loading:
            self.document.pause_loading(6)

        def wanted() -> bool:
            tabs = self.window.tabs
            # Not for another campaign, nor once the user has opened something else meanwhile.
            return self.current and not (tabs.count() and entity_id not in tabs.open_ids())

        def place() -> None:
            tabs = self.window.tabs
            tabs.blockSignals(True)  # the tab is made current here; its sheet is put in just below
            tabs.open(entity_id, lazy=True)
            tabs.setCurrentIndex(tabs.open_ids().index(entity_id))
            tabs.blockSignals(False)
            tabs.open(entity_id)  # takes the sheet built ahead (still hidden behind the loading page)

        parts = [
            lambda: self.window.tabs.prepare(entity_id),  # out of sight, empty
            lambda: self.window.tabs.fill_prepared(entity_id),
            place,
            lambda: self.window.tabs.lay_out_prepared(entity_id, passes=1),  # at the size it will show at
            lambda: self.window.tabs.lay_out_prepared(entity_id, passes=2),  # what the first pass's sizes undid
        ]

        def part(index: int) -> None:
            if index < len(parts) and wanted():
                parts[index]()
                later(self, lambda: part(index + 1))
                return
            if index == len(parts) and self.current:
                self.window.sheets.show_tabs_or_start()  # shown
            if then is not None:
                later(self, then)

        later(self, lambda: part(0))

    # --- whole ---------------------------------------------------------------------------------

    def _loaded(self) -> None:
        """Every entry is in: the rest of the window joins, each in a turn of its own for a
        campaign that took turns to load or that the user chose (its first sheet built in turns
        first), all at once for one that was whole at once when the app opened it."""
        if not self.current:
            return
        at_once = self.state is Loading.TABS  # whole in its first slice
        self.state = Loading.JOINING
        window = self.window
        if window.statusBar().currentMessage() == _("Opening the campaign…"):
            window.statusBar().clearMessage()
        steps = [self._first_sheet, lambda: window.campaigns.remember_campaign(self.document),
                 window.sheets.show_tabs_or_start, lambda: window.whole_campaign_desks(self.document),
                 window.update_actions, self._navigator]
        if at_once and not self.in_turns:
            for step in steps:
                step()
            return
        if not at_once:
            # A campaign this big is one a GM prints from: the dialog's modules load in a turn of their own.
            steps.append(window.files.load_print_dialog)

        def next_step() -> None:
            if self.current and steps:
                steps.pop(0)()
                if steps:
                    later(self, next_step)

        if at_once:
            # Chosen by the user and whole at once (the sample, most campaigns): built and joined in
            # the turn that took it, a campaign of 15 entries kept the window 70-120 ms (bench_gui.py).
            first = window.sheets.restore_tabs(show=False)
            if first:
                self._sheet_in_turns(first, then=next_step)
                return
        later(self, next_step)

    def _first_sheet(self) -> None:
        """If no slice showed a sheet: the tabs of last time or the first player character."""
        if self.state is not Loading.JOINING or self.window.tabs.count():
            return
        self.window.sheets.restore_tabs()

    def _navigator(self) -> None:
        window = self.window
        self.state = Loading.OPEN
        self.window.sample_if_refused = False
        if getattr(window, "opening", False):
            # At start-up the first sheet comes first: the navigator fills in once the window has
            # painted it, in a turn of its own, so a key typed as the sheet shows is not held up
            # by it (posted with a zero timer it came before that paint: 15-20 ms, and the layout
            # and paint it brought, of the wait for the sheet to take a key; bench_startup.py).
            after_paint(window, lambda: self.current and window.edits.add_navigator(self.document))
        else:
            window.edits.add_navigator(self.document)

    def _failed(self, message: str) -> None:
        """An entry turned out bad: as when a whole open is refused, the campaign is not open (only
        edits made meanwhile were written) and the window says why; the campaign open before it
        comes back (at start-up: a copy of the sample, see app.py)."""
        if not self.current:
            return
        self.state = Loading.REFUSED
        window = self.window
        window.drop_document()
        if window.statusBar().currentMessage() == _("Opening the campaign…"):
            window.statusBar().clearMessage()
        window.show_error(_("That campaign could not be opened"), message)
        sample, window.sample_if_refused = window.sample_if_refused, False
        if self.previous is not None:
            window.campaigns.open_path(self.previous[0], readonly=self.previous[1])
        elif sample:
            open_sample_copy(window)
        window.campaigns.fell_back()
