// Remarks: -fplugin-arg-hcc-remarks, or -Rhcc (clang does not know the group:
// it warns "unknown remark option" unless -Wno-unknown-warning-option).
// RUN: %clang -fplugin=%hccplugin -fplugin-arg-hcc-remarks -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang -fplugin=%hccplugin -Rhcc -Wno-unknown-warning-option -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %clang -fplugin=%hccplugin -Rhcc -fopenmp -c %s -o %t.o 2>&1 | FileCheck %s --check-prefixes=CHECK,UNKNOWN
// Without them, nothing is printed.
// RUN: %clang -fplugin=%hccplugin -fopenmp -c %s -o %t.o 2>&1 | count 0
void work(int);

int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    work(1);
  }
  return 0;
}

// UNKNOWN: warning: unknown remark option '-Rhcc'
// CHECK: remarks.c:14:1: remark: hccsim: task 'work', calls 1 function(s) of other files
