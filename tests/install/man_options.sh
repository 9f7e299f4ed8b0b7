#!/bin/sh
# The man page and --help cannot drift: the options named in simulee.1 are
# exactly those named by `simulee --help`, `simulee scan --help`,
# `simulee merge --help`, `simulee run --help` and `simulee nvcc --help`, and every long option the parsers accept
# (cli/args.c LONGOPTS, the scan options of cli/scan.c) is among them.
#   man_options.sh SIMULEE MANPAGE SRC
set -u
sim=$1 man=$2 src=$3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
opts() { grep -oE -- '(^|[] ,(/`|])--?[A-Za-z][A-Za-z0-9-]*' | sed -E 's/^[] ,(/`|]+//' | sort -u; }
{ "$sim" --help; "$sim" scan --help; "$sim" merge --help; "$sim" run --help; "$sim" nvcc --help; } | opts >"$tmp/help"
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e '/^\.\\"/d' "$man" | opts >"$tmp/man"
[ -s "$tmp/help" ] || { echo "FAIL: no option in --help"; exit 1; }
if ! cmp -s "$tmp/help" "$tmp/man"; then
  echo "FAIL: options of --help (<) and of the man page (>) differ:"
  diff "$tmp/help" "$tmp/man"
  exit 1
fi
# the parsers' own lists
grep -oE '^  \{"[a-z][a-z-]*", (no|required|optional)_argument' "$src/cli/args.c" |
  sed -E 's/^  \{"([a-z-]+)".*/--\1/' >"$tmp/accepted"
grep -oE '(take_opt\(argc, argv, &i, |strcmp\(argv\[i\], )"--[a-z][a-z-]*"' "$src/cli/scan.c" |
  sed -E 's/.*"(--[a-z-]+)"/\1/' >>"$tmp/accepted"
[ "$(wc -l <"$tmp/accepted")" -ge 25 ] || { echo "FAIL: could not read the option tables"; exit 1; }
missing=$(sort -u "$tmp/accepted" | comm -23 - "$tmp/man")
if [ -n "$missing" ]; then
  echo "FAIL: accepted but not documented in --help and the man page:" $missing
  exit 1
fi
echo "ok: $(wc -l <"$tmp/man") options, the same in --help and simulee.1"
