#!/bin/sh
# The native path of unchecked launches (jit/) against the interpreter: build
# a program once with `simulee run --no-run`, run it under SIMULEE_CHECK=none (or --check's)
# with SIMULEE_JIT=0 and with SIMULEE_JIT=1 (every kernel compiled at its
# first launch: SIMULEE_JIT_MIN_THREADS=0), and require the same exit status
# and the same stdout byte for byte.
#   compare.sh SIMULEE OUTDIR [--native N|--some-native|--no-native]
#              [--env VAR=VALUE]... FILE... [-- PROGRAM-ARGS...]
# --native N      exactly N launches ran as native code (SIMULEE_STATS)
# --some-native   at least one did
# --no-native     none did (every kernel fell back to the interpreter)
# --env V=X       set V=X for both runs (SIMULEE_MAX_STEPS=..., SIMULEE_JOBS=...)
# --check POLICY  the check policy of both runs (default none: every launch
#                 unchecked)
sim=$1; out=$2; shift 2
want=; files=; envs=; check=none
while [ $# -gt 0 ]; do
  case "$1" in
    --native) want=$2; shift 2 ;;
    --some-native) want=some; shift ;;
    --no-native) want=0; shift ;;
    --env) envs="$envs $2"; shift 2 ;;
    --check) check=$2; shift 2 ;;
    --) shift; break ;;
    *) files="$files $1"; shift ;;
  esac
done
mkdir -p "$out" || exit 99
name=$(echo "$files $envs $check $*" | tr -c 'A-Za-z0-9\n' '_')
prog="$out/prog$name"
log="$out/log$name"
# shellcheck disable=SC2086
if ! "$sim" run --no-run -o "$prog" $files >"$log.build" 2>&1; then
  echo "FAIL: build"; cat "$log.build"; exit 1
fi
# shellcheck disable=SC2086
env $envs SIMULEE_CHECK=$check SIMULEE_JIT=0 SIMULEE_STATS=1 "$prog" "$@" >"$log.out0" 2>"$log.err0" </dev/null
rc0=$?
# shellcheck disable=SC2086
env SIMULEE_JIT_MIN_THREADS=0 $envs SIMULEE_CHECK=$check SIMULEE_JIT=1 SIMULEE_STATS=1 SIMULEE_JIT_DEBUG=1 "$prog" "$@" >"$log.out1" 2>"$log.err1" </dev/null
rc1=$?
fail=0
if [ "$rc0" != "$rc1" ]; then
  echo "FAIL: exit status $rc0 interpreted, $rc1 native"; fail=1
fi
if ! cmp -s "$log.out0" "$log.out1"; then
  echo "FAIL: stdout differs (interpreter < > native):"; diff "$log.out0" "$log.out1" | head -30; fail=1
fi
n=$(sed -n 's/^simulee: stats: native: \([0-9]*\) launches as native code.*/\1/p' "$log.err1")
case "$want" in
  "") ;;
  some) [ "${n:-0}" -gt 0 ] || { echo "FAIL: no launch ran as native code"; fail=1; } ;;
  *) [ "${n:-x}" = "$want" ] || { echo "FAIL: $n launches ran as native code, expected $want"; fail=1; } ;;
esac
if [ $fail = 1 ]; then
  echo "--- native run's stderr:"; cat "$log.err1"
  echo "--- interpreted run's stderr:"; cat "$log.err0"
  exit 1
fi
echo "ok: exit status $rc0, $(wc -l <"$log.out0") lines of output, ${n:-0} launches native"
grep '^simulee: jit:' "$log.err1"
exit 0
