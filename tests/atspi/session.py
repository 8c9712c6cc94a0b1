"""A throwaway desktop for the AT-SPI walk: Xvfb and a D-Bus session bus (which starts the
AT-SPI bus and registry on demand, as a desktop does). Debian packages: xvfb, dbus-x11 (or
dbus-daemon), at-spi2-core, python3-gi, gir1.2-atspi-2.0; tools/a11y-deps.sh installs them."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile

SYSTEM_PYTHON = "/usr/bin/python3"


class Unavailable(Exception):
    """Why the walk cannot run here, in one line."""


def missing() -> str | None:
    for tool in ("Xvfb", "dbus-daemon"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    if not os.path.exists(SYSTEM_PYTHON):
        return f"{SYSTEM_PYTHON} is not installed"
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import gi; gi.require_version('Atspi', '2.0')"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        return "python3-gi and gir1.2-atspi-2.0 are not installed"
    if not any(os.path.exists(p) for p in ("/usr/libexec/at-spi-bus-launcher",
                                           "/usr/lib/at-spi2-core/at-spi-bus-launcher")):
        return "at-spi2-core is not installed"
    return None


@contextlib.contextmanager
def desktop():
    """Yields the environment for programs on the throwaway desktop."""
    reason = missing()
    if reason:
        raise Unavailable(reason)
    processes = []
    home = tempfile.mkdtemp(prefix="fate-desk-atspi-")
    try:
        read, write = os.pipe()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(xvfb)
        os.close(write)
        with os.fdopen(read) as displayfd:
            number = displayfd.readline().strip()
        if not number:
            raise Unavailable("Xvfb did not start")
        env = dict(os.environ, DISPLAY=f":{number}", XDG_RUNTIME_DIR=home, HOME=home,
                   QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", NO_AT_BRIDGE="0",
                   GTK_A11Y="atspi")
        env.pop("QT_QPA_PLATFORM", None)
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        processes.append(bus)
        address = bus.stdout.readline().strip()
        if not address:
            raise Unavailable("the D-Bus session bus did not start")
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        yield env
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(home, ignore_errors=True)
