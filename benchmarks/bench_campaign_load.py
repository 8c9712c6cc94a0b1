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

from fate_desk.store.campaign_file import CampaignFile, load_campaign

from make_campaign import campaign


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

            report("one edit saved (put, write-ahead log)", timed(50, edit))
            report("save a copy as", timed(args.repeat, lambda: handle.save_copy_as(scratch / "copy.fatedesk")))


if __name__ == "__main__":
    main()
