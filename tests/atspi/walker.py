"""The screen reader's side of the AT-SPI walk: reads Fate Desk's accessibility tree through
libatspi (GObject introspection), as Orca does. Runs under the system's python3, which has
python3-gi and gir1.2-atspi-2.0 (the app runs in the project's venv).

On each stdin line "walk <window title>" it prints one JSON line: every showing node of that
window with its role, name, description, states and value. "press <window title>|<name>" runs
the default action of the named node (a button press, as Orca's Enter does) and prints what
the app announced just after, as JSON. "keys <key> [<key> ...]" types keys on the keyboard (X
events through the registry, as a person's fingers) and prints what a screen reader is told
after each: the events it hears and the object with the focus then, read from libatspi's cache
as Orca reads it (a name the app changed without telling the bridge stays old there).
"""

from __future__ import annotations

import json
import sys
import time
import warnings
from typing import Callable

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, GLib  # noqa: E402

warnings.simplefilter("ignore", DeprecationWarning)  # get_value_iface and friends: the 2.46 names

APP = "Fate Desk"
STATES = ("focusable", "focused", "checkable", "checked", "showing", "visible", "enabled", "editable",
          "selectable", "selected", "expandable")


def application():
    desktop = Atspi.get_desktop(0)
    for i in range(desktop.get_child_count()):
        app = desktop.get_child_at_index(i)
        if app is not None and app.get_name() in (APP, "driver.py", "python3"):
            return app
    return None


def window(title: str, wait: float = 10.0):
    """The app's top-level window called `title`, waiting for the bridge to register it."""
    deadline = time.monotonic() + wait
    while True:
        app = application()
        for i in range(app.get_child_count() if app is not None else 0):
            child = app.get_child_at_index(i)
            if child is not None and child.get_name() == title:
                return child
        if time.monotonic() > deadline:
            return None
        time.sleep(0.1)


def describe(node, path: str) -> dict:
    state_set = node.get_state_set()
    states = [s for s in STATES if state_set.contains(getattr(Atspi.StateType, s.upper()))]
    entry = {"path": path, "role": node.get_role_name(), "name": node.get_name() or "",
             "description": node.get_description() or "", "states": states}
    value = node.get_value_iface() if hasattr(node, "get_value_iface") else None
    if value is not None:
        try:
            entry["value"] = value.get_current_value()
            text = value.get_text() if hasattr(value, "get_text") else None
            if text:
                entry["value_text"] = text
        except Exception:  # noqa: BLE001 - a value the bridge cannot give is left out
            pass
    text_iface = node.get_text_iface() if hasattr(node, "get_text_iface") else None
    if text_iface is not None:
        try:
            entry["text"] = text_iface.get_text(0, min(text_iface.get_character_count(), 400))
        except Exception:  # noqa: BLE001
            pass
    return entry


def walk(root) -> list[dict]:
    nodes, stack = [], [(root, "0")]
    while stack and len(nodes) < 5000:
        node, path = stack.pop()
        if node is None:
            continue
        try:
            entry = describe(node, path)
        except Exception:  # noqa: BLE001 - a node gone while walking
            continue
        if "showing" not in entry["states"] and path != "0":
            continue
        nodes.append(entry)
        count = node.get_child_count()
        for i in reversed(range(min(count, 400))):
            stack.append((node.get_child_at_index(i), f"{path}.{i}"))
    return nodes


def find(root, name: str):
    stack = [root]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if node.get_name() == name and node.get_state_set().contains(Atspi.StateType.SHOWING):
            return node
        stack.extend(node.get_child_at_index(i) for i in range(node.get_child_count()))
    return None


# Keys by their X names; letters and digits are their own keysyms. "alt+e", "shift+Tab".
KEYSYMS = {"Up": 0xFF52, "Down": 0xFF54, "Left": 0xFF51, "Right": 0xFF53, "Tab": 0xFF09, "ISO_Left_Tab": 0xFE20,
           "Return": 0xFF0D, "space": 0x20, "Escape": 0xFF1B, "Home": 0xFF50, "End": 0xFF57, "F6": 0xFFC3,
           "plus": 0x2B, "minus": 0x2D, "BackSpace": 0xFF08, "F2": 0xFFBF}
MODIFIERS = {"shift": 1, "ctrl": 4, "alt": 8}  # X modifier masks, locked while the key goes down
HEARD = ("object:announcement", "object:property-change:accessible-name", "object:property-change:accessible-value",
         "object:property-change:accessible-description", "object:value-changed", "object:state-changed:focused",
         "object:text-changed:insert", "object:state-changed:checked", "object:children-changed")


