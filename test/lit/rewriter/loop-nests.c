// Loops as kernels (--loop-nests: instrumented and simulated builds): the
// work of a worksharing loop's iteration is counted before its directive,
// and each outermost loop nest a simulation may skip is wrapped as kernel
// loop:<file>:<line> with its iterations and work. What is not skippable,
// or too small to time, is left alone.
// RUN: %hcc-rewrite --loop-nests %s -- -fopenmp | FileCheck %s
// RUN: %hcc-rewrite %s -- -fopenmp | FileCheck %s --check-prefix=OFF
// OFF-NOT: {{HCC_LOOP_(ENTER|WORK)\(}}
double sqrt(double);
int printf(const char *, ...);
void other(double *);

static double cell(int i, int j) { return sqrt((double)(i + j)); }

void sweep(double *a, int n, int m) {
  for (int i = 0; i < n; ++i)
    for (int j = 1; j <= m; j += 2) a[i * m + j] = cell(i, j);
// CHECK: { static hcc_loop_site hcc_loop_{{[0-9]+}} = {"loop:loop-nests.c:[[@LINE-2]]", 0}; if ({{HCC_LOOP_ENTER}}(&hcc_loop_{{[0-9]+}}, hcc_loop_trip((double)(0), (double)(n), 1, 0), hcc_loop_trip((double)(0), (double)(n), 1, 0) * (hcc_loop_trip((double)(1), (double)(m), 2, 1)))) { for (int i = 0; i < n; ++i)
// CHECK-NEXT: for (int j = 1; j <= m; j += 2) a[i * m + j] = cell(i, j); } HCC_LOOP_LEAVE(&hcc_loop_{{[0-9]+}}); }
}

void triangle(double *a, int n) {
  // The inner bound changes with i: iterations only.
  for (int i = n - 1; i >= 0; --i)
    for (int j = 0; j < i; ++j) a[i * n + j] = 0;
// CHECK: {"loop:loop-nests.c:[[@LINE-2]]", 0}; if ({{HCC_LOOP_ENTER}}(&hcc_loop_{{[0-9]+}}, hcc_loop_trip((double)(n - 1), (double)(0), -1, 1), 0)) {
}

void boundary(double *a, int n, int m) {
  // Calls a formula of this file with no loop of its own: the loop is the kernel.
  for (int i = 0; i < n; ++i) a[i * m] = cell(i, 0);
// CHECK: {"loop:loop-nests.c:[[@LINE-1]]", 0}; if ({{HCC_LOOP_ENTER}}(&hcc_loop_{{[0-9]+}}, hcc_loop_trip((double)(0), (double)(n), 1, 0), 0)) {
}

void not_kernels(double *a, int n, int m) {
  // One statement a run: too small to time.
  for (int i = 0; i < n; ++i) a[i] = 0;
  // Calls what cannot be skipped.
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) printf("%f\n", a[i * m + j]);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) other(&a[i * m + j]);
  // Leaves early.
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0) break;
    for (int j = 0; j < m; ++j) a[i * m + j] = 1;
  }
  // Parallel regions and tasks are not skipped whole.
  for (int i = 0; i < n; ++i) {
#pragma omp parallel for
    for (int j = 0; j < m; ++j) a[i * m + j] = 1;
  }
// CHECK-LABEL: void not_kernels(
// CHECK-NOT: {{HCC_LOOP_(ENTER|WORK)\(}}
// CHECK-LABEL: void time_loop(
}

void time_loop(double *a, int n, int m, int steps) {
  // Calls a nest of this file, which is the kernel: its work is counted there.
  for (int s = 0; s < steps; ++s) sweep(a, n, m);
// CHECK-NOT: {{static hcc_loop_site[ ]}}
// CHECK-LABEL: void rows(
}

void rows(double *a, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) a[i * m + j] *= 2;
// CHECK: { {{HCC_LOOP_WORK}}(hcc_loop_trip((double)(0), (double)(m), 1, 0));
// CHECK-NEXT: #line [[@LINE-4]]
// CHECK-NEXT: #pragma omp parallel for
#pragma omp parallel
  {
#pragma omp for schedule(dynamic)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < i; ++j) a[i * m + j] = 0;
  }
// CHECK-NOT: {{HCC_LOOP_WORK\(}}
// CHECK-LABEL: void gather(
}

void gather(double *a, const int *count, int n) {
  // The inner bound is a variable of the body (LULESH's force gather): not
  // known before the directive, not counted.
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int c = count[i];
    for (int k = 0; k < c; ++k) a[i] += k;
  }
// CHECK-NOT: {{HCC_LOOP_WORK\(}}
// CHECK-LABEL: void transformed(
}

