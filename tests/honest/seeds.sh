#!/bin/sh
# Run simulee on one kernel file for several seeds and -O levels and check
# each JSON report (used by tests/honest.cmake).
#   seeds.sh SIMULEE JSONCHECK "SEEDS" "LEVELS" CODE FILE [ARGS...] -- CHECK...
# Each run: SIMULEE FILE -O<level> --seed <seed> ARGS --format json -o R;
# its exit status must be CODE and simulee_jsoncheck R CHECK... must pass.
sim=$1 jc=$2 seeds=$3 levels=$4 code=$5 file=$6
shift 6
args=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do args="$args '$1'"; shift; done
[ "$1" = "--" ] || { echo "seeds.sh: no -- CHECK..." >&2; exit 99; }
shift
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
for o in $levels; do
  for s in $seeds; do
    eval "\"$sim\" \"$file\" -O$o --seed $s $args --format json -o \"$tmp/r.json\"" \
      >"$tmp/out" 2>&1 </dev/null
    rc=$?
    if [ "$rc" != "$code" ]; then
      echo "FAIL -O$o seed $s: exit status $rc, expected $code"; cat "$tmp/out"; fail=1
      continue
    fi
    if ! "$jc" "$tmp/r.json" "$@"; then
      echo "FAIL -O$o seed $s: report:"; cat "$tmp/r.json"; fail=1
    fi
  done
done
exit $fail
