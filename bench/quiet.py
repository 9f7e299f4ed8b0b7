#!/usr/bin/env python3
"""bench/quiet.py: the targets of issue 21 on a quiet machine, in one run.

1. One core (every command pinned with `taskset -c 0`, simulee at `-j 1`):
   the reduction of bench/run.sh (bench/reduce.cu, 256 blocks x 256
   threads, 4 items per thread, from bitcode compiled with the flags of
   SIMULEE_CUDA_FLAGS) under Oclgrind --data-races, plain Oclgrind, and
   simulee with default options (detection, ITS), --warp-model lockstep and
   --no-detect: median wall and CPU time of N runs, the ratios, and the
   simulated instructions per second that --stats gives (median of the
   detecting runs).
2. The 1 M-thread launch (--grid 4096, same kernel, default options) at
   -j 1 and -j 2, N interleaved pairs (unpinned): the median of the per-pair
   ratios of the process wall time (start-up, load, input and output
   included) and of the launch's own time (--stats kernel time).
3. The automatic check of a small file: every .cu of tests/kernels/auto,
   `simulee FILE.cu --seed 1` (default options, all cores), the median of
   SMALL_RUNS wall times per file, then the median over the files.

Every simulee run's block sums are checked (each block sums to 1024), so a
broken run is never timed. Environment: SIMULEE (default build/simulee),
OCLGRIND (oclgrind-kernel), CLANG (clang-19), N (9), SMALL_RUNS (3),
PARTS (a subset of "1 2 3", default all).
Usage: python3 bench/quiet.py   (from anywhere)
"""
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)
SIM = os.path.abspath(os.environ.get("SIMULEE", "build/simulee"))
OCL = os.environ.get("OCLGRIND", "oclgrind-kernel")
CLANG = os.environ.get("CLANG", "clang-19")
N = int(os.environ.get("N", "9"))
SMALL_RUNS = int(os.environ.get("SMALL_RUNS", "3"))
PARTS = os.environ.get("PARTS", "1 2 3").split()
PIN = ["taskset", "-c", "0"]


def timed(cmd, cwd=None):
    """(wall s, cpu s, stdout+stderr) of one run; exit status 0 or 1 only."""
    t0 = time.monotonic()
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    t1 = time.monotonic()
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 1):
        sys.exit("quiet.py: exit status %d from %s\n%s" % (p.returncode, shlex.join(cmd),
                                                            p.stdout.decode()[-2000:]))
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return t1 - t0, cpu, p.stdout.decode(errors="replace")


def cuda_flags():
    text = open(os.path.join(ROOT, "CMakeLists.txt")).read()
    m = re.search(r"set\(SIMULEE_CUDA_FLAGS(.*?)\)", text, re.S)
    if not m:
        sys.exit("quiet.py: SIMULEE_CUDA_FLAGS not found in CMakeLists.txt")
    words = []
    for w in shlex.split(m.group(1)):
        w = w.replace("${SIMULEE_CUDA_DIR}", os.path.join(ROOT, "cuda"))
        if "${" in w:
            continue
        words.append(w)
    return words + ["-O2"]  # the CLI's default optimisation level


def sums_ok(out, blocks):
    vals = [float(x) for x in re.findall(r"^([-+]?[0-9]+\.?[0-9]*(?:[eE][-+]?[0-9]+)?)$", out, re.M)]
    return len(vals) == blocks and all(v == 1024.0 for v in vals)


def ocl_ok(out):
    vals = re.findall(r"^ *out\[[0-9]+\] = ([0-9.eE+-]+)", out, re.M)
    return len(vals) == 256 and all(float(v) == 1024.0 for v in vals)


def series(name, cmd, check, cwd=None):
    walls, cpus, outs = [], [], []
    for _ in range(N):
        w, c, out = timed(cmd, cwd)
        if not check(out):
            sys.exit("quiet.py: %s: wrong block sums\n%s" % (name, out[-2000:]))
        walls.append(w)
        cpus.append(c)
        outs.append(out)
    return statistics.median(walls), statistics.median(cpus), outs


def rate(outs):
    r = []
    for out in outs:
        m = re.search(r"^simulee: stats: kernel [^:]*: ([0-9]+) instructions,.*, ([0-9.]+) s,", out, re.M)
        if m:
            r.append((int(m.group(1)), float(m.group(2))))
    if not r:
        return None
    insns = r[0][0]
    return insns, statistics.median(s for _, s in r)


