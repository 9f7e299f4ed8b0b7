#!/bin/sh
# The examples of the front page and the manual are real output: every fenced
# block of README.md and docs/*.md whose first line is `$ simulee ...` is run
# from the source root, and every line it shows (but `...`) must be a line of
# what the command prints (stdout and stderr together; times are normalised:
# `0.41s`, `in 3.4 s`). The same command is run once.
#   examples.sh SIMULEE SRC
set -u
sim=$1 src=$2
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 99
NO_COLOR=1 && export NO_COLOR

# ex.N.cmd (the command without "$ "), ex.N.want (the lines shown), ex.N.where
awk -v d="$tmp" '
  FNR == 1 { inb = 0; take = 0 }
  /^```/ {
    if (inb) { inb = 0; if (take) close(w); take = 0 } else { inb = 1; first = 1 }
    next
  }
  inb && first {
    first = 0
    if ($0 ~ /^\$ simulee /) {
      n++; take = 1; w = d "/ex." n ".want"
      print substr($0, 3) > (d "/ex." n ".cmd"); close(d "/ex." n ".cmd")
      print FILENAME ":" FNR > (d "/ex." n ".where"); close(d "/ex." n ".where")
      printf "" > w
    }
    next
  }
  inb && take { print > w }
' README.md docs/*.md || exit 99

norm() { sed -E -e 's/[[:space:]]+$//' -e 's/[0-9]+\.[0-9]+s$/T/' -e 's/ in [0-9.]+ s$/ in T s/' "$1"; }

n=0 bad=0
for cmdf in "$tmp"/ex.*.cmd; do
  [ -f "$cmdf" ] || break
  n=$((n + 1))
  base=${cmdf%.cmd}
  cmd=$(cat "$cmdf")
  # one run per distinct command
  key=$(printf '%s' "$cmd" | cksum | cut -d' ' -f1)
  out=$tmp/out.$key
  if [ ! -f "$out" ]; then
    (eval "\"\$sim\" ${cmd#simulee }") >"$out" 2>&1 </dev/null
    norm "$out" >"$out.n"
  fi
  norm "$base.want" | grep -vx '\.\.\.' | grep -v '^$' >"$base.lines"
  [ -s "$base.lines" ] || { echo "FAIL: $(cat "$base.where"): \`$cmd\` shows no output line"; bad=1; continue; }
  missing=0
  while IFS= read -r line; do
    if ! grep -Fxq -- "$line" "$out.n"; then
      echo "FAIL: $(cat "$base.where"): \`$cmd\` does not print: $line"
      missing=1
    fi
  done <"$base.lines"
  if [ "$missing" = 1 ]; then
    bad=1; echo "--- what it printed:"; cat "$out"
  fi
done
[ "$n" -ge 5 ] || { echo "FAIL: found $n examples (\$ simulee ...) in README.md and docs/, expected at least 5"; exit 1; }
[ "$bad" = 0 ] || exit 1
echo "ok: $n examples print what the docs show"
