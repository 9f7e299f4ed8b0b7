#!/bin/sh
# An installed simulee depends on nothing of its source or build tree:
# install into a temporary prefix, move the prefix, hide both trees (a
# private mount namespace with empty folders over them, where unshare is
# allowed) and run the example, a scan and the man page from there.
#   relocate.sh CMAKE BUILD SRC SCANCHECK
# Also: the precompiled headers are built on first use into the cache
# ($SIMULEE_CACHE_DIR), once, by two scans started together (the lock).
set -u
cmake=$1 build=$2 src=$3 scancheck=$4
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$cmake" --install "$build" --prefix "$tmp/a" >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; fail "cmake --install"; }
mv "$tmp/a" "$tmp/b" || fail "mv"
mkdir "$tmp/work" && cp "$src/examples/reduce.cu" "$tmp/work/" &&
  cp -r "$src/tests/projects/imgproc" "$src/tests/projects/realworld/tiles" "$tmp/work/" ||
  fail "copy inputs"
for f in bin/simulee share/simulee/cuda/cuda_runtime.h share/man/man1/simulee.1 \
         share/bash-completion/completions/simulee share/zsh/vendor-completions/_simulee \
         share/doc/simulee/README.md share/doc/simulee/docs/findings.md; do
  [ -f "$tmp/b/$f" ] || fail "not installed: $f"
done

# The checks, run with the trees hidden. $1 tmp, $2 src, $3 build, $4 hide.
cat >"$tmp/checks.sh" <<'CHECKS'
t=$1 src=$2 build=$3 hide=$4
if [ "$hide" = 1 ]; then
  mount -t tmpfs none "$build" && mount -t tmpfs none "$src" || exit 90
  [ ! -e "$src/cuda/cuda_runtime.h" ] && [ ! -e "$build/simulee" ] || exit 91
fi
sim=$t/b/bin/simulee
cd "$t/work" || exit 92
"$sim" --version >"$t/version.txt" 2>&1
echo "version=$?" >"$t/rc.txt"
SIMULEE_CACHE_DIR=$t/cache "$sim" reduce.cu --no-color >"$t/example.txt" 2>&1
echo "example=$?" >>"$t/rc.txt"
SIMULEE_CACHE_DIR=$t/cache "$sim" scan imgproc -j 2 --no-color --format json \
  -o "$t/img.json" >"$t/scan.txt" 2>&1
echo "scan=$?" >>"$t/rc.txt"
# two scans at once with an empty cache: each flavour built once
SIMULEE_CACHE_DIR=$t/cache2 "$sim" scan imgproc -j 1 -q --no-color >"$t/p1.txt" 2>&1 &
p1=$!
SIMULEE_CACHE_DIR=$t/cache2 "$sim" scan imgproc -j 1 -q --no-color >"$t/p2.txt" 2>&1 &
p2=$!
wait $p1; echo "par1=$?" >>"$t/rc.txt"
wait $p2; echo "par2=$?" >>"$t/rc.txt"
# a CMake project configured with the installed toolkit (lib/simulee/toolkit)
SIMULEE_CACHE_DIR=$t/cache "$sim" scan tiles -j 1 -q --no-color >"$t/tiles.txt" 2>&1
echo "tiles=$?" >>"$t/rc.txt"
MANWIDTH=80 man -M "$t/b/share/man" simulee 2>&1 | col -b >"$t/man.txt"
exit 0
CHECKS
hide=1
if ! unshare -r -m true 2>/dev/null; then
  echo "note: unshare -r -m not allowed here: the trees are not hidden"
  hide=0
fi
if [ "$hide" = 1 ]; then
  unshare -r -m sh "$tmp/checks.sh" "$tmp" "$src" "$build" 1
else
  sh "$tmp/checks.sh" "$tmp" "$src" "$build" 0
fi
rc=$?
[ "$rc" = 0 ] || fail "checks exited $rc (90: mount failed, 91: trees still visible)"
cat "$tmp/rc.txt"
grep -qx "version=0" "$tmp/rc.txt" || fail "simulee --version"
grep -qx "CUDA headers: $tmp/b/share/simulee/cuda" "$tmp/version.txt" ||
  { cat "$tmp/version.txt"; fail "headers not found under the moved prefix"; }
grep -qx "example=1" "$tmp/rc.txt" || { cat "$tmp/example.txt"; fail "example status"; }
grep -q "^reduce.cu:25:[0-9]*: error: data race" "$tmp/example.txt" ||
  { cat "$tmp/example.txt"; fail "example finding"; }
grep -qx "scan=1" "$tmp/rc.txt" || { cat "$tmp/scan.txt"; fail "scan status"; }
"$scancheck" expect "$src/tests/projects/imgproc.expected" "$tmp/img.json" || fail "scan report"
grep -qx "tiles=1" "$tmp/rc.txt" && grep -Eq "^src/tiles.cu +smooth_tile +checked +1 " "$tmp/tiles.txt" ||
  { cat "$tmp/tiles.txt"; fail "scan of a CMake project with the installed toolkit"; }
grep -qx "par1=1" "$tmp/rc.txt" && grep -qx "par2=1" "$tmp/rc.txt" ||
  { cat "$tmp/p1.txt" "$tmp/p2.txt"; fail "parallel scans"; }
# the same reports but for the times at the ends of lines
sed -E 's/[0-9.]+ ?s$//' "$tmp/p1.txt" >"$tmp/p1.cut"
sed -E 's/[0-9.]+ ?s$//' "$tmp/p2.txt" >"$tmp/p2.cut"
cmp -s "$tmp/p1.cut" "$tmp/p2.cut" || { diff "$tmp/p1.cut" "$tmp/p2.cut"; fail "parallel scans differ"; }
ls "$tmp"/cache2/pch-*/cuda_runtime.O2.pch "$tmp"/cache2/pch-*/cuda_runtime.host.pch >/dev/null ||
  fail "precompiled headers not in the cache"
if ls "$tmp"/cache2/pch-*/ | grep -E '\.(tmp|failed)$'; then fail "leftover or failed build"; fi
grep -q "^SIMULEE(1)" "$tmp/man.txt" && grep -q -- "--suppressions FILE" "$tmp/man.txt" ||
  { head -5 "$tmp/man.txt"; fail "man simulee"; }
echo "ok: installed, moved to $tmp/b, run with the trees hidden=$hide"
