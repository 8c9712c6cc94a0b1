"""The screen reader's side of the AT-SPI walk: reads Fate Desk's accessibility tree through
libatspi (GObject introspection), as Orca does. Runs under the system's python3, which has
python3-gi and gir1.2-atspi-2.0 (the app runs in the project's venv).

On each stdin line "walk <window title>" it prints one JSON line: every showing node of that
window with its role, name, description, states and value. "press <window title>|<name>" runs
the default action of the named node (a button press, as Orca's Enter does) and prints what
the app announced just after, as JSON.
"""

from __future__ import annotations

import json
import sys
import time
import warnings

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


def press_and_listen(node) -> tuple[bool, list[str]]:
    """Run the node's default action and collect what the app announces for a moment after."""
    heard: list[str] = []

    def on_event(event) -> None:
        heard.append(str(event.any_data or ""))

    listener = Atspi.EventListener.new(on_event)
    listener.register("object:announcement")
    action = node.get_action_iface() if node is not None else None
    done = action is not None and action.do_action(0)
    context = GLib.MainContext.default()
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        context.iteration(False)
        time.sleep(0.02)
    listener.deregister("object:announcement")
    return done, heard


def main() -> int:
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command == "walk":
            root = window(rest)
            print(json.dumps(walk(root) if root is not None else None), flush=True)
        elif command == "press":
            title, _, name = rest.partition("|")
            root = window(title)
            node = find(root, name) if root is not None else None
            done, heard = press_and_listen(node)
            print(json.dumps({"done": done, "announced": heard}), flush=True)
        elif command == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
