#!/bin/sh
# Vector texels and layered textures (tests/tex.cmake): vector.sh SIMULEE
# VREF DIR. VREF is tests/tex/vref.c built, the host reference; every
# channel of every fetch must equal it exactly (u8x4 and i16x4 read as
# normalized floats, f32x2, layered 1-D and 2-D with layers clamped, every
# address mode, point and linear filtering); raw channels in element read
# mode are the texels; bad vector and layered spellings are usage errors.
set -u
sim=$1 ref=$2 dir=$3
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
run() { "$sim" "$@" --quiet --no-color; }
# check NAME KERNEL-ARGS... -- REF-ARGS...: the dump of parameter DUMP
check() {
  name=$1; shift
  "$ref" $REF >"$tmp/want" || fail "$name: reference"
  run "$dir/vector.cu" "$@" >"$tmp/got" || fail "$name: exit $?"
  diff "$tmp/want" "$tmp/got" >/dev/null || { paste "$tmp/want" "$tmp/got" | head -24; fail "$name differs"; }
}

rgba=0,10,200,255,255,0,51,102,17,34,68,136,1,2,3,4,250,128,64,32,99,101,103,105
xs=-0.4,0.5,0.75,1.3,2.6,3.5,1.0,0.2
ys=0.5,0.25,1.75,1.1,0.6,2.2,-1.0,1.5
nxs=-0.2,0.1,0.45,0.5,0.8,1.1,0.99,0.33
nys=0.3,0.6,0.9,-0.1,0.75,0.5,1.2,0.05
zero=0,0,0,0,0,0,0,0
for c in "clamp linear 0 $xs $ys" "border linear 0 $xs $ys" "wrap point 1 $nxs $nys" \
         "mirror linear 1 $nxs $nys"; do
  set -- $c
  o=""; [ "$3" = 1 ] && o=":norm"
  REF="u8 4 3 2 0 $1 $2 $3 nfloat $rgba $4 $5 $zero"
  check "rgba $1 $2" --kernel rgba2d --grid 1 --block 8 \
    --arg "tex2d:u8x4:3x2:$1:$2$o:nfloat=list:$rgba" --arg "f32[8]=list:$4" \
    --arg "f32[8]=list:$5" --arg 'f32[32]' --arg 8 --dump 3
done

flow=1.5,-2,0.25,4,-3.5,8,10,0,2,2
fx=-0.3,0.1,0.37,0.5,0.62,0.9,1.05,1.6
REF="f32 2 5 1 0 mirror linear 1 elem $flow $fx $zero $zero"
check "flow mirror" --kernel flow1d --grid 1 --block 8 \
  --arg "tex1d:f32x2:5:mirror:linear:norm=list:$flow" --arg "f32[8]=list:$fx" \
  --arg 'f32[16]' --arg 8 --dump 2

tiles=100,-200,300,-32767,0,1,2,3,32767,16384,-16384,8192,5,6,7,8,-1,-2,-3,-4,1000,2000,3000,4000,7,7,7,7,9,9,9,9,-9,-9,-9,-9,11,12,13,14,32000,-32000,16,17,18,19,20,21
tx=0.5,1.25,0.9,1.7,0.6,1.5,-0.5,2.3
ty=0.5,0.8,1.4,1.1,0.3,1.5,0.75,-0.2
tl=0,1,2,-1,5,1,2,0
REF="i16 4 2 2 3 clamp linear 0 nfloat $tiles $tx $ty $tl"
check "tiles layered" --kernel tiles2d --grid 1 --block 8 \
  --arg "tex2dlayered:i16x4:2x2x3:clamp:linear:nfloat=list:$tiles" --arg "f32[8]=list:$tx" \
  --arg "f32[8]=list:$ty" --arg "i32[8]=list:$tl" --arg 'f32[32]' --arg 8 --dump 4

rows=1,2,3,4,10,20,30,40,-1,-2,-3,-4
rx=0.5,1.2,2.9,3.7,-1,0.75,1.5,2.25
rl=0,1,2,3,-2,1,2,0
REF="f32 1 4 1 3 border linear 0 elem $rows $rx $zero $rl"
check "rows layered" --kernel rows1d --grid 1 --block 8 \
  --arg "tex1dlayered:f32:4x3:border:linear=list:$rows" --arg "f32[8]=list:$rx" \
  --arg "i32[8]=list:$rl" --arg 'f32[8]' --arg 8 --dump 3

# raw channels (element read mode): the texels themselves, 0 outside
out=$(run "$dir/vector.cu" --kernel raw_rgba --grid 1 --block 4 \
  --arg 'tex1d:u8x4:2=list:1,2,3,4,250,251,252,253' --arg 'i32[4]=list:1,0,2,-1' \
  --arg 'u8[16]' --arg 4 --dump 2 | tr '\n' ' ')
[ "$out" = "250 251 252 253 1 2 3 4 0 0 0 0 0 0 0 0 " ] || fail "raw u8x4: got '$out'"
out=$(run "$dir/vector.cu" --kernel raw_short2 --grid 1 --block 3 \
  --arg 'tex2d:i16x2:2x2:border=list:-5,6,7,-8,900,-1000,32767,-32768' \
  --arg 'f32[3]=list:1.5,0.2,2.5' --arg 'f32[3]=list:1.9,0.9,0.5' --arg 'i16[6]' --arg 3 \
  --dump 3 | tr '\n' ' ')
[ "$out" = "32767 -32768 -5 6 0 0 " ] || fail "raw i16x2: got '$out'"

# bad spellings: exit 2, one line
for bad in 'tex2d:u8x3:4x4' 'tex2d:f32x4:4x4:nfloat' 'tex2dlayered:f32:4x4' 'tex1dlayered:f32:4' \
           'tex2d:u8x:4x4' 'tex2d:f64x2:4x4' 'tex2d:i32x2:4x4:linear'; do
  err=$("$sim" "$dir/vector.cu" --kernel rows1d --grid 1 --block 1 --arg "$bad" \
    --arg 'f32[1]' --arg 'i32[1]' --arg 'f32[1]' --arg 1 2>&1 >/dev/null); rc=$?
  [ "$rc" = 2 ] || fail "'$bad': exit $rc"
  [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && case $err in "simulee: error: "*) ;; *) false ;; esac ||
    fail "'$bad': message '$err'"
done
echo ok
