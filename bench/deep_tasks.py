#!/usr/bin/env python3
"""Deep taskwait nesting and undeferred tasks: the hccsim OpenMP runtime
against libomp and libgomp, side by side, in one command.

    python3 bench/deep_tasks.py --build-dir build [--threads 2] [--rounds 5]

Builds bench/deep_tasks/tree.c (a task tree DEPTH levels deep, 8 leaf tasks
and a taskwait per level) and bench/deep_tasks/cutoff.c (N-queens with an
`if(row < cutoff)` cut-off: millions of undeferred tasks) three times into
<build>/bench/deep_tasks/:

    hccsim   <build>/bin/hccsim -fnative -O2
    libomp   clang-19 -fopenmp -O2
    libgomp  gcc -fopenmp -O2

and runs them interleaved (--rounds rounds, the runtimes in a rotating
order, OMP_NUM_THREADS=--threads): the tree at depth 4000 (3 builds) and at
depth 400 (30 builds: as many tasks), the search at N=13, cut-off 3. Each
program prints its own time (omp_get_wtime around the work); the median per
runtime is kept. Prints a table and

    figure deep_taskwait_ratio_vs_libomp = <hccsim / libomp, tree at depth 4000>
    figure undeferred_task_ratio_vs_libomp = <hccsim / libomp, the cut-off search>
    figure deep_taskwait_ratio_vs_libgomp, undeferred_task_ratio_vs_libgomp
    figure deep_taskwait_depth_growth = <hccsim's time at depth 4000 / at depth 400, same task count>

At or below 1: no slower than the peer; a growth near 1: what waiting costs
does not depend on how many tasks wait. About 1 min on the 2-core VM. Exit
status 1 when a build or a run failed or printed a wrong result.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

RUNS = {
    "tree_4000": ("tree", ["4000", "3"]),
    "tree_400": ("tree", ["400", "30"]),
    "cutoff": ("cutoff", ["13", "3"]),
}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--prebuilt", action="store_true",
                    help="run the programs already in <build>/bench/deep_tasks/ (built elsewhere, on a machine "
                         "without the compilers such as the device node)")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build_dir)
    work = os.path.join(build, "bench", "deep_tasks")
    os.makedirs(work, exist_ok=True)
    compilers = {
        "hccsim": [os.path.join(build, "bin", "hccsim"), "-fnative"],
        "libomp": [shutil.which("clang-19") or "clang-19", "-fopenmp"],
        "libgomp": [shutil.which("gcc") or "gcc", "-fopenmp"],
    }
    exe = {}
    for name, cc in compilers.items():
        for prog in ("tree", "cutoff"):
            src = os.path.join(root, "bench", "deep_tasks", f"{prog}.c")
            out = os.path.join(work, f"{prog}-{name}")
            if args.prebuilt:
                if not os.access(out, os.X_OK):
                    log(f"deep_tasks: --prebuilt: no {out}")
                    return 1
                exe[name, prog] = out
                continue
            p = subprocess.run([*cc, "-O2", src, "-o", out], capture_output=True, text=True)
            if p.returncode != 0:
                log(f"deep_tasks: {name}: building {prog}.c failed: {p.stderr.strip()[-400:]}")
                return 1
            exe[name, prog] = out
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads), HCC_MODE="native")
    names = list(compilers)
    times = {(n, r): [] for n in names for r in RUNS}
    for rnd in range(args.rounds):
        order = names[rnd % len(names):] + names[:rnd % len(names)]
        for run, (prog, argv) in RUNS.items():
            for name in order:
                p = subprocess.run([exe[name, prog], *argv], env=env, capture_output=True, text=True,
                                   timeout=args.timeout)
                m = re.search(r" ok time=([0-9.]+)", p.stdout)
                if p.returncode != 0 or not m:
                    log(f"deep_tasks: {name} {prog} {' '.join(argv)}: exit {p.returncode}: "
                        f"{(p.stdout + p.stderr).strip()[-300:]}")
                    return 1
                times[name, run].append(float(m.group(1)))
        log(f"round {rnd + 1}/{args.rounds} done")
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"{'run':<12}" + "".join(f"{n:>10}" for n in names) + "   hccsim/libomp  hccsim/libgomp  (seconds, median)")
    for run in RUNS:
        row = f"{run:<12}" + "".join(f"{med[n, run]:>10.4f}" for n in names)
        row += f"{med['hccsim', run] / med['libomp', run]:>15.2f}{med['hccsim', run] / med['libgomp', run]:>16.2f}"
        print(row)
    for peer in ("libomp", "libgomp"):
        print(f"figure deep_taskwait_ratio_vs_{peer} = {med['hccsim', 'tree_4000'] / med[peer, 'tree_4000']:.2f}")
        print(f"figure undeferred_task_ratio_vs_{peer} = {med['hccsim', 'cutoff'] / med[peer, 'cutoff']:.2f}")
    print(f"figure deep_taskwait_depth_growth = {med['hccsim', 'tree_4000'] / med['hccsim', 'tree_400']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
