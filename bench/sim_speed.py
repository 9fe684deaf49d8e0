#!/usr/bin/env python3
"""Simulation speed of hccsim: simulated tasks per wall second, peak memory,
and the cost relative to a bare SimGrid s4u program.

    python3 bench/sim_speed.py --build-dir build [--nt 182] [--window 10000]

Runs, one at a time:
  1. build/examples/capi-cholesky-sim N=nt*512  NB=512   (bounded submission window)
  2. build/examples/capi-cholesky-sim N=nt*2048 NB=2048  (same task count, 16x the
     tile size: the simulated matrix is 16x larger)
  3. build/examples/capi-cholesky-sim N=nt*512  NB=512   with no submission window
  4. build/bench/sim/bare_s4u laptop.xml T window, T = the Cholesky task count

with HCC_SCHED=eager HCC_PLATFORM=laptop (2 CPU workers) HCC_SIM_MODEL=mean,
and HCC_MAX_SUBMITTED=<window> for runs 1 and 2 (the application blocks in
hcc_submit while that many tasks are submitted and unfinished, so the runtime
holds at most that many tasks at once). Kernel models for both tile sizes are
generated first (see write_models), so that no kernel is ever run natively.

Each run is timed from fork to exit (wall clock) and its peak RSS is the
child's ru_maxrss from wait4(). Prints progress on stderr, a table of runs and
then, on stdout:

  figure sim_tasks_per_second = tasks / wall s of run 1
  figure sim_peak_rss_mib = peak RSS of run 1, MiB
  figure sim_speed_ratio_vs_s4u = wall s of run 1 / wall s of run 4
  figure sim_peak_rss_ratio_large_vs_small_matrix = peak RSS run 2 / run 1

Exit status 1 when a program fails or prints no summary line, 2 when a
program is missing.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK64 = (1 << 64) - 1

# Cholesky codelets (examples/capi-cholesky/cholesky.c): number of tile accesses
# and modelled duration in seconds for tile size nb. gemm does 2 nb^3 flops;
# at 20 GFlop/s per core that is 2 nb^3 / 2e10 s. potrf nb^3/3, trsm nb^3,
# syrk nb^3 flops (nb^2 (nb+1) exactly) at the same rate; init writes nb^2
# doubles at about 5 ns each (it hashes every entry).
FLOP_RATE = 2e10
KERNELS = {
    "init": (1, lambda nb: nb * nb * 5e-9),
    "potrf": (1, lambda nb: nb ** 3 / 3 / FLOP_RATE),
    "trsm": (2, lambda nb: nb ** 3 / FLOP_RATE),
    "syrk": (2, lambda nb: nb * nb * (nb + 1) / FLOP_RATE),
    "gemm": (3, lambda nb: 2 * nb ** 3 / FLOP_RATE),
}

SUMMARY = re.compile(
    r"^hccsim: mode=(\S+) makespan=(\S+) tasks=(\d+) workers=(\d+) peak_mem=(\d+)(?: bursts=\S+)?\s*$", re.M)
BARE = re.compile(r"^bare_s4u: events=(\d+) workers=(\d+) window=(\d+) simulated_end=(\S+)\s*$", re.M)


class BenchError(Exception):
    pass


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def footprint(sizes):
    """FNV-1a 64 over the little-endian 8 bytes of each datum's size, in
    access order (footprint_of in rt/core/runtime.cpp)."""
    h = FNV_OFFSET
    for s in sizes:
        for byte in int(s).to_bytes(8, "little"):
            h ^= byte
            h = (h * FNV_PRIME) & MASK64
    return h


def write_models(model_dir, tile_sizes):
    """One <kernel>.cpu.json per codelet, one entry per tile size: a fixed
    mean (3 identical observations, m2 = 0), no samples or histogram."""
    os.makedirs(model_dir, exist_ok=True)
    for kernel, (naccess, seconds) in KERNELS.items():
        entries = []
        for nb in tile_sizes:
            tile = nb * nb * 8
            mean = seconds(nb)
            entries.append({
                "footprint": "0x%016x" % footprint([tile] * naccess),
                "size_bytes": tile * naccess,
                "count": 3, "mean": mean, "m2": 0.0, "min": mean, "max": mean,
            })
        path = os.path.join(model_dir, kernel + ".cpu.json")
        with open(path, "w") as f:
            f.write("{\n  \"schema_version\": 1,\n  \"kernel\": %s,\n  \"arch\": \"cpu\",\n  \"entries\": [\n"
                    % json.dumps(kernel))
            f.write(",\n".join("    " + json.dumps(e, separators=(",", ":")) for e in entries))
            f.write("\n  ]\n}\n")
        with open(path) as f:
            json.load(f)  # it must stay valid JSON


def cholesky_tasks(nt):
    return nt * (nt + 1) // 2 + nt * (nt + 1) * (nt + 2) // 6


def run_timed(cmd, env, cwd):
    """Runs cmd; returns (wall seconds, peak RSS bytes, stdout, stderr)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)  # already reaped
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode(errors="replace")
        stderr = err.read().decode(errors="replace")
    rc = p.returncode
    if rc != 0:
        raise BenchError("%s exited with status %d\n--- stdout:\n%s--- stderr (tail):\n%s"
                         % (" ".join(cmd), rc, stdout[-2000:], stderr[-4000:]))
    return wall, ru.ru_maxrss * 1024, stdout, stderr  # ru_maxrss is in KiB on Linux


