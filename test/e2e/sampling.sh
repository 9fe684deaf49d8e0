#!/usr/bin/env bash
# sampling.sh <hccsim> <source> <work dir>
# #pragma hcc sample and delay end to end: a simulation runs a sampled
# burst exactly its n first times (local, global), until the tolerance
# (auto) or max, and charges the others the mean; HCC_SAMPLING=0 runs them
# all; native and instrumented builds run everything, and instrumented runs
# record each run in the model directory, which later simulations charge
# instead of running the burst; delay replaces its statement by its cost in
# simulation only.
set -euo pipefail
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HCC_WORKERS=2 HCC_MODEL_DIR=$work/models
fail() { echo "FAIL: $*"; exit 1; }
for mode in native instrument simulate; do "$hccsim" -f$mode -O1 "$src" -o "s-$mode"; done

# field <line prefix> <name> <text>
field() { sed -n "s/^$1 .*\b$2=\([^ ]*\).*/\1/p" <<<"$3" | head -1; }
within() { python3 -c "import sys; sys.exit(0 if $2 <= float('$1') <= $3 else 1)"; }

# 1. Simulated: 5 of 100 local runs, 3 of 10 global, auto stops at the
#    tolerance (26 runs of 1 and 3 ms in turn, a few more with noise), max 10.
out=$(./s-simulate 2>&1)
[ "$(field local runs "$out")" = 5 ] || fail "local: $out"
[ "$(field global runs "$out")" = 3 ] || fail "global: $out"
# (The machine may preempt a measured run: the bounds leave room for it.)
# After the tolerance, the runs at powers of two are measured too.
auto=$(field auto runs "$out")
reached=$(sed -n 's/^hccsim: sampled sampling.c:33: [0-9]* of 60 runs measured (the tolerance reached after \([0-9]*\),.*/\1/p' <<<"$out")
[ -n "$reached" ] || fail "auto: no report of the tolerance reached: $out"
within "$reached" 20 59 || fail "auto reached its tolerance after $reached runs: $out"
later=$(python3 -c "print(sum(1 for k in range(6) if $reached < 2 ** k <= 60))")
[ "$auto" = $((reached + later)) ] || fail "auto: $auto runs measured, the tolerance reached after $reached: $out"
grep -q "^hccsim: sampled sampling.c:33: $auto of 60 runs measured (the tolerance reached after $reached," <<<"$out" \
  || fail "auto: no report of $auto runs measured: $out"
[ "$(field max runs "$out")" = 10 ] || fail "max: $out"
# The 95 skipped runs are charged the mean of the 5 measured: 100 of them
# on the simulated clock.
mean=$(sed -n 's/^hccsim: sampled sampling.c:15: 5 of 100 runs measured, mean \([0-9.e-]*\) s.*/\1/p' <<<"$out")
[ -n "$mean" ] || fail "no report of the local site: $out"
within "$mean" 0.9e-3 3e-3 || fail "local: 1 ms runs measured as $mean s"
within "$(field local seconds "$out")" "100 * $mean * 0.995" "100 * $mean * 1.005" \
  || fail "local: 100 runs of $mean s simulated as $(field local seconds "$out") s"
# The delay: its statement skipped, its time charged.
[ "$(field delay runs "$out")" = 0 ] || fail "the delayed statement ran in simulation: $out"
within "$(field delay seconds "$out")" 0.25 0.2501 || fail "delay: $(field delay seconds "$out") s"
echo "ok: simulated: local 5/100, global 3/10, auto $auto/60, max 10/40, delay 0.25 s"

# 2. HCC_SAMPLING=0: every run measured (the reference).
out=$(HCC_SAMPLING=0 ./s-simulate 2>&1)
[ "$(field local runs "$out") $(field global runs "$out") $(field auto runs "$out") $(field max runs "$out")" = "100 10 60 40" ] \
  || fail "HCC_SAMPLING=0 skipped runs: $out"
