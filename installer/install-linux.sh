#!/usr/bin/env bash
# Add Fate Desk to the desktop's menu and file associations for the current user (or remove it).
#
#   ./install-linux.sh                 from an unpacked bundle folder: uses ./fate-desk there
#   installer/install-linux.sh --exec "$(command -v fate-desk)"   from a checkout, after pip install
#   ./install-linux.sh --uninstall     removes what it added (the program folder stays)
#
# It writes only below ${XDG_DATA_HOME:-~/.local/share}: the desktop entry, the MIME types,
# the AppStream data and the icons; then it refreshes the desktop's caches where it can.
set -euo pipefail

APP_ID=io.github.fatedesk.FateDesk
SIZES="16 24 32 48 64 128 256 512"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

usage() { echo "usage: $0 [--exec PROGRAM] [--uninstall]" >&2; exit 2; }
program="" uninstall=0
while [ $# -gt 0 ]; do
    case "$1" in
        --exec) [ $# -ge 2 ] || usage; program=$2; shift 2 ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) usage ;;
    esac
done

# The same files sit in installer/ and resources/ of a checkout, or in _internal/ of a bundle.
if [ -f "$here/$APP_ID.desktop" ]; then
    files=$here icons=$here/../resources/icons/app
elif [ -f "$here/_internal/installer/$APP_ID.desktop" ]; then
    files=$here/_internal/installer icons=$here/_internal/fate_desk/_data/resources/icons/app
else
    echo "install-linux.sh: cannot find $APP_ID.desktop beside this script" >&2; exit 2
fi

data=${XDG_DATA_HOME:-$HOME/.local/share}
targets=(
    "$data/applications/$APP_ID.desktop"
    "$data/mime/packages/$APP_ID.xml"
    "$data/metainfo/$APP_ID.metainfo.xml"
    "$data/icons/hicolor/scalable/apps/$APP_ID.svg"
)
for size in $SIZES; do targets+=("$data/icons/hicolor/${size}x${size}/apps/$APP_ID.png"); done

refresh() {
    # Each tool is optional: a desktop without it simply picks the files up at next login.
    if command -v update-mime-database >/dev/null; then update-mime-database "$data/mime" >/dev/null 2>&1 || true; fi
    if command -v update-desktop-database >/dev/null; then update-desktop-database -q "$data/applications" 2>/dev/null || true; fi
    if command -v gtk-update-icon-cache >/dev/null; then gtk-update-icon-cache -q -f -t "$data/icons/hicolor" 2>/dev/null || true; fi
}

if [ "$uninstall" = 1 ]; then
    rm -f "${targets[@]}"
    refresh
    echo "Fate Desk removed from the desktop menu ($data)."
    exit 0
fi

if [ -z "$program" ]; then
    if [ -x "$here/fate-desk" ]; then program=$here/fate-desk
    elif command -v fate-desk >/dev/null; then program=$(command -v fate-desk)
    else echo "install-linux.sh: no fate-desk program found; pass --exec PROGRAM" >&2; exit 2
    fi
fi
case "$program" in /*) ;; *) program=$(cd "$(dirname "$program")" && pwd)/$(basename "$program") ;; esac
[ -x "$program" ] || { echo "install-linux.sh: $program is not an executable program" >&2; exit 2; }

# Exec quotes the path; characters that would need escapes inside those quotes are refused
# rather than escaped wrongly (Desktop Entry Specification, "The Exec key").
case "$program" in *[\\\"\`\$%]*)
    echo "install-linux.sh: move Fate Desk to a folder whose path has no \\ \" \` \$ or % in it" >&2; exit 2 ;;
esac

install -d "$data/applications" "$data/mime/packages" "$data/metainfo" "$data/icons/hicolor/scalable/apps"
while IFS= read -r line; do
    case "$line" in
        Exec=fate-desk*) printf 'Exec="%s"%s\n' "$program" "${line#Exec=fate-desk}" ;;
        TryExec=fate-desk) printf 'TryExec=%s\n' "$program" ;;
        *) printf '%s\n' "$line" ;;
    esac
done < "$files/$APP_ID.desktop" > "$data/applications/$APP_ID.desktop"
install -m 644 "$files/$APP_ID.xml" "$data/mime/packages/$APP_ID.xml"
install -m 644 "$files/$APP_ID.metainfo.xml" "$data/metainfo/$APP_ID.metainfo.xml"
install -m 644 "$icons/fate-desk.svg" "$data/icons/hicolor/scalable/apps/$APP_ID.svg"
for size in $SIZES; do
    install -D -m 644 "$icons/fate-desk-$size.png" "$data/icons/hicolor/${size}x${size}/apps/$APP_ID.png"
done
refresh
echo "Fate Desk added to the desktop menu ($data), running $program."
