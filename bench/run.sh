#!/bin/sh
# shellcheck disable=SC2317 # the helpers are called through maybe/run_series
# bench/run.sh: simulee against Oclgrind on the same work (issues 2 and 3).
#
# The work: bench/reduce.cu / bench/reduce.cl, a shared-memory tree reduction
# with barriers, 256 blocks x 256 threads, each thread accumulating 4 strided
# floats (all 1.0) before the tree, so every block sum is exactly 1024.
# Both tools run single-threaded. Each timed command runs N times and the
# median wall time is reported. The block sums that each tool dumps are
# checked against each other and against the exact value, so a broken run
# cannot be timed silently (exit status 1 if they disagree).
#
# The memory run (MEM=1): the same launch with -D ITEMS=256, so the input is
# a 64 MiB buffer that every byte of is read; peak RSS (what `/usr/bin/time
# -v` prints as "Maximum resident set size") for each tool and mode. Bytes of
# RSS per byte of global buffer = (RSS_64MiB - RSS_1MiB) / 63 MiB; the
# detector's shadow per tracked byte = that slope with detection minus the
# slope without.
#
# Builds nothing. Environment:
#   SIMULEE       the simulee binary (default build/simulee, from the repo root)
#   N             runs per timed command (default 3)
#   MEM           1: also do the 64 MiB memory runs, once each (default 1)
#   OCLGRIND      oclgrind-kernel binary (default oclgrind-kernel)
#   CLANG, CUDA_DIR  clang-19 and the CUDA header folder for the memory runs'
#                 bitcode (default clang-19, cuda/)
#   SIMULEE_PLAIN_FLAGS   extra simulee flags for the "plain" row
#                         (default: none)
#   SIMULEE_DETECT_FLAGS  simulee flags that turn detection on, for the
#                         "detect" row; the row is skipped when unset
#   SIMULEE_ONLY / OCLGRIND_ONLY  1: measure only that tool
#   BC            1 (default): also the .bc rows (bitcode compiled first, so
#                 clang is not timed): default options, --warp-model
#                 lockstep, --no-detect
#   JOBS          1 (default): also the 1 M-thread launch (--grid 4096
#                 --block 256 of the same kernel, 16 MiB input, from .bc,
#                 default options) at -j 1 and at -j 2, the two runs of
#                 each of the N pairs back to back (interleaved, so both
#                 see the same load); median wall and CPU time of each and
#                 the median of the per-pair ratios; checks the 4096 block
#                 sums and that the -j 2 run kept its blocks on 2 threads
#   ICOUNT        1: also the host instructions of one run of each .bc row
#                 (valgrind --tool=lackey; deterministic, for comparing
#                 builds on a shared machine; about 10 s per row)
# Every row gives the median wall time and the median CPU time (user + sys
# of the process tree): ratios are given for both; on a shared machine
# quote the CPU ratio.
# Usage: bench/run.sh            (from anywhere; it cds to the repo root)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
SIMULEE=${SIMULEE:-build/simulee}
N=${N:-3}
MEM=${MEM:-1}
OCLGRIND=${OCLGRIND:-oclgrind-kernel}
SIMULEE_PLAIN_FLAGS=${SIMULEE_PLAIN_FLAGS:-}
SIMULEE_ONLY=${SIMULEE_ONLY:-0}
OCLGRIND_ONLY=${OCLGRIND_ONLY:-0}
BC=${BC:-1}
ICOUNT=${ICOUNT:-0}
JOBS=${JOBS:-1}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/simulee-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
GTIME=/usr/bin/time
HAVE_PY=0
command -v python3 >/dev/null 2>&1 && HAVE_PY=1
[ -x "$GTIME" ] || [ "$HAVE_PY" = 1 ] || { echo "run.sh: needs GNU time at /usr/bin/time (Debian package time)" >&2; exit 2; }

