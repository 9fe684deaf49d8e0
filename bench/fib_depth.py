#!/usr/bin/env python3
"""How deep a task recursion runs natively: hccsim against libgomp.

    python3 bench/fib_depth.py --build-dir build [--cutoff 2] [--max 35] [--threads 2]

Builds `examples/fib` (recursive tasks joined by taskwait, serial below a
cutoff) with `hccsim -fnative -O2` and with `gcc -fopenmp -O2` into
`<build>/bench/fib-depth/`, then finds for each the largest N up to --max at
which `fib-omp N CUTOFF` prints its `ok` line: first N = --max, then, when
that fails, a bisection (the depth a stack holds is monotone in N). A waiting
task that ran unrelated tasks on its own stack overflowed it near N = 34
with a small cutoff; libgomp reaches 35. With a sanitizer build (its
`hccsim` builds sanitized programs, whose frames are larger) the same
command gives the depth under ASan: --build-dir build-asan --max 30.
Prints
  figure fib_max_depth_native = N
  figure fib_max_depth_libgomp = N
"""
import argparse
import os
import shutil
import subprocess
import sys
import time


def build(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit('fib_depth: %s failed:\n%s' % (' '.join(cmd), p.stderr))


def passes(binary, n, cutoff, threads, timeout):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    start = time.monotonic()
    try:
        p = subprocess.run([binary, str(n), str(cutoff)], capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        ok, how = False, 'timed out'
    else:
        ok = p.returncode == 0 and ' ok' in p.stdout
        how = 'ok' if ok else 'exit status %d' % p.returncode
    sys.stderr.write('  %s %d %d: %s (%.1f s)\n' % (os.path.basename(binary), n, cutoff, how, time.monotonic() - start))
    return ok


def max_depth(binary, args):
    if passes(binary, args.max, args.cutoff, args.threads, args.timeout):
        return args.max
    lo, hi = args.cutoff, args.max  # fib(cutoff) runs serially: it passes
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if passes(binary, mid, args.cutoff, args.threads, args.timeout):
            lo = mid
        else:
            hi = mid
    return lo


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build-dir', default='build')
    ap.add_argument('--cutoff', type=int, default=2)
    ap.add_argument('--max', type=int, default=35)
    ap.add_argument('--threads', type=int, default=2)
    ap.add_argument('--timeout', type=float, default=600)
    ap.add_argument('--no-libgomp', action='store_true')
    args = ap.parse_args()
    build_dir = os.path.abspath(args.build_dir)
    out = os.path.join(build_dir, 'bench', 'fib-depth')
    os.makedirs(out, exist_ok=True)
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'examples', 'fib', 'fib.c')
    hcc = os.path.join(out, 'fib-hccsim')
    build([os.path.join(build_dir, 'bin', 'hccsim'), '-fnative', '-O2', src, '-o', hcc])
    print('figure fib_max_depth_native = %d' % max_depth(hcc, args), flush=True)
    if not args.no_libgomp and shutil.which('gcc'):
        gomp = os.path.join(out, 'fib-gomp')
        build(['gcc', '-fopenmp', '-O2', src, '-o', gomp])
        print('figure fib_max_depth_libgomp = %d' % max_depth(gomp, args), flush=True)


if __name__ == '__main__':
    main()
