#!/usr/bin/env python3
"""Loops as kernels: simulations that charge loops from their models
(HCC_SIM_LOOPS=model) against ones that run them and charge their measured
CPU bursts, in one command.

    python3 bench/loop_models.py --build-dir build [--runs 3] [--only jacobi|mpi-halo]

Two examples written with no `#pragma hcc`:

    jacobi    examples/jacobi: a `parallel for` sweep with a reduction between   1024 300, 2 threads, laptop
              sequential loops (boundary, norm)
    mpi-halo  examples/mpi-halo: each rank's rows swept by plain loops between  1024 600, 2 ranks, local-2node
              halo exchanges and an MPI_Allreduce

Each is built with `hccsim -finstrument` and `-fsimulate` (-O2) into
<build>/bench/loop-models/ and run instrumented once at its size (2 threads,
or `mpirun -np 2`), recording its loops (`loop:<file>:<line>`: worksharing
loop chunks and loop nests, with parameter `work` where the compiler counted
their inner loops); `hcc-calibrate` fits them. Then --runs simulations each
way at that size and at ten times the points (sqrt(10) N): with
HCC_SIM_LOOPS=run (the loops run, their bursts timed) and with
HCC_SIM_LOOPS=model (charged from their models, not run; the arrays larger
than 1 MiB folded, HCC_FOLD_THRESHOLD=1M, since nothing computes them).
EXAMPLE_CHECK=0: no sequential reference run. Every instrumented run and
every simulation goes through bench/machine_state.py's check, as in
bursts.py and fine_tasks.py: made again (up to --retries times, then kept)
when the machine was slower than usual around it or other processes used
more than --max-foreign of the CPUs during it; a model from a disturbed
instrumented run, or a reference timed on a disturbed machine, compares two
speeds of the machine. Figures (medians; over the two examples, the least
speedup and the largest errors):

    figure loop_model_sim_speedup = <wall time of the simulations that run the loops / of those that model them, at 10x the points>
    figure loop_model_sim_speedup_at_n = <the same at N, where what a simulation does beside the loops weighs more>
    figure loop_model_vs_burst_error_pct = <|time= modelled - time= run| / run, %, at N>
    figure loop_model_10x_wall_seconds = <wall time of a modelled simulation at 10x the points>
    figure loop_model_10x_vs_burst_error_pct = <the error at 10x the points>

A line per example and way on stderr. About 1.5 min on the 2-core VM.
"""
import argparse
import glob
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine_state import SpeedCheck  # noqa: E402

# name: (source under examples/, size arguments, MPI)
EXAMPLES = {
    "jacobi": ("jacobi/jacobi.c", (1024, 300), False),
    "mpi-halo": ("mpi-halo/mpi-halo.c", (1024, 600), True),
}


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


