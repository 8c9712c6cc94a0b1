"""Files: the campaign file (file and transactions, loading, watching), our own interchange format, game packs on disk."""
