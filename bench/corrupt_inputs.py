#!/usr/bin/env python3
"""Corrupt inputs: does every one get a clear answer?

    python3 bench/corrupt_inputs.py --build-dir build [--seed 1] [--per-kind 40] [--keep DIR]

Feeds hccsim's programs inputs a hostile or careless user would: model files,
records CSV files and platform files mutated from valid ones (truncated,
bytes flipped, numbers replaced by extremes such as -1, 1e300, 1e400,
2^64-1, keys dropped, duplicated or retyped), and odd values of every
environment variable the runtime reads. Each input goes to the program that
reads it: the simulated Cholesky (`capi-cholesky-sim`) for model files,
platforms and variables, an instrumented native run for model files and
variables, `hcc-calibrate` for records and model files.

An answer is clear when the program either runs to its summary line with
exit status 0 (the input was valid after all), or exits with status 1 after
exactly one error line that names the input: the file's path, or the
variable's name. Anything else is unclear: a crash or abort, a hang
(60 s), several error lines, an error that does not say which input, an
error with exit status 0. Prints each unclear case, then
  figure corrupt_inputs = N
  figure corrupt_inputs_unclear_errors = M
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

EXTREMES = ['-1', '0', '-0', '1e300', '-1e300', '1e400', '1e-400', '18446744073709551615',
            '18446744073709551616', '9007199254740993', '-9223372036854775809', '"x"', 'null', 'true',
            '[]', '{}', '0.5', '1e7', '10000001']

VALID_MODEL = {
    "schema_version": 1, "kernel": "gemm", "arch": "cpu",
    "regression": {"terms": ["1", "NB^3"], "coef": [1e-4, 2e-9], "ci_low": [0.9e-4, 1.9e-9],
                   "ci_high": [1.1e-4, 2.1e-9], "r2": 0.99, "adj_r2": 0.98, "cv_rmse": 1e-5, "n": 10},
    "entries": [{"footprint": "0x0000000000001000", "size_bytes": 32768, "count": 4, "mean": 0.001,
                 "m2": 1e-8, "min": 0.0009, "max": 0.0011, "samples": [0.0009, 0.001, 0.001, 0.0011],
                 "histogram": {"edges": [0.0009, 0.001, 0.0011], "counts": [1, 3]}}]}

RECORDS_HEADER = 'id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,params,cpu'
RECORDS_ROWS = ['0,gemm,cpu,0,0x0000000000001001,0,0,0.0021,0.0021,32768,8192,"NB=4;MB=1",0.0020',
                '1,gemm,cpu,1,0x0000000000002001,0,0.001,0.009,0.008,131072,16384,"NB=8;MB=1",0.0079',
                '2,potrf,cpu,0,0x00000000000000ff,0.5,0.6,0.7,0.1,1024,1024,NB=4,0.1']

ENV_VALUES = ['', ' ', '-1', '0', '1', 'abc', '1e9', '99999999999999999999', '2147483648', '3x', '0x10',
              '+2', ' 2', '2 ', '1,2', '\u00e9', '1' * 300]
ENV_VARS = ['HCC_WORKERS', 'OMP_NUM_THREADS', 'HCC_GPUS', 'HCC_SCHED', 'HCC_SEED', 'HCC_BIND',
            'HCC_MAX_SUBMITTED', 'HCC_SIM_CALIBRATE_RUNS', 'HCC_SIM_MODEL', 'HCC_MODE', 'HCC_PLATFORM',
            'OMP_SCHEDULE', 'OMP_MAX_TASK_PRIORITY']


def mutate_text(rng, text):
    k = rng.random()
    if k < 0.25:
        return text[:rng.randrange(len(text))]
    if k < 0.45:
        b = bytearray(text.encode())
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return b.decode('latin-1')
    # Replace one number by an extreme.
    nums = list(re.finditer(r'-?\d+(\.\d+)?(e-?\d+)?', text))
    if not nums:
        return text + rng.choice(EXTREMES)
    m = rng.choice(nums)
    return text[:m.start()] + rng.choice(EXTREMES).strip('"') + text[m.end():]


def mutate_model(rng):
    k = rng.random()
    text = json.dumps(VALID_MODEL)
    if k < 0.5:
        return mutate_text(rng, text)
    j = json.loads(text)
    e = j['entries'][0]
    target, key = rng.choice([(j, 'schema_version'), (j, 'kernel'), (j, 'arch'), (j, 'entries'),
                              (e, 'count'), (e, 'mean'), (e, 'm2'), (e, 'min'), (e, 'max'), (e, 'footprint'),
                              (e, 'samples'), (e, 'histogram'), (j['regression'], 'coef'),
                              (j['regression'], 'terms'), (j['regression'], 'n'), (e, 'size_bytes')])
    action = rng.random()
    if action < 0.3:
        target.pop(key, None)
        return json.dumps(j)
    if action < 0.5:
        # The key twice, the second value an extreme.
        body = json.dumps(j)
        needle = '"%s": ' % key
        i = body.find(needle)
        return body[:i] + '"%s": %s, ' % (key, rng.choice(EXTREMES)) + body[i:]
    target[key] = json.loads(rng.choice(EXTREMES).replace('1e400', '1e300'))
    text = json.dumps(j)
    if rng.random() < 0.3:
        text = text.replace('1e+300', rng.choice(['1e400', '-1e400', '1e300']))
    return text


def mutate_records(rng):
    rows = list(RECORDS_ROWS)
    k = rng.random()
    if k < 0.6:
        i = rng.randrange(len(rows))
        fields = rows[i].split(',')
        j = rng.randrange(len(fields))
        fields[j] = rng.choice(EXTREMES + ['', 'inf', 'nan', '0x', '"', 'NB=', 'NB=1e400', '1e300'])
        rows[i] = ','.join(fields)
        return RECORDS_HEADER + '\n' + '\n'.join(rows) + '\n'
    return mutate_text(rng, RECORDS_HEADER + '\n' + '\n'.join(rows) + '\n')


def mutate_platform(rng, presets):
    text = open(rng.choice(presets)).read()
    k = rng.random()
    if k < 0.5:
        attr = rng.choice(['speed', 'core', 'bandwidth', 'latency', 'value'])
        hits = list(re.finditer(r'%s="([^"]*)"' % attr, text))
        if hits:
            m = rng.choice(hits)
            value = rng.choice(EXTREMES + ['inf', 'nan', '-1Gf', '0f', '1e30', 'abc', '', '100000']).strip('"')
            return text[:m.start(1)] + value + text[m.end(1):]
    if k < 0.7:
        # A GPU host's routes removed.
        return re.sub(r'<route [^>]*>.*?</route>', '', text, count=rng.randint(1, 4), flags=re.S)
    return mutate_text(rng, text)


class Runner:
    def __init__(self, args, work):
        self.args = args
        self.work = work
        self.unclear = []
        self.total = 0

    def judge(self, what, cmd, env, names):
        """Runs cmd; the answer is clear per the module docstring."""
        self.total += 1
        full_env = dict(os.environ)
        full_env.update(env)
        try:
            p = subprocess.run(cmd, env=full_env, capture_output=True, timeout=60, cwd=self.work)
            rc, err = p.returncode, p.stderr.decode('utf-8', 'replace')
        except subprocess.TimeoutExpired:
            rc, err = 'timeout', ''
        errors = [l for l in err.splitlines() if l.startswith('hccsim: error:') or
                  (l.startswith('hcc-calibrate:') and 'warning' not in l)]
        if rc == 0 and not errors:
            return
        problem = None
        if rc == 'timeout':
            problem = 'no answer in 60 s'
        elif rc != 1:
            problem = 'exit status %s' % rc
        elif len(errors) != 1:
            problem = '%d error lines' % len(errors)
        elif not any(n in errors[0] for n in names):
            problem = 'the error does not name %s' % ' or '.join(names)
        if problem:
            self.unclear.append((what, problem, errors[:2] or err.splitlines()[-3:]))
            if self.args.keep:
                os.makedirs(self.args.keep, exist_ok=True)
                for n in names:
                    if os.path.isfile(n):
                        shutil.copy(n, os.path.join(self.args.keep, '%d-%s' % (self.total, os.path.basename(n))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build-dir', default='build')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--per-kind', type=int, default=40, help='mutated files per kind of input')
    ap.add_argument('--keep', default='', help='copy the files of unclear cases here')
    args = ap.parse_args()
    build = os.path.abspath(args.build_dir)
    sim = os.path.join(build, 'examples', 'capi-cholesky-sim')
    native = os.path.join(build, 'examples', 'capi-cholesky-native')
    calibrate = os.path.join(build, 'models', 'hcc-calibrate')
    for p in (sim, native, calibrate):
        if not os.access(p, os.X_OK):
            sys.exit('corrupt_inputs: %s is not built' % p)
    presets = [os.path.join('models', 'platforms', f) for f in sorted(os.listdir('models/platforms'))]
    presets = [os.path.abspath(p) for p in presets]
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix='hcc-corrupt-')
    r = Runner(args, work)
    show = sys.stderr.isatty()
    steps = 4 * args.per_kind + len(ENV_VARS) * len(ENV_VALUES)
    done = 0

    def progress():
        if show:
            sys.stderr.write('\rcorrupt_inputs: %d/%d inputs, %d unclear' % (done, steps, len(r.unclear)))
            sys.stderr.flush()

    try:
        records_ok = os.path.join(work, 'ok.csv')
        with open(records_ok, 'w') as f:
            f.write(RECORDS_HEADER + '\n' + '\n'.join(RECORDS_ROWS) + '\n')
        for i in range(args.per_kind):
            d = os.path.join(work, 'models%d' % i)
            os.makedirs(d)
            path = os.path.join(d, 'gemm.cpu.json')
            with open(path, 'w', encoding='latin-1') as f:
                f.write(mutate_model(rng))
            env = {'HCC_MODEL_DIR': d, 'HCC_PLATFORM': 'laptop'}
            r.judge('model file %s (simulated)' % path, [sim, '512', '128'], env, [path])
            r.judge('model file %s (instrumented)' % path, [native, '256', '128'],
                    dict(env, HCC_MODE='instrument', HCC_WORKERS='2'), [path])
            r.judge('model file %s (hcc-calibrate)' % path, [calibrate, '--quiet', '--model-dir', d, records_ok],
                    {}, [path])
            done += 1
            progress()
        for i in range(args.per_kind):
            path = os.path.join(work, 'records%d.csv' % i)
            with open(path, 'w', encoding='latin-1') as f:
                f.write(mutate_records(rng))
            r.judge('records %s' % path, [calibrate, '--quiet', '--model-dir', os.path.join(work, 'cal%d' % i),
                                          path], {}, ['records%d.csv' % i])
            done += 1
            progress()
        for i in range(2 * args.per_kind):
            path = os.path.join(work, 'platform%d.xml' % i)
            with open(path, 'w', encoding='latin-1') as f:
                f.write(mutate_platform(rng, presets))
            r.judge('platform %s' % path, [sim, '512', '128'],
                    {'HCC_PLATFORM': path, 'HCC_MODEL_DIR': os.path.join(work, 'none')}, [path])
            done += 1
            progress()
        for var in ENV_VARS:
            for value in ENV_VALUES:
                env = {'HCC_PLATFORM': 'laptop', 'HCC_MODEL_DIR': os.path.join(work, 'none'), var: value}
                # An unknown platform is named by its value, every other variable by its name.
                names = ["'%s'" % value] if var == 'HCC_PLATFORM' else [var]
                r.judge('%s=%r (simulated)' % (var, value), [sim, '512', '128'], env, names)
                done += 1
                progress()
    finally:
        if show:
            sys.stderr.write('\n')
        shutil.rmtree(work, ignore_errors=True)
    for what, problem, lines in r.unclear:
        print('unclear: %s: %s' % (what, problem))
        for l in lines:
            print('    ' + l)
    print('figure corrupt_inputs = %d' % r.total)
    print('figure corrupt_inputs_unclear_errors = %d' % len(r.unclear))


if __name__ == '__main__':
    main()