# Its runs are charged as the program's code (bursts), or, with bursts off,
# each timed apart: 100 runs of 1 ms either way.
within "$(field local seconds "$out")" 0.095 0.2 || fail "HCC_SAMPLING=0: 100 runs of 1 ms took $(field local seconds "$out") s"
grep -q "^hccsim: sampled" <<<"$out" && fail "HCC_SAMPLING=0 with bursts: runs timed apart: $out"
out=$(HCC_SAMPLING=0 HCC_SIM_BURSTS=off ./s-simulate 2>&1)
within "$(field local seconds "$out")" 0.095 0.2 || fail "HCC_SAMPLING=0 HCC_SIM_BURSTS=off: $(field local seconds "$out") s"
grep -q "^hccsim: sampled sampling.c:15: 100 of 100 runs measured" <<<"$out" || fail "bursts off: runs not timed: $out"
echo "ok: HCC_SAMPLING=0 runs everything, charged as bursts (or each run timed, bursts off)"

# 3. Native and instrumented builds run everything; instrumented runs
#    record every run of each site as a kernel's runs.
for mode in native instrument; do
  out=$("./s-$mode" 2>&1)
  [ "$(field local runs "$out") $(field global runs "$out") $(field delay runs "$out")" = "100 10 1" ] \
    || fail "$mode: $out"
done
python3 - "$work/models" <<'PY' || exit 1
import json, sys
m = json.load(open(f"{sys.argv[1]}/sample_sampling.c_15.cpu.json"))
count = sum(e["count"] for e in m["entries"])
if count != 100 or not 0.9e-3 < m["entries"][0]["mean"] < 2e-3:
    sys.exit(f"FAIL: instrumented records of sampling.c:15: count {count}, mean {m['entries'][0]['mean']}")
print(f"ok: instrumented: 100 runs of sampling.c:15 recorded, mean {m['entries'][0]['mean'] * 1e3:.2f} ms")
PY

# 4. With those models, a simulation runs no sampled burst (each is charged
#    its model), and two simulations print the same, byte for byte (the
#    code around the sampled statements, measured as CPU bursts, not charged).
HCC_SIM_BURSTS=off ./s-simulate > a.out 2>&1
HCC_SIM_BURSTS=off ./s-simulate > b.out 2>&1
cmp -s a.out b.out || fail "two simulations with burst models differ: $(diff a.out b.out | head -4)"
out=$(cat a.out)
[ "$(field local runs "$out") $(field global runs "$out") $(field auto runs "$out")" = "0 0 0" ] || fail "models: $out"
within "$(field local seconds "$out")" 0.09 0.3 || fail "local from its model: $(field local seconds "$out") s"
grep -q "^hccsim: sampled sampling.c:15: 100 runs charged from its model" <<<"$out" || fail "no model report: $out"
echo "ok: burst models from the instrumented run: nothing run, deterministic"

# 5. A number of runs that would measure nothing is one line, at the first run.
printf '%s\n' 'int main(int argc, char **argv) {' '  long k = 0;' '#pragma hcc sample(local, argc - 1)' \
  '  for (int i = 0; i < 3; ++i) ++k;' '  return (int)k - 3;' '}' > bad.c
"$hccsim" -fsimulate bad.c -o bad
out=$(./bad 2>&1) && fail "sample(local, 0) accepted"
[ "$out" = "hccsim: error: #pragma hcc sample at bad.c:3: n = 0.000000: expected a number of measured runs >= 1" ] \
  || fail "sample(local, 0): $out"
echo "ok: sample(local, 0) is refused"

# 6. A bad value for HCC_SAMPLING is one line.
out=$(HCC_SAMPLING=2 ./s-simulate 2>&1) && fail "HCC_SAMPLING=2 accepted"
[ "$out" = "hccsim: error: HCC_SAMPLING=2: expected 0 or 1" ] || fail "HCC_SAMPLING=2: $out"
echo "ok: all"
