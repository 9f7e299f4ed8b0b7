#!/bin/sh
# argsfile.sh EXPECT SIMULEE: simulee's own options file, --args-file F (a
# recorded launch), is read safely: a regular file of at most 1 MiB, and an
# error about one of its words names the file and line, never the word (an
# args file that is really /etc/shadow must not reach a CI log).
expect=$1; sim=$2
d=$(mktemp -d) || exit 99
trap 'rm -rf "$d"' EXIT
printf 'root:$y$j9T$HUNTER2HASH:19000:0:99999:7:::\n' >"$d/shadow"
printf -- '# a recorded launch\n--grid\nHUNTER2GRID\n' >"$d/grid"
printf -- '--HUNTER2OPT\n' >"$d/option"
head -c 1048577 /dev/zero | tr '\0' 'a' >"$d/big"
mkfifo "$d/fifo" || exit 99
printf 'x\n' >"$d/k.bc"
t() { # t ERE ARGS...: exit 2, the one line matching, no secret in it
  ere=$1; shift
  sh "$expect" --code 2 --match "$ere" -- "$sim" "$@" || exit 1
  case $("$sim" "$@" 2>&1) in *HUNTER2*) echo "FAIL: $*: the file's text was printed"; exit 1 ;; esac
}
# a password file: its first line would be taken for the input file
t "^simulee: error: --args-file $d/shadow: line 1 is neither an option nor an option's value \\(an args file holds options only\\)$" \
  --args-file "$d/shadow"
t "^simulee: error: one FILE expected, got '$d/k.bc' and \\(line 1 of --args-file $d/shadow\\)$" \
  "$d/k.bc" --args-file "$d/shadow"
# a bad value, an unknown option: the line, not the word
t "^simulee: error: --grid \\(line 3 of --args-file $d/grid\\) is not X\\[,Y\\[,Z\\]\\] of positive integers$" \
  "$d/k.bc" --args-file "$d/grid"
t "^simulee: error: unknown option \\(line 1 of --args-file $d/option\\) \\(see simulee --help\\)$" \
  "$d/k.bc" --args-file="$d/option"
# not a regular file, larger than 1 MiB: at once
t "^simulee: error: --args-file $d/fifo: is a FIFO, not a regular file$" "$d/k.bc" --args-file "$d/fifo"
t "^simulee: error: --args-file /dev/zero: is a device, not a regular file$" "$d/k.bc" --args-file /dev/zero
t "^simulee: error: --args-file $d/big: larger than 1048576 bytes \\(an args file holds options\\)$" \
  "$d/k.bc" --args-file "$d/big"
# the command line's own words are still quoted
t "^simulee: error: --grid 'zero' is not X\\[,Y\\[,Z\\]\\] of positive integers$" "$d/k.bc" --grid zero
echo ok
