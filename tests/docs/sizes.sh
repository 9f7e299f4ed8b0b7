#!/bin/sh
# No .c file of simulee's own source is over MAX lines (default 2,000): a
# room one can hold in one's head (docs/architecture.md). Prints each file
# over the limit ("FILE: N lines, over MAX") and exits 1, else "ok".
# usage: sizes.sh ROOT [MAX]
root=${1:?usage: sizes.sh ROOT [MAX]}
max=${2:-2000}
bad=0
for d in cli detect evolve interp jit model runtime util tests/unit tests/fuzz; do
  [ -d "$root/$d" ] || continue
  for f in $(find "$root/$d" -name '*.c' | LC_ALL=C sort); do
    n=$(wc -l <"$f")
    if [ "$n" -gt "$max" ]; then
      echo "${f#"$root"/}: $n lines, over $max"
      bad=1
    fi
  done
done
[ "$bad" = 0 ] && echo ok
exit "$bad"
