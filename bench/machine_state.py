"""Runs benchmark steps only while this machine runs at its usual speed.

This 2-core virtual machine now and then runs for seconds at about half speed
(whole native or instrumented runs of the FMM example took 2x longer, CPU
time included, 3 of 5 in one calibration), which process statistics do not
show: no other process runs and no steal time is reported. A benchmark that
compares runs must not mix such runs with the others, whichever side (native
or calibrating) they fall on. SpeedCheck.run() writes back pending files
(os.sync), probes the machine right before and after a step
(bench/probe/speed_probe.c on every core, about 25 ms) and makes the step
again, after a pause, while a probe was more than `tolerance` slower than
the fastest probe so far. Every kind of run goes
through the same check, so it selects no side.
"""
import os
import subprocess
import sys
import time

PROBE_SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe", "speed_probe.c")


class SpeedCheck:
    def __init__(self, work_dir, tolerance=0.25, retries=20, pause=3.0, log=None):
        self.exe = os.path.join(work_dir, "speed_probe")
        subprocess.run(["gcc", "-O2", "-fopenmp", PROBE_SRC, "-lm", "-o", self.exe], check=True)
        self.tolerance, self.retries, self.pause = tolerance, retries, pause
        self.log = log or (lambda msg: print(msg, file=sys.stderr, flush=True))
        self.best = min(self.probe() for _ in range(3))
        self.discarded = self.kept_slow = 0

    def probe(self):
        env = dict(os.environ, OMP_NUM_THREADS=str(os.cpu_count() or 1))
        return float(subprocess.run([self.exe], env=env, stdout=subprocess.PIPE, text=True, check=True).stdout)

    def run(self, step):
        """step() again until the probes around it show the usual speed."""
        for attempt in range(self.retries + 1):
            # The earlier runs' files (records, models: megabytes) are written
            # back to disk now rather than by the kernel's flusher during this
            # run, 30 s after they were written.
            os.sync()
            before = self.probe()
            result = step()
            after = self.probe()
            self.best = min(self.best, before, after)
            slow = max(before, after) / self.best - 1
            if slow <= self.tolerance:
                return result
            if attempt == self.retries:
                self.kept_slow += 1
                self.log(f"  warning: the machine stayed {slow:.0%} slow; keeping the run")
                return result
            self.discarded += 1
            self.log(f"  machine {slow:.0%} slower than usual around the run: discarded, again in {self.pause:.0f} s")
            time.sleep(self.pause)

    def summary(self):
        return (f"runs discarded for a slowed machine (probe > {self.tolerance:.0%} over its best): "
                f"{self.discarded}" + (f", kept after every retry: {self.kept_slow}" if self.kept_slow else ""))
