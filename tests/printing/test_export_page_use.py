"""Pages a player is proud to bring: banner, headings, aligned tracks, legible captions, and
printables that use the whole page (issue 25, items 16, 17 and 19)."""

from __future__ import annotations

from export_pdf_reading import card_texts, placed_runs, pdf_text, rectangles
from fate_desk.printing import ExportJob, Paper, What, campaign_job, character_job, export_pdf
from fate_desk.printing import samples
from fate_desk.printing.draw import BOX_MIN


def write(tmp_path, job, name="out.pdf"):
    out = tmp_path / name
    export_pdf(job, out)
    return out


def test_two_stress_tracks_in_one_box_line_up_box_under_box(tmp_path):
    core = samples.core_pc()  # Fate Core: Physical and Mental, each with dashed boxes to earn
    out = write(tmp_path, ExportJob(What.SHEETS, sheets=[core], paper=Paper.LETTER))
    boxes = [(round(x, 1), round(y, 1)) for x, y, w, h in rectangles(out)
             if abs(w - BOX_MIN) < 0.01 and abs(h - BOX_MIN) < 0.01]
    rows: dict[float, list[float]] = {}
    for x, y in boxes:
        rows.setdefault(y, []).append(x)
    tracks = [sorted(xs) for _, xs in sorted(rows.items(), reverse=True) if len(xs) >= 2][:2]
    assert len(tracks) == 2
    n = min(len(t) for t in tracks)
    assert tracks[0][:n] == tracks[1][:n]


def test_captions_print_at_least_6_5_pt_and_nothing_below(tmp_path):
    for job in (ExportJob(What.SHEETS, sheets=[samples.core_pc()], paper=Paper.LETTER),
                ExportJob(What.BLANK, ruleset="fate-condensed", paper=Paper.A4)):
        out = write(tmp_path, job)
        sizes = [size for page in placed_runs(out) for _, _, _, size in page]
        assert min(sizes) >= 6.5
        needs = [size for page in placed_runs(out) for text, _, _, size in page if text.strip().endswith("+")]
        assert needs and min(needs) >= 6.5  # "Good+" keeps its "+" on a 150 dpi copy


def test_the_sheet_has_a_name_banner_large_high_concept_and_powered_by_fate(tmp_path):
    ruth = samples.ruth()
    out = write(tmp_path, ExportJob(What.SHEETS, sheets=[ruth], paper=Paper.LETTER))
    runs = placed_runs(out)[0]
    name = max(size for text, _, _, size in runs if text.strip() == "Ruth")
    high = max(size for text, _, _, size in runs if "Occult Librarian" in text)
    other = max(size for text, _, _, size in runs if "Curiosity Opens" in text)
    heading = max(size for text, _, _, size in runs if text.strip() == "ASPECTS")
    assert name >= 20 and high > other >= 10 and heading >= 9.5
    assert "Powered by Fate" in pdf_text(out)
    assert "CC BY 3.0" in pdf_text(out)


def test_the_scene_sheet_uses_the_whole_width_with_a_drawing_area_and_invoke_boxes_beside_aspects(tmp_path):
    campaign = samples.scene_campaign()
    out = write(tmp_path, campaign_job(campaign, What.SCENE, scene="The Bridge", paper=Paper.LETTER))
    runs = placed_runs(out)[0]
    fog_y = next(y for text, _, y, _ in runs if "Thick Fog" in text)
    invokes = [x for text, x, y, _ in runs if "Free invokes" in text and abs(y - fog_y) < 12]
    assert invokes and invokes[0] > 612 / 2  # the boxes sit on the aspect's own line, right of centre
    area = [r for r in rectangles(out) if r[2] > 500 and r[3] >= 200]  # the zones' drawing area
    assert area
    assert "Sketch the scene here" in pdf_text(out)


def test_the_cheat_sheet_right_column_holds_stress_consequences_and_fate_point_flow(tmp_path):
    for ruleset in ("fate-condensed", "fate-core", "fate-accelerated"):
        out = write(tmp_path, ExportJob(What.CHEAT_SHEET, ruleset=ruleset, paper=Paper.LETTER), f"{ruleset}.pdf")
        (page,) = placed_runs(out)  # still one page
        right = " ".join(text for text, x, _, _ in page if x > 612 / 2)
        for heading in ("STRESS AND CONSEQUENCES", "FATE-POINT FLOW", "Players gain", "Recovery"):
            assert heading in right


