#!/usr/bin/env python3
"""Run time of the OpenMP Cholesky and LU examples on the hccsim runtime
against libomp and libgomp, in one command.

    python3 bench/omp_runtime.py --build-dir build [--threads 2] [--reps 5]
                                 [--cholesky 6144,256] [--lu 4608,256]

Builds examples/cholesky/cholesky.c and examples/lu/lu.c three times each,
into <build>/bench/omp-runtime/:

    hccsim   <build>/bin/hccsim -fnative -O2     (hccsim's OpenMP runtime on its
                                                  native task runtime)
    libomp   clang-19 -fopenmp -O2               (--clang to change)
    libgomp  gcc -fopenmp -O2                    (--gcc to change)

all with -std=c11 -ffp-contract=off -llapacke -lopenblas -lm. Each run has
EXAMPLE_TIME=1 in its environment, so the program prints the wall time of the
factorisation alone (tiles generated, up to the end of the parallel region)
on stderr, and checks its residual (its "ok" line is required). Threads:
OMP_NUM_THREADS=<threads> for the OpenMP runtimes, HCC_WORKERS=<threads> HCC_GPUS=0
HCC_MODE=native for hccsim (scheduler: the runtime's default, or
--hcc-sched); OpenBLAS single-threaded (the programs ask for it too).

The runs are interleaved (program by program, the runtimes in a rotating
order) so that machine noise hits all alike; the median over --reps runs is
kept. The default sizes take about 1 to 3 s per run on 2 cores (about 2 s on
an idle 2-core machine).

Progress goes to stderr, one line per run. On stdout: a table of median
seconds per program and runtime, then

    figure cholesky_runtime_ratio_vs_libomp = <hccsim / libomp>
    figure lu_runtime_ratio_vs_libomp = ...
    figure cholesky_runtime_ratio_vs_libgomp = <hccsim / libgomp>
    figure lu_runtime_ratio_vs_libgomp = ...

A ratio at or below 1 means hccsim is no slower. A peer compiler that is
missing or whose build fails reads `nan`. Exit status 2 if the hccsim driver
is missing, 1 if an hccsim build or run failed.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

PROGRAMS = ["cholesky", "lu"]
RUNTIMES = ["hccsim", "libomp", "libgomp"]
CFLAGS = ["-O2", "-std=c11", "-ffp-contract=off", "-Wno-unknown-pragmas"]
LIBS = ["-llapacke", "-lopenblas", "-lm"]
TIME_RE = re.compile(r"factorization seconds=([0-9.eE+-]+)")
HCC_UNSET = ["HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_RECORDS",
             "HCC_MAX_SUBMITTED", "HCC_GPUS", "HCC_SCHED"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def build(runtime, compilers, src, out):
    if runtime == "hccsim":
        cmd = [compilers["hccsim"], "-fnative"] + CFLAGS + [src] + LIBS + ["-o", out]
    else:
        cmd = [compilers[runtime], "-fopenmp"] + CFLAGS + [src] + LIBS + ["-o", out]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        log(f"omp_runtime: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stdout}")
        return False
    return True


def env_for(runtime, threads, hcc_sched):
    env = dict(os.environ)
    env.update(EXAMPLE_TIME="1", OPENBLAS_NUM_THREADS="1")
    if runtime == "hccsim":
        for var in HCC_UNSET:
            env.pop(var, None)
        # CPU workers only, as the OpenMP runtimes: a GPU worker would make the
        # runtime keep data coherent with the GPU (bench/task_overhead.py).
        env.update(HCC_MODE="native", HCC_WORKERS=str(threads), HCC_GPUS="0")
        if hcc_sched:
            env["HCC_SCHED"] = hcc_sched
    else:
        env["OMP_NUM_THREADS"] = str(threads)
    return env


def run_once(binary, size, env):
    """Seconds of the factorisation, or None (with a message) if the run failed."""
    n, nb = size
    p = subprocess.run([binary, str(n), str(nb)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env)
    m = TIME_RE.search(p.stderr)
    if p.returncode != 0 or not p.stdout.rstrip().endswith(" ok") or m is None:
        log(f"omp_runtime: {binary} {n} {nb} failed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
        return None
    return float(m.group(1))


def parse_size(text):
    n, nb = (int(x) for x in text.split(","))
    if n <= 0 or nb <= 0 or n % nb:
        raise argparse.ArgumentTypeError(f"{text}: expected N,NB with N a positive multiple of NB")
    return n, nb


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default="build", help="CMake build directory (default: build)")
    ap.add_argument("--threads", type=int, default=2, help="threads / workers (default: 2)")
    ap.add_argument("--reps", type=int, default=5, help="runs per program and runtime (default: 5)")
    ap.add_argument("--cholesky", type=parse_size, default=(6144, 256), help="N,NB (default: 6144,256)")
    ap.add_argument("--lu", type=parse_size, default=(4608, 256), help="N,NB (default: 4608,256)")
    ap.add_argument("--clang", default="clang-19", help="compiler for libomp (default: clang-19)")
    ap.add_argument("--gcc", default="gcc", help="compiler for libgomp (default: gcc)")
    ap.add_argument("--hcc-sched", default="", help="HCC_SCHED for the hccsim runs (default: the runtime's)")
    ap.add_argument("--examples-dir", default=os.path.join(root, "examples"))
    args = ap.parse_args()

    build_dir = os.path.abspath(args.build_dir)
    compilers = {"hccsim": os.path.join(build_dir, "bin", "hccsim"),
                 "libomp": shutil.which(args.clang), "libgomp": shutil.which(args.gcc)}
    if not os.access(compilers["hccsim"], os.X_OK):
        log(f"omp_runtime: {compilers['hccsim']} is missing: build the project first")
        sys.exit(2)
    out_dir = os.path.join(build_dir, "bench", "omp-runtime")
    os.makedirs(out_dir, exist_ok=True)
    sizes = {"cholesky": args.cholesky, "lu": args.lu}

    binaries = {}
    for prog in PROGRAMS:
        src = os.path.join(args.examples_dir, prog, f"{prog}.c")
        for rt in RUNTIMES:
            if compilers[rt] is None:
                log(f"omp_runtime: no compiler for {rt}: skipped")
                continue
            out = os.path.join(out_dir, f"{prog}-{rt}")
            log(f"building {prog} for {rt}")
            if build(rt, compilers, src, out):
                binaries[(prog, rt)] = out
            elif rt == "hccsim":
                sys.exit(1)

    times = {key: [] for key in binaries}
    failed = set()
    for rep in range(args.reps):
        for i, prog in enumerate(PROGRAMS):
            k = (rep + i) % len(RUNTIMES)
            for rt in RUNTIMES[k:] + RUNTIMES[:k]:
                key = (prog, rt)
                if key not in binaries or key in failed:
                    continue
                t = run_once(binaries[key], sizes[prog], env_for(rt, args.threads, args.hcc_sched))
                if t is None:
                    failed.add(key)
                    if rt == "hccsim":
                        sys.exit(1)
                    continue
                times[key].append(t)
                n, nb = sizes[prog]
                log(f"rep {rep + 1}/{args.reps} {prog} N={n} NB={nb} {rt:8s} {t:.3f} s")

    median = {key: statistics.median(v) for key, v in times.items() if v and key not in failed}
    print(f"threads={args.threads} reps={args.reps} (median seconds of the factorisation)")
    print(f"{'program':22s} " + " ".join(f"{rt:>9s}" for rt in RUNTIMES))
    for prog in PROGRAMS:
        n, nb = sizes[prog]
        cells = [f"{median[(prog, rt)]:9.3f}" if (prog, rt) in median else f"{'nan':>9s}" for rt in RUNTIMES]
        print(f"{prog + f' N={n} NB={nb}':22s} " + " ".join(cells))
    for peer in ("libomp", "libgomp"):
        for prog in PROGRAMS:
            h, p = median.get((prog, "hccsim")), median.get((prog, peer))
            ratio = h / p if h is not None and p else float("nan")
            print(f"figure {prog}_runtime_ratio_vs_{peer} = {ratio:.3f}")


if __name__ == "__main__":
    main()
