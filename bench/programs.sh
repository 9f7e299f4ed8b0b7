#!/bin/bash
# Builds and runs every program of a folder through simulee's CUDA toolkit and
# prints one row per program (bench/README.md, "Real programs").
#
# usage: bench/programs.sh [-t SECONDS] [-j N] [-o OUTDIR] [-a] [-p] [-k TOOLKIT] DIR [NAME...]
#
#   DIR       a folder of programs (e.g. a copy of NVIDIA's cuda-samples/Samples or
#             Rodinia's cuda/); NAMEs limit the run to those programs (their paths
#             under DIR, or the last part of it)
#   -t S      time limit of each program's run: S seconds of CPU (default 120;
#             the wall limit is 3 S, so a busy machine cuts a program short only
#             when it gets less than a third of a core: the row says what it used);
#             builds get 10 S of wall time
#   -j N      programs built and run at a time (default 2)
#   -o DIR    where the build folders, logs and reports go (default a new folder
#             under ${TMPDIR:-/tmp}); rows.tsv there holds the table as tab-separated rows;
#             with NAMEs, only their rows are replaced (a re-run of a few programs)
#   -p        print the table of an earlier run into -o OUTDIR, running nothing
#   -a        also build and run the programs the goal leaves out (graphics, MPI,
#             Tegra-only libraries)
#   -k DIR    the toolkit (default build/toolkit of this checkout; $SIMULEE_TOOLKIT)
#
# Run as root on a machine with a /usr/local/cuda, each program builds and
# runs in a mount namespace of its own where the toolkit is mounted over
# /usr/local/cuda (for Makefiles that name that folder themselves).
#
# A program is the shallowest folder under DIR with a CMakeLists.txt that adds an
# executable (configured with -DCMAKE_CUDA_COMPILER=TOOLKIT/bin/nvcc; one without a
# project() of its own that its parent adds with add_subdirectory is configured
# through the parent's CMakeLists.txt and only its folder is built), or with a
# Makefile (run as `make -B CUDA_DIR=TOOLKIT NVCC=TOOLKIT/bin/nvcc ...` with the
# toolkit's bin/ first in PATH, in place), or with .cu files and neither (built by
# `simulee run --no-run` on all of its .cu/.cpp files). Its executables run from the
# program's source folder, with the arguments of the table below (per collection,
# keyed by the program's path; none: no arguments), under SIMULEE_ERROR_EXITCODE=0
# (the exit status is the program's own), SIMULEE_JOBS=1 and SIMULEE_REPORT.
#
# Columns: program, goal (yes, or why it is left out: graphics, mpi, tegra (cuDLA,
# NvSci, NvMedia: libraries only Jetson/DRIVE systems have), llvm (LLVM's C++
# API), needs data),
# built, ran (to the end: exit status 0 or 2 "waived", within the limit, no signal),
# self-check (PASS/FAIL/WAIVED from the program's own output, else its exit status),
# launches and findings (from simulee's summary line at exit), the first error line.
set -u
ME=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
ROOT=$(cd "$(dirname "$0")/.." && pwd)

