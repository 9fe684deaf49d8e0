// #pragma hcc keep_global(name, ...): variables every rank shares on
// purpose, left as written (a remark says so); a name that matches no
// variable is a warning.
// RUN: %hcc-rewrite --privatize %s -- 2>&1 | %strip-checks | FileCheck %s
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%hccplugin -fplugin-arg-hcc-privatize -fplugin-arg-hcc-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REQUIRES: hcc-plugin
int log_level = 1, hits;
#pragma hcc keep_global(log_level, missing)
// CHECK: keep-global.c:[[@LINE-1]]:9: warning: hccsim: 'missing' in '#pragma hcc keep_global' names no global or static variable of this file
// REMARK: keep-global.c:[[@LINE-2]]:9: remark: hccsim: 'log_level' kept global (keep_global): every rank of a simulation shares it
// REMARK: keep-global.c:[[@LINE-4]]:20: remark: hccsim: 'hits' privatised: each rank of a simulation has its own copy

int f(void) {
  hits += log_level;
  return hits;
}
// CHECK: HCC_PRIVATE(hits) += log_level;
