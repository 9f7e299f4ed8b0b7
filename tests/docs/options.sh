#!/bin/sh
# The manual and the program name the same options: every long option of
# `simulee --help`, `scan --help`, `merge --help`, `run --help` and
# `nvcc --help` is documented in README.md or docs/*.md, and every long
# option the docs name is one of those, an nvcc spelling the toolkit's driver
# translates (a string of cli/nvcc.c), clang's `--cuda-*`, or an option of
# another tool the docs show a command of (the list below). An option renamed or dropped in the
# code, or documented but never accepted, fails.
#   options.sh SIMULEE SRC
set -u
sim=$1 src=$2
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 99
longopts() { grep -oE -- '(^|[^A-Za-z0-9_-])--[A-Za-z][A-Za-z0-9-]*' | sed -E 's/^[^-]+//' | sort -u; }
{ "$sim" --help && "$sim" scan --help && "$sim" merge --help && "$sim" run --help &&
  "$sim" nvcc --help; } >"$tmp/help.txt" || { echo "FAIL: a --help failed"; exit 1; }
longopts <"$tmp/help.txt" >"$tmp/help"
# (link targets left out: `kernel.md#--arg-values` is an anchor)
sed -E 's/\]\([^)]*\)/]/g' README.md docs/*.md | longopts >"$tmp/docs"
[ "$(wc -l <"$tmp/help")" -ge 40 ] && [ "$(wc -l <"$tmp/docs")" -ge 40 ] ||
  { echo "FAIL: could not read the options"; exit 1; }

# options of the other tools whose commands the docs show
cat >"$tmp/foreign" <<'LIST'
--array
--build
--cpus-per-task
--dependency
--die-with-parent
--install
--job-name
--no-install-recommends
--output-on-failure
--parsable
--prefix
--return
--sshlogin
--test-dir
--time
--workdir
--wrap
LIST
# cmake and ctest, apt-get, bwrap, Slurm's sbatch, GNU parallel (clang's --cuda-* below)

bad=0
for o in $(comm -23 "$tmp/help" "$tmp/docs"); do
  echo "FAIL: $o is an option of --help but README.md and docs/ do not document it"
  bad=1
done
for o in $(comm -13 "$tmp/help" "$tmp/docs"); do
  grep -Fxq -- "$o" "$tmp/foreign" && continue
  case $o in --cuda-*) continue ;; esac   # clang's CUDA options
  grep -Fq -- "\"$o" cli/nvcc.c && continue
  echo "FAIL: the docs name $o, which no --help lists and simulee does not accept"
  bad=1
done
[ "$bad" = 0 ] || exit 1
echo "ok: $(wc -l <"$tmp/help") long options of --help, all in the docs; every option the docs name exists"
