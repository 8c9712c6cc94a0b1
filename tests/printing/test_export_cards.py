"""GM cards: NPCs, hazards, blocks, distractions and countdowns, four to a landscape page."""

from __future__ import annotations

from export_pdf_reading import (
    card_texts, checkboxes, horizontal_lines, page_sizes, page_texts, pdf_text, placed_runs, rectangles, squash,
    text_fields,
)
from reportlab.lib.units import inch, mm

from fate_desk.printing import ExportJob, Paper, What, export_pdf
from fate_desk.printing import samples
from fate_desk.printing.geometry import Page, card_slots
from fate_desk.model import Block, Countdown, Hazard, SlotSpec, ladder_label
from fate_desk.rules import derive, get_ruleset
from fate_desk.rules.prep.obstacles import cover_armor, forced_into_weapon, removal_difficulty


def cards_pdf(tmp_path, cards, paper=Paper.LETTER, state=True):
    """Cards with their state in ink (marks, consequences) unless state=False: a table copy."""
    out = tmp_path / "cards.pdf"
    pages = export_pdf(ExportJob(What.CARDS, cards=cards, paper=paper, state=state), out)
    return out, pages


def test_four_cards_to_a_landscape_page(tmp_path):
    out, pages = cards_pdf(tmp_path, samples.deck(9))
    assert pages == 3
    assert page_sizes(out) == [(792, 612)] * 3


def test_a4_card_pages_are_landscape_a4(tmp_path):
    out, _ = cards_pdf(tmp_path, samples.deck(2), Paper.A4)
    assert page_sizes(out) == [(842, 595)]


def test_minor_npc_card_shows_aspects_skills_and_stress_boxes(tmp_path):
    thug = samples.minor_npcs()[0]
    out, _ = cards_pdf(tmp_path, [thug])
    text = pdf_text(out)
    assert thug.name in text
    for aspect in thug.aspects:
        assert aspect.text in text
    for skill, rating in thug.skills.items():
        assert f"{ladder_label(rating)} {skill}" in text
    derived = derive(thug, get_ruleset(thug.ruleset))
    boxes = checkboxes(out, "-stress-")
    assert len(boxes) == sum(len(v) for v in derived.stress.values())
    assert sorted(boxes.values()) == sorted(
        i in thug.stress.get(t, []) for t, v in derived.stress.items() for i in range(len(v))
    )


def test_minor_npc_without_stress_says_a_hit_takes_them_out(tmp_path):
    librarian = samples.minor_npcs()[1]
    out, _ = cards_pdf(tmp_path, [librarian])
    assert not checkboxes(out, "-stress-")
    assert "takes them out" in pdf_text(out)
    # A free-form skill that names its own rating is printed as written, not "Fair (+2) Fair (+2) at…".
    assert "Skills: Fair (+2) at Finding Any Book" in pdf_text(out)


def test_monster_card_shows_its_rule_breaks_and_slots(tmp_path):
    beast = samples.monster()
    text = pdf_text(cards_pdf(tmp_path, [beast])[0])
    assert squash(beast.rule_breaks[0].text) in text
    assert "Mild 2" in text and "Moderate 4" in text
    assert "Otherworldly" in text


def test_hazard_card_shows_rating_and_weapon(tmp_path):
    hazard = Hazard(name="Fire Jets", rating=3, weapon=2)
    text = pdf_text(cards_pdf(tmp_path, [hazard])[0])
    assert "Fire Jets" in text and "HAZARD" in text
    assert f"Rating: {ladder_label(3)}" in text
    assert "Weapon: 2" in text
    assert "cannot be attacked" in text


def test_block_card_shows_the_derived_removal_cover_and_forced_into_numbers(tmp_path):
    vat = Block(name="Vat of Acid", rating=3, weapon=4)
    fence = Block(name="Fence", rating=2)
    text = pdf_text(cards_pdf(tmp_path, [vat, fence])[0])
    assert f"overcome at {ladder_label(removal_difficulty(vat))}" in text
    assert f"overcome at {ladder_label(removal_difficulty(fence))}" in text
    assert f"adds Weapon {forced_into_weapon(vat)}" in text
    assert f"Armor {cover_armor(vat)}" in text
    # A block without Weapon cannot hurt anyone forced into it.
    fence_text = text.split("Fence", 1)[1]
    assert "Forced into it" not in fence_text


