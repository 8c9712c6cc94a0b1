"""Sample material for print previews and benchmarks: a small campaign built in code.

`python -m fate_desk.printing.samples FOLDER` writes one PDF of each kind into FOLDER
(`make pdf-previews` turns them into PNGs to look at).
"""

from __future__ import annotations

import sys
from pathlib import Path

from fate_desk.model import (
    Aspect,
    AspectRole,
    Block,
    Campaign,
    CampaignOptions,
    Character,
    CharacterKind,
    ConditionsMode,
    Consequence,
    Countdown,
    Distraction,
    Hazard,
    RuleBreak,
    Scene,
    SituationAspect,
    SlotSpec,
    Stunt,
    Zone,
)

from . import ExportJob, Paper, What, campaign_job, character_job, export_pdf

RULESETS = ("fate-condensed", "fate-core", "fate-accelerated")
ROLES = [AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP, AspectRole.FREE, AspectRole.FREE]


def _aspects(*texts: str) -> list[Aspect]:
    return [Aspect(role=role, text=text) for role, text in zip(ROLES, texts)]


def ruth() -> Character:
    """The Fate Condensed example PC, after a rough scene."""
    return Character(
        name="Ruth",
        description="A scholar of forbidden things who punches the undead.",
        aspects=_aspects(
            "Occult Librarian with a Mean Right Hook", "Curiosity Opens Every Door",
            "Cassandra Owes Me Her Life", "I Have Read the Forbidden Index", "Knuckles Like Bookends",
        ),
        skills={"Fight": 4, "Academics": 3, "Will": 3, "Athletics": 2, "Investigate": 2, "Notice": 2,
                "Lore": 1, "Physique": 1, "Rapport": 1, "Stealth": 1},
        stunts=[
            Stunt(name="Right Hook", text="Because I train every morning, I get +2 when I use Fight to "
                  "attack when I strike first in a conflict."),
            Stunt(name="Index Memory", text="Because I have read the forbidden index, I can use Academics "
                  "instead of Lore to create an advantage about ritual texts, but only when I have a "
                  "library at hand."),
            Stunt(name="Steady Nerves", text="Because I have seen worse, I get +2 when I use Will to "
                  "defend against attempts to frighten me."),
            Stunt(name="Card Catalogue Mind", text="Because I shelve books in my sleep, once per session "
                  "I can declare that a library holds exactly the volume I need."),
        ],
        fate_points=2,
        stress={"physical": [0, 1]},
        consequences=[Consequence(slot="mild", text="Split Knuckles", recovering=True)],
        notes="Owes the Miskatonic archive three overdue books.\nSuspects the dean is a cultist.",
    )


def zoe() -> Character:
    """A PC with Superb Physique (an extra mild slot), non-ASCII text and markup-like characters."""
    return Character(
        name="Zoë «Ζωή» Петрова",
        description="Ex-circus strongwoman & smuggler; writes <b>tags</b> on every wall she passes.",
        aspects=_aspects(
            "Strongwoman of the Cirque Étoile", "Debts in Three Currencies", "Mikhail Keeps My Secrets",
            "Ελληνικά, Русский and Street Français", "Nothing Is Too Heavy",
        ),
        skills={"Physique": 5, "Athletics": 4, "Fight": 4, "Burglary": 3, "Contacts": 3, "Drive": 3,
                "Deceive": 2, "Notice": 2, "Provoke": 2, "Stealth": 1, "Will": 1, "Crafts": 1,
                "Resources": 1, "Rapport": 1},
        stunts=[Stunt(name="Bend Bars", text="Because I once lifted a piano, I get +2 when I use Physique "
                      "to overcome locked gates & bars.")],
        fate_points=5,
        stress={"physical": [0, 1, 2, 3, 4], "mental": [0]},
        consequences=[
            Consequence(slot="mild_physical", text="Pulled Shoulder"),
            Consequence(slot="moderate", text="Cracked Rib — «ouch»"),
        ],
        advancement=[],
        notes="Smuggles for the Sokolov family. Speaks French with a Marseille accent.",
    )


