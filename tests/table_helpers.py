"""Helpers for the table tests: the sample campaign on a throwaway file."""

from __future__ import annotations

from fate_desk.gui.document import CampaignDocument
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile, load_campaign


def sample_document(folder, edit=None) -> CampaignDocument:
    """The sample campaign (three PCs, Ines hurt, scene 1 of session 1), optionally changed first."""
    campaign = read_bundle(sample_bundle_path())
    if edit is not None:
        campaign = edit(campaign)
    return CampaignDocument(CampaignFile.create(folder / "sample.fatedesk", campaign))


def on_disk(document):
    """The campaign as the file has it (what a restart would find)."""
    return load_campaign(document.path)


def empty_pool(campaign):
    campaign.gm_fate_points = 0
    return campaign


def in_a_conflict(*pcs: str, against: str = "npc-bruiser"):
    """An edit: a physical conflict running in the sample's scene, these PCs against one NPC."""
    def edit(campaign):
        from fate_desk.model import ConflictKind
        from fate_desk.rules.creation.loader import get_ruleset
        from fate_desk.rules.encounters.conflict import participant, start_conflict

        ours = [participant(campaign, "Player characters", [pc]) for pc in pcs]
        theirs = participant(campaign, "Opposition", [against])
        return start_conflict(campaign, campaign.scenes[0].id, get_ruleset(campaign.ruleset),
                              ConflictKind.PHYSICAL, [*ours, theirs], ours[0].id)
    return edit


def both(*edits):
    """Several campaign edits, one after the other."""
    def edit(campaign):
        for one in edits:
            campaign = one(campaign)
        return campaign
    return edit
