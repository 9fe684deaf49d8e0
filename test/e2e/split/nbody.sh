#!/usr/bin/env bash
# nbody.sh <hccsim bin dir> <examples/split-nbody> <work dir>
# examples/split-nbody without a GPU: built by gcc -fopenmp and by hccsim,
# every position equals the sequential run's bit for bit ("ok"), and both
# print the same checksum; simulated on h100-node with models of its split
# force loop (the GPU side's and the CPU part's loop), each step's parts
# end within 5 % of each other. The MPI variant (skipped without mpirun)
# prints that checksum under mpirun with 1, 2 and 3 ranks, and simulated
# with 2 ranks its "simulated" line: on a node each, and on h100-node,
# where both split their bodies with its GPU (copies at the PCI link's
# speed).
set -euo pipefail
bin=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/models" && cd "$work"
fail() { echo "FAIL: $*"; exit 1; }
checksum() { sed -n 's/.*checksum=\([^ ]*\).*/\1/p' <<<"$1"; }
"$bin/hccsim" -fnative -O2 "$src/nbody.c" -lm -o nbody-native
"$bin/hccsim" -fsimulate -O2 "$src/nbody.c" -lm -o nbody-sim
out=$(HCC_WORKERS=2 ./nbody-native 1500 4 check 2>&1)
grep -q "^nbody: ok " <<<"$out" || fail "hccsim native: $out"
sum=$(checksum "$out")
if command -v gcc >/dev/null; then
  gcc -O2 -fopenmp -Wno-unknown-pragmas "$src/nbody.c" -lm -o nbody-gcc
  out=$(OMP_NUM_THREADS=2 ./nbody-gcc 1500 4 check 2>&1)
  grep -q "^nbody: ok " <<<"$out" && [ "$(checksum "$out")" = "$sum" ] || fail "gcc build: $out (hccsim: $sum)"
fi

# Simulated: the force loop's GPU side and CPU part from models.
line=$(grep -n "nbody_force(i, pos" "$src/nbody.c" | head -1 | cut -d: -f1)
model() {  # file kernel arch intercept slope
  cat > "models/$1.json" <<JSON
{"schema_version":1,"kernel":"$2","arch":"$3","regression":{"terms":["1","iterations"],"coef":[$4,$5],
 "ci_low":[$4,$5],"ci_high":[$4,$5],"r2":1,"adj_r2":1,"cv_rmse":0,"n":10},"entries":[]}
JSON
}
model split_forces.cuda split:forces cuda 5e-6 1e-8
model "loop_nbody.c_$((line - 1)).cpu" "loop:nbody.c:$((line - 1))" cpu 2e-6 4e-6
out=$(HCC_SIM_BURSTS=off HCC_SIM_LOOPS=model HCC_PLATFORM=h100-node HCC_MODEL_DIR=models ./nbody-sim 20000 4 stats 2>&1)
grep -q "^nbody: N=20000 steps=4 simulated$" <<<"$out" || fail "simulated run: $out"
python3 - "$out" <<'PY' || fail "balance: $out"
import re, sys
runs = [tuple(map(float, m)) for m in re.findall(r"^run=\d+ gpu=(\d+) cpu=(\d+) gpu_s=([0-9.]+) cpu_s=([0-9.]+)$", sys.argv[1], re.M)]
assert len(runs) == 4, runs
for g, c, tg, tc in runs:
    assert g > 0 and c > 0 and abs(tg - tc) / max(tg, tc) <= 0.05, (g, c, tg, tc)
PY

if ! command -v mpirun >/dev/null; then echo "nbody: ok (MPI variant skipped: no mpirun)"; exit 0; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
"$bin/hccsim" -fnative -O2 "$src/nbody_mpi.c" -lm -o nbody-mpi-native
"$bin/hccsim" -fsimulate -O2 "$src/nbody_mpi.c" -lm -o nbody-mpi-sim
for np in 1 2 3; do
  out=$(HCC_WORKERS=1 timeout 120 mpirun -np $np ./nbody-mpi-native 1500 4 2>&1)
  [ "$(checksum "$out")" = "$sum" ] || fail "nbody_mpi, $np ranks: $out (expected checksum=$sum)"
done
out=$(HCC_SIM_BURSTS=off timeout 120 "$bin/hccsim-run" -np 2 --platform local-2node ./nbody-mpi-sim 1500 4 2>&1)
grep -q "^nbody_mpi: N=1500 steps=4 ranks=2 simulated$" <<<"$out" || fail "nbody_mpi simulated: $out"
# Two ranks on h100-node share its GPU: each splits its own bodies.
model split_forces.cuda split:forces cuda 5e-6 1e-8
mline=$(grep -n "nbody_force(lo + i" "$src/nbody_mpi.c" | head -1 | cut -d: -f1)
model "loop_nbody_mpi.c_$((mline - 1)).cpu" "loop:nbody_mpi.c:$((mline - 1))" cpu 2e-6 4e-6
out=$(HCC_SIM_BURSTS=off HCC_SIM_LOOPS=model HCC_MODEL_DIR=models HCC_RECORDS=mpi.csv timeout 120 \
      "$bin/hccsim-run" -np 2 --platform h100-node ./nbody-mpi-sim 20000 3 2>&1)
grep -q "^nbody_mpi: N=20000 steps=3 ranks=2 simulated$" <<<"$out" || fail "nbody_mpi on h100-node: $out"
[ "$(cat mpi.*.csv | grep -c ',split:forces,cuda,')" -ge 2 ] || fail "nbody_mpi on h100-node: no GPU part in the records (mpi.<rank>.csv)"
# Its copies to the GPU at the PCI link's own latency and bandwidth (8.1 us,
# 55.7 GB/s shared by the two ranks' copies at once, 1.1 us of queueing),
# not under SMPI's factors for MPI messages.
python3 - mpi.0.csv <<'PY' || fail "nbody_mpi on h100-node: copies to the GPU not at the link's speed"
import csv, sys
up = [r for r in csv.DictReader(open(sys.argv[1])) if r["kernel"] == "transfer" and r["arch"] == "CUDA0-up"]
expected = 8.1e-6 + 2 * 480000 / 55.7e9 + 1.1e-6
assert up and all(abs(float(r["duration"]) - expected) <= 0.01 * expected for r in up if r["bytes_in"] == "480000"), up
PY
echo "nbody: ok"
