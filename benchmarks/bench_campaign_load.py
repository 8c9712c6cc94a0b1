"""How long a campaign of 1,000 entities takes to open, load and save (prints figures).

Run: .venv/bin/python benchmarks/bench_campaign_load.py [--entities N] [--repeat R]
The target is "well under a second" to open a 1,000-entity campaign.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from fate_desk.model import (
    Arc, Aspect, AspectRole, Block, Campaign, Character, ClockStamp, Consequence, Countdown,
    Distraction, FieldChange, Hazard, HistoryEntry, Scene, SessionLog, SituationAspect, Stunt, Zone,
)
from fate_desk.store.campaign_file import CampaignFile, load_campaign

SKILLS = ["Academics", "Athletics", "Burglary", "Contacts", "Crafts", "Deceive", "Drive", "Empathy",
          "Fight", "Investigate", "Lore", "Notice", "Physique", "Provoke", "Rapport"]


def character(n: int) -> Character:
    return Character(
        name=f"Character {n}",
        description="A face in the crowd with a story to tell. " * 3,
        aspects=[Aspect(role=role, text=f"{role.label} of character {n}") for role in
                 (AspectRole.HIGH_CONCEPT, AspectRole.TROUBLE, AspectRole.RELATIONSHIP, AspectRole.FREE, AspectRole.FREE)],
        skills={s: r for s, r in zip(SKILLS, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1])},
        stunts=[Stunt(name=f"Stunt {i}", text="Because I practise, I get +2 when I use Fight to attack.") for i in range(3)],
        stress={"physical": [0]},
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
    return Campaign(name="Benchmark", **{k: [makers[k](n) for n in range(c)] for k, c in counts.items()})


def timed(repeat: int, work) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        out.append(time.perf_counter() - start)
    return out


def report(label: str, seconds: list[float]) -> None:
    print(f"{label:<42} median {statistics.median(seconds) * 1000:8.1f} ms   "
          f"best {min(seconds) * 1000:8.1f} ms   worst {max(seconds) * 1000:8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entities", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        os.environ["FATE_DESK_DATA_DIR"] = str(scratch / "user-data")
        data = campaign(args.entities)
        path = scratch / "bench.fatedesk"
        start = time.perf_counter()
        CampaignFile.create(path, data).close()
        print(f"{args.entities} entities, file of {path.stat().st_size / 1024:.0f} KiB, "
              f"created in {(time.perf_counter() - start) * 1000:.1f} ms")
        report("load_campaign (read-only, quick_check)", timed(args.repeat, lambda: load_campaign(path)))
        report("open for editing (+ rolling backup)", timed(args.repeat, lambda: CampaignFile.open(path).close()))
        with CampaignFile.open(path) as handle:
            hero = handle.campaign.characters[0]

            def edit():
                hero.fate_points = (hero.fate_points + 1) % 10
                handle.put(hero)

            report("one edit saved (put, synchronous=FULL)", timed(50, edit))
            report("save a copy as", timed(args.repeat, lambda: handle.save_copy_as(scratch / "copy.fatedesk")))


if __name__ == "__main__":
    main()
