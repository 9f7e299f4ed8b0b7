#!/bin/sh
# One launch of 1 M threads on 1 and on 2 cores, for several builds.
#   bench/jobs.sh ROUNDS BUILD...
# BUILD: a simulee binary (e.g. /work/main/build/simulee build/simulee).
# The launch: bench/reduce.cu's kernel compiled to bitcode (run.sh's flags,
# ITEMS 4) at --grid 4096 --block 256 (16 MiB input), default options
# (detection, ITS), --stats --dump 1. Each round runs, for each build in
# turn, -j 1 then -j 2 back to back (interleaved, so every pair sees the same
# load). Per build: median wall and CPU (user + sys) of each, the median of
# the per-pair ratios -j 1 / -j 2 of wall and CPU time, and the CPU time of
# the -j 2 run's critical path (its CPU outside the workers plus the busiest
# worker's, from --stats: what its wall time is on 2 idle cores) with the
# median of the ratios -j 1 CPU / it. Checks the 4096 block sums, that the
# -j 2 run kept its blocks on 2 threads, and that both reports (the dumped
# buffer and the findings) are byte-identical.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
[ $# -ge 2 ] || { echo "usage: bench/jobs.sh ROUNDS BUILD..." >&2; exit 2; }
ROUNDS=$1; shift
command -v python3 >/dev/null 2>&1 || { echo "jobs.sh: needs python3" >&2; exit 2; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/simulee-jobs.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
CLANG=${CLANG:-clang-19}
# shellcheck disable=SC2086
"$CLANG" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-path=/nonexistent \
  --cuda-gpu-arch=sm_70 -Wno-unknown-cuda-version -isystem "${CUDA_DIR:-$ROOT/cuda}" \
  -include cuda_runtime.h -gline-tables-only -emit-llvm -c -O2 -DITEMS=4 bench/reduce.cu \
  -o "$TMP/small.bc"
GRID=4096
COUNT=$((GRID * 256 * 4))
# run OUT CMD...: OUT.out (stdout+stderr), OUT.t "wall cpu"
run() {
  out=$1; shift
  python3 -c '
import os, sys, time
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    fd = os.open(sys.argv[1] + ".out", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(fd, 1); os.dup2(fd, 2)
    os.execvp(sys.argv[2], sys.argv[2:])
_, st, r = os.wait4(pid, 0)
t1 = time.monotonic()
open(sys.argv[1] + ".t", "w").write("%.6f %.6f\n" % (t1 - t0, r.ru_utime + r.ru_stime))
sys.exit(os.waitstatus_to_exitcode(st) & 255)' "$out" "$@"
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
status=0
i=1
while [ "$i" -le "$ROUNDS" ]; do
  b=0
  for sim in "$@"; do
    b=$((b + 1))
    for j in 1 2; do
      o="$TMP/b$b.j$j.r$i"
      run "$o" "$sim" "$TMP/small.bc" --kernel reduce --grid $GRID --block 256 \
        --arg "f32[$COUNT]=1" --arg "f32[$GRID]" --stats --dump 1 -j $j ||
        { echo "jobs.sh: $sim -j $j failed" >&2; tail -n 5 "$o.out" >&2; exit 1; }
      n=$(grep -cx '1024' "$o.out" || true)
      [ "$n" = "$GRID" ] || { echo "jobs.sh: $sim -j $j: $n block sums of 1024, expected $GRID" >&2; status=1; }
      grep -v '^simulee: stats:' "$o.out" >"$o.rep"
    done
    grep -q 'detection run on 2 threads' "$TMP/b$b.j2.r$i.out" ||
      { echo "jobs.sh: $sim -j 2: the blocks did not run on 2 threads" >&2; status=1; }
    cmp -s "$TMP/b$b.j1.r$i.rep" "$TMP/b$b.j2.r$i.rep" ||
      { echo "jobs.sh: $sim: the -j 1 and -j 2 reports differ" >&2; status=1; }
    w=$(sed -n 's/.* on 2 threads (-j), \([0-9.]*\) s CPU in them, \([0-9.]*\) s in the busiest.*/\1 \2/p' \
      "$TMP/b$b.j2.r$i.out" | head -n 1)
    paste -d ' ' "$TMP/b$b.j1.r$i.t" "$TMP/b$b.j2.r$i.t" |
      awk -v w="$w" '{ split(w, x, " "); c = $4 - x[1] + x[2]; printf "%s %s %s %s %.4f %.3f %.3f %.3f\n", $1, $2, $3, $4, c, $1 / $3, $2 / $4, $2 / c }' \
        >>"$TMP/b$b.rows"
  done
  i=$((i + 1))
done
printf '%-40s %8s %8s %8s %8s %8s %8s %8s %8s\n' build 'j1 wall' 'j1 cpu' 'j2 wall' 'j2 cpu' 'j2 crit' wall/ cpu/ 'cpu/crit'
b=0
for sim in "$@"; do
  b=$((b + 1))
  row=$sim
  for c in 1 2 3 4 5 6 7 8; do
    row="$row $(awk -v c=$c '{ print $c }' "$TMP/b$b.rows" | median)"
  done
  # shellcheck disable=SC2086
  printf '%-40s %8s %8s %8s %8s %8s %8s %8s %8s\n' $row
done
echo "(medians of $ROUNDS interleaved rounds; ratios are medians of the per-pair ratios; load average: $(cut -d ' ' -f 1-3 /proc/loadavg))"
exit $status
