#!/bin/sh
# Cost of `simulee run` on three programs against the same programs compiled
# natively for the host CPU (bench/README.md, "Whole programs"):
#   sh bench/apps.sh [BUILD_DIR]        (default build/; N=5 runs per row)
# Rows, each the median of N runs (wall and CPU = user + sys, children included):
#   native build      bench/native/build.sh (clang++-19 -O2, the launches rewritten;
#                     its support library compiled once beforehand)
#   native run        the native program alone; "s in launches" from SIMNAT_STATS
#                     (a kernel's launches after one that reached no barrier
#                     run as a plain loop over threads)
#   native, fibers    the same with SIMNAT_FIBERS=1 (every launch on fibers;
#                     for information: the slowdowns are against "native run")
#   run --check P     `simulee run --stats --check P FILES` (build + run)
#   program, P        the program simulee built (`run --no-run -o`), run alone
#                     with SIMULEE_CHECK=P SIMULEE_STATS=1
#   simulee build     `simulee run --no-run` (the build alone)
# for P = all (detection on every launch) and first:3 (the default policy).
# Then the slowdown of each simulee row against the native one: time inside
# launches, the program run alone, and the whole command against native
# build + run. Every run must print the program's own " 0 wrong".
# Environment: N (runs per row), NATIVE_N (runs per native run row, default
# 4 N: a few milliseconds each, the most disturbed by a busy machine), CXX
# (the native compiler, default clang++-19).
set -eu
B=${1:-build}
SIM=$(cd "$B" && pwd)/simulee
N=${N:-5}
NN=${NATIVE_N:-$((4 * N))}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
command -v python3 >/dev/null || { echo "apps.sh: needs python3 (getrusage timing)" >&2; exit 2; }
export SIMULEE_NO_COLOR=1
cd "$ROOT"

# tm FILE CMD...: run CMD (stdout to $T/out, stderr to $T/err), append
# "wall cpu" (seconds; cpu = user + sys of CMD and its children) to FILE.
tm() {
  f=$1
  shift
  python3 - "$f" "$@" <<'PY'
import os, resource, subprocess, sys, time
out, err = open(os.environ["T"] + "/out", "w"), open(os.environ["T"] + "/err", "w")
r0 = resource.getrusage(resource.RUSAGE_CHILDREN)  # a launcher (pyenv's shim) may have children
t0 = time.monotonic()
subprocess.run(sys.argv[2:], stdout=out, stderr=err)
t1 = time.monotonic()
r = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1], "a").write("%.6f %.6f\n" % (t1 - t0, r.ru_utime + r.ru_stime - r0.ru_utime - r0.ru_stime))
PY
}
export T
# median: the middle value (the lower one of an even count), as measured
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
col() { awk -v c="$1" '{ print $c }' "$2" | median; }
ok() { grep -q " 0 wrong" "$T/out" || { echo "apps.sh: wrong output: $1" >&2; cat "$T/out" "$T/err" >&2; exit 1; }; }

# rows: one line per row, "key wall cpu launch_s insns" (medians)
: >"$T/rows"
# put KEY LAUNCH_S INSNS: a row; with a launch time, also the least of $T/l
put() {
  m=-
  [ "$2" = - ] || m=$(sort -g "$T/l" | head -n 1)
  echo "$1 $(col 1 "$T/t") $(col 2 "$T/t") $2 $3 $m" >>"$T/rows"
}
stat_launch_s() { sed -n 's/^simulee: stats: .* in \([0-9.]*\) s of launches.*/\1/p' "$T/err"; }
stat_insns() { sed -n 's/^simulee: stats: .* checked, \([0-9]*\) simulated.*/\1/p' "$T/err"; }

