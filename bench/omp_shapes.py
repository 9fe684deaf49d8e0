#!/usr/bin/env python3
"""OpenMP programs of shapes the examples do not have, natively with
libgomp and hccsim and simulated, in one command.

    python3 bench/omp_shapes.py --build-dir build [--rounds 3] [--timeout 60]

Each program of bench/omp_shapes/ (a `single nowait` after barriers,
nested teams, flags polled with `atomic read` and through a volatile, a
pipeline synchronised by flushes, a taskgroup, a wavefront of tasks with
`depend`, `parallel sections`) is built with `gcc -fopenmp -O2`, and with
`hccsim -fnative` and `-fsimulate` (-O2) into <build>/bench/omp-shapes/.
Each round runs every program once each way, interleaved (OMP_NUM_THREADS=2;
the simulation on `laptop` with no model directory: task kernels are timed
for their first runs, docs/configuration.md HCC_SIM_CALIBRATE_RUNS). Each
run's time is the `time=` line the program prints (omp_get_wtime,
simulated time in a simulation); its first line, the result, must be the
same natively with libgomp and hccsim, and simulated where the program's
work runs for real (not tasks: a simulation charges their kernels, and what
they compute is not computed).

Prints a line per program: medians of libgomp, hccsim native and
simulated, and the simulation's error against hccsim native; then

    figure omp_shapes_within_10pct = <programs simulated within 10 % of their native median>/<programs>

Progress goes to stderr. About a minute on the 2-core VM.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

PROGRAMS = ["single_nowait", "nested", "atomic_spin", "volatile_spin", "pipeline", "sections", "taskgroup", "deps"]
TASKS = {"taskgroup", "deps"}  # their kernels are charged, not run, once timed
TIME_RE = re.compile(r"^time=([0-9.eE+-]+)$", re.M)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def build(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"omp_shapes: build failed: {' '.join(cmd)}\n{r.stderr}")


def run(exe, env, timeout, cwd):
    r = subprocess.run([exe], capture_output=True, text=True, env=env, timeout=timeout, cwd=cwd)
    m = TIME_RE.search(r.stdout)
    if r.returncode != 0 or not m:
        sys.exit(f"omp_shapes: {exe} failed (exit {r.returncode}):\n{r.stdout}{r.stderr}")
    return float(m.group(1)), r.stdout.splitlines()[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    args = ap.parse_args()
    if args.rounds < 1:
        sys.exit("omp_shapes: --rounds must be at least 1")
    build_dir = os.path.abspath(args.build_dir)
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "omp_shapes")
    work = os.path.join(build_dir, "bench", "omp-shapes")
    os.makedirs(work, exist_ok=True)
    hccsim = os.path.join(build_dir, "bin", "hccsim")
    for name in PROGRAMS:
        log(f"building {name}")
        source = os.path.join(src, name + ".c")
        build(["gcc", "-fopenmp", "-O2", source, "-lm", "-o", os.path.join(work, name + ".gomp")])
        build([hccsim, "-fnative", "-O2", source, "-lm", "-o", os.path.join(work, name + ".native")])
        build([hccsim, "-fsimulate", "-O2", source, "-lm", "-o", os.path.join(work, name + ".sim")])
    env = dict(os.environ, OMP_NUM_THREADS="2")
    env.pop("HCC_MODEL_DIR", None)
    sim_env = dict(env, HCC_PLATFORM="laptop", HCC_MODEL_DIR=os.path.join(work, "no-models"))
    times = {name: {"gomp": [], "native": [], "sim": []} for name in PROGRAMS}
    for r in range(args.rounds):
        log(f"round {r + 1}/{args.rounds}")
        for name in PROGRAMS:
            results = {}
            for way in ("gomp", "native", "sim"):
                if way == "sim":
                    subprocess.run(["rm", "-rf", sim_env["HCC_MODEL_DIR"]], check=True)
                t, line = run(os.path.join(work, f"{name}.{way}"), sim_env if way == "sim" else env, args.timeout, work)
                times[name][way].append(t)
                results[way] = line
            if results["gomp"] != results["native"] or (name not in TASKS and results["sim"] != results["native"]):
                sys.exit(f"omp_shapes: {name} printed other results: {results}")
    within = 0
    print(f"{'program':<15} {'libgomp':>9} {'native':>9} {'simulated':>10} {'error %':>8}")
    for name in PROGRAMS:
        g, n, s = (statistics.median(times[name][w]) for w in ("gomp", "native", "sim"))
        err = 100 * (s - n) / n
        within += abs(err) <= 10
        print(f"{name:<15} {g:9.4f} {n:9.4f} {s:10.4f} {err:+8.2f}")
    print(f"figure omp_shapes_within_10pct = {within}/{len(PROGRAMS)}")


if __name__ == "__main__":
    main()
