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


def portrait(paper: Paper) -> Page:
    width, height = SIZES[paper]
    return Page(width, height)


def landscape(paper: Paper) -> Page:
    width, height = SIZES[paper]
    return Page(height, width)


def card_slots(page: Page) -> list[Rect]:
    """Where the cards of one page go, left to right, top to bottom; they touch, so one cut
    separates two neighbours. The block is centred on the page (the footer fits below the
    cut marks), so the margins match on every side for the guillotine."""
    block_w = CARD_COLUMNS * CARD_WIDTH
    block_h = CARD_ROWS * CARD_HEIGHT
    left = (page.width - block_w) / 2
    bottom = (page.height - block_h) / 2
    slots = []
    for row in range(CARD_ROWS):
        for col in range(CARD_COLUMNS):
            x = left + col * CARD_WIDTH
            y = bottom + (CARD_ROWS - 1 - row) * CARD_HEIGHT
            slots.append(Rect(x, y, CARD_WIDTH, CARD_HEIGHT))
    return slots


def cards_per_page(count: int) -> list[int]:
    """How many cards go on each page: four at a time, except that a last page would never
    hold one card alone when the page before can give it a companion (5 cards: 3 and 2)."""
    if count <= 0:
        return []
    sizes = [CARDS_PER_PAGE] * (count // CARDS_PER_PAGE)
    if count % CARDS_PER_PAGE:
        sizes.append(count % CARDS_PER_PAGE)
    if len(sizes) > 1 and sizes[-1] == 1:
        sizes[-2] -= 1
        sizes[-1] += 1
    return sizes
