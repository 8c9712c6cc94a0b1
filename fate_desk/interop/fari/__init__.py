"""Fari (fari.app): its saves read (`reading`, `mapping`, `labels`, `library`) and written (`writing`)."""
