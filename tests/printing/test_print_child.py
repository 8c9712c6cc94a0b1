"""The printing process (`fate-desk --print-job`): the job the app hands it prints as the same PDF,
Cancel stops it where it is, and a person who runs it by hand gets one readable line."""

from __future__ import annotations

import io
import os
import subprocess
import sys

from fate_desk.gui.opening import sample_bundle_path
from fate_desk.printing import What, campaign_job, export_pdf
from fate_desk.printing import child
from fate_desk.printing.document import Document
from fate_desk.store.bundle import read_bundle

from export_pdf_reading import page_texts


FINAL = ("done", "cancelled", "error", "fault")


def run_child(job_bytes: bytes, command: list[str] | None = None) -> subprocess.CompletedProcess:
    """The child given a job as the app gives it: its input stays open (closed, it means the app
    went away) until the child has said its last word."""
    process = subprocess.Popen(command or child.command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    process.stdin.write(job_bytes)
    process.stdin.flush()
    said = []
    for line in process.stdout:
        said.append(line)
        if line.decode().startswith(FINAL):
            break
    process.stdin.close()
    said.append(process.stdout.read())
    return subprocess.CompletedProcess(process.args, process.wait(120), b"".join(said), process.stderr.read())


def test_a_job_printed_by_the_child_is_the_pdf_the_app_printed_itself(tmp_path):
    campaign = read_bundle(sample_bundle_path())
    job = campaign_job(campaign, What.PACK, state=True)
    job.scale = 1.5
    here, there = tmp_path / "here.pdf", tmp_path / "there.pdf"
    pages = export_pdf(job, here)
    result = run_child(b"".join(child.job_lines(job, there, "en")))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.decode().splitlines()
    assert lines[-1] == f"done {pages}"
    assert [line for line in lines if line.startswith("progress")][-1] == f"progress {pages} {pages}"
    assert page_texts(there) == page_texts(here)


def test_the_child_prints_in_the_windows_language(tmp_path):
    campaign = read_bundle(sample_bundle_path())
    job = campaign_job(campaign, What.CARDS)
    out = tmp_path / "karten.pdf"
    result = run_child(b"".join(child.job_lines(job, out, "de")))
    assert result.returncode == 0, result.stderr
    english = tmp_path / "cards.pdf"
    export_pdf(job, english)
    german = " ".join(page_texts(out))
    assert "Syndicate Dock Bruiser" in german and "NEBEN-NSC" in german and "Fertigkeiten" in german
    assert "NEBEN-NSC" not in " ".join(page_texts(english))


def test_cancel_while_the_cards_are_laid_out_stops_there_and_writes_nothing(tmp_path, monkeypatch):
    """Every card is laid out before the first page is drawn (seconds for thousands of entries):
    the app's Cancel, heard meanwhile, stops the export there and lays out no more."""
    campaign = read_bundle(sample_bundle_path())
    job = campaign_job(campaign, What.CARDS)
    assert len(job.cards) > 1
    read, write = os.pipe()
    os.write(write, b"".join(child.job_lines(job, tmp_path / "cards.pdf", "en")))
    listeners, laid_out = [], []

    class Heard(child._Listener):
        def __init__(self, stdin) -> None:
            super().__init__(stdin)
            listeners.append(self)

    real = Document._entry_chunks

    def watched(self, n):
        laid_out.append(n)
        if n == 0:
            os.write(write, b"cancel\n")  # the app's Cancel, pressed as the first card is laid out
            assert listeners[0].cancelled.wait(30)
        return real(self, n)

    monkeypatch.setattr(child, "_Listener", Heard)
    monkeypatch.setattr(Document, "_entry_chunks", watched)
    out = io.StringIO()
    with os.fdopen(read, "rb") as stdin:
        assert child.serve(stdin, out) == 0
    os.close(write)
    assert laid_out == [0]
    assert out.getvalue().splitlines()[-1] == "cancelled"
    assert list(tmp_path.iterdir()) == []



def test_a_font_file_gone_is_said_as_the_jobs_error_though_the_child_reads_fonts_before_its_job(tmp_path):
    """The child loads the faces while the dialog is still open, before any job: a face it cannot
    read is told to the app as the job's error line (shown in the dialog), not as a traceback."""
    campaign = read_bundle(sample_bundle_path())
    out = tmp_path / "cards.pdf"
    no_fonts = tmp_path / "resources"
    (no_fonts / "fonts").mkdir(parents=True)
    started = ("import pathlib, sys; from fate_desk.printing import child, fonts; "
               f"fonts.resources_dir = lambda: pathlib.Path({str(no_fonts)!r}); sys.exit(child.main())")
    result = run_child(b"".join(child.job_lines(campaign_job(campaign, What.CARDS), out, "en")),
                       [sys.executable, "-c", started])
    last = result.stdout.decode().splitlines()[-1]
    assert result.returncode == 1 and last.startswith("error ") and "cannot be used" in last, result
    assert b"Traceback" not in result.stderr and not out.exists()


def test_the_app_gone_before_the_job_is_whole_prints_nothing(tmp_path):
    campaign = read_bundle(sample_bundle_path())
    job_bytes = b"".join(child.job_lines(campaign_job(campaign, What.CARDS), tmp_path / "cards.pdf", "en"))
    result = subprocess.run(child.command(), input=job_bytes[: len(job_bytes) // 2], capture_output=True, timeout=60)
    assert result.returncode == 2 and result.stdout == b""
    assert list(tmp_path.iterdir()) == []


def test_run_by_hand_it_says_what_it_is_in_one_line_and_exits_2():
    for arguments, given in (([], b"print my campaign please\n"), (["extra"], b"")):
        result = subprocess.run([*child.command(), *arguments], input=given, capture_output=True, timeout=60)
        assert result.returncode == 2 and result.stdout == b""
        assert len(result.stderr.decode().strip().splitlines()) == 1
        assert "--print-job" in result.stderr.decode()
    helped = subprocess.run([sys.executable, "-m", "fate_desk", "--help"], capture_output=True, timeout=60)
    assert helped.returncode == 0 and b"print-job" not in helped.stdout


def test_the_child_finds_the_app_it_was_started_from_whatever_the_folder(tmp_path):
    """An app run from its source folder while the current folder is elsewhere: the child is told
    where the package is, ahead of any path the user had set, which it keeps."""
    from pathlib import Path

    env = child.environment({"PYTHONPATH": "/opt/mine", "HOME": "/home/gm"})
    package_folder = str(Path(child.__file__).resolve().parents[2])
    assert env["PYTHONPATH"].split(os.pathsep) == [package_folder, "/opt/mine"] and env["HOME"] == "/home/gm"
    job = campaign_job(read_bundle(sample_bundle_path()), What.BLANK)
    process = subprocess.Popen(child.command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=tmp_path,
                               env=child.environment({k: v for k, v in os.environ.items() if k != "PYTHONPATH"}))
    process.stdin.write(b"".join(child.job_lines(job, tmp_path / "blank.pdf", "en")))
    process.stdin.flush()
    last = b""
    for last in process.stdout:
        if last.decode().startswith(FINAL):
            break
    process.stdin.close()
    assert process.wait(60) == 0 and last.startswith(b"done") and (tmp_path / "blank.pdf").is_file()
