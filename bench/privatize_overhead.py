#!/usr/bin/env python3
"""What privatisation costs a hot loop over global arrays, in one command.

    python3 bench/privatize_overhead.py --build-dir build [--steps 40] [--rounds 7]

bench/privatize/hot_loop.c (an MPI program whose stencil arrays, sort keys
and bucket counts are globals) is built three times into
<build>/bench/privatize/: `hccsim -fnative` (the globals as written),
`hccsim -fnative -fhcc-privatize` (every use through the running rank's
copy, HCC_PRIVATE) and `hccsim -fsimulate` (privatised, each step a sampled
burst: `#pragma hcc sample(auto, tol = 0.02)`). Then --rounds rounds, each
running in turn: both native builds under `mpirun -np 2` and the simulation
of 2 ranks on the laptop platform (2 cores, one per rank: the two ranks
share the last-level cache and the memory bus, natively as in the
simulation, whose ranks run one after the other on one core). Every run
prints rank 0's time of its steps on its own clock (MPI_Wtime: simulated
time in the simulation). Medians:

    figure privatize_overhead_ratio = <privatised native time / unprivatised native time>
    figure privatize_sampled_error_pct = <|simulated time - unprivatised native time| / native, %>

Progress goes to stderr. Exit status 1 if a build or run fails.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

SECONDS_RE = re.compile(r"^hot_loop: seconds=([0-9.eE+-]+) ", re.M)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd):
    """The seconds the program printed."""
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600, env=env)
    m = SECONDS_RE.search(p.stdout)
    if p.returncode != 0 or not m:
        raise RuntimeError(f"{' '.join(cmd)} exited with status {p.returncode}: {p.stderr.strip()[-500:]}")
    return float(m.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    hccsim = os.path.join(build, "bin", "hccsim")
    hccsim_run = os.path.join(build, "bin", "hccsim-run")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "privatize", "hot_loop.c")
    out = os.path.join(build, "bench", "privatize")
    os.makedirs(out, exist_ok=True)
    exe = {name: os.path.join(out, "hot_loop-" + name) for name in ("native", "privatized", "sim")}
    try:
        for name, flags in (("native", ["-fnative"]), ("privatized", ["-fnative", "-fhcc-privatize"]),
                            ("sim", ["-fsimulate"])):
            log(f"building {name}")
            subprocess.run([hccsim] + flags + ["-O2", "-w", src, "-o", exe[name]], check=True)
        times = {name: [] for name in exe}
        steps = [str(args.steps)]
        for r in range(args.rounds):
            log(f"round {r + 1}/{args.rounds}")
            times["native"].append(run(["mpirun", "-np", "2", exe["native"]] + steps))
            times["privatized"].append(run(["mpirun", "-np", "2", exe["privatized"]] + steps))
            times["sim"].append(run([hccsim_run, "-np", "2", "--platform", "laptop", exe["sim"]] + steps))
    except (RuntimeError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        log(f"privatize_overhead: {e}")
        return 1
    med = {name: statistics.median(t) for name, t in times.items()}
    for name, t in times.items():
        log(f"{name}: median {med[name]:.6f} s over {len(t)} runs (min {min(t):.6f}, max {max(t):.6f})")
    print(f"figure privatize_overhead_ratio = {med['privatized'] / med['native']:.3f}")
    print(f"figure privatize_sampled_error_pct = {abs(med['sim'] - med['native']) / med['native'] * 100:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
