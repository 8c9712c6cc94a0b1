#!/bin/sh
# pdftoppm (poppler-utils), which the printing tests use to see a page as a cheap copier would
# (tests/printing/test_export_printing.py) and `make pdf-previews` to render PNGs. Debian only and
# only as root (CI); elsewhere those tests skip with one message. Never a dependency of the
# package itself: pyproject.toml and the PyInstaller bundle do not change.
command -v pdftoppm >/dev/null 2>&1 && exit 0
command -v apt-get >/dev/null 2>&1 || exit 0
[ "$(id -u)" = 0 ] || exit 0
echo "Installing poppler-utils for the printing tests"
{ apt-get update -q && apt-get install -y -q --no-install-recommends poppler-utils; } >/dev/null 2>&1 ||
    echo "Could not install poppler-utils; the tests that render a page will be skipped"
exit 0
