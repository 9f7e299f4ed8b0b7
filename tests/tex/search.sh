#!/bin/sh
# Textures the automatic search makes (tests/tex_search.cmake): search.sh
# SIMULEE DIR. A cudaTextureObject_t parameter is recognised from the
# fetches (the __simulee_texobj marker of cuda/texture_types.h), so a
# kernel needs no --arg: the blur is checked clean at -O0 and -O2 with a
# drawn 2-D float texture, and its replay (the --arg tex2d:... spelling)
# runs the same launch; the mask race is found from five fixed seeds, with
# its exact site, and its reproduce line finds it again (and a race behind
# a helper that is not inlined, at -O0 and -O3); given a plain
# number for the texture (a texture of no texels) the race never shows.
set -u
sim=$1 dir=$2
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

for opt in -O0 -O2; do
  "$sim" "$dir/blur.cu" $opt --format json >"$tmp/j" 2>"$tmp/err"; rc=$?
  [ "$rc" = 0 ] || { cat "$tmp/err"; fail "blur $opt: exit $rc"; }
  grep -q '"status": "checked"' "$tmp/j" || fail "blur $opt: not checked"
  rep=$(sed -n 's/^ *"replay": "\(.*\)",\{0,1\}$/\1/p' "$tmp/j")
  case $rep in
    "simulee $dir/blur.cu "*"--grid "*" --arg tex2d:f32:"*"=rand:"*) ;;
    *) fail "blur $opt: replay '$rep' has no drawn 2-D f32 texture" ;;
  esac
  # the replay: the same launch, fixed, clean, and the same arguments back
  eval "set -- ${rep#simulee }"
  "$sim" "$@" --format json >"$tmp/j2" 2>"$tmp/err"; rc=$?
  [ "$rc" = 0 ] || { cat "$tmp/err"; fail "blur replay $opt: exit $rc"; }
  rep2=$(sed -n 's/^ *"replay": "\(.*\)",\{0,1\}$/\1/p' "$tmp/j2")
  [ "$rep2" = "$rep" ] || fail "blur replay $opt: '$rep2' is not '$rep'"
done

for seed in 1 2 3 4 5; do
  "$sim" "$dir/mask_race.cu" --seed $seed --no-color >"$tmp/out" 2>&1; rc=$?
  [ "$rc" = 1 ] || { cat "$tmp/out"; fail "mask race seed $seed: exit $rc"; }
  n=$(grep -c ': error: ' "$tmp/out")
  [ "$n" = 1 ] || { cat "$tmp/out"; fail "mask race seed $seed: $n errors, not 1"; }
  grep -q "mask_race.cu:11:55: error: data race (write-write, global memory) on buffer 'flags' + " \
    "$tmp/out" || { cat "$tmp/out"; fail "mask race seed $seed: not the flag write race"; }
  grep -q "mask_race.cu:10:12: note: the other access" "$tmp/out" ||
    fail "mask race seed $seed: not against the own-flag write"
  rep=$(sed -n 's/^note: reproduce with: simulee //p' "$tmp/out")
  case $rep in *"--arg tex1d:f32:"*) ;; *) fail "mask race seed $seed: replay '$rep'" ;; esac
  eval "set -- $rep"
  "$sim" "$@" --no-color >"$tmp/out2" 2>&1; rc=$?
  [ "$rc" = 1 ] && grep -q "mask_race.cu:11:55: error: data race (write-write" "$tmp/out2" ||
    { cat "$tmp/out2"; fail "mask race seed $seed: the replay exits $rc"; }
done
# the handle passed to a helper that is not inlined, at -O0 and -O3
for opt in -O0 -O3; do
  "$sim" "$dir/helper_race.cu" $opt --no-color >"$tmp/out" 2>&1; rc=$?
  [ "$rc" = 1 ] && [ "$(grep -c ': error: ' "$tmp/out")" = 1 ] &&
    grep -q "helper_race.cu:11:59: error: data race (write-write, global memory) on buffer 'hit' + 0\$" \
      "$tmp/out" && grep -q "reproduce with: .* --arg tex2d:f32:" "$tmp/out" ||
    { cat "$tmp/out"; fail "helper race $opt: exit $rc"; }
done
# a number for the texture: every fetch reads 0, no flag of a neighbour
"$sim" "$dir/mask_race.cu" --arg 0 --arg _ --arg _ --no-color --quiet >"$tmp/out" 2>&1 ||
  { cat "$tmp/out"; fail "mask race with no texture: exit $?"; }
echo ok
