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


def apart_from_throws(campaign):
    """The campaign less its roll logs. Undo never takes a thrown roll out of the log (it marks
    it set aside), so a campaign undone to its start equals the start in everything else; a
    session log kept only for its rolls goes too."""
    from fate_desk.model import SessionLog

    sessions = []
    for s in campaign.sessions:
        s = s.model_copy(update={"rolls": []})
        if s != SessionLog(id=s.id, number=s.number, arc=s.arc, date=s.date, title=s.title):
            sessions.append(s)
    return campaign.model_copy(update={"sessions": sessions})


def throws(campaign) -> list[str]:
    """Every line of every session's roll log, in order."""
    return [line for s in campaign.sessions for line in s.rolls]


def assert_throws_kept(before, after) -> None:
    """Every roll `before` logged is still in `after`'s log, as it was or marked set aside."""
    from fate_desk.rules.play.roll_log import marked

    left = throws(after)
    for line in throws(before):
        found = line if line in left else marked(line)
        assert found in left, f"a thrown roll left the log: {line}"
        left.remove(found)
