#!/usr/bin/env python3
"""SMPI's calibrated network against OpenMPI, in one command (seed 002, 7.1.1).

  python3 bench/mpi_pingpong.py --build-dir build [--runs 3]

1. The ping-pong hcc-calibrate --network runs (models/tools/hcc-pingpong.c,
   <build>/models/hcc-pingpong): 2 x --runs native runs under mpirun -np 2
   on this machine, alternately for calibration and for reference; the
   median one-way time per size of each set.
2. hcc-calibrate --network fits the calibration set (piece-wise linear,
   seed 002 section 4.1) into <build>/bench/mpi/calibrated.xml.
3. The same program built with hccsim -fsimulate, run on that platform with
   hccsim-run -np 2: the simulated one-way times.
4. For every size from 1 B to 64 MiB, seed 002's logarithmic error
   |ln simulated - ln native| against the reference set; its mean, as a
   percentage (exp(mean) - 1).

Prints a table (size, native reference, simulated, error), the model's own
error on the calibration set and the noise between the two native sets, then
  figure mpi_pingpong_log_error_pct = <mean logarithmic error, %>
"""
import argparse
import csv
import io
import math
import os
import statistics
import subprocess
import sys


def run(cmd, env=None, label=""):
    print(label or " ".join(cmd), file=sys.stderr, flush=True)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"mpi_pingpong: {' '.join(cmd)} failed (exit {p.returncode}):\n{p.stderr}")
    return p.stdout


def parse(text):
    return {int(r["bytes"]): float(r["seconds"]) for r in csv.DictReader(io.StringIO(text))}


def median_set(runs):
    return {s: statistics.median(r[s] for r in runs) for s in runs[0]}


def log_error(ref, got):
    errs = [abs(math.log(got[s]) - math.log(ref[s])) for s in ref if s in got]
    return (math.exp(sum(errs) / len(errs)) - 1) * 100


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--runs", type=int, default=3, help="native runs in each of the two sets")
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    work = os.path.join(build, "bench", "mpi")
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    pingpong = os.path.join(build, "models", "hcc-pingpong")
    if not os.path.exists(pingpong):
        sys.exit("mpi_pingpong: " + pingpong + " is missing (hccsim built without OpenMPI)")
    sim = os.path.join(work, "pingpong-sim")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "models", "tools", "hcc-pingpong.c")
    run([os.path.join(build, "bin", "hccsim"), "-fsimulate", "-O2", "-w", src, "-o", sim], label="building the simulated ping-pong")

    calib, ref = [], []
    for i in range(args.runs):  # interleaved: a slow stretch of the VM falls on both sets
        for name, dest in (("calibration", calib), ("reference", ref)):
            dest.append(parse(run(["mpirun", "-np", "2", pingpong], env, f"[{len(calib) + len(ref) + 1}/{2 * args.runs}] native ping-pong ({name})")))
    calib_m, ref_m = median_set(calib), median_set(ref)
    calib_csv = os.path.join(work, "pingpong-calibration.csv")
    for path, data in ((calib_csv, calib_m), (os.path.join(work, "pingpong-reference.csv"), ref_m)):
        with open(path, "w") as f:
            f.write("bytes,seconds\n" + "".join(f"{s},{t:.9e}\n" for s, t in sorted(data.items())))
    platform = os.path.join(work, "calibrated.xml")
    print(run([os.path.join(build, "models", "hcc-calibrate"), "--network", platform, "--pingpong", calib_csv],
              env, "hcc-calibrate --network"), file=sys.stderr)
    simulated = parse(run([os.path.join(build, "bin", "hccsim-run"), "-np", "2", "--platform", platform, sim], env,
                          "simulated ping-pong"))

    print(f"{'bytes':>10} {'native (us)':>12} {'simulated (us)':>15} {'log error %':>12}")
    for s in sorted(ref_m):
        e = (math.exp(abs(math.log(simulated[s]) - math.log(ref_m[s]))) - 1) * 100
        print(f"{s:>10} {ref_m[s] * 1e6:>12.3f} {simulated[s] * 1e6:>15.3f} {e:>12.2f}")
    print(f"model on its calibration set: {log_error(calib_m, simulated):.2f} %; "
          f"noise between the two native sets: {log_error(calib_m, ref_m):.2f} %")
    print(f"figure mpi_pingpong_log_error_pct = {log_error(ref_m, simulated):.2f}")


if __name__ == "__main__":
    main()
