"""The bundled DejaVu Sans family, registered once with reportlab so every style embeds."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from fate_desk.paths import resources_dir

from .output import ExportError

REGULAR = "FateDeskSans"
BOLD = "FateDeskSans-Bold"
ITALIC = "FateDeskSans-Italic"
BOLD_ITALIC = "FateDeskSans-BoldItalic"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}


@lru_cache(maxsize=1)
def register_fonts() -> str:
    """Register the family (once per process); returns the regular face's name."""
    folder = resources_dir() / "fonts"
    for name, filename in _FILES.items():
        path = folder / filename
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except Exception as exc:  # reportlab raises its own TTFError, or OSError
            raise ExportError(f"the bundled font {path} cannot be used ({exc})") from None
    # The family lets Paragraph markup such as <b> and <i> find the embedded faces.
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC)
    return REGULAR