BLOCKS=256
SMALL_ITEMS=4
BIG_ITEMS=256
SMALL_COUNT=$((BLOCKS * 256 * SMALL_ITEMS))   # 262144 floats, 1 MiB
BIG_COUNT=$((BLOCKS * 256 * BIG_ITEMS))       # 16777216 floats, 64 MiB
SMALL_SUM=$((256 * SMALL_ITEMS))              # every block sum, exactly
BIG_SUM=$((256 * BIG_ITEMS))
status=0

now() { date +%s.%N; }

# timed NAME CMD...: run CMD (stdout+stderr to $TMP/NAME.out), record the wall
# seconds in $TMP/NAME.wall and peak RSS in KiB in $TMP/NAME.rss. Returns
# CMD's exit status. Also the CPU seconds (user + sys, children included) in
# $TMP/NAME.cpu: on a machine shared with other work the wall time carries
# the waits for a core, the CPU time does not.
timed() {
  name=$1; shift
  t0=$(now)
  rc=0
  if [ "$HAVE_PY" = 1 ]; then
    # getrusage of the children: microsecond CPU times (GNU time prints 10 ms)
    python3 -c '
import os, sys, time
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
_, st, r = os.wait4(pid, 0)
t1 = time.monotonic()
open(sys.argv[1], "w").write("%d %.6f %.6f %.6f\n" % (r.ru_maxrss, r.ru_utime, r.ru_stime, t1 - t0))
sys.exit(os.waitstatus_to_exitcode(st) & 255)' "$TMP/$name.rss" "$@" >"$TMP/$name.out" 2>&1 || rc=$?
  else
    "$GTIME" -f '%M %U %S' -o "$TMP/$name.rss" "$@" >"$TMP/$name.out" 2>&1 || rc=$?
  fi
  t1=$(now)
  if [ "$HAVE_PY" = 1 ]; then # the wall time of the command, not of python's start
    tail -n 1 "$TMP/$name.rss" | awk '{ printf "%.3f\n", $4 }' >"$TMP/$name.wall"
  else
    echo "$t0 $t1" | awk '{ printf "%.3f\n", $2 - $1 }' >"$TMP/$name.wall"
  fi
  tail -n 1 "$TMP/$name.rss" | awk '{ printf "%.4f\n", $2 + $3 }' >"$TMP/$name.cpu"
  tail -n 1 "$TMP/$name.rss" | awk '{ print $1 }' >"$TMP/$name.rss1" && mv "$TMP/$name.rss1" "$TMP/$name.rss"
  return "$rc"
}

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
maxof() { sort -n | tail -n 1; }

# The block sums, one per line, from each tool's output.
ocl_sums() { sed -n 's/^ *out\[[0-9]*\] = //p' "$1"; }
# simulee --dump prints bare numbers one per line; --stats lines carry words.
sim_sums() { grep -E '^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$' "$1" || true; }
# simulee --stats prints (stderr) one line per kernel:
#   simulee: stats: kernel reduce: 7011584 instructions, 65536 threads, 0.010667 s, 657315952 instructions/s
# sim_stat FILE UNIT: the number in front of UNIT on that line.
sim_stat() {
  grep -E '^simulee: stats: kernel ' "$1" | head -n 1 | tr ',' '\n' |
    sed -n "s|^.*[ :]\([0-9][0-9.eE+]*\) $2\$|\1|p" | head -n 1
}

# check_sums FILE-OF-SUMS EXPECTED LABEL: 256 values, each exactly EXPECTED.
check_sums() {
  n=$(wc -l <"$1")
  bad=$(awk -v e="$2" '($1 + 0) != e { c++ } END { print c + 0 }' "$1")
  if [ "$n" -ne "$BLOCKS" ] || [ "$bad" -ne 0 ]; then
    echo "run.sh: $3: expected $BLOCKS block sums of $2, got $n values, $bad wrong" >&2
    status=1
    return 1
  fi
}

