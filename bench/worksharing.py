#!/usr/bin/env python3
"""Worksharing overheads of the hccsim OpenMP runtime against libomp and
libgomp, shape by shape, in one command.

    python3 bench/worksharing.py --build-dir build [--threads 2] [--rounds 7] [--reps 2000] [--work-us 2] [--outer 9]

Builds bench/worksharing/shapes.c (EPCC-style: each shape repeats one
construct around a few microseconds of work) three times into
<build>/bench/worksharing/:

    hccsim   <build>/bin/hccsim -fnative -O2
    libomp   clang-19 -fopenmp -O2
    libgomp  gcc -fopenmp -O2

and runs them interleaved (--rounds rounds, the runtimes in a rotating
order, OMP_NUM_THREADS=--threads), every run doing the same work: the
number of iterations of the work's loop that take --work-us is calibrated
once, the median of three calibrations of the hccsim binary, and given to
every run (each binary calibrating its own gave counts 25 % apart on this
VM). Each run times each shape --outer times
over --reps repetitions and prints the median (EPCC's method). A shape's
ratio is the median over the rounds of hccsim's time over the peer's in
the same round: runs next to each other see the same machine.

Shapes: parallel (a region per repetition), for_static, for_dynamic (a
loop of 64 iterations in an open region), barrier, reduction (a region
with a sum), nowait_chain (four loops, one barrier), critical and lock
(the threads contend for a short critical section or an omp_lock_t, as
EPCC's syncbench), solver_step (three
`parallel for` regions over 4096 doubles per step).

Prints a table of median microseconds per repetition and the ratios, and

    figure worksharing_ratio_vs_libomp = <the largest hccsim / libomp ratio over the shapes>
    figure worksharing_ratio_vs_libgomp = <the same against libgomp>

with one line per shape on stderr. At or below 1: hccsim is no slower on
every shape. About 30 s on the 2-core VM. Exit status 1 when a build or a
run failed.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--reps", type=int, default=2000)
    ap.add_argument("--work-us", type=float, default=2)
    ap.add_argument("--outer", type=int, default=9, help="timed runs of --reps repetitions per shape and run")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--prebuilt", action="store_true",
                    help="run the programs already in <build>/bench/worksharing/ (built elsewhere, on a machine "
                         "without the compilers such as the device node)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build_dir)
    work = os.path.join(build, "bench", "worksharing")
    os.makedirs(work, exist_ok=True)
    src = os.path.join(root, "bench", "worksharing", "shapes.c")
    compilers = {
        "hccsim": [os.path.join(build, "bin", "hccsim"), "-fnative"],
        "libomp": [shutil.which("clang-19") or "clang-19", "-fopenmp"],
        "libgomp": [shutil.which("gcc") or "gcc", "-fopenmp"],
    }
    exe = {}
    for name, cc in compilers.items():
        out = os.path.join(work, f"shapes-{name}")
        if args.prebuilt:
            if os.access(out, os.X_OK):
                exe[name] = out
            elif name == "hccsim":
                log(f"worksharing: --prebuilt: no {out}")
                return 1
            continue
        p = subprocess.run([*cc, "-O2", src, "-o", out], capture_output=True, text=True)
        if p.returncode != 0:
            log(f"worksharing: {name}: build failed: {p.stderr.strip()[-400:]}")
            if name == "hccsim":
                return 1
            continue
        exe[name] = out
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads), HCC_MODE="native")
    counts = []
    for _ in range(3):
        p = subprocess.run([exe["hccsim"], "1", str(args.work_us), "1"], env=env, capture_output=True, text=True,
                           timeout=args.timeout)
        m = re.search(r"^work_iterations=(\d+)", p.stdout, re.M)
        if p.returncode != 0 or not m:
            log(f"worksharing: calibrating the work failed (exit {p.returncode}): {p.stderr.strip()[-300:]}")
            return 1
        counts.append(int(m.group(1)))
    iterations = int(statistics.median(counts))
    log(f"work: {iterations} iterations of the loop for {args.work_us} us (calibrations: {counts})")
    times = {name: {} for name in exe}
    names = list(exe)
    for r in range(args.rounds):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            p = subprocess.run([exe[name], str(args.reps), str(args.work_us), str(args.outer), str(iterations)], env=env,
                               capture_output=True, text=True, timeout=args.timeout)
            if p.returncode != 0:
                log(f"worksharing: {name} exited with {p.returncode}: {p.stderr.strip()[-300:]}")
                return 1
            for shape, us in re.findall(r"^(\w+) us=([0-9.]+)", p.stdout, re.M):
                times[name].setdefault(shape, []).append(float(us))
        log(f"round {r + 1}/{args.rounds} done")
    shapes = list(times["hccsim"])
    median = {n: {s: statistics.median(v) for s, v in times[n].items()} for n in times}
    print(f"{'shape':<14}" + "".join(f"{n:>10}" for n in names) + "   hccsim/libomp  hccsim/libgomp")
    worst = {"libomp": float("nan"), "libgomp": float("nan")}
    for s in shapes:
        row = f"{s:<14}" + "".join(f"{median[n].get(s, float('nan')):>10.2f}" for n in names)
        for peer in ("libomp", "libgomp"):
            ratio = (statistics.median(h / p for h, p in zip(times["hccsim"][s], times[peer][s]))
                     if peer in times and s in times[peer] else float("nan"))
            row += f"{ratio:>15.2f}"
            if ratio == ratio and not (worst[peer] >= ratio):
                worst[peer] = ratio
        print(row)
    print(f"figure worksharing_ratio_vs_libomp = {worst['libomp']:.2f}")
    print(f"figure worksharing_ratio_vs_libgomp = {worst['libgomp']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
