"""The one-page character sheet: filled from a character, or blank as a fillable form."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from fate_desk.model import AspectRole, CampaignOptions, Character, CharacterKind, ladder_label
from fate_desk.rules import RuleSet, SlotInfo, derive
from fate_desk.rules.checker import aspect_slots

from . import skills_layout
from .draw import Boxes, Flow, Text, checkbox, field_name, line_text, rule, section, text_field, writing_lines
from .fonts import BOLD, ITALIC, REGULAR
from .geometry import Page, Rect
from .styles import GREY, INK, Styles, fit_line, fit_paragraph, markup, one_line
from .wording import RECOVERY, marking_note, track_caption

HEADER = 66.0
GAP = 7.0
ASPECT_ROW = 33.0
SKILL_ROW = 19.0
STRESS_ROW = 27.0
STRESS_CAPTION = 10.0
SLOT_ROW = 26.0
NOTES_MIN = 70.0


def blank_model(ruleset: RuleSet) -> Character:
    """A stand-in whose track skills are at their highest level, so derive() yields every box and
    slot a character of this rule set can have (the blank form offers them all)."""
    top = max((lvl.at for t in ruleset.stress.tracks for lvl in t.levels), default=0)
    if ruleset.consequences.extra_mild_at is not None:
        top = max(top, ruleset.consequences.extra_mild_at)
    skills = {s: top for t in ruleset.stress.tracks for s in t.skills} if top else {}
    return Character(ruleset=ruleset.id, skills=skills)


@dataclass
class SheetRenderer:
    """Draws one sheet per call on a shared canvas; `page` and `styles` are the shared geometry."""

    canvas: Canvas
    page: Page
    styles: Styles

    def draw(
        self,
        character: Character | None,
        ruleset: RuleSet,
        options: CampaignOptions,
        prefix: str,
    ) -> None:
        """Draw a filled sheet, or with `character` None a blank form; `prefix` keeps the form
        field names of this page apart from other pages'."""
        blank = character is None
        model = blank_model(ruleset) if blank else character
        derived = derive(model, ruleset, options)
        area = self.page.content
        self._header(Rect(area.x, area.top - HEADER, area.width, HEADER), character, ruleset, derived, prefix)
        body_top = area.top - HEADER - GAP
        left_w = area.width * 0.54
        left = Rect(area.x, area.y, left_w, body_top - area.y)
        right = Rect(area.x + left_w + GAP, area.y, area.width - left_w - GAP, body_top - area.y)
        self._left(left, character, ruleset, prefix)
        self._right(right, character, ruleset, derived, prefix)

    # --- header --------------------------------------------------------------------------

    def _header(self, rect: Rect, character, ruleset: RuleSet, derived, prefix: str) -> None:
        c = self.canvas
        block_w = 84.0
        # Refresh and fate points matter for PCs and major NPCs; others draw on the GM's pool.
        show_stats = character is None or character.kind in (CharacterKind.PC, CharacterKind.MAJOR_NPC)
        stats_w = 2 * block_w + GAP if show_stats else 0.0
        stats = Rect(rect.right - stats_w, rect.y, stats_w, rect.height)
        text_w = stats.x - rect.x - 10
        kind = character.kind.label if character else "Character"
        line_text(c, f"{ruleset.name} · {kind}".upper(), rect.x, rect.top - 7, text_w, BOLD, 6.5, GREY)
        name_rect = Rect(rect.x, rect.top - 34, text_w, 24)
        if character is None:
            c.setFont(REGULAR, 6.5)
            c.setFillColor(GREY)
            c.drawString(rect.x, name_rect.y - 8, "NAME")
            c.setFillColor(INK)
            text_field(c, field_name(prefix, "name"), Rect(name_rect.x + 26, name_rect.y - 10, text_w - 26, 20), "Name")
            c.setFont(REGULAR, 6.5)
            c.setFillColor(GREY)
            c.drawString(rect.x, rect.y + 6, "DESCRIPTION")
            c.setFillColor(INK)
            text_field(c, field_name(prefix, "description"), Rect(rect.x + 52, rect.y + 3, text_w - 52, 16), "Description")
        else:
            line_text(c, character.name or "(unnamed)", rect.x, name_rect.y + 4, text_w, BOLD, 20, INK)
            desc = fit_paragraph(markup(character.description), self.styles.body, text_w, rect.height - 38)
            h = desc.wrap(text_w, rect.height)[1]
            desc.drawOn(c, rect.x, name_rect.y - 4 - h)
        if not show_stats:
            return
        refresh_box = Rect(stats.x, stats.y, block_w, stats.height)
        points_box = Rect(stats.x + block_w + GAP, stats.y, block_w, stats.height)
        if character is None:
            self._stat(refresh_box, "Refresh", None, f"starts at {ruleset.refresh_start}", field_name(prefix, "refresh"))
            self._stat(points_box, "Fate points", None, "at least refresh each session", field_name(prefix, "fate_points"))
        else:
            self._stat(refresh_box, "Refresh", str(derived.refresh), derived.refresh_explanation, "")
            self._stat(points_box, "Fate points", str(character.fate_points), "at least refresh each session", "")

    def _stat(self, rect: Rect, title: str, value: str | None, note: str, name: str) -> None:
        c = self.canvas
        inner = section(c, rect, title)
        if value is None:
            text_field(c, name, Rect(inner.x + inner.width / 2 - 18, inner.y + 14, 36, 26), title)
        else:
            text, size = value, 24
            c.setFont(BOLD, size)
            c.drawCentredString(inner.x + inner.width / 2, inner.y + 18, text)
        shown_w = inner.width
        line = one_line(note)
        size = 6.0
        while size > 4.5 and c.stringWidth(line, REGULAR, size) > shown_w:
            size -= 0.25
        line_text(c, line, inner.x, inner.y + 3, shown_w, REGULAR, size, GREY)

    # --- left column: aspects and stunts ------------------------------------------------

    def _left(self, rect: Rect, character, ruleset: RuleSet, prefix: str) -> None:
        rows = self._aspect_rows(character, ruleset)
        # Many aspects (a monster's) get thinner rows, so stunts keep at least a third.
        row_h = min(ASPECT_ROW, (rect.height * 0.66 - 17) / len(rows))
        aspects_h = 13 + 4 + len(rows) * row_h
        aspects = Rect(rect.x, rect.top - aspects_h, rect.width, aspects_h)
        inner = section(self.canvas, aspects, "Aspects")
        top = inner.top
        for i, (label, aspect) in enumerate(rows):
            self._aspect(Rect(inner.x, top - row_h, inner.width, row_h), label, aspect, field_name(prefix, "aspect", i))
            top -= row_h
        stunts = Rect(rect.x, rect.y, rect.width, aspects.y - GAP - rect.y)
        self._stunts(stunts, character, ruleset, prefix)

    def _aspect_rows(self, character, ruleset: RuleSet) -> list[tuple[str, object]]:
        if character is None:
            return [(role.label, None) for role in ruleset.aspects]
        if character.kind == CharacterKind.PC:
            slots = aspect_slots(character, ruleset)
            rows = [(role.label, character.aspects[i] if i is not None else None) for role, i in slots]
            used = {i for _, i in slots if i is not None}
            rows += [(a.role.label, a) for i, a in enumerate(character.aspects) if i not in used]
            return rows
        rows = [(a.role.label, a) for a in character.aspects]
        return rows or [(AspectRole.HIGH_CONCEPT.label, None)]

    def _aspect(self, rect: Rect, label: str, aspect, name: str) -> None:
        c = self.canvas
        label_size = min(6.3, rect.height * 0.2)
        c.setFont(BOLD, label_size)
        c.setFillColor(GREY)
        c.drawString(rect.x, rect.top - label_size - 1.7, label.upper())
        c.setFillColor(INK)
        text_rect = Rect(rect.x, rect.y + 3, rect.width, rect.height - label_size - 5.7)
        if aspect is None and name:
            text_field(c, name, Rect(text_rect.x, text_rect.y, text_rect.width, 16), label)
            return
        rule(c, rect.x, rect.y + 2, rect.width)
        if aspect is None:
            return
        text = markup(aspect.text)
        if aspect.free_invokes:
            n = aspect.free_invokes
            text += f' <font name="{ITALIC}" size="7" color="#606060">({n} free invoke{"s" if n != 1 else ""})</font>'
        para = fit_paragraph(text, self.styles.aspect, text_rect.width, text_rect.height)
        h = para.wrap(text_rect.width, text_rect.height)[1]
        para.drawOn(c, text_rect.x, text_rect.y + (text_rect.height - h) / 2)

    def _stunts(self, rect: Rect, character, ruleset: RuleSet, prefix: str) -> None:
        c = self.canvas
        free = ruleset.free_stunts
        cost = ruleset.stunt_cost
        note = f"{free} free; each more costs {cost} refresh" if character is None or character.kind == CharacterKind.PC else ""
        inner = section(c, rect, "Stunts", note)
        if character is None:
            writing_lines(c, inner)
            text_field(c, field_name(prefix, "stunts"), inner, tooltip="Stunts", multiline=True)
            return
        flow = Flow()
        for stunt in character.stunts:
            name = markup(stunt.name)
            head = f"<b>{name}.</b> " if name else ""
            flow.add(Text(head + markup(stunt.text), self.styles.body, 5))
        if not character.stunts:
            flow.add(Text("No stunts yet.", self.styles.italic))
        flow.draw(c, Rect(inner.x, inner.y, inner.width, inner.height - 2))

    # --- right column: skills, stress, consequences, notes ------------------------------

    def _right(self, rect: Rect, character, ruleset: RuleSet, derived, prefix: str) -> None:
        rows = skills_layout.rows(character, ruleset)
        tracks = list(derived.stress.items())
        slots = derived.consequences
        heights = [
            17 + max(1, len(rows)) * SKILL_ROW,
            17 + max(1, len(tracks)) * (STRESS_ROW + (STRESS_CAPTION if character is None else 0)),
            17 + max(1, len(slots)) * SLOT_ROW,
        ]
        available = rect.height - 3 * GAP - NOTES_MIN
        squeeze = min(1.0, available / sum(heights))
        heights = [h * squeeze for h in heights]
        top = rect.top
        boxes = []
        for h in heights:
            boxes.append(Rect(rect.x, top - h, rect.width, h))
            top -= h + GAP
        self._skills(boxes[0], rows, character, ruleset, prefix)
        self._stress(boxes[1], tracks, derived, character, ruleset, prefix)
        self._consequences(boxes[2], slots, character, ruleset, prefix)
        self._notes(Rect(rect.x, rect.y, rect.width, top - rect.y), character, slots, prefix)

    def _skills(self, rect: Rect, rows, character, ruleset: RuleSet, prefix: str) -> None:
        c = self.canvas
        title = ruleset.skill_word_plural.capitalize()
        note = ruleset.shape.describe() if character is None or character.kind == CharacterKind.PC else ""
        inner = section(c, rect, title, note)
        if not rows:
            line_text(c, f"No {ruleset.skill_word_plural}.", inner.x, inner.top - 12, inner.width, ITALIC, 8, GREY)
            return
        row_h = inner.height / len(rows)
        label_w = 62.0
        for r, row in enumerate(rows):
            y = inner.top - (r + 1) * row_h
            line_text(c, ladder_label(row.rating), inner.x, y + 4, label_w - 4, BOLD, min(7.5, row_h - 3))
            self._skill_cells(Rect(inner.x + label_w, y, inner.width - label_w, row_h), row, character, ruleset, prefix)

    def _skill_cells(self, rect: Rect, row, character, ruleset: RuleSet, prefix: str) -> None:
        c = self.canvas
        cells = max(1, row.slots)
        cell_w = rect.width / cells
        height = min(rect.height - 2, 15)
        font = min(8.5, rect.height - 4)
        if character is None:
            for i in range(cells):
                cell = Rect(rect.x + i * cell_w + 1.5, rect.y + 1, cell_w - 3, height)
                text_field(c, field_name(prefix, "skill", row.rating, i), cell,
                           f"{ladder_label(row.rating)} {ruleset.skill_word}")
            return
        # One size for the whole row; if names would get too small in their cells, the row
        # becomes one line listing them all.
        size = min((fit_line(n, REGULAR, font, cell_w - 5)[1] for n in row.names), default=font)
        if size < min(7.0, font):
            rule(c, rect.x + 1.5, rect.y + 2, rect.width - 3)
            line_text(c, ", ".join(row.names), rect.x + 2.5, rect.y + 5, rect.width - 5, REGULAR, font)
            return
        for i in range(cells):
            x = rect.x + i * cell_w
            rule(c, x + 1.5, rect.y + 2, cell_w - 3)
            if i < len(row.names):
                line_text(c, row.names[i], x + 2.5, rect.y + 5, cell_w - 5, REGULAR, size)

    def _stress(self, rect: Rect, tracks, derived, character, ruleset: RuleSet, prefix: str) -> None:
        c = self.canvas
        own_boxes = character is not None and character.stress_boxes is not None
        inner = section(c, rect, "Stress", marking_note(ruleset) if tracks and not own_boxes else "")
        if not tracks:
            line_text(c, "No stress boxes.", inner.x, inner.top - 12, inner.width, ITALIC, 8, GREY)
            return
        flow = Flow()
        label_w = max(c.stringWidth(derived.track_names.get(t, t), BOLD, 7) for t, _ in tracks) + 8
        for track_id, values in tracks:
            marked = set(character.stress.get(track_id, [])) if character else set()
            names = [field_name(prefix, "stress", track_id, i) for i in range(len(values))]
            flow.add(Boxes(derived.track_names.get(track_id, track_id), list(values), marked, names,
                           size=12, label_width=label_w, space_after=6))
            caption = track_caption(ruleset, track_id) if character is None else ""
            if caption:
                # A blank form offers the longest track; say which boxes need which rating.
                flow.add(Text(markup(caption), self.styles.small, 5))
        flow.draw(c, inner)

    def _consequences(self, rect: Rect, slots: list[SlotInfo], character, ruleset: RuleSet, prefix: str) -> None:
        c = self.canvas
        conditions = any(s.boxes > 1 or s.row_cutoff is not None for s in slots) or any(
            s.id in ("hurt", "scared") for s in slots
        )
        inner = section(c, rect, "Conditions" if conditions else "Consequences")
        if not slots:
            line_text(c, "No consequence slots.", inner.x, inner.top - 12, inner.width, ITALIC, 8, GREY)
            return
        taken = {q.slot: q for q in character.consequences} if character else {}
        row_h = inner.height / len(slots)
        for i, slot in enumerate(slots):
            y = inner.top - (i + 1) * row_h
            self._slot(Rect(inner.x, y, inner.width, row_h), slot, taken.get(slot.id), character, ruleset, prefix,
                       conditions)

    @staticmethod
    def _extra_slot_caption(slot: SlotInfo, ruleset: RuleSet) -> str:
        """On a blank form: which rating earns the extra mild slot."""
        track = next((t for t in ruleset.stress.tracks if t.id == slot.only), None)
        at = ruleset.consequences.extra_mild_at
        if track is None or at is None:
            return ""
        return f"needs {' or '.join(track.skills)} {ladder_label(at)} or more"

    def _slot(self, rect: Rect, slot: SlotInfo, taken, character, ruleset: RuleSet, prefix: str,
              conditions: bool) -> None:
        c = self.canvas
        size = max(5.0, min(15.0, rect.height - 4))
        # The value in a square, as on the printed Fate sheets.
        c.setLineWidth(0.8)
        c.rect(rect.x, rect.y + 2, size, size)
        c.setFont(BOLD, size * 0.6)
        c.drawCentredString(rect.x + size / 2, rect.y + 2 + size * 0.28, str(slot.value))
        label_x = rect.x + size + 4
        label_w = 100.0
        label = slot.label or slot.severity.label
        recovery = RECOVERY.get(slot.severity)
        sub = f"recover at {ladder_label(recovery[0])}" if recovery else "permanent"
        if conditions:
            sub = f"{slot.severity.value}, {sub}"
        elif slot.only and character is None:
            sub = self._extra_slot_caption(slot, ruleset)
        elif slot.only and "only" not in label:
            sub = f"{slot.only} only, {sub}"
        line_text(c, label, label_x, rect.y + 2 + size * 0.55, label_w - 4, BOLD, 7.5)
        if sub:
            line_text(c, sub, label_x, rect.y + 3, label_w - 4, REGULAR, 5.8, GREY)
        x = label_x + label_w
        width = rect.right - x
        if conditions:
            marked = taken.boxes_marked if taken else 0
            box = min(11.0, size)
            for b in range(slot.boxes):
                checkbox(c, field_name(prefix, "condition", slot.id, b), x + b * (box + 4), rect.y + 3, box, b < marked,
                         f"{label} box {b + 1}")
            if slot.row_cutoff is not None:
                nx = x + slot.boxes * (box + 4) + 4
                line_text(c, f"closes at {slot.row_cutoff} marked", nx, rect.y + 5, rect.right - nx, REGULAR, 6, GREY)
            return
        field_rect = Rect(x, rect.y + 2, width, min(16.0, rect.height - 3))
        if character is None:
            text_field(c, field_name(prefix, "consequence", slot.id), field_rect, label)
            return
        rule(c, x, rect.y + 3, width)
        if taken is None:
            return
        text = markup(taken.text)
        if taken.recovering:
            text += f' <font name="{ITALIC}" size="7" color="#606060">(recovering)</font>'
        para = fit_paragraph(text, self.styles.heading, width, field_rect.height)
        para.wrap(width, field_rect.height)
        para.drawOn(c, x + 1, rect.y + 4)

    def _notes(self, rect: Rect, character, slots: list[SlotInfo], prefix: str) -> None:
        c = self.canvas
        inner = section(c, rect, "Notes")
        if character is None:
            writing_lines(c, inner)
            text_field(c, field_name(prefix, "notes"), inner, tooltip="Notes", multiline=True)
            return
        extra = [
            f"<b>{markup(b.kind.replace('_', ' ').capitalize())}:</b> {markup(b.text)}"
            for b in character.rule_breaks
        ]
        if character.scale:
            extra.insert(0, f"<b>Scale:</b> {markup(character.scale)}")
        # A consequence whose slot the character no longer has (say Physique dropped below
        # Superb) still belongs on paper: list it here rather than lose it.
        known = {slot.id for slot in slots}
        extra[:0] = [
            f"<b>Consequence ({markup(q.slot.replace('_', ' '))}):</b> {markup(q.text)}"
            for q in character.consequences if q.slot not in known and q.text.strip()
        ]
        flow = Flow()
        for item in extra:
            flow.add(Text(item, self.styles.body, 3))
        if character.notes.strip():
            flow.add(Text(markup(character.notes), self.styles.body))
        flow.draw(c, inner)
