#!/usr/bin/env python3
"""Per-task overhead of hccsim's native runtime against libomp, libgomp and
StarPU 1.3, in one command.

    python3 bench/task_overhead.py --build-dir build [--tasks 200000]
                                   [--threads 2] [--reps 5] [--rounds 1]

Runs the four programs built by bench/CMakeLists.txt (<build>/bench/overhead/:
hcc_tasks, omp_tasks_libomp, omp_tasks_gomp, starpu_tasks) on three patterns
of empty tasks (indep, chain, stencil; bench/overhead/overhead_common.h
describes them). The runs are interleaved (pattern by pattern, the runtimes
in a rotating order) so that machine noise hits all runtimes alike. Each
program repeats the pattern --reps times and reports its fastest repetition;
with --rounds > 1 the fastest round is kept.

Progress goes to stderr, one line per run. On stdout: a table of per-task
microseconds (runtime x pattern), the hccsim/peer ratio per pattern, then
one line per figure:

    figure task_overhead_ratio_vs_libomp = <geomean over patterns of hcc/libomp>
    figure task_overhead_ratio_vs_libgomp = ...
    figure task_overhead_ratio_vs_starpu = ...

A ratio below 1 means hccsim has the lower per-task overhead. A peer whose
binary is missing, or whose run fails for some pattern, is reported and
skipped: its figure reads `nan`. Exit status: 0; 1 if an hccsim run failed; 2 if the hccsim binary
is missing (the peers are then not run, unless --allow-missing-hcc).
"""

import argparse
import math
import os
import re
import subprocess
import sys
import time

PATTERNS = ["indep", "chain", "stencil"]

# (name, binary, figure suffix or None for hccsim itself)
RUNTIMES = [
    ("hccsim", "hcc_tasks", None),
    ("libomp", "omp_tasks_libomp", "libomp"),
    ("libgomp", "omp_tasks_gomp", "libgomp"),
    ("starpu", "starpu_tasks", "starpu"),
]

RESULT_RE = re.compile(
    r"^pattern=(\S+) tasks=(\d+) seconds=([0-9.eE+-]+) per_task_us=([0-9.eE+-]+)\s*$", re.M)

