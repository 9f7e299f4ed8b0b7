#!/bin/sh
# Names that must not become CI commands or break a report: a file named
# `x<newline>::error file=pwn.cu::INJECTED.cu`, one named `::warning::b.cu`,
# one whose name is not UTF-8, a kernel whose name holds a newline. No line
# of the output (stdout and stderr) starts with `::`; the names are printed
# escaped; JSON and SARIF are strict, valid UTF-8 JSON; merge refuses a
# report that is not UTF-8 or holds a NUL character, with one line.
#   names.sh SIMULEE JSONCHECK SRCDIR
sim=$1; jcheck=$2; src=$3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/out "$tmp"/err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
no_command_lines() { # no line of stdout or stderr starts with ::
  if cat "$tmp/out" "$tmp/err" | grep -n '^::'; then fail "$1: a line starts with ::"; fi
}
mkdir "$tmp/proj"
cp "$src/shift_race.cu" "$tmp/proj/$(printf 'x\n::error file=pwn.cu::INJECTED.cu')"
cp "$src/shift_race.cu" "$tmp/proj/::warning::b.cu"
cp "$src/shift_race.cu" "$tmp/proj/$(printf '\377\376bad.cu')"
cd "$tmp" || exit 99

# text, from above the folder and from inside it (paths printed bare)
"$sim" scan proj --no-progress --grid 1 --block 64 >out 2>err; rc=$?
[ "$rc" = 1 ] || fail "scan: exit $rc, expected 1 (three races)"
no_command_lines "scan proj"
grep -Fq 'proj/x\n::error file=pwn.cu::INJECTED.cu:6:22: error: data race' out || fail "escaped newline"
grep -Fq 'proj/\xff\xfebad.cu:6:22: error: data race' out || fail "escaped non-UTF-8 bytes"
grep -Fq "reproduce with: simulee \$'proj/x\\x0a::error file=pwn.cu::INJECTED.cu'" out ||
  fail "replay line not quoted as \$'...'"
(cd proj && "$sim" scan . --no-progress --grid 1 --block 64 >../out 2>../err)
no_command_lines "scan ."
grep -q '^\./::warning::b\.cu:6:22: error: data race' out || fail "::warning::b.cu not printed as ./::warning::b.cu"
grep -Eq '^\./::warning::b\.cu +shift +checked' out || fail "table row of ::warning::b.cu"

# reports: strict JSON, valid UTF-8, the names escaped
"$sim" scan proj --no-progress --grid 1 --block 64 --format json -o r.json >out 2>err
no_command_lines "scan --format json"
"$jcheck" r.json kernels#3 'kernels.0.file=::warning::b.cu' \
  'kernels.1.file=x
::error file=pwn.cu::INJECTED.cu' 'kernels.2.file=\xff\xfebad.cu' >out 2>&1 || fail "JSON report"
"$sim" scan proj --no-progress --grid 1 --block 64 --format sarif -o r.sarif >out 2>err
"$jcheck" r.sarif runs.0.results#3 >out 2>&1 || fail "SARIF report"
grep -q '"uri": *"%3A%3Awarning%3A%3Ab.cu"' r.sarif || fail "SARIF: a relative URI's first segment holds ':'"

# a kernel name with a newline (.ll): one status line, JSON keeps it
"$sim" "$src/newline_kernel.ll" --grid 1 --block 2 --arg 'i32[1]' >out 2>err
no_command_lines "newline kernel"
grep -Fq 'simulee: kernel k::error::evil\nline: checked' out || fail "kernel name not escaped"

# merge: not UTF-8, or a NUL in a name: refused with one line, exit 2
sed 's/"shift"/"sh\xffift"/' r.json >bad_utf8.json
"$sim" merge bad_utf8.json >out 2>err; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <err)" = 1 ] || fail "merge of non-UTF-8: exit $rc"
grep -q 'bad_utf8.json: not a readable JSON report (invalid utf-8 string at byte' err || fail "merge message"
sed 's/"shift"/"sh\\u0000ift"/' r.json >nul.json
"$sim" merge nul.json >out 2>err; rc=$?
[ "$rc" = 2 ] && [ "$(wc -l <err)" = 1 ] || fail "merge of a NUL name: exit $rc"
grep -q "nul.json: field 'name' holds a NUL character" err || fail "merge NUL message"
"$sim" merge r.json --format json -o m.json >out 2>err || [ $? = 1 ] || fail "merge of a good report"
"$jcheck" m.json kernels#3 'kernels.1.file=\xff\xfebad.cu' >out 2>&1 || fail "merged JSON"
exit 0
