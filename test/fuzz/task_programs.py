#!/usr/bin/env python3
"""Structure-aware fuzzing of hccsim's compile path with generated task programs.

    task_programs.py --hccsim HCCSIM [--count N | --seconds S] [--seed SEED]
                     [--jobs J] [--keep DIR]

Generates random, race-free C and C++ OpenMP task programs: depend items of
every shape (scalars, array elements and sections, struct members, pointers
and references, items from macros), every dependence type, tasks created
through `_Pragma` in macros, local typedefs, enums and structs used by task
bodies, nested tasks, taskwait and taskgroup, `#pragma hcc params/task`
lines, and in C++ lambdas, templates, namespaces, references and member
functions. Each program prints a checksum of its data, which its dependences
fully determine.

Each program is built by `hccsim -fnative` and by `clang -fopenmp` (libomp);
both run with 2 threads. Verdicts, one per program:
  ok              both built, same output
  invalid_rewrite clang builds it, hccsim does not (or hccsim's output
                  differs, or its run fails): a bug of hccsim
  crash           hccsim (the driver, clang with the plugin) or the program
                  died of a signal or timed out
  generator       clang itself rejects the program or libomp's run fails:
                  a bug of this generator, not counted against hccsim
Prints a line per failure (with the file kept under --keep), then the counts:
  task_programs: 40 programs, ok 40, invalid_rewrite 0, crash 0, generator 0
and exits 1 when invalid_rewrite or crash is not 0.
"""
import argparse
import concurrent.futures
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

MOD = 1000003
CELLS_X = 12
CELLS_SA = 6


