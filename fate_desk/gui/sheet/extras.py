"""Extras and custom tracks on the sheet: each extra with its switch, cost and grants; each of the
character's own tracks with how it clears. Every change is a core operation in one undo step."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox, QComboBox, QFormLayout, QFrame, QGridLayout, QHBoxLayout, QInputDialog, QLabel, QMenu, QPushButton, QToolButton, QVBoxLayout, QWidget,
)

from fate_desk.i18n import _, ngettext, rules_text
from fate_desk.model import Character, TrackClears, ladder_label
from fate_desk.rules import Derived, RuleSet
from fate_desk.rules.creation.checker import aspect_slots
from fate_desk.rules.creation.derive import derive_stress, mode_box_count, mode_stress_split, mode_tracks
from fate_desk.rules.creation.edits import add_stunt, set_aspect, set_mode, set_mode_stress, set_signature
from fate_desk.rules.creation.extra_edits import (
    add_track, change_track, buy_extra, buy_extras, fresh_track_id, remove_extra, remove_track, switch_extra, update_extra,
)
from fate_desk.rules.creation.extras import cost_text
from fate_desk.rules.creation.history import Refused
from fate_desk.rules.creation.packs import extra_as_shown, stunt_as_shown, track_as_shown
from fate_desk.rules.harm.tracks import begin_track_recovery, clear_parcel, clear_track, clears_text

from ..icons import icon
from ..widgets import FlowLayout, escape
from .common import style_hint


def grants_text(extra, ruleset: RuleSet) -> str:
    """'Physique +2, Weapon:2, a track (Fuel), one stunt' — what a switched-on extra brings. The
    rule set's skills show in the interface language (the extra keeps their English names)."""
    def shown(skill: str) -> str:
        return rules_text(skill, ruleset) if skill in ruleset.skills else skill

    parts = [f"{shown(k)} {v:+d}" for k, v in extra.skill_bonuses.items()]
    parts += [f"{shown(k)} {ladder_label(v)}" for k, v in extra.skills.items()]
    if extra.weapon:
        parts.append(_("Weapon:{rating}").format(rating=extra.weapon))
    if extra.armor:
        parts.append(_("Armor:{rating}").format(rating=extra.armor))
    parts += [_("aspect “{aspect}”").format(aspect=a) for a in extra.aspects]
    parts += [_("stunt “{stunt}”").format(stunt=s.name) for s in extra.stunts]
    parts += [_("track {track}").format(track=t.name) for t in extra.tracks]
    parts += [_("{severity} consequence slot").format(severity=_(s.severity.label).lower()) for s in extra.consequences]
    return ", ".join(parts) or _("nothing on the sheet (story only)")


class ExtraRow(QFrame):
    def __init__(self, section: "ExtrasSection", extra_id: str):
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.extra_id = extra_id
        grid = QGridLayout(self)
        grid.setContentsMargins(8, 4, 6, 4)
        self.switch = QCheckBox()
        self.switch.setToolTip(_("Switched on: it costs and grants. Off: neither."))
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.grants = QLabel()
        self.grants.setWordWrap(True)
        style_hint(self.grants)
        self.edit_button = QToolButton()
        self.edit_button.setText(_("Edit…"))
        self.remove_button = QToolButton()
        self.remove_button.setIcon(icon("remove"))
        self.remove_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # as a stunt's remove button
        grid.addWidget(self.switch, 0, 0)
        grid.addWidget(self.title, 0, 1)
        grid.addWidget(self.edit_button, 0, 2)
        grid.addWidget(self.remove_button, 0, 3)
        grid.addWidget(self.grants, 1, 1, 1, 3)
        grid.setColumnStretch(1, 1)
        self.switch.toggled.connect(lambda on: section.switch(self.extra_id, on))
        self.edit_button.clicked.connect(lambda: section.edit_extra(self.extra_id))
        self.remove_button.clicked.connect(lambda: section.remove_extra(self.extra_id))

    def show_extra(self, extra, ruleset: RuleSet) -> None:
        name = extra.name or _("(unnamed extra)")
        with QSignalBlocker(self.switch):
            self.switch.setChecked(extra.active)
        self.switch.setAccessibleName(_("{extra} switched on").format(extra=name))
        self.edit_button.setAccessibleName(_("Edit the extra {extra}").format(extra=name))
        self.remove_button.setAccessibleName(_("Remove the extra {extra}").format(extra=name))
        self.remove_button.setToolTip(_("Remove {extra} from the sheet (recorded in the history)").format(extra=name))
        permission = (" <small>{}</small>".format(_("(permission: {permission})").format(permission=escape(extra.permission)))
                      if extra.permission else "")
        state = "" if extra.active else " <small>{}</small>".format(_("— switched off"))
        costs = _("Costs {cost}").format(cost=escape(cost_text(extra.cost)))
        self.title.setText(f"<b>{escape(name)}</b>{permission}{state}<br><small>{costs}</small>")  # i18n: markup only
        self.grants.setText(_("Grants: {grants}").format(grants=grants_text(extra, ruleset)))


