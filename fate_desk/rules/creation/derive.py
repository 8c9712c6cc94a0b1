"""Values derived from a character and its rule set: stress boxes, consequence slots, refresh."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from fate_desk.i18n import N_, _, format_list, language, ngettext, pgettext, rules_text
from fate_desk.model import Campaign, CampaignOptions, Character, CharacterKind, ConditionsMode, Severity

from fate_desk.rules.creation.extras import (
    custom_track_boxes, effective_rating, effective_ratings, extra_totals, plain_ratings,
)
from fate_desk.rules.creation.ruleset import ExtremeRule, RuleSet, TrackSpec

# Words for small numbers and places, marked here and translated where they are used.
_ORDINALS = [
    N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"), N_("seventh"),
    N_("eighth"), N_("ninth"), N_("tenth"), N_("eleventh"), N_("twelfth"),
]
NUMBER_WORDS = [
    N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
    N_("eight"), N_("nine"), N_("ten"),
]


# Enum members read once: in Python 3.11 each `CharacterKind.PC` is a descriptor call, and
# every derive compares a few.
_PC, _MINOR_NPC = CharacterKind.PC, CharacterKind.MINOR_NPC
_NO_EXTREME, _STANDARD_EXTREME = ExtremeRule.NONE, ExtremeRule.STANDARD


def ordinal(n: int) -> str:
    """1 -> 'first'; past the list, '13th', '21st', '22nd', '23rd', '111th'."""
    if 1 <= n <= len(_ORDINALS):
        return _(_ORDINALS[n - 1])
    if n % 100 in (11, 12, 13):
        return pgettext("ordinal", "{number}th").format(number=n)
    return {
        1: pgettext("ordinal", "{number}st"),
        2: pgettext("ordinal", "{number}nd"),
        3: pgettext("ordinal", "{number}rd"),
    }.get(n % 10, pgettext("ordinal", "{number}th")).format(number=n)


def count_word(n: int) -> str:
    return _(NUMBER_WORDS[n]) if 0 <= n < len(NUMBER_WORDS) else str(n)


def only_count(n: int) -> str:
    """'only two', or 'none' when there are none ('but none at Great (+4)')."""
    return _("only {count}").format(count=count_word(n)) if n else _("none")


def join_words(words: list[str], last: str = "and") -> str:
    """'a, b and c' (or 'a, b or c' with last="or")."""
    if len(words) <= 1:
        return "".join(words)
    if last in ("and", "or"):
        joined = format_list(words, last)  # the language's own commas and conjunction
        if joined is not None:
            return joined
    rest = ", ".join(words[:-1])
    if last == "and":
        return _("{items} and {last}").format(items=rest, last=words[-1])
    if last == "or":
        return _("{items} or {last}").format(items=rest, last=words[-1])
    return f"{rest} {last} {words[-1]}"


@dataclass(frozen=True)
class SlotInfo:
    """A consequence (or condition) slot the character has."""

    id: str
    severity: Severity
    value: int
    only: str | None = None  # the stress track an extra slot is limited to
    label: str = ""
    boxes: int = 1  # conditions may have several boxes
    row_cutoff: int | None = None  # "further apart" conditions: most boxes markable in a row
    condition: bool = False  # a condition (optional rule) rather than a consequence

    def as_json(self) -> dict:
        data = {"severity": self.severity.value, "value": self.value, "only": self.only}
        if self.condition:
            data.update(id=self.id, label=self.label, boxes=self.boxes, row_cutoff=self.row_cutoff)
        return data


@dataclass
class Derived:
    """What a sheet's numbers come to under its rule set: stress boxes, consequence slots, refresh and stunts."""
    stress: dict[str, list[int]] = field(default_factory=dict)
    track_names: dict[str, str] = field(default_factory=dict)
    consequences: list[SlotInfo] = field(default_factory=list)
    refresh: int = 0
    refresh_explanation: str = ""
    paid_stunts: int = 0
    free_stunts_left: int = 0
    # Free slots only an extra may fill (Venture City's powers, War of Ashes' equipment) still
    # open, and the extras' stunt slots beyond them, which fill the ordinary slots.
    free_extra_stunts_left: int = 0
    extra_stunt_slots: int = 0
    # What switched-on extras add: refresh they cost, skills as played, Weapon and Armor.
    extras_refresh: int = 0
    skills: dict[str, int] = field(default_factory=dict)
    weapon: int = 0
    armor: int = 0

    def as_json(self) -> dict:
        data = {
            "stress": {k: list(v) for k, v in self.stress.items()},
            "consequences": [slot.as_json() for slot in self.consequences],
            "refresh": self.refresh,
            "free_stunts_left": self.free_stunts_left,
        }
        if self.extras_refresh or self.weapon or self.armor:
            data.update(extras_refresh=self.extras_refresh, weapon=self.weapon, armor=self.armor)
        return data

    def absorbs(self) -> int:
        """Shifts the character can absorb in all (stress plus consequences)."""
        return sum(sum(v) for v in self.stress.values()) + sum(s.value * s.boxes for s in self.consequences)


