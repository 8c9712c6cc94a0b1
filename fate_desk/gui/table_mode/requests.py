"""Table ▸ Players' requests: a dock with everything waiting for the GM from the players' devices,
in the order it came, each with who sent it and the GM's answer: a device asking for a seat, a
roll waiting for its opposition, an invoke waiting for the GM's nod, a compel a player proposes,
a proposal for the sheet, a hit or a compel waiting for an absent player (the GM answers for
them), an attack that landed. A pause pressed on a phone shows above them all until the GM
resumes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox, QDockWidget, QFrame, QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _
from fate_desk.model import ladder_label
from fate_desk.rules.harm.absorb import shifts_text
from fate_desk.rules.play.roll import faces_text
from fate_desk.rules.play.table import current_scene

from .. import access
from ..theme import status_colour
from ..widgets import LadderSpinBox, escape
from .dialog import device_words
from .play import _request_words, _shown_skill


class RequestCard(QFrame):
    """One request: who and what, and the GM's buttons."""

    def __init__(self, key, parent: QWidget | None = None):
        super().__init__(parent)
        self.key = key
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("requestCard")
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.title)
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(self.detail)
        self.extra = QHBoxLayout()
        layout.addLayout(self.extra)
        self.row = QHBoxLayout()
        self.row.addStretch(1)
        layout.addLayout(self.row)
        self.buttons: dict[str, QPushButton] = {}

    def button(self, name: str, text: str, action) -> QPushButton:
        button = self.buttons.get(name)
        if button is None:
            button = QPushButton(text)
            button.setObjectName(f"request_{name}")
            button.clicked.connect(action)
            self.row.addWidget(button)
            self.buttons[name] = button
        return button

    def say(self, who: str, what: str, detail: str = "") -> None:
        title = f"<b>{escape(who)}</b>: {escape(what)}"
        if self.title.text() != title:
            self.title.setText(title)
            self.setAccessibleName(f"{who}: {what}")
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))


