"""A TrueType face for reportlab, with its character tables read a whole table at a time.

reportlab reads a face's character map, advance widths and glyph offsets one number per
method call: about 10 ms for each DejaVu face, and a sheet draws in two of them before the
first line is printed. `QuickFace` reads the same three tables with one `struct` unpack each
and builds the very same tables reportlab would (checked against reportlab's own reading in
tests/printing/test_font_face.py), so the PDF comes out byte for byte the same. A face whose
character map is in a form other than the two in use today (format 4 for the basic plane,
format 12 for all of Unicode) is read by reportlab as before, and so is a damaged one.
"""

from __future__ import annotations

import struct
from fnmatch import fnmatch
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace, TTFontFile, unShapedFontGlob


class _NotQuick(Exception):
    """The face's tables are in a form `QuickFace` leaves to reportlab."""


class QuickFace(TTFontFace):
    def extractInfo(self, charInfo=1):  # noqa: N802, N803 - reportlab's names
        TTFontFile.extractInfo(self, charInfo=0)  # names, heights, flags: a few table fields
        if not charInfo:
            return
        try:
            self._read_char_tables()
        except (_NotQuick, struct.error, KeyError, IndexError):
            TTFontFile.extractInfo(self, charInfo)  # reportlab's own reading, and its errors

    def _read_char_tables(self) -> None:
        data = self._ttf_data
        if struct.unpack_from(">H", data, self.table["head"]["offset"] + 52)[0] != 0:
            raise _NotQuick  # an unknown glyph data format: reportlab says so
        char_to_glyph = _char_map(data, self.table["cmap"]["offset"])
        glyph_to_char: dict[int, list[int]] = {}
        for char, glyph in char_to_glyph.items():
            glyph_to_char.setdefault(glyph, []).append(char)

        glyphs = self.numGlyphs
        full = struct.unpack_from(">H", data, self.table["hhea"]["offset"] + 34)[0]
        if full == 0 or full > glyphs:
            raise _NotQuick
        hmtx = self.table["hmtx"]["offset"]
        pairs = struct.unpack_from(f">{2 * full}H", data, hmtx)
        side = struct.unpack_from(f">{glyphs - full}H", data, hmtx + 4 * full)
        if self.unitsPerEm == 1000:  # reportlab's scale: the numbers as they are, else times 1000 / em
            advances = list(pairs[0::2])
        else:
            per_em = 1000 / self.unitsPerEm
            advances = [aw * per_em for aw in pairs[0::2]]
        # As reportlab keeps them: glyphs past the last full pair repeat its advance, scaled.
        self.hmetrics = [*zip(pairs[0::2], pairs[1::2]), *((advances[-1], lsb) for lsb in side)]
        widths = advances + [advances[-1]] * (glyphs - full)
        self.defaultWidth = widths[0]
        char_widths = {char: widths[glyph] for char, glyph in char_to_glyph.items() if glyph < glyphs}

        loca = self.table["loca"]["offset"]
        long_offsets = struct.unpack_from(">H", data, self.table["head"]["offset"] + 50)[0]
        if long_offsets == 0:
            self.glyphPos = [pos << 1 for pos in struct.unpack_from(f">{glyphs + 1}H", data, loca)]
        elif long_offsets == 1:
            self.glyphPos = list(struct.unpack_from(f">{glyphs + 1}L", data, loca))
        else:
            raise _NotQuick

        if 0x20 in char_to_glyph:
            char_to_glyph[0xA0] = char_to_glyph[0x20]
            char_widths[0xA0] = char_widths[0x20]
        elif 0xA0 in char_to_glyph:
            char_to_glyph[0x20] = char_to_glyph[0xA0]
            char_widths[0x20] = char_widths[0xA0]
        self.charToGlyph, self.glyphToChar, self.charWidths = char_to_glyph, glyph_to_char, char_widths


def _char_map(data: bytes, cmap: int) -> dict[int, int]:
    """The Unicode character map reportlab would choose (the last Windows one, else the last
    Unicode or Roman one), if it is in format 4 or 12."""
    version, count = struct.unpack_from(">HH", data, cmap)
    if count == 0 and version != 0:
        count = version
    chosen, kind = None, 0
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * i)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, kind = offset, 1
        elif platform == 1 and encoding == 0 and kind != 1:
            chosen, kind = offset, 2
    if chosen is None:
        raise _NotQuick
    table = cmap + chosen
    form = struct.unpack_from(">H", data, table)[0]
    if form == 12:
        return _format_12(data, table)
    if form == 4:
        return _format_4(data, table)
    raise _NotQuick


def _format_12(data: bytes, table: int) -> dict[int, int]:
    groups = struct.unpack_from(">L", data, table + 12)[0]
    numbers = struct.unpack_from(f">{3 * groups}L", data, table + 16)
    out: dict[int, int] = {}
    for k in range(0, 3 * groups, 3):
        start, end, glyph = numbers[k], numbers[k + 1], numbers[k + 2]
        out.update(zip(range(start, end + 1), range(glyph, glyph + end - start + 1)))
    return out


def _format_4(data: bytes, table: int) -> dict[int, int]:
    length = struct.unpack_from(">H", data, table + 2)[0]
    limit = table + length
    segments = struct.unpack_from(">H", data, table + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, table + 14)
    starts = struct.unpack_from(f">{segments}H", data, table + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, table + 16 + 4 * segments)
    range_at = table + 16 + 6 * segments
    ranges = struct.unpack_from(f">{segments}H", data, range_at)
    out: dict[int, int] = {}
    for n in range(segments):
        start, end, delta, offset = starts[n], ends[n], deltas[n], ranges[n]
        if offset == 0:
            out.update((c, (c + delta) & 0xFFFF) for c in range(start, end + 1))
            continue
        base = range_at + 2 * n + offset
        for c in range(start, end + 1):
            at = base + (c - start) * 2
            glyph = struct.unpack_from(">H", data, at)[0] if at < limit else 0
            out[c] = (glyph + delta) & 0xFFFF if glyph else 0
    return out


def init_quick(font: TTFont, name: str, filename: str) -> None:
    """Set up `font` as reportlab's TTFont.__init__ does (the same attributes, from the same
    defaults), with its face read by `QuickFace` instead of reportlab's own face class."""
    font.fontName = name
    font.face = QuickFace(filename, validate=0, subfontIndex=0)
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in unShapedFontGlob)
