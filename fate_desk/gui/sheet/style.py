"""The sheet's look: section titles as the paper sheet's dark bars, refresh and fate points as
tokens, free invokes and stress as boxes, and fields that only play can change drawn as slots
rather than as boxes to type in. Colours come from the palette in use (light or dark)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QWidget

from ..theme import status_colour, token_colours
from .common import problem_style


def sheet_style(palette: QPalette | None = None) -> str:
    palette = palette or QApplication.palette()
    text = palette.color(QPalette.ColorRole.WindowText).name()
    window = palette.color(QPalette.ColorRole.Window).name()
    token, on_token = token_colours(palette)
    error, warning = status_colour("error", palette), status_colour("warning", palette)
    return problem_style() + f"""
QFrame#identityFrame {{ border: none; border-bottom: 3px solid {text}; }}
QLineEdit#nameEdit {{ background: transparent; }}
QLineEdit#nameEdit:focus, QLineEdit#nameEdit:hover {{ background: palette(base); }}
QGroupBox {{ border: 2px solid {text}; border-radius: 0; margin-top: 12px; padding-top: 8px;
             font-weight: bold; }}
QGroupBox::title {{ subcontrol-origin: margin; subcontrol-position: top left; left: 0px;
                    padding: 1px 10px; background: {text}; color: {window}; }}
QGroupBox[flat="true"] {{ border: none; border-top: 1px solid {text}; font-weight: normal; }}
QGroupBox[flat="true"]::title {{ background: transparent; color: {text}; padding-left: 0px; }}
QGroupBox[problem="error"]::title {{ background: {error}; color: {window}; }}
QGroupBox[problem="warning"]::title {{ background: {warning}; color: {window}; }}
QLabel#refreshValue {{ border: 3px solid {text}; border-radius: 24px; min-width: 42px; max-width: 42px;
                       min-height: 42px; max-height: 42px; font-weight: bold; }}
QLabel#fatePointsValue {{ border: 3px solid {token}; border-radius: 24px; background: {token};
                          color: {on_token}; min-width: 42px; max-width: 42px; min-height: 42px;
                          max-height: 42px; font-weight: bold; }}
QLabel#refreshValue[problem="error"] {{ border-color: {error}; color: {error}; }}
QLabel#refreshValue[problem="warning"] {{ border-color: {warning}; color: {warning}; }}
QLabel#slotValue {{ border: 2px solid {text}; min-width: 22px; max-width: 22px; min-height: 22px;
                    max-height: 22px; font-weight: bold; }}
QLabel#recoveringBadge {{ font-weight: bold; font-style: italic; }}
QLineEdit[readOnly="true"] {{ background: transparent; border: none; border-bottom: 1px dashed {text};
                              border-radius: 0; }}
QLineEdit[readOnly="true"]:focus {{ border-bottom: 2px solid palette(highlight); }}
QFrame#card {{ border: 2px solid {text}; border-radius: 6px; }}
QFrame#card QLineEdit#nameEdit {{ border: none; border-bottom: 2px solid {text}; }}
QFrame#invokeBoxes {{ border: 2px solid transparent; border-radius: 3px; }}
QFrame#invokeBoxes:focus {{ border: 2px solid palette(highlight); }}
QFrame#invokeBoxes QToolButton {{ border: 2px solid {text}; border-radius: 2px; background: palette(base);
                                  color: {text}; min-width: 16px; max-width: 16px; min-height: 16px;
                                  max-height: 16px; padding: 0px; }}
QFrame#invokeBoxes QToolButton:checked {{ background: {token}; border-color: {token}; color: {on_token}; }}
QFrame#invokeBoxes QToolButton[spare="true"] {{ border: 1px dashed {text}; background: transparent; }}
"""  # i18n: not shown (a style sheet)


class _Restyle(QObject):
    """Restyles the sheets once a theme change is over. It follows the application's palette
    (forms with a style sheet are not told of a palette change), and waits a turn of the event
    loop: View ▸ Theme re-applies every widget's old style sheet after changing the palette."""

    def __init__(self, app: QApplication):
        super().__init__(app)
        self.forms: list[QWidget] = []
        self.pending = False
        app.paletteChanged.connect(self._palette_changed)

    def _palette_changed(self, *_args) -> None:
        if not self.pending:
            self.pending = True
            QTimer.singleShot(0, self, self._restyle)

    def _restyle(self) -> None:
        self.pending = False
        style = sheet_style()
        for form in list(self.forms):
            if form.styleSheet() != style:
                form.setStyleSheet(style)

    def forget(self, form: QWidget) -> None:
        if form in self.forms:
            self.forms.remove(form)


_restyle: _Restyle | None = None


def style_as_sheet(form: QWidget) -> None:
    """Give `form` the sheet's look, and its colours again when View ▸ Theme changes the palette."""
    global _restyle
    form.setStyleSheet(sheet_style())
    if _restyle is None:
        _restyle = _Restyle(QApplication.instance())
    _restyle.forms.append(form)
    form.destroyed.connect(lambda *_args, r=_restyle, f=form: r.forget(f))
