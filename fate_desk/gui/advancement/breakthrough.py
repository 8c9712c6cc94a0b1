"""The advancement dialog for any milestone larger than a single change: Fate Condensed's
breakthrough, Fate Core's and Accelerated's minor, significant and major milestones. It shows
exactly the parts the rule set's milestone grants; choices that cannot be taken say why."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import (
    QCheckBox, QDialogButtonBox, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QScrollArea, QVBoxLayout, QWidget,
)

from fate_desk.i18n import N_, _, ngettext, pgettext, rules_text
from fate_desk.model import AspectRole, CampaignOptions, Character, ClockStamp, Stunt
from fate_desk.rules import RuleSet
from fate_desk.rules.advancement.milestones import BreakthroughChoice, advance_options, apply_advance, arc_level
from fate_desk.rules.creation.ruleset import MilestoneGrant, MilestoneLevel

from ..dialogs.base import FormDialog
from ..forms import child
from ..widgets import escape
from .milestone import MilestonePicker
from .preview import show_outcome
from .raises import RaisesPicker


# The largest the dialog opens at: with its frame it fits a 1024x700 screen.
FITS = QSize(960, 620)


# Consequence severities as the summaries name them (lower case, inside a sentence).
_SEVERITIES = {"mild": N_("mild"), "moderate": N_("moderate"), "severe": N_("severe"), "extreme": N_("extreme")}


def _severity(value: str) -> str:
    return _(_SEVERITIES[value]) if value in _SEVERITIES else value


def _join(words: list[str], last: str = "and") -> str:
    """'a, b and c' (or 'a, b or c') in the interface language."""
    if len(words) <= 1:
        return "".join(words)
    items, final = ", ".join(words[:-1]), words[-1]
    if last == "or":
        return _("{items} or {last}").format(items=items, last=final)
    return _("{items} and {last}").format(items=items, last=final)


def grant_summary(grant: MilestoneGrant, ruleset: RuleSet) -> str:
    """'one change to the sheet, one skill point, +1 refresh, …': what a milestone gives."""
    parts = [_("one change to the sheet (or none)")] if grant.change else []
    word = rules_text(ruleset.skill_word)
    if grant.skill_points:
        n = grant.skill_points
        parts.append(ngettext("one {word} point", "{count} {word} points", n).format(word=word, count=n))
    if grant.refresh:
        parts.append(_("+{count} refresh").format(count=grant.refresh))
    if grant.raise_cap:
        parts.append(_("one {word} may rise a step above the cap").format(word=word))
    if grant.high_concept:
        parts.append(_("a new high concept if wanted"))
    kinds = sorted({s.value for s in [*grant.begin_recovery, *grant.clear_recovering]})
    if kinds:
        parts.append(_("recovery for {kinds} consequences").format(kinds=_join([_severity(k) for k in kinds], "or")))
    if grant.clear_held:
        held = [ngettext("{severity} held {count} session", "{severity} held {count} sessions", n).format(
            severity=_severity(sev.value), count=n) for sev, n in grant.clear_held.items()]
        parts.append(_("clearing a consequence ({held})").format(held=_join(held, "or")))
    if grant.gm_power_up:
        parts.append(_("whatever the GM grants"))
    return _join(parts)


class BreakthroughDialog(FormDialog):
    """Everything decided at a PC's milestone or breakthrough; the preview is the core operation's
    own result. `level` is the rule set's kind of milestone (default: the one an arc's end brings)."""

    def __init__(self, character: Character, ruleset: RuleSet, options: CampaignOptions | None = None,
                 when: ClockStamp | None = None, parent: QWidget | None = None,
                 level: MilestoneLevel | None = None):
        name = character.name or _("(unnamed)")
        self.level = level or arc_level(ruleset)
        self.grant = ruleset.advancement.total(self.level)
        label = rules_text(self.grant.label)
        lower = label.lower()  # inside a sentence
        super().__init__("table_breakthrough", _("{milestone} for {name}").format(milestone=label, name=name), parent)
        self.character, self.ruleset, self.options, self.when = character, ruleset, options, when
        offer = advance_options(character, self.level, ruleset, options, when)
        self.base_points = offer.skill_points
        # English's "a" or "an" (a language without articles leaves {article} out).
        article = (pgettext("article before a vowel", "an") if self.grant.label[:1].lower() in "aeiou"
                   else pgettext("article", "a"))
        values = dict(name=escape(name), article=article, milestone=escape(lower),
                      grants=escape(grant_summary(self.grant, ruleset)))
        if when and self.level in (MilestoneLevel.BREAKTHROUGH, ruleset.advancement.arc_end) and when.arc:
            heading = _("<b>{name}</b> reaches {article} {milestone} at the end of arc {arc}: {grants}.")
            values["arc"] = when.arc
        elif when and when.session:
            heading = _("<b>{name}</b> reaches {article} {milestone} (session {session}): {grants}.")
            values["session"] = when.session
        else:
            heading = _("<b>{name}</b> reaches {article} {milestone}: {grants}.")
        child(self.form, QLabel, "headingLabel").setText(heading.format(**values))
        child(self.form, QGroupBox, "previewBox").setTitle(_("The sheet after the {milestone}").format(milestone=lower))
        self.picker = MilestonePicker(character, ruleset, options, self, none_text=_("No milestone change"))
        child(self.form, QVBoxLayout, "pickerHolder").addWidget(self.picker)
        self.concept_check: QCheckBox = child(self.form, QCheckBox, "conceptCheck")
        self.concept_edit: QLineEdit = child(self.form, QLineEdit, "conceptEdit")
        self.concept_edit.setText(character.aspect_text(AspectRole.HIGH_CONCEPT))
        self.concept_check.toggled.connect(self.concept_edit.setEnabled)
        self.refresh_check: QCheckBox = child(self.form, QCheckBox, "refreshCheck")
        self.buy_check: QCheckBox = child(self.form, QCheckBox, "buyStuntCheck")
        self.stunt_name: QLineEdit = child(self.form, QLineEdit, "powerStuntNameEdit")
        self.stunt_text: QLineEdit = child(self.form, QLineEdit, "powerStuntTextEdit")
        self.skill_point_check: QCheckBox = child(self.form, QCheckBox, "skillPointCheck")
        self.refresh_check.setText(_("+{count} refresh ({before} → {after} before stunts)").format(
            count=1, before=character.refresh, after=character.refresh + 1))
        self.refresh_check.toggled.connect(self._power_ups)
        self.buy_check.toggled.connect(self._power_ups)
        self._show_granted(character)
        self.recoveries = self._build_recovery(offer)
        self.raises = RaisesPicker(character, ruleset, self.base_points, self, offer.cap, offer.above_cap,
                                   scrolls=False)
        child(self.form, QVBoxLayout, "raisesHolder").addWidget(self.raises)
        self.skill_point_check.toggled.connect(
            lambda on: self.raises.set_points(self.base_points + (1 if on else 0)))
        self.preview: QLabel = child(self.form, QLabel, "previewLabel")
        buttons: QDialogButtonBox = child(self.form, QDialogButtonBox, "buttons")
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(_("Take this {milestone}").format(milestone=lower))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        for signal in (self.picker.changed, self.raises.changed, self.concept_check.toggled,
                       self.concept_edit.textChanged, self.refresh_check.toggled, self.buy_check.toggled,
                       self.stunt_name.textChanged, self.stunt_text.textChanged, self.skill_point_check.toggled):
            signal.connect(lambda *_args: self._update())
        self._update()
        # One scroll area (the choices); the preview beside it. Sized for a 1024x700 screen with
        # the window frame, and never larger than the screen the dialog opens on.
        scroll = child(self.form, QScrollArea, "choicesScroll")
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        body = child(self.form, QWidget, "choicesBody")
        scroll.setMinimumWidth(body.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width() + 4)
        room = self.screen().availableGeometry()
        self.resize(min(FITS.width(), room.width() - 40), min(FITS.height(), room.height() - 60))

    def _show_granted(self, character: Character) -> None:
        """Only the parts this milestone grants are shown; a granted refresh is given, not asked."""
        grant = self.grant
        # Hidden parts leave room: the shown groups keep their natural height, the rest is space below.
        child(self.form, QVBoxLayout, "choicesLayout").addStretch(1)
        child(self.form, QWidget, "milestoneBox").setVisible(grant.change)
        child(self.form, QWidget, "conceptBox").setVisible(grant.high_concept)
        child(self.form, QWidget, "raisesBox").setVisible(bool(grant.skill_points or grant.gm_power_up
                                                               or character.saved_skill_points))
        box = child(self.form, QGroupBox, "powerUpBox")
        box.setVisible(grant.gm_power_up or grant.refresh > 0)
        if not grant.gm_power_up:
            box.setTitle(_("Refresh the {milestone} grants").format(milestone=rules_text(grant.label).lower()))
            self.skill_point_check.setVisible(False)
            after = character.refresh + grant.refresh
            self.refresh_check.setText(_("+{count} refresh ({before} → {after} before stunts)").format(
                count=grant.refresh, before=character.refresh, after=after))
            self.refresh_check.setChecked(True)
            self.refresh_check.setEnabled(False)  # granted, not a choice
            self._power_ups()

    def _build_recovery(self, offer) -> dict[str, tuple[QCheckBox, QLineEdit]]:
        layout: QVBoxLayout = child(self.form, QVBoxLayout, "recoveryLayout")
        rows = {}
        for status in offer.begin_recovery:
            check = QCheckBox(_("Begin recovery: {consequence}").format(consequence=status.label))
            edit = QLineEdit()
            edit.setPlaceholderText(_("New name (as it heals)"))
            edit.setEnabled(False)
            check.toggled.connect(edit.setEnabled)
            check.toggled.connect(lambda *_args: self._update())
            edit.textChanged.connect(lambda *_args: self._update())
            row = QHBoxLayout()
            row.addWidget(check)
            row.addWidget(edit, 1)
            layout.addLayout(row)
            rows[status.value] = (check, edit)
        for name in offer.clears:
            layout.addWidget(QLabel(_("Clears: “{consequence}” (it was already recovering)").format(
                consequence=escape(name))))
        self.extremes: dict[int, QLineEdit] = {}
        for index in offer.extreme_aspects:
            edit = QLineEdit()
            edit.setPlaceholderText(_("Rename “{aspect}” (optional)").format(aspect=self.character.aspects[index].text))
            edit.textChanged.connect(lambda *_args: self._update())
            layout.addWidget(QLabel(_("An extreme consequence stays, but may be renamed:")))
            layout.addWidget(edit)
            self.extremes[index] = edit
        self.held: dict[str, QCheckBox] = {}
        for status in offer.clear_held:
            check = QCheckBox(_("Clear: {consequence}").format(consequence=status.label))
            check.setEnabled(status.available)
            check.setToolTip(status.reason)
            check.toggled.connect(lambda *_args: self._update())
            layout.addWidget(check)
            if status.reason:
                note = QLabel(f"<small>{escape(status.reason)}</small>")  # i18n: not shown (markup)
                note.setWordWrap(True)
                note.setEnabled(status.available)
                layout.addWidget(note)
            self.held[status.value] = check
        grant = self.grant
        kinds = sorted({s.value for s in [*grant.begin_recovery, *grant.clear_recovering, *grant.clear_held]})
        if not (rows or offer.clears or offer.extreme_aspects or self.held):
            layout.addWidget(QLabel(
                _("No {kinds} consequence to recover from.").format(kinds=_join([_severity(k) for k in kinds], "or"))
                if kinds else _("No lasting consequence to recover from.")))
        child(self.form, QWidget, "recoveryBox").setVisible(bool(kinds or grant.rename_extreme))
        return rows

    def _power_ups(self) -> None:
        on = self.refresh_check.isChecked()
        self.buy_check.setEnabled(on)
        buying = on and self.buy_check.isChecked()
        self.stunt_name.setEnabled(buying)
        self.stunt_text.setEnabled(buying)

    def choice(self) -> BreakthroughChoice:
        buying = self.refresh_check.isChecked() and self.buy_check.isChecked()
        concept = self.concept_edit.text() if self.concept_check.isChecked() else None
        return BreakthroughChoice(
            milestone=self.picker.choice(),
            high_concept=concept,
            recoveries={slot: edit.text() for slot, (check, edit) in self.recoveries.items() if check.isChecked()},
            raises=self.raises.raises(),
            gm_refresh=self.grant.gm_power_up and self.refresh_check.isChecked(),
            gm_skill_point=self.grant.gm_power_up and self.skill_point_check.isChecked(),
            new_stunt=Stunt(name=self.stunt_name.text(), text=self.stunt_text.text()) if buying else None,
            extreme_renames={i: e.text() for i, e in self.extremes.items() if e.text().strip()},
            clears=tuple(slot for slot, check in self.held.items() if check.isChecked()),
        )

    def _update(self) -> None:
        show_outcome(
            self.preview, self.ok, self.character,
            lambda: apply_advance(self.character, self.level, self.choice(), self.ruleset, self.options, self.when),
            self.ruleset, self.options,
        )
