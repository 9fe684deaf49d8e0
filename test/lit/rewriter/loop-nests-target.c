// Loops in target regions (which run on the host). A `declare target`
// function's nests are not made kernels: code a target region may call
// cannot read the thread's skip flag (clang refused the simulated and
// instrumented builds: "threadprivate variables cannot be used in target
// constructs"); they are part of their callers' loops. A target loop that
// copies the array a steering loop reads steers too: the region's pointers
// are implicitly firstprivate, which made the copy the loop's own, and
// HCC_SIM_LOOPS=model skipped it (a Jacobi iterated to its maximum).
// RUN: %hcc-rewrite --loop-nests %s -- -fopenmp | FileCheck %s
// RUN: %hccsim -fsimulate -c %s -o %t.o
// RUN: %hccsim -finstrument -c %s -o %t.o

#pragma omp declare target
double lookup(const double *grid, int n, double e) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 4; j++) s += grid[i * 4 + j] * e;
  return s;
}
#pragma omp end declare target
// CHECK-LABEL: double lookup(
// CHECK-NOT: HCC_LOOP_ENTER
// CHECK: return s;

#pragma omp begin declare target
static double energy(const double *grid, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) s += grid[j];
  return s;
}
#pragma omp end declare target
// CHECK-LABEL: static double energy(
// CHECK-NOT: HCC_LOOP_ENTER
// CHECK: return s;

double fmax(double, double);
double fabs(double);

int jacobi(double *a, double *anew, int n, double tol) {
  double error = 1;
  int iter = 0;
  while (error > tol && iter < 1000) {
    error = 0;
#pragma omp target teams distribute parallel for reduction(max : error) map(tofrom : error)
    for (int i = 1; i < n - 1; i++) {
      anew[i] = 0.5 * (a[i - 1] + a[i + 1]);
      error = fmax(error, fabs(anew[i] - a[i]));
    }
#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; i++) a[i] = anew[i];
    iter++;
  }
  return iter + (int)(lookup(a, n, 1.0) + energy(a, n));
}
// CHECK: hcc_loop_steers("loop:loop-nests-target.c:[[# @LINE - 11]]")
// CHECK: hcc_loop_steers("loop:loop-nests-target.c:[[# @LINE - 7]]")