# Variables that would make a run do more than execute tasks.
HCC_UNSET = ["HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_RECORDS",
             "HCC_MAX_SUBMITTED", "HCC_GPUS"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def find_binary(build_dir, name):
    for sub in ("bench/overhead", "bench", "bin", "."):
        path = os.path.join(build_dir, sub, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def runtime_env(name, threads, build_dir):
    env = dict(os.environ)
    if name == "hccsim":
        for var in HCC_UNSET:
            env.pop(var, None)
        env.update(HCC_MODE="native", HCC_SCHED="eager", HCC_WORKERS=str(threads))
    elif name in ("libomp", "libgomp"):
        env["OMP_NUM_THREADS"] = str(threads)
    elif name == "starpu":
        # StarPU keeps its bus calibration under STARPU_HOME; keep it in the
        # build tree rather than in the user's home.
        home = os.path.join(build_dir, "bench", "starpu-home")
        os.makedirs(home, exist_ok=True)
        env.update(STARPU_SCHED="eager", STARPU_NCPU=str(threads), STARPU_NCUDA="0",
                   STARPU_NOPENCL="0", STARPU_SILENT="1", STARPU_CALIBRATE="0",
                   STARPU_HOME=home)
        for var in ("STARPU_FXT_PREFIX", "STARPU_GENERATE_TRACE", "STARPU_PROFILING",
                    "STARPU_WORKER_STATS", "STARPU_BUS_STATS", "STARPU_LIMIT_MAX_SUBMITTED_TASKS"):
            env.pop(var, None)
    return env


def run_one(path, env, pattern, args):
    """Returns (per_task_us, seconds, tasks), or an error string."""
    cmd = [path, pattern, str(args.tasks), str(args.threads), str(args.reps)]
    try:
        proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return f"timed out after {args.timeout} s"
    except OSError as exc:
        return f"could not start: {exc}"
    if proc.returncode != 0:
        tail = proc.stderr.strip().splitlines()[-3:]
        return f"exit status {proc.returncode}" + (": " + " | ".join(tail) if tail else "")
    m = RESULT_RE.search(proc.stdout)
    if not m or m.group(1) != pattern:
        return f"no result line on stdout (got {proc.stdout.strip()[:200]!r})"
    return float(m.group(4)), float(m.group(3)), int(m.group(2))


def geomean(values):
    return math.exp(sum(math.log(v) for v in values) / len(values))


def fmt(x, width=10, prec=3):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return f"{'-':>{width}}"
    return f"{x:>{width}.{prec}f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True, help="CMake build directory")
    ap.add_argument("--tasks", type=int, default=200000, help="tasks per repetition (default 200000)")
    ap.add_argument("--threads", type=int, default=2, help="worker threads (default 2)")
    ap.add_argument("--reps", type=int, default=5, help="repetitions inside each program (default 5)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="times each (runtime, pattern) program is run; the fastest is kept (default 1)")
    ap.add_argument("--patterns", default=",".join(PATTERNS),
                    help="comma-separated subset of " + ",".join(PATTERNS))
    ap.add_argument("--timeout", type=float, default=1800, help="seconds allowed per program run")
    ap.add_argument("--allow-missing-hcc", action="store_true",
                    help="run the peers even if hcc_tasks is missing (figures read nan, exit status 2)")
    args = ap.parse_args()

    patterns = [p for p in args.patterns.split(",") if p]
    bad = [p for p in patterns if p not in PATTERNS]
    if bad or not patterns:
        ap.error(f"unknown pattern(s): {','.join(bad)}")
    if args.tasks < 1 or args.threads < 1 or args.reps < 1 or args.rounds < 1:
        ap.error("--tasks, --threads, --reps and --rounds must be >= 1")

    build_dir = os.path.abspath(args.build_dir)
    binaries = {}
    for name, binary, _ in RUNTIMES:
        path = find_binary(build_dir, binary)
        if path:
            binaries[name] = path
        else:
            log(f"task_overhead: {name}: {binary} not found under {build_dir}/bench/overhead: skipped")
    hcc_missing = "hccsim" not in binaries
    if hcc_missing:
        log("task_overhead: error: hcc_tasks is missing (build the hcc_tasks target)")
        if not args.allow_missing_hcc:
            return 2

    present = [r for r in RUNTIMES if r[0] in binaries]
    order = []  # (round, pattern, runtime), interleaved
    for rnd in range(args.rounds):
        for pi, pattern in enumerate(patterns):
            k = (rnd + pi) % len(present) if present else 0
            for name, _, _ in present[k:] + present[:k]:
                order.append((rnd, pattern, name))

    best = {}    # (runtime, pattern) -> per-task us
    failed = {}  # (runtime, pattern) -> error
    total = len(order)
    log(f"task_overhead: {len(present)} runtimes x {len(patterns)} patterns x {args.rounds} round(s), "
        f"tasks={args.tasks} threads={args.threads} reps={args.reps}")
    for k, (rnd, pattern, name) in enumerate(order, 1):
        env = runtime_env(name, args.threads, build_dir)
        t0 = time.monotonic()
        res = run_one(binaries[name], env, pattern, args)
        wall = time.monotonic() - t0
        if isinstance(res, str):
            failed[(name, pattern)] = res
            log(f"[{k}/{total}] {name} {pattern} FAILED: {res}")
            continue
        us, seconds, tasks = res
        log(f"[{k}/{total}] {name} {pattern} per_task_us={us:.4f} "
            f"(tasks={tasks}, best rep {seconds:.4f} s, run {wall:.1f} s)")
        key = (name, pattern)
        if key not in best or us < best[key]:
            best[key] = us

    # ---- Table ---------------------------------------------------------------
    print(f"per-task overhead in microseconds (min over {args.reps} reps x {args.rounds} round(s); "
          f"tasks={args.tasks}, threads={args.threads})")
    print(f"{'runtime':<10}" + "".join(f"{p:>10}" for p in patterns))
    for name, _, _ in RUNTIMES:
        if name not in binaries:
            print(f"{name:<10}" + "".join(f"{'missing':>10}" for _ in patterns))
            continue
        print(f"{name:<10}" + "".join(fmt(best.get((name, p))) for p in patterns))
    print()
    print("hccsim/peer ratio (< 1: hccsim is faster)")
    print(f"{'peer':<10}" + "".join(f"{p:>10}" for p in patterns))
    figures = []
    for name, _, suffix in RUNTIMES:
        if suffix is None:
            continue
        ratios = []
        row = []
        for p in patterns:
            h, q = best.get(("hccsim", p)), best.get((name, p))
            if h is not None and q is not None and h > 0 and q > 0:
                ratios.append(h / q)
                row.append(h / q)
            else:
                row.append(None)
        print(f"{name:<10}" + "".join(fmt(r) for r in row))
        # A geomean over fewer patterns would not be the same figure: it
        # reads nan unless every pattern was measured for both runtimes.
        complete = len(ratios) == len(patterns)
        if not complete and name in binaries:
            log(f"task_overhead: {name}: {len(patterns) - len(ratios)} pattern(s) without a ratio: "
                f"task_overhead_ratio_vs_{suffix} = nan")
        figures.append((suffix, geomean(ratios) if complete else float("nan")))
    print()
    for suffix, value in figures:
        print(f"figure task_overhead_ratio_vs_{suffix} = {value:.4f}" if not math.isnan(value)
              else f"figure task_overhead_ratio_vs_{suffix} = nan")
    sys.stdout.flush()

    for (name, pattern), err in sorted(failed.items()):
        log(f"task_overhead: {name} {pattern} failed: {err}")
    if hcc_missing:
        return 2
    if any(name == "hccsim" for name, _ in failed):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
