"""Printables beyond sheets and entry cards: the pack's cover, scene sheets, aspect and boost
cards, fate-point trackers, the GM cheat sheet, skill (approach) cards and blank card
templates. Everything continues onto another page or card rather than shrinking or cutting."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from fate_desk.i18n import _, rules_text
from fate_desk.markup import escape
from fate_desk.model import (
    LADDER,
    CampaignOptions,
    ConditionsMode,
    Scene,
    SituationAspect,
    ladder_label,
    ladder_name,
    signed,
)
from fate_desk.rules import RuleSet

from .cards import PAD, CardFace
from .draw import (
    BOX_MIN,
    PENCIL_LINE,
    Boxes,
    Columns,
    Flow,
    Gap,
    Heading,
    Placed,
    RuledLine,
    Table,
    Text,
    line_text,
    rule,
)
from .fonts import BOLD, ITALIC, REGULAR, text_width
from .geometry import CARD_HEIGHT, CARD_WIDTH, Page, Rect
from .reference_text import (
    advantage_card,
    attack_card,
    conditions_card,
    consequences_card,
    defend_card,
    outcomes_card,
    overcome_card,
    stress_card,
    turn_order_card,
)
from .skill_text import ACTIONS, APPROACHES, SKILLS
from .styles import GREY, INK, Styles, one_line
from .textflow import RichText, Run

COLUMN_GAP = 14.0


@dataclass
class WriteLines:
    """A label and `count` empty writing lines (room for a pencil)."""

    label: str
    count: int = 2
    spacing: float = 18.0
    space_after: float = 4.0

    def height(self, scale, width, limit) -> float:
        return 10 + self.count * self.spacing + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        if self.label:
            line_text(c, self.label.upper(), x, top - 7, width, BOLD, 6.5, GREY)
        y = top - 10
        for _unused in range(self.count):
            y -= self.spacing
            rule(c, x, y, width)


@dataclass
class ContentsRow:
    """A line of the pack's contents: the entry (user text, in any script) and its page."""

    title: str
    page: int
    space_after: float = 3.0

    SIZE = 8.5

    def _text(self) -> RichText:
        return RichText([Run(self.title)], self.SIZE, space_after=0)

    def height(self, scale, width, limit) -> float:
        return self._text().height(1.0, width * 0.85, limit) + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        self._text().draw(c, x, top, width * 0.85, 1.0)
        c.setFont(REGULAR, self.SIZE)
        c.setFillColor(INK)
        c.drawRightString(x + width, top - self.SIZE, str(self.page))


