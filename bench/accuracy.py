#!/usr/bin/env python3
"""Native-versus-simulated accuracy of hccsim, in one command.

  python3 bench/accuracy.py --build-dir build

1. Fixed-duration kernels: bench/accuracy/fixed_dag (a tiled-Cholesky-shaped
   DAG whose kernels spin for 1-4 ms). For every scheduler at 1 and 2
   workers, an instrumented run writes the kernel models, then the native
   makespan (median of --native-runs runs) is compared with the simulated one
   on the laptop platform.
2. The Cholesky example (N=10240, NB=512, dmda, 2 workers): 5 native runs
   interleaved with 3 instrumented runs whose models are merged; the median
   native makespan against the simulated one.

Prints a table per part, then the figures (errors in percent):
  figure fixed_kernel_makespan_error_pct = <max over schedulers and workers>
  figure cholesky_prediction_error_pct = <|simulated - median native| / median native>
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

SUMMARY = re.compile(r"^hccsim: mode=(\w+) makespan=([0-9.]+) tasks=(\d+) workers=(\d+) peak_mem=(\d+)(?: bursts=\S+)?$", re.M)
SCHEDULERS = ["eager", "lws", "prio", "dmda", "dmdas"]


class Runner:
    def __init__(self, total):
        self.done, self.total = 0, total

    def makespan(self, label, cmd, env):
        self.done += 1
        print(f"[{self.done}/{self.total}] {label}", file=sys.stderr, flush=True)
        full_env = dict(os.environ, **env)
        p = subprocess.run(cmd, env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        m = SUMMARY.search(p.stderr)
        if p.returncode != 0 or not m:
            sys.exit(f"accuracy: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stderr}")
        return float(m.group(2))


def error_pct(simulated, native):
    return abs(simulated - native) / native * 100


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--tiles", type=int, default=12, help="fixed_dag size (tiles per side)")
    ap.add_argument("--native-runs", type=int, default=5, help="native runs per fixed-kernel configuration")
    ap.add_argument("--cholesky", default="10240,512", help="N,NB of the Cholesky check")
    args = ap.parse_args()

    build = os.path.abspath(args.build_dir)
    fixed = {m: os.path.join(build, "bench", "accuracy", f"fixed_dag-{m}") for m in ("native", "sim")}
    chol = {m: os.path.join(build, "examples", f"capi-cholesky-{m}") for m in ("native", "sim")}
    for exe in list(fixed.values()) + list(chol.values()):
        if not os.access(exe, os.X_OK):
            sys.exit(f"accuracy: {exe} is missing: build the project first")
    work = os.path.join(build, "bench", "accuracy-work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    n_fixed = len(SCHEDULERS) * 2 * (args.native_runs + 2)
    runner = Runner(n_fixed + 10)

    rows, worst = [], 0.0
    for sched in SCHEDULERS:
        for workers in (1, 2):
            models = os.path.join(work, f"fixed-{sched}-{workers}")
            env = {"HCC_SCHED": sched, "HCC_WORKERS": str(workers), "HCC_MODEL_DIR": models}
            label = f"fixed_dag {sched} {workers} worker(s)"
            runner.makespan(label + " instrumented",
                            [fixed["native"], str(args.tiles)],
                            dict(env, HCC_MODE="instrument", HCC_RECORDS=os.path.join(models, "records.csv")))
            native = statistics.median(runner.makespan(label + " native", [fixed["native"], str(args.tiles)], env)
                                       for _ in range(args.native_runs))
            simulated = runner.makespan(label + " simulated", [fixed["sim"], str(args.tiles)],
                                        dict(env, HCC_PLATFORM="laptop"))
            err = error_pct(simulated, native)
            worst = max(worst, err)
            rows.append((sched, workers, native, simulated, err))

    # The machine's speed drifts between runs (a shared VM: +-10% here), so
    # the calibrating runs are interleaved with the native runs, and the
    # models of the three instrumented runs are merged (model files merge
    # observations across runs). The error with the first run's models alone
    # is printed too.
    n, nb = args.cholesky.split(",")
    models = os.path.join(work, "cholesky")
    first_models = os.path.join(work, "cholesky-first-run")
    env = {"HCC_SCHED": "dmda", "HCC_WORKERS": "2", "HCC_MODEL_DIR": models}
    natives, calibrations = [], []
    for step in "INNINNIN":
        if step == "I":
            calibrations.append(runner.makespan(
                f"cholesky N={n} NB={nb} instrumented", [chol["native"], n, nb],
                dict(env, HCC_MODE="instrument", HCC_RECORDS=os.path.join(models, "records.csv"))))
            if not os.path.exists(first_models):
                shutil.copytree(models, first_models)
        else:
            natives.append(runner.makespan(f"cholesky N={n} NB={nb} native", [chol["native"], n, nb], env))
    predicted = runner.makespan(f"cholesky N={n} NB={nb} simulated", [chol["sim"], n, nb],
                                dict(env, HCC_PLATFORM="laptop"))
    predicted_first = runner.makespan(f"cholesky N={n} NB={nb} simulated (first run's models)",
                                      [chol["sim"], n, nb], dict(env, HCC_PLATFORM="laptop", HCC_MODEL_DIR=first_models))
    median = statistics.median(natives)
    chol_err = error_pct(predicted, median)

    print(f"fixed-duration kernels (fixed_dag {args.tiles}x{args.tiles}, median of {args.native_runs} native runs)")
    print(f"{'scheduler':<10} {'workers':>7} {'native s':>10} {'simulated s':>12} {'error %':>8}")
    for sched, workers, native, simulated, err in rows:
        print(f"{sched:<10} {workers:>7} {native:>10.4f} {simulated:>12.4f} {err:>8.2f}")
    print()
    print(f"cholesky N={n} NB={nb}, dmda, 2 workers")
    print("native runs s:       " + " ".join(f"{x:.3f}" for x in natives) + f"   median {median:.3f}")
    print("instrumented runs s: " + " ".join(f"{x:.3f}" for x in calibrations))
    print(f"simulated s: {predicted:.3f} (models of the 3 instrumented runs), error {chol_err:.2f} %")
    print(f"simulated s: {predicted_first:.3f} (models of the first instrumented run), "
          f"error {error_pct(predicted_first, median):.2f} %")
    print()
    print(f"figure fixed_kernel_makespan_error_pct = {worst:.2f}")
    print(f"figure cholesky_prediction_error_pct = {chol_err:.2f}")


if __name__ == "__main__":
    main()
