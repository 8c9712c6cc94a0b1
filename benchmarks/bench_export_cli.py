"""`fate-desk export` of one character sheet as a whole process, against a trivial reportlab
script (a one-line PDF in the default font, also a whole process). Issue 28's target: within
2.5x. The two are started in turn, so a busy machine slows both alike; medians of N each.

Run: .venv/bin/python benchmarks/bench_export_cli.py [N] [--code CHECKOUT]
(--code runs another checkout's fate_desk, e.g. the code before a change, as a baseline)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_RATIO = 2.5
ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "docs" / "examples" / "ruth.fate.json"
TRIVIAL = ("import sys\nfrom reportlab.pdfgen.canvas import Canvas\n"
           "c = Canvas(sys.argv[1])\nc.drawString(72, 720, 'Ruth Okafor')\nc.save()\n")




def run(cmd: list[str], code: Path, folder: Path) -> tuple[float, float]:
    """Seconds by the clock and of CPU time (user and system) the process took."""
    # As installed: compiled modules are kept (the first, unmeasured pair writes them).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPATH": str(code)}
    start = time.perf_counter()
    # Started in an empty folder: `python -m` puts the working folder first on the path, so
    # started in a checkout it would run that checkout's fate_desk whatever --code says.
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env=env, cwd=folder)
    _, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}")
    return took, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("runs", type=int, nargs="?", default=10)
    parser.add_argument("--code", type=Path, default=ROOT)
    args = parser.parse_args()
    runs, code = args.runs, args.code.resolve()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        script = out / "trivial.py"
        script.write_text(TRIVIAL)
        trivial, export = [], []
        for i in range(runs + 1):
            t = run([sys.executable, str(script), str(out / "trivial.pdf")], code, out)
            e = run([sys.executable, "-m", "fate_desk", "export", str(SHEET), "--out", str(out / "sheet.pdf")], code, out)
            if i:  # the first pair warms the disk cache
                trivial.append(t)
                export.append(e)
    t, e = statistics.median(w for w, _ in trivial), statistics.median(w for w, _ in export)
    ratios = sorted(b[0] / a[0] for a, b in zip(trivial, export))
    # CPU time: what the process itself cost, which other programs on a shared machine inflate less.
    tc, ec = statistics.median(c for _, c in trivial), statistics.median(c for _, c in export)
    print(f"trivial reportlab script {t * 1000:.0f} ms; fate-desk export of one sheet {e * 1000:.0f} ms; "
          f"ratio {e / t:.2f}x (pairs {ratios[0]:.2f}–{ratios[-1]:.2f}); CPU time {tc * 1000:.0f} ms and "
          f"{ec * 1000:.0f} ms, ratio {ec / tc:.2f}x; target {TARGET_RATIO}x; "
          f"load {open('/proc/loadavg').read().split()[0]}")


if __name__ == "__main__":
    main()
