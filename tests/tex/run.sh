#!/bin/sh
# Texture and surface objects (tests/tex.cmake): run.sh SIMULEE REF DIR
# REF is tests/tex/ref.c built: the host reference of texture fetching.
# Every fetch result must equal the reference exactly; the surface write
# race must be found, its clean variant must be clean, an out-of-range
# surface write with the default trap mode must trap, and bad texture
# spellings are usage errors.
set -u
sim=$1 ref=$2 dir=$3
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
run() { "$sim" "$@" --quiet --no-color; }

# 3x3 blur with clamp addressing, a fixed launch over a 13x7 image
"$ref" blur 13 7 "$tmp/img.f32" >"$tmp/want" || fail "ref blur"
for opt in -O0 -O2; do
  run "$dir/blur.cu" $opt --grid 2,2 --block 8,4 --arg "tex2d:f32:13x7:clamp=@$tmp/img.f32" \
    --arg 'f32[91]' --arg 13 --arg 7 --dump 1 >"$tmp/got" || fail "blur $opt: exit $?"
  diff "$tmp/want" "$tmp/got" >/dev/null || { diff "$tmp/want" "$tmp/got" | head; fail "blur $opt differs"; }
done

# 1-D: every address mode, point and linear, unnormalized and normalized
texels=3,-1.5,7.25,10,0.5
xs=-7.3,-2.6,-1.2,-0.5,0,0.25,0.5,0.99,1.5,2.2,2.75,3.49,4.5,4.99,5,5.6,6.1,9.9,13.3
nxs=-1.7,-1.1,-0.55,-0.2,-0.01,0,0.03,0.1,0.19,0.2,0.33,0.5,0.61,0.77,0.9,0.99,1.0,1.25,2.4
n=19
for mode in wrap clamp mirror border; do
  for filt in point linear; do
    for nm in 0 1; do
      c=$xs; o=""
      [ $nm = 1 ] && c=$nxs o=":norm"
      "$ref" 1d $mode $filt $nm 5 "$texels" "$c" >"$tmp/want" || fail "ref 1d $mode $filt $nm"
      run "$dir/sample.cu" --kernel sample1d --grid 1 --block 32 \
        --arg "tex1d:f32:5:$mode:$filt$o=list:$texels" --arg "f32[$n]=list:$c" --arg "f32[$n]" \
        --arg $n --dump 2 >"$tmp/got" || fail "1d $mode $filt $nm: exit $?"
      diff "$tmp/want" "$tmp/got" >/dev/null ||
        { paste "$tmp/want" "$tmp/got" | head -20; fail "1d $mode $filt norm=$nm differs"; }
    done
  done
done

# 2-D linear (border, then wrap with normalized coordinates) and point mirror
t2=1,2,3,4,5,6,7,8,9,10,11,12
x2=-0.6,0,0.3,0.5,1.1,1.77,2.5,3.2,3.9,4.4,0.9,2.05
y2=-0.2,0.5,0.8,1.26,2.5,3.3,-1.5,0.1,1.9,2.7,3.6,1.01
nx2=-0.1,0,0.12,0.3,0.5,0.66,0.8,0.99,1.2,-0.6,0.45,0.25
ny2=0.05,0.5,0.9,1.1,-0.3,0.2,0.4,0.75,0.33,0.6,0.95,0.1
for c in "border linear 0 $x2 $y2" "wrap linear 1 $nx2 $ny2" "mirror point 1 $nx2 $ny2" \
         "clamp linear 0 $x2 $y2"; do
  set -- $c
  o=""; [ "$3" = 1 ] && o=":norm"
  "$ref" 2d $1 $2 $3 4 3 "$t2" "$4" "$5" >"$tmp/want" || fail "ref 2d $c"
  run "$dir/sample.cu" --kernel sample2d --grid 1 --block 16 \
    --arg "tex2d:f32:4x3:$1:$2$o=list:$t2" --arg "f32[12]=list:$4" --arg "f32[12]=list:$5" \
    --arg 'f32[12]' --arg 12 --dump 3 >"$tmp/got" || fail "2d $1 $2: exit $?"
  diff "$tmp/want" "$tmp/got" >/dev/null ||
    { paste "$tmp/want" "$tmp/got"; fail "2d $1 $2 norm=$3 differs"; }
done

