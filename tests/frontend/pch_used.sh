#!/bin/sh
# Does simulee compile the device side with the precompiled CUDA headers?
#   pch_used.sh yes|no CLANG SIMULEE ARGS...
# runs simulee with a clang that logs its command lines, then checks that
# the device-side runs used -include-pch (yes: the first one did, and there
# was no second) or did not (no: none of them).
want=$1 clang=$2
shift 2
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/clang" <<EOS
#!/bin/sh
echo "\$*" >>"$tmp/log"
exec "$clang" "\$@"
EOS
chmod +x "$tmp/clang"
SIMULEE_CLANG="$tmp/clang" "$@" >"$tmp/out" 2>&1
# (a precompiled header built on first use, -emit-pch, is not a compile)
dev=$(grep -e '--cuda-device-only' "$tmp/log" | grep -c -v -e '-emit-pch')
pch=$(grep -e '--cuda-device-only' "$tmp/log" | grep -v -e '-emit-pch' | grep -c -e '-include-pch')
if [ "$want" = yes ] && [ "$dev" = 1 ] && [ "$pch" = 1 ]; then exit 0; fi
if [ "$want" = no ] && [ "$dev" -ge 1 ] && [ "$pch" = 0 ]; then exit 0; fi
echo "FAIL: expected precompiled headers: $want; device runs: $dev, with -include-pch: $pch"
cat "$tmp/log" "$tmp/out"
exit 1
