#!/bin/sh
# Unchecked launches as native code (jit/) against the same programs built
# for the host (bench/native/) and against the interpreter: each program
# built once by `simulee run --no-run -o` and by bench/native/build.sh, then
# run N times (default 3; the least time is kept) as
#   native                      SIMNAT_STATS=1
#   jit -j1 / -j2               SIMULEE_CHECK=none SIMULEE_JOBS=1|2
#   interpreter -j1 / -j2       the same with SIMULEE_JIT=0
# Columns: wall seconds inside launches (SIMULEE_STATS / SIMNAT_STATS), CPU
# seconds inside launches (native and jit: the threads that ran the
# blocks; the interpreter does not report it), CPU seconds of the whole
# process (user + sys), and the ratios of the jit's in-launch CPU and wall
# time to the native build's.
# Usage: sh bench/jit.sh [BUILD]   (BUILD: the build folder, default build)
set -e
B=${1:-build}
N=${N:-3}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
SIM=$B/simulee
progs="jacobi:bench/apps/jacobi.cu:65536 200
tiled_matmul:bench/apps/tiled_matmul.cu:256 4
jacobi_small:bench/apps/jacobi.cu:4096 200"
cpu_of() { # user+sys of a command, in s (GNU time's format)
  /usr/bin/time -f '%U %S' -o "$T/time" "$@" >"$T/out" 2>"$T/err" || true
  awk '{printf "%.3f", $1 + $2}' "$T/time"
}
printf '| program | run | wall s in launches | CPU s in launches | process CPU s | CPU vs native | wall vs native |\n'
printf '| --- | --- | ---: | ---: | ---: | ---: | ---: |\n'
echo "$progs" | while IFS=: read -r name src args; do
  sh bench/native/build.sh -o "$T/$name.nat" "$src" >/dev/null 2>&1
  "$SIM" run --no-run -o "$T/$name.sim" "$src" >/dev/null 2>&1
  nw=; nc=
  for cfg in native jit1 jit2 int1 int2; do
    bw=; bc=; bp=
    i=0
    while [ $i -lt "$N" ]; do
      i=$((i + 1))
      case $cfg in
        native) p=$(cpu_of env SIMNAT_STATS=1 "$T/$name.nat" $args)
                w=$(sed -n 's/.*launches.*, \([0-9.]*\) s in launches (wall), \([0-9.]*\) s CPU.*/\1/p' "$T/err")
                c=$(sed -n 's/.*launches.*, \([0-9.]*\) s in launches (wall), \([0-9.]*\) s CPU.*/\2/p' "$T/err") ;;
        jit*|int*) j=${cfg#???}; jit=1; [ "${cfg%?}" = int ] && jit=0
                p=$(cpu_of env SIMULEE_CHECK=none SIMULEE_JOBS=$j SIMULEE_JIT=$jit SIMULEE_STATS=1 "$T/$name.sim" $args)
                w=$(sed -n 's/.*instructions in \([0-9.]*\) s of launches.*/\1/p' "$T/err")
                c=$(sed -n 's/.*native: [0-9]* launches as native code in [0-9.]* s (\([0-9.]*\) s CPU).*/\1/p' "$T/err")
                [ $jit = 0 ] && c=- ;;
      esac
      grep -q ' 0 wrong' "$T/out" || { echo "$name $cfg: wrong output" >&2; cat "$T/out" "$T/err" >&2; exit 1; }
      if [ -z "$bw" ] || awk "BEGIN{exit !($w < $bw)}"; then bw=$w; fi
      if [ "$c" != - ] && { [ -z "$bc" ] || awk "BEGIN{exit !($c < $bc)}"; }; then bc=$c; fi
      if [ -z "$bp" ] || awk "BEGIN{exit !($p < $bp)}"; then bp=$p; fi
    done
    [ $cfg = native ] && nw=$bw && nc=$bc
    rc=-; rw=-
    if [ $cfg != native ]; then
      [ -n "$bc" ] && rc=$(awk "BEGIN{printf \"%.1fx\", $bc / $nc}")
      rw=$(awk "BEGIN{printf \"%.1fx\", $bw / $nw}")
    fi
    printf '| %s (%s) | %s | %s | %s | %s | %s | %s |\n' "$name" "$args" "$cfg" "$bw" "${bc:--}" "$bp" "$rc" "$rw"
  done
done
