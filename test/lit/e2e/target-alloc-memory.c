// omp_target_alloc allocates on the host, the only device: in simulated
// builds it is the program's heap, as malloc's blocks, counted in peak_mem
// (it was not) and folded from HCC_FOLD_THRESHOLD on.
// RUN: %hccsim -fsimulate -O1 %s -o %t.sim
// RUN: env HCC_PLATFORM=laptop %t.sim 2>&1 | FileCheck %s
// RUN: env HCC_PLATFORM=laptop HCC_FOLD_THRESHOLD=1M %t.sim 2>&1 | FileCheck %s --check-prefix=FOLD
// CHECK-DAG: sum 2097152
// CHECK-DAG: hccsim: mode=simulate {{.*}} peak_mem=16777216 
// FOLD: hccsim: folded 1 allocation(s) of the program, 16777216 bytes in all
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int n = 2 * 1024 * 1024, host = omp_get_initial_device();
  double *x = omp_target_alloc(n * sizeof(double), host);
#pragma omp target teams distribute parallel for is_device_ptr(x)
  for (int i = 0; i < n; i++) x[i] = 1.0;
  double sum = 0;
#pragma omp target teams distribute parallel for is_device_ptr(x) reduction(+ : sum)
  for (int i = 0; i < n; i++) sum += x[i];
  printf("sum %.0f\n", sum);
  omp_target_free(x, host);
  return 0;
}
