#!/usr/bin/env python3
"""CUDA workers on the tiled Cholesky of examples/cholesky: the speedup of
CPU cores + GPU over the CPU-only build, and the simulation's prediction of
the native runs, on one GPU node (seed 000's claim: <6% error).

    python3 bench/gpu_cholesky.py --build-dir build [--n 32768] [--nb 1024]
                                  [--calibration-n 16384] [--runs 5] [--cpus 15]

Uses the four builds of examples/cholesky that CMake makes with CUDA
(<build>/bench/gpu/cholesky-{cpu,cuda,cuda-instrument,cuda-sim}) and
<build>/models/hcc-calibrate, in a work folder <build>/bench/gpu/work:

1. `hcc-calibrate --platform`: this node's platform file (cores, GPU memory,
   copy latency and bandwidth each way, the bus).
2. Kernel models: an instrumented run at --calibration-n with eager on
   --cpus CPU workers and the GPU (both architectures get tasks), then one
   with dmdas (the runtime's own costs as dmdas sees them).
3. Native runs at --n: the CPU-only build once on every core (dmdas, its
   residual unchecked), and the CUDA build --runs times in each of four
   configurations, interleaved: dmda and dmdas, each with --cpus and with 0
   CPU workers besides the GPU. The first dmdas run with --cpus checks its
   residual. Times are the factorisation's (EXAMPLE_TIME=1). The first run
   of each configuration keeps its records (work/native-*.csv).
4. One simulation per configuration with those models and that platform
   (records: work/simulated-*.csv).

Data are page-locked on their first copy to the GPU (HCC_PIN=1) in every
run, native and simulated.

Prints a table (median native, simulated, error) and

    figure gpu_cholesky_speedup_vs_cpu = <CPU-only time / median dmdas with --cpus>
    figure gpu_cholesky_prediction_error_pct = <max over the four of |sim - median| / median, %>

Without a GPU (hcc-calibrate finds none) the figures read nan and it exits 0;
a failed run exits 1.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

TIME_RE = re.compile(r"cholesky: factorization seconds=([0-9.eE+-]+)")
OK_RE = re.compile(r"cholesky: N=\d+ NB=\d+ (residual=\S+ ok|unchecked|simulated)")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env, what, timeout=1800):
    log(f"gpu_cholesky: {what}")
    p = subprocess.run(cmd, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    out = p.stdout + p.stderr
    if p.returncode != 0 or ("cholesky:" in out and not OK_RE.search(out)):
        log(f"gpu_cholesky: {what} failed (exit {p.returncode}):\n{out[-2000:]}")
        sys.exit(1)
    return out


def seconds(out, what):
    m = TIME_RE.search(out)
    if not m:
        log(f"gpu_cholesky: {what}: no 'factorization seconds' line:\n{out[-1000:]}")
        sys.exit(1)
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--n", type=int, default=32768)
    ap.add_argument("--nb", type=int, default=1024)
    ap.add_argument("--calibration-n", type=int, default=16384)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--cpus", type=int, default=15, help="CPU workers besides the GPU (default 15)")
    args = ap.parse_args()

    gpu = os.path.join(args.build_dir, "bench", "gpu")
    progs = {v: os.path.join(gpu, f"cholesky-{v}") for v in ("cpu", "cuda", "cuda-instrument", "cuda-sim")}
    calibrate = os.path.join(args.build_dir, "models", "hcc-calibrate")
    for p in list(progs.values()) + [calibrate]:
        if not os.access(p, os.X_OK):
            log(f"gpu_cholesky: {p} not found (hccsim built without CUDA?)")
            print("figure gpu_cholesky_speedup_vs_cpu = nan\nfigure gpu_cholesky_prediction_error_pct = nan")
            return 0
    work = os.path.join(gpu, "work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    models = os.path.join(work, "models")
    platform = os.path.join(work, "platform.xml")

    base = dict(os.environ)
    for var in ("HCC_RECORDS", "HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_MAX_SUBMITTED",
                "HCC_WORKERS", "HCC_GPUS", "HCC_SCHED", "HCC_MODE", "HCC_PLATFORM", "OMP_NUM_THREADS"):
        base.pop(var, None)
    # Data are page-locked on their first copy (HCC_PIN=1), natively and in
    # the simulation, which charges the platform's measured cost for it.
    base.update(HCC_MODEL_DIR=models, EXAMPLE_TIME="1", EXAMPLE_CHECK="0", HCC_PIN="1")

    out = run([calibrate, "--platform", platform], base, "hcc-calibrate --platform")
    log(out.strip())
    if "CUDA0" not in out:
        log("gpu_cholesky: no CUDA GPU on this machine: skipped")
        print("figure gpu_cholesky_speedup_vs_cpu = nan\nfigure gpu_cholesky_prediction_error_pct = nan")
        return 0

    cn, nb = str(args.calibration_n), str(args.nb)
    for sched in ("eager", "dmdas"):
        env = dict(base, HCC_SCHED=sched, HCC_WORKERS=str(args.cpus), HCC_GPUS="1",
                   HCC_RECORDS=os.path.join(work, f"calibration-{sched}.csv"))
        run([progs["cuda-instrument"], cn, nb], env, f"instrumented run N={cn} NB={nb} {sched}")

    n = str(args.n)
    cores = os.cpu_count() or args.cpus + 1
    env = dict(base, HCC_SCHED="dmdas", HCC_WORKERS=str(cores), HCC_GPUS="0")
    cpu_time = seconds(run([progs["cpu"], n, nb], env, f"CPU-only build N={n} on {cores} CPU workers"), "CPU-only")

    configs = [(s, c) for s in ("dmda", "dmdas") for c in (args.cpus, 0)]
    native = {c: [] for c in configs}
    for r in range(args.runs):
        for sched, cpus in configs:
            check = r == 0 and sched == "dmdas" and cpus == args.cpus
            env = dict(base, HCC_SCHED=sched, HCC_WORKERS=str(cpus), HCC_GPUS="1",
                       EXAMPLE_CHECK="1" if check else "0")
            if r == 0:  # the records of one native run per configuration, beside the simulation's
                env["HCC_RECORDS"] = os.path.join(work, f"native-{sched}-{cpus}.csv")
            out = run([progs["cuda"], n, nb], env, f"native {sched} {cpus} CPU + 1 GPU, run {r + 1}/{args.runs}"
                      + (" (residual checked)" if check else ""))
            if check:
                log("gpu_cholesky: " + OK_RE.search(out).group(0))
            native[(sched, cpus)].append(seconds(out, "native"))

    print(f"{'scheduler':<9} {'CPUs':>4} {'native median s':>16} {'simulated s':>12} {'error %':>8}")
    errors = []
    for sched, cpus in configs:
        env = dict(base, HCC_SCHED=sched, HCC_WORKERS=str(cpus), HCC_GPUS="1", HCC_PLATFORM=platform,
                   HCC_RECORDS=os.path.join(work, f"simulated-{sched}-{cpus}.csv"))
        sim = seconds(run([progs["cuda-sim"], n, nb], env, f"simulated {sched} {cpus} CPU + 1 GPU"), "simulated")
        med = statistics.median(native[(sched, cpus)])
        err = 100 * abs(sim - med) / med
        errors.append(err)
        runs = " ".join(f"{x:.3f}" for x in native[(sched, cpus)])
        print(f"{sched:<9} {cpus:>4} {med:>16.3f} {sim:>12.3f} {err:>8.2f}   (native runs: {runs})")
    best = statistics.median(native[("dmdas", args.cpus)])
    print(f"CPU-only build, {cores} CPU workers: {cpu_time:.3f} s")
    print(f"figure gpu_cholesky_speedup_vs_cpu = {cpu_time / best:.2f}")
    print(f"figure gpu_cholesky_prediction_error_pct = {max(errors):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
