#!/usr/bin/env python3
"""A fuzzing campaign: every libFuzzer target and the task-program generator.

    python3 bench/fuzz.py --fuzz-build-dir build-asan --build-dir build [--minutes 10] [--jobs 2]

Runs, --jobs at a time, each libFuzzer target of test/fuzz/ built in the
sanitizer build (HCC_SANITIZE=address,undefined, HCC_FUZZ=ON; test/README.md)
for --minutes from its seed corpus (test/fuzz/run_fuzzer.sh, fork mode: it
goes on after a finding and counts crashes, hangs and out-of-memory), and
test/fuzz/task_programs.py for as long with the `hccsim` of --build-dir
(generated programs built by hccsim and by clang -fopenmp must print the
same). Prints each tool's verdict line, then
  figure fuzz_crashes = N                  (crashes, hangs and out-of-memory
                                            of every target, and crashes of
                                            generated programs or of hccsim)
  figure fuzz_rewrite_invalid_outputs = N  (generated programs that hccsim
                                            did not build or built wrong)
New corpus inputs and findings go to <fuzz build>/test/fuzz/<target>-corpus*.
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys

TARGETS = ['fuzz_hcc_pragma', 'fuzz_model_file', 'fuzz_records', 'fuzz_platform']


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--fuzz-build-dir', default='build-asan')
    ap.add_argument('--build-dir', default='build')
    ap.add_argument('--minutes', type=float, default=10)
    ap.add_argument('--jobs', type=int, default=2)
    args = ap.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    fuzz_dir = os.path.join(os.path.abspath(args.fuzz_build_dir), 'test', 'fuzz')
    seconds = int(args.minutes * 60)
    jobs = []
    for t in TARGETS:
        binary = os.path.join(fuzz_dir, t)
        if not os.access(binary, os.X_OK):
            sys.exit('fuzz: %s is not built (configure %s with -DHCC_FUZZ=ON)' % (binary, args.fuzz_build_dir))
        jobs.append((t, ['bash', os.path.join(root, 'test', 'fuzz', 'run_fuzzer.sh'), binary, str(seconds),
                         os.path.join(fuzz_dir, t + '-corpus'), os.path.join(root, 'test', 'fuzz', 'corpus', t)]))
    jobs.append(('task_programs', ['python3', os.path.join(root, 'test', 'fuzz', 'task_programs.py'),
                                   '--hccsim', os.path.join(os.path.abspath(args.build_dir), 'bin', 'hccsim'),
                                   '--seconds', str(seconds), '--jobs', '1',
                                   '--keep', os.path.join(fuzz_dir, 'task-programs-failures')]))

    def run(job):
        name, cmd = job
        p = subprocess.run(cmd, capture_output=True, text=True)
        return name, p.stdout

    crashes = invalid = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for name, out in pool.map(run, jobs):
            lines = out.strip().splitlines()
            verdict = [l for l in lines if l.startswith(name + ':') or l.startswith('task_programs:')]
            details = [l for l in lines[-12:] if l not in verdict]
            if details:
                sys.stderr.write('\n'.join(details) + '\n')
            if not verdict:
                sys.exit('fuzz: %s printed no verdict' % name)
            line = verdict[-1]
            print(line, flush=True)
            if name == 'task_programs':
                crashes += int(re.search(r'crash (\d+)', line).group(1))
                invalid += int(re.search(r'invalid_rewrite (\d+)', line).group(1))
            else:
                m = re.search(r'(\d+) crashes, (\d+) hangs, (\d+) out-of-memory', line)
                crashes += sum(int(x) for x in m.groups())
    print('figure fuzz_crashes = %d' % crashes)
    print('figure fuzz_rewrite_invalid_outputs = %d' % invalid)


if __name__ == '__main__':
    main()
