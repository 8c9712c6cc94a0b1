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

from . import skills_layout
from .draw import (
    BOX_MIN,
    LABEL_MIN,
    PENCIL_LINE,
    Boxes,
    Flow,
    Heading,
    Lines,
    Placed,
    band_height,
    box,
    field_name,
    label_width,
    line_text,
    section,
    text_field,
    writing_lines,
)
from .fonts import BOLD, ITALIC, REGULAR, text_width
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
from .wording import (
    extra_grants, marking_note, played_phrase, raised_by_extras, recovery_caption, refresh_note, track_caption,
    track_skills,
)

HEADER = 70.0
GAP = 7.0
CONTINUED = 9.0  # the "continued overleaf" line at the foot of a section that overflows
# A page narrower than this (large print: the page is laid out at 2/3 of its size and drawn
# enlarged) stacks the sections in one column instead of two.
STACKED_BELOW = 420.0
STUNT_LINES = 8  # writing lines of a blank sheet, a pencil's line apart
EXTRA_LINES = 4
NOTE_LINES = 3  # at least; on a narrow page the notes' lines fill the rest of the last page
POWERED_BY = N_("Powered by Fate")  # the licence allows the wording in text form
NOTES_MIN = 80.0
MIN_BOX = 60.0  # the least height worth giving a box of stunts or extras (the rest continues)
STAT_W = 96.0


def _share(room: float, *needs: float) -> list[float]:
    """Heights for sections stacked in `room`: what each needs if all fit, else shares in
    proportion (what does not fit continues on the next page)."""
    total = sum(needs)
    if total <= room:
        return list(needs)
    return [room * n / total for n in needs]


def _stack(rect: Rect, parts: list[tuple[str, float]], whole: tuple[str, ...] = ()) -> dict[str, Rect]:
    """Boxes stacked top-down in `rect`, GAP apart, each as tall as it needs (the last takes
    what is left); when they need more than there is, the boxes not in `whole` share what the
    others leave, in proportion to their needs."""
    room = rect.height - GAP * (len(parts) - 1)
    fixed = sum(need for key, need in parts if key in whole)
    shared = _share(room - fixed, *(need for key, need in parts if key not in whole))
    heights = [need if key in whole else shared.pop(0) for key, need in parts]
    heights[-1] = room - sum(heights[:-1])
    out = {}
    top = rect.top
    for (key, _need), h in zip(parts, heights):
        out[key] = Rect(rect.x, top - h, rect.width, h)
        top -= h + GAP
    return out


