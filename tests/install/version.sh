#!/bin/sh
# simulee --version: the version, the git commit of a clone, the LLVM and
# clang versions; the JSON `tool` block and the SARIF driver carry the same.
#   version.sh SIMULEE JSONCHECK SRC VERSION LLVM_VERSION CLANG_VERSION CLANG
set -u
sim=$1 jcheck=$2 src=$3 version=$4 llvm=$5 clang=$6 clangpath=$7
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; cat "$tmp/v" 2>/dev/null; exit 1; }
"$sim" --version >"$tmp/v" 2>&1 || fail "exit status $?"
[ "$(sed -n 1p "$tmp/v")" = "simulee $version" ] || fail "first line"
commit=$(sed -n 's/^commit: //p' "$tmp/v")
if git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
  head=$(git -C "$src" rev-parse --short=12 HEAD)
  case $commit in
    "$head"|"$head-dirty") ;;
    *) fail "commit '$commit', the clone is at $head" ;;
  esac
else
  [ "$commit" = "unknown (not built from a git clone)" ] || fail "commit outside a clone"
  commit=
fi
grep -qx "LLVM: $llvm" "$tmp/v" || fail "LLVM line (want $llvm)"
grep -qx "clang: $clang ($clangpath)" "$tmp/v" || fail "clang line (want $clang)"
"$sim" "$src/tests/cli/tiny.cu" --kernel scale --grid 1 --block 4 --arg 'i32[4]' \
  --arg 'i32[4]' --arg 1 --arg 4 --format json -o "$tmp/r.json" >/dev/null 2>&1
"$jcheck" "$tmp/r.json" tool.name=simulee "tool.version=$version" "tool.commit=$commit" \
  "tool.llvm=$llvm" "tool.clang=$clang" || fail "JSON tool block"
"$sim" "$src/tests/cli/tiny.cu" --kernel scale --grid 1 --block 4 --arg 'i32[4]' \
  --arg 'i32[4]' --arg 1 --arg 4 --format sarif -o "$tmp/r.sarif" >/dev/null 2>&1
"$jcheck" "$tmp/r.sarif" "runs.0.tool.driver.version=$version" \
  "runs.0.tool.driver.properties.commit=$commit" "runs.0.tool.driver.properties.llvm=$llvm" \
  "runs.0.tool.driver.properties.clang=$clang" || fail "SARIF driver"
echo "ok: $(tr '\n' ' ' <"$tmp/v")"
