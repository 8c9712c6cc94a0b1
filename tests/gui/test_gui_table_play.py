"""Players acting from their phones (issue 38), the GM's window on the other side: a phone
rolls with the GM's dice and every phone sees it; the GM sets the opposition; invokes after the
dice as the roll card allows them, refused in the rules' words in the player's language; the
roll lands in the roll log and the undo history "from Maren's phone", and the phone hears of
the GM's undo. A view-only table refuses every action; a seat acts only on its own character
whatever ids it sends; compels, hits, concessions, notes, proposals and the pause go through
the desktop's own operations; an action the campaign file cannot take is "not done".

The phones speak the protocol over a real socket (websockets' client on a thread of its own);
tests/table/test_table_browser_play.py plays a whole conflict in a real browser."""

from __future__ import annotations

from pathlib import Path

import pytest

from fate_desk.gui.document import CampaignDocument
from fate_desk.model import ConflictKind, ladder_label
from fate_desk.rules import get_ruleset
from fate_desk.rules.encounters.conflict import participant, start_conflict
from fate_desk.rules.play.fate_points import Reason, change_points, session_log, with_character
from fate_desk.rules.play.actions import roll_log
from fate_desk.rules.play.roll import Dice
from fate_desk.rules.play.table import current_scene
from fate_desk.store.campaign_file import CampaignFile, CampaignFileError
from fate_desk.table.play import notes_base
from fate_desk.table.seats import ACT, VIEW, SeatBook

from table_mode_support import AppToKill, PhoneThread, secret_campaign

RULES = get_ruleset("fate-condensed")


class Table:
    """The GM's side: the campaign, its document and an open table in "view and act"."""

    def __init__(self, folder: Path, qtbot, campaign=None):
        from fate_desk.gui.table_mode.session import TableSession

        self.qtbot = qtbot
        self.path = folder / "table.fatedesk"
        self.document = CampaignDocument(CampaignFile.create(self.path, campaign or secret_campaign()))
        book = SeatBook(self.document.campaign.id, path=folder / "seats.json")
        book.auto_allow, book.mode = True, ACT
        self.session = TableSession(self.document, book=book, heartbeat=3.0, dice=Dice(38))
        self.session.open("127.0.0.1", 0)
        self.play = self.session.play
        self.phones: list[PhoneThread] = []

    def phone(self, character_id: str, language: str = "en") -> PhoneThread:
        token = self.session.book.seat(character_id).token
        device = f"{character_id}-phone-{len(self.phones):06d}"
        phone = PhoneThread(f"ws://127.0.0.1:{self.session.book.port}/ws", token, device=device.ljust(16, "0"),
                            language=language)
        self.phones.append(phone)
        self.qtbot.waitUntil(lambda: phone.last("play") is not None and phone.last("sheet") is not None, timeout=8000)
        return phone

    def close(self) -> None:
        for phone in self.phones:
            phone.close()
        self.session.close()
        self.document.close()


@pytest.fixture
def table(tmp_path, qtbot):
    table = Table(tmp_path, qtbot)
    yield table
    table.close()


class Acts:
    """A phone's taps: each an "act" with a ref of its own; `answer` waits for the app's answer."""

    def __init__(self, table: Table, phone: PhoneThread):
        self.table, self.phone, self.ref = table, phone, 100

    def send(self, act: str, ref: int | None = None, **fields) -> int:
        if ref is None:
            self.ref += 1
            ref = self.ref
        self.phone.send({"type": "act", "kind": act, "ref": ref, **fields})
        return ref

    def answer(self, ref: int, count: int = 1) -> dict:
        def answers():
            return [m for m in self.phone.messages if m["type"] == "answer" and m["ref"] == ref]

        self.table.qtbot.waitUntil(lambda: len(answers()) >= count, timeout=8000)
        return answers()[count - 1]

    def do(self, act: str, **fields) -> dict:
        return self.answer(self.send(act, **fields))

    def play(self) -> dict:
        return self.phone.last("play")["play"]

    def until(self, check) -> dict:
        self.table.qtbot.waitUntil(lambda: bool(check(self.play())), timeout=8000)
        return self.play()


def points(table: Table, character_id: str) -> int:
    return table.document.campaign.character(character_id).fate_points


