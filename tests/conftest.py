"""Shared fixtures: every test gets its own user data folder, never the real one."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path_factory, monkeypatch):
    folder = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("FATE_DESK_DATA_DIR", str(folder))
    return folder
