#!/bin/sh
# Write the man page simulee(1) from doc/simulee.1.in and the program's own
# --help texts, so that the two cannot drift:
#   sh doc/make_man.sh SIMULEE TEMPLATE OUT
# @HELP@, @SCAN@, @MERGE@, @RUN@ and @NVCC@ lines of TEMPLATE become `SIMULEE --help`,
# `SIMULEE scan --help`, `SIMULEE merge --help`, `SIMULEE run --help` and
# `SIMULEE nvcc --help` in roff; @VERSION@ the
# first line of `SIMULEE --version`.
#
# Help text layout: paragraphs at column 0 ("Heading:" alone ends in a
# colon: a subsection), option lines "  TERM   description" (a gap of two or
# more blanks after the term), description lines indented further. The
# leading "usage:" paragraph is left out (SYNOPSIS says it).
set -eu
sim=$1 tmpl=$2 out=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$sim" --help >"$tmp/help"
"$sim" scan --help >"$tmp/scan"
"$sim" merge --help >"$tmp/merge"
"$sim" run --help >"$tmp/run"
"$sim" nvcc --help >"$tmp/nvcc"
version=$("$sim" --version | sed -n '1s/^simulee //p')

to_roff() {
  awk '
    function esc(s) {
      gsub(/\\/, "\\e", s)
      gsub(/-/, "\\-", s)
      sub(/^[.'"'"']/, "\\\\\\&&", s)
      return s
    }
    function flush() {
      if (para != "") {
        if (para ~ /:$/) { sub(/:$/, "", para); print ".SS " esc(para) }
        else { print ".PP"; print esc(para) }
      }
      para = ""
    }
    BEGIN { started = 0; para = "" }
    /^usage:/ && !started { skip = 1; next }
    skip && /^$/ { skip = 0; started = 1; next }
    skip { next }
    { started = 1 }
    /^$/ { flush(); next }
    /^[^ ]/ { para = (para == "" ? $0 : para " " $0); next }
    /^  [^ ]/ {
      flush()
      line = substr($0, 3)
      if (match(line, /   *[^ ]/)) {
        term = substr(line, 1, RSTART - 1)
        desc = substr(line, RSTART + RLENGTH - 1)
        dcol = 2 + RSTART + RLENGTH - 1
      } else { term = line; desc = ""; dcol = 0 }
      print ".TP"
      print "\\fB" esc(term) "\\fR"
      if (desc != "") print esc(desc)
      next
    }
    {
      match($0, /^ */)
      text = substr($0, RLENGTH + 1)
      if (dcol && RLENGTH > dcol) print ".br"
      print esc(text)
    }
    END { flush() }
  ' "$1"
}

to_roff "$tmp/help" >"$tmp/help.roff"
to_roff "$tmp/scan" >"$tmp/scan.roff"
to_roff "$tmp/merge" >"$tmp/merge.roff"
to_roff "$tmp/run" >"$tmp/run.roff"
to_roff "$tmp/nvcc" >"$tmp/nvcc.roff"
awk -v v="$version" -v h="$tmp/help.roff" -v s="$tmp/scan.roff" -v m="$tmp/merge.roff" \
    -v r="$tmp/run.roff" -v n="$tmp/nvcc.roff" '
  function cat(f,  l) { while ((getline l < f) > 0) print l; close(f) }
  /^@HELP@$/ { cat(h); next }
  /^@SCAN@$/ { cat(s); next }
  /^@MERGE@$/ { cat(m); next }
  /^@RUN@$/ { cat(r); next }
  /^@NVCC@$/ { cat(n); next }
  { gsub(/@VERSION@/, v); print }
' "$tmpl" >"$tmp/out"
mv "$tmp/out" "$out"
