#!/bin/sh
# The desktop the AT-SPI walk (tests/test_gui_atspi.py) runs on: Xvfb, a D-Bus session, the AT-SPI
# registry and libatspi for the system python3, plus the X libraries Qt's xcb plugin loads.
# Debian only and only as root (CI); elsewhere the walk skips with one message. Never a
# dependency of the package itself: pyproject.toml and the PyInstaller bundle do not change.
PACKAGES="xvfb dbus-x11 at-spi2-core python3-gi gir1.2-atspi-2.0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1
libxkbcommon-x11-0 libxcb-image0 libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1"
command -v apt-get >/dev/null 2>&1 || exit 0
[ "$(id -u)" = 0 ] || exit 0
missing=""
for package in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
[ -z "$missing" ] && exit 0
echo "Installing for the AT-SPI walk:$missing"
{ apt-get update -q && apt-get install -y -q --no-install-recommends $missing; } >/dev/null 2>&1 ||
    echo "Could not install$missing; the AT-SPI walk will be skipped"
exit 0