# --- per-collection arguments --------------------------------------------------
# "COLLECTION PROGRAM[/EXECUTABLE] ARGS..." (COLLECTION: cuda-samples or rodinia,
# told apart by DIR's files). Arguments with a "/" that name no file mark the
# program as needing data, so does "@needs=FILE" (a file the program opens by a name it
# makes itself; not passed to it). "@out" stands for a folder of the program's own under
# -o OUTDIR (created empty), for output a program would otherwise write into its source
# folder. Sizes are smaller than the collections' own run scripts where a program takes
# them on its command line.
args_table() {
  cat <<'EOF'
cuda-samples 0_Introduction/matrixMul/matrixMul -wA=128 -hA=64 -wB=64 -hB=128
cuda-samples 2_Concepts_and_Techniques/eigenvalues/eigenvalues -matrix-size=64 -iters-timing=1
cuda-samples 2_Concepts_and_Techniques/histogram/histogram -sizemult=1
cuda-samples 2_Concepts_and_Techniques/radixSortThrust/radixSortThrust -n=4096
cuda-samples 2_Concepts_and_Techniques/reduction/reduction -n=65536
cuda-samples 2_Concepts_and_Techniques/reductionMultiBlockCG/reductionMultiBlockCG -n=65536
cuda-samples 2_Concepts_and_Techniques/threadFenceReduction/threadFenceReduction -n=65536
cuda-samples 3_CUDA_Features/cdpAdvancedQuicksort/cdpAdvancedQuicksort -size=1000
cuda-samples 3_CUDA_Features/cdpSimpleQuicksort/cdpSimpleQuicksort -num_items=1000
cuda-samples 3_CUDA_Features/globalToShmemAsyncCopy/globalToShmemAsyncCopy -wA=128 -hA=64 -wB=64 -hB=128
cuda-samples 4_CUDA_Libraries/MersenneTwisterGP11213/MersenneTwisterGP11213 -count=65536
cuda-samples 4_CUDA_Libraries/matrixMulCUBLAS/matrixMulCUBLAS -sizemult=1
cuda-samples 4_CUDA_Libraries/nvJPEG_encoder/nvJPEG_encoder -o @out
cuda-samples 5_Domain_Specific/FDTD3d/FDTD3d -dimx=32 -dimy=32 -dimz=32 -timesteps=2
cuda-samples 5_Domain_Specific/dwtHaar1D/dwtHaar1D @needs=data/signal_2_18.dat
cuda-samples 5_Domain_Specific/SobolQRNG/SobolQRNG -vectors=1000 -dimensions=10
cuda-samples 6_Performance/UnifiedMemoryPerf/UnifiedMemoryPerf -kernel-iterations=1
cuda-samples 6_Performance/transpose/transpose -dimX=256 -dimY=256
cuda-samples 7_libNVVM/ptxgen/ptxgen test.ll
rodinia b+tree/b+tree.out file ../../data/b+tree/mil.txt command ../../data/b+tree/command.txt
rodinia backprop/backprop 16384
rodinia bfs/bfs.out ../../data/bfs/graph65536.txt
rodinia cfd/euler3d ../../data/cfd/fvcorr.domn.097K
rodinia cfd/euler3d_double ../../data/cfd/fvcorr.domn.097K
rodinia cfd/pre_euler3d ../../data/cfd/fvcorr.domn.097K
rodinia cfd/pre_euler3d_double ../../data/cfd/fvcorr.domn.097K
rodinia dwt2d/dwt2d @needs=../../data/dwt2d/192.bmp 192.bmp -d 192x192 -f -5 -l 3
rodinia gaussian/gaussian -s 64
rodinia heartwall/heartwall ../../data/heartwall/test.avi 2
rodinia hotspot/hotspot 512 2 2 ../../data/hotspot/temp_512 ../../data/hotspot/power_512 output.out
rodinia hotspot3D/3D 512 8 100 ../../data/hotspot3D/power_512x8 ../../data/hotspot3D/temp_512x8 output.out
rodinia huffman/pavle ../../data/huffman/test1024_H2.206587175259.in
rodinia hybridsort/hybridsort r
rodinia kmeans/kmeans -o -i ../../data/kmeans/kdd_cup
rodinia lavaMD/lavaMD -boxes1d 2
rodinia leukocyte/CUDA/leukocyte ../../../data/leukocyte/testfile.avi 2
rodinia lud/cuda/lud_cuda -s 64 -v
rodinia mummergpu/bin/mummergpu ../../data/mummergpu/NC_003997.fna ../../data/mummergpu/NC_003997_q100bp.fna
rodinia myocyte/myocyte.out 10 1 0
rodinia nn/nn filelist_4 -r 5 -lat 30 -lng 90 @needs=../../data/nn/cane4_0.db
rodinia nw/needle 256 10
rodinia particlefilter/particlefilter_naive -x 32 -y 32 -z 4 -np 100
rodinia particlefilter/particlefilter_float -x 32 -y 32 -z 4 -np 100
rodinia pathfinder/pathfinder 1000 20 5
rodinia srad/srad_v1/srad 2 0.5 502 458
rodinia srad/srad_v2/srad 128 128 0 31 0 31 0.5 2
rodinia streamcluster/sc_gpu 10 20 16 1024 1024 100 none output.txt 1
EOF
}

