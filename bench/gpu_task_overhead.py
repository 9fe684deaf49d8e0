#!/usr/bin/env python3
"""The time a GPU worker adds per task: empty CUDA kernels as hccsim tasks
against a hand-written CUDA-streams loop making the same launches.

    python3 bench/gpu_task_overhead.py --build-dir build [--tasks 20000] [--reps 5] [--rounds 3]

Runs <build>/bench/gpu/gpu_tasks (bench/gpu/gpu_tasks.cu, built when CMake
finds CUDA) for two patterns: `chain` (every task updates one datum) and
`indep` (a datum per task), with HCC_WORKERS=0 so that the kernels run on the
GPU worker. Each program run times both loops --reps times and keeps the
best of each; --rounds runs per pattern, the best kept. The loop launches an
empty kernel and waits for an event after it, as the GPU worker does to
learn that a kernel ended.

Prints per pattern the microseconds per task of both, then

    figure gpu_task_overhead_us = <mean over patterns of hccsim - streams>
    figure gpu_task_overhead_ratio_vs_streams = <geometric mean of hccsim / streams>

and compares the first with StarPU's cost per task in seed 000 Table 2 (10 us
of transfer-queue management per GPU operation). Without a GPU the program
exits 77: the figures read nan and the script exits 0.
"""

import argparse
import math
import os
import re
import subprocess
import sys

PATTERNS = ["chain", "indep"]
STARPU_TABLE2_US = 10.0
RESULT_RE = re.compile(r"^pattern=(\S+) tasks=(\d+) hcc_us=([0-9.eE+-]+) streams_us=([0-9.eE+-]+)\s*$", re.M)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True, help="CMake build directory")
    ap.add_argument("--tasks", type=int, default=20000, help="tasks per loop (default 20000)")
    ap.add_argument("--reps", type=int, default=5, help="loops per program run (default 5)")
    ap.add_argument("--rounds", type=int, default=3, help="program runs per pattern (default 3)")
    ap.add_argument("--hcc-sched", default="eager", help="HCC_SCHED (default eager)")
    args = ap.parse_args()

    prog = os.path.join(args.build_dir, "bench", "gpu", "gpu_tasks")
    if not os.access(prog, os.X_OK):
        print(f"gpu_task_overhead: {prog} not found (hccsim built without CUDA?)", file=sys.stderr)
        print("figure gpu_task_overhead_us = nan\nfigure gpu_task_overhead_ratio_vs_streams = nan")
        return 0
    env = dict(os.environ, HCC_WORKERS="0", HCC_GPUS="1", HCC_MODE="native", HCC_SCHED=args.hcc_sched)
    for var in ("HCC_RECORDS", "HCC_TRACE_PAJE", "HCC_TRACE_CHROME", "HCC_MEMORY_CSV", "HCC_MAX_SUBMITTED"):
        env.pop(var, None)
    best = {}
    for r in range(args.rounds):
        for p in PATTERNS:
            print(f"gpu_task_overhead: round {r + 1}/{args.rounds} {p}", file=sys.stderr, flush=True)
            proc = subprocess.run([prog, p, str(args.tasks), str(args.reps)], env=env, text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
            if proc.returncode == 77:
                print("gpu_task_overhead: no CUDA GPU on this machine: skipped", file=sys.stderr)
                print("figure gpu_task_overhead_us = nan\nfigure gpu_task_overhead_ratio_vs_streams = nan")
                return 0
            m = RESULT_RE.search(proc.stdout)
            if proc.returncode != 0 or not m:
                print(f"gpu_task_overhead: {p}: exit {proc.returncode}: {proc.stderr.strip()[-400:]}", file=sys.stderr)
                return 1
            hcc, streams = float(m.group(3)), float(m.group(4))
            old = best.get(p)
            best[p] = (min(hcc, old[0]) if old else hcc, min(streams, old[1]) if old else streams)
    print(f"{'pattern':<8} {'hccsim us':>10} {'streams us':>11} {'added us':>9}")
    for p in PATTERNS:
        hcc, streams = best[p]
        print(f"{p:<8} {hcc:>10.3f} {streams:>11.3f} {hcc - streams:>9.3f}")
    added = sum(best[p][0] - best[p][1] for p in PATTERNS) / len(PATTERNS)
    ratio = math.exp(sum(math.log(best[p][0] / best[p][1]) for p in PATTERNS) / len(PATTERNS))
    print(f"StarPU, seed 000 Table 2: {STARPU_TABLE2_US:.0f} us per GPU operation (transfer queue management); "
          f"hccsim adds {added:.2f} us per task ({added / STARPU_TABLE2_US:.2f}x)")
    print(f"figure gpu_task_overhead_us = {added:.3f}")
    print(f"figure gpu_task_overhead_ratio_vs_streams = {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