def test_aspect_cards_are_tent_cards_folding_at_the_centre_with_an_upside_down_copy(tmp_path):
    from export_pdf_reading import horizontal_lines

    for job in (campaign_job(samples.scene_campaign(), What.ASPECT_CARDS, scene="The Bridge", paper=Paper.LETTER),
                ExportJob(What.ASPECT_CARDS, paper=Paper.LETTER)):
        out = write(tmp_path, job)
        cards = [r for r in rectangles(out) if round(r[2]) == 360 and round(r[3]) == 216]
        folds = {(round(x1), round(y, 1)) for x1, x2, y in horizontal_lines(out) if round(x2 - x1) == 360}
        for x, y, _, h in cards:
            assert (round(x), round(y + h / 2, 1)) in folds  # the fold is the card's middle
        text = pdf_text(out)
        assert text.count("SITUATION ASPECT") >= 2 * (len(cards) - 1)  # each half says what it is
    named = pdf_text(write(tmp_path, campaign_job(samples.scene_campaign(), What.ASPECT_CARDS, scene="The Bridge",
                                                  paper=Paper.LETTER), "named.pdf"))
    assert named.count("Thick Fog") == 2


def test_trackers_print_a_known_refresh_and_blank_trackers_a_name_line(tmp_path):
    campaign = samples.sample_campaign()
    cards = card_texts(write(tmp_path, campaign_job(campaign, What.TRACKERS, paper=Paper.LETTER)))
    ruth = next(c for c in cards if "Ruth" in c)
    assert "Refresh 2" in ruth  # four stunts: 3 - 1
    blank = card_texts(write(tmp_path, ExportJob(What.TRACKERS, paper=Paper.LETTER), "blank.pdf"))
    assert sum("Name" in c and "Refresh" in c for c in blank) == 3


def test_a_session_pack_cover_names_the_session_and_a_character_pack_is_not_a_campaign_pack(tmp_path):
    from pypdf import PdfReader

    session = write(tmp_path, campaign_job(samples.scene_campaign(), What.PACK, session=2, paper=Paper.A4))
    cover = PdfReader(str(session)).pages[0].extract_text()
    assert "Session 2" in cover and "Campaign pack" in cover and "Powered by Fate" in cover
    scene = write(tmp_path, campaign_job(samples.scene_campaign(), What.PACK, scene="The Bridge"), "scene.pdf")
    assert "Scene: The Bridge" in PdfReader(str(scene)).pages[0].extract_text()
    one = write(tmp_path, character_job(samples.ruth(), What.PACK), "ruth.pdf")
    reader = PdfReader(str(one))
    assert "Character pack" in reader.pages[0].extract_text()
    assert "Campaign pack" not in reader.pages[0].extract_text()
    assert "character pack" in str(reader.metadata.get("/Subject", ""))


# --- issue 44 ----------------------------------------------------------------------------------

def test_a_long_situation_aspect_never_runs_into_its_free_invoke_boxes(tmp_path):
    from fate_desk.model import Scene, SituationAspect

    words = "The harbour is burning and every rope, sail and crate on the quay is catching fire. "
    for length, cards in ((450, 1), (2000, 2)):
        text = (words * 30)[:length].strip()
        scene = Scene(name="Quay", aspects=[SituationAspect(text=text, free_invokes=2)])
        out = write(tmp_path, ExportJob(What.ASPECT_CARDS, scenes=[scene], paper=Paper.LETTER))
        slot = card_slots_of(out)[0]
        half = slot.y + slot.height / 2
        boxes_top = max(y + h for x, y, w, h in rectangles(out) if abs(w - BOX_MIN) < 0.01 and y < half)
        lower = [(t, y) for t, x, y, size in placed_runs(out)[0] if slot.y < y < half and slot.x < x < slot.right]
        aspect = [y for t, y in lower if t.strip() and t.strip() in text]
        assert aspect and min(aspect) > boxes_top + 2, length  # every line of the aspect above the boxes
        assert len(card_texts(out)) >= cards
        whole = " ".join(card_texts(out))
        assert all(word in whole for word in text.split()[-5:])  # nothing dropped


def card_slots_of(path):
    from pypdf import PdfReader

    from fate_desk.printing.geometry import Page, card_slots

    page = PdfReader(str(path)).pages[0]
    return card_slots(Page(float(page.mediabox.width), float(page.mediabox.height)))


def test_german_blank_stress_tracks_keep_their_boxes_on_one_row(tmp_path):
    from export_pdf_reading import field_rects
    from fate_desk import i18n

    i18n.set_language("de")
    try:
        out = write(tmp_path, ExportJob(What.BLANK, ruleset="fate-condensed", paper=Paper.A4))
    finally:
        i18n.set_language("en")
    rects = field_rects(out)
    for track in ("physical", "mental"):
        rows = {round(r[1]) for name, r in rects.items() if f"-stress-{track}-" in name}
        assert len(rows) == 1, track
    assert "Durchschnittlich+" in pdf_text(out)  # the rating each dashed box needs, whole
