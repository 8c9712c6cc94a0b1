"""Build the PDF for an export job: plan every page first (so page counts, the cover's
contents and bookmarks are known), then draw them on one canvas with footers and progress.
Entries' cards are laid out in planning only to be counted, and again as their page is drawn."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from fate_desk import __version__
from fate_desk.i18n import _, edition, format_date, language, rules_text
from fate_desk.model import Character, Countdown
from fate_desk.rules import DEFAULT_RULESET, RuleSet, RuleSetError, get_ruleset

from .draw import footer
from .fonts import REGULAR
from .geometry import Page, card_slots, cards_per_page, landscape, portrait
from .job import PRINTS_CARDS, PRINTS_SHEETS, ExportJob, What
from .output import ExportCancelled, ExportError
from .sheet import SheetRenderer
from .styles import Styles, one_line

if TYPE_CHECKING:  # cards and printables are imported when a document first has one (a sheet has none)
    from .cards import CardChunk, CardFace, CardRenderer
    from .printables import Printables

CARD_KINDS = (What.CARDS, What.REFERENCE, What.ASPECT_CARDS, What.TRACKERS, What.SKILL_CARD, What.BLANK_CARDS)


@dataclass(frozen=True)
class LaterCard:
    """Part `part` (0-based) of the job's card entry `entry`, laid out when its page is drawn."""
    entry: int
    part: int


@dataclass
class PagePlan:
    """One page to draw: its geometry, the steps that draw it and its bookmarks."""
    page: Page
    draw: Callable[[], None]
    bookmarks: list[tuple[str, int]] = field(default_factory=list)  # (title, outline level)


def language_tag(code: str) -> str:
    """The PDF's language as a BCP 47 tag ("pt_BR" is "pt-BR"); the test pseudo-languages are
    English underneath."""
    if code in ("en_XA", "ar_XB"):
        return "en"
    return code.replace("_", "-") or "en"


