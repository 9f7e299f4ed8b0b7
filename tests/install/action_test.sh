#!/bin/sh
# The GitHub Action's shell (scripts/action.sh), run as action.yml runs it,
# on tests/projects/; action.yml and .pre-commit-hooks.yaml are well formed
# and name scripts that exist.
#   action_test.sh SIMULEE SRC JSONCHECK
set -u
sim=$1 src=$2 jcheck=$3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 99
fails=0
fail() { echo "FAIL: $*"; fails=1; }
# act NAME STATUS EXIT-CODE PATH ARGS SARIF FAIL-ON: run the scan step, check
# the step's status and its exit-code output
act() {
  name=$1 want=$2 code=$3
  GITHUB_OUTPUT=$tmp/$name.out INPUT_PATH=$4 INPUT_ARGS=$5 INPUT_SARIF_FILE=$6 \
    INPUT_FAIL_ON=$7 SIMULEE=$sim bash scripts/action.sh scan >"$tmp/$name.log" 2>&1
  rc=$?
  [ "$rc" = "$want" ] || { cat "$tmp/$name.log"; fail "$name: step status $rc, expected $want"; }
  if [ -n "$code" ] && ! grep -qx "exit-code=$code" "$tmp/$name.out" 2>/dev/null; then
    fail "$name: exit-code output is not $code"
  fi
}
act findings 1 1 tests/projects/imgproc "-j 2" "$tmp/img.sarif" findings
grep -q "^::error::simulee scan exited with status 1 (fail-on: findings)" "$tmp/findings.log" ||
  fail "findings: no error annotation"
grep -q "^FILE  *KERNEL" "$tmp/findings.log" || fail "findings: no text table in the log"
"$jcheck" "$tmp/img.sarif" version=2.1.0 runs.0.results\#7 runs.0.tool.driver.name=simulee ||
  fail "findings: SARIF"
act error_only 0 1 tests/projects/imgproc "-j 2 -q" "$tmp/img2.sarif" error
# the project's flags and suppressions through args; no SARIF
act db 1 1 tests/projects/solver/compile_commands.json \
  "--suppressions tests/projects/solver/simulee.supp -j 2" "" incomplete
[ ! -e simulee.sarif ] || fail "db: a SARIF file was written with sarif-file empty"
grep -q "1 finding: 1 error, 0 warnings (2 suppressed)" "$tmp/db.log" || { cat "$tmp/db.log"; fail "db: totals"; }
act bad_path 1 2 tests/projects/nonexistent "" "$tmp/x.sarif" error
act bad_path_never 0 2 tests/projects/nonexistent "" "$tmp/x.sarif" never
act bad_fail_on 2 "" tests/projects/imgproc "" "$tmp/x.sarif" sometimes
grep -q "fail-on 'sometimes': expected findings, incomplete, error or never" "$tmp/bad_fail_on.log" ||
  fail "bad_fail_on: message"
# install: a simulee on the PATH is used as it is (no apt-get, no build)
d=$(dirname "$sim")
PATH=$d:$PATH bash scripts/action.sh install >"$tmp/install.log" 2>&1 || fail "install status"
grep -q "^simulee: using $d/simulee: simulee " "$tmp/install.log" || { cat "$tmp/install.log"; fail "install"; }

# the YAML files (where python3 has its yaml module)
if ! python3 -c "import yaml" 2>/dev/null; then
  echo "note: no python3 yaml module: action.yml and .pre-commit-hooks.yaml not parsed"
  exit $fails
fi
python3 - "$src" <<'PY' || fail "YAML files"
import os, sys, yaml
src = sys.argv[1]
a = yaml.safe_load(open(os.path.join(src, "action.yml")))
assert set(a["inputs"]) == {"path", "args", "sarif-file", "fail-on"}, a["inputs"]
assert a["inputs"]["sarif-file"]["default"] == "simulee.sarif"
assert a["runs"]["using"] == "composite"
steps = a["runs"]["steps"]
assert [s["run"].split()[-1] for s in steps] == ["install", "scan"], steps
for s in steps:
    assert s["shell"] == "bash" and "scripts/action.sh" in s["run"]
    assert all("${{ inputs." + k + " }}" in str(s.get("env", {})) for k in
               (["path", "args", "sarif-file", "fail-on"] if s.get("id") == "scan" else []))
h = yaml.safe_load(open(os.path.join(src, ".pre-commit-hooks.yaml")))
assert len(h) == 1 and h[0]["id"] == "simulee" and h[0]["language"] == "script", h
entry = os.path.join(src, h[0]["entry"])
assert os.access(entry, os.X_OK), entry
assert h[0]["files"] == r"\.cu$"
PY
exit $fails
