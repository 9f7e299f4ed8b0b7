#!/bin/sh
# Write a mutant of a corpus kernel (tests/kernels.cmake):
#   mutate.sh SOURCE.cu N OUT.cu
# OUT.cu is SOURCE.cu with the N-th (1-based) call `__syncthreads()` replaced
# by `(void)0`; line numbers are unchanged. Fails if there is no N-th call.
src=$1 n=$2 out=$3
awk -v n="$n" -v pat='__syncthreads()' '
{
  line = $0; res = ""
  while ((p = index(line, pat)) > 0) {
    seen++
    if (seen == n) { res = res substr(line, 1, p - 1) "(void)0"; done = 1 }
    else res = res substr(line, 1, p - 1 + length(pat))
    line = substr(line, p + length(pat))
  }
  print res line
}
END { if (!done) exit 1 }' "$src" >"$out.tmp" && mv "$out.tmp" "$out" || { rm -f "$out.tmp"; exit 1; }
