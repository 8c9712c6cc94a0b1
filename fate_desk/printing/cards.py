"""Index cards for GM prep (NPCs, hazards, blocks, distractions, countdowns), four to a page
with cut marks; reference cards use the same grid."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from fate_desk.rules.creation.derive import slot_text
from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import (
    AspectRole,
    Block,
    CampaignOptions,
    Character,
    CharacterKind,
    Consequence,
    Countdown,
    Distraction,
    Hazard,
    ladder_label,
)
from fate_desk.rules import RuleSet, derive
from fate_desk.rules.prep.obstacles import (
    cover_armor,
    forced_into_weapon,
    removal_difficulty,
)

from .draw import (
    BOX_MIN,
    SCALES,
    Boxes,
    Flow,
    Gap,
    Placed,
    RuledLine,
    Table,
    Text,
    field_name,
    label_width,
    line_text,
)
from .fonts import BOLD, ITALIC, REGULAR, text_width
from .geometry import Page, Rect, card_slots
from . import skills_layout
from .styles import GREY, INK, Styles, one_line
from .textflow import RichText, Run
from .wording import extra_grants, played_phrase, raised_by_extras, track_caption

PAD = 9.0
TITLE_H = 19.0
FOOT_H = 9.0  # room for "card 1 of 2" at the foot of a card that continues
CUT_MARK = 14.0
CUT_GAP = 4.0
# Column widths (fractions of the card) for reference tables, by number of columns.
TABLE_COLUMNS = {2: (0.22, 0.78), 4: (0.1, 0.4, 0.1, 0.4)}


# Characters whose fate points and refresh the card carries (minor NPCs use the GM's pool).
POINT_KINDS = (CharacterKind.PC, CharacterKind.MAJOR_NPC, CharacterKind.MONSTER)


def invokes_phrase(n: int) -> str:
    return ngettext("{count} free invoke", "{count} free invokes", n).format(count=n)


def consequence_text(q: Consequence | None) -> str:
    """A taken consequence as printed in ink: its words, whether it is recovering, and the
    free invokes someone holds on it."""
    if q is None:
        return ""
    notes = ([_("recovering")] if q.recovering else []) + ([invokes_phrase(q.free_invokes)] if q.free_invokes else [])
    return one_line(q.text) + (f" ({', '.join(notes)})" if notes else "")


@dataclass
class PointsLine:
    """'REFRESH 3   FATE POINTS 2' on a card; a table copy gets a box to pencil the points in.
    A refresh below 1 (too many stunts) is said, not just printed."""

    refresh: int
    fate_points: int | None  # None: a box to write in
    carried: int = 0  # an NPC's or monster's points waiting for the GM's pool
    field: str = ""
    space_after: float = 4.0

    SIZE = 8.5
    BOX_W = 26.0
    BOX_H = 14.0

    def height(self, scale, width, limit) -> float:
        return self.BOX_H + 2 + self.space_after

    def split(self, scale, width, room):
        return (self, None) if self.height(scale, width, room) <= room else (None, self)

    def draw(self, c: Canvas, x: float, top: float, width: float, scale: float) -> None:
        y = top - self.BOX_H + 3.5
        c.setFillColor(INK)
        # Through line_text: each letter in a face that has it (Chinese and Korean words too).
        label = _("Refresh")
        line_text(c, label, x, y, text_width(label, BOLD, self.SIZE) + 1, BOLD, self.SIZE)
        cx = x + text_width(label + " ", BOLD, self.SIZE)
        text = str(self.refresh) + (_("  (below 1: too many stunts)") if self.refresh < 1 else "")
        line_text(c, text, cx, y, text_width(text, REGULAR, self.SIZE) + 1, REGULAR, self.SIZE)
        cx += text_width(text, REGULAR, self.SIZE) + 14
        label = _("Fate points")
        line_text(c, label, cx, y, text_width(label, BOLD, self.SIZE) + 1, BOLD, self.SIZE)
        cx += text_width(label + " ", BOLD, self.SIZE)
        if self.fate_points is None:
            c.setStrokeColor(INK)
            c.setLineWidth(0.8)
            c.rect(cx, top - self.BOX_H, self.BOX_W, self.BOX_H)
            if self.field:
                c.acroForm.textfield(name=self.field, tooltip=_("Fate points"), x=cx, y=top - self.BOX_H,
                                     width=self.BOX_W, height=self.BOX_H, borderWidth=0, borderColor=None,
                                     fillColor=None, fontName="Helvetica", fontSize=9, maxlen=3)
            cx += self.BOX_W + 8
        else:
            c.setFont(REGULAR, self.SIZE)
            c.drawString(cx, y, str(self.fate_points))
            cx += c.stringWidth(str(self.fate_points), REGULAR, self.SIZE) + 8
        if self.carried:
            line_text(c, _("(carries {count} into the GM's pool)").format(count=self.carried), cx, y, x + width - cx, ITALIC, 7.5, GREY)


@dataclass(frozen=True)
class CardFace:
    """What one card shows: a title, a kind label on the right, and a flow for the body."""

    title: str
    kind: str
    flow: Flow
    bookmark: str = ""  # the PDF outline entry for the card ("" for none)
    # Draws the whole card inside its border instead of a title and a flow (tent cards).
    draw_whole: Callable[[Canvas, Rect, float], None] | None = None


@dataclass(frozen=True)
class CardChunk:
    """One physical card: a face, or the part of it that fits, with its place in the run."""

    face: CardFace
    placed: Placed
    part: int  # 1-based
    parts: int


def player_countdown(countdown: Countdown) -> Countdown:
    """The face shown to players when a countdown's meaning stays secret: boxes only."""
    return countdown.model_copy(update={"trigger": "", "box_triggers": [], "outcome": "", "notes": ""})


