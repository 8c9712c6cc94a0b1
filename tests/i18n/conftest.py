"""Fixtures for every test in this folder: the pseudo-locale (tests/pseudo_text.py), and the
sample campaign opened with the accented pseudo-locale set."""

import pytest
from pseudo_text import pseudo  # noqa: F401 - a fixture, offered to the folder's tests
from table_helpers import sample_document

from fate_desk import i18n


@pytest.fixture
def document(tmp_path):
    """The sample campaign's document, with the accented pseudo-locale set before any widget is
    made (English again afterwards)."""
    i18n.set_language("en_XA")
    doc = sample_document(tmp_path)
    try:
        yield doc
    finally:
        doc.close()
        i18n.set_language("en")