usage() {
  sed -n 's/^# usage: /usage: /p' "$ME" >&2
  exit 2
}

LIMIT=120 JOBS=2 OUT= ALL=0 PRINT=0 TK=${SIMULEE_TOOLKIT:-$ROOT/build/toolkit}
ONE=
while getopts t:j:o:ak:p1: o; do
  case $o in
  p) PRINT=1 ;;
  t) LIMIT=$OPTARG ;;
  j) JOBS=$OPTARG ;;
  o) OUT=$OPTARG ;;
  a) ALL=1 ;;
  k) TK=$OPTARG ;;
  1) ONE=$OPTARG ;;
  *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
case $LIMIT in '' | *[!0-9]*) echo "programs.sh: -t takes whole seconds" >&2; exit 2 ;; esac
case $JOBS in '' | *[!0-9]* | 0) echo "programs.sh: -j takes a count" >&2; exit 2 ;; esac
DIR=$(cd "$1" 2>/dev/null && pwd) || { echo "programs.sh: no folder $1" >&2; exit 2; }
shift
[ -x "$TK/bin/nvcc" ] || { echo "programs.sh: no toolkit at $TK (build simulee first, or -k)" >&2; exit 2; }
TK=$(cd "$TK" && pwd)
SIMULEE=${SIMULEE:-$(dirname "$TK")/simulee}

collection() {
  if [ -f "$DIR/../Common/helper_cuda.h" ] || [ -f "$DIR/Common/helper_cuda.h" ]; then echo cuda-samples
  elif [ -f "$DIR/../common/make.config" ] || [ -f "$DIR/common/make.config" ]; then echo rodinia
  else echo other; fi
}
COLL=$(collection)

# --- one program: build, run each executable, write its rows ------------------
# row: program goal built ran selfcheck launches findings error
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >>"$ROWS"; }

# first error line of a log: compiler/linker errors first, then any line naming an error
first_error() {
  if grep -q '^CMake Error' "$1"; then
    awk '/^CMake Error/ { on = 1 } on && NF { sub(/^ +/, ""); m = m (m == "" ? "" : " ") $0; if (++n == 5) exit }
      END { print m }' "$1" | cut -c1-220 | tr '\t' ' '
    return
  fi
  grep -m1 -E '(^|[^a-z])(error|fatal)( [A-Za-z0-9]+)?:|undefined reference|does not implement|No rule to make|No such file|not found|cannot find|Segmentation|Aborted|\*\*\*' "$1" 2>/dev/null |
    sed 's/^nvcc (simulee): error: .*: cannot compile [^ ]*: //; s|/[^ :]*/||g' | cut -c1-220 | tr '\t' ' '
}

# why a program is left out of the goal: graphics, mpi, tegra (by its build files and sources)
left_out() {
  p=$1
  files=$(find "$p" -maxdepth 3 -type f \( -name CMakeLists.txt -o -iname 'makefile*' -o -name '*.cu' -o -name '*.cuh' -o -name '*.c' -o -name '*.cpp' -o -name '*.h' -o -name '*.hpp' \) 2>/dev/null)
  [ -n "$files" ] || return 0
  # shellcheck disable=SC2086
  if grep -q -E 'find_package\((OpenGL|GLUT|GLEW|EGL|Vulkan|X11|glfw3)|#[[:space:]]*include[[:space:]]*[<"](GL/|GLES|GLFW/|EGL/|X11/|vulkan/|d3d1|dxgi|helper_gl\.h)|-l(GL|glut|GLEW|EGL|X11|vulkan)\b' $files; then
    echo graphics
  elif grep -q -E 'find_package\((MPI|NCCL)|#[[:space:]]*include[[:space:]]*[<"](mpi\.h|nccl\.h)|-l(mpi|nccl)\b' $files; then
    echo mpi
  elif grep -q -E '#[[:space:]]*include[[:space:]]*[<"](cudla\.h|nvscibuf\.h|nvscisync\.h|nvmedia)' $files; then
    echo tegra
  elif grep -q -E '#[[:space:]]*include[[:space:]]*[<"]llvm/' $files; then
    # LLVM's C++ API (7_libNVVM/cuda-c-linking: LLVM 7 to 14's), which
    # simulee's toolkit does not ship
    echo llvm
  fi
}

