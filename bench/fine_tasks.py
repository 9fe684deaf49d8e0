#!/usr/bin/env python3
"""Fine-grained recursive task programs natively, instrumented and simulated,
in one command.

    python3 bench/fine_tasks.py --build-dir build [--native-runs 9] [--instrument-runs 3] [--sim-runs 5]
        [--fib-args "28 0"] [--nqueens-args 12] [--uts-args "5000 2 0.4985 2"] [--regions-args "4096 30000"]
        [--budget 330] [--timeout 60] [--sim-timeout 150] [--work-dir D]

Three programs written as people write OpenMP tasks (`#pragma omp parallel`,
`single`, `task`, `taskwait`, no `#pragma hcc`), whose tasks do almost
nothing but create more tasks:

    fib      examples/fib/fib.c at cut-off 0: a task per call     28 0: 1,028,456 tasks
    nqueens  bench/fine_tasks/nqueens.c: a task per placement     12: 856,188 tasks
    uts      bench/fine_tasks/uts.c: a binomial tree, a task per  5000 2 0.4985 2: 1,789,456 tasks,
             child, hundreds of levels deep                       996 levels
    regions  bench/fine_tasks/regions.c: `parallel for` over   4096 30000: 30,000 regions of
             a few thousand doubles, repeated                  about 1 us

Inputs of a few hundred thousand tasks ran natively in 10 to 30 ms, where
the virtual machine's scheduling moved single runs by 50 to 120 %: these
run 40 to 150 ms.

These programs' schedules are chaotic, natively and simulated: ten native
runs of uts read 0.123-0.178 s, six simulations from one set of models
0.108-0.157 s (their charged bursts 0.055-0.058 s: the steals that tiny
differences tip decide the rest). The medians of 5 native runs and 3
simulations moved by 8 % from one invocation to the next; the defaults are
9 and 5.

Each is built with `hccsim -fnative`, `-finstrument` and `-fsimulate` (-O2)
into <work>/ (default <build>/bench/fine-tasks/). After a warm-up native run
of each program, --native-runs rounds each run every program natively once
(OMP_NUM_THREADS=2, HCC_RECORDS unset: setting it makes a native run record
its tasks, which took its makespan from 0.14 to 0.37 s for nqueens 11);
the first --instrument-runs rounds also run each program instrumented at the
same input (OMP_NUM_THREADS=2), all into one fresh model directory (their
observations merge, as a user's calibration runs do: one run's models carry
the speed of the moment it ran, which on this VM moved a simulation by 30
%), and the next --sim-runs rounds simulate it (HCC_PLATFORM=laptop, 2
cores) with those models. Native and instrumented runs go through
bench/machine_state.py's check (made again once when the machine was slower
than usual around them or other processes used more than --max-foreign of
the CPUs; an instrumented run made again first takes its models back out). Every run's makespan is the one on
its `hccsim: mode=... makespan=...` summary line; every run must print the
same result line and the same task count (a simulated fib prints
`simulated` instead of its result). Figures, over the three task programs,
and for regions (its makespan is its last region's end):

    figure fine_task_prediction_error_pct = <max of |median simulated - median native| / median native, %>
    figure instrument_overhead_ratio = <max of median instrumented makespan / median native makespan>
    figure short_region_prediction_error_pct = <regions' |median simulated - median native| / median native, %>

A line per program on stderr: native median and spread, the instrumented
makespan and its ratio, the simulated median, its error and the
simulations' wall time. The simulations take most of the time (about
300,000 tasks per second of wall time: uts 7 s each); a simulation
after a program's first is skipped when it would end past --budget seconds
from the start, so the script ends in about 2 min on the 2-core VM and within
--budget plus one simulation whatever the load. A figure is nan when
a program failed or has no simulation; the exit status is then 1.
"""
import argparse
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine_state import SpeedCheck  # noqa: E402

