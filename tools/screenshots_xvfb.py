"""A real window under X (Xvfb with a window manager): the app maximised on a screen of the
given size, the sample campaign with a PC sheet open, then the dice dock, then a conflict.

Usage (needs xvfb-run, openbox and ImageMagick's import; the app runs with fresh user folders):
    xvfb-run -a -s "-screen 0 1024x700x24" sh -c \
        'openbox & sleep 1; python tools/screenshots_xvfb.py OUT_DIR'
Writes OUT_DIR/x-WIDTHxHEIGHT-{sheet,dice,conflict}[-dark].png, grabbed with `import -window root`
(what is on the screen, window manager and all). Never touches the user's settings or campaigns.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(out: Path) -> int:
    scratch = Path(tempfile.mkdtemp(prefix="fate-desk-xshots-"))
    for var, sub in (("HOME", "home"), ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                     ("FATE_DESK_DATA_DIR", "data/fate-desk")):
        (scratch / sub).mkdir(parents=True, exist_ok=True)
        os.environ[var] = str(scratch / sub)
    sys.path.insert(0, str(ROOT))
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from fate_desk.gui.app import start
    from fate_desk.gui.theme import apply_theme

    window = start(app, None)
    window.showMaximized()
    out.mkdir(parents=True, exist_ok=True)
    screen = app.primaryScreen().size()
    size = f"{screen.width()}x{screen.height()}"

    def settle(seconds: float = 0.6) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            time.sleep(0.02)

    def shot(name: str) -> None:
        settle()
        path = out / f"x-{size}-{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True)
        print(path)

    settle(1.5)
    pc = next(c.id for c in window.document.campaign.characters if c.kind.value == "pc")
    for theme in ("light", "dark"):
        suffix = "" if theme == "light" else "-dark"
        apply_theme(app, theme)
        window.sheets.keep_entity(pc)
        shot(f"sheet{suffix}")
        window.actions["toggle_dice"].trigger()
        shot(f"dice{suffix}")
        window.actions["toggle_dice"].trigger()
        window.actions["conflict_panel"].trigger()
        shot(f"conflict{suffix}")
        for dock in window.findChildren(type(window.navigator_dock)):
            if dock not in (window.navigator_dock, window.problems) and dock.isVisible():
                dock.hide()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "shots"))
