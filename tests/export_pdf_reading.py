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


def text_runs(path: Path) -> list[tuple[str, float]]:
    """Every piece of text drawn, with the size it prints at: the font size times the scale of
    the text and graphics matrices (what a reader's eye sees)."""
    runs: list[tuple[str, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            scale = abs(tm[3] * cm[3]) or abs(tm[0] * cm[0]) or 1.0
            runs.append((text, round(size * scale, 2)))

    for page in PdfReader(str(path)).pages:
        page.extract_text(visitor_text=visit)
    return runs


def smallest_text(path: Path) -> tuple[float, str]:
    return min(((size, text) for text, size in text_runs(path)), default=(99.0, ""))


def outline_titles(path: Path) -> list[str]:
    out: list[str] = []

    def walk(items):
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                out.append(str(item.title))

    walk(PdfReader(str(path)).outline)
    return out


def strokes(path: Path) -> list[tuple[float, float]]:
    """(grey level, line width) of every stroked path in the pages' content: 0 is black. A
    1-bit photocopy keeps what is dark and wide enough."""
    from pypdf.generic import ContentStream

    out = []
    reader = PdfReader(str(path))
    for page in reader.pages:
        content = ContentStream(page.get_contents(), reader)
        grey, width, stack = 0.0, 1.0, []
        for operands, op in content.operations:
            if op == b"q":
                stack.append((grey, width))
            elif op == b"Q" and stack:
                grey, width = stack.pop()
            elif op == b"RG":
                r, g, b = (float(v) for v in operands)
                grey = 0.299 * r + 0.587 * g + 0.114 * b
            elif op == b"G":
                grey = float(operands[0])
            elif op == b"w":
                width = float(operands[0])
            elif op in (b"S", b"s", b"B", b"b"):
                out.append((round(grey, 3), width))
    return out


def _transform(cm, tm) -> tuple[float, float]:
    x, y = tm[4], tm[5]
    return cm[0] * x + cm[2] * y + cm[4], cm[1] * x + cm[3] * y + cm[5]


def placed_runs(path: Path) -> list[list[tuple[str, float, float, float]]]:
    """Per page: every piece of text drawn with its (x, y) on the page and its printed size."""
    pages = []
    for page in PdfReader(str(path)).pages:
        runs: list[tuple[str, float, float, float]] = []

        def visit(text, cm, tm, font, size, runs=runs):
            if text.strip():
                x, y = _transform(cm, tm)
                scale = abs(tm[3] * cm[3]) or abs(tm[0] * cm[0]) or 1.0
                runs.append((text, x, y, round(size * scale, 2)))

        page.extract_text(visitor_text=visit)
        pages.append(runs)
    return pages


def card_texts(path: Path) -> list[str]:
    """The text of each index card, in order (four card slots to a landscape page)."""
    from fate_desk.printing.geometry import Page, card_slots

    out = []
    reader = PdfReader(str(path))
    for page, runs in zip(reader.pages, placed_runs(path)):
        slots = card_slots(Page(float(page.mediabox.width), float(page.mediabox.height)))
        for slot in slots:
            inside = [(-round(y), x, t) for t, x, y, _ in runs
                      if slot.x - 1 <= x <= slot.right and slot.y - 1 <= y <= slot.top]
            if inside:
                out.append(squash(" ".join(t for _, _, t in sorted(inside))))
    return out


def horizontal_lines(path: Path, page_index: int = 0) -> list[tuple[float, float, float]]:
    """(x1, x2, y) of every horizontal straight line drawn on a page (writing lines, rules)."""
    from pypdf.generic import ContentStream

    reader = PdfReader(str(path))
    page = reader.pages[page_index]
    content = ContentStream(page.get_contents(), reader)
    out, start = [], None
    for operands, op in content.operations:
        if op == b"m":
            start = tuple(float(v) for v in operands)
        elif op == b"l" and start is not None:
            x2, y2 = (float(v) for v in operands)
            if abs(y2 - start[1]) < 0.01 and abs(x2 - start[0]) > 1:
                out.append((min(start[0], x2), max(start[0], x2), round(y2, 2)))
            start = (x2, y2)
    return out


def rectangles(path: Path, page_index: int = 0) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of every rectangle drawn on a page."""
    from pypdf.generic import ContentStream

    reader = PdfReader(str(path))
    content = ContentStream(reader.pages[page_index].get_contents(), reader)
    return [tuple(float(v) for v in operands) for operands, op in content.operations if op == b"re"]


def glyphs_missing(path: Path) -> list[tuple[str, str]]:
    """(character, font) for every character drawn in an embedded face that has no glyph for it
    (it would print as .notdef, an empty box)."""
    from reportlab.pdfbase.ttfonts import TTFont

    from fate_desk.paths import resources_dir

    faces: dict[str, dict] = {}
    missing: list[tuple[str, str]] = []

    def cmap(base: str) -> dict | None:
        name = base.lstrip("/").split("+", 1)[-1]
        if name not in faces:
            file = resources_dir() / "fonts" / f"{name}.ttf"
            faces[name] = TTFont(f"check-{name}", str(file)).face.charToGlyph if file.exists() else None
        return faces[name]

    for page in PdfReader(str(path)).pages:
        def visit(text, cm, tm, font, size):
            if not text.strip() or font is None:
                return
            table = cmap(str(font.get("/BaseFont", "")))
            if table is None:
                return
            for ch in text:
                if not ch.isspace() and ord(ch) not in table:
                    missing.append((ch, str(font.get("/BaseFont"))))

        page.extract_text(visitor_text=visit)
    return missing


def field_rects(path: Path) -> dict[str, list[float]]:
    """Every form field by name, with its rectangle [x1, y1, x2, y2] on the page."""
    out = {}
    for page in PdfReader(str(path)).pages:
        for annot in page.get("/Annots") or []:
            field = annot.get_object()
            if field.get("/T") is not None:
                out[str(field["/T"])] = [float(v) for v in field["/Rect"]]
    return out


def page_field_rects(path: Path) -> list[dict[str, list[float]]]:
    """Per page: its form fields by name, each with its rectangle [x1, y1, x2, y2]."""
    pages = []
    for page in PdfReader(str(path)).pages:
        found = {}
        for annot in page.get("/Annots") or []:
            field = annot.get_object()
            if field.get("/T") is not None:
                found[str(field["/T"])] = [float(v) for v in field["/Rect"]]
        pages.append(found)
    return pages
