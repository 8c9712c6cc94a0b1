"""Everything read from the user's folders at start is checked once, and what cannot be used is set
aside with one line the GM can read, in the window and on the standard error, while everything
else keeps working (issue 45): a pack naming a file with a NUL, milestones in a circle, a
settings file that is a pipe or holds values no setting has, a damaged translation. A
`--smoke` run with all of them at once ends, under a deadline."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QPlainTextEdit

from fate_desk.gui.app import start
from fate_desk.gui.settings import Preferences, Settings, WindowState, checked_settings, set_aside_bad_files
from fate_desk.gui.sheet import CharacterSheet
from fate_desk.model import Campaign, Character
from fate_desk.paths import packs_dir, rules_dir
from fate_desk.rules import default_catalog
from fate_desk.store.campaign_file import CampaignFile

ROOT = Path(__file__).resolve().parents[2]


def _hostile_user_folder(data: Path) -> None:
    """A pack naming its rule set "ruleset.toml\\0x" and a rule set whose milestones go round."""
    pack = data / "packs" / "nul-pack"
    shutil.copytree(packs_dir() / "war-of-ashes", pack)
    toml = pack / "pack.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('id = "war-of-ashes"', 'id = "nul-pack"', 1)
                    .replace('ruleset = "ruleset.toml"', 'ruleset = "ruleset.toml\\u0000x"'), encoding="utf-8")
    (data / "rules").mkdir(parents=True)
    text = (rules_dir() / "fate-core.toml").read_text(encoding="utf-8").replace('id = "fate-core"', 'id = "circle"')
    (data / "rules" / "circle.toml").write_text(text.replace(
        'label = "Minor milestone"', 'label = "Minor milestone"\nincludes = ["major"]'), encoding="utf-8")


@pytest.fixture
def fresh_catalog():
    """The catalog of this run, read again for this test's user folder (and not left behind)."""
    default_catalog.cache_clear()
    yield
    default_catalog.cache_clear()


def test_the_window_says_what_was_set_aside_and_the_campaign_opens(qtbot, tmp_path, user_data, fresh_catalog,
                                                                   _isolated_qsettings):
    _hostile_user_folder(user_data)
    Settings().set(Preferences.TEXT_SIZE, 100)
    Settings().set(Preferences.THEME, "sepia")  # no such theme
    Settings()._q.setValue(WindowState.RECENT.key, '[1, 2, {"x": 3}]')  # paths that are no paths
    # A campaign of the rule set that is set aside still opens, its sheet on the default rules.
    path = tmp_path / "homebrew.fatedesk"
    CampaignFile.create(path, Campaign(name="Homebrew", ruleset="circle",
                                       characters=[Character(name="Ada", ruleset="circle")])).close()
    window = start(QApplication.instance(), str(path))
    qtbot.addWidget(window)
    try:
        assert window.document is not None and window.document.campaign.name == "Homebrew"
        assert isinstance(window.tabs.current_editor(), CharacterSheet)
        notice = window.start_notice
        assert notice is not None and notice.isVisible() and not notice.isModal()
        lines = notice.findChild(QPlainTextEdit).toPlainText().split("\n\n")
        assert len(lines) == 4
        assert lines[0].startswith("Your settings file ") and "preferences/theme held 'sepia'" in lines[0]
        assert "state/recent_campaigns held" in lines[1]
        assert lines[2].startswith(f"Ignored your rule set circle.toml (in {user_data / 'rules'}): advancement: ")
        assert lines[3] == (f"Ignored your pack nul-pack/pack.toml (in {user_data / 'packs'}): ruleset: "
                            "'ruleset.toml\\x00x' is not a file name (it holds a control character)")
        # Set aside means gone: the values were removed, and the next start has nothing to say.
        assert Settings().get(Preferences.THEME) == "system" and Settings()._q.value(Preferences.THEME.key) is None
        window.start_notice.close()
        # The notice fits the smallest screen the app supports, and File ▸ New campaign still offers rule sets.
        assert notice.width() <= 1280 and notice.height() <= 800
    finally:
        window.close()