def build(build_dir, src_dir, targets):
    if not os.path.isdir(os.path.join(build_dir, "bench", "sim")):
        log("sim_speed: configuring %s (bench/sim not configured yet)" % build_dir)
        subprocess.run(["cmake", "-S", src_dir, "-B", build_dir], check=True, stdout=subprocess.DEVNULL)
    log("sim_speed: cmake --build %s --target %s" % (build_dir, " ".join(targets)))
    subprocess.run(["cmake", "--build", build_dir, "--target"] + targets, check=True,
                   stdout=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--nt", type=int, default=182, help="tiles per dimension (182: 1,038,037 tasks)")
    ap.add_argument("--small-nb", type=int, default=512)
    ap.add_argument("--large-nb", type=int, default=2048)
    ap.add_argument("--window", type=int, default=10000, help="HCC_MAX_SUBMITTED of the bounded runs")
    ap.add_argument("--no-unbounded", action="store_true", help="skip the run without HCC_MAX_SUBMITTED")
    ap.add_argument("--no-build", action="store_true", help="do not build capi-cholesky-sim and bare_s4u first")
    ap.add_argument("--model-dir", help="where to write the generated models (default <build>/bench/sim/models)")
    args = ap.parse_args()

    src_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    build_dir = os.path.abspath(args.build_dir)
    t_start = time.monotonic()
    try:
        if not args.no_build:
            build(build_dir, src_dir, ["capi-cholesky-sim", "bare_s4u"])
    except subprocess.CalledProcessError as e:
        log("sim_speed: build failed: %s" % e)
        return 1
    chol = os.path.join(build_dir, "examples", "capi-cholesky-sim")
    bare = os.path.join(build_dir, "bench", "sim", "bare_s4u")
    platform = os.path.join(src_dir, "models", "platforms", "laptop.xml")
    for p in (chol, bare):
        if not os.access(p, os.X_OK):
            log("sim_speed: %s not found (build it: cmake --build %s --target %s)"
                % (p, args.build_dir, os.path.basename(p)))
            return 2

    model_dir = os.path.abspath(args.model_dir or os.path.join(build_dir, "bench", "sim", "models"))
    write_models(model_dir, sorted({args.small_nb, args.large_nb}))
    log("sim_speed: kernel models for NB=%d and NB=%d written to %s" % (args.small_nb, args.large_nb, model_dir))

    nt = args.nt
    tasks = cholesky_tasks(nt)
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("HCC_")}
    base_env.update(HCC_SCHED="eager", HCC_PLATFORM="laptop", HCC_MODEL_DIR=model_dir, HCC_SIM_MODEL="mean",
                    HCC_SEED="0", OPENBLAS_NUM_THREADS="1")

    # (key, label, command, extra environment)
    runs = [
        ("small", "hccsim cholesky NB=%d window=%d" % (args.small_nb, args.window),
         [chol, str(nt * args.small_nb), str(args.small_nb)], {"HCC_MAX_SUBMITTED": str(args.window)}),
        ("large", "hccsim cholesky NB=%d window=%d" % (args.large_nb, args.window),
         [chol, str(nt * args.large_nb), str(args.large_nb)], {"HCC_MAX_SUBMITTED": str(args.window)}),
    ]
    if not args.no_unbounded:
        runs.append(("unbounded", "hccsim cholesky NB=%d no window" % args.small_nb,
                     [chol, str(nt * args.small_nb), str(args.small_nb)], {}))
    runs.append(("bare", "bare s4u (semaphores, window=%d)" % args.window,
                 [bare, platform, str(tasks), str(args.window)], {}))

    results = {}
    work = tempfile.mkdtemp(prefix="hcc-sim-speed-")  # cwd of the runs: nothing lands in the tree
    try:
        for k, (key, label, cmd, extra) in enumerate(runs, 1):
            env = dict(base_env, **extra)
            shown = " ".join("%s=%s" % kv for kv in sorted(extra.items()))
            log("[%d/%d] %s: %s%s" % (k, len(runs), label, (shown + " ") if shown else "", " ".join(cmd)))
            wall, rss, out, err = run_timed(cmd, env, work)
            if key == "bare":
                m = BARE.search(out)
                if not m:
                    raise BenchError("%s printed no 'bare_s4u: events=...' line\n%s%s" % (cmd[0], out, err))
                n, sim_end = int(m.group(1)), float(m.group(4))
            else:
                if "no model for kernel" in err:
                    raise BenchError("%s ran a kernel natively (missing model):\n%s" % (cmd[0], err[-2000:]))
                m = SUMMARY.search(err)
                if not m:
                    raise BenchError("%s printed no 'hccsim: mode=... tasks=...' summary line\n"
                                     "--- stderr (tail):\n%s" % (cmd[0], err[-4000:]))
                if m.group(1) != "simulate":
                    raise BenchError("%s ran in mode=%s, not simulate" % (cmd[0], m.group(1)))
                n, sim_end = int(m.group(3)), float(m.group(2))
            if n != tasks:
                raise BenchError("%s: %d tasks/events, expected %d" % (label, n, tasks))
            results[key] = (label, n, wall, rss, sim_end)
            log("[%d/%d]   %d tasks in %.2f s wall (%.0f tasks/s), peak RSS %.1f MiB, simulated %.6g s"
                % (k, len(runs), n, wall, n / wall, rss / 2 ** 20, sim_end))
    except BenchError as e:
        log("sim_speed: FAILED: %s" % e)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)

    print("sim_speed: tiled Cholesky nt=%d (%d tasks), HCC_SCHED=eager HCC_PLATFORM=laptop (2 CPU workers), "
          "HCC_SIM_MODEL=mean, models from %s" % (nt, tasks, model_dir))
    print("sim_speed: bounded runs use HCC_MAX_SUBMITTED=%d: at most %d tasks submitted and unfinished at once"
          % (args.window, args.window))
    print()
    head = ("variant", "tasks", "wall s", "tasks/s", "peak RSS MiB", "simulated s")
    rows = [(lab, str(n), "%.2f" % w, "%.0f" % (n / w), "%.1f" % (r / 2 ** 20), "%.6g" % s)
            for lab, n, w, r, s in results.values()]
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]
    fmt = "  ".join(("%%-%ds" if i == 0 else "%%%ds") % w for i, w in enumerate(widths))
    print(fmt % head)
    for r in rows:
        print(fmt % r)
    print()

    _, n1, w1, r1, _ = results["small"]
    _, _, _, r2, _ = results["large"]
    _, _, wb, _, _ = results["bare"]
    print("sim_speed: total wall time of the benchmark %.1f s" % (time.monotonic() - t_start))
    print("figure sim_tasks_per_second = %.0f" % (n1 / w1))
    print("figure sim_peak_rss_mib = %.1f" % (r1 / 2 ** 20))
    print("figure sim_speed_ratio_vs_s4u = %.2f" % (w1 / wb))
    print("figure sim_peak_rss_ratio_large_vs_small_matrix = %.3f" % (r2 / r1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
