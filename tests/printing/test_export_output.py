"""Writing the PDF: never a half-written or lost file; progress and cancelling."""

from __future__ import annotations

import subprocess
import sys

import pytest

from fate_desk.printing import ExportCancelled, ExportError, ExportJob, Paper, What, export_pdf
from fate_desk.printing import samples


def files_in(folder):
    return sorted(p.name for p in folder.iterdir())


def test_failed_export_leaves_the_existing_file_untouched(tmp_path, monkeypatch):
    out = tmp_path / "pack.pdf"
    out.write_bytes(b"the user's earlier export")
    import fate_desk.printing.document as document

    def boom(self):
        raise RuntimeError("renderer failed")

    monkeypatch.setattr(document.Document, "plan", boom)
    with pytest.raises(RuntimeError):
        export_pdf(ExportJob(What.SHEETS, sheets=[samples.ruth()], paper=Paper.A4), out)
    assert out.read_bytes() == b"the user's earlier export"
    assert files_in(tmp_path) == ["pack.pdf"]  # no temporary file left behind


def test_cancelling_from_progress_writes_nothing(tmp_path):
    out = tmp_path / "deck.pdf"
    calls = []

    def progress(done, total):
        calls.append((done, total))
        return done < 2  # stop after the second page

    with pytest.raises(ExportCancelled):
        export_pdf(ExportJob(What.CARDS, cards=samples.deck(20), paper=Paper.LETTER), out, progress)
    assert not out.exists()
    assert files_in(tmp_path) == []
    assert calls[:20] == [(0, 0)] * 20  # asked before each card is laid out: no page known yet
    total = calls[20][1]
    assert total > 2
    assert calls[20:] == [(0, total), (1, total), (2, total)]


def test_cancelling_while_the_cards_are_laid_out_writes_nothing(tmp_path):
    out = tmp_path / "deck.pdf"
    calls = []

    def progress(done, total):
        calls.append((done, total))
        return len(calls) < 3  # stop before the third card is laid out

    with pytest.raises(ExportCancelled):
        export_pdf(ExportJob(What.CARDS, cards=samples.deck(20), paper=Paper.LETTER), out, progress)
    assert calls == [(0, 0)] * 3
    assert not out.exists() and files_in(tmp_path) == []


def test_progress_counts_every_page(tmp_path):
    calls = []
    job = ExportJob(What.PACK, sheets=[samples.ruth(), samples.zoe()], cards=samples.deck(5), ruleset="fate-condensed")
    pages = export_pdf(job, tmp_path / "pack.pdf", lambda done, total: calls.append((done, total)))
    assert calls == [(0, 0)] * 7 + [(n, pages) for n in range(pages + 1)]  # planning two sheets and five cards, then the pages


def test_empty_selection_is_a_readable_error(tmp_path):
    with pytest.raises(ExportError, match="nothing to print"):
        export_pdf(ExportJob(What.CARDS), tmp_path / "x.pdf")
    assert files_in(tmp_path) == []


def test_missing_folder_is_a_readable_error(tmp_path):
    with pytest.raises(ExportError, match="does not exist"):
        export_pdf(ExportJob(What.BLANK), tmp_path / "nope" / "x.pdf")


def test_unknown_rule_set_names_the_character(tmp_path):
    odd = samples.ruth().model_copy(update={"ruleset": "homebrew-x"})
    with pytest.raises(ExportError, match="Ruth: unknown rule set 'homebrew-x'"):
        export_pdf(ExportJob(What.SHEETS, sheets=[odd]), tmp_path / "x.pdf")
    assert files_in(tmp_path) == []


def test_importing_the_export_package_does_not_load_reportlab():
    code = "import sys, fate_desk.printing; print('reportlab' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
