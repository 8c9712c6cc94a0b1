"""Page geometry shared by every renderer: paper sizes, margins, the footer band, card slots."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import inch

from .job import Paper

SIZES = {Paper.LETTER: LETTER, Paper.A4: A4}
MARGIN = 0.5 * inch
FOOTER = 16.0  # height of the attribution band inside the bottom margin area

# Index cards: 5 x 3 inches, two across and two down on a landscape page.
CARD_WIDTH = 5 * inch
CARD_HEIGHT = 3 * inch
CARD_COLUMNS = 2
CARD_ROWS = 2
CARDS_PER_PAGE = CARD_COLUMNS * CARD_ROWS


@dataclass(frozen=True)
class Rect:
    """A rectangle on the page in points, from its lower left corner."""
    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height

    @property
    def right(self) -> float:
        return self.x + self.width


@dataclass(frozen=True)
class Page:
    """A page size and its printable content box (the footer sits below the content)."""

    width: float
    height: float
    margin: float = MARGIN

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    @property
    def content(self) -> Rect:
        bottom = self.margin + FOOTER
        return Rect(self.margin, bottom, self.width - 2 * self.margin, self.height - self.margin - bottom)

    @property
    def footer_y(self) -> float:
        return self.margin


def portrait(paper: Paper, scale: float = 1.0) -> Page:
    """The page renderers lay out on; at `scale` (large print) a smaller page drawn enlarged,
    so the same paper shows everything `scale` times as large."""
    width, height = SIZES[paper]
    return Page(width / scale, height / scale, MARGIN / scale)


def landscape(paper: Paper, scale: float = 1.0) -> Page:
    width, height = SIZES[paper]
    return Page(height / scale, width / scale, MARGIN / scale)


def card_grid(page: Page) -> tuple[int, int]:
    """Columns and rows of cards a page holds: two by two, or one on a large-print page."""
    columns = max(1, min(CARD_COLUMNS, int(page.width // CARD_WIDTH)))
    rows = max(1, min(CARD_ROWS, int((page.height - page.footer_y - FOOTER) // CARD_HEIGHT)))
    return columns, rows


def card_slots(page: Page) -> list[Rect]:
    """Where the cards of one page go, left to right, top to bottom; they touch, so one cut
    separates two neighbours. The block is centred on the page (the footer fits below the
    cut marks), so the margins match on every side for the guillotine."""
    columns, rows = card_grid(page)
    block_w = columns * CARD_WIDTH
    block_h = rows * CARD_HEIGHT
    left = (page.width - block_w) / 2
    bottom = (page.height - block_h) / 2
    slots = []
    for row in range(rows):
        for col in range(columns):
            x = left + col * CARD_WIDTH
            y = bottom + (rows - 1 - row) * CARD_HEIGHT
            slots.append(Rect(x, y, CARD_WIDTH, CARD_HEIGHT))
    return slots


def cards_per_page(count: int, per_page: int = CARDS_PER_PAGE) -> list[int]:
    """How many cards go on each page: `per_page` at a time (four, or one in large print),
    except that a last page would never hold one card alone when the page before can give it a
    companion (5 cards: 3 and 2)."""
    if count <= 0:
        return []
    sizes = [per_page] * (count // per_page)
    if count % per_page:
        sizes.append(count % per_page)
    if len(sizes) > 1 and sizes[-1] == 1 and per_page >= 3:
        sizes[-2] -= 1
        sizes[-1] += 1
    return sizes
