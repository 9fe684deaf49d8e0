#!/usr/bin/env python3
"""Compile time of the hccsim driver against clang-19 -fopenmp, in one command.

    python3 bench/compile_time.py --build-dir build [--reps 5]

Compiles each of the five OpenMP examples (examples/<name>/<name>.c: cholesky,
lu, sparselu, fib, wavefront) to an object file, --reps times each, with

    <build>/bin/hccsim -fnative -O2 -c      (the driver: clang-19 with HccPlugin.so)
    clang-19 -fopenmp -O2 -c                (--clang to change)

and the same other options (-std=c11 -ffp-contract=off -Wno-unknown-pragmas).
Runs are interleaved (example by example, the two compilers in alternating
order) so that machine noise hits both alike; each time is the wall time of
the whole command, and the median over the repetitions is kept.

Progress goes to stderr, one line per compilation. On stdout: a table of
median seconds per example with the hccsim/clang ratio, then

    figure compile_time_ratio_vs_clang = <geometric mean over the examples of hccsim/clang>

and, for information, the ratio of the summed medians. Below 1.5 is the
target. Exit status 2 if a compiler is missing, 1 if a compilation failed.
"""

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

EXAMPLES = ["cholesky", "lu", "sparselu", "fib", "wavefront"]
COMMON = ["-O2", "-std=c11", "-ffp-contract=off", "-Wno-unknown-pragmas", "-c"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        log(f"compile_time: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stderr}")
        sys.exit(1)
    return dt


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default="build", help="CMake build directory (default: build)")
    ap.add_argument("--reps", type=int, default=5, help="compilations per example and compiler (default: 5)")
    ap.add_argument("--clang", default="clang-19", help="the peer compiler (default: clang-19)")
    ap.add_argument("--examples-dir", default=os.path.join(root, "examples"))
    args = ap.parse_args()

    hccsim = os.path.join(os.path.abspath(args.build_dir), "bin", "hccsim")
    if not os.access(hccsim, os.X_OK):
        log(f"compile_time: {hccsim} is missing: build the project first")
        sys.exit(2)
    clang = shutil.which(args.clang)
    if clang is None:
        log(f"compile_time: {args.clang} not found")
        sys.exit(2)

    times = {(ex, c): [] for ex in EXAMPLES for c in ("hccsim", "clang")}
    with tempfile.TemporaryDirectory(prefix="hcc-compile-time.") as tmp:
        def command(compiler, ex):
            src = os.path.join(args.examples_dir, ex, f"{ex}.c")
            out = os.path.join(tmp, f"{ex}.{compiler}.o")
            if compiler == "hccsim":
                return [hccsim, "-fnative"] + COMMON + [src, "-o", out]
            return [clang, "-fopenmp"] + COMMON + [src, "-o", out]

        for ex in EXAMPLES:  # warm-up: page cache, and fail early
            for c in ("hccsim", "clang"):
                timed(command(c, ex))
        for rep in range(args.reps):
            for i, ex in enumerate(EXAMPLES):
                order = ("hccsim", "clang") if (rep + i) % 2 == 0 else ("clang", "hccsim")
                for c in order:
                    dt = timed(command(c, ex))
                    times[(ex, c)].append(dt)
                    log(f"rep {rep + 1}/{args.reps} {ex:9s} {c:6s} {dt:.3f} s")

    ratios = []
    total = {"hccsim": 0.0, "clang": 0.0}
    print(f"{'example':10s} {'hccsim s':>9s} {'clang s':>9s} {'ratio':>6s}")
    for ex in EXAMPLES:
        h = statistics.median(times[(ex, "hccsim")])
        c = statistics.median(times[(ex, "clang")])
        total["hccsim"] += h
        total["clang"] += c
        ratios.append(h / c)
        print(f"{ex:10s} {h:9.3f} {c:9.3f} {h / c:6.2f}")
    geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"total      {total['hccsim']:9.3f} {total['clang']:9.3f} {total['hccsim'] / total['clang']:6.2f}")
    print(f"figure compile_time_ratio_vs_clang = {geomean:.3f}")


if __name__ == "__main__":
    main()
