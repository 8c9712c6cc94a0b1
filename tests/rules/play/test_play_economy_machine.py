"""The table's economy under any sequence of play: a hypothesis state machine plays rolls with
invokes, hits, concessions, compels, contest exchanges, the end of the conflict and undo through
the core (each step one undo step of the campaign document), and checks after every step that
fate points, free invokes, boosts and victories changed only as the books allow:

- a roll costs its roller one fate point per paid invoke, and nothing else of theirs; a paid
  invoke of someone else's aspect earns them a point they spend only after the scene (Fate
  Condensed, "Invokes" and "Hostile Invokes"); free invokes are used up one by one, and a boost
  goes once invoked; new free invokes come only from what the roll created;
- a hit changes nobody's fate points; each new consequence gives the attacker one free invoke;
- conceding pays nothing during the conflict; its points (1 + 1 per consequence taken in it,
  never one taken before it began) are collected when the conflict ends (Fate Condensed,
  "Conceding");
- one action a turn: after an attack, the attacker takes no second action until the turn
  passes (Fate Condensed, "Turn Order");
- a compel accepted gives one point, refused costs one (Fate Condensed, "Compels");
- an exchange marks at most two victories, for one side, never for a side that failed its
  own difficulty (Fate Condensed, "Contests");
- with the optional rules on: declaring full defense is the turn's one action, pays and mints
  nothing, and its boost comes only when the turn comes round to a participant that never had to
  defend ("Full Defense"); a lethal hit marks no stress box and each consequence it brings gives
  the attacker one free invoke (War of Ashes, "Lethal Attacks"); a minion forced into an attack's
  path changes no fate point ("Expendable Minion Armor"); with faster contests a character creates
  one advantage an exchange ("Faster Contests");
- a thrown roll, applied or set aside, stays in the roll log: undo gives back the campaign
  exactly as it was before the step save the log, where the step's rolls stay marked set aside;
  undoing every step gives back the start, with every roll thrown still in the log.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from fate_desk.gui.document import CampaignDocument
from fate_desk.gui.opening import sample_bundle_path
from fate_desk.model import CampaignOptions, CharacterKind, ConflictKind, ContestSide, RuleBreak
from fate_desk.rules import get_ruleset
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.encounters.big_bads import minion_shields, minion_takes_hit
from fate_desk.rules.encounters.conflict import (
    action_refusal, action_taken, concede_participant, declare_full_defense, end_conflict, end_turn, participant,
    start_conflict, waiting,
)
from fate_desk.rules.encounters.contest import contest_advantage, play_exchange, start_contest
from fate_desk.rules.play.actions import RollResult, apply_roll, invokables, set_aside
from fate_desk.rules.play.fate_points import GM, compel, payer
from fate_desk.rules.play.hits import hit_plan, take_hit
from fate_desk.rules.play.roll import Action, Dice, Invoke, Roll, RollSetup
from fate_desk.rules.play.table import current_scene
from fate_desk.store.bundle import read_bundle
from fate_desk.store.campaign_file import CampaignFile

from table_helpers import apart_from_throws, assert_throws_kept, throws

RULES = get_ruleset("fate-condensed")
PEOPLE = ["pc-maren", "pc-ines", "npc-hale", "npc-bruiser"]


OPTIONS = CampaignOptions(full_defense=True, lethal_damage=True, minion_armor=True, solo_bonus=True,
                          faster_contests=True)


def _sides(campaign):
    return [participant(campaign, "PCs", ["pc-maren"]), participant(campaign, "PCs", ["pc-ines"]),
            participant(campaign, "Syndicate", ["npc-hale"]), participant(campaign, "Syndicate", ["npc-bruiser"])]


def _conflict(campaign):
    scene = current_scene(campaign)
    conflict = scene.play.conflict
    return conflict if conflict is not None and not conflict.ended else None


def _table():
    """The sample campaign, its optional rules on, with a conflict and a contest in its scene; the
    Syndicate's captain is a big bad with minion armor."""
    campaign = read_bundle(sample_bundle_path())
    hale = campaign.character("npc-hale").model_copy(update={"rule_breaks": [RuleBreak(kind="minion_armor")]})
    campaign = campaign.model_copy(update={
        "options": OPTIONS, "characters": [hale if c.id == "npc-hale" else c for c in campaign.characters]})
    scene = current_scene(campaign)
    sides = _sides(campaign)
    campaign = start_conflict(campaign, scene.id, RULES, ConflictKind.PHYSICAL, sides, first=sides[0].id)
    runners = ContestSide(name="Runners", members=["pc-maren"], skill="Athletics", difficulty=2)
    hounds = ContestSide(name="Hounds", members=["npc-hale"], skill="Athletics")
    return start_contest(campaign, scene.id, "Race for the gate", [runners, hounds], 3)


