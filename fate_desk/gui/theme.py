"""Light and dark palettes (Fusion style), or the platform's own look."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

THEMES = ("system", "light", "dark")

_DARK = {
    QPalette.ColorRole.Window: "#2b2d31",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f2023",
    QPalette.ColorRole.AlternateBase: "#2f3136",
    QPalette.ColorRole.ToolTipBase: "#3a3d42",
    QPalette.ColorRole.ToolTipText: "#f0f0f0",
    QPalette.ColorRole.PlaceholderText: "#8b8f96",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#35373c",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Light: "#45484e",
    QPalette.ColorRole.Midlight: "#3c3f44",
    QPalette.ColorRole.Mid: "#2a2c30",
    QPalette.ColorRole.Dark: "#1b1c1f",
    QPalette.ColorRole.Shadow: "#111214",
    QPalette.ColorRole.Highlight: "#4a78c2",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#7fb0ff",
}

_system_style: str | None = None
_system_palette: QPalette | None = None


def apply_theme(app: QApplication, theme: str) -> None:
    """Switch palettes at run time; 'system' restores what the platform gave us."""
    global _system_style, _system_palette
    if _system_style is None:
        _system_style = app.style().name()
        _system_palette = QPalette(app.palette())
    if theme == "system":
        app.setStyle(QStyleFactory.create(_system_style) or app.style())
        app.setPalette(_system_palette)
        for kind in ("QAbstractItemView", "QCheckBox", "QRadioButton"):
            app.setPalette(_system_palette, kind)
    else:
        app.setStyle(QStyleFactory.create("Fusion"))
        palette = _palette(app, theme)
        app.setPalette(palette)
        app.setPalette(_item_view_palette(palette, theme), "QAbstractItemView")
        # The same for check boxes and radio buttons in forms and dialogs: their outline is
        # drawn from the window colour, and in the dark palette it vanished into the window.
        for kind in ("QCheckBox", "QRadioButton"):
            app.setPalette(_item_view_palette(palette, theme, INDICATOR_WINDOW), kind)
    # Widgets with a style sheet keep the palette they were polished with; re-polish them.
    for widget in app.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)


def _palette(app: QApplication, theme: str) -> QPalette:
    if theme == "dark":
        palette = QPalette()
        for role, colour in _DARK.items():
            palette.setColor(role, QColor(colour))
        for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
            palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7a7d83"))
        return palette
    palette = app.style().standardPalette()
    # Fusion's placeholder is half-transparent black (about 3.9:1 on white): placeholders tell
    # the user what goes in a field, so they get a grey that reads at 4.5:1 or better.
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor("#5f6368"))
    return palette


# Fusion draws a check box's or radio button's outline as the window colour darkened by 140 %:
# from this colour that outline reads at 3:1 against the dark window, as a control's edge must.
INDICATOR_WINDOW = "#b0b5c0"


def _item_view_palette(palette: QPalette, theme: str, window: str = "#5c6068") -> QPalette:
    """Fusion outlines an unticked check box in a list with the window colour darkened, which in
    the dark palette matches the list's base: lighten that role in item views so the box shows."""
    view = QPalette(palette)
    if theme == "dark":
        view.setColor(QPalette.ColorRole.Window, QColor(window))
    return view


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def contrast(a: QColor, b: QColor) -> float:
    """The WCAG contrast ratio of colour `a` (blended over `b` if see-through) and `b` (1 to 21);
    text a person must read needs 4.5."""
    if a.alphaF() < 1.0:
        alpha = a.alphaF()
        a = QColor.fromRgbF(*(x * alpha + y * (1 - alpha) for x, y in zip(a.getRgbF()[:3], b.getRgbF()[:3])))
    def luminance(colour: QColor) -> float:
        def channel(value: float) -> float:
            return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) + 0.0722 * channel(colour.blueF())
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# Words that say something went wrong, needs attention or worked, per palette: each reads at
# 4.5:1 or better on that palette's window (the one red of old read 3.3:1 on the dark one).
_STATUS = {
    "error": ("#b71c1c", "#ff8a80"),
    "warning": ("#7a5200", "#ffd54f"),
    "success": ("#1b5e20", "#81c784"),
}


def status_colour(kind: str, palette: QPalette | None = None) -> str:
    """The colour for `kind` ("error", "warning", "success") in the palette in use."""
    palette = palette or QApplication.palette()
    light, dark = _STATUS[kind]
    return dark if is_dark(palette) else light


# Refresh and fate point tokens, filled invoke boxes: a colour of their own (the palette's
# highlight read 3.5:1 under white in the light palette) and the text drawn on it, 4.5:1 or better.
_TOKEN = {"light": ("#1d4f91", "#ffffff"), "dark": ("#9cc2ff", "#10151c")}


def token_colours(palette: QPalette | None = None) -> tuple[str, str]:
    """The fill of a token and the colour of the number on it, for the palette in use."""
    palette = palette or QApplication.palette()
    return _TOKEN["dark" if is_dark(palette) else "light"]


def muted(palette: QPalette, background: QColor | None = None) -> QColor:
    """A quieter text colour for secondary words that still reads at 4.5:1 on `background`."""
    text = palette.color(QPalette.ColorRole.WindowText)
    back = background or palette.color(QPalette.ColorRole.Window)
    for share in (0.45, 0.35, 0.25, 0.15, 0.0):  # how far towards the background
        colour = QColor.fromRgbF(*(t + (b - t) * share for t, b in zip(text.getRgbF()[:3], back.getRgbF()[:3])))
        if contrast(colour, back) >= 4.5:
            return colour
    return text
