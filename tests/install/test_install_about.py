"""Help menu: the About dialog shows version, licences and the Fate attribution; the guide opens."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
import pytest
from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from fate_desk import ATTRIBUTION, __version__
from fate_desk.gui.about import AboutDialog, UserGuideWindow, heading_slug, open_user_guide, show_about
from fate_desk.gui.app import start
from fate_desk.gui.identity import DESKTOP_ID, app_icon
from fate_desk.paths import docs_dir, resources_dir

GUIDE = docs_dir() / "user-guide.md"
ROOT = Path(__file__).resolve().parents[2]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def window(qtbot):
    main = QMainWindow()
    main.resize(900, 700)
    qtbot.addWidget(main)
    main.show()
    return main


def test_about_shows_the_whole_fate_attribution_notice(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    shown = flat(dialog.attribution.toPlainText())
    assert flat(ATTRIBUTION) in shown
    assert "Creative Commons Attribution 3.0" in shown and "Evil Hat Productions" in shown
    links = re.findall(r'href="([^"]+)"', dialog.attribution.toHtml())
    assert "http://creativecommons.org/licenses/by/3.0/" in links


def test_about_shows_version_and_licence(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    title = dialog.form.findChild(QLabel, "titleLabel").text()
    assert f"Fate Desk {__version__}" in title
    assert "MIT licence" in dialog.form.findChild(QLabel, "licenceLabel").text()
    assert __version__ in dialog.form.findChild(QLabel, "versionsLabel").text()
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == ["Fate Desk", "Fate licence", "Fonts"]


def test_about_lists_each_font_licence_with_the_fonts_it_covers(qtbot, tmp_path):
    (tmp_path / "Serifa-Regular.ttf").write_bytes(b"")
    (tmp_path / "Serifa-Bold.ttf").write_bytes(b"")
    (tmp_path / "LICENSE-Serifa.txt").write_text("Serifa may be embedded <freely> & shared.")
    dialog = AboutDialog(fonts_dir=tmp_path)
    qtbot.addWidget(dialog)
    text = dialog.fonts.toPlainText()
    assert "Serifa-Bold.ttf, Serifa-Regular.ttf" in text
    assert "Serifa may be embedded <freely> & shared." in text  # escaped, not taken as markup


def test_about_says_so_when_no_fonts_are_bundled(qtbot, tmp_path):
    dialog = AboutDialog(fonts_dir=tmp_path / "nowhere")
    qtbot.addWidget(dialog)
    assert "no fonts" in dialog.fonts.toPlainText()


def test_about_link_opens_the_user_guide_which_outlives_the_dialog(qtbot, window):
    about = show_about(window)
    assert about.isVisible() and about.parentWidget() is window
    assert show_about(window) is about  # asking again raises the same dialog
    about.form.findChild(QLabel, "guideLabel").linkActivated.emit("guide")
    guides = window.findChildren(UserGuideWindow)
    assert len(guides) == 1 and guides[0].isVisible()
    about.close()
    assert guides[0].isVisible()


def test_user_guide_shows_the_guide_and_is_opened_once(qtbot, window):
    guide = open_user_guide(window)
    assert guide.browser.source() == QUrl.fromLocalFile(str(GUIDE))
    assert guide.browser.toPlainText().startswith("Fate Desk user guide")
    assert open_user_guide(window) is guide


def test_user_guide_contents_links_scroll_to_their_sections(qtbot, window):
    guide = open_user_guide(window)
    guide.resize(700, 500)
    qtbot.waitExposed(guide)
    browser = guide.browser
    targets = re.findall(r"\]\(#([^)]+)\)", GUIDE.read_text(encoding="utf-8"))
    headings = [heading_slug(h) for h in re.findall(r"^##+ (.+)$", GUIDE.read_text(encoding="utf-8"), re.M)]
    assert targets and set(targets) <= set(headings)
    # Follow the last entry as a click does (relative to the page); the view must move there.
    browser.setSource(browser.source().resolved(QUrl(f"#{targets[-1]}")))
    assert browser.verticalScrollBar().value() > 0
    browser.home()
    assert browser.source().fragment() == ""


def test_user_guide_links_to_other_docs_resolve(qtbot, window):
    text = GUIDE.read_text(encoding="utf-8")
    local = [t for t in re.findall(r"\]\(([^)#]+\.md)\)", text)]
    assert local
    for target in local:
        assert (GUIDE.parent / target).is_file(), f"the guide links to a missing {target}"
    guide = open_user_guide(window)
    guide.browser.setSource(guide.browser.source().resolved(QUrl(local[0])))
    assert guide.browser.source().toLocalFile() == str(GUIDE.parent / local[0])
    assert guide.browser.toPlainText().strip()


def test_missing_user_guide_says_where_it_was_expected(qtbot, tmp_path):
    guide = UserGuideWindow(guide=tmp_path / "user-guide.md")
    qtbot.addWidget(guide)
    assert "User guide missing" in guide.browser.toPlainText()
    assert str(tmp_path) in guide.browser.toPlainText()


def test_app_icon_offers_every_rendered_size(qapp):
    sizes = {s.width() for s in app_icon().availableSizes()}
    assert sizes == {16, 24, 32, 48, 64, 128, 256, 512}


@pytest.mark.parametrize("heading, slug", [
    ("Rule sets", "rule-sets"),
    ("NPCs, monsters and obstacles", "npcs-monsters-and-obstacles"),
    ("Between sessions: advancement", "between-sessions-advancement"),
])
def test_heading_slugs_follow_code_host_anchors(heading, slug):
    assert heading_slug(heading) == slug



def test_about_shows_the_licence_of_the_fonts_pdfs_embed(qtbot):
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.fonts.toPlainText()
    assert "DejaVuSans.ttf" in text and "DejaVuSans-Bold.ttf" in text
    licence = (resources_dir() / "fonts" / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert flat(licence) in flat(text)


def test_main_window_wears_the_app_icon(qtbot):
    window = start(QApplication.instance(), None)
    qtbot.addWidget(window)
    assert {s.width() for s in window.windowIcon().availableSizes()} >= {16, 32, 48, 256}
    window.close()


def test_running_app_names_the_desktop_entry_it_belongs_to(tmp_path):
    # Wayland and the taskbars match windows to installer/<DESKTOP_ID>.desktop by this name.
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    code = ("from PySide6.QtGui import QGuiApplication; from fate_desk.gui.app import run_app; "
            "run_app(None, smoke=True); print(QGuiApplication.desktopFileName())")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == DESKTOP_ID
    assert (ROOT / "installer" / f"{DESKTOP_ID}.desktop").is_file()
