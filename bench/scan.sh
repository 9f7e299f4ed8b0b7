#!/bin/sh
# Benchmark of `simulee scan` (issue 5): kernels per minute scanning the test
# projects of tests/projects/ (the folder project imgproc and the
# compile_commands.json project solver), with -j 1 and -j 2.
#
#   bench/scan.sh                       # N=3 runs each, median
#   N=5 SIMULEE=build-bench/simulee bench/scan.sh
#
# Environment: SIMULEE (default build/simulee), N (runs per command, median),
# SCAN_FLAGS (extra scan options, e.g. "--time-limit 10"). Builds nothing.
# Every run must exit 0, 1 or 3 (a usage error, 2, stops the script) and
# report the same number of kernels as the first.
set -eu
cd "$(dirname "$0")/.."
SIM=${SIMULEE:-build/simulee}
N=${N:-3}
FLAGS=${SCAN_FLAGS:-}
[ -x "$SIM" ] || { echo "bench/scan.sh: $SIM not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }

# one timed scan; prints "SECONDS KERNELS CHECKED"
run_once() {
  t0=$(now)
  set +e
  # shellcheck disable=SC2086
  "$SIM" scan "$1" -j "$2" --no-progress --no-color $FLAGS --format json -o "$tmp/r.json" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  set -e
  t1=$(now)
  if [ "$rc" = 2 ] || [ "$rc" -gt 3 ]; then
    echo "bench/scan.sh: simulee scan $1 -j $2 failed (status $rc):" >&2
    cat "$tmp/err" >&2
    exit 1
  fi
  line=$(grep '^simulee scan: ' "$tmp/out" | tail -n 1)
  kernels=$(echo "$line" | sed -n 's/.*, \([0-9]*\) kernels\{0,1\}: .*/\1/p')
  checked=$(echo "$line" | sed -n 's/.*kernels\{0,1\}: \([0-9]*\) checked.*/\1/p')
  echo "$t0 $t1 ${kernels:-0} ${checked:-0}" | awk '{printf "%.3f %d %d\n", $2 - $1, $3, $4}'
}

median() { sort -n | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

echo "machine: $(nproc) cores, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
echo "simulee: $("$SIM" --version | head -1), $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "runs per command: $N (median wall time); extra flags: ${FLAGS:-none}"
echo
printf '| %-52s | %3s | %7s | %7s | %8s | %11s |\n' project -j kernels checked "wall s" kernels/min
printf '| %-52s | %3s | %7s | %7s | %8s | %11s |\n' --- ---: ---: ---: ---: ---:
for j in 1 2; do
  tot_t=0
  tot_k=0
  for proj in tests/projects/imgproc tests/projects/solver/compile_commands.json; do
    : >"$tmp/times"
    k0=
    i=0
    while [ "$i" -lt "$N" ]; do
      set -- $(run_once "$proj" "$j")
      echo "$1" >>"$tmp/times"
      if [ -z "$k0" ]; then k0=$2; c0=$3; fi
      [ "$2" = "$k0" ] || { echo "bench/scan.sh: $proj: $2 kernels, first run $k0" >&2; exit 1; }
      i=$((i + 1))
    done
    t=$(median <"$tmp/times")
    printf '| %-52s | %3s | %7s | %7s | %8.2f | %11.1f |\n' "simulee scan $proj" "$j" "$k0" "$c0" "$t" \
      "$(echo "$k0 $t" | awk '{ if ($2 > 0) print 60 * $1 / $2; else print 0 }')"
    tot_t=$(echo "$tot_t $t" | awk '{print $1 + $2}')
    tot_k=$((tot_k + k0))
  done
  printf '| %-52s | %3s | %7s | %7s | %8.2f | %11.1f |\n' "all of tests/projects/" "$j" "$tot_k" "" "$tot_t" \
    "$(echo "$tot_k $tot_t" | awk '{ if ($2 > 0) print 60 * $1 / $2; else print 0 }')"
done
