#!/usr/bin/env python3
"""The program's own memory in simulation: folded allocations and the
accounted peak, in one command.

    python3 bench/program_memory.py --build-dir build [--n 102400] [--nb 1024]
                                    [--platform laptop] [--check-n 4096] [--check-nb 512]

1. Folding. examples/cholesky-lapack (the whole matrix in one malloc, filled
   by a sequential loop, tasks on its blocks) is built with `hccsim
   -finstrument` and `-fsimulate` into <build>/bench/program-memory/. An
   instrumented run at N=4096 (same NB) calibrates the kernel models; the
   simulated run at --n (102,400: an 84 GB matrix) on --platform runs with
   HCC_FOLD_THRESHOLD=1M, and its peak resident set is measured
   (wait4's ru_maxrss). The program allocates N*N*8 bytes: its predicted
   peak_mem must say so.

       figure fold_cholesky_102400_peak_rss_mib = <peak RSS of the simulation, MiB>
       figure fold_footprint_to_rss_ratio = <predicted peak_mem / peak RSS>

   (The first figure's name carries the default N; another --n prints
   fold_cholesky_<n>_peak_rss_mib.)

2. The accounted peak. examples/cholesky (tiles allocated by the program,
   the main job's example) built both ways, run instrumented natively and
   simulated at --check-n/--check-nb with the instrumented run's models:

       figure program_peak_mem_error_pct = <|simulated - native| / native peak_mem, %>

Progress goes to stderr. Exit status 1 if a build or run fails, or if the
simulation's peak_mem is not the bytes the program allocates.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

SUMMARY_RE = re.compile(r"^hccsim: mode=(\S+) makespan=(\S+) tasks=(\d+) workers=(\d+) peak_mem=(\d+)", re.M)
BLAS = ["-llapacke", "-lopenblas", "-lm"]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def build(hccsim, mode, src, out):
    cmd = [hccsim, f"-f{mode}", "-O2", "-std=c11", src, *BLAS, "-o", out]
    log("build: " + " ".join(cmd))
    subprocess.run(cmd, check=True)


def run(cmd, env, cwd):
    """Runs cmd; returns (stdout + stderr, seconds, peak RSS in MiB)."""
    log("run: " + " ".join(f"{k}={v}" for k, v in env.items() if k.startswith("HCC_")) + " " + " ".join(cmd))
    full_env = dict(os.environ)
    full_env.update(env)
    start = time.monotonic()
    p = subprocess.Popen(cmd, env=full_env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = p.stdout.read()
    _, status, usage = os.wait4(p.pid, 0)
    seconds = time.monotonic() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    sys.stderr.write(out)
    if p.returncode != 0:
        raise RuntimeError(f"{cmd[0]} exited with status {p.returncode}")
    return out, seconds, usage.ru_maxrss / 1024.0


def peak_mem(output):
    m = SUMMARY_RE.search(output)
    if not m:
        raise RuntimeError("no summary line in the output")
    return int(m.group(5))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--n", type=int, default=102400)
    ap.add_argument("--nb", type=int, default=1024)
    ap.add_argument("--platform", default="laptop")
    ap.add_argument("--check-n", type=int, default=4096)
    ap.add_argument("--check-nb", type=int, default=512)
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build_dir = os.path.abspath(args.build_dir)
    hccsim = os.path.join(build_dir, "bin", "hccsim")
    if not os.access(hccsim, os.X_OK):
        log(f"program_memory: {hccsim} not found (build the project first)")
        return 1
    work = os.path.join(build_dir, "bench", "program-memory")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    try:
        # 1. Folding: the usual Cholesky at a size this machine cannot hold.
        src = os.path.join(root, "examples", "cholesky-lapack", "cholesky-lapack.c")
        for mode in ("instrument", "simulate"):
            build(hccsim, mode, src, os.path.join(work, f"cholesky-lapack-{mode}"))
        models = os.path.join(work, "models")
        run([os.path.join(work, "cholesky-lapack-instrument"), "4096", str(args.nb)],
            {"HCC_MODEL_DIR": models, "HCC_WORKERS": "2"}, work)
        out, seconds, rss = run([os.path.join(work, "cholesky-lapack-simulate"), str(args.n), str(args.nb)],
                                {"HCC_MODEL_DIR": models, "HCC_PLATFORM": args.platform,
                                 "HCC_FOLD_THRESHOLD": "1M"}, work)
        predicted = peak_mem(out)
        allocated = args.n * args.n * 8
        log(f"program_memory: N={args.n}: simulated in {seconds:.1f} s, peak RSS {rss:.1f} MiB, "
            f"predicted peak_mem {predicted} bytes, the program allocates {allocated}")
        if predicted != allocated:
            log(f"program_memory: predicted peak_mem {predicted} is not the {allocated} bytes allocated")
            return 1

        # 2. The accounted peak of the main job's Cholesky, native against simulated.
        src = os.path.join(root, "examples", "cholesky", "cholesky.c")
        for mode in ("instrument", "simulate"):
            build(hccsim, mode, src, os.path.join(work, f"cholesky-{mode}"))
        sizes = [str(args.check_n), str(args.check_nb)]
        check_models = os.path.join(work, "check-models")
        native, _, _ = run([os.path.join(work, "cholesky-instrument"), *sizes],
                           {"HCC_MODEL_DIR": check_models, "HCC_WORKERS": "2"}, work)
        simulated, _, _ = run([os.path.join(work, "cholesky-simulate"), *sizes],
                              {"HCC_MODEL_DIR": check_models, "HCC_WORKERS": "2"}, work)
        native_peak, sim_peak = peak_mem(native), peak_mem(simulated)
    except (subprocess.CalledProcessError, RuntimeError) as e:
        log(f"program_memory: {e}")
        return 1

    print(f"cholesky-lapack N={args.n} NB={args.nb} on {args.platform}: simulated in {seconds:.1f} s, "
          f"peak RSS {rss:.1f} MiB, predicted peak_mem {predicted / 2**30:.2f} GiB")
    print(f"cholesky N={args.check_n} NB={args.check_nb}: peak_mem native (instrumented) {native_peak}, "
          f"simulated {sim_peak}")
    print(f"figure fold_cholesky_{args.n}_peak_rss_mib = {rss:.1f}")
    print(f"figure fold_footprint_to_rss_ratio = {predicted / (rss * 2**20):.1f}")
    print(f"figure program_peak_mem_error_pct = {abs(sim_peak - native_peak) / native_peak * 100:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