class TrackRow(QFrame):
    def __init__(self, section: "ExtrasSection", track_id: str):
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.track_id = track_id
        line = QHBoxLayout(self)
        line.setContentsMargins(8, 4, 6, 4)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.edit_button = QToolButton()
        self.edit_button.setText(_("Edit…"))
        self.clear_button = QToolButton()
        self.clear_button.setText(_("Clear"))
        self.treat_button = QToolButton()
        self.treat_button.setText(_("Treat…"))
        self.remove_button = QToolButton()
        self.remove_button.setIcon(icon("remove"))
        line.addWidget(self.label, 1)
        for button in (self.edit_button, self.clear_button, self.treat_button, self.remove_button):
            # As the stress boxes: no Tab stop, so a stray Tab and space never clears harm.
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            line.addWidget(button)
        self.edit_button.clicked.connect(lambda: section.edit_track(self.track_id))
        self.clear_button.clicked.connect(lambda: section.clear(self.track_id))
        self.treat_button.clicked.connect(lambda: section.treat(self.track_id))
        self.remove_button.clicked.connect(lambda: section.remove_track(self.track_id))

    def show_track(self, track, character: Character, own: bool, owner: str) -> None:
        marked = bool(character.stress.get(track.id))
        whose = " <small>{}</small>".format(_("(from {owner})").format(owner=escape(owner))) if owner else ""
        self.label.setText(f"<b>{escape(track.name)}</b>{whose}<br><small>{escape(clears_text(track))}</small>")  # i18n: markup only
        self.clear_button.setEnabled(marked)
        self.clear_button.setAccessibleName(_("Clear {track}").format(track=track.name))
        if track.clears == TrackClears.PARCEL:
            self.clear_button.setText(_("Loot…"))
            self.clear_button.setToolTip(_("A parcel of loot comes in: choose the marked boxes it clears"))
        else:
            self.clear_button.setText(_("Clear"))
            self.clear_button.setToolTip(
                _("{event}: clear its marked boxes now").format(event=track.event.strip().capitalize() or _("The GM says so"))
                if track.clears == TrackClears.EVENT else _("Clear its marked boxes now (the GM's call)"))
        self.treat_button.setVisible(track.clears == TrackClears.RECOVERY)
        self.treat_button.setEnabled(marked and not track.recovering)
        self.treat_button.setAccessibleName(_("Treat {track}").format(track=track.name))
        self.remove_button.setVisible(own)
        self.remove_button.setAccessibleName(_("Remove the track {track}").format(track=track.name))
        self.edit_button.setVisible(own)  # an extra's track is changed with its extra
        self.edit_button.setAccessibleName(_("Edit the track {track}").format(track=track.name))