@dataclass
class Tent:
    """A tent card: folded along its middle it stands on the table and reads from both sides.
    The lower half is the right way up with the free-invoke boxes; the upper half is the
    same aspect turned upside down, so once folded it faces the other side of the table. An
    aspect too long for a half at 7 pt continues on the next tent card, marked."""

    kind: str  # "SITUATION ASPECT" or "BOOST"
    text: str  # "" for a blank card: lines to write it on
    boxes: Boxes
    where: str = ""
    body: object = None  # the part of the aspect this card holds, laid out (see `cards`)
    part: int = 1
    parts: int = 1

    SIZES = (18.0, 16.0, 14.0, 12.0, 10.0, 9.0, 8.0, 7.0)

    WHERE_H = 12.0  # the scene and zone, at the foot of a card without the boxes

    @classmethod
    def _room(cls, boxes: Boxes, first: bool = True) -> tuple[float, float]:
        """The width and height the aspect has on the lower half (the upper half has more): the
        first card holds the free-invoke boxes, the cards it continues on only the scene's name."""
        width = CARD_WIDTH - 2 * PAD
        foot = boxes.height(1.0, width * 0.6, 10_000) if first else cls.WHERE_H
        return width, CARD_HEIGHT / 2 - PAD - 4 - 10 - foot

    @classmethod
    def cards(cls, kind: str, text: str, boxes: Boxes, where: str = "") -> list["Tent"]:
        """The tent cards for one aspect: one, at the largest size its words fit, or, for an
        aspect too long for a half at 7 pt, as many as it takes (never cut, never smaller)."""
        if not text.strip():
            return [cls(kind, text, boxes, where)]
        width, room = cls._room(boxes)
        for size in cls.SIZES:
            body = RichText([Run(text, BOLD)], size, space_after=0, min_size=size)
            if body.height(1.0, width, room) <= room:
                return [cls(kind, text, boxes, where, body)]
        bodies = []
        rest = body.loosened()
        while rest is not None:
            head, rest = rest.split(1.0, width, room)
            if head is None:  # cannot happen with a loosened text and a room of a line or more
                head, rest = rest, None
            bodies.append(head)
            room = cls._room(boxes, first=False)[1]
        return [cls(kind, text, boxes, where, b, n, len(bodies)) for n, b in enumerate(bodies, 1)]

    def draw_card(self, c: Canvas, card: Rect, pad: float) -> None:
        half_h = card.height / 2
        c.saveState()
        c.setDash(3, 2)
        c.setLineWidth(0.6)
        c.setStrokeColor(INK)
        c.line(card.x, card.y + half_h, card.right, card.y + half_h)
        c.restoreState()
        # Between the fold and the upside-down half: the whole width, so no language's words are cut.
        fold = _("fold here to stand it up")
        fold_w = min(text_width(fold, ITALIC, 6.5) + 1, card.width - 2 * pad)
        line_text(c, fold, card.right - pad - fold_w, card.y + half_h + 2, fold_w, ITALIC, 6.5, GREY)
        lower = Rect(card.x + pad, card.y + pad, card.width - 2 * pad, half_h - pad - 4)
        self._half(c, lower, with_boxes=True)
        c.saveState()
        c.translate(card.right, card.top)
        c.rotate(180)  # the upper half, turned round the card's corner onto itself, upside down
        self._half(c, Rect(pad, pad, card.width - 2 * pad, half_h - pad - 10), with_boxes=False)
        c.restoreState()

    def _half(self, c: Canvas, rect: Rect, with_boxes: bool) -> None:
        line_text(c, self.kind, rect.x, rect.top - 7, rect.width * 0.6, BOLD, 7, GREY)
        if self.parts > 1:
            more = _(" · continued on the next card →") if self.part < self.parts else ""
            count = _("card {part} of {parts}{more}").format(part=self.part, parts=self.parts, more=more)
            count_w = min(text_width(count, ITALIC, 7) + 1, rect.width * 0.4 - 4)
            line_text(c, count, rect.right - count_w, rect.top - 7, count_w, ITALIC, 7, GREY)
        bottom = rect.y
        if with_boxes:
            boxes_h = self.boxes.height(1.0, rect.width * 0.6, 10_000) if self.part == 1 else self.WHERE_H
            if self.part == 1:
                self.boxes.draw(c, rect.x, rect.y + boxes_h, rect.width * 0.6, 1.0)
            if self.where:
                line_text(c, self.where, rect.x + rect.width * 0.62, rect.y + 3, rect.width * 0.38, ITALIC, 7.5, GREY)
            bottom = rect.y + boxes_h
        room = Rect(rect.x, bottom, rect.width, rect.top - 10 - bottom)
        if self.body is None:
            y = room.top - PENCIL_LINE
            while y >= room.y:
                rule(c, room.x, y, room.width)
                y -= PENCIL_LINE
            return
        self.body.draw(c, room.x, room.top, room.width, 1.0)


