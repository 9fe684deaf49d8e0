#!/bin/bash
# hcc-calibrate --platform writes a platform file that hccsim loads.
# Usage: calibrate_platform_test.sh <hcc-calibrate> <capi-cholesky-sim> <scratch dir>
set -u
tool=$1
sim=$2
dir=$3
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$dir"
mkdir -p "$dir" || fail "mkdir $dir"
cd "$dir" || fail "cd $dir"

"$tool" --platform "$dir/p.xml" --cores 3 > out.txt 2> err.txt
rc=$?
cat out.txt err.txt
[ $rc -eq 0 ] || fail "hcc-calibrate exit status $rc"
grep -q '^memcpy bandwidth: [0-9.]* GB/s (256 MiB, best of 5)$' out.txt || fail "bandwidth line"
# Without CUDA or a GPU the platform has none; with a GPU, its measured line.
grep -Eq '^((no CUDA device|built without CUDA): platform without GPUs$|CUDA0 )' out.txt || fail "no CUDA line"
grep -q 'core="3"' p.xml || fail "core in p.xml"
grep -q '<prop id="hcc.kind" value="cpu"/>' p.xml || fail "hcc.kind in p.xml"
grep -q '<prop id="hcc.memory" value="[1-9][0-9]*"/>' p.xml || fail "hcc.memory in p.xml"
[ -z "$(ls -A "$dir" | grep -v -e '^p.xml$' -e '^out.txt$' -e '^err.txt$')" ] || fail "temporary files left"

# Bad uses.
"$tool" --cores 3 > /dev/null 2>&1; [ $? -eq 2 ] || fail "--cores without --platform"
"$tool" > /dev/null 2>&1; [ $? -eq 2 ] || fail "no arguments"
"$tool" --platform "$dir/no/such/dir/p.xml" > /dev/null 2> err2.txt; [ $? -eq 1 ] || fail "unwritable path"
grep -q '^hcc-calibrate: cannot write' err2.txt || fail "unwritable path message"

unset HCC_WORKERS
HCC_PLATFORM="$dir/p.xml" HCC_MODEL_DIR="$dir/models" "$sim" 1024 256 > sim.txt 2>&1
rc=$?
cat sim.txt
[ $rc -eq 0 ] || fail "capi-cholesky-sim exit status $rc"
grep -q '^hccsim: mode=simulate .* workers=3 ' sim.txt || fail "summary line does not say workers=3"
echo PASS
