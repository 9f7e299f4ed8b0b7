#!/bin/sh
# special_file.sh EXPECT SIMULEE: a FIFO and /dev/zero named k.bc are refused
# as input at once (exit 2, one line), without reading or waiting on them.
expect=$1; sim=$2
d=$(mktemp -d) || exit 99
trap 'rm -rf "$d"' EXIT
mkfifo "$d/k.bc" || exit 99
ln -s /dev/zero "$d/z.bc" || exit 99
sh "$expect" --code 2 --match 'k.bc: is a FIFO, not a regular file$' \
  -- "$sim" "$d/k.bc" --grid 1 --block 1 || exit 1
sh "$expect" --code 2 --match 'z.bc: is a device, not a regular file$' \
  -- "$sim" "$d/z.bc" --grid 1 --block 1 || exit 1
