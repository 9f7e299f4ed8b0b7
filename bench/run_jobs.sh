#!/bin/sh
# A program's launches on one and on two threads (simulee run -j,
# SIMULEE_JOBS; bench/README.md "A program's launches on two cores"):
#   sh bench/run_jobs.sh [BUILD_DIR]          (default build/)
# Builds bench/apps/jacobi.cu once (`simulee run --no-run -o`) and runs the
# built program N times (default 9) with SIMULEE_JOBS=1 and =2 back to back
# (pairs, so that both see the same load), with ARGS (default "1048576 4":
# 4 launches of 1 M threads) and SIMULEE_CHECK=$CHECK (default all). Every
# run must print the program's " 0 wrong" and the same stdout at both -j.
# Prints, per -j, the medians of the wall time, the CPU time (user + sys)
# and the critical path of the --stats line (CPU outside the workers + each
# launch's busiest worker), and the medians of the pairs' ratios.
# VG=1: also one run of each under callgrind (--separate-threads=yes): host
# instructions of the whole run and of its busiest thread.
set -eu
B=${1:-build}
SIM=$(cd "$B" && pwd)/simulee
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
command -v python3 >/dev/null || { echo "run_jobs.sh: needs python3" >&2; exit 2; }
cd "$ROOT"
"$SIM" run -o "$T/jacobi" --no-run bench/apps/jacobi.cu >"$T/build.log" 2>&1 ||
  { cat "$T/build.log" >&2; exit 1; }
N=${N:-9} ARGS=${ARGS:-1048576 4} CHECK=${CHECK:-all} VG=${VG:-0} T=$T python3 - <<'PY'
import os, re, resource, statistics, subprocess, glob
T, N, args, vg = os.environ["T"], int(os.environ["N"]), os.environ["ARGS"].split(), os.environ["VG"]
env = dict(os.environ, SIMULEE_CHECK=os.environ["CHECK"], SIMULEE_STATS="1", SIMULEE_NO_COLOR="1")
prog = [T + "/jacobi"] + args

def run(j, pre=()):
    e = dict(env, SIMULEE_JOBS=str(j))
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    import time
    t0 = time.monotonic()
    p = subprocess.run(list(pre) + prog, env=e, capture_output=True, text=True)
    wall = time.monotonic() - t0
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = r.ru_utime + r.ru_stime - r0.ru_utime - r0.ru_stime
    if " 0 wrong" not in p.stdout:
        raise SystemExit("run_jobs.sh: wrong output at -j %d:\n%s%s" % (j, p.stdout, p.stderr))
    m = re.search(r"critical path ([0-9.]+) s", p.stderr)
    par = re.search(r"stats: -j \d+: ([^,]*),", p.stderr)
    return wall, cpu, float(m.group(1)) if m else float("nan"), par.group(1) if par else "?", p.stdout

rows = {1: [], 2: []}
for i in range(N):
    for j in (1, 2):
        rows[j].append(run(j))
    if rows[1][-1][4] != rows[2][-1][4]:
        raise SystemExit("run_jobs.sh: the output at -j 2 differs")
med = lambda xs: statistics.median(xs)
print("program: bench/apps/jacobi.cu %s, SIMULEE_CHECK=%s, %d pairs" % (" ".join(args), env["SIMULEE_CHECK"], N))
for j in (1, 2):
    r = rows[j]
    print("-j %d: wall %.3f s, CPU %.3f s, critical path %.3f s (medians); %s" %
          (j, med([x[0] for x in r]), med([x[1] for x in r]), med([x[2] for x in r]), r[0][3]))
pairs = list(zip(rows[1], rows[2]))
print("ratios -j 1 / -j 2 (medians of the pairs): wall %.2fx, CPU %.2fx, "
      "CPU of -j 1 / critical path of -j 2 %.2fx" %
      (med([a[0] / b[0] for a, b in pairs]), med([a[1] / b[1] for a, b in pairs]),
       med([a[1] / b[2] for a, b in pairs])))
if vg == "1":
    for j in (1, 2):
        out = "%s/cg%d" % (T, j)
        run(j, ["valgrind", "--tool=callgrind", "--separate-threads=yes",
                "--callgrind-out-file=" + out + ".%p"])
        # per process (a child the program forks has files of its own): the
        # threads of the one with the most instructions
        procs = {}
        for f in glob.glob(out + ".*-*"):
            pid = f.rsplit(".", 1)[1].split("-")[0]
            for line in open(f):
                if line.startswith("summary:") or line.startswith("totals:"):
                    procs.setdefault(pid, []).append(int(line.split()[1]))
                    break
        counts = sorted(max(procs.values(), key=sum), reverse=True)
        print("-j %d callgrind: %d M host instructions in all, busiest thread %d M (threads: %s)" %
              (j, sum(counts) // 10**6, counts[0] // 10**6, ", ".join(str(c // 10**6) for c in counts)))
PY
