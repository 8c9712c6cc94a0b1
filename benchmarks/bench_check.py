"""How long checking 1,000 characters takes (target: under 40 ms in all, issue 28).

Run: .venv/bin/python benchmarks/bench_check.py
"""

from __future__ import annotations

import random
import statistics
import time

from fate_desk.model import Aspect, Character, Stunt
from fate_desk.rules import check, get_ruleset

TARGET_MS = 40.0  # issue 28 (was 50)


def make_characters(n: int, seed: int = 1) -> list[Character]:
    rng = random.Random(seed)
    rs = get_ruleset("fate-condensed")
    out = []
    for i in range(n):
        names = rng.sample(rs.skills, 10)
        ratings = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]
        if i % 3 == 0:
            ratings[1] = 4  # a third of them break the pyramid
        out.append(Character(
            name=f"PC {i}",
            aspects=[Aspect(role=r, text=f"Aspect {j}") for j, r in enumerate(rs.aspects) if rng.random() > 0.1],
            skills=dict(zip(names, ratings)),
            stunts=[Stunt(name=f"S{k}") for k in range(rng.randint(1, 6))],
        ))
    return out


def main() -> None:
    rs = get_ruleset("fate-condensed")
    characters = make_characters(1000)
    runs, cpu = [], []
    for _ in range(7):
        start, start_cpu = time.perf_counter(), time.process_time()
        for c in characters:
            check(c, rs)
        runs.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    best, median = min(runs), statistics.median(runs)
    # On a shared machine the clock also counts time other programs ran; the CPU time does not.
    print(f"check 1,000 characters: best {best:.1f} ms, median {median:.1f} ms "
          f"({median:.0f} µs each), CPU time best {min(cpu):.1f} ms; target {TARGET_MS:.0f} ms; "
          f"ratio median/target {median / TARGET_MS:.2f}")


if __name__ == "__main__":
    main()
