#!/bin/sh
# Errors of `simulee scan` that the program's own launches turn into notes
# (bench/README.md, "Whole programs"): for each program of the test trees,
# `simulee run --record REC` records its launches, then the program's files
# are scanned in their tree twice, `scan TREE --files FILES` and the same with
# `--launches REC`, and the JSON reports are compared.
#   sh bench/launches.sh [BUILD_DIR]      (default build/)
# Columns: launches recorded (index lines of REC/launches); error findings of
# each scan; of the plain scan's errors, how many the --launches scan reports
# as notes graded outside-program-launches (matched by kernel and kind) and
# their reasons (grade_reason), how many it reports neither as errors nor as
# such notes, and the
# errors only the --launches scan reports (the recorded data reaching a bug
# the free search missed). A program simulee cannot build is a row saying so.
# Environment: TIME_LIMIT (per kernel, default 120 s); KEEP=DIR keeps each
# program's reports, run output and recorded launches in DIR/NAME.
set -eu
B=${1:-build}
SIM=$(cd "$B" && pwd)/simulee
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TL=${TIME_LIMIT:-120}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
command -v python3 >/dev/null || { echo "launches.sh: needs python3 (reads the JSON reports)" >&2; exit 2; }
export SIMULEE_NO_COLOR=1
cd "$ROOT"

# compare PLAIN.json LAUNCHES.json: "errors_plain errors_launches moved gone
# new reasons" (reasons: the moved notes' grade_reason counts, spaces as _)
compare() {
  python3 - "$1" "$2" <<'PY'
import json, sys
from collections import Counter
def findings(p):
    d = json.load(open(p))
    for k in d.get("kernels", []):
        for f in k.get("findings", []):
            if not f.get("suppressed"):
                yield ((k.get("kernel", ""), f.get("kind", "")), f.get("level", ""),
                       f.get("grade", ""), f.get("grade_reason", ""))
plain = Counter(key for key, lvl, _, _ in findings(sys.argv[1]) if lvl == "error")
rec = list(findings(sys.argv[2]))
rec_err = Counter(key for key, lvl, _, _ in rec if lvl == "error")
rec_out = Counter(key for key, lvl, g, _ in rec if lvl != "error" and g == "outside-program-launches")
still = sum((plain & rec_err).values())
moved_c = (plain - rec_err) & rec_out
moved = sum(moved_c.values())
new = sum((rec_err - plain).values())
# the reasons of the notes errors became (grade_reason), by kernel and kind
why = Counter()
left = Counter(moved_c)
for key, lvl, g, r in rec:
    if lvl != "error" and g == "outside-program-launches" and left[key] > 0:
        left[key] -= 1
        why[r or "host code"] += 1
whys = ", ".join("%d %s" % (n, w) for w, n in sorted(why.items())).replace(" ", "_") or "-"
print(sum(plain.values()), sum(rec_err.values()), moved, sum(plain.values()) - moved - still, new, whys)
PY
}

tot_l=0 tot_e=0 tot_r=0 tot_m=0 tot_g=0 tot_n=0
echo "| program | tree | launches recorded | errors (scan) | errors (scan --launches) | errors that became outside-program-launches notes | their reasons | errors gone otherwise | errors only with --launches |"
echo "| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |"
# entry NAME TREE "RUN_FLAGS" "PROGRAM_ARGS" FILES...: one program run (files
# relative to the root)
entry() {
  name=$1 tree=$2 flags=$3 pargs=$4
  shift 4
  rec=$T/$(echo "$name" | tr '/. ' '___').rec
  cus=
  for f in "$@"; do case $f in *.cu) cus="$cus $f" ;; esac; done
  rc=0
  # shellcheck disable=SC2086 # flags and program arguments are words
  "$SIM" run --record "$rec" --error-exitcode 0 $flags "$@" ${pargs:+--} $pargs >"$T/run.out" \
    2>"$T/run.err" || rc=$?
  if [ $rc != 0 ]; then
    why=$(grep -m 1 'error' "$T/run.err" | cut -c 1-120 || true)
    echo "| \`$name\` | \`$tree\` | not run (status $rc): ${why:-} | | | | | | |"
    return 0
  fi
  nl=$(grep -c '^launch-' "$rec/launches" 2>/dev/null || true)
  rc=0
  # shellcheck disable=SC2086 # the files are words
  "$SIM" scan "$tree" --time-limit "$TL" --format json -o "$T/plain.json" --files $cus \
    >/dev/null 2>"$T/scan.err" || rc=$?
  [ $rc != 2 ] || { echo "launches.sh: scan of $name: status $rc" >&2; cat "$T/scan.err" >&2; exit 1; }
  rc=0
  # shellcheck disable=SC2086
  "$SIM" scan "$tree" --launches "$rec" --time-limit "$TL" --format json -o "$T/rec.json" \
    --files $cus >/dev/null 2>"$T/scan.err" || rc=$?
  [ $rc != 2 ] || { echo "launches.sh: scan --launches of $name: status $rc" >&2; cat "$T/scan.err" >&2; exit 1; }
  if [ -n "${KEEP:-}" ]; then
    k=$KEEP/$(basename "$rec" .rec)
    mkdir -p "$k" && cp "$T/plain.json" "$T/rec.json" "$T/run.out" "$T/run.err" "$k/" && cp -r "$rec" "$k/rec"
  fi
  # shellcheck disable=SC2046
  set -- $(compare "$T/plain.json" "$T/rec.json")
  echo "| \`$name\` | \`$tree\` | ${nl:-0} | $1 | $2 | $3 | $(echo "$6" | tr _ ' ') | $4 | $5 |"
  tot_l=$((tot_l + ${nl:-0})) tot_e=$((tot_e + $1)) tot_r=$((tot_r + $2)) tot_m=$((tot_m + $3))
  tot_g=$((tot_g + $4)) tot_n=$((tot_n + $5))
}

A=tests/apps
for p in vector_add matmul reduce_race shift_oob bad_config streams features launch_ex rand blas thrust_cub; do
  entry "$p.cu" $A "" "" $A/$p.cu
done
# the input that makes decode read a[-1]
entry "shift_oob.cu delta" $A "" delta $A/shift_oob.cu
entry multi/ $A/multi "" "" $A/multi/main.cu $A/multi/saxpy.cu $A/multi/reference.cpp
entry cmake_project/ $A/cmake_project "" "" $A/cmake_project/main.cu $A/cmake_project/sums.cu
entry "cmake_project/ racy" $A/cmake_project "" racy $A/cmake_project/main.cu $A/cmake_project/sums.cu
if [ -d $A/record_scan ]; then
  entry record_scan/warp_partials.cu $A/record_scan "" "" $A/record_scan/warp_partials.cu
fi
# the grading's own programs: a shape, a kernel, a scalar the program never
# launches; races of its own launches (halo_shift with halo 1)
if [ -d $A/record_grade ]; then
  for p in tile_shape block_max two_kernels halo_shift; do
    entry record_grade/$p.cu $A/record_grade "" "" $A/record_grade/$p.cu
  done
  entry "record_grade/halo_shift.cu 1" $A/record_grade "" 1 $A/record_grade/halo_shift.cu
fi
entry vendored/src/block_sum.cu tests/projects/vendored "-I tests/projects/vendored/third_party/cub" "" \
  tests/projects/vendored/src/block_sum.cu
entry pitched/smooth.cu tests/projects/pitched "" "" tests/projects/pitched/smooth.cu
echo "| all | | $tot_l | $tot_e | $tot_r | $tot_m | | $tot_g | $tot_n |"
