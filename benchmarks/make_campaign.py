"""Write a campaign file of N entities for the benchmarks (characters, obstacles, countdowns,
scenes, sessions and arcs in a GM's proportions; every character has a full sheet).

Run: .venv/bin/python benchmarks/make_campaign.py 10000 /tmp/big.fatedesk
"""

from __future__ import annotations

import argparse
from pathlib import Path

from fate_desk.model import (
    Arc, Aspect, AspectRole, Block, Campaign, Character, CharacterKind, ClockStamp, Consequence, Countdown,
    Distraction, FieldChange, Hazard, HistoryEntry, Scene, SessionLog, SituationAspect, Stunt, Zone,
)

SKILLS = ["Academics", "Athletics", "Burglary", "Contacts", "Crafts", "Deceive", "Drive", "Empathy",
          "Fight", "Investigate", "Lore", "Notice", "Physique", "Provoke", "Rapport"]
# Most of a big campaign's characters are NPCs; a few are the players' characters.
CHARACTER_KINDS = [CharacterKind.PC] + [CharacterKind.MAJOR_NPC] * 3 + [CharacterKind.MINOR_NPC] * 6


def character(n: int) -> Character:
    return Character(
        name=f"Character {n}",
        kind=CHARACTER_KINDS[n % len(CHARACTER_KINDS)],
        description="A face in the crowd with a story to tell. " * 3,
        aspects=[Aspect(role=role, text=f"{role.label} of character {n}") for role in
                 (AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP, AspectRole.FREE, AspectRole.FREE)],
        skills={s: r for s, r in zip(SKILLS, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1])},
        stunts=[Stunt(name=f"Stunt {i}", text="Because I practise, I get +2 when I use Fight to attack.") for i in range(3)],
        stress={"physical": [0]} if n % 10 == 0 else {},  # a tenth of them took a hit this scene
        consequences=[Consequence(slot="mild", text="Bruised")],
        notes="Notes that run on for a while. " * 10,
        advancement=[HistoryEntry(kind="milestone", when=ClockStamp(arc=1, session=s, scene=1), summary="Swap",
                                  changes=[FieldChange(field="skills.Fight", before=3, after=4)]) for s in range(1, 4)],
    )


def campaign(total: int) -> Campaign:
    share = {"characters": 0.4, "obstacles": 0.25, "countdowns": 0.1, "scenes": 0.15, "sessions": 0.08}
    counts = {k: int(total * v) for k, v in share.items()}
    counts["arcs"] = total - sum(counts.values())
    makers = {
        "characters": character,
        "obstacles": lambda n: [Hazard, Block, Distraction][n % 3](name=f"Obstacle {n}"),
        "countdowns": lambda n: Countdown(name=f"Countdown {n}", boxes=6, marked=n % 6, box_triggers=["a"] * 3),
        "scenes": lambda n: Scene(name=f"Scene {n}", zones=[Zone(name=f"Zone {z}", aspects=[SituationAspect(text="Dark")])
                                                            for z in range(3)], aspects=[SituationAspect(text="Rain")]),
        "sessions": lambda n: SessionLog(number=n + 1, title=f"Session {n + 1}", notes="What happened. " * 20),
        "arcs": lambda n: Arc(number=n + 1, name=f"Arc {n + 1}"),
    }
    return Campaign(name=f"Benchmark {total}", **{k: [makers[k](n) for n in range(c)] for k, c in counts.items()})


def write(total: int, path: Path) -> Path:
    """A new campaign file of `total` entities at `path` (replacing one left by an earlier run)."""
    from fate_desk.store.campaign_file import CampaignFile

    path = Path(path)
    path.unlink(missing_ok=True)
    CampaignFile.create(path, campaign(total)).close()
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("entities", type=int)
    parser.add_argument("path", type=Path)
    args = parser.parse_args()
    write(args.entities, args.path)
    print(f"{args.path}: {args.entities} entities, {args.path.stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
