#!/bin/sh
# Runs the built hcc-calibrate on generated records CSV files and checks its
# exit status, output and the files it writes.
# Usage: calibrate_cli_test.sh <hcc-calibrate> <scratch dir>
set -u
tool=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir" || exit 1
cd "$dir" || exit 1
fail() { echo "FAIL: $*"; exit 1; }

# Durations 1e-4 + 2e-9*NB^3 + 5e-10*NB^2*MB (exact), a kernel without parameters.
awk 'BEGIN {
  print "id,kernel,arch,worker,footprint,submit,start,end,duration,bytes_in,bytes_out,params"
  id = 0
  split("64 128 256 384 512 768 1024", nbs, " ")
  split("32 64 128 512 1024 2048", mbs, " ")
  for (i = 1; i <= 7; i++) for (j = 1; j <= 6; j++) for (r = 0; r < 2; r++) {
    nb = nbs[i]; mb = mbs[j]; id++
    d = 1e-4 + 2e-9 * nb * nb * nb + 5e-10 * nb * nb * mb
    printf "%d,dgemm,cpu,0,0x%016x,0,0,%.9f,%.9f,%d,%d,\"NB=%d;MB=%d\"\n", id, nb * 4096 + mb, d, d, nb * mb * 8, nb * 8, nb, mb
    printf "%d,\"copy,2\",cuda,1,0x%016x,0,0,0.001,0.001000000,%d,0,\n", id, nb, nb * 8
  }
}' > records.csv || fail "awk"

"$tool" --model-dir models --report report.html --emit-c models.c records.csv > out.txt 2> err.txt
rc=$?
cat out.txt err.txt
[ $rc -eq 0 ] || fail "exit status $rc"
grep -q '^dgemm/cpu: 84 observations, 42 footprints, mean .* s; terms 1 + MB\*NB^2 + NB^3, adj R^2 1, CV RMSE' out.txt || fail "dgemm summary"
grep -q '^copy,2/cuda: 84 observations, 7 footprints, mean 0.001 s; no regression' out.txt || fail "copy summary"
[ -f models/dgemm.cpu.json ] && [ -f models/copy_2.cuda.json ] || fail "model files"
grep -q '"regression": {"terms":\["1","MB\*NB^2","NB^3"\]' models/dgemm.cpu.json || fail "regression in model file"
grep -q '^double hcc_model_dgemm_cpu(double MB, double NB)$' models.c || fail "C code"
[ "$(grep -c '<svg' report.html)" -eq 4 ] || fail "report plots"
[ ! -s err.txt ] || fail "unexpected stderr"

# Second run: merges (counts double).
"$tool" --quiet --model-dir models records.csv > out2.txt || fail "second run"
[ ! -s out2.txt ] || fail "--quiet printed something"
grep -q '"count":4,' models/dgemm.cpu.json || fail "merge kept older observations"

# A malformed record: file:line message, exit 1, nothing written.
head -6 records.csv > bad.csv
echo '99,dgemm,cpu,0,0x1,0,0,1,slow,1,1,NB=1;MB=2' >> bad.csv
cp models/dgemm.cpu.json before.json
"$tool" --model-dir models --report bad.html records.csv bad.csv > out3.txt 2> err3.txt
rc=$?
[ $rc -eq 1 ] || fail "malformed input: exit status $rc"
grep -qx 'hcc-calibrate: bad.csv:7: duration "slow" is not a number' err3.txt || { cat err3.txt; fail "malformed message"; }
[ ! -e bad.html ] || fail "report written despite the error"
cmp -s before.json models/dgemm.cpu.json || fail "model file changed despite the error"

# Bad --terms, terms that cannot be fitted.
"$tool" --model-dir models --terms 'NB^0' records.csv 2> err4.txt && fail "bad --terms accepted"
grep -q '^hcc-calibrate: --terms: parse_terms: expected an exponent at position 3' err4.txt || fail "--terms message"
"$tool" --model-dir models --kernel dgemm --terms 'NB^3, KB' records.csv 2> err5.txt && fail "unfittable terms accepted"
grep -q '^hcc-calibrate: dgemm/cpu: cannot fit the terms: ' err5.txt || fail "unfittable message"
cmp -s before.json models/dgemm.cpu.json || fail "model file changed by a failed run"