class ExtrasSection:
    """The Extras and tracks box of the sheet."""

    def __init__(self, sheet, layout: QVBoxLayout):
        self.sheet = sheet
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.extras_holder = QVBoxLayout()
        layout.addLayout(self.extras_holder)
        self.tracks_holder = QVBoxLayout()
        layout.addLayout(self.tracks_holder)
        row = QWidget()
        buttons = FlowLayout(row)  # wraps when the words run long
        buttons.setContentsMargins(0, 0, 0, 0)
        self.add_extra_button = QPushButton(_("Add e&xtra…"))
        self.add_extra_button.setAccessibleName(_("Add an extra"))
        self.add_track_button = QPushButton(_("Add trac&k…"))
        self.add_track_button.setAccessibleName(_("Add a track"))
        self.library_button = QPushButton(_("&Library…"))
        self.library_button.setAccessibleName(_("Search the library of stunts, extras and aspects"))
        for button in (self.add_extra_button, self.add_track_button, self.library_button):
            buttons.addWidget(button)
        layout.addWidget(row)
        self.add_extra_button.clicked.connect(self.add_extra)
        self.add_track_button.clicked.connect(self.add_track)
        self.library_button.clicked.connect(self.open_library)
        self.extra_rows: list[ExtraRow] = []
        self.track_rows: list[TrackRow] = []
        self.dialog = None

    # --- showing -------------------------------------------------------------------------

    def update(self, character: Character, ruleset: RuleSet, derived: Derived) -> None:
        self._fit(self.extra_rows, self.extras_holder, [e.id for e in character.extras],
                  lambda eid: ExtraRow(self, eid))
        for row, extra in zip(self.extra_rows, character.extras):
            row.show_extra(extra, ruleset)
        owners = [(t, True, "") for t in character.tracks]
        owners += [(t, False, e.name) for e in character.extras if e.active for t in e.tracks]
        self._fit(self.track_rows, self.tracks_holder, [t.id for t, _own, _owner in owners], lambda tid: TrackRow(self, tid))
        for row, (track, own, owner) in zip(self.track_rows, owners):
            row.show_track(track, character, own, owner)
        bits = []
        if derived.extras_refresh:
            bits.append(_("extras cost {cost} refresh").format(cost=derived.extras_refresh))
        if derived.weapon or derived.armor:
            bits.append(" ".join(x for x in (_("Weapon:{rating}").format(rating=derived.weapon) if derived.weapon else "",
                                             _("Armor:{rating}").format(rating=derived.armor) if derived.armor else "")
                                 if x))
        if not character.extras and not owners:
            bits.append(_("no extras or tracks yet: gear, powers, allies and Wealth-style tracks go here"))
        text = "; ".join(bits)
        self.summary.setText(f"<small>{escape(text[:1].upper() + text[1:])}</small>" if bits else "")  # i18n: markup only

    @staticmethod
    def _fit(rows: list, holder: QVBoxLayout, ids: list[str], make) -> None:
        if [r.extra_id if hasattr(r, "extra_id") else r.track_id for r in rows] == ids:
            return
        for row in rows:
            row.hide()
            row.deleteLater()
        rows.clear()
        for item_id in ids:
            row = make(item_id)
            holder.addWidget(row)
            rows.append(row)

    # --- editing (each a core operation, one undo step) -----------------------------------

    def _apply(self, operation, text: str) -> bool:
        """Run a recorded operation on the sheet's character as one undo step; a refusal is shown."""
        def run(character):
            return operation(character).character
        try:
            run(self.sheet.character)
        except Refused as refused:
            self.sheet.document.saveFailed.emit(refused.problems[0].message)
            return False
        return self.sheet.edit(run, text)

    def _new_id(self, name: str) -> str:
        return fresh_track_id(self.sheet.character, name)

    def add_extra(self):
        # Deferred: gui.dialogs.extra_editor (~1 ms, 2 modules) is not loaded at start-up, only on first use.
        from ..dialogs.extra_editor import ExtraDialog

        self.dialog = ExtraDialog(self.sheet.ruleset, self._new_id, parent=self.sheet)
        self.dialog.accepted.connect(lambda: self._bought(self.dialog.result_extra))
        self.dialog.open()
        return self.dialog

    def _bought(self, extra) -> None:
        if extra is not None:
            self._apply(lambda c: buy_extra(c, extra), _("Add the extra {extra}").format(extra=extra.name))

    def edit_extra(self, extra_id: str):
        # Deferred: gui.dialogs.extra_editor (~1 ms, 2 modules) is not loaded at start-up, only on first use.
        from ..dialogs.extra_editor import ExtraDialog

        extra = next((e for e in self.sheet.character.extras if e.id == extra_id), None)
        if extra is None:
            return None
        self.dialog = ExtraDialog(self.sheet.ruleset, self._new_id, extra, parent=self.sheet)
        self.dialog.accepted.connect(lambda: self._changed(self.dialog.result_extra))
        self.dialog.open()
        return self.dialog

    def _changed(self, extra) -> None:
        if extra is not None:
            self.sheet.edit(lambda c: update_extra(c, extra), _("Change the extra {extra}").format(extra=extra.name))

    def switch(self, extra_id: str, on: bool) -> None:
        name = next((e.name for e in self.sheet.character.extras if e.id == extra_id), _("extra"))
        said = _("Switch on {extra}") if on else _("Switch off {extra}")
        self._apply(lambda c: switch_extra(c, extra_id, on), said.format(extra=name))

    def remove_extra(self, extra_id: str) -> None:
        name = next((e.name for e in self.sheet.character.extras if e.id == extra_id), _("extra"))
        self._apply(lambda c: remove_extra(c, extra_id), _("Remove the extra {extra}").format(extra=name))

    def add_track(self):
        # Deferred: gui.dialogs.extra_editor (~1 ms, 2 modules) is not loaded at start-up, only on first use.
        from ..dialogs.extra_editor import TrackDialog

        self.dialog = TrackDialog(self.sheet.ruleset, self._new_id, parent=self.sheet)
        self.dialog.accepted.connect(lambda: self._track_added(self.dialog.result_track))
        self.dialog.open()
        return self.dialog

    def _track_added(self, track) -> None:
        if track is not None:
            self._apply(lambda c: add_track(c, track), _("Add the track {track}").format(track=track.name))

    def edit_track(self, track_id: str):
        """Change one of the character's own tracks (its name, boxes, link, how it clears)."""
        # Deferred: gui.dialogs.extra_editor (~1 ms, 2 modules) is not loaded at start-up, only on first use.
        from ..dialogs.extra_editor import TrackDialog

        track = next((t for t in self.sheet.character.tracks if t.id == track_id), None)
        if track is None:
            return None
        self.dialog = TrackDialog(self.sheet.ruleset, self._new_id, track, parent=self.sheet)
        self.dialog.accepted.connect(lambda: self._track_changed(self.dialog.result_track))
        self.dialog.open()
        return self.dialog

    def _track_changed(self, track) -> None:
        if track is not None:
            self._apply(lambda c: change_track(c, track), _("Change the track {track}").format(track=track.name))

    def remove_track(self, track_id: str) -> None:
        self._apply(lambda c: remove_track(c, track_id), _("Remove a track"))

    def clear(self, track_id: str):
        campaign = self.sheet.document.campaign
        track = next((t for t in self.sheet.character.all_tracks() if t.id == track_id), None)
        if track is not None and track.clears == TrackClears.PARCEL:
            return self.loot(track_id)
        self._apply(lambda c: clear_track(c, track_id, when=campaign.clock), _("Clear a track"))
        return None

    def loot(self, track_id: str):
        """A parcel of loot: the player picks the marked boxes it clears (Wealth)."""
        # Deferred: gui.sheet.parcel (<1 ms, 1 module) is not loaded at start-up, only on first use.
        from .parcel import ParcelDialog

        campaign = self.sheet.document.campaign
        self.dialog = ParcelDialog(self.sheet.character, track_id, parent=self.sheet)
        self.dialog.accepted.connect(lambda: self._apply(
            lambda c: clear_parcel(c, track_id, self.dialog.parcel.value(), self.dialog.chosen(), when=campaign.clock),
            _("Clear boxes with a parcel of loot")))
        self.dialog.open()
        return self.dialog

    def treat(self, track_id: str):
        """Record the overcome roll that starts a lasting track's recovery."""
        campaign = self.sheet.document.campaign
        dialog = QInputDialog(self.sheet)
        dialog.setObjectName("treatTrackDialog")
        dialog.setWindowTitle(_("Treat"))
        dialog.setLabelText(_("The overcome roll's result (effort), against {difficulty} for a lasting track:").format(
            difficulty=ladder_label(4)))
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(-4, 12)
        dialog.setIntValue(4)
        dialog.intValueSelected.connect(
            lambda effort: self._apply(lambda c: begin_track_recovery(c, track_id, effort, when=campaign.clock),
                                       _("Treat a track")))
        self.dialog = dialog
        dialog.open()
        return dialog

    def open_library(self):
        # Deferred: gui.dialogs.library (~3 ms, 2 modules) is not loaded at start-up, only on first use.
        from ..dialogs.library import LibraryDialog, packs_for

        packs = packs_for(self.sheet.document.catalog, self.sheet.ruleset.id)
        self.dialog = LibraryDialog(packs, parent=self.sheet)
        self.dialog.accepted.connect(lambda: self.insert(self.dialog.entry()))
        self.dialog.open()
        return self.dialog

    def insert(self, entry) -> bool:
        if entry is None:
            return False
        item = entry.item
        # What goes on the sheet reads in the interface language, as if the player had typed it.
        if entry.kind == "stunt":
            stunt = stunt_as_shown(item)
            return self.sheet.edit(lambda c: add_stunt(c, stunt),
                                   _("Add the stunt {stunt} from the library").format(stunt=stunt.name))
        if entry.kind == "extra":
            pack = self.sheet.document.catalog.packs[entry.pack_id]  # by id: two packs may share a name
            # The extra and those it includes the sheet does not own yet: one purchase, one step.
            bundle = [extra_as_shown(extra)
                      for extra in pack.bundle(item.id, [e.name for e in self.sheet.character.extras])]
            return self._apply(lambda c: buy_extras(c, bundle),
                               _("Add the extra {extra} from the library").format(extra=entry.shown_title()))
        if entry.kind == "track":
            track = track_as_shown(item)
            return self._apply(lambda c: add_track(c, track),
                               _("Add the track {track} from the library").format(track=track.name))
        character, ruleset = self.sheet.character, self.sheet.ruleset
        empty = next((i for i, (_role, index) in enumerate(aspect_slots(character, ruleset))
                      if index is None or not character.aspects[index].text.strip()), None)
        if empty is None:
            self.sheet.document.saveFailed.emit(_("Every aspect slot is written: clear one to take this aspect."))
            return False
        text = entry.shown_title()
        return self.sheet.edit(lambda c: set_aspect(c, ruleset, empty, text), _("Add an aspect from the library"))

    def focus_chain(self) -> list[QWidget]:
        return [self.add_extra_button, self.add_track_button, self.library_button]