# bench_tool TAG RUNS CMD...: N timed runs; checks each run's sums.
ocl_cmd() { # MODE-FLAGS SIM [BUILD-OPTIONS]
  flags=$1; sim=$2; bopt=${3:-}
  if [ -n "$bopt" ]; then
    echo "cd bench && OCLGRIND_NUM_THREADS=1 $OCLGRIND --num-threads 1 ${flags:+$flags }--build-options '$bopt' $sim"
  else
    echo "cd bench && OCLGRIND_NUM_THREADS=1 $OCLGRIND --num-threads 1 ${flags:+$flags }$sim"
  fi
}
sim_cmd() { # FLAGS COUNT [FILE [-D ...]]
  echo "$SIMULEE ${3:-bench/reduce.cu} ${4:-}--kernel reduce --grid $BLOCKS --block 256 --arg 'f32[$2]=1' --arg 'f32[$BLOCKS]' --stats --dump 1${1:+ $1}"
}
# The memory runs give simulee bitcode, so that the peak RSS is simulee's own
# and not clang's (a .cu is compiled by a clang child process, which /usr/bin/time
# counts too; Oclgrind compiles in-process in both of its runs). These are the
# flags of SIMULEE_CUDA_FLAGS in the top CMakeLists.txt (read from it, so the
# bench bitcode is what the build's CLI compiles), at the CLI's default -O2.
cmake_cuda_flags() {
  awk '/^set\(SIMULEE_CUDA_FLAGS/ { on = 1; sub(/^set\(SIMULEE_CUDA_FLAGS/, "") }
       on { l = $0; if (l ~ /\)/) { sub(/\).*/, "", l); print l; exit } print l }' CMakeLists.txt |
    tr '\n' ' ' | sed "s|\${SIMULEE_CUDA_DIR}|${CUDA_DIR:-$ROOT/cuda}|g"
}
CUDA_FLAGS="$(cmake_cuda_flags)"
case "$CUDA_FLAGS" in
  *-emit-llvm*) CUDA_FLAGS="$CUDA_FLAGS -O2" ;;
  *) echo "run.sh: no SIMULEE_CUDA_FLAGS list in CMakeLists.txt" >&2; exit 2 ;;
esac
CLANG=${CLANG:-clang-19}
compile_bc() { # ITEMS OUT
  # shellcheck disable=SC2086
  "$CLANG" $CUDA_FLAGS -DITEMS="$1" bench/reduce.cu -o "$2"
}
maybe() { # FLAG CMD...: run CMD when FLAG is 1; failures are already in $status
  [ "$1" = 1 ] || return 0
  shift
  "$@" || true
}

run_series() { # TAG EXPECTED-SUM EXTRACTOR COMMAND-STRING
  tag=$1; want=$2; extract=$3; cmd=$4
  echo "$cmd" >"$TMP/$tag.cmd"
  : >"$TMP/$tag.walls"; : >"$TMP/$tag.rsss"; : >"$TMP/$tag.cpus"
  i=1
  while [ "$i" -le "$N" ]; do
    rc=0
    timed "$tag.$i" sh -c "$cmd" || rc=$?
    if [ "$rc" -ne 0 ]; then
      # simulee exits 1 when it reports findings; anything else is a failure.
      if [ "$rc" -ne 1 ] || [ "$extract" != sim_sums ]; then
        echo "run.sh: $tag: exit status $rc from: $cmd" >&2
        tail -n 5 "$TMP/$tag.$i.out" >&2
        status=1
        return 1
      fi
    fi
    cat "$TMP/$tag.$i.wall" >>"$TMP/$tag.walls"
    cat "$TMP/$tag.$i.rss" >>"$TMP/$tag.rsss"
    cat "$TMP/$tag.$i.cpu" >>"$TMP/$tag.cpus"
    $extract "$TMP/$tag.$i.out" >"$TMP/$tag.$i.sums"
    check_sums "$TMP/$tag.$i.sums" "$want" "$tag run $i" || return 1
    i=$((i + 1))
  done
  cp "$TMP/$tag.1.out" "$TMP/$tag.out"
  cp "$TMP/$tag.1.sums" "$TMP/$tag.sums"
  median <"$TMP/$tag.walls" >"$TMP/$tag.wall"
  median <"$TMP/$tag.cpus" >"$TMP/$tag.cpu"
  maxof <"$TMP/$tag.rsss" >"$TMP/$tag.rss"
}

