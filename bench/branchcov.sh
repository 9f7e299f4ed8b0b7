#!/bin/sh
# bench/branchcov.sh: what branch-outcome coverage gives the automatic
# search (issue 10). For each kernel of $KERNELS (tests/kernels/auto, the
# bitcode the build made at -O0 and -O2) and each seed in $SEEDS, each seed
# alone, the default search with branch outcomes as coverage and without
# (SIMULEE_NO_BRANCH_COVERAGE=1, the same search counting access sites
# only):
#
#   simulee BUILD/tests/auto/K.OPT.bc --seed S -j 1 --format json -o R.json
#
# Prints per kernel, level and mode the findings of every seed and the
# generations each search ran (findings/generations). Needs jq.
# Environment: BUILD (default build), SIMULEE (default $BUILD/simulee),
# SEEDS (default "1 2 3 4 5"), KERNELS (default "tier_split sensor_levels
# rare_branch").
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
BUILD=${BUILD:-build}
SIMULEE=${SIMULEE:-$BUILD/simulee}
SEEDS=${SEEDS:-1 2 3 4 5}
KERNELS=${KERNELS:-tier_split sensor_levels rare_branch}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/simulee-brcov.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM
[ -x "$SIMULEE" ] || { echo "branchcov.sh: no simulee at $SIMULEE" >&2; exit 2; }
command -v jq >/dev/null || { echo "branchcov.sh: needs jq" >&2; exit 2; }
for k in $KERNELS; do
  for opt in O0 O2; do
    for mode in with without; do
      line="$k -$opt branch coverage $mode:"
      found=0
      for s in $SEEDS; do
        off=0
        [ $mode = without ] && off=1
        set +e
        SIMULEE_NO_BRANCH_COVERAGE=$off "$SIMULEE" "$BUILD/tests/auto/$k.$opt.bc" --seed "$s" \
          -j 1 --format json -o "$TMP/r.json" >/dev/null 2>&1
        set -e
        f=$(jq '[.kernels[].findings | length] | add // 0' "$TMP/r.json")
        g=$(jq '[.kernels[].stats.search.generations] | max' "$TMP/r.json")
        [ "$f" -gt 0 ] && found=$((found + 1))
        line="$line $f/$g"
      done
      echo "$line (seeds with findings: $found)"
    done
  done
done
