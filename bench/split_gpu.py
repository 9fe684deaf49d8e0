#!/usr/bin/env python3
"""A loop split between the CPU cores and a real GPU: its native speedup over
the better single side, and the simulation's prediction of it on the
platform hcc-calibrate writes for the same machine (seed 004, SGPU 2).

    python3 bench/split_gpu.py --build-dir build [--n 16777216] [--degree 4]
                               [--steps 6] [--runs 5] [--cpus 15]

Uses the builds of bench/split/polynomial.c with its CUDA side that CMake
makes with CUDA (<build>/bench/gpu/polynomial-cuda-{native,instrument,sim})
and <build>/models/hcc-calibrate, in <build>/bench/gpu/split-work:

1. `hcc-calibrate --platform`: this node's platform (cores, GPU, copies).
2. Models of kernel "split:poly" on each side: three instrumented runs with
   the GPUs' share forced to 0.3, 0.6 and 0.9 (both sides at three sizes),
   then hcc-calibrate's regression over `iterations`.
3. --runs native rounds, interleaved, of three configurations, each a
   process running the loop --steps times over --n elements: CPU only (every
   core a CPU worker, no GPU), GPU only (HCC_SPLIT=gpu) and split (--cpus
   CPU workers and the GPU, the share from the models, then from history).
   Each process's time is its last step's (the slower side's, from the
   loop's start until the GPU's outputs are back in main memory).
4. The same three simulated with those models on that platform.
The records of the first native run and of the simulation of each
configuration are kept beside the models (native-*.csv, simulated-*.csv).

Data are page-locked once (HCC_PIN=1), natively and simulated. Prints a
table (native median, simulated, error) and

    figure split_native_speedup_vs_best_single = <min(CPU only, GPU only) / split, native medians>
    figure split_prediction_error_pct = <|simulated split - native median| / native median, %>

Without a GPU (hcc-calibrate finds none) or without the CUDA builds the
figures read nan and it exits 0; a failed run exits 1.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

RUN = re.compile(r"^run=(\d+) gpu=(\d+) cpu=(\d+) gpu_s=([0-9.]+) cpu_s=([0-9.]+)$", re.M)
FIGURES = ("split_native_speedup_vs_best_single", "split_prediction_error_pct")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def nan(why):
    log(f"split_gpu: {why}: skipped")
    for f in FIGURES:
        print(f"figure {f} = nan")
    return 0


def run(cmd, env, what, timeout=600):
    log(f"split_gpu: {what}")
    p = subprocess.run(cmd, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    out = p.stdout + p.stderr
    if p.returncode != 0:
        log(f"split_gpu: {what} failed (exit {p.returncode}):\n{out[-2000:]}")
        sys.exit(1)
    return out


def last_step(out, what):
    """(GPU iterations, CPU iterations, the loop's time) of the last step."""
    runs = RUN.findall(out)
    if not runs:
        log(f"split_gpu: {what}: no run line:\n{out[-1000:]}")
        sys.exit(1)
    _, g, c, tg, tc = runs[-1]
    return int(g), int(c), max(float(tg), float(tc))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--n", type=int, default=1 << 24, help="elements of the loop")
    ap.add_argument("--degree", type=int, default=4,
                    help="the polynomial's degree, the work per element (4: the GPU 2-10 times the cores, seed 004's regime)")
    ap.add_argument("--steps", type=int, default=6, help="runs of the loop per process")
    ap.add_argument("--runs", type=int, default=5, help="native processes per configuration")
    ap.add_argument("--cpus", type=int, default=15, help="CPU workers beside the GPU in the split")
    args = ap.parse_args()

    gpu = os.path.join(args.build_dir, "bench", "gpu")
    progs = {v: os.path.join(gpu, f"polynomial-cuda-{v}") for v in ("native", "instrument", "sim")}
    calibrate = os.path.join(args.build_dir, "models", "hcc-calibrate")
    for p in list(progs.values()) + [calibrate]:
        if not os.access(p, os.X_OK):
            return nan(f"{p} not found (hccsim built without CUDA?)")
    work = os.path.join(gpu, "split-work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    models = os.path.join(work, "models")
    platform = os.path.join(work, "platform.xml")

    base = dict(os.environ)
    for var in ("HCC_RECORDS", "HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_WORKERS", "HCC_GPUS",
                "HCC_SCHED", "HCC_MODE", "HCC_PLATFORM", "HCC_SPLIT", "OMP_NUM_THREADS"):
        base.pop(var, None)
    base.update(HCC_MODEL_DIR=models, HCC_PIN="1")

    out = run([calibrate, "--platform", platform], base, "hcc-calibrate --platform")
    log(out.strip())
    if "CUDA0" not in out:
        return nan("no CUDA GPU on this machine")
    cores = os.cpu_count() or args.cpus + 1
    n, steps, degree = str(args.n), str(args.steps), str(args.degree)
    split_env = dict(base, HCC_WORKERS=str(args.cpus), HCC_GPUS="1")
    configs = {
        "cpu": dict(base, HCC_WORKERS=str(cores), HCC_GPUS="0"),
        "gpu": dict(split_env, HCC_SPLIT="gpu"),
        "split": split_env,
    }

    records = []
    for share in ("0.3", "0.6", "0.9"):
        rec = os.path.join(work, f"records-{share}.csv")
        run([progs["instrument"], n, "3", degree], dict(split_env, HCC_SPLIT=share, HCC_RECORDS=rec),
            f"instrumented run, GPU share {share}")
        records.append(rec)
    log(run([calibrate, "--model-dir", models, "--kernel", "split:poly", "--terms", "iterations", *records], base,
            "hcc-calibrate: split:poly over iterations").strip())

    native = {c: [] for c in configs}
    shares = []
    for r in range(args.runs):
        for c, env in configs.items():
            if r == 0:
                env = dict(env, HCC_RECORDS=os.path.join(work, f"native-{c}.csv"))
            out = run([progs["native"], n, steps, degree], env, f"native {c}, run {r + 1}/{args.runs}")
            g, cpu_it, t = last_step(out, f"native {c}")
            native[c].append(t)
            if c == "split":
                shares.append(g / (g + cpu_it))
    print(f"{'configuration':<14} {'native median s':>16} {'simulated s':>12} {'error %':>8}   native runs")
    sim = {}
    for c, env in configs.items():
        out = run([progs["sim"], n, steps, degree],
                  dict(env, HCC_PLATFORM=platform, HCC_RECORDS=os.path.join(work, f"simulated-{c}.csv")),
                  f"simulated {c}")
        g, cpu_it, sim[c] = last_step(out, f"simulated {c}")
        med = statistics.median(native[c])
        err = 100 * abs(sim[c] - med) / med
        share = f"  (GPU share: native {statistics.median(shares):.3f}, simulated {g / (g + cpu_it):.3f})" \
            if c == "split" else ""
        print(f"{c:<14} {med:>16.6f} {sim[c]:>12.6f} {err:>8.2f}   "
              + " ".join(f"{x:.6f}" for x in native[c]) + share)
    med = {c: statistics.median(v) for c, v in native.items()}
    print(f"figure split_native_speedup_vs_best_single = {min(med['cpu'], med['gpu']) / med['split']:.3f}")
    print(f"figure split_prediction_error_pct = {100 * abs(sim['split'] - med['split']) / med['split']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
