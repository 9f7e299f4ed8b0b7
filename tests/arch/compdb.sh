#!/bin/sh
# The target of a compilation database entry (tests/arch.cmake): compdb.sh
# SIMULEE DIR. `simulee scan` compiles each entry for the highest target its
# flags name (--cuda-gpu-arch, -arch, --gpu-architecture, -gencode), clamped
# to the supported set with a note; --arch on the command line overrides it.
# racy_on_86.cu races only when compiled for sm_86 or later.
set -u
sim=$1 dir=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$dir/racy_on_86.cu" "$tmp/"
# scan FLAGS_JSON [OPTIONS]: the JSON report of a database with that entry
scan() {
  f=$1; shift
  printf '[{"directory": "%s", "file": "racy_on_86.cu", "arguments": ["nvcc", %s, "-c", "racy_on_86.cu"]}]\n' \
    "$tmp" "$f" > "$tmp/compile_commands.json"
  (cd "$tmp" && "$sim" scan compile_commands.json --no-progress -j 1 --time-limit 30 --format json "$@")
}
# field REPORT: "races replay-arch notes" of the one kernel
field() {
  python3 -c '
import json, sys, re
d = json.load(sys.stdin)
k = d["kernels"][0]
m = re.search(r"--arch (\S+)", k["replay"])
print(len(k["findings"]), m.group(1) if m else "-", "|".join(n["message"] for n in d.get("notes", [])))'
}
check() { # FLAGS_JSON EXPECTED [OPTIONS]
  f=$1 want=$2; shift 2
  got=$(scan "$f" "$@" | field) || fail "$f: no report"
  [ "$got" = "$want" ] || fail "$f $*: got '$got', expected '$want'"
}
check '"--cuda-gpu-arch=sm_86"' '1 sm_86 '
check '"-arch=sm_80"' '0 sm_80 '
check '"-arch", "sm_89"' '1 sm_89 '
check '"--gpu-architecture=compute_75"' '0 sm_75 '
check '"--gpu-architecture", "sm_90a"' '1 sm_90a '
check '"-gencode", "arch=compute_70,code=sm_70", "-gencode=arch=compute_86,code=[sm_86,compute_86]"' '1 sm_86 '
check '"-O2"' '0 - '
check '"--cuda-gpu-arch=sm_86"' '0 sm_70 ' --arch sm_70
check '"--cuda-gpu-arch=sm_100"' "1 sm_90 the compilation database's target sm_100 (--cuda-gpu-arch=sm_100) is not one simulee supports: checked as sm_90"
check '"-arch=sm_87"' "1 sm_86 the compilation database's target sm_87 (-arch=sm_87) is not one simulee supports: checked as sm_86"
check '"-arch=sm_61"' "0 sm_70 the compilation database's target sm_61 (-arch=sm_61) is not one simulee supports: checked as sm_70"
echo ok
