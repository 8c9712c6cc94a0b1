"""Printables beyond sheets and entry cards: the pack's cover, scene sheets, aspect and boost
cards, fate-point trackers, the GM cheat sheet, skill (approach) cards and blank card
templates. Everything continues onto another page or card rather than shrinking or cutting."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from fate_desk.model import LADDER, CampaignOptions, Scene, SituationAspect, ladder_label, signed
from fate_desk.rules import RuleSet

from .cards import CardFace
from .draw import BOX_MIN, PENCIL_LINE, Boxes, Columns, Flow, Heading, Placed, RuledLine, Table, Text, line_text, rule
from .fonts import BOLD, ITALIC, REGULAR
from .geometry import Page, Rect
from .reference_text import advantage_card, attack_card, defend_card, outcomes_card, overcome_card, turn_order_card
from .skill_text import ACTIONS, APPROACHES, SKILLS
from .styles import GREY, INK, Styles
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
        for _ in range(self.count):
            y -= self.spacing
            rule(c, x, y, width)


@dataclass
class TentTop:
    """The top half of a tent card: the aspect upside down, so folded along the dashed line
    the card stands on the table and reads the same from both sides."""

    text: str
    size: float = 16.0
    room: float = 70.0
    space_after: float = 6.0

    def height(self, scale, width, limit) -> float:
        return self.room + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        text = RichText([Run(self.text, BOLD)], self.size, space_after=0, min_size=10)
        placed, _ = Flow([text]).fill(width, self.room - 4)
        c.saveState()
        c.translate(x + width, top - self.room + 2)
        c.rotate(180)
        placed.draw(c, Rect(0, -self.room + 4, width, self.room - 4))
        c.restoreState()
        c.saveState()
        c.setDash(3, 2)
        c.setLineWidth(0.6)
        c.line(x, top - self.room, x + width, top - self.room)
        c.restoreState()
        line_text(c, "fold here to stand it up", x + width - 90, top - self.room - 7, 90, ITALIC, 6, GREY)


@dataclass
class ZoneMap:
    """The zones as boxes, three to a row, with a line between each pair one can move
    between: a sketch of the scene to put miniatures or tokens on."""

    zones: list
    space_after: float = 8.0

    PER_ROW = 3
    ROW_H = 54.0

    def height(self, scale, width, limit) -> float:
        rows = -(-len(self.zones) // self.PER_ROW)
        return rows * self.ROW_H + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
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
            RichText([Run(zone.name or "(unnamed zone)", BOLD)], 8, space_after=0, min_size=7).draw(
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
        for _ in range(columns):
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
        title = self.title if number == 1 else f"{self.title} (continued)"
        line_text(c, title, area.x, area.top - 16, area.width, BOLD, 16)
        if self.subtitle:
            line_text(c, self.subtitle, area.x, area.top - 27, area.width, REGULAR, 8, GREY)
        if more:
            line_text(c, "continued on the next page →", area.x, area.y + 1, area.width, ITALIC, 7, GREY)
        return self.body


def _aspect_runs(aspect: SituationAspect) -> list[Run]:
    runs = [Run(aspect.text or "(an aspect with no words yet)", BOLD)]
    if aspect.boost:
        runs.append(Run("  (boost)", ITALIC, GREY))
    return runs


def _invoke_boxes(aspect: SituationAspect, name: str) -> Boxes:
    """Free invokes as boxes to tick; two more, dashed, for invokes earned later."""
    count = max(1, aspect.free_invokes) if aspect.boost else aspect.free_invokes
    spare = 0 if aspect.boost else 2
    values = list(range(1, count + spare + 1))
    needs = [""] * count + ["if earned"] * spare
    label = "Boost: invoke once" if aspect.boost else "Free invokes"
    return Boxes(label, values, set(), [], size=BOX_MIN, show_values=False, needs=needs, space_after=4)


@dataclass
class Printables:
    canvas: Canvas
    portrait: Page
    landscape: Page
    styles: Styles

    # --- cover ------------------------------------------------------------------------------

    def cover(self, title: str, date: str, contents: list[tuple[str, int, int]]) -> list[Callable[[], None]]:
        flow = Flow()
        flow.add(Heading("CONTENTS", 10, 6))
        rows = [(escape(t), str(page)) for t, _, page in contents]
        flow.add(Table(rows, self.styles.body, (0.85, 0.15), row_gap=3))
        frame = _Frame(self.canvas, self.portrait, title, f"Campaign pack printed {date} by Fate Desk")
        body = frame.body
        return _paged(flow, frame, body.width, body.height - 20)

    # --- scene sheet ------------------------------------------------------------------------

    def scene_sheet(self, scene: Scene, names: dict[str, str], prefix: str) -> list[Callable[[], None]]:
        flow = Flow()
        zone_names = {z.id: z.name or "(unnamed zone)" for z in scene.zones}
        flow.add(Heading("SITUATION ASPECTS", 9, 4))
        for i, aspect in enumerate(scene.aspects):
            flow.add(RichText(_aspect_runs(aspect), 10, space_after=1))
            flow.add(_invoke_boxes(aspect, f"{prefix}-a{i}"))
        flow.add(WriteLines("New aspects, boosts and their free invokes", 3))
        flow.add(Heading("ZONES", 9, 4))
        if scene.zones:
            flow.add(ZoneMap(scene.zones))
        else:
            flow.add(RichText([Run("No zones drawn yet: sketch them here.", ITALIC, GREY)], 8))
            flow.add(WriteLines("", 6))
        for zone in scene.zones:
            flow.add(RichText([Run(zone.name or "(unnamed zone)", BOLD)], 10, space_after=1))
            links = [zone_names.get(z, "") for z in zone.adjacent if zone_names.get(z)]
            flow.add(RichText([Run("Connects to: ", BOLD), Run(", ".join(links) or "nowhere yet")], 8.5,
                              space_after=2))
            for i, aspect in enumerate(zone.aspects):
                flow.add(RichText(_aspect_runs(aspect), 9, space_after=1))
                flow.add(_invoke_boxes(aspect, f"{prefix}-{zone.id}-{i}"))
            flow.add(WriteLines("Who is here", 2))
        flow.add(Heading("IN THE SCENE", 9, 4))
        present = [names[i] for i in scene.present if i in names]
        flow.add(RichText([Run(", ".join(present) or "Nobody listed yet.")], 9))
        if scene.notes.strip():
            flow.add(Heading("NOTES", 9, 4))
            flow.add(RichText([Run(scene.notes)], 8.5))
        session = f"Session {scene.session}" if scene.session is not None else ""
        frame = _Frame(self.canvas, self.portrait, f"Scene: {scene.name or '(unnamed scene)'}", session)
        body = frame.body
        return _paged(flow, frame, body.width, body.height, columns=2)

    # --- cards ----------------------------------------------------------------------------

    def aspect_faces(self, scenes: list[Scene], blanks: bool = True) -> list[CardFace]:
        """A card per situation aspect and boost (scene-wide and per zone); without any, blank
        aspect cards to write on."""
        faces = []
        for scene in scenes:
            found = [(a, "") for a in scene.aspects] + [(a, z.name) for z in scene.zones for a in z.aspects]
            for n, (aspect, zone) in enumerate(found):
                flow = Flow()
                flow.add(TentTop(aspect.text or ""))
                flow.add(RichText([Run(aspect.text or "", BOLD)], 16, space_after=6, min_size=10))
                flow.add(_invoke_boxes(aspect, f"ac{n}"))
                where = f"{scene.name}" + (f" · {zone}" if zone else "")
                flow.add(RichText([Run(where, ITALIC, GREY)], 8))
                kind = "Boost" if aspect.boost else "Situation aspect"
                faces.append(CardFace("Boost" if aspect.boost else "Aspect", kind, flow,
                                      f"Aspect card: {aspect.text}"[:80]))
        if not faces and blanks:
            for n in range(4):
                flow = Flow().add(WriteLines("Aspect", 2, 24)).add(
                    Boxes("Free invokes", [1, 2, 3], set(), [], size=BOX_MIN, show_values=False))
                faces.append(CardFace("Aspect", "Situation aspect", flow, "Blank aspect cards" if n == 0 else ""))
        return faces

    def tracker_faces(self, players: list[str], prefix: str) -> list[CardFace]:
        """The GM's pool (one point per PC in the scene) and a card per player."""
        faces = []
        pool = Flow()
        pool.add(Text("At the start of each scene the pool holds one point per player character in it. "
                      "Pay from it to invoke and to compel.", self.styles.card_body, 4))
        pool.add(Boxes("Pool", list(range(1, 13)), set(), [], size=BOX_MIN, show_values=True))
        pool.add(RuledLine("Scene", ""))
        faces.append(CardFace("GM's fate points", "Fate-point tracker", pool, "Fate-point trackers"))
        for name in players or ["", "", ""]:
            flow = Flow()
            flow.add(RuledLine("Refresh", ""))
            flow.add(Boxes("Fate points", list(range(1, 11)), set(), [], size=BOX_MIN, show_values=True))
            flow.add(Text("Tick a box for each point you hold; rub out as you spend. Back to at least "
                          "your refresh at the start of each session.", self.styles.card_body, 3))
            faces.append(CardFace(name or "Player", "Fate points", flow))
        return faces

    def skill_faces(self, ruleset: RuleSet) -> list[CardFace]:
        """What each skill (or approach) does for each action, five to a card."""
        faces = []
        approaches = all(s in APPROACHES for s in ruleset.skills)
        if approaches:
            flow = Flow()
            flow.add(Text("Every approach can be used for any action; pick the one that fits how you act. "
                          "Actions: overcome, create an advantage, attack, defend.", self.styles.card_body, 4))
            rows = [(f"<b>{escape(s)}</b>", escape(APPROACHES[s])) for s in ruleset.skills]
            flow.add(Table(rows, self.styles.card_body, (0.25, 0.75)))
            return [CardFace("Approaches", ruleset.name, flow, f"Approach card: {ruleset.name}")]
        names = list(ruleset.skills)
        for start in range(0, len(names), 5):
            flow = Flow()
            for name in names[start:start + 5]:
                info = SKILLS.get(name)
                if info is None:
                    flow.add(RichText([Run(f"{name}. ", BOLD), Run("A skill of this rule set: "
                                                                   "the GM says what it covers.")], 8.5))
                    continue
                covers, *uses = info
                runs = [Run(f"{name} ", BOLD), Run(f"({covers}). ", ITALIC, GREY)]
                for action, use in zip(ACTIONS, uses):
                    if use:
                        runs += [Run(f"{action}: ", BOLD), Run(f"{use}. ")]
                flow.add(RichText(runs, 8.5, space_after=3))
            faces.append(CardFace(f"{ruleset.skill_word_plural.capitalize()} {start // 5 + 1}", ruleset.name,
                                  flow, f"Skill card: {ruleset.name}" if start == 0 else ""))
        return faces

    def blank_card_faces(self, ruleset: RuleSet, prefix: str) -> list[CardFace]:
        """Cards to fill in by hand: an NPC, a monster, an obstacle and a countdown."""
        def npc(rule_breaks: bool) -> Flow:
            """Sized to fit one card in two columns, lines 7 mm apart for a pencil: a template
            that continued would be no template."""
            left = Flow().add(WriteLines("Aspects", 3, PENCIL_LINE, 2))
            left.add(WriteLines(ruleset.skill_word_plural, 4, PENCIL_LINE, 0))
            right = Flow().add(Boxes("Stress", [1, 2, 3, 4, 5, 6], set(), [], size=BOX_MIN, show_values=False,
                                     space_after=3))
            for label in ("Mild 2", "Moderate 4"):
                right.add(RuledLine(label, "", 8.5, PENCIL_LINE - 8.5 * 1.9 - 3))
            if rule_breaks:
                right.add(RuledLine("Fate points", "", 8.5, PENCIL_LINE - 8.5 * 1.9 - 3))
            right.add(WriteLines("Rule breaks and stunts" if rule_breaks else "Stunts", 3 if rule_breaks else 4,
                                 PENCIL_LINE, 0))
            return Flow().add(Columns([left, right]))

        obstacle = Flow().add(RuledLine("Kind", "")).add(RuledLine("Rating", "")).add(RuledLine("Weapon", ""))
        obstacle.add(Text("Hazard: acts and attacks. Block: stands in the way; overcome to remove. "
                          "Distraction: a choice with a repercussion either way.", self.styles.card_body))
        obstacle.add(WriteLines("Notes", 2, PENCIL_LINE))
        countdown = Flow().add(Boxes("Track", list(range(1, 9)), set(), [], size=BOX_MIN))
        countdown.add(RuledLine("Trigger", "")).add(RuledLine("When the last box is marked", ""))
        countdown.add(WriteLines("Box triggers", 2, PENCIL_LINE))
        return [
            CardFace("NPC: ____________", "Blank NPC card", npc(False), "Blank cards"),
            CardFace("Monster: ____________", "Blank monster card", npc(True)),
            CardFace("Obstacle: ____________", "Blank obstacle card", obstacle),
            CardFace("Countdown: ____________", "Blank countdown card", countdown),
        ]

    # --- GM cheat sheet ------------------------------------------------------------------------

    def cheat_sheet(self, ruleset: RuleSet, options: CampaignOptions) -> list[Callable[[], None]]:
        style = self.styles.body
        flow = Flow()
        flow.add(Heading("THE LADDER", 9, 2))
        rungs = [(f"<b>{signed(v)}</b>", escape(name)) for v, name in sorted(LADDER.items(), reverse=True)]
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
        flow.add(Heading("SETTING DIFFICULTIES", 9, 2))
        flow.add(Text(f"Easy: {escape(ladder_label(0))} or {escape(ladder_label(1))}, a roll only to see how "
                      f"well it goes. Fair challenge: {escape(ladder_label(2))} to {escape(ladder_label(3))}. "
                      f"Hard: two or more above the best {escape(ruleset.skill_word)} the PCs have, so they must "
                      "invoke. Match the difficulty to the story, not to the dice.", style, 3))
        flow.add(Heading("QUICK NPCS", 9, 2))
        flow.add(Text("<b>Nameless:</b> one or two aspects, one or two skills at Average or Fair, no stress "
                      "or one or two boxes; a hit takes them out. Group them in mobs: each extra member adds "
                      "+1 to the best one's roll.", style, 2))
        flow.add(Text("<b>Supporting:</b> a high concept and a trouble, a peak skill around Good, a few more, "
                      "a couple of stress boxes and a mild consequence.", style, 2))
        flow.add(Text("<b>Main:</b> built like a PC; they may concede and come back later.", style, 3))
        order = turn_order_card(ruleset)
        flow.add(Heading(order.title.upper(), 9, 2))
        for p in order.paragraphs:
            if isinstance(p, str):
                flow.add(Text(p, style, 2))
        frame = _Frame(self.canvas, self.portrait, f"GM cheat sheet: {ruleset.name}",
                       "Our own summary of the rules the table uses most.")
        body = frame.body
        return _paged(flow, frame, body.width, body.height, columns=2)

