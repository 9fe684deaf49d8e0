#!/usr/bin/env python3
"""Per-task overhead of hccsim's native runtime against libomp, libgomp and
StarPU 1.3, at one or several thread counts, in one command.

    python3 bench/task_overhead.py --build-dir build [--threads-list 1,2,4,8,16]
                                   [--tasks 100000] [--reps 3] [--rounds 1]

Five programs run three patterns of empty tasks (indep, chain, stencil;
bench/overhead/overhead_common.h describes them):

    hccsim      <build>/bench/overhead/hcc_tasks (the C API, HCC_WORKERS=T HCC_GPUS=0)
    hccsim-omp  bench/overhead/omp_tasks.c built here with `hccsim -fnative`
                (the OpenMP path: libhccomp on the same runtime, a team of T)
    libomp      omp_tasks.c built with clang-19 -fopenmp (bench/CMakeLists.txt)
    libgomp     omp_tasks.c built with gcc -fopenmp
    starpu      starpu_tasks.c on StarPU 1.3 (STARPU_NCPU=T)

The runs are interleaved (thread count by thread count, pattern by pattern,
the programs in a rotating order) so that machine noise hits all runtimes
alike. Each program repeats the pattern --reps times and reports its fastest
repetition; with --rounds > 1 the fastest round is kept. Progress goes to
stderr, one line per run.

On stdout, per thread count: a table of per-task microseconds (program x
pattern) and the hccsim/peer ratios; then one line per figure, each the
geometric mean over the three patterns:

    figure task_overhead_ratio_vs_libomp = <hccsim / libomp at 2 threads>
    figure task_overhead_ratio_vs_libgomp = ...
    figure task_overhead_ratio_vs_starpu = ...
    figure task_overhead_omp_ratio_vs_libomp = <hccsim-omp / libomp at 2 threads>
    figure task_overhead_omp_ratio_vs_starpu = ...
    figure task_overhead_ratio_vs_libomp_16t = <hccsim / libomp at 16 threads>
    figure task_overhead_ratio_vs_starpu_16t = ...
    figure task_overhead_growth_16t_vs_2t = <hccsim at 16 threads / at 2>
    figure task_overhead_omp_ratio_vs_libomp_16t = ... (and _starpu_16t, growth: hccsim-omp)

The ratio tables end with the same geometric mean at each thread count
(the bounds at 4 and 8 threads are read there).

A figure whose thread counts were not all measured, or a peer whose binary is
missing or whose run failed for some pattern, reads `nan`. A ratio below 1
means hccsim has the lower per-task overhead. Exit status: 0; 1 if an hccsim
run failed; 2 if hcc_tasks is missing (the peers are then not run, unless
--allow-missing-hcc).
"""

import argparse
import math
import os
import re
import subprocess
import sys
import time

PATTERNS = ["indep", "chain", "stencil"]

# (name, binary under <build>/bench/overhead, figure suffix or None for hccsim's own programs)
RUNTIMES = [
    ("hccsim", "hcc_tasks", None),
    ("hccsim-omp", "omp_tasks_hccsim", None),
    ("libomp", "omp_tasks_libomp", "libomp"),
    ("libgomp", "omp_tasks_gomp", "libgomp"),
    ("starpu", "starpu_tasks", "starpu"),
]
PEERS = [(name, suffix) for name, _, suffix in RUNTIMES if suffix]

RESULT_RE = re.compile(
    r"^pattern=(\S+) tasks=(\d+) seconds=([0-9.eE+-]+) per_task_us=([0-9.eE+-]+)\s*$", re.M)

