#!/bin/sh
# Recorded launches (tests/apps.cmake):
#   record.sh SIMULEE APPS WORK run    --record, its replay, --from, the cap,
#                                      SIMULEE_RECORD of a built program
#   record.sh SIMULEE APPS WORK scan   scan --launches
#   record.sh SIMULEE APPS WORK grade JSONCHECK     the grades of scan
#                                      --launches (tests/apps/record_grade)
#   record.sh SIMULEE APPS WORK features JSONCHECK  of features.cu
#   record.sh SIMULEE APPS WORK pitched JSONCHECK   of tests/projects/pitched
# APPS is tests/apps. Prints "ok" when every check holds.
set -u
sim=$1 apps=$2 work=$3 what=$4 jc=${5:-}
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
# has FILE TEXT / hasnt FILE TEXT: a fixed string in a file
has() { grep -qF -- "$2" "$1" || { cat "$1"; fail "$1: no '$2'"; }; }
hasnt() { grep -qF -- "$2" "$1" && { cat "$1"; fail "$1: '$2'"; }; return 0; }

# scans TREE FILE REC NAME: scan FILE of TREE plainly (NAME.plain.json) and
# with --launches REC (NAME.rec.json, its text summary NAME.rec.txt)
scans() {
  "$sim" scan "$1" --files "$1/$2" --format json -o "$work/$4.plain.json" >/dev/null \
    2>"$work/$4.plain.err"
  rc=$?
  [ $rc -le 1 ] || { cat "$work/$4.plain.err"; fail "scan $2: status $rc"; }
  "$sim" scan "$1" --files "$1/$2" --launches "$3" --format json -o "$work/$4.rec.json" \
    >/dev/null 2>"$work/$4.rec.err"
  rc=$?
  [ $rc -le 1 ] || { cat "$work/$4.rec.err"; fail "scan --launches $2: status $rc"; }
  "$sim" scan "$1" --files "$1/$2" --launches "$3" --no-color >"$work/$4.rec.txt" 2>&1
  rc=$?
  [ $rc -le 1 ] || { cat "$work/$4.rec.txt"; fail "scan --launches $2 (text): status $rc"; }
}
# record DIR FILE REC [ARG]: simulee run --record REC of FILE in DIR
record() {
  (cd "$1" && "$sim" run "$2" --record "$3" --error-exitcode 0 --no-color ${4:+--} ${4:-}) \
    >"$work/run.out" 2>&1 || { cat "$work/run.out"; fail "run $2 ${4:-}: status $?"; }
}
# check FILE CHECK...: simulee_jsoncheck
check() { "$jc" "$@" || fail "$1"; }

if [ "$what" = grade ]; then
  g=$apps/record_grade
  # column_sums races only for blocks wider than 64, which the program never
  # launches: two errors of the search, notes with --launches (shape)
  record "$g" tile_shape.cu "$work/tile"
  scans "$g" tile_shape.cu "$work/tile" tile
  check "$work/tile.plain.json" kernels\#1 kernels.0.findings\#2 \
    kernels.0.findings.0.kind=data-race kernels.0.findings.0.level=error \
    kernels.0.findings.1.kind=data-race kernels.0.findings.1.level=error \
    summary.errors=2 summary.notes=0 "summary.notes_by_reason.shape not in recorded launches=0"
  check "$work/tile.rec.json" kernels\#1 kernels.0.findings\#2 \
    kernels.0.findings.0.kind=data-race kernels.0.findings.0.level=note \
    kernels.0.findings.0.grade=outside-program-launches \
    "kernels.0.findings.0.grade_reason=shape not in recorded launches" \
    kernels.0.findings.1.kind=data-race kernels.0.findings.1.level=note \
    kernels.0.findings.1.grade=outside-program-launches \
    "kernels.0.findings.1.grade_reason=shape not in recorded launches" \
    summary.errors=0 summary.warnings=0 summary.notes=2 \
    "summary.notes_by_reason.shape not in recorded launches=2" \
    "summary.notes_by_reason.scalar value not recorded=0"
  has "$work/tile.rec.txt" "0 errors, 0 warnings, 2 notes (2 shape not in recorded launches)"
  # simulee merge keeps the reasons (the JSON reader reads grade_reason)
  "$sim" merge "$work/tile.rec.json" --format json -o "$work/tile.merged.json" >/dev/null 2>&1
  [ $? -le 1 ] || fail "merge: status $?"
  check "$work/tile.merged.json" kernels.0.findings\#2 \
    "kernels.0.findings.0.grade_reason=shape not in recorded launches" \
    "kernels.0.findings.1.grade_reason=shape not in recorded launches"
  # --stats says how many recorded launches graded the findings
  "$sim" "$g/tile_shape.cu" --launches "$work/tile" --stats -o /dev/null 2>"$work/tile.stats"
  has "$work/tile.stats" "kernel column_sums: 1 recorded launch in $work/tile, 1 run to grade the findings"
  # block_max's own launch races: the error stays
  record "$g" block_max.cu "$work/max"
  scans "$g" block_max.cu "$work/max" max
  for r in plain rec; do
    check "$work/max.$r.json" kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=data-race \
      kernels.0.findings.0.level=error kernels.0.findings.0.grade= \!kernels.0.findings.0.grade_reason
  done
  # the in-place variant is never launched (only scale is): a note saying so
  record "$g" two_kernels.cu "$work/two"
  scans "$g" two_kernels.cu "$work/two" two
  check "$work/two.plain.json" kernels\#2 kernels.0.findings\#0 kernels.1.findings\#1 \
    kernels.1.findings.0.kind=data-race kernels.1.findings.0.level=error
  check "$work/two.rec.json" kernels\#2 kernels.0.kernel=_Z5scalePKfPffi kernels.0.findings\#0 \
    kernels.1.kernel=_Z19scale_shift_inplacePffi kernels.1.findings\#1 \
    kernels.1.findings.0.kind=data-race kernels.1.findings.0.level=note \
    kernels.1.findings.0.grade=outside-program-launches \
    "kernels.1.findings.0.grade_reason=kernel not launched in the recorded runs" \
    "kernels.1.findings.0.message~no launch the program made (the launches simulee run --record"
  has "$work/two.rec.txt" "1 note (1 kernel not launched in the recorded runs)"
  # halo 0 (the default) only copies: the search's halo races, a note
  # (scalar); a run with halo 1 records the race: an error
  record "$g" halo_shift.cu "$work/halo0"
  scans "$g" halo_shift.cu "$work/halo0" halo0
  check "$work/halo0.plain.json" kernels.0.findings\#1 kernels.0.findings.0.level=error
  check "$work/halo0.rec.json" kernels.0.findings\#1 kernels.0.findings.0.kind=data-race \
    kernels.0.findings.0.level=note "kernels.0.findings.0.grade_reason=scalar value not recorded"
  record "$g" halo_shift.cu "$work/halo1" 1
  scans "$g" halo_shift.cu "$work/halo1" halo1
  check "$work/halo1.rec.json" kernels.0.findings\#1 kernels.0.findings.0.kind=data-race \
    kernels.0.findings.0.level=error \!kernels.0.findings.0.grade_reason
