"""Extras and custom tracks: what a character's switched-on extras add, and what they cost.

Fate Core, "Extras" (Permissions And Costs): an extra is paid for from the sheet's own budgets,
refresh, skill points or stunt slots, and may bring aspects, skills, stunts, stress tracks and
consequences with it. Modes (Atomic Robo, "Modes") rate skills through the mode they sit in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from fate_desk.i18n import _, ngettext
from fate_desk.model import Character, CustomTrack, ExtraCost, Stunt

from fate_desk.rules.creation.ruleset import RuleSet


@dataclass(frozen=True)
class ExtraTotals:
    """The switched-on extras' costs and grants, summed."""

    refresh: int = 0
    skill_points: int = 0
    stunt_slots: int = 0
    weapon: int = 0
    armor: int = 0


_NO_EXTRAS = ExtraTotals()


def extra_totals(character: Character) -> ExtraTotals:
    if not character.extras:
        return _NO_EXTRAS  # most characters have none (and the totals are frozen)
    extras = character.active_extras()
    return ExtraTotals(
        refresh=sum(e.cost.refresh for e in extras),
        skill_points=sum(e.cost.skill_points for e in extras),
        stunt_slots=sum(e.cost.stunt_slots for e in extras),
        weapon=max((e.weapon for e in extras), default=0),
        armor=max((e.armor for e in extras), default=0),
    )


def cost_text(cost: ExtraCost) -> str:
    """'2 refresh and 1 skill point', or 'free'."""
    parts = []
    if cost.refresh:
        parts.append(_("{count} refresh").format(count=cost.refresh))
    if cost.skill_points:
        parts.append(ngettext("{count} skill point", "{count} skill points", cost.skill_points).format(
            count=cost.skill_points))
    if cost.stunt_slots:
        parts.append(ngettext("{count} stunt slot", "{count} stunt slots", cost.stunt_slots).format(
            count=cost.stunt_slots))
    if not parts:
        return _("free")
    if len(parts) == 1:
        return parts[0]
    return _("{items} and {last}").format(items=", ".join(parts[:-1]), last=parts[-1])


def extra_stunts(character: Character) -> list[tuple[str, Stunt]]:
    """(extra name, stunt) for every stunt a switched-on extra brings; these cost the extra's price,
    not a stunt of their own."""
    return [(e.name, s) for e in character.active_extras() for s in e.stunts]


def extra_aspects(character: Character) -> list[tuple[str, str]]:
    return [(e.name, a) for e in character.active_extras() for a in e.aspects if a.strip()]


# --- modes ------------------------------------------------------------------------------------


def mode_base(character: Character, ruleset: RuleSet) -> dict[str, tuple[int, str]]:
    """Each skill of the character's modes at its trained rating: (rating, mode).

    Atomic Robo, "Reinforced Skills": a skill in two of the character's modes is focused (+1)
    under the higher one, in all three specialized (+2).
    """
    if ruleset.modes is None:
        return {}
    holders: dict[str, list[tuple[int, str]]] = {}
    for spec in ruleset.modes.modes:
        rating = character.modes.get(spec.name)
        if rating is None:
            continue
        for skill in spec.skills:
            holders.setdefault(skill, []).append((rating, spec.name))
    out = {}
    for skill, found in holders.items():
        rating, mode = max(found)
        out[skill] = (rating + min(2, len(found) - 1), mode)
    return out


def plain_ratings(character: Character, ruleset: RuleSet | None) -> bool:
    """No extras and no modes: the sheet's own ratings are the ones played (the common case,
    kept cheap: derive() asks for ratings often)."""
    return not character.extras and (ruleset is None or ruleset.modes is None or not character.modes)


