#!/usr/bin/env python3
"""CPU bursts: ordinary OpenMP and MPI programs, with no task and no `#pragma
hcc`, natively against their simulations, in one command.

    python3 bench/bursts.py --build-dir build [--runs 5] [--sim-runs 3] [--no-hybrid-1x2] [--timeout 120] [--work-dir D]

A simulation charges the CPU time a program's own code spends between its
entries into the runtime (OpenMP constructs, MPI calls) as simulated time on
the thread's simulated core, so a plain `#pragma omp parallel for` program
simulated on `laptop` (2 cores) should take what it takes natively at 2
threads. Five examples (examples/README.md), each built with
`hccsim -fnative -O2` and `hccsim -fsimulate -O2` into <build>/bench/bursts/,
at their default sizes:

    jacobi       OpenMP parallel for + reduction(max), sequential parts   2 threads | laptop
    imbalance    C++, parallel for schedule(dynamic) over uneven work     2 threads | laptop
    mpi-halo     MPI, plain loops between Isend/Irecv halos, Allreduce    2 ranks   | hccsim-run -np 2 local-2node
    hybrid-halo  MPI + OpenMP parallel for in each rank (FUNNELED)        2 ranks x 1 thread | local-2node
                 and, unless --no-hybrid-1x2, 1 rank x 2 threads          (mpirun --bind-to none) | -np 1 laptop
    timed-loop   parallel for repeated until omp_get_wtime() says 1 s     2 threads | laptop

After one warm-up run of each native binary, --runs rounds each run every
native program once, in turn; --sim-runs of the rounds (spread over them)
also run every simulation. Every run goes through bench/machine_state.py's
check: made again (up to --retries times, then kept) when the machine was
slower than usual around it or other processes used more than
--max-foreign of the CPUs during it (another build on this 2-core VM). The
simulations run with HCC_FOLD_THRESHOLD=0: the grids' contents are kept, so
the simulations compute and check the same results. Each run's
time is the program's own `time=` line (omp_get_wtime / MPI_Wtime:
simulated time in a simulation). Every run must print the same result line
(the one ending in `ok`) natively and simulated; a run that fails, times out
(--timeout seconds), or a simulation that SimGrid finds deadlocked, is
reported and makes the exit status 1. Figures (medians of the native runs,
of the simulations):

    figure burst_omp_prediction_error_pct = <max over jacobi, imbalance of |simulated - native| / native, %>
    figure burst_mpi_prediction_error_pct = <the same over mpi-halo and hybrid-halo 2x1 (nan if one failed)>
    figure timed_loop_iterations_ratio = <simulated iterations / native iterations>

and, with the 1x2 variant, `burst_hybrid_1x2_prediction_error_pct`. A line
per program on stderr: native median and spread, simulated time, the
simulation's wall time and its `bursts=` (CPU seconds charged). About 1.5
min on the idle 2-core VM, 4-8 min while another build or test runs there
(its runs are made again). A simulation measures its bursts once: two
simulations of one program differ by up to 20 % on this VM, hence the
median of --sim-runs.
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

# name: (source under examples/, kind, extra compile flags)
PROGRAMS = {
    "jacobi": ("jacobi/jacobi.c", "omp", ["-std=c11"]),
    "imbalance": ("imbalance/imbalance.cpp", "omp", ["-std=c++17"]),
    "mpi-halo": ("mpi-halo/mpi-halo.c", "mpi", []),  # not -std=c11: SMPI's mpi.h then lacks useconds_t
    "hybrid-halo": ("hybrid-halo/hybrid-halo.c", "mpi", []),
    "timed-loop": ("timed-loop/timed-loop.c", "omp", ["-std=c11"]),
}
TIME_RE = re.compile(r"^time=([0-9.eE+-]+)$", re.M)
ITER_RE = re.compile(r"^iterations=([0-9]+)$", re.M)
RESULT_RE = re.compile(r"^.* ok$", re.M)
SUMMARY_RE = re.compile(r"^hccsim: mode=simulate .*\bbursts=([0-9.eE+-]+)", re.M)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Failure(Exception):
    pass


def run(label, cmd, env, timeout):
    """Runs cmd; returns a dict: result line, time, iterations, wall, bursts."""
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise Failure(f"{label}: timed out after {timeout} s: {' '.join(cmd)}\n{e.stdout or ''}{e.stderr or ''}")
    wall = time.monotonic() - start
    out, err = p.stdout, p.stderr
    what = f"{label}: {' '.join(cmd)} (exit {p.returncode})\n--- stdout\n{out}--- stderr\n{err}"
    if "Deadlock detected" in err:
        raise Failure(f"{label}: SimGrid found a deadlock: {what}")
    result, seconds = RESULT_RE.search(out), TIME_RE.search(out)
    if p.returncode != 0 or not result or not seconds:
        raise Failure(f"{label}: failed or printed no 'ok' and 'time=' lines: {what}")
    iterations = ITER_RE.search(out)
    summary = SUMMARY_RE.search(err)
    r = {"result": result.group(0), "time": float(seconds.group(1)), "wall": wall,
         "iterations": int(iterations.group(1)) if iterations else None,
         "bursts": float(summary.group(1)) if summary else None}
    log(f"  {label}: time={r['time']:.4f} s" + (f" iterations={r['iterations']}" if iterations else "") +
        f", wall {wall:.2f} s" + (f", bursts={r['bursts']:.4f}" if summary else ""))
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--runs", type=int, default=5, help="native runs of each program (rounds)")
    ap.add_argument("--sim-runs", type=int, default=3, help="simulations of each program, spread over the rounds")
    ap.add_argument("--no-hybrid-1x2", action="store_true", help="leave out hybrid-halo with 1 rank x 2 threads")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per run")
    ap.add_argument("--work-dir", help="where the binaries go (default <build>/bench/bursts)")
    ap.add_argument("--max-foreign", type=float, default=0.05,
                    help="make a run again when other processes used more of the CPUs during it")
    ap.add_argument("--retries", type=int, default=1, help="how many times a disturbed run is made again")
    args = ap.parse_args()
    if args.runs < 1 or not 1 <= args.sim_runs <= args.runs:
        ap.error("need --runs >= 1 and 1 <= --sim-runs <= --runs")

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build_dir = os.path.abspath(args.build_dir)
    hccsim = os.path.join(build_dir, "bin", "hccsim")
    hccsim_run = os.path.join(build_dir, "bin", "hccsim-run")
    if not os.access(hccsim, os.X_OK):
        log(f"bursts: {hccsim} not found (build the project first)")
        return 1
    work = os.path.abspath(args.work_dir) if args.work_dir else os.path.join(build_dir, "bench", "bursts")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    base = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    for k in ("HCC_WORKERS", "OMP_NUM_THREADS", "HCC_PLATFORM", "HCC_SIM_BURSTS", "EXAMPLE_CHECK"):
        base.pop(k, None)
    native_omp = dict(base, OMP_NUM_THREADS="2")
    sim_env = dict(base, HCC_FOLD_THRESHOLD="0")

    exe = {}
    try:
        for name, (src, _, flags) in PROGRAMS.items():
            for mode in ("native", "simulate"):
                out = os.path.join(work, f"{name}-{mode}")
                cmd = [hccsim, f"-f{mode}", "-O2", "-ffp-contract=off", *flags,
                       os.path.join(root, "examples", src), "-lm", "-o", out]
                log("build: " + " ".join(cmd))
                p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   timeout=300)
                if p.returncode != 0:
                    raise Failure(f"build failed: {' '.join(cmd)}\n{p.stdout}")
                exe[name, mode] = out
    except (Failure, subprocess.TimeoutExpired) as e:
        log(f"bursts: {e}")
        return 1

    # case: (program, native command and env, simulation command and env)
    cases = {}
    for name, (_, kind, _) in PROGRAMS.items():
        nat, sim = exe[name, "native"], exe[name, "simulate"]
        if kind == "omp":
            cases[name] = (name, [nat], native_omp, [sim], dict(sim_env, HCC_PLATFORM="laptop"))
        else:
            cases[name] = (name, ["mpirun", "-np", "2", nat], dict(base, OMP_NUM_THREADS="1"),
                           [hccsim_run, "-np", "2", "--platform", "local-2node", sim], sim_env)
    if not args.no_hybrid_1x2:
        cases["hybrid-halo 1x2"] = (
            "hybrid-halo", ["mpirun", "-np", "1", "--bind-to", "none", exe["hybrid-halo", "native"]],
            dict(base, OMP_NUM_THREADS="2"),
            [hccsim_run, "-np", "1", "--platform", "laptop", exe["hybrid-halo", "simulate"]], sim_env)

    native = {c: [] for c in cases}
    simulated = {c: [] for c in cases}
    failures = {}
    sim_rounds = {round(i * (args.runs - 1) / max(args.sim_runs - 1, 1)) for i in range(args.sim_runs)}
    if args.sim_runs == 1:
        sim_rounds = {args.runs // 2}

    speed = SpeedCheck(work, max_foreign=args.max_foreign, retries=args.retries, pause=1.0, log=log)

    def attempt(case, kind, label, cmd, env, into):
        """One run; after a failure, no more runs of that kind (native, simulated) of the case."""
        if (case, kind) in failed:
            return
        try:
            into.append(speed.run(lambda: run(label, cmd, env, args.timeout)))
        except Failure as e:
            failed.add((case, kind))
            failures.setdefault(case, str(e))
            log(f"bursts: {e}")

    failed = set()
    log("warm-up")
    for case, (_, ncmd, nenv, _, _) in cases.items():
        attempt(case, "native", f"{case} native warm-up", ncmd, nenv, [])
    for r in range(args.runs):
        log(f"round {r + 1}/{args.runs}")
        for case, (_, ncmd, nenv, scmd, senv) in cases.items():
            attempt(case, "native", f"{case} native", ncmd, nenv, native[case])
            if r in sim_rounds:
                attempt(case, "simulated", f"{case} simulated", scmd, senv, simulated[case])

    log(speed.summary())
    # The same result line natively and simulated.
    for case in cases:
        lines = {x["result"] for x in native[case] + simulated[case]}
        if case not in failures and len(lines) > 1:
            failed.add((case, "result lines differ"))
            failures[case] = f"{case}: different result lines: " + " | ".join(sorted(lines))
            log(f"bursts: {failures[case]}")

    med = statistics.median
    errors = {}
    log(f"{'program':<16} {'native median (spread)':<30} {'simulated':>10} {'error %':>8} {'sim wall':>9} {'bursts':>8}")
    for case in cases:
        nt = [x["time"] for x in native[case]]
        if case in failures or not native[case] or not simulated[case]:
            known = f"{med(nt):.4f} s ({min(nt):.4f}-{max(nt):.4f})" if nt and (case, "native") not in failed else "-"
            log(f"{case:<16} {known}".ljust(47) + " FAILED (" +
                ", ".join(k for c, k in sorted(failed) if c == case) + ")")
            errors[case] = math.nan
            continue
        st = med([x["time"] for x in simulated[case]])
        m = med(nt)
        errors[case] = abs(st - m) / m * 100
        spread = (max(nt) - min(nt)) / m * 100
        line = (f"{case:<16} {m:.4f} s ({min(nt):.4f}-{max(nt):.4f}, {spread:.1f} %)".ljust(47) +
                f" {st:>9.4f} s {errors[case]:>8.2f} {med([x['wall'] for x in simulated[case]]):>8.2f}s"
                f" {med([x['bursts'] or 0 for x in simulated[case]]):>8.3f}")
        if case == "timed-loop":
            ni = med([x["iterations"] for x in native[case]])
            si = med([x["iterations"] for x in simulated[case]])
            line += f"  iterations: native {ni:g} ({min(x['iterations'] for x in native[case])}-" \
                    f"{max(x['iterations'] for x in native[case])}), simulated {si:g}"
        log(line)

    def worst(names):
        vals = [errors[n] for n in names]
        return math.nan if any(math.isnan(v) for v in vals) else max(vals)

    print(f"figure burst_omp_prediction_error_pct = {worst(['jacobi', 'imbalance']):.2f}")
    print(f"figure burst_mpi_prediction_error_pct = {worst(['mpi-halo', 'hybrid-halo']):.2f}")
    if "timed-loop" in failures or not native["timed-loop"] or not simulated["timed-loop"]:
        ratio = math.nan
    else:
        ratio = med([x["iterations"] for x in simulated["timed-loop"]]) / \
            med([x["iterations"] for x in native["timed-loop"]])
    print(f"figure timed_loop_iterations_ratio = {ratio:.3f}")
    if "hybrid-halo 1x2" in cases:
        print(f"figure burst_hybrid_1x2_prediction_error_pct = {errors['hybrid-halo 1x2']:.2f}")
    if failures:
        log(f"bursts: {len(failures)} case(s) failed: {', '.join(failures)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