def main():
    tmp = tempfile.mkdtemp(prefix="simulee-quiet.")
    bc = os.path.join(tmp, "small.bc")
    subprocess.run([CLANG] + cuda_flags() + ["-DITEMS=4", "bench/reduce.cu", "-o", bc], check=True)
    print("machine: %d cores, %s; load average %s" % (
        os.cpu_count(), open("/proc/cpuinfo").read().split("model name")[1].split(":")[1].split("\n")[0].strip(),
        open("/proc/loadavg").read().split()[0]))
    print("simulee: %s (%s)" % (SIM, subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                                                      capture_output=True, text=True).stdout.strip()))
    sim = [SIM, bc, "--kernel", "reduce", "--grid", "256", "--block", "256", "--arg", "f32[262144]=1",
           "--arg", "f32[256]", "--stats", "--dump", "1", "-j", "1"]
    if "1" in PARTS:
        rows = []
        ocl = lambda flags: PIN + ["env", "OCLGRIND_NUM_THREADS=1", OCL, "--num-threads", "1"] + flags + ["reduce.sim"]
        od = series("oclgrind --data-races", ocl(["--data-races"]), ocl_ok, cwd="bench")
        op = series("oclgrind", ocl([]), ocl_ok, cwd="bench")
        sd = series("simulee default", PIN + sim, lambda o: sums_ok(o, 256))
        sl = series("simulee lockstep", PIN + sim + ["--warp-model", "lockstep"], lambda o: sums_ok(o, 256))
        sp = series("simulee --no-detect", PIN + sim + ["--no-detect"], lambda o: sums_ok(o, 256))
        print("\none core (taskset -c 0, -j 1), median of %d: wall s, CPU s, Oclgrind/simulee by wall and by CPU" % N)
        print("  oclgrind --data-races  %.4f %.4f" % od[:2])
        print("  oclgrind plain         %.4f %.4f" % op[:2])
        for label, s, ref in (("simulee default       ", sd, od), ("simulee lockstep      ", sl, od),
                              ("simulee --no-detect   ", sp, op)):
            print("  %s %.4f %.4f  %.1fx %.1fx" % (label, s[0], s[1], ref[0] / s[0], ref[1] / s[1]))
        for label, s in (("default", sd), ("--no-detect", sp)):
            r = rate(s[2])
            if r:
                print("  --stats %s: %d instructions, kernel %.4f s (median) = %.0f M instructions/s" % (
                    label, r[0], r[1], r[0] / r[1] / 1e6))
    if "2" in PARTS:
        big = [SIM, bc, "--kernel", "reduce", "--grid", "4096", "--block", "256", "--arg", "f32[4194304]=1",
               "--arg", "f32[4096]", "--stats", "--dump", "1"]
        ratios, w1s, w2s = [], [], []
        kr, k1s, k2s = [], [], []
        for _ in range(N):
            w1, _, o1 = timed(big + ["-j", "1"])
            w2, _, o2 = timed(big + ["-j", "2"])
            if not (sums_ok(o1, 4096) and sums_ok(o2, 4096)):
                sys.exit("quiet.py: 1 M-thread launch: wrong block sums")
            if "on 2 threads" not in o2:
                sys.exit("quiet.py: the -j 2 run did not keep its blocks on 2 threads\n" + o2[-1000:])
            ratios.append(w1 / w2)
            w1s.append(w1)
            w2s.append(w2)
            k1, k2 = rate([o1]), rate([o2])
            if k1 and k2:
                kr.append(k1[1] / k2[1])
                k1s.append(k1[1])
                k2s.append(k2[1])
        def quart(v):
            q = statistics.quantiles(v, n=4) if len(v) > 1 else [v[0], v[0], v[0]]
            return q[0], q[2]
        print("\n1 M-thread launch, %d interleaved pairs: -j 1 %.3f s, -j 2 %.3f s (medians of the "
              "process wall); median of the pair ratios %.2fx (quartiles %.2fx-%.2fx)" % (
                  (N, statistics.median(w1s), statistics.median(w2s), statistics.median(ratios))
                  + quart(ratios)))
        if kr:
            print("  the launch alone (--stats kernel time): -j 1 %.4f s, -j 2 %.4f s (medians); "
                  "median of the pair ratios %.2fx (quartiles %.2fx-%.2fx)" % (
                      (statistics.median(k1s), statistics.median(k2s), statistics.median(kr))
                      + quart(kr)))
    if "3" in PARTS:
        files = sorted(f for f in os.listdir("tests/kernels/auto") if f.endswith(".cu"))
        per = []
        for f in files:
            ws = [timed([SIM, os.path.join("tests/kernels/auto", f), "--seed", "1"])[0] for _ in range(SMALL_RUNS)]
            per.append((statistics.median(ws), f))
        per.sort()
        print("\nsmall-file automatic check, %d files, median of %d runs each: median %.3f s wall, "
              "slowest %s %.3f s" % (len(files), SMALL_RUNS, statistics.median(w for w, _ in per),
                                      per[-1][1], per[-1][0]))
    subprocess.run(["rm", "-rf", tmp])


main()
