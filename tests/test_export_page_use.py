"""Pages a player is proud to bring: banner, headings, aligned tracks, legible captions, and
printables that use the whole page (issue 25, items 16, 17 and 19)."""

from __future__ import annotations

from export_pdf_reading import card_texts, placed_runs, pdf_text, rectangles
from fate_desk.export import ExportJob, Paper, What, campaign_job, character_job, export_pdf
from fate_desk.export import samples
from fate_desk.export.draw import BOX_MIN


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