def test_a_roll_from_a_phone_uses_the_gms_dice_is_seen_at_the_table_and_lands_in_the_log_and_the_undo_history(table):
    maren, ines = Acts(table, table.phone("pc-maren")), Acts(table, table.phone("pc-ines"))
    assert maren.do("roll", skill="Notice", action="overcome")["done"]
    roll = maren.until(lambda p: p["roll"] is not None)["roll"]
    phone_roll = table.play.rolls["pc-maren"]
    assert phone_roll.roll.throws == (Dice(38).throw(),)  # the GM's one random source, never the phone's
    assert roll["dice"] == ["−" if d < 0 else "+" if d > 0 else "0" for d in phone_roll.roll.dice]
    assert roll["skill"] == "Overcome with Notice Good (+3)"
    assert roll["effort"] == ladder_label(phone_roll.roll.effort)  # on the ladder: "Superb (+5)"
    assert roll["against"] == "The GM sets the opposition." and roll["outcome"] == "" and not roll["finish"]
    line = ines.until(lambda p: p["table"])["table"][0]
    assert line.startswith("Maren Voss: Overcome with Notice Good (+3): [") and "the GM sets the opposition" in line
    refused = maren.do("finish", roll=roll["id"], boost="", advantage="")
    assert refused == {"type": "answer", "ref": refused["ref"], "done": False,
                       "text": "The GM has not set the opposition yet."}
    table.play.set_opposition("pc-maren", 2)
    roll = maren.until(lambda p: p["roll"]["outcome"])["roll"]
    assert roll["against"] == "Against a difficulty of Fair (+2)" and roll["finish"]
    assert "against Fair (+2)" in ines.until(lambda p: "against" in p["table"][0])["table"][0]
    before = points(table, "pc-maren")
    own = next(key for key, text, _free in roll["aspects"] if text.startswith("Harbour Pilot"))
    assert maren.do("invoke", roll=roll["id"], aspect=own, reroll=False, free=False)["done"]
    roll = maren.until(lambda p: p["roll"]["invokes"])["roll"]
    assert roll["invokes"] == ["“Harbour Pilot Who Knows Every Shoal”: +2 (for a fate point)"]
    again = maren.do("invoke", roll=roll["id"], aspect=own, reroll=False, free=False)
    assert not again["done"] and "already been invoked for a fate point on this roll" in again["text"]
    done = maren.do("finish", roll=roll["id"], boost="Lucky Break", advantage="")
    assert done["done"] and done["text"] == "Done: the roll is in the roll log."
    assert points(table, "pc-maren") == before - 1
    stack = table.document.undo_stack
    assert stack.undoText() == "Roll Notice (from Maren Voss’s phone)"
    assert roll_log(table.document.campaign)[-1].endswith("(from Maren Voss’s phone)")
    assert CampaignFile.open(table.path, readonly=True).campaign.character("pc-maren").fate_points == before - 1
    maren.until(lambda p: p["roll"] is None)
    stack.undo()  # the GM's Edit ▸ Undo, like any other step
    table.qtbot.waitUntil(lambda: maren.phone.last("notice") is not None, timeout=8000)
    assert maren.phone.last("notice")["text"] == "The GM undid: Roll Notice"
    assert points(table, "pc-maren") == before
    late = maren.do("invoke", roll=roll["id"], aspect=own, reroll=False, free=False)  # a tap after the undo
    assert late["text"] == "That roll is over: it was finished, set aside or undone."


def test_refusals_reach_each_phone_in_its_players_language(table):
    tobias = Acts(table, table.phone("pc-tobias", "de"))
    maren = Acts(table, table.phone("pc-maren", "fr"))
    table.document.edit_campaign(lambda c: c.model_copy(update={"characters": [
        ch.model_copy(update={"fate_points": 0}) if ch.id == "pc-tobias" else ch for ch in c.characters]}), "None left")
    assert tobias.do("roll", skill="Lore", action="overcome")["done"]
    roll = tobias.until(lambda p: p["roll"] is not None)["roll"]
    assert roll["against"] == "Die SL legt die Opposition fest."
    own = roll["aspects"][0][0]
    refused = tobias.do("invoke", roll=roll["id"], aspect=own, reroll=False, free=False)
    assert refused["text"] == "Tobias Crane hat 0 Fate-Punkte; Einsatz braucht 1."
    assert not maren.do("finish", roll=roll["id"], boost="", advantage="")["done"]  # Tobias's roll, not Maren's
    assert maren.answer(maren.ref)["text"] == "Ce jet est terminé : il a été conclu, mis de côté ou annulé."


