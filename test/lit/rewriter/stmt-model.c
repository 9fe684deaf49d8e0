// #pragma hcc model before a worksharing loop: a constructor registers the
// loop, named as the runtime names it (its OpenMP directive's line), whose
// chunks a simulation charges from its model; the loop itself is unchanged.
// RUN: %hcc-rewrite %s -- -fopenmp | FileCheck %s
void work(int);

void f(int n) {
#pragma hcc model
#pragma omp parallel for
  for (int i = 0; i < n; ++i) work(i);
// CHECK: #pragma omp parallel for
// CHECK-NEXT: for (int i = 0; i < n; ++i) work(i);
#pragma omp parallel
  {
#pragma hcc model
#pragma omp for schedule(dynamic)
    for (int i = 0; i < n; ++i) work(i);
  }
}
// CHECK: __attribute__((constructor)) static void hcc_loop_model_{{[0-9]+}}(void) { hcc_loop_modelled("loop:stmt-model.c:9"); }
// CHECK: __attribute__((constructor)) static void hcc_loop_model_{{[0-9]+}}(void) { hcc_loop_modelled("loop:stmt-model.c:16"); }
