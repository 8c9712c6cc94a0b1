"""Printing in a process of its own: the app hands a job to `fate-desk --print-job` and reads
its progress, so laying out and drawing thousands of cards never shares the window's
interpreter lock (docs/architecture.md, "Printing runs in a child process").

The app writes the job to the child's standard input, one line each:

    job {"out": ..., "language": ..., "what": ..., the job's plain fields}
    sheet Character {the model's JSON}      (one line per sheet, card and scene, in order)
    card Hazard {...}
    scene Scene {...}
    go

then, at any time, `cancel` (or it closes the pipe), and `print` or `stop` once asked. The
child gets ready before the job comes (the dialog starts it as it shows); a `cancel` in the
job's place (the dialog closed unused) ends it. It answers on its standard output, one line each:

    missing ["ก", ...]   characters no bundled face draws: waits for `print` or `stop`
    progress DONE TOTAL  a page written
    done PAGES           the PDF is in place
    cancelled            stopped (cancel, stop or the app gone); the destination is as it was
    error MESSAGE        an ExportError's one readable line
    fault TRACEBACK      a fault of ours (as JSON text)

No Qt here: the window's side (gui/dialogs/export_pdf.py) runs it with a QProcess.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from fate_desk import i18n
from fate_desk.i18n import _
from fate_desk.model import Block, CampaignOptions, Character, Countdown, Distraction, Hazard, Scene
from fate_desk.model.campaign import build_parts_first
from fate_desk.rules import get_ruleset

from .job import ExportJob, Paper, What
from .output import ExportCancelled, ExportError

FLAG = "--print-job"  # the hidden command line option (not in `fate-desk --help`)
MODELS = {cls.__name__: cls for cls in (Character, Hazard, Block, Distraction, Countdown, Scene)}
PLAIN_FIELDS = ("ruleset", "title", "names", "players", "state", "language", "scale", "refresh", "scope", "label")


class BadRequest(ValueError):
    """Standard input is not a job from the app (someone ran the option by hand)."""


def command() -> list[str]:
    """How to start the child: the bundle's own executable, or this Python running the package."""
    if getattr(sys, "frozen", False):  # the PyInstaller bundle: its executable is `fate-desk`
        return [sys.executable, FLAG]
    return [sys.executable, "-m", "fate_desk", FLAG]


def environment(env: dict[str, str]) -> dict[str, str]:
    """The child's environment: the app's, with the folder this package was loaded from first on
    Python's path (an app started from a source folder other than the current one)."""
    if getattr(sys, "frozen", False):
        return dict(env)
    folder = str(Path(__file__).resolve().parents[2])
    paths = [folder, *[p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and p != folder]]
    return {**env, "PYTHONPATH": os.pathsep.join(paths)}


# --- the app's side (on a worker thread: a few hundred ms for 10,000 entries) --------------------

def job_chunks(job: ExportJob, out: Path, language: str, size: int = 256 * 1024) -> list[bytes]:
    """`job_lines` joined into pieces of about `size` bytes: the window hands the child one piece
    a turn of its event loop (copying 12 MB into the pipe's buffer at once took a turn of 40 ms)."""
    chunks, piece, length = [], [], 0
    for line in job_lines(job, out, language):
        piece.append(line)
        length += len(line)
        if length >= size:
            chunks.append(b"".join(piece))
            piece, length = [], 0
    if piece:
        chunks.append(b"".join(piece))
    return chunks


def job_lines(job: ExportJob, out: Path, language: str) -> Iterator[bytes]:
    """The job as the child reads it (each model dumped on its own, so the thread that writes
    them lets the interpreter's lock go between them)."""
    head = {"out": str(out), "interface": language, "what": job.what.value,
            "paper": job.paper.value if job.paper else None,
            "options": job.options.model_dump(mode="json"), **{name: getattr(job, name) for name in PLAIN_FIELDS}}
    yield b"job " + json.dumps(head).encode() + b"\n"
    for part, items in (("sheet", job.sheets), ("card", job.cards), ("scene", job.scenes)):
        for item in items:
            yield f"{part} {type(item).__name__} ".encode() + item.model_dump_json().encode() + b"\n"
    yield b"go\n"


# --- the child's side ---------------------------------------------------------------------------

def _read_job(stdin: IO[bytes]) -> tuple[dict, list[tuple[str, str, bytes]]]:
    """The job's head and its models' lines, unvalidated (reading is quick: the validation
    comes after, while Cancel is listened for)."""
    first = stdin.readline()
    if first.strip() == b"cancel":  # started ahead by the dialog, which closed without printing
        raise ExportCancelled
    if not first.startswith(b"job "):
        raise BadRequest
    try:
        head = json.loads(first[4:])
        out = head["out"]
    except (ValueError, KeyError, TypeError):
        raise BadRequest from None
    if not isinstance(out, str):
        raise BadRequest
    items = []
    for line in stdin:
        if line.strip() == b"go":
            return head, items
        if line.strip() == b"cancel":  # Cancel pressed while the job was still being handed over
            raise ExportCancelled
        part, _space, rest = line.partition(b" ")
        name, _space, text = rest.partition(b" ")
        if part.decode(errors="replace") not in ("sheet", "card", "scene") or name.decode(errors="replace") not in MODELS:
            raise BadRequest
        items.append((part.decode(), name.decode(), text))
    raise BadRequest  # the pipe closed before the job was whole: the app went away


class _Listener:
    """Reads the app's `cancel` and answers on a thread of its own while the main thread works."""

    def __init__(self, stdin: IO[bytes]) -> None:
        self.cancelled = threading.Event()
        self.answered = threading.Event()
        self.answer = False
        self._stdin = stdin
        threading.Thread(target=self._listen, name="print-job listener", daemon=True).start()  # i18n: not shown

    def _listen(self) -> None:
        for line in self._stdin:
            word = line.strip()
            if word == b"cancel":
                break
            if word in (b"print", b"stop"):
                self.answer = word == b"print"
                self.answered.set()
        self.cancelled.set()  # cancel, or the app closed the pipe (it went away)
        self.answered.set()

    def check(self) -> None:
        if self.cancelled.is_set():
            raise ExportCancelled


def _job(head: dict, items: list[tuple[str, str, bytes]], listener: _Listener) -> ExportJob:
    job = ExportJob(what=What(head["what"]), paper=Paper(head["paper"]) if head.get("paper") else None,
                    options=CampaignOptions.model_validate(head["options"]),
                    **{name: head[name] for name in PLAIN_FIELDS})
    lists = {"sheet": job.sheets, "card": job.cards, "scene": job.scenes}
    for part, name, text in items:
        listener.check()
        lists[part].append(MODELS[name].model_validate_json(text))
    return job


def _get_ready() -> None:
    """What every job needs, done before it comes: the Print to PDF dialog starts this process as
    it shows, so the user's choosing covers it (after the job came, this was 0.25 s of a one-page
    sheet's 0.3): the renderer and reportlab, the bundled faces and their tables, the entries'
    and the rule sets' validators."""
    # Deferred: the renderer pulls in reportlab, in this process alone.
    from reportlab.pdfbase import pdfmetrics

    from .document import Document  # noqa: F401
    from .fonts import BOLD, REGULAR
    from .styles import Styles

    Styles()  # registers the bundled faces
    for face in (REGULAR, BOLD):  # every page writes in these two: their tables read now
        pdfmetrics.getFont(face).stringWidth(" ", 10)
    build_parts_first()
    get_ruleset()  # the default rule set: the first one read builds the rule sets' validator


def serve(stdin: IO[bytes], stdout: IO[str]) -> int:
    """Run one print job from the app; the exit status (2: not a job from the app)."""
    # Deferred: the renderer pulls in reportlab; it loads while nothing else waits on this process.
    from . import export_pdf, unprintable_characters

    def say(*words: object) -> None:
        stdout.write(" ".join(str(w) for w in words) + "\n")
        stdout.flush()

    try:
        if stdin.isatty():  # a person at a terminal: say what this is now rather than wait for a job
            raise BadRequest
        try:
            _get_ready()
        except Exception:  # noqa: BLE001 - only a head start: the job does it all again, and
            pass  # says what fails there (a font file gone) as an error line, in the job's language
        head, items = _read_job(stdin)
    except ExportCancelled:
        say("cancelled")
        return 0
    except BadRequest:
        print(_("fate-desk: {option} is how Fate Desk prints in the background; it reads a print job from the "
                "app, not from a person").format(option=FLAG), file=sys.stderr)
        return 2
    listener = _Listener(stdin)
    i18n.set_language(head.get("interface") or i18n.language())
    try:
        job = _job(head, items, listener)
        del items
        listener.check()
        missing = unprintable_characters(job)
        if missing:
            say("missing", json.dumps(missing))
            listener.answered.wait()
            if not listener.answer:
                raise ExportCancelled
        listener.check()

        def progress(done: int, total: int) -> bool:
            if total:
                say("progress", done, total)
            return not listener.cancelled.is_set()

        pages = export_pdf(job, Path(head["out"]), progress=progress)
    except ExportCancelled:
        say("cancelled")
        return 0
    except ExportError as exc:
        say("error", str(exc).replace("\n", " "))
        return 1
    except Exception:  # noqa: BLE001 - a fault of ours: the app shows it as any other
        say("fault", json.dumps(traceback.format_exc()))
        return 1
    say("done", pages)
    return 0


def main() -> int:
    """`fate-desk --print-job`: the job on standard input, the answers on standard output."""
    stdin = os.fdopen(sys.stdin.fileno(), "rb", closefd=False)
    return serve(stdin, sys.stdout)
