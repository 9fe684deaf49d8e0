#!/usr/bin/env python3
"""Atomics on cache lines that two cores take turns on, natively and
simulated, in one command.

    python3 bench/shared_atomics.py --build-dir build [--runs 5] [--sim-runs 3] [--n 20000000]

bench/shared_atomics/histogram.c: a `parallel for` whose 2 threads increment
16 shared bins (two cache lines) with `#pragma omp atomic`, 20 M times.
Natively on 2 cores the bins' lines move between the cores' caches; a
simulation runs one thread at a time and charges the moves
(`hcc.line_transfer`, docs/platforms.md). Built with `hccsim -fnative -O2`
and `-fsimulate -O2`; after a warm-up, --runs rounds each run it natively
(OMP_NUM_THREADS=2, through bench/machine_state.py's check) and, in the
first --sim-runs rounds, simulated on `laptop` and on `laptop` without its
`hcc.line_transfer` (the moves not modelled). Makespans from the runs'
summary lines. Figure:

    figure shared_atomics_prediction_error_pct = <|median simulated - median native| / median native, %>

and on stderr the medians, spreads and the error without the property.
About 30 s; exit status 1 when a run fails.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine_state import SpeedCheck  # noqa: E402

SUMMARY_RE = re.compile(r"^hccsim: mode=(\w+) makespan=([0-9.eE+-]+)", re.M)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env, cwd, timeout=120):
    p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=timeout)
    found = SUMMARY_RE.findall(p.stderr)
    if p.returncode != 0 or "ok" not in p.stdout or not found:
        raise RuntimeError(f"{' '.join(cmd)} (exit {p.returncode}):\n{p.stdout}{p.stderr[-2000:]}")
    return float(found[-1][1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sim-runs", type=int, default=3)
    ap.add_argument("--n", default="20000000")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build_dir)
    hccsim = os.path.join(build, "bin", "hccsim")
    work = os.path.join(build, "bench", "shared-atomics")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(root, "bench", "shared_atomics", "histogram.c")
    exe = {}
    for mode in ("native", "simulate"):
        exe[mode] = os.path.join(work, f"histogram-{mode}")
        subprocess.run([hccsim, f"-f{mode}", "-O2", src, "-o", exe[mode]], check=True)
    # The platform without the property: laptop's file less its line.
    laptop = os.path.join(root, "models", "platforms", "laptop.xml")
    unmodelled = os.path.join(work, "laptop-no-line-transfer.xml")
    with open(laptop) as f:
        text = re.sub(r'\s*<prop id="hcc.line_transfer"[^>]*/>', "", f.read())
    with open(unmodelled, "w") as f:
        f.write(text)

    env = {k: v for k, v in os.environ.items() if not k.startswith("HCC_") and not k.startswith("OMP_")}
    native_env = dict(env, OMP_NUM_THREADS="2")
    speed = SpeedCheck(work, max_foreign=0.05, retries=2, pause=1.0, log=log)
    native, sim, sim_off = [], [], []
    try:
        run([exe["native"], args.n], native_env, work)  # warm-up
        for r in range(args.runs):
            native.append(speed.run(lambda: run([exe["native"], args.n], native_env, work)))
            if r < args.sim_runs:
                sim.append(run([exe["simulate"], args.n], dict(env, HCC_PLATFORM="laptop"), work))
                sim_off.append(run([exe["simulate"], args.n], dict(env, HCC_PLATFORM=unmodelled), work))
            log(f"round {r + 1}: native {native[-1]:.4f} s" +
                (f", simulated {sim[-1]:.4f} s, without hcc.line_transfer {sim_off[-1]:.4f} s" if r < args.sim_runs else ""))
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        log(f"shared_atomics: {e}")
        print("figure shared_atomics_prediction_error_pct = nan")
        return 1
    med = statistics.median(native)
    err = abs(statistics.median(sim) - med) / med * 100
    err_off = abs(statistics.median(sim_off) - med) / med * 100
    log(f"native median {med:.4f} s ({min(native):.4f}-{max(native):.4f}); simulated median "
        f"{statistics.median(sim):.4f} s ({min(sim):.4f}-{max(sim):.4f}), error {err:.2f} %; without "
        f"hcc.line_transfer {statistics.median(sim_off):.4f} s, error {err_off:.2f} %")
    print(f"figure shared_atomics_prediction_error_pct = {err:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
