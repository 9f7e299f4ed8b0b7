#!/bin/sh
# Programs at their own sizes (bench/README.md, "Scale"): time and resident
# memory of `simulee run` on
#   bench/apps/cg.cu    conjugate gradient, 2000 iterations of 8 launches
#                       (16,002 launches, 4096 points)
#   bench/apps/big.cu   one launch of 10^8 threads (390,625 blocks of 256)
#   bench/apps/stream.cu  256 MiB of device memory, one launch writing half
#                       of it from the other half (the resident-memory goal:
#                       unchecked at most the device memory + 512 MiB,
#                       checked at most 4x; the program's own host vector of
#                       128 MiB is in its RSS too)
# under --check none, the default policy (first:3) and --check all, at -j 1
# and -j 2 (the blocks of one launch on that many threads). Each row: wall
# and CPU seconds (user + sys) and the peak resident set (`/usr/bin/time -v`,
# "Maximum resident set size") of the program run alone (built once by
# `simulee run --no-run -o`, then run with SIMULEE_CHECK / SIMULEE_JOBS), and
# its ratio to the program's device allocations. Every run must print the
# program's own " 0 wrong".
#   sh bench/scale.sh [BUILD_DIR]     (default build/)
# Environment: N (runs per row, default 1; the median), CG_ARGS (default
# "4096 2000"), BIG_ARGS (default 100000000), STREAM_ARGS (MiB, default
# 256), PROGS (default "cg big stream"), ROWS (default
# "none first:3 all"), JOBS (default "1 2").
set -eu
B=${1:-build}
SIM=$(cd "$B" && pwd)/simulee
ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-1}
CG_ARGS=${CG_ARGS:-4096 2000}
BIG_ARGS=${BIG_ARGS:-100000000}
STREAM_ARGS=${STREAM_ARGS:-256}
PROGS=${PROGS:-cg big stream}
ROWS=${ROWS:-none first:3 all}
JOBS=${JOBS:-1 2}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SIMULEE_NO_COLOR=1
cd "$ROOT"
[ -x /usr/bin/time ] || { echo "scale.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# device bytes each program allocates (from its arguments)
cg_bytes() { set -- $CG_ARGS; echo $(( 4 * $1 * 4 + 256 * 4 + 12 )); }
big_bytes() { n=$BIG_ARGS; echo $(( (n + 255) / 256 * 4 )); }
stream_bytes() { echo $(( STREAM_ARGS * 1048576 / 8 * 8 )); }

"$SIM" run --no-run -o "$T/cg" bench/apps/cg.cu
"$SIM" run --no-run -o "$T/big" bench/apps/big.cu
"$SIM" run --no-run -o "$T/stream" bench/apps/stream.cu

echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown);" \
  "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores;" \
  "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "N=$N run(s) per row (median); the programs built by \`simulee run --no-run -o\`, run alone"
echo
echo "| program | SIMULEE_CHECK | -j | wall s | CPU s | max RSS MiB | device MiB | RSS / device |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for prog in $PROGS; do
  case $prog in
    cg) args=$CG_ARGS; dev=$(cg_bytes) ;;
    big) args=$BIG_ARGS; dev=$(big_bytes) ;;
    *) args=$STREAM_ARGS; dev=$(stream_bytes) ;;
  esac
  for c in $ROWS; do
    for j in $JOBS; do
      : >"$T/w"; : >"$T/c"; : >"$T/r"
      for _ in $(seq "$N"); do
        # shellcheck disable=SC2086
        SIMULEE_CHECK=$c SIMULEE_JOBS=$j /usr/bin/time -v "$T/$prog" $args >"$T/out" 2>"$T/err" || true
        grep -q " 0 wrong" "$T/out" || { echo "scale.sh: $prog --check $c -j $j: wrong output" >&2; cat "$T/out" "$T/err" >&2; exit 1; }
        sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$T/err" |
          awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }' >>"$T/w"
        awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { print s }' "$T/err" >>"$T/c"
        sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$T/err" >>"$T/r"
      done
      w=$(median <"$T/w"); cpu=$(median <"$T/c"); r=$(median <"$T/r")
      awk -v p="$prog" -v c="$c" -v j="$j" -v w="$w" -v cpu="$cpu" -v r="$r" -v d="$dev" 'BEGIN {
        printf "| %s | %s | %s | %.2f | %.2f | %.0f | %.1f | %.1f |\n", p, c, j, w, cpu, r / 1024,
          d / 1048576, r * 1024 / d }'
    done
  done
done
