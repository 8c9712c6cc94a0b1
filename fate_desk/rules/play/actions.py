"""Playing a roll at the table: what can be invoked, and what a finished roll does to the campaign.

`invokables` lists every aspect a character may invoke (own aspects, situation aspects and
boosts, other characters' aspects as hostile invokes, consequences) with the free invokes on
each. `apply_roll` takes a finished `roll.Roll` and applies it in one step: pays the fate
points, uses up the free invokes, owes hostile invokes' points (spendable after the scene),
puts a created advantage or a boost on the scene, and writes the roll log and the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass

from fate_desk.i18n import _, ngettext
from fate_desk.model import Campaign, Scene, SituationAspect, revalidated

from fate_desk.rules.clock.timeline import session_log
from fate_desk.rules.play.fate_points import GM, Reason, append_to_log, change_points, earn_later, holder_name, payer, log_event, with_character
from fate_desk.rules.creation.history import refuse
from fate_desk.rules.creation.loader import get_ruleset
from fate_desk.rules.creation.ruleset import Discovery
from fate_desk.rules.play.roll import Action, InvokeKind, Roll
from fate_desk.rules.play.table import current_scene, set_hidden


@dataclass(frozen=True)
class Invokable:
    """An aspect a character may invoke now; `key` is what `roll.Invoke.key` carries."""

    key: str
    label: str
    kind: InvokeKind
    owner: str | None  # whose aspect it is, when someone else's (they earn paid invokes' points)
    free: int  # free invokes on it now
    where: str  # for people: "Ruth's aspect", "Scene", "Docks (zone)", "Consequence on Ruth"

    def describe(self) -> str:
        if self.free:
            return ngettext("{aspect} ({where}) — {count} free invoke", "{aspect} ({where}) — {count} free invokes",
                            self.free).format(aspect=self.label, where=self.where, count=self.free)
        return _("{aspect} ({where})").format(aspect=self.label, where=self.where)


def _name(campaign: Campaign, character_id: str) -> str:
    c = campaign.character(character_id)
    return (c.name or "(unnamed)") if c else "(gone)"


def invokables(campaign: Campaign, character_id: str | None) -> list[Invokable]:
    """Every aspect this character (or nobody in particular) may invoke, own aspects first."""
    out: list[Invokable] = []
    me = campaign.character(character_id) if character_id else None
    if me is not None:
        for i, a in enumerate(me.aspects):
            if a.text.strip():
                out.append(Invokable(f"aspect:{me.id}:{i}", a.text, InvokeKind.OWN, None, a.free_invokes,
                                     _("own {role}").format(role=a.role.label.lower())))
    scene = current_scene(campaign)
    if scene is not None:
        for a in scene.aspects:
            out.append(_situation(campaign, a, _("Scene"), character_id))
        for zone in scene.zones:
            out += [_situation(campaign, a, _("{zone} (zone)").format(zone=zone.name or _("zone")), character_id) for a in zone.aspects]
    present = set(scene.present) if scene is not None and scene.present else None
    for other in campaign.characters:
        if me is not None and other.id == me.id:
            continue
        if present is not None and other.id not in present:
            continue
        name = other.name or "(unnamed)"
        for i, a in enumerate(other.aspects):
            if a.text.strip():
                out.append(Invokable(f"aspect:{other.id}:{i}", a.text, InvokeKind.HOSTILE, other.id,
                                     a.free_invokes, _("{name}'s aspect: hostile").format(name=name)))
        for c in other.consequences:
            if c.text.strip():
                free = c.free_invokes if me is not None and c.inflicted_by == me.id else 0
                out.append(Invokable(f"consequence:{other.id}:{c.slot}", c.text, InvokeKind.CONSEQUENCE,
                                     other.id, free, _("consequence on {name}").format(name=name)))
    if me is not None:
        for c in me.consequences:
            if c.text.strip():
                out.append(Invokable(f"consequence:{me.id}:{c.slot}", c.text, InvokeKind.CONSEQUENCE, None,
                                     0, _("your own consequence")))
    return out


def _situation(campaign: Campaign, a: SituationAspect, where: str, roller: str | None = None) -> Invokable:
    """A situation aspect or boost. One placed on another character is invoked against them:
    a paid invoke is hostile and pays that character (Fate Condensed, "Hostile Invokes")."""
    owner = None
    kind = InvokeKind.BOOST if a.boost else InvokeKind.SITUATION
    if a.on:
        where = _("on {who}, {where}").format(who=_name(campaign, a.on), where=where.lower())
        if a.on != roller and campaign.character(a.on) is not None and not a.boost:
            kind, owner = InvokeKind.HOSTILE, a.on
    return Invokable(f"scene:{a.id}", a.text or "(unnamed)", kind, owner, a.free_invokes,
                     _("boost, {where}").format(where=where.lower()) if a.boost else where)


# --- free invokes -------------------------------------------------------------------------------


def _use_free(campaign: Campaign, key: str, count: int, user: str | None) -> Campaign:
    """Use up `count` free invokes on the aspect `key`; a boost is gone once its invoke is used."""
    kind, _sep, rest = key.partition(":")
    if kind == "scene":
        scene = current_scene(campaign)
        if scene is None:
            raise refuse("play.free", "invokes", _("There is no scene being played for that aspect."))
        return _use_on_scene(campaign, scene, rest, count)
    owner, _sep, place = rest.partition(":")
    character = campaign.character(owner)
    if character is None:
        raise refuse("play.free", "invokes", _("That aspect's character is no longer in the campaign."))
    if kind == "aspect":
        index = int(place)
        aspect = character.aspects[index]
        if aspect.free_invokes < count:
            raise refuse("play.free", "invokes", _("“{text}” has {free_invokes} free invokes left.").format(text=aspect.text, free_invokes=aspect.free_invokes))
        aspects = list(character.aspects)
        aspects[index] = aspect.model_copy(update={"free_invokes": aspect.free_invokes - count})
        return with_character(campaign, character.model_copy(update={"aspects": aspects}))
    consequence = next((c for c in character.consequences if c.slot == place), None)
    if consequence is None or consequence.free_invokes < count or consequence.inflicted_by != user:
        raise refuse("play.free", "invokes", _("There is no free invoke on that consequence for this character."))
    changed = consequence.model_copy(update={"free_invokes": consequence.free_invokes - count})
    consequences = [changed if c is consequence else c for c in character.consequences]
    return with_character(campaign, character.model_copy(update={"consequences": consequences}))


def _use_on_scene(campaign: Campaign, scene: Scene, aspect_id: str, count: int) -> Campaign:
    def spend(aspects: list[SituationAspect]) -> list[SituationAspect]:
        out = []
        for a in aspects:
            if a.id == aspect_id:
                if a.free_invokes < count:
                    raise refuse("play.free", "invokes", _("“{text}” has {free_invokes} free invokes left.").format(text=a.text, free_invokes=a.free_invokes))
                if a.boost and a.free_invokes == count:
                    continue  # a boost goes once it is invoked
                a = a.model_copy(update={"free_invokes": a.free_invokes - count})
            out.append(a)
        return out

    changed = scene.model_copy(update={
        "aspects": spend(scene.aspects),
        "zones": [z.model_copy(update={"aspects": spend(z.aspects)}) for z in scene.zones],
    })
    return _with_scene(campaign, changed)


def _with_scene(campaign: Campaign, scene: Scene) -> Campaign:
    return campaign.model_copy(update={"scenes": [scene if s.id == scene.id else s for s in campaign.scenes]})


def scene_for_play(campaign: Campaign) -> tuple[Campaign, Scene]:
    """The scene being played; one is started (named for the clock) when none is open."""
    scene = current_scene(campaign)
    if scene is not None:
        return campaign, scene
    scene = Scene(name=_("Scene {scene}").format(scene=campaign.clock.scene), session=campaign.clock.session)
    return campaign.model_copy(update={"scenes": [*campaign.scenes, scene]}), scene


def place_aspect(campaign: Campaign, text: str, free_invokes: int, *, boost: bool = False,
                 on: str | None = None) -> Campaign:
    """Put a situation aspect (or a boost) on the scene being played, or on a character in it."""
    text = text.strip()
    if not text:
        raise refuse("play.aspect_name", "aspects", _("Name the aspect: what is true now?"))
    campaign, scene = scene_for_play(campaign)
    aspect = SituationAspect(text=text, free_invokes=free_invokes, boost=boost, on=on)
    return _with_scene(campaign, scene.model_copy(update={"aspects": [*scene.aspects, aspect]}))


# --- a finished roll ------------------------------------------------------------------------------


@dataclass(frozen=True)
class RollResult:
    """What the roller decides about the table after the dice: names for what the roll creates."""

    advantage: str = ""  # the aspect a create an advantage makes
    advantage_on: str | None = None  # on a character (id), else on the scene
    boost: str = ""  # the boost's name, when the roll gives one
    in_contest: bool = False  # a contest's roll: style counts as victories, it gives no boost
    existing: str = ""  # create an advantage on an aspect already in play: its `Invokable.key`
    existing_known: bool = True  # False: the aspect was unknown (hidden) until this roll
    # A failure on an unknown aspect: the opposition reveals it to take its free invoke.
    reveal_on_failure: bool = False
    # An attack's boost is decided by the hit after Weapon and Armor (`harm.resolve_hit`): a tie
    # with a Weapon hits instead, Armor that stops a hit gives one. None: the roll decides.
    boost_given: bool | None = None
    # Where the roll came from, said after it in the roll log ("from Ruth's phone"); '' at the desk.
    via: str = ""


def existing_targets(campaign: Campaign, character_id: str | None) -> list[Invokable]:
    """Aspects already in play that a create an advantage may work on: the roller's own, other
    characters', and situation aspects (not boosts, which vanish once invoked)."""
    return [i for i in invokables(campaign, character_id)
            if i.kind in (InvokeKind.OWN, InvokeKind.SITUATION, InvokeKind.HOSTILE)]


