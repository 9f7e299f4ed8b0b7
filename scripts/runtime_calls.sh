#!/bin/sh
# Which file of runtime/ uses which: from the object files of the runtime
# library, an edge "a.c b.c" when a.c.o refers to a symbol (a function or a
# variable) that b.c.o defines (a weak definition only when no file has a
# strong one). Prints the edges, then checks them:
#   (no option)             no cycle at all;
#   --through F,G,...       none of these files is on a cycle;
#   --callers F=A,B,...     no file but A, B, ... uses F;
#   --callees F=A,B,...     F uses no file but A, B, ...
# Each broken rule is one line ("cycle: a.c b.c a.c", "graph.c is used by
# launch.c", ...); exit status 1 when any, else "ok" and 0; 2 on bad usage.
# usage: runtime_calls.sh [OPTION...] OBJECT...   (or the objects as one
# argument joined by ':', as CMake's $<JOIN:$<TARGET_OBJECTS:t>,:> gives)
through='' callers='' callees='' all=1
while [ $# -gt 0 ]; do
  case $1 in
  --through) through="$through,$2" all=0; shift 2 ;;
  --callers) callers="$callers $2" all=0; shift 2 ;;
  --callees) callees="$callees $2" all=0; shift 2 ;;
  --*) echo "runtime_calls.sh: unknown option $1" >&2; exit 2 ;;
  *) break ;;
  esac
done
[ $# -ge 1 ] || { echo "usage: runtime_calls.sh [--through F,..] [--callers F=A,..] [--callees F=A,..] OBJECT..." >&2; exit 2; }
if [ $# -eq 1 ]; then
  old=$IFS IFS=:
  set -- $1
  IFS=$old
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/simulee-calls-XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
: >"$tmp/def"
: >"$tmp/use"
for o in "$@"; do
  [ -r "$o" ] || { echo "runtime_calls.sh: cannot read $o" >&2; exit 2; }
  f=$(basename "$o" .o)
  nm --defined-only -g "$o" >"$tmp/nm" || exit 2
  awk -v f="$f" 'NF == 3 { print $3, f, ($2 == "W" || $2 == "V") ? 1 : 0 }' "$tmp/nm" >>"$tmp/def"
  nm -u "$o" >"$tmp/nm" || exit 2
  awk -v f="$f" '{ print $NF, f }' "$tmp/nm" >>"$tmp/use"
done
# edges: user definer, for symbols one file defines and another uses
awk 'NR == FNR { if (!($1 in def) || weak[$1]) { def[$1] = $2; weak[$1] = $3 } next }
     ($1 in def) && def[$1] != $2 { print $2, def[$1] }' "$tmp/def" "$tmp/use" |
  LC_ALL=C sort -u >"$tmp/edges"
cat "$tmp/edges"
awk -v all="$all" -v through="$through" -v callers="$callers" -v callees="$callees" '
{ n[$1]++; out[$1, n[$1]] = $2; node[$1] = 1; node[$2] = 1; edge[$1, $2] = 1 }
# a path from u back to target: 1 with path[1..plen]
function reach(u, target,   i, v) {
  seen[u] = 1; path[++plen] = u
  for (i = 1; i <= n[u]; i++) {
    v = out[u, i]
    if (v == target) { path[++plen] = v; return 1 }
    if (!(v in seen) && reach(v, target)) return 1
  }
  plen--
  return 0
}
function cycle_through(f,   i, line) {
  split("", seen); plen = 0
  if (!reach(f, f)) return 0
  line = "cycle:"
  for (i = 1; i <= plen; i++) line = line " " path[i]
  print line
  return 1
}
# "F=A,B" rules into allowed[F, A]
function rules(text, kind,   r, k, i, j, parts, names) {
  k = split(text, r, " ")
  for (i = 1; i <= k; i++) {
    if (split(r[i], parts, "=") != 2) { print "runtime_calls.sh: bad rule " r[i] > "/dev/stderr"; exit 2 }
    ruled[kind, parts[1]] = 1
    split(parts[2], names, ",")
    for (j in names) allowed[kind, parts[1], names[j]] = 1
  }
}
END {
  bad = 0
  if (all) {
    for (u in node) if (cycle_through(u)) { bad = 1; break }
  }
  k = split(through, t, ",")
  for (i = 1; i <= k; i++) if (t[i] != "" && cycle_through(t[i])) bad = 1
  rules(callers, "callers"); rules(callees, "callees")
  for (e in edge) {
    split(e, ab, SUBSEP)
    if (ruled["callers", ab[2]] && !allowed["callers", ab[2], ab[1]]) {
      print ab[2] " is used by " ab[1]; bad = 1
    }
    if (ruled["callees", ab[1]] && !allowed["callees", ab[1], ab[2]]) {
      print ab[1] " uses " ab[2]; bad = 1
    }
  }
  if (!bad) print "ok"
  exit bad
}' "$tmp/edges"
