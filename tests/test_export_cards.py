"""GM cards: NPCs, hazards, blocks, distractions and countdowns, four to a landscape page."""

from __future__ import annotations

from export_pdf_reading import checkboxes, page_sizes, page_texts, pdf_text, squash
from fate_desk.export import ExportJob, Paper, What, export_pdf
from fate_desk.export import samples
from fate_desk.model import Block, Countdown, Hazard, ladder_label
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
