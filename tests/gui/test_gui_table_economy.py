"""The table's economy with players acting from their phones (issue 38): a hypothesis state
machine plays a conflict with actions arriving from two phones (Maren's and Ines's) and from the
GM's desktop, interleaved: rolls thrown with the GM's dice or entered by hand, invokes after the
dice, the GM's opposition, finishing and setting aside, compels offered and answered, hits asked
and taken, concessions, the desktop's own rolls, hits and turns, the end of the conflict, and
the GM's undo. Each phone also double-taps (the same tap twice), taps again after the GM undid
what it did, after the conflict ended and after its character was taken out, and acts from a
stale page (a message it sent earlier, sent again as a new tap).

Every phone action is handed to the session as the server hands it (a checked message on the
GUI thread), so this is the very path of a tap; tests/gui/test_gui_table_play.py covers the
socket. After every step:

- nothing is minted: every fate point anyone holds (in hand, pending after the scene, carried
  into the GM's pool) came or went through a line of the ledger (Fate Condensed, "Fate Points":
  invokes and refused compels cost one, accepted compels, hostile invokes and concessions give);
- a roll from a phone costs its player one fate point per paid invoke and changes no other
  character; free invokes are used up one by one, and new ones come only from what it created;
- every action got exactly one answer, a double tap the same answer as the first, and only a
  done answer changed the campaign; a seat's roll, offer or prompt is never another seat's;
- a character concedes a conflict once (Fate Condensed, "Conceding");
- undoing every step gives back the start exactly, save the roll log, which keeps every throw.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from fate_desk.gui.document import CampaignDocument
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.gui.table_mode.session import TableSession
from fate_desk.model import ConflictKind
from fate_desk.rules import get_ruleset
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.encounters.standing import place_in_conflict
from fate_desk.rules.play.scene_now import current_scene
from fate_desk.rules.encounters.conflict import end_conflict, end_turn, participant, start_conflict, taken_out_in_play
from fate_desk.rules.play.actions import RollResult, apply_roll
from fate_desk.rules.play.fate_points import GM
from fate_desk.rules.play.roll import Action, Dice, Roll, RollSetup
from fate_desk.rules.play.table import current_scene
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile
from fate_desk.table import protocol
from fate_desk.table.seats import ACT, SeatBook
from fate_desk.table.server import DeviceView, Event

from table_helpers import apart_from_throws, assert_throws_kept, throws

RULES = get_ruleset("fate-condensed")
PHONES = {"pc-maren": 1, "pc-ines": 2}  # seat -> its device
SKILLS = ["Notice", "Athletics", "Fight", "Provoke", "Drive", ""]


class Server:
    """The session's server as the GUI thread sees it: what it was told to answer and say."""

    running = True
    address = ("127.0.0.1", 0)

    def __init__(self):
        self.answers: list[tuple[int, int, bool, str]] = []
        self.told: list[tuple[int, str]] = []

    def answer(self, device, ref, done, text):
        self.answers.append((device, ref, done, text))

    def tell(self, device, text):
        self.told.append((device, text))

    def devices(self):
        return [DeviceView(device, seat, "android 10.0.0.2", "in", "en", 0.0, f"key-{device}")
                for seat, device in PHONES.items()]

    def wanted(self):
        return {(seat, "en") for seat in PHONES}

    def set_seats(self, *args):
        pass

    def publish_sheet(self, *args):
        pass

    def publish_scene(self, *args):
        pass

    def publish_play(self, *args):
        pass

    def stop(self, wait=False):
        pass


def _table():
    campaign = read_bundle(sample_bundle_path())
    scene = current_scene(campaign)
    sides = [participant(campaign, "PCs", ["pc-maren"]), participant(campaign, "PCs", ["pc-ines"]),
             participant(campaign, "Syndicate", ["npc-hale"]), participant(campaign, "Syndicate", ["npc-bruiser"])]
    return start_conflict(campaign, scene.id, RULES, ConflictKind.PHYSICAL, sides, first=sides[0].id)


