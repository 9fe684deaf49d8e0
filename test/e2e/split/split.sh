#!/usr/bin/env bash
# split.sh <hccsim> <source dir> <work dir>
# A loop split between CPU workers and GPUs (split.c, hcc_split_for):
# natively without a GPU it is an ordinary parallel loop with the right
# result; simulated on h100-node (one GPU) and mirage (three behind one
# bus) with linear models of each side, the parts end within 5 % of each
# other at every run: the first's share from the models, the next ones'
# from history, also with half the CPU workers busy with a long task (the
# share computed on the free ones, SGPU 2's getRes); HCC_SPLIT forces a
# share; a whole array every part reads goes to the GPU once when the
# program registered it (split_whole.c); a malformed HCC_SPLIT is one line;
# a GPU side without a model is one line. The same loop written with
# '#pragma hcc split' (split_pragma.c) builds with gcc, is right natively,
# and simulated (its CPU part the team's loop, charged from its model)
# balances the same way.
set -euo pipefail
hccsim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/models" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
"$hccsim" -fnative -O1 "$src/split.c" -lm -o split-native
"$hccsim" -fsimulate -O1 "$src/split.c" -lm -o split
"$hccsim" -fnative -O1 "$src/split_pragma.c" -lm -o pragma-native
"$hccsim" -fsimulate -O1 "$src/split_pragma.c" -lm -o pragma
field() { sed -n "s/.*\b$1=\([^ ]*\).*/\1/p" <<<"$2" | head -1; }
model() {  # model <arch> <intercept> <slope> [<loop name>: axpy]
  local name=${4:-axpy}
  cat > "models/split_$name.$1.json" <<JSON
{"schema_version":1,"kernel":"split:$name","arch":"$1","regression":{"terms":["1","iterations"],"coef":[$2,$3],
 "ci_low":[$2,$3],"ci_high":[$2,$3],"r2":1,"adj_r2":1,"cv_rmse":0,"n":10},"entries":[]}
JSON
}
# balanced <output>: four runs, each with both sides busy and ending
# within 5 % of each other: the first from the models (the GPU side's
# allocations and copies included), the next ones from history.
balanced() {
  python3 - "$1" <<'PY'
import re, sys
runs = [tuple(map(float, m)) for m in re.findall(r"^run=\d+ gpu=(\d+) cpu=(\d+) gpu_s=([0-9.]+) cpu_s=([0-9.]+)$", sys.argv[1], re.M)]
assert len(runs) == 4, runs
for g, c, tg, tc in runs:
    assert g > 0 and c > 0, (g, c)
    assert abs(tg - tc) / max(tg, tc) <= 0.05, (tg, tc)
PY
}
model cpu 2e-6 1e-9
model cuda 5e-6 2e-11
# Simulations charge the parts only (the bursts of the program's set-up
# loop would not change the parts' times, only the run's).
export HCC_SIM_BURSTS=off

out=$(HCC_WORKERS=2 ./split-native 100000 3 2>&1)
grep -q "^wrong=0$" <<<"$out" || fail "native split loop: $out"
grep -q "^run=3 gpu=0 cpu=100000 " <<<"$out" || fail "native split loop without a GPU: $out"

# Half the CPU workers busy with a long task (SGPU 2's getRes): the share,
# from the models then history, is computed on the free ones.
cat > models/busy.cpu.json <<'JSON'
{"schema_version":1,"kernel":"busy","arch":"cpu","entries":[{"footprint":"0xcbf29ce484222325","size_bytes":0,
 "count":10,"mean":1.0,"m2":0,"min":1.0,"max":1.0,"samples":[1.0]}]}
JSON
free=$(HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./split 10000000 4 2>&1)
out=$(HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./split 10000000 4 8 2>&1)
balanced "$out" || fail "balance with 8 of 16 CPU workers busy: $out"
g_free=$(sed -n 's/^run=4 gpu=\([0-9]*\) .*/\1/p' <<<"$free") g_busy=$(sed -n 's/^run=4 gpu=\([0-9]*\) .*/\1/p' <<<"$out")
[ "$g_busy" -gt "$g_free" ] || fail "busy CPU workers: the GPUs got $g_busy iterations, $g_free with all free"
# A whole array every part reads: sent to the GPU at each run, or once when
# the program registered it (hcc_data_register: coherence keeps the copy).
"$hccsim" -fnative -O1 "$src/split_whole.c" -o whole-native
"$hccsim" -fsimulate -O1 "$src/split_whole.c" -o whole
for m in "" registered; do
  out=$(HCC_WORKERS=2 ./whole-native 100000 1000 3 $m 2>&1)
  grep -q "^wrong=0$" <<<"$out" || fail "native split_whole $m: $out"