def track_rating(character: Character, track: TrackSpec, ruleset: RuleSet | None = None) -> int:
    """The highest rating among the track's skills, as played (extras' bonuses included)."""
    if not track.skills:
        return 0
    if plain_ratings(character, ruleset):  # the sheet's ratings are the ones played
        return max(map(character.rating, track.skills))
    return max(effective_rating(character, skill, ruleset) for skill in track.skills)


def track_boxes(character: Character, track: TrackSpec, ruleset: RuleSet | None = None,
                rating: int | None = None) -> list[int]:
    """The track's boxes; `rating` is the track's rating when already known."""
    if ruleset is not None and ruleset.modes is not None:
        return list(track.levels[0].boxes) + [1] * mode_stress_boxes(character, ruleset, track)
    if rating is None:
        rating = track_rating(character, track, ruleset)
    chosen = track.levels[0]
    for level in track.levels:
        if rating >= level.at:
            chosen = level
    return list(chosen.boxes)


def mode_stress_boxes(character: Character, ruleset: RuleSet, track: TrackSpec) -> int:
    """Atomic Robo, "Modes and Stress": a Fair (+2) mode holding one of the track's skills adds one
    box, a Good (+3) mode two. "If a mode has skills that apply to both scopes, pick one ... you
    could have two more physical stress boxes, two more mental stress boxes, or one in each": the
    character's `mode_stress` says where; left out (or not adding up), they go to the track whose
    skill the mode lists first."""
    assert ruleset.modes is not None
    total = 0
    for spec in ruleset.modes.modes:
        total += mode_stress_split(character, ruleset, spec.name).get(track.id, 0)
    return total


def mode_tracks(ruleset: RuleSet, mode: str) -> list[str]:
    """The stress tracks a mode holds skills of, in the order the mode lists them."""
    spec = ruleset.modes.find(mode) if ruleset.modes is not None else None
    owners = {skill: t.id for t in ruleset.stress.tracks for skill in t.skills}
    return list(dict.fromkeys(owners[s] for s in (spec.skills if spec else []) if s in owners))


def mode_box_count(ruleset: RuleSet, rating: int) -> int:
    """Extra stress boxes a mode at this rating brings (Atomic Robo: Fair one, Good two)."""
    return max((n for at, n in ruleset.modes.stress_boxes.items() if rating >= at), default=0) if ruleset.modes else 0


def mode_stress_split(character: Character, ruleset: RuleSet, mode: str) -> dict[str, int]:
    """Where a mode's extra stress boxes go: the character's choice when it is a legal one (it
    adds up and names only tracks the mode holds skills of), else all to the mode's first track."""
    spec = ruleset.modes.find(mode) if ruleset.modes is not None else None
    rating = character.modes.get(spec.name) if spec is not None else None
    tracks = mode_tracks(ruleset, mode)
    if rating is None or not tracks:
        return {}
    n = mode_box_count(ruleset, rating)
    if not n:
        return {}
    chosen = character.mode_stress.get(spec.name)
    if chosen and sum(chosen.values()) == n and all(t in tracks for t in chosen):
        return {t: b for t, b in chosen.items() if b}
    return {tracks[0]: n}


def uses_ruleset_harm(character: Character) -> bool:
    """Minor NPCs have no stress or consequences unless the GM gives them some."""
    return character.kind != _MINOR_NPC


def derive_stress(character: Character, ruleset: RuleSet) -> tuple[dict[str, list[int]], dict[str, str]]:
    return _derive_stress(character, ruleset, {})


def _rated(character: Character, track: TrackSpec, ruleset: RuleSet, ratings: dict[str, int]) -> int:
    """The track's rating, worked out once per derive (stress and consequences both ask)."""
    rating = ratings.get(track.id)
    if rating is None:
        rating = ratings[track.id] = track_rating(character, track, ruleset)
    return rating