def long_winded() -> Character:
    """A PC whose text is far too long for its boxes: everything must shrink, nothing spill."""
    blurb = ("This aspect goes on and on, because its player could not stop writing about the "
             "character's childhood, the village, the river and the mysterious ferryman. ")
    return Character(
        name="Bartholomew Archibald Fitzwilliam-Montgomery the Third of Lesser Snoring",
        description=blurb * 3,
        aspects=_aspects(blurb * 2, blurb, "Short Trouble", blurb * 4, ""),
        skills={"Lore": 4, "Academics": 3, "Notice": 3, "Will": 2, "Empathy": 2, "Rapport": 2,
                "Contacts": 1, "Crafts": 1, "Resources": 1, "Investigate": 1},
        stunts=[Stunt(name=f"Stunt {i}", text=blurb * 3) for i in range(1, 6)],
        notes=blurb * 12,
    )


def fae_pc() -> Character:
    return Character(
        ruleset="fate-accelerated",
        name="Captain Ivy Roe",
        description="Sky-pirate with a clockwork arm.",
        aspects=_aspects("Sky-Pirate Captain of the Gilded Gull", "A Price on My Head", "Tink Built My Arm",
                         "Never Leave a Crewmate", "Clockwork Arm"),
        skills={"Flashy": 3, "Quick": 2, "Clever": 2, "Forceful": 1, "Careful": 1},
        stunts=[Stunt(name="Grapple Line", text="Because I always carry a grapple, I get +2 when I "
                      "Flashily create an advantage by swinging across the battlefield.")],
        stress={"stress": [0]},
    )


def core_pc() -> Character:
    return ruth().model_copy(update={"ruleset": "fate-core", "name": "Ruth (Fate Core)", "stress": {"physical": [1]}})


def minor_npcs() -> list[Character]:
    return [
        Character(kind=CharacterKind.MINOR_NPC, name="Cultist Thug",
                  aspects=[Aspect(text="Zealous to a Fault"), Aspect(text="Knows the Tunnels")],
                  skills={"Fight": 2, "Notice": 1}, stress_boxes={"physical": [1, 1]}, stress={"physical": [0]}),
        Character(kind=CharacterKind.MINOR_NPC, name="Nervous Librarian",
                  aspects=[Aspect(text="Jumps at Shadows")],
                  skills={"Fair (+2) at Finding Any Book": 2}, notes="Knows where the index is hidden."),
    ]


def monster() -> Character:
    return Character(
        kind=CharacterKind.MONSTER, name="The Shoggoth",
        aspects=_aspects("Tireless Fleshy Horror", "Afraid of Fire"),
        skills={"Fight": 5, "Physique": 6, "Notice": 2},
        stunts=[Stunt(name="Engulf", text="Once per exchange it may attack everyone in its zone at once.")],
        stress_boxes={"physical": [1, 2, 3, 4]},
        consequence_slots=[SlotSpec(id="mild", severity="mild", value=2), SlotSpec(id="moderate", severity="moderate", value=4)],
        rule_breaks=[RuleBreak(kind="immunity", text="Bullets pass through it; only fire or magic harms it.")],
        scale="Otherworldly",
    )


def overloaded_monster() -> Character:
    """Far more of everything than a page holds: rows thin out, nothing overlaps the next box."""
    return Character(
        kind=CharacterKind.MONSTER, name="The Hive of a Thousand Names",
        aspects=[Aspect(text=f"Aspect number {i} of the hive") for i in range(24)],
        skills={f"Skill {i}": r for i, r in enumerate(range(12, -3, -1))} | {"Extra": 3},
        stunts=[Stunt(name=f"Stunt {i}", text="It does something unsettling. " * 4) for i in range(8)],
        stress_boxes={f"track_{i}": [1, 2, 3, 4, 5, 6] for i in range(7)},
        consequence_slots=[SlotSpec(id=f"slot{i}", severity="mild", value=2) for i in range(12)],
    )