class Program:
    """One generated program: C or C++, a list of lines."""

    def __init__(self, rng, cxx):
        self.rng = rng
        self.cxx = cxx
        self.lines = []

    # Cells the tasks read and write, with the depend item naming each.
    def cell(self):
        r = self.rng.random()
        if r < 0.45:
            i = self.rng.randrange(CELLS_X)
            return ('X[%d]' % i, self.item_for_x(i))
        if r < 0.65:
            i = self.rng.randrange(CELLS_SA)
            return ('s.a[%d]' % i, self.rng.choice(['s.a[%d]' % i, 'CELL_SA(%d)' % i]))
        if r < 0.8:
            return ('s.b', 's.b')
        return ('v', 'v')

    def item_for_x(self, i):
        return self.rng.choice(['X[%d]' % i, 'X[%d]' % i, 'CELL_X(%d)' % i, 'X[%d:1]' % i, '*(X + %d)' % i])

    def emit(self, text, depth):
        self.lines.append('  ' * depth + text)

    def pragma_task(self, clauses, depth, via_macro):
        if via_macro:
            self.emit('OMP(task %s)' % clauses, depth)
        else:
            self.emit('#pragma omp task %s' % clauses, 0)

    def hcc_line(self, depth):
        rng = self.rng
        k = rng.random()
        if k < 0.2:
            self.emit('#pragma hcc params(n = %d, m = %d)' % (rng.randint(1, 64), rng.randint(1, 8)), 0)
        elif k < 0.35:
            self.emit('#pragma hcc task name("k%d") priority(%d)' % (rng.randrange(4), rng.randrange(3)), 0)

    def update(self, target, reads):
        terms = ' + '.join(['%s * %d' % (target, self.rng.randint(2, 9))] + reads + [str(self.rng.randint(0, 99))])
        return '%s = (%s) %% %d;' % (target, terms, MOD)

    def simple_task(self, depth, loop_var=None):
        rng = self.rng
        kind = rng.random()
        via_macro = rng.random() < 0.2
        if kind < 0.12:
            # Commutative updates: mutexinoutset, or inoutset with atomics.
            target, item = self.cell()
            mode = rng.choice(['mutexinoutset', 'inoutset'])
            self.pragma_task('depend(%s: %s)' % (mode, item), depth, via_macro)
            self.hcc_line(depth)
            self.emit('{', depth)
            if mode == 'inoutset':
                self.emit('#pragma omp atomic', 0)
            self.emit('%s += %d;' % (target, rng.randint(1, 50)), depth + 1)
            self.emit('}', depth)
            return
        targets = {}
        for _ in range(rng.randint(1, 2)):
            t, item = self.cell()
            targets.setdefault(t, item)
        reads = {}
        for _ in range(rng.randint(0, 3)):
            t, item = self.cell()
            if t not in targets:
                reads.setdefault(t, item)
        deps = ['depend(%s: %s)' % (rng.choice(['inout', 'out', 'inout']), ', '.join(targets.values()))]
        if reads:
            deps.append('depend(in: %s)' % ', '.join(reads.values()))
        extra = []
        if loop_var is not None:
            extra.append(rng.choice(['firstprivate(%s)' % loop_var, '']))
        extra.append(rng.choice(['', '', 'if(1)', 'final(0)', 'untied', 'priority(1)', 'shared(s)']))
        self.pragma_task(' '.join(deps + [e for e in extra if e]), depth, via_macro)
        self.hcc_line(depth)
        body_reads = list(reads)
        if loop_var is not None:
            body_reads.append(loop_var)
        style = rng.random()
        self.emit('{', depth)
        if style < 0.25:
            # Local declarations used by the body.
            self.emit('typedef long long cell_t;', depth + 1)
            self.emit('enum { K = %d };' % rng.randint(1, 9), depth + 1)
            self.emit('struct pair { cell_t a, b; } p = { %d, K };' % rng.randint(0, 9), depth + 1)
            body_reads = body_reads + ['p.a', 'p.b']
        elif style < 0.4 and self.cxx:
            self.emit('auto add = [&](long long &w, long long r) { w = (w * 5 + r) %% %d; };' % MOD, depth + 1)
            for t in targets:
                self.emit('add(%s, %s);' % (t, ' + '.join(body_reads) if body_reads else '1'), depth + 1)
            self.emit('}', depth)
            return
        elif style < 0.5 and self.cxx:
            for t in targets:
                self.emit('mix<%d>(%s, %s);' % (rng.randint(2, 7), t, ' + '.join(body_reads) if body_reads else '0'),
                          depth + 1)
            self.emit('}', depth)
            return
        elif style < 0.6:
            for t in targets:
                self.emit('UPDATE(%s, %s);' % (t, ' + '.join(body_reads) if body_reads else '0'), depth + 1)
            self.emit('}', depth)
            return
        for t in targets:
            self.emit(self.update(t, body_reads), depth + 1)
        self.emit('}', depth)

    def nested_task(self, depth):
        # A parent that owns a cell's update through children on its part.
        rng = self.rng
        i = rng.randrange(CELLS_X - 2)
        self.emit('#pragma omp task depend(inout: X[%d], X[%d])' % (i, i + 1), 0)
        self.emit('{', depth)
        for _ in range(rng.randint(1, 3)):
            j = i + rng.randrange(2)
            self.emit('#pragma omp task depend(inout: X[%d]) depend(in: X[%d])' % (j, i + 1 - (j - i)), 0)
            self.emit('X[%d] = (X[%d] * 3 + X[%d] + %d) %% %d;' % (j, j, i + 1 - (j - i), rng.randint(0, 9), MOD),
                      depth + 1)
        self.emit('#pragma omp taskwait', 0)
        self.emit('}', depth)

    def statement(self, depth):
        rng = self.rng
        k = rng.random()
        if k < 0.55:
            self.simple_task(depth)
        elif k < 0.7:
            var = 'i%d' % len(self.lines)
            n = rng.randint(2, 4)
            self.emit('for (int %s = 0; %s < %d; %s++) {' % (var, var, n, var), depth)
            self.loop_task(depth + 1, var, n)
            self.emit('}', depth)
        elif k < 0.78:
            self.nested_task(depth)
        elif k < 0.86:
            self.emit('#pragma omp taskwait', 0)
        elif k < 0.93:
            self.emit('#pragma omp taskgroup', 0)
            self.emit('{', depth)
            for _ in range(rng.randint(1, 3)):
                self.simple_task(depth + 1)
            self.emit('}', depth)
        else:
            self.emit('WAIT();', depth)

    def loop_task(self, depth, var, n):
        # Each iteration updates X[var + base] from X[var + base + off].
        rng = self.rng
        base = rng.randrange(CELLS_X - n)
        item = rng.choice(['X[%s + %d]', 'CELL_X(%s + %d)', 'X[%s + %d:1]'])
        clauses = 'depend(inout: %s)' % (item % (var, base))
        read = ''
        if rng.random() < 0.5:
            clauses += ' depend(in: v)'
            read = ' + v'
        self.emit('#pragma omp task %s firstprivate(%s)' % (clauses, var), 0)
        self.hcc_line(depth)
        self.emit('X[%s + %d] = (X[%s + %d] * 7 + %s%s + %d) %% %d;' % (var, base, var, base, var, read,
                                                                         rng.randint(0, 9), MOD), depth)

    def source(self):
        rng = self.rng
        head = ['#include <stdio.h>', '']
        if self.cxx:
            head.append('namespace data {')
        head += ['long long X[%d];' % CELLS_X,
                 'struct S { long long a[%d]; long long b; } s;' % CELLS_SA,
                 'long long v = 3;']
        if self.cxx:
            head += ['}', 'using namespace data;']
        head += ['#define CELL_X(i) X[(i)]',
                 '#define CELL_SA(i) s.a[i]',
                 '#define DO_PRAGMA(x) _Pragma(#x)',
                 '#define OMP(x) DO_PRAGMA(omp x)',
                 '#define WAIT() DO_PRAGMA(omp taskwait)',
                 '#define UPDATE(w, r) ((w) = ((w) * 11 + (r) + 1) %% %d)' % MOD]
        if self.cxx:
            head += ['template <int F> void mix(long long &w, long long r) { w = (w * F + r) %% %d; }' % MOD]
        head.append('')
        self.lines = []
        for _ in range(rng.randint(3, 12)):
            self.statement(1)
        if self.cxx and rng.random() < 0.5:
            # The same graph from a member function, through references; its
            # tasks use `this`, so they end before the object does.
            body = ['struct Runner {', '  long long &v;', '  void run() {'] + ['  ' + l if not l.startswith('#')
                                                                              else l for l in self.lines] + [
                    '#pragma omp taskwait', '  }', '};', '']
            main_body = ['  Runner r{v};', '  r.run();']
        else:
            body = ['static void run(void) {'] + self.lines + ['}', '']
            main_body = ['  run();']
        tail = ['int main(void) {',
                '  for (int i = 0; i < %d; i++) X[i] = i + 1;' % CELLS_X,
                '  for (int i = 0; i < %d; i++) s.a[i] = 2 * i + 1;' % CELLS_SA,
                '  s.b = 5;',
                '#pragma omp parallel',
                '#pragma omp single',
                '  {'] + ['  ' + l for l in main_body] + [
                '  }',
                '  long long sum = v;',
                '  for (int i = 0; i < %d; i++) { printf("X[%%d]=%%lld\\n", i, X[i]); sum += X[i]; }' % CELLS_X,
                '  for (int i = 0; i < %d; i++) { printf("s.a[%%d]=%%lld\\n", i, s.a[i]); sum += s.a[i]; }' % CELLS_SA,
                '  printf("s.b=%lld v=%lld sum=%lld\\n", s.b, v, sum + s.b);',
                '  return 0;',
                '}']
        return '\n'.join(head + body + tail) + '\n'


