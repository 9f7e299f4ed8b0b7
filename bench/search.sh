#!/bin/sh
# bench/search.sh: the program-guided search (issue 10) over the search
# corpus, five fixed seeds. For every kernel of tests/kernels/auto/*.cu (the
# -O2 bitcode the build made, BUILD/tests/auto/NAME.O2.bc: no clang time),
# every program of tests/hints/{tail_grid,const_stride,ws_block,off_by_one}.cu
# (from the .cu: device and host compiles included) and the projects of
# tests/projects/ (`simulee scan` of imgproc/ and of solver's
# compile_commands.json; a project's time is the scan's, compiles included,
# over its kernels; the single-file program tests/projects/pitched/smooth.cu
# from the .cu), and each seed in $SEEDS:
#
#   simulee FILE --seed S --format json -o R.json -j $JOBS
#   simulee scan DIR --seed S --format json -o R.json -j $JOBS --no-progress
#
# Prints one line per (file, seed): exit status, kernels, findings, kernels
# whose search stopped at generation 0, wall seconds. Then per corpus: the
# findings of every seed (the same set of files for every seed), the median
# and maximum wall seconds per kernel (a file's time over its kernels), and
# the share of searches that stopped at generation 0. Needs jq.
# Environment: BUILD (default build), SIMULEE (default $BUILD/simulee),
# SEEDS (default "1 2 3 4 5"), JOBS (default 1), SKIP (auto kernel names to
# leave out, e.g. those an older build does not have), CORPORA (default
# "auto hints projects": which corpora to run).
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
BUILD=${BUILD:-build}
SIMULEE=${SIMULEE:-$BUILD/simulee}
SEEDS=${SEEDS:-1 2 3 4 5}
JOBS=${JOBS:-1}
SKIP=${SKIP:-}
CORPORA=${CORPORA:-auto hints projects}
has() { case " $CORPORA " in *" $1 "*) return 0 ;; esac; return 1; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/simulee-search.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
[ -x "$SIMULEE" ] || { echo "search.sh: no simulee at $SIMULEE" >&2; exit 2; }
command -v jq >/dev/null || { echo "search.sh: needs jq" >&2; exit 2; }
now() { date +%s.%N; }

# one run: corpus label, then the command (its -o is $TMP/r.json)
run() {
  label=$1; shift
  t0=$(now)
  set +e
  "$@" --format json -o "$TMP/r.json" -j "$JOBS" >/dev/null 2>&1
  rc=$?
  set -e
  t1=$(now)
  if [ "$rc" = 2 ] || [ ! -s "$TMP/r.json" ]; then
    echo "$label ERROR rc=$rc: $*"
    return
  fi
  k=$(jq '.kernels | length' "$TMP/r.json")
  f=$(jq '[.kernels[].findings | length] | add // 0' "$TMP/r.json")
  g0=$(jq '[.kernels[] | select(.stats.search.generations == 0)] | length' "$TMP/r.json")
  s=$(echo "$t0 $t1 $k" | awk '{ printf "%.3f", ($2 - $1) / ($3 > 0 ? $3 : 1) }')
  echo "$label rc=$rc kernels=$k findings=$f gen0=$g0 s/kernel=$s"
}

for seed in $SEEDS; do
  has auto && for bc in "$BUILD"/tests/auto/*.O2.bc; do
    case " $SKIP " in *" $(basename "$bc" .O2.bc) "*) continue ;; esac
    run "auto $(basename "$bc") seed=$seed" "$SIMULEE" "$bc" --seed "$seed"
  done
  has hints && for n in ${HINTS:-tail_grid const_stride ws_block off_by_one}; do
    run "hints $n.cu seed=$seed" "$SIMULEE" "tests/hints/$n.cu" --seed "$seed"
  done
  has projects && for d in tests/projects/imgproc tests/projects/solver/compile_commands.json; do
    run "projects $(echo "$d" | cut -d/ -f3) seed=$seed" "$SIMULEE" scan "$d" --seed "$seed" --no-progress
  done
  if has projects; then
    run "projects pitched seed=$seed" "$SIMULEE" tests/projects/pitched/smooth.cu --seed "$seed"
  fi
done | tee "$TMP/lines"

echo
for c in auto hints projects; do
  grep "^$c " "$TMP/lines" | grep -v ERROR > "$TMP/c" || true
  [ -s "$TMP/c" ] || continue
  times=$(sed -n 's/.*s\/kernel=\([0-9.]*\).*/\1/p' "$TMP/c" | sort -g)
  n=$(echo "$times" | wc -l)
  med=$(echo "$times" | awk -v n="$n" '{ v[NR] = $1 } END { if (n % 2) print v[(n + 1) / 2]; else printf "%.3f\n", (v[n / 2] + v[n / 2 + 1]) / 2 }')
  max=$(echo "$times" | tail -1)
  awk -v c="$c" -v med="$med" -v max="$max" '
    { for (i = 1; i <= NF; i++) {
        if ($i ~ /^seed=/) seed = substr($i, 6);
        if ($i ~ /^kernels=/) k = substr($i, 9);
        if ($i ~ /^findings=/) f = substr($i, 10);
        if ($i ~ /^gen0=/) g = substr($i, 6) }
      if (!(seed in find)) order[++ns] = seed
      find[seed] += f; kern += k; gen0 += g }
    END {
      line = c ": findings per seed:"
      for (i = 1; i <= ns; i++) line = line " " order[i] "=" find[order[i]]
      printf "%s; s/kernel median %s max %s; stopped at generation 0: %d of %d searches\n",
             line, med, max, gen0, kern }' "$TMP/c"
done
