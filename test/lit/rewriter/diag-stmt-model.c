// Diagnostics: #pragma hcc model on something that is not a worksharing loop.
// RUN: not %hcc-rewrite %s -- -fopenmp 2>&1 | FileCheck %s
void work(int);

void f(int n) {
#pragma hcc model
  for (int i = 0; i < n; ++i) work(i);
// CHECK: diag-stmt-model.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc model' must precede an OpenMP worksharing loop ('#pragma omp for' or '#pragma omp parallel for'); put it on the line before the loop's directive
#pragma hcc model
#pragma omp taskloop
  for (int i = 0; i < n; ++i) work(i);
// CHECK: diag-stmt-model.c:[[@LINE-3]]:9: error: hccsim: '#pragma hcc model' must precede an OpenMP worksharing loop
#pragma hcc model
  work(n);
// CHECK: diag-stmt-model.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc model' must precede an OpenMP worksharing loop
}
