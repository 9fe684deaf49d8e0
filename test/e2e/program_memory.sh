#!/usr/bin/env bash
# program_memory.sh <hccsim> <source dir> <work dir>
# The program's own heap (rt/program/program_memory.hpp): instrumented and
# simulated runs count every allocation of the program, so peak_mem is its
# peak to the byte; simulated runs fold large blocks, which the program
# writes and reads without the host's memory growing by their size.
set -euo pipefail
# Simulations charge tasks only here (HCC_SIM_BURSTS=off): with the program's
# own code measured as CPU bursts, two simulations differ by the host's timing
# (test/e2e/bursts/ tests the bursts).
export HCC_SIM_BURSTS=off
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
export HCC_WORKERS=2 HCC_MODEL_DIR=$work/models
fail() { echo "FAIL: $*"; exit 1; }

for mode in instrument simulate native; do
  "$hccsim" -f$mode -O2 "$src/main.c" "$src/objects.cpp" -o "pm-$mode"
done
# An object compiled with -c is redirected too (a build system's two steps).
"$hccsim" -fsimulate -O2 -c "$src/objects.cpp" -o objects.o
nm objects.o | grep -q " U hcc_program_new$" || fail "objects.o does not call hcc_program_new: $(nm objects.o | grep -i new)"
"$hccsim" -fnative -O2 -c "$src/objects.cpp" -o objects-native.o
nm objects-native.o | grep -q hcc_program && fail "a native object calls the counting allocator"

# field <name> <text>: the value of name=value in text.
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$2" | head -1; }

# 1. The peak is exact, counted the same natively (instrumented) and simulated.
for mode in instrument simulate; do
  for touch in 1 64; do
    out=$("./pm-$mode" $touch 2>&1)
    expected=$(field expected_peak "$out") peak=$(field peak_mem "$out")
    [ -n "$expected" ] && [ "$peak" = "$expected" ] || fail "$mode, $touch MiB block: peak_mem=$peak, the program's peak is $expected: $out"
    echo "ok: $mode, $touch MiB block: peak_mem=$peak"
  done
done
out=$(./pm-native 1 2>&1)
[ "$(field peak_mem "$out")" = 0 ] || fail "native runs count nothing: $out"

# 2. Folded (HCC_FOLD_THRESHOLD=1M): a 512 MiB block written and read whole,
#    the resident set grows by the folding window (256 MiB) at most; one of
#    which a byte every 4 MiB is written, by 256 KiB a byte (128 of them),
#    not by the 2 MiB a sweep maps at once; the run names where the blocks
#    folded by size were allocated; unfolded (the default, or 0) by the block.
out=$(HCC_FOLD_THRESHOLD=1M ./pm-simulate 512 2>&1)
growth=$(field rss_growth_mib "$out") sparse=$(field sparse_growth_mib "$out")
[ "$(field sum_ok "$out")" = 1 ] || fail "folded block read back wrong: $out"
python3 -c "import sys; sys.exit(0 if float('$growth') <= 264 else 1)" || fail "folded: resident set grew by $growth MiB: $out"
python3 -c "import sys; sys.exit(0 if 16 <= float('$sparse') <= 40 else 1)" \
  || fail "folded, a byte every 4 MiB: resident set grew by $sparse MiB (32 expected): $out"
grep -qE "^hccsim: folded 3 allocation\(s\) of the program, 1076741824 bytes in all \(.*\): what the program computes from them may differ from a native run; allocated by size at pm-simulate\+0x[0-9a-f]+(, pm-simulate\+0x[0-9a-f]+)*$" <<<"$out" \
  || fail "no folding line naming the site: $out"
out=$(./pm-simulate 512 2>&1)
grep -q "folded" <<<"$out" && fail "folded without HCC_FOLD_THRESHOLD: $out"
unfolded=$(field rss_growth_mib "$(HCC_FOLD_THRESHOLD=0 ./pm-simulate 512 2>&1)")
python3 -c "import sys; sys.exit(0 if float('$unfolded') >= 500 else 1)" || fail "unfolded: grew by $unfolded MiB only"
echo "ok: 512 MiB written and read: resident set +$growth MiB folded, +$unfolded MiB unfolded; sparse +$sparse MiB folded"
# Below the threshold nothing is folded.
out=$(HCC_FOLD_THRESHOLD=1G ./pm-simulate 512 2>&1)
grep -q "folded" <<<"$out" && fail "folded below HCC_FOLD_THRESHOLD: $out"

