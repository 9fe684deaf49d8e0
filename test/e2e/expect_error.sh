#!/usr/bin/env bash
# expect_error.sh <regex> <command...>
# Passes when the command fails cleanly (exit status 1, not a crash) and
# prints exactly one "hccsim: error:" line on stderr, which matches <regex>.
set -u
regex=$1
shift
err=$(mktemp)
"$@" >/dev/null 2>"$err"
rc=$?
lines=$(grep -c '^hccsim: error:' "$err")
line=$(grep '^hccsim: error:' "$err")
cat "$err"
rm -f "$err"
if [ "$rc" -ne 1 ]; then echo "FAIL: exit status $rc, expected 1"; exit 1; fi
if [ "$lines" -ne 1 ]; then echo "FAIL: $lines error lines, expected 1"; exit 1; fi
if ! [[ "$line" =~ $regex ]]; then echo "FAIL: '$line' does not match '$regex'"; exit 1; fi
echo "ok: $line"
