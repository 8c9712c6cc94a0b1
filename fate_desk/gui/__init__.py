"""Qt widgets, item models, undo commands and dialogs. The only layer that imports Qt."""
