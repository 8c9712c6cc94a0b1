"""Players acting from their phones, with the GM as referee: each action a page sends arrives
here on the GUI thread (the session's queued signal) and goes through the same core operation
the desktop uses, pushed as the same undo step, with "(from Ruth's phone)" in its name.

A seat acts only on its own character: the seat is the connection's, and every id a message
carries (a roll, an offer, a prompt, an aspect) is looked up among that seat's own things. A
page acting on an old snapshot is found out by the same look-ups (the roll is over, the aspect
gone, the sheet changed) and told so in the rules' words, in its own language. An action is
answered "done" only once its step is saved; one the campaign file could not take is answered
"not done" and leaves no step behind.

The table's play that is not the campaign's (a roll while it is thrown and invoked on, a
compel offered, a hit waiting for its player, the requests waiting for the GM) is held here as
values (`fate_desk/table/play.py`); the Requests dock shows the GM what waits.
"""

from __future__ import annotations

import itertools
import logging
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Callable

from PySide6.QtCore import QObject, Signal

from fate_desk.i18n import _, rules_text, speaking
from fate_desk.model import CharacterKind
from fate_desk.rules.advancement.milestones import MilestoneKind
from fate_desk.rules.creation.edits import edited, set_aspect
from fate_desk.rules.creation.history import Refused, refuse
from fate_desk.rules.encounters.conflict import concede_in_play, take_hit as conflict_hit, taken_out_in_play
from fate_desk.rules.encounters.seat import seat_invokables, seat_roll_done, seat_roll_refusal, seat_roll_set_aside
from fate_desk.rules.encounters.standing import place_in_conflict
from fate_desk.rules.harm.absorb import shifts_text
from fate_desk.rules.play.actions import RollResult, apply_roll
from fate_desk.rules.play.fate_points import Reason, change_points, compel, payer, points_of
from fate_desk.rules.play.hits import hit_plan, take_hit
from fate_desk.rules.play.roll import Action, Dice, Invoke, Roll, RollSetup
from fate_desk.table.play import (
    CompelOffer, HitPrompt, PhoneRoll, Request, notes_base, play_snapshot, prompt_options, proposal_view, way_key,
)
from fate_desk.table.protocol import MAX_NOTES

log = logging.getLogger(__name__)

REMEMBERED = 300  # answers kept, so a tap sent twice is answered twice and done once


class HandDice:
    """The four dice a player threw by hand, thrown once."""

    def __init__(self, faces):
        self.faces = tuple(faces)

    def throw(self) -> tuple[int, ...]:
        return self.faces


@dataclass
class Step:
    """A phone's step on the undo stack: told to its seat when the GM undoes or redoes it."""

    command: object
    seat: str
    words: Callable[[], str]  # the step's name, in the language spoken when called
    undone: bool = False