void transformed(double *a, int n) {
  // Inner loops that a loop transformation made: their bounds are clang's
  // own variables, which no source can name (the simulated build failed on
  // tile's floor variable). Not counted.
#pragma omp parallel for collapse(2)
  for (int i = 0; i < 300; i++)
#pragma omp tile sizes(16)
    for (int j = 0; j < 300; j++) a[i * 300 + j] += 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
#pragma omp unroll partial(4)
    for (int j = 0; j < n; j++) a[i] += j;
// CHECK-NOT: {{HCC_LOOP_WORK\(}}
// CHECK-LABEL: void marked(
}

void marked(double *a, int n) {
#pragma hcc model
  for (int i = 0; i < n; ++i) a[i] = 0;
// CHECK: {"loop:loop-nests.c:[[@LINE-1]]", 1}; if ({{HCC_LOOP_ENTER}}(
}

// A nest whose sum a loop's condition reads decides how many times the
// program goes round: a simulation runs it (not a kernel); a sum that only a
// `?:` reads is computation.
double converge(double *a, int n) {
  double change = 1;
  while (change > 1e-6) {
    change = 0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) change += a[i * n + j] * 1e-3;
  }
  return change;
// CHECK-LABEL: double converge(
// CHECK-NOT: {{static hcc_loop_site[ ]}}
// CHECK-LABEL: const char *verdict(
}

const char *verdict(double *a, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) sum += a[i * n + j];
  return sum > 0 ? "positive" : "not positive";
// CHECK: {"loop:loop-nests.c:[[@LINE-3]]", 0}; if ({{HCC_LOOP_ENTER}}(
}

// Centres whose distances decide how many times a search goes round: the
// loops that store into them steer (what the conditions read of an array
// is its elements, through a call); a test of a pointer reads its value,
// not its elements, and leaves a loop filling them a kernel.
static int closest(const double *centre, int k, double x) {
  int best = 0;
  for (int c = 1; c < k; ++c) best = (x - centre[c]) * (x - centre[c]) < (x - centre[best]) * (x - centre[best]) ? c : best;
  return best;
}
int settle_centres(const double *x, int n, double *centre, int k) {
  for (int c = 0; c < k; ++c) centre[c] = c;
  int rounds = 0, moved = 1;
  while (moved && rounds < 100) {
    moved = 0;
    for (int i = 0; i < n; ++i)
      if (closest(centre, k, x[i]) != i % k) moved = 1;
    for (int c = 0; c < k; ++c) centre[c] *= 0.5;
    ++rounds;
  }
  return rounds;
}
// CHECK-LABEL: static int closest(
// CHECK-NOT: {{static hcc_loop_site[ ]}}
// CHECK-LABEL: int settle_centres(
// CHECK-NOT: {{static hcc_loop_site[ ]}}
// CHECK-LABEL: double fill(
double fill(double *w, int n) {
  if (!w) return 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) w[i * n + j] = i * 0.5 + j;
  return w[0];
// CHECK: {"loop:loop-nests.c:[[@LINE-3]]", 0}; if ({{HCC_LOOP_ENTER}}(
}

// A worksharing loop's reduction ending a time loop: registered before main
// (HCC_SIM_LOOPS=model runs its chunks).
int relax(double *a, int n) {
  double residual = 1;
  int steps = 0;
  while (residual > 1e-6) {
    residual = 0;
#pragma omp parallel for reduction(+ : residual)
    for (int i = 0; i < n; ++i) residual += a[i] *= 0.5;
    ++steps;
  }
  return steps;
}
// CHECK: __attribute__((constructor)) static void hcc_loop_steers_{{[0-9]+}}(void) { hcc_loop_steers("loop:loop-nests.c:[[@LINE-6]]"); }

// A flag that an `if` on the reduction sets ends the time loop: what the
// branch stores depends on the reduction, which steers too.
int settle(double *a, int n) {
  int done = 0, steps = 0;
  while (!done) {
    double worst = 0;
#pragma omp parallel for reduction(max : worst)
    for (int i = 0; i < n; ++i) worst = (a[i] *= 0.5) > worst ? a[i] : worst;
    if (worst < 1e-6) done = 1;
    ++steps;
  }
  return steps;
}
// CHECK: __attribute__((constructor)) static void hcc_loop_steers_{{[0-9]+}}(void) { hcc_loop_steers("loop:loop-nests.c:[[@LINE-7]]"); }
// CHECK-NOT: hcc_loop_steers(

// The program's main: what its other functions return is tested, if at all,
// in this file (steering-other-files.c: a file without main).
int main() { return 0; }
