"""The browsers of table mode's tests, started once for the whole run (each takes seconds)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def browsers(tmp_path_factory):
    """`browsers(name, language)`: an emulated phone (393x851) of that name, started on first use."""
    from table_mode_support import need_browser, start_browser

    started = {}

    def browser(name: str, language: str = "en"):
        need_browser()
        if name not in started:
            started[name] = start_browser(tmp_path_factory.mktemp(f"profile-{name}"), language=language)
        return started[name]

    yield browser
    for driver in started.values():
        driver.quit()
