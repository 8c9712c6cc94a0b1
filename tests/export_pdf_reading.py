"""Read exported PDFs back for the export tests: text, form fields, fonts."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader


def squash(text: str) -> str:
    """Whitespace collapsed, so text wrapped across lines still matches."""
    return re.sub(r"\s+", " ", text).strip()


def pdf_text(path: Path) -> str:
    reader = PdfReader(str(path))
    return squash(" ".join(page.extract_text() or "" for page in reader.pages))


def page_texts(path: Path) -> list[str]:
    return [squash(page.extract_text() or "") for page in PdfReader(str(path)).pages]


def fields(path: Path) -> dict[str, dict]:
    return PdfReader(str(path)).get_fields() or {}


def checkboxes(path: Path, part: str) -> dict[str, bool]:
    """Check boxes whose name contains `part`, with whether each is ticked."""
    return {
        name: str(f.get("/V")) == "/Yes"
        for name, f in fields(path).items()
        if f.get("/FT") == "/Btn" and part in name
    }


def text_fields(path: Path) -> list[str]:
    return [name for name, f in fields(path).items() if f.get("/FT") == "/Tx"]


def page_fonts(path: Path) -> list[tuple[str, bool]]:
    """(base font name, embedded?) for every font the pages' content uses."""
    out = []
    for page in PdfReader(str(path)).pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for ref in fonts.values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = False
            if descriptor is not None:
                d = descriptor.get_object()
                embedded = any(k in d for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            out.append((str(font.get("/BaseFont")), embedded))
    return out


def page_sizes(path: Path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in PdfReader(str(path)).pages]


def checkbox_tooltips(path: Path, part: str) -> dict[str, str]:
    """Check boxes whose name contains `part`, with their tooltips (/TU)."""
    return {name: str(f.get("/TU", "")) for name, f in fields(path).items()
            if f.get("/FT") == "/Btn" and part in name}
