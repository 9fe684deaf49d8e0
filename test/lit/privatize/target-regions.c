// Target constructs run on the host (no offload device). A target region
// reaches the running rank's copies through variables declared before its
// directive and named in a firstprivate clause added to it: pointers to the
// copies (clang maps what a region names, and a member's or an element's
// base must be a variable), and, for what the region takes a copy of (a
// scalar it does not map), a copy of the rank's copy, which the region
// writes as it would its own. Map clauses keep the names they map. A
// `declare target` variable's descriptor goes to the end of the file (a use
// before the directive draws clang's -Wopenmp-target warning). A region
// whose directive a macro writes keeps the originals, with a warning.
// RUN: %hcc-rewrite --privatize %s -- -fopenmp 2>%t.err | %strip-checks | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: %hccsim -fsimulate -Werror=openmp-target -Wno-error=hcc-sharing -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=WARN
int MPI_Init(int *argc, char ***argv);  // an MPI program: warnings at compile time
#define N 64
struct grid { int n; double cells[N]; } g;
double field[N];
double coef = 0.5;
static double scale = 2.0;
// CHECK: static double scale = 2.0;{{$}}
#pragma omp declare target(scale)
void set_scale(double s) { scale = s; }
#define OFFLOAD _Pragma("omp target teams distribute parallel for")
int flag;

double sweep(void) {
  double sum = 0;
  g.n = N;
// CHECK: HCC_PRIVATE(g).n = N;
  #pragma omp target teams distribute parallel for map(tofrom: field[0:N]) map(to: g.cells[0:N]) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    field[i] = field[i] * coef + scale * g.cells[i];
    sum += field[i];
  }
// CHECK: { __typeof__(g) *const [[G:__hcc_tp[0-9]+]] = &HCC_PRIVATE(g); __typeof__(field) *const [[F:__hcc_tp[0-9]+]] = &HCC_PRIVATE(field); __typeof__(coef) [[C:__hcc_tp[0-9]+]] = HCC_PRIVATE(coef); __typeof__(scale) *const [[S:__hcc_tp[0-9]+]] = &HCC_PRIVATE(scale);
// CHECK-NEXT: #line [[#@LINE-6]]
// CHECK-NEXT: #pragma omp target teams distribute parallel for map(tofrom: field[0:N]) map(to: g.cells[0:N]) reduction(+ : sum) firstprivate([[G]], [[F]], [[C]], [[S]])
// CHECK-NEXT: for (int i = 0; i < N; i++) {
// CHECK-NEXT: (*[[F]])[i] = (*[[F]])[i] * [[C]] + (*[[S]]) * (*[[G]]).cells[i];
// CHECK-NEXT: sum += (*[[F]])[i];
// CHECK-NEXT: } }
#pragma omp target update from(field[0:N])
// CHECK-NEXT: #pragma omp target update from(field[0:N])
  if (g.n > 0)
#pragma omp target map(tofrom: coef)
    coef += 1;
// CHECK-NEXT: if (HCC_PRIVATE(g).n > 0)
// CHECK-NEXT: { __typeof__(coef) *const [[C2:__hcc_tp[0-9]+]] = &HCC_PRIVATE(coef);
// CHECK-NEXT: #line
// CHECK-NEXT: #pragma omp target map(tofrom: coef) firstprivate([[C2]])
// CHECK-NEXT: (*[[C2]]) += 1; }
  OFFLOAD
  for (int i = 0; i < N; i++) flag += i;
// CHECK: for (int i = 0; i < N; i++) flag += i;
  return sum;
}
// CHECK: static hcc_private_var __hcc_gv{{[0-9]+}} = {(void *)__builtin_addressof(scale), sizeof(scale), 0, 0, "target-regions.c:{{[0-9]+}}: scale"};
// CHECK-NEXT: static hcc_private_var *const __hcc_gv_unit[]
// WARN: target-regions.c:[[# @LINE - 6]]:31: warning: hccsim: 'flag' is used in a target region whose directive a macro writes, where hccsim cannot put a rank's copy: every rank of a simulation shares it (hint: write the directive, or keep it global with #pragma hcc keep_global)
// WARN-NOT: warning:
