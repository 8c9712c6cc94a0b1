"""Printing: character sheets, GM cards, reference cards and campaign packs as PDF (reportlab).

Importing this package does not import reportlab; `export_pdf` loads it on first use, so the
GUI does not pay for it at start-up.
"""

from __future__ import annotations

from pathlib import Path

from fate_desk.i18n import _

from .job import LARGE_PRINT, CardEntry, ExportJob, Paper, What, default_paper
from .output import ExportCancelled, ExportError, Progress, replace_on_success
from .select import Entry, SelectionError, campaign_entries, campaign_job, character_job, chosen_ids


def export_pdf(job: ExportJob, out_path: Path | str, progress: Progress | None = None) -> int:
    """Write the job's PDF to `out_path` (through a temporary file renamed on success) and
    return the page count. `progress(done, total)` is called per page, and as `progress(0, 0)`
    between entries while the pages are planned; returning False stops the export
    (ExportCancelled) and leaves `out_path` untouched."""
    # Deferred: the renderer pulls in reportlab and every renderer; `fate-desk --help`, `export --to`
    # and the GUI's export dialogs import this package for its jobs and papers without them.
    from .document import Document

    with replace_on_success(Path(out_path)) as tmp:
        try:
            return Document(job, tmp).render(progress)
        except OSError as exc:  # a missing font file, a full disk
            raise ExportError(_("{file}: {reason}").format(file=out_path, reason=exc.strerror or exc)) from None


def _strings(value, out: list[str]) -> None:
    """Every string in a model's dump (dictionary keys too: skills are keyed by name), in order."""
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _strings(k, out)
            _strings(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _strings(v, out)


def unprintable_characters(job: ExportJob) -> list[str]:
    """Characters in the job's text that the bundled font cannot draw (they would print as
    empty boxes), each once, so the user can be told before printing."""
    # Deferred: styles and textflow pull in reportlab and the fonts; only this check needs them.
    from .styles import Styles
    from .textflow import missing_glyphs

    Styles()  # registers the fonts
    texts = [job.title, *job.players, *job.names.values()]
    for item in [*job.sheets, *job.cards, *job.scenes]:
        strings: list[str] = []
        _strings(item.model_dump(mode="python"), strings)
        # One text an entry: its characters are gathered in one pass instead of one a string. A
        # line break between strings joins nothing (no character composes with it).
        texts.append("\n".join(strings))
    return missing_glyphs(texts)


def describe_characters(chars: list[str], limit: int = 8) -> str:
    """'漢 (U+6F22), 😀 (U+1F600) and 3 more' for a warning line."""
    shown = ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in chars[:limit])
    more = len(chars) - limit
    return _("{characters} and {count} more").format(characters=shown, count=more) if more > 0 else shown


__all__ = [
    "LARGE_PRINT", "CardEntry", "Entry", "ExportCancelled", "ExportError", "ExportJob", "Paper", "SelectionError", "What",
    "campaign_entries", "campaign_job", "character_job", "chosen_ids", "default_paper", "describe_characters", "export_pdf",
    "unprintable_characters",
]