bench() { # KEY ARGS FILES...
  key=$1 args=$2
  shift 2
  : >"$T/t"
  for _ in $(seq "$N"); do tm "$T/t" sh "$ROOT/bench/native/build.sh" -o "$T/$key.nat" "$@"; done
  put "$key.native_build" - -
  : >"$T/t"; : >"$T/l"
  for _ in $(seq "$NN"); do
    # shellcheck disable=SC2086
    SIMNAT_STATS=1 tm "$T/t" "$T/$key.nat" $args
    ok "$key native"
    sed -n 's/^simnat: stats: .*fibers), \([0-9.]*\) s in launches.*/\1/p' "$T/err" >>"$T/l"
  done
  put "$key.native_run" "$(median <"$T/l")" -
  : >"$T/t"; : >"$T/l"
  for _ in $(seq "$NN"); do
    # shellcheck disable=SC2086
    SIMNAT_FIBERS=1 SIMNAT_STATS=1 tm "$T/t" "$T/$key.nat" $args
    ok "$key native, fibers"
    sed -n 's/^simnat: stats: .*fibers), \([0-9.]*\) s in launches.*/\1/p' "$T/err" >>"$T/l"
  done
  put "$key.native_fibers" "$(median <"$T/l")" -
  : >"$T/t"
  for _ in $(seq "$N"); do tm "$T/t" "$SIM" run --no-run -o "$T/$key.sim" "$@"; done
  put "$key.sim_build" - -
  for p in all first:3; do
    : >"$T/t"; : >"$T/l"; : >"$T/n"
    for _ in $(seq "$N"); do
      # shellcheck disable=SC2086
      tm "$T/t" "$SIM" run --stats --check "$p" "$@" ${args:+--} $args
      ok "$key run --check $p"
      stat_launch_s >>"$T/l"
      stat_insns >>"$T/n"
    done
    put "$key.run_$p" "$(median <"$T/l")" "$(median <"$T/n")"
    : >"$T/t"; : >"$T/l"
    for _ in $(seq "$N"); do
      # shellcheck disable=SC2086
      SIMULEE_CHECK=$p SIMULEE_STATS=1 tm "$T/t" "$T/$key.sim" $args
      ok "$key program $p"
      stat_launch_s >>"$T/l"
    done
    put "$key.prog_$p" "$(median <"$T/l")" "$(median <"$T/n")"
  done
}

# The native support library is compiled once, as simulee's runtime is.
export SIMNAT_SUPPORT="$T/support.o"
"${CXX:-clang++-19}" -std=c++17 -O2 -c "$ROOT/bench/native/cuda_native.cpp" -o "$SIMNAT_SUPPORT"

bench matmul "" tests/apps/matmul.cu
bench multi "" tests/apps/multi/main.cu tests/apps/multi/saxpy.cu tests/apps/multi/reference.cpp
bench jacobi "" bench/apps/jacobi.cu

echo "commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown);" \
  "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1), $(nproc) cores;" \
  "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "N=$N runs per row ($NN per native run row), medians; wall and CPU (user + sys, children included) in seconds"
echo
echo "| program | row | wall s | CPU s | s in launches (median, least) | simulated thread instructions | M instructions/s |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |"
awk '
function name(p) { return p == "matmul" ? "`tests/apps/matmul.cu` (3 launches)" : p == "multi" ? "`tests/apps/multi/` (20 launches)" : "`bench/apps/jacobi.cu` (200 launches)" }
function label(r) {
  if (r == "native_build") return "native build (clang++-19 -O2)"
  if (r == "native_run") return "native run"
  if (r == "native_fibers") return "native run, `SIMNAT_FIBERS=1`"
  if (r == "sim_build") return "simulee build (`run --no-run`)"
  if (r ~ /^run_/) return "`simulee run --check " substr(r, 5) "` (build + run)"
  return "simulee-built program, `SIMULEE_CHECK=" substr(r, 6) "`"
}
{ split($1, k, "."); rate = ($4 != "-" && $5 != "-" && $4 > 0) ? sprintf("%.1f", $5 / $4 / 1e6) : ""
  printf "| %s | %s | %.3f | %.3f | %s | %s | %s |\n", name(k[1]), label(k[2]), $2, $3,
    $4 == "-" ? "" : $4 ", " $6, $5 == "-" ? "" : $5, rate }' "$T/rows"
echo
echo "Slowdown against native (simulee / native; wall, CPU in parentheses; in launches: wall, from"
echo "simulee's --stats and SIMNAT_STATS, of the \`run\` rows):"
echo
echo "| program | --check | in launches (medians; least times) | program run alone | whole command (build + run) |"
echo "| --- | --- | ---: | ---: | ---: |"
awk '
function name(p) { return p == "matmul" ? "`tests/apps/matmul.cu`" : p == "multi" ? "`tests/apps/multi/`" : "`bench/apps/jacobi.cu`" }
{ split($1, k, "."); W[$1] = $2; C[$1] = $3; L[$1] = $4; M[$1] = $6; if (!(k[1] in seen)) { seen[k[1]] = 1; order[++n] = k[1] } }
END {
  for (i = 1; i <= n; i++) { p = order[i]
    for (j = 1; j <= 2; j++) { c = j == 1 ? "all" : "first:3"
      nb = p ".native_build"; nr = p ".native_run"; r = p ".run_" c; g = p ".prog_" c
      printf "| %s | %s | %.0fx; %.0fx | %.0fx (%.0fx) | %.1fx (%.1fx) |\n", name(p), c, L[r] / L[nr],
        M[r] / M[nr], W[g] / W[nr], C[g] / C[nr], W[r] / (W[nb] + W[nr]), C[r] / (C[nb] + C[nr])
    } } }' "$T/rows"