def unknown(campaign: Campaign, key: str) -> bool:
    """Is this aspect still unknown to the players (a situation aspect hidden from their view)?"""
    kind, _sep, aspect_id = key.partition(":")
    scene = current_scene(campaign)
    return kind == "scene" and scene is not None and aspect_id in scene.play.hidden


def add_free_invokes(campaign: Campaign, key: str, count: int) -> Campaign:
    """Put `count` more free invokes on an aspect in play (a character's or a situation aspect)."""
    kind, _sep, rest = key.partition(":")
    if kind == "scene":
        scene = current_scene(campaign)
        found = scene is not None and any(a.id == rest for a in [*scene.aspects, *(a for z in scene.zones
                                                                                      for a in z.aspects)])
        if not found:
            raise refuse("play.existing", "aspects", _("That aspect is no longer on the scene being played."))

        def more(aspects: list[SituationAspect]) -> list[SituationAspect]:
            return [a.model_copy(update={"free_invokes": min(99, a.free_invokes + count)}) if a.id == rest else a
                    for a in aspects]

        return _with_scene(campaign, scene.model_copy(update={
            "aspects": more(scene.aspects),
            "zones": [z.model_copy(update={"aspects": more(z.aspects)}) for z in scene.zones]}))
    owner, _sep, place = rest.partition(":")
    character = campaign.character(owner)
    if kind != "aspect" or character is None or not place.isdigit() or int(place) >= len(character.aspects):
        raise refuse("play.existing", "aspects", _("That aspect is no longer in play."))
    aspects = list(character.aspects)
    aspect = aspects[int(place)]
    aspects[int(place)] = aspect.model_copy(update={"free_invokes": min(99, aspect.free_invokes + count)})
    return with_character(campaign, character.model_copy(update={"aspects": aspects}))


