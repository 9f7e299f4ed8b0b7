#!/bin/sh
# bench/auto.sh: the automatic input search (issue 4) over the detector
# corpus. Every kernel of tests/kernels/detect/*.cu and
# tests/kernels/auto/*.cu is run on its own in auto mode (no
# --grid/--block/--arg: the default search, --population 100 --generations
# 100 with the early stop, then detection), from the bitcode the build made
# of it in BUILD/tests/detect/ and BUILD/tests/auto/,
#
#   simulee BUILD/tests/{detect,auto}/FILE.$OPT.bc --kernel NAME --seed $SEED \
#       --format json -o OUT.json --stats [-j $JOBS] $SIMULEE_FLAGS
#
# plus --stats, and its wall time measured around the process. Prints one
# line per kernel (file, kernel, exit status, findings, wall seconds, and
# from the --stats search line on stderr: candidate evaluations, the
# search's own seconds and its evaluations per second), then the median and
# maximum wall time per kernel and the corpus's candidate evaluations per
# second (sum of the evaluations / sum of the search seconds). A run that
# exits 2 (usage or input error) is listed and makes the script exit 1 at
# the end: an error is never timed as a result.
#
# Builds nothing: the bitcode is the one the build made for the tests
# (tests/detect.cmake, tests/evolve.cmake). Environment:
#   SIMULEE        the simulee binary (default $BUILD/simulee)
#   BUILD          the build folder (default build)
#   OPT            O0 or O2 (default O2)
#   SEED           --seed (default 1)
#   JOBS           -j (default: simulee's default, all cores)
#   N              runs per kernel, the median is kept (default 1)
#   ONLY           a substring: only files whose name contains it
#   SIMULEE_FLAGS  extra simulee options (e.g. --population 20)
# Usage: bench/auto.sh            (from anywhere; it cds to the repo root)
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
BUILD=${BUILD:-build}
SIMULEE=${SIMULEE:-$BUILD/simulee}
OPT=${OPT:-O2}
SEED=${SEED:-1}
JOBS=${JOBS:-}
N=${N:-1}
ONLY=${ONLY:-}
SIMULEE_FLAGS=${SIMULEE_FLAGS:-}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/simulee-auto.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

[ -x "$SIMULEE" ] || { echo "auto.sh: no simulee at $SIMULEE (set SIMULEE or BUILD)" >&2; exit 2; }

now() { date +%s.%N; }
status=0

# kernels BC: the kernel names of BC, one a line (from simulee's own list in
# the "no kernel named" error).
kernels() {
  "$SIMULEE" "$1" --kernel '?' --grid 1 --block 1 2>&1 >/dev/null |
    sed -n 's/.*(kernels: \(.*\))$/\1/p' | tr ',' '\n' | sed 's/^ *//; /^$/d'
}

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "-"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-24s %-20s %4s %8s %9s %11s %9s %9s\n' file kernel exit findings wall_s evaluations search_s evals/s
: > "$TMP/rows"
for dir in "$BUILD/tests/detect" "$BUILD/tests/auto"; do
  for bc in "$dir"/*."$OPT".bc; do
    [ -e "$bc" ] || { echo "auto.sh: no bitcode in $dir (build the tests first)" >&2; exit 2; }
    f=$(basename "$bc" ".$OPT.bc")
    case "$f" in *"$ONLY"*) ;; *) continue ;; esac
    kernels "$bc" > "$TMP/names"
    [ -s "$TMP/names" ] || { echo "auto.sh: $bc: cannot list its kernels" >&2; status=1; continue; }
    while IFS= read -r k; do
      : > "$TMP/times"
      i=0
      while [ "$i" -lt "$N" ]; do
        t0=$(now)
        rc=0
        rm -f "$TMP/r.json"
        # shellcheck disable=SC2086 # SIMULEE_FLAGS is a word list
        "$SIMULEE" "$bc" --kernel "$k" --seed "$SEED" ${JOBS:+-j "$JOBS"} --format json \
          -o "$TMP/r.json" --stats $SIMULEE_FLAGS 2> "$TMP/err" || rc=$?
        t1=$(now)
        echo "$t0 $t1" | awk '{ printf "%.6f\n", $2 - $1 }' >> "$TMP/times"
        i=$((i + 1))
      done
      wall=$(median < "$TMP/times")
      if [ "$rc" -eq 2 ] || [ ! -s "$TMP/r.json" ]; then
        printf '%-24s %-20s %4s %s\n' "$f" "$k" "$rc" "error: $(head -n 1 "$TMP/err")"
        status=1
        continue
      fi
      nf=$(grep -c '"level":' "$TMP/r.json" || true)
      # "simulee: stats: kernel K: search: N evaluations, G generations, best
      # fitness F, S s, E evaluations/s, D detection runs" (last run)
      line=$(grep ': search: ' "$TMP/err" | tail -n 1 || true)
      ev=$(echo "$line" | sed -n 's/.*: search: \([0-9][0-9]*\) evaluations,.*/\1/p')
      ss=$(echo "$line" | sed -n 's/.*, \([0-9.][0-9.]*\) s, .*/\1/p')
      if [ -n "$ev" ] && [ -n "$ss" ]; then
        eps=$(echo "$ev $ss" | awk '{ printf "%.0f", ($2 > 0 ? $1 / $2 : 0) }')
      else
        ev=-
        ss=-
        eps=-
      fi
      printf '%-24s %-20s %4s %8s %9s %11s %9s %9s\n' "$f" "$k" "$rc" "$nf" "$wall" "$ev" "$ss" "$eps"
      echo "$wall $ev $ss" >> "$TMP/rows"
    done < "$TMP/names"
  done
done

count=$(wc -l < "$TMP/rows")
echo
echo "kernels: $count (-$OPT, seed $SEED${JOBS:+, -j $JOBS}${SIMULEE_FLAGS:+, $SIMULEE_FLAGS})"
echo "median wall time per kernel: $(cut -d' ' -f1 "$TMP/rows" | median) s"
echo "max wall time per kernel:    $(cut -d' ' -f1 "$TMP/rows" | sort -g | awk 'END { print NR ? $1 : "-" }') s"
awk '$2 != "-" { e += $2; t += $3; n++ }
     END { if (n && t > 0) printf "candidate evaluations per second: %.0f (%d evaluations in %.3f s of search over %d kernels)\n", e / t, e, t, n;
           else print "candidate evaluations per second: - (no --stats search line)" }' "$TMP/rows"
exit "$status"
