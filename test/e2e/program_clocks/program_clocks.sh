#!/usr/bin/env bash
# program_clocks.sh <hccsim> <source dir> <work dir>
# A simulated program's own clocks read simulated time (clocks.c,
# chrono.cpp): a loop of 0.05 s of CPU time reads 0.05 s (plus the clock
# reads) on clock_gettime, gettimeofday, timespec_get, clock() and
# std::chrono, as natively; sleeps pass simulated time and take no
# real time; a loop sized by its clock runs about as many rounds as
# natively; CPU-time clocks stay the thread's own.
set -euo pipefail
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$hccsim" -fsimulate -O1 "$src/clocks.c" -o clocks
"$hccsim" -fsimulate -O1 "$src/chrono.cpp" -o chrono
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$2" | head -1; }
within() { python3 -c "import sys; sys.exit(0 if $2 <= float('$1') <= $3 else 1)"; }
unit=0.05

start=$(date +%s.%N)
out=$(HCC_PLATFORM=laptop ./clocks $unit 2>&1)
wall=$(python3 -c "print($(date +%s.%N) - $start)")
for c in monotonic timeofday utc clock; do
  within "$(field $c "$out")" "$unit * 0.97" "$unit * 1.1 + 2e-3" || fail "$c: $out"
done
within "$(field cputime "$out")" "$unit" "$unit * 1.1 + 2e-3" || fail "CPU-time clock: $out"
# 3.5 s of sleeps, and the few microseconds of code between the reads.
within "$(field sleeps "$out")" 3.5 3.501 || fail "sleep, usleep, nanosleep: $out"
# 0.5 s of 1 ms rounds: 500, fewer by the clock reads' own cost.
rounds=$(field rounds "$out")
[ "$rounds" -ge 400 ] && [ "$rounds" -le 500 ] || fail "rounds of a loop sized by its clock: $out"
[ "$(field epoch "$out")" = 1 ] || fail "time(): $out"
# The 3.5 s of sleeps are simulated: the run takes the loops' 0.55 s.
within "$wall" 0 3 || fail "the sleeps took real time ($wall s): $out"

out=$(HCC_PLATFORM=laptop ./chrono $unit 2>&1)
within "$(field steady "$out")" "$unit * 0.97" "$unit * 1.1 + 2e-3" || fail "steady_clock: $out"
within "$(field system "$out")" "$unit * 0.97" "$unit * 1.1 + 2e-3" || fail "system_clock: $out"
within "$(field sleep "$out")" 0.3 0.301 || fail "sleep_for: $out"
echo "program_clocks: ok"
