"""Files: the campaign file, the interchange format, importers."""
