#!/usr/bin/env python3
"""Loops as kernels: a simulation that charges worksharing loops from their
models (HCC_SIM_LOOPS=model) against one that runs them and charges their
measured CPU bursts, on examples/jacobi (a `parallel for` sweep between
sequential loops), in one command.

    python3 bench/loop_models.py --build-dir build [--n 1024] [--steps 300] [--runs 3]

Builds jacobi with `hccsim -finstrument` and `-fsimulate` into
<build>/bench/loop-models/, runs it instrumented on 2 threads at N x N to
record its loop chunks (`loop:jacobi.c:<line>`), then simulates it on
`laptop`, --runs times each way, at N and at sqrt(10) N (ten times the
points; the sweep's model then extrapolates by iterations alone, rows,
while each row is sqrt(10) times longer: see the figure). EXAMPLE_CHECK=0:
no sequential reference run. Figures (medians):

    figure loop_model_sim_speedup = <wall time of the simulations that run the loops / of those that model them, at N>
    figure loop_model_vs_burst_error_pct = <|time= modelled - time= run| / run, %, at N>
    figure loop_model_10x_wall_seconds = <wall time of a modelled simulation at 10x the points>
    figure loop_model_10x_vs_burst_error_pct = <the error at 10x the points>

The sequential loops (boundary, norm) are not worksharing loops: they run
and are charged as bursts in both ways, which bounds the speedup.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env, timeout):
    full = dict(os.environ, **env)
    start = time.monotonic()
    p = subprocess.run(cmd, env=full, capture_output=True, text=True, timeout=timeout)
    wall = time.monotonic() - start
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {p.returncode}: {p.stderr.strip()[-500:]}")
    m = re.search(r"^time=([0-9.]+)$", p.stdout, re.M)
    if not m:
        raise RuntimeError(f"{' '.join(cmd)} printed no time=: {p.stdout[-300:]}")
    return float(m.group(1)), wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=300)
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build_dir)
    work = os.path.join(build, "bench", "loop-models")
    os.makedirs(work, exist_ok=True)
    hccsim = os.path.join(build, "bin", "hccsim")
    src = os.path.join(root, "examples", "jacobi", "jacobi.c")
    exe = {}
    for mode in ("instrument", "simulate"):
        exe[mode] = os.path.join(work, f"jacobi-{mode}")
        subprocess.run([hccsim, f"-f{mode}", "-O2", src, "-lm", "-o", exe[mode]], check=True)
    models = os.path.join(work, "models")
    subprocess.run(["rm", "-rf", models], check=True)
    base = {"EXAMPLE_CHECK": "0", "HCC_MODEL_DIR": models}
    sizes = [str(args.n), str(args.steps)]
    t, _ = run([exe["instrument"], *sizes], dict(base, OMP_NUM_THREADS="2", HCC_RECORDS=os.path.join(work, "r.csv")),
               args.timeout)
    log(f"loop_models: instrumented N={args.n}: time={t:.4f} s")
    calibrate = os.path.join(build, "models", "hcc-calibrate")
    subprocess.run([calibrate, "-q", "--model-dir", models, os.path.join(work, "r.csv")], check=True)

    def simulate(n, how):
        times, walls = [], []
        for _ in range(args.runs):
            t, wall = run([exe["simulate"], str(n), str(args.steps)],
                          dict(base, HCC_PLATFORM="laptop", HCC_SIM_LOOPS=how), args.timeout)
            times.append(t)
            walls.append(wall)
        t, wall = statistics.median(times), statistics.median(walls)
        log(f"loop_models: N={n} HCC_SIM_LOOPS={how}: time={t:.4f} s (of {times}), wall {wall:.2f} s")
        return t, wall

    try:
        run_t, run_wall = simulate(args.n, "run")
        model_t, model_wall = simulate(args.n, "model")
        big = int(round(args.n * 10 ** 0.5))
        big_run_t, _ = simulate(big, "run")
        big_model_t, big_model_wall = simulate(big, "model")
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        log(f"loop_models: {e}")
        return 1
    print(f"figure loop_model_sim_speedup = {run_wall / model_wall:.2f}")
    print(f"figure loop_model_vs_burst_error_pct = {abs(model_t - run_t) / run_t * 100:.2f}")
    print(f"figure loop_model_10x_wall_seconds = {big_model_wall:.2f}")
    print(f"figure loop_model_10x_vs_burst_error_pct = {abs(big_model_t - big_run_t) / big_run_t * 100:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
