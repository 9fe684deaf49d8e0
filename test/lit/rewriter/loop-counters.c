// Counters declared before their loops, as old C declares them (Rodinia,
// NPB): a loop's stores that only the loop itself reads do not steer the
// program. The threads' copies of a worksharing loop (its private and
// firstprivate variables, its iteration variable) are the loop's own, and
// so are a function's variables that are read only in loops that assign
// them first; a counter read after its nest, or by the loop that assigns
// it next (`for (i = i + 1; ...)`), is not. Each of these loops
// steered before: its inner loop's condition read the counter it stores.
// RUN: %hcc-rewrite --loop-nests %s -- -fopenmp | FileCheck %s
// RUN: %hcc-rewrite --loop-nests %s -- -fopenmp | FileCheck %s --check-prefix=REGISTERED

// CHECK-LABEL: void stencil(
// CHECK: { HCC_LOOP_WORK(
void stencil(double *out, const double *in, int rows, int cols) {
  int r, c;
  double v;
#pragma omp parallel for private(r, c) firstprivate(v)
  for (r = 0; r < rows; r++)
    for (c = 0; c < cols; c++) {
      v = in[r * cols + c];
      out[r * cols + c] = v > 0 ? v * 0.5 : 0;
    }
}

// CHECK-LABEL: double sums(
double sums(const double *a, int n) {
  int i, j;
  double s = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j <= i; j++) s += a[i * n + j];
  for (i = 0; i < n; i++) s -= a[i];
  return s;
// CHECK: {"loop:loop-counters.c:[[@LINE-4]]", 0}; if ({{HCC_LOOP_ENTER}}(
}

// CHECK-LABEL: int positives_then_rows(
int positives_then_rows(const double *a, int n) {
  int i, j, k = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) k += a[i * n + j] > 0;
  while (i > 0) k -= a[--i] > 1;
  return k;
// CHECK-NOT: {{static hcc_loop_site[ ]}}
}

// CHECK-LABEL: int resume(
int resume(const double *a, int n) {
  int i, j, k = 0;
  for (i = 0; i < n / 2; i++)
    for (j = 0; j < n; j++) k += a[i * n + j] > 0;
  for (i = i + 1; i < n; i++) k += a[i] > 0;
  return k;
// CHECK-NOT: {{static hcc_loop_site[ ]}}
}

// A lastprivate iteration variable is read after the loop.
int last_row(double *a, int n) {
  int r;
#pragma omp parallel for lastprivate(r)
  for (r = 0; r < n; r++)
    for (int c = 0; c < n; c++) a[r * n + c] = c;
  int left = 0;
  while (left < r) left += 2;
  return left;
}
// Only it is registered as steering (the stencil's would come first).
// REGISTERED-NOT: {{^}}__attribute__
// REGISTERED: {{^}}__attribute__((constructor)) static void hcc_loop_steers_{{[0-9]+}}(void) { hcc_loop_steers("loop:loop-counters.c:[[@LINE-9]]"); }
// REGISTERED-NOT: {{^}}__attribute__

// The program's main: what its other functions return is tested, if at all,
// in this file (steering-other-files.c: a file without main).
int main() { return 0; }
