"""Build the PDF for an export job: plan the pages, draw them on one canvas, add footers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from fate_desk import __version__
from fate_desk.model import Character, Countdown
from fate_desk.rules import DEFAULT_RULESET, RuleSet, RuleSetError, get_ruleset

from .cards import CardFace, CardRenderer, player_countdown
from .fonts import REGULAR
from .geometry import CARDS_PER_PAGE, Page, landscape, portrait
from .job import ExportJob, What
from .output import ExportCancelled, ExportError
from .reference_text import reference_cards
from .sheet import SheetRenderer
from .styles import Styles, one_line


@dataclass
class PagePlan:
    page: Page
    draw: Callable[[], None]


class Document:
    """One PDF on one canvas; renderers share its geometry and styles."""

    def __init__(self, job: ExportJob, path: Path) -> None:
        self.job = job
        self.paper = job.resolved_paper()
        self.styles = Styles()
        self.portrait = portrait(self.paper)
        self.landscape = landscape(self.paper)
        self.canvas = Canvas(str(path), pagesize=self.portrait.size, initialFontName=REGULAR, pageCompression=1)
        title = one_line(job.title) or "Fate Desk"
        self.canvas.setTitle(title)
        self.canvas.setAuthor("Fate Desk")
        self.canvas.setCreator(f"Fate Desk {__version__}")
        self.canvas.setSubject(f"Fate {job.what.value}")
        self.footer_label = title
        self.sheets = SheetRenderer(self.canvas, self.portrait, self.styles)
        self.cards = CardRenderer(self.canvas, self.landscape, self.styles)
        self._rulesets: dict[str, RuleSet] = {}

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
        plans: list[PagePlan] = []
        if job.what == What.BLANK:
            ruleset = self.ruleset(job.ruleset)
            plans.append(PagePlan(self.portrait, lambda: self.sheets.draw(None, ruleset, job.options, "blank")))
            return plans
        if job.what in (What.SHEETS, What.PACK):
            for n, character in enumerate(job.sheets, 1):
                plans.append(self._sheet_plan(character, f"s{n}"))
        if job.what in (What.CARDS, What.PACK):
            faces = self._card_faces()
            for start in range(0, len(faces), CARDS_PER_PAGE):
                plans.append(self._card_plan(faces[start:start + CARDS_PER_PAGE]))
        if job.what in (What.REFERENCE, What.PACK):
            ruleset = self.ruleset(job.ruleset)
            faces = [lambda card=card: self.cards.reference_face(card, ruleset)
                     for card in reference_cards(ruleset, job.options)]
            for start in range(0, len(faces), CARDS_PER_PAGE):
                plans.append(self._card_plan(faces[start:start + CARDS_PER_PAGE]))
        return plans

    def _sheet_plan(self, character: Character, prefix: str) -> PagePlan:
        ruleset = self.ruleset(self.job.ruleset or character.ruleset, character.name or "(unnamed)")
        return PagePlan(self.portrait, lambda: self.sheets.draw(character, ruleset, self.job.options, prefix))

    def _card_faces(self) -> list[Callable[[], CardFace]]:
        """Faces are built when their page is drawn (so progress moves evenly)."""
        faces = []
        for n, item in enumerate(self.job.cards, 1):
            who = getattr(item, "name", "") or "(unnamed)"
            rid = self.job.ruleset or (item.ruleset if isinstance(item, Character) else None)
            ruleset = self.ruleset(rid, who)
            faces.append(lambda item=item, ruleset=ruleset, p=f"c{n}": self.cards.face(item, ruleset, self.job.options, p))
            if isinstance(item, Countdown) and item.players_see_boxes_only:
                faces.append(lambda item=item, p=f"c{n}p": self.cards.countdown_face(
                    player_countdown(item), p, for_players=True))
        return faces

    def _card_plan(self, faces: list[Callable[[], CardFace]]) -> PagePlan:
        return PagePlan(self.landscape, lambda: self.cards.draw_page([make() for make in faces]))

    # --- drawing ----------------------------------------------------------------------

    def render(self, progress=None) -> int:
        """Draw every page; returns the page count. `progress(done, total)` may return False
        to stop (ExportCancelled)."""
        from .draw import footer

        plans = self.plan()
        if not plans:
            raise ExportError("nothing to print: the selection is empty")
        total = len(plans)
        if progress is not None and progress(0, total) is False:
            raise ExportCancelled()
        for number, plan in enumerate(plans, 1):
            self.canvas.setPageSize(plan.page.size)
            plan.draw()
            footer(self.canvas, plan.page, self.footer_label, number, total)
            self.canvas.showPage()
            if progress is not None and progress(number, total) is False:
                raise ExportCancelled()
        self.canvas.save()
        return total