class Ears:
    """What a screen reader hears: the events it listens to, and the locus of focus."""

    def __init__(self):
        self.events: list[dict] = []
        self.focus = None
        self.last = time.monotonic()
        self.listener = Atspi.EventListener.new(self._heard)
        for kind in HEARD:
            self.listener.register(kind)

    def _note(self, event) -> None:
        source = event.source
        try:
            said = {"type": event.type, "role": source.get_role_name(), "name": source.get_name() or ""}
        except Exception:  # noqa: BLE001 - a node gone (or never listed) before it could be read
            if event.type != "object:announcement":
                return
            said = {"type": event.type, "role": "", "name": ""}  # the words are in the event itself
        if event.type == "object:announcement" or isinstance(event.any_data, str):
            said["data"] = str(event.any_data or "")
        if event.type == "object:state-changed:focused":
            if not event.detail1:
                return
            self.focus = source
        self.events.append(said)

    def _heard(self, event) -> None:
        self.last = time.monotonic()
        self._note(event)

    def after_quiet(self, then: Callable[[], None], least: float = 0.0, quiet: float = 0.4,
                    most: float = 5.0) -> None:
        """Call `then` once the app has talked for `least` seconds and then been quiet for
        `quiet` seconds (a busy machine answers late): only then does libatspi's cache hold what
        the app last said. Waits in libatspi's own loop, never a loop of ours inside one of its
        callbacks: events that came in during a blocking call (an action) are handed over only
        once that callback has returned."""
        start = self.last = time.monotonic()

        def check() -> bool:
            now = time.monotonic()
            if (now - start < least or now - self.last < quiet) and now - start < most:
                return True
            then()
            return False

        GLib.timeout_add(20, check)

    def focused(self) -> dict | None:
        return describe(self.focus, "focus") if self.focus is not None else None


def type_key(spec: str) -> None:
    *mods, name = spec.split("+") if spec != "plus" else ["plus"]
    mask = sum(MODIFIERS[m.lower()] for m in mods)
    if mask:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    keysym = KEYSYMS.get(name, ord(name) if len(name) == 1 else 0)
    Atspi.generate_keyboard_event(keysym, None, Atspi.KeySynthType.SYM)
    if mask:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)


def press_and_listen(ears: Ears, node, reply: Callable[[dict], None]) -> None:
    """Run the node's default action and reply with what the app announced until it fell quiet."""
    def press() -> None:
        ears.events = []
        action = node.get_action_iface() if node is not None else None
        done = action is not None and action.do_action(0)
        ears.after_quiet(lambda: reply({"done": done, "announced": [
            e["data"] for e in ears.events if e["type"] == "object:announcement"]}), least=1.0)

    ears.after_quiet(press)


def keys(ears: Ears, specs: list[str], reply: Callable[[list[dict]], None]) -> None:
    """Each key typed, then what was heard until the app fell quiet, and the focus after it."""
    steps: list[dict] = []

    def next_key() -> None:
        if len(steps) == len(specs):
            reply(steps)
            return
        spec = specs[len(steps)]
        ears.events = []
        type_key(spec)
        ears.after_quiet(lambda: (steps.append({"key": spec, "heard": ears.events, "focus": ears.focused()}),
                                  next_key()), least=0.5)

    ears.after_quiet(next_key)


def answer(ears: Ears, line: str) -> bool:
    """Start one command line, which prints its answer once done; False when told to quit."""
    def reply(what) -> None:
        print(json.dumps(what), flush=True)

    command, _, rest = line.strip().partition(" ")
    if command == "walk":
        def read() -> None:
            root = window(rest)
            reply(walk(root) if root is not None else None)
        ears.after_quiet(read)
    elif command == "press":
        title, _, name = rest.partition("|")
        root = window(title)
        press_and_listen(ears, find(root, name) if root is not None else None, reply)
    elif command == "keys":
        keys(ears, rest.split(), reply)
    elif command == "quit" or not command:
        return False
    return True


def main() -> int:
    """Commands are read inside libatspi's own event loop, as Orca runs: only there does
    libatspi cache names and states, and only the events an app sends bring the cache up to date."""
    ears = Ears()  # from the start, so the focus is known when the first key goes down

    def readable(stream, _condition) -> bool:
        line = stream.readline()
        if line and answer(ears, line):
            return True
        Atspi.event_quit()
        return False

    GLib.io_add_watch(sys.stdin, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, readable)
    Atspi.event_main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
