"""Desktop integration files: the desktop entry, MIME types, AppStream data and installer scripts.

These check the files' syntax and that they agree with each other and with the code, without
needing desktop-file-validate or appstreamcli on the machine.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fate_desk import __version__
from fate_desk.model.campaign import Campaign
from fate_desk.store import bundle, campaign_file, filetypes, interchange

ROOT = Path(__file__).resolve().parents[2]
INSTALLER = ROOT / "installer"
APP_ID = "io.github.fatedesk.FateDesk"
MIME_NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
# Keys of the Desktop Entry Specification 1.5 that an application entry may use.
DESKTOP_KEYS = {
    "Type", "Version", "Name", "GenericName", "NoDisplay", "Comment", "Icon", "Hidden",
    "OnlyShowIn", "NotShowIn", "DBusActivatable", "TryExec", "Exec", "Path", "Terminal",
    "Actions", "MimeType", "Categories", "Implements", "Keywords", "StartupNotify",
    "StartupWMClass", "PrefersNonDefaultGPU", "SingleMainWindow",
}
MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game",
                   "Graphics", "Network", "Office", "Science", "Settings", "System", "Utility"}


def parse_desktop_entry(text: str) -> dict[str, dict[str, str]]:
    """Groups of key=value lines; raises ValueError on anything the specification forbids."""
    groups: dict[str, dict[str, str]] = {}
    current = None
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("["):
            if not re.fullmatch(r"\[[^\[\]\x00-\x1f]+\]", line) or line[1:-1] in groups:
                raise ValueError(f"line {number}: bad or repeated group header {line!r}")
            current = groups[line[1:-1]] = {}
            continue
        match = re.fullmatch(r"([A-Za-z0-9-]+)(\[[^\]]+\])?\s*=\s*(.*)", line)
        if current is None or not match:
            raise ValueError(f"line {number}: not a key=value line inside a group: {line!r}")
        key = match.group(1) + (match.group(2) or "")
        if key in current:
            raise ValueError(f"line {number}: key {key} repeated")
        current[key] = match.group(3)
    return groups


def semicolon_list(value: str) -> list[str]:
    assert value.endswith(";"), f"{value!r} must end with ';'"
    return value[:-1].split(";")


@pytest.fixture(scope="module")
def entry() -> dict[str, str]:
    groups = parse_desktop_entry((INSTALLER / f"{APP_ID}.desktop").read_text(encoding="utf-8"))
    assert list(groups) == ["Desktop Entry"]
    return groups["Desktop Entry"]


@pytest.fixture(scope="module")
def mime_types() -> dict[str, ET.Element]:
    root = ET.parse(INSTALLER / f"{APP_ID}.xml").getroot()
    assert root.tag == f"{{{MIME_NS['m']}}}mime-info"
    return {t.get("type"): t for t in root.findall("m:mime-type", MIME_NS)}


@pytest.fixture(scope="module")
def metainfo() -> ET.Element:
    root = ET.parse(INSTALLER / f"{APP_ID}.metainfo.xml").getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    return root


def test_desktop_entry_uses_only_known_keys_and_required_ones(entry):
    unknown = {k for k in entry if k.split("[")[0] not in DESKTOP_KEYS and not k.startswith("X-")}
    assert not unknown
    assert entry["Type"] == "Application"
    assert entry["Version"] in {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5"}
    assert entry["Name"] == "Fate Desk"
    assert entry["Terminal"] == "false" and entry["StartupNotify"] in {"true", "false"}


def test_desktop_entry_opens_one_file_with_the_installed_command(entry):
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    command = next(iter(pyproject["project"]["scripts"]))
    # The app takes one FILE argument, so %f (one local file) and nothing else.
    assert entry["Exec"] == f"{command} %f"
    assert entry["TryExec"] == command


def test_desktop_entry_is_a_game_with_the_app_icon(entry):
    categories = semicolon_list(entry["Categories"])
    assert categories[0] in MAIN_CATEGORIES and "RolePlaying" in categories
    assert entry["Icon"] == APP_ID
    assert semicolon_list(entry["Keywords"])


def test_desktop_entry_claims_exactly_the_types_the_mime_file_defines(entry, mime_types):
    assert set(semicolon_list(entry["MimeType"])) == set(mime_types)


def test_mime_globs_match_the_suffixes_the_code_writes(mime_types):
    globs = {t: [g.get("pattern") for g in el.findall("m:glob", MIME_NS)] for t, el in mime_types.items()}
    assert globs == {
        "application/x-fate-desk-campaign": [f"*{filetypes.CAMPAIGN_SUFFIX}"],
        "application/x-fate-desk-campaign-bundle": [f"*{bundle.SUFFIX}"],
        "application/x-fate-desk-character": [f"*{interchange.SUFFIX}"],
    }
    for el in mime_types.values():
        assert el.find("m:comment", MIME_NS).text


def magic_matches(match: ET.Element, data: bytes) -> bool:
    """shared-mime-info semantics for the match types our file uses (string, big32)."""
    offset = int(match.get("offset"))
    if match.get("type") == "string":
        value = match.get("value").encode()
    elif match.get("type") == "big32":
        value = int(match.get("value"), 0).to_bytes(4, "big")
    else:
        raise AssertionError(f"match type {match.get('type')} not handled here")
    nested = match.findall("m:match", MIME_NS)
    return data[offset:offset + len(value)] == value and (not nested or any(magic_matches(m, data) for m in nested))


def test_campaign_magic_recognises_a_real_campaign_file_and_not_plain_sqlite(mime_types, tmp_path):
    campaign = tmp_path / f"Saga{filetypes.CAMPAIGN_SUFFIX}"
    campaign_file.CampaignFile.create(campaign, Campaign(name="Saga")).close()
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (a)")
    (magic,) = mime_types["application/x-fate-desk-campaign"].findall("m:magic", MIME_NS)
    assert int(magic.get("priority")) > 50  # above plain SQLite's, or it would never win
    rules = magic.findall("m:match", MIME_NS)
    assert any(magic_matches(m, campaign.read_bytes()) for m in rules)
    assert not any(magic_matches(m, other.read_bytes()) for m in rules)


def test_qt_recognises_fate_desk_files_from_the_installed_mime_package(tmp_path):
    # A real shared-mime-info reader (Qt's) given only our package in the user's data folder.
    share = tmp_path / "share"
    (share / "mime" / "packages").mkdir(parents=True)
    shutil.copy(INSTALLER / f"{APP_ID}.xml", share / "mime" / "packages")
    files = tmp_path / "files"
    files.mkdir()
    campaign_file.CampaignFile.create(files / "saga.fatedesk", Campaign(name="Saga")).close()
    shutil.copy(files / "saga.fatedesk", files / "renamed.bin")
    shutil.copy(ROOT / "docs" / "examples" / "ruth.fate.json", files)
    (files / "club.fate-campaign.json").write_text("{}")
    probe = (
        "import sys\nfrom PySide6.QtCore import QCoreApplication, QMimeDatabase\n"
        "app = QCoreApplication([])\ndb = QMimeDatabase()\n"
        "for f in sys.argv[1:]: print(db.mimeTypeForFile(f).name())\n"
    )
    names = ["saga.fatedesk", "renamed.bin", "ruth.fate.json", "club.fate-campaign.json"]
    env = {**os.environ, "XDG_DATA_HOME": str(share)}
    out = subprocess.run([sys.executable, "-c", probe, *names], cwd=files, env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["application/x-fate-desk-campaign", "application/x-fate-desk-campaign",
                   "application/x-fate-desk-character", "application/x-fate-desk-campaign-bundle"]


def test_metainfo_names_the_desktop_entry_licence_and_command(metainfo, entry):
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert metainfo.findtext("id") == APP_ID
    assert metainfo.findtext("launchable[@type='desktop-id']") == f"{APP_ID}.desktop"
    assert metainfo.findtext("project_license") == pyproject["license"]["text"]
    assert metainfo.findtext("metadata_license") in {"CC0-1.0", "FSFAP", "MIT", "CC-BY-3.0"}
    assert [b.text for b in metainfo.findall("provides/binary")] == list(pyproject["scripts"])
    assert metainfo.findtext("name") == entry["Name"]


def test_metainfo_offers_the_same_file_types_as_the_desktop_entry(metainfo, entry):
    assert {m.text for m in metainfo.findall("provides/mediatype")} == set(semicolon_list(entry["MimeType"]))


def test_metainfo_text_follows_appstream_guidance(metainfo):
    summary = metainfo.findtext("summary")
    assert summary and len(summary) < 80 and not summary.endswith(".")
    assert len(metainfo.findall("description/p")) >= 1
    assert metainfo.find("content_rating").get("type").startswith("oars-")


def test_metainfo_and_windows_installer_carry_the_current_version(metainfo):
    # Bumping fate_desk.__version__ must bump these too, or software centres show the old one.
    releases = metainfo.findall("releases/release")
    assert releases[0].get("version") == __version__
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", releases[0].get("date"))
    iss = (INSTALLER / "fate-desk.iss").read_text()
    assert re.search(r'#define AppVersion "([^"]+)"', iss).group(1) == __version__


def test_windows_installer_packs_the_bundle_with_the_app_icon():
    iss = (INSTALLER / "fate-desk.iss").read_text()
    assert 'Source: "..\\dist\\fate-desk\\*"' in iss
    icon = re.search(r"^SetupIconFile=(.+)$", iss, re.M).group(1)
    assert (INSTALLER / icon.replace("\\", "/")).is_file()
    assert '"%1"' in iss  # the opened file reaches the program


def test_pyinstaller_spec_is_valid_python_naming_the_bundle_fate_desk():
    spec = (INSTALLER / "fate-desk.spec").read_text()
    compile(spec, "fate-desk.spec", "exec")
    assert 'name="fate-desk"' in spec and "BUNDLE(" in spec and "collect_submodules(\"fate_desk\")" in spec


def test_the_bundle_leaves_out_multiprocessing_which_no_module_of_ours_uses():
    """Left in, PyInstaller's runtime hook for it imported it (and subprocess, socket, pickle) at
    every launch of the bundle before its window could paint; left out, a module of ours that
    started processes would fail in the bundle alone."""
    spec = (INSTALLER / "fate-desk.spec").read_text()
    excludes = re.search(r"excludes=\[(.*?)\n    \],", spec, re.S).group(1)
    assert '"multiprocessing"' in excludes
    users = []
    for path in sorted((ROOT / "fate_desk").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if re.search(r"^\s*(import|from)\s+(multiprocessing|concurrent\.futures\.process)\b"
                     r"|ProcessPoolExecutor", text, re.M):
            users.append(path.relative_to(ROOT).as_posix())
    assert users == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="installs Linux desktop files")
def test_install_linux_adds_and_removes_the_desktop_files(tmp_path):
    program = tmp_path / "My Apps" / "fate-desk"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    data = tmp_path / "share"
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    script = INSTALLER / "install-linux.sh"
    subprocess.run(["bash", str(script), "--exec", str(program)], env=env, check=True, capture_output=True)

    installed = parse_desktop_entry((data / "applications" / f"{APP_ID}.desktop").read_text())["Desktop Entry"]
    assert installed["Exec"] == f'"{program}" %f'  # quoted: the folder name has a space
    assert installed["TryExec"] == str(program)
    assert (data / "mime" / "packages" / f"{APP_ID}.xml").is_file()
    assert (data / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()

    subprocess.run(["bash", str(script), "--uninstall"], env=env, check=True, capture_output=True)
    left = [p for p in data.rglob(f"{APP_ID}*")]
    assert not left


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="installs Linux desktop files")
def test_install_linux_refuses_a_path_it_cannot_quote(tmp_path):
    program = tmp_path / "$HOME" / "fate-desk"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "share")}
    proc = subprocess.run(["bash", str(INSTALLER / "install-linux.sh"), "--exec", str(program)],
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 2 and "move Fate Desk" in proc.stderr
    assert not (tmp_path / "share" / "applications").exists()
