"""Prints, for each KERNEL=N argument, whether the model directory's cost
model KERNEL.cpu.json counts at least a quarter of N observations. An
instrumented run leaves out those a preemption interrupted: a tenth of them
on a loaded 2-core machine, and once, in CI with another test beside it,
42 % of a region's joins. A quarter still fails a cost that is not measured."""
import json
import sys

directory = sys.argv[1]
for arg in sys.argv[2:]:
    kernel, expected = arg.split("=")
    with open(f"{directory}/{kernel}.cpu.json") as f:
        count = sum(e["count"] for e in json.load(f)["entries"])
    enough = count >= int(expected) / 4
    verdict = f"at least a quarter of {expected}" if enough else f"only {count} of {expected}"
    print(kernel, verdict)
