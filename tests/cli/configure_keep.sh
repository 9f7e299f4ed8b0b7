#!/bin/sh
# simulee scan --configure=keep (tests/configure.cmake): the note names the
# temporary build folder, which is kept and holds the header configure_file
# generated. Removes it; prints "ok".
#   configure_keep.sh SIMULEE PROJECT
out=$("$1" scan "$2" -j 1 -q --configure=keep --no-color 2>&1)
d=$(printf '%s\n' "$out" | sed -n 's/^simulee: note: .*the build folder is kept: //p')
[ -n "$d" ] || { printf '%s\n' "$out"; echo "FAIL: no note names the build folder"; exit 1; }
ok=1
grep -qx '#define TILE_WIDTH 128' "$d/generated/tiles/config.h" || ok=0
case "$d" in */simulee-cmake-*) rm -rf "$d" ;; esac
[ "$ok" = 1 ] || { echo "FAIL: $d/generated/tiles/config.h"; exit 1; }
echo ok