have_sim=0
if [ "$OCLGRIND_ONLY" != 1 ]; then
  if [ -x "$SIMULEE" ]; then have_sim=1; else
    echo "run.sh: no simulee binary at $SIMULEE (set SIMULEE=...); simulee rows skipped" >&2
  fi
fi
have_ocl=0
if [ "$SIMULEE_ONLY" != 1 ]; then
  if command -v "$OCLGRIND" >/dev/null 2>&1; then have_ocl=1; else
    echo "run.sh: $OCLGRIND not found (Debian package oclgrind); Oclgrind rows skipped" >&2
  fi
fi
have_det=0
if [ "$have_sim" = 1 ] && [ "${SIMULEE_DETECT_FLAGS+set}" = set ]; then have_det=1; fi

echo "bench: reduce, grid $BLOCKS x block 256, $SMALL_ITEMS items/thread, N=$N (median wall and CPU time)"
echo "machine: $(nproc) cores, $(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1)"

# ---- timed runs, one process at a time
maybe "$have_ocl" run_series ocl_plain "$SMALL_SUM" ocl_sums "$(ocl_cmd '' reduce.sim)"
maybe "$have_ocl" run_series ocl_det "$SMALL_SUM" ocl_sums "$(ocl_cmd --data-races reduce.sim)"
maybe "$have_sim" run_series sim_plain "$SMALL_SUM" sim_sums "$(sim_cmd "$SIMULEE_PLAIN_FLAGS" "$SMALL_COUNT")"
maybe "$have_det" run_series sim_det "$SMALL_SUM" sim_sums "$(sim_cmd "${SIMULEE_DETECT_FLAGS:-}" "$SMALL_COUNT")"

# ---- the same launch from bitcode (no clang in the time), the rows of the
# speed table: default options (detection, independent thread scheduling),
# lock-step warps, no detection
if [ "$BC" = 1 ] && [ "$have_sim" = 1 ]; then
  if compile_bc "$SMALL_ITEMS" "$TMP/small.bc"; then
    run_series bc_det "$SMALL_SUM" sim_sums "$(sim_cmd '' "$SMALL_COUNT" "$TMP/small.bc")" || true
    run_series bc_lock "$SMALL_SUM" sim_sums "$(sim_cmd '--warp-model lockstep' "$SMALL_COUNT" "$TMP/small.bc")" || true
    run_series bc_plain "$SMALL_SUM" sim_sums "$(sim_cmd '--no-detect' "$SMALL_COUNT" "$TMP/small.bc")" || true
  else
    echo "run.sh: $CLANG could not compile bench/reduce.cu; simulee .bc rows skipped" >&2
    status=1
  fi
fi

