#!/usr/bin/env python3
"""Tasks' models at another size: programs whose tasks carry no `#pragma hcc
params` (the compiler counts their `work`, docs/model-files.md "A task's
work"), calibrated at one size and simulated at a larger one, against the
native run at that size, in one command.

    python3 bench/task_sizes.py --build-dir build [--runs 3]

    relax       bench/task_sizes/relax.c: tasks of 100 rows of an n x n grid,   1000 -> 3162 (10x the work,
                no depend                                                      3.16x a task's)
    tiled_gemm  bench/task_sizes/tiled_gemm.c: a task per tile product,         "6 128" -> "6 256" (8x a task's)
                depend on the tiles

Each is built with `hccsim -fnative`, `-finstrument` and `-fsimulate` (-O2)
into <build>/bench/task-sizes/; --runs rounds each run the program
instrumented at the small size (OMP_NUM_THREADS=2; all into one model
directory: the kernels' and the runtime's costs) and natively at both
sizes; then --runs simulations (HCC_PLATFORM=laptop) at both. Every run prints its time on its own clock
(omp_get_wtime). Medians; on stdout a table, then

    figure task_size_same_error_pct = <max over programs of |simulated - native| / native at the calibrated size>
    figure task_size_extrapolation_error_pct = <the same at the larger size>

Before the compiler counted a task's work, one model stood for every size:
relax at 3162 was predicted 0.149 s for a native 0.550 (bench/README.md).
Progress goes to stderr. Exit status 1 if a build or run fails.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

TIME_RE = re.compile(r"time=([0-9.]+)")
PROGRAMS = [("relax", "relax.c", ["1000"], ["3162"]), ("tiled_gemm", "tiled_gemm.c", ["6", "128"], ["6", "256"])]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env):
    full = dict(os.environ, OMP_NUM_THREADS="2", **env)
    p = subprocess.run(cmd, env=full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with status {p.returncode}: {p.stderr.strip()}")
    m = TIME_RE.search(p.stdout)
    if not m:
        raise RuntimeError(f"{' '.join(cmd)} printed no time: {p.stdout.strip()}")
    log(f"  {' '.join(f'{k}={v}' for k, v in env.items())} {' '.join(os.path.basename(c) for c in cmd)}: {m.group(1)} s")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    hccsim = os.path.join(args.build_dir, "bin", "hccsim")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "task_sizes")
    work = os.path.join(args.build_dir, "bench", "task-sizes")
    os.makedirs(work, exist_ok=True)
    rows, same, larger = [], [], []
    try:
        for name, source, small, big in PROGRAMS:
            exe = {}
            for mode in ("native", "instrument", "simulate"):
                exe[mode] = os.path.join(work, f"{name}-{mode}")
                log(f"task_sizes: building {name} -f{mode}")
                subprocess.run([hccsim, f"-f{mode}", "-O2", os.path.join(src, source), "-o", exe[mode], "-lm"],
                               check=True)
            models = os.path.join(work, f"{name}-models")
            shutil.rmtree(models, ignore_errors=True)
            times = {k: [] for k in ("native-small", "native-big", "sim-small", "sim-big")}
            for r in range(args.runs):
                log(f"task_sizes: {name}: round {r + 1} of {args.runs}")
                run([exe["instrument"], *small], {"HCC_MODEL_DIR": models})
                for argv in (small, big):
                    times["native-small" if argv is small else "native-big"].append(run([exe["native"], *argv], {}))
            for r in range(args.runs):
                for argv in (small, big):
                    times["sim-small" if argv is small else "sim-big"].append(
                        run([exe["simulate"], *argv], {"HCC_PLATFORM": "laptop", "HCC_MODEL_DIR": models}))
            med = {k: statistics.median(v) for k, v in times.items()}
            err_small = abs(med["sim-small"] - med["native-small"]) / med["native-small"] * 100
            err_big = abs(med["sim-big"] - med["native-big"]) / med["native-big"] * 100
            same.append(err_small)
            larger.append(err_big)
            rows.append((name, " ".join(small), med["native-small"], med["sim-small"], err_small, " ".join(big),
                         med["native-big"], med["sim-big"], err_big))
    except (RuntimeError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        log(f"task_sizes: {e}")
        return 1
    print(f"{'program':<11} {'calibrated':<10} {'native':>8} {'simulated':>9} {'error %':>7}   "
          f"{'larger':<8} {'native':>8} {'simulated':>9} {'error %':>7}")
    for r in rows:
        print(f"{r[0]:<11} {r[1]:<10} {r[2]:>8.4f} {r[3]:>9.4f} {r[4]:>7.2f}   {r[5]:<8} {r[6]:>8.4f} {r[7]:>9.4f} {r[8]:>7.2f}")
    print(f"figure task_size_same_error_pct = {max(same):.2f}")
    print(f"figure task_size_extrapolation_error_pct = {max(larger):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
