#!/bin/sh
# Legacy texture and surface references (tests/tex.cmake): legacy.sh
# SIMULEE VREF DIR. texture<> / surface<> at namespace scope compile with
# our headers and run: --texref NAME=TEX gives a reference its texture
# (fetches exact against the host reference VREF, at -O0 and -O2); without
# it the search draws one per reference the kernel reads (and only those),
# replayed with --texref; a surface reference's race is found with its
# exact site, fixed and searched, and its clean variant is clean; bad
# --texref spellings are usage errors.
set -u
sim=$1 ref=$2 dir=$3
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
src=$dir/legacy.cu

for opt in -O0 -O2; do
  out=$("$sim" "$src" $opt --kernel apply_gain --grid 1 --block 8 --arg 'f32[8]=iota' \
    --arg 'f32[8]' --arg 8 --texref 'gain=tex1d:f32:6=list:1,2,3,4,5,6' --dump 1 --quiet \
    --no-color | tr '\n' ' ')
  [ "$out" = "0 2 6 12 20 30 0 0 " ] || fail "gain $opt: got '$out'"
  rgba=0,10,200,255,255,0,51,102,17,34,68,136,1,2,3,4,250,128,64,32,99,101,103,105
  xs=-0.4,0.5,0.75,1.3,2.6,3.5,1.0,0.2
  ys=0.5,0.25,1.75,1.1,0.6,2.2,-1.0,1.5
  "$ref" u8 4 3 2 0 border linear 0 nfloat $rgba $xs $ys 0,0,0,0,0,0,0,0 >"$tmp/want" ||
    fail "reference"
  "$sim" "$src" $opt --kernel sample_photo --grid 1 --block 8 --arg "f32[8]=list:$xs" \
    --arg "f32[8]=list:$ys" --arg 'f32[32]' --arg 8 --dump 2 --quiet --no-color \
    --texref "photo=tex2d:u8x4:3x2:border:linear:nfloat=list:$rgba" >"$tmp/got" ||
    fail "photo $opt: exit $?"
  diff "$tmp/want" "$tmp/got" >/dev/null || { paste "$tmp/want" "$tmp/got"; fail "photo $opt differs"; }

  # searched: a texture for gain only, replayed with --texref
  "$sim" "$src" $opt --kernel apply_gain --format json >"$tmp/j" 2>"$tmp/err" ||
    { cat "$tmp/err"; fail "gain search $opt: exit $?"; }
  rep=$(sed -n 's/^ *"replay": "\(.*\)",\{0,1\}$/\1/p' "$tmp/j")
  case $rep in *" --texref gain=tex1d:f32:"*"=rand:"*) ;; *) fail "gain search $opt: '$rep'" ;; esac
  case $rep in *photo*|*canvas*) fail "gain search $opt: another reference in '$rep'" ;; esac
  eval "set -- ${rep#simulee }"
  "$sim" "$@" --format json >"$tmp/j2" 2>"$tmp/err" || { cat "$tmp/err"; fail "gain replay: exit $?"; }
  rep2=$(sed -n 's/^ *"replay": "\(.*\)",\{0,1\}$/\1/p' "$tmp/j2")
  [ "$rep2" = "$rep" ] || fail "gain replay $opt: '$rep2' is not '$rep'"
done

race="legacy.cu:27:3: error: data race (write-write, global memory) on buffer 'canvas' + "
"$sim" "$src" --kernel paint_half --grid 1 --block 8,4 --arg 8 --arg 4 \
  --texref canvas=surf2d:f32:8x4 --no-color >"$tmp/out" 2>&1; rc=$?
[ "$rc" = 1 ] && grep -q "${race}64\$" "$tmp/out" || { cat "$tmp/out"; fail "paint_half fixed: exit $rc"; }
for seed in 1 2 3; do
  "$sim" "$src" --kernel paint_half --seed $seed --no-color >"$tmp/out" 2>&1; rc=$?
  [ "$rc" = 1 ] && grep -q "$race" "$tmp/out" && [ "$(grep -c ': error: ' "$tmp/out")" = 1 ] ||
    { cat "$tmp/out"; fail "paint_half seed $seed: exit $rc"; }
  grep -q "reproduce with: .* --texref canvas=surf2d:f32:[0-9x]*:zero" "$tmp/out" ||
    fail "paint_half seed $seed: replay"
  "$sim" "$src" --kernel paint --seed $seed --no-color --quiet >"$tmp/out" 2>&1 ||
    { cat "$tmp/out"; fail "paint seed $seed: exit $?"; }
done

for bad in 'gain' '=tex1d:f32:4' 'gain=tex1d:f32:0' 'gain=f32[4]' 'canvas=surf2d:f32:4x4:clamp'; do
  err=$("$sim" "$src" --kernel apply_gain --texref "$bad" 2>&1 >/dev/null); rc=$?
  [ "$rc" = 2 ] || fail "--texref '$bad': exit $rc"
  [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && case $err in "simulee: error: --texref"*) ;; *) false ;; esac ||
    fail "--texref '$bad': message '$err'"
done
echo ok
