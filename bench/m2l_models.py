#!/usr/bin/env python3
"""Models of the FMM's M2L task: direct parameters against the indirect one.

  python3 bench/m2l_models.py --build-dir build

Seed paper 001 §3.4 and Figures 5-6: the duration of an M2L task of the
grouped-octree FMM is explained poorly by its direct parameters (the tree
level, the number of cells in the group, the size of the group's Morton
interval) and well once the indirect parameter "number of interactions" is
added. examples/fmm/fmm.c gives each M2L task these four parameters
(#pragma hcc params(level, cells, interval, nint)).

1. Builds examples/fmm/fmm.c with `hccsim -finstrument -O2` into
   <build>/bench/m2l-models/.
2. Runs it on several inputs (uniform cube and ellipsoid surface, several N,
   tree heights H and group sizes G: --inputs), each --reps times (default 5)
   (HCC_WORKERS=--workers, HCC_RECORDS, HCC_MODEL_DIR in the work folder).
   Every run must print its `ok` line and gets a model directory of its own.
3. Per input, each M2L task's duration is the shortest of its repetitions
   (tasks are submitted in the same order with the same parameters in every
   run, so the record ids match): on a shared machine a task is now and then
   preempted for a whole time slice (10-20 ms against tasks of 0.01-0.2 ms;
   with other compilations running, in 2 of 3 runs for some tasks), which
   only ever adds time, and a single such outlier dominates a least-squares
   fit.
4. Calibrates twice with hcc-calibrate --kernel m2l (term selection, no
   --terms): on the records with the `nint` parameter removed (hcc-calibrate
   selects among the parameters every record has, so this restricts it to the
   direct parameters level, cells, interval), and on the full records. Writes
   the HTML reports (residual and Q-Q plots) next to the records.

Prints the chosen terms and adjusted R^2 of both, then
  figure m2l_adjusted_r2_direct = <adj R^2, direct parameters only>
  figure m2l_adjusted_r2_indirect = <adj R^2, with nint>
Progress goes to stderr.
"""
import argparse
import csv
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FMM_SRC = os.path.join(REPO, "examples", "fmm", "fmm.c")
OPTS = ["-O2", "-std=c11", "-ffp-contract=off"]
SUMMARY = re.compile(r"^hccsim: mode=(\w+) makespan=([0-9.e+-]+) tasks=(\d+) workers=(\d+) peak_mem=(\d+)(?: bursts=\S+)?$", re.M)
CALIB_LINE = re.compile(r"^(\S+)/cpu: (\d+) observations.*?; (?:terms (.*?), adj R\^2 ([-0-9.e+]+), CV RMSE ([0-9.e+-]+) s|no regression.*)$", re.M)


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def parse_inputs(text):
    """'cube:100000:5:32,ellipsoid:...' -> [(dist, N, H, G)]"""
    out = []
    for item in text.split(","):
        dist, n, h, g = item.strip().split(":")
        if dist not in ("cube", "ellipsoid"):
            sys.exit(f"bad input {item!r}: the distribution is cube or ellipsoid")
        out.append((dist, int(n), int(h), int(g)))
    return out


def input_name(inp):
    return f"{inp[0]}-N{inp[1]}-H{inp[2]}-G{inp[3]}"


def build_fmm(build, mode, out):
    hccsim = os.path.join(build, "bin", "hccsim")
    if not os.access(hccsim, os.X_OK):
        sys.exit(f"{hccsim} is missing: build the project first")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    log(f"building {os.path.basename(out)} (hccsim -f{mode})")
    cmd = [hccsim, f"-f{mode}"] + OPTS + [FMM_SRC, "-lm", "-o", out]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed:\n{p.stdout}")
    return out


