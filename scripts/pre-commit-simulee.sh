#!/usr/bin/env bash
# The pre-commit hook of .pre-commit-hooks.yaml: simulee scan on the changed
# .cu files. pre-commit runs it as
#   pre-commit-simulee.sh [ARGS...] FILE.cu...
# ARGS are the hook's `args:` (simulee scan options, and a PATH such as
# build/compile_commands.json for a project that needs its flags); the
# trailing .cu words are the files. The project's suppressions file: a
# --suppressions in ARGS, else $SIMULEE_SUPPRESSIONS, else simulee.supp or
# .simulee.supp at the repository root when there is one. SIMULEE names the
# program (default: simulee on the PATH).
set -euo pipefail
args=("$@")
k=${#args[@]}
while [ "$k" -gt 0 ] && [[ ${args[k-1]} == *.cu ]]; do k=$((k - 1)); done
opts=("${args[@]:0:k}")
files=("${args[@]:k}")
[ "${#files[@]}" -gt 0 ] || exit 0
supp=()
given=0
for a in "${opts[@]}"; do
  case $a in --suppressions|--suppressions=*) given=1 ;; esac
done
if [ "$given" = 0 ]; then
  f=${SIMULEE_SUPPRESSIONS:-}
  if [ -z "$f" ]; then
    for c in simulee.supp .simulee.supp; do
      if [ -f "$c" ]; then f=$c; break; fi
    done
  fi
  if [ -n "$f" ]; then supp=(--suppressions "$f"); fi
fi
exec "${SIMULEE:-simulee}" scan "${opts[@]}" "${supp[@]}" --no-progress --files "${files[@]}"
