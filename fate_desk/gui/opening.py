"""Finding, creating and copying campaign files for the window (no widgets here)."""

from __future__ import annotations

import re
from pathlib import Path

from fate_desk.i18n import _
from fate_desk.model import Campaign
from fate_desk.paths import resources_dir, user_data_dir
from fate_desk.store.bundle import SUFFIX as BUNDLE_SUFFIX
from fate_desk.store.bundle import read_bundle, write_bundle
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError, write_new
from fate_desk.store.filetypes import CAMPAIGN_SUFFIX
from fate_desk.store.interchange import FileFormatError

SAMPLE_BUNDLE = "sample-campaign" + BUNDLE_SUFFIX


def holds_characters(path: Path | str) -> bool:
    """A character file (ours, Fari's or a Foundry export: any .json but a campaign bundle), which
    joins the open campaign as File ▸ Import does rather than being opened as a campaign."""
    name = Path(path).name.lower()
    return name.endswith(".json") and not name.endswith(BUNDLE_SUFFIX)


def is_bundle(path: Path | str) -> bool:
    """A campaign bundle (.fate-campaign.json), which opens as a new campaign file made of it."""
    return Path(path).name.endswith(BUNDLE_SUFFIX)


def sample_bundle_path() -> Path:
    return resources_dir() / SAMPLE_BUNDLE


def safe_file_name(name: str) -> str:
    cleaned = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', " ", name).strip(" .") or _("Campaign")
    return cleaned[:80]


def free_path(folder: Path, stem: str, suffix: str = CAMPAIGN_SUFFIX) -> Path:
    """folder/stem.suffix, or 'stem 2', 'stem 3', ... if that name is taken."""
    candidate = folder / f"{stem}{suffix}"
    n = 2
    while candidate.exists():
        candidate = folder / f"{stem} {n}{suffix}"
        n += 1
    return candidate


def create_sample_campaign(folder: Path | None = None) -> Path:
    """Copy the bundled sample into a new campaign file in the user's folder."""
    folder = folder or user_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    campaign = read_bundle(sample_bundle_path())
    path = free_path(folder, safe_file_name(campaign.name))
    write_new(path, campaign)  # opened next by the window: not opened (nor backed up) here too
    return path


def open_sample_copy(window) -> None:
    """Open a new copy of the sample campaign in `window` and welcome the user to it: the
    start-up's campaign when there is no other (a first start, or the last one cannot be
    opened). Says so in the window when the sample cannot be set up."""
    try:
        path = create_sample_campaign()
        # The welcome first: it takes its room at once, so the sheet is laid out once, under it.
        window.show_welcome(path)
        window.campaigns.open_path(path)
    except FileFormatError as exc:
        window.hide_welcome()
        window.show_error(_("The sample campaign could not be set up"), str(exc))
    except OSError as exc:  # the user data folder cannot be made or written
        window.hide_welcome()
        window.show_error(_("Your Fate Desk folder cannot be used"),
                          _("{folder}: {problem}. Use File ▸ Open or File ▸ New campaign to work with a "
                            "campaign somewhere else.").format(folder=user_data_dir(), problem=exc.strerror or exc))


def open_campaign(path: Path, readonly: bool = False, checked: tuple | None = None) -> tuple[CampaignFile, str]:
    """Open a campaign file; a bundle (.fate-campaign.json) becomes a new campaign file beside it.
    `checked`: the file's stamps when its integrity was checked on a worker (see
    `CampaignFile.open`).

    Returns the open file and a note for the status bar (empty when there is nothing to say).
    """
    path = Path(path)
    if is_bundle(path):
        campaign = read_bundle(path)
        stem = safe_file_name(path.name[: -len(BUNDLE_SUFFIX)])
        folders = [path.parent, user_data_dir()]
        if path.resolve().is_relative_to(resources_dir().resolve()):
            folders = folders[1:]  # never write into the program's own folder
        for n, folder in enumerate(folders):
            target = free_path(folder, stem)
            try:
                folder.mkdir(parents=True, exist_ok=True)
                handle = CampaignFile.create(target, campaign)
            except (CampaignFileError, OSError):
                if n == len(folders) - 1:
                    raise
                continue  # a read-only folder: keep the campaign in the user's folder instead
            return handle, _("Imported {file} into the new campaign file {path}").format(file=path.name, path=target)
    # Every campaign opens `loading`, whatever its size: its entries are validated a slice at a
    # time while its first sheet shows (the document's start_loading). The rolling backup is
    # made on a thread meanwhile; the first save waits for it.
    handle = CampaignFile.open(path, readonly=readonly, backup_in_background=True, in_steps=True, checked=checked)
    if readonly:
        return handle, _("Opened read-only: changes cannot be saved")
    if handle.lock_warning:
        return handle, _("Opened without a lock: {problem}").format(problem=handle.lock_warning)
    return handle, ""


def create_campaign(path: Path, campaign: Campaign) -> CampaignFile:
    path = Path(path)
    if path.suffix != CAMPAIGN_SUFFIX:
        path = path.with_name(path.name + CAMPAIGN_SUFFIX)
    path.parent.mkdir(parents=True, exist_ok=True)
    return CampaignFile.create(path, campaign)


def save_copy(handle: CampaignFile, target: Path, campaign: Campaign | None = None, on_worker: bool = False) -> Path:
    """Write a copy of the open campaign: a bundle by its suffix (of `campaign`, the campaign as
    it is now, its lists its own), else a campaign file; `on_worker` when called off the GUI
    thread (the file is then read through a connection of its own).

    The copy is made beside the target first and renamed into place, so a failure never
    leaves a half-written file under the user's chosen name.
    """
    target = Path(target)
    if target.resolve() == handle.path.resolve():
        raise CampaignFileError(str(target), _("is the campaign that is open; choose another name"))
    if target.name.endswith(BUNDLE_SUFFIX):
        write_bundle(target, campaign if campaign is not None else handle.campaign)
        return target
    if target.suffix != CAMPAIGN_SUFFIX:
        target = target.with_name(target.name + CAMPAIGN_SUFFIX)
    return handle.save_copy_as(target, on_worker=on_worker)
