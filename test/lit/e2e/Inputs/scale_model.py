"""Scales kernels' measured times in a model directory: DIR PATTERN FACTOR
(PATTERN: a glob of model file names, loop_* for the loops' kernels; every
entry's mean, min, max and samples times FACTOR, its spread times FACTOR
squared), as if an instrumented run had measured them that much longer.
FACTOR =SECONDS sets every observation to SECONDS instead."""
import glob
import json
import os
import sys

directory, pattern, how = sys.argv[1], sys.argv[2], sys.argv[3]
setting = how.startswith("=")
value = float(how[1:] if setting else how)


def scaled(x):
    return value if setting else x * value


paths = glob.glob(os.path.join(directory, pattern + ".cpu.json"))
if not paths:
    sys.exit(f"scale_model.py: no model {pattern}.cpu.json in {directory}")
for path in paths:
    with open(path) as f:
        model = json.load(f)
    for e in model["entries"]:
        for key in ("mean", "min", "max"):
            e[key] = scaled(e[key])
        e["m2"] = 0.0 if setting else e["m2"] * value * value
        e["samples"] = [scaled(x) for x in e.get("samples", [])]
        e.pop("histogram", None)
    with open(path, "w") as f:
        json.dump(model, f)
