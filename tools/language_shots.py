"""Look at a language: the main window, a sheet, the roll dialog, Take a hit and a printed sheet,
as PNGs, to read a translation where players meet it (docs/translating.md).

    QT_QPA_PLATFORM=offscreen python tools/language_shots.py CODE [OUTDIR]

CODE is a shipped language (de, fr, es, pt_BR, it, ru, zh_CN, ko), en, or a pseudo-locale
(en_XA, ar_XB). OUTDIR defaults to shots/languages/. Everything runs at 1280x800 on the sample
campaign (a copy in a temporary folder); the PDF is one sheet through `fate-desk export`,
rendered with pdftoppm when it is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    code = argv[0]
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "shots" / "languages"
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="fate-desk-shots-"))
    os.environ["FATE_DESK_LANGUAGE"] = code
    os.environ["FATE_DESK_DATA_DIR"] = str(work / "data")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(work / "settings"))
    app = QApplication.instance() or QApplication(sys.argv[:1])

    from fate_desk.gui.app import start
    from fate_desk.rules.play.roll import Dice

    window = start(app, None)
    window.resize(1280, 800)
    window.show()
    for _unused in range(10):
        app.processEvents()

    def grab(widget, name: str) -> None:
        for _unused in range(3):
            app.processEvents()
        path = out / f"{code}-{name}.png"
        widget.grab().save(str(path))
        print(path)

    grab(window, "1-window")
    sheet = window.sheets.open_entity("pc-maren")
    sheet.play.dice = Dice(7)
    grab(window, "2-sheet")
    sheet.play.roll_button.click()
    grab(sheet.play.dialog, "3-roll")
    sheet.play.dialog.reject()
    sheet.play.hit_button.click()
    hit = sheet.play.dialog
    hit.shifts.setValue(3)
    grab(hit, "4-take-a-hit")
    hit.reject()
    campaign = window.document.path
    window.close()

    pdf = out / f"{code}-5-sheet.pdf"
    character = work / "maren.fate.json"
    env = dict(os.environ)
    run = [sys.executable, "-m", "fate_desk"]
    from fate_desk.store.campaign_file import load_campaign
    from fate_desk.store.interchange import character_to_json

    character.write_text(character_to_json(load_campaign(campaign).character("pc-maren")), encoding="utf-8")
    done = subprocess.run([*run, "export", str(character), "--out", str(pdf), "--force"], env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(f"language_shots: export failed: {done.stderr.strip()}", file=sys.stderr)
        return 1
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(out / f"{code}-5-sheet")], check=True)
    print(pdf)
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
