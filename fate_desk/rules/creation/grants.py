"""What a character's advancement history has granted: skill points, refresh, a higher cap.

The checker compares the sheet with these totals, so a sheet edited by hand past what its
milestones and breakthroughs gave is reported. Each entry counts what its kind grants in the
rule set; where the grant is optional (the GM's power-up) the entry's recorded changes say
whether it was taken.
"""

from __future__ import annotations

from fate_desk.i18n import _
from fate_desk.model import Character, FieldChange, HistoryEntry

from fate_desk.rules.creation.ruleset import MilestoneLevel, RuleSet


def _delta(entry: HistoryEntry, field: str) -> int:
    for change in entry.changes:
        if change.field == field:
            before = change.before if isinstance(change.before, int) else 0
            after = change.after if isinstance(change.after, int) else 0
            return after - before
    return 0


def _skill_delta(entry: HistoryEntry) -> int:
    """Skill points the entry added to the sheet (ratings above Mediocre)."""
    total = 0
    for change in entry.changes:
        if change.field.startswith("skills"):
            before = change.before if isinstance(change.before, int) else 0
            after = change.after if isinstance(change.after, int) else 0
            total += max(0, after) - max(0, before)
    return total


def entry_level(entry: HistoryEntry, ruleset: RuleSet) -> MilestoneLevel | None:
    return ruleset.advancement.by_history_kind(entry.kind)


def _grants(character: Character, ruleset: RuleSet):
    """(entry, whole grant) for each history entry that is one of the rule set's milestones."""
    for entry in character.advancement:
        level = entry_level(entry, ruleset)
        if level is not None:
            yield entry, ruleset.advancement.total(level)


def skill_points_granted(character: Character, ruleset: RuleSet) -> int:
    """Skill points every milestone and breakthrough in the history gave, GM power-ups included."""
    if not character.advancement:
        return 0  # no history yet (the common case)
    total = 0
    for entry, grant in _grants(character, ruleset):
        given = grant.skill_points
        if grant.gm_power_up:  # the GM's second point shows in what the entry spent or saved
            recorded = _skill_delta(entry) + _delta(entry, "saved_skill_points")
            given = max(given, min(recorded, given + 1))
        total += given
    return total


def unrecorded_power_ups(character: Character, ruleset: RuleSet) -> list[HistoryEntry]:
    """Entries that could bring the GM's refresh power-up (Fate Condensed's breakthrough) but
    record no change of refresh: a hand-written history that never itemised the power-up."""
    return [entry for entry, grant in _grants(character, ruleset)
            if grant.gm_power_up and not any(c.field == "refresh" for c in entry.changes)]


def _skill_changes(entry: HistoryEntry) -> bool:
    return any(c.field.startswith("skills") or c.field == "saved_skill_points" for c in entry.changes)


def unitemised_cap_raises(character: Character, ruleset: RuleSet) -> list[HistoryEntry]:
    """Milestones that let a skill pass the cap (Fate Core's major milestone: "Advance a skill beyond
    the campaign's current skill cap") whose entry records no change of skill: a hand-kept history
    that never listed the raise it may have brought."""
    return [entry for entry, grant in _grants(character, ruleset) if grant.raise_cap and not _skill_changes(entry)]


def unitemised_point_power_ups(character: Character, ruleset: RuleSet) -> list[HistoryEntry]:
    """Entries that could bring the GM's second skill point (Fate Condensed's breakthrough power-up)
    but record no change of skill at all."""
    return [entry for entry, grant in _grants(character, ruleset) if grant.gm_power_up and not _skill_changes(entry)]


def record_power_up(character: Character, ruleset: RuleSet, entry_id: str) -> Character:
    """Itemise the GM's refresh power-up in a breakthrough entry that did not record it: the
    entry gains a change of refresh by +1, which the checker then counts toward the base."""
    entries = list(character.advancement)
    index = next((i for i, e in enumerate(entries) if e.id == entry_id), None)
    if index is None or entries[index] not in unrecorded_power_ups(character, ruleset):
        raise ValueError(_("that history entry cannot take the GM's refresh power-up"))
    before = refresh_granted(character.model_copy(update={"advancement": entries[:index]}), ruleset)
    base = ruleset.refresh_start + before
    change = FieldChange(field="refresh", before=base, after=base + 1)
    entries[index] = entries[index].model_copy(update={"changes": [*entries[index].changes, change]})
    return character.model_copy(update={"advancement": entries})


def refresh_granted(character: Character, ruleset: RuleSet) -> int:
    """Refresh the history added to the starting refresh (major milestones, GM power-ups)."""
    if not character.advancement:
        return 0  # no history yet (the common case)
    total = 0
    for entry, grant in _grants(character, ruleset):
        if grant.gm_power_up:  # optional: the entry's recorded change says whether it was taken
            total += max(0, min(_delta(entry, "refresh"), grant.refresh + 1))
        else:
            total += grant.refresh
    return total


def skill_cap(character: Character, ruleset: RuleSet) -> int | None:
    """The highest rating allowed after advancement: the rule set's cap, raised one step by each
    major milestone at which a skill actually went past it (Fate Core SRD, "Major Milestones":
    raising a skill above the cap is what raises the cap)."""
    cap = ruleset.advancement.skill_cap
    if cap is None:
        return None
    for entry, grant in _grants(character, ruleset):
        if grant.raise_cap and _raised_past(entry, cap):
            cap += 1
    return cap


def _raised_past(entry: HistoryEntry, cap: int) -> bool:
    """Did this entry raise a skill above `cap`?"""
    for change in entry.changes:
        if change.field.startswith("skills"):
            before = change.before if isinstance(change.before, int) else 0
            after = change.after if isinstance(change.after, int) else 0
            if after > cap and after > before:
                return True
    return False


def has_advanced(character: Character, ruleset: RuleSet) -> bool:
    """True once a milestone that grants a skill point (or a breakthrough) is in the history:
    from then on the column rule replaces the creation shape."""
    if not character.advancement:
        return False  # no history yet (the common case)
    if character.has_breakthrough():
        return True
    return any(grant.skill_points > 0 for _entry, grant in _grants(character, ruleset))


def starting_points(ruleset: RuleSet) -> int | None:
    """Skill points the creation shape hands out (None: the shape sets no total)."""
    shape = ruleset.shape
    if shape.counts:
        return sum(r * n for r, n in shape.counts.items() if r > 0)
    return shape.points
