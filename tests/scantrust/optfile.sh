#!/bin/sh
# optfile.sh EXPECT SIMULEE: the options files of the toolkit's nvcc
# (--options-file F, -optf F, @F; cli/optfile.c) are read safely: a regular
# file of at most 1 MiB of text, or one line naming it; an error about one
# of its words names the file and the byte offset and never quotes it (an
# options file that is really /etc/shadow must not reach a build log).
expect=$1; sim=$2
d=$(mktemp -d) || exit 99
trap 'rm -rf "$d"' EXIT
secret='root:$y$j9T$HUNTER2SECRETHASH:19000:0:99999:7:::'
printf '%s\n' "$secret" >"$d/shadow"
mkfifo "$d/fifo" || exit 99
# nv CODE ERE CMD...: exit status CODE, and stdout+stderr a line matching ERE
# (nvcc's messages are not simulee's one "simulee: error:" line)
nv() {
  code=$1; ere=$2; shift 2
  out=$("$@" 2>&1 </dev/null); rc=$?
  if [ "$rc" != "$code" ] || ! printf '%s\n' "$out" | grep -Eq -- "$ere"; then
    echo "FAIL: $*: exit $rc (expected $code), output:"; printf '%s\n' "$out"
    echo "expected a line matching /$ere/"; exit 1
  fi
  case $out in *HUNTER2*|*SECRET*) echo "FAIL: $*: the file's text was printed"; exit 1 ;; esac
}
# a password file given as an options file: its first word is no option
# nor input; the message names byte 0 and quotes nothing of it
out=$("$sim" nvcc --options-file "$d/shadow" 2>&1); rc=$?
[ "$rc" = 2 ] || { echo "FAIL: --options-file shadow: exit $rc"; exit 1; }
[ "$out" = "nvcc fatal   : $d/shadow: byte 0: Don't know what to do with this word" ] ||
  { echo "FAIL: --options-file shadow said: $out"; exit 1; }
case $out in *HUNTER2*|*root:*) echo "FAIL: the file's text was printed"; exit 1 ;; esac
for form in "@$d/shadow" "-optf $d/shadow"; do
  # shellcheck disable=SC2086 # the form is two words or one
  out=$("$sim" nvcc $form 2>&1)
  case $out in *HUNTER2*|*root:*|'') echo "FAIL: $form: $out"; exit 1 ;; esac
done
# the word after a few good ones: its own offset (-c and -O2 are options)
printf -- '-c -O2\n  %s\n' "$secret" >"$d/mixed"
nv 2 "^nvcc fatal   : $d/mixed: byte 9: Don't know what to do with this word$" \
  "$sim" nvcc @"$d/mixed"
# an option at the end without its value, an unsupported -x language
printf -- '-c -o' >"$d/novalue"
nv 2 "^nvcc fatal   : $d/novalue: byte 3: this option needs a value$" \
  "$sim" nvcc @"$d/novalue"
printf -- '-x\nSECRETLANG\n' >"$d/lang"
nv 2 "^nvcc fatal   : $d/lang: byte 3: this -x language is not supported by simulee's nvcc$" \
  "$sim" nvcc @"$d/lang"
# parse errors: a quote never closed, a NUL byte (binary data): offsets
printf -- '-c "-DSECRET=1\n' >"$d/quote"
nv 2 "^nvcc fatal   : $d/quote: byte 3: a quote that is never closed$" \
  "$sim" nvcc @"$d/quote"
printf -- '-c -DX\000SECRET\n' >"$d/nul"
nv 2 "^nvcc fatal   : $d/nul: byte 6: a control character \\(0x00\\): not a text options file$" \
  "$sim" nvcc @"$d/nul"
# not a regular file: at once, no read (/dev/zero never ends, a FIFO blocks)
nv 2 "^nvcc fatal   : the options file /dev/zero is not a regular file \\(a device\\)$" \
  timeout 10 "$sim" nvcc @/dev/zero
nv 2 "^nvcc fatal   : the options file $d/fifo is not a regular file \\(a FIFO\\)$" \
  timeout 10 "$sim" nvcc --options-file "$d/fifo"
nv 2 "^nvcc fatal   : the options file $d is not a regular file \\(a folder\\)$" \
  "$sim" nvcc -optf "$d"
# larger than 1 MiB: refused by its size
head -c 1048577 /dev/zero | tr '\0' ' ' >"$d/big"
nv 2 "^nvcc fatal   : the options file $d/big is larger than 1048576 bytes$" \
  "$sim" nvcc @"$d/big"
# a good one still works: a quoted word with a blank is one word (the
# kernel does not compile without the macro)
printf -- '-c "-DGREETING=hello world" -O2\n' >"$d/good"
printf '#ifndef GREETING\n#error GREETING is not defined\n#endif\n__global__ void k(int *p) { p[0] = 1; }\n' >"$d/k.cu"
nv 0 '' "$sim" nvcc @"$d/good" "$d/k.cu" -o "$d/k.o"
[ -s "$d/k.o" ] || { echo "FAIL: no object from the good options file"; exit 1; }
# a command-line word is still quoted as nvcc does
nv 2 "^nvcc fatal   : Don't know what to do with 'notes.txt'$" "$sim" nvcc notes.txt
# the options files a compile command names, read by a scan as nvcc reads
# them: a FIFO and a binary file are warnings naming them (no wait, no
# text), the file is checked with the flags of the good one (its race:
# exit status 1)
mkdir "$d/tree" && mkfifo "$d/tree/fifo.rsp" || exit 99
printf -- '-DSECRET=1 \001HUNTER2\n' >"$d/tree/binary.rsp"
printf -- '-DWIDTH=4\n' >"$d/tree/good.rsp"
printf '#ifndef WIDTH\n#error WIDTH is not defined\n#endif\n__global__ void fill(int *p) { p[threadIdx.x %% WIDTH] = threadIdx.x; }\n' >"$d/tree/fill.cu"
cat >"$d/tree/compile_commands.json" <<JSON
[{"directory": "$d/tree", "file": "fill.cu",
  "arguments": ["nvcc", "@fifo.rsp", "--options-file", "binary.rsp", "-optf", "good.rsp", "-c", "fill.cu"]}]
JSON
nv 1 "^simulee: warning: the options file $d/tree/fifo.rsp is not a regular file \\(a FIFO\\)$" \
  timeout 60 "$sim" scan "$d/tree/compile_commands.json" -j 1 --no-color --time-limit 10
nv 1 "^simulee: warning: $d/tree/binary.rsp: byte 11: a control character \\(0x01\\): not a text options file$" \
  timeout 60 "$sim" scan "$d/tree/compile_commands.json" -j 1 --no-color --time-limit 10
echo ok