def test_a_view_only_table_refuses_every_action_and_a_seat_acts_only_on_its_own_character(table):
    maren, ines = Acts(table, table.phone("pc-maren")), Acts(table, table.phone("pc-ines"))
    assert ines.do("roll", skill="Fight", action="attack")["done"]
    ines_roll = ines.until(lambda p: p["roll"] is not None)["roll"]
    offer = table.play.offer_compel("pc-ines", "My Temper Picks My Fights")
    # Maren's page names Ines's roll, Ines's compel and Ines's aspect: none of it is hers.
    assert maren.do("invoke", roll=ines_roll["id"], aspect="aspect:pc-ines:0", reroll=False, free=True)["text"] == \
        "That roll is over: it was finished, set aside or undone."
    assert maren.do("compel", offer=offer.id, accept=True)["text"] == "That compel is no longer on offer."
    assert maren.do("roll", skill="Notice", action="overcome")["done"]
    roll = maren.until(lambda p: p["roll"] is not None)["roll"]
    assert maren.do("invoke", roll=roll["id"], aspect="aspect:pc-ines:0", reroll=False, free=False)["text"] == \
        "That aspect is no longer in play."
    hidden = next(a for a in current_scene(table.document.campaign).aspects if a.text.startswith("Ambush"))
    assert f"scene:{hidden.id}" not in {key for key, _t, _f in roll["aspects"]}  # the GM hid it
    assert maren.do("invoke", roll=roll["id"], aspect=f"scene:{hidden.id}", reroll=False, free=False)["text"] == \
        "That aspect is no longer in play."
    assert points(table, "pc-ines") == 3 and table.play.offers
    table.session.set_mode(VIEW)
    table.qtbot.waitUntil(lambda: maren.play()["mode"] == "view", timeout=8000)
    refused = maren.do("roll", skill="Notice", action="overcome")
    assert refused["done"] is False and refused["reason"] == "view-only"
    assert maren.play()["skills"] == [] and maren.play()["offers"] == []


def test_a_compel_offered_on_the_desktop_waits_on_the_phone_and_its_answer_pays_as_the_book_says(table):
    ines = Acts(table, table.phone("pc-ines"))
    before = points(table, "pc-ines")
    offer = table.play.offer_compel("pc-ines", "My Temper Picks My Fights")
    shown = ines.until(lambda p: p["offers"])["offers"][0]
    assert shown["text"] == "A compel on “My Temper Picks My Fights”: accept the complication, or refuse it."
    assert shown["accept"] == "Accept: gain a fate point" and shown["canRefuse"]
    ref = ines.send("compel", offer=offer.id, accept=True)
    ines.send("compel", ref=ref, offer=offer.id, accept=True)  # a double tap: the same tap again
    assert ines.answer(ref)["done"] and ines.answer(ref, 2)["done"]
    assert points(table, "pc-ines") == before + 1  # once (Fate Condensed, "Compels": accept, gain one)
    assert table.document.undo_stack.undoText() == "Accept a compel (from Ines Okafor’s phone)"
    late = ines.do("compel", offer=offer.id, accept=False)  # a second tap, after it was answered
    assert late["text"] == "That compel is no longer on offer." and points(table, "pc-ines") == before + 1
    refused = table.play.offer_compel("pc-ines", "My Temper Picks My Fights")
    assert ines.do("compel", offer=refused.id, accept=False)["done"]
    assert points(table, "pc-ines") == before  # refused: pay one
    assert table.play.requests == {}


