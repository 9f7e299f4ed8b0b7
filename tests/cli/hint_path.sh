#!/bin/sh
# hint_path.sh SIMULEE SRC: the host-launch note names the file by a path that
# is valid from the working directory, also when the working directory's name
# is a prefix of the file's folder name (/x/rep and /x/repro/k.cu: it was
# printed as "repro/k.cu", a path that does not exist from /x/rep).
sim=$1; src=$2
d=$(mktemp -d) || exit 99
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/repro" "$d/rep" && cp "$src" "$d/repro/k.cu" || exit 99
fail=0
check() { # folder, file argument, expected path in the note
  out=$(cd "$1" && "$sim" "$2" 2>&1)
  if ! printf '%s\n' "$out" | grep -q "^$3:9: note: kernel reverse64: grid 1,1,1 and block 64,1,1 as launched here"; then
    printf '%s\n' "$out"; echo "FAIL: from $1, $2: want the note at $3:9"; fail=1
  fi
}
check "$d/rep" "$d/repro/k.cu" "$d/repro/k.cu"
check "$d/rep" ../repro/k.cu ../repro/k.cu
check "$d/repro" k.cu k.cu
check "$d" repro/k.cu repro/k.cu
exit $fail
