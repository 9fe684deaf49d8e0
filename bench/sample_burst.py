#!/usr/bin/env python3
"""Sampled CPU bursts: how much faster a simulation is with `#pragma hcc
sample(auto, tol = 0.02)` and how much its prediction moves, in one command.

    python3 bench/sample_burst.py --build-dir build [--n 2048] [--steps 600] [--block 256] [--rounds 5]

examples/heat (a sequential update loop per step, sampled, then OpenMP
tasks over blocks of rows) is built with `hccsim -fnative`, `-finstrument`
and `-fsimulate` into <build>/bench/sample-burst/. An instrumented run (20
steps) calibrates the tasks' kernel model and the runtime's costs (the model
of the burst it also records is removed: it would stand for every run). Then
--rounds rounds, each running, in turn: the native program, the simulation
(HCC_SAMPLING=1, the default) and the same simulation running every run of
the burst, measured as the program's other code (HCC_SAMPLING=0, the
reference). Every run prints the time of its
steps on its own clock (EXAMPLE_TIME=1: omp_get_wtime, simulated time in a
simulation); the simulations' wall times are measured here. Medians:

    figure sample_sim_speedup = <unsampled simulation wall time / sampled>
    figure sample_vs_unsampled_error_pct = <|sampled - unsampled prediction| / unsampled, %>
    figure sample_vs_native_error_pct = <|sampled prediction - native time| / native, %>

Progress goes to stderr. Exit status 1 if a build or run fails.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

SECONDS_RE = re.compile(r"^heat: seconds=([0-9.eE+-]+)$", re.M)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env):
    """Runs cmd with env added; returns (the program's own seconds, wall seconds)."""
    full = dict(os.environ)
    full.update(env)
    full["EXAMPLE_TIME"] = "1"
    start = time.monotonic()
    p = subprocess.run(cmd, env=full, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - start
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with status {p.returncode}: {p.stderr.strip()}")
    m = SECONDS_RE.search(p.stderr)
    if not m:
        raise RuntimeError(f"{' '.join(cmd)} printed no 'heat: seconds=' line: {p.stderr.strip()}")
    log(f"  {' '.join(f'{k}={v}' for k, v in env.items())} {os.path.basename(cmd[0])}: "
        f"{float(m.group(1)):.4f} s on its clock, {wall:.2f} s wall")
    return float(m.group(1)), wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--n", type=int, default=2048)
    ap.add_argument("--steps", type=int, default=600)
    ap.add_argument("--block", type=int, default=256)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build_dir = os.path.abspath(args.build_dir)
    hccsim = os.path.join(build_dir, "bin", "hccsim")
    if not os.access(hccsim, os.X_OK):
        log(f"sample_burst: {hccsim} not found (build the project first)")
        return 1
    work = os.path.join(build_dir, "bench", "sample-burst")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(root, "examples", "heat", "heat.c")
    binary = {m: os.path.join(work, f"heat-{m}") for m in ("native", "instrument", "simulate")}
    sizes = [str(args.n), str(args.steps), str(args.block)]
    models = os.path.join(work, "models")
    common = {"HCC_WORKERS": str(args.workers), "HCC_MODEL_DIR": models}
    try:
        for mode, out in binary.items():
            cmd = [hccsim, f"-f{mode}", "-O2", "-std=c11", "-ffp-contract=off", src, "-lm", "-o", out]
            log("build: " + " ".join(cmd))
            subprocess.run(cmd, check=True)
        log("calibrating (instrumented, 20 steps)")
        run([binary["instrument"], str(args.n), "20", str(args.block)], common)
        # Its model of the burst would stand for every run (no sampling):
        # the simulations must sample it.
        for name in os.listdir(models):
            if name.startswith("sample_"):
                os.remove(os.path.join(models, name))
        native, sampled, unsampled, sampled_wall, unsampled_wall = [], [], [], [], []
        for r in range(args.rounds):
            log(f"round {r + 1}/{args.rounds}")
            native.append(run([binary["native"], *sizes], {"HCC_WORKERS": str(args.workers)})[0])
            pred, wall = run([binary["simulate"], *sizes], dict(common, HCC_SAMPLING="1"))
            sampled.append(pred)
            sampled_wall.append(wall)
            pred, wall = run([binary["simulate"], *sizes], dict(common, HCC_SAMPLING="0"))
            unsampled.append(pred)
            unsampled_wall.append(wall)
    except (subprocess.CalledProcessError, RuntimeError) as e:
        log(f"sample_burst: {e}")
        return 1

    med = statistics.median
    print(f"heat N={args.n} T={args.steps} B={args.block}, {args.workers} workers, {args.rounds} rounds (medians):")
    print(f"  native {med(native):.4f} s (spread {min(native):.4f}-{max(native):.4f})")
    print(f"  simulated, sampled:   prediction {med(sampled):.4f} s, wall {med(sampled_wall):.2f} s")
    print(f"  simulated, unsampled: prediction {med(unsampled):.4f} s, wall {med(unsampled_wall):.2f} s")
    print(f"figure sample_sim_speedup = {med(unsampled_wall) / med(sampled_wall):.1f}")
    print(f"figure sample_vs_unsampled_error_pct = {abs(med(sampled) - med(unsampled)) / med(unsampled) * 100:.2f}")
    print(f"figure sample_vs_native_error_pct = {abs(med(sampled) - med(native)) / med(native) * 100:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
