#!/bin/sh
# Build the Debian package and check it:
#   sh scripts/deb_check.sh [--install] [BUILD]
# BUILD (default: build) is a configured and built tree. Always: cpack -G DEB
# writes BUILD/simulee_VERSION_ARCH.deb, whose Depends: must name clang-19
# and the package of every shared library the executable and the CUDA
# runtime library need (readelf NEEDED, dpkg -S), and whose files are the
# install tree's. --install (root,
# changes the system; scripts/setup.sh test runs it when CI=true): dpkg -i
# the package, run the example and a scan with /usr/bin/simulee, man
# simulee, then dpkg -r it again (KEEP_DEB=1 keeps it).
set -eu
install=0
if [ "${1:-}" = --install ]; then install=1; shift; fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
fail() { echo "deb_check: FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB >cpack.log 2>&1) || { cat "$build/cpack.log"; fail "cpack"; }
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
arch=$(dpkg --print-architecture)
deb=$build/simulee_${version}_${arch}.deb
[ -f "$deb" ] || fail "no $deb"
depends=$(dpkg-deb -f "$deb" Depends)
echo "deb_check: $(basename "$deb"): Depends: $depends"
has() { echo ", $depends," | grep -q ", $1[ ,]"; }
has clang-19 || fail "Depends: lacks clang-19"
# the executable's libraries and the CUDA runtime library's (OpenBLAS, FFTW,
# SuiteSparse, libjpeg-turbo, ...: what `simulee run` links programs against)
needed=$(for f in "$build/simulee" "$build/libsimulee_cudart.so"; do
  readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; done | sort -u)
for lib in $needed; do
  path=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64|x32|64/ {print $NF; exit}')
  [ -n "$path" ] || path=$(ldconfig -p | awk -v l="$lib" '$1 == l {print $NF; exit}')
  [ -n "$path" ] || fail "$lib: not found by ldconfig"
  pkg=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(readlink -f "$path")" 2>/dev/null ||
        dpkg -S "/usr$path" 2>/dev/null || true)
  pkg=${pkg%%:*}
  [ -n "$pkg" ] || fail "$lib ($path): no package owns it"
  # the package the owner's shlibs file names for the library (libopenblas.so.0:
  # libopenblas0, a virtual package over its variants), else the owner itself
  shl=$(dpkg-query --control-path "$pkg" shlibs 2>/dev/null || true)
  name=${lib%%.so.*}
  want=$pkg
  [ -n "$shl" ] && want=$(awk -v n="$name" -v v="${lib#*.so.}" \
    '$1 == n && $2 == v {print $3; exit}' "$shl")
  has "$pkg" || { [ -n "$want" ] && has "$want"; } || fail "Depends: lacks $pkg (for $lib)"
done
for f in ./usr/bin/simulee ./usr/share/simulee/cuda/cuda_runtime.h ./usr/share/man/man1/simulee.1 \
         ./usr/share/bash-completion/completions/simulee ./usr/share/zsh/vendor-completions/_simulee; do
  dpkg-deb -c "$deb" | awk '{print $NF}' | grep -qx "$f" || fail "$f not in the package"
done
echo "deb_check: Depends: and contents ok"
[ "$install" = 1 ] || exit 0

[ "$(id -u)" = 0 ] || fail "--install needs root"
dpkg -i "$deb" >/dev/null || fail "dpkg -i"
trap '[ "${KEEP_DEB:-0}" = 1 ] || dpkg -r simulee >/dev/null' EXIT
tmp=$(mktemp -d)
cp "$root/examples/reduce.cu" "$tmp/"
cd "$tmp"
export SIMULEE_CACHE_DIR=$tmp/cache
/usr/bin/simulee --version | grep -qx "CUDA headers: /usr/share/simulee/cuda" || fail "--version"
rc=0
/usr/bin/simulee reduce.cu --no-color >out.txt 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "^reduce.cu:25:[0-9]*: error: data race" out.txt ||
  { cat out.txt; fail "the example (exit status $rc)"; }
rc=0
/usr/bin/simulee scan . -q --no-color >scan.txt 2>&1 || rc=$?
[ "$rc" = 1 ] || { cat scan.txt; fail "scan (exit status $rc)"; }
if [ -f /usr/share/man/man1/simulee.1 ]; then
  man -w simulee | grep -q "^/usr/share/man/man1/simulee.1" || fail "man simulee"
else # container images often tell dpkg to leave out /usr/share/man
  echo "deb_check: note: dpkg left out /usr/share/man (path-exclude): man simulee not checked"
fi
cd /
rm -rf "$tmp"
echo "deb_check: installed with dpkg -i, the example and a scan ran from /usr/bin/simulee"