def _existing_label(campaign: Campaign, key: str) -> str:
    kind, _sep, rest = key.partition(":")
    if kind == "scene":
        scene = current_scene(campaign)
        every = [*scene.aspects, *(a for z in scene.zones for a in z.aspects)] if scene else []
        return next((a.text for a in every if a.id == rest), _("an aspect"))
    owner, _sep, place = rest.partition(":")
    character = campaign.character(owner)
    return character.aspects[int(place)].text if character and place.isdigit() else _("an aspect")


def _on_existing(campaign: Campaign, roll: Roll, result: RollResult) -> tuple[Campaign, bool]:
    """Apply a create an advantage on an existing aspect; returns the campaign and whether it boosts."""
    core = get_ruleset(campaign.ruleset).discovery == Discovery.CORE
    done = roll.on_existing_aspect(result.existing_known, core_discovery=core,
                                   reveal_on_failure=result.reveal_on_failure)
    added = done.free_invokes + done.to_opposition
    name = _existing_label(campaign, result.existing)
    if added:
        campaign = add_free_invokes(campaign, result.existing, added)
    who = roll.setup.who or _("Someone")
    kind, _sep, aspect_id = result.existing.partition(":")
    scene = current_scene(campaign)
    revealing = done.free_invokes or (done.to_opposition and not result.existing_known)
    if revealing and kind == "scene" and scene is not None and aspect_id in scene.play.hidden:
        campaign = set_hidden(campaign, scene.id, aspect_id, False)  # discovered: the players see it now
    if done.free_invokes:
        if result.existing_known:
            line = ngettext("{who} put {count} free invoke on “{name}”.", "{who} put {count} free invokes on “{name}”.",
                            done.free_invokes)
        else:
            line = ngettext("{who} put {count} free invoke on “{name}” (now revealed).",
                            "{who} put {count} free invokes on “{name}” (now revealed).", done.free_invokes)
        campaign = log_event(campaign, line.format(who=who, count=done.free_invokes, name=name))
    elif done.to_opposition:
        if result.existing_known:
            line = _("{who} failed to use “{name}”: the opposition holds a free invoke on it.")
        else:
            line = _("{who} failed to use “{name}” (revealed by the opposition): the opposition holds a free invoke on it.")
        campaign = log_event(campaign, line.format(who=who, name=name))
    return campaign, done.boost


