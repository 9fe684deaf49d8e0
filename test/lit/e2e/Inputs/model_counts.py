"""Prints, for each KERNEL=N argument, whether the model directory's cost
model KERNEL.cpu.json counts at least 75 % of N observations (an
instrumented run leaves out those a preemption interrupted: a tenth of them
on a loaded 2-core machine)."""
import json
import sys

directory = sys.argv[1]
for arg in sys.argv[2:]:
    kernel, expected = arg.split("=")
    with open(f"{directory}/{kernel}.cpu.json") as f:
        count = sum(e["count"] for e in json.load(f)["entries"])
    verdict = f"at least 75 % of {expected}" if count >= 0.75 * int(expected) else f"only {count} of {expected}"
    print(kernel, verdict)