one() {
  rel=$1
  P=$DIR/$rel
  name=$(printf %s "$rel" | tr '/' '_')
  L=$OUT/logs/$name
  mkdir -p "$L"
  why=$(left_out "$P")
  goal=${why:-yes}
  # executables and arguments from the table
  entries=$(args_table | awk -v c="$COLL" -v p="$rel" '$1 == c && index($2, p "/") == 1 { $1 = ""; sub(/^ /, ""); print }')
  if [ "$ALL" = 0 ] && [ -n "$why" ]; then
    row "$rel" "$goal" - - - - - "left out ($why)"
    return
  fi
  # build
  kind=cu
  if [ -f "$P/CMakeLists.txt" ] && grep -q -E '(cuda_)?add_executable' "$P/CMakeLists.txt"; then kind=cmake
  elif [ -f "$P/Makefile" ] || [ -f "$P/makefile" ]; then kind=make; fi
  B=$OUT/build/$name
  rm -rf "$B"
  mkdir -p "$B"
  stamp=$B/.stamp
  : >"$stamp"
  sleep 1
  blim=$((LIMIT * 10))
  case $kind in
  cmake)
    # a CMakeLists.txt without a project() of its own is part of its
    # parent's (7_libNVVM): configured there, only its folder built
    src=$P sub=
    pp=$(dirname "$P")
    if ! grep -q -i -E '^[[:space:]]*project[[:space:]]*\(' "$P/CMakeLists.txt" &&
      [ -f "$pp/CMakeLists.txt" ] &&
      grep -q -E "^[[:space:]]*add_subdirectory[[:space:]]*\([[:space:]]*$(basename "$P")[[:space:]]*\)" "$pp/CMakeLists.txt"; then
      src=$pp sub=$(basename "$P")
    fi
    { timeout -k 5 "$blim" cmake -S "$src" -B "$B" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CUDA_COMPILER="$TK/bin/nvcc" &&
      if [ -n "$sub" ] && [ ! -d "$B/$sub" ]; then :
      elif [ -n "$sub" ] && [ -f "$B/$sub/Makefile" ]; then timeout -k 5 "$blim" make -C "$B/$sub"
      else timeout -k 5 "$blim" cmake --build "$B"; fi; } >"$L/build.log" 2>&1
    bst=$?
    [ -d "$B${sub:+/$sub}" ] || echo "programs.sh: $src/CMakeLists.txt does not add $sub" >>"$L/build.log"
    exes=$([ -d "$B${sub:+/$sub}" ] && find "$B${sub:+/$sub}" -path "$B/CMakeFiles" -prune -o -path "$B/$sub/CMakeFiles" -prune -o -type f -perm -u+x -newer "$stamp" -print | grep -v -E '\.(so|a|o|sh)$' | sort)
    rundir=$P ;;
  make)
    ( cd "$P" && HOME=$OUT/home timeout -k 5 "$blim" make -B \
        CUDA_DIR="$TK" CUDA_INSTALL_PATH="$TK" CUDA_PATH="$TK" NVCC="$TK/bin/nvcc" ) >"$L/build.log" 2>&1
    bst=$?
    exes=$(find "$P" -type f -perm -u+x -newer "$stamp" | grep -v -E '\.(so|a|o|sh|py|pl)$' | sort)
    rundir= ;;
  cu)
    srcs=$(find "$P" -maxdepth 1 -type f \( -name '*.cu' -o -name '*.cpp' \) | sort)
    # shellcheck disable=SC2086
    timeout -k 5 "$blim" "$SIMULEE" run --no-run -o "$B/$(basename "$P")" -I "$P" $srcs >"$L/build.log" 2>&1
    bst=$?
    exes=$( [ -x "$B/$(basename "$P")" ] && echo "$B/$(basename "$P")")
    rundir=$P ;;
  esac
  berr=
  [ "$bst" = 0 ] || berr=$(first_error "$L/build.log")
  [ "$bst" = 0 ] || [ -n "$berr" ] || berr="build exit status $bst: $(grep -v '^\s*$' "$L/build.log" | tail -1 | cut -c1-200)"
  # what to run: the table's entries, else every executable built
  if [ -z "$entries" ]; then
    if [ -z "$exes" ]; then
      [ -n "$berr" ] || berr=$(grep -m1 -E 'will not build|not found|does not add' "$L/build.log" | sed 's/^-- //' | cut -c1-200)
      [ -n "$berr" ] || berr="no executable built"
      row "$rel" "$goal" no - - - - "$berr"
      return
    fi
    entries=$(for e in $exes; do
      case $kind in make) printf '%s\n' "${e#"$DIR"/}" ;; *) printf '%s/%s\n' "$rel" "$(basename "$e")" ;; esac
    done)
  fi
  # the device code a CMake build leaves beside its executable (the GPU
  # binaries a driver API program loads: *.fatbin, *.cubin, *.ptx), and what
  # its POST_BUILD steps copied to the build folder's top (headers an NVRTC
  # program reads at run time), are linked into the folder the program runs
  # from, as when run from the build folder
  linked=
  if [ "$kind" = cmake ]; then
    for f in $( { find "$B" -path "$B/CMakeFiles" -prune -o -type f \( -name '*.fatbin' -o -name '*.cubin' -o -name '*.ptx' \) -newer "$stamp" -print
        find "$B" -mindepth 1 -maxdepth 1 -newer "$stamp" ! -name CMakeFiles ! -name Makefile ! -name '*.cmake' \
          ! -name CMakeCache.txt ! -name '*.o' ! -name '*.a' ! -name '*.so' \( -type d -o ! -perm -u+x \) -print; } | sort -u); do
      [ -e "$rundir/$(basename "$f")" ] && continue
      ln -s "$f" "$rundir/$(basename "$f")" && linked="$linked $rundir/$(basename "$f")"
    done
  fi
  printf '%s\n' "$entries" | while read -r exe args; do
    ename=${exe#"$rel"/}
    pname=$rel
    [ "$(printf '%s\n' "$entries" | wc -l)" -gt 1 ] && pname="$rel:$ename"
    case $kind in
    make) path=$DIR/$exe; rd=$(dirname "$path") ;;
    *) path=$(printf '%s\n' $exes | awk -v b="$(basename "$exe")" '{ n = split($0, a, "/"); if (a[n] == b) { print; exit } }'); rd=$rundir ;;
    esac
    g=$goal
    needs=
    for a in $args; do
      case $a in
      @needs=*) [ -e "$rd/${a#@needs=}" ] || needs=${a#@needs=} ;;
      -*) ;;
      */*) [ -e "$rd/$a" ] || needs=${needs:-$a} ;;
      esac
    done
    out=$B/out-$(printf %s "$ename" | tr '/' '_')
    case " $args " in *" @out "*) rm -rf "$out" && mkdir -p "$out" ;; esac
    args=$(for a in $args; do case $a in @needs=*) ;; @out) printf '%s ' "$out" ;; *) printf '%s ' "$a" ;; esac; done)
    [ -n "$needs" ] && g="needs data"
    if [ -z "$path" ] || [ ! -x "$path" ] || ! grep -q -x -F "$path" <<<"$exes"; then
      row "$pname" "$g" no - - - - "${berr:-no executable $ename built}"
      continue
    fi
    built=yes
    [ "$bst" = 0 ] || built="yes (build exit $bst)"
    if [ "$g" = "needs data" ] && [ "$ALL" = 0 ]; then
      row "$pname" "$g" "$built" - - - - "needs data: $needs"
      continue
    fi
    rn=$(printf %s "$ename" | tr '/' '_')
    rep=$L/$rn.report.json
    rm -f "$rep"
    # shellcheck disable=SC2086
    ( cd "$rd" && ulimit -t "$LIMIT" && SIMULEE_ERROR_EXITCODE=0 SIMULEE_JOBS=1 SIMULEE_NO_COLOR=1 \
        SIMULEE_REPORT="$rep" /usr/bin/time -o "$L/$rn.time" -f '%e %U %S' \
        timeout -k 5 $((LIMIT * 3)) "$path" $args </dev/null ) >"$L/$rn.out" 2>"$L/$rn.err"
    st=$?
    summ=$(grep -E '^simulee: [0-9]+ launch(es)? of ' "$L/$rn.err" | tail -1)
    launches=$(printf %s "$summ" | sed -n 's/^simulee: \([0-9]*\) launch.*/\1/p')
    findings=$(printf %s "$summ" | sed -n 's/.*checked ([^)]*), \([0-9]*\) finding.*/\1/p')
    bad=$(printf %s "$summ" | sed -n 's/.*, \([0-9]*\) launch\(es\)\{0,1\} that did not run right.*/\1/p')
    [ -n "$bad" ] && findings="$findings (+$bad bad launches)"
    ran=no
    err=
    case $st in
    0 | 2) ran=yes ;;
    124 | 137 | 152)
      used=$(awk 'END { printf "%.0f s CPU in %.0f s wall", $2 + $3, $1 }' "$L/$rn.time" 2>/dev/null)
      err="time limit (${LIMIT} s CPU, $((LIMIT * 3)) s wall; used ${used:-?})" ;;
    129 | 13[0-9] | 1[4-8][0-9] | 19[0-2]) err="killed by signal $((st - 128))" ;;
    esac
    both=$L/$rn.both
    cat "$L/$rn.out" "$L/$rn.err" >"$both"
    if grep -q -E '[Tt]est [Ff]ailed|FAILED|Result = FAIL|\bFAIL\b|[DdMm]ismatch at' "$L/$rn.out"; then sc=FAIL
    elif grep -q -i -E 'waiv' "$both" && [ "$st" = 2 ]; then sc=WAIVED
    elif grep -q -E '[Tt]est [Pp]assed|PASSED|Result = PASS|\bPASS\b|[Rr]esults? (match|OK)' "$L/$rn.out"; then sc=PASS
    else sc="exit $st"; fi
    case $err in time* | killed*) sc=- ;; esac
    # no summary line: the runtime's exit code did not run, or nothing was launched
    [ -z "$summ" ] && [ "$ran" = yes ] && [ ! -s "$rep" ] && launches="0?"
    if [ "$ran" = no ] && [ -z "$err" ]; then
      err=$(grep -m1 -v -E '^simulee: [0-9]+ launch' "$L/$rn.err" | cut -c1-220 | tr '\t' ' ')
      [ -n "$err" ] || err="exit status $st: $(grep -v '^\s*$' "$L/$rn.out" | tail -1 | cut -c1-200)"
    elif [ "$ran" = no ]; then
      e2=$(grep -m1 -v -E '^simulee: [0-9]+ launch' "$L/$rn.err" | cut -c1-160 | tr '\t' ' ')
      [ -n "$e2" ] && err="$err; $e2"
    fi
    row "$pname" "$g" "$built" "$ran" "$sc" "${launches:--}" "${findings:--}" "$err"
  done
  # shellcheck disable=SC2086
  [ -z "$linked" ] || rm -f $linked
}