@dataclass
class ZoneMap:
    """The zones as boxes, three to a row, with a line between each pair one can move
    between: a sketch of the scene to put miniatures or tokens on."""

    zones: list
    space_after: float = 8.0
    area: float = 230.0  # the least height of the drawing area

    PER_ROW = 3
    ROW_H = 54.0
    CAPTION = 12.0

    def height(self, scale, width, limit) -> float:
        rows = -(-len(self.zones) // self.PER_ROW)
        return max(self.area, rows * self.ROW_H + self.CAPTION + 12) + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        # The frame of the drawing area: the zones start at its top; the rest is room to
        # sketch cover, exits and who stands where.
        area_h = self.height(scale, width, 10_000) - self.space_after
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.rect(x, top - area_h, width, area_h)
        caption = (_("Sketch the scene here: add zones, cover and exits; mark who stands where.") if self.zones
                   else _("No zones drawn yet: sketch them here, with cover and exits; mark who stands where."))
        line_text(c, caption, x + 6, top - area_h + 5, width - 12, ITALIC, 7.5, GREY)
        top -= 6
        x += 4
        width -= 8
        cell_w = width / self.PER_ROW
        box_w, box_h = cell_w - 16, self.ROW_H - 20
        centres = {}
        for i, zone in enumerate(self.zones):
            row, col = divmod(i, self.PER_ROW)
            bx = x + col * cell_w + 8
            by = top - (row + 1) * self.ROW_H + 12
            centres[zone.id] = (bx, by)
        c.setStrokeColor(INK)
        c.setLineWidth(1.2)
        pairs = {frozenset((zone.id, other)) for zone in self.zones for other in zone.adjacent
                 if other in centres and other != zone.id}
        for n, pair in enumerate(sorted(pairs, key=sorted)):  # lines first: boxes sit on top of them
            (ax, ay), (ox, oy) = sorted(centres[z] for z in pair)
            if ay == oy and ox - ax > cell_w * 1.5:
                # Same row with a zone between: go round beneath it, so the line is not hidden
                # behind (and mistaken for a link to) the zone in between.
                low = ay - 3 - 2 * (n % 2)
                path = c.beginPath()
                path.moveTo(ax + box_w / 2, ay)
                path.lineTo(ax + box_w / 2, low)
                path.lineTo(ox + box_w / 2, low)
                path.lineTo(ox + box_w / 2, oy)
                c.drawPath(path, stroke=1, fill=0)
            else:
                c.line(ax + box_w / 2, ay + box_h / 2, ox + box_w / 2, oy + box_h / 2)
        for zone in self.zones:
            bx, by = centres[zone.id]
            c.setFillColor(white)
            c.setLineWidth(0.8)
            c.roundRect(bx, by, box_w, box_h, 4, stroke=1, fill=1)
            c.setFillColor(INK)
            RichText([Run(zone.name or _("(unnamed zone)"), BOLD)], 8, space_after=0, min_size=7).draw(
                c, bx + 4, by + box_h - 3, box_w - 8, 1.0)


def _paged(flow: Flow, draw_frame: "_Frame", width: float, height: float,
           columns: int = 1) -> list[Callable[[], None]]:
    """Lay a flow out on as many pages as it needs, in `columns` columns per page."""
    col_w = (width - COLUMN_GAP * (columns - 1)) / columns
    pages = []
    rest: Flow | None = flow
    number = 1
    while rest is not None:
        parts: list[Placed] = []
        for _unused in range(columns):
            if rest is None:
                break
            placed, rest = rest.fill(col_w, height)
            parts.append(placed)
        pages.append(_page_drawer(parts, draw_frame, number, rest is not None, col_w))
        number += 1
    return pages


def _page_drawer(parts: list[Placed], frame: "_Frame", number: int, more: bool, col_w: float):
    def draw() -> None:
        body = frame(number, more)
        for k, placed in enumerate(parts):
            placed.draw(frame.canvas, Rect(body.x + k * (col_w + COLUMN_GAP), body.y, col_w, body.height))
    return draw


class _Frame:
    """A titled page: returns the body rectangle below the title."""

    def __init__(self, canvas: Canvas, page: Page, title: str, subtitle: str = "") -> None:
        self.canvas = canvas
        self.page = page
        self.title = title
        self.subtitle = subtitle

    @property
    def body(self) -> Rect:
        area = self.page.content
        return Rect(area.x, area.y + 10, area.width, area.height - 44)

    def __call__(self, number: int, more: bool) -> Rect:
        c = self.canvas
        area = self.page.content
        title = self.title if number == 1 else _("{title} (continued)").format(title=self.title)
        line_text(c, title, area.x, area.top - 16, area.width, BOLD, 16)
        if self.subtitle:
            line_text(c, self.subtitle, area.x, area.top - 27, area.width, REGULAR, 8, GREY)
        if more:
            line_text(c, _("continued on the next page →"), area.x, area.y + 1, area.width, ITALIC, 7, GREY)
        return self.body


def _aspect_runs(aspect: SituationAspect) -> list[Run]:
    runs = [Run(aspect.text or _("(an aspect with no words yet)"), BOLD)]
    if aspect.boost:
        runs.append(Run("  (boost)", ITALIC, GREY))
    return runs


@dataclass
class AspectRow:
    """A situation aspect across the page: its words on the left, its free-invoke boxes on
    the right of the same line."""

    aspect: SituationAspect
    size: float = 10.0
    space_after: float = 5.0

    TEXT = 0.56  # of the width

    def _text(self) -> RichText:
        return RichText(_aspect_runs(self.aspect), self.size, space_after=0)

    def height(self, scale, width, limit) -> float:
        text_h = self._text().height(1.0, width * self.TEXT - 8, limit)
        boxes_h = _invoke_boxes(self.aspect, "").height(1.0, width * (1 - self.TEXT), limit)
        return max(text_h, boxes_h) + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        self._text().draw(c, x, top - 2, width * self.TEXT - 8, 1.0)
        _invoke_boxes(self.aspect, "").draw(c, x + width * self.TEXT, top, width * (1 - self.TEXT), 1.0)
        rule(c, x, top - self.height(scale, width, 10_000) + self.space_after / 2, width)


def _invoke_boxes(aspect: SituationAspect, name: str) -> Boxes:
    """Free invokes as boxes to tick; two more, dashed, for invokes earned later."""
    count = max(1, aspect.free_invokes) if aspect.boost else aspect.free_invokes
    spare = 0 if aspect.boost else 2
    values = list(range(1, count + spare + 1))
    needs = [""] * count + [_("if earned")] * spare
    label = _("Boost: invoke once") if aspect.boost else _("Free invokes")
    return Boxes(label, values, set(), [], size=BOX_MIN, show_values=False, needs=needs, space_after=4)


@dataclass
class Printables:
    canvas: Canvas
    portrait: Page
    landscape: Page
    styles: Styles

    # --- cover ------------------------------------------------------------------------------

    def cover(self, title: str, date: str, contents: list[tuple[str, int, int]], label: str,
              scope: str = "") -> list[Callable[[], None]]:
        """The title, what the pack is and holds ("Session 2"), the date, and the contents."""
        flow = Flow()
        if scope:
            flow.add(RichText([Run(scope, BOLD)], 14, space_after=8))
        flow.add(Heading(_("Contents").upper(), 10, 6))
        for t, _level, page in contents:
            flow.add(ContentsRow(one_line(t), page))
        flow.add(Gap(10))
        flow.add(RichText([Run(_("Powered by Fate"), BOLD), Run(_(". Fate™ is a trademark of Evil Hat Productions, "
                                                               "LLC."), REGULAR, GREY)], 8))
        frame = _Frame(self.canvas, self.portrait, title,
                       _("{kind} printed {date} by Fate Desk").format(kind=label, date=date))
        body = frame.body
        return _paged(flow, frame, body.width, body.height - 20)

    # --- scene sheet ------------------------------------------------------------------------

    def scene_sheet(self, scene: Scene, names: dict[str, str], prefix: str) -> list[Callable[[], None]]:
        """The whole width of the page: aspects with their invoke boxes on the same line, a
        drawing area for the zones, then each zone's aspects and who is there."""
        flow = Flow()
        zone_names = {z.id: z.name or _("(unnamed zone)") for z in scene.zones}
        flow.add(Heading(_("SITUATION ASPECTS"), 10, 5))
        for aspect in scene.aspects:
            flow.add(AspectRow(aspect))
        flow.add(WriteLines(_("New aspects, boosts and their free invokes"), 3, PENCIL_LINE))
        flow.add(Heading(_("Zones").upper(), 10, 5))
        flow.add(ZoneMap(scene.zones))
        for zone in scene.zones:
            links = [zone_names.get(z, "") for z in zone.adjacent if zone_names.get(z)]
            flow.add(RichText([Run(zone.name or _("(unnamed zone)"), BOLD), Run(_("   connects to: "), ITALIC, GREY),
                               Run(", ".join(links) or _("nowhere yet"))], 10, space_after=3))
            for aspect in zone.aspects:
                flow.add(AspectRow(aspect, 9))
            flow.add(WriteLines(_("Who is here"), 1, PENCIL_LINE))
        flow.add(Heading(_("IN THE SCENE"), 10, 4))
        present = [names[i] for i in scene.present if i in names]
        flow.add(RichText([Run(", ".join(present) or _("Nobody listed yet."))], 9))
        if scene.notes.strip():
            flow.add(Heading(_("Notes").upper(), 10, 4))
            flow.add(RichText([Run(scene.notes)], 8.5))
        session = _("Session {number}").format(number=scene.session) if scene.session is not None else ""
        frame = _Frame(self.canvas, self.portrait, _("Scene: {scene}").format(scene=scene.name or _("(unnamed scene)")), session)
        body = frame.body
        return _paged(flow, frame, body.width, body.height)

    # --- cards ----------------------------------------------------------------------------

    def aspect_faces(self, scenes: list[Scene], blanks: bool = True) -> list[CardFace]:
        """A card per situation aspect and boost (scene-wide and per zone); without any, blank
        aspect cards to write on."""
        faces = []
        for scene in scenes:
            found = [(a, "") for a in scene.aspects] + [(a, z.name) for z in scene.zones for a in z.aspects]
            for n, (aspect, zone) in enumerate(found):
                kind = _("Boost") if aspect.boost else _("Situation aspect")
                where = f"{scene.name}" + (f" · {zone}" if zone else "")
                tents = Tent.cards(kind.upper(), aspect.text or _("(an aspect with no words yet)"),
                                   _invoke_boxes(aspect, f"ac{n}"), where)
                for k, tent in enumerate(tents):
                    mark = _("Aspect card: {aspect}").format(aspect=aspect.text)[:80] if k == 0 else ""
                    faces.append(CardFace("", kind, Flow(), mark, tent.draw_card))
        if not faces and blanks:
            for n in range(4):
                boxes = Boxes(_("Free invokes"), [1, 2, 3], set(), [], size=BOX_MIN, show_values=False)
                tent = Tent(_("SITUATION ASPECT"), "", boxes)
                faces.append(CardFace("", _("Situation aspect"), Flow(), _("Blank aspect cards") if n == 0 else "",
                                      tent.draw_card))
        return faces

    def tracker_faces(self, players: list[str], prefix: str, refresh: dict[str, int] | None = None) -> list[CardFace]:
        """The GM's pool (one point per PC in the scene) and a card per player, with the
        player's refresh when it is known; blank ones have a line for the name."""
        refresh = refresh or {}
        faces = []
        pool = Flow()
        pool.add(Text(_("At the start of each scene the pool holds one point per player character in it. "
                      "Pay from it to invoke and to compel."), self.styles.card_body, 4))
        pool.add(Boxes(_("Pool"), list(range(1, 13)), set(), [], size=BOX_MIN, show_values=True))
        pool.add(RuledLine(_("Scene"), ""))
        faces.append(CardFace(_("GM's fate points"), _("Fate-point tracker"), pool, _("Fate-point trackers")))
        for name in players or ["", "", ""]:
            flow = Flow()
            if not name:
                flow.add(RuledLine(_("Name"), ""))
            known = refresh.get(name) if name else None
            flow.add(RuledLine(_("Refresh"), "" if known is None else str(known)))
            flow.add(Boxes(_("Fate points"), list(range(1, 11)), set(), [], size=BOX_MIN, show_values=True))
            flow.add(Text(_("Tick a box for each point you hold; rub out as you spend. Back to at least "
                          "your refresh at the start of each session."), self.styles.card_body, 3))
            faces.append(CardFace(name or _("Player"), _("Fate points"), flow))
        return faces

    def skill_faces(self, ruleset: RuleSet) -> list[CardFace]:
        """What each skill (or approach) does for each action, five to a card."""
        faces = []
        approaches = all(s in APPROACHES for s in ruleset.skills)
        if approaches:
            flow = Flow()
            flow.add(Text(_("Every approach can be used for any action; pick the one that fits how you act. "
                          "Actions: overcome, create an advantage, attack, defend."), self.styles.card_body, 4))
            rows = [(f"<b>{escape(rules_text(s))}</b>", escape(_(APPROACHES[s]))) for s in ruleset.skills]
            flow.add(Table(rows, self.styles.card_body, (0.25, 0.75)))
            return [CardFace(_("Approaches"), rules_text(ruleset.name), flow,
                             _("Approach card: {ruleset}").format(ruleset=rules_text(ruleset.name)))]
        names = list(ruleset.skills)
        for start in range(0, len(names), 5):
            flow = Flow()
            for name in names[start:start + 5]:
                info = SKILLS.get(name)
                if info is None:
                    flow.add(RichText([Run(_("{skill}. ").format(skill=rules_text(name)), BOLD),
                                       Run(_("A skill of this rule set: the GM says what it covers."))], 8.5))
                    continue
                covers, *uses = info
                runs = [Run(f"{rules_text(name)} ", BOLD), Run(_("({covers}). ").format(covers=_(covers)), ITALIC, GREY)]
                for action, use in zip(ACTIONS, uses):
                    if use:
                        runs += [Run(_("{action}: ").format(action=_(action)), BOLD), Run(_("{use}. ").format(use=_(use)))]
                flow.add(RichText(runs, 8.5, space_after=3))
            faces.append(CardFace(_("{skills} {number}").format(skills=rules_text(ruleset.skill_word_plural).capitalize(),
                                                                number=start // 5 + 1), rules_text(ruleset.name),
                                  flow, _("Skill card: {ruleset}").format(ruleset=rules_text(ruleset.name))
                                  if start == 0 else ""))
        return faces

    def blank_card_faces(self, ruleset: RuleSet, prefix: str) -> list[CardFace]:
        """Cards to fill in by hand: an NPC, a monster, an obstacle and a countdown."""
        def npc(rule_breaks: bool) -> Flow:
            """Sized to fit one card in two columns, lines 7 mm apart for a pencil: a template
            that continued would be no template."""
            left = Flow().add(WriteLines(_("Aspects"), 3, PENCIL_LINE, 2))
            left.add(WriteLines(rules_text(ruleset.skill_word_plural), 4, PENCIL_LINE, 0))
            right = Flow().add(Boxes(_("Stress"), [1, 2, 3, 4, 5, 6], set(), [], size=BOX_MIN, show_values=False,
                                     space_after=3))
            for label in (_("Mild 2"), _("Moderate 4")):
                right.add(RuledLine(label, "", 8.5, PENCIL_LINE - 8.5 * 1.9 - 3))
            if rule_breaks:
                right.add(RuledLine(_("Fate points"), "", 8.5, PENCIL_LINE - 8.5 * 1.9 - 3))
            right.add(WriteLines(_("Rule breaks and stunts") if rule_breaks else _("Stunts"), 3 if rule_breaks else 4,
                                 PENCIL_LINE, 0))
            return Flow().add(Columns([left, right]))

        obstacle = Flow().add(RuledLine(_("Kind"), "")).add(RuledLine(_("Rating"), "")).add(RuledLine(_("Weapon"), ""))
        obstacle.add(Text(_("Hazard: acts and attacks. Block: stands in the way; overcome to remove. "
                          "Distraction: a choice with a repercussion either way."), self.styles.card_body))
        obstacle.add(WriteLines(_("Notes"), 2, PENCIL_LINE))
        countdown = Flow().add(Boxes(_("Track"), list(range(1, 9)), set(), [], size=BOX_MIN))
        countdown.add(RuledLine(_("Trigger"), "")).add(RuledLine(_("When the last box is marked"), ""))
        countdown.add(WriteLines(_("Box triggers"), 2, PENCIL_LINE))
        return [
            CardFace(_("NPC: ____________"), _("Blank NPC card"), npc(False), _("Blank cards")),
            CardFace(_("Monster: ____________"), _("Blank monster card"), npc(True)),
            CardFace(_("Obstacle: ____________"), _("Blank obstacle card"), obstacle),
            CardFace(_("Countdown: ____________"), _("Blank countdown card"), countdown),
        ]

    # --- GM cheat sheet ------------------------------------------------------------------------

    def cheat_sheet(self, ruleset: RuleSet, options: CampaignOptions) -> list[Callable[[], None]]:
        style = self.styles.body
        flow = Flow()
        flow.add(Heading(_("THE LADDER"), 9, 2))
        rungs = [(f"<b>{signed(v)}</b>", escape(ladder_name(v))) for v in sorted(LADDER, reverse=True)]
        half = (len(rungs) + 1) // 2
        left, right = rungs[:half], rungs[half:] + [("", "")] * (2 * half - len(rungs))
        flow.add(Table([(*a, *b) for a, b in zip(left, right)], style, (0.12, 0.38, 0.12, 0.38), row_gap=0.5))
        for card in (outcomes_card(), overcome_card(), advantage_card(), attack_card(ruleset, options),
                     defend_card(ruleset)):
            flow.add(Heading(card.title.upper(), 9, 2))
            rows = [p for p in card.paragraphs if isinstance(p, tuple)]
            texts = [p for p in card.paragraphs if isinstance(p, str)]
            if texts:
                flow.add(Text(texts[0], style, 2))
            if rows:
                flow.add(Table(rows, style, (0.24, 0.76), row_gap=0.5))
        flow.add(Heading(_("SETTING DIFFICULTIES"), 9, 2))
        flow.add(Text(_("Easy: {mediocre} or {average}, a roll only to see how well it goes. Fair challenge: "
                        "{fair} to {good}. Hard: two or more above the best {skill} the PCs have, so they must "
                        "invoke. Match the difficulty to the story, not to the dice.").format(
            mediocre=escape(ladder_label(0)), average=escape(ladder_label(1)), fair=escape(ladder_label(2)),
            good=escape(ladder_label(3)), skill=escape(rules_text(ruleset.skill_word))), style, 3))
        flow.add(Heading(_("QUICK NPCS"), 9, 2))
        flow.add(Text(_("<b>Nameless:</b> one or two aspects, one or two skills at Average or Fair, no stress "
                      "or one or two boxes; a hit takes them out. Group them in mobs: each extra member adds "
                      "+1 to the best one's roll."), style, 2))
        flow.add(Text(_("<b>Supporting:</b> a high concept and a trouble, a peak skill around Good, a few more, "
                      "a couple of stress boxes and a mild consequence."), style, 2))
        flow.add(Text(_("<b>Main:</b> built like a PC; they may concede and come back later."), style, 3))
        order = turn_order_card(ruleset)
        flow.add(Heading(order.title.upper(), 9, 2))
        for p in order.paragraphs:
            if isinstance(p, str):
                flow.add(Text(p, style, 2))
        conditions = options.conditions != ConditionsMode.OFF
        flow.add(Heading(_("STRESS AND CONDITIONS") if conditions else _("STRESS AND CONSEQUENCES"), 9, 2))
        harm = conditions_card(ruleset, options) if conditions else consequences_card(ruleset, options)
        for card in (stress_card(ruleset, options), harm):
            for p in card.paragraphs:
                if isinstance(p, str):
                    flow.add(Text(p, style, 2))
        flow.add(Heading(_("FATE-POINT FLOW"), 9, 2))
        if conditions:
            gain = _("<b>Players gain</b> a point for each compel they accept, for conceding (plus one per "
                     "condition marked in the conflict), and, once the scene is over, one for each hostile invoke "
                     "made against them.")
        else:
            gain = _("<b>Players gain</b> a point for each compel they accept, for conceding (plus one per "
                     "consequence taken in the conflict), and, once the scene is over, one for each hostile invoke "
                     "made against them.")
        flow.add(Text(gain, style, 2))
        flow.add(Text(
            _("<b>Players spend</b> a point to invoke an aspect (+2 or a reroll), to refuse a compel, or "
            "to add a story detail that is a stretch."), style, 2))
        flow.add(Text(
            _("<b>Your pool</b> starts every scene with one point per PC in it; pay from it for NPCs' "
            "invokes, and hand points to players for compels and concessions."), style, 2))
        flow.add(Text(
            _("<b>Each session</b> a player starts with their refresh or the points they kept, whichever "
            "is more."), style, 3))
        frame = _Frame(self.canvas, self.portrait, _("GM cheat sheet: {ruleset}").format(ruleset=rules_text(ruleset.name)),
                       _("Our own summary of the rules the table uses most."))
        body = frame.body
        return _paged(flow, frame, body.width, body.height, columns=2)