elif [ "$what" = features ]; then
  # check_positive: its assert fails at the program's launch (an error);
  # the search's out-of-bounds read needs a buffer shorter than n, which the
  # program never passes (a note: buffers)
  record "$apps" features.cu "$work/feat"
  scans "$apps" features.cu "$work/feat" feat
  check "$work/feat.plain.json" kernels\#6 kernels.5.kernel=_Z14check_positivePKii \
    kernels.5.findings\#2 kernels.5.findings.0.kind=out-of-bounds kernels.5.findings.0.level=error \
    kernels.5.findings.1.kind=assertion kernels.5.findings.1.level=error
  check "$work/feat.rec.json" kernels\#6 kernels.5.kernel=_Z14check_positivePKii \
    kernels.0.findings\#0 kernels.1.findings\#0 kernels.2.findings\#0 kernels.3.findings\#0 \
    kernels.4.findings\#0 kernels.5.findings\#2 \
    kernels.5.findings.0.kind=out-of-bounds kernels.5.findings.0.level=note \
    kernels.5.findings.0.grade=outside-program-launches \
    "kernels.5.findings.0.grade_reason=buffers not as recorded" \
    kernels.5.findings.1.kind=assertion kernels.5.findings.1.level=error \
    \!kernels.5.findings.1.grade_reason
  has "$work/feat.rec.txt" "1 error, 0 warnings, 1 note (1 buffers not as recorded)"
elif [ "$what" = pitched ]; then
  # smooth_rows: its race and its two out-of-bounds accesses (rows past the
  # pitched allocation) happen at the program's own launch: errors, as in
  # the plain scan
  p=$apps/../projects/pitched
  record "$p" smooth.cu "$work/pit"
  scans "$p" smooth.cu "$work/pit" pit
  for r in plain rec; do
    check "$work/pit.$r.json" kernels\#2 kernels.0.kernel=_Z11smooth_rowsPfmiif kernels.0.findings\#3 \
      kernels.0.findings.0.kind=data-race kernels.0.findings.0.level=error \
      kernels.0.findings.1.kind=out-of-bounds kernels.0.findings.1.level=error \
      kernels.0.findings.2.kind=out-of-bounds kernels.0.findings.2.level=error \
      kernels.1.findings\#0
  done
  has "$work/pit.rec.txt" "3 errors, 0 warnings in"
elif [ "$what" = run ]; then
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
  # --launches: the recorded launch is the program's: its race stays an error
  rc=0
  "$sim" "$apps/record_tombstones.cu" --launches "$work/rec" --format json \
    >"$work/launches.json" 2>"$work/launches.err" || rc=$?
  [ $rc = 1 ] || { cat "$work/launches.err"; fail "--launches: status $rc"; }
  has "$work/launches.json" '"level": "error"'
  hasnt "$work/launches.json" '"grade": "outside-program-launches"'
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
  # an array of row pointers names the program's allocations: recorded with
  # a note, and not a starting point of the search (its shape and scalars are)
  "$sim" run "$apps/features.cu" --record "$work/feat" --error-exitcode 0 >/dev/null 2>&1 ||
    fail "run features.cu: status $?"
  g=$(grep -l "^_Z6gatherPPf4Spani$" "$work/feat"/*.args) || fail "gather not recorded"
  has "$g" "# note: parameter 0's buffer holds device pointers"
  has "$g" "# note: this launch does not replay exactly"
  "$sim" "$apps/features.cu" --kernel gather --from "$work/feat" --stats --generations 0 \
    >/dev/null 2>"$work/feat.err"
  has "$work/feat.err" "1 recorded launch in $work/feat, 0 start the search"
fi
echo ok