# --min-gain: exact data still select their two terms with a strict gain;
# a value outside [0, 1) is a usage error that writes nothing.
"$tool" --model-dir mg --kernel dgemm --min-gain 0.5 records.csv > out6.txt || fail "--min-gain 0.5"
grep -q '^dgemm/cpu: .*; terms 1 + MB\*NB^2 + NB^3, adj R^2 1' out6.txt || { cat out6.txt; fail "--min-gain 0.5 terms"; }
"$tool" --model-dir mg2 --min-gain 1 records.csv 2> err7.txt
[ $? -eq 2 ] || fail "--min-gain 1: exit status"
grep -qx 'hcc-calibrate: --min-gain 1: expected a fraction in \[0, 1)' err7.txt || { cat err7.txt; fail "--min-gain 1 message"; }
[ ! -e mg2 ] || fail "--min-gain 1 wrote models"

# A model file holding a number JSON cannot represent: one line naming the
# file, exit status 1.
mkdir -p overflow
printf '{"schema_version":1,"kernel":"dgemm","arch":"cpu","entries":[{"footprint":"0x0","size_bytes":0,"count":1,"mean":1e400,"m2":0,"min":1,"max":1,"samples":[],"histogram":{"edges":[],"counts":[]}}]}' \
  > overflow/dgemm.cpu.json
"$tool" --model-dir overflow --kernel dgemm records.csv 2> err8.txt
[ $? -eq 1 ] || fail "overflowing model file: exit status"
grep -qx "hcc-calibrate: model file overflow/dgemm.cpu.json: not valid JSON: number overflow parsing '1e400'" err8.txt ||
  { cat err8.txt; fail "overflowing model file message"; }
# Every input is checked before anything is written: a duration no model
# may hold (1e300 s would make m2 inf) and byte counts whose sum wraps are
# refused with their file and line.
cp -r models models-before
{ head -3 records.csv; echo '99,dgemm,cpu,0,0x1,0,0,1e300,1e300,1,1,NB=1;MB=2'; } > huge.csv
"$tool" --model-dir models records.csv huge.csv 2> err9.txt
[ $? -eq 1 ] || fail "huge duration: exit status"
grep -qx 'hcc-calibrate: huge.csv:4: duration "1e300" must be in \[0, 1e7\] seconds' err9.txt ||
  { cat err9.txt; fail "huge duration message"; }
{ head -3 records.csv; echo '99,dgemm,cpu,0,0x1,0,0,1,1,18446744073709551615,1,NB=1;MB=2'; } > bytes.csv
"$tool" --model-dir models records.csv bytes.csv 2> err10.txt
[ $? -eq 1 ] || fail "byte overflow: exit status"
grep -qx 'hcc-calibrate: bytes.csv:4: bytes_in + bytes_out is more than 2^64 - 1' err10.txt ||
  { cat err10.txt; fail "byte overflow message"; }
# A model file that cannot take the new observations (its count would pass
# 2^53) stops the run before any other kernel's file is rewritten.
sed -E '0,/"count":[0-9]+/s//"count":9007199254740990/' models/copy_2.cuda.json > copy.json && mv copy.json models/copy_2.cuda.json
cp models/copy_2.cuda.json models-before/copy_2.cuda.json
"$tool" --model-dir models records.csv 2> err11.txt
[ $? -eq 1 ] || fail "count overflow: exit status"
grep -qE '^hcc-calibrate: model file models/copy_2.cuda.json: merged count 9007199254740990 \+ [0-9]+ is more than 2\^53' err11.txt ||
  { cat err11.txt; fail "count overflow message"; }
diff -r models-before models > /dev/null || fail "a model file changed despite an invalid input"
# A records file with a header and no rows: the error names it.
head -1 records.csv > header-only.csv
"$tool" --model-dir models header-only.csv 2> err12.txt
[ $? -eq 1 ] || fail "no records: exit status"
grep -qx 'hcc-calibrate: no records in header-only.csv' err12.txt || { cat err12.txt; fail "no records message"; }
"$tool" --model-dir models --kernel potrf records.csv 2> err13.txt
grep -qx "hcc-calibrate: no records of kernel 'potrf' in records.csv" err13.txt || { cat err13.txt; fail "no records of kernel message"; }
echo PASS