def apply_roll(campaign: Campaign, character_id: str | None, roll: Roll, result: RollResult | None = None) -> Campaign:
    """Apply a finished roll in one step; refused (nothing changed) when it cannot be paid."""
    result = result or RollResult()
    before = campaign
    who = payer(campaign, character_id)
    spent = roll.fate_points_spent
    if spent:
        paid = [i for i in roll.invokes if not i.free]
        note = ", ".join(f"“{i.label or i.key}”" for i in paid)
        campaign = change_points(campaign, who, -spent, Reason.INVOKE, note)
    for key, count in roll.free_invokes_used.items():
        campaign = _use_free(campaign, key, count, character_id)
    for owner, points in roll.hostile_points.items():
        names = ", ".join(f"“{i.label}”" for i in roll.invokes if i.owner == owner and not i.free)
        note = _("{aspects} invoked by {who}").format(
            aspects=names, who=holder_name(campaign, character_id) if character_id else _("the GM"))
        campaign = earn_later(campaign, owner, points, Reason.HOSTILE_INVOKE, note)
    campaign = _pay_opposition(campaign, character_id, roll)
    existing = bool(result.existing) and roll.setup.action == Action.CREATE_ADVANTAGE
    made = 0 if existing else roll.free_invokes_created
    if existing:
        campaign, existing_boost = _on_existing(campaign, roll, result)
    if made:
        name = result.advantage.strip()
        if not name:
            raise refuse("play.advantage", "aspects", _("Name the advantage you created."))
        campaign = place_aspect(campaign, name, made, on=result.advantage_on)
    earned = existing_boost if existing else roll.boost
    if result.boost_given is not None and not existing:
        earned = result.boost_given
    boosted = earned and not result.in_contest
    if boosted:
        if not result.boost.strip():  # the player names it: a boost is never just "Boost"
            raise refuse("play.boost", "aspects", _("Name the boost you got: a passing advantage, in a few words."))
        campaign = place_aspect(campaign, result.boost, 1, boost=True)
    line = roll.summary()
    if result.via:
        line = _("{roll} ({via})").format(roll=line, via=result.via)
    campaign = append_to_log(campaign, rolls=[line])
    if made or boosted:
        what = ngettext("“{aspect}” with {count} free invoke", "“{aspect}” with {count} free invokes", made).format(
            aspect=result.advantage, count=made) if made else ""
        boost = _("the boost “{boost}”").format(boost=result.boost.strip()) if boosted else ""
        if what and boost:
            line = _("{who} put {advantage} and {boost} into play.")
        else:
            line = _("{who} put {advantage} into play.")
        campaign = log_event(campaign, line.format(who=roll.setup.who or _("Someone"), advantage=what or boost, boost=boost))
    # Validated like every campaign-wide step: the entries the roll did not touch are taken as
    # they are (validating all of a 10,000-entry campaign again took seconds).
    return revalidated(campaign, before)