# ---- one launch of 1 M threads on 1 and on 2 threads (JOBS=1)
JGRID=4096
JCOUNT=$((JGRID * 256 * SMALL_ITEMS))
jobs_pairs() {
  : >"$TMP/jobs.ratios"; : >"$TMP/jobs.crit"
  for j in 1 2; do : >"$TMP/jobs$j.walls"; : >"$TMP/jobs$j.cpus"; done
  i=1
  while [ "$i" -le "$N" ]; do
    for j in 1 2; do
      timed "jobs$j.$i" sh -c "$SIMULEE $TMP/small.bc --kernel reduce --grid $JGRID --block 256 --arg 'f32[$JCOUNT]=1' --arg 'f32[$JGRID]' --stats --dump 1 -j $j" || {
        echo "run.sh: jobs$j: the run failed" >&2; tail -n 5 "$TMP/jobs$j.$i.out" >&2; status=1; return 1; }
      n=$(sim_sums "$TMP/jobs$j.$i.out" | awk -v e="$SMALL_SUM" '($1 + 0) == e { c++ } END { print c + 0 }')
      if [ "$n" -ne "$JGRID" ]; then
        echo "run.sh: jobs$j run $i: expected $JGRID block sums of $SMALL_SUM, got $n" >&2; status=1; return 1
      fi
      cat "$TMP/jobs$j.$i.wall" >>"$TMP/jobs$j.walls"
      cat "$TMP/jobs$j.$i.cpu" >>"$TMP/jobs$j.cpus"
    done
    if ! grep -q 'detection run on 2 threads' "$TMP/jobs2.$i.out"; then
      echo "run.sh: jobs2 run $i: the blocks did not run on 2 threads" >&2; status=1; return 1
    fi
    awk -v a="$(cat "$TMP/jobs1.$i.wall")" -v b="$(cat "$TMP/jobs2.$i.wall")" 'BEGIN { if (b > 0) printf "%.3f\n", a / b }' >>"$TMP/jobs.ratios"
    # the CPU time of the -j 2 run's critical path: its CPU time outside the
    # workers plus the busiest worker's (what its wall time is on 2 idle cores)
    w=$(sed -n 's/.* on 2 threads (-j), \([0-9.]*\) s CPU in them, \([0-9.]*\) s in the busiest.*/\1 \2/p' "$TMP/jobs2.$i.out" | head -n 1)
    awk -v a="$(cat "$TMP/jobs1.$i.cpu")" -v b="$(cat "$TMP/jobs2.$i.cpu")" -v w="$w" 'BEGIN { split(w, x, " "); c = b - x[1] + x[2]; if (c > 0) printf "%.3f %.4f\n", a / c, c }' >>"$TMP/jobs.crit"
    i=$((i + 1))
  done
  for j in 1 2; do
    median <"$TMP/jobs$j.walls" >"$TMP/jobs$j.wall"
    median <"$TMP/jobs$j.cpus" >"$TMP/jobs$j.cpu"
  done
  median <"$TMP/jobs.ratios" >"$TMP/jobs.ratio"
  awk '{ print $1 }' "$TMP/jobs.crit" | median >"$TMP/jobs.critratio"
  awk '{ print $2 }' "$TMP/jobs.crit" | median >"$TMP/jobs.critcpu"
}
if [ "$JOBS" = 1 ] && [ "$have_sim" = 1 ]; then
  if [ -f "$TMP/small.bc" ] || compile_bc "$SMALL_ITEMS" "$TMP/small.bc"; then
    jobs_pairs || true
  fi
fi

# ---- host instructions of the .bc rows (ICOUNT=1): valgrind counts the
# instructions simulee executes, the same on a loaded machine as on a quiet
# one, so a change can be measured where times are noise
if [ "$ICOUNT" = 1 ] && [ "$have_sim" = 1 ] && [ -f "$TMP/small.bc" ]; then
  if command -v valgrind >/dev/null 2>&1; then
    for t in bc_det bc_lock bc_plain; do
      [ -f "$TMP/$t.cmd" ] || continue
      sh -c "valgrind --tool=lackey --basic-counts=yes $(cat "$TMP/$t.cmd")" >/dev/null 2>"$TMP/$t.vg" || true
      sed -n 's/^==[0-9]*==   guest instrs: *//p' "$TMP/$t.vg" | tail -n 1 | tr -d , >"$TMP/$t.icount"
    done
  else
    echo "run.sh: ICOUNT=1 needs valgrind (Debian package valgrind); counts skipped" >&2
  fi
fi

# ---- the two tools must agree value for value
agree() { # OCL-TAG SIM-TAG
  [ -f "$TMP/$1.sums" ] && [ -f "$TMP/$2.sums" ] || return 0
  if paste "$TMP/$1.sums" "$TMP/$2.sums" | awk '($1 + 0) != ($2 + 0) { bad = 1 } END { exit bad }'; then
    echo "check: $2 and $1 block sums agree ($(wc -l <"$TMP/$1.sums") sums)"
  else
    echo "run.sh: $2 and $1 block sums DIFFER" >&2
    status=1
  fi
}
agree ocl_plain sim_plain
agree ocl_det sim_det

