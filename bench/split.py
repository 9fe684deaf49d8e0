#!/usr/bin/env python3
"""A loop split between CPU cores and GPUs, simulated on GPU presets.

  python3 bench/split.py --build-dir build [--n 4194304] [--runs 5] [--gpu-speedup 5]

Builds bench/split/polynomial.c (hcc_split_for, kernel "split:poly": a
degree-64 polynomial per element, compute-bound as seed 004's kernels are)
with `hccsim -finstrument` and `-fsimulate` into <build>/bench/split/, then:

1. Instrumented runs on this machine's CPU workers at three sizes; the CPU
   side's model is hcc-calibrate's regression over `iterations`. This
   machine has no GPU: the GPU side's model is the CPU one made
   --gpu-speedup times faster per iteration than all the cores of the
   preset's host together (seed 004's regime, a GPU 2-10x the cores), with
   a 10 us launch. On the device machine an instrumented run there gives
   both (not done by this script).
2. On each preset (h100-node, mirage): simulations with HCC_SPLIT=cpu and
   HCC_SPLIT=gpu give each side's time for the whole range, transfers
   included (T_cpu, T_gpu), and one of --runs runs with the share from
   history gives the split loop's time (its last run: the larger side's).

Prints per preset T_cpu, T_gpu, the ideal 1 / (1/T_cpu + 1/T_gpu), the split
time and how far apart its parts ended, then
  figure split_vs_ideal_ratio = <max over the presets of split / ideal>
  figure split_balance_pct = <max over the presets of |T_gpu - T_cpu| / max, last run>
(The native figures on a GPU node: bench/split_gpu.py.) Simulations only
after the calibration: the figures do not depend on the
machine's load, the CPU model does (it is measured).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "bench", "split", "polynomial.c")
RUN = re.compile(r"^run=(\d+) gpu=(\d+) cpu=(\d+) gpu_s=([0-9.]+) cpu_s=([0-9.]+)$", re.M)
CORES = {"h100-node": 16, "mirage": 12}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env, timeout=300):
    p = subprocess.run(cmd, env=dict(os.environ, **env), capture_output=True, text=True, timeout=timeout)
    if p.returncode != 0:
        sys.exit(f"split: {' '.join(cmd)} failed ({p.returncode}):\n{p.stdout}{p.stderr}")
    return p.stdout


def last_run(out):
    runs = RUN.findall(out)
    if not runs:
        sys.exit(f"split: no run line in\n{out}")
    _, g, c, tg, tc = runs[-1]
    return int(g), int(c), float(tg), float(tc)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--n", type=int, default=1 << 22, help="iterations of the simulated loop")
    ap.add_argument("--runs", type=int, default=5, help="runs of the split loop with the share from history")
    ap.add_argument("--gpu-speedup", type=float, default=5.0,
                    help="the GPU's speed per iteration over all the preset host's cores together")
    ap.add_argument("--presets", default="h100-node,mirage")
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    work = os.path.join(build, "bench", "split")
    os.makedirs(work, exist_ok=True)
    hccsim = os.path.join(build, "bin", "hccsim")
    exe = {}
    for mode in ("instrument", "simulate"):
        exe[mode] = os.path.join(work, f"polynomial-{mode}")
        log(f"split: building {os.path.basename(exe[mode])}")
        run([hccsim, f"-f{mode}", "-O2", SOURCE, "-o", exe[mode]], {})

    # 1. The CPU side's model, measured here.
    models = os.path.join(work, "models")
    shutil.rmtree(models, ignore_errors=True)
    os.makedirs(models)
    records = []
    for i, n in enumerate((1 << 18, 1 << 19, 1 << 20)):
        rec = os.path.join(work, f"records-{i}.csv")
        log(f"split: instrumented run, n={n}")
        run([exe["instrument"], str(n), "3"], {"HCC_MODEL_DIR": models, "HCC_RECORDS": rec, "HCC_WORKERS": "2"})
        records.append(rec)
    run([os.path.join(build, "models", "hcc-calibrate"), "-q", "--model-dir", models, "--kernel", "split:poly",
         "--terms", "iterations", *records], {})
    for f in os.listdir(models):  # the runtime's costs on this machine's CPU are not the presets'
        if f.startswith("hcc."):
            os.remove(os.path.join(models, f))
    with open(os.path.join(models, "split_poly.cpu.json")) as f:
        cpu_model = json.load(f)
    fit = cpu_model["regression"]
    per_iteration = dict(zip(fit["terms"], fit["coef"])).get("iterations")
    if not per_iteration or per_iteration <= 0:
        sys.exit(f"split: the CPU model has no positive iterations term: {fit}")
    log(f"split: CPU model {per_iteration * 1e9:.2f} ns per iteration per core")

    # 2. Simulations on each preset.
    figures_ratio, figures_balance = [], []
    print(f"{'preset':<10} {'T_cpu s':>10} {'T_gpu s':>10} {'ideal s':>10} {'split s':>10} {'ratio':>7} "
          f"{'apart %':>8} {'GPU share':>10}")
    for preset in args.presets.split(","):
        cores = CORES.get(preset)
        if not cores:
            sys.exit(f"split: unknown preset {preset} (expected one of {', '.join(CORES)})")
        gpu_models = os.path.join(work, f"models-{preset}")
        shutil.rmtree(gpu_models, ignore_errors=True)
        shutil.copytree(models, gpu_models)
        gpu_slope = per_iteration / cores / args.gpu_speedup
        with open(os.path.join(gpu_models, "split_poly.cuda.json"), "w") as f:
            json.dump({"schema_version": 1, "kernel": "split:poly", "arch": "cuda",
                       "regression": {"terms": ["1", "iterations"], "coef": [10e-6, gpu_slope],
                                      "ci_low": [10e-6, gpu_slope], "ci_high": [10e-6, gpu_slope],
                                      "r2": 1, "adj_r2": 1, "cv_rmse": 0, "n": 1}, "entries": []}, f)
        env = {"HCC_PLATFORM": preset, "HCC_MODEL_DIR": gpu_models, "HCC_SIM_BURSTS": "off"}
        _, _, _, t_cpu = last_run(run([exe["simulate"], str(args.n), "1"], dict(env, HCC_SPLIT="cpu")))
        _, _, t_gpu, _ = last_run(run([exe["simulate"], str(args.n), "1"], dict(env, HCC_SPLIT="gpu")))
        g, c, tg, tc = last_run(run([exe["simulate"], str(args.n), str(args.runs)], env))
        ideal = 1 / (1 / t_cpu + 1 / t_gpu)
        split = max(tg, tc)
        apart = abs(tg - tc) / split * 100
        figures_ratio.append(split / ideal)
        figures_balance.append(apart)
        print(f"{preset:<10} {t_cpu:>10.6f} {t_gpu:>10.6f} {ideal:>10.6f} {split:>10.6f} {split / ideal:>7.4f} "
              f"{apart:>8.2f} {g / (g + c):>10.4f}")
        if split >= min(t_cpu, t_gpu):
            log(f"split: on {preset} the split loop ({split:.6f} s) is not faster than the better single side")
    print(f"figure split_vs_ideal_ratio = {max(figures_ratio):.4f}")
    print(f"figure split_balance_pct = {max(figures_balance):.2f}")


if __name__ == "__main__":
    main()