done
model cpu 2e-6 5e-8 weigh  # the CPU side slow enough for the GPU to get a part
model cuda 5e-6 2e-11 weigh
for m in "" registered; do
  out=$(HCC_PLATFORM=h100-node HCC_MODEL_DIR=models HCC_RECORDS=whole$m.csv ./whole 1000000 100000 3 $m 2>&1)
  grep -qx simulated <<<"$out" || fail "simulated split_whole $m: $out"
  sent=$(grep -c "CUDA0-up.*bytes=800000," whole$m.csv || true)
  [ "$sent" = "$([ -z "$m" ] && echo 3 || echo 1)" ] || fail "split_whole $m: the whole array sent $sent times in 3 runs"
done
for preset in h100-node mirage; do  # one GPU; three behind one bus
  out=$(HCC_PLATFORM=$preset HCC_MODEL_DIR=models ./split 10000000 4 2>&1)
  balanced "$out" || fail "balance on $preset: $out"
  grep -qx simulated <<<"$out" || fail "simulated line: $out"
done

out=$(HCC_SPLIT=gpu HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./split 1000 1 2>&1)
grep -q "^run=1 gpu=1000 cpu=0 " <<<"$out" || fail "HCC_SPLIT=gpu: $out"
out=$(HCC_SPLIT=0.25 HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./split 1000 1 2>&1)
grep -q "^run=1 gpu=250 cpu=750 " <<<"$out" || fail "HCC_SPLIT=0.25: $out"
out=$(HCC_SPLIT=cpu HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./split 1000 1 2>&1)
grep -q "^run=1 gpu=0 cpu=1000 " <<<"$out" || fail "HCC_SPLIT=cpu: $out"

out=$(HCC_SPLIT=half HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./split 1000 1 2>&1) && fail "HCC_SPLIT=half accepted"
grep -qx "hccsim: error: HCC_SPLIT=half: expected cpu, gpu or the GPUs' share in \[0, 1\]" <<<"$out" \
  || fail "HCC_SPLIT=half: $out"
rm models/split_axpy.cuda.json
out=$(HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./split 1000 1 2>&1) && fail "a GPU side without a model ran"
grep -q "no model for kernel 'split:axpy' on cuda" <<<"$out" || fail "GPU side without a model: $out"
out=$(HCC_WORKERS=2 ./pragma-native 100000 3 2>&1)
grep -q "^wrong=0$" <<<"$out" && grep -q "^run=3 gpu=0 cpu=100000 " <<<"$out" || fail "native split pragma: $out"
if command -v gcc >/dev/null; then
  gcc -fopenmp -O1 "$src/split_pragma.c" -lm -o pragma-gcc 2>/dev/null
  out=$(OMP_NUM_THREADS=2 ./pragma-gcc 100000 3 2>&1)
  [ "$out" = "wrong=0" ] || fail "gcc build of the split pragma: $out"
fi
model cuda 5e-6 2e-11
line=$(grep -n "omp parallel for" "$src/split_pragma.c" | cut -d: -f1)
cat > "models/loop_split_pragma.c_$line.cpu.json" <<JSON
{"schema_version":1,"kernel":"loop:split_pragma.c:$line","arch":"cpu","regression":{"terms":["1","iterations"],
 "coef":[2e-6,1e-9],"ci_low":[2e-6,1e-9],"ci_high":[2e-6,1e-9],"r2":1,"adj_r2":1,"cv_rmse":0,"n":10},"entries":[]}
JSON
out=$(HCC_SIM_LOOPS=model HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./pragma 10000000 4 2>&1)
balanced "$out" || fail "balance of the split pragma: $out"
echo "split: ok"
