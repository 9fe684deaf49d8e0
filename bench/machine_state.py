"""Runs benchmark steps only while this machine runs at its usual speed.

This 2-core virtual machine now and then runs for seconds at about half speed
(whole native or instrumented runs of the FMM example took 2x longer, CPU
time included, 3 of 5 in one calibration), which process statistics do not
show: no other process runs and no steal time is reported. And on 2 cores one
busy foreign process (a compilation) halves the speed of both workers of a
run. A benchmark that compares runs must not mix such runs with the others,
whichever side (native or calibrating) they fall on. SpeedCheck.run() writes
back pending files (os.sync), probes the machine right before and after a
step (bench/probe/speed_probe.c on every core, about 25 ms), measures the CPU
time that other processes used during the step (the machine's busy time from
/proc/stat, steal included, less the step's children's), and makes the step
again, after a pause, while a probe was more than `tolerance` slower than the
fastest probe so far or other processes used more than `max_foreign` of the
CPUs. Every kind of run goes through the same check, so it selects no side;
the check looks at the machine, never at the run's own duration.

The machine's two CPUs also lie near or far from each other for minutes at a
time: a cache line moves between them in 55 ns, or in 190 (which a program
on one core does not feel, but fine-grained tasks on two threads do: fib at
cut-off 0 took 0.034 s, or 0.044). A second probe (bench/probe/line_probe.c,
about 20-60 ms) times a line's moves between the first two CPUs the process
may use; a step is made again while it was more than `line_tolerance` slower
than its fastest so far, as for the speed probe: the platforms a
simulation runs on describe the machine in its usual state. Programs whose
tasks run milliseconds do not feel it either: their benchmarks pass
line_tolerance=float("inf").

A step is made again `retries` times at most (default 3), then kept with a
warning: in a stretch where the machine stays slow or the CPUs far apart
for many minutes, a benchmark must still end (the multifrontal benchmark,
61 steps retried up to 20 times each, had not ended after 25 minutes).
"""
import os
import resource
import subprocess
import sys
import time

PROBE_SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe", "speed_probe.c")
LINE_PROBE_SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe", "line_probe.c")


def cpu_seconds():
    """(busy CPU seconds of the whole machine, those of this process's
    finished children) so far: /proc/stat's first line (user, nice, system,
    irq, softirq, steal) and getrusage(RUSAGE_CHILDREN)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    busy = (v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / os.sysconf("SC_CLK_TCK")
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return busy, ru.ru_utime + ru.ru_stime


class SpeedCheck:
    def __init__(self, work_dir, tolerance=0.25, max_foreign=0.05, retries=3, pause=3.0, log=None,
                 line_tolerance=0.5):
        self.exe = os.path.join(work_dir, "speed_probe")
        subprocess.run(["gcc", "-O2", "-fopenmp", PROBE_SRC, "-lm", "-o", self.exe], check=True)
        cpus = sorted(os.sched_getaffinity(0))
        self.line_cpus = [str(c) for c in cpus[:2]] if len(cpus) >= 2 else None
        self.line_exe = os.path.join(work_dir, "line_probe")
        if self.line_cpus:
            subprocess.run(["gcc", "-O2", "-pthread", LINE_PROBE_SRC, "-o", self.line_exe], check=True)
        self.tolerance, self.max_foreign, self.retries, self.pause = tolerance, max_foreign, retries, pause
        self.line_tolerance = line_tolerance
        self.log = log or (lambda msg: print(msg, file=sys.stderr, flush=True))
        self.best = min(self.probe() for _ in range(3))
        self.best_line = min(self.line_probe() for _ in range(3))
        self.discarded = self.contended = self.far = self.kept = 0

    def probe(self):
        env = dict(os.environ, OMP_NUM_THREADS=str(os.cpu_count() or 1))
        return float(subprocess.run([self.exe], env=env, stdout=subprocess.PIPE, text=True, check=True).stdout)

    def line_probe(self):
        """Seconds a cache line takes to move between the first two CPUs (0 on one CPU)."""
        if not self.line_cpus:
            return 0.0
        return float(subprocess.run([self.line_exe, *self.line_cpus], stdout=subprocess.PIPE, text=True,
                                    check=True, timeout=60).stdout)

    def run(self, step):
        """step() again until the machine around it was as usual."""
        for attempt in range(self.retries + 1):
            # The earlier runs' files (records, models: megabytes) are written
            # back to disk now rather than by the kernel's flusher during this
            # run, 30 s after they were written.
            os.sync()
            before = self.probe()
            line_before = self.line_probe()
            busy0, own0 = cpu_seconds()
            t0 = time.monotonic()
            result = step()
            wall = time.monotonic() - t0
            busy1, own1 = cpu_seconds()
            after = self.probe()
            line_after = self.line_probe()
            foreign = max(0.0, (busy1 - busy0) - (own1 - own0)) / (wall * (os.cpu_count() or 1))
            self.best = min(self.best, before, after)
            slow = max(before, after) / self.best - 1
            self.best_line = min(self.best_line, line_before, line_after)
            far = max(line_before, line_after) / self.best_line - 1 if self.best_line > 0 else 0.0
            if slow <= self.tolerance and foreign <= self.max_foreign and far <= self.line_tolerance:
                return result
            if slow > self.tolerance:
                why = f"machine {slow:.0%} slower than usual around the run"
            elif far > self.line_tolerance:
                why = (f"cache lines moved between the CPUs {far:.0%} slower than usual around the run "
                       f"({max(line_before, line_after) * 1e9:.0f} ns, {self.best_line * 1e9:.0f} at best)")
            else:
                why = f"other processes used {foreign:.0%} of the CPUs during the run"
            if attempt == self.retries:
                self.kept += 1
                self.log(f"  warning: {why} at every try; keeping the run")
                return result
            if slow > self.tolerance:
                self.discarded += 1
            elif far > self.line_tolerance:
                self.far += 1
            else:
                self.contended += 1
            self.log(f"  {why}: discarded, again in {self.pause:.0f} s")
            time.sleep(self.pause)

    def summary(self):
        far = (f", for CPUs far apart (line moves > {self.line_tolerance:.0%} over their best): {self.far}"
               if self.line_tolerance != float("inf") else "")
        return (f"runs discarded for a slowed machine (probe > {self.tolerance:.0%} over its best): "
                f"{self.discarded}, for other processes' CPU use (> {self.max_foreign:.0%}): {self.contended}"
                + far + (f", kept after every retry: {self.kept}" if self.kept else ""))
