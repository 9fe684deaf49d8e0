#!/usr/bin/env bash
# run_fuzzer.sh <fuzzer> <seconds> <work corpus> <seed corpus> [libFuzzer flags...]
#
# Runs a libFuzzer target for <seconds> from its seed corpus (only read; new
# inputs go to <work corpus>), in fork mode so that it goes on after a
# finding, then prints one line of verdicts:
#   fuzz_model_file: 812345 runs in 30 s, 0 crashes, 0 hangs, 0 out-of-memory
# and fails when there was any. Inputs that caused them are kept in
# <work corpus>.artifacts/ (crash-*, timeout-*, oom-*).
set -u
fuzzer=$1 seconds=$2 work=$3 seeds=$4
shift 4
name=$(basename "$fuzzer")
mkdir -p "$work" "$work.artifacts"
log="$work.log"
# The targets' scratch files (one per fuzzing process) go to a directory of
# this run's own, removed at the end, killed processes' files included.
export TMPDIR="$work.tmp"
rm -rf "$TMPDIR" && mkdir -p "$TMPDIR"
trap 'rm -rf "$TMPDIR"' EXIT
"$fuzzer" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
  -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 \
  -artifact_prefix="$work.artifacts/" "$@" "$work" "$seeds" > "$log" 2>&1
rc=$?
# Fork mode's status lines: "#<runs>: cov: .. oom/timeout/crash: O/T/C time: Ns ..."
last=$(grep -E 'oom/timeout/crash: [0-9]+/[0-9]+/[0-9]+' "$log" | tail -n 1)
if [ -z "$last" ]; then
  tail -n 30 "$log"
  echo "FAIL: $name: no status line (exit status $rc)"
  exit 1
fi
runs=$(sed -E 's/^#([0-9]+):.*/\1/' <<< "$last")
read -r ooms hangs crashes < <(sed -E 's#.*oom/timeout/crash: ([0-9]+)/([0-9]+)/([0-9]+).*#\1 \2 \3#' <<< "$last")
secs=$(sed -E 's/.* time: ([0-9]+)s.*/\1/' <<< "$last")
echo "$name: $runs runs in $secs s, $crashes crashes, $hangs hangs, $ooms out-of-memory"
if [ "$crashes" -ne 0 ] || [ "$hangs" -ne 0 ] || [ "$ooms" -ne 0 ]; then
  grep -E '^(==[0-9]+==ERROR|fuzz_[a-z_]+:|SUMMARY)' "$log" | head -n 20
  ls "$work.artifacts"
  echo "FAIL: $name"
  exit 1
fi
