#!/usr/bin/env python3
"""Robustness of hcc-rewrite on malformed `#pragma hcc` lines.

    hcc_fuzz.py HCC_REWRITE OUTDIR [COUNT] [SEED]

Writes COUNT (default 240) small C files, each with one omp task followed by
one malformed or random `#pragma hcc` line (random tokens, truncated lines,
unbalanced parentheses, random identifiers, numbers, strings, misplaced
directives), runs hcc-rewrite on each and checks that every run exits with
status 1 (not a signal, not >= 128) after an `error: hccsim:` diagnostic with
file:line:col, and never prints a crash report. Prints one line per failure and
a summary; the exit status is 1 when any run failed. The generator is seeded,
so a failure is reproducible from the file it names.
"""
import concurrent.futures
import os
import random
import re
import subprocess
import sys

VALID_PARAMS = [
    'params(n = len)',
    'params(n = len, m = g->n)',
    'params(level = l, ncells = g->n, nint = count(g) * 2.0)',
    'params(x = (len + 1) * (l - 2), y = a[0] > 0 ? 1 : 2)',
    'params(z = count(g), w = -len % 3)',
]
VALID_TASK_ONE_CLAUSE = ['task priority(l + 1)', 'task name("m2l")', 'task priority(count(g) * 2)']
PUNCT = ['(', ')', '[', ']', '{', '}', ',', '=', '==', '+', '-', '*', '/', '%', '?', ':', ';', '.', '->', '!',
         '~', '&', '&&', '|', '||', '^', '<', '>', '<<', '>>', '#', '##', '@', '\\', '`', '...', '"', "'"]
KEYWORDS = ['int', 'double', 'sizeof', 'return', 'struct', 'if', 'while', 'const', 'void', '_Bool']


def rand_ident(rng):
    n = rng.randint(1, 12)
    first = rng.choice('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_')
    rest = ''.join(rng.choice('abcdefghijklmnopqrstuvwxyz0123456789_') for _ in range(n - 1))
    return 'zz' + first + rest  # never one of the file's names


def rand_number(rng):
    return rng.choice([str(rng.randint(0, 10**6)), '%d.%de%d' % (rng.randint(0, 99), rng.randint(0, 99),
                       rng.randint(-400, 400)), hex(rng.randint(0, 1 << 40)), '0x', '1e', '08', '1.2.3',
                       str(rng.randint(0, 9)) + 'u'])


def rand_string(rng):
    body = ''.join(rng.choice('abc xyz_"\\\'()%d') for _ in range(rng.randint(0, 8)))
    return rng.choice(['"%s"' % body.replace('"', '').replace('\\', ''), '"' + body, "'" + body[:2] + "'",
                       'L"w"', 'u8"x"', '""'])


def rand_token(rng):
    k = rng.random()
    if k < 0.3:
        return rand_ident(rng)
    if k < 0.45:
        return rand_number(rng)
    if k < 0.55:
        return rand_string(rng)
    if k < 0.62:
        return rng.choice(KEYWORDS)
    if k < 0.7:
        return rng.choice(['params', 'task', 'name', 'priority', 'impl', 'len', 'p', 'g', 'l'])
    return rng.choice(PUNCT)


def soup(rng, lo=0, hi=10):
    return ' '.join(rand_token(rng) for _ in range(rng.randint(lo, hi)))


def non_expr_start(rng):
    # A token that cannot start an expression.
    return rng.choice([')', ',', ']', '}', ';', '=', '*/', '...', '#', rand_string(rng).lstrip("'") or '"x"',
                       'int', 'sizeof', 'return', '@', '`', '?', ':'])