def _derive_stress(
    character: Character, ruleset: RuleSet, ratings: dict[str, int]
) -> tuple[dict[str, list[int]], dict[str, str]]:
    if character.stress_boxes is not None:
        tracks = {k: list(v) for k, v in character.stress_boxes.items()}
        names = {k: ruleset_track_name(ruleset, k) for k in tracks}
        for track in character.all_tracks():
            tracks.setdefault(track.id, custom_track_boxes(character, track, ruleset))
            names.setdefault(track.id, track.name)
        return tracks, names
    if not uses_ruleset_harm(character):
        tracks, names = {}, {}
    else:
        plain = ruleset.modes is None  # modes count boxes their own way (track_boxes)
        tracks = {
            t.id: track_boxes(character, t, ruleset, _rated(character, t, ruleset, ratings) if plain else None)
            for t in ruleset.stress.tracks
        }
        names = {t.id: t.name for t in ruleset.stress.tracks}
    for track in character.all_tracks():
        if track.id not in tracks:  # a clash with the rule set's own id is the checker's to report
            tracks[track.id] = custom_track_boxes(character, track, ruleset)
            names[track.id] = track.name
    return tracks, names


def ruleset_track_name(ruleset: RuleSet, track_id: str) -> str:
    for track in ruleset.stress.tracks:
        if track.id == track_id:
            return track.name
    return track_id.replace("_", " ").capitalize()


def extra_mild_tracks(character: Character, ruleset: RuleSet, ratings: dict[str, int] | None = None) -> list[TrackSpec]:
    threshold = ruleset.consequences.extra_mild_at
    if threshold is None:
        return []
    ratings = {} if ratings is None else ratings
    return [t for t in ruleset.stress.tracks if t.skills and _rated(character, t, ruleset, ratings) >= threshold]


# The conditions' English names are their ids (lower-cased); shown through rules_text().
_CONDITIONS = {
    Severity.MILD: (N_("Hurt"), N_("Scared")),
    Severity.MODERATE: (N_("Injured"), N_("Shaken")),
    Severity.SEVERE: (N_("Wounded"), N_("Demoralized")),
}


def slot_text(slot: SlotInfo) -> str:
    """A slot's label in the interface language. SlotInfo.label stays English, as files for
    other tools write it: a condition's name is rule-set text, a severity is marked in the model."""
    label = slot.label or slot.severity.label
    if slot.condition:
        return rules_text(label)
    if label == slot.severity.label:
        return _(label)
    if slot.only and label.startswith(slot.severity.label + " ("):
        track = label[len(slot.severity.label) + 2:-len(" only)")]
        # The label names the track in lower case ("physical"); its rule-set name is capitalised.
        shown = rules_text(track[:1].upper() + track[1:])
        return _("Mild ({track} only)").format(track=shown if shown != track[:1].upper() + track[1:] else track)
    return label


def derive_consequences(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None = None
) -> list[SlotInfo]:
    return _base_consequences(character, ruleset, options, {}) + extra_slots(character, options)


def _conditions_on(options: CampaignOptions | None) -> bool:
    return options is not None and options.conditions != ConditionsMode.OFF


def extra_slots(character: Character, options: CampaignOptions | None = None) -> list[SlotInfo]:
    """Consequence slots switched-on extras bring (an orc's thick skin: one more mild slot). With
    conditions an extra mild slot is not a slot but two more boxes of Hurt or Scared
    (`extra_mild_kinds`), so it is left out here."""
    if not character.extras:
        return []
    conditions = _conditions_on(options) and uses_ruleset_harm(character) and character.consequence_slots is None
    return [
        SlotInfo(
            f"extra_{spec.id}", spec.severity, spec.value, spec.only,
            f"{spec.severity.label} ({extra.name})",  # i18n: not shown (English: files use it; see slot_text)
        )
        for extra in character.active_extras()
        for spec in extra.consequences
        if not (conditions and spec.severity == Severity.MILD)
    ]


def extra_mild_kinds(character: Character, ruleset: RuleSet) -> list[str]:
    """With conditions, each extra mild slot a switched-on extra (or the stunt it carries) brings, as
    the kind of harm its two more boxes go to: "If you would gain a mild consequence slot (from high
    Physique, Will, or a stunt), instead add two more boxes of Hurt or Scared as appropriate" (Fate
    Condensed, "Moving Conditions Further Apart"; plain conditions alike). A slot for either harm
    goes where a unified track's would: Hurt when Physique is at least Will, else Scared."""
    out = []
    for extra in character.active_extras():
        for spec in extra.consequences:
            if spec.severity != Severity.MILD:
                continue
            kind = spec.only if spec.only in ("physical", "mental") else None
            if kind is None:
                kind = "physical" if character.rating("Physique") >= character.rating("Will") else "mental"
            out.append(kind)
    return out


