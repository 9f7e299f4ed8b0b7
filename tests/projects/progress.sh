#!/bin/sh
# Progress of `simulee scan` (tests/scan.cmake): on a terminal stderr shows
# "files N/M compiled" and "kernels K/T done, F findings, checking NAME";
# on a pipe, nothing.
#   progress.sh SIMULEE PROJECT
sim=$1; proj=$2
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
command -v script >/dev/null || { echo "progress.sh: no script(1), skipped"; exit 0; }
# a terminal for stderr (script gives the command a pty); stdout to a file
script -qec "'$sim' scan '$proj' -j 2 --format json -o '$tmp/r.json' >'$tmp/out'" "$tmp/tty" >/dev/null 2>&1
fail=0
grep -q 'simulee scan: files [0-9]*/[0-9]* compiled' "$tmp/tty" || { echo "FAIL: no file progress on the terminal"; fail=1; }
grep -q 'kernels [0-9]*/[0-9]* done, [0-9]* finding' "$tmp/tty" || { echo "FAIL: no kernel progress on the terminal"; fail=1; }
# the progress line names a kernel being checked (imgproc has blur_rows)
grep -q 'finding[s]*, checking blur_rows' "$tmp/tty" || { echo "FAIL: the progress line does not name the kernel being checked"; fail=1; }
grep -q 'simulee scan: files' "$tmp/out" && { echo "FAIL: progress on stdout"; fail=1; }
"$sim" scan "$proj" -j 2 --format json -o "$tmp/r2.json" >/dev/null 2>"$tmp/err"
grep -q 'simulee scan: files' "$tmp/err" && { echo "FAIL: progress on a stderr that is not a terminal"; fail=1; }
[ "$fail" = 0 ] || { echo "--- terminal:"; cat -v "$tmp/tty"; exit 1; }
exit 0