def test_a_compel_on_a_signature_aspect_shows_and_pays_two_on_the_phone(table):
    """Atomic Robo, "Have a Signature Aspect": the GM offers two fate points, and refusing costs
    two. The phone says so, and with one point the refusal is not offered, as on the desktop."""
    def sign(c):
        ines = c.character("pc-ines")
        aspects = [a.model_copy(update={"signature": True}) if a.text == "My Temper Picks My Fights" else a
                   for a in ines.aspects]
        return with_character(c, ines.model_copy(update={"aspects": aspects}))
    table.document.edit_campaign(sign, "Signature")
    ines = Acts(table, table.phone("pc-ines"))
    before = points(table, "pc-ines")
    offer = table.play.offer_compel("pc-ines", "My Temper Picks My Fights")
    shown = ines.until(lambda p: p["offers"])["offers"][0]
    assert shown["accept"] == "Accept: gain two fate points" and shown["refuse"] == "Refuse: pay two fate points"
    assert ines.do("compel", offer=offer.id, accept=True)["done"]
    assert points(table, "pc-ines") == before + 2
    table.document.edit_campaign(lambda c: change_points(c, "pc-ines", 1 - points(table, "pc-ines"), Reason.OTHER), "One")
    again = table.play.offer_compel("pc-ines", "My Temper Picks My Fights")
    shown = ines.until(lambda p: p["offers"] and p["offers"][0]["id"] == again.id)["offers"][0]
    assert not shown["canRefuse"] and "fewer than two fate points" in shown["whyNot"]
    refused = ines.do("compel", offer=again.id, accept=False)
    assert not refused["done"] and points(table, "pc-ines") == 1


def test_a_hit_asked_on_the_phone_is_taken_there_with_the_desktops_choices(table):
    campaign = table.document.campaign
    scene = current_scene(campaign)
    sides = [participant(campaign, "PCs", ["pc-ines"]), participant(campaign, "Syndicate", ["npc-bruiser"])]
    table.document.edit_campaign(
        lambda c: start_conflict(c, scene.id, RULES, ConflictKind.PHYSICAL, sides, first=sides[1].id), "Fight")
    ines = Acts(table, table.phone("pc-ines"))
    had = {c.slot for c in table.document.campaign.character("pc-ines").consequences}
    prompt = table.play.ask_hit("pc-ines", 4, "physical", attacker="npc-bruiser")
    hit = ines.until(lambda p: p["hits"])["hits"][0]
    assert hit["heading"] == "Syndicate Dock Bruiser hits you: a hit of 4 shifts. Choose how to take it."
    from fate_desk.table.play import prompt_options

    ways = prompt_options(table.document.campaign, RULES, prompt)
    assert [o["text"] for o in hit["options"]] == [w.description for w in ways]
    way = next(o for o in hit["options"] if o["names"])
    missing = ines.do("hit", prompt=prompt.id, way=way["way"], out=False, names={}, extreme=-1)
    assert not missing["done"]  # a consequence needs its name, as on the desktop
    slot = way["names"][0]["slot"]
    assert ines.do("hit", prompt=prompt.id, way=way["way"], out=False, names={slot: "Cracked Rib"}, extreme=-1)["done"]
    new = [c for c in table.document.campaign.character("pc-ines").consequences if c.slot not in had]
    assert [c.text for c in new] == ["Cracked Rib"]
    assert new[0].inflicted_by == "npc-bruiser" and new[0].free_invokes == 1  # the attacker's free invoke
    assert table.document.undo_stack.undoText().startswith("Take a hit of 4 shifts (from Ines Okafor’s phone)")
    conflict = current_scene(table.document.campaign).play.conflict
    assert any("Cracked Rib" in line for line in conflict.log)  # recorded in the conflict too
    assert ines.do("hit", prompt=prompt.id, way=way["way"], out=False, names={slot: "Again"}, extreme=-1)["text"] == \
        "That hit is no longer waiting for you."
    # Conceding: once, paid at the end of the conflict (Fate Condensed, "Conceding").
    before = points(table, "pc-ines")
    concede = ines.until(lambda p: p["concede"])["concede"]
    assert "2 fate points" in concede["text"]
    assert ines.do("concede")["done"] and points(table, "pc-ines") == before
    again = ines.do("concede")
    assert again["text"] == "Ines Okafor has already conceded this conflict."


