#!/bin/sh
# Cost of detection against the plain interpreter on the benchmark kernels
# (bench/README.md, "Detection cost"): each kernel's bitcode (compiled
# first, so clang is not timed) run with a fixed launch, -j J, with
# --no-detect and with detection (default options), N times each; the
# least CPU time (user + sys) of each, its ratio, and the
# simulated instructions of the launch.
#   sh bench/detect_cost.sh [BUILD_DIR]       (default build/)
# Kernels: bench/reduce.cu (ITEMS 4, --grid 256 --block 256),
# bench/kernels/reduce4.cu (the tree 4 times, --grid 1024 --block 256),
# bench/kernels/tiles.cu (shared-memory tiles in a loop, 2048 particles),
# bench/kernels/matmul.cu (16 x 16 tiles, N = 256).
# Environment: N (default 3), J (default 1), CLANG (default clang-19).
set -eu
B=${1:-build}
SIM=$(cd "$B" && pwd)/simulee
ROOT=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-3}
J=${J:-1}
CLANG=${CLANG:-clang-19}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$ROOT"
flags() {
  awk '/^set\(SIMULEE_CUDA_FLAGS/ { on = 1; sub(/^set\(SIMULEE_CUDA_FLAGS/, "") }
       on { l = $0; if (l ~ /\)/) { sub(/\).*/, "", l); print l; exit } print l }' CMakeLists.txt |
    tr '\n' ' ' | sed "s|\${SIMULEE_CUDA_DIR}|$ROOT/cuda|g"
}
F="$(flags) -O2"
# shellcheck disable=SC2086
"$CLANG" $F -DITEMS=4 bench/reduce.cu -o "$T/reduce.bc"
for k in reduce4 tiles matmul; do
  # shellcheck disable=SC2086
  "$CLANG" $F "bench/kernels/$k.cu" -o "$T/$k.bc"
done
# least CPU seconds (user + sys, getrusage of the child) of N runs
cpu() {
  python3 - "$T" "$N" "$@" <<'PY'
import resource, subprocess, sys
t, n, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
best = None
for _ in range(n):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(t + "/out", "w") as o, open(t + "/err", "w") as e:
        rc = subprocess.run(cmd, stdout=o, stderr=e).returncode
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    if rc not in (0, 1):
        sys.stderr.write("detect_cost.sh: %s failed (%d)\n" % (" ".join(cmd), rc))
        sys.stderr.write(open(t + "/err").read())
        sys.exit(1)
    c = r.ru_utime + r.ru_stime - r0.ru_utime - r0.ru_stime
    best = c if best is None or c < best else best
print("%.4f" % best)
PY
}
echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown);" \
  "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1), $(nproc) cores;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); -j $J; least CPU s of N=$N runs"
echo
echo "| kernel | launch | thread instructions | --no-detect CPU s | detection CPU s | ratio |"
echo "| --- | --- | ---: | ---: | ---: | ---: |"
row() { # NAME BC LAUNCH-ARGS...
  name=$1 bc=$2
  shift 2
  p=$(cpu "$SIM" "$bc" --stats -j "$J" --no-detect "$@")
  ins=$(sed -n 's/^simulee: stats: kernel [^:]*: \([0-9]*\) instructions.*/\1/p' "$T/err" | head -n 1)
  d=$(cpu "$SIM" "$bc" --stats -j "$J" "$@")
  grep -q "error:" "$T/out" "$T/err" && { echo "detect_cost.sh: $name: a finding" >&2; cat "$T/out" >&2; exit 1; }
  awk -v n="$name" -v l="$*" -v i="$ins" -v p="$p" -v d="$d" 'BEGIN {
    sub(/ --arg.*/, "", l); printf "| %s | %s | %s | %.4f | %.4f | %.2fx |\n", n, l, i, p, d, d / p }'
}
row reduce "$T/reduce.bc" --grid 256 --block 256 --arg 'f32[262144]=1' --arg 'f32[256]'
row reduce4 "$T/reduce4.bc" --grid 1024 --block 256 --arg 'f32[262144]=1' --arg 'f32[1024]'
row tiles "$T/tiles.bc" --grid 16 --block 128 --arg 'f32[8192]=iota' --arg 'f32[8192]' --arg 2048
row matmul "$T/matmul.bc" --grid 16,16 --block 16,16 --arg 'f32[65536]=1' --arg 'f32[65536]=1' --arg 'f32[65536]' --arg 256