def test_a_settings_file_that_is_a_pipe_is_moved_aside_before_qt_reads_it(tmp_path):
    folder = tmp_path / "config" / "fate-desk"
    folder.mkdir(parents=True)
    pipe = folder / "fate-desk.ini"
    os.mkfifo(pipe)
    huge = tmp_path / "config" / "fate-desk.ini"
    huge.write_bytes(b"[x]\n" + b"a=1\n" * 1_100_000)
    notices, stuck = set_aside_bad_files([pipe, huge])
    assert not stuck and not pipe.exists() and not huge.exists()
    said = [str(n) for n in notices]
    assert said[0].startswith(f"Your settings file {pipe} is a pipe (FIFO), not a file; it was moved to fate-desk.ini.set-aside-")
    assert said[0].endswith("and Fate Desk starts with its default settings")
    assert said[1].startswith(f"Your settings file {huge} is too large to be a settings file; it was moved to ")
    assert len(list(folder.glob("fate-desk.ini.set-aside-*"))) == 1


def test_a_settings_file_qt_cannot_read_is_moved_aside(_isolated_qsettings):
    path = Path(Settings()._q.fileName())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"[preferences\ntheme=dark\n")  # a section never closed
    settings, notices = checked_settings()
    assert [str(n).split(";")[0] for n in notices] == [
        f"Your settings file {path} is not a settings file Fate Desk can read"]
    assert settings.get(Preferences.TEXT_SIZE) == 100
    settings.set(Preferences.TEXT_SIZE, 150)
    settings.sync()
    assert Settings().get(Preferences.TEXT_SIZE) == 150  # kept again from now on


def _package_copy(target: Path) -> Path:
    """The app as installed, in `target`, with the German catalogue damaged; the data folders are
    the checkout's. Compiled modules travel too (their times kept), so nothing compiles again."""
    shutil.copytree(ROOT / "fate_desk", target / "fate_desk", copy_function=shutil.copy2)
    for name in ("rules", "packs", "ui", "resources", "docs", "locale"):
        os.symlink(ROOT / name, target / name)
    mo = target / "fate_desk" / "_locale" / "de.mo"
    mo.write_bytes(mo.read_bytes()[:5000])
    return target


def test_smoke_with_every_kind_of_bad_file_at_once_ends_and_says_each(tmp_path):
    data, config = tmp_path / "data", tmp_path / "config"
    _hostile_user_folder(data)
    (config / "fate-desk").mkdir(parents=True)
    os.mkfifo(config / "fate-desk" / "fate-desk.ini")  # Qt would wait on it for ever
    copy = _package_copy(tmp_path / "app")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FATE_DESK_DATA_DIR=str(data), XDG_CONFIG_HOME=str(config),
               HOME=str(tmp_path), FATE_DESK_LANGUAGE="de", PYTHONPATH=str(copy))
    done = subprocess.run([sys.executable, "-m", "fate_desk", "--smoke"], env=env, capture_output=True, text=True,
                          timeout=180, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    err = done.stderr
    assert "fate-desk started in" in err and "(sheet shown)" in err
    said = [line for line in err.splitlines() if line.startswith("fate-desk: ")]
    assert len(said) == 4, err
    assert said[0].startswith(f"fate-desk: Your settings file {config / 'fate-desk' / 'fate-desk.ini'} is a pipe")
    assert said[1].startswith("fate-desk: The Deutsch translation was set aside and Fate Desk speaks English: "
                              f"{copy / 'fate_desk' / '_locale' / 'de.mo'}: is damaged (it is cut short)")
    assert said[2].startswith("fate-desk: Ignored your rule set circle.toml")
    assert said[3].startswith("fate-desk: Ignored your pack nul-pack/pack.toml")
    assert "Traceback" not in err
    # The command line says the translation's line too, and goes on in English.
    listed = subprocess.run([sys.executable, "-m", "fate_desk", "rulesets"], env=env, capture_output=True, text=True,
                            timeout=120, cwd=tmp_path)
    assert listed.returncode == 0 and "Fate Core: 18 skills" in listed.stdout
    assert listed.stderr.splitlines()[0].startswith("fate-desk: The Deutsch translation was set aside")
