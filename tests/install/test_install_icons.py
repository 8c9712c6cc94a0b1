"""The app icon: PNGs at every size desktops ask for, Windows and macOS containers, all current."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
ICONS = ROOT / "resources" / "icons" / "app"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def load_render_icons():
    spec = importlib.util.spec_from_file_location("render_icons", ROOT / "tools" / "render_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def png_size(blob: bytes) -> tuple[int, int]:
    assert blob[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", blob[16:24])


@pytest.mark.parametrize("size", SIZES)
def test_png_has_its_size_and_a_transparent_corner(qapp, size):
    path = ICONS / f"fate-desk-{size}.png"
    assert png_size(path.read_bytes()) == (size, size)
    image = QImage(str(path))
    assert image.hasAlphaChannel()
    assert image.pixelColor(0, 0).alpha() == 0  # rounded tile: the corners show the desktop
    assert image.pixelColor(size // 2, size // 2).alpha() == 255


def mean_difference(a: QImage, b: QImage) -> float:
    """Average over sampled pixels of the largest channel difference (0-255)."""
    step = max(1, a.width() // 64)
    diffs = [max(abs(x - y) for x, y in zip(a.pixelColor(i, j).getRgb(), b.pixelColor(i, j).getRgb()))
             for i in range(0, a.width(), step) for j in range(0, a.height(), step)]
    return sum(diffs) / len(diffs)


def test_committed_pngs_are_a_fresh_render_of_the_svg(qapp, tmp_path):
    # Fails when an SVG was edited and tools/render_icons.py not run again.
    load_render_icons().render_all(out_dir=tmp_path)
    for size in SIZES:
        fresh = QImage(str(tmp_path / f"fate-desk-{size}.png"))
        kept = QImage(str(ICONS / f"fate-desk-{size}.png"))
        assert fresh.size() == kept.size()
        # Room for anti-aliasing differences between Qt versions, not for a different drawing.
        assert mean_difference(fresh, kept) < 2.0, f"the {size} px icon is not a render of its SVG"


def test_small_sizes_use_the_simplified_drawing(qapp):
    render_icons = load_render_icons()
    detailed = render_icons.render(ICONS / "fate-desk.svg", 24)
    assert mean_difference(detailed, QImage(str(ICONS / "fate-desk-24.png"))) > 10


def test_windows_icon_holds_each_size_as_png():
    blob = (ICONS / "fate-desk.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", blob[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", blob[6 + 16 * i:22 + 16 * i])
        real = png_size(blob[offset:offset + length])
        assert real == (width or 256, height or 256) and bits == 32 and planes == 1
        sizes.append(real[0])
    assert sizes == [16, 24, 32, 48, 64, 128, 256]


def test_mac_icon_family_holds_pngs_of_the_sizes_its_types_promise():
    blob = (ICONS / "fate-desk.icns").read_bytes()
    assert blob[:4] == b"icns" and struct.unpack(">I", blob[4:8])[0] == len(blob)
    expected = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512,
                b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}
    seen, at = {}, 8
    while at < len(blob):
        kind, length = blob[at:at + 4], struct.unpack(">I", blob[at + 4:at + 8])[0]
        seen[kind] = png_size(blob[at + 8:at + length])[0]
        at += length
    assert at == len(blob) and seen == expected