def run_fmm(exe, inp, env, expect="ok"):
    """Runs fmm on one input; returns (stdout line, stderr, summary makespan)."""
    full_env = dict(os.environ)
    for k in [k for k in full_env if k.startswith("HCC_")]:
        del full_env[k]
    full_env.update(env)
    cmd = [exe, inp[0], str(inp[1]), str(inp[2]), str(inp[3])]
    p = subprocess.run(cmd, env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    m = SUMMARY.search(p.stderr)
    if p.returncode != 0 or not m or not p.stdout.strip().endswith(expect):
        sys.exit(f"{' '.join(cmd)} failed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
    return p.stdout.strip(), p.stderr, float(m.group(2))


def task_span(path):
    """Seconds from the first task's start to the last task's end in a records
    CSV: the task part of a run, measured alike on the native clock and on the
    simulated one (the sequential set-up before the first task and the control
    code between submissions are not in it, nor the rows of the program's own
    code that a simulation records: its CPU bursts from the program's start)."""
    start, end = float("inf"), float("-inf")
    for r in task_rows(path):
        start, end = min(start, float(r["start"])), max(end, float(r["end"]))
    return end - start


def read_records(path):
    with open(path, newline="") as f:
        r = csv.DictReader(f)
        return r.fieldnames, list(r)


def task_rows(path):
    """The task rows of a records CSV, read as they come: an instrumented run
    also records its worksharing loops' chunks (id 0), millions of them in
    an FMM run (885 MB of records), which these figures do not use."""
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            if row["id"] != "0":
                yield row


def merge_repeated(paths, kernels=None, agg=min):
    """The task records of the first file, each task's duration (and kernel
    CPU time, the cpu column that hcc-calibrate fits when present) replaced
    by agg (min, statistics.median or mean) of that task's values over all
    files (same id, kernel and params)."""
    with open(paths[0], newline="") as f:
        fields = csv.DictReader(f).fieldnames
    times = [c for c in ("duration", "cpu") if c in fields]
    samples = {}
    for path in paths:
        for row in task_rows(path):
            if not kernels or row["kernel"] in kernels:
                samples.setdefault(row["id"], []).append(row)
    out = []
    for row in task_rows(paths[0]):
        if kernels and row["kernel"] not in kernels:
            continue
        runs = samples[row["id"]]
        if len(runs) != len(paths) or any((r["kernel"], r["params"]) != (row["kernel"], row["params"]) for r in runs):
            sys.exit(f"task {row['id']} differs between the repeated runs {paths}")
        row = dict(row)
        for column in times:
            if row[column]:
                row[column] = "%.9f" % agg([float(r[column]) for r in runs])
        out.append(row)
    return fields, out


def typical_runs(paths, tolerance=0.1):
    """The runs of one input whose kernels' total time (cpu column, else
    duration) lies within tolerance of the median run's: a run slowed as a
    whole (this VM has such stretches, not always caught by
    bench/machine_state.py) is left out of per-task means."""
    def total(path):
        return sum(float(r.get("cpu") or r["duration"]) for r in task_rows(path))
    totals = {p: total(p) for p in paths}
    mid = statistics.median(totals.values())
    return [p for p in paths if abs(totals[p] / mid - 1) <= tolerance] or paths


def copy_runtime_costs(src, dst):
    """Copies the runtime's own costs that instrumented runs measured into the
    model directory src (the reserved kernel names hcc.*: hcc.submit,
    hcc.task, hcc.wakeup; docs/model-files.md) into the model directory dst."""
    os.makedirs(dst, exist_ok=True)
    for path in glob.glob(os.path.join(src, "hcc.*.json")):
        shutil.copy(path, dst)


def write_records(path, fields, rows, drop_params=()):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        for row in rows:
            if drop_params:
                row = dict(row)
                row["params"] = ";".join(kv for kv in row["params"].split(";") if kv.split("=")[0] not in drop_params)
            w.writerow(row)


def calibrate(build, records, model_dir, kernel=None, terms=None, report=None, min_gain=None):
    """Runs hcc-calibrate; returns {kernel: (terms, adj_r2, cv_rmse, n)}."""
    tool = os.path.join(build, "models", "hcc-calibrate")
    if not os.access(tool, os.X_OK):
        sys.exit(f"{tool} is missing: build the project first")
    cmd = [tool, "--model-dir", model_dir]
    if kernel:
        cmd += ["--kernel", kernel]
    if terms is not None:
        cmd += ["--terms", terms]
    if report:
        cmd += ["--report", report]
    if min_gain is not None:
        cmd += ["--min-gain", str(min_gain)]
    cmd += records if isinstance(records, list) else [records]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
    fits = {}
    for m in CALIB_LINE.finditer(p.stdout):
        fits[m.group(1)] = (m.group(3), float(m.group(4)) if m.group(4) else float("nan"),
                            float(m.group(5)) if m.group(5) else float("nan"), int(m.group(2)))
    return fits


def gather(work, exe, inputs, reps, workers, kernels, agg=min):
    """Instrumented runs of every input, reps times each; returns the paths of
    the per-input merged records (agg over the repetitions of each task)."""
    merged = []
    total, done = len(inputs) * reps, 0
    for inp in inputs:
        name = input_name(inp)
        paths = []
        for r in range(reps):
            done += 1
            log(f"[{done}/{total}] {name} instrumented, run {r + 1}")
            rec = os.path.join(work, f"{name}.run{r}.csv")
            # Every task recorded in every run (merge_repeated takes each task's
            # time over the runs): no sampling of fine-grained kernels.
            line, _, _ = run_fmm(exe, inp, {"HCC_MODE": "instrument", "HCC_WORKERS": str(workers),
                                            "HCC_RECORDS": rec, "HCC_MODEL_DIR": rec[:-4] + "-models",
                                            "HCC_INSTRUMENT_SAMPLING": "all"})
            if r == 0:
                log("  " + line)
            paths.append(rec)
        fields, rows = merge_repeated(paths, kernels, agg)
        out = os.path.join(work, f"{name}.merged.csv")
        write_records(out, fields, rows)
        merged.append(out)
    return merged


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--inputs", default="cube:50000:4:16,cube:100000:5:64,cube:200000:5:128,"
                    "ellipsoid:100000:6:32,ellipsoid:200000:7:64,ellipsoid:300000:7:128",
                    help="dist:N:H:G,... (default: %(default)s)")
    ap.add_argument("--reps", type=int, default=5, help="instrumented runs per input (fastest per task)")
    ap.add_argument("--workers", type=int, default=1, help="HCC_WORKERS of the instrumented runs")
    ap.add_argument("--work-dir", help="where binaries, records, models and reports go "
                    "(default: <build>/bench/m2l-models; emptied first)")
    args = ap.parse_args()

    build = os.path.abspath(args.build_dir)
    work = os.path.abspath(args.work_dir or os.path.join(build, "bench", "m2l-models"))
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    exe = build_fmm(build, "instrument", os.path.join(work, "fmm-instrument"))
    inputs = parse_inputs(args.inputs)
    merged = gather(work, exe, inputs, args.reps, args.workers, {"m2l"}, min)

    fields, rows = read_records(merged[0])
    for path in merged[1:]:
        rows += read_records(path)[1]
    full = os.path.join(work, "m2l.csv")
    direct = os.path.join(work, "m2l-direct.csv")
    write_records(full, fields, rows)
    write_records(direct, fields, rows, drop_params=("nint",))
    log("calibrating: direct parameters, then with nint")
    fit_d = calibrate(build, direct, os.path.join(work, "models-direct"), "m2l",
                      report=os.path.join(work, "m2l-direct.html"))["m2l"]
    fit_i = calibrate(build, full, os.path.join(work, "models-indirect"), "m2l",
                      report=os.path.join(work, "m2l-indirect.html"))["m2l"]

    print(f"M2L tasks: {len(rows)} (fastest of {args.reps} runs each, HCC_WORKERS={args.workers}), inputs: "
          + ", ".join(input_name(i) for i in inputs))
    print(f"{'model':<34} {'terms':<44} {'adj R^2':>9} {'CV RMSE s':>11}")
    print(f"{'direct (level, cells, interval)':<34} {fit_d[0]:<44} {fit_d[1]:>9.4f} {fit_d[2]:>11.3g}")
    print(f"{'with indirect nint':<34} {fit_i[0]:<44} {fit_i[1]:>9.4f} {fit_i[2]:>11.3g}")
    print(f"reports: {os.path.join(work, 'm2l-direct.html')}, {os.path.join(work, 'm2l-indirect.html')}")
    print()
    print(f"figure m2l_adjusted_r2_direct = {fit_d[1]:.4f}")
    print(f"figure m2l_adjusted_r2_indirect = {fit_i[1]:.4f}")


if __name__ == "__main__":
    main()
