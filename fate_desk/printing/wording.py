"""Short phrases about a rule set's stress, shared by sheets and reference cards (no reportlab)."""

from __future__ import annotations

from fate_desk.i18n import N_, _, ngettext, rules_text
from fate_desk.model import Severity, ladder_label
from fate_desk.rules import RuleSet
from fate_desk.rules.creation.derive import join_words
from fate_desk.rules.creation.ruleset import StressMarking
from fate_desk.rules.harm.recovery import treatment_difficulty
from fate_desk.rules.harm.tracks import clears_text

# Recovery: the overcome difficulty that starts it (from the rules), and how long the renamed
# consequence lasts, in the printed sheet's words.
_RECOVERY_TIME = {
    Severity.MILD: N_("one whole scene"),
    Severity.MODERATE: N_("one whole session"),
    Severity.SEVERE: N_("the next breakthrough"),
}
RECOVERY = {severity: (treatment_difficulty(severity), time) for severity, time in _RECOVERY_TIME.items()}


# Fate Accelerated has no recovery roll: a consequence clears after time alone (fae-srd.md,
# "Getting Better—Recovering from Stress and Consequences": mild at the end of the scene,
# moderate at the end of the next session, severe at the end of the scenario).
_WAITED = {
    Severity.MILD: N_("clears at the end of the scene (with a chance to rest)"),
    Severity.MODERATE: N_("clears at the end of the next session"),
    Severity.SEVERE: N_("clears at the end of the scenario"),
}


def recovery_by_waiting(ruleset: RuleSet) -> bool:
    """True for a rule set whose consequences clear with time and no overcome roll: its
    milestones clear consequences held long enough and never start a recovery."""
    grants = ruleset.advancement.grants.values()
    return not any(g.begin_recovery for g in grants) and any(g.clear_held for g in grants)


def recovery_caption(ruleset: RuleSet, severity: Severity) -> str:
    """How a consequence of this severity recovers, for the line under its slot."""
    if recovery_by_waiting(ruleset):
        return _(_WAITED[severity]) if severity in _WAITED else _("permanent")
    recovery = RECOVERY.get(severity)
    return _("recover at {rating}").format(rating=ladder_label(recovery[0])) if recovery else _("permanent")


def recovery_paragraph(ruleset: RuleSet) -> str:
    """The recovery rule for a reference card or the cheat sheet (safe markup)."""
    if recovery_by_waiting(ruleset):
        return _("<b>Recovery:</b> no roll; say how you recover and wait. A mild consequence at the end "
                 "of the scene (with a chance to rest), a moderate one at the end of the next session, a severe "
                 "one at the end of the scenario. Rename a moderate or severe consequence when the story "
                 "changes it.")
    # Fate Condensed ends a severe consequence at a breakthrough; Core after a scenario.
    severe_time = _("one whole scenario") if ruleset.id == "fate-core" else _(RECOVERY[Severity.SEVERE][1])
    rolls = join_words([_("{severity} {rating}").format(severity=_SEVERITY_WORD[sev](), rating=ladder_label(diff))
                        for sev, (diff, _unused) in RECOVERY.items()])
    return _("<b>Recovery:</b> someone succeeds at an overcome roll against {rolls} (+2 when treating yourself). "
             "Then rename it; it clears after {mild} (mild), {moderate} (moderate) or {severe} (severe).").format(
        rolls=rolls, mild=_(RECOVERY[Severity.MILD][1]), moderate=_(RECOVERY[Severity.MODERATE][1]),
        severe=severe_time)


# A consequence's severity in the middle of a sentence.
_SEVERITY_WORD = {
    Severity.MILD: lambda: _("mild"),
    Severity.MODERATE: lambda: _("moderate"),
    Severity.SEVERE: lambda: _("severe"),
    Severity.EXTREME: lambda: _("extreme"),
}


def refresh_note(explanation: str, refresh: int) -> str:
    """The refresh explanation, with a refresh below 1 flagged (the rules never allow it)."""
    if refresh < 1:
        return _("{explanation}; below 1: too many stunts").format(explanation=explanation)
    return explanation