def test_a_roll_set_aside_on_the_players_turn_is_that_turns_action_never_a_free_reroll(table):
    """Fate Condensed, "Turn Order": one overcome, create an advantage or attack a turn. A poor
    roll set aside from the phone still spent the turn, so rolling again is refused; its dice
    stay in the roll log, and a defence is still free to roll."""
    campaign = table.document.campaign
    scene = current_scene(campaign)
    sides = [participant(campaign, "PCs", ["pc-ines"]), participant(campaign, "Syndicate", ["npc-bruiser"])]
    table.document.edit_campaign(
        lambda c: start_conflict(c, scene.id, RULES, ConflictKind.PHYSICAL, sides, first=sides[0].id), "Fight")
    ines = Acts(table, table.phone("pc-ines"))
    assert ines.do("roll", skill="Fight", action="attack")["done"]
    roll = ines.until(lambda p: p["roll"] is not None)["roll"]
    assert ines.do("aside", roll=roll["id"])["done"]
    rolls = session_log(table.document.campaign).rolls
    assert rolls[-1].startswith("Set aside, not applied") and "Fight" in rolls[-1]
    again = ines.do("roll", skill="Fight", action="attack")
    assert not again["done"] and "has taken this turn's action" in again["text"]
    assert ines.do("roll", skill="Athletics", action="defend")["done"]  # defending is never limited
    conflict = current_scene(table.document.campaign).play.conflict
    assert next(p for p in conflict.participants if p.id == sides[0].id).acted
    table.document.undo_stack.undo()  # the GM takes the set-aside back: the turn is open again
    conflict = current_scene(table.document.campaign).play.conflict
    assert not next(p for p in conflict.participants if p.id == sides[0].id).acted
    assert any(line.startswith("Undone, set aside") or line.startswith("Set aside")
               for line in session_log(table.document.campaign).rolls)  # the dice still show


def test_notes_are_written_from_the_phone_and_a_stale_page_is_found_out(table):
    tobias = Acts(table, table.phone("pc-tobias"))
    sheet = tobias.phone.last("sheet")["sheet"]
    base = sheet["notes"]["base"]
    assert tobias.do("notes", text="Ask Sluice about the lantern.", base=base)["done"]
    assert table.document.campaign.character("pc-tobias").notes == "Ask Sluice about the lantern."
    assert table.document.undo_stack.undoText() == "Edit notes (from Tobias Crane’s phone)"
    stale = tobias.do("notes", text="Written on an old page.", base=base)
    assert not stale["done"] and "changed on the GM's side" in stale["text"]
    assert table.document.campaign.character("pc-tobias").notes == "Ask Sluice about the lantern."
    assert tobias.do("notes", text="Both.", base=notes_base("Ask Sluice about the lantern."))["done"]


def test_proposals_and_self_compels_wait_for_the_gm_and_the_pause_only_the_gm_lifts(table):
    maren = Acts(table, table.phone("pc-maren"))
    before = points(table, "pc-maren")
    own = maren.play()["own"]
    assert maren.do("self_compel", aspect=own[1][0], text="I owe them, so I go")["done"]
    assert maren.play()["waitingFor"] or maren.until(lambda p: p["waitingFor"])
    request = next(iter(table.play.requests.values()))
    assert request.kind == "self_compel" and request.seat == "pc-maren"
    assert points(table, "pc-maren") == before
    table.play.decide(request.id, True)
    assert points(table, "pc-maren") == before + 1
    assert table.document.undo_stack.undoText() == "Accept a compel (from Maren Voss’s phone)"
    slots = maren.play()["proposals"]["slots"]
    rewrite = next(key for key, _text in slots if key.startswith("aspect-"))
    assert maren.do("propose", what="aspect", choice=rewrite, text="Sworn to the Lock Keepers")["done"]
    request = next(r for r in table.play.requests.values() if r.kind == "proposal")
    table.play.decide(request.id, True)
    assert table.play.milestones["pc-maren"]["text"] == "Sworn to the Lock Keepers"  # for the session's end
    assert maren.do("pause")["text"] == "The GM has been told, and nobody else: the game pauses."
    assert maren.until(lambda p: p["paused"])["pausedText"]
    refused = maren.do("roll", skill="Notice", action="overcome")
    assert refused["text"] == "The game is paused: the GM resumes it when the table is ready."
    table.play.resume()
    assert maren.do("roll", skill="Notice", action="overcome")["done"]


