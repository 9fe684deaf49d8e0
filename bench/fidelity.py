#!/usr/bin/env python3
"""Fidelity of hccsim's simulation: native makespans against simulated ones.

  python3 bench/fidelity.py --build-dir build

Needs <build>/bench/fidelity/fixed_dag-{native,sim} (targets
fidelity_fixed_dag-native and fidelity_fixed_dag-sim, bench/fidelity/) and
<build>/examples/cholesky-{native,sim}.

1. Fixed-duration kernels. bench/fidelity/fixed_dag.c is a fixed graph of 420
   tasks (a 7x7 tiled-Cholesky-shaped DAG interleaved with a layered random
   DAG from a fixed seed, 52 handles, priorities) whose four kernels spin for
   1, 2, 3 and 4 ms. One instrumented native run (HCC_MODE=instrument,
   1 worker, eager) writes the kernel models into a fresh model directory.
   Then for every scheduler (eager lws prio dmda dmdas) at HCC_WORKERS=1 and
   2: the median makespan of --native-runs native runs against the makespan
   of one simulated run on the laptop platform with the same model
   directory, scheduler and worker count.
2. Cholesky example (N=10240 NB=512, dmda, 2 workers): one instrumented run
   calibrates the kernel models into a fresh model directory, then
   --cholesky-runs native runs (median makespan), then one simulated run.

Every run's makespan is read from the runtime's summary line on stderr. A run
that exits non-zero or prints no summary line stops the benchmark. Progress
goes to stderr (one `[k/n]` line per run); the tables and, last, the figures
go to stdout:

  figure fixed_kernel_makespan_error_pct = <max over schedulers and workers of |sim-native|/native*100>
  figure cholesky_prediction_error_pct = <|sim - median native|/median native*100>

Temporary files (model directories, records) are in <build>/bench/fidelity-work,
emptied at the start of each run of the command.

Native timings are taken one at a time; on a shared machine, other processes
stretch the native runs (see bench/README.md), so read the spread of the
native runs printed next to each median.
"""
import argparse
import glob
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time

SUMMARY = re.compile(
    r"^hccsim: mode=(native|instrument|simulate) makespan=([0-9.eE+-]+) tasks=(\d+) workers=(\d+) peak_mem=(\d+)$",
    re.M)
SCHEDULERS = ["eager", "lws", "prio", "dmda", "dmdas"]
WORKERS = [1, 2]
# Variables that would change what a run does or costs (traces, records).
SCRUB = ["HCC_MODE", "HCC_RECORDS", "HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_GPUS",
         "HCC_MAX_SUBMITTED", "HCC_SIM_MODEL", "HCC_SEED", "HCC_PLATFORM", "HCC_PLATFORM_DIR"]


TICK = os.sysconf("SC_CLK_TCK")


def cpu_counters():
    """(busy, steal) seconds summed over all CPUs, from /proc/stat."""
    try:
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
    except OSError:
        return None
    # user nice system idle iowait irq softirq steal ...
    return (v[0] + v[1] + v[2] + v[5] + v[6]) / TICK, (v[7] if len(v) > 7 else 0) / TICK


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def foreign_load(before, after, own_cpu, wall):
    """CPUs used by other processes (and stolen by the hypervisor) meanwhile."""
    if before is None or after is None or wall <= 0:
        return float("nan")
    busy = after[0] - before[0] - own_cpu
    steal = after[1] - before[1]
    return max(0.0, busy + steal) / wall


def wait_quiet(threshold, max_wait):
    """Waits (at most max_wait s) until other processes use < threshold CPUs
    over a 0.5 s window; returns the seconds waited and the last load seen."""
    t0 = time.monotonic()
    while True:
        before, c0, w0 = cpu_counters(), children_cpu(), time.monotonic()
        time.sleep(0.5)
        load = foreign_load(before, cpu_counters(), children_cpu() - c0, time.monotonic() - w0)
        waited = time.monotonic() - t0
        if not load >= threshold or waited >= max_wait:
            return waited, load


def fail(msg):
    print(f"fidelity: error: {msg}", file=sys.stderr, flush=True)
    sys.exit(1)


