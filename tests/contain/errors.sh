#!/bin/sh
# Errors say why: a --suppressions line longer than 4 KiB is read whole (its
# pattern matches; an error on the next line names line 2), and an error
# about a long --arg value puts the reason first and shortens the value.
#   errors.sh SIMULEE JSONCHECK SRCDIR
sim=$1; src=$3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/out "$tmp"/err; do [ -f "$f" ] && { echo "--- $f"; head -c 3000 "$f"; }; done; exit 1; }
mkdir "$tmp/proj"
cp "$src/shift_race.cu" "$tmp/proj/shift_race.cu"
cd "$tmp" || exit 99
stars=$(printf '%06000d' 0 | tr 0 '*') # 6,000 bytes of '*'
printf 'data-race %sshift_race.cu\n' "$stars" >long.supp
"$sim" scan proj --no-progress --grid 1 --block 64 --suppressions long.supp >out 2>err; rc=$?
[ "$rc" = 0 ] || fail "the 6 KiB suppression line did not silence the race (exit $rc)"
grep -q '(1 suppressed)' out || fail "no suppressed finding"
printf 'data-race %sshift_race.cu\nno-such-kind x.cu\n' "$stars" >bad.supp
"$sim" scan proj --no-progress --grid 1 --block 64 --suppressions bad.supp >out 2>err; rc=$?
[ "$rc" = 2 ] || fail "bad second line: exit $rc"
grep -q "^simulee: error: bad.supp:2: unknown finding kind 'no-such-kind'" err || fail "not reported at line 2"

# a long --arg value: the reason first, the value shortened, one line
list=$(printf '%02000d' 0 | sed 's/0/1,/g')x
"$sim" proj/shift_race.cu --grid 1 --block 64 --arg "i32[64]=list:$list" --arg 'i32[64]' >out 2>err; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <err)" = 1 ] || fail "long --arg: exit $rc"
grep -Eq "^simulee: error: --arg more than 64 values \(in 'i32\[64\]=list:1,1,1,1,1,1,1,1,1,1,1,1,1,1\.\.\.', 4014 bytes\)$" err ||
  fail "long --arg: the reason is not first"
[ "$(wc -c <err)" -lt 200 ] || fail "long --arg: the value is not shortened"
exit 0
