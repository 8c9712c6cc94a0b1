"""A player character with every section of the sheet full, for layout tests and screenshots."""

from __future__ import annotations

from pathlib import Path

from fate_desk.model import Aspect, AspectRole, Campaign, CampaignOptions, Character, ConditionsMode, Consequence, Stunt
from fate_desk.rules import get_ruleset
from fate_desk.store.campaign_file import CampaignFile

LONG = ("Salt-Stained Signal Officer Who Reads Every Lamp on the Coast and Still Cannot Read Her "
        "Own Heart, Sworn to the Fleet She Deserted and Hunted by the Captain Who Once Trusted Her")[:200]


def full_pc(name: str = "Kestrel Vane", conditions: bool = False) -> Character:
    ruleset = get_ruleset("fate-condensed")
    roles = [AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP, AspectRole.FREE, AspectRole.FREE]
    aspects = [Aspect(role=role, text=(LONG + f" {i}")[-200:]) for i, role in enumerate(roles)]
    skills = {"Notice": 4, "Physique": 3, "Will": 3, "Athletics": 2, "Deceive": 2, "Stealth": 2,
              "Contacts": 1, "Fight": 1, "Lore": 1, "Shoot": 1}
    stunts = [Stunt(name=f"Stunt Number {i + 1} With a Long Name",
                    text="Because I have run the blockade a hundred times, I get +2 when I use Stealth to "
                         "overcome when I am slipping past a patrol by boat at night in fog or rain.")
              for i in range(5)]
    if conditions:
        consequences = [Consequence(slot="hurt", text="Hurt", boxes_marked=1)]
    else:
        consequences = [Consequence(slot=slot, text=f"{slot.capitalize()} wound from the harbour fight")
                        for slot in ("mild", "moderate", "severe")]
    return Character(name=name, description=LONG, aspects=aspects, skills=skills, stunts=stunts,
                     consequences=consequences, refresh=ruleset.refresh_start, fate_points=2,
                     notes="Owes Jory a boat.\nThe codebook is in the lighthouse.")


def full_campaign_file(folder: Path, conditions: bool = False) -> Path:
    options = CampaignOptions(conditions=ConditionsMode.FURTHER_APART) if conditions else CampaignOptions()
    campaign = Campaign(name="Storm Coast", characters=[full_pc(conditions=conditions)], options=options)
    path = folder / ("conditions.fatedesk" if conditions else "full.fatedesk")
    CampaignFile.create(path, campaign).close()
    return path
