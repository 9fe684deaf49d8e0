"""Prints how much longer a program's run took than another's: FIRST SECOND
LABEL (two outputs holding a line "LABEL <seconds>"), as "LABEL ratio
twice" when the second took 1.6 to 2.5 times the first, "LABEL ratio once"
within 0.65 to 1.45 times (two runs' measured times on a loaded machine),
else "LABEL ratio other (<ratio>)"."""
import sys


def seconds(path, label):
    with open(path) as f:
        for line in f:
            words = line.split()
            if len(words) >= 2 and words[0] == label:
                return float(words[1])
    sys.exit(f"time_ratio.py: no line '{label} <seconds>' in {path}")


first, second, label = sys.argv[1], sys.argv[2], sys.argv[3]
ratio = seconds(second, label) / seconds(first, label)
verdict = "twice" if 1.6 <= ratio <= 2.5 else "once" if 0.65 <= ratio <= 1.45 else f"other ({ratio:.3f})"
print(f"{label} ratio {verdict}")
