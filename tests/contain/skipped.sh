#!/bin/sh
# Nothing is skipped silently: in a folder scan a FIFO and a device named
# *.cu (the device through a link out of the tree), a dangling symbolic link, a folder named x.cu and a symlinked folder
# each get a note (text and JSON); junk compilation-database entries get a
# warning naming the entry, a database without a usable entry is exit 2; an
# .ll restoring a stack pointer it never saved is an error finding.
#   skipped.sh SIMULEE JSONCHECK SRCDIR
sim=$1; jcheck=$2; src=$3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/out "$tmp"/err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
mkdir "$tmp/proj" "$tmp/proj/x.cu" "$tmp/elsewhere"
cp "$src/fine.cu" "$tmp/proj/fine.cu"
mkfifo "$tmp/proj/pipe.cu" || exit 99
ln -s /dev/zero "$tmp/proj/zero.cu"
ln -s "$tmp/nothing.cu" "$tmp/proj/dangling.cu"
ln -s "$tmp/elsewhere" "$tmp/proj/linked"
cd "$tmp" || exit 99

"$sim" scan proj --no-progress --grid 1 --block 32 --format json -o r.json >out 2>err; rc=$?
[ "$rc" = 0 ] || fail "folder scan: exit $rc, expected 0"
for n in 'pipe.cu: note: not checked: a FIFO, not a regular file' \
         'zero.cu: note: not checked: a symbolic link to a file outside the scanned tree' \
         'dangling.cu: note: not checked: a symbolic link to nothing' \
         'x.cu: note: not checked: a folder, not a file' \
         'linked: note: folder not scanned (a symbolic link)'; do
  grep -Fq "proj/$n" out || fail "no note '$n'"
done
"$jcheck" r.json notes#5 kernels#1 kernels.0.status=checked >out 2>&1 || fail "JSON notes"

# compilation databases: junk entries are warnings naming them
cat >junk.json <<JSON
[1, null, {"file": null, "directory": "."}, {"file": 7, "command": "nvcc a.cu"},
 {"directory": ".", "file": "proj/fine.cu", "arguments": "nvcc -c proj/fine.cu"},
 {"directory": 5, "file": "proj/fine.cu", "command": "nvcc -c proj/fine.cu"},
 {"directory": ".", "file": "proj/fine.cu", "arguments": ["nvcc", 3]}]
JSON
"$sim" scan junk.json --no-progress >out 2>err; rc=$?
[ "$rc" = 2 ] || fail "junk database: exit $rc, expected 2"
[ "$(grep -c '^simulee: warning: junk.json: entry [0-9]*.*, skipped$' err)" = 7 ] ||
  fail "junk database: not one warning per entry"
grep -q '^simulee: warning: junk.json: entry 5 ("proj/fine.cu"): "arguments" is not an array of strings, skipped$' err ||
  fail "junk database: the warning does not name the entry"
grep -q '^simulee: error: junk.json: no usable entry with a .cu file (7 entries, 7 of the wrong shape)$' err ||
  fail "junk database: no error line"
[ "$(grep -vc '^simulee: warning: ' err)" = 1 ] || fail "junk database: more than one error line"
cat >mixed.json <<JSON
[null, {"directory": ".", "file": "proj/fine.cu", "arguments": ["nvcc", "-c", "proj/fine.cu"]}]
JSON
"$sim" scan mixed.json --no-progress --grid 1 --block 32 >out 2>err; rc=$?
[ "$rc" = 0 ] || fail "database with one good entry: exit $rc"
grep -q '^simulee: warning: mixed.json: entry 1: not an object, skipped$' err || fail "mixed: warning"

# llvm.stackrestore of a pointer llvm.stacksave did not return
"$sim" "$src/stackrestore.ll" --grid 1 --block 1 --arg 'i32[1]' >out 2>err; rc=$?
[ "$rc" = 1 ] || fail "stackrestore: exit $rc, expected 1"
grep -q '^simulee: kernel bad: error .*llvm.stackrestore of a stack pointer llvm.stacksave did not return' out ||
  fail "stackrestore: no error"
grep -q '^simulee: kernel good: checked' out || fail "stackrestore: the good kernel"
exit 0
