#!/usr/bin/env python3
"""Memory and kernel models of the multifrontal example, in one command.

  python3 bench/multifrontal.py --build-dir build

Builds examples/multifrontal/multifrontal.c with the hccsim driver three times
(-fnative, -finstrument, -fsimulate) into <build>/bench/multifrontal/, then:

1. Runs every input once natively (a warm-up, not counted: the first touch
   of memory on a freshly booted virtual machine is slow), then runs,
   interleaved round by round (the machine's speed drifts): the
   instrumented runs of the calibration inputs A (--inputs-a, --calib-runs
   each, default 10, spread evenly over the rounds) and the native runs
   (--native-runs, default 5) of the memory input M (--memory-input), of the
   other A inputs (for their self-prediction, not part of the figures) and of
   the inputs B (--inputs-b: other grid shapes, dimensions and seeds, so
   other trees and front sizes). All inputs are task graphs of 0.8-1.3 s
   natively on the VM of 2026-11-24 (0.35-0.85 s on a faster one): there
   the spans of shorter ones spread more from run to run than the 5 % being
   checked (760x680, 0.43 s: 0.485-0.594 s in six runs, while 1100x1000 in
   the same minutes spread 1.228-1.338 s). Since the example's matrix no
   longer makes subnormal numbers in 2-D fronts (2026-12-07), its 2-D
   factorizations take about half that: 0.64 s for 1000x900, 0.84 s for
   1100x1000, the 3-D ones 0.42-0.94 s. A native or instrumented run made
   while the machine ran slower than usual is made again, three times at
   most (bench/machine_state.py).
2. Models (hcc-calibrate): by default (--fit mean) the terms are selected on
   each task's median time (kernel CPU time, records column cpu) over its
   input's calibration runs and their coefficients fitted on each task's
   mean time; three variants:
     history   the instrumented runs' model files alone (one mean per kernel:
               the tasks depend on one-byte tokens, so every task of a kernel
               has the same footprint)
     naive     one-parameter regressions, NB^3, for panel and update (a
               dense-tile model), the selected terms for the other kernels
     selected  hcc-calibrate's selected terms for every kernel (panel over
               MB, NB; update over MB, NB, BK; activate over M, NPIV,
               FZ, CBZ, NZ; assemble over MB, NB)
3. Memory (seed 003 Fig. 10): one simulated run of M on the --platform
   (default laptop, the 2-core preset) with the selected models. Every run
   writes its memory curve (HCC_MEMORY_CSV): the fronts allocated by the
   activate tasks (#pragma hcc task alloc) and the contribution blocks freed
   by the deactivate tasks (free). The simulated peak_mem is compared with
   the median native one, and the curves of the median native run and of the
   simulation are drawn side by side with rt/tools/hcc-plot memory --compare
   (<build>/bench/multifrontal/memory.png). The simulated curve also counts
   the program's own heap, which a native build does not (docs/traces.md):
   12.35 MiB for 44x44x44, 2.87 % of its peak. And the peak comes from a race
   at the top of the tree: natively the 48.76 MiB front is activated after
   two contribution blocks are freed (430.32 MiB) or just before (461.53, 2
   of 10 runs on 2026-12-07); a simulation calls it one way for a set of
   models.
4. Generality (seed 001 Fig. 7, seed 003 §V): each B input simulated with
   each variant, against the median of its native runs; the A inputs are
   simulated with the selected models too (self-prediction). The compared
   quantity is the factorization's time as the program prints it
   (EXAMPLE_TIME=1: its own clock around the parallel region that creates
   and runs the tasks, simulated time in a simulation): the summary
   makespan also counts the sequential set-up main runs before it (the
   symbolic phase and the touching of the fronts' heap: 0.1-0.3 s here,
   seconds when the host is slow to back the VM's memory), whose speed is
   not what the models are checked on. Both are printed for the native
   runs.

An input is SHAPE[:SEED] (SHAPE as multifrontal-omp takes it: NXxNY or
NXxNYxNZ); NB and LEAF are --nb and --leaf for all of them.

Prints the tables, then
  figure multifrontal_peak_mem_error_pct = <|sim - median native| / median native peak_mem>
  figure multifrontal_model_error_pct = <max over the B inputs, selected models, task-graph span>
Progress goes to stderr. Run it on an otherwise idle machine: the native
medians are only as steady as the machine.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from m2l_models import copy_runtime_costs, merge_repeated, typical_runs, write_records  # noqa: E402
from machine_state import SpeedCheck  # noqa: E402

SUMMARY = re.compile(r"^hccsim: mode=(\w+) makespan=([0-9.]+) tasks=(\d+) workers=(\d+) peak_mem=(\d+)(?: bursts=\S+)?$", re.M)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "examples", "multifrontal", "multifrontal.c")
PLOT = os.path.join(ROOT, "rt", "tools", "hcc-plot")


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run(cmd, env=None, what=None):
    p = subprocess.run(cmd, env=dict(os.environ, **(env or {})), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode != 0:
        sys.exit(f"multifrontal: {what or ' '.join(cmd)} failed (exit {p.returncode}):\n{p.stdout}{p.stderr}")
    return p


class Program:
    """One multifrontal binary and the runs made with it."""

    def __init__(self, path, mode, args):
        self.path, self.mode, self.args = path, mode, args
        self.count = 0

    def run(self, inp, env, label):
        shape, seed = inp
        cmd = [self.path, shape, str(self.args.nb), seed, str(self.args.leaf)]
        Program.done += 1
        log(f"[{Program.done}/{Program.total}] {label}: {' '.join(os.path.basename(c) for c in cmd)}")
        env = dict(env, HCC_WORKERS=str(self.args.workers), EXAMPLE_TIME="1")
        if self.args.sched:
            env["HCC_SCHED"] = self.args.sched
        if self.mode == "simulate" or Program.speed is None:
            p = run(cmd, env)
        else:  # a native or instrumented run, only at the machine's usual speed
            p = Program.speed.run(lambda: run(cmd, env))
        out = p.stdout.strip()
        want = "simulated" if self.mode == "simulate" else " ok"
        if not out.endswith(want):
            sys.exit(f"multifrontal: {' '.join(cmd)}: unexpected output {out!r}")
        m = SUMMARY.search(p.stderr)
        if not m:
            sys.exit(f"multifrontal: {' '.join(cmd)}: no hccsim summary line in\n{p.stderr}")
        res = {"makespan": float(m.group(2)), "tasks": int(m.group(3)), "peak_mem": int(m.group(5)), "line": out}
        # The task graph's span as the program's clock says (EXAMPLE_TIME).
        factorization = re.search(r"^multifrontal: factorization seconds=([0-9.]+)$", p.stderr, re.M)
        if not factorization:
            sys.exit(f"multifrontal: {' '.join(cmd)}: no factorization time in\n{p.stderr}")
        res["span"] = float(factorization.group(1))
        return res


Program.done, Program.total, Program.speed = 0, 0, None


def parse_input(text):
    shape, _, seed = text.partition(":")
    if not re.fullmatch(r"\d+x\d+(x\d+)?", shape) or (seed and not seed.isdigit()):
        sys.exit(f"multifrontal: bad input {text!r} (expected SHAPE[:SEED], e.g. 28x28x28:1)")
    return (shape, seed or "1")


def name(inp):
    return f"{inp[0]}:{inp[1]}"


def error_pct(simulated, native):
    return abs(simulated - native) / native * 100


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--hccsim", help="the driver (default <build>/bin/hccsim)")
    ap.add_argument("--memory-input", default="44x44x44:1", help="input of the memory part (also an A input)")
    ap.add_argument("--inputs-a", default="44x44x44:1,1000x900:2", help="calibration inputs, comma-separated")
    ap.add_argument("--inputs-b", default="52x40x36:7,48x48x48:3,1100x1000:5", help="predicted inputs")
    ap.add_argument("--nb", type=int, default=96)
    ap.add_argument("--leaf", type=int, default=125)
    ap.add_argument("--fit", choices=["mean", "median", "raw"], default="mean",
                    help="what the regressions are fitted on: terms selected on each task's median time over its "
                         "input's calibration runs and coefficients fitted on the means (default), both on the "
                         "medians, or one plain hcc-calibrate over every record")
    ap.add_argument("--native-runs", type=int, default=5)
    ap.add_argument("--calib-runs", type=int, default=10,
                    help="instrumented runs per A input, spread evenly over the rounds of native runs")
    ap.add_argument("--activate-terms", default="FZ, CBZ, NZ",
                    help="terms of activate's model, from its work (entries zeroed in F and in CB, entries of A "
                         "added; seed 003 §V); empty: selected like the other kernels")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sched", help="HCC_SCHED (default: the runtime's default)")
    ap.add_argument("--platform", default="laptop")
    args = ap.parse_args()
    if args.native_runs < 1 or args.calib_runs < 1:
        sys.exit("multifrontal: --native-runs and --calib-runs must be at least 1 (the medians and models need runs)")

    build = os.path.abspath(args.build_dir)
    hccsim = args.hccsim or os.path.join(build, "bin", "hccsim")
    calibrate = os.path.join(build, "models", "hcc-calibrate")
    for exe in (hccsim, calibrate):
        if not os.access(exe, os.X_OK):
            sys.exit(f"multifrontal: {exe} is missing: build the project first")
    work = os.path.join(build, "bench", "multifrontal")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)

    mem_input = parse_input(args.memory_input)
    inputs_a = [parse_input(x) for x in args.inputs_a.split(",") if x]
    if mem_input not in inputs_a:
        inputs_a.insert(0, mem_input)
    inputs_b = [parse_input(x) for x in args.inputs_b.split(",") if x]

    # Its tasks run 10-40 ms: a cache line's move between the CPUs (50-200
    # ns) is lost in them, so the CPUs' distance is not checked.
    Program.speed = SpeedCheck(work, log=log, line_tolerance=float("inf"))

    # builds
    progs = {}
    for flag, mode in (("-fnative", "native"), ("-finstrument", "instrument"), ("-fsimulate", "simulate")):
        exe = os.path.join(work, f"multifrontal-{mode}")
        log(f"building {os.path.basename(exe)} ({flag})")
        run([hccsim, flag, "-O2", "-std=c11", "-ffp-contract=off", SOURCE, "-llapacke", "-lopenblas", "-lm",
             "-o", exe])
        progs[mode] = Program(exe, mode, args)

    variants = ["history", "naive", "selected"]
    # native runs besides the memory input's: the other A inputs (their
    # self-prediction) and the B inputs
    other_natives = {inp: [] for inp in inputs_a + inputs_b if inp != mem_input}
    Program.total = (len(set(inputs_a + inputs_b)) + len(inputs_a) * args.calib_runs
                     + (1 + len(other_natives)) * args.native_runs
                     + 1 + len(inputs_b) * len(variants) + (len(inputs_a) - 1))

    # 0. A warm-up: one native run of every input, not counted. On a fresh
    # virtual machine the first touch of guest memory is slow (the host backs
    # it then), and activate, which allocates and zeroes the fronts, took 2-3
    # times longer in the first runs after boot than later.
    for inp in dict.fromkeys(inputs_a + inputs_b):
        progs["native"].run(inp, {}, f"warm-up {name(inp)}")

    # 1. Calibration runs of the A inputs and native runs of every input,
    # interleaved round by round: the machine's speed drifts (a shared VM),
    # and this way the drift hits them all alike.
    inst_models = os.path.join(work, "models-instrumented")
    records = []
    natives_mem, native_mem_csvs = [], []
    rounds = args.native_runs
    calib_done = 0
    for r in range(rounds):
        # the calibration runs spread evenly over the rounds (several per
        # round when --calib-runs exceeds --native-runs)
        for _ in range(args.calib_runs * (r + 1) // rounds - calib_done):
            for inp in inputs_a:
                rec = os.path.join(work, f"records-{inp[0]}-{inp[1]}-{calib_done}.csv")
                records.append(rec)
                # Every task in every run's records (merge_repeated takes each
                # task's time over the runs): no sampling of fine-grained kernels.
                progs["instrument"].run(inp, {"HCC_MODEL_DIR": inst_models, "HCC_RECORDS": rec,
                                              "HCC_INSTRUMENT_SAMPLING": "all"}, f"instrumented {name(inp)}")
            calib_done += 1
        csv = os.path.join(work, f"memory-native-{r}.csv")
        natives_mem.append(progs["native"].run(mem_input, {"HCC_MEMORY_CSV": csv}, f"native {name(mem_input)}"))
        native_mem_csvs.append(csv)
        for inp, runs in other_natives.items():
            runs.append(progs["native"].run(inp, {}, f"native {name(inp)}"))

    # 2. The model variants. A given input submits the same tasks in the same
    # order in every run, so each task has one time per calibration run. The
    # times are kernel CPU times, without preemptions, which the simulation
    # models (cores shared with the submitting thread). Terms are selected on
    # each task's median over the runs, which an odd slow run does not move;
    # coefficients are fitted on each task's mean (--fit mean, the default):
    # a native run's span holds the sum of its kernels' times, slow moments
    # included, and the medians of small tasks' skewed times fell 4-8 %
    # short of that sum (2-D inputs; with them the 3-D inputs were predicted
    # 2-6 % short, with the means 2 % short to 2 % long). --fit median fits
    # on the medians too, --fit raw is one hcc-calibrate over every record.
    dirs = {v: os.path.join(work, f"models-{v}") for v in variants}
    shutil.copytree(inst_models, dirs["history"])
    medians = fit_records = records
    if args.fit != "raw" and args.calib_runs > 1:
        per_input = {i: [r for r in records if os.path.basename(r).startswith(f"records-{i[0]}-{i[1]}-")]
                     for i in inputs_a}

        def merged(paths, name, agg):
            fields, rows = merge_repeated(paths, None, agg)
            write_records(name, fields, rows)
            return name

        medians = fit_records = [merged(per_input[i], os.path.join(work, f"records-{i[0]}-{i[1]}-median.csv"),
                                        statistics.median) for i in inputs_a]
        if args.fit == "mean":
            fit_records = [merged(typical_runs(per_input[i]), os.path.join(work, f"records-{i[0]}-{i[1]}-mean.csv"),
                                  statistics.mean) for i in inputs_a]
    log("hcc-calibrate: term selection")
    sel = run([calibrate, "--model-dir", os.path.join(work, "models-selection"),
               "--report", os.path.join(work, "selected.html"), "--emit-c", os.path.join(work, "selected-models.c")]
              + medians)
    selected_terms = {}  # kernel -> its terms, "" for the kernels without a regression (a mean)
    for line in sel.stdout.splitlines():
        m = re.match(r"^([^/]+)/cpu: .*?; (?:terms 1((?: \+ [^,]+)*), adj|no regression)", line)
        if m:
            selected_terms[m.group(1)] = (m.group(2) or "")[3:].replace(" + ", ", ")
    if args.activate_terms and "activate" in selected_terms:
        selected_terms["activate"] = args.activate_terms
    copy_runtime_costs(inst_models, dirs["selected"])
    sel_lines = []
    for kernel, terms in sorted(selected_terms.items()):
        log(f"hcc-calibrate: {kernel} ({terms or 'mean'}) on the per-task {args.fit} times")
        p = run([calibrate, "--model-dir", dirs["selected"], "--kernel", kernel, "--terms", terms] + fit_records)
        sel_lines += [l for l in p.stdout.splitlines() if l.strip() and not l.startswith("merged")]
    shutil.copytree(dirs["selected"], dirs["naive"])
    naive_lines = []
    for kernel in ("panel", "update"):
        log(f"hcc-calibrate: naive {kernel} (NB^3)")
        p = run([calibrate, "--model-dir", dirs["naive"], "--kernel", kernel, "--terms", "NB^3"] + fit_records)
        naive_lines += [l for l in p.stdout.splitlines() if l.strip() and not l.startswith("merged")]

    # 3. memory: one simulation of the memory input
    sim_csv = os.path.join(work, "memory-simulated.csv")
    sim_env = {"HCC_PLATFORM": args.platform, "HCC_MODEL_DIR": dirs["selected"]}
    sim_mem = progs["simulate"].run(mem_input, dict(sim_env, HCC_MEMORY_CSV=sim_csv),
                                    f"simulated {name(mem_input)} (selected models)")
    peaks = [r["peak_mem"] for r in natives_mem]
    median_peak = statistics.median(peaks)
    mid = sorted(range(len(peaks)), key=lambda i: peaks[i])[len(peaks) // 2]
    peak_err = error_pct(sim_mem["peak_mem"], median_peak)
    png = os.path.join(work, "memory.png")
    p = subprocess.run([PLOT, "memory", "--compare", native_mem_csvs[mid], sim_csv,
                        "--labels", f"native {name(mem_input)},simulated ({args.platform})", "-o", png],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:  # e.g. no python3-matplotlib for /usr/bin/python3
        log(f"hcc-plot failed (no picture):\n{p.stdout}")
        png = None

    # 4. generality: the B inputs simulated with each variant
    predictions = {}  # (input, variant) -> simulated run
    natives = {mem_input: natives_mem, **other_natives}
    for inp in inputs_b:
        for v in variants:
            predictions[(inp, v)] = progs["simulate"].run(
                inp, dict(sim_env, HCC_MODEL_DIR=dirs[v]), f"simulated {name(inp)} ({v} models)")
    predictions[(mem_input, "selected")] = sim_mem
    for inp in inputs_a:
        if inp == mem_input:
            continue
        predictions[(inp, "selected")] = progs["simulate"].run(
            inp, sim_env, f"simulated {name(inp)} (selected models)")

    # report
    print(f"multifrontal: NB={args.nb} LEAF={args.leaf}, {args.workers} workers, "
          f"platform {args.platform}, scheduler {args.sched or 'default'}, models fitted on: {args.fit}")
    print()
    print(f"memory, input {name(mem_input)} ({sim_mem['line'].replace(' simulated', '')})")
    print("native peak_mem MiB: " + " ".join(f"{p / 2**20:.2f}" for p in peaks) +
          f"   median {median_peak / 2**20:.2f}")
    print(f"simulated peak_mem MiB: {sim_mem['peak_mem'] / 2**20:.2f}, error {peak_err:.2f} %")
    print(f"memory curves: {png or 'not drawn'}")
    print()
    print("kernel models (hcc-calibrate on the records of the A inputs: " +
          ", ".join(name(i) for i in inputs_a) + ")")
    for line in sel_lines:
        print("  selected: " + line)
    for line in naive_lines:
        print("  naive:    " + line)
    print()
    print(f"task-graph spans, the factorization's time as the program prints it (native: median of "
          f"{args.native_runs} runs; simulated on {args.platform})")
    print(f"{'input':<14} {'set':<3} {'native s':>9} " + " ".join(f"{v + ' s':>10} {'err %':>7}" for v in variants))
    worst = 0.0
    for inp, kind in [(i, "A") for i in inputs_a] + [(i, "B") for i in inputs_b]:
        med = statistics.median(r["span"] for r in natives[inp]) if natives.get(inp) else None
        cells = []
        for v in variants:
            pred = predictions.get((inp, v))
            if pred is None:
                cells.append(f"{'-':>10} {'-':>7}")
            elif med is None:
                cells.append(f"{pred['span']:>10.4f} {'-':>7}")
            else:
                err = error_pct(pred["span"], med)
                if kind == "B" and v == "selected":
                    worst = max(worst, err)
                cells.append(f"{pred['span']:>10.4f} {err:>7.2f}")
        print(f"{name(inp):<14} {kind:<3} {(f'{med:.4f}' if med else '-'):>9} " + " ".join(cells))
    print("native runs (task-graph span / summary makespan, s):")
    for inp in inputs_a + inputs_b:
        print(f"  {name(inp):<14} " + "  ".join(f"{r['span']:.4f}/{r['makespan']:.4f}" for r in natives[inp]))
    print()
    print(Program.speed.summary())
    print()
    print(f"figure multifrontal_peak_mem_error_pct = {peak_err:.2f}")
    print(f"figure multifrontal_model_error_pct = {worst:.2f}")


if __name__ == "__main__":
    main()