def run(cmd, env=None, timeout=120):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 'timeout', '', 'timed out after %d s' % timeout


def died(rc):
    return rc == 'timeout' or rc < 0 or rc >= 128


def check(args, index):
    rng = random.Random('%d-%d' % (args.seed, index))
    cxx = rng.random() < 0.4
    prog = Program(rng, cxx)
    text = prog.source()
    work = tempfile.mkdtemp(prefix='hcc-task-prog-')
    try:
        src = os.path.join(work, 'prog%d.%s' % (index, 'cpp' if cxx else 'c'))
        with open(src, 'w') as f:
            f.write(text)
        env = dict(os.environ, OMP_NUM_THREADS='2')
        ref_bin = os.path.join(work, 'ref')
        clang = 'clang++-19' if cxx else 'clang-19'
        rc, _, err = run([clang, '-O1', '-fopenmp', '-w', src, '-o', ref_bin])
        if rc != 0:
            return 'generator', src, text, 'clang -fopenmp rejects it: ' + err[-400:]
        rc, ref_out, err = run([ref_bin], env=env)
        if rc != 0:
            return 'generator', src, text, 'the libomp run failed (%s): %s' % (rc, err[-400:])
        hcc_bin = os.path.join(work, 'hcc')
        rc, _, err = run([args.hccsim, '-fnative', '-O1', '-w', src, '-o', hcc_bin])
        if died(rc):
            return 'crash', src, text, 'hccsim died (%s): %s' % (rc, err[-400:])
        if rc != 0:
            return 'invalid_rewrite', src, text, 'hccsim does not build it: ' + err[-600:]
        rc, out, err = run([hcc_bin], env=env)
        if died(rc):
            return 'crash', src, text, 'the hccsim build died (%s): %s' % (rc, err[-400:])
        if rc != 0 or out != ref_out:
            return 'invalid_rewrite', src, text, 'output differs from libomp\'s (exit %s)' % rc
        return 'ok', src, text, ''
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--hccsim', required=True)
    ap.add_argument('--count', type=int, default=0, help='programs to check')
    ap.add_argument('--seconds', type=float, default=0, help='or check programs for this long')
    ap.add_argument('--seed', type=int, default=20261125)
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--keep', default='task-programs-failures', help='where failing programs are copied')
    args = ap.parse_args()
    if not args.count and not args.seconds:
        args.count = 20
    counts = {'ok': 0, 'invalid_rewrite': 0, 'crash': 0, 'generator': 0}
    start = time.monotonic()
    index = 0
    show = sys.stderr.isatty()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        pending = set()

        def more():
            return (args.count and index < args.count) or (args.seconds and time.monotonic() - start < args.seconds)

        while pending or more():
            while more() and len(pending) < args.jobs:
                pending.add(pool.submit(check, args, index))
                index += 1
            done, pending = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            for fut in done:
                verdict, src, text, why = fut.result()
                counts[verdict] += 1
                if verdict != 'ok':
                    os.makedirs(args.keep, exist_ok=True)
                    kept = os.path.join(args.keep, os.path.basename(src))
                    with open(kept, 'w') as f:
                        f.write(text)
                    print('%s: %s: %s' % (verdict, kept, why.strip().replace('\n', ' | ')), flush=True)
            if show:
                total = sum(counts.values())
                sys.stderr.write('\rtask_programs: %d checked, %d failing, %.0f s' %
                                 (total, total - counts['ok'] - counts['generator'], time.monotonic() - start))
                sys.stderr.flush()
    if show:
        sys.stderr.write('\n')
    total = sum(counts.values())
    print('task_programs: %d programs, %s' % (total, ', '.join('%s %d' % kv for kv in counts.items())))
    return 1 if counts['invalid_rewrite'] or counts['crash'] else 0


if __name__ == '__main__':
    sys.exit(main())