def held(campaign) -> dict[str, int]:
    """Every fate point held: a character's in hand, pending and carried; the GM's pool."""
    out = {c.id: c.fate_points + c.pending_fate_points + c.carried_fate_points for c in campaign.characters}
    out[GM] = campaign.gm_fate_points
    return out


def ledgered(campaign) -> dict[str, int]:
    out: dict[str, int] = {}
    for log in campaign.sessions:
        for entry in log.fate_points:
            out[entry.who] = out.get(entry.who, 0) + entry.change
    return out


def free_invokes(campaign) -> int:
    total = sum(a.free_invokes for c in campaign.characters for a in c.aspects)
    total += sum(c.free_invokes for ch in campaign.characters for c in ch.consequences)
    scene = current_scene(campaign)
    total += sum(a.free_invokes for a in [*scene.aspects, *(a for z in scene.zones for a in z.aspects)])
    return total


def conflict_of(campaign):
    conflict = current_scene(campaign).play.conflict
    return conflict if conflict is not None and not conflict.ended else None


def _turn_unspent(campaign, seat: str) -> bool:
    """It is the seat's character's turn in the running conflict and they have not acted yet."""
    place = place_in_conflict(campaign, seat)
    if place is None:
        return False
    return current_scene(campaign).play.conflict.current == place[1].id and not place[1].acted


def _turns_unspent(campaign):
    """The campaign with every turn of the running conflict as not yet taken, and its log empty:
    what is left to compare once a turn spent has been checked on its own."""
    scenes = []
    for scene in campaign.scenes:
        conflict = scene.play.conflict if scene.play else None
        if conflict is not None:
            conflict = conflict.model_copy(update={
                "log": [], "participants": [p.model_copy(update={"acted": False}) for p in conflict.participants]})
            scene = scene.model_copy(update={"play": scene.play.model_copy(update={"conflict": conflict})})
        scenes.append(scene)
    return campaign.model_copy(update={"scenes": scenes})


