#!/usr/bin/env python3
"""Memory-bound worksharing loops: natively against simulations that scale
their chunks' bursts by the loops' contention, and against simulations that
do not, in one command.

    python3 bench/loop_contention.py --build-dir build [--rounds 5] [--repeats 10] [--retries 3]

A simulation runs one simulated thread at a time: a chunk that it runs and
times had the machine's memory bandwidth and caches to itself, where
natively the team's threads share them. It scales such a loop's bursts by
how much longer the instrumented run's typical chunks took side by side
(rt/program/loop_contention.hpp). Two programs with no task and no
`#pragma hcc`, each built with `hccsim -fnative`, `-finstrument` and
`-fsimulate` (-O2) into <build>/bench/loop-contention/:

    stream  bench/loop_contention/stream.c: four loops shaped like STREAM's
            over 3 x 32 MB, --repeats times; its time is the makespan (the
            summary line's: the first touch of the arrays and every repeat)
    csr     bench/loop_contention/csr_power.c: a power iteration over a CSR
            matrix of 200,000 rows, its product a `schedule(guided)` loop
            whose first run faults y's pages in; its time is the
            iterations' own (`time=`, omp_get_wtime)

Each round runs, for each program in turn, the instrumented binary
(OMP_NUM_THREADS=2, into a fresh model directory), the native one (2
threads), the simulation with that round's models (HCC_PLATFORM=laptop) and
one without models (no contention known: each burst as measured alone);
the simulation must print what the native run prints. The 2-core VM's CPUs
lie near each other (cache lines move in 40-55 ns: the two threads share a
core's caches and its path to memory) or far apart (185-215 ns) for minutes
at a time, and its bandwidth at two threads differs between the two: a
round is made again (up to --retries times, then kept) when
bench/probe/line_probe.c read another state after it than before it, or
when bench/machine_state.py's probe found the machine slowed or busy. (The
best repeat, STREAM's own figure, would pick the repeat whose noise was
the most favourable.) Figures, medians over the rounds:

    figure contended_loop_prediction_error_pct = <stream: |simulated with models - native| / native, %>
    figure uncontended_loop_prediction_error_pct = <stream: |simulated without models - native| / native, %>
    figure first_run_loop_prediction_error_pct = <csr: |simulated with models - native| / native, %>

A line per round on stderr: the CPUs' state, native, instrumented and both
simulated times of each program. About 2 min on the 2-core VM.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from machine_state import SpeedCheck  # noqa: E402

def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env, timeout=120):
    """The run's time: stream's makespan, from its `hccsim: mode=...` line (it must print its four rates and
    `stream: ok`), or csr's `time=`; and the result lines it printed."""
    p = subprocess.run(cmd, env=dict(os.environ, **env), capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {p.returncode}: {p.stderr.strip()[-300:]}")
    if "stream" in os.path.basename(cmd[0]):
        rates = re.findall(r"^(copy|scale|add|triad) [0-9]+ MB/s$", p.stdout, re.M)
        time = re.search(r"^hccsim: mode=\w+ makespan=([0-9.]+)", p.stderr + p.stdout, re.M)
        result = "stream: ok" if "stream: ok" in p.stdout else None
        if len(rates) != 4:
            result = None
    else:
        time = re.search(r"^time=([0-9.]+)$", p.stderr, re.M)
        found = re.search(r"^iterations=[0-9]+ lambda=[0-9.]+$", p.stdout, re.M)
        result = found.group(0) if found else None
    if not time or not result:
        raise RuntimeError(f"{' '.join(cmd)}: unexpected output: {p.stdout[-300:]} {p.stderr[-300:]}")
    return float(time.group(1)), result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=10, help="stream's repeats of its four loops")
    ap.add_argument("--retries", type=int, default=3, help="how many times a round whose CPUs changed state is made again")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    work = os.path.join(os.path.abspath(args.build_dir), "bench", "loop-contention")
    os.makedirs(work, exist_ok=True)
    hccsim = os.path.join(os.path.abspath(args.build_dir), "bin", "hccsim")
    programs = {"stream": ("stream.c", [str(args.repeats)]), "csr": ("csr_power.c", [])}
    exe = {}
    for name, (source, _) in programs.items():
        for mode in ("native", "instrument", "simulate"):
            exe[name, mode] = os.path.join(work, f"{name}-{mode}")
            subprocess.run([hccsim, f"-f{mode}", "-O2", os.path.join(root, "bench", "loop_contention", source), "-o",
                            exe[name, mode], "-lm"], check=True)
    check = SpeedCheck(work, line_tolerance=float("inf"), retries=args.retries)
    base = {"OMP_NUM_THREADS": "2", "HCC_MODEL_DIR": "", "HCC_PLATFORM": "", "HCC_RECORDS": ""}
    for name, (_, arg) in programs.items():
        run([exe[name, "native"], *arg], base)  # warm-up

    def one_round(name):
        arg = programs[name][1]
        models = os.path.join(work, f"{name}-models")
        shutil.rmtree(models, ignore_errors=True)
        instrumented, _ = run([exe[name, "instrument"], *arg], dict(base, HCC_MODEL_DIR=models))
        native, expected = run([exe[name, "native"], *arg], base)
        times = [instrumented, native]
        for env in (dict(base, HCC_MODEL_DIR=models, HCC_PLATFORM="laptop"), dict(base, HCC_PLATFORM="laptop")):
            t, result = run([exe[name, "simulate"], *arg], env)
            if result != expected:
                raise RuntimeError(f"{name} simulated printed {result!r}, natively {expected!r}")
            times.append(t)
        return tuple(times)

    errors = {name: ([], []) for name in programs}
    flips = 0
    for r in range(args.rounds):
        for name in programs:
            for attempt in range(args.retries + 1):
                before = check.line_probe()
                instrumented, native, contended, alone = check.run(lambda: one_round(name))
                after = check.line_probe()
                flipped = max(before, after) > 1.5 * min(before, after)
                if not flipped or attempt == args.retries:
                    break
                flips += 1
                log(f"  the CPUs changed state during round {r + 1} ({before * 1e9:.0f} -> {after * 1e9:.0f} ns): again")
            state = "near" if max(before, after) < 100e-9 else "far"
            with_models, without = errors[name]
            with_models.append(abs(contended - native) / native * 100)
            without.append(abs(alone - native) / native * 100)
            log(f"loop_contention: {name} round {r + 1} ({state}, lines {before * 1e9:.0f}/{after * 1e9:.0f} ns"
                f"{', kept after a change of state' if flipped else ''}): native {native:.5f} s, instrumented "
                f"{instrumented:.5f}, simulated {contended:.5f} ({with_models[-1]:.1f} %), without models {alone:.5f} "
                f"({without[-1]:.1f} %)")
    log(check.summary() + f"; rounds made again for a change of state: {flips}")
    log(f"loop_contention: csr without models: {statistics.median(errors['csr'][1]):.2f} %")
    print(f"figure contended_loop_prediction_error_pct = {statistics.median(errors['stream'][0]):.2f}")
    print(f"figure uncontended_loop_prediction_error_pct = {statistics.median(errors['stream'][1]):.2f}")
    print(f"figure first_run_loop_prediction_error_pct = {statistics.median(errors['csr'][0]):.2f}")


if __name__ == "__main__":
    main()
