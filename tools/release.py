"""Build the bundle (`make bundle`) or run the whole release check (`make release-check`).

The release check builds the sdist and the wheel, installs the wheel into a fresh virtual
environment, builds the PyInstaller bundle, and runs both as a user would: from a folder
outside the checkout, with a clean environment (no venv on PATH, a throwaway HOME) and
Qt's offscreen platform. It prints how long each step took.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
BUNDLE = DIST / "fate-desk"
SAMPLE_CAMPAIGN = Path("resources") / "sample-campaign.fate-campaign.json"
EXAMPLE_CHARACTER = Path("docs") / "examples" / "ruth.fate.json"
# What a download should weigh at most (the spec leaves out what the app never loads).
UNPACKED_TARGET_MB, PACKED_TARGET_MB = 160, 70


class CheckFailed(Exception):
    pass


def build_bundle(clean: bool = False) -> Path:
    """Run PyInstaller on installer/fate-desk.spec; returns dist/fate-desk."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(DIST), "--workpath", str(ROOT / "build" / "pyinstaller")]
    if clean:
        cmd.append("--clean")
    subprocess.run([*cmd, str(ROOT / "installer" / "fate-desk.spec")], cwd=ROOT, check=True)
    return BUNDLE


def clean_env(home: Path) -> dict[str, str]:
    """What a fresh login has: system PATH only, no Python variables, a HOME of its own."""
    return {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
            "QT_QPA_PLATFORM": "offscreen"}


def run_program(program: list[str], args: list[str], workdir: Path, env: dict[str, str],
                expect: int = 0) -> subprocess.CompletedProcess:
    proc = subprocess.run([*program, *args], cwd=workdir, env=env, capture_output=True,
                          text=True, timeout=300)
    if proc.returncode != expect:
        raise CheckFailed(f"`{' '.join([*program, *args])}` exited {proc.returncode}, not {expect}:\n"
                          f"{proc.stdout}{proc.stderr}")
    return proc


def exercise(program: list[str], data: Path, workdir: Path, env: dict[str, str]) -> list[str]:
    """Run the installed program through what a user does first; returns what was checked."""
    from fate_desk import __version__

    workdir.mkdir(parents=True)
    done = []
    out = run_program(program, ["--version"], workdir, env).stdout
    if __version__ not in out:
        raise CheckFailed(f"--version printed {out!r}, expected {__version__}")
    done.append("--version")
    # The example comes from the installed copy of docs/, which proves docs/ was packaged.
    run_program(program, ["check", str(data / EXAMPLE_CHARACTER)], workdir, env)
    done.append("check example")
    smoke = run_program(program, ["--smoke"], workdir, env)
    if "started in" not in smoke.stderr:
        raise CheckFailed(f"--smoke did not report its start-up time:\n{smoke.stderr}")
    done.append("--smoke")
    # Opened from the user's own folder, as a shared campaign would be: opening a bundle makes
    # a campaign file beside it, and the program's folder is no place for that.
    sample = workdir / SAMPLE_CAMPAIGN.name
    shutil.copy(data / SAMPLE_CAMPAIGN, sample)
    run_program(program, ["--smoke", str(sample)], workdir, env)
    done.append("--smoke sample campaign")
    for name, args in (("blank sheet", ["--blank"]), ("sample campaign sheets", [str(sample)])):
        pdf = workdir / f"{name.replace(' ', '-')}.pdf"
        run_program(program, ["export", *args, "--out", str(pdf)], workdir, env)
        head = pdf.read_bytes()[:5] if pdf.is_file() else b""
        if head != b"%PDF-":
            raise CheckFailed(f"export {' '.join(args)} wrote no PDF at {pdf}")
        done.append(f"export {name}")
    return done


def files_in(folder: Path) -> dict[str, int]:
    """Every file below folder with its modification time, to see what a run changed."""
    return {str(p.relative_to(folder)): p.lstat().st_mtime_ns for p in folder.rglob("*")}


