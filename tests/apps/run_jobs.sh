#!/bin/sh
# A program's launches on several threads (simulee run -j, SIMULEE_JOBS;
# tests/apps.cmake):
#   run_jobs.sh SIMULEE APPS WORK OPT
# Builds programs of APPS (tests/apps) at device optimisation OPT (O0, O2)
# and runs each mode with SIMULEE_JOBS=1, 2 and (jacobi_pool.cu) 4, from
# the source tree's root. Checks: the exit status, stdout, the text report
# on stderr (without the --stats lines) and the JSON report (without its
# wall times) are byte-identical at every -j; the --stats line says how many
# launches ran on several threads: jacobi_pool's sweeps on 2 and 4, the
# in-place sweep's parallel runs refused 3 times and then not tried, none at
# -j 1; a launch copies for its undo only the buffers its arguments name
# (workspace_pool.cu); `simulee run -j 2` gives the built program's output.
# Prints "ok" when every check holds. The interpreter's parallel runs are
# what is checked: unchecked launches are not run as native code
# (SIMULEE_JIT=0; tests/jit.cmake checks those).
set -u
sim=$1 apps=$2 work=$3 opt=$4
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
has() { grep -qE -- "$2" "$1" || { cat "$1"; fail "$1: no line matches /$2/"; }; }
cd "$apps/../.." || exit 1
apps=tests/apps

build() { # build NAME FILES...
  name=$1
  shift
  "$sim" run -$opt -o "$work/$name" --no-run "$@" >"$work/$name.build" 2>&1 ||
    { cat "$work/$name.build"; fail "$name does not build"; }
}
# same NAME CODE JOBS MODE...: run the built program NAME with each -j in
# JOBS ("1 2"); the results must be the same
same() {
  name=$1 code=$2 jobs=$3
  shift 3
  tag=$name${1:+.$1}
  for j in $jobs; do
    rc=0
    SIMULEE_JIT=0 SIMULEE_JOBS=$j SIMULEE_STATS=1 SIMULEE_NO_COLOR=1 SIMULEE_REPORT="$work/$tag.$j.json" \
      "$work/$name" "$@" >"$work/$tag.$j.out" 2>"$work/$tag.$j.err" </dev/null || rc=$?
    [ "$rc" = "$code" ] || { cat "$work/$tag.$j.err"; fail "$tag -j $j: exit status $rc, not $code"; }
    grep -v '^simulee: stats: ' "$work/$tag.$j.err" >"$work/$tag.$j.cmp"
    grep -Ev '"(seconds|ips|commit)"' "$work/$tag.$j.json" >"$work/$tag.$j.jcmp" ||
      fail "$tag -j $j: no JSON report"
    [ "$(grep -c '^simulee: stats: -j '"$j"': ' "$work/$tag.$j.err")" = 1 ] ||
      { cat "$work/$tag.$j.err"; fail "$tag -j $j: no --stats line of the threads"; }
    for f in out cmp jcmp; do
      cmp -s "$work/$tag.1.$f" "$work/$tag.$j.$f" || {
        diff "$work/$tag.1.$f" "$work/$tag.$j.$f" | head -20
        fail "$tag: the $f at -j $j differs from -j 1"
      }
    done
  done
  has "$work/$tag.1.err" "^simulee: stats: -j 1: no launch ran on several threads, 0 fell back"
}

build jacobi $apps/jacobi_pool.cu
same jacobi 0 "1 2 4" sweep
has "$work/jacobi.sweep.1.out" "^sweep: 12 sweeps of 128x128, 0 wrong$"
has "$work/jacobi.sweep.2.err" "^simulee: stats: -j 2: 12 launches ran on up to 2 threads, 0 fell back to serial \(parallel run refused\), 0 serial from the start;"
has "$work/jacobi.sweep.4.err" "^simulee: stats: -j 4: 12 launches ran on up to 4 threads, 0 fell back"
same jacobi 1 "1 2 4" inplace
has "$work/jacobi.inplace.1.out" "^inplace: [0-9]+ of 16384 points differ from the double-buffered sweep$"
has "$work/jacobi.inplace.1.err" "^note: threads block \(0,0,0\) thread \(15,1,0\) read and block \(1,0,0\) thread \(0,1,0\) write of 4 bytes, .* \(different blocks\)$"
has "$work/jacobi.inplace.1.err" "^simulee: 12 launches of 1 kernel, 3 checked \(--check first:3\), 4 findings$"
has "$work/jacobi.inplace.2.err" "^simulee: stats: -j 2: no launch ran on several threads, 3 fell back to serial \(parallel run refused\), 9 serial from the start;"
same jacobi 1 "1 2 4" streams
has "$work/jacobi.streams.1.out" "^streams: 2 sweeps of 128x128, 0 wrong$"
has "$work/jacobi.streams.1.err" "race between launches: this launch reads it and launch 1 \(kernel jacobi_step, on another stream\) writes it"
has "$work/jacobi.streams.2.err" "^simulee: stats: -j 2: 2 launches ran on up to 2 threads, 0 fell back"
same jacobi 0 "1 2" event
has "$work/jacobi.event.1.err" "^simulee: 2 launches of 1 kernel, 2 checked \(--check first:3\), 0 findings$"
has "$work/jacobi.event.2.err" "^simulee: stats: -j 2: 2 launches ran on up to 2 threads"

# a workspace no launch of the relaxation kernel names: its parallel runs
# copy only their argument's 64 KiB for the undo, the fill its 16 MiB
# (before: all 16.06 MiB of device memory for each of the 11 launches)
build workspace $apps/workspace_pool.cu
same workspace 0 "1 2"
has "$work/workspace.1.out" "^workspace: 10 steps of 16384 unknowns, 0 wrong$"
has "$work/workspace.2.err" "^simulee: stats: -j 2: 11 launches ran on up to 2 threads, 0 fell back.*; 17432576 bytes copied for the undo$"

# the programs of the other app tests: the same at -j 1 and 2
build streams $apps/streams.cu
for m in race event early synced; do same streams $([ $m = race ] || [ $m = early ] && echo 1 || echo 0) "1 2" $m; done
build copies $apps/copies.cu
for m in h2d_race memset_race d2h_race copy_race graph_race; do same copies 1 "1 2" $m; done
build features $apps/features.cu
same features 1 "1 2"
build reduce $apps/reduce_race.cu
same reduce 1 "1 2"
build matmul $apps/matmul.cu
same matmul 0 "1 2"
build graph $apps/graph.cu
same graph 1 "1 2" forkrace
same graph 0 "1 2" pipeline
build multi $apps/multi/main.cu $apps/multi/saxpy.cu $apps/multi/reference.cpp
same multi 0 "1 2"

# simulee run -j 2: the built program's output and report
rc=0
"$sim" run -$opt -j 2 --no-jit --stats --no-color $apps/jacobi_pool.cu -- sweep >"$work/run.out" \
  2>"$work/run.err" || rc=$?
[ $rc = 0 ] || { cat "$work/run.err"; fail "simulee run -j 2: exit status $rc"; }
cmp -s "$work/run.out" "$work/jacobi.sweep.1.out" || fail "simulee run -j 2: other output"
has "$work/run.err" "^simulee: stats: -j 2: 12 launches ran on up to 2 threads"
echo ok
