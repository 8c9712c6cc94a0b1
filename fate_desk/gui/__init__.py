"""Qt widgets, item models, undo commands and dialogs. The only layer that imports Qt."""

from fate_desk.gui import pyside_hook

pyside_hook.install()