@dataclass
class _Part:
    """A section of a one-column sheet: its title, the note in its band and its content."""

    title: str
    note: str
    flow: Flow
    keep: bool = False  # moved whole to the next page when it fits one (else it continues)
    with_next: bool = False  # kept on one page with the section after it, where both fit one
    fill: bool = False  # its last item, writing lines, fills the rest of the page


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
    # The tracks as they are, unchecked: a character holding more than a new one may (a pack's
    # 30 tracks, a file from elsewhere) still prints.
    return Character(ruleset=ruleset.id, skills=skills, modes=modes or {}).model_copy(update={"tracks": list(tracks)})


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
        model = Character(ruleset=ruleset.id).model_copy(update={"tracks": self.pack_tracks}) if self.blank else character
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
        if self.r.page.content.width < STACKED_BELOW:
            return self._stacked_pages()
        return self._two_column_pages()

    def _two_column_pages(self) -> list[Callable[[], None]]:
        """Page one as a printed sheet has it: the header, the skills across the page, then
        aspects and stunts (and extras) on the left, stress and consequences on the right, and
        notes wherever there is room, harm kept whole where the column can hold it; what does
        not fit its box continues on further pages."""
        area = self.r.page.content
        body_top = area.top - HEADER - GAP
        full = Rect(area.x, area.y, area.width, body_top - area.y)
        skills = self._skills_flow()
        skills_title, skills_note = self._skills_title(), self._skills_note()
        skills_h = min(self._need(skills, full.width, skills_title, skills_note), full.height * 0.4)
        skills_rect = Rect(full.x, full.top - skills_h, full.width, skills_h)
        rest_top = skills_rect.y - GAP
        col_w = (full.width - GAP) / 2
        left = Rect(full.x, full.y, col_w, rest_top - full.y)
        right = Rect(full.x + col_w + GAP, full.y, col_w, rest_top - full.y)

        aspects = self._aspects_flow()
        aspects_h = min(self._need(aspects, left.width, _("Aspects")), left.height * 0.55)
        extras = self._has_extras_box()
        stunts_need = self._stunts_need(left.width)
        extras_need = self._extras_need(left.width) if extras else 0.0
        stress, slots = self._stress_flow(), self._slots_flow()
        stress_need = self._need(stress, right.width, _("Stress"), self._stress_note())
        slots_need = self._need(slots, right.width, self._slots_title())
        below_aspects = Rect(left.x, left.y, left.width, left.height - aspects_h - GAP)
        needs = {"stunts": stunts_need, "extras": extras_need, "stress": stress_need, "slots": slots_need,
                 "notes": NOTES_MIN}
        boxes = self._arrange(below_aspects, right, needs, extras)
        aspects_rect = Rect(left.x, left.top - aspects_h, left.width, aspects_h)
        stunts_rect, extras_rect, notes_rect = boxes["stunts"], boxes.get("extras"), boxes["notes"]
        stress_rect, slots_rect = boxes["stress"], boxes["slots"]

        def first_page() -> None:
            if not self._layout_only:
                header = Rect(area.x, area.top - HEADER, area.width, HEADER)
                stats_w = self._stats_w()
                self._identity(Rect(header.x, header.y, header.width - stats_w - 10, header.height))
                self._stats(Rect(header.right - stats_w, header.y, stats_w, header.height))
            self._flow_section(skills_rect, skills_title, skills_note, skills)
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

    @staticmethod
    def _arrange(left: Rect, right: Rect, needs: dict[str, float], extras: bool) -> dict[str, Rect]:
        """Where the boxes under the skills go: the first of these arrangements in which stress
        and consequences are whole (harm on one page, beside or under each other) and stunts,
        extras and notes get at least a small box; else each takes a share and the rest continues."""
        flexible = ["stunts", "extras"] if extras else ["stunts"]
        least = {"stunts": MIN_BOX, "extras": MIN_BOX, "notes": NOTES_MIN}
        harm = ("stress", "slots")
        arrangements = [  # (left, right, the boxes that must be whole)
            (flexible, ["stress", "slots", "notes"], harm),  # as the printed sheet has them
            (flexible + ["notes"], ["stress", "slots"], harm + tuple(flexible)),  # notes under the stunts
            (["slots"] + flexible, ["stress", "notes"], harm),  # consequences under the aspects
            (["slots", "stunts"], ["stress", "extras", "notes"], harm) if extras else None,
            (["slots"] + flexible + ["notes"], ["stress"], harm),
        ]
        for arrangement in arrangements:
            if arrangement is None:
                continue
            *columns, whole = arrangement
            if all(sum(needs[k] if k in whole else least[k] for k in keys) + GAP * (len(keys) - 1) <= column.height
                   for column, keys in zip((left, right), columns)):
                return {**_stack(left, [(k, needs[k]) for k in columns[0]], harm),
                        **_stack(right, [(k, needs[k]) for k in columns[1]], harm)}
        return {**_stack(left, [(k, needs[k]) for k in flexible]),
                **_stack(right, [(k, needs[k]) for k in ("stress", "slots", "notes")])}

    # --- large print: one column --------------------------------------------------------------

    def _parts(self) -> list[_Part]:
        """The sections of a sheet in the order a narrow page stacks them."""
        parts = [_Part(self._skills_title(), self._skills_note(), self._skills_flow()),
                 _Part(_("Aspects"), "", self._aspects_flow()),
                 _Part(_("Stress"), self._stress_note(), self._stress_flow(), keep=True, with_next=True),
                 _Part(self._slots_title(), "", self._slots_flow(), keep=True)]
        stunts_note = self._stunts_note()
        if self.blank:
            parts.append(_Part(_("Stunts"), stunts_note, Flow([Lines(STUNT_LINES, field_name(self.prefix, "stunts"),
                                                                   _("Stunts"))])))
        else:
            parts.append(_Part(_("Stunts"), stunts_note, self._stunts_flow()))
        if self._has_extras_box():
            if self.blank:
                parts.append(_Part(_("Extras"), self._extras_note(),
                                   Flow([Lines(EXTRA_LINES, field_name(self.prefix, "extras"), _("Extras"))])))
            else:  # a Fate Core character without extras yet gets lines to write them on
                extras = self._extras_flow()
                if not extras.items:
                    extras.add(Lines(EXTRA_LINES))
                parts.append(_Part(_("Extras"), self._extras_note(), extras))
        notes = self._notes_flow()
        lines = Lines(NOTE_LINES, field_name(self.prefix, "notes") if notes is None else "", _("Notes"))
        parts.append(_Part(_("Notes"), "", Flow([*(notes.items if notes else []), lines]), fill=True))
        return parts

    def _stacked_pages(self) -> list[Callable[[], None]]:
        """A narrow page (large print) stacks the sections in one column, each as wide as the
        page: stress and consequences whole on one page where a page holds them; any other
        section continues between its items (an aspect, a stunt, a row of skills), every part
        marked, unless the part that would fit is a scrap of it: then it starts the next page."""
        area = self.r.page.content
        width = area.width
        header_h = self._stacked_header_h(width)
        later_top = area.top - 24  # under the "continued (sheet page 2)" line
        full_page = later_top - area.y
        pages: list[list[tuple]] = [[]]
        top = area.top - header_h - GAP
        at_top = False
        parts = self._parts()
        for k, part in enumerate(parts):
            flow: Flow | None = part.flow
            cont = False
            while flow is not None:
                title = _("{section} (continued)").format(section=part.title) if cont else part.title
                room = top - area.y
                if part.fill:
                    self._fill_lines(flow, width, title, part.note, room)
                need = self._need(flow, width, title, part.note)
                after = part.with_next and k + 1 < len(parts)
                group = need + (GAP + self._need(parts[k + 1].flow, width, parts[k + 1].title, parts[k + 1].note)
                                if after else 0.0)
                if need <= room and (group <= room or group > full_page or at_top):
                    pages[-1].append((Rect(area.x, top - need, width, need), title, part.note, flow, None))
                    top -= need + GAP
                    at_top = False
                    break
                if not at_top and part.keep and need <= full_page:
                    pages.append([])
                    top, at_top = later_top, True
                    continue
                band = band_height(width, title, part.note)
                inner_h = room - band - 10 - CONTINUED
                placed, rest = (flow.fill(width - 10, inner_h, (1.0,), next_height=full_page - band - 10,
                                          forced=at_top) if inner_h > 0 else (None, flow))
                held = sum(item.height(1.0, width - 10, 100_000) for item in placed.items) if placed else 0.0
                if not at_top and need <= full_page and held < (need - band - 10) / 3:
                    placed = None  # a scrap of a section that fits a page: it starts the next one
                if (placed is None or not placed.items) and at_top:
                    # Nothing fits even a whole page (a forced fill always places something, so
                    # only a page too short for a band could): print it as it is, never loop.
                    placed, rest = Placed(list(flow.items), 1.0), None
                elif placed is None or not placed.items:
                    pages.append([])
                    top, at_top = later_top, True
                    continue
                pages[-1].append((Rect(area.x, area.y, width, room), title, part.note, placed, rest))
                flow, cont = rest, True
                pages.append([])
                top, at_top = later_top, True
        plans: list[Callable[[], None]] = []
        for number, boxes in enumerate(pages, 1):
            plans.append(self._stacked_page(number, boxes, area, header_h))
        return plans

    def _fill_lines(self, flow: Flow, width: float, title: str, note: str, room: float) -> None:
        """The last section's writing lines fill what is left of the page (at least their count)."""
        lines = flow.items[-1]
        if not isinstance(lines, Lines):
            return
        others = sum(item.height(1.0, width - 10, 100_000) for item in flow.items[:-1])
        spare = room - band_height(width, title, note) - 10 - others - lines.space_after
        lines.count = max(lines.count, int(spare // lines.spacing))

    def _stacked_page(self, number: int, boxes: list[tuple], area: Rect, header_h: float) -> Callable[[], None]:
        def draw() -> None:
            if number == 1:
                self._stacked_header(Rect(area.x, area.top - header_h, area.width, header_h))
            else:
                self._continued_title(number, area)
            for rect, title, note, placed, rest in boxes:
                inner = section(self.c, rect, title, note)
                inner = Rect(inner.x, inner.y, inner.width, inner.height - 2)
                if isinstance(placed, Flow):
                    placed = Placed(list(placed.items), 1.0)
                placed.draw(self.c, inner)
                if rest is not None:
                    self._more_note(inner)

        return draw

    def _continued_title(self, number: int, area: Rect) -> None:
        name = (self.character.name or _("(unnamed)")) if self.character else _("Character")
        line_text(self.c, _("{name}: continued (sheet page {number})").format(name=name, number=number), area.x,
                  area.top - 16, area.width, BOLD, 14)

    def _continuation(self, placed, number: int, more: bool, area: Rect, rect: Rect):
        def draw() -> None:
            self._continued_title(number, area)
            placed.draw(self.c, rect)
            if more:
                self._more_note(rect)

        return draw

    def _more_note(self, rect: Rect) -> None:
        line_text(self.c, _("continued on the next page →"), rect.x, rect.y + 1, rect.width, ITALIC, 7, GREY)

    @staticmethod
    def _need(flow: Flow, width: float, title: str = "", note: str = "") -> float:
        """The height a section needs to hold the whole flow: its band, padding and items."""
        inner_w = width - 10
        return band_height(width, title, note) + 10 + sum(item.height(1.0, inner_w, 100_000) for item in flow.items)

    def _flow_section(self, rect: Rect, title: str, note: str, flow: Flow, lines: bool = False) -> None:
        """Draw a section whose content is a flow; what does not fit is kept for the
        continuation pages (only while laying out, so it is recorded once). With `lines`, the
        room left under the flow gets writing lines for a pencil."""
        inner = Rect(rect.x + 5, rect.y + 4, rect.width - 10, rect.height - band_height(rect.width, title, note) - 6)
        if self._layout_only:
            placed, rest = flow.fill(inner.width, inner.height, forced=False)
            if rest is not None:
                placed, rest = flow.fill(inner.width, inner.height - CONTINUED, forced=False)
            self._placed[title] = (placed, rest)  # drawn later exactly as laid out
            if rest is not None:
                self.leftovers.append((title, rest))
            return
        placed, rest = self._placed[title]
        section(self.c, rect, title, note)
        placed.draw(self.c, inner)
        if rest is not None:
            self._more_note(inner)
        elif lines:
            used = sum(item.height(placed.scale, inner.width, 10_000) for item in placed.items)
            writing_lines(self.c, Rect(inner.x, inner.y, inner.width, inner.height - used))

    # --- header ------------------------------------------------------------------------------

    def _identity(self, rect: Rect) -> None:
        """The rule set and kind, the name on its banner (22 pt, never smaller on a narrow page:
        it has the page's whole width there) and the description, or their fields on a blank."""
        c = self.c
        character = self.character
        text_w = rect.width
        kind = character.kind.label if character else _("Character")
        powered_w = text_width(_(POWERED_BY), BOLD, 7)
        kind_text = f"{rules_text(self.ruleset.name)} · {kind}".upper()
        # When the rule set and kind need the whole top line, "Powered by Fate" moves down to
        # the end of the name's line, so neither is cut.
        below = text_width(kind_text, BOLD, 7) > text_w - powered_w - 8
        line_text(c, kind_text, rect.x, rect.top - 7, text_w if below else text_w - powered_w - 8, BOLD, 7, GREY)
        line_text(c, _(POWERED_BY), rect.x + text_w - powered_w, rect.top - (33 if below else 7), powered_w + 1,
                  BOLD, 7, INK)
        name_w = text_w - powered_w - 8 if below else text_w
        # The name banner: a heavy rule under the name, the width of the header.
        c.setStrokeColor(INK)
        c.setLineWidth(2.2)
        c.line(rect.x, rect.top - 37, rect.x + text_w, rect.top - 37)
        if character is None:
            label = _("Name").upper()
            label_w = text_width(label, BOLD, 7) + 6
            line_text(c, label, rect.x, rect.top - 30, label_w, BOLD, 7, GREY)
            text_field(c, field_name(self.prefix, "name"), Rect(rect.x + label_w, rect.top - 34, name_w - label_w, 20),
                       _("Name"))
            label = _("Description").upper()
            label_w = text_width(label, BOLD, 7) + 6
            line_text(c, label, rect.x, rect.y + 10, label_w, BOLD, 7, GREY)
            text_field(c, field_name(self.prefix, "description"), Rect(rect.x + label_w, rect.y + 6, text_w - label_w,
                                                                       18), _("Description"))
            return
        line_text(c, character.name or _("(unnamed)"), rect.x, rect.top - 31, name_w, BOLD, 22, INK)
        desc = RichText([Run(character.description)], 8.5, space_after=0)
        below_desc = 0.0 if self._description_fits(text_w) else 9.0  # room for the pointer to Notes
        room = rect.height - 41 - below_desc
        placed, rest = Flow([desc]).fill(text_w, room)
        placed.draw(c, Rect(rect.x, rect.y + below_desc, text_w, room))
        if rest is not None:
            line_text(c, _("(the whole description is under Notes)"), rect.x, rect.y + 1, text_w, ITALIC, 7, GREY)

    def _stats(self, rect: Rect) -> None:
        """Refresh and fate points, side by side in `rect`."""
        if not self._show_stats():
            return
        character = self.character
        block_w = (rect.width - GAP) / 2
        refresh_box = Rect(rect.x, rect.y, block_w, rect.height)
        points_box = Rect(rect.x + block_w + GAP, rect.y, block_w, rect.height)
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

    def _stacked_header_h(self, width: float) -> float:
        return HEADER + (GAP + HEADER if self._show_stats() else 0.0)

    def _stacked_header(self, rect: Rect) -> None:
        """A narrow page's header: the name and description across the page, refresh and
        fate points in a row beneath them."""
        stats_h = GAP + HEADER if self._show_stats() else 0.0
        self._identity(Rect(rect.x, rect.y + stats_h, rect.width, rect.height - stats_h))
        if stats_h:
            self._stats(Rect(rect.x, rect.y, rect.width, HEADER))

    def _show_stats(self) -> bool:
        # Minor NPCs draw on the GM's pool; a monster keeps its own points, as PCs and major NPCs do.
        return self.character is None or self.character.kind in (CharacterKind.PC, CharacterKind.MAJOR_NPC,
                                                                 CharacterKind.MONSTER)

    def _stats_w(self) -> float:
        return 2 * STAT_W + GAP if self._show_stats() else 0.0

    def _description_fits(self, text_w: float | None = None) -> bool:
        """Whether the description fits the header (else Notes holds it whole)."""
        if self.character is None or not self.character.description.strip():
            return True
        if text_w is None:
            content = self.r.page.content
            text_w = content.width if content.width < STACKED_BELOW else content.width - self._stats_w() - 10
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

    def _skills_title(self) -> str:
        return rules_text(self.ruleset.skill_word_plural).capitalize()

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
        # A skill an extra raises says the rating it is rolled at, as the GM's card does.
        raised = raised_by_extras(self.character, self.derived) if self.character is not None else {}
        raised = {name.casefold(): played for name, played in raised.items()}

        def cell(name: str) -> str:
            played = raised.get(name.casefold())
            return played_phrase(name, *played) if played else rules_text(name)

        for row in rows:
            names = field_name(self.prefix, "skill", row.rating) if self.blank or row.slots > len(row.names) else ""
            flow.add(SkillRowItem(ladder_label(row.rating), tuple(cell(n) for n in row.names), row.slots, names,
                                  tooltip=f"{ladder_label(row.rating)} {rules_text(word)}"))
        return flow

    # --- stunts and notes -------------------------------------------------------------------------

    def _stunts_note(self) -> str:
        free, cost = self.ruleset.free_stunts, self.ruleset.stunt_cost
        pc = self.character is None or self.character.kind == CharacterKind.PC
        return _("{free} free; each more costs {cost} refresh").format(free=free, cost=cost) if pc else ""

    def _stunts_need(self, width: float) -> float:
        if self.blank:
            return band_height(width, _("Stunts"), self._stunts_note()) + 10 + STUNT_LINES * PENCIL_LINE
        return max(60.0, self._need(self._stunts_flow(), width, _("Stunts"), self._stunts_note()))

    def _stunts(self, rect: Rect) -> None:
        note = self._stunts_note()
        if self.blank:
            if not self._layout_only:
                inner = section(self.c, rect, _("Stunts"), note)
                writing_lines(self.c, inner, name=field_name(self.prefix, "stunts"), tooltip=_("Stunts"))
            return
        # Room left under the stunts gets lines: a milestone may bring a new one.
        self._flow_section(rect, _("Stunts"), note, self._stunts_flow(), lines=True)

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

    def _extras_note(self) -> str:
        if self.blank or not self.character.extras:
            return _("gear, powers and other things your character has")
        return _("permission, cost and what each grants")

    def _extras_need(self, width: float) -> float:
        if self.blank:
            return band_height(width, _("Extras"), self._extras_note()) + 10 + EXTRA_LINES * PENCIL_LINE
        return max(60.0, self._need(self._extras_flow(), width, _("Extras"), self._extras_note()))

    def _extras(self, rect: Rect) -> None:
        note = self._extras_note()
        if self.blank:
            if not self._layout_only:
                inner = section(self.c, rect, _("Extras"), note)
                writing_lines(self.c, inner, name=field_name(self.prefix, "extras"), tooltip=_("Extras"))
            return
        self._flow_section(rect, _("Extras"), note, self._extras_flow(), lines=True)

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
            grants = extra_grants(extra)
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
        self._flow_section(rect, _("Notes"), "", flow, lines=True)

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
        names_w = max(label_width(rules_text(self.most.track_names.get(t, t)), BOLD, Boxes.FONT) for t in tracks) + 8
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
                           need_prefix=skills, space_after=5 if custom is not None else 6,
                           caption=track_caption(custom) if custom is not None else ""))
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