def effective_ratings(character: Character, ruleset: RuleSet | None = None) -> dict[str, int]:
    """Every rated skill as played: the sheet's ratings, a mode's trained ratings where the sheet
    leaves a skill out, an extra's skills where higher, then the extras' bonuses."""
    if plain_ratings(character, ruleset):
        return dict(character.skills)
    ratings: dict[str, int] = {}
    if ruleset is not None:
        ratings.update({skill: rating for skill, (rating, _mode) in mode_base(character, ruleset).items()})
    for name, rating in character.skills.items():
        key = _key(ratings, name)
        ratings[key] = rating
    for extra in character.active_extras():
        for name, rating in extra.skills.items():
            key = _key(ratings, name)
            ratings[key] = max(ratings.get(key, 0), rating)
    for extra in character.active_extras():
        for name, bonus in extra.skill_bonuses.items():
            key = _key(ratings, name)
            ratings[key] = ratings.get(key, 0) + bonus
    return {k: v for k, v in ratings.items() if v}


def _key(ratings: dict[str, int], name: str) -> str:
    folded = name.strip().casefold()
    return next((k for k in ratings if k.casefold() == folded), name.strip())


def effective_rating(character: Character, skill: str, ruleset: RuleSet | None = None) -> int:
    if plain_ratings(character, ruleset):
        return character.rating(skill)
    ratings = effective_ratings(character, ruleset)
    return ratings.get(_key(ratings, skill), 0)


@dataclass(frozen=True)
class SkillParts:
    """Where a skill's rating as played comes from: what the sheet gives it (`sheet`, through a
    `mode` where the rule set rates skills by modes), an extra granting it higher (`granted`:
    the extra's name and rating) and the extras' bonuses on top (name, bonus)."""

    sheet: int
    played: int
    mode: str | None = None
    granted: tuple[str, int] | None = None
    bonuses: tuple[tuple[str, int], ...] = ()

    @property
    def from_extras(self) -> bool:
        return self.granted is not None or bool(self.bonuses)


def skill_parts(character: Character, ruleset: RuleSet | None = None) -> dict[str, SkillParts]:
    """Every skill the character has, rated on the sheet or by an extra, with the parts of its
    rating as played; the played ratings are `effective_ratings`' (and the dice's)."""
    parts: dict[str, SkillParts] = {}
    if ruleset is not None:
        for skill, (rating, mode) in mode_base(character, ruleset).items():
            parts[skill] = SkillParts(rating, rating, mode)
    for name, rating in character.skills.items():
        key = _key(parts, name)
        parts[key] = SkillParts(rating, rating, parts[key].mode if key in parts else None)
    for extra in character.active_extras():
        for name, rating in extra.skills.items():
            key = _key(parts, name)
            now = parts.get(key, SkillParts(0, 0))
            if rating > now.played:
                parts[key] = replace(now, played=rating, granted=(extra.name, rating))
    for extra in character.active_extras():
        for name, bonus in extra.skill_bonuses.items():
            key = _key(parts, name)
            now = parts.get(key, SkillParts(0, 0))
            parts[key] = replace(now, played=now.played + bonus, bonuses=(*now.bonuses, (extra.name, bonus)))
    return parts


# --- custom tracks ----------------------------------------------------------------------------


def custom_track_boxes(character: Character, track: CustomTrack, ruleset: RuleSet | None = None) -> list[int]:
    """The track's boxes, plus those its linked skill adds at each level it has reached."""
    boxes = list(track.boxes)
    if track.skill:
        rating = effective_rating(character, track.skill, ruleset)
        for level in track.levels:
            if rating >= level.at:
                boxes += level.add
    return boxes


def custom_tracks(character: Character) -> dict[str, CustomTrack]:
    """The tracks that count now, by id: the character's own and those of switched-on extras."""
    return {t.id: t for t in character.all_tracks()}


def tracks_for(character: Character, harm: str) -> list[CustomTrack]:
    """Custom tracks that can take a hit of this kind: the track itself, or those that absorb it."""
    return [t for t in character.all_tracks() if t.id == harm or harm in t.absorbs]
