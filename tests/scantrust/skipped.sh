#!/bin/sh
# skipped.sh EXPECT SIMULEE: every entry a folder scan skips is a note, also
# when no .cu file is left to check: a tree holding only a FIFO named x.cu
# and a .cu file 71 folders deep gets both notes in the text, JSON and SARIF
# reports and exit status 3 (something not checked), not the bare
# "no .cu file to check" error; an empty tree still is that error.
expect=$1; sim=$2
d=$(mktemp -d) || exit 99
trap 'rm -rf "$d"' EXIT
mkdir "$d/t" "$d/empty" && mkfifo "$d/t/x.cu" || exit 99
p=$d/t
for i in $(seq 1 71); do p=$p/d$i; done
mkdir -p "$p" || exit 99
printf '__global__ void deep(int *p) { p[0] = threadIdx.x; }\n' >"$p/deep.cu"
cd "$d" || exit 99
deep='t/d1/d2/d3/d4/d5/d6/d7/d8/d9/d10/.*/d64/d65'
sh "$expect" --code 3 \
  --match "^$deep: note: folder not scanned \\(deeper than 64 levels\\): its .cu files are not checked$" \
  --match '^t/x.cu: note: not checked: a FIFO, not a regular file$' \
  --match '^simulee: note: t: no .cu file to check: 2 entries skipped \(the notes say why\)$' \
  --match '^simulee scan: 0 files, 0 kernels' \
  -- timeout 30 "$sim" scan t --no-color || exit 1
sh "$expect" --code 3 --match '"message": "not checked: a FIFO, not a regular file"' \
  --match '"message": "folder not scanned \(deeper than 64 levels\)' \
  -- timeout 30 "$sim" scan t --format json || exit 1
sh "$expect" --code 3 --match '"text": "not checked: a FIFO, not a regular file"' \
  --match '"text": "folder not scanned \(deeper than 64 levels\)' \
  -- timeout 30 "$sim" scan t --format sarif || exit 1
sh "$expect" --code 2 --match '^simulee: error: scan: empty: no .cu file to check$' \
  -- "$sim" scan empty || exit 1
echo ok
