"""Dialogs, each a Designer form from ui/ with its behaviour here. Imported only when opened."""