def against_self_refusal(roller: str | None, other: str | None) -> str:
    """Why a roll, an attack or a hit from `roller` on `other` may not happen ('' when it may):
    a character never opposes, attacks or hits itself."""
    if roller and other and roller == other:
        return _("A character cannot roll against, attack or hit itself: pick someone else.")
    return ""


def set_aside(campaign: Campaign, roll: Roll) -> Campaign:
    """A thrown roll the table does not apply: its throws still go into the roll log, so
    throwing again never hides the first dice (only an invoke rerolls). Nothing is paid: the
    invokes on it are dropped with it."""
    if roll.invokes:
        line = ngettext("Set aside, not applied; {count} invoke dropped — {roll}",
                        "Set aside, not applied; {count} invokes dropped — {roll}", len(roll.invokes))
    else:
        line = _("Set aside, not applied — {roll}")
    return append_to_log(campaign, rolls=[line.format(count=len(roll.invokes), roll=roll.summary())])


def _pay_opposition(campaign: Campaign, roller: str | None, roll: Roll) -> Campaign:
    """Invokes against the roll are paid by whoever made them: a fate point (theirs, or the GM's
    pool for NPCs and nobody), or their free invokes. One of the roller's own aspects invoked
    against them is hostile: the roller earns the point, to spend after the scene."""
    for invoke in roll.opposition:
        if invoke.free:
            campaign = _use_free(campaign, invoke.key, 1, invoke.by)
            continue
        note = _("“{aspect}” against {who}").format(aspect=invoke.label or invoke.key, who=roll.setup.who or 'a roll')
        campaign = change_points(campaign, payer(campaign, invoke.by), -1, Reason.INVOKE, note)
        # Hostile only when the aspect is the roller's own, invoked against them: they earn the point.
        if invoke.kind in (InvokeKind.HOSTILE, InvokeKind.CONSEQUENCE) and roller and invoke.owner == roller:
            campaign = earn_later(campaign, invoke.owner, 1, Reason.HOSTILE_INVOKE, note)
    return campaign


def roll_log(campaign: Campaign, number: int | None = None) -> list[str]:
    """The roll log of a session (default: the current one)."""
    return list(session_log(campaign, number).rolls)




# --- stunts that add to a roll ------------------------------------------------------------------

_ACTION_WORDS = {
    "overcome": ("overcome",),
    "create_advantage": ("create an advantage", "create advantage", "create advantages", "advantage"),  # i18n: not shown (words looked for in stunt text)
    "attack": ("attack",),
    "defend": ("defend", "defense", "defence"),
}


