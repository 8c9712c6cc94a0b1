"""The character sheet: filled from a character, or blank as a fillable form.

Page one holds every section; whatever does not fit its box (a long stunt list, a monster's
skills, pages of notes) continues on further pages, each section marked "continued", so no
skill, aspect, stunt or rule break is ever dropped or printed illegibly small.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from fate_desk.i18n import N_, _, rules_text
from fate_desk.model import (
    AspectRole,
    CampaignOptions,
    Character,
    CharacterKind,
    ladder_label,
)
from fate_desk.rules import RuleSet, SlotInfo, derive
from fate_desk.rules.creation.checker import aspect_slots
from fate_desk.rules.creation.extras import cost_text
from fate_desk.rules.creation.loader import pack_of
from fate_desk.rules.harm.tracks import clears_text

from . import skills_layout
from .draw import (
    BOX_MIN,
    LABEL_MIN,
    Boxes,
    Flow,
    Heading,
    box,
    field_name,
    line_text,
    section,
    text_field,
    writing_lines,
)
from .fonts import BOLD, ITALIC, REGULAR
from .geometry import Page, Rect
from .sheet_items import (
    ApproachesItem,
    AspectItem,
    SkillRowItem,
    SlotItem,
    needs_for_track,
    rating_word,
)
from .styles import GREY, INK, Styles
from .textflow import RichText, Run
from .wording import marking_note, recovery_caption, refresh_note, track_skills

HEADER = 70.0
GAP = 7.0
CONTINUED = 9.0  # the "continued overleaf" line at the foot of a section that overflows
SECTION_TOP = 21.0  # title band and padding of a section
POWERED_BY = N_("Powered by Fate")  # the licence allows the wording in text form
NOTES_MIN = 80.0
STAT_W = 96.0


def _share(room: float, *needs: float) -> list[float]:
    """Heights for sections stacked in `room`: what each needs if all fit, else shares in
    proportion (what does not fit continues on the next page)."""
    total = sum(needs)
    if total <= room:
        return list(needs)
    return [room * n / total for n in needs]


def _pack_of(ruleset: RuleSet):
    return pack_of(ruleset.id)


def pack_tracks(ruleset: RuleSet) -> list:
    """The track templates of the game pack the rule set came with (every character of the pack
    has them: the Toolkit's conditions, a Wealth track), or none."""
    pack = pack_of(ruleset.id)
    return list(pack.tracks) if pack is not None else []


def blank_model(ruleset: RuleSet, tracks: list | None = None, modes: dict | None = None) -> Character:
    """A stand-in whose track skills are at their highest level, so derive() yields every box and
    slot a character of this rule set can have (with the pack's tracks, at their longest)."""
    tracks = pack_tracks(ruleset) if tracks is None else tracks
    top = max((lvl.at for t in ruleset.stress.tracks for lvl in t.levels), default=0)
    top = max([top] + [lvl.at for t in tracks for lvl in t.levels])
    if ruleset.consequences.extra_mild_at is not None:
        top = max(top, ruleset.consequences.extra_mild_at)
    skills = {s: top for t in ruleset.stress.tracks for s in t.skills} if top else {}
    skills.update({t.skill: top for t in tracks if t.skill and top})
    return Character(ruleset=ruleset.id, skills=skills, tracks=tracks, modes=modes or {})


def _follows_rules(character: Character | None) -> bool:
    """PCs and blank forms show what the rule set can give (dashed until earned)."""
    return character is None or (character.kind == CharacterKind.PC and character.stress_boxes is None
                                 and character.consequence_slots is None)


@dataclass
class SheetRenderer:
    """Draws character sheets on the document's canvas."""
    canvas: Canvas
    page: Page
    styles: Styles

    def plan(self, character: Character | None, ruleset: RuleSet, options: CampaignOptions, prefix: str,
             state: bool = False) -> list[Callable[[], None]]:
        """The sheet's pages as drawing steps (laid out now, so the page count is known).
        `state` prints fate points, marked stress and consequences; without it the sheet is a
        table copy to fill in with a pencil."""
        sheet = _Sheet(self, character, ruleset, options, prefix, state)
        return sheet.pages()


class _Sheet:
    def __init__(self, renderer: SheetRenderer, character, ruleset: RuleSet, options, prefix: str, state: bool):
        self.r = renderer
        self.c = renderer.canvas
        self.character = character
        self.ruleset = ruleset
        self.prefix = prefix
        self.state = state and character is not None
        self.blank = character is None
        # A blank form's solid boxes are what every new character has; the rest are dashed.
        self.pack_tracks = pack_tracks(ruleset)
        model = Character(ruleset=ruleset.id, tracks=self.pack_tracks) if self.blank else character
        self.derived = derive(model, ruleset, options)
        tracks = self.pack_tracks if self.blank else list(character.all_tracks())
        modes = character.modes if character is not None else None  # modes add boxes (Atomic Robo)
        self.most = (derive(blank_model(ruleset, tracks, modes), ruleset, options) if _follows_rules(character)
                     else self.derived)
        if ruleset.modes is not None and self.blank:
            # Modes add boxes (Atomic Robo): at most what a mode at each rating can give a track,
            # dashed until the modes are chosen.
            most_added = sum(max((n for at, n in ruleset.modes.stress_boxes.items() if r >= at), default=0)
                             for r in ruleset.modes.ratings)
            for track in ruleset.stress.tracks:
                if track.id in self.most.stress and track.skills:
                    self.most.stress[track.id] = self.most.stress[track.id] + [1] * most_added
        self.leftovers: list[tuple[str, Flow]] = []
        self._layout_only = False
        self._placed: dict[str, tuple] = {}  # section title -> (placed, rest) from the layout pass
        self._flows: dict[str, Flow | None] = {}

    # --- pages -----------------------------------------------------------------------------

    def pages(self) -> list[Callable[[], None]]:
        area = self.r.page.content
        body_top = area.top - HEADER - GAP
        full = Rect(area.x, area.y, area.width, body_top - area.y)
        skills = self._skills_flow()
        skills_h = min(self._need(skills, full.width), full.height * 0.4)
        skills_rect = Rect(full.x, full.top - skills_h, full.width, skills_h)
        rest_top = skills_rect.y - GAP
        col_w = (full.width - GAP) / 2
        left = Rect(full.x, full.y, col_w, rest_top - full.y)
        right = Rect(full.x + col_w + GAP, full.y, col_w, rest_top - full.y)

        aspects = self._aspects_flow()
        aspects_h = min(self._need(aspects, left.width), left.height * 0.55)
        aspects_rect = Rect(left.x, left.top - aspects_h, left.width, aspects_h)
        extras = self._has_extras_box()
        stunts_bottom = left.y + (left.height - aspects_h) * 0.3 + GAP / 2 if extras else left.y
        if extras and not self.blank:  # the room under the aspects goes to stunts and extras by need
            room = aspects_rect.y - GAP - left.y - GAP
            stunts_h, _unused = _share(room, max(60.0, self._need(self._stunts_flow(), left.width)),
                                 max(60.0, self._need(self._extras_flow(), left.width)))
            if stunts_h + 60.0 < room:
                stunts_h = max(stunts_h, 60.0)
                stunts_bottom = aspects_rect.y - GAP - stunts_h
        stunts_rect = Rect(left.x, stunts_bottom, left.width, aspects_rect.y - GAP - stunts_bottom)
        extras_rect = Rect(left.x, left.y, left.width, stunts_bottom - GAP - left.y) if extras else None

        stress = self._stress_flow()
        slots = self._slots_flow()
        stress_h, slots_h = _share(right.height - 2 * GAP - NOTES_MIN,
                                   self._need(stress, right.width), self._need(slots, right.width))
        stress_rect = Rect(right.x, right.top - stress_h, right.width, stress_h)
        slots_rect = Rect(right.x, stress_rect.y - GAP - slots_h, right.width, slots_h)
        notes_rect = Rect(right.x, right.y, right.width, slots_rect.y - GAP - right.y)

        def first_page() -> None:
            if not self._layout_only:
                self._header(Rect(area.x, area.top - HEADER, area.width, HEADER))
            self._flow_section(skills_rect, rules_text(self.ruleset.skill_word_plural).capitalize(), self._skills_note(), skills)
            self._flow_section(aspects_rect, _("Aspects"), "", aspects)
            self._stunts(stunts_rect)
            if extras_rect is not None:
                self._extras(extras_rect)
            self._flow_section(stress_rect, _("Stress"), self._stress_note(), stress)
            self._flow_section(slots_rect, self._slots_title(), "", slots)
            self._notes(notes_rect)

        # Lay page one out now (drawing later) so the leftovers, and the page count, are known.
        self._layout_only = True
        first_page()
        self._layout_only = False
        plans: list[Callable[[], None]] = [first_page]
        rest = Flow()
        for title, flow in self.leftovers:
            rest.add(Heading(_("{section} (continued)").format(section=title).upper()))
            rest.items.extend(flow.items)
        page_rect = Rect(area.x, area.y, area.width, area.height - 24)
        number = 2
        while rest is not None and rest.items:
            placed, rest = rest.fill(page_rect.width, page_rect.height - 8)
            plans.append(self._continuation(placed, number, rest is not None, area, page_rect))
            number += 1
        self.leftovers = []
        return plans

    def _continuation(self, placed, number: int, more: bool, area: Rect, rect: Rect):
        name = (self.character.name or _("(unnamed)")) if self.character else _("Character")

        def draw() -> None:
            line_text(self.c, _("{name}: continued (sheet page {number})").format(name=name, number=number), area.x, area.top - 16, area.width,
                      BOLD, 14)
            placed.draw(self.c, rect)
            if more:
                self._more_note(rect)

        return draw

    def _more_note(self, rect: Rect) -> None:
        line_text(self.c, _("continued on the next page →"), rect.x, rect.y + 1, rect.width, ITALIC, 7, GREY)

    @staticmethod
    def _need(flow: Flow, width: float) -> float:
        inner_w = width - 10
        return SECTION_TOP + 4 + sum(item.height(1.0, inner_w, 100_000) for item in flow.items)

    def _flow_section(self, rect: Rect, title: str, note: str, flow: Flow) -> None:
        """Draw a section whose content is a flow; what does not fit is kept for the
        continuation pages (only while laying out, so it is recorded once)."""
        inner = Rect(rect.x + 5, rect.y + 4, rect.width - 10, rect.height - SECTION_TOP)
        if self._layout_only:
            placed, rest = flow.fill(inner.width, inner.height)
            if rest is not None:
                placed, rest = flow.fill(inner.width, inner.height - CONTINUED)
            self._placed[title] = (placed, rest)  # drawn later exactly as laid out
            if rest is not None:
                self.leftovers.append((title, rest))
            return
        placed, rest = self._placed[title]
        section(self.c, rect, title, note)
        placed.draw(self.c, inner)
        if rest is not None:
            self._more_note(inner)

    # --- header ------------------------------------------------------------------------------

    def _header(self, rect: Rect) -> None:
        c = self.c
        character = self.character
        block_w = STAT_W
        show_stats = self._show_stats()
        stats = Rect(rect.right - self._stats_w(), rect.y, self._stats_w(), rect.height)
        text_w = stats.x - rect.x - 10
        kind = character.kind.label if character else _("Character")
        powered_w = c.stringWidth(_(POWERED_BY), BOLD, 7)
        kind_text = f"{rules_text(self.ruleset.name)} · {kind}".upper()
        # On a narrow header (large print) the rule set and kind take the whole top line and
        # "Powered by Fate" moves down to the end of the name's line, so neither is cut.
        stacked = c.stringWidth(kind_text, BOLD, 7) > text_w - powered_w - 8
        line_text(c, kind_text, rect.x, rect.top - 7, text_w if stacked else text_w - powered_w - 8, BOLD, 7, GREY)
        line_text(c, _(POWERED_BY), rect.x + text_w - powered_w, rect.top - (33 if stacked else 7), powered_w + 1,
                  BOLD, 7, INK)
        name_w = text_w - powered_w - 8 if stacked else text_w
        # The name banner: a heavy rule under the name, the width of the header.
        c.setStrokeColor(INK)
        c.setLineWidth(2.2)
        c.line(rect.x, rect.top - 37, rect.x + text_w, rect.top - 37)
        if character is None:
            line_text(c, _("Name").upper(), rect.x, rect.top - 30, 40, BOLD, 7, GREY)
            text_field(c, field_name(self.prefix, "name"), Rect(rect.x + 30, rect.top - 34, name_w - 30, 20), _("Name"))
            line_text(c, _("Description").upper(), rect.x, rect.y + 10, 60, BOLD, 7, GREY)
            text_field(c, field_name(self.prefix, "description"), Rect(rect.x + 58, rect.y + 6, text_w - 58, 18),
                       _("Description"))
        else:
            line_text(c, character.name or _("(unnamed)"), rect.x, rect.top - 31, name_w, BOLD, 22, INK)
            desc = RichText([Run(character.description)], 8.5, space_after=0)
            below = 0.0 if self._description_fits() else 9.0  # room for the pointer to Notes
            room = rect.height - 41 - below
            placed, rest = Flow([desc]).fill(text_w, room)
            placed.draw(c, Rect(rect.x, rect.y + below, text_w, room))
            if rest is not None:
                line_text(c, _("(the whole description is under Notes)"), rect.x, rect.y + 1, text_w, ITALIC, 7, GREY)
        if not show_stats:
            return
        refresh_box = Rect(stats.x, stats.y, block_w, stats.height)
        points_box = Rect(stats.x + block_w + GAP, stats.y, block_w, stats.height)
        if character is None:
            self._stat(refresh_box, _("Refresh"), None, _("starts at {refresh}").format(refresh=self.ruleset.refresh_start),
                       field_name(self.prefix, "refresh"))
        else:
            note = refresh_note(self.derived.refresh_explanation, self.derived.refresh)
            if character.kind != CharacterKind.PC:
                note = _("NPCs pay no refresh for stunts")
            self._stat(refresh_box, _("Refresh"), str(self.derived.refresh), note, "")
        if self.state:
            self._stat(points_box, _("Fate points"), str(character.fate_points), _("at least refresh each session"), "")
        else:
            self._stat(points_box, _("Fate points"), None, _("at least refresh each session; pencil it in"),
                       field_name(self.prefix, "fate_points"))

    def _show_stats(self) -> bool:
        # Minor NPCs draw on the GM's pool; a monster keeps its own points, as PCs and major NPCs do.
        return self.character is None or self.character.kind in (CharacterKind.PC, CharacterKind.MAJOR_NPC,
                                                                 CharacterKind.MONSTER)

    def _stats_w(self) -> float:
        return 2 * STAT_W + GAP if self._show_stats() else 0.0

    def _description_fits(self) -> bool:
        if self.character is None or not self.character.description.strip():
            return True
        text_w = self.r.page.content.width - self._stats_w() - 10
        need = RichText([Run(self.character.description)], 8.5, space_after=0).height(1.0, text_w, HEADER)
        return need <= HEADER - 41

    def _stat(self, rect: Rect, title: str, value: str | None, note: str, name: str) -> None:
        c = self.c
        inner = section(c, rect, title)
        mid = inner.x + inner.width / 2
        if value is None:
            size = 26.0
            box(c, mid - size / 2, inner.y + 24, size)
            if name:
                c.acroForm.textfield(name=name, tooltip=title, x=mid - size / 2, y=inner.y + 24, width=size,
                                     height=size, borderWidth=0, borderColor=None, fillColor=None,
                                     fontName="Helvetica", fontSize=16, maxlen=3)
        else:
            c.setFont(BOLD, 22)
            c.setFillColor(INK)
            c.drawCentredString(mid, inner.y + 27, value)
        # The note is never cut: up to three lines under the number, which sits above them.
        text = RichText([Run(note, REGULAR, INK)], LABEL_MIN, min_size=LABEL_MIN, space_after=0)
        text.draw(c, inner.x, inner.y + 23, inner.width, 1.0)

    # --- aspects -------------------------------------------------------------------------------

    def _aspects_flow(self) -> Flow:
        flow = Flow()
        for i, (label, aspect) in enumerate(self._aspect_rows()):
            name = field_name(self.prefix, "aspect", i) if self.blank or aspect is None else ""
            text = aspect.text if aspect is not None else ""
            invokes = aspect.free_invokes if aspect is not None and self.state else 0
            flow.add(AspectItem(label, text, invokes, name))
        return flow

    def _aspect_rows(self) -> list[tuple[str, object]]:
        character = self.character
        if character is None:
            return [(role.label, None) for role in self.ruleset.aspects]
        if character.kind == CharacterKind.PC:
            slots = aspect_slots(character, self.ruleset)
            rows = [(role.label, character.aspects[i] if i is not None else None) for role, i in slots]
            used = {i for _slot, i in slots if i is not None}
            rows += [(a.role.label, a) for i, a in enumerate(character.aspects) if i not in used]
            return rows
        rows = [(a.role.label, a) for a in character.aspects]
        return rows or [(AspectRole.HIGH_CONCEPT.label, None)]

    # --- skills -------------------------------------------------------------------------------

    def _skills_note(self) -> str:
        modes = self.ruleset.modes
        if modes is not None:
            if self.character is not None and self.character.modes:
                return _("modes: {modes}").format(modes=", ".join(
                    f"{rules_text(name)} {ladder_label(r)}" for name, r in
                    sorted(self.character.modes.items(), key=lambda kv: -kv[1])))
            ratings = ", ".join(ladder_label(r) for r in modes.ratings)
            return _("rate {count} modes ({ratings}); their skills start at the mode's rating").format(
                count=len(modes.ratings), ratings=ratings)
        if self.character is None or self.character.kind == CharacterKind.PC:
            return self.ruleset.shape.describe()
        return ""

    def _skills_flow(self) -> Flow:
        flow = Flow()
        word = self.ruleset.skill_word
        if len(self.ruleset.skills) <= skills_layout.SHORT_LIST:
            # Approaches, as the Fate Accelerated sheet prints them: every one named beside a
            # box for its rating, on the blank and the filled sheet alike.
            if self.blank:
                flow.add(ApproachesItem([(rules_text(name), None) for name in self.ruleset.skills],
                                        field_name(self.prefix, "approach")))
                return flow
            own = {k.casefold(): v for k, v in self.character.skills.items()}
            extra = [k for k in self.character.skills if k.casefold() not in
                     {s.casefold() for s in self.ruleset.skills}]
            rows = [(name, own.get(name.casefold(), 0)) for name in self.ruleset.skills]
            rows += [(name, self.character.skills[name]) for name in extra]
            flow.add(ApproachesItem([(rules_text(name), rating) for name, rating in rows]))
            return flow
        modes = self.ruleset.modes
        if modes is not None and self.blank:
            # Atomic Robo: the modes first, a cell each to write one in with its rating.
            flow.add(SkillRowItem(_("Modes"), (), len(modes.ratings), field_name(self.prefix, "mode"),
                                  tooltip=_("A mode and its rating")))
            listed = "; ".join(f"{rules_text(m.name)}: {', '.join(rules_text(s) for s in m.skills)}" for m in modes.modes)
            flow.add(RichText([Run(listed, ITALIC, GREY)], LABEL_MIN, min_size=LABEL_MIN, space_after=4))
        rows = skills_layout.rows(self.character, self.ruleset)
        if not rows:
            flow.add(RichText([Run(_("No {skills}.").format(skills=rules_text(self.ruleset.skill_word_plural)),
                                   ITALIC, GREY)], 8))
        for row in rows:
            names = field_name(self.prefix, "skill", row.rating) if self.blank or row.slots > len(row.names) else ""
            flow.add(SkillRowItem(ladder_label(row.rating), tuple(rules_text(n) for n in row.names), row.slots, names,
                                  tooltip=f"{ladder_label(row.rating)} {rules_text(word)}"))
        return flow

    # --- stunts and notes -------------------------------------------------------------------------

    def _stunts(self, rect: Rect) -> None:
        free, cost = self.ruleset.free_stunts, self.ruleset.stunt_cost
        pc = self.character is None or self.character.kind == CharacterKind.PC
        note = _("{free} free; each more costs {cost} refresh").format(free=free, cost=cost) if pc else ""
        if self.blank:
            if not self._layout_only:
                inner = section(self.c, rect, _("Stunts"), note)
                writing_lines(self.c, inner, name=field_name(self.prefix, "stunts"), tooltip=_("Stunts"))
            return
        self._flow_section(rect, _("Stunts"), note, self._stunts_flow())

    def _stunts_flow(self) -> Flow:
        flow = Flow()
        for stunt in self.character.stunts:
            head = [Run(stunt.name.strip() + ". ", BOLD)] if stunt.name.strip() else []
            flow.add(RichText(head + [Run(stunt.text)], 8.5, space_after=5))
        if not self.character.stunts:
            flow.add(RichText([Run(_("No stunts of its own") if self.character.extras else _("No stunts yet."),
                                   ITALIC, GREY)], 8))
        return flow

    def _has_extras_box(self) -> bool:
        """Blank sheets of a game pack get a box to write extras in; every Fate Core sheet has one, as the official sheet does, and any other character's sheet
        gets one when the character has extras."""
        if self.ruleset.id == "fate-core":
            return True
        if self.blank:
            return pack_of(self.ruleset.id) is not None
        return bool(self.character.extras)

    def _extras(self, rect: Rect) -> None:
        note = _("gear, powers and other things your character has")
        if self.blank:
            if not self._layout_only:
                inner = section(self.c, rect, _("Extras"), note)
                writing_lines(self.c, inner, name=field_name(self.prefix, "extras"), tooltip=_("Extras"))
            return
        self._flow_section(rect, _("Extras"), _("permission, cost and what each grants"), self._extras_flow())

    def _extras_flow(self) -> Flow:
        flow = Flow()
        for extra in self.character.extras:
            head = [Run((extra.name or _("(unnamed extra)")) + ". ", BOLD)]
            if not extra.active:
                head.append(Run(_("(switched off) "), ITALIC, GREY))
            bits = []
            if extra.permission:
                bits.append(_("Permission: {permission}.").format(permission=extra.permission))
            bits.append(_("Costs {cost}.").format(cost=cost_text(extra.cost)))
            grants = [f"{rules_text(k)} {v:+d}" for k, v in extra.skill_bonuses.items()]
            grants += [f"{rules_text(k)} {ladder_label(v)}" for k, v in extra.skills.items()]
            grants += ([_("Weapon:{rating}").format(rating=extra.weapon)] * bool(extra.weapon)
                       + [_("Armor:{rating}").format(rating=extra.armor)] * bool(extra.armor))
            grants += [_("aspect {aspect}").format(aspect=a) for a in extra.aspects]
            grants += [_("the track {track}").format(track=rules_text(t.name)) for t in extra.tracks]
            grants += [_("a {severity} consequence slot").format(severity=_(s.severity.label).lower())
                       for s in extra.consequences]
            if grants:
                bits.append(_("Grants {grants}.").format(grants=", ".join(grants)))
            if extra.description.strip():
                bits.append(extra.description.strip())
            flow.add(RichText(head + [Run(" ".join(bits))], 8.5, space_after=2))
            for stunt in extra.stunts:
                flow.add(RichText([Run("   " + stunt.name.strip() + ". ", BOLD), Run(stunt.text)], 8, space_after=2))
            if extra.notes.strip():
                flow.add(RichText([Run("   " + extra.notes.strip(), ITALIC)], 8, space_after=2))
            flow.add(RichText([Run("")], 3, space_after=2))
        return flow

    def _notes(self, rect: Rect) -> None:
        if "notes" not in self._flows:
            self._flows["notes"] = self._notes_flow()
        flow = self._flows["notes"]
        if flow is None:
            if not self._layout_only:
                inner = section(self.c, rect, _("Notes"))
                writing_lines(self.c, inner, name=field_name(self.prefix, "notes"), tooltip=_("Notes"))
            return
        self._flow_section(rect, _("Notes"), "", flow)

    def _notes_flow(self) -> Flow | None:
        """Scale, rule breaks, orphaned consequences, a long description and the notes; None
        when there is nothing (the box then gets lines to write on)."""
        character = self.character
        if character is None:
            return None
        flow = Flow()
        if character.scale:
            flow.add(RichText([Run(_("Scale: "), BOLD), Run(character.scale)], 8.5))
        for brk in character.rule_breaks:
            flow.add(RichText([Run(brk.kind.replace("_", " ").capitalize() + ": ", BOLD), Run(brk.text)], 8.5))
        if self.state:
            # A consequence whose slot the character no longer has still belongs on paper.
            known = {slot.id for slot in self.derived.consequences}
            for q in character.consequences:
                if q.slot not in known and q.text.strip():
                    flow.add(RichText([Run(_("Consequence ({slot}): ").format(slot=q.slot.replace("_", " ")), BOLD),
                                       Run(q.text)], 8.5))
        if not self._description_fits():  # a long description: whole here, the header shows its start
            flow.add(RichText([Run(_("Description: "), BOLD), Run(character.description)], 8.5))
        if character.notes.strip():
            flow.add(RichText([Run(character.notes)], 8.5))
        pack = _pack_of(self.ruleset)
        if pack is not None and (flow.items or character.extras or character.all_tracks()):
            # What the sheet prints of a game pack carries the attribution its SRD asks for.
            flow.add(RichText([Run(f"{pack.name}: {pack.licence}", REGULAR, GREY)], LABEL_MIN, min_size=LABEL_MIN,
                              space_after=0))
        return flow if flow.items else None

    # --- stress and consequences ---------------------------------------------------------------

    def _stress_note(self) -> str:

        own = self.character is not None and self.character.stress_boxes is not None
        return marking_note(self.ruleset) if self.derived.stress and not own else ""

    def _stress_flow(self) -> Flow:
        flow = Flow()
        tracks = self.most.stress
        if not tracks:
            flow.add(RichText([Run(_("No stress boxes: any hit takes them out."), ITALIC, GREY)], 8))
            return flow
        names_w = max(self.c.stringWidth(rules_text(self.most.track_names.get(t, t)), BOLD, Boxes.FONT) for t in tracks) + 8
        for track_id, values in tracks.items():
            have = len(self.derived.stress.get(track_id, []))
            needs = needs_for_track(self.ruleset, track_id, min(len(values), Boxes.MAX_BOXES), have)
            marked = set(self.character.stress.get(track_id, [])) if self.state else set()
            names = [field_name(self.prefix, "stress", track_id, i) for i in range(min(len(values), 500))]
            label = rules_text(self.most.track_names.get(track_id, track_id))
            custom = self._custom_tracks().get(track_id)
            skills = track_skills(self.ruleset, track_id) if custom is None else (custom.skill or "")
            if custom is not None:
                needs = self._custom_needs(custom, len(values), have)
            elif self.ruleset.modes is not None:  # boxes still to come from modes
                needs = ["" if i < have else "mode" for i in range(len(needs))]
            flow.add(Boxes(label, list(values), marked, names, size=BOX_MIN, needs=needs, label_width=names_w,
                           tooltip=_("{track} stress").format(track=label) if custom is None else label,
                           need_prefix=skills,
                           space_after=2 if custom is not None else 6))
            if custom is not None:
                flow.add(RichText([Run(clears_text(custom), ITALIC, GREY)], LABEL_MIN, min_size=LABEL_MIN,
                                  space_after=5))
        if self.ruleset.modes is not None and self.blank:  # Atomic Robo: boxes come from modes
            flow.add(RichText([Run(_("A Fair (+2) mode holding one of a track's skills adds a box to it, a Good (+3) "
                                   "mode two."), ITALIC, GREY)], LABEL_MIN, min_size=LABEL_MIN, space_after=2))
        boxes = [item for item in flow.items if isinstance(item, Boxes)]
        step = max(item.natural_step() for item in boxes)
        for item in boxes:
            item.step_min = step  # every track's first box under the first, second under the second
        return flow

    def _custom_tracks(self) -> dict:
        tracks = self.pack_tracks if self.blank else self.character.all_tracks()
        return {t.id: t for t in tracks}

    @staticmethod
    def _custom_needs(track, total: int, have: int) -> list[str]:
        """Per box of a custom track: "" if the character has it, else the rating of its linked skill
        that adds it."""
        needs = [""] * total
        position = len(track.boxes)
        for level in track.levels:
            for _unused in level.add:
                if have <= position < total:
                    needs[position] = rating_word(level.at)
                position += 1
        return needs

    def _slots_title(self) -> str:
        return _("Conditions") if any(s.condition for s in self.most.consequences) else _("Consequences")

    def _slots_flow(self) -> Flow:
        flow = Flow()
        slots = self.most.consequences
        if not slots:
            flow.add(RichText([Run(_("No consequence slots."), ITALIC, GREY)], 8))
            return flow
        have = {s.id: s for s in self.derived.consequences}
        taken = {q.slot: q for q in self.character.consequences} if self.state else {}
        for slot in slots:
            current = have.get(slot.id)
            need = "" if current is not None else self._slot_need(slot)
            extra_boxes = slot.boxes - (current.boxes if current else slot.boxes)
            box_need = rating_word(self.ruleset.consequences.extra_mild_at) if extra_boxes > 0 else ""
            q = taken.get(slot.id)
            flow.add(SlotItem(slot, q.text if q else "", bool(q and q.recovering), q.boxes_marked if q else 0,
                              need, box_need, extra_boxes, field_name(self.prefix, "consequence", slot.id),
                              field_name(self.prefix, "condition", slot.id), blank=self.blank,
                              free_invokes=q.free_invokes if q else 0,
                              recovery=recovery_caption(self.ruleset, slot.severity)))
        return flow

    def _slot_need(self, slot: SlotInfo) -> str:
        """Why a slot is dashed: the rating that earns it ('needs Physique or Will Superb+')."""
        at = self.ruleset.consequences.extra_mild_at
        track = next((t for t in self.ruleset.stress.tracks if t.id == slot.only), None)
        if at is None or track is None:
            return _("needs a higher rating")
        return _("needs {skills} {rating}").format(skills=_(" or ").join(rules_text(s) for s in track.skills),
                                                   rating=rating_word(at))

