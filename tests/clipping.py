"""What a reader would find cut short: text that needs more room than its widget has."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QCheckBox, QGroupBox, QLabel, QRadioButton, QStyle, QTabBar


def clipped(root) -> list[str]:
    """Buttons, check boxes, one-line labels, group titles and tabs under `root` (visible ones)
    whose text needs more room than the widget was given."""
    found = []
    for button in root.findChildren(QAbstractButton):
        if not button.isVisible() or not button.text():
            continue
        needed = button.fontMetrics().horizontalAdvance(button.text().replace("&&", "&").replace("&", ""))
        if not button.icon().isNull():
            needed += button.iconSize().width() + 4
        if isinstance(button, (QCheckBox, QRadioButton)):
            needed += button.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth) + 4
        if needed > button.width():
            found.append(f"button {button.text()!r}: {needed} > {button.width()}")
    for label in root.findChildren(QLabel):
        if not label.isVisible() or not label.text() or label.wordWrap() or label.pixmap() is not None and not label.pixmap().isNull():
            continue
        if label.sizeHint().width() > label.width() + 1:
            found.append(f"label {label.text()!r}: {label.sizeHint().width()} > {label.width()}")
    for box in root.findChildren(QGroupBox):
        if box.isVisible() and box.title():
            needed = box.fontMetrics().horizontalAdvance(box.title().replace("&", "")) + 16
            if needed > box.width():
                found.append(f"group {box.title()!r}: {needed} > {box.width()}")
    for bar in root.findChildren(QTabBar):
        if not bar.isVisible() or bar.elideMode().name != "ElideNone":
            continue
        for i in range(bar.count()):
            needed = bar.fontMetrics().horizontalAdvance(bar.tabText(i).replace("&", ""))
            if needed > bar.tabRect(i).width():
                found.append(f"tab {bar.tabText(i)!r}: {needed} > {bar.tabRect(i).width()}")
    return found