class Runner:
    def __init__(self, total, timeout, quiet_load, quiet_wait):
        self.done, self.total, self.timeout = 0, total, timeout
        self.quiet_load, self.quiet_wait = quiet_load, quiet_wait
        self.loads = {}  # label -> CPUs used by other processes during the run

    def run(self, label, cmd, env, timed=True):
        """Runs one program, returns its makespan (seconds). A timed (native)
        run first waits for the machine to be quiet, at most quiet_wait s."""
        self.done += 1
        note = ""
        if timed and self.quiet_wait > 0:
            waited, load = wait_quiet(self.quiet_load, self.quiet_wait)
            if waited >= self.quiet_wait:
                note = f"; machine still busy after waiting {waited:.0f} s ({load:.2f} CPUs used by others)"
            elif waited > 1:
                note = f"; waited {waited:.0f} s for a quiet machine"
        full_env = {k: v for k, v in os.environ.items() if k not in SCRUB}
        full_env.update(env)
        settings = " ".join(f"{k}={v}" for k, v in sorted(env.items()) if k != "HCC_MODEL_DIR")
        before, c0, t0 = cpu_counters(), children_cpu(), time.monotonic()
        try:
            p = subprocess.run(cmd, env=full_env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            fail(f"{label}: `{' '.join(cmd)}` ({settings}) did not finish in {self.timeout} s")
        wall = time.monotonic() - t0
        load = foreign_load(before, cpu_counters(), children_cpu() - c0, wall)
        self.loads[label] = load
        matches = SUMMARY.findall(p.stderr)
        if p.returncode != 0 or not matches:
            why = f"exited with status {p.returncode}" if p.returncode != 0 else "printed no summary line"
            tail = "\n".join((p.stdout + p.stderr).strip().splitlines()[-20:])
            fail(f"{label}: `{' '.join(cmd)}` ({settings}) {why}; its last output:\n{tail}")
        makespan = float(matches[-1][1])
        print(f"[{self.done}/{self.total}] {label}: makespan {makespan:.4f} s (wall {wall:.1f} s, "
              f"others used {load:.2f} CPUs{note})",
              file=sys.stderr, flush=True)
        return makespan


def error_pct(simulated, native):
    return abs(simulated - native) / native * 100


def nominal_of(kernel):
    m = re.fullmatch(r"spin_(\d+)ms", kernel)
    return int(m.group(1)) * 1e-3 if m else None


def model_report(model_dir):
    """Per kernel of fixed_dag: mean of the model against the nominal duration."""
    lines = []
    for path in sorted(glob.glob(os.path.join(model_dir, "*.cpu.json"))):
        with open(path) as f:
            model = json.load(f)
        count = sum(e["count"] for e in model["entries"])
        if count == 0:
            continue
        mean = sum(e["count"] * e["mean"] for e in model["entries"]) / count
        worst = max(e["max"] for e in model["entries"] if e["count"] > 0)
        nominal = nominal_of(model["kernel"])
        excess = f" ({(mean / nominal - 1) * 100:+.3f} % over nominal)" if nominal else ""
        lines.append(f"  {model['kernel']:<9} {count:>4} tasks  mean {mean * 1e3:.4f} ms{excess}  "
                     f"max {worst * 1e3:.3f} ms")
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--native-runs", type=int, default=3, help="native runs per fixed_dag configuration (median)")
    ap.add_argument("--cholesky", default="10240,512", help="N,NB of the Cholesky check")
    ap.add_argument("--cholesky-runs", type=int, default=5, help="native Cholesky runs (median)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds allowed per program run")
    ap.add_argument("--quiet-load", type=float, default=0.25,
                    help="before each native or instrumented run, wait until other processes use fewer CPUs than this")
    ap.add_argument("--quiet-wait", type=float, default=20,
                    help="longest wait for a quiet machine before each such run, seconds (0: never wait)")
    args = ap.parse_args()
    if args.native_runs < 1 or args.cholesky_runs < 1:
        fail("--native-runs and --cholesky-runs must be >= 1")
    try:
        n, nb = (int(x) for x in args.cholesky.split(","))
    except ValueError:
        fail(f"--cholesky {args.cholesky!r}: expected N,NB")

    start = time.monotonic()
    build = os.path.abspath(args.build_dir)
    fixed = {m: os.path.join(build, "bench", "fidelity", f"fixed_dag-{m}") for m in ("native", "sim")}
    chol = {m: os.path.join(build, "examples", f"cholesky-{m}") for m in ("native", "sim")}
    for exe, target in [(fixed["native"], "fidelity_fixed_dag-native"), (fixed["sim"], "fidelity_fixed_dag-sim"),
                        (chol["native"], "cholesky-native"), (chol["sim"], "cholesky-sim")]:
        if not os.access(exe, os.X_OK):
            fail(f"{exe} is missing: build it first (cmake --build {args.build_dir} --target {target})")
    work = os.path.join(build, "bench", "fidelity-work")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    configs = [(s, w) for s in SCHEDULERS for w in WORKERS]
    runner = Runner(1 + len(configs) * (args.native_runs + 1) + 1 + args.cholesky_runs + 1, args.timeout,
                    args.quiet_load, args.quiet_wait)

    # ---- 1. Fixed-duration kernels ---------------------------------------------
    fixed_models = os.path.join(work, "fixed_dag-models")
    calib = runner.run("fixed_dag instrumented (eager, 1 worker)", [fixed["native"]],
                       {"HCC_MODE": "instrument", "HCC_SCHED": "eager", "HCC_WORKERS": "1",
                        "HCC_MODEL_DIR": fixed_models, "HCC_RECORDS": os.path.join(work, "fixed_dag-records.csv")})
    rows = []
    for sched, workers in configs:
        env = {"HCC_SCHED": sched, "HCC_WORKERS": str(workers), "HCC_MODEL_DIR": fixed_models}
        label = f"fixed_dag {sched} {workers} worker{'s' if workers > 1 else ''}"
        natives = [runner.run(f"{label} native {i + 1}/{args.native_runs}", [fixed["native"]], env)
                   for i in range(args.native_runs)]
        simulated = runner.run(f"{label} simulated", [fixed["sim"]], dict(env, HCC_PLATFORM="laptop"), timed=False)
        native = statistics.median(natives)
        others = max(runner.loads[f"{label} native {i + 1}/{args.native_runs}"] for i in range(args.native_runs))
        rows.append((sched, workers, natives, native, simulated, error_pct(simulated, native), others))
    worst = max(r[5] for r in rows)

    # ---- 2. Cholesky --------------------------------------------------------------
    chol_models = os.path.join(work, "cholesky-models")
    env = {"HCC_SCHED": "dmda", "HCC_WORKERS": "2", "HCC_MODEL_DIR": chol_models}
    label = f"cholesky N={n} NB={nb} dmda 2 workers"
    chol_calib = runner.run(f"{label} instrumented", [chol["native"], str(n), str(nb)],
                            dict(env, HCC_MODE="instrument", HCC_RECORDS=os.path.join(work, "cholesky-records.csv")))
    chol_natives = [runner.run(f"{label} native {i + 1}/{args.cholesky_runs}", [chol["native"], str(n), str(nb)], env)
                    for i in range(args.cholesky_runs)]
    predicted = runner.run(f"{label} simulated", [chol["sim"], str(n), str(nb)], dict(env, HCC_PLATFORM="laptop"),
                           timed=False)
    median = statistics.median(chol_natives)
    chol_err = error_pct(predicted, median)

    # ---- Report -----------------------------------------------------------------
    print(f"fixed-duration kernels: fixed_dag (420 tasks), native = median of {args.native_runs} runs, "
          f"simulated on laptop")
    print(f"kernel models from one instrumented run (eager, 1 worker, makespan {calib:.4f} s, "
          f"others used {runner.loads['fixed_dag instrumented (eager, 1 worker)']:.2f} CPUs):")
    for line in model_report(fixed_models):
        print(line)
    print(f"{'scheduler':<9} {'workers':>7} {'native s':>9} {'(min-max)':>17} {'simulated s':>11} {'error %':>8}"
          f" {'others CPUs':>11}")
    for sched, workers, natives, native, simulated, err, others in rows:
        spread = f"{min(natives):.4f}-{max(natives):.4f}"
        print(f"{sched:<9} {workers:>7} {native:>9.4f} {spread:>17} {simulated:>11.4f} {err:>8.2f} {others:>11.2f}"
              f"{'  > 2 %' if err > 2 else ''}")
    print("(others CPUs: the most CPUs that other processes, or the hypervisor, took during one of the native runs)")
    print()
    print(f"cholesky N={n} NB={nb}, dmda, 2 workers")
    chol_load = lambda key: runner.loads[f"{label} {key}"]
    print(f"instrumented run s: {chol_calib:.3f}   (others used {chol_load('instrumented'):.2f} CPUs)")
    print("native runs s:      " + " ".join(f"{x:.3f}" for x in chol_natives) + f"   median {median:.3f}")
    print("others used CPUs:   " + " ".join(f"{chol_load(f'native {i + 1}/{args.cholesky_runs}'):>6.2f}"
                                            for i in range(args.cholesky_runs)))
    print(f"simulated s:        {predicted:.3f}   error {chol_err:.2f} %")
    print()
    print(f"fidelity: total wall time {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    print(f"figure fixed_kernel_makespan_error_pct = {worst:.2f}")
    print(f"figure cholesky_prediction_error_pct = {chol_err:.2f}")


if __name__ == "__main__":
    main()
