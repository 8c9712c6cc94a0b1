#!/bin/sh
# What table mode's tests drive (tests/table/): Debian's chromium and chromium-driver for the
# player page in a real browser (Selenium never downloads a browser or a driver: it is pointed at
# these), zbar-tools to read the seats' QR codes back, caddy as the HTTPS reverse proxy, openssl
# for its certificate and iproute2 for the network namespaces. Debian only and only as root (CI);
# elsewhere those tests skip, each saying why. Never a dependency of the package itself.
PACKAGES="chromium chromium-driver zbar-tools caddy openssl iproute2 fonts-dejavu-core"
command -v apt-get >/dev/null 2>&1 || exit 0
[ "$(id -u)" = 0 ] || exit 0
missing=""
for package in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
[ -z "$missing" ] && exit 0
echo "Installing for the table mode tests:$missing"
{ apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing; } >/dev/null 2>&1 ||
    echo "Could not install$missing; the table mode tests that need them will be skipped"
exit 0
