#!/usr/bin/env python3
"""One program of the OpenMP conformance suite (test/lit/omp/).

The program is built with clang-19 -fopenmp (libomp) and with
`hccsim -fnative`; both builds run with 1, 2 and 4 threads
(OMP_NUM_THREADS) and must print the same standard output and exit with 0.
Its native build is also run once instrumented (HCC_MODE=instrument) to
calibrate its kernel models, and it is built with `hccsim -fsimulate`, run
twice on those models: both simulated runs must end with the summary line
and count as many tasks as the instrumented run (the bodies that create
tasks ran), and their summary lines and task records (HCC_RECORDS) must be
byte-identical. Their standard output is not compared: a simulation does
not run the bodies of tasks that create or wait for none, so what a program
prints of their results is whatever its memory held.

A line `// EXTRA: Inputs/file.c` in the program names another source (with
no main) compiled and linked with it; a line `// ENV: NAME=value` sets an
environment variable for every run (OMP_CANCELLATION=true, OMP_SCHEDULE); a line `// NATIVE-ONLY: reason` leaves
out its simulated builds and runs (threads of the program's own: simulated
programs run theirs as actors of one system thread); a line
`// TASKS-VARY: reason` leaves out the comparison of task counts (a
cancelled taskgroup discards the tasks that had not started, which depends
on time: the run's or the simulated one). bench/omp_conformance.py runs every
program through check() for the suite's figures.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

THREADS = (1, 2, 4)
TIMEOUT = 60
SUMMARY = re.compile(r'^hccsim: mode=simulate makespan=\S+ tasks=(\d+) workers=\d+ peak_mem=\d+ bursts=\S+$', re.M)
INSTRUMENTED = re.compile(r'^hccsim: mode=instrument .*\btasks=(\d+)\b', re.M)


def sources(src):
    """The program and its EXTRA sources."""
    extra = []
    with open(src, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'\s*//\s*EXTRA:\s*(\S+)', line)
            if m:
                extra.append(os.path.join(os.path.dirname(src), m.group(1)))
    return [src] + extra


def program_env(src):
    """The variables the program's ENV lines set."""
    with open(src, encoding='utf-8') as f:
        return dict(re.findall(r'^\s*//\s*ENV:\s*(\w+)=(\S*)', f.read(), re.M))


def run(cmd, env=None, cwd=None):
    # errors='replace': a simulation that replays task bodies from their models
    # prints what they would have computed as the memory held it (any byte).
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors='replace', timeout=TIMEOUT, env=env, cwd=cwd)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or '')
        return 'timeout', out, ''


def check(src, hccsim, work, threads=THREADS, simulate=True):
    """The failures of one program, as lines; empty when it passes."""
    srcs = sources(src)
    with open(src, encoding='utf-8') as f:
        text = f.read()
    if re.search(r'^\s*//\s*NATIVE-ONLY:', text, re.M):
        simulate = False
    tasks_vary = re.search(r'^\s*//\s*TASKS-VARY:', text, re.M) is not None
    cxx = src.endswith('.cpp')
    std = ['-std=c++17'] if cxx else []
    clang = 'clang++-19' if cxx else 'clang-19'
    failures = []
    ref, hcc, sim = (os.path.join(work, n) for n in ('ref', 'hcc', 'sim'))
    builds = [('clang -fopenmp', [clang, '-fopenmp', '-O1', *std, *srcs, '-o', ref]),
              ('hccsim -fnative', [hccsim, '-fnative', '-O1', *std, *srcs, '-o', hcc])]
    if simulate:
        builds.append(('hccsim -fsimulate', [hccsim, '-fsimulate', '-O1', *std, *srcs, '-o', sim]))
    for name, cmd in builds:
        rc, out, err = run(cmd)
        if rc != 0:
            failures.append(f'{name}: build failed ({rc}):\n{err.strip()}')
    if failures:
        return failures
    base = dict(os.environ, **program_env(src))
    for n in threads:
        env = dict(base, OMP_NUM_THREADS=str(n))
        rc_ref, out_ref, err_ref = run([ref], env)
        rc_hcc, out_hcc, err_hcc = run([hcc], env)
        if rc_ref != 0:
            failures.append(f'{n} threads: the clang build exited with {rc_ref}:\n{err_ref.strip()}')
        if rc_hcc != 0:
            failures.append(f'{n} threads: the hccsim build exited with {rc_hcc}:\n{err_hcc.strip()}')
        if out_ref != out_hcc:
            failures.append(f'{n} threads: outputs differ\n--- clang -fopenmp\n{out_ref}--- hccsim -fnative\n{out_hcc}')
    if simulate:
        # Byte-identical simulations: tasks only, not the measured CPU bursts.
        env = dict(base, HCC_MODEL_DIR=os.path.join(work, 'models'), HCC_PLATFORM='laptop', OMP_NUM_THREADS='2',
                   HCC_SIM_BURSTS='off')
        rc, _, err = run([hcc], dict(env, HCC_MODE='instrument'), cwd=work)
        if rc != 0:
            failures.append(f'instrumented run exited with {rc}:\n{err.strip()}')
        instrumented = INSTRUMENTED.search(err)
        env.pop('OMP_NUM_THREADS')
        runs = []
        for k in (1, 2):
            records = os.path.join(work, f'sim{k}.csv')
            rc, _, err = run([sim], dict(env, HCC_RECORDS=records))
            text = open(records).read() if os.path.exists(records) else ''
            runs.append((rc, err, text))
        rc, err, _ = runs[0]
        if rc != 0:
            failures.append(f'simulated run exited with {rc}:\n{err.strip()}')
        elif not SUMMARY.search(err):
            failures.append(f'simulated run printed no summary line:\n{err.strip()}')
        elif instrumented and not tasks_vary and SUMMARY.search(err).group(1) != instrumented.group(1):
            # A body that creates tasks was simulated instead of run.
            failures.append(f'the simulated run has {SUMMARY.search(err).group(1)} tasks, the instrumented run '
                            f'{instrumented.group(1)}')
        if runs[0] != runs[1]:
            failures.append('two simulated runs differ (summary or records):\n--- first\n' + runs[0][1] + runs[0][2] +
                            '--- second\n' + runs[1][1] + runs[1][2])
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--hccsim', required=True, help='the hccsim driver')
    ap.add_argument('--no-simulate', action='store_true')
    ap.add_argument('src')
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix='omp-check.')
    try:
        failures = check(args.src, args.hccsim, work, simulate=not args.no_simulate)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print(f)
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
