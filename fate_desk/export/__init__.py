"""PDF export: character sheets, GM cards, reference cards and campaign packs (reportlab).

Importing this package does not import reportlab; `export_pdf` loads it on first use, so the
GUI does not pay for it at start-up.
"""

from __future__ import annotations

from pathlib import Path

from .job import CardEntry, ExportJob, Paper, What, default_paper
from .output import ExportCancelled, ExportError, Progress
from .select import Entry, SelectionError, campaign_entries, campaign_job, character_job


def export_pdf(job: ExportJob, out_path: Path | str, progress: Progress | None = None) -> int:
    """Write the job's PDF to `out_path` (through a temporary file renamed on success) and
    return the page count. `progress(done, total)` is called per page; returning False stops
    the export (ExportCancelled) and leaves `out_path` untouched."""
    from .document import Document
    from .output import replace_on_success

    with replace_on_success(Path(out_path)) as tmp:
        try:
            return Document(job, tmp).render(progress)
        except OSError as exc:  # a missing font file, a full disk
            raise ExportError(f"{out_path}: {exc.strerror or exc}") from None


__all__ = [
    "CardEntry", "Entry", "ExportCancelled", "ExportError", "ExportJob", "Paper", "SelectionError", "What",
    "campaign_entries", "campaign_job", "character_job", "default_paper", "export_pdf",
]
