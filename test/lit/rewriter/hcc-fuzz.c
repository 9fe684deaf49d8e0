// Robustness: 240 generated C files, each with one omp task and one malformed
// or random `#pragma hcc` line (Inputs/hcc_fuzz.py: random tokens, truncated
// lines, unbalanced parentheses, random identifiers, numbers, strings,
// misplaced directives). Every run must exit 1 with an `error: hccsim:`
// diagnostic carrying file:line:col, never crash.
// RUN: rm -rf %t.d
// RUN: python3 %S/Inputs/hcc_fuzz.py %hcc-rewrite %t.d 240 20261122 | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: hcc_fuzz: 240 runs, 0 failures