def stunts_for(character, skill: str, action) -> list:
    """The character's stunts that give +2 to this skill: those naming the skill and a +2, and,
    when they name an action, this action. The player still decides whether one applies."""
    if not skill:
        return []
    out = []
    wanted = skill.strip().lower()
    for stunt in character.stunts:
        text = f"{stunt.name} {stunt.text}".lower()
        if wanted not in text or "+2" not in text:
            continue
        named = [key for key, words in _ACTION_WORDS.items() if any(w in text for w in words)]
        if named and getattr(action, "value", action) not in named:
            continue
        out.append(stunt)
    return out




# --- sensible skills to start from -------------------------------------------------------------

# Fate Condensed, "Which skills can be used to attack and defend?": Fight and Shoot attack
# physically, Provoke mentally; Athletics defends against any physical attack, Fight against melee,
# Will against mental attacks. Other rolls are opposed by the skill that notices or resists them.
ATTACKS = {"physical": ("Fight", "Shoot"), "mental": ("Provoke",)}
_DEFENCES = {"Fight": ("Athletics", "Fight"), "Shoot": ("Athletics",), "Provoke": ("Will",)}
_OPPOSES = {
    "Deceive": ("Empathy", "Notice"), "Stealth": ("Notice",), "Burglary": ("Notice",), "Rapport": ("Will",),
    "Empathy": ("Deceive",), "Notice": ("Stealth",), "Investigate": ("Deceive", "Stealth"),
    "Athletics": ("Athletics",), "Physique": ("Physique",), "Drive": ("Drive",), "Will": ("Will",),
}


def _best_of(character, names, known=()) -> str | None:
    """The highest of these skills the character has (the first on a tie). With none of them on
    its sheet: the first of them if its rule set knows it (rolled at Mediocre), else (approaches,
    a custom list) the character's own best skill."""
    own = [n for n in names if n in character.skills]
    if own:
        return max(own, key=lambda n: character.rating(n))
    if names and (names[0] in known or not character.skills):
        return names[0]
    return max(character.skills, key=lambda n: character.rating(n))


def attack_skill(character, kind: str = "physical", known=()) -> str | None:
    """The skill an attack starts with in a conflict of this kind: physical, the better of Fight
    and Shoot; mental, Provoke. `known` is the rule set's skill list."""
    return _best_of(character, ATTACKS.get(str(getattr(kind, "value", kind)), ATTACKS["physical"]), known)


def defence_skill(character, skill: str, action, kind: str = "physical", known=()) -> str | None:
    """The defender's best skill against this skill and action: Athletics or Fight against Fight,
    Athletics against Shoot, Will against Provoke, Notice against Stealth; against anything else
    Athletics in a physical conflict, Will in a mental one."""
    table = _DEFENCES if getattr(action, "value", action) == "attack" else {}
    fallback = ("Will",) if str(getattr(kind, "value", kind)) == "mental" else ("Athletics",)
    names = table.get(skill) or _OPPOSES.get(skill) or _DEFENCES.get(skill) or fallback
    return _best_of(character, names, known)


def roll_log_text(campaign: Campaign) -> str:
    """Every session's roll log as plain text, for export: a heading per session, a line per roll."""
    lines = [_("Roll log — {name}").format(name=campaign.name), ""]
    for log in sorted(campaign.sessions, key=lambda s: s.number):
        if not log.rolls:
            continue
        if log.title and log.date:
            heading = _("Session {number}: {title} ({date})")
        elif log.title:
            heading = _("Session {number}: {title}")
        elif log.date:
            heading = _("Session {number} ({date})")
        else:
            heading = _("Session {number}")
        lines.append(heading.format(number=log.number, title=log.title, date=log.date))
        lines += [f"  {line}" for line in log.rolls]
        lines.append("")
    if len(lines) == 2:
        lines.append(_("No rolls yet."))
    return "\n".join(lines).rstrip() + "\n"


__all__ = ["ATTACKS", "GM", "Invokable", "RollResult", "add_free_invokes", "against_self_refusal", "attack_skill",
           "defence_skill", "apply_roll", "existing_targets", "unknown", "invokables", "place_aspect", "roll_log",
           "roll_log_text", "scene_for_play", "set_aside", "stunts_for"]