def test_distraction_card_shows_choice_repercussions_and_opposition(tmp_path):
    distraction = samples.obstacles()[3]
    text = pdf_text(cards_pdf(tmp_path, [distraction])[0])
    assert distraction.choice in text
    for repercussion in distraction.repercussions:
        assert squash(repercussion) in text
    assert f"Opposition: {ladder_label(distraction.opposition)}" in text


def test_countdown_card_has_a_box_per_step_and_ticks_the_marked_ones(tmp_path):
    clock = Countdown(name="Reinforcements", boxes=5, marked=3, trigger="Every exchange", outcome="The guards arrive.")
    out, _ = cards_pdf(tmp_path, [clock])
    boxes = checkboxes(out, "-countdown-")
    assert len(boxes) == 5
    assert sum(boxes.values()) == 3
    text = pdf_text(out)
    assert "Every exchange" in text and "The guards arrive." in text


def test_secret_countdown_adds_a_player_card_without_its_meaning(tmp_path):
    clock = samples.countdowns()[0]
    out, _ = cards_pdf(tmp_path, [clock])
    assert len(checkboxes(out, "-countdown-")) == 2 * clock.boxes
    (page,) = page_texts(out)
    assert "FOR THE PLAYERS" in page
    assert page.count(clock.outcome) == 1  # only on the GM's card


def test_card_text_is_escaped_and_keeps_non_ascii(tmp_path):
    hazard = Hazard(name="Fire & <Brimstone> Ωμέγα", rating=2, notes="Жарко & <hot>")
    text = pdf_text(cards_pdf(tmp_path, [hazard])[0])
    assert "Fire & <Brimstone> Ωμέγα" in text
    assert "Жарко & <hot>" in text


def test_every_card_page_carries_the_attribution(tmp_path):
    out, _ = cards_pdf(tmp_path, samples.deck(10))
    for page in page_texts(out):
        assert "CC BY 3.0" in page and "Evil Hat" in page


def test_notes_too_long_for_a_card_continue_on_further_cards_whole(tmp_path):
    hazard = Hazard(name="Sniper", notes="Watches the square from the bell tower. " * 300)
    text = pdf_text(cards_pdf(tmp_path, [hazard])[0])
    assert "Rating: Fair (+2)" in text  # the card's own facts come first and stay
    assert text.count("Watches") == 300 and text.count("tower.") == 300  # every word, across cards
    assert "CONTINUED Sniper" in text and "card 1 of" in text and "continued on the next card" in text


def test_a_table_copy_leaves_stress_and_countdowns_unmarked(tmp_path):
    thug = samples.minor_npcs()[0]
    clock = Countdown(name="Reinforcements", boxes=5, marked=3)
    out, _ = cards_pdf(tmp_path, [thug, clock], state=False)
    assert not any(checkboxes(out, "-stress-").values())
    assert not any(checkboxes(out, "-countdown-").values())


# --- third pass: what a card carries, how it continues, how the cards sit on the page ---------

def test_pc_card_carries_description_refresh_and_fate_points_in_ink(tmp_path):
    ruth = samples.ruth()  # 4 stunts: refresh 3 - 1 = 2; 2 fate points; a recovering consequence
    derived = derive(ruth, get_ruleset(ruth.ruleset))
    (card, *_) = card_texts(cards_pdf(tmp_path, [ruth])[0])
    assert ruth.description in card
    assert f"Refresh {derived.refresh}" in card
    assert f"Fate points {ruth.fate_points}" in card
    assert "Split Knuckles (recovering)" in card


def test_a_table_copy_card_gives_fate_points_a_box_to_pencil_in(tmp_path):
    ruth = samples.ruth().model_copy(update={"fate_points": 7})
    out, _ = cards_pdf(tmp_path, [ruth], state=False)
    (card, *_) = card_texts(out)
    assert "Fate points" in card and "7" not in card
    assert "Split Knuckles" not in card  # consequences are pencilled in at the table
    assert "c1-fate_points" in text_fields(out)