if [ -n "$ONE" ]; then
  one "$ONE"
  exit 0
fi

# --- the programs ------------------------------------------------------------
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/programs.XXXXXX")}
mkdir -p "$OUT/home"
OUT=$(cd "$OUT" && pwd)
ROWS=$OUT/rows.tsv
# Rodinia's hotspot3D includes ~/rodinia_3.0/common/make.config: HOME is a folder
# where that names the collection's
[ "$COLL" = rodinia ] && ln -sfn "$(cd "$DIR/.." && pwd)" "$OUT/home/rodinia_3.0"

list_programs() {
  find "$DIR" -mindepth 1 -type d | sort | while read -r d; do
    if { [ -f "$d/CMakeLists.txt" ] && grep -q -E '(cuda_)?add_executable' "$d/CMakeLists.txt"; } ||
      [ -f "$d/Makefile" ] || [ -f "$d/makefile" ] || ls "$d"/*.cu >/dev/null 2>&1; then
      printf '%s\n' "${d#"$DIR"/}"
    fi
  done | awk '{ for (i in seen) if (index($0, i "/") == 1) next; seen[$0] = 1; print }'
}
progs=$(list_programs)
if [ $# -gt 0 ]; then
  progs=$(for n in "$@"; do printf '%s\n' "$progs" | awk -v n="$n" '$0 == n || $0 ~ ("/" n "$")'; done)
fi
[ -n "$progs" ] || { echo "programs.sh: no programs under $DIR" >&2; exit 2; }
# with NAMEs, the rows of other programs from an earlier run into the same -o folder stay
if [ $# -gt 0 ] && [ -f "$ROWS" ] && [ "$PRINT" = 0 ]; then
  printf '%s\n' "$progs" | awk -F'\t' 'NR == FNR { p[$0] = 1; next } { n = $1; sub(/:.*/, "", n) } !(n in p)' - "$ROWS" >"$ROWS.keep"
  mv "$ROWS.keep" "$ROWS"
