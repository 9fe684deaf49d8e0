// Numbers that steer control code: a task that stores a number a condition
// reads, directly or through an assignment (`norm = sqrt(red)` before
// `while (norm > tol)`), or into a shared object's member a condition reads,
// itself or through a call given its address (`dot(x, n, &rho)`), runs in
// simulation for its effects (HCC_CODELET_STEERS): simulated from its model
// alone, the loop would end after another count of iterations. A number
// stored into the task's own object, or one no condition reads, is computation.
// RUN: %hcc-rewrite %s -- | %strip-checks | FileCheck %s
// RUN: %clang -fsyntax-only -fopenmp -fplugin=%hccplugin -fplugin-arg-hcc-remarks %s 2>&1 | FileCheck %s --check-prefix=REMARK
// REQUIRES: hcc-plugin
double sqrt(double);

struct state { double error; double sum; };

double converge(double *x, int n, struct state *st) {
  double residual = 1, red, norm = 1, printed = 0;
  while (residual > 1e-6 && norm > 1e-6 && st->error > 0) {
#pragma omp task shared(residual)
    residual = x[0] * 0.5;
// REMARK: steering-numbers.c:[[@LINE-2]]:1: remark: hccsim: task 'steering-numbers.c:[[@LINE-2]]' (runs in simulation: its stores steer control code)
    red = 0;
#pragma omp taskgroup task_reduction(+: red)
    {
#pragma omp task in_reduction(+: red)
      for (int i = 0; i < n; ++i) red += x[i] * x[i];
// REMARK: steering-numbers.c:[[@LINE-2]]:1: remark: hccsim: task 'steering-numbers.c:[[@LINE-2]]' (runs in simulation: its stores steer control code)
    }
    norm = sqrt(red);
#pragma omp task
    st->error = x[1];
// REMARK: steering-numbers.c:[[@LINE-2]]:1: remark: hccsim: task 'steering-numbers.c:[[@LINE-2]]' (runs in simulation: its stores steer control code)
#pragma omp task shared(printed)
    {
      struct state mine = {0, 0};
      mine.error = x[2];
      st->sum += mine.error;
      printed += x[3];
    }
// REMARK: steering-numbers.c:[[@LINE-7]]:1: remark: hccsim: task 'steering-numbers.c:[[@LINE-7]]'{{$}}
#pragma omp taskwait
  }
  return printed;
}

// CHECK: __hcc_ti0 = {"steering-numbers.c:18", "steering-numbers.c", 18, HCC_CODELET_STEERS,
// CHECK: __hcc_ti1 = {"steering-numbers.c:24", "steering-numbers.c", 24, HCC_CODELET_STEERS,
// CHECK: __hcc_ti2 = {"steering-numbers.c:29", "steering-numbers.c", 29, HCC_CODELET_STEERS,
// CHECK: __hcc_ti3 = {"steering-numbers.c:32", "steering-numbers.c", 32, 0,

// A number written by a function the task calls, through the address of a
// variable a condition reads (or a non-const reference to it in C++).
void dot(const double *x, int n, double *result);
double norm_of(const double *x, int n, const double *scale);

int solve(double *x, int n) {
  double rho = 1, unused = 0, scale = 2;
  int it = 0;
  while (rho > 1e-9 && it < 100) {
#pragma omp task shared(rho)
    dot(x, n, &rho);
// REMARK: steering-numbers.c:[[@LINE-2]]:1: remark: hccsim: task 'dot' (runs in simulation: its stores steer control code), calls 1 function(s) of other files
#pragma omp task shared(unused, scale)
    unused = norm_of(x, n, &scale);
// REMARK: steering-numbers.c:[[@LINE-2]]:1: remark: hccsim: task 'norm_of', calls 1 function(s) of other files{{$}}
#pragma omp taskwait
    ++it;
  }
  return it;
}
// CHECK: __hcc_ti4 = {"dot", "steering-numbers.c", [[#DOT:]], HCC_CODELET_STEERS,
// CHECK: __hcc_ti5 = {"norm_of", "steering-numbers.c", [[#DOT+3]], 0,

// An integer passed by address is mostly a status the kernel reports
// (LAPACK's info): computation, not steering.
void potrf(double *a, int nb, int *failed);

int factorize(double *a, int nb) {
  int failed = 0;
#pragma omp task shared(failed)
  potrf(a, nb, &failed);
// REMARK: steering-numbers.c:[[@LINE-2]]:1: remark: hccsim: task 'potrf', calls 1 function(s) of other files{{$}}
#pragma omp taskwait
  if (failed) return failed;
  return 0;
}
// CHECK: __hcc_ti6 = {"potrf", "steering-numbers.c", [[#DOT+20]], 0,

// The file defines main: what converge returns, its own code alone reads
// (steering-other-files.c: what a file without main gives its callers).
int main(void) {
  double x[4] = {1, 2, 3, 4};
  struct state st = {1, 0};
  return converge(x, 4, &st) > 0 && solve(x, 4) > 0;
}