def _base_consequences(
    character: Character, ruleset: RuleSet, options: CampaignOptions | None, ratings: dict[str, int]
) -> list[SlotInfo]:
    options = options or _no_options()
    if character.consequence_slots is not None:
        return [
            SlotInfo(s.id, s.severity, s.value, s.only, s.severity.label) for s in character.consequence_slots
        ]
    if not uses_ruleset_harm(character):
        return []
    extras = extra_mild_tracks(character, ruleset, ratings)
    if options.conditions != ConditionsMode.OFF:
        return _condition_slots(character, ruleset, extras, options.conditions,
                                extra_mild_kinds(character, ruleset) if character.extras else [])
    base, mild_value = _ruleset_slots(ruleset)
    slots = list(base)
    for track in extras:
        slots.insert(
            _after_last(slots, Severity.MILD),
            SlotInfo(
                f"mild_{track.id}", Severity.MILD, mild_value, track.id,
                f"Mild ({track.name.lower()} only)",  # i18n: not shown (English: files use it; see slot_text)
            ),
        )
    if has_extreme(character, ruleset, options):
        slots.append(SlotInfo("extreme", Severity.EXTREME, 8, None, Severity.EXTREME.label))
    return slots


@lru_cache(maxsize=1)
def _no_options() -> CampaignOptions:
    """The options of a character outside any campaign (read only; one instance, not one a check)."""
    return CampaignOptions()


# (Rule set consequences, interface language) -> the consequences (held, so their id stays
# theirs), their slots (whose labels are in that language) and the mild slot's value.
_SLOTS_OF: dict[tuple[int, str], tuple[object, tuple[SlotInfo, ...], int]] = {}


def _ruleset_slots(ruleset: RuleSet) -> tuple[tuple[SlotInfo, ...], int]:
    """The rule set's own consequence slots and the value of its mild one, made once per rule
    set and language: every check asks for them, and the slots are frozen."""
    consequences = ruleset.consequences
    key = (id(consequences), language())
    cached = _SLOTS_OF.get(key)
    if cached is None or cached[0] is not consequences:
        slots = tuple(SlotInfo(r.id, r.severity, r.value, None, r.severity.label) for r in consequences.slots)
        mild_value = next((r.value for r in consequences.slots if r.severity == Severity.MILD), 2)
        if len(_SLOTS_OF) >= 64:
            _SLOTS_OF.clear()
        cached = _SLOTS_OF[key] = (consequences, slots, mild_value)
    return cached[1], cached[2]