def marking_note(ruleset: RuleSet) -> str:
    if ruleset.stress.marking == StressMarking.ANY:
        return _("each box absorbs 1 shift; mark as many as you need")
    return _("mark one box per hit, worth at least the hit")


def track_levels(ruleset: RuleSet, track_id: str) -> str:
    """How a rule-set track grows, e.g. '3 boxes, 4 boxes from Average (+1), 6 boxes from Good (+3)';
    empty for an unknown or fixed track."""
    track = next((t for t in ruleset.stress.tracks if t.id == track_id), None)
    if track is None or (len(track.levels) == 1 and not track.skills):
        return ""

    def describe(boxes: list[int]) -> str:
        if len(boxes) > 12 or all(v == 1 for v in boxes):
            return ngettext("{count} box", "{count} boxes", len(boxes)).format(count=len(boxes))
        return _("boxes {values}").format(values=" ".join(map(str, boxes)))

    parts = [describe(track.levels[0].boxes)]
    parts += [_("{boxes} from {rating}").format(boxes=describe(level.boxes), rating=ladder_label(level.at))
              for level in track.levels[1:]]
    return ", ".join(parts)


def track_skills(ruleset: RuleSet, track_id: str) -> str:
    track = next((t for t in ruleset.stress.tracks if t.id == track_id), None)
    return _(" or ").join(rules_text(skill) for skill in track.skills) if track else ""


def track_caption(ruleset: RuleSet, track_id: str) -> str:
    """'Physique: 3 boxes, 4 boxes from Average (+1), …' for a blank form."""
    levels = track_levels(ruleset, track_id)
    who = track_skills(ruleset, track_id)
    return _("{skills}: {levels}").format(skills=who, levels=levels) if who and levels else levels


def track_caption(track) -> str:
    """What a custom track's line says, on sheets and cards: how its boxes clear, then the
    track's own notes."""
    notes = " ".join(track.notes.split())
    return f"{clears_text(track)} {notes}" if notes else clears_text(track)


def extra_grants(extra) -> list[str]:
    """What a switched-on extra gives its owner, each in a few words, the same on the sheet and
    the GM's card: skill bonuses and skills, Weapon and Armor, aspects, tracks and slots."""
    grants = [f"{rules_text(k)} {v:+d}" for k, v in extra.skill_bonuses.items()]
    grants += [f"{rules_text(k)} {ladder_label(v)}" for k, v in extra.skills.items()]
    grants += ([_("Weapon:{rating}").format(rating=extra.weapon)] * bool(extra.weapon)
               + [_("Armor:{rating}").format(rating=extra.armor)] * bool(extra.armor))
    grants += [_("aspect {aspect}").format(aspect=a) for a in extra.aspects]
    grants += [_("the track {track}").format(track=rules_text(t.name)) for t in extra.tracks]
    grants += [_("a {severity} consequence slot").format(severity=_(s.severity.label).lower())
               for s in extra.consequences]
    return grants


def skill_phrase(name: str, rating: int) -> str:
    """'Good (+3) Fight'; a free-form skill that already names its rating ('Fair (+2) at
    Getting into Bar Fights') is printed as written."""
    label = ladder_label(rating)
    return name if label.casefold() in name.casefold() else f"{label} {rules_text(name)}"


def played_phrase(name: str, rating: int, extras: str = "") -> str:
    """'Great (+4) Drive (with The Night Heron)': a skill at the rating it is rolled at, naming
    the extras that raise it above the character's own."""
    phrase = skill_phrase(name, rating)
    return _("{skill} (with {extras})").format(skill=phrase, extras=extras) if extras else phrase


def raised_by_extras(character, derived) -> dict[str, tuple[int, str]]:
    """The skills the character's switched-on extras raise (a bonus, or a skill of the extra's
    own above the character's): each with the rating it is rolled at (derive's) and the names
    of the extras that raise it."""
    extras = character.active_extras()
    if not extras:
        return {}
    out = {}
    for name, rating in derived.skills.items():
        if rating == character.rating(name):
            continue
        folded = name.casefold()
        why = ", ".join(e.name.strip() or _("Extra") for e in extras
                        if any(k.casefold() == folded for k in (*e.skill_bonuses, *e.skills)))
        out[name] = (rating, why)
    return out
