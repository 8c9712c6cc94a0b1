"""What a seat's page is sent: the player's own sheet with the desktop's words, in the player's
language, and the scene as the players' view shows it; never a thing the GM hid."""

from __future__ import annotations

import json
import threading

import pytest

from fate_desk.i18n import _, language, speaking
from fate_desk.model import CharacterKind, Consequence
from fate_desk.rules import load_catalog
from fate_desk.store.packs import pack_samples
from fate_desk.table.protocol import dump
from fate_desk.table.snapshot import page_words, scene_snapshot, sheet_snapshot

from table_mode_support import SECRETS, SHOWN_ASPECT, secret_campaign


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture(scope="module")
def campaign():
    return secret_campaign()


def items(sheet: dict, section: str) -> list[dict]:
    return next(s["items"] for s in sheet["sections"] if s["key"] == section)


def pcs(campaign):
    return [c for c in campaign.characters if c.kind == CharacterKind.PC]


def test_a_player_sees_every_part_of_their_own_sheet(campaign, catalog):
    ines = campaign.character("pc-ines")
    hurt = ines.model_copy(update={"fate_points": 2, "pending_fate_points": 1, "stress": {"physical": [0, 2]}})
    sheet = sheet_snapshot(campaign, hurt, catalog.get(ines.ruleset))
    assert sheet["name"] == "Ines Okafor"
    assert [(s["label"], s["text"]) for s in sheet["stats"]][:2] == [("Refresh", "3"), ("Fate points", "2")]
    assert sheet["stats"][1]["note"] == "1 more at the end of the scene"
    aspects = items(sheet, "aspects")
    assert (aspects[0]["label"], aspects[0]["text"]) == ("High Concept", "Retired Prizefighter with a Debt to Settle")
    assert aspects[1]["label"] == "Trouble"
    assert [i["label"] for i in items(sheet, "skills")] == ["Great (+4)", "Good (+3)", "Fair (+2)", "Average (+1)"]
    assert items(sheet, "skills")[0]["text"] == "Fight"
    assert [s["label"] for s in items(sheet, "stunts")] == ["Ring-Wise", "Not Worth the Trouble", "Second Wind"]
    physical = items(sheet, "stress")[0]
    assert physical["label"] == "Physical" and physical["text"] == "2 of 6 boxes marked"
    assert [b["marked"] for b in physical["boxes"]] == [True, False, True, False, False, False]
    mild = items(sheet, "consequences")[0]
    assert mild["label"] == "Mild · absorbs 2" and mild["text"] == "Split Knuckles"
    assert items(sheet, "consequences")[1]["text"] == "Free"


def test_free_invokes_extras_and_a_packs_own_track_and_conditions_show_as_on_the_desktop(catalog):
    """Fate System Toolkit SRD, "Wealth" and "Conditions": a pack's tracks are on every sheet of it."""
    from fate_desk.model import Campaign

    corin = pack_samples(catalog.packs["wealth-hack"])[0]
    aspects = [corin.aspects[0].model_copy(update={"free_invokes": 2}), *corin.aspects[1:]]
    corin = corin.model_copy(update={"aspects": aspects, "stress": {"wealth": [1]}})
    sheet = sheet_snapshot(Campaign(ruleset="wealth-hack"), corin, catalog.get("wealth-hack"))
    assert items(sheet, "aspects")[0]["note"] == "2 free invokes"
    wealth = next(i for i in items(sheet, "stress") if i["label"] == "Wealth")
    assert [(b["value"], b["marked"]) for b in wealth["boxes"]] == [(1, False), (2, True), (3, False), (4, False)]
    assert wealth["note"].startswith("Clears when: you gain a parcel of Wealth")
    toolkit = pack_samples(catalog.packs["toolkit-conditions"])[0]
    sheet = sheet_snapshot(Campaign(ruleset="toolkit-conditions"), toolkit, catalog.get("toolkit-conditions"))
    assert {"Angry", "Frightened", "Exhausted", "Hungry", "Wounded", "Broken"} <= {
        i["label"] for i in items(sheet, "stress")}
    venture = pack_samples(catalog.packs["venture-city"])[0]
    if venture.extras:
        sheet = sheet_snapshot(Campaign(ruleset="venture-city"), venture, catalog.get("venture-city"))
        assert [i["label"] for i in items(sheet, "extras")] == [e.name for e in venture.active_extras()]


def test_the_sheet_comes_in_the_players_language_with_the_editions_own_terms(campaign, catalog):
    ines = campaign.character("pc-ines")
    german = sheet_snapshot(campaign, ines, catalog.get(ines.ruleset), "de")
    assert items(german, "skills")[0] == {"key": "rung-4", "label": "Großartig (+4)", "text": "Kämpfen"}
    assert [s["title"] for s in german["sections"]][:2] == ["Aspekte", "Fertigkeiten"]
    assert german["stats"][1]["label"] == "Fate-Punkte"
    assert german["sections"][0]["items"][0]["text"] == "Retired Prizefighter with a Debt to Settle"  # as typed
    korean = page_words("ko")
    assert korean["code"] == "ko" and korean["words"]["connected"] != "Connected"
    assert ["de", "Deutsch"] in korean["languages"]
    assert language() == "en"  # the window's language is untouched


def test_a_language_spoken_for_a_page_stays_on_its_thread():
    seen = []
    started, done = threading.Event(), threading.Event()

    def window_thread():
        started.wait()
        seen.append(_("Fate points"))
        done.set()

    other = threading.Thread(target=window_thread)
    other.start()
    with speaking("fr"):
        started.set()
        done.wait(5)
        assert _("Fate points") != "Fate points"
    other.join()
    assert seen == ["Fate points"]


def test_the_scene_is_the_players_view_and_nothing_the_gm_hid_is_in_any_snapshot(campaign, catalog):
    scene = scene_snapshot(campaign)
    assert scene["title"] == "Night at the Lock Gates"
    aspects = next(s for s in scene["sections"] if s["key"] == "aspects")
    assert [i["text"] for i in aspects["items"]] == [SHOWN_ASPECT]
    countdown = next(s for s in scene["sections"] if s["key"] == "countdowns")["items"][0]["text"]
    clock = campaign.countdowns[0]
    assert countdown == "The Lighthouse Wakes: " + "☒" * clock.marked + "☐" * (clock.boxes - clock.marked)  # boxes only
    for code in ("en", "de", "zh_CN"):
        sent = dump(scene_snapshot(campaign, code)) + "".join(
            dump(sheet_snapshot(campaign, pc, catalog.get(pc.ruleset), code)) for pc in pcs(campaign))
        for secret in SECRETS:
            assert secret not in sent


def test_a_seats_snapshot_of_the_sample_characters_is_under_8_kb(campaign, catalog):
    for pc in pcs(campaign):
        worst = pc.model_copy(update={"consequences": [Consequence(slot="mild", text="Bruised and Battered Ribs",
                                                                   free_invokes=1)]})
        for code in ("en", "ru", "de"):
            size = len(dump(sheet_snapshot(campaign, worst, catalog.get(pc.ruleset), code)).encode("utf-8"))
            assert size < 8 * 1024, (pc.name, code, size)
    assert len(json.dumps(scene_snapshot(campaign, "ru"), ensure_ascii=False).encode()) < 8 * 1024
