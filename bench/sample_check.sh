#!/bin/sh
# What the check policy's sample (--check-threads, docs/program.md "Launches
# of any size") costs and misses (bench/README.md, "Checked launches on a
# sample of their blocks"): every program given (default: tests/apps/*.cu
# and bench/apps/*.cu) is built once with `simulee run --no-run` and run
# twice under the default policy (first:3), with the sample (the default
# --check-threads) and with every block checked (SIMULEE_CHECK_THREADS=0).
# One row per program whose checked launches were sampled: the launches
# checked on a sample, the CPU seconds of each run, and the findings of each
# (the set of "FILE:LINE:COL: error|warning: HEADLINE" lines) with those the
# sample missed.
#   sh bench/sample_check.sh [-b BUILD_DIR] [-t SECONDS] [FILE.cu|DIR ...]
# -t: the CPU limit of each run (default 300); a run past it is "limit".
# Programs are run without arguments (their default mode).
set -u
B=build
LIMIT=300
while [ $# -gt 0 ]; do
  case "$1" in
    -b) B=$2; shift 2 ;;
    -t) LIMIT=$2; shift 2 ;;
    *) break ;;
  esac
done
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIM=$(cd "$B" && pwd)/simulee
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export SIMULEE_NO_COLOR=1
unset SIMULEE_CHECK SIMULEE_CHECK_THREADS
cd "$ROOT"
[ $# -gt 0 ] || set -- tests/apps/*.cu bench/apps/*.cu
# run OUT ENV...: the program with SIMULEE_STATS=1, "cpu-seconds" on stdout
run() {
  o=$1
  shift
  ( ulimit -t "$LIMIT"; env "$@" SIMULEE_STATS=1 python3 -c '
import resource, subprocess, sys
r = subprocess.run(sys.argv[2:], stdout=open(sys.argv[1] + ".out", "w"), stderr=open(sys.argv[1] + ".err", "w"), stdin=subprocess.DEVNULL)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.2f %d" % (u.ru_utime + u.ru_stime, r.returncode))' "$o" "$T/prog" )
}
# the findings as FILE:LINE:COL KIND (the headline up to what it names: a
# race's witness offset may differ between runs)
findings() {
  grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning): ' "$1.err" |
    sed 's/: \(error\|warning\): / /; s/ \(on\|at\) .*//' | sort -u
}
printf '| program | sampled launches | CPU s, sample | CPU s, every block | findings, sample | findings, every block | missed by the sample |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | --- |\n'
total=0 sampled=0 missed=0
for f in "$@"; do
  [ -f "$f" ] || continue
  total=$((total + 1))
  "$SIM" run --no-run -o "$T/prog" "$f" >"$T/build" 2>&1 || continue
  r1=$(run "$T/s") || true
  n=$(sed -n 's/.*; \([0-9]*\) checked on a sample of their blocks$/\1/p' "$T/s.err")
  [ "${n:-0}" -gt 0 ] || continue
  sampled=$((sampled + 1))
  r2=$(run "$T/f" SIMULEE_CHECK_THREADS=0) || true
  findings "$T/s" >"$T/s.f"
  findings "$T/f" >"$T/f.f"
  miss=$(comm -13 "$T/s.f" "$T/f.f" | tr '\n' ';' | sed 's/;$//; s/;/; /g')
  [ -z "$miss" ] || missed=$((missed + 1))
  c1=${r1% *} c2=${r2% *}
  [ "${r1#* }" -ge 0 ] 2>/dev/null || c1="limit ($c1)"
  [ "${r2#* }" -ge 0 ] 2>/dev/null || c2="limit ($c2)"
  printf '| `%s` | %s | %s | %s | %s | %s | %s |\n' "$f" "$n" "$c1" "$c2" "$(wc -l <"$T/s.f")" \
    "$(wc -l <"$T/f.f")" "${miss:--}"
done
echo
echo "$total programs, $sampled with launches checked on a sample, $missed with a finding the sample missed"
