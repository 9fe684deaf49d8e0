#!/usr/bin/env python3
"""MPI-IO in a simulation against OpenMPI's, in one command.

  python3 bench/mpi_io.py --build-dir build [--rounds 5] [--mib 4,32]

bench/mpi_io/checkpoint.c (each rank writes its block of a file, reads it
back, then writes it as its columns of a 2-D array through a subarray view) built
with mpicc and with hccsim -fsimulate, run at 2 ranks: natively under
mpirun -np 2, simulated with hccsim-run -np 2 --platform local-2node (this
machine as two one-core hosts; no disk in the platform, so an access costs
the time it took here). Rounds alternate native and simulated runs; the
median time of each phase is compared. Prints a table, then
  figure mpi_io_<phase>_sim_over_native = <median simulated / median native>
for each phase at the largest size, and
  figure mpi_io_prediction_log_error_pct = <mean |ln sim - ln native| over
    phases and sizes, as a percentage>
The native MPI library's algorithms (ompio's two-phase aggregation,
locking) are not modelled.
"""
import argparse
import math
import os
import statistics
import subprocess
import sys

TIMEOUT = 300
PHASES = ("write", "read", "columns")


def run(cmd, env=None, cwd=None):
    print(" ".join(cmd), file=sys.stderr, flush=True)
    try:
        p = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        sys.exit(f"mpi_io: {' '.join(cmd)}: no result within {TIMEOUT} s")
    if p.returncode != 0:
        sys.exit(f"mpi_io: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
    for line in p.stdout.splitlines():
        words = line.split()
        if words and words[0] == "write":
            return {words[i]: float(words[i + 1]) for i in range(0, len(words), 2)}
    sys.exit(f"mpi_io: {' '.join(cmd)}: no times in its output:\n{p.stdout}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--mib", default="4,32", help="MiB each rank writes, comma-separated")
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    here = os.path.dirname(os.path.abspath(__file__))
    work = os.path.join(build, "bench", "mpi_io")
    os.makedirs(work, exist_ok=True)
    source = os.path.join(here, "mpi_io", "checkpoint.c")
    native, simulated = os.path.join(work, "checkpoint"), os.path.join(work, "checkpoint-sim")
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    print("building", file=sys.stderr, flush=True)
    subprocess.run(["mpicc", "-O2", source, "-o", native], check=True)
    subprocess.run([os.path.join(build, "bin", "hccsim"), "-fsimulate", "-O2", source, "-o", simulated], check=True)
    hccsim_run = os.path.join(build, "bin", "hccsim-run")

    sizes = [int(m) for m in args.mib.split(",")]
    errors, rows = [], []
    for mib in sizes:
        runs = {"native": [], "simulated": []}
        for r in range(args.rounds):
            print(f"{mib} MiB per rank: round {r + 1} of {args.rounds}", file=sys.stderr, flush=True)
            runs["native"].append(run(["mpirun", "-np", "2", native, str(mib)], env=env, cwd=work))
            runs["simulated"].append(run([hccsim_run, "-np", "2", "--platform", "local-2node", simulated, str(mib)],
                                         cwd=work))
        for phase in PHASES:
            n = [x[phase] for x in runs["native"]]
            s = [x[phase] for x in runs["simulated"]]
            mn, ms = statistics.median(n), statistics.median(s)
            rows.append((mib, phase, mn, min(n), max(n), ms, min(s), max(s), ms / mn))
            errors.append(abs(math.log(ms) - math.log(mn)))
    print(f"{'MiB':>4} {'phase':>8} {'native median (min-max)':>30} {'simulated median (min-max)':>30} {'sim/native':>10}")
    for mib, phase, mn, nlo, nhi, ms, slo, shi, ratio in rows:
        print(f"{mib:>4} {phase:>8} {mn:>10.4f} ({nlo:.4f}-{nhi:.4f}) {ms:>12.4f} ({slo:.4f}-{shi:.4f}) {ratio:>10.2f}")
    for mib, phase, *_, ratio in rows:
        if mib == sizes[-1]:
            print(f"figure mpi_io_{phase}_sim_over_native = {ratio:.2f}")
    print(f"figure mpi_io_prediction_log_error_pct = {(math.exp(sum(errors) / len(errors)) - 1) * 100:.1f}")


if __name__ == "__main__":
    main()