def normal_monster() -> Character:
    """An ordinary monster card: five aspects, three two-line stunts, two rule breaks."""
    return Character(
        kind=CharacterKind.MONSTER, name="Marsh Wyrm",
        aspects=[Aspect(role=AspectRole.HIGH_CONCEPT, text="Ancient Wyrm of the Drowned Marsh"),
                 Aspect(role=AspectRole.TROUBLE, text="Cannot Resist a Hoard"),
                 Aspect(text="Scales Like Old Iron"), Aspect(text="Breath of Rotting Fog"),
                 Aspect(text="Knows Every Channel")],
        skills={"Fight": 5, "Physique": 4, "Notice": 3, "Stealth": 3, "Provoke": 2},
        stunts=[Stunt(name=f"Wyrm Trick {i}", text="Once per scene it can do something nasty to everyone "
                      "standing in its zone, and it gets +2 when it does so from the water.") for i in range(3)],
        rule_breaks=[RuleBreak(kind="immunity", text="Ordinary blades glance off; only harpoons bite."),
                     RuleBreak(kind="extra_action", text="Acts twice per exchange while in deep water.")],
        stress_boxes={"physical": [1, 2, 3, 4]},
        consequence_slots=[SlotSpec(id="mild", severity="mild", value=2),
                           SlotSpec(id="moderate", severity="moderate", value=4)],
    )


def nine_average_npc() -> Character:
    """A legal major NPC on the standard list with nine skills at Average and a custom skill."""
    nine = ["Academics", "Burglary", "Contacts", "Crafts", "Deceive", "Drive", "Provoke", "Resources", "Shoot"]
    return Character(kind=CharacterKind.MAJOR_NPC, name="Quartermaster Bly",
                     aspects=[Aspect(role=AspectRole.HIGH_CONCEPT, text="Keeper of the Syndicate's Stores")],
                     skills={**{s: 1 for s in nine}, "Will": 4, "Notice": 3, "Empathy": 3,
                             "Getting Into Bar Fights With Sailors": 2})


def many_scripts() -> Character:
    """Text in scripts the bundled font lacks (named before printing) and right-to-left text."""
    return ruth().model_copy(update={"name": "Ruth of Many Scripts",
                                     "notes": "Hebrew: שלום עולם. Arabic: مرحبا. Chinese: 漢字. Thai: สวัสดี."})


def forty_stunts(ruleset: str = "fate-condensed") -> Character:
    """A PC with 40 stunts: refresh far below 1 (flagged), stunts continuing on further pages."""
    return ruth().model_copy(update={
        "ruleset": ruleset, "name": "Forty-Stunt Fenwick",
        **({"skills": fae_pc().skills} if ruleset == "fate-accelerated" else {}),
        "stunts": [Stunt(name=f"Trick {i}", text=f"Because of lesson {i}, I get +2 once per scene when it "
                         "fits the story.") for i in range(1, 41)],
    })


HEBREW = "שלום עולם"
ARABIC = "مرحبا بالعالم"
CJK = "漢字 かな カナ 한국어"


def scripts_pc(ruleset: str = "fate-condensed") -> Character:
    """A PC written in Hebrew, Arabic (in italic too, on cards) and Chinese, Japanese, Korean."""
    return ruth().model_copy(update={
        "ruleset": ruleset, "name": "מגדלור טובע (Sunken)",
        "description": f"{HEBREW}. היא קוראת ספרים (הרבה). {ARABIC}.",
        "aspects": [Aspect(role=AspectRole.HIGH_CONCEPT, text="חושך מוחלט (Pitch Dark)"),
                    Aspect(role=AspectRole.TROUBLE, text=ARABIC), Aspect(role=AspectRole.RELATIONSHIP, text=CJK)],
        "stunts": [Stunt(name="ضربة", text="عندما أستخدم القتال أحصل على +2 (مرتين في المشهد).")],
        "notes": f"{CJK}, {HEBREW} and {ARABIC}.",
        **({"skills": fae_pc().skills} if ruleset == "fate-accelerated" else {}),
    })


def scripts_campaign() -> Campaign:
    """The scene campaign with its title, a scene, a zone and an aspect in other scripts."""
    campaign = scene_campaign()
    campaign.name = "ספר האסור"
    campaign.characters[0] = scripts_pc()
    bridge = campaign.scenes[1]
    bridge.aspects[0].text = "חושך מוחלט (Pitch Dark)"
    bridge.zones[0].name = "مرفأ"
    campaign.obstacles[0].notes = f"{ARABIC} — {CJK}"
    return campaign


def obstacles() -> list:
    return [
        Hazard(name="Distant Sniper", rating=5, weapon=4, notes="On the bell tower; moves after two exchanges."),
        Block(name="Chain Link Fence", rating=2),
        Block(name="Vat of Acid", rating=3, weapon=4),
        Distraction(name="Bus Full of Civilians", choice="Will the bus plunge off the bridge?",
                    repercussions=["Leave them: every civilian on the bus dies.",
                                   "Save them: the villain gets away."], opposition=3),
    ]