elif [ "$PRINT" = 0 ]; then
  : >"$ROWS"
fi
# The toolkit is the only CUDA: a machine's own CUDA settings (NVIDIA's stubs in
# LIBRARY_PATH, CUDA_HOME) would otherwise decide what links; the runs find the
# toolkit's libraries as an installed CUDA's ld.so.conf entry makes them found.
unset LIBRARY_PATH CPATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH CUDA_ROOT CUDACXX NVCC_PREPEND_FLAGS NVCC_APPEND_FLAGS
export CUDA_HOME="$TK" CUDA_PATH="$TK" CUDA_TOOLKIT_ROOT_DIR="$TK"
export LD_LIBRARY_PATH="$TK/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$TK/bin:$PATH"
export SIMULEE_NO_COLOR=1
# A Makefile that names /usr/local/cuda itself (-L/usr/local/cuda/lib64) finds
# the toolkit there, as on a machine where it is the CUDA installed in that
# place: run as root, each program builds and runs in a mount namespace of
# its own where the toolkit is mounted over the machine's /usr/local/cuda
# (nothing changes outside it); otherwise such a Makefile gets what is there.
WRAP=()
if [ "$(id -u)" = 0 ] && [ -d /usr/local/cuda ] &&
  [ "$(cd /usr/local/cuda && pwd -P)" != "$(cd "$TK" && pwd -P)" ] &&
  unshare -m --propagation private true 2>/dev/null; then
  # shellcheck disable=SC2016
  WRAP=(unshare -m --propagation private sh -c 'mount --bind "$0" /usr/local/cuda && exec "$@"' "$TK")
