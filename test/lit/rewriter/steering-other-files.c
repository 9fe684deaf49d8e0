// A file without main is part of a program whose other files call its
// functions and test what they give back: a worksharing loop whose
// reduction a function of external linkage returns, or stores through a
// pointer to a number it was given, may decide how many times a loop of
// another file goes round (`while (change > tol) change = sweep(...)` in
// main.c), which this file cannot see: such loops run under
// HCC_SIM_LOOPS=model, and such tasks run in simulation (`total` below,
// which tasks compute and relax returns, left at 0 by replayed tasks, made
// the caller's `while` stop at once). A static function's result, an
// array's contents, and a file that defines main keep their loops modelled
// and their tasks simulated.
// RUN: %hccsim -fsimulate -Rhcc -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not="goes round"
// RUN: %hccsim -fsimulate -Rhcc -DWITH_MAIN -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MAIN --allow-empty
// MAIN-NOT: goes round
// MAIN-NOT: its stores steer

double sweep(const double *in, double *out, int n) {
  double change = 0;
#pragma omp parallel for reduction(+ : change)
  for (int i = 1; i < n - 1; i++) {
    out[i] = 0.5 * (in[i - 1] + in[i + 1]);
    change += out[i] > in[i] ? out[i] - in[i] : in[i] - out[i];
  }
// CHECK: steering-other-files.c:[[@LINE-5]]:1: remark: hccsim: loop 'loop:steering-other-files.c:[[@LINE-5]]' runs in simulation even under HCC_SIM_LOOPS=model: what it stores decides how many times a loop of the program goes round
  return change;
}

void norm(const double *x, int n, double *result) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) s += x[i] * x[i];
// CHECK: steering-other-files.c:[[@LINE-2]]:1: remark: hccsim: loop 'loop:steering-other-files.c:[[@LINE-2]]' runs in simulation even under HCC_SIM_LOOPS=model: what it stores decides how many times a loop of the program goes round
  *result = s;
}

static double local_sum(const double *x, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) s += x[i];
  return s;
}

void scale(double *x, int n, double by) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) x[i] *= by;
  x[0] += 0 * local_sum(x, n);
}

double relax(double *a, int n) {
  double total = 0;
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < n; b += 16) {
#pragma omp task firstprivate(b) shared(total)
    {
      double w = 0;
      for (int i = b; i < b + 16 && i < n; i++) {
        a[i] *= 0.5;
        w = w > a[i] ? w : a[i];
      }
#pragma omp atomic
      total += w;
    }
// CHECK: steering-other-files.c:[[@LINE-10]]:1: remark: hccsim: task 'steering-other-files.c:[[@LINE-10]]' (runs in simulation: its stores steer control code)
  }
  return total;
}

#ifdef WITH_MAIN
int main(void) {
  double a[100] = {0}, b[100] = {0}, r;
  norm(a, 100, &r);
  scale(a, 100, 2.0);
  return sweep(a, b, 100) > 1 || r > 1 || relax(a, 100) > 1;
}
#endif
