#!/bin/sh
# The front page and the manual hold together: in README.md and docs/*.md,
# every relative link names a file or folder of the tree and, with #anchor, a
# heading of that file (GitHub's anchors: lower case, punctuation dropped,
# blanks as '-'); every path of the tree written as code (a file with an extension,
# `runtime/graph.c`, or a folder, `tests/apps/`) exists; README.md stays a front page (at most 300 lines) whose
# set-up commands are exactly `sh scripts/setup.sh run` and `... test`.
#   links.sh SRC
set -u
src=$1
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 99
bad=0
fail() { echo "FAIL: $*"; bad=1; }

# A line per heading (H FILE ANCHOR), link (L FILE LINE TARGET) and code
# path (P FILE LINE PATH), outside fenced code blocks.
awk '
  function slug(s) {
    s = tolower(s)
    gsub(/[^a-z0-9 _-]/, "", s)
    gsub(/ /, "-", s)
    return s
  }
  FNR == 1 { fence = 0; delete seen }
  /^```/ { fence = !fence; next }
  fence { next }
  /^#+ / {
    h = $0; sub(/^#+ /, "", h); a = slug(h)
    if (a in seen) { seen[a]++; a = a "-" seen[a] } else seen[a] = 0
    print "H\t" FILENAME "\t" a
  }
  {
    s = $0
    while (match(s, /\]\([^) ]+\)/)) {
      print "L\t" FILENAME "\t" FNR "\t" substr(s, RSTART + 2, RLENGTH - 3)
      s = substr(s, RSTART + RLENGTH)
    }
    s = $0
    while (match(s, /`[^`]+`/)) {
      c = substr(s, RSTART + 1, RLENGTH - 2)
      s = substr(s, RSTART + RLENGTH)
      # a folder (trailing /) or a file with an extension; `cuda/atomic` is an include name
      if (c ~ /^(bench|cli|cmake|completions|cuda|detect|doc|docs|evolve|examples|include|interp|model|runtime|scripts|tests)\/[A-Za-z0-9_.\/-]*$/ &&
          c ~ /(\/|\.[A-Za-z0-9]+)$/)
        print "P\t" FILENAME "\t" FNR "\t" c
    }
  }
' README.md docs/*.md >"$tmp/items" || exit 99

grep '^H' "$tmp/items" | cut -f2,3 >"$tmp/anchors"
nl=0 np=0
tab=$(printf '\t')
while IFS="$tab" read -r kind file line target; do
  case $kind in
  L)
    case $target in http:*|https:*|mailto:*) continue ;; esac
    nl=$((nl + 1))
    path=${target%%#*} anchor=
    case $target in *#*) anchor=${target#*#} ;; esac
    if [ -z "$path" ]; then dest=$file
    else dest=$(dirname "$file")/$path
    fi
    dest=$(realpath -m --relative-to=. "$dest")
    [ -e "$dest" ] || { fail "$file:$line: link to $target: no $dest"; continue; }
    if [ -n "$anchor" ]; then
      grep -Fxq "$dest$tab$anchor" "$tmp/anchors" ||
        fail "$file:$line: link to $target: $dest has no heading #$anchor"
    fi ;;
  P)
    np=$((np + 1))
    [ -e "$target" ] || fail "$file:$line: \`$target\` does not exist"
    ;;
  esac
done <"$tmp/items"
[ "$nl" -ge 30 ] && [ "$np" -ge 30 ] || fail "found $nl links and $np paths only: could not read the docs"

# the front page
n=$(wc -l <README.md)
[ "$n" -le 300 ] || fail "README.md has $n lines (at most 300: the reference belongs in docs/)"
awk '/^```/ { fence = !fence; next } fence && /scripts\/setup\.sh/' README.md >"$tmp/setup"
printf 'sh scripts/setup.sh run\nsh scripts/setup.sh test\n' | cmp -s - "$tmp/setup" ||
  { fail "README.md's set-up commands are not exactly these two:"; printf 'sh scripts/setup.sh run\nsh scripts/setup.sh test\n'; echo "but:"; cat "$tmp/setup"; }
[ "$bad" = 0 ] || exit 1
echo "ok: $nl links and $np paths of README.md and docs/ resolve; README.md has $n lines"