def countdowns() -> list[Countdown]:
    return [Countdown(name="The Ritual Completes", boxes=6, marked=2, trigger="Each exchange nobody disrupts the circle",
                      box_triggers=["", "", "", "The candles turn blue", "", ""],
                      outcome="The Old One wakes beneath the library.", players_see_boxes_only=True)]


def sample_campaign() -> Campaign:
    npcs = minor_npcs()
    beast = monster()
    major = Character(kind=CharacterKind.MAJOR_NPC, name="Dean Whitlock",
                      aspects=_aspects("Dean of the Hidden Faculty", "Ambition Beyond Reason"),
                      skills={"Lore": 5, "Deceive": 4, "Will": 4, "Resources": 3}, stress={"mental": [0]})
    obs = obstacles()
    clocks = countdowns()
    campaign = Campaign(
        name="The Forbidden Index",
        characters=[ruth(), zoe(), *npcs, beast, major],
        obstacles=obs,
        countdowns=clocks,
        options=CampaignOptions(weapon_armor=True),
    )
    campaign.scenes = [
        Scene(name="The Stacks", session=1, present=[npcs[1].id, obs[1].id, clocks[0].id]),
        Scene(name="The Bridge", session=2, present=[npcs[0].id, obs[0].id, obs[2].id, obs[3].id, major.id, beast.id]),
    ]
    return campaign


def scene_campaign() -> Campaign:
    """The sample campaign with zones and situation aspects on The Bridge."""
    campaign = sample_campaign()
    dock = Zone(name="The Dock", aspects=[SituationAspect(text="Slick With Rain", free_invokes=1)])
    tower = Zone(name="Bell Tower", adjacent=[dock.id], aspects=[SituationAspect(text="Narrow Stairs")])
    bridge = Zone(name="The Bridge Deck", adjacent=[dock.id])
    dock.adjacent = [tower.id]
    campaign.scenes[1] = campaign.scenes[1].model_copy(update={
        "zones": [dock, tower, bridge],
        "aspects": [SituationAspect(text="Thick Fog", free_invokes=2), SituationAspect(text="Off Balance", boost=True)],
    })
    return campaign


def deck(n: int) -> list:
    """n cards cycling through every kind (for the benchmark)."""
    pool = [*minor_npcs(), monster(), *obstacles(), *countdowns()]
    return [pool[i % len(pool)] for i in range(n)]


