#!/usr/bin/env python3
"""The OpenMP conformance suite (test/lit/omp/) in one command: how many of
its programs hccsim runs as libomp does.

    python3 bench/omp_conformance.py --build-dir build [--no-simulate] [--only PATTERN]

Each program is built with clang-19 -fopenmp (libomp) and with
`hccsim -fnative`, run with OMP_NUM_THREADS=1, 2 and 4, and
its standard output compared; it is also built with -fsimulate and run
twice, which must reach the summary line and be byte-identical
(test/lit/omp/Inputs/check.py, which the lit test of each program runs too).
Progress goes to stderr, one line per program; failures are listed on
stdout, then

    figure omp_conformance_programs = <programs>
    figure omp_conformance_pass_pct = <percent of them that passed>

About 5 minutes on 2 cores. Exit status 2 if the hccsim driver is missing.
"""
import argparse
import fnmatch
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = os.path.join(ROOT, 'test', 'lit', 'omp')
sys.path.insert(0, os.path.join(SUITE, 'Inputs'))
import check  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--build-dir', default=os.path.join(ROOT, 'build'))
    ap.add_argument('--no-simulate', action='store_true', help='skip the simulated builds and runs')
    ap.add_argument('--only', default='*', help='programs whose file name matches this pattern')
    args = ap.parse_args()
    hccsim = os.path.join(os.path.abspath(args.build_dir), 'bin', 'hccsim')
    if not os.access(hccsim, os.X_OK):
        print(f'omp_conformance: no hccsim driver at {hccsim} (build first)', file=sys.stderr)
        sys.exit(2)
    programs = sorted(f for f in os.listdir(SUITE)
                      if f.endswith(('.c', '.cpp')) and fnmatch.fnmatch(f, args.only))
    passed = 0
    failed = []
    for i, name in enumerate(programs, 1):
        work = tempfile.mkdtemp(prefix='omp-conformance.')
        try:
            failures = check.check(os.path.join(SUITE, name), hccsim, work, simulate=not args.no_simulate)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(f'[{i}/{len(programs)}] {name}: {"FAIL" if failures else "ok"}', file=sys.stderr, flush=True)
        if failures:
            failed.append((name, failures))
        else:
            passed += 1
    for name, failures in failed:
        print(f'FAIL {name}')
        for f in failures:
            print('  ' + f.replace('\n', '\n  '))
    print(f'figure omp_conformance_programs = {len(programs)}')
    print(f'figure omp_conformance_pass_pct = {100.0 * passed / max(1, len(programs)):.1f}')


if __name__ == '__main__':
    main()