def make_line(rng, kind):
    if kind == 'random-directive':
        first = rng.choice([rand_ident(rng), rand_number(rng), rand_string(rng), rng.choice(PUNCT),
                            rng.choice(KEYWORDS), 'Params', 'TASK', 'param', 'tasks', 'sample', 'delay'])
        return first + ' ' + soup(rng)
    if kind == 'truncated-params':
        v = rng.choice(VALID_PARAMS)
        return v[:rng.randint(0, len(v) - 1)]
    if kind == 'truncated-task':
        v = rng.choice(VALID_TASK_ONE_CLAUSE)
        return v[:rng.randint(0, len(v) - 1)]
    if kind == 'extra-open':
        v = rng.choice(VALID_PARAMS)
        i = rng.randint(v.index('(') + 1, len(v) - 1)
        return v[:i] + ' ( ' + v[i:]
    if kind == 'extra-close':
        v = rng.choice(VALID_PARAMS)
        i = rng.randint(v.index('(') + 1, len(v))
        return v[:i] + ' ) ' + v[i:]
    if kind == 'random-identifiers':
        names = [rand_ident(rng) for _ in range(rng.randint(1, 4))]
        return 'params(' + ', '.join('%s = %s' % (n, rand_ident(rng)) for n in names) + ')'
    if kind == 'bad-value':
        return 'params(%s = %s %s)' % (rand_ident(rng), non_expr_start(rng), soup(rng, 0, 4))
    if kind == 'bad-name':
        return 'params(%s %s)' % (rng.choice([rand_number(rng), rand_string(rng), rng.choice(KEYWORDS),
                                               rng.choice(PUNCT)]), soup(rng, 0, 6))
    if kind == 'params-soup':
        return 'params(' + soup(rng, 0, 12)
    if kind == 'task-soup':
        return 'task ' + rng.choice([rand_ident(rng), rand_number(rng), rand_string(rng), 'impl',
                                     rng.choice(PUNCT)]) + ' ' + soup(rng, 0, 6)
    if kind == 'task-name':
        return 'task name(%s)' % rng.choice([rand_ident(rng), rand_number(rng), "'c'", '', 'len', '"a" "b"',
                                             'L"w"', '"x"' + ' ' + soup(rng, 1, 3)])
    if kind == 'duplicate':
        n = rand_ident(rng)
        return 'params(%s = len, %s = %s)' % (n, n, rng.choice(['1', 'l', 'len * 2']))
    if kind == 'not-arithmetic':
        return 'params(%s = %s)' % (rand_ident(rng), rng.choice(['p', 'g', '*g', 'a', '&len', 'work', '"s"']))
    raise ValueError(kind)


KINDS = ['random-directive', 'truncated-params', 'truncated-task', 'extra-open', 'extra-close',
         'random-identifiers', 'bad-value', 'bad-name', 'params-soup', 'task-soup', 'task-name', 'duplicate',
         'not-arithmetic', 'misplaced']

TEMPLATE = """struct grid {{ int n; }};
int count(struct grid *g);
void work(double *, int);

void f(double *a, int len, struct grid *g, int l, int *p) {{
#pragma omp task depend(inout: a[0:len])
{pragma}
  work(a, len);
}}
"""

MISPLACED = """struct grid {{ int n; }};
int count(struct grid *g);
void work(double *, int);
{before}
void f(double *a, int len, struct grid *g, int l, int *p) {{
{inside}
#pragma omp task depend(inout: a[0:len])
  work(a, len);
{after}
}}
"""


def generate(outdir, count, seed):
    rng = random.Random(seed)
    files = []
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        if kind == 'misplaced':
            v = '#pragma hcc ' + rng.choice(VALID_PARAMS + VALID_TASK_ONE_CLAUSE)
            where = rng.choice(['before', 'inside', 'after'])
            text = MISPLACED.format(before=v if where == 'before' else '', inside=v if where == 'inside' else '',
                                    after=v if where == 'after' else '')
        else:
            text = TEMPLATE.format(pragma='#pragma hcc ' + make_line(rng, kind))
        path = os.path.join(outdir, 'fuzz-%03d-%s.c' % (i, kind))
        with open(path, 'w') as f:
            f.write(text)
        files.append(path)
    return files


def check(rewrite, path):
    try:
        r = subprocess.run([rewrite, path, '--'], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired:
        return 'timed out'
    except OSError as e:
        return 'cannot run %s: %s' % (rewrite, e)
    err = r.stderr.decode('utf-8', 'replace')
    if r.returncode != 1:
        return 'exit status %d (expected 1)\n%s' % (r.returncode, err)
    if 'Stack dump' in err or 'PLEASE submit a bug report' in err:
        return 'crash report\n' + err
    if not re.search(r'^' + re.escape(path) + r':\d+:\d+: error: hccsim: ', err, re.M):
        return 'no "error: hccsim:" diagnostic with file:line:col\n' + err
    return None


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    rewrite, outdir = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 240
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 20261122
    outdir = os.path.abspath(outdir)
    os.makedirs(outdir, exist_ok=True)
    files = generate(outdir, count, seed)
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as pool:
        for path, res in zip(files, pool.map(lambda p: check(rewrite, p), files)):
            if res:
                failures += 1
                print('FAIL %s: %s' % (path, res))
    print('hcc_fuzz: %d runs, %d failures' % (len(files), failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