class TablePlay(QObject):
    """The table's play for one open table; its handlers are the session's `intents`."""

    changed = Signal()  # rolls, offers, prompts or requests changed: the dock and the pages follow
    paused = Signal(bool)  # a player pressed Pause (True); the GM resumed (False)
    asked = Signal(str)  # something new waits for the GM: said in the status bar

    def __init__(self, session, dice=None):
        super().__init__(session)
        self.session = session
        self.dice = dice if dice is not None else Dice()
        self.rolls: dict[str, PhoneRoll] = {}  # seat -> its roll on the table
        self.offers: dict[int, CompelOffer] = {}
        self.prompts: dict[int, HitPrompt] = {}
        self.requests: dict[int, Request] = {}  # in the order they came
        self.milestones: dict[str, dict] = {}  # seat -> the proposal the GM accepted for the session's end
        self.is_paused = False
        self._ids = itertools.count(1)
        self._answers: OrderedDict[tuple[str, int], tuple[bool, str]] = OrderedDict()
        self._steps: list[Step] = []
        self._proposals: dict[tuple[str, str], tuple] = {}  # (seat, language) -> (character, ruleset, options, view)
        self._stack = None
        session.intents.update({
            "roll": self._roll, "invoke": self._invoke, "finish": self._finish, "aside": self._aside,
            "compel": self._compel, "self_compel": self._self_compel, "hit": self._hit, "concede": self._concede,
            "notes": self._notes, "propose": self._propose, "pause": self._pause,
        })
        self.follow()

    # --- the campaign ---------------------------------------------------------------------------

    @property
    def document(self):
        return self.session.document

    @property
    def campaign(self):
        return self.session.document.campaign

    def follow(self) -> None:
        """The session's document (again, or read anew from disk): its undo stack is watched."""
        stack = self.document.undo_stack
        if stack is self._stack:
            return
        if self._stack is not None:
            try:
                self._stack.indexChanged.disconnect(self._moved)
            except (RuntimeError, TypeError):
                pass
        self._stack = stack
        self._steps.clear()
        stack.indexChanged.connect(self._moved)

    def name(self, seat: str) -> str:
        character = self.campaign.character(seat)
        return (character.name.strip() or _("(unnamed)")) if character is not None else _("(unnamed)")

    def via(self, seat: str) -> str:
        return _("from {name}’s phone").format(name=self.name(seat))

    # --- answering a page ----------------------------------------------------------------------

    def _said(self, event, words: Callable[[], str]) -> str:
        with speaking(event.language):
            return words()

    def answer(self, event, done: bool, words: Callable[[], str] | str = "") -> None:
        text = words if isinstance(words, str) else self._said(event, words)
        ref = (event.message or {}).get("ref", 0)
        self._answers[(event.key, ref)] = (done, text)
        while len(self._answers) > REMEMBERED:
            self._answers.popitem(last=False)
        self.session.server.answer(event.device, ref, done, text)

    def refuse(self, event, words: Callable[[], str] | str) -> None:
        self.answer(event, False, words)

    def handled(self, event) -> bool:
        """A tap sent twice (a double tap, a page sending again after a lost answer): answered as
        the first was, and done once."""
        ref = (event.message or {}).get("ref", 0)
        seen = self._answers.get((event.key, ref))
        if seen is None:
            return False
        self.session.server.answer(event.device, ref, *seen)
        return True

    def tell(self, seat: str, words: Callable[[], str]) -> None:
        """A word to every device on the seat, each in its own language."""
        for view in self.session.server.devices():
            if view.seat == seat and view.state == "in":
                with speaking(view.language):
                    text = words()
                self.session.server.tell(view.device, text)

    def commit(self, event, push: Callable[[], bool], words: Callable[[], str], seat: str | None = None) -> str:
        """Push one step through the document (its `edit` or `edit_campaign`), named for the
        seat's phone; '' when it is saved (or changed nothing), else why not in the page's
        language. A step the file could not take leaves the undo stack as it was."""
        document = self.document
        seat = seat if seat is not None else event.seat
        failed: list = []

        def heard(*_args) -> None:
            failed.append(True)

        signals = (document.saveFailed, document.changedOnDisk, document.fileGone)
        for signal in signals:
            signal.connect(heard)
        stack = document.undo_stack
        before = stack.index()
        try:
            done = push()
        except Refused as refused:
            if event is None:
                raise
            with speaking(event.language):  # the refusal again, in the page's words
                return _refusal_again(refused)
        finally:
            for signal in signals:
                try:
                    signal.disconnect(heard)
                except (RuntimeError, TypeError):
                    pass
        if failed:
            if stack is document.undo_stack and stack.index() > before:
                command = stack.command(stack.index() - 1)
                command.setObsolete(True)
                stack.undo()  # an obsolete command goes without its undo being run
            return self._said(event, lambda: _("Fate Desk could not save it. Tell your GM.")) \
                if event is not None else _("Not done: Fate Desk could not save it.")
        if done and stack.index() > before:
            self._steps.append(Step(stack.command(stack.index() - 1), seat, words))
        return ""

    def campaign_step(self, event, operation, words: Callable[[], str], seat: str | None = None) -> str:
        """A campaign-wide core operation as one undo step named "… (from Ruth's phone)"."""
        seat = seat if seat is not None else event.seat
        text = _("{action} ({via})").format(action=words(), via=self.via(seat))
        return self.commit(event, lambda: self.document.edit_campaign(operation, text), words, seat)

    def check(self, event, operation) -> str:
        """The core operation tried on the campaign as it is, without keeping it: its refusal in
        the page's language, or ''."""
        with speaking(event.language):
            try:
                operation(self.campaign)
            except Refused as refused:
                return refused.problems[0].message
        return ""

    def _moved(self, index: int) -> None:
        """The GM undid or redid: the seats whose steps it was hear of it."""
        stack = self._stack
        try:
            commands = [stack.command(i) for i in range(stack.count())]
        except RuntimeError:  # the campaign closed under the table: nothing to tell anyone
            return
        kept = []
        for step in self._steps:
            at = next((i for i, command in enumerate(commands) if command is step.command), None)
            if at is None:
                continue  # gone from the stack (a new step after an undo)
            kept.append(step)
            undone = at >= index
            if undone and not step.undone:
                step.undone = True
                self.tell(step.seat, lambda s=step: _("The GM undid: {step}").format(step=s.words()))
            elif not undone and step.undone:
                step.undone = False
                self.tell(step.seat, lambda s=step: _("The GM did again: {step}").format(step=s.words()))
        self._steps = kept

    # --- what each seat's page shows ----------------------------------------------------------

    def snapshot(self, seat: str, language: str) -> dict | None:
        character = self.campaign.character(seat)
        if character is None:
            return None
        book = self.session.book
        waiting = []
        with speaking(language):
            for request in self.requests.values():
                if request.seat == seat and request.kind in ("self_compel", "proposal"):
                    waiting.append(_("Waiting for the GM: {what}").format(what=_request_words(self, request)))
        ruleset = self.document.ruleset_for(character)
        proposals = None
        if book.mode == "act":  # what the player may propose changes only with the sheet: kept until it does
            key = (seat, language)
            kept = self._proposals.get(key)
            if kept is None or kept[0] is not character or kept[1] is not ruleset or kept[2] is not self.campaign.options:
                with speaking(language):
                    kept = (character, ruleset, self.campaign.options, proposal_view(character, ruleset, self.campaign))
                self._proposals[key] = kept
            proposals = kept[3]
        return play_snapshot(
            self.campaign, character, ruleset, language, mode=book.mode,
            paused=self.is_paused, nod=book.invoke_nod, rolls=list(self.rolls.values()),
            offers=[o for o in self.offers.values() if o.seat == seat],
            prompts=[p for p in self.prompts.values() if p.seat == seat], waiting=waiting, proposals=proposals)

    def _request(self, seat: str, kind: str, **data) -> Request:
        request = Request(next(self._ids), seat, kind, data)
        self.requests[request.id] = request
        return request

    def _done_with(self, request_id: int) -> None:
        self.requests.pop(request_id, None)

    def _new(self, text: str) -> None:
        self.changed.emit()
        self.asked.emit(text)

    # --- the intents: each (session, event) on the GUI thread ------------------------------------

    def _guard(self, event, character: bool = True) -> bool:
        """False (and the page told why) when the action cannot be taken at all now."""
        if self.handled(event):
            return False
        if self.campaign.character(event.seat) is None:
            self.refuse(event, lambda: _("This seat's character is no longer in the campaign."))
            return False
        if self.document.readonly or self.document.loading:
            self.refuse(event, lambda: _("The GM's campaign cannot be changed just now."))
            return False
        if character and self.is_paused:
            self.refuse(event, lambda: _("The game is paused: the GM resumes it when the table is ready."))
            return False
        return True

    def _roll(self, session, event) -> None:
        if not self._guard(event):
            return
        message, seat = event.message, event.seat
        if seat in self.rolls:
            self.refuse(event, lambda: _("Your roll is still on the table: finish it or set it aside first."))
            return
        character = self.campaign.character(seat)
        ruleset = self.document.ruleset_for(character)
        skill, action = message["skill"], Action(message["action"])
        ratings = self.document.ratings_of(character)
        if skill and skill not in ratings and skill not in ruleset.skills:
            self.refuse(event, lambda: _("“{skill}” is not a skill of this character.").format(skill=skill))
            return
        reason = self.check(event, lambda c: _raise_if(seat_roll_refusal(c, seat, action), "seat.turn"))
        if reason:
            self.refuse(event, reason)
            return
        rating = self.document.rating_of(character, skill) if skill else 0
        setup = RollSetup(action, skill, rating, who=character.name or "(unnamed)")  # i18n: not shown (the roll log's name)
        by_hand = message["dice"] is not None
        roll = Roll.throw(setup, HandDice(message["dice"]) if by_hand else self.dice)
        phone = PhoneRoll(next(self._ids), seat, roll, by_hand=by_hand)
        phone.request = self._request(seat, "opposition", roll=phone.id).id
        self.rolls[seat] = phone
        self.answer(event, True)
        self._new(_("{name} rolled from their phone: set the opposition in the Requests panel.").format(
            name=self.name(seat)))

    def _phone_roll(self, event) -> PhoneRoll | None:
        phone = self.rolls.get(event.seat)
        if phone is None or phone.id != event.message["roll"]:
            self.refuse(event, lambda: _("That roll is over: it was finished, set aside or undone."))
            return None
        return phone

    def _invoke(self, session, event) -> None:
        if not self._guard(event):
            return
        phone = self._phone_roll(event)
        if phone is None:
            return
        message, seat = event.message, event.seat
        if phone.waiting is not None:
            self.refuse(event, lambda: _("An invoke on this roll is still waiting for the GM."))
            return
        item = next((i for i in seat_invokables(self.campaign, seat) if i.key == message["aspect"]), None)
        if item is None:
            self.refuse(event, lambda: _("That aspect is no longer in play."))
            return
        roll = phone.roll
        invoke = Invoke(item.key, item.label, reroll=message["reroll"], free=message["free"], kind=item.kind,
                        owner=item.owner)
        if invoke.free and item.free - roll.free_invokes_used.get(item.key, 0) < 1:
            self.refuse(event, lambda: _("“{aspect}” has no free invoke left on this roll.").format(aspect=item.label))
            return
        if not invoke.free:
            who = payer(self.campaign, seat)
            # The rules' own words: the fate point this invoke would cost, on top of those spent.
            reason = self.check(event, lambda c: change_points(c, who, -(roll.fate_points_spent + 1), Reason.INVOKE))
            if reason:
                self.refuse(event, reason)
                return
        reason = self._said(event, lambda: roll.refusal(invoke))
        if reason:
            self.refuse(event, reason)
            return
        if invoke.reroll and phone.by_hand and message["dice"] is None:
            self.refuse(event, lambda: _("You threw your own dice: enter the four dice of the reroll."))
            return
        dice = (HandDice(message["dice"]) if phone.by_hand else self.dice) if invoke.reroll else None
        if self.session.book.invoke_nod:
            phone.waiting = invoke
            phone.request = self._request(seat, "invoke", roll=phone.id, dice=dice).id
            self.answer(event, True)
            self._new(_("{name} asks to invoke “{aspect}”: Allow or Refuse in the Requests panel.").format(
                name=self.name(seat), aspect=item.label))
            return
        phone.roll = roll.invoke(invoke, dice)
        self.answer(event, True)
        self.changed.emit()

    def nod(self, request_id: int, allow: bool) -> None:
        """The GM's Allow or Refuse on an invoke waiting for it."""
        request = self.requests.pop(request_id, None)
        if request is None or request.kind != "invoke":
            return
        phone = self.rolls.get(request.seat)
        if phone is None or phone.id != request.data["roll"] or phone.waiting is None:
            self.changed.emit()
            return
        invoke, phone.waiting = phone.waiting, None
        phone.request = next((r.id for r in self.requests.values()
                              if r.kind == "opposition" and r.data.get("roll") == phone.id), 0)
        label = invoke.label
        if allow:
            try:
                phone.roll = phone.roll.invoke(invoke, request.data["dice"])
            except Refused as refused:
                self.tell(request.seat, lambda: _refusal_again(refused))
            else:
                self.tell(request.seat, lambda: _("The GM allowed the invoke of “{aspect}”.").format(aspect=label))
        else:
            self.tell(request.seat, lambda: _("The GM refused the invoke of “{aspect}”.").format(aspect=label))
        self.changed.emit()

    def set_opposition(self, seat: str, value: int, opposed: bool = False) -> None:
        """The GM sets what the seat's roll is against: a difficulty, or an opposing roll's effort."""
        phone = self.rolls.get(seat)
        if phone is None:
            return
        setup = replace(phone.roll.setup, against=value, opposed=opposed)
        phone.roll = replace(phone.roll, setup=setup)
        phone.against_set = True
        self.changed.emit()

    def _finish(self, session, event) -> None:
        if not self._guard(event):
            return
        phone = self._phone_roll(event)
        if phone is None:
            return
        message, seat = event.message, event.seat
        if not phone.against_set:
            self.refuse(event, lambda: _("The GM has not set the opposition yet."))
            return
        if phone.waiting is not None:
            self.refuse(event, lambda: _("An invoke on this roll is still waiting for the GM."))
            return
        character = self.campaign.character(seat)
        tie_allowed = self.document.ruleset_for(character).overcome_tie_boost
        try:
            with speaking(event.language):
                roll = phone.roll.choose(message["style_boost"], message["tie_as_failure"], tie_allowed)
        except Refused as refused:
            self.refuse(event, refused.problems[0].message)
            return
        action = roll.setup.action
        via = self.via(seat) + (" — " + _("dice thrown by hand") if phone.by_hand else "")
        result = RollResult(advantage=message["advantage"], boost=message["boost"], via=via)

        def operation(campaign):
            return seat_roll_done(apply_roll(campaign, seat, roll, result), seat, action)

        reason = self.check(event, operation)
        if reason:
            self.refuse(event, reason)
            return
        skill = roll.setup.skill
        ruleset = self.document.ruleset_for(character)
        failed = self.campaign_step(event, operation, lambda: _("Roll {skill}").format(
            skill=_shown_skill(ruleset, skill)))
        if failed:
            self.refuse(event, failed)
            return
        self._end_roll(phone)
        lands = roll.shifts > 0 or (roll.shifts == 0 and self.campaign.options.weapon_armor)
        if action == Action.ATTACK and lands:
            self._request(seat, "hit_lands", shifts=roll.hit if roll.shifts > 0 else roll.shifts)
            self.asked.emit(_("{name}’s attack lands: give the hit to its target in the Requests panel.").format(
                name=self.name(seat)))
        self.answer(event, True, lambda: _("Done: the roll is in the roll log."))
        self.changed.emit()

    def _end_roll(self, phone: PhoneRoll) -> None:
        self.rolls.pop(phone.seat, None)
        for request in [r for r in self.requests.values() if r.data.get("roll") == phone.id]:
            self.requests.pop(request.id, None)

    def _aside(self, session, event) -> None:
        if not self._guard(event, character=False):
            return
        phone = self._phone_roll(event)
        if phone is None:
            return
        roll, seat = phone.roll, event.seat
        failed = self.campaign_step(event, lambda c: seat_roll_set_aside(c, seat, roll), lambda: _("Set a roll aside"))
        if failed:
            self.refuse(event, failed)
            return
        self._end_roll(phone)
        self.answer(event, True, lambda: _("Done: the roll is set aside; its dice stay in the roll log."))
        self.changed.emit()

    def set_aside_all(self) -> None:
        """The table closes: every roll still on it goes into the roll log, set aside (its dice
        are never lost, so closing is never a free reroll)."""
        rolls = [(phone.seat, phone.roll) for phone in self.rolls.values()]
        self.rolls.clear()
        self.requests = {k: r for k, r in self.requests.items() if "roll" not in r.data}
        if not rolls or self.document.readonly or self.document.is_closed:
            return

        def operation(campaign):
            for seat, roll in rolls:
                campaign = seat_roll_set_aside(campaign, seat, roll)
            return campaign

        try:
            self.document.edit_campaign(operation, _("Set the phones’ rolls aside"))
        except Refused:  # nothing in a set-aside is ever refused; kept safe all the same
            log.warning("table: the phones' rolls could not be set aside")

    # --- compels ------------------------------------------------------------------------------------

    def offer_compel(self, seat: str, aspect: str, proposer: str | None = None) -> CompelOffer:
        """The GM offers a compel on the seat's phone: it waits there for Accept or Refuse."""
        character = self.campaign.character(seat)
        later = self.document.ruleset_for(character).compel_point_after_scene
        offer = CompelOffer(next(self._ids), seat, aspect, proposer, later)
        offer.request = self._request(seat, "compel", offer=offer.id).id
        self.offers[offer.id] = offer
        self.changed.emit()
        return offer

    def _compel(self, session, event) -> None:
        if not self._guard(event):
            return
        offer = self.offers.get(event.message["offer"])
        if offer is None or offer.seat != event.seat:
            self.refuse(event, lambda: _("That compel is no longer on offer."))
            return
        failed = self.answer_compel(offer.id, event.message["accept"], event)
        if failed:
            self.refuse(event, failed)
            return
        self.answer(event, True, lambda: _("Done: the compel is accepted.") if event.message["accept"]
                    else _("Done: the compel is refused."))

    def answer_compel(self, offer_id: int, accept: bool, event=None) -> str:
        """Accept or refuse an offered compel (the player's answer, or the GM's for an absent
        player): the core's compel, one undo step; '' when done."""
        offer = self.offers.get(offer_id)
        if offer is None:
            return ""
        seat, aspect, proposer, later = offer.seat, offer.aspect, offer.proposer, offer.later

        def operation(campaign):
            return compel(campaign, seat, aspect, accept, proposer, later)

        words = (lambda: _("Accept a compel")) if accept else (lambda: _("Refuse a compel"))
        if event is not None:
            reason = self.check(event, operation)
            if reason:
                return reason
            failed = self.campaign_step(event, operation, words)
        else:
            failed = self.commit(None, lambda: self.document.edit_campaign(operation, words()), words, seat)
        if failed:
            return failed
        self.offers.pop(offer_id, None)
        self._done_with(offer.request)
        self.changed.emit()
        return ""

    def withdraw_compel(self, offer_id: int) -> None:
        """A compel found off the mark goes, at no cost (Fate Condensed, "Compels")."""
        offer = self.offers.pop(offer_id, None)
        if offer is not None:
            self._done_with(offer.request)
            aspect = offer.aspect
            self.tell(offer.seat, lambda: _("The GM withdrew the compel on “{aspect}”.").format(aspect=aspect))
            self.changed.emit()

    def _self_compel(self, session, event) -> None:
        if not self._guard(event):
            return
        character = self.campaign.character(event.seat)
        index = event.message["aspect"]
        if not 0 <= index < len(character.aspects) or not character.aspects[index].text.strip():
            self.refuse(event, lambda: _("That aspect is no longer on your sheet."))
            return
        aspect = character.aspects[index].text
        self._request(event.seat, "self_compel", aspect=aspect, why=event.message["text"])
        self.answer(event, True, lambda: _("Sent: the GM decides whether it is a compel."))
        self._new(_("{name} proposes a compel on “{aspect}”: Allow or Refuse in the Requests panel.").format(
            name=self.name(event.seat), aspect=aspect))

    # --- hits -------------------------------------------------------------------------------------

    def ask_hit(self, seat: str, shifts: int, track: str, attacker: str | None = None, weapon: int = 0,
                armor: int = 0) -> HitPrompt:
        """The GM hands a hit to the player's phone: it asks how to take it, as Take a hit does."""
        prompt = HitPrompt(next(self._ids), seat, shifts, track, attacker, weapon, armor)
        request = self._request(seat, "hit", prompt=prompt.id)
        prompt = replace(prompt, request=request.id)
        self.prompts[prompt.id] = prompt
        self.changed.emit()
        return prompt

    def _hit(self, session, event) -> None:
        if not self._guard(event, character=False):
            return
        message, seat = event.message, event.seat
        prompt = self.prompts.get(message["prompt"])
        if prompt is None or prompt.seat != seat:
            self.refuse(event, lambda: _("That hit is no longer waiting for you."))
            return
        character = self.campaign.character(seat)
        ruleset = self.document.ruleset_for(character)
        hit, plan = hit_plan(self.campaign, ruleset, seat, prompt.shifts, prompt.track, prompt.weapon, prompt.armor)
        option = None
        if message["out"]:
            if not plan.taken_out:
                self.refuse(event, lambda: _("This hit can still be absorbed: choose one of the ways."))
                return
        else:
            option = next((o for o in prompt_options(self.campaign, ruleset, prompt)
                           if way_key(o) == message["way"]), None)
            if option is None:
                self.refuse(event, lambda: _("Your sheet changed meanwhile: choose again from the ways shown now."))
                return
        names = {slot: text for slot, text in message["names"].items()}
        extreme = message["extreme"] if message["extreme"] >= 0 else None
        operation = hit_operation(self.campaign, ruleset, seat, option, names, prompt.attacker, hit.shifts, extreme)
        reason = self.check(event, operation)
        if reason:
            self.refuse(event, reason)
            return
        words = ((lambda: _("Take a hit of {shifts}").format(shifts=shifts_text(option.hit))) if option is not None
                 else (lambda: _("Taken out")))
        failed = self.campaign_step(event, operation, words)
        if failed:
            self.refuse(event, failed)
            return
        self.drop_prompt(prompt.id)
        self.answer(event, True, lambda: _("Done: the hit is on your sheet."))

    def drop_prompt(self, prompt_id: int) -> None:
        """The hit was taken (on the phone, or answered for the player on the desktop)."""
        prompt = self.prompts.pop(prompt_id, None)
        if prompt is not None:
            self._done_with(prompt.request)
            self.changed.emit()

    def _concede(self, session, event) -> None:
        if not self._guard(event):
            return
        seat = event.seat
        reason = self.check(event, lambda c: concede_in_play(c, seat))
        if reason:
            self.refuse(event, reason)
            return
        failed = self.campaign_step(event, lambda c: concede_in_play(c, seat), lambda: _("Concede the conflict"))
        if failed:
            self.refuse(event, failed)
            return
        self.answer(event, True, lambda: _("Done: you conceded. Your fate points come when the conflict ends."))
        self.asked.emit(_("{name} conceded the conflict from their phone.").format(name=self.name(seat)))

    # --- notes and proposals ---------------------------------------------------------------------

    def _notes(self, session, event) -> None:
        if not self._guard(event, character=False):
            return
        seat, text = event.seat, event.message["text"]
        character = self.campaign.character(seat)
        if len(character.notes) > MAX_NOTES:
            self.refuse(event, lambda: _("Your notes are longer than the page can edit: edit them on the GM's computer."))
            return
        if event.message["base"] != notes_base(character.notes):
            self.refuse(event, lambda: _("Your notes changed on the GM's side since you began: they are shown under "
                                         "yours. Keep what you want and save again."))
            return
        words = lambda: _("Edit notes")  # noqa: E731 (named once, said in each language)
        label = _("{action} ({via})").format(action=words(), via=self.via(seat))
        failed = self.commit(event, lambda: self.document.edit(seat, lambda c: edited(c, notes=text), label), words)
        if failed:
            self.refuse(event, failed)
            return
        self.answer(event, True, lambda: _("Done: your notes are saved."))

    def _propose(self, session, event) -> None:
        if not self._guard(event, character=False):
            return
        message, seat = event.message, event.seat
        character = self.campaign.character(seat)
        if message["what"] == "aspect" and not message["text"]:
            self.refuse(event, lambda: _("Name the aspect: what is true now?"))
            return
        if message["what"] == "aspect":
            slot = message["choice"]
            if not (slot.startswith("slot-") or slot.startswith("aspect-")) or not slot.split("-", 1)[1].isdigit():
                self.refuse(event, lambda: _("Choose where the aspect goes."))
                return
        elif not message["choice"]:
            self.refuse(event, lambda: _("Choose the milestone's change."))
            return
        if character.kind != CharacterKind.PC:
            self.refuse(event, lambda: _("Only a player character takes milestones."))
            return
        self._request(seat, "proposal", what=message["what"], where=message["choice"], text=message["text"])
        self.answer(event, True, lambda: _("Sent: the GM accepts it on the desktop, or not."))
        self._new(_("{name} proposes a change to their sheet: see the Requests panel.").format(name=self.name(seat)))

    def decide(self, request_id: int, allow: bool) -> str:
        """The GM's Allow / Refuse on a self-compel or a proposal; '' when done, else why not."""
        request = self.requests.get(request_id)
        if request is None:
            return ""
        seat = request.seat
        if request.kind == "invoke":
            self.nod(request_id, allow)
            return ""
        if request.kind == "self_compel":
            aspect = request.data["aspect"]
            if allow:
                later = self.document.ruleset_for(self.campaign.character(seat)).compel_point_after_scene
                failed = self._gm_step(seat, lambda c: compel(c, seat, aspect, True, None, later),
                                       lambda: _("Accept a compel"))
                if failed:
                    return failed
                self.tell(seat, lambda: _("The GM agreed to the compel on “{aspect}”.").format(aspect=aspect))
            else:
                self.tell(seat, lambda: _("The GM did not take up the compel on “{aspect}”.").format(aspect=aspect))
        elif request.kind == "proposal":
            failed = self._proposal(request, allow)
            if failed:
                return failed
        self.requests.pop(request_id, None)
        self.changed.emit()
        return ""

    def _proposal(self, request: Request, allow: bool) -> str:
        seat, data = request.seat, request.data
        text = data["text"]
        if not allow:
            self.tell(seat, lambda: _("The GM did not take your proposal: {what}").format(
                what=_request_words(self, request)))
            return ""
        where = data["where"]
        if data["what"] == "aspect" and where.startswith("slot-"):
            character = self.campaign.character(seat)
            ruleset = self.document.ruleset_for(character)
            slot = int(where.split("-", 1)[1])
            words = lambda: _("Write an aspect")  # noqa: E731
            label = _("{action} ({via})").format(action=words(), via=self.via(seat))
            try:
                failed = self.commit(None, lambda: self.document.edit(
                    seat, lambda c: set_aspect(c, ruleset, slot, text), label), words, seat)
            except (IndexError, ValueError):
                failed = _("That aspect slot is no longer empty.")
            if failed:
                return failed
            self.tell(seat, lambda: _("The GM wrote your aspect “{aspect}” on your sheet.").format(aspect=text))
            return ""
        # Kept for the end of the session: its milestone dialog starts from the proposal.
        self.milestones[seat] = dict(data)
        self.tell(seat, lambda: _("The GM accepted your proposal for your next milestone: {what}").format(
            what=_request_words(self, request)))
        return ""

    def _gm_step(self, seat: str, operation, words: Callable[[], str]) -> str:
        """A step the GM takes on a seat's request: named for the phone it came from."""
        text = _("{action} ({via})").format(action=words(), via=self.via(seat))
        return self.commit(None, lambda: self.document.edit_campaign(operation, text), words, seat)

    def milestone_taken(self, seat: str) -> None:
        self.milestones.pop(seat, None)

    # --- pause ---------------------------------------------------------------------------------------

    def _pause(self, session, event) -> None:
        if self.handled(event):
            return
        first = not self.is_paused
        self.is_paused = True
        self.answer(event, True, lambda: _("The GM has been told, and nobody else: the game pauses."))
        if first:
            self.paused.emit(True)
        self.changed.emit()

    def resume(self) -> None:
        if self.is_paused:
            self.is_paused = False
            self.paused.emit(False)
            self.changed.emit()

    def dismiss(self, request_id: int) -> None:
        """The GM puts a request away (a hit that landed, given on the desktop meanwhile)."""
        if self.requests.pop(request_id, None) is not None:
            self.changed.emit()


