"""Render the app icon's PNGs, Windows .ico and macOS .icns from its SVG sources with Qt.

Run after editing resources/icons/app/*.svg:  .venv/bin/python tools/render_icons.py
The outputs are committed, so packaging never needs a renderer; a test checks they are current.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
from pathlib import Path

ICON_DIR = Path(__file__).resolve().parent.parent / "resources" / "icons" / "app"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
# Below 32 pixels the detailed drawing turns to mush, so a simplified source is used.
SMALL_SIZES = (16, 24)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Apple's icon types that hold PNG data, by pixel size (the @2x types reuse larger renders).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)


def source_for(size: int, icon_dir: Path = ICON_DIR) -> Path:
    return icon_dir / ("fate-desk-small.svg" if size in SMALL_SIZES else "fate-desk.svg")


def png_name(size: int) -> str:
    return f"fate-desk-{size}.png"


def _ensure_app():
    # QPainter on a QImage needs a GUI application object; offscreen works without a display.
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication(sys.argv[:1])


def render(svg: Path, size: int):
    """The SVG drawn into a transparent size x size QImage."""
    _ensure_app()
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"render_icons: {svg} is not a valid SVG for Qt")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon holding PNG-compressed images (read by Windows Vista and later)."""
    sizes = [s for s in ICO_SIZES if s in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        blob = pngs[size]
        dim = 0 if size >= 256 else size  # 0 stands for 256 in the one-byte fields
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        blobs += blob
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon family whose members are PNG data (read by macOS 10.7 and later)."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def render_all(icon_dir: Path = ICON_DIR, out_dir: Path | None = None) -> list[Path]:
    """Write every PNG, the .ico and the .icns into out_dir (the icon folder by default)."""
    out_dir = out_dir or icon_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    pngs = {size: png_bytes(render(source_for(size, icon_dir), size)) for size in SIZES}
    written = []
    for size, blob in pngs.items():
        path = out_dir / png_name(size)
        path.write_bytes(blob)
        written.append(path)
    for name, blob in (("fate-desk.ico", ico_bytes(pngs)), ("fate-desk.icns", icns_bytes(pngs))):
        path = out_dir / name
        path.write_bytes(blob)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write here instead of resources/icons/app")
    args = parser.parse_args(argv)
    for path in render_all(out_dir=args.out):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
