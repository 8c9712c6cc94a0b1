"""Light and dark palettes (Fusion style), or the platform's own look."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from fate_desk.collector import no_collection
from fate_desk.i18n import N_

THEMES = ("system", "light", "dark", "high-contrast")
# Marked only: shown through _() where the menu is built.
LABELS = {"system": N_("System"), "light": N_("Light"), "dark": N_("Dark"), "high-contrast": N_("High contrast")}

_DARK = {
    QPalette.ColorRole.Window: "#2b2d31",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#1f2023",
    QPalette.ColorRole.AlternateBase: "#2f3136",
    QPalette.ColorRole.ToolTipBase: "#3a3d42",
    QPalette.ColorRole.ToolTipText: "#f0f0f0",
    QPalette.ColorRole.PlaceholderText: "#a0a4ab",  # 5.9:1 on the window (flat fields), 6.6:1 on a field
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

# High contrast for low vision: white and yellow on black, every text pair 7:1 or better
# (WCAG AAA), control edges drawn in white by the style sheet below since Fusion draws them
# from the window colour, which is black here.
_HIGH_CONTRAST = {
    QPalette.ColorRole.Window: "#000000",
    QPalette.ColorRole.WindowText: "#ffffff",
    QPalette.ColorRole.Base: "#000000",
    QPalette.ColorRole.AlternateBase: "#1c1c1c",
    QPalette.ColorRole.ToolTipBase: "#000000",
    QPalette.ColorRole.ToolTipText: "#ffffff",
    QPalette.ColorRole.PlaceholderText: "#c8c8c8",
    QPalette.ColorRole.Text: "#ffffff",
    QPalette.ColorRole.Button: "#000000",
    QPalette.ColorRole.ButtonText: "#ffffff",
    QPalette.ColorRole.BrightText: "#ffff00",
    QPalette.ColorRole.Light: "#ffffff",
    QPalette.ColorRole.Midlight: "#d0d0d0",
    QPalette.ColorRole.Mid: "#a0a0a0",
    QPalette.ColorRole.Dark: "#ffffff",
    QPalette.ColorRole.Shadow: "#ffffff",
    QPalette.ColorRole.Highlight: "#ffff00",
    QPalette.ColorRole.HighlightedText: "#000000",
    QPalette.ColorRole.Link: "#7fd4ff",
}
HIGH_CONTRAST_SHEET = """
QWidget { color: #ffffff; }
QMainWindow, QDialog, QDockWidget, QMenuBar, QMenu, QToolBar, QStatusBar, QTabBar { background: #000000; color: #ffffff; }
QLineEdit, QPlainTextEdit, QTextEdit, QSpinBox, QComboBox, QAbstractItemView, QPushButton, QToolButton,
QGroupBox, QTabBar::tab { border: 1px solid #ffffff; background: #000000; color: #ffffff; }
QPushButton, QToolButton { padding: 3px 8px; }
QPushButton:checked, QToolButton:checked, QTabBar::tab:selected, QMenuBar::item:selected, QMenu::item:selected,
QPushButton:hover, QToolButton:hover { background: #ffff00; color: #000000; }
QPushButton:disabled, QToolButton:disabled, QLineEdit:disabled, QComboBox:disabled, QSpinBox:disabled {
    color: #c8c8c8; border: 1px dashed #c8c8c8; }
QGroupBox { margin-top: 1.4em; padding-top: 4px; }
QGroupBox::title { subcontrol-origin: margin; left: 6px; color: #ffffff; }
QDockWidget::title { background: #000000; border-bottom: 1px solid #ffffff; padding: 3px; }
QSpinBox { padding-right: 18px; }
QSpinBox::up-button, QSpinBox::down-button, QComboBox::drop-down {
    subcontrol-origin: border; width: 18px; border-left: 1px solid #ffffff; background: #000000; }
QSpinBox::up-button { subcontrol-position: top right; border-bottom: 1px solid #ffffff; }
QSpinBox::down-button { subcontrol-position: bottom right; }
QComboBox::drop-down { subcontrol-position: center right; }
QSpinBox::up-arrow { width: 0; height: 0; border-left: 5px solid #000000; border-right: 5px solid #000000;
    border-bottom: 6px solid #ffffff; }
QSpinBox::down-arrow, QComboBox::down-arrow { width: 0; height: 0; border-left: 5px solid #000000;
    border-right: 5px solid #000000; border-top: 6px solid #ffffff; }
QCheckBox::indicator, QRadioButton::indicator { width: 14px; height: 14px; border: 2px solid #ffffff; background: #000000; }
QCheckBox::indicator:checked, QRadioButton::indicator:checked { background: #ffff00; border: 2px solid #ffffff; }
QRadioButton::indicator { border-radius: 8px; }
QAbstractItemView::indicator { width: 14px; height: 14px; border: 2px solid #ffffff; background: #000000; }
QAbstractItemView::indicator:checked { background: #ffff00; border: 2px solid #ffffff; }
QToolTip { background: #000000; color: #ffffff; border: 1px solid #ffffff; }
QLineEdit, QPlainTextEdit, QTextEdit, QComboBox, QSpinBox { placeholder-text-color: #c8c8c8; }
"""
# (A style sheet's `color` makes placeholders that colour at half opacity, 5.3:1 here: the last
# rule gives them the palette's #c8c8c8 again, 12.6:1 on black.)

_system_palette: QPalette | None = None


def apply_theme(app: QApplication, theme: str) -> None:
    """Switch palettes at run time; 'system' restores what the platform gave us."""
    global _system_palette
    # Deferred: app_style loads zoom, which loads this module (a cycle).
    from . import app_style

    app.setProperty("fateDeskTheme", theme)  # what is on now (the tests put "system" back)
    if _system_palette is None:
        _system_palette = QPalette(app.palette())
    app.setStyleSheet("")
    if theme == "system":
        app_style.use(app, app_style.platform_key(app))
        palette = readable_placeholders(_system_palette)
        app.setPalette(palette)
        for kind in ("QAbstractItemView", "QCheckBox", "QRadioButton"):
            app.setPalette(palette, kind)
    else:
        app_style.use(app, "Fusion")
        palette = _palette(app, theme)
        app.setPalette(palette)
        app.setPalette(_item_view_palette(palette, theme), "QAbstractItemView")
        # The same for check boxes and radio buttons in forms and dialogs: their outline is
        # drawn from the window colour, and in the dark palette it vanished into the window.
        for kind in ("QCheckBox", "QRadioButton"):
            app.setPalette(_item_view_palette(palette, theme, INDICATOR_WINDOW), kind)
    if theme == "high-contrast":  # after the palette, so the style sheet starts from it
        app.setStyleSheet(HIGH_CONTRAST_SHEET)
    # Every window at once: widgets the high-contrast sheet had styled kept its colours after it
    # went (the Problems panel white on white until a restart); those with a style sheet of
    # their own keep the palette they were polished with. Both take the new theme now.
    inherit_again(app)
    repolish_style_sheets(app)


def live_widgets(app: QApplication) -> list[QWidget]:
    """The widgets of the windows on screen, each window first: what a change of theme or text
    size must reach. Windows closed and hidden are left alone (a new window takes the new
    palette and font when it is built), and so is Qt's list of every widget ever made, which
    in a long session held widgets Python could no longer use safely."""
    out: list[QWidget] = []
    with no_collection():
        tops = app.topLevelWidgets()
        for top in tops:
            if shiboken6.isValid(top) and top.isVisible():
                out.append(top)
                out.extend(top.findChildren(QWidget))
    return out


def inherit_again(app: QApplication) -> None:
    """Every widget on screen that has no palette or font of its own takes its parent's (and so
    the application's) again: a style sheet the application had leaves its colours and text
    size on the widgets it styled when it goes or changes."""
    for widget in live_widgets(app):
        if not shiboken6.isValid(widget):
            continue
        if not widget.testAttribute(Qt.WidgetAttribute.WA_SetPalette):
            widget.setPalette(QPalette())
        if not widget.testAttribute(Qt.WidgetAttribute.WA_SetFont):
            widget.setFont(QFont())


def repolish_style_sheets(app: QApplication) -> None:
    """Polish again every widget on screen that has a style sheet of its own (it keeps the
    palette and font it was first polished with). Polishing one may rebuild or delete others
    (a combo's popup, a row of boxes): those are skipped, never touched once deleted."""
    for widget in live_widgets(app):
        if not shiboken6.isValid(widget):
            continue
        sheet = widget.styleSheet()
        if sheet:
            widget.setStyleSheet("")
            widget.setStyleSheet(sheet)


def _palette(app: QApplication, theme: str) -> QPalette:
    if theme == "high-contrast":
        palette = QPalette()
        for role, colour in _HIGH_CONTRAST.items():
            palette.setColor(role, QColor(colour))
        for role in (QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText, QPalette.ColorRole.WindowText):
            palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#c8c8c8"))  # 12:1, dashed edges say "off"
        return palette
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


def readable_placeholders(palette: QPalette) -> QPalette:
    """`palette` with placeholders that read at 4.5:1 on a field and on the window (the sheet's
    fields are flat, on the window): the platform's own are often its text at half opacity,
    3.9:1 on Fusion's window. A palette whose placeholders read already is kept as it is."""
    role = QPalette.ColorRole
    backs = [palette.color(role.Base), palette.color(role.Window)]
    if all(contrast(palette.color(role.PlaceholderText), back) >= 4.5 for back in backs):
        return palette
    out = QPalette(palette)
    text, base = palette.color(role.Text), palette.color(role.Base)
    for share in (0.45, 0.35, 0.25, 0.15, 0.0):  # how far from the text towards the field
        colour = QColor.fromRgbF(*(t + (b - t) * share for t, b in zip(text.getRgbF()[:3], base.getRgbF()[:3])))
        if all(contrast(colour, back) >= 4.5 for back in backs):
            break
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        out.setColor(group, role.PlaceholderText, colour)
    return out


def readable_fill(wanted: QColor, palette: QPalette, texts: list[QColor]) -> QColor:
    """`wanted` (a tint that marks a row: a problem, a flash), taken towards the palette's base
    until every one of `texts` reads on it at 4.5:1 (7:1 in high contrast)."""
    base = palette.color(QPalette.ColorRole.Base)
    need = 7.0 if is_high_contrast(palette) else 4.5
    for share in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0):
        fill = QColor.fromRgbF(*(w + (b - w) * share for w, b in zip(wanted.getRgbF()[:3], base.getRgbF()[:3])))
        if all(contrast(text, fill) >= need for text in texts):
            return fill
    return base


# Fusion draws a check box's or radio button's outline as the window colour darkened by 140 %:
# from this colour that outline reads at 3:1 against the dark window, as a control's edge must.
INDICATOR_WINDOW = "#b0b5c0"


def _item_view_palette(palette: QPalette, theme: str, window: str = "#5c6068") -> QPalette:
    """Fusion outlines an unticked check box in a list with the window colour darkened, which in
    the dark palette matches the list's base: lighten that role in item views so the box shows."""
    view = QPalette(palette)
    if theme in ("dark", "high-contrast"):
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
# 4.5:1 or better on that palette's window (the one red of old read 3.3:1 on the dark one),
# and the dark ones at 7:1 on the high-contrast black.
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


def is_high_contrast(palette: QPalette) -> bool:
    return (palette.color(QPalette.ColorRole.Window) == QColor("#000000")
            and palette.color(QPalette.ColorRole.WindowText) == QColor("#ffffff"))


# Refresh and fate point tokens, filled invoke boxes: a colour of their own (the palette's
# highlight read 3.5:1 under white in the light palette) and the text drawn on it, 4.5:1 or better.
_TOKEN = {"light": ("#1d4f91", "#ffffff"), "dark": ("#9cc2ff", "#10151c")}


def token_colours(palette: QPalette | None = None) -> tuple[str, str]:
    """The fill of a token and the colour of the number on it, for the palette in use."""
    palette = palette or QApplication.palette()
    return _TOKEN["dark" if is_dark(palette) else "light"]


def muted(palette: QPalette, background: QColor | None = None) -> QColor:
    """A quieter text colour for secondary words that still reads at 4.5:1 on `background`
    (7:1 in the high-contrast theme)."""
    text = palette.color(QPalette.ColorRole.WindowText)
    back = background or palette.color(QPalette.ColorRole.Window)
    need = 7.0 if is_high_contrast(palette) else 4.5
    for share in (0.45, 0.35, 0.25, 0.15, 0.0):  # how far towards the background
        colour = QColor.fromRgbF(*(t + (b - t) * share for t, b in zip(text.getRgbF()[:3], back.getRgbF()[:3])))
        if contrast(colour, back) >= need:
            return colour
    return text