fi
[ "$PRINT" = 1 ] || printf '%s\n' "$progs" | xargs -P "$JOBS" -I{} "${WRAP[@]}" env ROWS="$ROWS" "$ME" -t "$LIMIT" -o "$OUT" -k "$TK" \
  $([ "$ALL" = 1 ] && echo -a) -1 {} "$DIR"

# --- the table ---------------------------------------------------------------
sort -o "$ROWS" "$ROWS"
echo "collection: $COLL ($DIR), toolkit: $TK, limit ${LIMIT} s CPU per run, logs: $OUT"
echo
echo "| program | goal | built | ran | self-check | launches | findings | first error |"
echo "| --- | --- | --- | --- | --- | ---: | ---: | --- |"
sed 's/|/\\|/g; s/\t/ | /g; s/^/| /; s/$/ |/' "$ROWS"
echo
awk -F'\t' '
  { n++
    if ($2 == "yes") {
      g++; if ($3 ~ /^yes/) b++; if ($4 == "yes") r++
      if ($5 == "PASS") p++; else if ($5 == "FAIL") f++; else if ($5 == "WAIVED") w++; else if ($5 == "exit 0") z++
    } else out[$2]++ }
  END {
    printf "programs: %d; in the goal: %d (left out:", n, g
    for (k in out) printf " %s %d", k, out[k]
    printf ")\n"
    if (g) printf "built: %d/%d = %.1f%%; ran to the end: %d/%d = %.1f%%; self-check: PASS %d, exit 0 (no verdict printed) %d, WAIVED %d, FAIL %d\n",
      b, g, 100 * b / g, r, g, 100 * r / g, p, z, w, f
  }' "$ROWS"