def test_monster_card_carries_its_own_fate_points_and_refresh(tmp_path):
    beast = samples.monster().model_copy(update={"fate_points": 4, "refresh": 2, "carried_fate_points": 1})
    (card, *_) = card_texts(cards_pdf(tmp_path, [beast])[0])
    assert "Refresh 2" in card and "Fate points 4" in card
    assert "carries 1 into the GM's pool" in card


def test_a_slot_limited_to_one_track_says_so_on_the_card(tmp_path):
    beast = samples.monster().model_copy(update={"consequence_slots": [
        SlotSpec(id="mild", severity="mild", value=2),
        SlotSpec(id="mild_physical", severity="mild", value=2, only="physical")]})
    (card, *_) = card_texts(cards_pdf(tmp_path, [beast])[0])
    assert "Mild 2 Mild 2 (physical only)" in card


def test_consequence_free_invokes_print_in_ink_on_cards(tmp_path):
    ruth = samples.ruth()
    ruth.consequences[0] = ruth.consequences[0].model_copy(update={"free_invokes": 2})
    (card, *_) = card_texts(cards_pdf(tmp_path, [ruth])[0])
    assert "Split Knuckles (recovering, 2 free invokes)" in card
    (copy, *_) = card_texts(cards_pdf(tmp_path, [ruth], state=False)[0])
    assert "free invoke" not in copy


def test_a_continuation_card_prints_at_the_size_of_the_first(tmp_path):
    wyrm = samples.normal_monster()  # two cards' worth
    out, _ = cards_pdf(tmp_path, [wyrm])
    runs = placed_runs(out)[0]
    stunt_sizes = {size for text, _, _, size in runs if "nasty" in text or "Wyrm Trick" in text}
    aspect_sizes = {size for text, _, _, size in runs if "Ancient Wyrm" in text or "Knows Every" in text}
    assert len(card_texts(out)) == 2
    assert len(stunt_sizes) == 1 and len(aspect_sizes) == 1
    body = [size for text, _, y, size in runs if 100 < y < 500 and text.strip() not in ("MONSTER", "CONTINUED")]
    assert min(body) >= 7  # card bodies: at least 7 pt, on the continuation too


def test_a_card_breaks_between_items_so_an_aspect_stays_whole_with_its_label(tmp_path):
    wyrm = samples.normal_monster()
    first, second = card_texts(cards_pdf(tmp_path, [wyrm])[0])
    # Whatever aspect or stunt each card holds, it holds whole: no phrase is split across them.
    for aspect in wyrm.aspects:
        assert (aspect.text in first) != (aspect.text in second)
    for stunt in wyrm.stunts:
        assert squash(stunt.text) in first or squash(stunt.text) in second
    assert not first.rstrip(" →").endswith(("HIGH CONCEPT", "TROUBLE"))


def test_a_long_stunt_never_leaves_its_last_line_alone_on_the_next_card():
    from fate_desk.printing.textflow import RichText, Run
    from fate_desk.printing.styles import Styles

    Styles()
    text = RichText([Run("Long stunt. ", "FateDeskSans-Bold"), Run("word " * 60)], 9)
    lines = round(text.height(1.0, 200, 10_000) / (9 * 1.22))
    head, tail = text.split(1.0, 200, (lines - 1) * 9 * 1.22 + 1)  # room for all but the last line
    assert tail is not None and round(tail.height(1.0, 200, 10_000) / (9 * 1.22)) >= 2
    head, tail = text.split(1.0, 200, 1.5 * 9 * 1.22)  # room for the bold head's line only
    assert head is None  # the whole stunt moves on rather than leaving its name behind


def test_blank_npc_and_monster_cards_have_pencil_lines_at_least_7_mm_apart(tmp_path):
    out = tmp_path / "blank.pdf"
    export_pdf(ExportJob(What.BLANK_CARDS, paper=Paper.LETTER), out)
    npc, monster, *_ = card_slots(Page(792, 612))
    for slot in (npc, monster):
        lines = [(x1, y) for x1, x2, y in horizontal_lines(out)
                 if slot.x < x1 < slot.right and slot.y < y < slot.top - 25 and x2 - x1 > 40]
        columns: dict[float, list[float]] = {}
        for x1, y in lines:
            columns.setdefault(round(x1), []).append(y)
        ys = sorted(y for col in columns.values() if len(col) > 2 for y in col)
        assert len(ys) >= 10  # aspects, skills and stunts get several lines each
        for col in columns.values():
            col.sort()
            assert all(b - a >= 7 * mm - 0.01 for a, b in zip(col, col[1:]))
        assert min(ys) - slot.y < 0.6 * inch  # the card's foot is used