def _points(campaign) -> dict[str, tuple[int, int, int]]:
    return {c.id: (c.fate_points, c.pending_fate_points, c.carried_fate_points) for c in campaign.characters}


def _free(campaign) -> int:
    """Every free invoke in play: on character aspects, consequences and the scene's aspects."""
    total = sum(a.free_invokes for c in campaign.characters for a in c.aspects)
    total += sum(c.free_invokes for ch in campaign.characters for c in ch.consequences)
    scene = current_scene(campaign)
    if scene is not None:
        total += sum(a.free_invokes for a in [*scene.aspects, *(a for z in scene.zones for a in z.aspects)])
    return total


def _boosts(campaign) -> int:
    scene = current_scene(campaign)
    return sum(1 for a in scene.aspects if a.boost) if scene is not None else 0


def _victories(campaign) -> dict[str, int]:
    contest = current_scene(campaign).play.contest
    return {s.id: s.victories for s in contest.sides} if contest else {}


class TableEconomy(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.document = CampaignDocument(CampaignFile.create(Path(self.folder.name) / "t.fatedesk", _table()))
        self.start = self.document.campaign
        self.history: list = []  # the campaign before each step still on the undo stack
        self.taken_in: dict[str, dict[str, set[str]]] = {}  # conflict id -> who -> slots filled in it

    def teardown(self):
        played = self.document.campaign
        while self.document.undo_stack.canUndo():
            self.document.undo_stack.undo()
        assert apart_from_throws(self.document.campaign) == apart_from_throws(self.start)
        assert_throws_kept(played, self.document.campaign)
        self.document.close()
        self.folder.cleanup()

    @property
    def campaign(self):
        return self.document.campaign

    def _step(self, operation) -> bool:
        """Apply one play action as one undo step; False when the rules refuse it (nothing changes)."""
        before = self.campaign
        try:
            operation(before)
        except Refused:
            return False
        if not self.document.edit_campaign(operation, "Play"):
            return False
        self.history.append(before)
        return True

    # --- the actions -------------------------------------------------------------------------

    @rule(who=st.sampled_from(PEOPLE), seed=st.integers(0, 999), action=st.sampled_from(list(Action)),
          picks=st.lists(st.tuples(st.integers(0, 40), st.booleans(), st.booleans()), max_size=4))
    def roll(self, who, seed, action, picks):
        before = self.campaign
        dice = Dice(seed)
        roll = Roll.throw(RollSetup(action, "Fight", before.character(who).rating("Fight"), 2, who=who), dice)
        choices = invokables(before, who)
        for pick, reroll, free in picks:
            if not choices:
                break
            item = choices[pick % len(choices)]
            invoke = Invoke(item.key, item.label, reroll, free and item.free > 0, item.kind, item.owner)
            if not roll.refusal(invoke):
                roll = roll.invoke(invoke, dice)
        if not self._step(lambda c: apply_roll(c, who, roll, RollResult(advantage="Opening", boost="Edge"))):
            return
        after = self.campaign
        # A PC pays its own invokes; a major NPC whose sheet holds fate points pays from those
        # (docs/play.md), and with none left, like every other NPC, the GM's pool pays (Fate
        # Condensed, "The GM's Fate Point Pool").
        pays = payer(before, who)
        payer_id = None if pays == GM else pays
        old, new = _points(before), _points(after)
        for cid in old:
            fate, pending, carried = old[cid]
            owed = roll.hostile_points.get(cid, 0)
            paid = roll.fate_points_spent if cid == payer_id else 0
            is_pc = before.character(cid).kind == CharacterKind.PC
            assert new[cid] == (fate - paid, pending + (owed if is_pc else 0), carried + (0 if is_pc else owed)), cid
        assert after.gm_fate_points == before.gm_fate_points - (0 if payer_id else roll.fate_points_spent)
        used = sum(roll.free_invokes_used.values())
        made = roll.free_invokes_created
        boosted = 1 if roll.boost else 0
        assert _free(after) == _free(before) - used + made + boosted
        boosts_used = sum(1 for i in roll.invokes if i.kind.value == "boost")
        assert _boosts(after) == _boosts(before) - boosts_used + boosted

    @rule(who=st.sampled_from(["pc-maren", "pc-ines", "npc-hale"]), shifts=st.integers(1, 8), pick=st.integers(0, 5),
          attacker=st.sampled_from(["npc-bruiser", "pc-maren"]))
    def hit(self, who, shifts, pick, attacker):
        before = self.campaign
        try:
            _, plan = hit_plan(before, RULES, who, shifts, "physical")
        except Refused:
            return
        if not plan.options or attacker == who:
            return
        option = plan.options[pick % len(plan.options)]
        texts = {sid: f"Hurt {sid}" for sid, _ in option.consequences}
        if not self._step(lambda c: take_hit(c, RULES, who, option, texts, attacker=attacker)):
            return
        after = self.campaign
        assert _points(after) == _points(before) and after.gm_fate_points == before.gm_fate_points
        new = {c.slot for c in after.character(who).consequences} - {c.slot for c in before.character(who).consequences}
        assert _free(after) == _free(before) + len(new)
        conflict = _conflict(before)
        if conflict is not None:
            old = before.character(who).consequences
            self.taken_in.setdefault(conflict.id, {}).setdefault(who, set()).update(
                c.slot for c in after.character(who).consequences if c not in old)
        else:  # outside a conflict a consequence belongs to none
            assert all(c.conflict is None for c in after.character(who).consequences if c.slot in new)

    @rule(who=st.sampled_from(PEOPLE), seed=st.integers(0, 999))
    def set_a_roll_aside(self, who, seed):
        """Cancel a thrown roll: its dice go into the log, nothing is paid."""
        roll = Roll.throw(RollSetup(Action.OVERCOME, "Fight", self.campaign.character(who).rating("Fight"), 2, who=who),
                          Dice(seed))
        before = self.campaign
        if not self._step(lambda c: set_aside(c, roll)):
            return
        assert apart_from_throws(self.campaign) == apart_from_throws(before)
        assert len(throws(self.campaign)) == len(throws(before)) + 1

    @precondition(lambda self: _conflict(self.campaign) is not None)
    @rule(shifts=st.integers(-2, 4))
    def attack(self, shifts):
        """The one acting attacks and the hit is applied: their action for the turn."""
        before = self.campaign
        conflict = _conflict(before)
        refused = action_refusal(conflict)
        done = self._step(lambda c: action_taken(c, current_scene(c).id))
        assert done == (not refused)
        if done:
            after = _conflict(self.campaign)
            assert action_refusal(after) != "" or after.current != conflict.current  # no second action
            assert _points(self.campaign) == _points(before)

    @precondition(lambda self: _conflict(self.campaign) is not None)
    @rule(pick=st.integers(0, 3))
    def pass_the_turn(self, pick):
        conflict = _conflict(self.campaign)
        left = waiting(conflict) or [p for p in conflict.participants if p.active]
        nxt = left[pick % len(left)].id if left else None
        if self._step(lambda c: end_turn(c, current_scene(c).id, nxt)):
            assert action_refusal(_conflict(self.campaign)) == ""  # the next one may act

    @precondition(lambda self: (c := current_scene(self.campaign).play.conflict) is not None and c.ended)
    @rule()
    def a_new_conflict(self):
        """A second conflict in the scene: consequences from the first pay nothing when conceding."""
        scene = current_scene(self.campaign)

        def again(c):
            sides = _sides(c)
            return start_conflict(c, scene.id, RULES, ConflictKind.PHYSICAL, sides, first=sides[0].id)
        self._step(again)

    @rule(focus=st.sampled_from(["", "Ines"]))
    def full_defense(self, focus):
        before = self.campaign
        scene = current_scene(before)
        conflict = scene.play.conflict
        if conflict is None or conflict.ended or conflict.current is None:
            return
        current = conflict.current
        refused = action_refusal(conflict)
        if not self._step(lambda c: declare_full_defense(c, scene.id, current, focus)):
            return
        assert not refused  # full defense is the turn's action: never after another one
        assert _points(self.campaign) == _points(before) and _free(self.campaign) == _free(before)
        after = _conflict(self.campaign)
        assert action_refusal(after) != "" or after.current != current  # and no action after it

    @rule(pick=st.integers(0, 5))
    def end_the_turn(self, pick):
        before = self.campaign
        scene = current_scene(before)
        conflict = scene.play.conflict
        if conflict is None or conflict.ended:
            return
        left = waiting(conflict) or [p for p in conflict.participants if p.active]
        if not left:
            return
        chosen = left[pick % len(left)]
        if not self._step(lambda c: end_turn(c, scene.id, chosen.id)):
            return
        after = self.campaign
        assert _points(after) == _points(before)
        due = chosen.full_defense is not None and not chosen.defended and chosen.active
        # The only boost an end of turn gives: full defense's, when nothing came at it.
        assert _boosts(after) == _boosts(before) + (1 if due else 0)
        assert _free(after) == _free(before) + (1 if due else 0)

    @rule(who=st.sampled_from(["pc-maren", "pc-ines", "npc-bruiser"]), shifts=st.integers(1, 8), pick=st.integers(0, 5))
    def lethal_hit(self, who, shifts, pick):
        before = self.campaign
        try:
            _, plan = hit_plan(before, RULES, who, shifts, "physical", lethal=True)
        except Refused:
            return
        if not plan.options:
            return
        option = plan.options[pick % len(plan.options)]
        assert not option.stress  # "bypassing their stress track entirely"
        texts = {sid: f"Deep Cut {sid}" for sid, _ in option.consequences}
        if not self._step(lambda c: take_hit(c, RULES, who, option, texts, attacker="npc-hale")):
            return
        after = self.campaign
        assert after.character(who).stress == before.character(who).stress
        new = {c.slot for c in after.character(who).consequences} - {c.slot for c in before.character(who).consequences}
        assert _points(after) == _points(before) and _free(after) == _free(before) + len(new)
        conflict = _conflict(before)
        if conflict is not None:  # a lethal hit's consequences are taken in the conflict like any other's
            old = before.character(who).consequences
            self.taken_in.setdefault(conflict.id, {}).setdefault(who, set()).update(
                c.slot for c in after.character(who).consequences if c not in old)

    @rule(index=st.integers(0, 3))
    def minion_shield(self, index):
        before = self.campaign
        scene = current_scene(before)
        conflict = scene.play.conflict
        if conflict is None or conflict.ended:
            return
        hale = next(p for p in conflict.participants if p.members == ["npc-hale"])
        shields = minion_shields(before, conflict, hale.id)
        if not shields:
            return
        minion = shields[index % len(shields)]
        if not self._step(lambda c: minion_takes_hit(c, scene.id, hale.id, minion.id)):
            return
        assert _points(self.campaign) == _points(before) and _free(self.campaign) == _free(before)

    @rule(who=st.sampled_from(["pc-maren", "npc-hale"]), seed=st.integers(0, 999))
    def contest_advantage(self, who, seed):
        before = self.campaign
        scene = current_scene(before)
        contest = scene.play.contest
        if contest is None or contest.winner is not None:
            return
        side = next(s for s in contest.sides if who in s.members)
        roll = Roll.throw(RollSetup(Action.CREATE_ADVANTAGE, "Notice", 2, 2, who=who), Dice(seed))
        already = who in contest.advantaged
        done = self._step(lambda c: contest_advantage(c, scene.id, side.id, who, roll, "Shortcut", "cost"))
        assert done != already  # faster contests: one advantage a character an exchange
        if done:
            assert _victories(self.campaign) == _victories(before)

    @rule(index=st.integers(0, 3))
    def concede(self, index):
        before = self.campaign
        scene = current_scene(before)
        conflict = scene.play.conflict
        if conflict is None or conflict.ended:
            return
        p = conflict.participants[index]
        if not self._step(lambda c: concede_participant(c, scene.id, p.id)):
            return
        assert _points(self.campaign) == _points(before)  # nothing to spend during the conflict
        # 1, plus 1 per consequence taken in this conflict: none taken before it began counts.
        who = p.members[0]
        owed = self.campaign.character(who).consequences
        in_this = sum(1 for c in owed if c.conflict == conflict.id)
        assert in_this <= len(self.taken_in.get(conflict.id, {}).get(who, set()))
        added = self.campaign.scenes[0].play.conflict.concessions.get(who, 0) - conflict.concessions.get(who, 0)
        assert added == 1 + in_this

    @precondition(lambda self: (c := current_scene(self.campaign).play.conflict) is not None and not c.ended)
    @rule()
    def end_the_conflict(self):
        before = self.campaign
        scene = current_scene(before)
        owed = dict(scene.play.conflict.concessions)
        if not self._step(lambda c: end_conflict(c, scene.id)[0]):
            return
        old, new = _points(before), _points(self.campaign)
        for cid, (fate, pending, carried) in old.items():
            is_pc = before.character(cid).kind == CharacterKind.PC
            gain = owed.get(cid, 0)
            assert new[cid] == (fate + (gain if is_pc else 0), pending, carried + (0 if is_pc else gain)), cid

    @rule(who=st.sampled_from(PEOPLE), accept=st.booleans())
    def compel(self, who, accept):
        before = self.campaign
        if not self._step(lambda c: compel(c, who, "an aspect", accept)):
            return
        pc = before.character(who).kind == CharacterKind.PC
        change = 1 if accept else -1
        if pc:
            assert self.campaign.character(who).fate_points == before.character(who).fate_points + change
            assert self.campaign.gm_fate_points == before.gm_fate_points
        else:
            assert self.campaign.gm_fate_points == before.gm_fate_points + change
        others = {k: v for k, v in _points(self.campaign).items() if k != who}
        assert others == {k: v for k, v in _points(before).items() if k != who}

    @rule(runners=st.integers(-2, 8), hounds=st.integers(-2, 8))
    def exchange(self, runners, hounds):
        before = self.campaign
        scene = current_scene(before)
        contest = scene.play.contest
        efforts = {contest.sides[0].id: runners, contest.sides[1].id: hounds}
        if not self._step(lambda c: play_exchange(c, scene.id, efforts)[0]):
            return
        old, new = _victories(before), _victories(self.campaign)
        gained = {k: new[k] - old[k] for k in old}
        assert all(g >= 0 for g in gained.values()) and sum(gained.values()) <= 2
        assert sum(1 for g in gained.values() if g) <= 1
        runners_side = contest.sides[0]
        if runners < runners_side.difficulty:
            assert gained[runners_side.id] == 0  # failed its own difficulty: no victory

    @precondition(lambda self: bool(self.history))
    @rule()
    def undo(self):
        before = self.campaign
        self.document.undo_stack.undo()
        assert apart_from_throws(self.campaign) == apart_from_throws(self.history.pop())
        assert_throws_kept(before, self.campaign)  # undone rolls stay, marked set aside

    @invariant()
    def never_negative(self):
        assert all(v >= 0 for points in _points(self.campaign).values() for v in points)
        assert self.campaign.gm_fate_points >= 0


TableEconomy.TestCase.settings = settings(
    max_examples=20, stateful_step_count=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
)
test_the_economy_changes_only_as_the_books_allow = TableEconomy.TestCase