class Timer:
    def __init__(self) -> None:
        self.steps: list[tuple[str, float]] = []

    def step(self, name: str, work):
        print(f"release-check: {name} ...", flush=True)
        started = time.perf_counter()
        result = work()
        self.steps.append((name, time.perf_counter() - started))
        return result

    def report(self) -> str:
        width = max(len(name) for name, _ in self.steps)
        lines = [f"  {name:<{width}}  {secs:6.1f} s" for name, secs in self.steps]
        total = sum(secs for _, secs in self.steps)
        return "\n".join([*lines, f"  {'total':<{width}}  {total:6.1f} s"])


def release_check() -> int:
    timer = Timer()
    with tempfile.TemporaryDirectory(prefix="fate-desk-release-") as tmp:
        tmp = Path(tmp)
        home, work = tmp / "home", tmp / "work"
        home.mkdir()
        env = clean_env(home)

        def build_packages() -> Path:
            for old in [*DIST.glob("*.whl"), *DIST.glob("*.tar.gz")]:
                old.unlink()
            # `build` makes the sdist first and the wheel from it, so a file missing from
            # the sdist shows up as a broken wheel.
            subprocess.run([sys.executable, "-m", "build", "--outdir", str(DIST), str(ROOT)],
                           check=True, stdout=subprocess.DEVNULL)
            (wheel,) = DIST.glob("fate_desk-*.whl")
            return wheel

        wheel = timer.step("build sdist and wheel", build_packages)

        def install_wheel() -> Path:
            venv = tmp / "venv"
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
                            "--disable-pip-version-check", str(wheel)], check=True)
            return venv

        venv = timer.step("install wheel into a fresh venv", install_wheel)
        (site,) = venv.glob("lib/python*/site-packages")
        checked = timer.step("run the installed wheel", lambda: exercise(
            [str(venv / "bin" / "fate-desk")], site / "fate_desk" / "_data", work / "wheel", env))
        print(f"release-check: wheel ok: {', '.join(checked)}")

        timer.step("build the bundle (PyInstaller)", lambda: build_bundle(clean=True))
        # Run a copy far from the checkout, so nothing can lean on the source tree or .venv.
        copy = tmp / "unpacked" / "fate-desk"
        timer.step("copy the bundle elsewhere", lambda: shutil.copytree(BUNDLE, copy, symlinks=True))
        before = files_in(copy)
        checked = timer.step("run the bundle", lambda: exercise(
            [str(copy / "fate-desk")], copy / "_internal" / "fate_desk" / "_data", work / "bundle", env))
        # An installed program's folder may be read-only (/opt, Program Files): it must not
        # write there. Checked by listing, because root may write to read-only folders.
        changed = sorted(k for k, v in files_in(copy).items() if before.get(k) != v)
        if changed:
            raise CheckFailed(f"the bundle wrote into its own folder: {', '.join(changed[:5])}")
        print(f"release-check: bundle ok: {', '.join(checked)}")
    unpacked, packed = bundle_sizes(BUNDLE)
    verdict = ("within" if unpacked <= UNPACKED_TARGET_MB and packed <= PACKED_TARGET_MB else "OVER")
    print(f"release-check passed: bundle {unpacked:.0f} MB unpacked, {packed:.0f} MB packed (tar.gz); "
          f"{verdict} the targets of {UNPACKED_TARGET_MB} MB and {PACKED_TARGET_MB} MB\n{timer.report()}")
    return 0


def bundle_sizes(folder: Path) -> tuple[float, float]:
    """The bundle's size unpacked and packed as a user downloads it (tar.gz), in MB."""
    # Symbolic links inside the bundle point at files already counted.
    unpacked = sum(f.stat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink()) / 1e6
    with tempfile.TemporaryDirectory(prefix="fate-desk-pack-") as tmp:
        archive = shutil.make_archive(str(Path(tmp) / folder.name), "gztar", folder.parent, folder.name)
        packed = Path(archive).stat().st_size / 1e6
    return unpacked, packed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["bundle", "check"])
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    try:
        if args.what == "bundle":
            unpacked, packed = bundle_sizes(build_bundle())
            print(f"{BUNDLE}: {unpacked:.0f} MB unpacked, {packed:.0f} MB packed (tar.gz)")
            return 0
        return release_check()
    except (CheckFailed, subprocess.CalledProcessError) as exc:
        print(f"release-check FAILED: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