class ModesSection:
    """Mode ratings, for rule sets that rate skills through modes (Atomic Robo): a choice per mode."""

    def __init__(self, sheet, box):
        self.sheet = sheet
        self.box = box
        self.form = QFormLayout(box)
        self.combos: dict[str, QComboBox] = {}
        self.splits: dict[str, QComboBox] = {}
        self.signature: QToolButton | None = None
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        style_hint(self.hint)

    def update(self, character: Character, ruleset: RuleSet) -> None:
        modes = ruleset.modes
        self.box.setVisible(modes is not None or ruleset.signature_aspects)
        self._signature(character, ruleset)
        if modes is None:
            return
        names = [m.name for m in modes.modes]
        if list(self.combos) != names:
            while self.form.rowCount() > (1 if self.signature is not None else 0):
                self.form.removeRow(self.form.rowCount() - 1)
            self.combos = {}
            self.splits = {}
            for spec in modes.modes:
                combo = QComboBox()
                mode = rules_text(spec.name)  # the rule set's mode, keyed by its English name
                combo.setAccessibleName(_("{mode} mode rating").format(mode=mode))
                combo.setToolTip(_("{mode}: {skills}").format(mode=mode, skills=", ".join(
                    rules_text(skill) for skill in spec.skills)))
                combo.addItem(_("Not taken"), None)
                for rating in sorted(set(modes.ratings), reverse=True):
                    combo.addItem(ladder_label(rating), rating)
                combo.activated.connect(lambda _index, n=spec.name, c=combo: self._rate(n, c.currentData()))
                self.form.addRow(_("{mode}:").format(mode=mode), combo)
                self.combos[spec.name] = combo
                if len(mode_tracks(ruleset, spec.name)) > 1:
                    # "If a mode has skills that apply to both scopes, pick one": where its boxes go.
                    split = QComboBox()
                    split.setAccessibleName(_("Where the {mode} mode's extra stress boxes go").format(mode=mode))
                    split.activated.connect(lambda _index, n=spec.name, c=split: self._split(n, c.currentData()))
                    self.form.addRow(_("{mode} stress boxes:").format(mode=mode), split)
                    self.splits[spec.name] = split
            self.hint = QLabel()
            self.hint.setWordWrap(True)
            style_hint(self.hint)
            self.form.addRow(self.hint)
        for name, combo in self.combos.items():
            with QSignalBlocker(combo):
                combo.setCurrentIndex(max(0, combo.findData(character.modes.get(name))))
        for name, split in self.splits.items():
            self._fill_split(split, character, ruleset, name)
        left = modes.improvement_points(list(character.modes))
        self.hint.setText(_("Rate {count} modes, one at each of {ratings}; their skills start at the "
                            "mode's rating. The modes chosen leave {left} of {points} points "
                            "to focus (1) and specialize (2 more) skills.").format(
            count=len(modes.ratings), ratings=", ".join(ladder_label(r) for r in modes.ratings), left=left,
            points=modes.character_points))

    def _signature(self, character: Character, ruleset: RuleSet) -> None:
        """Signature aspects (Atomic Robo, "Have a Signature Aspect"): ticked in a menu of the
        sheet's aspects; a compel on one offers two fate points."""
        if not ruleset.signature_aspects:
            if self.signature is not None:
                self.form.setRowVisible(self.signature, False)
            return
        if self.signature is None:
            self.signature = QToolButton()
            self.signature.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
            self.signature.setAccessibleName(_("Signature aspects"))
            self.signature.setToolTip(_("An aspect a stunt made your signature: a compel on it offers two fate "
                                        "points, and refusing costs two"))
            self.signature.setMenu(QMenu(self.signature))
            self.form.insertRow(0, _("Signature aspects:"), self.signature)
        self.form.setRowVisible(self.signature, True)
        menu = self.signature.menu()
        written = [(i, a) for i, a in enumerate(character.aspects) if a.text.strip()]
        if [(a.data(), a.text()) for a in menu.actions()] != [(i, a.text) for i, a in written]:
            menu.clear()  # the aspects changed; never while one of its own ticks is being handled
            for index, aspect in written:
                action = menu.addAction(aspect.text)
                action.setData(index)
                action.setCheckable(True)
                action.toggled.connect(lambda on, i=index: self._sign(i, on))
        for action in menu.actions():
            with QSignalBlocker(action):
                action.setChecked(bool(character.aspects[action.data()].signature))
        chosen = [a.text for a in character.aspects if a.signature and a.text.strip()]
        self.signature.setText(", ".join(chosen) or _("None"))

    def _sign(self, index: int, on: bool) -> None:
        said = _("Make an aspect a signature aspect") if on else _("Make an aspect an ordinary aspect")
        self.sheet.edit(lambda c: set_signature(c, index, on), said)

    def _fill_split(self, split: QComboBox, character: Character, ruleset: RuleSet, name: str) -> None:
        """Every way to place the mode's boxes on its tracks (all on one, or shared), the sheet's now chosen."""
        rating = character.modes.get(name)
        n = mode_box_count(ruleset, rating) if rating is not None else 0
        self.form.setRowVisible(split, n > 0)
        tracks = mode_tracks(ruleset, name)
        names = derive_stress(character, ruleset)[1]
        with QSignalBlocker(split):
            split.clear()
            for first in range(n, -1, -1):
                placed = {tracks[0]: first, tracks[1]: n - first}
                words = [ngettext("{count} {track}", "{count} {track}", b).format(
                    count=b, track=rules_text(names.get(t, t)).lower()) for t, b in placed.items() if b]
                split.addItem(", ".join(words), placed)
            now = mode_stress_split(character, ruleset, name)
            split.setCurrentIndex(max(0, next((i for i in range(split.count())
                                                if {k: v for k, v in split.itemData(i).items() if v} == now), 0)))

    def _split(self, name: str, placed: dict) -> None:
        self.sheet.edit(lambda c: set_mode_stress(c, name, placed),
                        _("Place the {mode} mode's stress boxes").format(mode=rules_text(name)))

    def _rate(self, name: str, rating) -> None:
        self.sheet.edit(lambda c: set_mode(c, name, rating), _("Rate the {mode} mode").format(mode=rules_text(name)))
