// Diagnostics: #pragma hcc model on something that is neither a 'for' loop
// nor a worksharing loop.
// RUN: not %hcc-rewrite %s -- -fopenmp 2>&1 | FileCheck %s
void work(int);

void f(int n) {
#pragma hcc model
  while (n--) work(n);
// CHECK: diag-stmt-model.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc model' must precede a 'for' loop or an OpenMP worksharing loop ('#pragma omp for', '#pragma omp parallel for'); put it on the line before the loop or its directive
#pragma hcc model
#pragma omp taskloop
  for (int i = 0; i < n; ++i) work(i);
// CHECK: diag-stmt-model.c:[[@LINE-3]]:9: error: hccsim: '#pragma hcc model' must precede a 'for' loop or an OpenMP worksharing loop
#pragma hcc model
  work(n);
// CHECK: diag-stmt-model.c:[[@LINE-2]]:9: error: hccsim: '#pragma hcc model' must precede a 'for' loop or an OpenMP worksharing loop
#pragma hcc model
  for (int i = 0; i < n; ++i) {
    if (i == 3) return;
// CHECK: diag-stmt-model.c:[[@LINE-1]]:17: error: hccsim: 'return' leaves the statement of '#pragma hcc model' (line [[@LINE-3]])
    work(i);
  }
}
