// Variables only this file can name, of arithmetic type, with a constant
// initialiser, that the file never writes, are not privatised: every rank
// reads the same value, and the compiler folds them as natively (a division
// by `nb` is a shift). Their rank's copies would make the simulated code
// slower than the native one it predicts: a loop dividing by such a
// variable took twice its native time. Any other use keeps a variable
// privatised: an assignment, an increment, its address taken; so do
// external linkage (another file may write it), arrays, pointers, volatile
// ones and OpenMP data-sharing clauses.
// RUN: %hcc-rewrite --privatize %s -- -fopenmp | %strip-checks | FileCheck %s
static int nb = 128, n = 1536;
// CHECK: static int nb = 128, n = 1536; static hcc_private_var __hcc_gv0 = {(void *)__builtin_addressof(n), sizeof(n), 0, 0, "read-only-statics.c:[[@LINE-1]]: n"};
static double scale = 0.5;
// CHECK: static double scale = 0.5;{{$}}
static int counter, addressed = 2;
// CHECK: static int counter, addressed = 2; static hcc_private_var __hcc_gv1 = {{.*}}"read-only-statics.c:[[@LINE-1]]: counter"}; static hcc_private_var __hcc_gv2 = {{.*}}: addressed"};
int shared_size = 64;
// CHECK: int shared_size = 64; static hcc_private_var __hcc_gv3 =
static volatile int flag = 1;
// CHECK: static volatile int flag = 1; static hcc_private_var __hcc_gv4 =
static const char *label = "x";
// CHECK: static const char *label = "x"; static hcc_private_var __hcc_gv5 =
static int weights[2] = {1, 2};
// CHECK: static int weights[2] = {1, 2}; static hcc_private_var __hcc_gv6 =
static int chunk = 16;
// CHECK: static int chunk = 16;{{$}}

void set(int *p);

double sweep(double *a, int argc) {
  if (argc > 1) n = 100;
// CHECK: if (argc > 1) HCC_PRIVATE(n) = 100;
  static int calls;
// CHECK: static int calls; static hcc_private_var __hcc_gv7 {{.*}}: calls"};
  static int limit = 4;
// CHECK: static int limit = 4;{{$}}
  calls++;
  counter += calls < limit;
// CHECK: HCC_PRIVATE(counter) += HCC_PRIVATE(calls) < limit;
  set(&addressed);
// CHECK-NEXT: set(&HCC_PRIVATE(addressed));
  double s = 0;
#pragma omp parallel for reduction(+ : s) firstprivate(chunk)
  for (int i = 0; i < n; i++) s += a[i / (nb)] * scale + shared_size + flag + label[0] + weights[i % 2] + chunk;
// CHECK: for (int i = 0; i < HCC_PRIVATE(n); i++) s += a[i / (nb)] * scale + HCC_PRIVATE(shared_size) + HCC_PRIVATE(flag) + HCC_PRIVATE(label)[0] + HCC_PRIVATE(weights)[i % 2] + chunk;
  return s;
}
// CHECK: "read-only-statics.c:[[@LINE-5]]: 'chunk' is named in an OpenMP 'firstprivate' clause
// CHECK: static hcc_private_var *const __hcc_gv_unit[] = {&__hcc_gv0, &__hcc_gv1, &__hcc_gv2, &__hcc_gv3, &__hcc_gv4, &__hcc_gv5, &__hcc_gv6};