# ---- memory runs over a 64 MiB buffer, once each
if [ "$MEM" = 1 ]; then
  NS=$N; N=1
  maybe "$have_ocl" run_series ocl_plain_big "$BIG_SUM" ocl_sums "$(ocl_cmd '' reduce_big.sim "-D ITEMS=$BIG_ITEMS")"
  maybe "$have_ocl" run_series ocl_det_big "$BIG_SUM" ocl_sums "$(ocl_cmd --data-races reduce_big.sim "-D ITEMS=$BIG_ITEMS")"
  if [ "$have_sim" = 1 ]; then
    if compile_bc "$SMALL_ITEMS" "$TMP/small.bc" && compile_bc "$BIG_ITEMS" "$TMP/big.bc"; then
      maybe 1 run_series sim_plain_mem "$SMALL_SUM" sim_sums "$(sim_cmd "$SIMULEE_PLAIN_FLAGS" "$SMALL_COUNT" "$TMP/small.bc")"
      maybe 1 run_series sim_plain_big "$BIG_SUM" sim_sums "$(sim_cmd "$SIMULEE_PLAIN_FLAGS" "$BIG_COUNT" "$TMP/big.bc")"
      maybe "$have_det" run_series sim_det_mem "$SMALL_SUM" sim_sums "$(sim_cmd "${SIMULEE_DETECT_FLAGS:-}" "$SMALL_COUNT" "$TMP/small.bc")"
      maybe "$have_det" run_series sim_det_big "$BIG_SUM" sim_sums "$(sim_cmd "${SIMULEE_DETECT_FLAGS:-}" "$BIG_COUNT" "$TMP/big.bc")"
    else
      echo "run.sh: $CLANG could not compile bench/reduce.cu; simulee memory rows skipped" >&2
      status=1
    fi
  fi
  agree ocl_plain_big sim_plain_big
  agree ocl_det_big sim_det_big
  N=$NS
fi

# ---- the table
val() { if [ -s "$TMP/$1" ]; then cat "$TMP/$1"; else echo "-"; fi; }
ratio() { # oclgrind-wall simulee-wall
  if [ "$1" = - ] || [ "$2" = - ]; then echo "-"; else
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1fx\n", a / b; else print "-" }'; fi
}
stat() { # TAG UNIT
  v=
  [ -s "$TMP/$1.out" ] && v=$(sim_stat "$TMP/$1.out" "$2")
  echo "${v:--}"
}
mips() { # TAG: million instructions/s
  v=$(stat "$1" 'instructions/s')
  if [ "$v" = - ]; then echo -; else awk -v v="$v" 'BEGIN { printf "%.1f M\n", v / 1e6 }'; fi
}
echo
fmt='%-9s %-16s %8s %8s %8s %8s %10s %12s %12s\n'
row() { # TOOL MODE TAG OCL-TAG
  if [ "$1" = oclgrind ]; then
    printf "$fmt" "$1" "$2" "$(val "$3.wall")" "$(val "$3.cpu")" - - - - -
  else
    printf "$fmt" "$1" "$2" "$(val "$3.wall")" "$(val "$3.cpu")" \
      "$(ratio "$(val "$4.wall")" "$(val "$3.wall")")" "$(ratio "$(val "$4.cpu")" "$(val "$3.cpu")")" \
      "$(stat "$3" s)" "$(stat "$3" instructions)" "$(mips "$3")"
  fi
}
# shellcheck disable=SC2059 # the format is ours
{
printf "$fmt" tool mode "wall s" "cpu s" "x wall" "x cpu" "kernel s" "sim instrs" "sim instr/s"
row oclgrind plain ocl_plain
row simulee "plain (.cu)" sim_plain ocl_plain
row simulee "bc --no-detect" bc_plain ocl_plain
row oclgrind data-races ocl_det
[ "$have_det" = 1 ] && row simulee "detect (.cu)" sim_det ocl_det
row simulee "bc default" bc_det ocl_det
row simulee "bc lockstep" bc_lock ocl_det
}
if [ "$ICOUNT" = 1 ]; then
  for t in bc_det bc_lock bc_plain; do
    [ -s "$TMP/$t.icount" ] && printf 'host instructions, %-9s %s\n' "$t:" "$(cat "$TMP/$t.icount")"
  done