class RequestsDock(QDockWidget):
    """Every pending request from every seat, oldest first, answered with a click."""

    def __init__(self, desk, parent: QWidget | None = None):
        super().__init__(_("Players' requests"), parent)
        self.setObjectName("requestsDock")
        self.desk = desk
        self.session = None
        body = QWidget()
        layout = QVBoxLayout(body)
        self.pause = QFrame()
        self.pause.setObjectName("pauseBanner")
        self.pause.setFrameShape(QFrame.Shape.Box)
        pause_row = QHBoxLayout(self.pause)
        self.pause_label = QLabel(_("A player pressed Pause: stop the game for a moment and check in with the table. "
                                    "No one else was told who."))
        self.pause_label.setWordWrap(True)
        self.pause_label.setStyleSheet(f"color: {status_colour('error')}; font-weight: bold;")  # i18n: markup only
        self.resume_button = QPushButton(_("&Resume the game"))
        self.resume_button.setObjectName("resumeButton")
        self.resume_button.clicked.connect(self._resume)
        pause_row.addWidget(self.pause_label, 1)
        pause_row.addWidget(self.resume_button)
        self.pause.hide()
        layout.addWidget(self.pause)
        self.empty = QLabel()
        self.empty.setWordWrap(True)
        layout.addWidget(self.empty)
        self.cards_layout = QVBoxLayout()
        layout.addLayout(self.cards_layout)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # Reached through the cards' controls, and scrolled to the one in focus: no Tab stop of
        # its own, which a screen reader heard as a nameless "filler".
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        scroll.setWidget(body)
        self.setWidget(scroll)
        self.cards: dict[object, RequestCard] = {}
        self.refresh()

    def follow(self, session) -> None:
        if session is self.session:
            return
        if self.session is not None:
            for signal, slot in self._wired():
                try:
                    signal.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass
        self.session = session
        if session is not None:
            for signal, slot in self._wired():
                signal.connect(slot)
        self.refresh()

    def _wired(self):
        session = self.session
        return ((session.play.changed, self.refresh), (session.changed, self.refresh),
                (session.play.paused, self._paused), (session.closed, self.refresh))

    # --- showing ----------------------------------------------------------------------------------

    def _name(self, seat: str) -> str:
        character = self.session.document.campaign.character(seat)
        return (character.name.strip() or _("(unnamed)")) if character is not None else _("(unnamed)")

    def _paused(self, on: bool) -> None:
        self.pause.setVisible(on)
        if on:
            self.show()
            self.raise_()
            access.announce(self, self.pause_label.text())

    def refresh(self) -> None:
        session = self.session
        is_open = session is not None and session.is_open
        wanted: list[tuple[object, object]] = []
        if is_open:
            wanted += [(("device", device), event) for device, event in session.requests.items()]
            wanted += [(("play", rid), request) for rid, request in session.play.requests.items()]
        self.pause.setVisible(is_open and session.play.is_paused)
        self.empty.setText(_("Nothing is waiting for you.") if is_open else
                           _("The table is closed: requests from the players' devices show here while it is open."))
        self.empty.setVisible(not wanted)
        for key in [k for k in self.cards if k not in dict(wanted)]:
            card = self.cards.pop(key)
            self.cards_layout.removeWidget(card)
            card.hide()
            card.deleteLater()
        for index, (key, item) in enumerate(wanted):
            card = self.cards.get(key)
            if card is None:
                card = self.cards[key] = RequestCard(key)
                self._build(card, item)
            self.cards_layout.insertWidget(index, card)
            self._show(card, item)

    def _build(self, card: RequestCard, item) -> None:
        """The card's controls, made once (what the GM types into stays while others come and go)."""
        play = self.session.play
        key = card.key
        if key[0] == "device":
            card.button("allow", _("Allow"), lambda: self.session.allow(key[1]))
            card.button("refuse", _("Refuse"), lambda: self.session.refuse(key[1]))
            return
        request = item
        rid = request.id
        if request.kind == "opposition":
            card.against = LadderSpinBox(card, -4, 14, 2)
            card.against.setAccessibleName(_("Opposition for {name}’s roll").format(name=self._name(request.seat)))
            card.opposed = QComboBox()
            card.opposed.addItem(_("a difficulty"), False)
            card.opposed.addItem(_("an opposing roll’s effort"), True)
            card.opposed.setAccessibleName(_("Kind of opposition"))
            card.extra.addWidget(card.against)
            card.extra.addWidget(card.opposed, 1)
            seat = request.seat
            card.button("set", _("Set the opposition"), lambda: self._set_opposition(card, seat))
        elif request.kind in ("invoke", "self_compel", "proposal"):
            card.button("allow", _("Allow"), lambda: self._decide(rid, True))
            card.button("refuse", _("Refuse"), lambda: self._decide(rid, False))
        elif request.kind == "compel":
            offer = request.data["offer"]
            card.button("accept", _("Accept for them"), lambda: self._compel(offer, True))
            card.button("refuse", _("Refuse for them"), lambda: self._compel(offer, False))
            card.button("withdraw", _("Withdraw"), lambda: play.withdraw_compel(offer))
        elif request.kind == "hit":
            prompt = request.data["prompt"]
            card.button("answer", _("Answer for them…"), lambda: self.desk.answer_hit(prompt))
        elif request.kind == "hit_lands":
            card.target = QComboBox()
            card.target.setAccessibleName(_("Who takes the hit"))
            card.extra.addWidget(card.target, 1)
            card.button("give", _("Give the hit…"), lambda: self.desk.give_hit(rid, card.target.currentData()))
            card.button("dismiss", _("Dismiss"), lambda: play.dismiss(rid))

    def _show(self, card: RequestCard, item) -> None:
        play = self.session.play
        if card.key[0] == "device":
            card.say(self._name(item.seat), _("a device wants this seat: {device}").format(
                device=device_words(item.label)))
            return
        request = item
        who = self._name(request.seat)
        if request.kind == "opposition":
            phone = play.rolls.get(request.seat)
            if phone is None:
                return
            roll = phone.roll
            character = self.session.document.campaign.character(request.seat)
            skill = _shown_skill(self.session.document.ruleset_for(character), roll.setup.skill)
            what = _("rolled {skill} to {action}: [{dice}], effort {effort}").format(
                skill=skill, action=roll.setup.action.label.lower(),
                dice=faces_text(roll.dice), effort=ladder_label(roll.effort))
            lines = [i.describe() for i in roll.invokes]
            if phone.against_set:
                lines.append(_("Against {rating}: {outcome}.").format(rating=ladder_label(roll.difficulty),
                                                                   outcome=roll.outcome.label))
            else:
                lines.append(_("Set what it is against: the player sees the outcome then."))
            if phone.by_hand:
                lines.append(_("Dice thrown by hand"))
            card.say(who, what, "\n".join(lines))
        elif request.kind == "invoke":
            phone = play.rolls.get(request.seat)
            invoke = phone.waiting if phone is not None else None
            card.say(who, _("asks to invoke {invoke}").format(invoke=invoke.describe()) if invoke else "")
        elif request.kind == "compel":
            offer = play.offers.get(request.data["offer"])
            if offer is not None:
                card.say(who, _("a compel on “{aspect}” waits for their answer on the phone").format(aspect=offer.aspect))
        elif request.kind == "hit":
            prompt = play.prompts.get(request.data["prompt"])
            if prompt is not None:
                card.say(who, _("chooses on the phone how to take a hit of {shifts}").format(
                    shifts=shifts_text(prompt.shifts)))
        elif request.kind == "hit_lands":
            card.say(who, _("the attack lands: a hit of {shifts}").format(shifts=shifts_text(request.data["shifts"])))
            self._fill_targets(card, request.seat)
        else:
            card.say(who, _("proposes {what}").format(what=_request_words(play, request)))

    def _fill_targets(self, card: RequestCard, attacker: str) -> None:
        campaign = self.session.document.campaign
        scene = current_scene(campaign)
        present = set(scene.present) if scene is not None and scene.present else None
        conflict = scene.play.conflict if scene is not None else None
        if conflict is not None and not conflict.ended:
            side = next((p.side for p in conflict.participants if attacker in p.members), None)
            ids = [m for p in conflict.participants if p.active and p.side != side and not p.hazard
                   for m in p.members if m not in p.out_members]
        else:
            ids = [c.id for c in campaign.characters if c.id != attacker and (present is None or c.id in present)]
        chosen = card.target.currentData()
        names = [(cid, self._name(cid)) for cid in ids if campaign.character(cid) is not None]
        if [(card.target.itemData(i), card.target.itemText(i)) for i in range(card.target.count())] != names:
            card.target.clear()
            for cid, name in names:
                card.target.addItem(name, cid)
            card.target.setCurrentIndex(max(0, card.target.findData(chosen)))

    # --- the GM's answers ----------------------------------------------------------------------------

    def _set_opposition(self, card: RequestCard, seat: str) -> None:
        self.session.play.set_opposition(seat, card.against.value(), bool(card.opposed.currentData()))

    def _decide(self, request_id: int, allow: bool) -> None:
        failed = self.session.play.decide(request_id, allow)
        if failed:
            self.desk.window.statusBar().showMessage(failed, 10000)

    def _compel(self, offer: int, accept: bool) -> None:
        failed = self.session.play.answer_compel(offer, accept)
        if failed:
            self.desk.window.statusBar().showMessage(failed, 10000)

    def _resume(self) -> None:
        if self.session is not None:
            self.session.play.resume()
            access.announce(self, _("The game goes on."))

    def card_for(self, kind: str, seat: str | None = None) -> RequestCard | None:
        """The first card of a kind (and seat), as the GM sees it (tests click its buttons)."""
        for key, card in self.cards.items():
            if key[0] == "device" and kind == "device":
                event = self.session.requests.get(key[1])
                if event is not None and (seat is None or event.seat == seat):
                    return card
            elif key[0] == "play":
                request = self.session.play.requests.get(key[1])
                if request is not None and request.kind == kind and (seat is None or request.seat == seat):
                    return card
        return None