class PhonesAndDesk(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        folder = Path(self.folder.name)
        self.document = CampaignDocument(CampaignFile.create(folder / "t.fatedesk", _table()))
        book = SeatBook(self.document.campaign.id, path=folder / "seats.json")
        book.mode = ACT
        self.session = TableSession(self.document, book=book, dice=Dice(7))
        self.server = self.session.server = Server()  # the GUI thread's side only: no socket here
        self.play = self.session.play
        self.start = self.document.campaign
        self.start_held, self.start_ledger = held(self.start), ledgered(self.start)
        self.ref = 0
        self.sent: dict[str, list[dict]] = {seat: [] for seat in PHONES}  # every message each phone sent
        self.thrown: list[tuple[int, ...]] = []
        self.history = 0  # steps on the undo stack from here

    def teardown(self):
        played = self.document.campaign
        self.session.close()
        while self.document.undo_stack.canUndo():
            self.document.undo_stack.undo()
        assert apart_from_throws(self.document.campaign) == apart_from_throws(self.start)
        assert_throws_kept(played, self.document.campaign)
        self.document.close()
        self.folder.cleanup()

    @property
    def campaign(self):
        return self.document.campaign

    # --- a phone's tap, as the server hands it to the GUI thread ----------------------------------

    def tap(self, seat: str, kind: str, ref: int | None = None, **fields) -> tuple[bool, str]:
        if ref is None:
            self.ref += 1
            ref = self.ref
        raw = {"type": "act", "kind": kind, "ref": ref, **fields}
        message = protocol.parse(json.dumps(raw))
        assert message is not None and not message.get("unknown"), raw
        self.sent[seat].append(raw)
        device = PHONES[seat]
        before, answered, steps = self.campaign, len(self.server.answers), self.document.undo_stack.count()
        self.session._heard(Event("intent", device, seat, "en", "android 10.0.0.2", f"key-{device}", message=message))
        answers = self.server.answers[answered:]
        assert len(answers) == 1 and answers[0][:2] == (device, ref), answers  # one answer, to this tap
        done, text = answers[0][2], answers[0][3]
        if not done:
            assert self.campaign is before or self.campaign == before  # refused: nothing changed
        if self.document.undo_stack.count() > steps:
            self.history += 1
        return done, text

    # --- the phones ----------------------------------------------------------------------------

    @rule(seat=st.sampled_from(list(PHONES)), action=st.sampled_from([a.value for a in Action]),
          skill=st.sampled_from(SKILLS), hand=st.none() | st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4))
    def phone_rolls(self, seat, action, skill, hand):
        had = self.play.rolls.get(seat)
        done, _text = self.tap(seat, "roll", skill=skill, action=action, dice=hand)
        if done:
            assert had is None
            phone = self.play.rolls[seat]
            assert phone.seat == seat and phone.roll.setup.rating == self.document.rating_of(
                self.campaign.character(seat), skill) if skill else True
            if hand is not None:
                assert phone.roll.dice == tuple(hand)
            self.thrown.append(phone.roll.dice)

    @rule(seat=st.sampled_from(list(PHONES)), value=st.integers(-2, 6), opposed=st.booleans())
    def gm_sets_the_opposition(self, seat, value, opposed):
        self.play.set_opposition(seat, value, opposed)

    @rule(seat=st.sampled_from(list(PHONES)), pick=st.integers(0, 30), reroll=st.booleans(), free=st.booleans(),
          other=st.booleans())
    def phone_invokes(self, seat, pick, reroll, free, other):
        phone = self.play.rolls.get(seat)
        mine = self.campaign.character(seat)
        # Sometimes an aspect that is not the seat's to invoke (another character's, hostile).
        target = next(c for c in self.campaign.characters if c.id != seat)
        key = (f"aspect:{target.id}:{pick % len(target.aspects)}" if other
               else f"aspect:{seat}:{pick % len(mine.aspects)}" if pick % 3 else
               f"scene:{current_scene(self.campaign).aspects[0].id}")
        roll_id = phone.id if phone is not None else pick
        before = phone.roll if phone is not None else None
        done, _text = self.tap(seat, "invoke", roll=roll_id, aspect=key, reroll=reroll, free=free,
                               dice=[0, 1, -1, 0] if reroll and phone is not None and phone.by_hand else None)
        if other:
            assert not done  # never the seat's: refused whatever the message says
        if done and before is not None and not self.session.book.invoke_nod:
            after = self.play.rolls[seat].roll
            assert len(after.invokes) == len(before.invokes) + 1
            if after.throws != before.throws:
                self.thrown.append(after.dice)

    @rule(seat=st.sampled_from(list(PHONES)), boost=st.sampled_from(["", "Quick Step"]),
          advantage=st.sampled_from(["", "Foothold"]))
    def phone_finishes(self, seat, boost, advantage):
        phone = self.play.rolls.get(seat)
        before = self.campaign
        done, _text = self.tap(seat, "finish", roll=phone.id if phone else 0, boost=boost, advantage=advantage)
        if not done:
            return
        roll = phone.roll
        after = self.campaign
        # Only the roller's own purse pays: a PC's points, one per paid invoke.
        assert after.character(seat).fate_points == before.character(seat).fate_points - roll.fate_points_spent
        assert after.gm_fate_points == before.gm_fate_points
        for other in before.characters:
            if other.id != seat:
                assert after.character(other.id) == other  # no other character changes
        used = sum(roll.free_invokes_used.values())
        made = roll.free_invokes_created + (1 if roll.boost and boost else 0)
        assert free_invokes(after) == free_invokes(before) - used + made
        assert seat not in self.play.rolls

    @rule(seat=st.sampled_from(list(PHONES)))
    def phone_sets_aside(self, seat):
        phone = self.play.rolls.get(seat)
        before = self.campaign
        own_turn = phone is not None and phone.roll.setup.action != Action.DEFEND and _turn_unspent(before, seat)
        done, _text = self.tap(seat, "aside", roll=phone.id if phone else 0)
        if done:
            after = self.campaign
            if own_turn:
                # Rolled on the character's own turn in the conflict, the roll was that turn's
                # action: set aside, the turn is still spent, never a free reroll.
                assert not _turn_unspent(after, seat)
            assert apart_from_throws(_turns_unspent(after)) == apart_from_throws(_turns_unspent(before))

    @rule(seat=st.sampled_from(list(PHONES)), pick=st.integers(0, 3))
    def gm_offers_a_compel(self, seat, pick):
        aspects = [a.text for a in self.campaign.character(seat).aspects if a.text.strip()]
        self.play.offer_compel(seat, aspects[pick % len(aspects)])

    @rule(seat=st.sampled_from(list(PHONES)), accept=st.booleans(), foreign=st.booleans())
    def phone_answers_a_compel(self, seat, accept, foreign):
        other = next(s for s in PHONES if s != seat)
        offers = [o for o in self.play.offers.values() if o.seat == (other if foreign else seat)]
        offer = offers[0].id if offers else 9999
        before = self.campaign.character(seat).fate_points
        done, _text = self.tap(seat, "compel", offer=offer, accept=accept)
        if foreign:
            assert not done
        elif done:
            assert self.campaign.character(seat).fate_points == before + (1 if accept else -1)

    @rule(seat=st.sampled_from(list(PHONES)), shifts=st.integers(1, 7))
    def gm_asks_a_hit(self, seat, shifts):
        self.play.ask_hit(seat, shifts, "physical", attacker="npc-bruiser")

    @rule(seat=st.sampled_from(list(PHONES)), pick=st.integers(0, 9), out=st.booleans())
    def phone_takes_a_hit(self, seat, pick, out):
        from fate_desk.table.play import prompt_options, way_key

        prompts = [p for p in self.play.prompts.values() if p.seat == seat]
        if not prompts:
            self.tap(seat, "hit", prompt=pick, way="", out=out, names={}, extreme=-1)
            return
        prompt = prompts[0]
        ways = prompt_options(self.campaign, RULES, prompt)
        way = way_key(ways[pick % len(ways)]) if ways else ""
        names = {slot: f"Hurt {slot}" for w in ways for slot, _n in w.consequences}
        before = held(self.campaign)
        done, _text = self.tap(seat, "hit", prompt=prompt.id, way=way, out=out or not ways, names=names, extreme=-1)
        if done:
            assert held(self.campaign) == before  # a hit moves no fate point

    @rule(seat=st.sampled_from(list(PHONES)))
    def phone_concedes(self, seat):
        conflict = conflict_of(self.campaign)
        was = next((p for p in conflict.participants if seat in p.members), None) if conflict else None
        done, _text = self.tap(seat, "concede")
        if was is not None and (was.conceded or was.taken_out or seat in was.out_members):
            assert not done  # once, and never once taken out
        if done:
            assert held(self.campaign) == held(self.campaign)  # nothing paid during the conflict

    @rule(seat=st.sampled_from(list(PHONES)), index=st.integers(0, 200), fresh=st.booleans())
    def phone_taps_again(self, seat, index, fresh):
        """A double tap (the same ref again: answered as before, done once), or a stale page
        sending an old message as a new tap (after an undo, the conflict's end, being taken out)."""
        sent = self.sent[seat]
        if not sent:
            return
        old = dict(sent[index % len(sent)])
        if fresh:
            fields = {k: v for k, v in old.items() if k not in ("type", "kind", "ref")}
            self.tap(seat, old["kind"], **fields)
            return
        before, answered = self.campaign, len(self.server.answers)
        first = next(a for a in self.server.answers if a[:2] == (PHONES[seat], old["ref"]))
        message = protocol.parse(json.dumps(old))
        device = PHONES[seat]
        self.session._heard(Event("intent", device, seat, "en", "android 10.0.0.2", f"key-{device}", message=message))
        again = self.server.answers[answered:]
        if old["ref"] > self.ref - 250:  # still remembered (the app keeps the last few hundred)
            assert again == [first] and self.campaign is before

    @rule(on=st.booleans())
    def gm_switches_the_nod(self, on):
        self.session.book.invoke_nod = on

    @rule(allow=st.booleans())
    def gm_answers_a_request(self, allow):
        waiting = [r for r in self.play.requests.values() if r.kind in ("invoke", "self_compel")]
        if waiting:
            self.play.decide(waiting[0].id, allow)

    # --- the desk ------------------------------------------------------------------------------

    def _step(self, operation) -> bool:
        try:
            operation(self.campaign)
        except Refused:
            return False
        if self.document.edit_campaign(operation, "At the desk"):
            self.history += 1
            return True
        return False

    @rule(who=st.sampled_from(["npc-hale", "npc-bruiser", "pc-maren"]), seed=st.integers(0, 99))
    def desk_rolls(self, who, seed):
        roll = Roll.throw(RollSetup(Action.OVERCOME, "Fight", self.campaign.character(who).rating("Fight"), 2, who=who),
                          Dice(seed))
        self.thrown.append(roll.dice)
        if not self._step(lambda c: apply_roll(c, who, roll, RollResult(boost="Edge"))):
            from fate_desk.rules.play.actions import set_aside

            self._step(lambda c: set_aside(c, roll))

    @precondition(lambda self: conflict_of(self.campaign) is not None)
    @rule(pick=st.integers(0, 3))
    def desk_ends_the_turn(self, pick):
        conflict = conflict_of(self.campaign)
        left = [p for p in conflict.participants if p.active and not p.acted and p.id != conflict.current] or \
            [p for p in conflict.participants if p.active]
        if left:
            self._step(lambda c: end_turn(c, current_scene(c).id, left[pick % len(left)].id))

    @rule(seat=st.sampled_from(list(PHONES)))
    def desk_takes_a_player_out(self, seat):
        self._step(lambda c: taken_out_in_play(c, RULES, seat, 9, "npc-bruiser"))

    @precondition(lambda self: conflict_of(self.campaign) is not None)
    @rule()
    def desk_ends_the_conflict(self):
        self._step(lambda c: end_conflict(c, current_scene(c).id)[0])

    @precondition(lambda self: self.history > 0)
    @rule()
    def gm_undoes(self):
        self.document.undo_stack.undo()
        self.history -= 1

    # --- after every step ---------------------------------------------------------------------------

    @invariant()
    def nothing_is_minted(self):
        now, book = held(self.campaign), ledgered(self.campaign)
        for who in set(now) | set(book):
            change = now.get(who, 0) - self.start_held.get(who, 0)
            assert change == book.get(who, 0) - self.start_ledger.get(who, 0), who
        assert all(points >= 0 for points in now.values())

    @invariant()
    def each_seat_holds_only_its_own(self):
        assert all(phone.seat == seat for seat, phone in self.play.rolls.items())
        assert all(offer.seat in PHONES for offer in self.play.offers.values())
        conflict = current_scene(self.campaign).play.conflict
        if conflict is not None:
            for seat in PHONES:
                entries = [p for p in conflict.participants if seat in p.members and p.conceded]
                assert len(entries) <= 1

    @invariant()
    def every_page_can_be_drawn(self):
        for seat in PHONES:
            snapshot = self.play.snapshot(seat, "en")
            assert snapshot is not None and "Ambush" not in json.dumps(snapshot)


PhonesAndDesk.TestCase.settings = settings(
    max_examples=12, stateful_step_count=14, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)
test_no_sequence_of_taps_mints_anything_and_undo_gives_back_the_start = PhonesAndDesk.TestCase


def test_every_thrown_roll_stays_in_the_log_when_the_table_closes(tmp_path, qapp):
    """A roll thrown on a phone and never finished is set aside when the table closes: its dice
    stay in the roll log, so closing is never a free reroll."""
    machine = PhonesAndDesk()
    try:
        machine.phone_rolls("pc-maren", "overcome", "Notice", None)
        thrown = machine.play.rolls["pc-maren"].roll
        before = len(throws(machine.campaign))
        machine.session.close()
        assert len(throws(machine.campaign)) == before + 1 and machine.play.rolls == {}
        assert thrown.summary() in "\n".join(throws(machine.campaign))
    finally:
        machine.teardown()