def write_samples(folder: Path) -> list[Path]:
    """One PDF of each kind, on both paper sizes where it matters."""
    folder.mkdir(parents=True, exist_ok=True)
    campaign = scene_campaign()
    jobs = {
        "sheet-ruth-letter": ExportJob(What.SHEETS, sheets=[ruth()], paper=Paper.LETTER, title="Ruth"),
        "sheet-zoe-a4": ExportJob(What.SHEETS, sheets=[zoe()], paper=Paper.A4, title="Zoë"),
        "sheet-long-text": ExportJob(What.SHEETS, sheets=[long_winded()], paper=Paper.LETTER),
        "sheet-fate-core": ExportJob(What.SHEETS, sheets=[core_pc()], paper=Paper.LETTER),
        "sheet-fae": ExportJob(What.SHEETS, sheets=[fae_pc()], paper=Paper.A4),
        "sheet-monster": ExportJob(What.SHEETS, sheets=[monster()], paper=Paper.LETTER),
        "sheet-overloaded": ExportJob(What.SHEETS, sheets=[overloaded_monster()], paper=Paper.LETTER),
        "sheet-conditions": ExportJob(What.SHEETS, sheets=[zoe()], paper=Paper.LETTER,
                                      options=CampaignOptions(conditions=ConditionsMode.FURTHER_APART)),
        "blank-fate-condensed": ExportJob(What.BLANK, ruleset="fate-condensed", paper=Paper.LETTER),
        "blank-fate-core": ExportJob(What.BLANK, ruleset="fate-core", paper=Paper.A4),
        "blank-fate-accelerated": ExportJob(What.BLANK, ruleset="fate-accelerated", paper=Paper.LETTER),
        "reference-all-options": ExportJob(What.REFERENCE, ruleset="fate-condensed", paper=Paper.LETTER,
                                           options=CampaignOptions(conditions=ConditionsMode.PLAIN, weapon_armor=True,
                                                                   extreme_consequences=True, scale=True)),
        "pack-session-2": campaign_job(campaign, What.PACK, session=2, paper=Paper.A4),
        "pack-whole-campaign": campaign_job(campaign, What.PACK, paper=Paper.LETTER),
        "sheet-ruth-state-in-ink": ExportJob(What.SHEETS, sheets=[ruth()], paper=Paper.LETTER, state=True),
        "sheet-nine-average-npc": ExportJob(What.SHEETS, sheets=[nine_average_npc()], paper=Paper.LETTER),
        "sheet-many-scripts": ExportJob(What.SHEETS, sheets=[many_scripts()], paper=Paper.LETTER),
        "cards-monsters": ExportJob(What.CARDS, cards=[normal_monster(), monster(), overloaded_monster(),
                                                       fae_pc(), *minor_npcs()], paper=Paper.LETTER),
        "cards-deck": ExportJob(What.CARDS, cards=deck(12), paper=Paper.A4),
        "blank-conditions": ExportJob(What.BLANK, ruleset="fate-condensed", paper=Paper.LETTER,
                                      options=CampaignOptions(conditions=ConditionsMode.PLAIN)),
        "reference-fate-core": ExportJob(What.REFERENCE, ruleset="fate-core", paper=Paper.LETTER),
        "reference-fate-accelerated": ExportJob(What.REFERENCE, ruleset="fate-accelerated", paper=Paper.A4),
        "scene-the-bridge": campaign_job(campaign, What.SCENE, scene="The Bridge", paper=Paper.LETTER),
        "aspect-cards-the-bridge": campaign_job(campaign, What.ASPECT_CARDS, scene="The Bridge", paper=Paper.LETTER),
        "aspect-cards-blank": ExportJob(What.ASPECT_CARDS, paper=Paper.LETTER),
        "trackers": campaign_job(campaign, What.TRACKERS, paper=Paper.LETTER),
        "blank-cards": ExportJob(What.BLANK_CARDS, paper=Paper.LETTER),
        **{f"cheat-sheet-{r}": ExportJob(What.CHEAT_SHEET, ruleset=r, paper=Paper.LETTER)
           for r in ("fate-condensed", "fate-core", "fate-accelerated")},
        **{f"skill-card-{r}": ExportJob(What.SKILL_CARD, ruleset=r, paper=Paper.LETTER)
           for r in ("fate-condensed", "fate-core", "fate-accelerated")},
        **{f"blank-cards-{r}": ExportJob(What.BLANK_CARDS, ruleset=r, paper=Paper.A4)
           for r in ("fate-core", "fate-accelerated")},
        **{f"sheet-forty-stunts-{r}": ExportJob(What.SHEETS, sheets=[forty_stunts(r)], paper=Paper.LETTER)
           for r in RULESETS},
        **{f"cards-pcs-{r}": ExportJob(What.CARDS, cards=[pc, forty_stunts(r), scripts_pc(r)], paper=Paper.LETTER,
                                       state=True)
           for r, pc in zip(RULESETS, (ruth(), core_pc(), fae_pc()))},
        **{f"sheet-scripts-{r}": ExportJob(What.SHEETS, sheets=[scripts_pc(r)], paper=Paper.A4, state=True)
           for r in RULESETS},
        "reference-fate-condensed": ExportJob(What.REFERENCE, ruleset="fate-condensed", paper=Paper.LETTER),
        "pack-scripts": campaign_job(scripts_campaign(), What.PACK, session=2, paper=Paper.LETTER),
        "scene-scripts": campaign_job(scripts_campaign(), What.SCENE, scene="The Bridge", paper=Paper.A4),
        "aspect-cards-scripts": campaign_job(scripts_campaign(), What.ASPECT_CARDS, scene="The Bridge",
                                             paper=Paper.A4),
        "trackers-blank": ExportJob(What.TRACKERS, paper=Paper.LETTER),
        "pack-one-character": character_job(ruth(), What.PACK, Paper.LETTER),
    }
    written = []
    for name, job in jobs.items():
        path = folder / f"{name}.pdf"
        export_pdf(job, path)
        written.append(path)
    return written


if __name__ == "__main__":
    for written in write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "previews")):
        print(written)