def has_extreme(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> bool:
    """The extreme consequence: every PC's in Fate Core ("Extreme Consequences"), the campaign's
    option in Fate Condensed (for everyone built by the rule set), never in Fate Accelerated."""
    rule = ruleset.extreme_consequence
    if rule == _NO_EXTREME:
        return False
    if rule == _STANDARD_EXTREME and character.kind == _PC:
        return True
    return bool((options or _no_options()).extreme_consequences)


def _after_last(slots: list[SlotInfo], severity: Severity) -> int:
    positions = [i for i, s in enumerate(slots) if s.severity == severity]
    return positions[-1] + 1 if positions else 0


def _condition_slots(
    character: Character, ruleset: RuleSet, extras: list[TrackSpec], mode: ConditionsMode,
    more: list[str] | None = None,
) -> list[SlotInfo]:
    """Each consequence splits into a physical and a mental condition of half its value.

    With one stress track (Fate Accelerated, a unified track) harm has no kind, so no condition
    is kept to physical or mental harm; a unified track's extra mild boxes go to Hurt when
    Physique is at least as high as Will, else to Scared.
    """
    further = mode == ConditionsMode.FURTHER_APART
    boxes_each = 2 if further else 1
    one_track = len(ruleset.stress.tracks) == 1
    extra_kinds = {t.id for t in extras}
    if one_track and extras:
        physique, will = character.rating("Physique"), character.rating("Will")
        extra_kinds = {"physical" if physique >= will else "mental"}
    slots: list[SlotInfo] = []
    for rule in ruleset.consequences.slots:
        names = _CONDITIONS.get(rule.severity)
        if not names:
            continue
        row: list[tuple[str, str, int]] = []
        for name, kind in zip(names, ("physical", "mental")):
            extra = 2 if rule.severity == Severity.MILD and kind in extra_kinds else 0
            if rule.severity == Severity.MILD:
                extra += 2 * (more or []).count(kind)  # an extra's (a stunt's) mild slot: two more boxes
            row.append((name, kind, boxes_each + extra))
        # "Further apart": two marked boxes close a row, and each extra box raises the cutoff
        # by one. The cutoff belongs to the row, so both of its conditions report it.
        cutoff = 2 + sum(boxes - boxes_each for _name, _kind, boxes in row) if further else None
        for name, kind, boxes in row:
            only = None if one_track else kind
            slots.append(SlotInfo(
                name.lower(), rule.severity, rule.value // 2, only, name, boxes, cutoff, True,
            ))
    return slots


# (language, base refresh, paid, cost, free) -> the explanation: every derive asks, and the
# same few answers come back (a sheet's refresh and stunts change rarely).
_EXPLAINED: dict[tuple[str, int, int, int, int], str] = {}


def stunt_cost_explanation(base_refresh: int, paid: int, cost: int, free: int) -> str:
    """'3 − 1 for a fourth stunt', '3 − 2 for a fourth and fifth stunt', '3 (three stunts free)'."""
    key = (language(), base_refresh, paid, cost, free)
    text = _EXPLAINED.get(key)
    if text is None:
        if len(_EXPLAINED) >= 256:
            _EXPLAINED.clear()
        text = _EXPLAINED[key] = _explain_stunt_cost(base_refresh, paid, cost, free)
    return text


def _explain_stunt_cost(base_refresh: int, paid: int, cost: int, free: int) -> str:
    if paid <= 0:
        return ngettext(
            "{refresh} ({count} stunt free)", "{refresh} ({count} stunts free)", free,
        ).format(refresh=base_refresh, count=count_word(free))
    if paid > 3:  # a range, not a list of ordinals no box can hold
        return _("{refresh} − {cost} for the {first} to {last} stunts").format(
            refresh=base_refresh, cost=paid * cost, first=ordinal(free + 1), last=ordinal(free + paid))
    which = join_words([ordinal(free + i + 1) for i in range(paid)])
    return _("{refresh} − {cost} for a {which} stunt").format(refresh=base_refresh, cost=paid * cost, which=which)


def real_stunts(character: Character) -> list:
    """The stunts that count: an entry with neither name nor text is a blank line, not a stunt."""
    return [s for s in character.stunts if s.name.strip() or s.text.strip()]


def derive(character: Character, ruleset: RuleSet, options: CampaignOptions | None = None) -> Derived:
    ratings: dict[str, int] = {}  # each stress track's rating, shared by stress and consequences
    stress, names = _derive_stress(character, ruleset, ratings)
    totals = extra_totals(character)
    # An extra paid for with stunt slots fills them as a stunt would (Fate Core, "Permissions And
    # Costs"), first the slots only extras may fill (`free_extra_stunts`), then the ordinary ones.
    overflow = max(0, totals.stunt_slots - ruleset.free_extra_stunts)
    taken = len(real_stunts(character)) + overflow
    paid = max(0, taken - ruleset.free_stunts)
    extras_refresh = totals.refresh
    if character.kind != _PC:
        # NPCs and monsters do not pay refresh for stunts (nor for extras).
        paid = extras_refresh = 0
    explanation = stunt_cost_explanation(character.refresh, paid, ruleset.stunt_cost, ruleset.free_stunts)
    if extras_refresh:
        explanation = _("{explanation} − {cost} for extras").format(explanation=explanation, cost=extras_refresh)
    return Derived(
        stress=stress,
        track_names=names,
        consequences=_base_consequences(character, ruleset, options, ratings) + extra_slots(character, options),
        refresh=character.refresh - paid * ruleset.stunt_cost - extras_refresh,
        refresh_explanation=explanation,
        paid_stunts=paid,
        free_stunts_left=max(0, ruleset.free_stunts - taken),
        free_extra_stunts_left=max(0, ruleset.free_extra_stunts - totals.stunt_slots),
        extra_stunt_slots=overflow,
        extras_refresh=extras_refresh,
        skills=effective_ratings(character, ruleset),
        weapon=totals.weapon,
        armor=totals.armor,
    )


def peak_skill(campaign: Campaign) -> int:
    """The highest skill among the campaign's PCs (guidance for obstacle ratings)."""
    ratings = [r for c in campaign.characters if c.kind == CharacterKind.PC for r in c.skills.values()]
    return max(ratings, default=0)