def body_rect(slot: Rect) -> Rect:
    inner = Rect(slot.x + PAD, slot.y + PAD, slot.width - 2 * PAD, slot.height - 2 * PAD)
    return Rect(inner.x, inner.y + FOOT_H, inner.width, inner.height - TITLE_H - 1 - FOOT_H)


@dataclass
class CardRenderer:
    canvas: Canvas
    page: Page
    styles: Styles
    state: bool = False  # print marked boxes and consequences (else a table copy)

    # --- page ---------------------------------------------------------------------------

    def chunks(self, face: CardFace) -> list[CardChunk]:
        """The face on as many cards as it needs; what does not fit one card continues on
        the next, each marked, instead of shrinking below 7 pt or being cut."""
        body = body_rect(card_slots(self.page)[0])
        placed_parts = []
        rest: Flow | None = face.flow
        scales = SCALES
        while rest is not None:
            placed, rest = rest.fill(body.width, body.height, scales, next_height=body.height)
            placed_parts.append(placed)
            scales = (1.0,)  # a continuation prints at the size of the card before it
        n = len(placed_parts)
        return [CardChunk(face, placed, i + 1, n) for i, placed in enumerate(placed_parts)]

    def draw_page(self, chunks: list[CardChunk]) -> None:
        """Up to four cards on the current page, with cut marks."""
        slots = card_slots(self.page)
        for chunk, rect in zip(chunks, slots):
            self._card(chunk, rect)
        self._cut_marks(slots[: max(1, len(chunks))])

    def _card(self, chunk: CardChunk, rect: Rect) -> None:
        c = self.canvas
        face = chunk.face
        c.setStrokeColor(INK)  # a border a photocopier keeps
        c.setLineWidth(0.5)
        c.rect(rect.x, rect.y, rect.width, rect.height)
        if face.draw_whole is not None:
            face.draw_whole(c, rect, PAD)
            return
        inner = Rect(rect.x + PAD, rect.y + PAD, rect.width - 2 * PAD, rect.height - 2 * PAD)
        # A continuation card says so where the kind goes, leaving the title its room.
        kind = face.kind.upper() if chunk.part == 1 else _("Continued").upper()
        kind_w = text_width(kind, BOLD, 6.5) if kind else 0
        line_text(c, kind, inner.right - kind_w, inner.top - 9, kind_w + 1, BOLD, 6.5, GREY)
        title = face.title
        line_text(c, title, inner.x, inner.top - 11, inner.width - kind_w - 8, BOLD, 12, INK)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.line(inner.x, inner.top - TITLE_H + 3, inner.right, inner.top - TITLE_H + 3)
        chunk.placed.draw(c, body_rect(rect))
        if chunk.parts > 1:
            more = _(" · continued on the next card →") if chunk.part < chunk.parts else ""
            line_text(c, _("card {part} of {parts}{more}").format(part=chunk.part, parts=chunk.parts, more=more), inner.x, inner.y + 1, inner.width,
                      ITALIC, 7, GREY)

    def _cut_marks(self, slots: list[Rect]) -> None:
        """Short lines in the margin at every card edge; cards touch, so one cut serves two."""
        c = self.canvas
        xs = sorted({r.x for r in slots} | {r.right for r in slots})
        ys = sorted({r.y for r in slots} | {r.top for r in slots})
        left, right = min(xs), max(xs)
        bottom, top = min(ys), max(ys)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        for x in xs:
            c.line(x, top + CUT_GAP, x, top + CUT_GAP + CUT_MARK)
            c.line(x, bottom - CUT_GAP, x, bottom - CUT_GAP - CUT_MARK)
        for y in ys:
            c.line(left - CUT_GAP, y, left - CUT_GAP - CUT_MARK, y)
            c.line(right + CUT_GAP, y, right + CUT_GAP + CUT_MARK, y)

    # --- faces --------------------------------------------------------------------------

    def face(self, item, ruleset: RuleSet, options: CampaignOptions, prefix: str) -> CardFace:
        if isinstance(item, Character):
            return self.character_face(item, ruleset, options, prefix)
        if isinstance(item, Hazard):
            return self.hazard_face(item)
        if isinstance(item, Block):
            return self.block_face(item)
        if isinstance(item, Distraction):
            return self.distraction_face(item)
        if isinstance(item, Countdown):
            return self.countdown_face(item, prefix)
        raise TypeError(f"cannot print a card for {type(item).__name__}")  # i18n: not shown (a programming error)

    def _text(self, text: str, space: float = 3.0) -> Text:
        """Our own words (safe markup)."""
        return Text(text, self.styles.card_body, space)

    @staticmethod
    def _user(head: str, text: str, space: float = 3.0, size: float = 9.0) -> RichText:
        """A bold head ('Trigger: ') and user text, wrapped, never cut, never below 7 pt."""
        runs = [Run(head, BOLD)] if head else []
        return RichText(runs + [Run(text)], size, space_after=space)

    def _notes(self, flow: Flow, notes: str) -> None:
        if notes.strip():
            flow.add(Gap(2)).add(RichText([Run(notes, ITALIC, GREY)], 8.5, space_after=2))

    def character_face(self, npc: Character, ruleset: RuleSet, options: CampaignOptions, prefix: str) -> CardFace:
        """Who it is and its points, then the mechanics (skills, stress, consequences), then
        aspects, stunts and rule breaks, then notes: on a long card the part that continues
        is the flavour."""
        derived = derive(npc, ruleset, options)
        flow = Flow()
        if npc.description.strip():
            flow.add(RichText([Run(npc.description, ITALIC)], 8.5, space_after=3))
        if npc.kind in POINT_KINDS:
            flow.add(PointsLine(derived.refresh, npc.fate_points if self.state else None,
                                npc.carried_fate_points if self.state else 0, field_name(prefix, "fate_points")))
        played = self._skills_as_played(npc, ruleset, derived)
        if played:
            ranked = sorted(played.items(), key=lambda kv: (-kv[1][0], kv[0].casefold()))
            parts = " · ".join(played_phrase(name, r, why) for name, (r, why) in ranked)
            flow.add(self._user(_("{skills}: ").format(skills=rules_text(ruleset.skill_word_plural).capitalize()), parts, 4))
        marks = npc.stress if self.state else {}
        custom = {t.id: t for t in npc.all_tracks()}
        label_w = max((label_width(rules_text(n), BOLD, Boxes.FONT) for n in derived.track_names.values()),
                      default=0) + 8
        for track_id, values in derived.stress.items():
            names = [field_name(prefix, "stress", track_id, i) for i in range(min(len(values), 500))]
            label = rules_text(derived.track_names.get(track_id, track_id))
            track = custom.get(track_id)
            flow.add(Boxes(label, list(values), set(marks.get(track_id, [])), names, size=BOX_MIN,
                           label_width=label_w, space_after=4,
                           tooltip=_("{track} stress").format(track=label) if track is None else label,
                           caption=track_caption(track) if track is not None else ""))
        if not derived.stress:
            flow.add(self._text(_('<font color="#474747">No stress boxes: any hit takes them out.</font>')))
        taken = {q.slot: q for q in npc.consequences} if self.state else {}
        for slot in derived.consequences:
            label = f"{one_line(slot_text(slot))} {slot.value}"
            if slot.only and "only" not in (slot.label or ""):
                label = _("{slot} ({track} only)").format(
                    slot=label, track=rules_text(derived.track_names.get(slot.only, slot.only)).lower())
            flow.add(RuledLine(label, consequence_text(taken.pop(slot.id, None)), 8.5, 2))
        for slot_id, q in taken.items():  # slots it no longer has: keep the text on paper
            if q.text.strip():
                flow.add(RuledLine(one_line(slot_id.replace("_", " ")), consequence_text(q), 8.5, 2))
        for aspect in npc.aspects:
            if not aspect.text.strip():
                continue
            role = aspect.role.label
            runs = [Run(role.upper() + "  ", BOLD, GREY)] if aspect.role != AspectRole.FREE else []
            runs.append(Run(aspect.text, BOLD))
            if aspect.free_invokes and self.state:
                runs.append(Run(f" ({invokes_phrase(aspect.free_invokes)})"))
            flow.add(RichText(runs, 9, space_after=2))
        for stunt in npc.stunts:
            flow.add(self._user(f"{stunt.name.strip()}. " if stunt.name.strip() else "", stunt.text))
        for extra in npc.active_extras():  # gear and powers: what each grants, as the sheet says it
            bits = [extra.description.strip()] if extra.description.strip() else []
            grants = extra_grants(extra)
            if grants:
                bits.append(_("Grants {grants}.").format(grants=", ".join(grants)))
            flow.add(self._user(f"{extra.name.strip() or _('Extra')}. ", " ".join(bits)))
            for stunt in extra.stunts:
                flow.add(self._user(f"{stunt.name.strip()}. " if stunt.name.strip() else "", stunt.text))
            if extra.notes.strip():
                flow.add(RichText([Run(extra.notes, ITALIC, GREY)], 8.5, space_after=3))
        for brk in npc.rule_breaks:
            flow.add(self._user(f"{brk.kind.replace('_', ' ').capitalize()}: ", brk.text))
        if npc.scale:
            flow.add(self._user(_("Scale: "), npc.scale))
        self._notes(flow, npc.notes)
        return CardFace(npc.name or _("(unnamed)"), npc.kind.label, flow)

    @staticmethod
    def _skills_as_played(npc: Character, ruleset: RuleSet, derived) -> dict[str, tuple[int, str]]:
        """Each skill at the rating the character rolls, with the extras that raise it (as on the
        sheet); approaches (Fate Accelerated) all of them, Mediocre (+0) ones too, as the sheet
        shows them."""
        own = dict(npc.skills)
        if len(ruleset.skills) <= skills_layout.SHORT_LIST:
            spelled = {k.casefold() for k in own}
            own.update({name: 0 for name in ruleset.skills if name.casefold() not in spelled})
        played = {name: (rating, "") for name, rating in own.items()}
        for name, (rating, why) in raised_by_extras(npc, derived).items():
            key = next((k for k in own if k.casefold() == name.casefold()), name)
            played[key] = (rating, why)
        return played

    def hazard_face(self, hazard: Hazard) -> CardFace:
        rating = ladder_label(hazard.rating)
        flow = Flow()
        flow.add(self._text(_("<b>Rating:</b> {rating} · <b>Weapon:</b> {weapon}").format(
            rating=rating, weapon=hazard.weapon), 4))
        flow.add(self._text(
            _("Acts in turn order with its rating, attacking or creating advantages; a hit adds "
              "Weapon {weapon} to its shifts. It cannot be attacked. Overcoming it or creating "
              "an advantage against it faces {rating}.").format(weapon=hazard.weapon, rating=rating)
        ))
        flow.add(self._text(_("Its name is both its skill and an aspect anyone can invoke or compel.")))
        self._notes(flow, hazard.notes)
        return CardFace(hazard.name or _("(unnamed hazard)"), _("Hazard"), flow)

    def block_face(self, block: Block) -> CardFace:
        rating = ladder_label(block.rating)
        flow = Flow()
        head = _("<b>Rating:</b> {rating}").format(rating=rating)
        if block.weapon:
            head = _("<b>Rating:</b> {rating} · <b>Weapon:</b> {weapon}").format(rating=rating, weapon=block.weapon)
        flow.add(self._text(head, 4))
        flow.add(self._text(
            _("<b>Remove it:</b> overcome at {rating}.").format(rating=ladder_label(removal_difficulty(block)))
        ))
        if block.weapon:
            flow.add(self._text(_("Never acts. Whoever it gets in the way of rolls against {rating}. Missing the "
                                  "roll means a hit equal to the shifts missed by.").format(rating=rating)))
        else:
            flow.add(self._text(_("Never acts. Whoever it gets in the way of rolls against {rating}.").format(
                rating=rating)))
        forced = forced_into_weapon(block)
        if forced is not None:
            flow.add(self._text(_("<b>Forced into it:</b> the attack adds Weapon {weapon}.").format(weapon=forced)))
        flow.add(self._text(_("<b>As cover</b> (where it makes sense): Armor {armor}.").format(
            armor=cover_armor(block))))
        self._notes(flow, block.notes)
        return CardFace(block.name or _("(unnamed block)"), _("Block"), flow)

    def distraction_face(self, distraction: Distraction) -> CardFace:
        flow = Flow()
        if distraction.choice.strip():
            flow.add(self._user(_("Choice: "), distraction.choice, 4))
        for rep in distraction.repercussions:
            if rep.strip():
                flow.add(self._user(_("Repercussion: "), rep))
        if distraction.opposition is not None:
            flow.add(self._text(_("<b>Opposition:</b> {rating}").format(rating=ladder_label(distraction.opposition))))
        self._notes(flow, distraction.notes)
        return CardFace(distraction.name or _("(unnamed distraction)"), _("Distraction"), flow)

    def countdown_face(self, countdown: Countdown, prefix: str, for_players: bool = False) -> CardFace:
        flow = Flow()
        shown = min(countdown.boxes, Boxes.MAX_BOXES)  # an absurd count is stated, not drawn
        values = list(range(1, shown + 1))
        names = [field_name(prefix, "countdown", i) for i in range(min(countdown.boxes, Boxes.MAX_BOXES))]
        marked = set(range(min(countdown.marked, shown))) if self.state else set()
        flow.add(Boxes(_("Track"), values, marked, names, size=BOX_MIN, space_after=5, tooltip=_("Countdown"),
                       more=countdown.boxes - shown))
        if countdown.trigger.strip():
            flow.add(self._user(_("Trigger: "), countdown.trigger))
        for i, trigger in enumerate(countdown.box_triggers):
            if trigger.strip():
                flow.add(self._user(_("Box {number}: ").format(number=i + 1), trigger, 1.5))
        if countdown.outcome.strip():
            flow.add(self._user(_("When the last box is marked: "), countdown.outcome))
        self._notes(flow, countdown.notes)
        if for_players:
            return CardFace(_("Countdown"), _("For the players"), flow)
        return CardFace(countdown.name or _("(unnamed countdown)"), _("Countdown"), flow)

    def reference_face(self, card, ruleset: RuleSet) -> CardFace:
        """A rules reference card (see reference_text): our own words, the rule set's name."""
        flow = Flow()
        rows: list[tuple[str, ...]] = []
        for part in card.paragraphs + ("",):
            if isinstance(part, tuple) and (not rows or len(rows[0]) == len(part)):
                rows.append(part)
                continue
            if rows:
                fractions = TABLE_COLUMNS.get(len(rows[0])) or tuple(1 / len(rows[0]) for _unused in rows[0])
                flow.add(Table(rows, self.styles.card_body, fractions, space_after=4))
                rows = [part] if isinstance(part, tuple) else []
            if isinstance(part, str) and part:
                flow.add(Text(part, self.styles.card_body, 3.2))
        return CardFace(card.title, rules_text(ruleset.name), flow)