def measure(name, build, work, runs, timeout, speed):
    """The example's four medians: (run time, run wall, model time, model wall) at N and 10x."""
    src, (n, steps), mpi = EXAMPLES[name]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    hccsim = os.path.join(build, "bin", "hccsim")
    exe = {}
    for mode in ("instrument", "simulate"):
        exe[mode] = os.path.join(work, f"{name}-{mode}")
        subprocess.run([hccsim, f"-f{mode}", "-O2", os.path.join(root, "examples", src), "-lm", "-o", exe[mode]],
                       check=True)
    models = os.path.join(work, f"{name}-models")
    subprocess.run(["rm", "-rf", models], check=True)
    records = os.path.join(work, f"{name}-records.csv")
    for old in glob.glob(os.path.join(work, f"{name}-records*.csv")):
        os.remove(old)
    base = {"EXAMPLE_CHECK": "0", "HCC_MODEL_DIR": models, "OMPI_ALLOW_RUN_AS_ROOT": "1",
            "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1"}
    size = [str(n), str(steps)]
    big = int(round(n * 10 ** 0.5))

    def simulate_cmd(points, how):
        env = dict(base, HCC_SIM_LOOPS=how)
        if how == "model":
            env["HCC_FOLD_THRESHOLD"] = "1M"
        if mpi:
            return [os.path.join(build, "bin", "hccsim-run"), "-np", "2", "--platform", "local-2node",
                    exe["simulate"], str(points), str(steps)], env
        env["HCC_PLATFORM"] = "laptop"
        return [exe["simulate"], str(points), str(steps)], env

    # The references (loops run, their bursts timed) and the instrumented runs
    # that give the models alternate, so both see the same stretches of this
    # shared machine's speed: one instrumented run at another moment would
    # compare two speeds of the machine, not a model with what it models.
    measured = {n: ([], []), big: ([], [])}
    for r in range(runs):
        records = os.path.join(work, f"{name}-records-{r}.csv")
        if mpi:
            cmd = ["mpirun", "-np", "2", exe["instrument"], *size]
            env = dict(base, OMP_NUM_THREADS="1", HCC_RECORDS=records)
        else:
            cmd = [exe["instrument"], *size]
            env = dict(base, OMP_NUM_THREADS="2", HCC_RECORDS=records)
        t, _ = speed.run(lambda: run(cmd, env, timeout))
        log(f"loop_models: {name} instrumented N={n}: time={t:.4f} s")
        for points in (n, big):
            t, wall = speed.run(lambda: run(*simulate_cmd(points, "run"), timeout))
            measured[points][0].append(t)
            measured[points][1].append(wall)
    calibrate = os.path.join(build, "models", "hcc-calibrate")
    files = sorted(glob.glob(os.path.join(work, f"{name}-records*.csv")))
    subprocess.run([calibrate, "-q", "--model-dir", models, *files], check=True)

    def simulate(points, how):
        if how == "run":
            times, walls = measured[points]
        else:
            times, walls = [], []
            for _ in range(runs):
                t, wall = speed.run(lambda: run(*simulate_cmd(points, how), timeout))
                times.append(t)
                walls.append(wall)
        t, wall = statistics.median(times), statistics.median(walls)
        log(f"loop_models: {name} N={points} HCC_SIM_LOOPS={how}: time={t:.4f} s (of {times}), wall {wall:.2f} s")
        return t, wall

    return simulate(n, "run") + simulate(n, "model") + simulate(big, "run") + simulate(big, "model")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", choices=sorted(EXAMPLES))
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--max-foreign", type=float, default=0.05,
                    help="other processes' share of the CPUs above which a run is made again")
    ap.add_argument("--retries", type=int, default=2, help="how many times a disturbed run is made again")
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    work = os.path.join(build, "bench", "loop-models")
    os.makedirs(work, exist_ok=True)
    results = {}
    speed = SpeedCheck(work, max_foreign=args.max_foreign, retries=args.retries, pause=1.0, log=log)
    for name in EXAMPLES:
        if args.only and name != args.only:
            continue
        try:
            results[name] = measure(name, build, work, args.runs, args.timeout, speed)
        except (RuntimeError, subprocess.TimeoutExpired, subprocess.CalledProcessError) as e:
            log(f"loop_models: {name}: {e}")
            return 1
    log(speed.summary())
    speedup = min(r[5] / r[7] for r in results.values())
    speedup_at_n = min(r[1] / r[3] for r in results.values())
    error = max(abs(r[2] - r[0]) / r[0] * 100 for r in results.values())
    big_wall = max(r[7] for r in results.values())
    big_error = max(abs(r[6] - r[4]) / r[4] * 100 for r in results.values())
    for name, r in results.items():
        log(f"loop_models: {name}: speedup {r[1] / r[3]:.2f}, error {abs(r[2] - r[0]) / r[0] * 100:.2f} %, "
            f"10x: speedup {r[5] / r[7]:.2f}, wall {r[7]:.2f} s, error {abs(r[6] - r[4]) / r[4] * 100:.2f} %")
    print(f"figure loop_model_sim_speedup = {speedup:.2f}")
    print(f"figure loop_model_sim_speedup_at_n = {speedup_at_n:.2f}")
    print(f"figure loop_model_vs_burst_error_pct = {error:.2f}")
    print(f"figure loop_model_10x_wall_seconds = {big_wall:.2f}")
    print(f"figure loop_model_10x_vs_burst_error_pct = {big_error:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
