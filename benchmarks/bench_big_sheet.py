"""Sheets at and past Fate Desk's limits: how long building and first painting each takes.

In one process (offscreen), on a copy of the sample campaign: a sheet is built and painted once to
pay the one-time costs, then each case below is built, shown at 1280x800 and painted. Cases: a
sheet with every count and text at its limit (fate_desk.model.limits), and characters an older
Fate Desk let in: 2,000 aspects, 10,000 skills, 500 stunts, notes that are one unbroken 1 MB
word. A sheet past the limits shows what fits in them, so it costs no more than a full one.
Usage: python benchmarks/bench_big_sheet.py
"""

from __future__ import annotations

import os
import sys
import time

from bench_gui import scratch_user_folders


def _at_the_limits():
    from fate_desk.model import Aspect, AspectRole, Character, CustomTrack, Extra, Stunt
    from fate_desk.model import limits

    def words(n: int) -> str:
        return ("lorem ipsum dolor sit amet " * (n // 27 + 1))[:n]

    return Character(
        name="M" * limits.MAX_NAME, ruleset="fate-core", description=words(limits.MAX_LINE), notes=words(limits.MAX_NOTES),
        aspects=[Aspect(role=AspectRole.FREE, text=words(limits.MAX_LINE)) for _ in range(limits.MAX_ASPECTS)],
        skills={f"Skill {i:03d}": (i % 5) + 1 for i in range(limits.MAX_SKILLS)},
        stunts=[Stunt(name="S" * limits.MAX_NAME, text=words(limits.MAX_STUNT_TEXT)) for _ in range(limits.MAX_STUNTS)],
        tracks=[CustomTrack(id=f"t{i}", name="T" * 80, boxes=[1] * 10) for i in range(10)],
        extras=[Extra(name=f"E{j}", tracks=[CustomTrack(id=f"e{j}t{i}", name="E" * 80, boxes=[2] * 10) for i in range(5)])
                for j in range(2)] + [Extra(name="X" * 120, description=words(4000)) for _ in range(48)])


def _past_the_limits() -> dict:
    from fate_desk.model import Character

    def old(**fields):
        return Character.model_validate({"name": "Old", "ruleset": "fate-core", **fields})

    return {
        "2,000 aspects": old(aspects=[{"role": "free", "text": f"Aspect {i}"} for i in range(2000)]),
        "10,000 skills": old(skills={f"Skill {i}": (i % 5) + 1 for i in range(10_000)}),
        "500 stunts": old(stunts=[{"name": f"Stunt {i}", "text": "Because…"} for i in range(500)]),
        "notes of one 1 MB word": old(notes="x" * 1_000_000),
    }


def main() -> int:
    scratch = scratch_user_folders()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv[:1])
    from fate_desk.gui.app import start
    from fate_desk.gui.opening import create_sample_campaign
    from fate_desk.gui.sheet import CharacterSheet

    window = start(app, str(create_sample_campaign(scratch)))
    document = window.document
    pc = next(c for c in document.campaign.characters if c.kind.value == "pc")
    cases = {"the sample's first PC": pc, "every limit at once": _at_the_limits(), **_past_the_limits()}
    print(f"load average {os.getloadavg()[0]:.2f}")
    for label, character in cases.items():
        character = character.model_copy(update={"id": pc.id})
        document.store(character)
        for _warm in range(2):  # the first build pays one-time costs of its sections
            began = time.perf_counter()
            sheet = CharacterSheet(document, character.id)
            built = time.perf_counter()
            sheet.resize(1280, 800)
            sheet.show()
            sheet.repaint()
            app.processEvents()
            painted = time.perf_counter()
            sheet.close()
            sheet.deleteLater()
            app.processEvents()
        print(f"{label:26}: build {(built - began) * 1000:7.1f} ms, show and paint {(painted - built) * 1000:7.1f} ms")
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