fi
if [ -s "$TMP/jobs.ratio" ]; then
  echo "1 M-thread launch (grid $JGRID x block 256, .bc, default options): -j 1 wall $(val jobs1.wall) s cpu $(val jobs1.cpu) s; -j 2 wall $(val jobs2.wall) s cpu $(val jobs2.cpu) s; wall -j 1 / -j 2, median of $N interleaved pairs: $(val jobs.ratio)x"
  echo "  -j 2 critical path (CPU outside the workers + the busiest worker): $(val jobs.critcpu) s; cpu -j 1 / critical path -j 2, median of the pairs: $(val jobs.critratio)x"
fi
echo "(x wall, x cpu: Oclgrind / simulee in the same mode (.bc default and lockstep against --data-races); cpu s: user + sys; kernel s: simulee --stats time, without start-up and compile)"

if [ "$MEM" = 1 ]; then
  slope() { # small-tag big-tag: RSS bytes per byte of buffer, (big-small)/63MiB
    if [ -s "$TMP/$1.rss" ] && [ -s "$TMP/$2.rss" ]; then
      awk -v s="$(cat "$TMP/$1.rss")" -v b="$(cat "$TMP/$2.rss")" \
        -v d="$(( (BIG_COUNT - SMALL_COUNT) * 4 / 1024 ))" 'BEGIN { printf "%.2f\n", (b - s) / d }'
    else echo "-"; fi
  }
  echo
  printf '%-9s %-12s %11s %11s %9s %12s\n' tool mode "RSS 1MiB" "RSS 64MiB" "B/B" "64MiB wall s"
  for row in "oclgrind plain ocl_plain ocl_plain_big" "oclgrind data-races ocl_det ocl_det_big" \
             "simulee plain sim_plain_mem sim_plain_big" "simulee detect sim_det_mem sim_det_big"; do
    # shellcheck disable=SC2086 # split the row into its words
    set -- $row
    printf '%-9s %-12s %9s K %9s K %9s %12s\n' "$1" "$2" "$(val "$3.rss")" "$(val "$4.rss")" \
      "$(slope "$3" "$4")" "$(val "$4.wall")"
  done
  so=$(slope ocl_plain ocl_plain_big); do_=$(slope ocl_det ocl_det_big)
  ss=$(slope sim_plain_mem sim_plain_big); ds=$(slope sim_det_mem sim_det_big)
  echo "(B/B: RSS bytes per byte of global buffer, (RSS_64MiB - RSS_1MiB) / 63 MiB)"
  if [ "$so" != - ] && [ "$do_" != - ]; then
    echo "oclgrind shadow per tracked byte: $(awk -v a="$do_" -v b="$so" 'BEGIN { printf "%.1f", a - b }')"
  fi
  if [ "$ss" != - ] && [ "$ds" != - ]; then
    echo "simulee shadow per tracked byte:  $(awk -v a="$ds" -v b="$ss" 'BEGIN { printf "%.1f", a - b }')"
  elif [ "$ss" != - ]; then
    echo "simulee RSS per tracked byte (plain row; any always-on detector state included): $ss"
  fi
fi

echo
echo "commands:"
for t in ocl_plain ocl_det sim_plain sim_det bc_det bc_lock bc_plain ocl_plain_big ocl_det_big sim_plain_mem sim_plain_big sim_det_mem sim_det_big; do
  [ -f "$TMP/$t.cmd" ] && printf '  %-14s %s\n' "$t" "$(cat "$TMP/$t.cmd")"
done
exit $status
