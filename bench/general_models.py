#!/usr/bin/env python3
"""Generality of the kernel models: models calibrated on inputs A predict the
simulated makespan of other inputs B, for the Cholesky example, the FMM-like
M2L example and the multifrontal example, in one command.

    python3 bench/general_models.py --build-dir build [--native-runs 5]
                                    [--skip-fmm] [--skip-multifrontal]

Cholesky (examples/cholesky/cholesky.c, built with build/bin/hccsim -O2):
  A: instrumented native runs at N=4096 and N=6144 (NB=512), one per round
     interleaved with the native runs; the records of each are merged into
     one model directory by hcc-calibrate (mean per footprint of the
     kernels' CPU times), with the runtime costs the run measured;
  B: N=8192 and N=10240 (NB=512): the simulated makespan (HCC_PLATFORM=laptop)
     against the median of --native-runs native makespans (the summary line's
     makespan, hcc_init to the end of the last task, in both modes).
  Same scheduler (dmda) and HCC_WORKERS=2 in every run; the native runs are
  interleaved with the others so that machine noise hits all alike.

The FMM and multifrontal parts are bench/fmm_generality.py and
bench/multifrontal.py (run with their defaults; their tables compare naive
single-parameter models with the selected ones); their
`figure fmm_model_error_pct` and `figure multifrontal_model_error_pct` are
read from their output.

Progress goes to stderr. On stdout: the Cholesky table, the other scripts'
output, then

    figure cholesky_model_error_pct = <max over B of |simulated - native| / native>
    figure general_model_max_error_pct = <max of the three>
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from m2l_models import copy_runtime_costs  # noqa: E402
from machine_state import SpeedCheck  # noqa: E402

SUMMARY = re.compile(r"^hccsim: mode=(\w+) makespan=([0-9.]+) tasks=(\d+)", re.M)
FIGURE = re.compile(r"^figure (\w+) = ([0-9.eE+-]+|nan)$", re.M)
CFLAGS = ["-O2", "-std=c11", "-ffp-contract=off", "-Wno-unknown-pragmas"]
LIBS = ["-llapacke", "-lopenblas", "-lm"]
NB = 512
INPUTS_A = [4096, 6144]
INPUTS_B = [8192, 10240]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env, what):
    full = dict(os.environ)
    for k in list(full):
        if k.startswith("HCC_"):
            del full[k]
    full.update(env)
    p = subprocess.run(cmd, env=full, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"general_models: {what} failed ({p.returncode}):\n{p.stderr[-2000:]}")
    m = SUMMARY.search(p.stderr)
    if not m:
        sys.exit(f"general_models: {what} printed no summary line:\n{p.stderr[-2000:]}")
    return float(m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--native-runs", type=int, default=5)
    ap.add_argument("--skip-fmm", action="store_true")
    ap.add_argument("--skip-multifrontal", action="store_true")
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build = os.path.abspath(args.build_dir)
    hccsim = os.path.join(build, "bin", "hccsim")
    if not os.access(hccsim, os.X_OK):
        sys.exit(f"general_models: {hccsim} not found (build the project first)")
    work = os.path.join(build, "bench", "general-models")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    src = os.path.join(root, "examples", "cholesky", "cholesky.c")
    exe = {}
    for mode in ("instrument", "native", "simulate"):
        exe[mode] = os.path.join(work, f"cholesky-{mode}")
        log(f"[build] hccsim -f{mode} cholesky")
        subprocess.run([hccsim, f"-f{mode}", *CFLAGS, src, *LIBS, "-o", exe[mode]], check=True)

    models = os.path.join(work, "models")
    common = {"HCC_WORKERS": "2", "HCC_SCHED": "dmda", "HCC_MODEL_DIR": models}
    calibrate = os.path.join(build, "models", "hcc-calibrate")
    # Its tasks run milliseconds: the CPUs' distance is not checked.
    speed = SpeedCheck(work, log=log, line_tolerance=float("inf"))
    calibration_rounds = args.native_runs  # every round: the models sample the same stretch of time
    steps = calibration_rounds * len(INPUTS_A) + len(INPUTS_B) * (args.native_runs + 1)
    done = 0

    def step(label):
        nonlocal done
        done += 1
        log(f"[{done}/{steps}] {label}")

    # Calibrating runs are interleaved with the native runs: this machine's
    # speed drifts. Each writes its own model directory and records; once
    # kept (SpeedCheck), its records are merged into the models that the
    # native runs' dmda and the simulations use, with its runtime costs.
    natives = {n: [] for n in INPUTS_B}
    for r in range(args.native_runs):
        if r < calibration_rounds:
            for n in INPUTS_A:
                step(f"calibrate N={n} NB={NB} (instrumented)")
                rec, measured = os.path.join(work, f"records-{n}-{r}.csv"), os.path.join(work, f"measured-{n}-{r}")

                def instrumented():
                    shutil.rmtree(measured, ignore_errors=True)
                    run([exe["instrument"], str(n), str(NB)], {**common, "HCC_MODEL_DIR": measured, "HCC_RECORDS": rec},
                        f"instrumented N={n}")

                speed.run(instrumented)
                subprocess.run([calibrate, "--quiet", "--model-dir", models, rec], check=True)
                copy_runtime_costs(measured, models)
        for n in INPUTS_B:
            step(f"native N={n} NB={NB}")
            natives[n].append(speed.run(lambda: run([exe["native"], str(n), str(NB)], common, f"native N={n}")))
    rows, worst = [], 0.0
    for n in INPUTS_B:
        step(f"simulate N={n} NB={NB}")
        sim = run([exe["simulate"], str(n), str(NB)], {**common, "HCC_PLATFORM": "laptop"}, f"simulated N={n}")
        med = statistics.median(natives[n])
        err = abs(sim - med) / med * 100
        worst = max(worst, err)
        rows.append((n, med, sim, err))

    print(f"Cholesky: models from N={','.join(map(str, INPUTS_A))} (NB={NB}), dmda, 2 workers")
    print(f"{'input B':>16} {'native median s':>16} {'simulated s':>12} {'error %':>8}")
    for n, med, sim, err in rows:
        print(f"{'N=' + str(n):>16} {med:16.3f} {sim:12.3f} {err:8.2f}")
    print("native runs s: " + "; ".join(f"N={n}: " + " ".join(f"{t:.3f}" for t in natives[n]) for n in INPUTS_B))
    print(speed.summary())
    print(f"figure cholesky_model_error_pct = {worst:.2f}", flush=True)

    errors = {"cholesky": worst}
    for name, script, figure, skip in (("fmm", "fmm_generality.py", "fmm_model_error_pct", args.skip_fmm),
                                       ("multifrontal", "multifrontal.py", "multifrontal_model_error_pct",
                                        args.skip_multifrontal)):
        if skip:
            continue
        log(f"[{name}] bench/{script}")
        p = subprocess.run([sys.executable, os.path.join(root, "bench", script), "--build-dir", build],
                           capture_output=True, text=True)
        sys.stderr.write(p.stderr[-4000:])
        print(p.stdout, end="", flush=True)
        figs = dict(FIGURE.findall(p.stdout))
        if p.returncode != 0 or figure not in figs:
            sys.exit(f"general_models: bench/{script} failed or printed no '{figure}'")
        errors[name] = float(figs[figure])
    print(f"figure general_model_max_error_pct = {max(errors.values()):.2f}")


if __name__ == "__main__":
    main()
