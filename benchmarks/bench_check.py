"""How long checking 1,000 characters takes (target: under 40 ms in all, issue 28): the rule
function in this process, and the whole command as a user runs it, `fate-desk check` of 1,000
character files in a process of its own (the interpreter's start, imports, reading the files and
printing the report included), with the ratio of the one to the other.

Run: .venv/bin/python benchmarks/bench_check.py [RUNS]   (default: 7)
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fate_desk.model import Aspect, Character, Stunt
from fate_desk.rules import check, get_ruleset
from fate_desk.store.interchange import write_character_file

TARGET_MS = 40.0  # issue 28 (was 50)
COUNT = 1000


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
            ruleset="fate-condensed",
            aspects=[Aspect(role=r, text=f"Aspect {j}") for j, r in enumerate(rs.aspects) if rng.random() > 0.1],
            skills=dict(zip(names, ratings)),
            stunts=[Stunt(name=f"S{k}") for k in range(rng.randint(1, 6))],
        ))
    return out


def in_process(characters: list[Character], runs: int) -> tuple[list[float], list[float]]:
    """The rule function over every character: (clock ms, CPU ms) of each run."""
    rs = get_ruleset("fate-condensed")
    clock, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        for c in characters:
            check(c, rs)
        clock.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return clock, cpu


def whole_command(command: list[str], folder: Path) -> tuple[float, float]:
    """One process, as a user starts it: (clock ms from just before it starts to its exit, CPU ms
    of the process, user and system)."""
    start = time.perf_counter()
    # Started in the scratch folder: `python -m` puts the working folder first on the path.
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=folder)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - start
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: some characters have errors, as a third of these do
        raise SystemExit(f"{' '.join(command[:4])} … exited {code}: {err.decode(errors='replace').strip()}")
    return took * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def summary(label: str, clock: list[float], cpu: list[float]) -> str:
    return (f"{label}: median {statistics.median(clock):.1f} ms, best {min(clock):.1f} ms; "
            f"CPU time median {statistics.median(cpu):.1f} ms, best {min(cpu):.1f} ms")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    characters = make_characters(COUNT)
    clock, cpu = in_process(characters, runs)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        files = []
        for n, character in enumerate(characters):
            files.append(folder / f"pc-{n:04d}.fate.json")
            write_character_file(files[-1], character)
        command = [sys.executable, "-m", "fate_desk", "check", *map(str, files)]
        bare_command = [sys.executable, "-c", "pass"]
        whole_command(command, folder)  # unmeasured: compiles the modules, warms the disk cache
        process, bare = [], []
        for _ in range(runs):  # in turn, so a busy machine slows both alike
            bare.append(whole_command(bare_command, folder))
            process.append(whole_command(command, folder))
    p_clock, p_cpu = [w for w, _ in process], [c for _, c in process]
    b_clock = [w for w, _ in bare]
    median, p_median = statistics.median(clock), statistics.median(p_clock)
    # On a shared machine the clock also counts time other programs ran; the CPU time does not.
    print(f"check {COUNT:,} characters, {runs} runs; load average {open('/proc/loadavg').read().split()[0]}")
    print(summary("  the rule function, in this process", clock, cpu)
          + f" ({median * 1000 / COUNT:.0f} µs each)")
    print(summary(f"  `fate-desk check` of {COUNT:,} files, a whole process", p_clock, p_cpu))
    print(f"  the interpreter alone (python -c pass): median {statistics.median(b_clock):.1f} ms")
    print(f"  ratio whole command / rule function: clock {p_median / median:.1f}x, "
          f"CPU time {statistics.median(p_cpu) / statistics.median(cpu):.1f}x")
    print(f"  target {TARGET_MS:.0f} ms: rule function median/target {median / TARGET_MS:.2f} "
          f"({'met' if median <= TARGET_MS else 'missed'}); whole command median/target {p_median / TARGET_MS:.2f} "
          f"({'met' if p_median <= TARGET_MS else 'missed'})")


if __name__ == "__main__":
    main()
