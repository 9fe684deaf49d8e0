#!/usr/bin/env python3
"""What privatisation costs a hot loop over global arrays, in one command.

    python3 bench/privatize_overhead.py --build-dir build [--rounds 7]

bench/privatize/hot_loop.c (an MPI program whose stencil arrays, sort keys
and bucket counts are globals) is built three times into
<build>/bench/privatize/: `hccsim -fnative` (the globals as written),
`hccsim -fnative -fhcc-privatize` (every use through the running rank's
copy, HCC_PRIVATE) and `hccsim -fsimulate` (privatised, each step a sampled
burst: `#pragma hcc sample(auto, tol = 0.02)`). Then --rounds rounds, each
running in turn, at two sizes: both native builds under `mpirun -np 2` and
the simulation of 2 ranks on the laptop platform (2 cores, one per rank),
run on the first CPU, where mpirun binds rank 0: both figures are rank 0's, and
the two CPUs of this VM do not run memory-bound loops at the same speed
(rank 0's steps at the cache size took 0.034-0.046 s on CPU 0 and a
steady 0.032 s on CPU 1 in one session).
Every run prints rank 0's time of its steps on its own clock (MPI_Wtime:
simulated time in the simulation), and goes through bench/machine_state.py's
check (made again, up to --retries times, when the machine was slower than
usual around it or other processes used its CPUs: two native ranks fill both
of the VM's cores, and one delayed rank delays the other). The sizes:

    cache   320 steps over 2^17 points: 3.5 MiB per rank, both ranks' data in the VM's 32 MiB L3
    memory   40 steps over 2^20 points: 28 MiB per rank, the two ranks streaming from DRAM at once

At the cache size the loop's speed is the accesses' own (privatised
accesses that cost more show); at the memory size it is the memory bus's,
which two native ranks share at once while a simulation measures each
rank's bursts alone (it runs one actor at a time): its error there is the
bus contention that no burst measurement sees, privatised or not. Medians:

    figure privatize_overhead_ratio = <max over both sizes of privatised native time / unprivatised native time>
    figure privatize_sampled_error_pct = <|simulated time - unprivatised native time| / native, %, cache size>
    figure privatize_sampled_error_memory_pct = <the same at the memory size>

Progress goes to stderr. Exit status 1 if a build or run fails.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine_state import SpeedCheck  # noqa: E402

# size: (steps, points)
SIZES = {"cache": (320, 1 << 17), "memory": (40, 1 << 20)}
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
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--retries", type=int, default=2, help="how many times a disturbed run is made again")
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
        speed = SpeedCheck(out, retries=args.retries, pause=1.0, log=log)
        rank0_cpu = min(os.sched_getaffinity(0))  # where mpirun binds rank 0
        times = {(size, name): [] for size in SIZES for name in exe}
        for r in range(args.rounds):
            log(f"round {r + 1}/{args.rounds}")
            for size, (steps, points) in SIZES.items():
                a = [str(steps), str(points)]
                for name in ("native", "privatized"):
                    times[size, name].append(speed.run(lambda: run(["mpirun", "-np", "2", exe[name]] + a)))
                sim = ["taskset", "-c", str(rank0_cpu), hccsim_run, "-np", "2", "--platform", "laptop", exe["sim"]] + a
                times[size, "sim"].append(speed.run(lambda: run(sim)))
    except (RuntimeError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        log(f"privatize_overhead: {e}")
        return 1
    log(speed.summary())
    med = {key: statistics.median(t) for key, t in times.items()}
    for (size, name), t in times.items():
        log(f"{size} {name}: median {med[size, name]:.6f} s over {len(t)} runs (min {min(t):.6f}, max {max(t):.6f})")
    ratio = max(med[size, "privatized"] / med[size, "native"] for size in SIZES)
    error = {size: abs(med[size, "sim"] - med[size, "native"]) / med[size, "native"] * 100 for size in SIZES}
    print(f"figure privatize_overhead_ratio = {ratio:.3f}")
    print(f"figure privatize_sampled_error_pct = {error['cache']:.2f}")
    print(f"figure privatize_sampled_error_memory_pct = {error['memory']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