class Document:
    """One PDF on one canvas; renderers share its geometry and styles."""

    def __init__(self, job: ExportJob, path: Path) -> None:
        self.job = job
        self.paper = job.resolved_paper()
        self.styles = Styles()
        self.scale = job.scale
        self.portrait = portrait(self.paper, self.scale)
        self.landscape = landscape(self.paper, self.scale)
        self.canvas = _ScaledCanvas(str(path), self.scale, pagesize=portrait(self.paper).size, initialFontName=REGULAR,
                                    pageCompression=1, lang=language_tag(job.language or language()))
        title = one_line(job.title) or _("Fate Desk")
        c = self.canvas
        c.setTitle(title)
        c.setAuthor("Fate Desk")  # i18n: not shown (the program's name)
        c.setCreator(f"Fate Desk {__version__}")  # i18n: not shown (the program's name and version)
        c.setSubject(_("Fate {kind}").format(kind=job.kind_label().lower()))
        c.setKeywords(["Fate", _("roleplaying"), job.kind_label().lower(), "Fate Desk"])  # i18n: not shown (keywords: the names of the game and the program)
        if job.what in CARD_KINDS or job.what == What.PACK:
            # Cards are cut to 5 x 3 in: a viewer must not scale the page to fit.
            c.setViewerPreference("PrintScaling", "None")
        c.showOutline()
        self.footer_label = title
        self.sheets = SheetRenderer(c, self.portrait, self.styles)
        self._rulesets: dict[str, RuleSet] = {}
        self._laid_out: tuple[int, list[CardChunk]] = (-1, [])  # the entry last laid out for drawing, its cards
        self._progress: Callable[[int, int], object] | None = None  # render's, asked between entries while planning

    @cached_property
    def cards(self) -> CardRenderer:
        # Deferred: a sheet's PDF never loads the card renderer (`fate-desk export` of a sheet, tests/cli).
        from .cards import CardRenderer

        return CardRenderer(self.canvas, self.landscape, self.styles, state=self.job.state)

    @cached_property
    def more(self) -> Printables:
        """Scene sheets, cheat sheets, covers and the printable cards."""
        # Deferred: a sheet's PDF never loads the printables (`fate-desk export` of a sheet, tests/cli).
        from .printables import Printables

        return Printables(self.canvas, self.portrait, self.landscape, self.styles)

    def ruleset(self, ruleset_id: str | None, who: str = "") -> RuleSet:
        rid = ruleset_id or DEFAULT_RULESET
        if rid not in self._rulesets:
            try:
                self._rulesets[rid] = get_ruleset(rid)
            except RuleSetError as exc:
                where = f"{who}: " if who else ""
                raise ExportError(f"{where}{exc}") from None
        return self._rulesets[rid]

    # --- planning ---------------------------------------------------------------------

    def plan(self) -> list[PagePlan]:
        job = self.job
        what = job.what
        plans: list[PagePlan] = []
        cards: list[tuple[CardChunk | LaterCard, str]] = []  # every card of the PDF, filling pages in order
        if what == What.BLANK:
            ruleset = self.ruleset(job.ruleset)
            pages = self.sheets.plan(None, ruleset, job.options, "blank")
            plans += [PagePlan(self.portrait, draw) for draw in pages]
            plans[0].bookmarks.append((_("Blank sheet: {ruleset}").format(ruleset=rules_text(ruleset.name)), 0))
        if what in PRINTS_SHEETS:
            for n, character in enumerate(job.sheets, 1):
                self._still_wanted()
                plans += self._sheet_plans(character, f"s{n}")
        if what in (What.SCENE, What.PACK):
            for n, scene in enumerate(job.scenes, 1):
                pages = self.more.scene_sheet(scene, job.names, f"z{n}")
                first = len(plans)
                plans += [PagePlan(self.portrait, draw) for draw in pages]
                plans[first].bookmarks.append((_("Scene: {scene}").format(scene=scene.name or _("(unnamed scene)")), 0))
        if what == What.CHEAT_SHEET:
            ruleset = self.ruleset(job.ruleset)
            pages = self.more.cheat_sheet(ruleset, job.options)
            first = len(plans)
            plans += [PagePlan(self.portrait, draw) for draw in pages]
            plans[first].bookmarks.append((_("GM cheat sheet: {ruleset}").format(ruleset=rules_text(ruleset.name)), 0))
        if what in PRINTS_CARDS:
            cards += self._entry_cards()
        if what in (What.ASPECT_CARDS, What.PACK):
            for face in self.more.aspect_faces(job.scenes, blanks=what == What.ASPECT_CARDS):
                cards += self._chunks(face)
        if what == What.TRACKERS:
            for face in self.more.tracker_faces(job.players, "t", job.refresh):
                cards += self._chunks(face)
        if what == What.SKILL_CARD:
            for face in self.more.skill_faces(self.ruleset(job.ruleset)):
                cards += self._chunks(face)
        if what == What.BLANK_CARDS:
            for face in self.more.blank_card_faces(self.ruleset(job.ruleset), "b"):
                cards += self._chunks(face)
        if what in (What.REFERENCE, What.PACK):
            ruleset = self.ruleset(job.ruleset)
            # Deferred: only reference cards load the rules' reference text (`fate-desk export` of a sheet,
            # tests/cli).
            from .reference_text import reference_cards

            for i, card in enumerate(reference_cards(ruleset, job.options)):
                face = self.cards.reference_face(card, ruleset)
                mark = _("Reference cards: {ruleset}").format(ruleset=rules_text(ruleset.name)) if i == 0 else ""
                cards += [(chunk, mark if k == 0 else "") for k, chunk in enumerate(self.cards.chunks(face))]
        start = 0
        per_page = len(card_slots(self.landscape))  # four, or one in large print
        for size in cards_per_page(len(cards), per_page):
            batch = cards[start:start + size]
            start += size
            plans.append(PagePlan(self.landscape, lambda b=[ch for ch, _unused in batch]: self.cards.draw_page(
                [self._card_chunk(card) for card in b]),
                                  [(title, 0) for _unused, title in batch if title]))
        if what == What.PACK:
            plans = self._with_cover(plans)
        return plans

    def _chunks(self, face: CardFace) -> list[tuple[CardChunk, str]]:
        return [(chunk, face.bookmark if k == 0 else "") for k, chunk in enumerate(self.cards.chunks(face))]

    def _sheet_plans(self, character: Character, prefix: str) -> list[PagePlan]:
        who = character.name or _("(unnamed)")
        ruleset = self.ruleset(self.job.ruleset or character.ruleset, who)
        with edition(ruleset):  # the sheet in its own edition's words, laid out and drawn
            pages = self.sheets.plan(character, ruleset, self.job.options, prefix, state=self.job.state)
        plans = [PagePlan(self.portrait, in_edition(ruleset, draw)) for draw in pages]
        plans[0].bookmarks.append((f"{who} ({character.kind.label})", 0))
        return plans

    def _entry_cards(self) -> list[tuple[CardChunk | LaterCard, str]]:
        """Every entry's cards, as placeholders: each entry is laid out here to count its cards
        and name them in the outline, and again when its page is drawn. Keeping every layout from
        planning to drawing held about 150 objects a card (1.5 million for 10,000 entries), and
        the garbage collector's passes over them, each holding the interpreter for up to a second,
        froze the window while the PDF was being prepared."""
        out: list[tuple[CardChunk | LaterCard, str]] = []
        for n in range(len(self.job.cards)):
            self._still_wanted()
            out += [(LaterCard(n, k), title) for k, (_chunk, title) in enumerate(self._entry_chunks(n))]
        return out

    def _entry_chunks(self, n: int) -> list[tuple[CardChunk, str]]:
        """The cards of the job's entry `n` (a countdown kept secret has a second face for the players)."""
        # Deferred: a sheet's PDF never loads the card renderer (`fate-desk export` of a sheet, tests/cli).
        from .cards import CardFace, player_countdown

        item = self.job.cards[n]
        who = getattr(item, "name", "") or _("(unnamed)")
        rid = self.job.ruleset or (item.ruleset if isinstance(item, Character) else None)
        ruleset = self.ruleset(rid, who)
        with edition(ruleset):
            face = self.cards.face(item, ruleset, self.job.options, f"c{n + 1}")
        face = CardFace(face.title, face.kind, face.flow, f"{who} ({face.kind})")
        out = self._chunks(face)
        if isinstance(item, Countdown) and item.players_see_boxes_only:
            out += self._chunks(self.cards.countdown_face(player_countdown(item), f"c{n + 1}p", for_players=True))
        return out

    def _card_chunk(self, card: CardChunk | LaterCard) -> CardChunk:
        """A card to draw: a placeholder is laid out again (an entry's cards run on across a
        page's end at most, so the last entry laid out is kept for its next page)."""
        if not isinstance(card, LaterCard):
            return card
        if self._laid_out[0] != card.entry:
            self._laid_out = (card.entry, [chunk for chunk, _title in self._entry_chunks(card.entry)])
        return self._laid_out[1][card.part]

    def _with_cover(self, plans: list[PagePlan]) -> list[PagePlan]:
        """A cover with the title, the date and the contents (page numbers count the cover)."""
        today = format_date(datetime.date.today(), "long")
        for cover_pages in (1, 2, 3, 4):
            contents = [(title, level, n + cover_pages) for n, plan in enumerate(plans, 1)
                        for title, level in plan.bookmarks]
            pages = self.more.cover(self.job.title or _("Fate Desk"), today, contents, self.job.kind_label(),
                                    self.job.scope)
            if len(pages) <= cover_pages:
                break
        covers = [PagePlan(self.portrait, draw) for draw in pages]
        covers[0].bookmarks.append((_("Cover and contents"), 0))
        return covers + plans

    # --- drawing ----------------------------------------------------------------------

    def _still_wanted(self) -> None:
        """Between entries while planning (seconds for thousands of entries): `progress(0, 0)`,
        no page known yet, may stop the export too."""
        if self._progress is not None and self._progress(0, 0) is False:
            raise ExportCancelled()

    def render(self, progress=None) -> int:
        """Draw every page; returns the page count. `progress(done, total)` may return False
        to stop (ExportCancelled); while the pages are being planned it is called as
        `progress(0, 0)`."""
        self._progress = progress
        with edition(self.job.ruleset):  # blank sheets, cheat sheets and cards of one rule set
            plans = self.plan()
        if not plans:
            raise ExportError(_("nothing to print: the selection is empty"))
        total = len(plans)
        if progress is not None and progress(0, total) is False:
            raise ExportCancelled()
        c = self.canvas
        for number, plan in enumerate(plans, 1):
            c.setPageSize((plan.page.width * self.scale, plan.page.height * self.scale))
            for k, (title, level) in enumerate(plan.bookmarks):
                key = f"p{number}-{k}"
                c.bookmarkPage(key)
                c.addOutlineEntry(one_line(title), key, level=level)
            c.saveState()
            c.scale(self.scale, self.scale)  # large print: the page's layout drawn 150%
            with edition(self.job.ruleset):
                plan.draw()
            c.restoreState()
            # The attribution band stays at its usual size, on one line below the enlarged content.
            paper = Page(plan.page.width * self.scale, plan.page.height * self.scale)
            footer(c, paper, self.footer_label, number, total)
            c.showPage()
            if progress is not None and progress(number, total) is False:
                raise ExportCancelled()
        c.save()
        return total