# name: source, relative to the repository root
SOURCES = {
    "fib": "examples/fib/fib.c",
    "nqueens": "bench/fine_tasks/nqueens.c",
    "uts": "bench/fine_tasks/uts.c",
    "regions": "bench/fine_tasks/regions.c",
}
TASK_PROGRAMS = ("fib", "nqueens", "uts")
MODES = ("native", "instrument", "simulate")
SUMMARY_RE = re.compile(r"^hccsim: mode=(\w+) makespan=([0-9.eE+-]+) tasks=([0-9]+) workers=([0-9]+)", re.M)
# Variables that would change what a run does or writes.
HCC_UNSET = ("HCC_WORKERS", "HCC_GPUS", "HCC_MODE", "HCC_RECORDS", "HCC_MODEL_DIR", "HCC_PLATFORM", "HCC_SCHED",
             "HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_SIM_MODEL", "HCC_SIM_BURSTS",
             "HCC_INSTRUMENT_SAMPLING", "HCC_SIM_CALIBRATE_RUNS", "HCC_FOLD_THRESHOLD", "HCC_MAX_SUBMITTED", "HCC_SEED", "HCC_BIND",
             "OMP_NUM_THREADS", "OMP_SCHEDULE")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Failure(Exception):
    pass


def run(label, cmd, env, cwd, timeout, expect_mode):
    """Runs cmd; returns a dict: makespan, tasks, workers, result line, wall."""
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{label}: timed out after {timeout:.0f} s: {' '.join(cmd)}")
    wall = time.monotonic() - start
    what = f"{label}: {' '.join(cmd)} (exit {p.returncode})\n--- stdout\n{p.stdout}--- stderr\n{p.stderr[-3000:]}"
    if "Deadlock detected" in p.stderr:
        raise Failure(f"{label}: SimGrid found a deadlock: {what}")
    summaries = SUMMARY_RE.findall(p.stderr)
    lines = p.stdout.strip().splitlines()
    if p.returncode != 0 or not summaries or not lines:
        raise Failure(f"{label}: failed or printed no result and summary lines: {what}")
    mode, makespan, tasks, workers = summaries[-1]
    if mode != expect_mode or int(workers) != 2:
        raise Failure(f"{label}: expected mode={expect_mode} workers=2: {what}")
    r = {"makespan": float(makespan), "tasks": int(tasks), "result": lines[-1], "wall": wall}
    log(f"  {label}: makespan={r['makespan']:.4f} s tasks={r['tasks']}, wall {wall:.2f} s")
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--native-runs", type=int, default=9, help="native runs of each program (rounds)")
    ap.add_argument("--instrument-runs", type=int, default=3,
                    help="instrumented runs of each program, whose models merge")
    ap.add_argument("--sim-runs", type=int, default=5, help="simulations of each program")
    ap.add_argument("--fib-args", default="28 0", help="N CUTOFF")
    ap.add_argument("--nqueens-args", default="12", help="N")
    ap.add_argument("--uts-args", default="5000 2 0.4985 2", help="B0 M Q SEED")
    ap.add_argument("--regions-args", default="4096 30000", help="N REPS")
    ap.add_argument("--budget", type=float, default=330,
                    help="seconds from the start after which no further simulation starts (but a program's first)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per native or instrumented run")
    ap.add_argument("--sim-timeout", type=float, default=150, help="seconds per simulation")
    ap.add_argument("--work-dir", help="binaries, models and records (default <build>/bench/fine-tasks)")
    ap.add_argument("--max-foreign", type=float, default=0.05,
                    help="make a native or instrumented run again when other processes used more of the CPUs")
    ap.add_argument("--retries", type=int, default=1, help="how many times a disturbed run is made again")
    args = ap.parse_args()
    if args.native_runs < 1 or args.instrument_runs < 1 or args.sim_runs < 1:
        ap.error("need --native-runs, --instrument-runs and --sim-runs >= 1")
    t_start = time.monotonic()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build_dir = os.path.abspath(args.build_dir)
    hccsim = os.path.join(build_dir, "bin", "hccsim")
    if not os.access(hccsim, os.X_OK):
        log(f"fine_tasks: {hccsim} not found (build the project first)")
        return 1
    work = os.path.abspath(args.work_dir) if args.work_dir else os.path.join(build_dir, "bench", "fine-tasks")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    prog_args = {"fib": args.fib_args.split(), "nqueens": args.nqueens_args.split(), "uts": args.uts_args.split(),
                 "regions": args.regions_args.split()}

    exe = {}
    try:
        for name, src in SOURCES.items():
            for mode in MODES:
                out = os.path.join(work, f"{name}-{mode}")
                cmd = [hccsim, f"-f{mode}", "-O2", os.path.join(root, src), "-o", out]
                log("build: " + " ".join(cmd))
                p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
                if p.returncode != 0:
                    raise Failure(f"build failed: {' '.join(cmd)}\n{p.stdout}")
                if p.stdout.strip():
                    log(p.stdout.rstrip())
                exe[name, mode] = out
    except (Failure, subprocess.TimeoutExpired) as e:
        log(f"fine_tasks: {e}")
        return 1

    base = dict(os.environ)
    for k in HCC_UNSET:
        base.pop(k, None)
    native_env = dict(base, OMP_NUM_THREADS="2")
    speed = SpeedCheck(work, max_foreign=args.max_foreign, retries=args.retries, pause=1.0, log=log)

    runs = {name: {"native": [], "instrument": [], "simulate": []} for name in SOURCES}
    failures = {}
    skipped = {name: 0 for name in SOURCES}

    def model_dir(name):
        return os.path.join(work, f"{name}-models")

    def instrumented(name, r):
        # Each try starts from the models of the runs before it: a try made
        # again must not leave its observations in them.
        kept = model_dir(name) + ".before"
        if not os.path.isdir(kept):
            os.makedirs(model_dir(name), exist_ok=True)
            shutil.copytree(model_dir(name), kept)
        shutil.rmtree(model_dir(name), ignore_errors=True)
        shutil.copytree(kept, model_dir(name))
        env = dict(native_env, HCC_MODEL_DIR=model_dir(name),
                   HCC_RECORDS=os.path.join(work, f"{name}-records-{r}.csv"))
        return run(f"{name} instrumented", [exe[name, "instrument"], *prog_args[name]], env, work, args.timeout,
                   "instrument")

    def instrument_round(name, r):
        shutil.rmtree(model_dir(name) + ".before", ignore_errors=True)
        return speed.run(lambda: instrumented(name, r))

    def attempt(name, kind, step):
        if name in failures:
            return
        try:
            r = step()
        except Failure as e:
            failures[name] = str(e)
            log(f"fine_tasks: {e}")
            return
        runs[name].setdefault(kind, []).append(r)

    def native(name, label):
        return lambda: speed.run(lambda: run(f"{name} {label}", [exe[name, "native"], *prog_args[name]], native_env,
                                             work, args.timeout, "native"))

    def simulated(name):
        env = dict(base, HCC_MODEL_DIR=model_dir(name), HCC_PLATFORM="laptop")
        return lambda: run(f"{name} simulated", [exe[name, "simulate"], *prog_args[name]], env, work,
                           args.sim_timeout, "simulate")

    log("warm-up")
    for name in SOURCES:
        attempt(name, "warm-up", lambda: run(f"{name} native warm-up", [exe[name, "native"], *prog_args[name]],
                                             native_env, work, args.timeout, "native"))
    for name in SOURCES:
        runs[name].pop("warm-up", None)
    rounds = max(args.native_runs, args.instrument_runs + args.sim_runs)
    for r in range(rounds):
        log(f"round {r + 1}/{rounds}")
        for name in SOURCES:
            if r < args.native_runs:
                attempt(name, "native", native(name, "native"))
            if r < args.instrument_runs:
                attempt(name, "instrument", lambda: instrument_round(name, r))
            elif r < args.instrument_runs + args.sim_runs and runs[name]["instrument"]:
                sims = runs[name]["simulate"]
                # A program's first simulation always runs; a later one only
                # when, at the speed of the ones before, it ends within the budget.
                if sims and time.monotonic() - t_start + max(s["wall"] for s in sims) > args.budget:
                    skipped[name] += 1
                    log(f"  {name} simulated: skipped (--budget {args.budget:.0f} s)")
                    continue
                attempt(name, "simulate", simulated(name))

    log(speed.summary())
    # The same result line and task count in every mode.
    for name in SOURCES:
        if name in failures:
            continue
        every = [x for kind in ("native", "instrument", "simulate") for x in runs[name][kind]]
        counts = {x["tasks"] for x in every}
        lines = {x["result"] for x in every if not x["result"].endswith(" simulated")}
        if len(counts) > 1 or len(lines) > 1:
            failures[name] = (f"{name}: runs differ: tasks {sorted(counts)}, results " + " | ".join(sorted(lines)))
            log(f"fine_tasks: {failures[name]}")

    med = statistics.median
    errors, ratios = {}, {}
    log(f"{'program':<8} {'args':<16} {'tasks':>8}  {'native median (range, spread)':<34} "
        f"{'instrumented (ratio)':<22} {'simulated median (range)':<28} {'error %':>8} {'sim wall':>8}")
    for name in SOURCES:
        nat = [x["makespan"] for x in runs[name]["native"]]
        ins = [x["makespan"] for x in runs[name]["instrument"]]
        sim = [x["makespan"] for x in runs[name]["simulate"]]
        errors[name] = ratios[name] = math.nan
        a = " ".join(prog_args[name])
        if not nat:
            log(f"{name:<8} {a:<16} FAILED: {failures.get(name, 'no native run')}".splitlines()[0])
            continue
        m = med(nat)
        tasks = runs[name]["native"][0]["tasks"]
        nat_s = f"{m:.4f} s ({min(nat):.4f}-{max(nat):.4f}, {(max(nat) - min(nat)) / m * 100:.1f} %)"
        ins_s = f"{med(ins):.4f} s ({med(ins) / m:.2f})" if ins else "-"
        if ins:
            ratios[name] = med(ins) / m
        if sim:
            st = med(sim)
            errors[name] = abs(st - m) / m * 100
            sim_s = f"{st:.4f} s ({min(sim):.4f}-{max(sim):.4f})"
            tail = f"{errors[name]:>8.2f} {med([x['wall'] for x in runs[name]['simulate']]):>7.1f}s"
        else:
            sim_s, tail = "-", f"{'-':>8} {'-':>8}"
        line = f"{name:<8} {a:<16} {tasks:>8}  {nat_s:<34} {ins_s:<22} {sim_s:<28} {tail}"
        if skipped[name]:
            line += f"  ({len(sim)} simulation(s), {skipped[name]} skipped for --budget)"
        if name in failures:
            line += "  FAILED"
        log(line)

    def worst(values):
        vals = list(values)
        return math.nan if any(math.isnan(v) for v in vals) else max(vals)

    print(f"figure fine_task_prediction_error_pct = {worst(errors[p] for p in TASK_PROGRAMS):.2f}")
    print(f"figure instrument_overhead_ratio = {worst(ratios[p] for p in TASK_PROGRAMS):.3f}")
    print(f"figure short_region_prediction_error_pct = {errors['regions']:.2f}")
    log(f"fine_tasks: {time.monotonic() - t_start:.0f} s")
    if failures:
        log(f"fine_tasks: {len(failures)} program(s) failed: {', '.join(failures)}")
        return 1
    if any(math.isnan(v) for v in list(errors.values()) + list(ratios.values())):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