def test_the_card_grid_is_centred_on_the_page(tmp_path):
    for paper, size in ((Paper.LETTER, (792, 612)), (Paper.A4, (842, 595))):
        out, _ = cards_pdf(tmp_path, samples.deck(4), paper)
        cards = [r for r in rectangles(out) if round(r[2]) == 360 and round(r[3]) == 216]
        left = min(x for x, *_ in cards)
        right = max(x + w for x, _, w, _ in cards)
        bottom = min(y for _, y, _, _ in cards)
        top = max(y + h for _, y, _, h in cards)
        assert abs(left - (size[0] - right)) < 0.5
        assert abs(bottom - (size[1] - top)) < 0.5


def test_no_last_page_holds_a_lone_card_when_the_page_before_can_share(tmp_path):
    out, pages = cards_pdf(tmp_path, samples.deck(5))
    assert pages == 2
    per_page = [len([t for t in page if t]) for page in _cards_per_page(out)]
    assert per_page == [3, 2]


def _cards_per_page(path):
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    out = []
    for page, runs in zip(reader.pages, placed_runs(path)):
        slots = card_slots(Page(float(page.mediabox.width), float(page.mediabox.height)))
        out.append([any(s.x <= x <= s.right and s.y <= y <= s.top for _, x, y, _ in runs) for s in slots])
    return out


# --- what the table needs (issue 44) -----------------------------------------------------------

def _captain():
    from fate_desk.model import Character, CharacterKind, CustomTrack, Extra, Stunt

    return Character(
        kind=CharacterKind.MAJOR_NPC, name="Captain Vos", skills={"Drive": 3, "Rapport": 4},
        extras=[Extra(name="The Night Heron", aspects=["Fastest Cutter in the Quays"], skill_bonuses={"Drive": 1},
                      notes="Hides a false bottom.", stunts=[Stunt(name="Run the Blockade", text="Slips any net.")])],
        tracks=[CustomTrack(id="favours", name="Favours Owed", boxes=[1, 1, 1], notes="The Guild calls them in.")])


def test_an_npc_card_carries_what_its_extra_grants_at_the_rating_the_sheet_shows(tmp_path):
    captain = _captain()
    out, _pages = cards_pdf(tmp_path, [captain], state=False)
    card = " ".join(card_texts(out))
    assert "Great (+4) Drive (with The Night Heron)" in card  # Good (+3) and the Heron's +1
    assert "Fastest Cutter in the Quays" in card and "Hides a false bottom." in card
    assert "Run the Blockade" in card
    sheet = tmp_path / "sheet.pdf"
    export_pdf(ExportJob(What.SHEETS, sheets=[captain]), sheet)
    assert "Great (+4) Drive (with The Night Heron)" in pdf_text(sheet)  # the card agrees with the sheet


def test_a_custom_track_on_a_card_says_how_it_clears_and_carries_its_notes(tmp_path):
    out, _pages = cards_pdf(tmp_path, [_captain()], state=False)
    card = " ".join(card_texts(out))
    assert "Favours Owed" in card
    assert "Clears at the end of the scene. The Guild calls them in." in card


def test_the_accelerated_card_lists_every_approach_the_mediocre_one_too(tmp_path):
    ivy = samples.fae_pc()  # no Sneaky: it is at Mediocre (+0)
    assert "Sneaky" not in ivy.skills
    out, _pages = cards_pdf(tmp_path, [ivy], state=False)
    assert "Mediocre (+0) Sneaky" in " ".join(card_texts(out))


def test_a_card_tag_in_chinese_and_korean_keeps_every_letter(tmp_path):
    from fate_desk import i18n

    for language in ("zh_CN", "ko"):
        i18n.set_language(language)
        try:
            out, _pages = cards_pdf(tmp_path, [samples.normal_monster()], state=False)
            tag = i18n._("Monster").upper()
            text = pdf_text(out)
        finally:
            i18n.set_language("en")
        assert tag in text and "…" not in text, language
