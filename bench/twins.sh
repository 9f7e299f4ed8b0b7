#!/bin/sh
# bench/twins.sh: whole applications against Oclgrind (issue 33).
#
# Three applications written twice, bench/twins/NAME.cu (CUDA, for
# `simulee run`) and bench/twins/NAME.cl + NAME_cl.c (the same kernels in
# OpenCL C, an OpenCL host in C, for `oclgrind ./NAME_cl`): the same inputs
# (bench/twins/common.h builds them), sizes, launches and results. Each
# program checks its result against the host and prints one line
#   NAME n=... checksum=<FNV-1a of the result bytes> ok
# The script requires that every run of an application, by either tool in
# every mode, prints the same line ending in "ok" (exit status 1 otherwise),
# so a broken run is never reported as a time.
#
#   jacobi   60 launches of a 5-point Jacobi sweep on 96 x 96 (no shared memory)
#   matmul   2 launches of a 128 x 128 tiled matrix multiply (16 x 16 shared
#            tiles, two barriers per tile)
#   hist     2 x (256-bin histogram with shared and global atomics + sum of
#            squares with a shared tree reduction) over 512 KiB, 64 blocks
#
# Modes (each run N times, interleaved: round 1 runs every mode of every
# application, then round 2, ..., so all modes see the same load):
#   ocl/1          OCLGRIND_NUM_THREADS=1 oclgrind --num-threads 1 ./NAME_cl
#   ocl-races/1    the same with --data-races
#   ocl/all, ocl-races/all   oclgrind's default thread count (all cores)
#   run P/J        simulee run -j J --check P bench/twins/NAME.cu
#                  (build with clang-19 + run), P in none, first:3 (the
#                  default), all; J in 1, 2
#   bin P/J        the program built once beforehand (`simulee run -o`),
#                  run with SIMULEE_CHECK=P SIMULEE_JOBS=J (the run alone)
# The OpenCL hosts are built beforehand with cc -O2 (not timed); Oclgrind
# compiles the .cl in every run, simulee run compiles the .cu in every run.
#
# Prints, per application, the median wall and CPU (user + sys of the
# process tree) seconds of every mode, and the ratios Oclgrind / simulee of
# the medians: without detection ocl against none, with detection
# ocl-races against all (every launch checked, as Oclgrind checks every
# one) and against first:3; one thread against -j 1, all cores against -j 2.
#
# Needs: oclgrind, a C compiler, the OpenCL headers and ICD loader (Debian:
# opencl-c-headers ocl-icd-opencl-dev; bench only, not in scripts/setup.sh),
# python3, and a built simulee. Builds nothing of simulee.
# Environment:
#   SIMULEE   simulee binary (default build/simulee)
#   N         runs per mode (default 3)
#   APPS      applications (default "jacobi matmul hist")
#   MODES     modes to run (default: all of the above, as tags
#             ocl1 oclr1 ocla oclra run_none_1 ... bin_all_2)
#   STATS     1: also one SIMULEE_STATS=1 run of bin none/1 and all/1 per
#             application, printed after its table (default 1)
#   CC        C compiler for the OpenCL hosts (default cc)
#   JACOBI_ARGS, MATMUL_ARGS, HIST_ARGS   the program's arguments, given to
#             both twins (default: none, the sizes above; jacobi: N STEPS,
#             matmul: N REPS, hist: BYTES REPS BLOCKS)
# Usage: bench/twins.sh     (from anywhere; it cds to the repo root)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SIMULEE=${SIMULEE:-build/simulee}
case "$SIMULEE" in /*) ;; *) SIMULEE="$ROOT/$SIMULEE" ;; esac
N=${N:-3}
APPS=${APPS:-jacobi matmul hist}
STATS=${STATS:-1}
CC=${CC:-cc}
ALL_MODES="ocl1 oclr1 ocla oclra"
for p in none first3 all; do
  for j in 1 2; do ALL_MODES="$ALL_MODES run_${p}_$j bin_${p}_$j"; done
done
MODES=${MODES:-$ALL_MODES}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/simulee-twins.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
command -v oclgrind >/dev/null 2>&1 || { echo "twins.sh: needs oclgrind" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "twins.sh: needs python3" >&2; exit 2; }
[ -x "$SIMULEE" ] || { echo "twins.sh: no simulee at $SIMULEE (build it first)" >&2; exit 2; }
status=0

# timed TAG CMD...: run CMD (output in $TMP/TAG.out); appends the wall and
# CPU seconds (children's getrusage) to $TMP/TAG.times. Returns CMD's status.
timed() {
  tag=$1; shift
  python3 -c '
import os, sys, time
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, st, r = os.wait4(pid, 0)
t1 = time.monotonic()
open(sys.argv[1], "a").write("%.3f %.3f\n" % (t1 - t0, r.ru_utime + r.ru_stime))
sys.exit(os.waitstatus_to_exitcode(st) & 255)' "$TMP/$tag.times" "$@" >"$TMP/$tag.out" 2>&1
}

# the command of a mode, as words (printed once in the header)
app_args() {
  case $1 in
    jacobi) echo "${JACOBI_ARGS:-}" ;; matmul) echo "${MATMUL_ARGS:-}" ;; hist) echo "${HIST_ARGS:-}" ;;
  esac
}
mode_cmd() { # APP MODE
  app=$1; mode=$2; args=$(app_args "$app")
  case $mode in
    ocl1) echo "env OCLGRIND_NUM_THREADS=1 oclgrind --num-threads 1 $TMP/${app}_cl $args" ;;
    oclr1) echo "env OCLGRIND_NUM_THREADS=1 oclgrind --num-threads 1 --data-races $TMP/${app}_cl $args" ;;
    ocla) echo "oclgrind $TMP/${app}_cl $args" ;;
    oclra) echo "oclgrind --data-races $TMP/${app}_cl $args" ;;
    run_*|bin_*)
      pol=$(echo "$mode" | cut -d_ -f2); j=$(echo "$mode" | cut -d_ -f3)
      [ "$pol" = first3 ] && pol=first:3
      case $mode in
        run_*) echo "$SIMULEE run -j $j --check $pol bench/twins/$app.cu${args:+ -- $args}" ;;
        bin_*) echo "env SIMULEE_CHECK=$pol SIMULEE_JOBS=$j $TMP/$app $args" ;;
      esac ;;
    *) echo "twins.sh: unknown mode $mode" >&2; exit 2 ;;
  esac
}

# build: the OpenCL hosts, and each CUDA program once for the bin modes
for app in $APPS; do
  # shellcheck disable=SC2086
  $CC -O2 -std=c11 -DTWINS_CL="\"$ROOT/bench/twins/$app.cl\"" "bench/twins/${app}_cl.c" \
    -o "$TMP/${app}_cl" -lOpenCL || { echo "twins.sh: building ${app}_cl failed" >&2; exit 2; }
  "$SIMULEE" run --no-run -o "$TMP/$app" "bench/twins/$app.cu" >"$TMP/$app.build" 2>&1 ||
    { cat "$TMP/$app.build" >&2; echo "twins.sh: simulee run -o $app failed" >&2; exit 2; }
done

echo "# bench/twins.sh: commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u '+%Y-%m-%d %H:%M UTC'), N=$N, nproc $(nproc)"
echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# the rounds, interleaved
r=1
while [ "$r" -le "$N" ]; do
  for app in $APPS; do
    for mode in $MODES; do
      rc=0
      # shellcheck disable=SC2046 # the command's words, none with spaces
      timed "$app.$mode" $(mode_cmd "$app" "$mode") || rc=$?
      line=$(grep -E "^$app n=" "$TMP/$app.$mode.out" | head -n 1 || true)
      if [ "$rc" -ne 0 ] || [ -z "$line" ] || [ "${line% ok}" = "$line" ]; then
        echo "twins.sh: $app $mode: exit status $rc, line '$line'" >&2
        tail -n 5 "$TMP/$app.$mode.out" >&2
        status=1
      elif [ -f "$TMP/$app.line" ] && [ "$(cat "$TMP/$app.line")" != "$line" ]; then
        echo "twins.sh: $app $mode: '$line' differs from '$(cat "$TMP/$app.line")'" >&2
        status=1
      else
        echo "$line" >"$TMP/$app.line"
      fi
    done
  done
  r=$((r + 1))
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"

med() { # FILE COLUMN
  [ -s "$1" ] || { echo -; return; }
  awk -v c="$2" '{ print $c }' "$1" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
ratio() { # A B
  echo "$1 $2" | awk '$1 == "-" || $2 == "-" || $2 == 0 { print "-"; next } { printf "%.1fx", $1 / $2 }'
}
label() {
  case $1 in
    ocl1) echo "Oclgrind, 1 thread" ;; oclr1) echo "Oclgrind --data-races, 1 thread" ;;
    ocla) echo "Oclgrind, all cores" ;; oclra) echo "Oclgrind --data-races, all cores" ;;
    run_*) echo "simulee run --check $(echo "$1" | cut -d_ -f2 | sed 's/first3/first:3/') -j $(echo "$1" | cut -d_ -f3)" ;;
    bin_*) echo "built program, check $(echo "$1" | cut -d_ -f2 | sed 's/first3/first:3/') -j $(echo "$1" | cut -d_ -f3)" ;;
  esac
}
# the Oclgrind mode a simulee mode is measured against
against() {
  j=$(echo "$1" | cut -d_ -f3); p=$(echo "$1" | cut -d_ -f2)
  case "$p.$j" in
    none.1) echo ocl1 ;; none.2) echo ocla ;;
    *.1) echo oclr1 ;; *.2) echo oclra ;;
  esac
}

for app in $APPS; do
  echo
  echo "## $app: $(cat "$TMP/$app.line" 2>/dev/null || echo 'no result')"
  echo
  echo "| mode | wall s | CPU s | against | ratio wall | ratio CPU |"
  echo "| --- | ---: | ---: | --- | ---: | ---: |"
  for mode in $MODES; do
    w=$(med "$TMP/$app.$mode.times" 1); c=$(med "$TMP/$app.$mode.times" 2)
    case $mode in
      ocl*) echo "| $(label "$mode") | $w | $c | | | |" ;;
      *)
        o=$(against "$mode")
        ow=$(med "$TMP/$app.$o.times" 1); oc=$(med "$TMP/$app.$o.times" 2)
        echo "| $(label "$mode") | $w | $c | $o | $(ratio "$ow" "$w") | $(ratio "$oc" "$c") |" ;;
    esac
  done
  if [ "$STATS" = 1 ]; then
    for pol in none all; do
      # shellcheck disable=SC2046 # the program's arguments, as words
      SIMULEE_STATS=1 SIMULEE_CHECK=$pol SIMULEE_JOBS=1 "$TMP/$app" $(app_args "$app") >"$TMP/$app.stats" 2>&1 || true
      echo
      echo "SIMULEE_STATS=1 SIMULEE_CHECK=$pol SIMULEE_JOBS=1 (built program):"
      grep -E '^simulee' "$TMP/$app.stats" | sed 's/^/    /'
    done
  fi
done
echo
echo "# commands:"
for mode in $MODES; do echo "#   $mode: $(mode_cmd NAME "$mode" | sed "s|$TMP|TMP|g; s|$ROOT/||g")"; done
exit "$status"
