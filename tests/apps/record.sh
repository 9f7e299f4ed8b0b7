#!/bin/sh
# Recorded launches (tests/apps.cmake):
#   record.sh SIMULEE APPS WORK run    --record, its replay, --from, the cap,
#                                      SIMULEE_RECORD of a built program
#   record.sh SIMULEE APPS WORK scan   scan --launches
# APPS is tests/apps. Prints "ok" when every check holds.
set -u
sim=$1 apps=$2 work=$3 what=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# has FILE TEXT / hasnt FILE TEXT: a fixed string in a file
has() { grep -qF -- "$2" "$1" || { cat "$1"; fail "$1: no '$2'"; }; }
hasnt() { grep -qF -- "$2" "$1" && { cat "$1"; fail "$1: '$2'"; }; return 0; }

if [ "$what" = run ]; then
  # the hash table: its tombstones (-1 keys) make the race; the launch is
  # recorded with the table's bytes
  "$sim" run "$apps/record_tombstones.cu" --record "$work/rec" --error-exitcode 0 --no-color \
    >"$work/run.out" 2>"$work/run.err" || fail "run: status $?"
  has "$work/run.out" "table 512 slots: live 133 (host 133): right"
  has "$work/run.err" "error: data race"
  [ "$(grep -c '^launch-' "$work/rec/launches")" = 1 ] || fail "not one launch in the index"
  has "$work/rec/launches" " _Z11count_slotsILi64EEvPKiiPiS2_"
  args=$(cd "$work/rec" && ls launch-*.args) && mod=$(cd "$work/rec" && ls module-*.bc) ||
    fail "no args file or module"
  has "$work/rec/$args" "i32[512]=@launch-"
  hasnt "$work/rec/$args" "does not replay exactly"
  [ "$(wc -c <"$work/rec/${args%.args}/arg0.bin")" -eq 2048 ] || fail "arg0.bin is not 2048 bytes"
  # the args file replays the launch exactly: the race, from the module
  rc=0
  (cd "$work/rec" && "$sim" "$mod" --args-file "$args" --format json) >"$work/replay.json" \
    2>"$work/replay.err" || rc=$?
  [ $rc = 1 ] || { cat "$work/replay.err"; fail "replay: status $rc"; }
  has "$work/replay.json" '"kind": "data-race"'
  # --from: the recorded launch starts the search: the race at generation 0
  for opt in O0 O2; do
    rc=0
    "$sim" -$opt "$apps/record_tombstones.cu" --from "$work/rec" --generations 0 --format json \
      --stats >"$work/from.$opt.json" 2>"$work/from.$opt.err" || rc=$?
    [ $rc = 1 ] || { cat "$work/from.$opt.err"; fail "--from -$opt: status $rc"; }
    has "$work/from.$opt.json" '"generations": 0'
    has "$work/from.$opt.json" '"kind": "data-race"'
    has "$work/from.$opt.err" "1 recorded launch in $work/rec, 1 starts the search"
  done
  # the same search without it never makes a negative key: clean
  for gens in 0 3; do
    "$sim" "$apps/record_tombstones.cu" --generations $gens --format json >"$work/plain.$gens.json" \
      2>"$work/plain.$gens.err" || fail "plain search, $gens generations: status $?"
    hasnt "$work/plain.$gens.json" '"kind": "data-race"'
  done
  # the cap: the launch would pass 100 bytes: left out, with a note
  "$sim" run "$apps/record_tombstones.cu" --record "$work/cap" --record-max 100 --error-exitcode 0 \
    --no-color >/dev/null 2>"$work/cap.err" || fail "run --record-max: status $?"
  has "$work/cap.err" "launch 1 (kernel void count_slots<64>) and later ones are not recorded"
  has "$work/cap/launches" "# cut: launch 1 and later ones not recorded (cap of 100 bytes)"
  ls "$work/cap"/*.args >/dev/null 2>&1 && fail "the cap wrote an args file"
  # a program built with -o records where SIMULEE_RECORD says
  "$sim" run "$apps/record_tombstones.cu" -o "$work/prog" --no-run || fail "run -o: status $?"
  SIMULEE_RECORD="$work/env" SIMULEE_ERROR_EXITCODE=0 SIMULEE_QUIET=1 "$work/prog" \
    >/dev/null 2>&1 || fail "SIMULEE_RECORD: status $?"
  [ "$(grep -c '^launch-' "$work/env/launches")" = 1 ] || fail "SIMULEE_RECORD: no launch"
  # bad input: one line, status 2
  for bad in "--from $work/none" "--from $apps" "--args-file $work/none.args"; do
    rc=0
    "$sim" "$apps/record_tombstones.cu" $bad >"$work/bad.out" 2>&1 || rc=$?
    [ $rc = 2 ] && [ "$(wc -l <"$work/bad.out")" = 1 ] || { cat "$work/bad.out"; fail "$bad: status $rc"; }
  done
else
  # warp_partials is written for warp-sized blocks, which the program takes
  # from the device at run time: the search's wider blocks race
  (cd "$apps/record_scan" && "$sim" run warp_partials.cu --record "$work/rec" --no-color) \
    >"$work/run.out" 2>&1 || { cat "$work/run.out"; fail "run: status $?"; }
  has "$work/run.out" "sum 7979 (host 7979): right"
  rc=0
  "$sim" scan "$apps/record_scan" --format json >"$work/plain.json" 2>&1 || rc=$?
  [ $rc = 1 ] || fail "scan: status $rc"
  has "$work/plain.json" '"level": "error"'
  # with the recorded launches (block 32 only): a note, no error
  "$sim" scan "$apps/record_scan" --launches "$work/rec" --format json >"$work/rec.json" 2>&1 ||
    { cat "$work/rec.json"; fail "scan --launches: status $?"; }
  hasnt "$work/rec.json" '"level": "error"'
  has "$work/rec.json" '"kind": "data-race"'
  has "$work/rec.json" '"grade": "outside-program-launches"'
fi
echo ok
