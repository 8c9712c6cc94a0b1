"""The pseudo-locale fixture for every test in this folder (tests/pseudo_text.py)."""

from pseudo_text import pseudo  # noqa: F401 - a fixture, offered to the folder's tests
