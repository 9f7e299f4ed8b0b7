#!/bin/sh
# Check a scan report of tests/projects/realworld against realworld.expected
# (tests/scan.cmake):
#   realworld_check.sh SCANCHECK EXPECTED PENDING REPORT.json
# Every file's lines (its kernel records with their findings, its file
# record, its notes; listing of `simulee_scancheck list`) must equal its
# lines in EXPECTED. A file named in PENDING (see there) may instead have a
# single "did not compile" record.
scancheck=$1 expected=$2 pending=$3 report=$4
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
"$scancheck" list "$report" >"$tmp/actual" || exit 1
# "FILE<TAB>line" for every line: a finding belongs to the record above it
key() {
  awk '/^kernel |^file / { k = $2 } /^note / { k = $2; sub(/:[0-9]+$/, "", k) }
       { print k "\t" $0 }' "$1"
}
key "$expected" >"$tmp/e"
key "$tmp/actual" >"$tmp/a"
fail=0
for f in $(cut -f1 "$tmp/e" "$tmp/a" | sort -u); do
  grep -F "$f	" "$tmp/e" | awk -F'\t' -v f="$f" '$1 == f' | cut -f2- >"$tmp/fe"
  grep -F "$f	" "$tmp/a" | awk -F'\t' -v f="$f" '$1 == f' | cut -f2- >"$tmp/fa"
  cmp -s "$tmp/fe" "$tmp/fa" && continue
  if grep -qx -F "$f" "$pending" && [ "$(wc -l <"$tmp/fa")" = 1 ] &&
     grep -q "^file $f error " "$tmp/fa"; then
    echo "pending (needs the CUDA headers): $(cat "$tmp/fa")"
    continue
  fi
  echo "FAIL: $f:"
  echo "--- expected"; cat "$tmp/fe"; echo "--- actual"; cat "$tmp/fa"
  fail=1
done
exit $fail