# Variables that would make a run do more than execute tasks.
HCC_UNSET = ["HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_RECORDS",
             "HCC_MAX_SUBMITTED", "HCC_GPUS", "HCC_WORKERS", "HCC_SCHED", "HCC_MODE"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def find_binary(build_dir, name):
    for sub in ("bench/overhead", "bench", "bin", "."):
        path = os.path.join(build_dir, sub, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def build_hccsim_omp(build_dir, root):
    """omp_tasks.c through `hccsim -fnative`, rebuilt when the driver or the
    source is newer; returns the binary or None."""
    driver = os.path.join(build_dir, "bin", "hccsim")
    src = os.path.join(root, "bench", "overhead", "omp_tasks.c")
    out = os.path.join(build_dir, "bench", "overhead", "omp_tasks_hccsim")
    if not os.access(driver, os.X_OK):
        # A build tree carried to another machine (the device bundle) has
        # the program but not the compiler.
        if os.access(out, os.X_OK):
            return out
        log(f"task_overhead: hccsim-omp: {driver} not found: skipped")
        return None
    inputs = [driver, src, os.path.join(root, "bench", "overhead", "overhead_common.h")]
    for lib in ("libhccrt-native.a", "libhccomp.a"):
        runtime_lib = os.path.join(build_dir, "rt", lib)
        if os.path.exists(runtime_lib):
            inputs.append(runtime_lib)
    if os.path.exists(out) and os.path.getmtime(out) >= max(os.path.getmtime(p) for p in inputs):
        return out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [driver, "-fnative", "-O2", src, "-o", out]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        log(f"task_overhead: hccsim-omp: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stdout}")
        return None
    return out


def runtime_env(name, threads, build_dir, hcc_sched):
    env = dict(os.environ)
    if name.startswith("hccsim"):
        for var in HCC_UNSET:
            env.pop(var, None)
        # CPU workers only, as StarPU's STARPU_NCUDA=0: with a GPU worker the
        # runtime keeps data coherent between main memory and the GPU, under
        # the control lock, even for tasks that only CPUs run.
        env.update(HCC_MODE="native", HCC_SCHED=hcc_sched, HCC_GPUS="0")
        if name == "hccsim":
            env["HCC_WORKERS"] = str(threads)
        else:
            env["OMP_NUM_THREADS"] = str(threads)
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


def run_one(path, env, pattern, threads, args):
    """Returns (per_task_us, seconds, tasks), or an error string."""
    cmd = [path, pattern, str(args.tasks), str(threads), str(args.reps)]
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


def ratio_geomean(best, num, den, patterns):
    """Geomean over patterns of best[num]/best[den]; nan unless every pattern
    was measured for both (a geomean over fewer would be another figure)."""
    ratios = []
    for p in patterns:
        a, b = best.get(num + (p,)), best.get(den + (p,))
        if a is None or b is None or a <= 0 or b <= 0:
            return float("nan")
        ratios.append(a / b)
    return geomean(ratios)


def parse_threads(text):
    try:
        counts = [int(x) for x in text.split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text}: expected thread counts such as 1,2,4,8,16")
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"{text}: thread counts must be >= 1")
    return counts


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True, help="CMake build directory")
    ap.add_argument("--tasks", type=int, default=100000, help="tasks per repetition (default 100000)")
    ap.add_argument("--threads-list", type=parse_threads, default=None,
                    help="comma-separated thread counts (default: --threads)")
    ap.add_argument("--threads", type=int, default=2, help="one thread count (default 2)")
    ap.add_argument("--reps", type=int, default=3, help="repetitions inside each program (default 3)")
    ap.add_argument("--rounds", type=int, default=1,
                    help="times each (program, threads, pattern) is run; the fastest is kept (default 1)")
    ap.add_argument("--patterns", default=",".join(PATTERNS),
                    help="comma-separated subset of " + ",".join(PATTERNS))
    ap.add_argument("--hcc-sched", default="eager", help="HCC_SCHED for hccsim's programs (default eager)")
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
    thread_counts = args.threads_list or [args.threads]

    build_dir = os.path.abspath(args.build_dir)
    binaries = {}
    for name, binary, _ in RUNTIMES:
        path = build_hccsim_omp(build_dir, root) if name == "hccsim-omp" else find_binary(build_dir, binary)
        if path:
            binaries[name] = path
        elif name != "hccsim-omp":
            log(f"task_overhead: {name}: {binary} not found under {build_dir}/bench/overhead: skipped")
    hcc_missing = "hccsim" not in binaries
    if hcc_missing:
        log("task_overhead: error: hcc_tasks is missing (build the hcc_tasks target)")
        if not args.allow_missing_hcc:
            return 2

    present = [r[0] for r in RUNTIMES if r[0] in binaries]
    order = []  # (threads, pattern, runtime), interleaved
    k = 0
    for _ in range(args.rounds):
        for threads in thread_counts:
            for pattern in patterns:
                s = k % len(present) if present else 0
                k += 1
                order.extend((threads, pattern, name) for name in present[s:] + present[:s])

    best = {}    # (runtime, threads, pattern) -> per-task us
    failed = {}  # (runtime, threads, pattern) -> error
    total = len(order)
    log(f"task_overhead: {len(present)} programs x {len(patterns)} patterns x threads "
        f"{','.join(map(str, thread_counts))} x {args.rounds} round(s), tasks={args.tasks} reps={args.reps}")
    for n, (threads, pattern, name) in enumerate(order, 1):
        env = runtime_env(name, threads, build_dir, args.hcc_sched)
        t0 = time.monotonic()
        res = run_one(binaries[name], env, pattern, threads, args)
        wall = time.monotonic() - t0
        if isinstance(res, str):
            failed[(name, threads, pattern)] = res
            log(f"[{n}/{total}] {name} {threads}t {pattern} FAILED: {res}")
            continue
        us, seconds, tasks = res
        log(f"[{n}/{total}] {name} {threads}t {pattern} per_task_us={us:.4f} "
            f"(tasks={tasks}, best rep {seconds:.4f} s, run {wall:.1f} s)")
        key = (name, threads, pattern)
        if key not in best or us < best[key]:
            best[key] = us

    for threads in thread_counts:
        print(f"per-task overhead in microseconds, {threads} thread(s) "
              f"(min over {args.reps} reps x {args.rounds} round(s); tasks={args.tasks})")
        print(f"{'program':<12}" + "".join(f"{p:>10}" for p in patterns))
        for name, _, _ in RUNTIMES:
            cells = "".join(fmt(best.get((name, threads, p))) if name in binaries else f"{'missing':>10}"
                            for p in patterns)
            print(f"{name:<12}{cells}")
        title = "hccsim/peer ratio (< 1: hccsim is faster)"
        print(f"{title:<{20 + 10 * len(patterns)}}{'geomean':>10}")
        for ours in ("hccsim", "hccsim-omp"):
            for peer, _ in PEERS:
                row = []
                for p in patterns:
                    a, b = best.get((ours, threads, p)), best.get((peer, threads, p))
                    row.append(a / b if a and b else None)
                mean = ratio_geomean(best, (ours, threads), (peer, threads), patterns)
                print(f"{ours + '/' + peer:<20}" + "".join(fmt(r) for r in row) + fmt(mean))
        print()

    figures = []
    for ours, prefix in (("hccsim", "task_overhead_ratio_vs_"), ("hccsim-omp", "task_overhead_omp_ratio_vs_")):
        for peer, suffix in PEERS:
            if ours == "hccsim-omp" and peer == "libgomp":
                continue
            figures.append((prefix + suffix, ratio_geomean(best, (ours, 2), (peer, 2), patterns)))
    for ours, prefix in (("hccsim", "task_overhead_"), ("hccsim-omp", "task_overhead_omp_")):
        for peer in ("libomp", "starpu"):
            figures.append((f"{prefix}ratio_vs_{peer}_16t", ratio_geomean(best, (ours, 16), (peer, 16), patterns)))
        figures.append((f"{prefix}growth_16t_vs_2t", ratio_geomean(best, (ours, 16), (ours, 2), patterns)))
    for name, value in figures:
        print(f"figure {name} = " + ("nan" if math.isnan(value) else f"{value:.4f}"))
    sys.stdout.flush()

    for (name, threads, pattern), err in sorted(failed.items()):
        log(f"task_overhead: {name} {threads}t {pattern} failed: {err}")
    if hcc_missing:
        return 2
    if any(name.startswith("hccsim") for name, _, _ in failed):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