# 3. The memory curve: the program's peak, then back to nothing; the same
#    bytes from two simulated runs.
HCC_MEMORY_CSV=a.csv ./pm-simulate 1 >/dev/null 2>&1
HCC_MEMORY_CSV=b.csv ./pm-simulate 1 >/dev/null 2>&1
cmp -s a.csv b.csv || fail "two simulated runs wrote different memory curves"
[ "$(cut -d, -f3 a.csv | sort -n | tail -1)" = 3144908 ] || fail "curve peak: $(cat a.csv)"
[ "$(tail -1 a.csv | cut -d, -f3)" = 0 ] || fail "curve does not end at 0: $(cat a.csv)"
echo "ok: memory curve"

# 4. A simulated build touches a large block when allocated only if the
#    program samples (its first sampled runs would measure the faults);
#    otherwise its pages come in the order of the program's own accesses.
for variant in plain samples; do
  flag=$([ $variant = samples ] && echo -DSAMPLES || true)
  "$hccsim" -fsimulate -O2 $flag "$src/first_touch.c" -o "touch-$variant"
  faults=$(field faults "$(HCC_FOLD_THRESHOLD=0 ./touch-$variant 2>&1)")
  [ -n "$faults" ] || fail "first_touch ($variant) printed no faults"
  if [ $variant = samples ]; then
    [ "$faults" -ge 4096 ] || fail "a sampling program's 16 MiB block: $faults pages faulted when allocated"
  else
    [ "$faults" -lt 512 ] || fail "a program that does not sample: $faults pages faulted when allocated"
  fi
done
echo "ok: large blocks touched when allocated only in programs that sample"

# 5. Temporaries allocated and freed every step: a simulated build faults as
#    often as the native one (glibc trims the top: fresh pages every step),
#    and rarely where a kept block stops the trim; calloc's bytes read zero.
"$hccsim" -fnative -O2 "$src/temporaries.c" -o temporaries-native
"$hccsim" -fsimulate -O2 "$src/temporaries.c" -o temporaries-simulate
for variant in trimmed keep; do
  native=$(./temporaries-native $variant 2>&1) simulated=$(./temporaries-simulate $variant 2>&1)
  n=$(field faults_per_step "$native") s=$(field faults_per_step "$simulated")
  [ -n "$n" ] && [ -n "$s" ] || fail "temporaries ($variant) printed no faults: $native / $simulated"
  [ "$(field sum "$native") $(field zeros "$native")" = "$(field sum "$simulated") 1" ] \
    || fail "temporaries ($variant): simulated '$simulated', native '$native'"
  # 4 x 256 KiB and a 256 KiB calloc a step: natively about 290 pages trimmed, 20 kept.
  if [ $variant = trimmed ]; then
    [ "$n" -ge 200 ] || fail "native temporaries fault $n pages a step: glibc no longer trims?"
    [ $((s * 10)) -ge $((n * 7)) ] && [ $((s * 10)) -le $((n * 13)) ] \
      || fail "temporaries ($variant): $s pages faulted a step simulated, $n natively"
  else
    [ "$s" -le $((n + 40)) ] || fail "temporaries ($variant): $s pages faulted a step simulated, $n natively"
  fi
done
echo "ok: the program's pages are fresh where a native run's allocator gives fresh ones"

# 6. A kernel's allocations (a task that declares them) fault no more pages in
#    an instrumented run than natively: the runtime keeps no entry for the
#    blocks it does not count (4,096 blocks over a touched heap: 3,762
#    faults when it kept them).
"$hccsim" -fnative -O2 "$src/kernel_blocks.c" -o kernel-blocks-native
"$hccsim" -finstrument -O2 "$src/kernel_blocks.c" -o kernel-blocks-instrument
native=$(./kernel-blocks-native 2>&1) instrumented=$(./kernel-blocks-instrument 2>&1)
n=$(field task_faults "$native") i=$(field task_faults "$instrumented")
[ -n "$n" ] && [ -n "$i" ] || fail "kernel_blocks printed no faults: $native / $instrumented"
[ "$(field sum "$native")" = "$(field sum "$instrumented")" ] || fail "kernel_blocks: $instrumented / $native"
[ "$i" -le $((n + 256)) ] || fail "a kernel's 4,096 allocations: $i pages faulted instrumented, $n natively"
echo "ok: a kernel's allocations fault $i pages instrumented, $n natively"

# 7. A threshold that is not a size is one line.
out=$(HCC_FOLD_THRESHOLD=12x ./pm-simulate 1 2>&1) && fail "HCC_FOLD_THRESHOLD=12x accepted"
[ "$out" = "hccsim: error: HCC_FOLD_THRESHOLD=12x: expected a size in bytes (e.g. 1048576 or 1M; 0: never fold)" ] \
  || fail "HCC_FOLD_THRESHOLD=12x: $out"
echo "ok: all"
