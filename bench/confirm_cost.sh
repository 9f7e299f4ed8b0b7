#!/bin/sh
# bench/confirm_cost.sh: the cost of confirming races (detect/confirm.c) over
# the detector corpus. For every `//@ run` of tests/kernels/detect/*.cu with
# its `//@ arg` lines, the kernel's -O2 bitcode (built by the test build into
# BUILD/tests/detect/) runs twice with its fixed launch, with and without
# --no-confirm, each the median of N runs; a run that reports races adds
# (time with - time without) / races to the list, whose median is printed.
#   BUILD  the build folder (default build)   N  runs per command (default 3)
# Usage: bench/confirm_cost.sh   (from anywhere; it cds to the repo root)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
BUILD=${BUILD:-build}
N=${N:-3}
SIM=$BUILD/simulee
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
timed() { # median wall seconds of N runs of "$@"
  i=0
  while [ $i -lt "$N" ]; do
    s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
    echo "$e - $s" | bc; i=$((i + 1))
  done | median
}
: >"$tmp/per_race"
for cu in tests/kernels/detect/*.cu; do
  n=$(basename "$cu" .cu)
  bc=$BUILD/tests/detect/$n.O2.bc
  [ -f "$bc" ] || continue
  # one line per run: "kernel=K grid=G block=B [warp=W] [its]" then its args
  awk '/^\/\/@ run /{if (l) print l; l=substr($0, 8); next}
       /^\/\/@ arg /{a=substr($0, 8); gsub(/ /, "", a); l=l " ARG:" a}
       END {if (l) print l}' "$cu" >"$tmp/runs"
  while read -r line; do
    set -- $line
    args=
    for w in "$@"; do
      case $w in
        kernel=*) args="$args --kernel ${w#kernel=}" ;;
        grid=*) args="$args --grid ${w#grid=}" ;;
        block=*) args="$args --block ${w#block=}" ;;
        shared=*) args="$args --shared ${w#shared=}" ;;
        warp=*) args="$args --warp-size ${w#warp=}" ;;
        its) args="$args --its" ;;
        ARG:*) args="$args --arg ${w#ARG:}" ;;
      esac
    done
    # shellcheck disable=SC2086
    races=$("$SIM" "$bc" $args --format json 2>/dev/null | grep -c '"kind": "data-race"' || true)
    [ "$races" -gt 0 ] || continue
    # shellcheck disable=SC2086
    with=$(timed "$SIM" "$bc" $args)
    # shellcheck disable=SC2086
    without=$(timed "$SIM" "$bc" $args --no-confirm)
    echo "($with - $without) / $races" | bc -l >>"$tmp/per_race"
    echo "$n $line: $races races, $with s vs $without s"
  done <"$tmp/runs"
done
echo "runs with races: $(wc -l <"$tmp/per_race")"
echo "median confirmation cost per race: $(median <"$tmp/per_race") s"
