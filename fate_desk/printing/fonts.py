"""The bundled fonts, registered once with reportlab: DejaVu Sans as a family so every style
embeds, and Droid Sans Fallback for Chinese, Japanese and Korean, registered (and embedded,
as a subset) only when some text needs it.

Every run of text is drawn in a face that has its letters: a letter the chosen face lacks
(Arabic in the oblique faces, a Chinese character anywhere) is drawn in the nearest face of
the family that has it, then in the CJK face. Arabic words are shaped (letters joined) with
HarfBuzz before they are put in display order.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

import uharfbuzz
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from fate_desk.i18n import _
from fate_desk.paths import resources_dir

from .font_face import init_quick
from .output import ExportError

REGULAR = "FateDeskSans"
BOLD = "FateDeskSans-Bold"
ITALIC = "FateDeskSans-Italic"
BOLD_ITALIC = "FateDeskSans-BoldItalic"
CJK = "FateDeskCJK"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}
CJK_FILE = "DroidSansFallback.ttf"

# Where a face sends the letters it lacks, nearest look first; the CJK face comes last for all.
_FALLBACK = {
    REGULAR: (),
    BOLD: (REGULAR,),
    ITALIC: (REGULAR,),
    BOLD_ITALIC: (BOLD, REGULAR),
}


def _register(name: str, filename: str) -> None:
    path = resources_dir() / "fonts" / filename
    try:
        font = TTFont.__new__(TTFont)
        init_quick(font, name, str(path))
        pdfmetrics.registerFont(font)
    except Exception as exc:  # reportlab raises its own TTFError, or OSError
        raise ExportError(_("the bundled font {file} cannot be used ({reason})").format(file=path, reason=exc)) from None


class _LazyFace(TTFont):
    """A face of the family, known to reportlab by its name at once and read from its file the
    first time anything asks it more than that name. Reading a face takes a few milliseconds
    (font_face.py), and most documents never draw in all four (a sheet without bold italic
    text never needs that one)."""

    def __init__(self, name: str, path: Path) -> None:  # noqa: D107 - TTFont's own init runs on first use
        self.fontName = name
        self._path = path

    def __getattr__(self, attr: str):
        # Only asked for what the instance lacks: before the file is read, all but the name.
        if attr.startswith("__") or "face" in self.__dict__ or "_path" not in self.__dict__:
            raise AttributeError(attr)
        try:
            init_quick(self, self.fontName, str(self._path))
        except Exception as exc:  # reportlab raises its own TTFError, or OSError
            raise ExportError(_("the bundled font {file} cannot be used ({reason})").format(
                file=self._path, reason=exc)) from None
        return getattr(self, attr)


@lru_cache(maxsize=1)
def register_fonts() -> str:
    """Register the family (once per process); returns the regular face's name. Each face is
    read from its file when first used (see _LazyFace); a missing file is reported at once."""
    for name, filename in _FILES.items():
        path = resources_dir() / "fonts" / filename
        if not path.is_file():
            raise ExportError(_("the bundled font {file} cannot be used ({reason})").format(
                file=path, reason=_("there is no such file")))
        # registerFont would read the face at once (it asks for the face's own name), so the
        # name goes into reportlab's table of fonts directly; getFont looks there first.
        pdfmetrics._fonts[name] = _LazyFace(name, path)
    # The family lets Paragraph markup such as <b> and <i> find the embedded faces.
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC)
    return REGULAR


@lru_cache(maxsize=1)
def register_cjk() -> str:
    """Register the CJK face on first need (parsing it takes a tenth of a second)."""
    _register(CJK, CJK_FILE)
    return CJK


@lru_cache(maxsize=8)
def _cmap(font: str) -> dict[int, int]:
    return pdfmetrics.getFont(font).face.charToGlyph


_CJK_RANGES = ((0x1100, 0x11FF), (0x2E80, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF),
               (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x2FA1F))


def _maybe_cjk(code: int) -> bool:
    return any(lo <= code <= hi for lo, hi in _CJK_RANGES)


def face_for(ch: str, font: str) -> str:
    """The face that draws `ch`: `font` itself when it can, else its nearest fallback, else
    the CJK face; `font` when none can (the character is reported before printing)."""
    code = ord(ch)
    if code in _cmap(font) or ch.isspace():
        return font
    for other in _FALLBACK.get(font, (REGULAR,)):
        if code in _cmap(other):
            return other
    if _maybe_cjk(code) and code in _cmap(register_cjk()):
        return CJK
    return font


def face_runs(text: str, font: str) -> list[tuple[str, str]]:
    """`text` cut into (text, face) runs, each in a face that has its letters; combining marks
    stay with the letter before them."""
    if text.isascii():
        return [(text, font)] if text else []
    runs: list[tuple[str, str]] = []
    current, start = font, 0
    for i, ch in enumerate(text):
        face = current if i and unicodedata.combining(ch) else face_for(ch, font)
        if face != current and i > start:
            runs.append((text[start:i], current))
            start = i
        current = face
    if start < len(text):
        runs.append((text[start:], current))
    return runs


def text_width(text: str, font: str, size: float) -> float:
    """The width of `text` as drawn, each run in the face that draws it."""
    return sum(pdfmetrics.stringWidth(part, face, size) for part, face in face_runs(text, font))


def can_draw(ch: str) -> bool:
    """Whether some bundled face has a glyph for `ch`."""
    register_fonts()
    return face_for(ch, REGULAR) != REGULAR or ord(ch) in _cmap(REGULAR) or ch.isspace()


# --- Arabic shaping ----------------------------------------------------------------------

_ARABIC = tuple((lo, hi) for lo, hi in ((0x0600, 0x06FF), (0x0750, 0x077F), (0x08A0, 0x08FF)))


def needs_shaping(word: str) -> bool:
    return any(lo <= ord(ch) <= hi for ch in word for lo, hi in _ARABIC)


@lru_cache(maxsize=8)
def _hb_font(font: str):
    data = pdfmetrics.getFont(font).face._ttf_data
    return uharfbuzz.Font(uharfbuzz.Face(uharfbuzz.Blob(data)))


@lru_cache(maxsize=4096)
def shape(word: str, font: str) -> str:
    """An Arabic word with its letters joined: HarfBuzz picks the contextual glyphs from the
    font, and each is written back as the character the font maps to it (the Arabic
    presentation forms), still in logical order, so the bidi step and the PDF's text layer
    treat it as ordinary Arabic. A glyph with no character of its own (a rare ligature)
    leaves its letters as typed."""
    buf = uharfbuzz.Buffer()
    buf.add_str(word)
    buf.guess_segment_properties()
    uharfbuzz.shape(_hb_font(font), buf, {"liga": True})
    to_char = pdfmetrics.getFont(font).face.glyphToChar
    clusters: dict[int, list[int]] = {}
    for info in buf.glyph_infos:
        clusters.setdefault(info.cluster, []).append(info.codepoint)
    starts = sorted(clusters)
    out = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(word)
        glyphs = clusters[start]
        chars = [to_char.get(g) for g in reversed(glyphs)]  # RTL runs come out right to left
        # Only letters take their joined forms: HarfBuzz also mirrors brackets, which the
        # bidi step does again later.
        if all(chars) and needs_shaping(word[start:end]):
            out.append("".join(chr(min(c)) for c in chars))
        else:
            out.append(word[start:end])
    return "".join(out)
