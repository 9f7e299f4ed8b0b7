#!/bin/sh
# Write the man page simulee(1) from doc/simulee.1.in, the program's own
# --help texts and sections of the manual in docs/, so that none of them
# can drift from the page:
#   sh doc/make_man.sh SIMULEE TEMPLATE OUT
# @HELP@, @SCAN@, @MERGE@, @RUN@ and @NVCC@ lines of TEMPLATE become `SIMULEE --help`,
# `SIMULEE scan --help`, `SIMULEE merge --help`, `SIMULEE run --help` and
# `SIMULEE nvcc --help` in roff; @VERSION@ the
# first line of `SIMULEE --version`. A line `@MD FILE HEADING@` becomes the
# section `## HEADING` of the Markdown file FILE (relative to the source root,
# the folder above TEMPLATE's), up to its next `## ` heading, in roff; a
# missing file or section is an error, so a renamed heading cannot empty the page.
#
# Help text layout: paragraphs at column 0 ("Heading:" alone ends in a
# colon: a subsection), option lines "  TERM   description" (a gap of two or
# more blanks after the term), description lines indented further. The
# leading "usage:" paragraph is left out (SYNOPSIS says it).
#
# Markdown: paragraphs, "- " lists (continuation lines indented), fenced code
# blocks, "### " subheadings and tables (first column the term, the others
# its description); `code` and **bold** are bold, [text](link) is the text.
set -eu
sim=$1 tmpl=$2 out=$3
root=$(cd "$(dirname "$tmpl")/.." && pwd)
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

# md_section FILE HEADING: the section's Markdown lines, without its heading
md_section() {
  awk -v h="## $2" '
    $0 == h { on = 1; found = 1; next }
    on && !fence && /^## / { exit }
    on && /^```/ { fence = !fence }
    on { print }
    END { if (!found) exit 1 }
  ' "$1"
}

md_to_roff() {
  awk '
    function esc(s) {
      gsub(/\\/, "\\e", s)
      gsub(/-/, "\\-", s)
      return s
    }
    function lead(s) {
      sub(/^[.'"'"']/, "\\\\\\&&", s)
      return s
    }
    # inline Markdown of escaped text: code spans, bold, links
    function inl(s,   out, i, c, j) {
      gsub(/\\e\|/, "|", s)
      out = ""
      while ((i = index(s, "`")) > 0) {
        j = index(substr(s, i + 1), "`")
        if (j == 0) break
        out = out span(substr(s, 1, i - 1)) "\\fB" substr(s, i + 1, j - 1) "\\fR"
        s = substr(s, i + j + 1)
      }
      return out span(s)
    }
    function span(s) {
      while (match(s, /\*\*[^*]+\*\*/))
        s = substr(s, 1, RSTART - 1) "\\fB" substr(s, RSTART + 2, RLENGTH - 4) "\\fR" substr(s, RSTART + RLENGTH)
      while (match(s, /\[[^]]*\]\([^)]*\)/)) {
        t = substr(s, RSTART + 1, RLENGTH - 2)
        sub(/\]\(.*$/, "", t)
        s = substr(s, 1, RSTART - 1) t substr(s, RSTART + RLENGTH)
      }
      return s
    }
    function flush() {
      if (para != "") { print (item ? ".IP \\(bu 2" : ".PP"); print lead(inl(esc(para))) }
      para = ""; item = 0
    }
    BEGIN { para = ""; item = 0; code = 0; table = 0 }
    /^```/ {
      flush()
      if (!code) { print ".PP"; print ".nf"; print ".RS"; code = 1 }
      else { print ".RE"; print ".fi"; code = 0 }
      next
    }
    code { print lead(esc($0)); next }
    /^\|/ {
      flush()
      line = $0
      gsub(/\\\|/, "\001", line)
      if (!table) { table = 1; next }          # the header row
      if (line ~ /^\|[ :|-]*$/) next            # the separator row
      n = split(line, cell, /\|/)
      term = cell[2]; desc = ""
      for (k = 3; k < n; k++) desc = desc (desc == "" ? "" : "; ") cell[k]
      gsub(/^ +| +$/, "", term); gsub(/^ +| +$/, "", desc)
      gsub(/\001/, "|", term); gsub(/\001/, "|", desc)
      print ".TP"
      print lead(inl(esc(term)))
      print lead(inl(esc(desc)))
      next
    }
    { table = 0 }
    /^$/ { flush(); next }
    /^### / { flush(); print ".SS " esc(substr($0, 5)); next }
    /^- / { flush(); item = 1; para = substr($0, 3); next }
    {
      s = $0; sub(/^ +/, "", s)
      para = (para == "" ? s : para " " s)
    }
    END { flush() }
  '
}

to_roff "$tmp/help" >"$tmp/help.roff"
to_roff "$tmp/scan" >"$tmp/scan.roff"
to_roff "$tmp/merge" >"$tmp/merge.roff"
to_roff "$tmp/run" >"$tmp/run.roff"
to_roff "$tmp/nvcc" >"$tmp/nvcc.roff"
# the @MD lines first, each into a file of its own
awk '/^@MD .*@$/ { n++; print n "\t" substr($0, 5, length($0) - 5) }' "$tmpl" >"$tmp/md.list"
while IFS='	' read -r n spec; do
  file=${spec%% *} heading=${spec#* }
  [ -f "$root/$file" ] || { echo "make_man.sh: $file: no such file" >&2; exit 1; }
  md_section "$root/$file" "$heading" >"$tmp/md$n.md" ||
    { echo "make_man.sh: $file: no section '## $heading'" >&2; exit 1; }
  md_to_roff <"$tmp/md$n.md" >"$tmp/md$n.roff"
done <"$tmp/md.list"
awk -v v="$version" -v h="$tmp/help.roff" -v s="$tmp/scan.roff" -v m="$tmp/merge.roff" \
    -v r="$tmp/run.roff" -v n="$tmp/nvcc.roff" -v t="$tmp" '
  function cat(f,  l) { while ((getline l < f) > 0) print l; close(f) }
  /^@HELP@$/ { cat(h); next }
  /^@SCAN@$/ { cat(s); next }
  /^@MERGE@$/ { cat(m); next }
  /^@RUN@$/ { cat(r); next }
  /^@NVCC@$/ { cat(n); next }
  /^@MD .*@$/ { md++; cat(t "/md" md ".roff"); next }
  { gsub(/@VERSION@/, v); print }
' "$tmpl" >"$tmp/out"
mv "$tmp/out" "$out"