# per-dimension address modes: x wraps, y is the border (normalized)
out=$(run "$dir/sample.cu" --kernel sample2d --grid 1 --block 4 \
  --arg "tex2d:f32:4x3:wrap,border:norm=list:$t2" --arg 'f32[4]=list:1.1,-0.2,0.1,0.6' \
  --arg 'f32[4]=list:0.5,0.5,1.2,-0.01' --arg 'f32[4]' --arg 4 --dump 3 | tr '\n' ' ')
[ "$out" = "5 8 0 0 " ] || fail "wrap,border: got '$out'"

# normalized-float read mode of 8-bit texels; tex1Dfetch outside is 0
out=$(run "$dir/sample.cu" --kernel sample1d --grid 1 --block 4 \
  --arg 'tex1d:u8:4:nfloat=list:0,255,51,102' --arg 'f32[4]=list:0.5,1.5,2.5,3.5' \
  --arg 'f32[4]' --arg 4 --dump 2 | tr '\n' ' ')
[ "$out" = "0 1 0.200000003 0.400000006 " ] || fail "nfloat: got '$out'"
out=$(run "$dir/sample.cu" --kernel fetch_int --grid 1 --block 6 \
  --arg 'tex1d:i32:5=list:-4,9,16,25,36' --arg 'i32[6]=list:0,1,-1,4,5,2' --arg 'i32[6]' \
  --arg 6 --dump 2 | tr '\n' ' ')
[ "$out" = "-4 9 0 36 0 16 " ] || fail "tex1Dfetch: got '$out'"

# surfaces: two points on one pixel race; owned pixels are clean; out of
# range traps (cudaBoundaryModeTrap, the default)
"$sim" "$dir/surf_race.cu" --kernel splat --grid 1 --block 4 --arg 'surf2d:f32:8x4' \
  --arg 'i32[4]=list:1,2,1,5' --arg 'i32[4]=list:0,3,0,2' --arg 4 --no-color >"$tmp/out" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "surface race: exit $rc"
grep -q "surf_race.cu:7:14: error: data race (write-write, global memory) on buffer 'img' + 68\|surf_race.cu:7:14: error: data race (write-write, global memory) on buffer 'arg0' + 68" "$tmp/out" ||
  { cat "$tmp/out"; fail "surface race: no write-write race on pixel (1,0)"; }
grep -q "reproduce with: simulee .*--arg surf2d:f32:8x4 " "$tmp/out" || fail "surface race: replay"
"$sim" "$dir/surf_race.cu" --kernel splat_own --grid 2 --block 16 --arg 'surf2d:f32:8x4' \
  --arg 8 --no-color >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "splat_own: exit $?"; }
"$sim" "$dir/surf_race.cu" --kernel splat --grid 1 --block 2 --arg 'surf2d:f32:8x4' \
  --arg 'i32[2]=list:1,8' --arg 'i32[2]=list:0,0' --arg 2 --no-color >"$tmp/out" 2>&1
rc=$?
[ "$rc" = 1 ] && grep -q "__trap() executed at .*surf_race.cu:7:14 (block 0, thread 1)" "$tmp/out" ||
  { cat "$tmp/out"; fail "surface out of range: exit $rc, no trap of thread 1"; }

# bad spellings: exit 2, one line
for bad in 'tex1d:f32:4:bogus' 'tex2d:f32:4' 'tex1d:f64:4' 'tex1d:f32:0' 'tex1d:i32:4:linear' \
           'tex1d:f32:4:nfloat' 'surf2d:f32:4x4:wrap' 'tex2d:f32:4x4:wrap,clamp,border' \
           'tex1d:f32:4=list:1,2,x'; do
  err=$("$sim" "$dir/sample.cu" --kernel sample1d --grid 1 --block 1 --arg "$bad" \
    --arg 'f32[1]' --arg 'f32[1]' --arg 1 2>&1 >/dev/null); rc=$?
  [ "$rc" = 2 ] || fail "'$bad': exit $rc"
  [ "$(printf '%s\n' "$err" | wc -l)" = 1 ] && case $err in "simulee: error: "*) ;; *) false ;; esac ||
    fail "'$bad': message '$err'"
done
# a texture for a parameter that is not a 64-bit integer
err=$("$sim" "$dir/sample.cu" --kernel sample1d --grid 1 --block 1 --arg 'f32[1]' \
  --arg 'tex1d:f32:4' --arg 'f32[1]' --arg 1 2>&1 >/dev/null); rc=$?
[ "$rc" = 2 ] || fail "texture for a pointer: exit $rc"
echo ok
