"""A seat's QR code, drawn by segno as PNG bytes (no Qt here)."""

from __future__ import annotations

import io

import segno


def qr_png(text: str, scale: int = 4) -> bytes:
    """The QR code of `text` (a seat's link) with its quiet zone, `scale` pixels a module."""
    out = io.BytesIO()
    # Medium error correction: a phone reads it off a screen at an angle, glare and all.
    segno.make(text, error="m", micro=False).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