def hit_operation(campaign, ruleset, seat: str, option, names: dict[str, str], attacker: str | None, hit: int,
                  extreme: int | None):
    """The hit as the desktop takes it: through the running conflict when the character is in
    one (recorded there, as the conflict's Take a hit does), else on the sheet alone."""
    place = place_in_conflict(campaign, seat)
    if place is not None and seat not in place[1].out_members:
        scene_id, p = place
        return lambda c: conflict_hit(c, scene_id, ruleset, p.id, seat, option, names, attacker=attacker, hit=hit,
                                      extreme_aspect=extreme)
    if option is None:
        return lambda c: taken_out_in_play(c, ruleset, seat, hit, attacker)
    return lambda c: take_hit(c, ruleset, seat, option, names, attacker=attacker, extreme_aspect=extreme)


def _raise_if(reason: str, code: str):
    if reason:
        raise refuse(code, "seat", reason)
    return None


def _refusal_again(refused: Refused) -> str:
    return refused.problems[0].message


def _shown_skill(ruleset, skill: str) -> str:
    if not skill:
        return _("a plain rating")
    return rules_text(skill) if skill in ruleset.skills else skill


def _request_words(play: TablePlay, request: Request) -> str:
    """A request in a few words, in the language spoken (the dock's and the pages')."""
    data = request.data
    if request.kind == "self_compel":
        if data.get("why"):
            return _("a compel on “{aspect}”: {why}").format(aspect=data["aspect"], why=data["why"])
        return _("a compel on “{aspect}”").format(aspect=data["aspect"])
    if request.kind == "proposal":
        if data["what"] == "aspect":
            return _("the aspect “{aspect}”").format(aspect=data["text"])
        try:
            kind = MilestoneKind(data["where"]).label
        except ValueError:
            kind = data["where"]
        if data["text"]:
            return _("at a milestone, {change}: {details}").format(change=kind.lower(), details=data["text"])
        return _("at a milestone, {change}").format(change=kind.lower())
    return ""


__all__ = ["HandDice", "TablePlay", "hit_operation"]