def in_edition(ruleset: RuleSet, draw: Callable[[], None]) -> Callable[[], None]:
    """`draw`, drawing in the words of `ruleset`'s edition (a sheet's text is made as it is drawn)."""
    def run() -> None:
        with edition(ruleset):
            draw()
    return run


_FIELD_SIZES = ("x", "y", "width", "height", "size", "fontSize")


class _ScaledForm:
    """The canvas's form fields at the page's scale: reportlab places a field where its numbers
    say, ignoring the canvas's scaling, so large print scales them here."""

    def __init__(self, form, scale: float) -> None:
        self._form = form
        self._scale = scale

    def _scaled(self, kwargs: dict) -> dict:
        return {k: (v * self._scale if k in _FIELD_SIZES and isinstance(v, (int, float)) else v)
                for k, v in kwargs.items()}

    def textfield(self, **kwargs):
        return self._form.textfield(**self._scaled(kwargs))

    def checkbox(self, **kwargs):
        return self._form.checkbox(**self._scaled(kwargs))

    def __getattr__(self, name):
        return getattr(self._form, name)


class _ScaledCanvas(Canvas):
    def __init__(self, path: str, scale: float, **kwargs) -> None:
        super().__init__(path, **kwargs)
        self.page_scale = scale  # read by draw.line_text

    @property
    def acroForm(self):  # noqa: N802 (reportlab's name)
        form = super().acroForm
        return form if self.page_scale == 1 else _ScaledForm(form, self.page_scale)
