#!/usr/bin/env bash
# shared_lines.sh <hccsim> <source dir> <work dir>
# An atomic on a line another core updated since moves the line (hcc.line_transfer,
# rt/program/shared_lines.cpp): two threads that increment one counter once a
# round between barriers are charged one move a round (loop_counter.c), exactly;
# on 1 core, none; a host without the property, none; a malformed value is one
# line. The same for a dynamic loop's counter, which the runtime updates
# (dynamic_loop.c), and for the lock the C library takes around rand()
# (library_rand.c). A poll finds a flag no earlier than it was set (flag_polls.c).
set -euo pipefail
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$hccsim" -fsimulate -O1 "$src/loop_counter.c" -o counter
platform() {  # platform <file> <cores> [<line transfer>]
  local line=""
  [ $# -gt 2 ] && line="<prop id=\"hcc.line_transfer\" value=\"$3\"/>"
  cat > "$1" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <zone id="node" routing="Full">
    <host id="CPU" speed="1Gf" core="$2">
      <prop id="hcc.kind" value="cpu"/>
      $line
    </host>
  </zone>
</platform>
XML
}
# Without a model of hcc.notice, a thread woken from a look (a barrier's
# release) sees it two moves late (runtime_costs.cpp): the moves' checks
# below run with a model of 0 (as an instrumented run writes one).
mkdir -p quiet
printf '%s' '{"schema_version": 1, "kernel": "hcc.notice", "arch": "cpu", "entries": [{"footprint": "0x0000000000000000", "size_bytes": 0, "count": 64, "mean": 0.0, "m2": 0.0, "min": 0.0, "max": 0.0, "samples": []}]}' > quiet/hcc.notice.cpu.json
export HCC_MODEL_DIR=$PWD/quiet
platform two.xml 2 1e-4
platform one.xml 1 1e-4
platform none.xml 2
platform bad.xml 2 slow
makespan() { sed -n 's/.*makespan=\([^ ]*\).*/\1/p' <<<"$1"; }
# moves <program> <its output line> <what> <least> <most>: the program's
# output on 2 cores, 1 core and a host without the property; no moves
# without two cores taking turns, and on 2 cores the makespan grown by
# <least> to <most> seconds.
moves() {
  local exe=$1 line=$2 what=$3 two one none m2 m1 m0
  two=$(OMP_NUM_THREADS=2 HCC_PLATFORM=two.xml "./$exe" 2>&1); grep -q "$line" <<<"$two" || fail "$what, 2 cores: $two"
  one=$(OMP_NUM_THREADS=1 HCC_PLATFORM=one.xml "./$exe" 2>&1); grep -q "$line" <<<"$one" || fail "$what, 1 core: $one"
  none=$(OMP_NUM_THREADS=2 HCC_PLATFORM=none.xml "./$exe" 2>&1)
  grep -q "$line" <<<"$none" || fail "$what, no property: $none"
  m2=$(makespan "$two") m1=$(makespan "$one") m0=$(makespan "$none")
  echo "$what: 2 cores, 0.1 ms a move: $m2 s; 1 core: $m1 s; no property: $m0 s"
  python3 -c "import sys; sys.exit(0 if float('$m1') < 0.01 and float('$m0') < 0.01 else 1)" ||
    fail "$what: moves charged without two cores taking turns: 1 core $m1 s, no property $m0 s"
  python3 -c "import sys; d = float('$m2') - float('$m0'); sys.exit(0 if $4 <= d <= $5 else 1)" ||
    fail "$what: 2 cores taking turns on the line: $m2 s, expected $4-$5 s more than $m0"
}
# 500 rounds of about 1 us: a millisecond or two without moves. On 2 cores,
# in each round the thread that updates the counter second takes its line
# from the other: 500 moves of 0.1 ms (the first round's from nowhere on one
# side), 50 ms more (within 4 ms: the two runs' bursts, measured under load),
# never one per update (100 ms), half as many, nor none.
moves counter "counter=1000" "atomic counter" 0.046 0.054
# The runtime's own updates of a shared line: a dynamic loop's counter of
# chunks handed out, which moves between the cores at each chunk taken
# while the other thread still takes chunks. In each round, each thread's
# first ask moves it, and the second ask of the thread that finishes first:
# two moves on the round's longest thread (0.2 ms), 0.1 s in all; never on
# one core.
"$hccsim" -fsimulate -O1 "$src/dynamic_loop.c" -o dynamic
moves dynamic "iterations=1000" "dynamic loop" 0.095 0.105
# The C library's lock around rand(), taken at each draw (library_rand.c,
# rt/backend/sim/sim_rank_random.cpp): the thread whose actor runs second
# waits for each of the other's draws after its own first, each of which
# took the lock's line and the state's there and back: about 999 x 2 moves
# of 0.1 ms, 0.2 s (within 10 %: the two threads leave the barrier a few
# draws apart); as an atomic's line, a few moves (0.4 ms); none on 1 core.
"$hccsim" -fsimulate -O1 "$src/library_rand.c" -o library_rand
"$hccsim" -fnative -O1 "$src/library_rand.c" -o library_rand_native
native_rand=$(./library_rand_native 2>/dev/null | grep draws=)
moves library_rand "$native_rand" "rand() from two threads" 0.18 0.205
# A flag set after a long computation and polled by the other thread
# (flag_polls.c): the setter's actor may run its computation and its store
# before the poller's first read, which must still find the flag no earlier
# in simulated time than it was set; the poller's computation comes after,
# natively as simulated, three times: 3 x (20 + 10) M iterations.
"$hccsim" -fsimulate -O1 "$src/flag_polls.c" -o flag_polls
polls=$(OMP_NUM_THREADS=2 HCC_PLATFORM=two.xml ./flag_polls 2>&1)
grep -q "causal=1 1 1" <<<"$polls" || fail "a poll found a flag before it was set in simulated time: $polls"
echo "flag polls: $(grep causal= <<<"$polls"), $(makespan "$polls") s"
# Without the model: each of the 500 rounds' barrier releases a looking
# thread, as do the region's start and end: 502 x 2 moves of 0.1 ms more
# (0.1004 s, within 5 %); none on one core.
quiet=$(OMP_NUM_THREADS=2 HCC_PLATFORM=two.xml ./counter 2>&1)
noticed=$(OMP_NUM_THREADS=2 HCC_PLATFORM=two.xml HCC_MODEL_DIR= ./counter 2>&1)
alone=$(OMP_NUM_THREADS=2 HCC_PLATFORM=one.xml HCC_MODEL_DIR= ./counter 2>&1)
echo "barrier releases seen two moves late: $(makespan "$noticed") s, with hcc.notice 0: $(makespan "$quiet") s, 1 core: $(makespan "$alone") s"
python3 -c "import sys; d = float('$(makespan "$noticed")') - float('$(makespan "$quiet")'); sys.exit(0 if 0.095 <= d <= 0.105 else 1)" ||
  fail "barrier releases without a notice model: $(makespan "$noticed") s, expected 0.1004 s more than $(makespan "$quiet")"
python3 -c "import sys; sys.exit(0 if float('$(makespan "$alone")') < 0.01 else 1)" || fail "a notice charged on one core: $alone"
bad=$(OMP_NUM_THREADS=2 HCC_PLATFORM=bad.xml ./counter 2>&1) && fail "a malformed hcc.line_transfer was accepted: $bad"
grep -q "hcc.line_transfer=\"slow\"" <<<"$bad" || fail "malformed value: $bad"
[ "$(grep -c . <<<"$bad")" -le 2 ] || fail "more than one line for a malformed value: $bad"
echo "OK"