def test_an_action_the_campaign_file_cannot_take_is_not_done_and_leaves_no_step(table, monkeypatch):
    tobias = Acts(table, table.phone("pc-tobias"))
    base = tobias.phone.last("sheet")["sheet"]["notes"]["base"]
    steps = table.document.undo_stack.count()

    def full_disk(*_args, **_kwargs):
        raise CampaignFileError(str(table.path), "could not be saved (the disk is full)")

    monkeypatch.setattr(table.document.file, "put_many", full_disk)
    answer = tobias.do("notes", text="Lost?", base=base)
    assert answer == {"type": "answer", "ref": answer["ref"], "done": False,
                      "text": "Fate Desk could not save it. Tell your GM."}  # the page says "Not done: …"
    assert table.document.undo_stack.count() == steps and table.document.campaign.character("pc-tobias").notes == ""


def test_an_acknowledged_action_is_on_disk_when_the_app_is_killed_right_after(tmp_path, qtbot):
    app = AppToKill(tmp_path)  # its file on a slow disk: a "done" before the write would be lost
    try:
        phone = PhoneThread(f"ws://127.0.0.1:{app.port}/ws", app.token, device="marens-phone-0000000001")
        table = type("T", (), {"qtbot": qtbot})()
        maren = Acts(table, phone)
        qtbot.waitUntil(lambda: phone.last("play") is not None, timeout=8000)
        assert maren.do("roll", skill="Notice", action="overcome")["done"]
        roll = maren.until(lambda p: p["roll"] and p["roll"]["finish"])["roll"]
        assert maren.do("finish", roll=roll["id"], boost="Sure Footing", advantage="")["done"]
        app.kill()
        phone.close()
    finally:
        app.close()
    log = roll_log(app.on_disk())
    assert log and log[-1].startswith("Maren Voss: Overcome with Notice")


def test_two_devices_on_one_seat_tapping_at_once_and_a_stale_tap_after_undo_mint_nothing(table):
    """Two devices of Maren's (a phone and a tablet) tap at once, over their own sockets: one roll,
    one invoke of an aspect per roll (Fate Condensed, "Invoking Aspects": an aspect once per
    roll), one finish; the GM undoes the roll, and the old page's taps are refused, never
    spending or giving back a point again."""
    phone, tablet = Acts(table, table.phone("pc-maren")), Acts(table, table.phone("pc-maren"))
    tablet.ref = 500
    before = points(table, "pc-maren")
    refs = (phone.send("roll", skill="Notice", action="overcome"), tablet.send("roll", skill="Notice", action="overcome"))
    answers = [phone.answer(refs[0]), tablet.answer(refs[1])]
    assert sorted(a["done"] for a in answers) == [False, True]  # one roll on the table
    roll = phone.until(lambda p: p["roll"] is not None)["roll"]
    table.play.set_opposition("pc-maren", 2)
    own = roll["aspects"][0][0]
    refs = (phone.send("invoke", roll=roll["id"], aspect=own, reroll=False, free=False),
            tablet.send("invoke", roll=roll["id"], aspect=own, reroll=False, free=False))
    answers = [phone.answer(refs[0]), tablet.answer(refs[1])]
    assert sorted(a["done"] for a in answers) == [False, True]
    assert len(table.play.rolls["pc-maren"].roll.invokes) == 1
    finish = {"roll": roll["id"], "boost": "Sure Footing", "advantage": ""}  # named, in case the roll earns one
    refs = (phone.send("finish", **finish), tablet.send("finish", **finish))
    answers = [phone.answer(refs[0]), tablet.answer(refs[1])]
    assert sorted(a["done"] for a in answers) == [False, True]
    assert points(table, "pc-maren") == before - 1  # one paid invoke, paid once
    table.document.undo_stack.undo()  # the GM takes the roll back: the point returns
    assert points(table, "pc-maren") == before
    for acts in (phone, tablet):  # the old pages tap again, as new taps on a roll that is gone
        assert acts.do("finish", **finish)["text"] == "That roll is over: it was finished, set aside or undone."
        assert not acts.do("invoke", roll=roll["id"], aspect=own, reroll=False, free=False)["done"]
    assert points(table, "pc-maren") == before and table.play.rolls == {}
