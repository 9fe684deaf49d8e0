#!/usr/bin/env python3
"""The MPI examples natively (OpenMPI) against their simulations, in one command.

  python3 bench/mpi_examples.py --build-dir build [--native-runs 5] [--skip-scale]

1. Prediction, 2 ranks (issue 18): examples/mpi-stencil (N=4096, T=40, B=64)
   and examples/mpi-cg (m=1024, K=200, B=64, EXAMPLE_CHECK=0: too few
   iterations to converge), each built with hccsim -fnative, -finstrument and
   -fsimulate into <build>/bench/mpi/. Per example: --native-runs native runs
   under mpirun -np 2 (one worker per rank: mpirun binds each rank to a core
   of this 2-core machine) interleaved with 2 instrumented runs that write the
   kernel models and the runtime's costs; then one simulation with
   hccsim-run -np 2 on the calibrated platform (--platform, default
   local-2node: this machine as 2 one-core hosts, written by hcc-calibrate
   --network). Each run's time is the example's own (EXAMPLE_TIME=1: the
   steps or iterations on MPI_Wtime, simulated time in the simulation).
2. Scale: mpi-stencil with 1,024 ranks (N=16384, T=5, B=16) simulated on the
   cluster-64x16 preset (64 nodes of 16 cores: 16 ranks of one worker per
   node), each rank's row blocks folded (HCC_FOLD_THRESHOLD=1M), its kernel
   a regression over rows*cols fitted (hcc-calibrate --terms) on the
   instrumented runs of part 1 so that the tiles of the large run have a
   model; wall time and peak RSS of the whole simulation (wait4).

Prints a table and
  figure mpi_stencil_prediction_error_pct = <|simulated - median native| / median native, %>
  figure mpi_cg_prediction_error_pct = <same>
  figure mpi_1024_ranks_sim_seconds = <wall seconds of the 1,024-rank simulation>
  figure mpi_1024_ranks_peak_rss_mib = <its peak resident memory, MiB>
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

SECONDS = re.compile(r"^mpi-(?:stencil|cg): seconds=([0-9.]+)$", re.M)
EXAMPLES = {
    "mpi-stencil": ("mpi-stencil/mpi-stencil.c", ["4096", "40", "64"], {}),
    "mpi-cg": ("mpi-cg/mpi-cg.cpp", ["1024", "200", "64"], {"EXAMPLE_CHECK": "0"}),
}


class Runner:
    def __init__(self, total):
        self.done, self.total = 0, total

    def __call__(self, label, cmd, env, want_seconds=True):
        self.done += 1
        print(f"[{self.done}/{self.total}] {label}", file=sys.stderr, flush=True)
        p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if p.returncode != 0:
            sys.exit(f"mpi_examples: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stdout}\n{p.stderr}")
        if not want_seconds:
            return None
        m = SECONDS.search(p.stderr)
        if not m:
            sys.exit(f"mpi_examples: no 'seconds=' from {' '.join(cmd)}:\n{p.stderr}")
        return float(m.group(1))


def build(hccsim, mode, src, out):
    subprocess.run([hccsim, f"-f{mode}", "-O2", "-w", src, "-o", out], check=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--native-runs", type=int, default=5)
    ap.add_argument("--platform", default="local-2node")
    ap.add_argument("--skip-scale", action="store_true")
    ap.add_argument("--only", choices=sorted(EXAMPLES), help="one example (and no scale run)")
    args = ap.parse_args()
    build_dir = os.path.abspath(args.build_dir)
    repo = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    hccsim = os.path.join(build_dir, "bin", "hccsim")
    hccsim_run = os.path.join(build_dir, "bin", "hccsim-run")
    work = os.path.join(build_dir, "bench", "mpi")
    os.makedirs(work, exist_ok=True)
    base = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1", EXAMPLE_TIME="1")
    base.pop("HCC_WORKERS", None)
    mpirun = ["mpirun", "-np", "2"]
    runner = Runner((1 if args.only else len(EXAMPLES)) * (args.native_runs + 3) +
                    (0 if args.skip_scale or args.only else 1))

    figures, rows = {}, []
    examples = {args.only: EXAMPLES[args.only]} if args.only else EXAMPLES
    if args.only:
        args.skip_scale = True
    for name, (src, argv, extra) in examples.items():
        exe = {m: os.path.join(work, f"{name}-{m}") for m in ("native", "instrument", "simulate")}
        for mode, out in exe.items():
            build(hccsim, mode, os.path.join(repo, "examples", src), out)
        models = os.path.join(work, f"{name}-models")
        shutil.rmtree(models, ignore_errors=True)
        env = dict(base, HCC_MODEL_DIR=models, **extra)
        native = []
        for i in range(args.native_runs):
            native.append(runner(f"{name}: native run {i + 1}", mpirun + [exe["native"]] + argv, env))
            if i < 2:  # two instrumented runs among the native ones
                records = os.path.join(work, f"{name}-records-{i}.csv")
                runner(f"{name}: instrumented run {i + 1}", mpirun + [exe["instrument"]] + argv,
                       dict(env, HCC_RECORDS=records), want_seconds=False)
        simulated = runner(f"{name}: simulation on {args.platform}",
                           [hccsim_run, "-np", "2", "--platform", args.platform, exe["simulate"]] + argv, env)
        med = statistics.median(native)
        err = abs(simulated - med) / med * 100
        rows.append((name, " ".join(argv), med, native, simulated, err))
        figures[f"{name.replace('-', '_')}_prediction_error_pct"] = err

    print(f"{'example':<12} {'args':<14} {'native median (runs)':<48} {'simulated':>10} {'error %':>8}")
    for name, a, med, native, simulated, err in rows:
        runs = " ".join(f"{x:.3f}" for x in native)
        print(f"{name:<12} {a:<14} {med:.3f} s ({runs}) {simulated:>9.3f} s {err:>8.2f}")

    if not args.skip_scale:
        # A regression of the tile's time over its size, from the records of part 1.
        models = os.path.join(work, "scale-models")
        shutil.rmtree(models, ignore_errors=True)
        shutil.copytree(os.path.join(work, "mpi-stencil-models"), models)
        records = [os.path.join(work, f) for f in sorted(os.listdir(work)) if f.startswith("mpi-stencil-records-")]
        subprocess.run([os.path.join(build_dir, "models", "hcc-calibrate"), "-q", "--model-dir", models,
                        "--kernel", "update_tile", "--terms", "rows*cols"] + records, check=True)
        cmd = [hccsim_run, "-np", "1024", "--platform", "cluster-64x16",
               os.path.join(work, "mpi-stencil-simulate"), "16384", "5", "16"]
        runner.done += 1
        print(f"[{runner.done}/{runner.total}] mpi-stencil: 1024 ranks on cluster-64x16", file=sys.stderr, flush=True)
        start = time.monotonic()
        # Each rank's row blocks folded (HCC_FOLD_THRESHOLD): their loop and
        # tasks are charged from models, nothing reads them for real.
        p = subprocess.Popen(cmd, env=dict(base, HCC_MODEL_DIR=models, HCC_FOLD_THRESHOLD="1M"),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.monotonic() - start
        out, err_text = p.stdout.read(), p.stderr.read()
        if status != 0 or "ranks=1024" not in err_text:
            sys.exit(f"mpi_examples: the 1024-rank simulation failed (status {status}):\n{out}\n{err_text}")
        print(out.strip())
        print("\n".join(l for l in err_text.splitlines() if l.startswith("hccsim:") or "seconds=" in l))
        figures["mpi_1024_ranks_sim_seconds"] = wall
        figures["mpi_1024_ranks_peak_rss_mib"] = usage.ru_maxrss / 1024

    for k, v in figures.items():
        print(f"figure {k} = {v:.2f}")


if __name__ == "__main__":
    main()
